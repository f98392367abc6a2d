import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import { runNamed } from "../db/prepared.ts";
import type { Database, DecisionsTable } from "../db/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { type ActivityView, diff, listActivity, recordActivity } from "./activity.ts";
import {
  checkIfMatch,
  containsText,
  csv,
  issueRef,
  issueRefs,
  lostRace,
  markdown,
  objectId,
  timeOut,
  title,
  titleQuery,
  touched,
  versionOut,
} from "./common.ts";
import { actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";
import {
  filterIssueId,
  identifiersOf,
  type LinkedIssueView,
  linkedIssueView,
  linkedToIssue,
  linksOf,
  replaceLinks,
  resolveLinks,
} from "./issue-links.ts";
import {
  byCreation,
  DEFAULT_LIMIT,
  type Page,
  type PageInput,
  pageQuery,
  paginate,
  type SortKey,
} from "./pagination.ts";
import { indexDocument } from "./search-index.ts";

/**
 * Decisions, ADR-like: what was decided, why, and what follows, linked to the issues they bear on. A
 * decision may supersede an earlier one, which is then marked `superseded` in the same transaction.
 */

export const DECISION_STATUSES = ["proposed", "accepted", "rejected", "superseded"] as const;
export type DecisionRow = DecisionsTable;
type Db = Kysely<Database> | Transaction<Database>;

// ---------------------------------------------------------------------------------------------------
// Schemas

const decisionStatus = z.enum(DECISION_STATUSES, { error: `must be one of ${DECISION_STATUSES.join(", ")}` });
export const decisionId = objectId("dec", "decision");

const decisionFields = {
  status: decisionStatus.optional().describe("proposed (the default), accepted, rejected or superseded."),
  context: markdown.optional().describe("Why a decision was needed: the forces at play (Markdown)."),
  decision: markdown.optional().describe("What was decided (Markdown)."),
  consequences: markdown.optional().describe("What follows from it, good and bad (Markdown)."),
  issues: issueRefs.optional().describe("Issues the decision bears on; on update, the whole new set."),
  supersedes: decisionId
    .nullable()
    .optional()
    .describe("An earlier decision this one replaces; that one is marked superseded."),
};

export const createDecisionInput = z.strictObject({ title, ...decisionFields });
export type CreateDecisionInput = z.input<typeof createDecisionInput>;

export const updateDecisionInput = z.strictObject({ title: title.optional(), ...decisionFields });
export type UpdateDecisionInput = z.input<typeof updateDecisionInput>;

export const DECISION_SORTS = ["created", "-created"] as const;

export const listDecisionsQuery = z.strictObject({
  ...pageQuery,
  status: csv(decisionStatus).optional().describe("Comma-separated statuses."),
  issue: issueRef.optional().describe("Only decisions linked to this issue."),
  q: titleQuery.optional().describe("Text the title contains (case-insensitive)."),
  sort: z
    .enum(DECISION_SORTS, { error: `must be one of ${DECISION_SORTS.join(", ")}` })
    .default("-created")
    .describe("created: oldest first; -created: newest first (the default)."),
});
/** A parsed list query; `limit` and `sort` take their defaults when left out. */
export type ListDecisionsQuery = Partial<z.output<typeof listDecisionsQuery>>;

const actorSchema = z.object({ person_id: z.string(), via: z.string() });

/** A decision in lists: everything but its three Markdown texts. */
export const decisionSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    status: decisionStatus,
    supersedes: z.string().nullable(),
    superseded_by: z.array(z.string()),
    issues: z.array(linkedIssueView),
    version: versionOut,
    created_by: actorSchema,
    updated_by: actorSchema,
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "DecisionSummary" });
export type DecisionSummary = z.output<typeof decisionSummary>;

export const decisionView = decisionSummary
  .extend({
    context: z.string(),
    decision: z.string(),
    consequences: z.string(),
  })
  .meta({ id: "Decision" });
export type DecisionView = z.output<typeof decisionView>;

/** A decision as an issue's execution bundle shows it. */
export const linkedDecisionView = z.object({
  id: z.string(),
  title: z.string(),
  status: decisionStatus,
  decision: z.string(),
  updated_at: timeOut,
});
export type LinkedDecisionView = z.output<typeof linkedDecisionView>;

// ---------------------------------------------------------------------------------------------------
// Reading

