import { z } from "zod";
import type { IssueTemplatesTable } from "../db/schema.ts";
import { isUniqueViolation } from "../db/store.ts";
import { DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { displayName, parse } from "../validate.ts";
import {
  checkIfMatch,
  LIMITS,
  labels,
  markdown,
  objectId,
  PRIORITIES,
  SETTABLE_STATUSES,
  timeOut,
  versionOut,
} from "./common.ts";
import { actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";
import { actsAsAgent } from "./inbox.ts";
import { MAX_ESTIMATE } from "./issues.ts";
import { type Page, pageQuery, paginate } from "./pagination.ts";
import { findSpace, spaceRefParam } from "./spaces.ts";
import { isAdminRole, roleIn } from "./webhook-access.ts";

/**
 * New-issue templates of a space: a name and the fields a new issue starts with (a title to start from,
 * a description, status, priority, labels, estimate). Every member reads them; the workspace's admins
 * and its Owner, as themselves, write them. Applying one is the client's part: the web app's new-issue
 * dialog and `docket issues create --template` fill the issue's fields from it (`applyTemplate`), and
 * the issue is created as any other.
 */

export const MAX_TEMPLATES_PER_SPACE = 50;
export const MAX_TEMPLATE_NAME = 80;

export const templateId = objectId("tpl", "template");

const templateName = displayName(MAX_TEMPLATE_NAME)
  .describe(`1 to ${MAX_TEMPLATE_NAME} characters, trimmed; unique in the space ignoring case.`)
  .meta({ examples: ["Bug report"] });

const templateTitle = z
  .string({ error: "must be a string" })
  .max(LIMITS.title, { error: `must be at most ${LIMITS.title} characters` })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: "must not contain control characters" })
  .describe(
    `What a new issue's title starts with, e.g. "Bug: " (kept as written, spaces included), at most ${LIMITS.title} characters; "" for none.`,
  );

const status = z
  .enum(SETTABLE_STATUSES, { error: `must be one of ${SETTABLE_STATUSES.join(", ")}, or null` })
  .nullable()
  .describe("The new issue's status; null for the issue's own default (backlog).");

const priority = z
  .enum(PRIORITIES, { error: `must be one of ${PRIORITIES.join(", ")}` })
  .describe("The new issue's priority.");

const estimate = z
  .number({ error: "must be a number or null" })
  .int({ error: "must be a whole number" })
  .min(0, { error: "must be at least 0" })
  .max(MAX_ESTIMATE, { error: `must be at most ${MAX_ESTIMATE}` })
  .nullable()
  .describe("The new issue's estimate in points; null for none.");

const templateLabels = labels.describe(
  `Label names the new issue carries, at most ${LIMITS.labels} (a name no label has is made when an issue is created with it).`,
);

export const createTemplateInput = z.strictObject({
  name: templateName,
  title: templateTitle.default(""),
  description: markdown
    .default("")
    .describe("The new issue's description (Markdown), at most 100,000 characters."),
  status: status.default(null),
  priority: priority.default("none"),
  labels: templateLabels.default([]),
  estimate: estimate.default(null),
});
export type CreateTemplateInput = z.input<typeof createTemplateInput>;

export const updateTemplateInput = z.strictObject({
  name: templateName.optional(),
  title: templateTitle.optional(),
  description: markdown.optional(),
  status: status.optional(),
  priority: priority.optional(),
  labels: templateLabels.optional(),
  estimate: estimate.optional(),
});
export type UpdateTemplateInput = z.input<typeof updateTemplateInput>;

export const listTemplatesQuery = z.strictObject({ ...pageQuery });
export type ListTemplatesQuery = z.input<typeof listTemplatesQuery>;

export const templateParams = z.strictObject({ id: templateId });
export const spaceTemplatesParams = z.strictObject({
  prefix: spaceRefParam.describe("The space's prefix, e.g. ENG (or its id, spc_…)."),
});

export const templateView = z
  .object({
    id: z.string().describe("The template's id, tpl_…"),
    space: z.string().describe("The prefix of the space it belongs to."),
    name: z.string(),
    title: z.string().describe("What a new issue's title starts with; may be empty."),
    description: z.string(),
    status: z.enum(SETTABLE_STATUSES).nullable(),
    priority: z.enum(PRIORITIES),
    labels: z.array(z.string()),
    estimate: z.int().nullable(),
    created_by: z.object({ person_id: z.string(), via: z.string() }),
    updated_by: z.object({ person_id: z.string(), via: z.string() }),
    created_at: timeOut,
    updated_at: timeOut,
    version: versionOut,
  })
  .meta({ id: "IssueTemplate" });
