import type { Transaction } from "kysely";
import { z } from "zod";
import { insertRows } from "../db/insert.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../secrets.ts";
import { type ActorView, actorView, type Ctx, type ViaIntegration } from "./context.ts";
import { type EmitInput, emitEvents, eventRow } from "./events.ts";
import { type Page, type PageInput, paginate } from "./pagination.ts";

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The event type an object's own activity is published as; edges publish their own events. */
const EVENT_ACTIONS: Record<string, string> = {
  created: "created",
  updated: "updated",
  iced: "iced",
  superseded: "updated",
  // claims: `claim.released` (released, revoked, the issue completed or canceled) and `claim.expired`
  released: "released",
  expired: "expired",
};

/** An activity row as written. */
export type ActivityRow = Database["activity"];

/** What a change writes: its activity rows and, for a change of one object, its event. */
export interface Recorded {
  activity: ActivityRow[];
  events: EmitInput[];
}

/**
 * The activity rows of one change of an object (or of the same change of several, e.g. both ends of an
 * edge), with who made it, and its event when the change is of one object (`issue.updated` …).
 */
export function activityRecord(
  ctx: Ctx,
  subject: { type: string; id: string } | { type: string; id: string }[],
  action: string,
  changes: Changes = {},
  at: string = ctx.core.clock.now().toISOString(),
): Recorded {
  const subjects = Array.isArray(subject) ? subject : [subject];
  // a code host integration's change says what on the host caused it (kept beside the changes)
  const via = ctx.integration;
  const text = JSON.stringify(via ? { ...changes, via_integration: via } : changes);
  const activity = subjects.map((s) => ({
    id: newId("act", new Date(at)),
    workspace_id: ctx.workspaceId,
    subject_type: s.type,
    subject_id: s.id,
    action,
    changes: text,
    actor_id: ctx.actor.personId,
    actor_via: ctx.actor.via,
    created_at: at,
  }));
  const eventAction = EVENT_ACTIONS[action];
  if (Array.isArray(subject) || !eventAction) return { activity, events: [] };
  const event = {
    type: `${subject.type}.${eventAction}`,
    object: subject,
    data: {
      changes,
      ...(action === "superseded" ? { superseded: true } : {}),
      ...(via ? { via_integration: via } : {}),
    },
    at,
  };
  return { activity, events: [event] };
}

/**
 * Writes activity rows and events, in the order given, in the transaction that made the change: one
 * multi-row insert each on SQLite, one statement for both on PostgreSQL (the activity insert rides in a
 * CTE). Several changes of one write (a new issue and its edges) go in one call.
 */
export async function writeRecorded(trx: Transaction<Database>, ctx: Ctx, recorded: Recorded): Promise<void> {
  const { activity, events } = recorded;
  if (events.length === 0) {
    await insertRows(trx, "activity", activity);
    return;
  }
  if (ctx.core.store.kind === "postgres") {
    const rows = events.map((e) => eventRow(ctx, e));
    if (activity.length === 0) await trx.insertInto("events").values(rows).execute();
    else
      await trx
        .with("a", (db) => db.insertInto("activity").values(activity))
        .insertInto("events")
        .values(rows)
        .execute();
    ctx.core.events.noteEventsWritten(events.length);
    return;
  }
  await insertRows(trx, "activity", activity);
  await emitEvents(trx, ctx, events);
}

/**
 * Records one change of an object (or the same change of several, e.g. both ends of an edge), with who
 * made it, in the transaction that made it. A change of one object is also published as its event
 * (`issue.updated` …) in the same transaction.
 */
export async function recordActivity(
  trx: Transaction<Database>,
  ctx: Ctx,
  subject: { type: string; id: string } | { type: string; id: string }[],
  action: string,
  changes: Changes = {},
  at: string = ctx.core.clock.now().toISOString(),
): Promise<void> {
  await writeRecorded(trx, ctx, activityRecord(ctx, subject, action, changes, at));
}

/** The fields that differ between `before` and `after`, as `{ field: { from, to } }`. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [k, to] of Object.entries(after)) {
    const from = before[k];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[k] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}

/** One change as answers show it, for the OpenAPI document. */
export const activityView = z
  .object({
    id: z.string(),
    action: z.string().describe("What happened, e.g. `created`, `updated`, `iced`, `linked`."),
    changes: z
      .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
      .describe("Each field that changed, from its old value to its new one."),
    actor: z
      .object({
        person_id: z.string(),
        via: z.string(),
        name: z.string().describe("The person's name."),
        agent: z
          .object({ id: z.string(), name: z.string() })
          .nullable()
          .describe(
            "The agent connection that made the change, shown as “agent name (for person)”; null when the person acted themselves (the web app or their own token).",
          ),
      })
      .describe(
        "Who made the change: the person, and what they acted through (`via`): a personal access token (pat_…), an agent connection (con_…, then `agent` is set), or `web`, the person themselves in the web app.",
      ),
    via_integration: z
      .object({
        provider: z.string(),
        kind: z.string(),
        number: z.int().nullable(),
        author_login: z.string().nullable(),
        url: z.string(),
      })
      .nullable()
      .describe(
        "Set when a code host integration made the change (actor.via is its int_… id): what on the host caused it, shown as “GitHub (pull request #123 by octocat)”.",
      ),
    at: z.iso.datetime(),
  })
  .meta({ id: "Activity" });

export interface ActivityView {
  id: string;
  action: string;
  changes: Changes;
  actor: ActorView & { name: string; agent: { id: string; name: string } | null };
  via_integration: ViaIntegration | null;
  at: string;
}

/** An object's activity, oldest first, a page at a time. */
export async function listActivity(
  ctx: Ctx,
  subjectId: string,
  page: PageInput,
): Promise<Page<ActivityView>> {
  const { data, next_cursor } = await paginate(
    ctx.core.db
      .selectFrom("activity as a")
      .leftJoin("people as p", "p.id", "a.actor_id")
      .leftJoin("connections as c", "c.id", "a.actor_via")
      .selectAll("a")
      .select(["p.name as actor_name", "c.name as agent_name"])
      .where("a.workspace_id", "=", ctx.workspaceId)
      .where("a.subject_id", "=", subjectId),
    "activity",
    [{ column: "a.id", direction: "asc" }],
    page,
  );
  return {
    data: data.map((r) => {
      const { via_integration, ...changes } = JSON.parse(r.changes) as Changes & {
        via_integration?: ViaIntegration;
      };
      return {
        id: r.id,
        action: r.action,
        changes,
        actor: {
          ...actorView(r.actor_id, r.actor_via),
          name: r.actor_name ?? "",
          agent: r.agent_name !== null ? { id: r.actor_via, name: r.agent_name } : null,
        },
        via_integration: via_integration ?? null,
        at: r.created_at,
      };
    }),
    next_cursor,
  };
}
