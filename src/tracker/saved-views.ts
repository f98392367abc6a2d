import { z } from "zod";
import type { SavedViewsTable } from "../db/schema.ts";
import { DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { objectId, timeOut } from "./common.ts";
import { actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";
import { type Page, pageQuery, paginate } from "./pagination.ts";
import { isAdminRole, roleIn } from "./webhook-access.ts";

/**
 * Saved views: a named filter of the issue list (the list's URL query, as the web app writes it), personal
 * (seen by its author only) or shared with the workspace (seen by every member). Only the author changes
 * or deletes a personal view; a shared one its author, the workspace's admins and its Owner.
 */

export const MAX_VIEW_NAME = 80;
export const MAX_VIEW_FILTERS = 2000;
/** Views a person may have made in a workspace, personal and shared together. */
export const MAX_VIEWS_PER_PERSON = 50;

/** The list's query keys a view may keep: its filters and how it is grouped, sorted and shown. */
export const VIEW_FILTER_KEYS = [
  "space",
  "status",
  "priority",
  "label",
  "assignee",
  "cycle",
  "milestone",
  "parent",
  "ready",
  "startable",
  "iced",
  "q",
  "updated_since",
  "group",
  "sort",
  "show",
] as const;
const KEYS = new Set<string>(VIEW_FILTER_KEYS);

export const savedViewId = objectId("view", "saved view");

const viewName = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(MAX_VIEW_NAME, { error: `must be at most ${MAX_VIEW_NAME} characters` })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: "must not contain control characters" })
  .describe(`1 to ${MAX_VIEW_NAME} characters, trimmed.`)
  .meta({ examples: ["My open bugs"] });

const viewFilters = z
  .string({ error: "must be a string" })
  .trim()
  .max(MAX_VIEW_FILTERS, { error: `must be at most ${MAX_VIEW_FILTERS} characters` })
  .transform((s, c) => {
    const params = new URLSearchParams(s.startsWith("?") ? s.slice(1) : s);
    const unknown = [...params.keys()].filter((k) => !KEYS.has(k));
    if (unknown.length > 0) {
      c.addIssue({
        code: "custom",
        message: `has ${unknown.length === 1 ? "a key" : "keys"} the issue list does not read: ${[...new Set(unknown)].join(", ")} (it reads ${VIEW_FILTER_KEYS.join(", ")})`,
      });
      return z.NEVER;
    }
    params.sort();
    return params.toString();
  })
  .describe(
    `The issue list's URL query (\`status=todo,in_progress&assignee=me&group=priority\`), at most ${MAX_VIEW_FILTERS} characters; keys: ${VIEW_FILTER_KEYS.join(", ")}. Stored with its keys in order.`,
  )
  .meta({ examples: ["assignee=me&status=todo,in_progress"] });

export const createSavedViewInput = z.strictObject({
  name: viewName,
  filters: viewFilters,
  shared: z
    .boolean({ error: "must be true or false" })
    .default(false)
    .describe("Shared with every member of the workspace; else seen by its author only. False by default."),
});
export type CreateSavedViewInput = z.input<typeof createSavedViewInput>;

export const updateSavedViewInput = z.strictObject({
  name: viewName.optional(),
  filters: viewFilters.optional(),
  shared: z.boolean({ error: "must be true or false" }).optional(),
});
export type UpdateSavedViewInput = z.input<typeof updateSavedViewInput>;

export const listSavedViewsQuery = z.strictObject({ ...pageQuery });
export type ListSavedViewsQuery = z.input<typeof listSavedViewsQuery>;

export const savedViewParams = z.strictObject({ id: savedViewId });

export const savedViewOut = z
  .object({
    id: z.string().describe("The view's id, view_…"),
    name: z.string(),
    filters: z.string().describe("The issue list's URL query, keys in order."),
    shared: z.boolean(),
    created_by: z.object({ person_id: z.string(), via: z.string() }),
    updated_by: z.object({ person_id: z.string(), via: z.string() }),
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "SavedView" });
export type SavedViewOut = z.output<typeof savedViewOut>;

export const deletedSavedViewOut = z.object({ id: z.string(), deleted: z.literal(true) });