export type TemplateView = z.output<typeof templateView>;

export const deletedTemplateView = z.object({ id: z.string(), deleted: z.literal(true) });

function view(r: IssueTemplatesTable, prefix: string): TemplateView {
  return {
    id: r.id,
    space: prefix,
    name: r.name,
    title: r.title,
    description: r.description,
    status: (r.status as TemplateView["status"]) ?? null,
    priority: r.priority,
    labels: JSON.parse(r.labels) as string[],
    estimate: r.estimate === null ? null : Number(r.estimate),
    created_by: actorView(r.created_by, r.created_via),
    updated_by: actorView(r.updated_by, r.updated_via),
    created_at: r.created_at,
    updated_at: r.updated_at,
    version: Number(r.version),
  };
}

/** Workspace admins and the Owner, as themselves; members and every agent connection get 403. */
async function requireAdmin(ctx: Ctx, doing: string): Promise<void> {
  if (actsAsAgent(ctx))
    throw new DocketError(403, "forbidden", `Only a workspace admin may ${doing}, never an agent.`);
  if (!isAdminRole(await roleIn(ctx)))
    throw new DocketError(403, "forbidden", `Only the workspace's Owner and admins may ${doing}.`);
}

const nameTaken = (name: string, prefix: string) =>
  new DocketError(
    409,
    "conflict",
    `Space ${prefix} already has a template named "${name}" (names are compared ignoring case).`,
  );

/** The space's templates by name (ignoring case), a page at a time. */
export async function listTemplates(
  ctx: Ctx,
  spaceRef: string,
  input: ListTemplatesQuery,
): Promise<Page<TemplateView>> {
  const q = parse(listTemplatesQuery, input);
  const space = await findSpace(ctx.core.db, ctx, parse(spaceRefParam, spaceRef));
  const page = await paginate(
    ctx.core.db
      .selectFrom("issue_templates")
      .selectAll()
      .where("workspace_id", "=", ctx.workspaceId)
      .where("space_id", "=", space.id),
    "templates:name",
    [
      { column: "name_key", direction: "asc" },
      { column: "id", direction: "asc" },
    ],
    q,
  );
  return { data: page.data.map((r) => view(r, space.prefix)), next_cursor: page.next_cursor };
}

