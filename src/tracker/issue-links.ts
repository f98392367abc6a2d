import { type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Database, LinkedObjectType } from "../db/schema.ts";
import { DocketError, invalid } from "../errors.ts";
import type { Ctx } from "./context.ts";
import { resolveIssueIds, STATUSES } from "./issues.ts";

/**
 * Decisions, notes and files link to issues through one table, `issue_links`. These helpers resolve the
 * issues a request names, replace an object's link set, and read links back with each issue's live
 * title and status.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const linkedIssueView = z.object({
  id: z.string(),
  identifier: z.string(),
  title: z.string(),
  status: z.enum(STATUSES),
});
export type LinkedIssueView = z.output<typeof linkedIssueView>;

/**
 * The issues named in `refs`, each once, in the order given; an unknown issue or another workspace's is
 * 400 naming `field[i]`.
 */
export async function resolveLinks(
  db: Db,
  ctx: Ctx,
  refs: readonly string[],
  field = "issues",
): Promise<LinkedIssueView[]> {
  const rows = await resolveIssueIds(db, ctx, refs, field);
  const seen = new Set<string>();
  const out: LinkedIssueView[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    out.push({ id: r.id, identifier: r.identifier, title: r.title, status: r.status });
  }
  return out;
}

/**
 * Makes `issues` the object's whole link set, in the caller's transaction. Links that stay keep their
 * original time; only the removed ones are deleted and the new ones added.
 */
export async function replaceLinks(
  trx: Transaction<Database>,
  ctx: Ctx,
  object: { type: LinkedObjectType; id: string },
  issues: readonly LinkedIssueView[],
  at: string,
): Promise<void> {
  const existing = await trx
    .selectFrom("issue_links")
    .select("issue_id")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("object_id", "=", object.id)
    .execute();
  const had = new Set(existing.map((r) => r.issue_id));
  const wanted = new Set(issues.map((i) => i.id));
  const removed = [...had].filter((id) => !wanted.has(id));
  const added = issues.filter((i) => !had.has(i.id));
  if (removed.length > 0) {
    await trx
      .deleteFrom("issue_links")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("object_id", "=", object.id)
      .where("issue_id", "in", removed)
      .execute();
  }
  if (added.length > 0) {
    await trx
      .insertInto("issue_links")
      .values(
        added.map((i) => ({
          workspace_id: ctx.workspaceId,
          object_type: object.type,
          object_id: object.id,
          issue_id: i.id,
          created_at: at,
        })),
      )
      .execute();
  }
}

/** The issues linked to each of `objectIds`, oldest issue first, with their live title and status. */
export async function linksOf(
  db: Db,
  ctx: Ctx,
  objectIds: readonly string[],
): Promise<Map<string, LinkedIssueView[]>> {
  const out = new Map<string, LinkedIssueView[]>(objectIds.map((id) => [id, []]));
  if (objectIds.length === 0) return out;
  const rows = await db
    .selectFrom("issue_links as l")
    .innerJoin("issues as i", "i.id", "l.issue_id")
    .select(["l.object_id", "i.id", "i.identifier", "i.title", "i.status"])
    .where("l.workspace_id", "=", ctx.workspaceId)
    .where("l.object_id", "in", objectIds)
    .orderBy("i.created_at")
    .orderBy("i.id")
    .execute();
  for (const r of rows) {
    out.get(r.object_id)?.push({ id: r.id, identifier: r.identifier, title: r.title, status: r.status });
  }
  return out;
}

/** The identifiers of a link set in a stable order (oldest issue first), as activity records them. */
export const identifiersOf = (issues: readonly LinkedIssueView[]): string[] =>
  [...issues].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((i) => i.identifier);

/** The issue a list's `issue` filter names; unknown (or another workspace's) is 400 naming `issue`. */
export async function filterIssueId(ctx: Ctx, ref: string): Promise<string> {
  try {
    const [issue] = await resolveIssueIds(ctx.core.db, ctx, [ref], "issue");
    return issue!.id;
  } catch (e) {
    if (!(e instanceof DocketError)) throw e;
    throw invalid(`issue: no issue ${ref} in this workspace`, { issue: `no issue ${ref} in this workspace` });
  }
}

/** A filter: the object in `column` (e.g. `d.id`) is linked to the issue `issueId`. */
export function linkedToIssue(column: string, issueId: string) {
  return sql<SqlBool>`exists (select 1 from issue_links l where l.object_id = ${sql.ref(column)} and l.issue_id = ${issueId})`;
}
