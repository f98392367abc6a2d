import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Database, LabelsTable } from "../db/schema.ts";
import { DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { recordActivity } from "./activity.ts";
import {
  checkIfMatch,
  containsText,
  countOut,
  label,
  objectId,
  timeOut,
  titleQuery,
  versionOut,
} from "./common.ts";
import { actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";
import { emitEvent } from "./events.ts";
import { actsAsAgent } from "./inbox.ts";
import { type Page, pageQuery, paginate } from "./pagination.ts";

/**
 * Labels are objects of the workspace: a name people read (1 to 50 characters, spaces allowed, trimmed,
 * no commas or control characters), unique per workspace ignoring case, a colour and a description.
 * Issues carry labels by name, spelled as the label is; an issue written with a name no label has makes
 * that label (as Linear does), so agents and scripts that send `labels: ["bug"]` keep working. A rename to
 * another label's name merges the two; deleting a label takes it off every issue that carries it.
 */

type Db = Kysely<Database> | Transaction<Database>;
type LabelRow = LabelsTable;

/** The colours a new label takes in turn when none is given (the 0018 migration used the same). */
export const LABEL_PALETTE = [
  "#5e6ad2",
  "#26b5ce",
  "#4cb782",
  "#f2c94c",
  "#f2994a",
  "#eb5757",
  "#bb87fc",
  "#95a2b3",
  "#0f783c",
  "#db6e1f",
  "#b2457a",
  "#4ea7fc",
] as const;

export const MAX_LABEL_DESCRIPTION = 500;
/** Labels a workspace may have (docs/limits: 500). */
export const MAX_LABELS = 500;

/** How a name is compared: in lower case, so "Bug" and "bug" are one label. */
export const labelKey = (name: string): string => name.toLowerCase();

export const labelId = objectId("lab", "label");

const color = z
  .string({ error: "must be a colour as #rrggbb" })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "must be a colour as #rrggbb, e.g. #eb5757" })
  .transform((s) => s.toLowerCase())
  .describe("A colour as #rrggbb.")
  .meta({ examples: ["#eb5757"] });

const description = z
  .string({ error: "must be a string" })
  .max(MAX_LABEL_DESCRIPTION, { error: `must be at most ${MAX_LABEL_DESCRIPTION} characters` })
  .describe(`What the label means, at most ${MAX_LABEL_DESCRIPTION} characters.`);

const labelName = label
  .describe(
    "1 to 50 characters, trimmed; spaces allowed, no commas or control characters; unique in the workspace ignoring case.",
  )
  .meta({ examples: ["needs design"] });

export const createLabelInput = z.strictObject({
  name: labelName,
  color: color.optional().describe("A colour as #rrggbb; the next colour of the palette when left out."),
  description: description.optional(),
});
export type CreateLabelInput = z.input<typeof createLabelInput>;

export const updateLabelInput = z.strictObject({
  name: labelName
    .optional()
    .describe(
      "A new name. Another label's name (ignoring case) merges this label into that one: issues carrying either carry that one, and this label is deleted.",
    ),
  color: color.optional(),
  description: description.optional(),
});
export type UpdateLabelInput = z.input<typeof updateLabelInput>;

export const listLabelsQuery = z.strictObject({
  ...pageQuery,
  q: titleQuery.optional().describe("Text in the name (case-insensitive)."),
});
export type ListLabelsQuery = z.input<typeof listLabelsQuery>;

export const labelView = z
  .object({
    id: z.string().describe("The label's id, lab_…"),
    name: z.string(),
    color: z.string().describe("#rrggbb"),
    description: z.string(),
    issue_count: countOut.describe("How many issues carry the label."),
    created_by: z.object({ person_id: z.string(), via: z.string() }),
    updated_by: z.object({ person_id: z.string(), via: z.string() }),
    created_at: timeOut,
    updated_at: timeOut,
    version: versionOut,
  })
  .meta({ id: "Label" });
export type LabelView = z.output<typeof labelView>;

export const deletedLabelView = z.object({
  id: z.string(),
  deleted: z.literal(true),
  issues_changed: countOut.describe("How many issues the label was taken off."),
});

export const labelParams = z.strictObject({ id: labelId });

function view(r: LabelRow & { issue_count: number | string | bigint }): LabelView {
  return {
    id: r.id,
    name: r.name,
    color: r.color,
    description: r.description,
    issue_count: Number(r.issue_count),
    created_by: actorView(r.created_by, r.created_via),
    updated_by: actorView(r.updated_by, r.updated_via),
    created_at: r.created_at,
    updated_at: r.updated_at,
    version: r.version,
  };
}

