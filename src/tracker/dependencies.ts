import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Database, DependenciesTable, IssueStatus, IssuesTable } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { activityRecord, diff, type Recorded, recordActivity, writeRecorded } from "./activity.ts";
import {
  CLOSED_STATUSES,
  checkIfMatch,
  issueRefs,
  lostRace,
  objectId,
  STATUSES,
  timeOut,
  touched,
  versionOut,
} from "./common.ts";
import { actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";
import { emitEvent, emitEvents } from "./events.ts";
import { refuseCycle } from "./graph.ts";
import { resolveIssue, resolveIssueIds } from "./issues.ts";
import { checkFence } from "./leases.ts";
import { isReadyRow } from "./readiness.ts";

type Db = Kysely<Database> | Transaction<Database>;
type Kind = DependenciesTable["kind"];

/** The edges a request asks for, by issue identifier. */
export interface EdgeRequest {
  blocks: string[];
  blockedBy: string[];
  relatesTo: string[];
}

export const addDependenciesInput = z
  .strictObject({
    blockedBy: issueRefs.optional().describe("Issues that block this one."),
    blocks: issueRefs.optional().describe("Issues this one blocks."),
    relatesTo: issueRefs.optional().describe("Issues related to this one (no direction)."),
  })
  .refine((b) => (b.blockedBy?.length ?? 0) + (b.blocks?.length ?? 0) + (b.relatesTo?.length ?? 0) > 0, {
    error: "name at least one issue in blockedBy, blocks or relatesTo",
  });
export type AddDependenciesInput = z.output<typeof addDependenciesInput>;

export const dependencyId = objectId("dep", "dependency");

export const updateDependencyInput = z
  .strictObject({
    type: z
      .enum(["blocks", "relatesTo"], { error: "must be blocks or relatesTo" })
      .optional()
      .describe("blocks: `from` blocks `to`; relatesTo: the two are related."),
    reverse: z
      .literal(true, { error: "must be true when given" })
      .optional()
      .describe("Swap `from` and `to`, so that `to` blocks `from`."),
    note: z
      .string({ error: "must be a string" })
      .max(1000, { error: "must be at most 1000 characters" })
      .optional(),
  })
  .refine((b) => b.type !== undefined || b.reverse !== undefined || b.note !== undefined, {
    error: "change at least one of type, reverse or note",
  });
export type UpdateDependencyInput = z.output<typeof updateDependencyInput>;

const end = z.object({ id: z.string(), identifier: z.string(), title: z.string(), status: z.enum(STATUSES) });
export const dependencyView = z
  .object({
    id: z.string(),
    type: z.enum(["blocks", "relatesTo"]),
    from: end,
    to: end,
    note: z.string(),
    version: versionOut,
    created_by: z.object({ person_id: z.string(), via: z.string() }),
    created_at: timeOut,
    updated_at: timeOut,
    created: z.boolean().optional().describe("false when the edge already existed"),
  })
  .meta({ id: "Dependency" });
export type DependencyView = z.output<typeof dependencyView>;

export interface NeighbourView {
  dependency_id: string;
  id: string;
  identifier: string;
  title: string;
  status: IssueStatus;
}

/** Holds the workspace's dependency graph still while a write checks it for cycles (PostgreSQL). */
export async function lockGraph(ctx: Ctx, trx: Transaction<Database>): Promise<void> {
  if (ctx.core.store.kind === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`graph:${ctx.workspaceId}`}))`.execute(trx);
  }
}

const byIdentifier = new Intl.Collator("en", { numeric: true });

type EdgeRow = NeighbourView & { kind: Kind; outgoing: number };

/** What an issue blocks, what blocks it and what relates to it (each by identifier), from its edges. */
function partition(edges: EdgeRow[]): {
  blocks: NeighbourView[];
  blockedBy: NeighbourView[];
  relatesTo: NeighbourView[];
} {
  const rows = edges.sort((a, b) => byIdentifier.compare(a.identifier, b.identifier));
  const view = ({ kind: _k, outgoing: _o, ...rest }: EdgeRow): NeighbourView => rest;
  return {
    blocks: rows.filter((e) => e.kind === "blocks" && Number(e.outgoing) === 1).map(view),
    blockedBy: rows.filter((e) => e.kind === "blocks" && Number(e.outgoing) === 0).map(view),
    relatesTo: rows.filter((e) => e.kind === "relates_to").map(view),
  };
}

/**
 * The edges of the issue `i` (an outer query's alias) as two JSON columns, for a read that takes its
 * issue and its edges in one statement: `edges_out` (what it points to) and `edges_in`. Each is an
 * array of [dependency id, kind, id, identifier, title, status]; `neighboursFromJson` reads them.
 */
export function edgeColumns(sqlite: boolean) {
  const edges = (join: string, where: string) =>
    sqlite
      ? sql<string>`(select json_group_array(json_array(d.id, d.kind, o.id, o.identifier, o.title, o.status))
          from dependencies d join issues o on o.id = ${sql.raw(join)} where ${sql.raw(where)} = i.id)`
      : sql<string>`(select coalesce(json_agg(json_build_array(d.id, d.kind, o.id, o.identifier, o.title, o.status)), '[]')
          from dependencies d join issues o on o.id = ${sql.raw(join)} where ${sql.raw(where)} = i.id)`;
  return [
    edges("d.to_issue_id", "d.from_issue_id").as("edges_out"),
    edges("d.from_issue_id", "d.to_issue_id").as("edges_in"),
  ] as const;
}

type EdgeTuple = [string, Kind, string, string, string, IssueStatus];

/**
 * What an issue blocks, what blocks it and what relates to it, each with its live status, from a read
 * whose statement carried `edgeColumns` (JSON text on SQLite, parsed on PostgreSQL).
 */
export function neighboursFromJson(out: unknown, into: unknown) {
  const rows: EdgeRow[] = [];
  const add = (json: unknown, outgoing: number) => {
    for (const [dependency_id, kind, id, identifier, title, status] of (typeof json === "string"
      ? JSON.parse(json)
      : json) as EdgeTuple[]) {
      rows.push({ dependency_id, id, identifier, title, status, kind, outgoing });
    }
  };
  add(out, 1);
  add(into, 0);
  return partition(rows);
}

/**
 * Refuses `from blocks to` when `to` already reaches `from` through blocks edges: the new edge would
 * close a cycle. The 409 names the cycle's path.
 */
export async function refuseIssueCycle(
  db: Db,
  from: Pick<IssuesTable, "id" | "identifier">,
  to: Pick<IssuesTable, "id" | "identifier">,
) {
  const hasIncoming = await db
    .selectFrom("dependencies")
    .select("id")
    .where("to_issue_id", "=", from.id)
    .where("kind", "=", "blocks")
    .limit(1)
    .executeTakeFirst();
  if (!hasIncoming) return;
  await refuseCycle(
    db,
    {
      table: "dependencies",
      fromColumn: "from_issue_id",
      toColumn: "to_issue_id",
      filters: { kind: "blocks" },
    },
    { id: from.id, name: from.identifier },
    { id: to.id, name: to.identifier },
    async (ids) => {
      const rows = await db
        .selectFrom("issues")
        .select(["id", "identifier"])
        .where("id", "in", ids)
        .execute();
      return new Map(rows.map((n) => [n.id, n.identifier]));
    },
  );
}

/**
 * Holds the blocking issues of edges being written and reads their status, so that a status change of
 * one of them (which recounts what it blocks) cannot interleave with the write (PostgreSQL row locks;
 * SQLite writes are serial anyway).
 */
async function holdBlockers(
  ctx: Ctx,
  trx: Transaction<Database>,
  ids: readonly string[],
): Promise<Map<string, IssueStatus>> {
  if (ids.length === 0) return new Map();
  const query = trx
    .selectFrom("issues")
    .select(["id", "status"])
    .where("id", "in", [...new Set(ids)])
    .orderBy("id");
  const rows = await (ctx.core.store.kind === "postgres" ? query.forUpdate() : query).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * Recounts the open issues blocking each of `ids` into `issues.open_blockers`, which ready work reads
 * from an index. Counting afresh (rather than adding and subtracting) keeps the number right whatever
 * changed.
 */
export async function recountOpenBlockers(
  trx: Transaction<Database>,
  ctx: Ctx,
  ids: readonly string[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const before = await trx
    .selectFrom("issues")
    .select(["id", "status", "open_blockers"])
    .where("id", "in", unique)
    .execute();
  const after = await trx
    .updateTable("issues")
    .set({
      open_blockers: sql<number>`(select count(*) from dependencies d join issues b on b.id = d.from_issue_id
        where d.to_issue_id = issues.id and d.kind = 'blocks' and b.status not in ('done', 'canceled'))`,
    })
    .where("id", "in", unique)
    .returning(["id", "identifier", "status", "open_blockers"])
    .execute();
  const wasReady = new Map(before.map((r) => [r.id, isReadyRow(r)]));
  const ready = after
    .filter((r) => isReadyRow(r) && wasReady.get(r.id) === false)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  await emitEvents(
    trx,
    ctx,
    ready.map((r) => readyEvent(r, "unblocked", at)),
  );
}

/** Open (not iced, not closed) and blocked by no open issue: what ready work lists (see readiness.ts). */
export { isReadyRow };

/** `issue.ready`: the issue became ready work (`because` says how: unblocked, thawed or reopened). */
export const readyEvent = (
  issue: { id: string; identifier: string },
  because: "unblocked" | "thawed" | "reopened",
  at: string,
) => ({
  type: "issue.ready",
  object: { type: "issue", id: issue.id },
  data: { identifier: issue.identifier, because },
  at,
});

type Found = { id: string; identifier: string; status: IssueStatus; title: string };

async function existingEdge(db: Db, a: string, b: string) {
  return db
    .selectFrom("dependencies")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb("from_issue_id", "=", a), eb("to_issue_id", "=", b)]),
        eb.and([eb("from_issue_id", "=", b), eb("to_issue_id", "=", a)]),
      ]),
    )
    .executeTakeFirst();
}

const describe = (kind: Kind, from: string, to: string) =>
  kind === "blocks" ? `${from} blocks ${to}` : `${from} relates to ${to}`;

/** The issues an edge request names, by list. */
export type ResolvedEdges = [keyof EdgeRequest, Found[]][];

/** Resolves the issues an edge request names: 400 naming each unknown one, or `self` among them. */
export async function resolveEdges(
  ctx: Ctx,
  db: Db,
  request: EdgeRequest,
  self?: Pick<IssuesTable, "id" | "identifier">,
): Promise<ResolvedEdges> {
  const lists: ResolvedEdges = [];
  const fields: Record<string, string> = {};
  for (const key of ["blockedBy", "blocks", "relatesTo"] as const) {
    const found = await resolveIssueIds(db, ctx, request[key], key);
    found.forEach((f, i) => {
      if (self && f.id === self.id)
        fields[`${key}[${i}]`] = `an issue cannot depend on itself (${self.identifier})`;
    });
    lists.push([key, found]);
  }
  if (Object.keys(fields).length > 0) {
    throw invalid(
      `Invalid dependencies: ${Object.entries(fields)
        .map(([f, m]) => `${f}: ${m}`)
        .join("; ")}`,
      fields,
    );
  }
  return lists;
}

type Named = Pick<IssuesTable, "id" | "identifier">;

/** A new edge's row, its activity (on both ends) and its `dependency.created` event added to `records`. */
function newEdge(
  ctx: Ctx,
  kind: Kind,
  from: Named,
  to: Named,
  at: string,
  records: Recorded,
): DependenciesTable {
  const id = newId("dep", new Date(at));
  const change = { dependency: { from: null, to: describe(kind, from.identifier, to.identifier) } };
  const ends = [from.id, to.id].map((id) => ({ type: "issue", id }));
  records.activity.push(...activityRecord(ctx, ends, "dependency_added", change, at).activity);
  records.events.push({
    type: "dependency.created",
    object: { type: "dependency", id },
    data: { kind, from_issue: from.identifier, to_issue: to.identifier, changes: change },
    at,
  });
  return {
    id,
    workspace_id: ctx.workspaceId,
    kind,
    from_issue_id: from.id,
    to_issue_id: to.id,
    note: "",
    version: 1,
    ...authoredBy(ctx, at),
  };
}

/**
 * The edges of an issue being made that nothing is to block (no `blockedBy`), without a read: none of
 * them can exist yet, clash or close a cycle (a cycle through the new issue needs an edge into it), and
 * the new issue's status is the one given. Answers the rows to insert (as addEdges would, in its order)
 * and how many open blockers each issue it blocks gains; their activity and events go to `records`.
 */
export function edgesOfNewIssue(
  ctx: Ctx,
  issue: Named & Pick<IssuesTable, "status">,
  lists: ResolvedEdges,
  at: string,
  records: Recorded,
): { rows: DependenciesTable[]; blocked: Map<string, number> } {
  const rows: DependenciesTable[] = [];
  const blocked = new Map<string, number>();
  const seen = new Set<string>();
  for (const [key, found] of lists) {
    if (key === "blockedBy" && found.length > 0) throw new Error("edgesOfNewIssue: blockedBy needs addEdges");
    for (const other of found) {
      const kind: Kind = key === "relatesTo" ? "relates_to" : "blocks";
      let from: Named = issue;
      let to: Named = other;
      if (kind === "relates_to" && from.id > to.id) [from, to] = [to, from];
      const pair = `${from.id}:${to.id}:${kind}`;
      if (seen.has(pair)) continue;
      seen.add(pair);
      rows.push(newEdge(ctx, kind, from, to, at, records));
      if (kind === "blocks" && !CLOSED_STATUSES.includes(issue.status)) {
        blocked.set(to.id, (blocked.get(to.id) ?? 0) + 1);
      }
    }
  }
  return { rows, blocked };
}

/**
 * Adds the requested edges around `issue` inside the caller's transaction (which holds the graph
 * lock). Any refusal throws and so undoes every edge of the request. Returns the edges, old and new.
 */
export async function addEdges(
  ctx: Ctx,
  trx: Transaction<Database>,
  issue: Pick<IssuesTable, "id" | "identifier"> & Partial<Pick<IssuesTable, "status">>,
  request: EdgeRequest,
  at: string,
  options: {
    /**
     * the issue was made in this transaction: it has no edges yet, so none can exist or clash, and
     * nobody else can change its status (given in `issue`)
     */
    fresh?: boolean;
    /** the issues `request` names, resolved already (resolveEdges) */
    resolved?: ResolvedEdges;
    /**
     * where the edges' activity and events go, for the caller to write with its own in one insert;
     * without it they are written here
     */
    recorded?: Recorded;
  } = {},
): Promise<{ id: string; created: boolean }[]> {
  const { fresh = false, recorded } = options;
  const records: Recorded = recorded ?? { activity: [], events: [] };
  const lists = options.resolved ?? (await resolveEdges(ctx, trx, request, issue));
  const out: { id: string; created: boolean }[] = [];
  const seen = new Set<string>();
  // each new edge from an open blocker adds one to what it blocks
  const added = new Map<string, number>();
  const own = fresh && issue.status !== undefined;
  const statusOf = await holdBlockers(ctx, trx, [
    ...(lists.find(([key]) => key === "blockedBy")?.[1].map((f) => f.id) ?? []),
    ...(request.blocks.length > 0 && !own ? [issue.id] : []),
  ]);
  if (own && issue.status !== undefined) statusOf.set(issue.id, issue.status);
  for (const [key, found] of lists) {
    for (const other of found) {
      const kind: Kind = key === "relatesTo" ? "relates_to" : "blocks";
      let from = key === "blockedBy" ? other : issue;
      let to = key === "blockedBy" ? issue : other;
      if (kind === "relates_to" && from.id > to.id) [from, to] = [to, from];
      const pair = `${from.id}:${to.id}:${kind}`;
      if (seen.has(pair)) continue;
      seen.add(pair);

      const existing = fresh ? undefined : await existingEdge(trx, from.id, to.id);
      if (existing) {
        if (existing.kind === kind && existing.from_issue_id === from.id) {
          out.push({ id: existing.id, created: false });
          continue;
        }
        if (!(kind === "blocks" && existing.kind === "blocks")) {
          const names = new Map([
            [from.id, from.identifier],
            [to.id, to.identifier],
          ]);
          throw conflict(
            `${from.identifier} and ${to.identifier} are already linked (${describe(existing.kind, names.get(existing.from_issue_id)!, names.get(existing.to_issue_id)!)}, ${existing.id}); change that dependency with PATCH /v1/dependencies/${existing.id}.`,
          );
        }
      }
      if (kind === "blocks" && !(fresh && request.blockedBy.length === 0))
        await refuseIssueCycle(trx, from, to);
      const row = newEdge(ctx, kind, from, to, at, records);
      await trx.insertInto("dependencies").values(row).execute();
      if (kind === "blocks" && !CLOSED_STATUSES.includes(statusOf.get(from.id) ?? "done")) {
        added.set(to.id, (added.get(to.id) ?? 0) + 1);
      }
      out.push({ id: row.id, created: true });
    }
  }
  if (!recorded) await writeRecorded(trx, ctx, records);
  for (const [id, n] of added) {
    await trx
      .updateTable("issues")
      .set((eb) => ({ open_blockers: eb("open_blockers", "+", n) }))
      .where("id", "=", id)
      .execute();
  }
  return out;
}

async function dependencyViews(
  db: Db,
  ctx: Ctx,
  ids: { id: string; created?: boolean }[],
): Promise<DependencyView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("dependencies as d")
    .innerJoin("issues as f", "f.id", "d.from_issue_id")
    .innerJoin("issues as t", "t.id", "d.to_issue_id")
    .selectAll("d")
    .select([
      "f.identifier as f_identifier",
      "f.title as f_title",
      "f.status as f_status",
      "t.identifier as t_identifier",
      "t.title as t_title",
      "t.status as t_status",
    ])
    .where("d.workspace_id", "=", ctx.workspaceId)
    .where(
      "d.id",
      "in",
      ids.map((i) => i.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap(({ id, created }) => {
    const r = byId.get(id);
    if (!r) return [];
    const view: DependencyView = {
      id: r.id,
      type: r.kind === "blocks" ? "blocks" : "relatesTo",
      from: { id: r.from_issue_id, identifier: r.f_identifier, title: r.f_title, status: r.f_status },
      to: { id: r.to_issue_id, identifier: r.t_identifier, title: r.t_title, status: r.t_status },
      note: r.note,
      version: r.version,
      created_by: actorView(r.created_by, r.created_via),
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
    if (created !== undefined) view.created = created;
    return [view];
  });
}

/**
 * Sets `blockedBy`, `blocks` and `relatesTo` of an issue in one call, all or nothing. Edges that already
 * exist are returned as they are (`created: false`), never duplicated.
 */
export async function addDependencies(
  ctx: Ctx,
  ref: string,
  input: AddDependenciesInput,
  options: { fencingToken?: number | undefined } = {},
): Promise<{ data: DependencyView[] }> {
  const data = addDependenciesInput.parse(input);
  const at = ctx.core.clock.now().toISOString();
  const edges = await ctx.core.db.transaction().execute(async (trx) => {
    await lockGraph(ctx, trx);
    const issue = await resolveIssue(ctx, ref, trx);
    await checkFence(ctx, trx, issue.id, options.fencingToken);
    return addEdges(
      ctx,
      trx,
      issue,
      { blocks: data.blocks ?? [], blockedBy: data.blockedBy ?? [], relatesTo: data.relatesTo ?? [] },
      at,
    );
  });
  return { data: await dependencyViews(ctx.core.db, ctx, edges) };
}

async function requireDependency(db: Db, ctx: Ctx, id: string) {
  const row = await db
    .selectFrom("dependencies as d")
    .innerJoin("issues as f", "f.id", "d.from_issue_id")
    .innerJoin("issues as t", "t.id", "d.to_issue_id")
    .selectAll("d")
    .select(["f.identifier as f_identifier", "t.identifier as t_identifier"])
    .where("d.workspace_id", "=", ctx.workspaceId)
    .where("d.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No dependency ${id} in this workspace.`);
  return row;
}

