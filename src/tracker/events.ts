import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.ts";
import { invalid } from "../errors.ts";
import { newId } from "../secrets.ts";
import { timeOut } from "./common.ts";
import { type Ctx, WEB_VIA } from "./context.ts";
import { decodeCursor, encodeCursor, type Page, pageQuery } from "./pagination.ts";

/** How long the feed keeps events; housekeeping deletes older ones. */
export const EVENT_RETENTION_DAYS = 30;

/** The channel on which the sequencer says "events up to this position are in the feed" (PostgreSQL). */
export const POSITIONED_CHANNEL = "docket_events";

/** Where each kind of object is read, so an event names enough to fetch the object's current state. */
const OBJECT_PATHS: Record<string, string> = {
  issue: "issues",
  dependency: "dependencies",
  decision: "decisions",
  note: "notes",
  folder: "folders",
  cycle: "cycles",
  milestone: "milestones",
  milestone_dependency: "milestone-dependencies",
  file: "files",
  bundle: "bundles",
  claim: "claims",
  comment: "comments",
  approval: "approvals",
  inbox_item: "inbox",
  webhook: "webhooks",
  space: "spaces",
  budget: "budgets",
  import: "imports",
  session: "sessions",
  code_link: "links",
};

/**
 * Every event type the tracker emits: the one list webhook subscriptions are checked against (a type or
 * pattern naming none of these is refused) and the documentation reads.
 */
export const EVENT_TYPES = [
  "issue.created",
  "issue.updated",
  "issue.iced",
  "issue.ready",
  "dependency.created",
  "dependency.updated",
  "dependency.deleted",
  "decision.created",
  "decision.updated",
  "note.created",
  "note.updated",
  "folder.created",
  "folder.updated",
  "cycle.created",
  "cycle.updated",
  "milestone.created",
  "milestone.updated",
  "space.created",
  "space.updated",
  "label.created",
  "label.updated",
  "label.deleted",
  "issue.deleted",
  "issue.restored",
  "decision.deleted",
  "decision.restored",
  "note.deleted",
  "note.restored",
  "folder.deleted",
  "folder.restored",
  "cycle.deleted",
  "cycle.restored",
  "milestone.deleted",
  "milestone.restored",
  "milestone_dependency.created",
  "milestone_dependency.deleted",
  "file.created",
  "bundle.created",
  "claim.created",
  "claim.released",
  "claim.expired",
  "comment.created",
  "comment.updated",
  "comment.deleted",
  "mention.created",
  "approval.requested",
  "approval.resolved",
  "inbox_item.created",
  "webhook.disabled",
  "budget.warning",
  "budget.exceeded",
  "session.created",
  "session.updated",
  "session.stop_requested",
  "session.ended",
  "session.activity",
  "import.started",
  "import.completed",
  "import.failed",
  "code_link.created",
  "code_link.updated",
] as const;

export interface EmitInput {
  type: string;
  object: { type: string; id: string };
  data?: Record<string, unknown>;
  at?: string;
}

/** Most events one insert writes (ten values each). */
const EVENTS_PER_INSERT = 500;

/**
 * Writes events into the outbox inside the caller's transaction: committed with the change, or not at
 * all. On SQLite (one writer at a time) the position is given here; on PostgreSQL it is given after
 * commit by the sequencer (see docs/decisions.md), which instances with readers run every 25 ms and
 * this instance also runs just after its own writes. Either way a position is one above the feed's
 * highest and above `event_sequence` (the floor the sweep raises to what it removes), so positions grow
 * for ever, however empty retention leaves the feed.
 */
export async function emitEvents(trx: Transaction<Database>, ctx: Ctx, events: EmitInput[]): Promise<void> {
  if (events.length === 0) return;
  // One insert a batch (an issue closed may make thousands ready: a batch keeps within the databases'
  // limits on bound values). On SQLite the rows after a batch's first take the next position plus their
  // place: SQLite works out every row of an insert whose values read the table written before it writes
  // any, so each row's subquery sees the same highest position.
  for (let from = 0; from < events.length; from += EVENTS_PER_INSERT) {
    const rows = events.slice(from, from + EVENTS_PER_INSERT).map((e, k) => {
      const row = eventRow(ctx, e);
      return k === 0 || row.position === null
        ? row
        : { ...row, position: sql<number>`${nextPositionSqlite} + ${k}` };
    });
    await trx.insertInto("events").values(rows).execute();
  }
  ctx.core.events.noteEventsWritten(events.length);
}

