import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Database, MilestonesTable } from "../db/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { diff, recordActivity } from "./activity.ts";
import {
  checkIfMatch,
  countOut,
  date,
  dateOut,
  LIMITS,
  lostRace,
  markdown,
  name,
  objectId,
  percentOut,
  timeOut,
  touched,
  versionOut,
} from "./common.ts";
import { type ActorView, actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";
import { percentOf } from "./cycles.ts";
import { emitEvent } from "./events.ts";
import { refuseCycle } from "./graph.ts";
import { type IssueSummary, listIssues, listIssuesQuery } from "./issues.ts";
import { byCreation, DEFAULT_LIMIT, type Page, pageQuery, paginate } from "./pagination.ts";

type Db = Kysely<Database> | Transaction<Database>;

export const milestoneId = objectId("ms", "milestone");
export const milestoneDependencyId = objectId("mdep", "milestone dependency");

const milestoneIds = z
  .array(milestoneId, { error: "must be an array of milestone ids" })
  .max(LIMITS.refs, { error: `must hold at most ${LIMITS.refs} milestones` });

export const createMilestoneInput = z.strictObject({
  name,
  description: markdown.optional(),
  target_date: date.nullable().optional().describe("The day it should be reached, YYYY-MM-DD."),
});
export type CreateMilestoneInput = z.output<typeof createMilestoneInput>;

export const updateMilestoneInput = z
  .strictObject({
    name: name.optional(),
    description: markdown.optional(),
    target_date: date.nullable().optional().describe("null clears it."),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.target_date !== undefined, {
    error: "change at least one of name, description or target_date",
  });
export type UpdateMilestoneInput = z.output<typeof updateMilestoneInput>;

export const listMilestonesQuery = z
  .strictObject({
    ...pageQuery,
    target_from: date.optional().describe("Only milestones with a target date on or after this day."),
    target_to: date.optional().describe("Only milestones with a target date on or before this day."),
  })
  .refine((q) => !q.target_from || !q.target_to || q.target_from <= q.target_to, {
    error: "must be on or after target_from",
    path: ["target_to"],
  });
export type ListMilestonesQuery = z.output<typeof listMilestonesQuery>;

/** The issue list's query without `milestone`, which the path gives. */
export const milestoneIssuesQuery = listIssuesQuery.omit({ milestone: true });
export type MilestoneIssuesQuery = z.output<typeof milestoneIssuesQuery>;

export const addMilestoneDependenciesInput = z
  .strictObject({
    blockedBy: milestoneIds.optional().describe("Milestones that must be reached before this one."),
    blocks: milestoneIds.optional().describe("Milestones that wait for this one."),
  })
  .refine((b) => (b.blockedBy?.length ?? 0) + (b.blocks?.length ?? 0) > 0, {
    error: "name at least one milestone in blockedBy or blocks",
  });
export type AddMilestoneDependenciesInput = z.output<typeof addMilestoneDependenciesInput>;

const actorSchema = z.object({ person_id: z.string(), via: z.string() });
const neighbour = z.object({ dependency_id: z.string(), id: z.string(), name: z.string() });

export const milestoneProgress = z
  .object({
    total: countOut.describe("Issues in the milestone, canceled ones included."),
    done: countOut,
    canceled: countOut,
    percent: percentOut.describe(
      "done / (total − canceled), rounded down to 0.1; 0 when nothing is left to do.",
    ),
    estimate_total: countOut.describe("Sum of the estimates of the issues not canceled."),
    estimate_done: countOut.describe("Sum of the estimates of the done issues."),
  })
  .describe("Completed means done; canceled issues count in total but not towards the percent.");
export type MilestoneProgress = z.output<typeof milestoneProgress>;

export const milestoneView = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    target_date: dateOut.nullable(),
    progress: milestoneProgress,
    blocks: z.array(neighbour).describe("Milestones that wait for this one."),
    blockedBy: z.array(neighbour).describe("Milestones this one waits for."),
    version: versionOut,
    created_by: actorSchema,
    updated_by: actorSchema,
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "Milestone" });
export interface MilestoneNeighbour {
  dependency_id: string;
  id: string;
  name: string;
}
export interface MilestoneView {
  id: string;
  name: string;
  description: string;
  target_date: string | null;
  progress: MilestoneProgress;
  blocks: MilestoneNeighbour[];
  blockedBy: MilestoneNeighbour[];
  version: number;
  created_by: ActorView;
  updated_by: ActorView;
  created_at: string;
  updated_at: string;
}

