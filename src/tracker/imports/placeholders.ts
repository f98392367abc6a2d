import { sql } from "kysely";
import { z } from "zod";
import { invalid, notFound } from "../../errors.ts";
import { parse } from "../../validate.ts";
import { countOut, objectId, timeOut } from "../common.ts";
import type { Ctx } from "../context.ts";
import { type Page, pageQuery, paginate } from "../pagination.ts";
import { requireImportAdmin } from "./index.ts";

/**
 * Placeholder people: someone another tracker named (an author, an assignee, a commenter) who is not a
 * member here. An import makes one per person of a source, never an account: a placeholder cannot sign
 * in (its email is in the reserved `.invalid` domain, it is suspended, and sign-in refuses it by name)
 * and is shown as "name (imported)". An admin maps it to a member, which moves its issues, comments and
 * activity over to the member and removes the placeholder; a later import of the same source then
 * names the member.
 */

export const placeholderId = objectId("usr", "person");
export const placeholderParams = z.strictObject({ id: placeholderId });
export const listPlaceholdersQuery = z.strictObject({ ...pageQuery });

export const mapPlaceholderInput = z.strictObject({
  member: z
    .string({ error: "must be a member's email or id (usr_…)" })
    .trim()
    .min(1, { error: "must be a member's email or id (usr_…)" })
    .max(254, { error: "must be at most 254 characters" })
    .describe("The member who takes the placeholder's work: their email or id (usr_…)."),
});

export const placeholderView = z
  .object({
    id: z.string(),
    name: z.string().describe('Shown as "name (imported)".'),
    sources: z
      .array(z.object({ source: z.string(), source_id: z.string() }))
      .describe(
        "Who they are in the sources they came from (a GitHub login, a Linear name, a Jira account).",
      ),
    issues: countOut.describe("Issues they created or are assigned."),
    comments: countOut,
    created_at: timeOut,
  })
  .meta({ id: "Placeholder" });
export type PlaceholderView = z.output<typeof placeholderView>;

export const mappedPlaceholderView = z
  .object({
    placeholder: z.object({ id: z.string(), name: z.string() }),
    member: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    moved: z.object({ issues: countOut, comments: countOut, activity: countOut }),
  })
  .meta({ id: "MappedPlaceholder" });
export type MappedPlaceholderView = z.output<typeof mappedPlaceholderView>;