/**
 * The next position on SQLite: one above the feed's highest and the floor (an index seek and a one-row
 * read, no write: a counter raised at every insert cost 10 to 17 µs an event, as much as the insert).
 */
export const nextPositionSqlite = sql<number>`(select max(coalesce(max(position), 0), (select position from event_sequence where id = 1)) + 1 from events)`;

/** The outbox row of an event (its position null on PostgreSQL, the next one on SQLite). */
export function eventRow(ctx: Ctx, e: EmitInput) {
  const at = e.at ?? ctx.core.clock.now().toISOString();
  return {
    id: newId("evt", new Date(at)),
    position: ctx.core.store.kind === "postgres" ? null : nextPositionSqlite,
    workspace_id: ctx.workspaceId,
    type: e.type,
    object_type: e.object.type,
    object_id: e.object.id,
    actor_id: ctx.actor.personId,
    actor_via: ctx.actor.via,
    data: JSON.stringify(e.data ?? {}),
    created_at: at,
  };
}

export const emitEvent = (trx: Transaction<Database>, ctx: Ctx, event: EmitInput) =>
  emitEvents(trx, ctx, [event]);

/**
 * Gives positions to committed events that have none, in insert order, and says so on
 * POSITIONED_CHANNEL. One sequencer at a time across instances (an advisory lock); a transaction still
 * in flight is not visible here, so it is positioned later, after everything positioned now: the feed
 * only ever grows at its end. Positions go on from the feed's highest or the floor the sweep leaves
 * (`event_sequence`), whichever is higher, so a feed emptied by retention goes on above its old top (the
 * sweep's delete and its raise of the floor commit together: this statement sees both or neither).
 * PostgreSQL only; returns how many it positioned, or -1 when another sequencer holds the lock.
 */