/** A template of this workspace with its space's prefix; another workspace's is 404, as a missing one. */
async function findTemplate(ctx: Ctx, id: string) {
  const row = await ctx.core.db
    .selectFrom("issue_templates as t")
    .innerJoin("spaces as s", "s.id", "t.space_id")
    .selectAll("t")
    .select("s.prefix as space_prefix")
    .where("t.workspace_id", "=", ctx.workspaceId)
    .where("t.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No template ${id} in this workspace.`);
  return row;
}

export async function getTemplate(ctx: Ctx, id: string): Promise<TemplateView> {
  const row = await findTemplate(ctx, parse(templateId, id));
  return view(row, row.space_prefix);
}

/**
 * Makes a template in a space (admins). 409 when the space has a template by that name (ignoring case);
 * 400 past MAX_TEMPLATES_PER_SPACE, counted under the space's row lock on PostgreSQL, so two creations
 * at once cannot pass the limit together (SQLite has one writer at a time).
 */
export async function createTemplate(
  ctx: Ctx,
  spaceRef: string,
  input: CreateTemplateInput,
): Promise<TemplateView> {
  const ref = parse(spaceRefParam, spaceRef);
  const data = parse(createTemplateInput, input);
  await requireAdmin(ctx, "create a template");
  const space = await findSpace(ctx.core.db, ctx, ref);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("tpl", new Date(at));
  try {
    await ctx.core.db.transaction().execute(async (trx) => {
      if (ctx.core.store.kind === "postgres")
        await trx.selectFrom("spaces").select("id").where("id", "=", space.id).forNoKeyUpdate().execute();
      const count = await trx
        .selectFrom("issue_templates")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("space_id", "=", space.id)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_TEMPLATES_PER_SPACE)
        throw invalid(
          `Space ${space.prefix} has ${MAX_TEMPLATES_PER_SPACE} templates, the most a space may have; delete one first.`,
        );
      const taken = await trx
        .selectFrom("issue_templates")
        .select("id")
        .where("space_id", "=", space.id)
        .where("name_key", "=", data.name.toLowerCase())
        .executeTakeFirst();
      if (taken) throw nameTaken(data.name, space.prefix);
      await trx
        .insertInto("issue_templates")
        .values({
          id,
          workspace_id: ctx.workspaceId,
          space_id: space.id,
          name: data.name,
          name_key: data.name.toLowerCase(),
          title: data.title,
          description: data.description,
          status: data.status,
          priority: data.priority,
          labels: JSON.stringify(data.labels),
          estimate: data.estimate,
          version: 1,
          ...authoredBy(ctx, at),
        })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name, space.prefix);
    throw error;
  }
  return getTemplate(ctx, id);
}

/** Changes the fields sent (admins); a name another template of the space has is 409; a stale If-Match 412. */
export async function updateTemplate(
  ctx: Ctx,
  id: string,
  input: UpdateTemplateInput,
  ifMatch?: number[],
): Promise<TemplateView> {
  const ref = parse(templateId, id);
  const data = parse(updateTemplateInput, input);
  await requireAdmin(ctx, "change a template");
  const current = await findTemplate(ctx, ref);
  checkIfMatch(ifMatch, Number(current.version), `Template ${current.name}`);
  if (Object.keys(data).length === 0) return view(current, current.space_prefix);
  if (data.name !== undefined && data.name.toLowerCase() !== current.name_key) {
    const taken = await ctx.core.db
      .selectFrom("issue_templates")
      .select("id")
      .where("space_id", "=", current.space_id)
      .where("name_key", "=", data.name.toLowerCase())
      .executeTakeFirst();
    if (taken) throw nameTaken(data.name, current.space_prefix);
  }
  try {
    const result = await ctx.core.db
      .updateTable("issue_templates")
      .set({
        ...(data.name !== undefined ? { name: data.name, name_key: data.name.toLowerCase() } : {}),
        ...(data.title !== undefined ? { title: data.title } : {}),
        ...(data.description !== undefined ? { description: data.description } : {}),
        ...(data.status !== undefined ? { status: data.status } : {}),
        ...(data.priority !== undefined ? { priority: data.priority } : {}),
        ...(data.labels !== undefined ? { labels: JSON.stringify(data.labels) } : {}),
        ...(data.estimate !== undefined ? { estimate: data.estimate } : {}),
        version: Number(current.version) + 1,
        ...touchedBy(ctx, ctx.core.clock.now().toISOString()),
      })
      .where("workspace_id", "=", ctx.workspaceId)
      .where("id", "=", ref)
      // changed only from the version read: a change made meanwhile is not overwritten
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw new DocketError(
        ifMatch ? 412 : 409,
        ifMatch ? "precondition_failed" : "conflict",
        `Template ${current.name} was changed or deleted meanwhile; read it again and retry.`,
      );
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name ?? current.name, current.space_prefix);
    throw error;
  }
  return getTemplate(ctx, ref);
}

/** Deletes a template (admins); issues made from it keep their fields. */
export async function deleteTemplate(
  ctx: Ctx,
  id: string,
  ifMatch?: number[],
): Promise<z.output<typeof deletedTemplateView>> {
  const ref = parse(templateId, id);
  await requireAdmin(ctx, "delete a template");
  const current = await findTemplate(ctx, ref);
  checkIfMatch(ifMatch, Number(current.version), `Template ${current.name}`);
  await ctx.core.db
    .deleteFrom("issue_templates")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", ref)
    .execute();
  return { id: ref, deleted: true };
}

/** The fields a template gives a new issue: what the web app's dialog and the CLI fill in. */
export interface TemplateFields {
  title: string;
  description: string;
  status: TemplateView["status"];
  priority: TemplateView["priority"];
  labels: string[];
  estimate: number | null;
}

/**
 * A new issue's fields from a template and what the caller gave: the caller's fields win; a title given
 * is put after the template's title (`Bug: ` + `Login fails`) unless it already starts with it; labels
 * given are added to the template's.
 */
export function applyTemplate(
  template: TemplateFields,
  given: { title?: string | undefined; labels?: string[] | undefined } & Record<string, unknown>,
): Record<string, unknown> {
  const title =
    given.title === undefined
      ? template.title.trim()
      : given.title.startsWith(template.title)
        ? given.title
        : `${template.title}${given.title}`;
  const labelSet = new Map<string, string>();
  for (const l of [...template.labels, ...(given.labels ?? [])]) labelSet.set(l.toLowerCase(), l);
  const out: Record<string, unknown> = {
    ...(template.description !== "" ? { description: template.description } : {}),
    ...(template.status !== null ? { status: template.status } : {}),
    ...(template.priority !== "none" ? { priority: template.priority } : {}),
    ...(template.estimate !== null ? { estimate: template.estimate } : {}),
  };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) out[k] = v;
  out.title = title;
  if (labelSet.size > 0) out.labels = [...labelSet.values()];
  return out;
}
