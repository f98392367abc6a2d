import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import { runNamed } from "../db/prepared.ts";
import type { Database, FoldersTable, NotesTable } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { type ActivityView, diff, listActivity, recordActivity } from "./activity.ts";
import {
  checkIfMatch,
  containsText,
  countOut,
  issueRef,
  issueRefs,
  lostRace,
  markdown,
  name,
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
 * Notes: Markdown pages filed in a tree of folders and linked to the issues they bear on.
 */

export type NoteRow = NotesTable;
export type FolderRow = FoldersTable;
type Db = Kysely<Database> | Transaction<Database>;

/** At most this many folders in a workspace, nested at most this deep (a top-level folder is depth 1). */
export const FOLDER_LIMITS = { count: 1000, depth: 10 } as const;

// ---------------------------------------------------------------------------------------------------
// Schemas

export const noteId = objectId("note", "note");
export const folderId = objectId("fld", "folder");

export const createNoteInput = z.strictObject({
  title,
  body: markdown.optional().describe("The note itself (Markdown)."),
  folder: folderId.nullable().optional().describe("The folder to file it in; at the top level when null."),
  issues: issueRefs.optional().describe("Issues the note bears on."),
});
export type CreateNoteInput = z.input<typeof createNoteInput>;

export const updateNoteInput = z.strictObject({
  title: title.optional(),
  body: markdown.optional(),
  folder: folderId.nullable().optional().describe("Another folder, or null for the top level."),
  issues: issueRefs.optional().describe("The whole new set of linked issues."),
});
export type UpdateNoteInput = z.input<typeof updateNoteInput>;

export const NOTE_SORTS = ["created", "-created"] as const;

export const listNotesQuery = z.strictObject({
  ...pageQuery,
  folder: z
    .string({ error: "must be a folder id (fld_…) or none" })
    .trim()
    .regex(/^(none|fld_[0-9A-Z]{26})$/, { error: "must be a folder id (fld_…) or none" })
    .optional()
    .describe("Only notes directly in this folder; `none` for notes at the top level."),
  issue: issueRef.optional().describe("Only notes linked to this issue."),
  q: titleQuery.optional().describe("Text the title contains (case-insensitive)."),
  sort: z
    .enum(NOTE_SORTS, { error: `must be one of ${NOTE_SORTS.join(", ")}` })
    .default("-created")
    .describe("created: oldest first; -created: newest first (the default)."),
});
/** A parsed list query; `limit` and `sort` take their defaults when left out. */
export type ListNotesQuery = Partial<z.output<typeof listNotesQuery>>;

export const createFolderInput = z.strictObject({
  name,
  parent: folderId.nullable().optional().describe("The folder to put it in; at the top level when null."),
});
export type CreateFolderInput = z.input<typeof createFolderInput>;

export const updateFolderInput = z.strictObject({
  name: name.optional(),
  parent: folderId.nullable().optional().describe("Move it into this folder, or to the top level with null."),
});
export type UpdateFolderInput = z.input<typeof updateFolderInput>;

const actorSchema = z.object({ person_id: z.string(), via: z.string() });
const folderRef = z.object({ id: z.string(), name: z.string() });

/** A note in lists: everything but its body. */
export const noteSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    folder: folderRef.nullable(),
    issues: z.array(linkedIssueView),
    version: versionOut,
    created_by: actorSchema,
    updated_by: actorSchema,
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "NoteSummary" });
export type NoteSummary = z.output<typeof noteSummary>;

export const noteView = noteSummary.extend({ body: z.string() }).meta({ id: "Note" });
export type NoteView = z.output<typeof noteView>;

/** A note as an issue's execution bundle shows it. */
export const linkedNoteView = z.object({
  id: z.string(),
  title: z.string(),
  folder: folderRef.nullable(),
  body: z.string(),
  updated_at: timeOut,
});
export type LinkedNoteView = z.output<typeof linkedNoteView>;

export const folderView = z
  .object({
    id: z.string(),
    name: z.string(),
    parent_id: z.string().nullable(),
    note_count: countOut,
    version: versionOut,
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "Folder" });
export type FolderView = z.output<typeof folderView>;

