import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { CommentsTable, Database } from "../db/schema.ts";
import { conflict, DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { recordActivity } from "./activity.ts";
import {
  checkIfMatch,
  issueRef,
  LIMITS,
  lostRace,
  objectId,
  timeOut,
  touched,
  versionOut,
} from "./common.ts";
import { authoredBy, type Ctx, touchedBy } from "./context.ts";
import { decisionId } from "./decisions.ts";
import { emitEvent } from "./events.ts";
import { actorNamed, actsAsAgent, excerptOf, namedActors, recordMentions } from "./inbox.ts";
import { checkFence } from "./leases.ts";
import { noteId } from "./notes.ts";
import { type Page, type PageInput, pageQuery, paginate } from "./pagination.ts";
import { indexDocument, removeDocument } from "./search-index.ts";

/**
 * Comments on issues, decisions and notes: Markdown, one level of replies. An edit keeps the earlier
 * text (read back as the comment's `history`); a delete keeps the comment in its thread, shown as deleted,
 * its text kept in the database for the record. Only the author (the person, through any of their
 * credentials) or a workspace admin acting as themself may change one.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type CommentRow = CommentsTable;
export type SubjectType = CommentRow["subject_type"];

export const commentId = objectId("cmt", "comment");

const body = z
  .string({ error: "must be a string" })
  .max(LIMITS.markdown, { error: `must be at most ${LIMITS.markdown} characters` })
  .refine((s) => s.trim() !== "", { error: "must not be empty" })
  .describe("Markdown; `@email` or `@agent-name` mentions a member or an agent.");

export const createCommentInput = z.strictObject({
  body,
  parent: commentId.optional().describe("Reply to this top-level comment (replies are one level deep)."),
});
export type CreateCommentInput = z.input<typeof createCommentInput>;

export const updateCommentInput = z.strictObject({ body });

export const listCommentsQuery = z.strictObject({
  ...pageQuery,
  order: z
    .enum(["oldest", "newest"], { error: "must be oldest or newest" })
    .default("oldest")
    .describe("oldest (the default): the conversation in order; newest: latest threads first."),
});
export type ListCommentsQuery = z.input<typeof listCommentsQuery>;

const subjectView = z.object({
  type: z.enum(["issue", "decision", "note"]),
  id: z.string(),
  identifier: z
    .string()
    .nullable()
    .describe("The issue's identifier (ENG-42); null for a decision or a note."),
});

export const commentView = z
  .object({
    id: z.string(),
    subject: subjectView,
    parent_id: z.string().nullable().describe("The comment this replies to; null for a top-level comment."),
    body: z.string().describe("The Markdown text; empty once deleted."),
    deleted: z.boolean(),
    deleted_at: timeOut.nullable(),
    edited: z.boolean().describe("true when the text was changed after it was written (see history)."),
    version: versionOut,
    author: actorNamed,
    updated_by: actorNamed.describe("Who last changed it (the author unless an admin edited or deleted it)."),
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "Comment" });
export type CommentView = z.output<typeof commentView>;

export const threadView = commentView
  .extend({ replies: z.array(commentView).describe("Its replies, oldest first.") })
  .meta({ id: "CommentThread" });
export type ThreadView = z.output<typeof threadView>;

export const revisionView = z.object({
  version: versionOut,
  body: z.string(),
  author: actorNamed,
  written_at: timeOut,
  replaced_at: timeOut,
});

export const commentDetail = commentView
  .extend({
    history: z
      .array(revisionView)
      .describe("The earlier texts, oldest first (empty when never edited, or once deleted)."),
  })
  .meta({ id: "CommentDetail" });
export type CommentDetail = z.output<typeof commentDetail>;

// ---------------------------------------------------------------------------------------------------
// Subjects

export interface Subject {
  type: SubjectType;
  id: string;
  identifier: string | null;
  title: string;
  issueId: string | null;
}

/** What a comment may be on: an issue (ENG-42 or iss_…), a decision (dec_…) or a note (note_…). */
export const subjectRef = z.union([issueRef, decisionId, noteId], {
  error: "must be an issue identifier such as ENG-42, a decision id (dec_…) or a note id (note_…)",
});

/** The subject `ref` names in this workspace; 404 when there is none. */
export async function resolveSubject(db: Db, ctx: Ctx, ref: string): Promise<Subject> {
  if (ref.startsWith("dec_") || ref.startsWith("note_")) {
    const table = ref.startsWith("dec_") ? "decisions" : "notes";
    const row = await db
      .selectFrom(table)
      .select(["id", "title"])
      .where("workspace_id", "=", ctx.workspaceId)
      .where("id", "=", ref)
      .executeTakeFirst();
    if (!row) throw notFound(`No ${table === "decisions" ? "decision" : "note"} ${ref} in this workspace.`);
    return {
      type: table === "decisions" ? "decision" : "note",
      id: row.id,
      identifier: null,
      title: row.title,
      issueId: null,
    };
  }
  const key = ref.startsWith("iss_") ? ref : ref.toUpperCase();
  const row = await db
    .selectFrom("issues")
    .select(["id", "identifier", "title"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where(key.startsWith("iss_") ? "id" : "identifier", "=", key)
    .executeTakeFirst();
  if (!row) throw notFound(`No issue ${ref} in this workspace.`);
  return { type: "issue", id: row.id, identifier: row.identifier, title: row.title, issueId: row.id };
}

async function subjectOf(db: Db, ctx: Ctx, row: CommentRow): Promise<Subject> {
  return resolveSubject(db, ctx, row.subject_id);
}

// ---------------------------------------------------------------------------------------------------
// Reading

async function findComment(db: Db, ctx: Ctx, id: string, lock = false): Promise<CommentRow> {
  let q = db
    .selectFrom("comments")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id);
  if (lock && ctx.core.store.kind === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(`No comment ${id} in this workspace.`);
  return row;
}

async function views(db: Db, rows: readonly CommentRow[], subject: Subject | Map<string, Subject>) {
  const named = await namedActors(
    db,
    rows.flatMap((r) => [
      { person: r.created_by, via: r.created_via },
      { person: r.updated_by, via: r.updated_via },
    ]),
  );
  return rows.map((r): CommentView => {
    const s = subject instanceof Map ? subject.get(r.subject_id)! : subject;
    const deleted = r.deleted_at !== null;
    return {
      id: r.id,
      subject: { type: s.type, id: s.id, identifier: s.identifier },
      parent_id: r.parent_id,
      body: deleted ? "" : r.body,
      deleted,
      deleted_at: r.deleted_at,
      edited: !deleted && r.version > 1,
      version: r.version,
      author: named(r.created_by, r.created_via),
      updated_by: named(r.updated_by, r.updated_via),
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

/** One comment with its earlier texts; 404 when it is not in this workspace. */
export async function getComment(ctx: Ctx, id: string, db: Db = ctx.core.db): Promise<CommentDetail> {
  const row = await findComment(db, ctx, parse(commentId, id));
  const subject = await subjectOf(db, ctx, row);
  const [view] = await views(db, [row], subject);
  if (row.deleted_at !== null) return { ...view!, history: [] };
  const revisions = await db
    .selectFrom("comment_revisions")
    .selectAll()
    .where("comment_id", "=", row.id)
    .orderBy("version")
    .execute();
  const named = await namedActors(
    db,
    revisions.map((r) => ({ person: r.written_by, via: r.written_via })),
  );
  return {
    ...view!,
    history: revisions.map((r) => ({
      version: r.version,
      body: r.body,
      author: named(r.written_by, r.written_via),
      written_at: r.written_at,
      replaced_at: r.replaced_at,
    })),
  };
}

/**
 * The comments on an issue, a decision or a note: top-level comments a page at a time (oldest first
 * unless `order` is newest), each with all its replies, oldest first.
 */
export async function listComments(
  ctx: Ctx,
  ref: string,
  input: ListCommentsQuery = {},
): Promise<Page<ThreadView>> {
  const q = parse(listCommentsQuery, input);
  const db = ctx.core.db;
  const subject = await resolveSubject(db, ctx, ref);
  const direction = q.order === "newest" ? "desc" : "asc";
  const page = await paginate(
    db
      .selectFrom("comments as c")
      .selectAll("c")
      .where("c.workspace_id", "=", ctx.workspaceId)
      .where("c.subject_id", "=", subject.id)
      .where("c.parent_id", "is", null),
    `comments:${q.order}`,
    [
      { column: "c.created_at", direction },
      { column: "c.id", direction },
    ],
    q as PageInput,
  );
  const ids = page.data.map((r) => r.id);
  const replies = ids.length
    ? await db
        .selectFrom("comments")
        .selectAll()
        .where("workspace_id", "=", ctx.workspaceId)
        .where("parent_id", "in", ids)
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    : [];
  const all = await views(db, [...page.data, ...replies], subject);
  const byParent = new Map<string, CommentView[]>();
  for (const v of all.slice(page.data.length)) {
    const list = byParent.get(v.parent_id!) ?? [];
    list.push(v);
    byParent.set(v.parent_id!, list);
  }
  return {
    data: all.slice(0, page.data.length).map((v) => ({ ...v, replies: byParent.get(v.id) ?? [] })),
    next_cursor: page.next_cursor,
  };
}

/** The newest comments on an issue (by its id), not deleted, for its bundle: at most `limit`. */
export async function recentComments(
  ctx: Ctx,
  issue: { id: string; identifier: string; title: string },
  limit = 50,
): Promise<CommentView[]> {
  const rows = await ctx.core.db
    .selectFrom("comments")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("subject_id", "=", issue.id)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return views(ctx.core.db, rows, {
    type: "issue",
    id: issue.id,
    identifier: issue.identifier,
    title: issue.title,
    issueId: issue.id,
  });
}

// ---------------------------------------------------------------------------------------------------
// Writing

const where = (subject: Subject, id: string) => ({
  type: "comment",
  id,
  issueId: subject.issueId,
  title: `${subject.identifier ?? subject.title}${subject.identifier ? `: ${subject.title}` : ""}`,
});

/** A comment as search finds it: its text, titled by what it is on. */
const indexComment = (
  trx: Transaction<Database>,
  subject: Subject,
  row: Pick<CommentRow, "id" | "workspace_id" | "body" | "updated_at">,
) =>
  indexDocument(trx, {
    object_id: row.id,
    workspace_id: row.workspace_id,
    object_type: "comment",
    title: `Comment on ${subject.identifier ? `${subject.identifier}: ` : ""}${subject.title}`,
    body: row.body,
    updated_at: row.updated_at,
  });

const eventData = (subject: Subject, row: Pick<CommentRow, "parent_id">) => ({
  subject: {
    type: subject.type,
    id: subject.id,
    ...(subject.identifier ? { identifier: subject.identifier } : {}),
  },
  parent_id: row.parent_id,
});

/** Adds a comment (or a reply) to an issue, a decision or a note; its mentions reach the inbox. */
export async function addComment(ctx: Ctx, ref: string, input: CreateCommentInput): Promise<CommentDetail> {
  const data = parse(createCommentInput, input);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("cmt", new Date(at));
  await ctx.core.db.transaction().execute(async (trx) => {
    const subject = await resolveSubject(trx, ctx, ref);
    // another connection's claim on the issue refuses the comment (409 claimed); a person may comment
    if (subject.type === "issue") await checkFence(ctx, trx, subject.id, undefined);
    if (data.parent) {
      const parent = await trx
        .selectFrom("comments")
        .select(["id", "subject_id", "parent_id"])
        .where("workspace_id", "=", ctx.workspaceId)
        .where("id", "=", data.parent)
        .executeTakeFirst();
      if (!parent || parent.subject_id !== subject.id)
        throw invalid(`parent: no comment ${data.parent} on ${ref}`, {
          parent: `no comment ${data.parent} here`,
        });
      if (parent.parent_id)
        throw invalid(
          `parent: replies are one level deep; reply to the top-level comment ${parent.parent_id}`,
          { parent: `is a reply; reply to ${parent.parent_id}` },
        );
    }
    const row: CommentRow = {
      id,
      workspace_id: ctx.workspaceId,
      subject_type: subject.type,
      subject_id: subject.id,
      parent_id: data.parent ?? null,
      body: data.body,
      version: 1,
      deleted_at: null,
      deleted_by: null,
      deleted_via: null,
      ...authoredBy(ctx, at),
    };
    await trx.insertInto("comments").values(row).execute();
    await indexComment(trx, subject, row);
    await recordActivity(trx, ctx, [{ type: "comment", id }], "created", {}, at);
    await emitEvent(trx, ctx, {
      type: "comment.created",
      object: { type: "comment", id },
      data: { ...eventData(subject, row), excerpt: excerptOf(row.body) },
      at,
    });
    await recordMentions(trx, ctx, where(subject, id), row.body);
  });
  return getComment(ctx, id);
}

/** Only the author (any of their credentials) or an admin acting as themself changes a comment. */
async function mayChange(trx: Transaction<Database>, ctx: Ctx, row: CommentRow): Promise<void> {
  if (row.created_by === ctx.actor.personId) return;
  if (!actsAsAgent(ctx)) {
    const membership = await trx
      .selectFrom("memberships")
      .select("role")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("person_id", "=", ctx.actor.personId)
      .executeTakeFirst();
    if (membership?.role === "owner" || membership?.role === "admin") return;
  }
  throw new DocketError(
    403,
    "forbidden",
    `Only the comment's author or a workspace admin may change ${row.id}${actsAsAgent(ctx) ? " (an agent acts with its person's rights, not an admin's)" : ""}.`,
  );
}

/** Replaces a comment's text, keeping the earlier one in its history. */
export async function updateComment(
  ctx: Ctx,
  id: string,
  input: z.input<typeof updateCommentInput>,
  ifMatch?: number[],
): Promise<CommentDetail> {
  const data = parse(updateCommentInput, input);
  const commentKey = parse(commentId, id);
  await ctx.core.db.transaction().execute(async (trx) => {
    const current = await findComment(trx, ctx, commentKey, true);
    await mayChange(trx, ctx, current);
    checkIfMatch(ifMatch, current.version, `Comment ${commentKey}`);
    if (current.deleted_at) throw conflict(`Comment ${commentKey} was deleted; it can no longer be edited.`);
    if (current.body === data.body) return;
    const at = ctx.core.clock.now().toISOString();
    const written = await trx
      .updateTable("comments")
      .set({ body: data.body, version: current.version + 1, ...touchedBy(ctx, at) })
      .where("id", "=", current.id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (touched(written) === 0) throw lostRace(ifMatch, `Comment ${commentKey}`);
    await trx
      .insertInto("comment_revisions")
      .values({
        id: newId("crv", new Date(at)),
        comment_id: current.id,
        version: current.version,
        body: current.body,
        written_by: current.updated_by,
        written_via: current.updated_via,
        written_at: current.updated_at,
        replaced_at: at,
      })
      .execute();
    const changes = { body: { from: current.body, to: data.body } };
    await recordActivity(trx, ctx, [{ type: "comment", id: current.id }], "updated", changes, at);
    const subject = await subjectOf(trx, ctx, current);
    await indexComment(trx, subject, { ...current, body: data.body, updated_at: at });
    await emitEvent(trx, ctx, {
      type: "comment.updated",
      object: { type: "comment", id: current.id },
      data: { ...eventData(subject, current), changes },
      at,
    });
    await recordMentions(trx, ctx, where(subject, current.id), data.body, current.body);
  });
  return getComment(ctx, commentKey);
}

/** Marks a comment deleted: it stays in its thread as deleted; its replies stay. */
export async function deleteComment(ctx: Ctx, id: string, ifMatch?: number[]): Promise<CommentDetail> {
  const commentKey = parse(commentId, id);
  await ctx.core.db.transaction().execute(async (trx) => {
    const current = await findComment(trx, ctx, commentKey, true);
    await mayChange(trx, ctx, current);
    checkIfMatch(ifMatch, current.version, `Comment ${commentKey}`);
    if (current.deleted_at) return;
    const at = ctx.core.clock.now().toISOString();
    const written = await trx
      .updateTable("comments")
      .set({
        deleted_at: at,
        deleted_by: ctx.actor.personId,
        deleted_via: ctx.actor.via,
        version: current.version + 1,
        ...touchedBy(ctx, at),
      })
      .where("id", "=", current.id)
      .where("version", "=", current.version)
      .executeTakeFirst();
    if (touched(written) === 0) throw lostRace(ifMatch, `Comment ${commentKey}`);
    await recordActivity(trx, ctx, [{ type: "comment", id: current.id }], "deleted", {}, at);
    await removeDocument(trx, current.id);
    const subject = await subjectOf(trx, ctx, current);
    await emitEvent(trx, ctx, {
      type: "comment.deleted",
      object: { type: "comment", id: current.id },
      data: eventData(subject, current),
      at,
    });
  });
  return getComment(ctx, commentKey);
}