function withCount(db: Db, workspaceId: string) {
  return db
    .selectFrom("labels as l")
    .selectAll("l")
    .select(
      sql<number>`(select count(*) from issue_labels il where il.workspace_id = l.workspace_id and il.label = l.name)`.as(
        "issue_count",
      ),
    )
    .where("l.workspace_id", "=", workspaceId);
}

/** The workspace's labels by name (ignoring case), each with how many issues carry it. */
export async function listLabels(ctx: Ctx, input: ListLabelsQuery): Promise<Page<LabelView>> {
  const q = parse(listLabelsQuery, input);
  let query = withCount(ctx.core.db, ctx.workspaceId);
  if (q.q) query = query.where(containsText(ctx.core.store.kind, "l.name", q.q));
  const page = await paginate(
    query,
    "labels:name",
    [
      { column: "l.name_key", direction: "asc" },
      { column: "l.id", direction: "asc" },
    ],
    q,
  );
  return { data: page.data.map(view), next_cursor: page.next_cursor };
}

/** A label of the workspace, held (PostgreSQL row lock) until the transaction ends when `lock`. */
async function findLabel(db: Db, ctx: Ctx, id: string, lock = false): Promise<LabelRow> {
  const query = db
    .selectFrom("labels")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id);
  const row = await (lock && ctx.core.store.kind === "postgres"
    ? query.forUpdate()
    : query
  ).executeTakeFirst();
  if (!row) throw notFound(`No label ${id} in this workspace.`);
  return row;
}

async function readLabel(db: Db, ctx: Ctx, id: string): Promise<LabelView> {
  const row = await withCount(db, ctx.workspaceId).where("l.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(`No label ${id} in this workspace.`);
  return view(row);
}

export async function getLabel(ctx: Ctx, id: string): Promise<LabelView> {
  return readLabel(ctx.core.db, ctx, parse(labelId, id));
}

async function nextColor(trx: Db, ctx: Ctx): Promise<string> {
  const row = await trx
    .selectFrom("labels")
    .select(sql<number>`count(*)`.as("n"))
    .where("workspace_id", "=", ctx.workspaceId)
    .executeTakeFirst();
  return LABEL_PALETTE[Number(row?.n ?? 0) % LABEL_PALETTE.length]!;
}

/**
 * Refuses (400) a new label when the workspace has MAX_LABELS. Counted under the workspace's row lock on
 * PostgreSQL, held to the end of the transaction that inserts: concurrent creations queue there, so none
 * sees a count another is about to raise (SQLite has one writer at a time). The lock is FOR NO KEY
 * UPDATE, which the key-share locks of other writes' foreign keys to the workspace do not wait for (FOR
 * UPDATE would, and an issue write naming a new label deadlocked with a label's delete).
 */
async function checkLabelRoom(trx: Transaction<Database>, ctx: Ctx, name: string): Promise<void> {
  if (ctx.core.store.kind === "postgres")
    await trx
      .selectFrom("workspaces")
      .select("id")
      .where("id", "=", ctx.workspaceId)
      .forNoKeyUpdate()
      .execute();
  const row = await trx
    .selectFrom("labels")
    .select(sql<number | string>`count(*)`.as("n"))
    .where("workspace_id", "=", ctx.workspaceId)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= MAX_LABELS)
    throw invalid(
      `This workspace has ${MAX_LABELS} labels, the most a workspace may have, so the label "${name}" cannot be made; use an existing label, or delete or merge one first.`,
    );
}

async function insertLabel(
  trx: Transaction<Database>,
  ctx: Ctx,
  data: { name: string; color?: string | undefined; description?: string | undefined },
  at: string,
): Promise<LabelRow | undefined> {
  // a name the workspace has already needs no room: the insert below does nothing and says so
  if (!(await byKey(trx, ctx, labelKey(data.name)))) await checkLabelRoom(trx, ctx, data.name);
  const row: LabelRow = {
    id: newId("lab", new Date(at)),
    workspace_id: ctx.workspaceId,
    name: data.name,
    name_key: labelKey(data.name),
    color: data.color ?? (await nextColor(trx, ctx)),
    description: data.description ?? "",
    version: 1,
    ...authoredBy(ctx, at),
  };
  const done = await trx
    .insertInto("labels")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "name_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!done) return undefined;
  await recordActivity(trx, ctx, { type: "label", id: row.id }, "created", {}, at);
  return row;
}