export const listFoldersQuery = z.strictObject({
  ...pageQuery,
  parent: z
    .string({ error: "must be a folder id (fld_…) or none" })
    .trim()
    .regex(/^(none|fld_[0-9A-Z]{26})$/, { error: "must be a folder id (fld_…) or none" })
    .optional()
    .describe("Only the folders directly in this folder (`none`: the top level)."),
});
export type ListFoldersQuery = Partial<z.output<typeof listFoldersQuery>>;

// ---------------------------------------------------------------------------------------------------
// Reading notes

/** A note row with its folder's name. */
function noteQuery(db: Db, workspaceId: string) {
  return db
    .selectFrom("notes as n")
    .leftJoin("folders as f", "f.id", "n.folder_id")
    .selectAll("n")
    .select("f.name as folder_name")
    .where("n.workspace_id", "=", workspaceId);
}
type NoteWithFolder = NoteRow & { folder_name: string | null };

const folderOf = (r: NoteWithFolder) => (r.folder_id ? { id: r.folder_id, name: r.folder_name ?? "" } : null);

async function findNote(db: Db, ctx: Ctx, id: string, lock = false): Promise<NoteRow | undefined> {
  let query = db
    .selectFrom("notes")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id);
  if (lock && ctx.core.store.kind === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

async function requireNote(db: Db, ctx: Ctx, id: string, lock = false): Promise<NoteRow> {
  const row = await findNote(db, ctx, id, lock);
  if (!row) throw notFound(`No note ${id} in this workspace.`);
  return row;
}

async function summaries(db: Db, ctx: Ctx, rows: readonly NoteWithFolder[]): Promise<NoteSummary[]> {
  const links = await linksOf(
    db,
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    folder: folderOf(r),
    issues: links.get(r.id) ?? [],
    version: r.version,
    created_by: actorView(r.created_by, r.created_via),
    updated_by: actorView(r.updated_by, r.updated_via),
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/** One note of the workspace with its body, folder and linked issues; 404 when there is none. */
export async function getNote(ctx: Ctx, id: string, db: Db = ctx.core.db): Promise<NoteView> {
  const row = (await noteQuery(db, ctx.workspaceId).where("n.id", "=", id).executeTakeFirst()) as
    | NoteWithFolder
    | undefined;
  if (!row) throw notFound(`No note ${id} in this workspace.`);
  const [summary] = await summaries(db, ctx, [row]);
  return { ...summary!, body: row.body };
}

const SORT_KEYS: Record<(typeof NOTE_SORTS)[number], SortKey[]> = {
  created: byCreation("n", "asc"),
  "-created": byCreation("n", "desc"),
};

/** Notes of the workspace, filtered by folder, linked issue and title, a page at a time. */
export async function listNotes(ctx: Ctx, input: ListNotesQuery): Promise<Page<NoteSummary>> {
  const q = { ...input, limit: input.limit ?? DEFAULT_LIMIT, sort: input.sort ?? "-created" };
  const db = ctx.core.db;
  let query = noteQuery(db, ctx.workspaceId);
  if (q.folder === "none") query = query.where("n.folder_id", "is", null);
  else if (q.folder) {
    await requireFolderRef(db, ctx, q.folder, "folder");
    query = query.where("n.folder_id", "=", q.folder);
  }
  if (q.issue) {
    const issueId = await filterIssueId(ctx, q.issue);
    query = query.where(linkedToIssue("n.id", issueId));
  }
  if (q.q) query = query.where(containsText(ctx.core.store.kind, "n.title", q.q));
  const sort = `notes:${q.sort}`;
  const page = await paginate(query, sort, SORT_KEYS[q.sort], q);
  return { data: await summaries(db, ctx, page.data), next_cursor: page.next_cursor };
}

/** A note's changes, oldest first; 404 when the note is not in this workspace. */
export async function listNoteActivity(ctx: Ctx, id: string, page: PageInput): Promise<Page<ActivityView>> {
  await requireNote(ctx.core.db, ctx, id);
  return listActivity(ctx, id, page);
}

/** The notes linked to an issue (by its id), oldest first, compact, for the issue's execution bundle. */
export async function linkedNotes(
  ctx: Ctx,
  issueId: string,
  db: Db = ctx.core.db,
): Promise<LinkedNoteView[]> {
  const rows = (await runNamed(
    db,
    noteQuery(db, ctx.workspaceId)
      .innerJoin("issue_links as l", "l.object_id", "n.id")
      .where("l.workspace_id", "=", ctx.workspaceId)
      .where("l.object_type", "=", "note")
      .where("l.issue_id", "=", issueId)
      .orderBy("n.created_at")
      .orderBy("n.id"),
  )) as NoteWithFolder[];
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    folder: folderOf(r),
    body: r.body,
    updated_at: r.updated_at,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Writing notes

/** The workspace's folder `id`, or 400 naming `field`. */
async function requireFolderRef(db: Db, ctx: Ctx, id: string, field: string): Promise<FolderRow> {
  const row = await db
    .selectFrom("folders")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) {
    const why = `no folder ${id} in this workspace`;
    throw invalid(`${field}: ${why}`, { [field]: why });
  }
  return row;
}

const indexNote = (trx: Transaction<Database>, row: NoteRow) =>
  indexDocument(trx, {
    object_id: row.id,
    workspace_id: row.workspace_id,
    object_type: "note",
    title: row.title,
    body: row.body,
    updated_at: row.updated_at,
  });

function activityFields(row: NoteRow, issues: readonly LinkedIssueView[]): Record<string, unknown> {
  return { title: row.title, body: row.body, folder: row.folder_id, issues: identifiersOf(issues) };
}

/** Creates a note, filed in a folder or at the top level, with its issue links, in one transaction. */
export async function createNote(ctx: Ctx, input: CreateNoteInput): Promise<NoteView> {
  const data = parse(createNoteInput, input);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("note", new Date(at));
  await ctx.core.db.transaction().execute(async (trx) => {
    if (data.folder) await requireFolderRef(trx, ctx, data.folder, "folder");
    const issues = await resolveLinks(trx, ctx, data.issues ?? []);
    const row: NoteRow = {
      id,
      workspace_id: ctx.workspaceId,
      folder_id: data.folder ?? null,
      title: data.title,
      body: data.body ?? "",
      version: 1,
      ...authoredBy(ctx, at),
    };
    await trx.insertInto("notes").values(row).execute();
    await replaceLinks(trx, ctx, { type: "note", id }, issues, at);
    await indexNote(trx, row);
    await recordActivity(trx, ctx, { type: "note", id }, "created", {}, at);
  });
  return getNote(ctx, id);
}

/**
 * Changes the fields given and leaves the rest; `issues` replaces the whole link set. With `ifMatch`,
 * only if the note is still at one of those versions, else 412.
 */
export async function updateNote(
  ctx: Ctx,
  id: string,
  input: UpdateNoteInput,
  ifMatch?: number[],
): Promise<NoteView> {
  const data = parse(updateNoteInput, input);
  await ctx.core.db.transaction().execute(async (trx) => {
    const current = await requireNote(trx, ctx, id, true);
    checkIfMatch(ifMatch, current.version, `Note ${id}`);
    if (data.folder) await requireFolderRef(trx, ctx, data.folder, "folder");
    const linked = (await linksOf(trx, ctx, [id])).get(id) ?? [];
    const issues = data.issues === undefined ? linked : await resolveLinks(trx, ctx, data.issues);
    const at = ctx.core.clock.now().toISOString();
    const next: NoteRow = {
      ...current,
      title: data.title ?? current.title,
      body: data.body ?? current.body,
      folder_id: data.folder === undefined ? current.folder_id : data.folder,
      version: current.version + 1,
      ...touchedBy(ctx, at),
    };
    const changes = diff(activityFields(current, linked), activityFields(next, issues));
    if (Object.keys(changes).length === 0) return;
    const { id: _id, workspace_id: _w, created_at: _c, created_by: _cb, created_via: _cv, ...set } = next;
    const written = await trx
      .updateTable("notes")
      .set(set)
      .where("id", "=", id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (touched(written) === 0) throw lostRace(ifMatch, `Note ${id}`);
    if (changes.issues) await replaceLinks(trx, ctx, { type: "note", id }, issues, at);
    if (changes.title || changes.body) await indexNote(trx, next);
    await recordActivity(trx, ctx, { type: "note", id }, "updated", changes, at);
  });
  return getNote(ctx, id);
}

// ---------------------------------------------------------------------------------------------------
// Folders

/** On PostgreSQL, one folder writer at a time per workspace, so the caps, names and tree stay sound. */
async function lockFolders(ctx: Ctx, trx: Transaction<Database>): Promise<void> {
  if (ctx.core.store.kind === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`folders:${ctx.workspaceId}`}))`.execute(trx);
  }
}

/** Every folder of the workspace (at most FOLDER_LIMITS.count), by id. */
async function allFolders(db: Db, ctx: Ctx): Promise<Map<string, FolderRow>> {
  const rows = await db
    .selectFrom("folders")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** How deep `id` sits: 1 for a top-level folder, 0 for the top level itself (null). */
function depthOf(folders: Map<string, FolderRow>, id: string | null): number {
  let depth = 0;
  for (let at = id; at && depth <= folders.size; at = folders.get(at)?.parent_id ?? null) depth++;
  return depth;
}

/** How many levels the subtree under `id` spans, counting `id` itself as 1. */
function heightOf(folders: Map<string, FolderRow>, id: string): number {
  const children = new Map<string, string[]>();
  for (const f of folders.values()) {
    if (f.parent_id) children.set(f.parent_id, [...(children.get(f.parent_id) ?? []), f.id]);
  }
  const walk = (at: string): number => 1 + Math.max(0, ...(children.get(at) ?? []).map(walk));
  return walk(id);
}

/** Sibling names are unique, ignoring case; 409 when `name` is taken under `parentId`. */
function checkNameFree(
  folders: Map<string, FolderRow>,
  parentId: string | null,
  name: string,
  self?: string,
) {
  const key = name.toLowerCase();
  for (const f of folders.values()) {
    if (f.id !== self && f.parent_id === parentId && f.name.toLowerCase() === key) {
      throw conflict(
        `A folder named ${f.name} is already ${parentId ? "in that folder" : "at the top level"} (${f.id}).`,
      );
    }
  }
}

function parentRef(folders: Map<string, FolderRow>, id: string): FolderRow {
  const row = folders.get(id);
  if (!row) {
    const why = `no folder ${id} in this workspace`;
    throw invalid(`parent: ${why}`, { parent: why });
  }
  return row;
}

async function folderViewOf(db: Db, ctx: Ctx, row: FolderRow): Promise<FolderView> {
  const count = await db
    .selectFrom("notes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("workspace_id", "=", ctx.workspaceId)
    .where("folder_id", "=", row.id)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parent_id,
    note_count: Number(count.n),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** One folder of the workspace with its count of notes; 404 when there is none. */
export async function getFolder(ctx: Ctx, id: string, db: Db = ctx.core.db): Promise<FolderView> {
  const row = await db
    .selectFrom("folders")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No folder ${id} in this workspace.`);
  return folderViewOf(db, ctx, row);
}

/**
 * The workspace's folders, oldest first, a page at a time, each with its parent and how many notes it
 * holds; `parent` keeps the folders directly in one folder (`none`: the top level). Every list of the
 * API pages the same way; a client builds the tree from `parent_id` (a workspace has at most 1,000).
 */
export async function listFolders(ctx: Ctx, input: ListFoldersQuery = {}): Promise<Page<FolderView>> {
  const q = { ...input, limit: input.limit ?? DEFAULT_LIMIT };
  const db = ctx.core.db;
  let query = db.selectFrom("folders as f").selectAll("f").where("f.workspace_id", "=", ctx.workspaceId);
  if (q.parent === "none") query = query.where("f.parent_id", "is", null);
  else if (q.parent) {
    await requireFolderRef(db, ctx, q.parent, "parent");
    query = query.where("f.parent_id", "=", q.parent);
  }
  const page = await paginate(query, "folders", byCreation("f", "asc"), q);
  const ids = page.data.map((f) => f.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .selectFrom("notes")
          .select(["folder_id", (eb) => eb.fn.countAll<number | string>().as("n")])
          .where("workspace_id", "=", ctx.workspaceId)
          .where("folder_id", "in", ids)
          .groupBy("folder_id")
          .execute();
  const countOf = new Map(counts.map((r) => [r.folder_id!, Number(r.n)]));
  return {
    data: page.data.map((row) => ({
      id: row.id,
      name: row.name,
      parent_id: row.parent_id,
      note_count: countOf.get(row.id) ?? 0,
      version: row.version,
      created_at: row.created_at,
      updated_at: row.updated_at,
    })),
    next_cursor: page.next_cursor,
  };
}

/** Creates a folder at the top level or in `parent`, within the workspace's count and depth caps. */
export async function createFolder(ctx: Ctx, input: CreateFolderInput): Promise<FolderView> {
  const data = parse(createFolderInput, input);
  const at = ctx.core.clock.now().toISOString();
  const row = await ctx.core.db.transaction().execute(async (trx) => {
    await lockFolders(ctx, trx);
    const folders = await allFolders(trx, ctx);
    const parentId = data.parent ?? null;
    if (parentId) parentRef(folders, parentId);
    if (folders.size >= FOLDER_LIMITS.count) {
      throw conflict(`This workspace has ${FOLDER_LIMITS.count} folders, the most it can have.`);
    }
    if (depthOf(folders, parentId) + 1 > FOLDER_LIMITS.depth) {
      throw conflict(`Folders nest at most ${FOLDER_LIMITS.depth} deep; this one would be deeper.`);
    }
    checkNameFree(folders, parentId, data.name);
    const folder: FolderRow = {
      id: newId("fld", new Date(at)),
      workspace_id: ctx.workspaceId,
      parent_id: parentId,
      name: data.name,
      version: 1,
      created_by: ctx.actor.personId,
      created_at: at,
      updated_at: at,
    };
    await trx.insertInto("folders").values(folder).execute();
    await recordActivity(trx, ctx, { type: "folder", id: folder.id }, "created", {}, at);
    return folder;
  });
  return getFolder(ctx, row.id);
}

/**
 * Renames a folder or moves it (with everything in it) under another folder or to the top level. A move
 * under itself or its own descendant, past the depth cap, or onto a sibling's name is 409.
 */
export async function updateFolder(
  ctx: Ctx,
  id: string,
  input: UpdateFolderInput,
  ifMatch?: number[],
): Promise<FolderView> {
  const data = parse(updateFolderInput, input);
  await ctx.core.db.transaction().execute(async (trx) => {
    await lockFolders(ctx, trx);
    const folders = await allFolders(trx, ctx);
    const current = folders.get(id);
    if (!current) throw notFound(`No folder ${id} in this workspace.`);
    checkIfMatch(ifMatch, current.version, `Folder ${id}`);
    const parentId = data.parent === undefined ? current.parent_id : data.parent;
    const name = data.name ?? current.name;
    if (parentId !== current.parent_id) {
      if (parentId) parentRef(folders, parentId);
      for (let at = parentId; at; at = folders.get(at)?.parent_id ?? null) {
        if (at === id) throw conflict("A folder cannot move into itself or into a folder inside it.");
      }
      if (depthOf(folders, parentId) + heightOf(folders, id) > FOLDER_LIMITS.depth) {
        throw conflict(`Folders nest at most ${FOLDER_LIMITS.depth} deep; this move would go deeper.`);
      }
    }
    if (parentId !== current.parent_id || name !== current.name) checkNameFree(folders, parentId, name, id);
    const changes = diff({ name: current.name, parent: current.parent_id }, { name, parent: parentId });
    if (Object.keys(changes).length === 0) return;
    const at = ctx.core.clock.now().toISOString();
    const written = await trx
      .updateTable("folders")
      .set({ name, parent_id: parentId, version: current.version + 1, updated_at: at })
      .where("id", "=", id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (touched(written) === 0) throw lostRace(ifMatch, `Folder ${id}`);
    await recordActivity(trx, ctx, { type: "folder", id }, "updated", changes, at);
  });
  return getFolder(ctx, id);
}
