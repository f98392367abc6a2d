/**
 * The issue page's rules, apart from React: who an actor is in words, how a change reads, which of my
 * fields someone else changed (a real conflict, or a 412 that can simply be sent again), what a thaw
 * goes back to.
 */
import type { Issue, IssueStatus, Schemas } from "../../api.ts";
import type { LiveEvent } from "../../lib/live.ts";
import { assigneeName, PRIORITY_LABEL, STATUS_LABEL } from "../../ui/meta.tsx";

export type Activity = Schemas["Activity"];
export type IssuePatch = NonNullable<
  NonNullable<import("@client").paths["/issues/{id}"]["patch"]["requestBody"]>["content"]["application/json"]
>;
export type PatchField = keyof IssuePatch;

/** How an actor of the activity reads: "Claude (agent for Ada)", "Ada (API token)", "Ada". */
export function activityActor(
  actor: Activity["actor"],
  viaIntegration?: Activity["via_integration"],
): {
  name: string;
  kind: "agent" | "token" | "web" | "admin" | "integration";
} {
  if (viaIntegration) return { name: integrationActor(viaIntegration), kind: "integration" };
  if (actor.agent) return { name: `${actor.agent.name} (agent for ${actor.name})`, kind: "agent" };
  if (actor.via.startsWith("con_")) return { name: `an agent (for ${actor.name})`, kind: "agent" };
  if (actor.via.startsWith("pat_") || actor.via.startsWith("tok_"))
    return { name: `${actor.name} (API token)`, kind: "token" };
  if (actor.via === "admin") return { name: `${actor.name} (admin)`, kind: "admin" };
  return { name: actor.name, kind: "web" };
}

/** A code host's change as people read it: "GitHub (pull request #123 by octocat)", "GitLab (merge request !7)". */
export function integrationActor(v: NonNullable<Activity["via_integration"]>): string {
  const gitlab = v.provider === "gitlab";
  const host = gitlab ? "GitLab" : v.provider === "github" ? "GitHub" : v.provider;
  const what =
    v.kind === "pull_request"
      ? gitlab
        ? `merge request !${v.number}`
        : `pull request #${v.number}`
      : v.kind.replace(/_/g, " ");
  return `${host} (${what}${v.author_login ? ` by ${v.author_login}` : ""})`;
}

/** How the actor of a live event reads. */
export function eventActor(actor: LiveEvent["actor"], data?: LiveEvent["data"]): string {
  const via = data?.via_integration as Activity["via_integration"] | undefined;
  if (via?.provider) return integrationActor(via);
  if (actor.via.startsWith("int_")) return "A code host";
  const person = actor.person_name ?? "Someone";
  const type = actor.via_type as string;
  if (type === "agent") return `${actor.via_name ?? "An agent"} (agent for ${person})`;
  if (type === "token") return `${person} (API token)`;
  return person;
}

const FIELD_NAMES: Record<string, string> = {
  title: "title",
  description: "description",
  status: "status",
  priority: "priority",
  labels: "labels",
  assignee: "assignee",
  assignee_id: "assignee",
  estimate: "estimate",
  due_date: "due date",
  parent: "parent",
  parent_id: "parent",
  cycle: "cycle",
  cycle_id: "cycle",
  milestone: "milestone",
  milestone_id: "milestone",
  space: "space",
};

export function fieldName(field: string): string {
  return FIELD_NAMES[field] ?? field.replace(/_/g, " ");
}

function named(value: unknown): string | null {
  if (value && typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (typeof v.identifier === "string") return v.identifier;
    if (v.type === "agent" || v.type === "person") return assigneeName(v as Issue["assignee"]);
    if (typeof v.name === "string") return v.name;
    if (typeof v.title === "string") return v.title;
  }
  return null;
}

/** Names of the objects an activity refers to by id (per_…, con_…, iss_…, cyc_…, ms_…). */
export type NameOf = (id: string) => string | undefined;

const ID = /^(usr|per|con|iss|cyc|ms|mil)_/;
const UNKNOWN: Record<string, string> = {
  usr: "a former member",
  per: "a former member",
  con: "an agent",
  iss: "another issue",
  cyc: "a cycle",
  ms: "a milestone",
  mil: "a milestone",
};