function out(r: SavedViewsTable): SavedViewOut {
  return {
    id: r.id,
    name: r.name,
    filters: r.filters,
    shared: Number(r.shared) === 1,
    created_by: actorView(r.created_by, r.created_via),
    updated_by: actorView(r.updated_by, r.updated_via),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The views the caller sees: their own and the shared ones, by name. */
export async function listSavedViews(ctx: Ctx, input: ListSavedViewsQuery): Promise<Page<SavedViewOut>> {
  const q = parse(listSavedViewsQuery, input);
  const query = ctx.core.db
    .selectFrom("saved_views")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where((eb) => eb.or([eb("shared", "=", 1), eb("created_by", "=", ctx.actor.personId)]));
  const page = await paginate(
    query,
    "views:name",
    [
      { column: "name_key", direction: "asc" },
      { column: "id", direction: "asc" },
    ],
    q,
  );
  return { data: page.data.map(out), next_cursor: page.next_cursor };
}

/** A view the caller sees; another person's personal view is as absent as one that never was (404). */
async function visible(ctx: Ctx, id: string): Promise<SavedViewsTable> {
  const row = await ctx.core.db
    .selectFrom("saved_views")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || (Number(row.shared) !== 1 && row.created_by !== ctx.actor.personId))
    throw notFound(`No saved view ${id} in this workspace.`);
  return row;
}

export async function getSavedView(ctx: Ctx, id: string): Promise<SavedViewOut> {
  return out(await visible(ctx, parse(savedViewId, id)));
}

/** A view the caller may change: their own, or a shared one when they are an admin or the Owner (403). */
async function changeable(ctx: Ctx, id: string): Promise<SavedViewsTable> {
  const row = await visible(ctx, id);
  if (row.created_by === ctx.actor.personId || isAdminRole(await roleIn(ctx))) return row;
  throw new DocketError(
    403,
    "forbidden",
    `Saved view ${id} is shared by another member; only they, the workspace's admins and its Owner may change or delete it. Save a copy of your own instead.`,
  );
}

export async function createSavedView(ctx: Ctx, input: CreateSavedViewInput): Promise<SavedViewOut> {
  const data = parse(createSavedViewInput, input);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("view");
  await ctx.core.db.transaction().execute(async (trx) => {
    // counted under the workspace row's lock, so two at once cannot pass the limit together
    await trx
      .updateTable("workspaces")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", ctx.workspaceId)
      .execute();
    const made = await trx
      .selectFrom("saved_views")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("workspace_id", "=", ctx.workspaceId)
      .where("created_by", "=", ctx.actor.personId)
      .executeTakeFirstOrThrow();
    if (Number(made.n) >= MAX_VIEWS_PER_PERSON)
      throw invalid(
        `You have ${MAX_VIEWS_PER_PERSON} saved views in this workspace, the most one person may keep; delete one first.`,
      );
    await trx
      .insertInto("saved_views")
      .values({
        id,
        workspace_id: ctx.workspaceId,
        name: data.name,
        name_key: data.name.toLowerCase(),
        filters: data.filters,
        shared: data.shared ? 1 : 0,
        ...authoredBy(ctx, at),
      })
      .execute();
  });
  return getSavedView(ctx, id);
}

export async function updateSavedView(
  ctx: Ctx,
  id: string,
  input: UpdateSavedViewInput,
): Promise<SavedViewOut> {
  const viewId = parse(savedViewId, id);
  const data = parse(updateSavedViewInput, input);
  const row = await changeable(ctx, viewId);
  if (data.shared === false && row.created_by !== ctx.actor.personId && Number(row.shared) === 1)
    throw new DocketError(
      403,
      "forbidden",
      `Only the author of saved view ${viewId} may make it personal again (it would vanish from everyone else, its author too would keep it); delete it instead.`,
    );
  await ctx.core.db
    .updateTable("saved_views")
    .set({
      ...(data.name !== undefined ? { name: data.name, name_key: data.name.toLowerCase() } : {}),
      ...(data.filters !== undefined ? { filters: data.filters } : {}),
      ...(data.shared !== undefined ? { shared: data.shared ? 1 : 0 } : {}),
      ...touchedBy(ctx, ctx.core.clock.now().toISOString()),
    })
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", viewId)
    .execute();
  return getSavedView(ctx, viewId);
}

export async function deleteSavedView(ctx: Ctx, id: string): Promise<{ id: string; deleted: true }> {
  const viewId = parse(savedViewId, id);
  await changeable(ctx, viewId);
  await ctx.core.db
    .deleteFrom("saved_views")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", viewId)
    .execute();
  return { id: viewId, deleted: true };
}