export async function sequenceEvents(db: Kysely<Database>, batch = 1000): Promise<number> {
  // a plain read of the partial index first: most looks find nothing to do, and need no transaction
  const waiting = await db
    .selectFrom("events")
    .select("seq")
    .where("position", "is", null)
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return 0;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(7407201) as locked`.execute(trx);
    if (!rows[0]?.locked) return -1;
    const positioned = await sql<{ position: number }>`
      with pending as (
        select seq, row_number() over (order by seq) as rn
        from (select seq from events where position is null order by seq limit ${sql.lit(batch)}) p
      ), base as (
        select greatest(
          (select coalesce(max(position), 0) from events),
          (select position from event_sequence where id = 1)
        ) as b
      )
      update events e set position = base.b + pending.rn
      from pending, base
      where e.seq = pending.seq
      returning e.position`.execute(trx);
    if (positioned.rows.length === 0) return 0;
    const top = Math.max(...positioned.rows.map((r) => Number(r.position)));
    await sql`select pg_notify(${POSITIONED_CHANNEL}, ${String(top)})`.execute(trx);
    return positioned.rows.length;
  });
}

// ---------------------------------------------------------------------------------------------------
// Reading

const TYPE_PATTERN = /^(\*|[a-z_]+\.\*|[a-z_]+\.[a-z_]+)$/;

export const typePattern = z
  .string({ error: "must be an event type or a pattern" })
  .trim()
  .regex(TYPE_PATTERN, {
    error: "must be an event type such as issue.updated, a pattern such as issue.*, or *",
  });

const typeList = z
  .string({ error: "must be event types, comma-separated" })
  .max(1000, { error: "must be at most 1000 characters" })
  .transform((s, ctx) => {
    const parts = s
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length > 20) {
      ctx.addIssue({ code: "custom", message: "must name at most 20 types or patterns" });
      return z.NEVER;
    }
    for (const p of parts) {
      if (!TYPE_PATTERN.test(p)) {
        ctx.addIssue({
          code: "custom",
          message: `${p} is not an event type such as issue.updated, a pattern such as issue.*, or *`,
        });
        return z.NEVER;
      }
    }
    return parts;
  });

const eventIdSchema = z
  .string({ error: "must be an event id" })
  .trim()
  .regex(/^evt_[0-9A-Z]{26}$/, { error: "must be an event id (evt_…)" });

const actorRef = z
  .string({ error: "must be a person, agent connection or token id" })
  .trim()
  .regex(/^(usr|con|pat)_[0-9A-Z]{26}$/, {
    error: "must be a person (usr_…), an agent connection (con_…) or a personal access token (pat_…)",
  });

const objectRef = z
  .string({ error: "must be an object id" })
  .trim()
  .regex(/^[a-z]{3}_[0-9A-Z]{26}$/, { error: "must be an object id such as iss_…" });

/** The filters the feed and the stream share. */
export const eventFilters = {
  type: typeList
    .optional()
    .describe(
      "Event types, comma-separated; `issue.*` matches every issue event, `*` all. All when left out.",
    )
    .meta({ examples: ["issue.created,issue.ready"] }),
  object: objectRef
    .optional()
    .describe("Only events about this object (its id, e.g. iss_…).")
    .meta({ examples: ["iss_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
  actor: actorRef
    .optional()
    .describe(
      "Only changes made by this actor: an agent connection (con_…) or a personal access token (pat_…) for what went through it, or a person (usr_…) for everything they did, in the web app, with their tokens and through their agents.",
    )
    .meta({ examples: ["con_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
  after: eventIdSchema
    .optional()
    .describe("Only events after this one (an event id): where a client left off.")
    .meta({ examples: ["evt_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
  since: z.iso
    .datetime({ offset: true, error: "must be a time such as 2026-03-01T09:00:00Z" })
    .optional()
    .describe("Only events at or after this time (ISO 8601).")
    .meta({ examples: ["2026-03-01T09:00:00Z"] }),
};

export const listEventsQuery = z.strictObject({
  ...eventFilters,
  order: z
    .enum(["oldest", "newest"], { error: "must be oldest or newest" })
    .default("oldest")
    .describe(
      "`oldest` first (the feed, to read on from where you left off) or `newest` first (recent activity; `after` and `since` then mark where the walk back ends).",
    ),
  ...pageQuery,
});
export type ListEventsQuery = z.output<typeof listEventsQuery>;

export const streamEventsQuery = z.strictObject({
  ...eventFilters,
  last_event_id: eventIdSchema
    .optional()
    .describe(
      "Resume after this event, as the Last-Event-ID header does (the header wins when both are sent).",
    ),
});

const actorSchema = z.object({
  person_id: z.string().describe("The person who made the change (or on whose behalf it was made)."),
  person_name: z.string().nullable().describe("The person's name."),
  via: z
    .string()
    .describe(
      "What it was made through: a personal access token (pat_…), an agent connection (con_…), `web` (the person in the web app) or `admin`.",
    ),
  via_type: z
    .enum(["token", "agent", "web", "admin"])
    .describe(
      "The kind of credential `via` is: `agent` is an agent acting for the person; `web` and `token` are the person themselves.",
    ),
  via_name: z.string().nullable().describe("The token's or the agent connection's name."),
});

export const eventView = z
  .object({
    id: z
      .string()
      .describe("The event id (evt_…): stable, and the order of the feed.")
      .meta({ examples: ["evt_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
    type: z
      .string()
      .describe("`object.action`, e.g. issue.updated.")
      .meta({ examples: ["issue.updated"] }),
    created_at: timeOut.describe("When the change was committed (ISO 8601, UTC)."),
    workspace_id: z.string(),
    actor: actorSchema,
    object: z.object({
      type: z
        .string()
        .describe(
          "issue, dependency, decision, note, folder, cycle, milestone, milestone_dependency, file, bundle, claim, comment, approval, inbox_item or webhook.",
        ),
      id: z.string(),
      url: z.string().describe("Where its current state is read (a /v1 path)."),
    }),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        "What changed: `changes` as `{ field: { from, to } }` for updates, and details of the event.",
      ),
  })
  .describe("One event: a committed change.")
  .meta({ id: "Event" });
export type EventView = z.infer<typeof eventView>;

export interface EventRow {
  id: string;
  position: number | null;
  workspace_id: string;
  type: string;
  object_type: string;
  object_id: string;
  actor_id: string;
  actor_via: string;
  data: string;
  created_at: string;
}

/** True when `type` matches one of `patterns` (exact, `object.*` or `*`); no patterns match all. */
export function typeMatches(type: string, patterns: readonly string[] | undefined): boolean {
  if (!patterns || patterns.length === 0) return true;
  return patterns.some(
    (p) => p === "*" || p === type || (p.endsWith(".*") && type.startsWith(p.slice(0, -1))),
  );
}

/** True when the event was made by `actor` (a person: anything they did; a credential: through it). */
export function actorMatches(
  row: Pick<EventRow, "actor_id" | "actor_via">,
  actor: string | undefined,
): boolean {
  if (actor === undefined) return true;
  return actor.startsWith("usr_") ? row.actor_id === actor : row.actor_via === actor;
}

/** The names of the rows of `table` with these ids (none read when there are none). */
async function namesOf(
  db: Kysely<Database>,
  table: "people" | "connections" | "personal_access_tokens" | "integrations",
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of the people and credentials that acted, read once for a batch of events. */
export async function actorNames(
  db: Kysely<Database>,
  rows: readonly Pick<EventRow, "actor_id" | "actor_via">[],
): Promise<{ people: Map<string, string>; vias: Map<string, string> }> {
  const personIds = [...new Set(rows.map((r) => r.actor_id))];
  const cons = [...new Set(rows.map((r) => r.actor_via).filter((v) => v.startsWith("con_")))];
  const pats = [...new Set(rows.map((r) => r.actor_via).filter((v) => v.startsWith("pat_")))];
  const ints = [...new Set(rows.map((r) => r.actor_via).filter((v) => v.startsWith("int_")))];
  const people = await namesOf(db, "people", personIds);
  const vias = new Map([
    ...(await namesOf(db, "connections", cons)),
    ...(await namesOf(db, "personal_access_tokens", pats)),
    ...(await namesOf(db, "integrations", ints)),
  ]);
  return { people, vias };
}

export function toEventView(
  r: EventRow,
  names: { people: Map<string, string>; vias: Map<string, string> },
): EventView {
  const viaType =
    r.actor_via === "admin"
      ? "admin"
      : r.actor_via === WEB_VIA
        ? "web"
        : r.actor_via.startsWith("con_")
          ? "agent"
          : "token";
  return {
    id: r.id,
    type: r.type,
    created_at: r.created_at,
    workspace_id: r.workspace_id,
    actor: {
      person_id: r.actor_id,
      person_name: names.people.get(r.actor_id) ?? null,
      via: r.actor_via,
      via_type: viaType,
      via_name: names.vias.get(r.actor_via) ?? null,
    },
    object: {
      type: r.object_type,
      id: r.object_id,
      url: `/v1/${OBJECT_PATHS[r.object_type] ?? r.object_type}/${r.object_id}`,
    },
    data: JSON.parse(r.data),
  };
}

export async function eventViews(db: Kysely<Database>, rows: readonly EventRow[]): Promise<EventView[]> {
  if (rows.length === 0) return [];
  const names = await actorNames(db, rows);
  return rows.map((r) => toEventView(r, names));
}

export interface EventFilter {
  workspaceId: string;
  types?: readonly string[] | undefined;
  object?: string | undefined;
  /** a person (usr_…: everything they did) or a credential (con_…, pat_…: what went through it) */
  actor?: string | undefined;
}

/** The last position given: where the feed ends, also when retention has emptied it. */
export async function lastPosition(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ top: number | string | null; floor: number | string | null }>`
    select (select max(position) from events) as top,
      (select position from event_sequence where id = 1) as floor`.execute(db);
  return Math.max(Number(rows[0]?.top ?? 0), Number(rows[0]?.floor ?? 0));
}

/** The newest event of the workspace that retention removed, if any. */
async function newestSwept(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<{ event_id: string; position: number } | undefined> {
  const row = await db
    .selectFrom("event_sweeps")
    .select(["event_id", "position"])
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  return row && { event_id: row.event_id, position: Number(row.position) };
}

/** 400 when events of the workspace after `position` were swept: reading on from it would skip them. */
function refuseIfSwept(
  swept: { position: number } | undefined,
  position: number,
  field: string,
  what: string,
): void {
  if (swept && position < swept.position) {
    throw invalid(
      `${field}: events after ${what} are no longer kept (events are kept ${EVENT_RETENTION_DAYS} days); start again without it, or with since, and read the objects you follow again.`,
      { [field]: "events after it are no longer kept" },
    );
  }
}

/**
 * The position an `after` event id (or a stream's Last-Event-ID) stands for in this workspace: a kept
 * event's, or the newest swept event's (a client that had read up to it missed nothing: it reads on).
 * 400 when it names neither, or when events after it were swept, so a client is never silently given a
 * feed with a hole in it.
 */
export async function positionOf(
  db: Kysely<Database>,
  workspaceId: string,
  eventId: string,
  field = "after",
): Promise<number> {
  const row = await db
    .selectFrom("events")
    .select("position")
    .where("id", "=", eventId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  const swept = await newestSwept(db, workspaceId);
  let position: number | undefined;
  if (row && row.position !== null) position = Number(row.position);
  else if (swept?.event_id === eventId) position = swept.position;
  if (position === undefined) {
    throw invalid(
      `${field}: ${eventId} is not an event of this workspace's feed (events are kept ${EVENT_RETENTION_DAYS} days, and those after an old one may have gone too); start again without it, or with since, and read the objects you follow again.`,
      { [field]: "is not an event of this workspace's feed" },
    );
  }
  refuseIfSwept(swept, position, field, eventId);
  return position;
}

