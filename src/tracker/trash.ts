import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import { DAY } from "../clock.ts";
import type { Core } from "../core.ts";
import type { Database } from "../db/schema.ts";
import { conflict, DocketError, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { recordActivity } from "./activity.ts";
import { issueRef, objectId, timeOut } from "./common.ts";
import { actorView, type Ctx } from "./context.ts";
import { recountOpenBlockers, refuseIssueCycle } from "./dependencies.ts";
import { emitEvent } from "./events.ts";
import { actsAsAgent } from "./inbox.ts";
import { ensureLabels } from "./labels.ts";
import { type Page, pageQuery, paginate } from "./pagination.ts";
import { indexDocument } from "./search-index.ts";
import { missing, restorePath, TRASH_DAYS, TRASH_PATHS, TRASH_TYPES, type TrashType } from "./trashed.ts";

/**
 * Deleting moves an object to the workspace's trash for 30 days, then housekeeping purges it.
 *
 * The object's row and the rows that belong to it (an issue's labels, dependency edges, links, claims,
 * approvals, bundles, cycle history; a milestone's edges; a cycle's history) are taken out of their
 * tables and kept in one trash row as a snapshot, and references to it from other objects (an issue's
 * parent, cycle or milestone, a note's folder, a decision's supersedes) are cleared and remembered.
 * So a deleted object is gone from every list, search, bundle, ready work and count at once, with no
 * filter anywhere to forget; a deleted blocker no longer blocks. Restoring puts the rows back with their
 * ids and identifier, and the references that are still clear; an edge whose other end is gone (deleted
 * or purged since), or that would now close a cycle, is not restored.
 *
 * People only: an agent connection may not delete or restore (403). The object's author or a workspace
 * admin (or the Owner) may delete it; anyone who may delete it may restore it.
 */

type Db = Kysely<Database> | Transaction<Database>;
type AnyRow = Record<string, unknown>;
/** The tables this module reads and writes by name: typed loosely, as the specs pick them. */
// biome-ignore lint/suspicious/noExplicitAny: rows of whichever table a spec names
type Loose = Kysely<any>;
const loose = (db: Db) => db as unknown as Loose;

export { missing, restorePath, TRASH_DAYS, TRASH_PATHS, TRASH_TYPES, type TrashType };

interface Owned {
  table: keyof Database & string;
  column: string;
  /** other columns that must name an existing row of a table for the row to be restored */
  needs?: Record<string, keyof Database & string>;
}

interface Spec {
  table: "issues" | "decisions" | "notes" | "folders" | "cycles" | "milestones";
  /** the column people read it by */
  titleColumn: "title" | "name";
  owned: Owned[];
  /** references to the object from other rows, cleared on delete */
  nulled: { table: "issues" | "notes" | "decisions"; column: string }[];
  search: boolean;
}

const SPECS: Record<TrashType, Spec> = {
  issue: {
    table: "issues",
    titleColumn: "title",
    owned: [
      { table: "issue_labels", column: "issue_id" },
      { table: "dependencies", column: "from_issue_id", needs: { to_issue_id: "issues" } },
      { table: "dependencies", column: "to_issue_id", needs: { from_issue_id: "issues" } },
      { table: "cycle_events", column: "issue_id", needs: { cycle_id: "cycles" } },
      { table: "issue_links", column: "issue_id" },
      { table: "bundles", column: "issue_id" },
      { table: "claims", column: "issue_id" },
      { table: "approvals", column: "issue_id" },
    ],
    nulled: [{ table: "issues", column: "parent_id" }],
    search: true,
  },
  decision: {
    table: "decisions",
    titleColumn: "title",
    owned: [{ table: "issue_links", column: "object_id", needs: { issue_id: "issues" } }],
    nulled: [{ table: "decisions", column: "supersedes_id" }],
    search: true,
  },
  note: {
    table: "notes",
    titleColumn: "title",
    owned: [{ table: "issue_links", column: "object_id", needs: { issue_id: "issues" } }],
    nulled: [],
    search: true,
  },
  folder: {
    table: "folders",
    titleColumn: "name",
    owned: [],
    nulled: [{ table: "notes", column: "folder_id" }],
    search: false,
  },
  cycle: {
    table: "cycles",
    titleColumn: "name",
    owned: [{ table: "cycle_events", column: "cycle_id", needs: { issue_id: "issues" } }],
    nulled: [{ table: "issues", column: "cycle_id" }],
    search: false,
  },
  milestone: {
    table: "milestones",
    titleColumn: "name",
    owned: [
      {
        table: "milestone_dependencies",
        column: "from_milestone_id",
        needs: { to_milestone_id: "milestones" },
      },
      {
        table: "milestone_dependencies",
        column: "to_milestone_id",
        needs: { from_milestone_id: "milestones" },
      },
    ],
    nulled: [{ table: "issues", column: "milestone_id" }],
    search: false,
  },
};

/** What a trash row keeps of the object. */
interface Snapshot {
  row: AnyRow;
  owned: { table: string; rows: AnyRow[] }[];
  nulled: { table: string; column: string; ids: string[] }[];
  search: { object_id: string; object_type: string; title: string; body: string; updated_at: string }[];
}

// ---------------------------------------------------------------------------------------------------
// Schemas

export const trashRefParams: Record<TrashType, z.ZodObject> = {
  issue: z.strictObject({ id: issueRef }),
  decision: z.strictObject({ id: objectId("dec", "decision") }),
  note: z.strictObject({ id: objectId("note", "note") }),
  folder: z.strictObject({ id: objectId("fld", "folder") }),
  cycle: z.strictObject({ id: objectId("cyc", "cycle") }),
  milestone: z.strictObject({ id: objectId("ms", "milestone") }),
};

export const trashItemView = z
  .object({
    id: z.string().describe("The trash entry's id, trs_…"),
    type: z.enum(TRASH_TYPES),
    object_id: z.string().describe("The deleted object's id (iss_…, dec_…)."),
    ref: z.string().describe("How the object is named: an issue's identifier (ENG-42), else its id."),
    title: z.string().describe("Its title or name."),
    deleted_by: z.object({ person_id: z.string(), via: z.string() }),
    deleted_at: timeOut,
    purge_at: timeOut.describe("When it is deleted for good (30 days after deletion)."),
    restore: z.string().describe("The request that restores it, e.g. POST /v1/issues/ENG-42/restore."),
  })
  .meta({ id: "TrashItem" });
export type TrashItemView = z.output<typeof trashItemView>;

export const listTrashQuery = z.strictObject({
  ...pageQuery,
  type: z
    .enum(TRASH_TYPES, { error: `must be one of ${TRASH_TYPES.join(", ")}` })
    .optional()
    .describe("Only objects of this type."),
});
export type ListTrashQuery = z.input<typeof listTrashQuery>;

function itemView(r: Database["trash"]): TrashItemView {
  const type = r.object_type as TrashType;
  return {
    id: r.id,
    type,
    object_id: r.object_id,
    ref: r.ref,
    title: r.title,
    deleted_by: actorView(r.deleted_by, r.deleted_via),
    deleted_at: r.deleted_at,
    purge_at: r.purge_at,
    restore: restorePath(type, r.ref),
  };
}

// ---------------------------------------------------------------------------------------------------
// Who may

function refuseAgents(ctx: Ctx, doing: "delete" | "restore"): void {
  if (actsAsAgent(ctx)) {
    throw new DocketError(
      403,
      "forbidden",
      `Agents may not ${doing}: a person ${doing}s from the web app, the CLI or the API with their own credentials.`,
    );
  }
}

async function refuseOthers(
  db: Db,
  ctx: Ctx,
  createdBy: string,
  what: string,
  doing: "delete" | "restore",
): Promise<void> {
  if (createdBy === ctx.actor.personId) return;
  // read in the caller's transaction: on SQLite it holds the one connection
  const membership = await db
    .selectFrom("memberships")
    .select("role")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("person_id", "=", ctx.actor.personId)
    .executeTakeFirst();
  if (membership?.role === "owner" || membership?.role === "admin") return;
  throw new DocketError(403, "forbidden", `Only ${what}'s author or a workspace admin may ${doing} it.`);
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** What is in the workspace's trash, most recently deleted first. */
export async function listTrash(ctx: Ctx, input: ListTrashQuery): Promise<Page<TrashItemView>> {
  const q = parse(listTrashQuery, input);
  let query = ctx.core.db
    .selectFrom("trash as t")
    .selectAll("t")
    .where("t.workspace_id", "=", ctx.workspaceId);
  if (q.type) query = query.where("t.object_type", "=", q.type);
  const page = await paginate(
    query,
    "trash:-deleted",
    [
      { column: "t.deleted_at", direction: "desc" },
      { column: "t.id", direction: "desc" },
    ],
    q,
  );
  return { data: page.data.map(itemView), next_cursor: page.next_cursor };
}

// ---------------------------------------------------------------------------------------------------
// Deleting and restoring

/**
 * The live object by reference; with `lock`, held (PostgreSQL row lock) until the transaction ends, so
 * two deletes of one object at once are one delete and one 404.
 */
async function findObject(
  trx: Db,
  ctx: Ctx,
  type: TrashType,
  ref: string,
  lock = false,
): Promise<AnyRow | undefined> {
  const spec = SPECS[type];
  const column = type === "issue" && !ref.startsWith("iss_") ? "identifier" : "id";
  const key = column === "identifier" ? ref.toUpperCase() : ref;
  const query = loose(trx)
    .selectFrom(spec.table)
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where(column, "=", key);
  return (await (lock && ctx.core.store.kind === "postgres"
    ? query.forUpdate()
    : query
  ).executeTakeFirst()) as AnyRow | undefined;
}

/** Moves an object to the trash (see the module's comment); answers its trash entry. */
export async function trashObject(ctx: Ctx, type: TrashType, ref: string): Promise<TrashItemView> {
  refuseAgents(ctx, "delete");
  const spec = SPECS[type];
  const at = ctx.core.clock.now();
  const now = at.toISOString();
  const id = await ctx.core.db.transaction().execute(async (trx) => {
    const row = await findObject(trx, ctx, type, ref, true);
    if (!row) throw await missing(trx, ctx, type, ref, `No ${type} ${ref} in this workspace.`);
    const objectId = String(row.id);
    const name = type === "issue" ? String(row.identifier) : objectId;
    await refuseOthers(trx, ctx, String(row.created_by), type === "issue" ? name : `a ${type}`, "delete");
    if (type === "folder") {
      const child = await trx
        .selectFrom("folders")
        .select("id")
        .where("parent_id", "=", objectId)
        .executeTakeFirst();
      if (child) throw conflict(`The folder has folders inside; delete those first.`);
    }
    const snapshot: Snapshot = { row, owned: [], nulled: [], search: [] };
    for (const o of spec.owned) {
      const rows = (await loose(trx)
        .selectFrom(o.table)
        .selectAll()
        .where(o.column, "=", objectId)
        .execute()) as AnyRow[];
      if (rows.length) snapshot.owned.push({ table: o.table, rows });
    }
    for (const n of spec.nulled) {
      const rows: { id: string }[] = await loose(trx)
        .selectFrom(n.table)
        .select("id")
        .where(n.column, "=", objectId)
        .execute();
      if (rows.length) snapshot.nulled.push({ table: n.table, column: n.column, ids: rows.map((r) => r.id) });
    }
    // its search document and those of its comments go out of search with it
    const comments =
      type === "issue" || type === "decision" || type === "note"
        ? (
            await trx
              .selectFrom("comments")
              .select("id")
              .where("workspace_id", "=", ctx.workspaceId)
              .where("subject_id", "=", objectId)
              .execute()
          ).map((c) => c.id)
        : [];
    const docIds = [...(spec.search ? [objectId] : []), ...comments];
    if (docIds.length) {
      snapshot.search = await trx
        .selectFrom("search_documents")
        .select(["object_id", "object_type", "title", "body", "updated_at"])
        .where("object_id", "in", docIds)
        .execute();
      await trx.deleteFrom("search_documents").where("object_id", "in", docIds).execute();
    }
    // what this issue blocked is recounted once its edges are gone
    const blocked =
      type === "issue"
        ? (
            await trx
              .selectFrom("dependencies")
              .select("to_issue_id")
              .where("from_issue_id", "=", objectId)
              .where("kind", "=", "blocks")
              .execute()
          ).map((d) => d.to_issue_id)
        : [];
    for (const n of spec.nulled) {
      await loose(trx)
        .updateTable(n.table)
        .set({ [n.column]: null })
        .where(n.column, "=", objectId)
        .execute();
    }
    for (const o of spec.owned) await loose(trx).deleteFrom(o.table).where(o.column, "=", objectId).execute();
    await trx.deleteFrom(spec.table).where("id", "=", objectId).execute();
    if (blocked.length) await recountOpenBlockers(trx, ctx, blocked, now);

    const entry: Database["trash"] = {
      id: newId("trs", at),
      workspace_id: ctx.workspaceId,
      object_type: type,
      object_id: objectId,
      ref: name,
      title: String(row[spec.titleColumn] ?? ""),
      snapshot: JSON.stringify(snapshot),
      deleted_by: ctx.actor.personId,
      deleted_via: ctx.actor.via,
      deleted_at: now,
      purge_at: new Date(at.getTime() + TRASH_DAYS * DAY).toISOString(),
    };
    await trx.insertInto("trash").values(entry).execute();
    await recordActivity(trx, ctx, [{ type, id: objectId }], "deleted", {}, now);
    await emitEvent(trx, ctx, {
      type: `${type}.deleted`,
      object: { type, id: objectId },
      data: { ref: name, title: entry.title, purge_at: entry.purge_at },
      at: now,
    });
    return entry.id;
  });
  const row = await ctx.core.db
    .selectFrom("trash")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return itemView(row);
}

/** Restores an object from the trash; answers its trash entry as it was (the object is read by its path). */
export async function restoreObject(ctx: Ctx, type: TrashType, ref: string): Promise<TrashItemView> {
  refuseAgents(ctx, "restore");
  const spec = SPECS[type];
  const now = ctx.core.clock.now().toISOString();
  const key = type === "issue" && !ref.startsWith("iss_") ? ref.toUpperCase() : ref;
  return ctx.core.db.transaction().execute(async (trx) => {
    // held until the end (PostgreSQL): two restores at once are one restore and one 409
    const found = trx
      .selectFrom("trash")
      .selectAll()
      .where("workspace_id", "=", ctx.workspaceId)
      .where("object_type", "=", type)
      .where((eb) => eb.or([eb("ref", "=", key), eb("object_id", "=", key)]));
    const entry = await (ctx.core.store.kind === "postgres" ? found.forUpdate() : found).executeTakeFirst();
    if (!entry) {
      const live = await findObject(trx, ctx, type, ref);
      throw live
        ? conflict(
            `${type === "issue" ? String(live.identifier) : `The ${type} ${ref}`} is not in the trash.`,
          )
        : notFound(
            `No ${type} ${ref} in this workspace's trash (it may have been purged after ${TRASH_DAYS} days).`,
          );
    }
    const snapshot = JSON.parse(entry.snapshot) as Snapshot;
    await refuseOthers(
      trx,
      ctx,
      String(snapshot.row.created_by),
      type === "issue" ? entry.ref : `a ${type}`,
      "restore",
    );
    if (type === "issue") {
      // the space it was in may have gone; the workspace's other objects it named are cleared below
      const space = await trx
        .selectFrom("spaces")
        .select("id")
        .where("id", "=", String(snapshot.row.space_id))
        .executeTakeFirst();
      if (!space) throw conflict(`${entry.ref}'s space no longer exists; it cannot be restored.`);
    }
    const row = { ...snapshot.row };
    // references to objects that are gone since (deleted or purged) are cleared
    for (const [column, table] of Object.entries(REFERENCES[type])) {
      if (row[column] && !(await rowExists(trx, table, String(row[column])))) row[column] = null;
    }
    await trx
      .insertInto(spec.table)
      .values(row as never)
      .execute();
    // its labels are workspace labels again (one deleted meanwhile is made anew)
    if (type === "issue") await ensureLabels(trx, ctx, JSON.parse(String(row.labels)), now);
    for (const group of snapshot.owned) {
      const owned = spec.owned.filter((o) => o.table === group.table);
      for (const r of group.rows) {
        let ok = true;
        for (const o of owned)
          for (const [column, table] of Object.entries(o.needs ?? {}))
            if (!(await rowExists(trx, table, String(r[column])))) ok = false;
        if (!ok) continue;
        if (group.table === "dependencies" && r.kind === "blocks") {
          const ends = await trx
            .selectFrom("issues")
            .select(["id", "identifier"])
            .where("id", "in", [String(r.from_issue_id), String(r.to_issue_id)])
            .execute();
          const from = ends.find((e) => e.id === r.from_issue_id);
          const to = ends.find((e) => e.id === r.to_issue_id);
          const closes = await refuseIssueCycle(trx, from!, to!).then(
            () => false,
            () => true,
          );
          if (closes) continue;
        }
        const exists = await trx
          .selectFrom(group.table as "issue_labels")
          .select(sql`1`.as("x"))
          .where(primaryKey(group.table, r))
          .executeTakeFirst();
        if (!exists)
          await trx
            .insertInto(group.table as "issue_labels")
            .values(r as never)
            .execute();
      }
    }
    for (const n of snapshot.nulled) {
      await loose(trx)
        .updateTable(n.table)
        .set({ [n.column]: entry.object_id })
        .where("id", "in", n.ids)
        .where(n.column, "is", null)
        .execute();
    }
    for (const doc of snapshot.search) {
      if (doc.object_type === "comment" && !(await rowExists(trx, "comments", doc.object_id))) continue;
      await indexDocument(trx, { ...doc, workspace_id: ctx.workspaceId } as never);
    }
    if (type === "issue") {
      const blocked = (
        await trx
          .selectFrom("dependencies")
          .select("to_issue_id")
          .where("from_issue_id", "=", entry.object_id)
          .where("kind", "=", "blocks")
          .execute()
      ).map((d) => d.to_issue_id);
      await recountOpenBlockers(trx, ctx, [entry.object_id, ...blocked], now);
    }
    await trx.deleteFrom("trash").where("id", "=", entry.id).execute();
    await recordActivity(trx, ctx, [{ type, id: entry.object_id }], "restored", {}, now);
    await emitEvent(trx, ctx, {
      type: `${type}.restored`,
      object: { type, id: entry.object_id },
      data: { ref: entry.ref, title: entry.title },
      at: now,
    });
    return itemView(entry);
  });
}

/** Columns of each object that name another object, and that object's table. */
const REFERENCES: Record<TrashType, Record<string, keyof Database & string>> = {
  issue: { parent_id: "issues", cycle_id: "cycles", milestone_id: "milestones" },
  decision: { supersedes_id: "decisions" },
  note: { folder_id: "folders" },
  folder: { parent_id: "folders" },
  cycle: {},
  milestone: {},
};

async function rowExists(db: Db, table: keyof Database & string, id: string): Promise<boolean> {
  const row = await loose(db)
    .selectFrom(table)
    .select(sql`1`.as("x"))
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The where clause matching a kept row of `table` by its key (tables without an `id` have a composite one). */
function primaryKey(table: string, r: AnyRow) {
  // biome-ignore lint/suspicious/noExplicitAny: the row's own table
  return (eb: any) => {
    if (table === "issue_labels") return eb.and([eb("issue_id", "=", r.issue_id), eb("label", "=", r.label)]);
    if (table === "issue_links")
      return eb.and([eb("issue_id", "=", r.issue_id), eb("object_id", "=", r.object_id)]);
    return eb("id", "=", r.id);
  };
}

/** Purges what has been in the trash for 30 days: the snapshot and the object's comments go for good. */
export async function purgeTrash(core: Core): Promise<number> {
  const now = core.clock.now().toISOString();
  const due = await core.db
    .selectFrom("trash")
    .select(["id", "object_id"])
    .where("purge_at", "<=", now)
    .execute();
  for (const d of due) {
    await core.db.transaction().execute(async (trx) => {
      const comments = await trx
        .selectFrom("comments")
        .select("id")
        .where("subject_id", "=", d.object_id)
        .execute();
      if (comments.length) {
        const ids = comments.map((c) => c.id);
        await trx.deleteFrom("comment_revisions").where("comment_id", "in", ids).execute();
        await trx.deleteFrom("search_documents").where("object_id", "in", ids).execute();
        await trx.deleteFrom("comments").where("id", "in", ids).execute();
      }
      await trx.deleteFrom("trash").where("id", "=", d.id).execute();
    });
  }
  return due.length;
}