async function workOf(ctx: Ctx, ids: readonly string[]) {
  const db = ctx.core.db;
  if (ids.length === 0) return { issues: new Map<string, number>(), comments: new Map<string, number>() };
  const issues = await db
    .selectFrom("issues")
    .select(["assignee_id", "created_by"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where((eb) => eb.or([eb("assignee_id", "in", ids), eb("created_by", "in", ids)]))
    .execute();
  const issueCount = new Map<string, number>();
  for (const r of issues) {
    for (const who of new Set([r.assignee_id, r.created_by]))
      if (who && ids.includes(who)) issueCount.set(who, (issueCount.get(who) ?? 0) + 1);
  }
  const comments = await db
    .selectFrom("comments")
    .select(["created_by", sql<number>`count(*)`.as("n")])
    .where("workspace_id", "=", ctx.workspaceId)
    .where("created_by", "in", ids)
    .groupBy("created_by")
    .execute();
  return { issues: issueCount, comments: new Map(comments.map((c) => [c.created_by, Number(c.n)])) };
}

/** The workspace's placeholder people, by name. Admins and the Owner only. */
export async function listPlaceholders(
  ctx: Ctx,
  input: z.input<typeof listPlaceholdersQuery>,
): Promise<Page<PlaceholderView>> {
  await requireImportAdmin(ctx, "see the workspace's placeholder people");
  const q = parse(listPlaceholdersQuery, input);
  const page = await paginate(
    ctx.core.db
      .selectFrom("people as p")
      .select(["p.id", "p.name", "p.created_at"])
      .where("p.placeholder_workspace_id", "=", ctx.workspaceId),
    "placeholders",
    [
      { column: "p.name", direction: "asc" },
      { column: "p.id", direction: "asc" },
    ],
    q,
  );
  const ids = page.data.map((p) => p.id);
  const keys = ids.length
    ? await ctx.core.db
        .selectFrom("import_keys")
        .select(["object_id", "source", "source_id"])
        .where("workspace_id", "=", ctx.workspaceId)
        .where("object_type", "=", "person")
        .where("object_id", "in", ids)
        .execute()
    : [];
  const work = await workOf(ctx, ids);
  return {
    data: page.data.map((p) => ({
      id: p.id,
      name: p.name,
      sources: keys
        .filter((k) => k.object_id === p.id)
        .map((k) => ({ source: k.source, source_id: k.source_id })),
      issues: work.issues.get(p.id) ?? 0,
      comments: work.comments.get(p.id) ?? 0,
      created_at: p.created_at,
    })),
    next_cursor: page.next_cursor,
  };
}

/**
 * Maps a placeholder person to a member, in one transaction: the issues they created or are assigned,
 * their comments and their activity become the member's (each issue one version on), the import's
 * source keys name the member from now on, and the placeholder is removed. Admins and the Owner only.
 */
export async function mapPlaceholder(
  ctx: Ctx,
  id: string,
  input: z.input<typeof mapPlaceholderInput>,
): Promise<MappedPlaceholderView> {
  await requireImportAdmin(ctx, "map placeholder people to members");
  const pid = parse(placeholderId, id);
  const data = parse(mapPlaceholderInput, input);
  const db = ctx.core.db;
  const placeholder = await db
    .selectFrom("people")
    .select(["id", "name"])
    .where("id", "=", pid)
    .where("placeholder_workspace_id", "=", ctx.workspaceId)
    .executeTakeFirst();
  if (!placeholder) throw notFound(`There is no placeholder person ${pid} in this workspace.`);
  const byEmail = data.member.includes("@");
  const member = await db
    .selectFrom("people as p")
    .innerJoin("memberships as m", "m.person_id", "p.id")
    .select(["p.id", "p.name", "p.email"])
    .where("m.workspace_id", "=", ctx.workspaceId)
    .where(byEmail ? "p.email" : "p.id", "=", byEmail ? data.member.toLowerCase() : data.member)
    .executeTakeFirst();
  if (!member)
    throw invalid(`member: ${data.member} is not a member of this workspace`, {
      member: "no such member in this workspace",
    });
  return db.transaction().execute(async (trx) => {
    const ws = ctx.workspaceId;
    const at = ctx.core.clock.now().toISOString();
    const touched = await trx
      .updateTable("issues")
      .set((eb) => ({
        assignee_id: eb
          .case()
          .when("assignee_id", "=", pid)
          .then(member.id)
          .else(eb.ref("assignee_id"))
          .end(),
        created_by: eb.case().when("created_by", "=", pid).then(member.id).else(eb.ref("created_by")).end(),
        updated_by: eb.case().when("updated_by", "=", pid).then(member.id).else(eb.ref("updated_by")).end(),
        substance_by: eb
          .case()
          .when("substance_by", "=", pid)
          .then(member.id)
          .else(eb.ref("substance_by"))
          .end(),
        version: eb("version", "+", 1),
        updated_at: at,
      }))
      .where("workspace_id", "=", ws)
      .where((eb) =>
        eb.or([
          eb("assignee_id", "=", pid),
          eb("created_by", "=", pid),
          eb("updated_by", "=", pid),
          eb("substance_by", "=", pid),
        ]),
      )
      .executeTakeFirst();
    const comments = await trx
      .updateTable("comments")
      .set((eb) => ({
        created_by: eb.case().when("created_by", "=", pid).then(member.id).else(eb.ref("created_by")).end(),
        updated_by: eb.case().when("updated_by", "=", pid).then(member.id).else(eb.ref("updated_by")).end(),
      }))
      .where("workspace_id", "=", ws)
      .where((eb) => eb.or([eb("created_by", "=", pid), eb("updated_by", "=", pid)]))
      .executeTakeFirst();
    const activity = await trx
      .updateTable("activity")
      .set({ actor_id: member.id })
      .where("workspace_id", "=", ws)
      .where("actor_id", "=", pid)
      .executeTakeFirst();
    await trx
      .updateTable("import_keys")
      .set({ object_id: member.id, updated_at: at })
      .where("workspace_id", "=", ws)
      .where("object_type", "=", "person")
      .where("object_id", "=", pid)
      .execute();
    await trx.deleteFrom("people").where("id", "=", pid).execute();
    return {
      placeholder: { id: placeholder.id, name: placeholder.name },
      member: { id: member.id, name: member.name, email: member.email },
      moved: {
        issues: Number(touched.numUpdatedRows),
        comments: Number(comments.numUpdatedRows),
        activity: Number(activity.numUpdatedRows),
      },
    };
  });
}