/** The position just before the first event at or after `since`. */
export async function positionBefore(
  db: Kysely<Database>,
  workspaceId: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom("events")
    .select("position")
    .where("workspace_id", "=", workspaceId)
    .where("created_at", ">=", since)
    .where("position", "is not", null)
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  if (row?.position != null) return Number(row.position) - 1;
  return lastPosition(db);
}

const EVENT_COLUMNS = [
  "id",
  "position",
  "workspace_id",
  "type",
  "object_type",
  "object_id",
  "actor_id",
  "actor_via",
  "data",
  "created_at",
] as const;

/** Events of the filter after `position`, in feed order, at most `limit`. */
export async function readEvents(
  db: Kysely<Database>,
  filter: EventFilter,
  position: number,
  limit: number,
  /** newest first: the events after `position` and before `before`, latest first */
  newest?: { before: number | undefined },
): Promise<EventRow[]> {
  let q = db
    .selectFrom("events")
    .select(EVENT_COLUMNS)
    .where("workspace_id", "=", filter.workspaceId)
    .where("position", ">", position)
    .orderBy("position", newest ? "desc" : "asc")
    .limit(sql.lit(limit));
  if (newest?.before !== undefined) q = q.where("position", "<", newest.before);
  if (filter.object) q = q.where("object_id", "=", filter.object);
  if (filter.actor) {
    q = filter.actor.startsWith("usr_")
      ? q.where("actor_id", "=", filter.actor)
      : q.where("actor_via", "=", filter.actor);
  }
  if (filter.types && filter.types.length > 0 && !filter.types.includes("*")) {
    const types = filter.types;
    q = q.where((eb) =>
      eb.or(
        types.map((p) => (p.endsWith(".*") ? eb("type", "like", `${p.slice(0, -1)}%`) : eb("type", "=", p))),
      ),
    );
  }
  return (await q.execute()) as EventRow[];
}