const end = z.object({ id: z.string(), name: z.string() });
export const milestoneDependencyView = z
  .object({
    id: z.string(),
    type: z.literal("blocks"),
    from: end.describe("The milestone that blocks."),
    to: end.describe("The milestone that waits."),
    created_by: actorSchema,
    created_at: timeOut,
    created: z.boolean().describe("false when the edge already existed"),
  })
  .meta({ id: "MilestoneDependency" });
export type MilestoneDependencyView = z.output<typeof milestoneDependencyView>;

/** A milestone of the workspace; 404 when there is none (another workspace's included). */
async function requireMilestone(ctx: Ctx, id: string, db: Db = ctx.core.db): Promise<MilestonesTable> {
  const row = await db
    .selectFrom("milestones")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No milestone ${id} in this workspace.`);
  return row;
}

/** Progress of each milestone in `ids` (of the workspace), from its issues' statuses and estimates. */
async function progressOf(ctx: Ctx, ids: string[]): Promise<Map<string, MilestoneProgress>> {
  const out = new Map<string, MilestoneProgress>();
  for (const id of ids)
    out.set(id, { total: 0, done: 0, canceled: 0, percent: 0, estimate_total: 0, estimate_done: 0 });
  if (ids.length === 0) return out;
  // `ids` are milestones already read within the workspace, and an issue's milestone is always of its
  // own workspace: no workspace filter is needed. SQLite keeps the counts per milestone and status as
  // issues change (src/db/milestone-progress.ts), so a read costs the same however many issues a
  // milestone holds; PostgreSQL counts them from the milestone index.
  const rows =
    ctx.core.store.kind === "sqlite"
      ? (
          await sql<{ milestone_id: string; status: string; count: number; estimate: number }>`
            select milestone_id, status, issues as count, estimate from milestone_progress
            where milestone_id in (${sql.join(ids)}) and issues > 0`.execute(ctx.core.db)
        ).rows
      : await ctx.core.db
          .selectFrom("issues")
          .select([
            "milestone_id",
            "status",
            (eb) => eb.fn.countAll().as("count"),
            (eb) => eb.fn.sum("estimate").as("estimate"),
          ])
          .where("milestone_id", "in", ids)
          .groupBy(["milestone_id", "status"])
          .execute();
  for (const r of rows) {
    const p = out.get(r.milestone_id as string);
    if (p) addToProgress(p, r.status, r.count, r.estimate);
  }
  for (const p of out.values()) p.percent = percentOf(p.done, p.total - p.canceled);
  return out;
}

function addToProgress(p: MilestoneProgress, status: string, issues: unknown, estimates: unknown): void {
  const count = Number(issues);
  const estimate = Number(estimates ?? 0);
  p.total += count;
  if (status === "done") {
    p.done += count;
    p.estimate_done += estimate;
  }
  if (status === "canceled") p.canceled += count;
  else p.estimate_total += estimate;
}

/**
 * A milestone's progress from its issues' count and estimate per status, `[status, issues, estimate]`:
 * for a read that counted them in a statement of its own (the live bundle's).
 */
export function progressFrom(counts: readonly (readonly [string, unknown, unknown])[]): MilestoneProgress {
  const p = { total: 0, done: 0, canceled: 0, percent: 0, estimate_total: 0, estimate_done: 0 };
  for (const [status, issues, estimate] of counts) addToProgress(p, status, issues, estimate);
  p.percent = percentOf(p.done, p.total - p.canceled);
  return p;
}

/** What each milestone in `ids` blocks and is blocked by, by name. */
async function edgesOf(
  ctx: Ctx,
  ids: string[],
): Promise<Map<string, { blocks: MilestoneNeighbour[]; blockedBy: MilestoneNeighbour[] }>> {
  const out = new Map<string, { blocks: MilestoneNeighbour[]; blockedBy: MilestoneNeighbour[] }>();
  for (const id of ids) out.set(id, { blocks: [], blockedBy: [] });
  if (ids.length === 0) return out;
  const rows = await ctx.core.db
    .selectFrom("milestone_dependencies as d")
    .innerJoin("milestones as f", "f.id", "d.from_milestone_id")
    .innerJoin("milestones as t", "t.id", "d.to_milestone_id")
    .select(["d.id", "d.from_milestone_id", "d.to_milestone_id", "f.name as from_name", "t.name as to_name"])
    .where("d.workspace_id", "=", ctx.workspaceId)
    .where((eb) => eb.or([eb("d.from_milestone_id", "in", ids), eb("d.to_milestone_id", "in", ids)]))
    .execute();
  return placeEdges(out, rows);
}

/** A milestone dependency with the names of its two ends. */
export type MilestoneEdgeRow = {
  id: string;
  from_milestone_id: string;
  to_milestone_id: string;
  from_name: string;
  to_name: string;
};

function placeEdges(
  out: Map<string, { blocks: MilestoneNeighbour[]; blockedBy: MilestoneNeighbour[] }>,
  rows: readonly MilestoneEdgeRow[],
) {
  for (const r of rows) {
    out
      .get(r.from_milestone_id)
      ?.blocks.push({ dependency_id: r.id, id: r.to_milestone_id, name: r.to_name });
    out
      .get(r.to_milestone_id)
      ?.blockedBy.push({ dependency_id: r.id, id: r.from_milestone_id, name: r.from_name });
  }
  const byName = (a: MilestoneNeighbour, b: MilestoneNeighbour) =>
    a.name.localeCompare(b.name, "en", { numeric: true }) || a.id.localeCompare(b.id);
  for (const e of out.values()) {
    e.blocks.sort(byName);
    e.blockedBy.sort(byName);
  }
  return out;
}

/** The view of a milestone's row with its progress and its edges (each a `MilestoneEdgeRow`), read apart. */
export function milestoneViewOf(
  row: MilestonesTable,
  progress: MilestoneProgress,
  edges: readonly MilestoneEdgeRow[],
): MilestoneView {
  const placed = placeEdges(new Map([[row.id, { blocks: [], blockedBy: [] }]]), edges).get(row.id)!;
  return viewOf(row, progress, placed);
}

function viewOf(
  r: MilestonesTable,
  progress: MilestoneProgress,
  edges: { blocks: MilestoneNeighbour[]; blockedBy: MilestoneNeighbour[] },
): MilestoneView {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    target_date: r.target_date,
    progress,
    blocks: edges.blocks,
    blockedBy: edges.blockedBy,
    version: r.version,
    created_by: actorView(r.created_by, r.created_via),
    updated_by: actorView(r.updated_by, r.updated_via),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Views of milestone rows, with progress and edges read in two queries for the whole set. */
async function views(ctx: Ctx, rows: MilestonesTable[]): Promise<MilestoneView[]> {
  const ids = rows.map((r) => r.id);
  const [progress, edges] = await Promise.all([progressOf(ctx, ids), edgesOf(ctx, ids)]);
  return rows.map((r) => viewOf(r, progress.get(r.id)!, edges.get(r.id)!));
}

const activityFields = (r: Pick<MilestonesTable, "name" | "description" | "target_date">) => ({
  name: r.name,
  description: r.description,
  target_date: r.target_date,
});

/** Creates a milestone. */
export async function createMilestone(ctx: Ctx, input: CreateMilestoneInput): Promise<MilestoneView> {
  const data = createMilestoneInput.parse(input);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("ms", new Date(at));
  await ctx.core.db.transaction().execute(async (trx) => {
    const row = {
      id,
      workspace_id: ctx.workspaceId,
      name: data.name,
      description: data.description ?? "",
      target_date: data.target_date ?? null,
      version: 1,
      ...authoredBy(ctx, at),
    };
    await trx.insertInto("milestones").values(row).execute();
    await recordActivity(trx, ctx, { type: "milestone", id }, "created", diff({}, activityFields(row)), at);
  });
  return getMilestone(ctx, id);
}

/** One milestone with its progress and its `blocks` / `blockedBy` edges. */
export async function getMilestone(ctx: Ctx, id: string): Promise<MilestoneView> {
  const [v] = await views(ctx, [await requireMilestone(ctx, id)]);
  return v!;
}

/** Changes a milestone's name, description or target date; with If-Match only at a version read. */
export async function updateMilestone(
  ctx: Ctx,
  id: string,
  input: UpdateMilestoneInput,
  ifMatch?: number[],
): Promise<MilestoneView> {
  const data = updateMilestoneInput.parse(input);
  const at = ctx.core.clock.now().toISOString();
  await ctx.core.db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom("milestones")
      .selectAll()
      .where("workspace_id", "=", ctx.workspaceId)
      .where("id", "=", id);
    if (ctx.core.store.kind === "postgres") q = q.forUpdate();
    const current = await q.executeTakeFirst();
    if (!current) throw notFound(`No milestone ${id} in this workspace.`);
    checkIfMatch(ifMatch, current.version, `Milestone ${id}`);
    const next = {
      name: data.name ?? current.name,
      description: data.description ?? current.description,
      target_date: data.target_date === undefined ? current.target_date : data.target_date,
    };
    const changes = diff(activityFields(current), next);
    if (Object.keys(changes).length === 0) return;
    const written = await trx
      .updateTable("milestones")
      .set({
        ...next,
        version: current.version + 1,
        ...touchedBy(ctx, at),
      })
      .where("id", "=", id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (touched(written) === 0) throw lostRace(ifMatch, `Milestone ${id}`);
    await recordActivity(trx, ctx, { type: "milestone", id }, "updated", changes, at);
  });
  return getMilestone(ctx, id);
}

/** The workspace's milestones, oldest first, optionally within a range of target dates. */
export async function listMilestones(
  ctx: Ctx,
  input: Partial<ListMilestonesQuery>,
): Promise<Page<MilestoneView>> {
  const q = { ...input, limit: input.limit ?? DEFAULT_LIMIT };
  let query = ctx.core.db
    .selectFrom("milestones as m")
    .selectAll("m")
    .where("m.workspace_id", "=", ctx.workspaceId);
  if (q.target_from) query = query.where("m.target_date", ">=", q.target_from);
  if (q.target_to) query = query.where("m.target_date", "<=", q.target_to);
  const page = await paginate(query, "milestones", byCreation("m", "asc"), q);
  return { data: await views(ctx, page.data), next_cursor: page.next_cursor };
}

/** The issues in a milestone (same filters and pagination as the issue list) and its progress. */
export async function listMilestoneIssues(
  ctx: Ctx,
  id: string,
  query: Partial<MilestoneIssuesQuery>,
): Promise<Page<IssueSummary> & { progress: MilestoneProgress }> {
  await requireMilestone(ctx, id);
  const [page, progress] = await Promise.all([
    listIssues(ctx, { ...query, milestone: id }),
    progressOf(ctx, [id]),
  ]);
  return { ...page, progress: progress.get(id)! };
}

// ---------------------------------------------------------------------------------------------------
// Dependencies between milestones

/** Holds the workspace's milestone graph still while a write checks it for cycles (PostgreSQL). */
async function lockMilestoneGraph(ctx: Ctx, trx: Transaction<Database>): Promise<void> {
  if (ctx.core.store.kind === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`milestones:${ctx.workspaceId}`}))`.execute(trx);
  }
}