export async function getDependency(ctx: Ctx, id: string): Promise<DependencyView> {
  await requireDependency(ctx.core.db, ctx, id);
  const [view] = await dependencyViews(ctx.core.db, ctx, [{ id }]);
  return view!;
}

/** Changes an edge's type, direction or note; a change that makes a cycle is refused like a new edge. */
export async function updateDependency(
  ctx: Ctx,
  id: string,
  input: UpdateDependencyInput,
  ifMatch?: number[],
): Promise<DependencyView> {
  const data = updateDependencyInput.parse(input);
  const at = ctx.core.clock.now().toISOString();
  await ctx.core.db.transaction().execute(async (trx) => {
    await lockGraph(ctx, trx);
    const dep = await requireDependency(trx, ctx, id);
    checkIfMatch(ifMatch, dep.version, `Dependency ${id}`);
    const kind: Kind = data.type === undefined ? dep.kind : data.type === "blocks" ? "blocks" : "relates_to";
    let from = { id: dep.from_issue_id, identifier: dep.f_identifier };
    let to = { id: dep.to_issue_id, identifier: dep.t_identifier };
    if (data.reverse) [from, to] = [to, from];
    if (kind === "relates_to" && from.id > to.id) [from, to] = [to, from];
    const before = describe(dep.kind, dep.f_identifier, dep.t_identifier);
    const after = describe(kind, from.identifier, to.identifier);
    if (before === after && (data.note ?? dep.note) === dep.note) return; // nothing changes
    const { f_identifier: _f, t_identifier: _t, ...row } = dep;
    const next = {
      ...row,
      kind,
      from_issue_id: from.id,
      to_issue_id: to.id,
      note: data.note ?? dep.note,
      version: dep.version + 1,
      ...touchedBy(ctx, at),
    };
    await holdBlockers(ctx, trx, [dep.from_issue_id, dep.to_issue_id]);
    // the edge is checked as if new: out of the graph, a search for a path back, then in again
    const taken = await trx
      .deleteFrom("dependencies")
      .where("id", "=", id)
      .where("version", "=", dep.version)
      .executeTakeFirst();
    if (touched(taken) === 0) throw lostRace(ifMatch, `Dependency ${id}`);
    if (kind === "blocks" && (dep.kind !== "blocks" || from.id !== dep.from_issue_id))
      await refuseIssueCycle(trx, from, to);
    await trx.insertInto("dependencies").values(next).execute();
    await recountOpenBlockers(trx, ctx, [dep.from_issue_id, dep.to_issue_id], at);
    if (before !== after) {
      const change = { dependency: { from: before, to: after } };
      const ends = [...new Set([from.id, to.id])].map((id) => ({ type: "issue", id }));
      await recordActivity(trx, ctx, ends, "dependency_changed", change, at);
    }
    const changes = diff({ dependency: before, note: dep.note }, { dependency: after, note: next.note });
    if (Object.keys(changes).length > 0) {
      await emitEvent(trx, ctx, {
        type: "dependency.updated",
        object: { type: "dependency", id },
        data: { kind, from_issue: from.identifier, to_issue: to.identifier, changes },
        at,
      });
    }
  });
  return getDependency(ctx, id);
}