/** Every workspace's events after `position`, in feed order (the stream hub's one read per wake). */
export async function readEventsAfter(
  db: Kysely<Database>,
  position: number,
  limit: number,
): Promise<EventRow[]> {
  return (await db
    .selectFrom("events")
    .select(EVENT_COLUMNS)
    .where("position", ">", position)
    .orderBy("position")
    .limit(sql.lit(limit))
    .execute()) as EventRow[];
}

/** Where a read of the feed starts: after a cursor, after an event, from a time, or from the start. */
export async function startPosition(
  ctx: Ctx,
  q: { after?: string | undefined; since?: string | undefined },
  field = "after",
): Promise<number> {
  if (q.after) return positionOf(ctx.core.db, ctx.workspaceId, q.after, field);
  if (q.since) return positionBefore(ctx.core.db, ctx.workspaceId, new Date(q.since).toISOString());
  return 0;
}

/**
 * The workspace's events, oldest first (or newest first with `order: "newest"`), a page at a time; the
 * same scopes as the objects themselves. Only positioned events are read, so a page never skips one
 * that commits later (docs/decisions.md). Newest first, `after` and `since` bound the walk from below:
 * it ends at the first event after them.
 */
export async function listEvents(ctx: Ctx, q: ListEventsQuery): Promise<Page<EventView>> {
  if (ctx.core.store.kind === "postgres") await ctx.core.events.sequenceNow();
  const filter = { workspaceId: ctx.workspaceId, types: q.type, object: q.object, actor: q.actor };
  if (q.order === "newest") {
    const before = q.cursor ? Number(decodeCursor(q.cursor, "events-newest", 1)[0]) : undefined;
    const floor = await startPosition(ctx, q);
    const rows = await readEvents(ctx.core.db, filter, floor, q.limit + 1, { before });
    const more = rows.length > q.limit;
    const kept = more ? rows.slice(0, q.limit) : rows;
    return {
      data: await eventViews(ctx.core.db, kept),
      next_cursor: more ? encodeCursor("events-newest", [Number(kept.at(-1)!.position)]) : null,
    };
  }
  let position: number;
  if (q.cursor) {
    const [p] = decodeCursor(q.cursor, "events", 1);
    position = Number(p);
    refuseIfSwept(await newestSwept(ctx.core.db, ctx.workspaceId), position, "cursor", "this page");
  } else {
    position = await startPosition(ctx, q);
  }
  const rows = await readEvents(ctx.core.db, filter, position, q.limit + 1);
  const more = rows.length > q.limit;
  const kept = more ? rows.slice(0, q.limit) : rows;
  return {
    data: await eventViews(ctx.core.db, kept),
    next_cursor: more ? encodeCursor("events", [Number(kept.at(-1)!.position)]) : null,
  };
}

