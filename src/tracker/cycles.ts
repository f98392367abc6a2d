import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { CyclesTable, Database, IssueStatus } from "../db/schema.ts";
import { DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { prefix } from "../validate.ts";
import { diff, recordActivity } from "./activity.ts";
import {
  checkIfMatch,
  countOut,
  csv,
  date,
  dateOut,
  lostRace,
  name,
  objectId,
  percentOut,
  timeOut,
  touched,
  versionOut,
} from "./common.ts";
import { type ActorView, actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";
import { type IssueSummary, listIssues, listIssuesQuery, STATUSES } from "./issues.ts";
import { DEFAULT_LIMIT, type Page, pageQuery, paginate, type SortKey } from "./pagination.ts";

type Db = Kysely<Database> | Transaction<Database>;

export const CYCLE_STATES = ["upcoming", "active", "completed"] as const;
export type CycleState = (typeof CYCLE_STATES)[number];

/** The longest cycle: 26 weeks, first and last day included. */
export const MAX_CYCLE_DAYS = 26 * 7;

const DAY_MS = 86_400_000;

export const cycleId = objectId("cyc", "cycle");

const spacePrefix = prefix.describe("A space's prefix, such as ENG.");

/** Whole days from `a` to `b` (both YYYY-MM-DD). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);

/** The day after `d`, as YYYY-MM-DD. */
const nextDay = (d: string) => new Date(Date.parse(d) + DAY_MS).toISOString().slice(0, 10);

/**
 * What is wrong with a cycle's date range, said of `field` (the one the client changed), or undefined
 * when the range is fine: the last day on or after the first, at most 26 weeks in all.
 */
function rangeProblem(
  startsOn: string,
  endsOn: string,
  field: "starts_on" | "ends_on" = "ends_on",
): string | undefined {
  const [word, other, otherDay] =
    field === "ends_on" ? ["after", "starts_on", startsOn] : ["before", "ends_on", endsOn];
  if (endsOn < startsOn) return `must be on or ${word} ${other} (${otherDay})`;
  if (daysBetween(startsOn, endsOn) + 1 > MAX_CYCLE_DAYS)
    return `must be at most 26 weeks ${word} ${other} (${otherDay}): ${MAX_CYCLE_DAYS} days in all, first and last included`;
  return undefined;
}

export const createCycleInput = z
  .strictObject({
    space: spacePrefix.optional().describe("The space's prefix; the workspace's first space when left out."),
    name: name.optional().describe('Up to 120 characters; "Cycle N" when left out.'),
    starts_on: date.describe("The first day, YYYY-MM-DD (days run in UTC)."),
    ends_on: date.describe("The last day, YYYY-MM-DD: on or after starts_on, at most 26 weeks in all."),
  })
  .superRefine((b, issues) => {
    const problem = rangeProblem(b.starts_on, b.ends_on);
    if (problem) issues.addIssue({ code: "custom", path: ["ends_on"], message: problem });
  });
export type CreateCycleInput = z.output<typeof createCycleInput>;

export const updateCycleInput = z
  .strictObject({
    name: name.optional(),
    starts_on: date.optional(),
    ends_on: date.optional(),
  })
  .refine((b) => b.name !== undefined || b.starts_on !== undefined || b.ends_on !== undefined, {
    error: "change at least one of name, starts_on or ends_on",
  });
export type UpdateCycleInput = z.output<typeof updateCycleInput>;

export const CYCLE_SORTS = ["starts_on", "-starts_on"] as const;

export const listCyclesQuery = z.strictObject({
  ...pageQuery,
  space: spacePrefix.optional(),
  state: csv(z.enum(CYCLE_STATES, { error: `must be one of ${CYCLE_STATES.join(", ")}` }))
    .optional()
    .describe("Comma-separated states: upcoming, active, completed."),
  sort: z
    .enum(CYCLE_SORTS, { error: `must be one of ${CYCLE_SORTS.join(", ")}` })
    .default("starts_on")
    .describe("starts_on: earliest first; -starts_on: latest first."),
});
export type ListCyclesQuery = z.output<typeof listCyclesQuery>;

/** The issue list's query without `cycle`, which the path gives. */
export const cycleIssuesQuery = listIssuesQuery.omit({ cycle: true });
export type CycleIssuesQuery = z.output<typeof cycleIssuesQuery>;

const actorSchema = z.object({ person_id: z.string(), via: z.string() });

export const cycleView = z
  .object({
    id: z.string(),
    space: z.string().describe("The space's prefix."),
    name: z.string(),
    starts_on: dateOut,
    ends_on: dateOut,
    state: z
      .enum(CYCLE_STATES)
      .describe("upcoming before starts_on, active from starts_on to ends_on, completed after (UTC days)."),
    version: versionOut,
    created_by: actorSchema,
    updated_by: actorSchema,
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "Cycle" });
export interface CycleView {
  id: string;
  space: string;
  name: string;
  starts_on: string;
  ends_on: string;
  state: CycleState;
  version: number;
  created_by: ActorView;
  updated_by: ActorView;
  created_at: string;
  updated_at: string;
}

/** A cycle's row with its space's prefix, as a cycle's view is made from. */
export type CycleRow = CyclesTable & { space_prefix: string };

/** Today in UTC, the day cycles are measured in. */
const today = (ctx: Ctx) => ctx.core.clock.now().toISOString().slice(0, 10);

function stateOn(row: Pick<CyclesTable, "starts_on" | "ends_on">, day: string): CycleState {
  if (day < row.starts_on) return "upcoming";
  if (day > row.ends_on) return "completed";
  return "active";
}

function view(row: CycleRow, day: string): CycleView {
  return {
    id: row.id,
    space: row.space_prefix,
    name: row.name,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    state: stateOn(row, day),
    version: row.version,
    created_by: actorView(row.created_by, row.created_via),
    updated_by: actorView(row.updated_by, row.updated_via),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The view of a cycle's row as of today (UTC): for a read that took the row in a statement of its own. */
export const cycleViewOf = (ctx: Ctx, row: CycleRow): CycleView => view(row, today(ctx));

function cycleQuery(db: Db, ctx: Ctx) {
  return db
    .selectFrom("cycles as c")
    .innerJoin("spaces as s", "s.id", "c.space_id")
    .selectAll("c")
    .select("s.prefix as space_prefix")
    .where("c.workspace_id", "=", ctx.workspaceId);
}

/** A cycle of the workspace; 404 when there is none (another workspace's cycle included). */
async function requireCycle(ctx: Ctx, id: string, db: Db = ctx.core.db): Promise<CycleRow> {
  const row = await cycleQuery(db, ctx).where("c.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(`No cycle ${id} in this workspace.`);
  return row;
}

/** Serialises cycle writes of a workspace on PostgreSQL, so two writes cannot both miss an overlap. */
export async function lockCycles(ctx: Ctx, trx: Transaction<Database>): Promise<void> {
  if (ctx.core.store.kind === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`cycles:${ctx.workspaceId}`}))`.execute(trx);
  }
}

/** Refuses a date range that overlaps another cycle of the same space (409 naming that cycle). */
async function refuseOverlap(
  trx: Db,
  space: { id: string; prefix: string },
  startsOn: string,
  endsOn: string,
  exceptId?: string,
): Promise<void> {
  let q = trx
    .selectFrom("cycles")
    .select(["id", "name", "starts_on", "ends_on"])
    .where("space_id", "=", space.id)
    .where("starts_on", "<=", endsOn)
    .where("ends_on", ">=", startsOn);
  if (exceptId) q = q.where("id", "!=", exceptId);
  const clash = await q.orderBy("starts_on").limit(1).executeTakeFirst();
  if (clash) {
    throw new DocketError(
      409,
      "cycle_overlap",
      `${startsOn} to ${endsOn} overlaps "${clash.name}" (${clash.id}, ${clash.starts_on} to ${clash.ends_on}) in ${space.prefix}; cycles of a space must not overlap.`,
    );
  }
}

/** "Cycle N" with N one more than the space's cycles, skipping names already taken. */
async function defaultName(trx: Db, spaceId: string): Promise<string> {
  const taken = await trx.selectFrom("cycles").select("name").where("space_id", "=", spaceId).execute();
  const names = new Set(taken.map((t) => t.name));
  let n = taken.length + 1;
  while (names.has(`Cycle ${n}`)) n++;
  return `Cycle ${n}`;
}

const activityFields = (r: Pick<CyclesTable, "name" | "starts_on" | "ends_on">) => ({
  name: r.name,
  starts_on: r.starts_on,
  ends_on: r.ends_on,
});

/** Creates a cycle in a space; refused (409) when it overlaps another cycle of that space. */
export async function createCycle(ctx: Ctx, input: CreateCycleInput): Promise<CycleView> {
  const data = createCycleInput.parse(input);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("cyc", new Date(at));
  await ctx.core.db.transaction().execute(async (trx) => {
    const spaces = trx
      .selectFrom("spaces")
      .select(["id", "prefix"])
      .where("workspace_id", "=", ctx.workspaceId)
      .orderBy("created_at")
      .orderBy("id")
      .limit(1);
    const space = await (data.space ? spaces.where("prefix", "=", data.space) : spaces).executeTakeFirst();
    if (!space) {
      throw data.space
        ? invalid(`space: no space ${data.space} in this workspace`, { space: "no such space" })
        : new DocketError(
            409,
            "conflict",
            "This workspace has no space to plan cycles in; create one first.",
          );
    }
    await lockCycles(ctx, trx);
    await refuseOverlap(trx, space, data.starts_on, data.ends_on);
    const row = {
      id,
      workspace_id: ctx.workspaceId,
      space_id: space.id,
      name: data.name ?? (await defaultName(trx, space.id)),
      starts_on: data.starts_on,
      ends_on: data.ends_on,
      version: 1,
      ...authoredBy(ctx, at),
    };
    await trx.insertInto("cycles").values(row).execute();
    await recordActivity(trx, ctx, { type: "cycle", id }, "created", diff({}, activityFields(row)), at);
  });
  return getCycle(ctx, id);
}

/** One cycle of the workspace, with its state today. */
export async function getCycle(ctx: Ctx, id: string): Promise<CycleView> {
  return view(await requireCycle(ctx, id), today(ctx));
}

/**
 * Changes a cycle's name or dates. With If-Match, only if the cycle is still at a version the client
 * read (else 412). New dates follow the same rules as at creation, overlap included.
 */
export async function updateCycle(
  ctx: Ctx,
  id: string,
  input: UpdateCycleInput,
  ifMatch?: number[],
): Promise<CycleView> {
  const data = updateCycleInput.parse(input);
  const at = ctx.core.clock.now().toISOString();
  await ctx.core.db.transaction().execute(async (trx) => {
    await lockCycles(ctx, trx);
    const current = await requireCycle(ctx, id, trx);
    checkIfMatch(ifMatch, current.version, `Cycle ${id}`);
    const next = {
      name: data.name ?? current.name,
      starts_on: data.starts_on ?? current.starts_on,
      ends_on: data.ends_on ?? current.ends_on,
    };
    const field = data.starts_on !== undefined && data.ends_on === undefined ? "starts_on" : "ends_on";
    const problem = rangeProblem(next.starts_on, next.ends_on, field);
    if (problem) throw invalid(`${field}: ${problem}`, { [field]: problem });
    const changes = diff(activityFields(current), next);
    if (Object.keys(changes).length === 0) return;
    if (changes.starts_on || changes.ends_on) {
      await refuseOverlap(
        trx,
        { id: current.space_id, prefix: current.space_prefix },
        next.starts_on,
        next.ends_on,
        id,
      );
    }
    const written = await trx
      .updateTable("cycles")
      .set({
        ...next,
        version: current.version + 1,
        ...touchedBy(ctx, at),
      })
      .where("id", "=", id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (touched(written) === 0) throw lostRace(ifMatch, `Cycle ${id}`);
    await recordActivity(trx, ctx, { type: "cycle", id }, "updated", changes, at);
  });
  return getCycle(ctx, id);
}

const SORTS: Record<(typeof CYCLE_SORTS)[number], SortKey[]> = {
  starts_on: [
    { column: "c.starts_on", direction: "asc" },
    { column: "c.id", direction: "asc" },
  ],
  "-starts_on": [
    { column: "c.starts_on", direction: "desc" },
    { column: "c.id", direction: "desc" },
  ],
};

/** The workspace's cycles, by space and state, a page at a time. */
export async function listCycles(ctx: Ctx, input: Partial<ListCyclesQuery>): Promise<Page<CycleView>> {
  const q = { ...input, limit: input.limit ?? DEFAULT_LIMIT, sort: input.sort ?? "starts_on" };
  const day = today(ctx);
  let query = cycleQuery(ctx.core.db, ctx);
  if (q.space) {
    const space = await ctx.core.db
      .selectFrom("spaces")
      .select("id")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("prefix", "=", q.space)
      .executeTakeFirst();
    if (!space) throw invalid(`space: no space ${q.space} in this workspace`, { space: "no such space" });
    query = query.where("c.space_id", "=", space.id);
  }
  if (q.state?.length) {
    const states = new Set(q.state);
    query = query.where((eb) =>
      eb.or([
        ...(states.has("upcoming") ? [eb("c.starts_on", ">", day)] : []),
        ...(states.has("active") ? [eb.and([eb("c.starts_on", "<=", day), eb("c.ends_on", ">=", day)])] : []),
        ...(states.has("completed") ? [eb("c.ends_on", "<", day)] : []),
      ]),
    );
  }
  const sortName = `cycles:${q.sort}`;
  const { data, next_cursor } = await paginate(query, sortName, SORTS[q.sort], q);
  return { data: data.map((r) => view(r, day)), next_cursor };
}

/** The issues in a cycle, with the same filters and pagination as the issue list. */
export async function listCycleIssues(
  ctx: Ctx,
  id: string,
  query: Partial<CycleIssuesQuery>,
): Promise<Page<IssueSummary>> {
  await requireCycle(ctx, id);
  return listIssues(ctx, { ...query, cycle: id });
}

// ---------------------------------------------------------------------------------------------------
// Stats

const amount = z.object({ count: countOut, estimate: countOut });
const burnDownDay = z.object({
  date: dateOut,
  scope_count: countOut,
  scope_estimate: countOut,
  remaining_count: countOut,
  remaining_estimate: countOut,
  completed_count: countOut,
  completed_estimate: countOut,
});
export type BurnDownDay = z.output<typeof burnDownDay>;
const idealDay = z.object({
  date: dateOut,
  remaining_count: z.number().min(0).describe("On the ideal line: a fraction, rounded to 0.01."),
  remaining_estimate: z.number().min(0).describe("On the ideal line: a fraction, rounded to 0.01."),
});
export type IdealDay = z.output<typeof idealDay>;

export const cycleStatsView = z
  .object({
    cycle: cycleView,
    as_of: timeOut.describe("The time the numbers are for."),
    total: amount.describe(
      "Issues in the cycle now; estimate is the sum of their estimates (none counts 0).",
    ),
    by_status: z
      .object(
        Object.fromEntries(STATUSES.map((status) => [status, amount])) as Record<IssueStatus, typeof amount>,
      )
      .describe("Every status, each with its issues now (0 when none)."),
    remaining: amount.describe("Issues in the cycle neither done nor canceled."),
    completion: z
      .object({
        done_count: countOut,
        done_estimate: countOut,
        canceled_count: countOut,
        canceled_estimate: countOut,
        percent: percentOut,
        estimate_percent: percentOut,
      })
      .describe(
        "Completed means done. Canceled issues leave the denominator: percent = done / (total − canceled), rounded down to 0.1; 0 when nothing is left to do.",
      ),
    scope_added: amount.describe(
      "Issues that entered the cycle after it started (each counted once, with its estimate when it entered).",
    ),
    scope_removed: amount.describe(
      "Issues that left the cycle after it started (each counted once, with its estimate when it left).",
    ),
    burn_down: z
      .array(burnDownDay)
      .describe(
        "One entry per day from starts_on to today (or ends_on if earlier): the cycle at the end of that day (UTC). Completed here means done or canceled, the issues that no longer count as remaining work.",
      ),
    ideal: z
      .array(idealDay)
      .describe(
        "Every day of the cycle: a straight line from the scope at the end of the first day down to 0 at the end of the last.",
      ),
  })
  .meta({ id: "CycleStats" });
export type CycleStats = z.output<typeof cycleStatsView>;

interface Standing {
  in_scope: number;
  completed: number;
  estimate: number | null;
}

/** Percent of `part` in `whole`, rounded down to a tenth; 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.floor((part / whole) * 1000) / 10 : 0;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function tally(standings: Iterable<Standing>): Omit<BurnDownDay, "date"> {
  const t = {
    scope_count: 0,
    scope_estimate: 0,
    remaining_count: 0,
    remaining_estimate: 0,
    completed_count: 0,
    completed_estimate: 0,
  };
  for (const s of standings) {
    if (!s.in_scope) continue;
    const e = s.estimate ?? 0;
    t.scope_count++;
    t.scope_estimate += e;
    if (s.completed) {
      t.completed_count++;
      t.completed_estimate += e;
    } else {
      t.remaining_count++;
      t.remaining_estimate += e;
    }
  }
  return t;
}

/**
 * Replays a cycle's standing events (oldest first, none after `asOf`) into the burn-down series, the
 * scope changes after the start and the scope the ideal line starts from. An issue's standing at the
 * end of a day is its latest event at or before the end of that day (UTC).
 */
export function replay(
  cycle: Pick<CyclesTable, "starts_on" | "ends_on">,
  events: readonly (Standing & { issue_id: string; created_at: string })[],
  asOf: Date,
): {
  burnDown: BurnDownDay[];
  added: { count: number; estimate: number };
  removed: { count: number; estimate: number };
  idealFrom: { count: number; estimate: number };
} {
  const startMs = Date.parse(`${cycle.starts_on}T00:00:00.000Z`);
  const standing = new Map<string, Standing>();
  const added = new Map<string, number>();
  const removed = new Map<string, number>();
  const asOfDay = asOf.toISOString().slice(0, 10);
  const burnDown: BurnDownDay[] = [];
  let i = 0;
  const apply = (until: number) => {
    for (; i < events.length && Date.parse(events[i]!.created_at) < until; i++) {
      const e = events[i]!;
      const before = standing.get(e.issue_id)?.in_scope ?? 0;
      if (Date.parse(e.created_at) > startMs && before !== e.in_scope) {
        (e.in_scope ? added : removed).set(e.issue_id, e.estimate ?? 0);
      }
      standing.set(e.issue_id, { in_scope: e.in_scope, completed: e.completed, estimate: e.estimate });
    }
  };
  for (let day = cycle.starts_on; day <= cycle.ends_on && day <= asOfDay; day = nextDay(day)) {
    apply(Date.parse(`${nextDay(day)}T00:00:00.000Z`));
    burnDown.push({ date: day, ...tally(standing.values()) });
  }
  apply(Number.POSITIVE_INFINITY);
  const sum = (m: Map<string, number>) => ({
    count: m.size,
    estimate: [...m.values()].reduce((a, b) => a + b, 0),
  });
  const first = burnDown[0] ?? tally(standing.values());
  return {
    burnDown,
    added: sum(added),
    removed: sum(removed),
    idealFrom: { count: first.scope_count, estimate: first.scope_estimate },
  };
}

/** The ideal burn-down: from `from` at the end of the first day straight down to 0 at the end of the last. */
export function idealLine(
  cycle: Pick<CyclesTable, "starts_on" | "ends_on">,
  from: { count: number; estimate: number },
): IdealDay[] {
  const days = daysBetween(cycle.starts_on, cycle.ends_on) + 1;
  const out: IdealDay[] = [];
  let day = cycle.starts_on;
  for (let i = 0; i < days; i++, day = nextDay(day)) {
    const share = days === 1 ? 0 : (days - 1 - i) / (days - 1);
    out.push({
      date: day,
      remaining_count: round2(from.count * share),
      remaining_estimate: round2(from.estimate * share),
    });
  }
  return out;
}

/**
 * A cycle's numbers: issues and estimates by status now, completion, scope added and removed since
 * the start, and the day-by-day burn-down with its ideal line. Current numbers come from the issues;
 * history comes from the cycle's standing events.
 */
export async function cycleStats(ctx: Ctx, id: string): Promise<CycleStats> {
  const cycle = await requireCycle(ctx, id);
  const now = ctx.core.clock.now();
  const db = ctx.core.db;
  const [groups, events] = await Promise.all([
    db
      .selectFrom("issues")
      .select(["status", (eb) => eb.fn.countAll().as("count"), (eb) => eb.fn.sum("estimate").as("estimate")])
      .where("workspace_id", "=", ctx.workspaceId)
      .where("cycle_id", "=", id)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("cycle_events")
      .select(["issue_id", "in_scope", "completed", "estimate", "created_at"])
      .where("cycle_id", "=", id)
      .where("created_at", "<=", now.toISOString())
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, { count: 0, estimate: 0 }])) as Record<
    IssueStatus,
    { count: number; estimate: number }
  >;
  for (const g of groups) byStatus[g.status] = { count: Number(g.count), estimate: Number(g.estimate ?? 0) };
  const sumOf = (pick: (s: IssueStatus) => boolean) =>
    STATUSES.filter(pick).reduce(
      (acc, s) => ({ count: acc.count + byStatus[s].count, estimate: acc.estimate + byStatus[s].estimate }),
      { count: 0, estimate: 0 },
    );
  const total = sumOf(() => true);
  const done = byStatus.done;
  const canceled = byStatus.canceled;
  const history = replay(cycle, events, now);
  return {
    cycle: view(cycle, now.toISOString().slice(0, 10)),
    as_of: now.toISOString(),
    total,
    by_status: byStatus,
    remaining: sumOf((s) => s !== "done" && s !== "canceled"),
    completion: {
      done_count: done.count,
      done_estimate: done.estimate,
      canceled_count: canceled.count,
      canceled_estimate: canceled.estimate,
      percent: percentOf(done.count, total.count - canceled.count),
      estimate_percent: percentOf(done.estimate, total.estimate - canceled.estimate),
    },
    scope_added: history.added,
    scope_removed: history.removed,
    burn_down: history.burnDown,
    ideal: idealLine(cycle, history.idealFrom),
  };
}
