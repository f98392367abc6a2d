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
};

/** One line for an event: "changed ENG-42 (status, priority)", "created decision dec_…". */
export function describeEvent(e: Pick<Event, "type" | "object" | "data">): string {
  const [kind = "", action = ""] = e.type.split(".");
  const verb = VERBS[action] ?? action.replaceAll("_", " ");
  const data = e.data as {
    identifier?: string;
    title?: string;
    name?: string;
    changes?: Record<string, unknown>;
  };
  const name = data.identifier ?? data.title ?? data.name ?? e.object.id;
  const what = kind === "issue" ? name : `${kind.replaceAll("_", " ")} ${name}`;
  const fields = data.changes ? Object.keys(data.changes) : [];
  return `${verb} ${what}${fields.length > 0 ? ` (${fields.join(", ")})` : ""}`;
}