/**
 * Deletes events older than the retention window; returns how many went. In the same transaction it
 * raises the floor of positions (`event_sequence`) to the highest it deletes, so positions go on above
 * it however many go, and keeps each workspace's newest deleted event in `event_sweeps`, so a cursor at
 * it still reads on (see positionOf). Only events up to that highest position are deleted: any
 * positioned meanwhile (PostgreSQL) are above it, so every statement here sees the same rows.
 */
export async function sweepEvents(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  const old = await db
    .selectFrom("events")
    .select((eb) => eb.fn.max("position").as("top"))
    .where("created_at", "<", before)
    .where("position", "is not", null)
    .executeTakeFirst();
  if (old?.top == null) return 0;
  const cut = Number(old.top);
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("event_sequence")
      .set({ position: cut })
      .where("id", "=", 1)
      .where("position", "<", cut)
      .execute();
    await sql`
      insert into event_sweeps (workspace_id, event_id, position)
      select workspace_id, id, position from events
      where position in (
        select max(position) from events
        where created_at < ${before} and position <= ${cut}
        group by workspace_id
      )
      on conflict (workspace_id) do update set event_id = excluded.event_id, position = excluded.position
      where excluded.position > event_sweeps.position`.execute(trx);
    const r = await trx
      .deleteFrom("events")
      .where("created_at", "<", before)
      .where("position", "<=", cut)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });
}