/** Removes an edge; both issues' activity records it. With If-Match, only at a version read (else 412). */
export async function deleteDependency(
  ctx: Ctx,
  id: string,
  ifMatch?: number[],
): Promise<{ id: string; deleted: true }> {
  const at = ctx.core.clock.now().toISOString();
  await ctx.core.db.transaction().execute(async (trx) => {
    const dep = await requireDependency(trx, ctx, id);
    checkIfMatch(ifMatch, dep.version, `Dependency ${id}`);
    await holdBlockers(ctx, trx, [dep.from_issue_id]);
    const taken = await trx
      .deleteFrom("dependencies")
      .where("id", "=", id)
      .where("version", "=", dep.version)
      .executeTakeFirst();
    if (touched(taken) === 0) throw lostRace(ifMatch, `Dependency ${id}`);
    if (dep.kind === "blocks") await recountOpenBlockers(trx, ctx, [dep.to_issue_id], at);
    const change = { dependency: { from: describe(dep.kind, dep.f_identifier, dep.t_identifier), to: null } };
    const ends = [dep.from_issue_id, dep.to_issue_id].map((id) => ({ type: "issue", id }));
    await recordActivity(trx, ctx, ends, "dependency_removed", change, at);
    await emitEvent(trx, ctx, {
      type: "dependency.deleted",
      object: { type: "dependency", id },
      data: { kind: dep.kind, from_issue: dep.f_identifier, to_issue: dep.t_identifier, changes: change },
      at,
    });
  });
  return { id, deleted: true };
}
