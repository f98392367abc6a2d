import type { Schemas } from "../../api.ts";

type Event = Schemas["Event"];

const VERBS: Record<string, string> = {
  created: "created",
  updated: "changed",
  deleted: "deleted",
  ready: "made ready",
  iced: "iced",
  thawed: "thawed",
  claimed: "claimed",
  released: "released",
  expired: "let expire",
};

/** What an object is called in a sentence: "ENG-42 Fix login", "decision Use Postgres". */
export type Names = ReadonlyMap<string, string>;

/** One line for an event: "changed ENG-42 Fix login (status, priority)", "created decision Use Postgres". */
export function describeEvent(e: Pick<Event, "type" | "object" | "data">, names: Names = new Map()): string {
  const [kind = "", action = ""] = e.type.split(".");
  const verb = VERBS[action] ?? action.replaceAll("_", " ");
  const changes = ((e.data as { changes?: Record<string, { to?: unknown }> }).changes ?? {}) as Record<
    string,
    { to?: unknown }
  >;
  const title =
    typeof changes.title?.to === "string"
      ? changes.title.to
      : typeof changes.name?.to === "string"
        ? changes.name.to
        : undefined;
  const name = names.get(e.object.id) ?? title ?? e.object.id;
  if (kind === "claim") {
    // a claim is named by its issue: "claimed ENG-42", "released the claim on ENG-42"
    const issue = typeof changes.issue?.to === "string" ? changes.issue.to : undefined;
    const on = issue ? ([...names.values()].find((n) => n.startsWith(`${issue} `)) ?? issue) : "an issue";
    if (action === "created") return `claimed ${on}`;
    return `${verb} the claim on ${on}`;
  }
  const what = kind === "issue" ? name : `${kind.replaceAll("_", " ")} ${name}`;
  const fields = action === "updated" ? Object.keys(changes) : [];
  return `${verb} ${what}${fields.length > 0 ? ` (${fields.map((f) => f.replaceAll("_", " ")).join(", ")})` : ""}`;
}