/** Makes a label; 409 when the workspace has one by that name (ignoring case). */
export async function createLabel(ctx: Ctx, input: CreateLabelInput): Promise<LabelView> {
  const data = parse(createLabelInput, input);
  const at = ctx.core.clock.now().toISOString();
  const id = await ctx.core.db.transaction().execute(async (trx) => {
    const made = await insertLabel(trx, ctx, data, at);
    if (!made) {
      const other = await byKey(trx, ctx, labelKey(data.name));
      throw new DocketError(
        409,
        "conflict",
        `A label named ${other?.name ?? data.name} exists already (names are compared ignoring case); change it with PATCH /v1/labels/${other?.id ?? "{id}"}.`,
        { body: { label_id: other?.id ?? null } },
      );
    }
    return made.id;
  });
  return readLabel(ctx.core.db, ctx, id);
}

const byKey = (db: Db, ctx: Ctx, key: string) =>
  db
    .selectFrom("labels")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("name_key", "=", key)
    .executeTakeFirst();

/**
 * The labels an issue write names, spelled as the workspace's labels are (`bug` is `Bug` when the label
 * is `Bug`), each once; a name no label has makes the label (with the palette's next colour).
 */
export async function ensureLabels(
  trx: Transaction<Database>,
  ctx: Ctx,
  names: readonly string[],
  at: string,
): Promise<string[]> {
  if (names.length === 0) return [];
  const wanted = wantedLabels(names);
  const existing = await trx
    .selectFrom("labels")
    .select(["name", "name_key"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where("name_key", "in", [...wanted.keys()])
    .execute();
  const spelled = new Map(existing.map((r) => [r.name_key, r.name]));
  for (const [key, name] of wanted) {
    if (spelled.has(key)) continue;
    const made = await insertLabel(trx, ctx, { name }, at);
    spelled.set(key, made ? made.name : ((await byKey(trx, ctx, key))?.name ?? name));
  }
  return [...wanted.keys()].map((k) => spelled.get(k)!);
}

/** The names an issue write gives, each once by its key (`bug` and `Bug` are one), as first spelled. */
export function wantedLabels(names: readonly string[]): Map<string, string> {
  const wanted = new Map<string, string>();
  for (const n of names) if (!wanted.has(labelKey(n))) wanted.set(labelKey(n), n);
  return wanted;
}

/**
 * The wanted labels spelled as the workspace's are (as ensureLabels spells them), from the workspace's
 * labels of those keys; undefined when one is still to be made (which only ensureLabels does).
 */
export function spelledWhenAllExist(
  wanted: Map<string, string>,
  rows: readonly { name: string; name_key: string }[],
): string[] | undefined {
  const spelled = new Map(rows.map((r) => [r.name_key, r.name]));
  const out: string[] = [];
  for (const key of wanted.keys()) {
    const name = spelled.get(key);
    if (name === undefined) return undefined;
    out.push(name);
  }
  return out;
}

/**
 * The names a filter names (`label=bug`), spelled as the workspace's labels are (`Bug`), so a filter
 * ignores case as label names do; a name no label has is kept as given.
 */
export async function spelledLabels(
  db: Db,
  workspaceId: string,
  names: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom("labels")
    .select(["name", "name_key"])
    .where("workspace_id", "=", workspaceId)
    .where("name_key", "in", names.map(labelKey))
    .execute();
  const spelled = new Map(rows.map((r) => [r.name_key, r.name]));
  return [...new Set(names.map((n) => spelled.get(labelKey(n)) ?? n))];
}

/**
 * Every issue carrying the label `from` carries `to` instead (kept once), or loses it when `to` is null:
 * each a new version of the issue with its `issue.updated` event. Answers how many issues changed.
 */
async function relabelIssues(
  trx: Transaction<Database>,
  ctx: Ctx,
  from: string,
  to: string | null,
  at: string,
): Promise<number> {
  const carrying = await trx
    .selectFrom("issue_labels")
    .select("issue_id")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("label", "=", from)
    .execute();
  if (carrying.length === 0) return 0;
  // held in id order (PostgreSQL) and read as they are now: a write to one of them meanwhile is kept,
  // and a write that read it before this one fails its version check and runs again
  const query = trx
    .selectFrom("issues")
    .select(["id", "labels", "version"])
    .where(
      "id",
      "in",
      carrying.map((c) => c.issue_id),
    )
    .orderBy("id");
  const issues = await (ctx.core.store.kind === "postgres" ? query.forUpdate() : query).execute();
  let changed = 0;
  for (const issue of issues) {
    const before = JSON.parse(issue.labels) as string[];
    const after = [...new Set(before.flatMap((l) => (l === from ? (to === null ? [] : [to]) : [l])))];
    if (!before.includes(from)) continue;
    changed++;
    await trx
      .updateTable("issues")
      .set({ labels: JSON.stringify(after), version: issue.version + 1, ...touchedBy(ctx, at) })
      .where("id", "=", issue.id)
      .execute();
    await trx.deleteFrom("issue_labels").where("issue_id", "=", issue.id).execute();
    if (after.length) {
      await trx
        .insertInto("issue_labels")
        .values(after.map((label) => ({ issue_id: issue.id, workspace_id: ctx.workspaceId, label })))
        .execute();
    }
    await recordActivity(
      trx,
      ctx,
      { type: "issue", id: issue.id },
      "updated",
      { labels: { from: before, to: after } },
      at,
    );
  }
  return changed;
}

/**
 * Changes a label's name, colour or description. A new name that another label has (ignoring case)
 * merges this label into that one: the issues carrying this label carry that one, this label is deleted
 * (`label.deleted` with `merged_into`), and the answer is the label merged into, with the colour and
 * description sent, if any.
 */
export async function updateLabel(
  ctx: Ctx,
  id: string,
  input: UpdateLabelInput,
  ifMatch?: number[],
): Promise<LabelView> {
  const labelRef = parse(labelId, id);
  const data = parse(updateLabelInput, input);
  const at = ctx.core.clock.now().toISOString();
  const answer = await ctx.core.db.transaction().execute(async (trx) => {
    const current = await findLabel(trx, ctx, labelRef, true);
    checkIfMatch(ifMatch, current.version, `Label ${current.name}`);
    let target = current;
    if (data.name !== undefined && labelKey(data.name) !== current.name_key) {
      const other = await byKey(trx, ctx, labelKey(data.name));
      if (other) {
        await relabelIssues(trx, ctx, current.name, other.name, at);
        await trx.deleteFrom("labels").where("id", "=", current.id).execute();
        await recordActivity(trx, ctx, [{ type: "label", id: current.id }], "deleted", {}, at);
        await emitEvent(trx, ctx, {
          type: "label.deleted",
          object: { type: "label", id: current.id },
          data: { name: current.name, merged_into: { id: other.id, name: other.name } },
          at,
        });
        target = other;
      }
    }
    const next: LabelRow = {
      ...target,
      ...(target === current && data.name !== undefined
        ? { name: data.name, name_key: labelKey(data.name) }
        : {}),
      ...(data.color !== undefined ? { color: data.color } : {}),
      ...(data.description !== undefined ? { description: data.description } : {}),
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const k of ["name", "color", "description"] as const) {
      if (next[k] !== target[k]) changes[k] = { from: target[k], to: next[k] };
    }
    if (target !== current) changes.merged = { from: current.name, to: target.name };
    if (Object.keys(changes).length === 0) return target.id;
    await trx
      .updateTable("labels")
      .set({
        name: next.name,
        name_key: next.name_key,
        color: next.color,
        description: next.description,
        version: target.version + 1,
        ...touchedBy(ctx, at),
      })
      .where("id", "=", target.id)
      .execute();
    if (changes.name) await relabelIssues(trx, ctx, target.name, next.name, at);
    await recordActivity(trx, ctx, { type: "label", id: target.id }, "updated", changes, at);
    return target.id;
  });
  return readLabel(ctx.core.db, ctx, answer);
}

/**
 * Deletes a label and takes it off every issue that carries it (an `issue.updated` each). People only:
 * an agent connection is refused (403), as every delete is.
 */
export async function deleteLabel(
  ctx: Ctx,
  id: string,
  ifMatch?: number[],
): Promise<z.output<typeof deletedLabelView>> {
  const labelRef = parse(labelId, id);
  if (actsAsAgent(ctx)) {
    throw new DocketError(403, "forbidden", "Agents may not delete; a person deletes labels.");
  }
  const at = ctx.core.clock.now().toISOString();
  return ctx.core.db.transaction().execute(async (trx) => {
    const current = await findLabel(trx, ctx, labelRef, true);
    checkIfMatch(ifMatch, current.version, `Label ${current.name}`);
    const changed = await relabelIssues(trx, ctx, current.name, null, at);
    await trx.deleteFrom("labels").where("id", "=", current.id).execute();
    await recordActivity(trx, ctx, [{ type: "label", id: current.id }], "deleted", {}, at);
    await emitEvent(trx, ctx, {
      type: "label.deleted",
      object: { type: "label", id: current.id },
      data: { name: current.name, issues_changed: changed },
      at,
    });
    return { id: current.id, deleted: true as const, issues_changed: changed };
  });
}