/** One value as people read it, for the field it belongs to. */
export function showValue(field: string, value: unknown, nameOf?: NameOf): string {
  if (value === null || value === undefined || value === "") {
    if (field === "assignee" || field === "assignee_id") return "Unassigned";
    return "none";
  }
  if (field === "status" && typeof value === "string")
    return STATUS_LABEL[value as IssueStatus] ?? value.replace(/_/g, " ");
  if (field === "priority") {
    if (typeof value === "string") return PRIORITY_LABEL[value as Issue["priority"]] ?? value;
    if (typeof value === "number")
      return ["No priority", "Low", "Medium", "High", "Urgent"][value] ?? String(value);
  }
  if (typeof value === "string" && ID.test(value))
    return nameOf?.(value) ?? UNKNOWN[value.slice(0, value.indexOf("_"))] ?? value;
  if (Array.isArray(value))
    return value.length === 0 ? "none" : value.map((v) => named(v) ?? String(v)).join(", ");
  const n = named(value);
  if (n) return n;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A change in words, after the actor's name: "changed status from Todo to In progress", "added label bug". */
export function describeChange(field: string, from: unknown, to: unknown, nameOf?: NameOf): string {
  const name = fieldName(field);
  if (field === "labels" && Array.isArray(from) && Array.isArray(to)) {
    const added = to.filter((l) => !from.includes(l));
    const removed = from.filter((l) => !to.includes(l));
    const parts = [];
    if (added.length) parts.push(`added ${added.length > 1 ? "labels" : "label"} ${added.join(", ")}`);
    if (removed.length)
      parts.push(`removed ${removed.length > 1 ? "labels" : "label"} ${removed.join(", ")}`);
    return parts.join(" and ") || "reordered the labels";
  }
  if (field === "description") return to ? "changed the description" : "cleared the description";
  const show = (v: unknown) => showValue(field, v, nameOf);
  if (from === null || from === undefined || from === "") return `set ${name} to ${show(to)}`;
  if (to === null || to === undefined || to === "") return `cleared ${name} (was ${show(from)})`;
  return `changed ${name} from ${show(from)} to ${show(to)}`;
}

/** The issue's value of a field as a patch would send it (ids for references), to compare reads. */
export function patchValue(issue: Issue, field: PatchField): unknown {
  switch (field) {
    case "assignee":
      return issue.assignee?.id ?? null;
    case "parent":
      return issue.parent?.id ?? null;
    case "cycle":
      return issue.cycle?.id ?? null;
    case "milestone":
      return issue.milestone?.id ?? null;
    case "labels":
      return [...issue.labels].sort();
    default:
      return issue[field as keyof Issue];
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields of my patch that someone else changed since my read (base): those are a real conflict.
 * When there are none, the 412 came from a change elsewhere in the issue and my patch can be sent again.
 */
export function conflictingFields(patch: IssuePatch, base: Issue, fresh: Issue): PatchField[] {
  return (Object.keys(patch) as PatchField[]).filter(
    (f) =>
      !same(patchValue(base, f), patchValue(fresh, f)) && !same(patchValue(fresh, f), normalise(f, patch[f])),
  );
}

function normalise(field: PatchField, value: unknown): unknown {
  return field === "labels" && Array.isArray(value) ? [...value].sort() : value;
}

/** The status an iced issue goes back to when thawed: the one it had when it was iced, else Todo. */
export function thawStatus(activity: Activity[]): Exclude<IssueStatus, "iced"> {
  for (let i = activity.length - 1; i >= 0; i--) {
    const change = activity[i]?.changes.status;
    if (change && change.to === "iced" && typeof change.from === "string" && change.from !== "iced")
      return change.from as Exclude<IssueStatus, "iced">;
  }
  return "todo";
}

/** "ready", "blocked by 2", "iced", "done": what the issue's readiness is, in words. */
export function readiness(issue: Pick<Issue, "ready" | "status" | "blockedBy">): {
  text: string;
  tone: "ok" | "warn" | "muted";
} {
  const open = issue.blockedBy.filter((b) => b.status !== "done" && b.status !== "canceled").length;
  if (issue.status === "done" || issue.status === "canceled")
    return { text: issue.status === "done" ? "Done" : "Canceled", tone: "muted" };
  if (issue.status === "iced") return { text: "Iced: not in ready work", tone: "muted" };
  if (issue.ready) return { text: "Ready", tone: "ok" };
  if (open > 0) return { text: `Blocked by ${open}`, tone: "warn" };
  return { text: "Not ready", tone: "warn" };
}

/** Bytes as people read them: 1.4 MB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB"];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

/** Labels typed by a person: trimmed, without empties or repeats (case-insensitively). */
export function cleanLabels(labels: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of labels) {
    const l = raw.trim();
    if (!l || seen.has(l.toLowerCase())) continue;
    seen.add(l.toLowerCase());
    out.push(l);
  }
  return out;
}