async function findDecision(db: Db, ctx: Ctx, id: string, lock = false): Promise<DecisionRow | undefined> {
  let query = db
    .selectFrom("decisions")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id);
  if (lock && ctx.core.store.kind === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

async function requireDecision(db: Db, ctx: Ctx, id: string, lock = false): Promise<DecisionRow> {
  const row = await findDecision(db, ctx, id, lock);
  if (!row) throw notFound(`No decision ${id} in this workspace.`);
  return row;
}

/** The decisions that supersede each of `ids`, oldest first. */
async function supersededBy(db: Db, ctx: Ctx, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("decisions")
    .select(["id", "supersedes_id"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where("supersedes_id", "in", ids)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const r of rows) if (r.supersedes_id) out.get(r.supersedes_id)?.push(r.id);
  return out;
}

/** Summaries of rows, with their links and who supersedes them read in two queries for the lot. */
async function summaries(db: Db, ctx: Ctx, rows: readonly DecisionRow[]): Promise<DecisionSummary[]> {
  const ids = rows.map((r) => r.id);
  const [links, successors] = await Promise.all([linksOf(db, ctx, ids), supersededBy(db, ctx, ids)]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    supersedes: r.supersedes_id,
    superseded_by: successors.get(r.id) ?? [],
    issues: links.get(r.id) ?? [],
    version: r.version,
    created_by: actorView(r.created_by, r.created_via),
    updated_by: actorView(r.updated_by, r.updated_via),
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/** One decision of the workspace with its texts, links and supersession; 404 when there is none. */
export async function getDecision(ctx: Ctx, id: string, db: Db = ctx.core.db): Promise<DecisionView> {
  const row = await requireDecision(db, ctx, id);
  const [summary] = await summaries(db, ctx, [row]);
  return { ...summary!, context: row.context, decision: row.decision, consequences: row.consequences };
}

const SORT_KEYS: Record<(typeof DECISION_SORTS)[number], SortKey[]> = {
  created: byCreation("d", "asc"),
  "-created": byCreation("d", "desc"),
};

/** Decisions of the workspace, filtered by status, linked issue and title, a page at a time. */
export async function listDecisions(ctx: Ctx, input: ListDecisionsQuery): Promise<Page<DecisionSummary>> {
  const q = { ...input, limit: input.limit ?? DEFAULT_LIMIT, sort: input.sort ?? "-created" };
  const db = ctx.core.db;
  let query = db.selectFrom("decisions as d").selectAll("d").where("d.workspace_id", "=", ctx.workspaceId);
  if (q.status?.length) query = query.where("d.status", "in", q.status);
  if (q.issue) {
    const issueId = await filterIssueId(ctx, q.issue);
    query = query.where(linkedToIssue("d.id", issueId));
  }
  if (q.q) query = query.where(containsText(ctx.core.store.kind, "d.title", q.q));
  const sort = `decisions:${q.sort}`;
  const page = await paginate(query, sort, SORT_KEYS[q.sort], q);
  return { data: await summaries(db, ctx, page.data), next_cursor: page.next_cursor };
}

/** A decision's changes, oldest first; 404 when the decision is not in this workspace. */
export async function listDecisionActivity(
  ctx: Ctx,
  id: string,
  page: PageInput,
): Promise<Page<ActivityView>> {
  await requireDecision(ctx.core.db, ctx, id);
  return listActivity(ctx, id, page);
}

/** The decisions linked to an issue (by its id), oldest first, compact, for the issue's execution bundle. */
export async function linkedDecisions(
  ctx: Ctx,
  issueId: string,
  db: Db = ctx.core.db,
): Promise<LinkedDecisionView[]> {
  return runNamed(
    db,
    db
      .selectFrom("issue_links as l")
      .innerJoin("decisions as d", "d.id", "l.object_id")
      .select(["d.id", "d.title", "d.status", "d.decision", "d.updated_at"])
      .where("l.workspace_id", "=", ctx.workspaceId)
      .where("d.workspace_id", "=", ctx.workspaceId)
      .where("l.object_type", "=", "decision")
      .where("l.issue_id", "=", issueId)
      .orderBy("d.created_at")
      .orderBy("d.id"),
  );
}

// ---------------------------------------------------------------------------------------------------
// Writing

/** On PostgreSQL, one writer at a time follows or changes the workspace's supersedes chains. */
async function lockSupersedes(ctx: Ctx, trx: Transaction<Database>): Promise<void> {
  if (ctx.core.store.kind === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`decisions:${ctx.workspaceId}`}))`.execute(trx);
  }
}

/**
 * The decision `targetId` that `selfId` is to supersede, locked: it must be this workspace's, not the
 * decision itself, and not one that already supersedes it (directly or down its chain). Else 400
 * naming `supersedes`.
 */
async function supersedable(
  trx: Transaction<Database>,
  ctx: Ctx,
  selfId: string,
  targetId: string,
): Promise<DecisionRow> {
  const refuse = (why: string) => invalid(`supersedes: ${why}`, { supersedes: why });
  if (targetId === selfId) throw refuse("a decision cannot supersede itself");
  const target = await findDecision(trx, ctx, targetId, true);
  if (!target) throw refuse(`no decision ${targetId} in this workspace`);
  const seen = new Set([target.id]);
  let next = target.supersedes_id;
  while (next && !seen.has(next)) {
    if (next === selfId) throw refuse(`${targetId} already supersedes this decision; that would make a loop`);
    seen.add(next);
    const row = await trx
      .selectFrom("decisions")
      .select("supersedes_id")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("id", "=", next)
      .executeTakeFirst();
    next = row?.supersedes_id ?? null;
  }
  return target;
}

/** Marks `target` superseded by `byId` (already written), with a new version and its own activity. */
async function markSuperseded(
  trx: Transaction<Database>,
  ctx: Ctx,
  target: DecisionRow,
  byId: string,
  at: string,
): Promise<void> {
  const after = (await supersededBy(trx, ctx, [target.id])).get(target.id) ?? [];
  const before = after.filter((id) => id !== byId);
  await trx
    .updateTable("decisions")
    .set({
      status: "superseded",
      version: target.version + 1,
      ...touchedBy(ctx, at),
    })
    .where("id", "=", target.id)
    .execute();
  await recordActivity(
    trx,
    ctx,
    { type: "decision", id: target.id },
    "superseded",
    diff({ status: target.status, superseded_by: before }, { status: "superseded", superseded_by: after }),
    at,
  );
}

const indexDecision = (trx: Transaction<Database>, row: DecisionRow) =>
  indexDocument(trx, {
    object_id: row.id,
    workspace_id: row.workspace_id,
    object_type: "decision",
    title: row.title,
    body: [row.context, row.decision, row.consequences].join("\n\n"),
    updated_at: row.updated_at,
  });

/** A decision's fields as its activity records them. */
function activityFields(row: DecisionRow, issues: readonly LinkedIssueView[]): Record<string, unknown> {
  return {
    title: row.title,
    status: row.status,
    context: row.context,
    decision: row.decision,
    consequences: row.consequences,
    supersedes: row.supersedes_id,
    issues: identifiersOf(issues),
  };
}

/** Creates a decision and its issue links; marks the decision it supersedes, all in one transaction. */
export async function createDecision(ctx: Ctx, input: CreateDecisionInput): Promise<DecisionView> {
  const data = parse(createDecisionInput, input);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("dec", new Date(at));
  await ctx.core.db.transaction().execute(async (trx) => {
    if (data.supersedes) await lockSupersedes(ctx, trx);
    const issues = await resolveLinks(trx, ctx, data.issues ?? []);
    const target = data.supersedes ? await supersedable(trx, ctx, id, data.supersedes) : undefined;
    const row: DecisionRow = {
      id,
      workspace_id: ctx.workspaceId,
      title: data.title,
      status: data.status ?? "proposed",
      context: data.context ?? "",
      decision: data.decision ?? "",
      consequences: data.consequences ?? "",
      supersedes_id: target?.id ?? null,
      version: 1,
      ...authoredBy(ctx, at),
    };
    await trx.insertInto("decisions").values(row).execute();
    await replaceLinks(trx, ctx, { type: "decision", id }, issues, at);
    await indexDecision(trx, row);
    await recordActivity(trx, ctx, { type: "decision", id }, "created", {}, at);
    if (target) await markSuperseded(trx, ctx, target, id, at);
  });
  return getDecision(ctx, id);
}

/**
 * Changes the fields given and leaves the rest; `issues` replaces the whole link set. With `ifMatch`,
 * only if the decision is still at one of those versions, else 412. A new `supersedes` marks that
 * decision superseded in the same transaction.
 */
export async function updateDecision(
  ctx: Ctx,
  id: string,
  input: UpdateDecisionInput,
  ifMatch?: number[],
): Promise<DecisionView> {
  const data = parse(updateDecisionInput, input);
  await ctx.core.db.transaction().execute(async (trx) => {
    if (data.supersedes) await lockSupersedes(ctx, trx);
    const current = await requireDecision(trx, ctx, id, true);
    checkIfMatch(ifMatch, current.version, `Decision ${id}`);
    const linked = (await linksOf(trx, ctx, [id])).get(id) ?? [];
    const issues = data.issues === undefined ? linked : await resolveLinks(trx, ctx, data.issues);
    const target =
      data.supersedes && data.supersedes !== current.supersedes_id
        ? await supersedable(trx, ctx, id, data.supersedes)
        : undefined;
    const at = ctx.core.clock.now().toISOString();
    const next: DecisionRow = {
      ...current,
      title: data.title ?? current.title,
      status: data.status ?? current.status,
      context: data.context ?? current.context,
      decision: data.decision ?? current.decision,
      consequences: data.consequences ?? current.consequences,
      supersedes_id: data.supersedes === undefined ? current.supersedes_id : data.supersedes,
      version: current.version + 1,
      ...touchedBy(ctx, at),
    };
    const changes = diff(activityFields(current, linked), activityFields(next, issues));
    if (Object.keys(changes).length === 0) return;
    const { id: _id, workspace_id: _w, created_at: _c, created_by: _cb, created_via: _cv, ...set } = next;
    const written = await trx
      .updateTable("decisions")
      .set(set)
      .where("id", "=", id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (touched(written) === 0) throw lostRace(ifMatch, `Decision ${id}`);
    if (changes.issues) await replaceLinks(trx, ctx, { type: "decision", id }, issues, at);
    if (changes.title || changes.context || changes.decision || changes.consequences) {
      await indexDecision(trx, next);
    }
    await recordActivity(trx, ctx, { type: "decision", id }, "updated", changes, at);
    if (target) await markSuperseded(trx, ctx, target, id, at);
  });
  return getDecision(ctx, id);
}