type Named = { id: string; name: string };

/** Refuses `from blocks to` when `to` already reaches `from`: the edge would close a cycle (409 with its path). */
async function refuseMilestoneCycle(db: Db, ctx: Ctx, from: Named, to: Named): Promise<void> {
  const edges = {
    table: "milestone_dependencies",
    fromColumn: "from_milestone_id",
    toColumn: "to_milestone_id",
    filters: { workspace_id: ctx.workspaceId },
  };
  await refuseCycle(db, edges, from, to, async (ids) => {
    const rows = await db
      .selectFrom("milestones")
      .select(["id", "name"])
      .where("workspace_id", "=", ctx.workspaceId)
      .where("id", "in", ids)
      .execute();
    return new Map(rows.map((n) => [n.id, n.name]));
  });
}

/** The milestones named in `field`, in order; 400 naming each unknown one or the milestone itself. */
async function resolveMilestones(
  db: Db,
  ctx: Ctx,
  self: Named,
  ids: string[],
  field: string,
  problems: Record<string, string>,
): Promise<Named[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("milestones")
    .select(["id", "name"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Named[] = [];
  ids.forEach((id, i) => {
    const found = byId.get(id);
    if (id === self.id) problems[`${field}[${i}]`] = `a milestone cannot depend on itself (${self.name})`;
    else if (!found) problems[`${field}[${i}]`] = `no milestone ${id} in this workspace`;
    else out.push(found);
  });
  return out;
}

async function dependencyViews(
  ctx: Ctx,
  edges: { id: string; created: boolean }[],
): Promise<MilestoneDependencyView[]> {
  if (edges.length === 0) return [];
  const rows = await ctx.core.db
    .selectFrom("milestone_dependencies as d")
    .innerJoin("milestones as f", "f.id", "d.from_milestone_id")
    .innerJoin("milestones as t", "t.id", "d.to_milestone_id")
    .selectAll("d")
    .select(["f.name as from_name", "t.name as to_name"])
    .where("d.workspace_id", "=", ctx.workspaceId)
    .where(
      "d.id",
      "in",
      edges.map((e) => e.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return edges.flatMap(({ id, created }) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        type: "blocks" as const,
        from: { id: r.from_milestone_id, name: r.from_name },
        to: { id: r.to_milestone_id, name: r.to_name },
        created_by: actorView(r.created_by, r.created_via),
        created_at: r.created_at,
        created,
      },
    ];
  });
}

/**
 * Adds `blockedBy` and `blocks` edges to a milestone in one transaction, all or nothing. An edge to the
 * milestone itself or to an unknown one is 400 naming the element; one that would close a cycle is 409
 * showing the cycle; one that exists already is returned as it is (`created: false`).
 */
export async function addMilestoneDependencies(
  ctx: Ctx,
  id: string,
  input: AddMilestoneDependenciesInput,
): Promise<{ data: MilestoneDependencyView[] }> {
  const data = addMilestoneDependenciesInput.parse(input);
  const at = ctx.core.clock.now().toISOString();
  const edges = await ctx.core.db.transaction().execute(async (trx) => {
    await lockMilestoneGraph(ctx, trx);
    const self = await requireMilestone(ctx, id, trx);
    const problems: Record<string, string> = {};
    const blockedBy = await resolveMilestones(trx, ctx, self, data.blockedBy ?? [], "blockedBy", problems);
    const blocks = await resolveMilestones(trx, ctx, self, data.blocks ?? [], "blocks", problems);
    if (Object.keys(problems).length > 0) {
      const summary = Object.entries(problems)
        .map(([f, m]) => `${f}: ${m}`)
        .join("; ");
      throw invalid(`Invalid dependencies: ${summary}`, problems);
    }
    const wanted: [Named, Named][] = [
      ...blockedBy.map((other): [Named, Named] => [other, self]),
      ...blocks.map((other): [Named, Named] => [self, other]),
    ];
    const out: { id: string; created: boolean }[] = [];
    const seen = new Set<string>();
    for (const [from, to] of wanted) {
      const key = `${from.id}>${to.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const existing = await trx
        .selectFrom("milestone_dependencies")
        .select("id")
        .where("from_milestone_id", "=", from.id)
        .where("to_milestone_id", "=", to.id)
        .executeTakeFirst();
      if (existing) {
        out.push({ id: existing.id, created: false });
        continue;
      }
      await refuseMilestoneCycle(trx, ctx, from, to);
      const edgeId = newId("mdep", new Date(at));
      await trx
        .insertInto("milestone_dependencies")
        .values({
          id: edgeId,
          workspace_id: ctx.workspaceId,
          from_milestone_id: from.id,
          to_milestone_id: to.id,
          created_by: ctx.actor.personId,
          created_via: ctx.actor.via,
          created_at: at,
        })
        .execute();
      const change = { dependency: { from: null, to: `${from.name} blocks ${to.name}` } };
      await recordActivity(trx, ctx, { type: "milestone", id: from.id }, "dependency_added", change, at);
      await recordActivity(trx, ctx, { type: "milestone", id: to.id }, "dependency_added", change, at);
      await emitEvent(trx, ctx, {
        type: "milestone_dependency.created",
        object: { type: "milestone_dependency", id: edgeId },
        data: { from_milestone: from.id, to_milestone: to.id, changes: change },
        at,
      });
      out.push({ id: edgeId, created: true });
    }
    return out;
  });
  return { data: await dependencyViews(ctx, edges) };
}

/** Removes an edge between two milestones; both record it in their activity. */
export async function deleteMilestoneDependency(
  ctx: Ctx,
  id: string,
): Promise<{ id: string; deleted: true }> {
  const at = ctx.core.clock.now().toISOString();
  await ctx.core.db.transaction().execute(async (trx) => {
    const dep = await trx
      .selectFrom("milestone_dependencies as d")
      .innerJoin("milestones as f", "f.id", "d.from_milestone_id")
      .innerJoin("milestones as t", "t.id", "d.to_milestone_id")
      .select(["d.from_milestone_id", "d.to_milestone_id", "f.name as from_name", "t.name as to_name"])
      .where("d.workspace_id", "=", ctx.workspaceId)
      .where("d.id", "=", id)
      .executeTakeFirst();
    if (!dep) throw notFound(`No milestone dependency ${id} in this workspace.`);
    await trx.deleteFrom("milestone_dependencies").where("id", "=", id).execute();
    const change = { dependency: { from: `${dep.from_name} blocks ${dep.to_name}`, to: null } };
    for (const subject of [dep.from_milestone_id, dep.to_milestone_id]) {
      await recordActivity(trx, ctx, { type: "milestone", id: subject }, "dependency_removed", change, at);
    }
    await emitEvent(trx, ctx, {
      type: "milestone_dependency.deleted",
      object: { type: "milestone_dependency", id },
      data: { from_milestone: dep.from_milestone_id, to_milestone: dep.to_milestone_id, changes: change },
      at,
    });
  });
  return { id, deleted: true };
}
