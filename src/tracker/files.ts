import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import { z } from "zod";
import { MINUTE } from "../clock.ts";
import { FILE_MAX_BYTES_CEILING } from "../config.ts";
import { runNamed } from "../db/prepared.ts";
import type { Database, FilesTable } from "../db/schema.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { displayName, parse } from "../validate.ts";
import { recordActivity } from "./activity.ts";
import { containsText, countOut, issueRef, issueRefs, objectId, timeOut, titleQuery } from "./common.ts";
import { actorView, type Ctx } from "./context.ts";
import { fileStore, normalizeMediaType } from "./files/store.ts";
import {
  filterIssueId,
  linkedIssueView,
  linkedToIssue,
  linksOf,
  replaceLinks,
  resolveLinks,
} from "./issue-links.ts";
import { byCreation, DEFAULT_LIMIT, type Page, pageQuery, paginate } from "./pagination.ts";
import { indexDocument } from "./search-index.ts";

/**
 * Files: bytes go straight to the store with a signed upload URL, then the file is registered (name,
 * type, size, SHA-256, linked issues) once the service has read the bytes back and checked the hash.
 * Downloads are signed URLs too, served as attachments.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type FileRow = FilesTable;

/** How long a signed upload URL works, and a download URL at least. */
export const URL_TTL_MS = 15 * MINUTE;

/**
 * Download URLs are signed per window of URL_TTL_MS, from the window's start to the end of the next
 * one: every read within a window gets the same URL (so a file's ETag stays put while the file does and
 * If-None-Match can answer 304), and that URL works for at least URL_TTL_MS more, at most twice that.
 */
export function downloadWindow(now: Date): { signedAt: Date; expiresAt: Date } {
  const start = Math.floor(now.getTime() / URL_TTL_MS) * URL_TTL_MS;
  return { signedAt: new Date(start), expiresAt: new Date(start + 2 * URL_TTL_MS) };
}
/** Bytes sent before the upload URL expired may still be registered this long after it. */
export const REGISTER_GRACE_MS = 60 * MINUTE;

// ---------------------------------------------------------------------------------------------------
// Schemas

export const fileId = objectId("file", "file");
export const uploadId = objectId("upl", "upload");

const mediaType = z
  .string({ error: "must be a media type such as image/png" })
  .trim()
  .max(255, { error: "must be at most 255 characters" })
  .refine((s) => normalizeMediaType(s) !== undefined, {
    error: "must be a media type such as image/png or text/plain; charset=utf-8 (no wildcards)",
  })
  .transform((s) => normalizeMediaType(s)!);

const fileName = displayName(255)
  .refine((s) => !/[/\\]/.test(s), { error: "must not contain slashes" })
  .describe("The file's name, 1 to 255 characters, without slashes or control characters.");

const sha256 = z
  .string({ error: "must be 64 hexadecimal characters" })
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, { error: "must be a SHA-256 as 64 hexadecimal characters" })
  .transform((s) => s.toLowerCase());

export const createUploadUrlInput = z.strictObject({
  content_type: mediaType.describe(
    "The file's media type; any `type/subtype` (parameters allowed). The PUT must send exactly this Content-Type.",
  ),
  size: z
    .number({ error: "must be a number of bytes" })
    .int({ error: "must be a whole number of bytes" })
    .min(0, { error: "must be at least 0" })
    .max(FILE_MAX_BYTES_CEILING, { error: `must be at most ${FILE_MAX_BYTES_CEILING} bytes` })
    .describe("The file's exact size in bytes; at most the service's max_size (100 MiB by default)."),
});
export type CreateUploadUrlInput = z.input<typeof createUploadUrlInput>;

export const registerFileInput = z.strictObject({
  upload_id: uploadId.describe("The upload_id the upload URL came with."),
  name: fileName,
  sha256: sha256.describe("The SHA-256 of the bytes uploaded, in hex; the service checks it."),
  issues: issueRefs.optional().describe("Issues to link the file to."),
});
export type RegisterFileInput = z.input<typeof registerFileInput>;

export const listFilesQuery = z.strictObject({
  ...pageQuery,
  issue: issueRef.optional().describe("Only files linked to this issue."),
  content_type: z
    .string({ error: "must be a media type or a prefix such as image/" })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9!#$&^_.+-]+(\/[a-z0-9!#$&^_.+-]*)?$/, {
      error: "must be a media type or a prefix such as image/",
    })
    .max(255, { error: "must be at most 255 characters" })
    .optional()
    .describe("`image/` or `image` for every image type, `image/png` for that type only."),
  q: titleQuery.optional().describe("Text the file name contains (case-insensitive)."),
});
export type ListFilesQuery = Partial<z.output<typeof listFilesQuery>>;

const actorSchema = z.object({ person_id: z.string(), via: z.string() });

export const uploadUrlView = z
  .object({
    upload_id: z.string(),
    url: z.url().describe("Send the bytes here with the method and headers below, before expires_at."),
    method: z.literal("PUT"),
    headers: z.record(z.string(), z.string()).describe("Headers the PUT must carry, exactly as given."),
    size: countOut.describe("The body must be exactly this many bytes."),
    max_size: countOut.describe("The largest file this service accepts, in bytes."),
    expires_at: timeOut,
  })
  .meta({ id: "UploadUrl" });
export type UploadUrlView = z.output<typeof uploadUrlView>;

export const fileView = z
  .object({
    id: z.string(),
    name: z.string(),
    content_type: z.string(),
    size: countOut,
    sha256: z.string(),
    issues: z.array(linkedIssueView),
    created_by: actorSchema,
    created_at: timeOut,
    download_url: z.url().describe("A signed URL that serves the file as an attachment."),
    download_url_expires_at: timeOut,
  })
  .meta({ id: "File" });
export type FileView = z.output<typeof fileView>;

/** A file as an issue's execution bundle shows it (no URL: bundles are kept, URLs expire). */
export const linkedFileView = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: countOut,
  sha256: z.string(),
  created_at: timeOut,
});
export type LinkedFileView = z.output<typeof linkedFileView>;

// ---------------------------------------------------------------------------------------------------
// Uploading

/**
 * Hands out a signed URL that takes exactly `size` bytes of `content_type` for 15 minutes. The upload
 * is registered as a file afterwards with `registerFile`.
 */
export async function createUploadUrl(ctx: Ctx, input: CreateUploadUrlInput): Promise<UploadUrlView> {
  const data = parse(createUploadUrlInput, input);
  const max = ctx.core.config.files.maxBytes;
  if (data.size > max) {
    const why = `must be at most ${max} bytes, the largest file this service accepts`;
    throw invalid(`size: ${why}`, { size: why });
  }
  const now = ctx.core.clock.now();
  const expiresAt = new Date(now.getTime() + URL_TTL_MS);
  const id = newId("upl", now);
  const key = `uploads/${ctx.workspaceId}/${id}`;
  await ctx.core.db
    .insertInto("file_uploads")
    .values({
      id,
      workspace_id: ctx.workspaceId,
      storage_key: key,
      content_type: data.content_type,
      max_size: data.size,
      expires_at: expiresAt.toISOString(),
      used_at: null,
      created_by: ctx.actor.personId,
      created_at: now.toISOString(),
    })
    .execute();
  const target = await fileStore(ctx.core).presignPut(key, {
    contentType: data.content_type,
    size: data.size,
    now,
    expiresAt,
  });
  return {
    upload_id: id,
    url: target.url,
    method: "PUT",
    headers: target.headers,
    size: data.size,
    max_size: max,
    expires_at: expiresAt.toISOString(),
  };
}

/** The SHA-256 (hex) and length of a stream's bytes. */
async function digest(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), size };
}

const uploadField = (why: string) => invalid(`upload_id: ${why}`, { upload_id: why });

/**
 * Registers an upload as a file: the bytes must be in the store, exactly the size promised, and hash to
 * `sha256` (else 400 naming `sha256`, and the bytes are deleted). The bytes move to the file's own key
 * first, so nothing sent to the upload URL later can change a registered file. An upload registers
 * once; again is 409.
 */
export async function registerFile(ctx: Ctx, input: RegisterFileInput): Promise<FileView> {
  const data = parse(registerFileInput, input);
  const db = ctx.core.db;
  const upload = await db
    .selectFrom("file_uploads")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", data.upload_id)
    .executeTakeFirst();
  if (!upload) throw uploadField(`no upload ${data.upload_id} in this workspace`);
  if (upload.used_at) throw conflict(`Upload ${upload.id} is already registered as a file.`);
  const now = ctx.core.clock.now();
  if (now.getTime() > new Date(upload.expires_at).getTime() + REGISTER_GRACE_MS) {
    throw uploadField(`upload ${upload.id} expired at ${upload.expires_at}; ask for a new upload URL`);
  }
  await resolveLinks(db, ctx, data.issues ?? []);

  const store = fileStore(ctx.core);
  const head = await store.head(upload.storage_key);
  if (!head) throw uploadField(`nothing has been uploaded to upload ${upload.id}'s URL yet`);
  const max = ctx.core.config.files.maxBytes;
  if (head.size !== upload.max_size || head.size > max) {
    await store.delete(upload.storage_key);
    throw uploadField(
      head.size > max
        ? `the upload has ${head.size} bytes, more than the ${max} this service accepts; it was deleted`
        : `the upload has ${head.size} bytes, not the ${upload.max_size} promised; it was deleted, upload again`,
    );
  }
  const id = newId("file", now);
  const key = `files/${ctx.workspaceId}/${id}`;
  if (!(await store.move(upload.storage_key, key))) {
    throw uploadField(`nothing is at upload ${upload.id}'s URL (or it is being registered right now)`);
  }
  let actual: { sha256: string; size: number };
  try {
    actual = await digest(await store.read(key));
  } catch (error) {
    await store.move(key, upload.storage_key).catch(() => false);
    throw error;
  }
  if (actual.sha256 !== data.sha256 || actual.size !== upload.max_size) {
    await store.delete(key);
    const why = `does not match the uploaded bytes (their SHA-256 is ${actual.sha256}); they were deleted, upload again`;
    throw invalid(`sha256: ${why}`, { sha256: why });
  }

  const at = ctx.core.clock.now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("file_uploads")
        .set({ used_at: at })
        .where("workspace_id", "=", ctx.workspaceId)
        .where("id", "=", upload.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        throw conflict(`Upload ${upload.id} is already registered as a file.`);
      }
      const issues = await resolveLinks(trx, ctx, data.issues ?? []);
      const row: FileRow = {
        id,
        workspace_id: ctx.workspaceId,
        name: data.name,
        content_type: upload.content_type,
        size: actual.size,
        sha256: actual.sha256,
        storage_key: key,
        created_by: ctx.actor.personId,
        created_via: ctx.actor.via,
        created_at: at,
      };
      await trx.insertInto("files").values(row).execute();
      await replaceLinks(trx, ctx, { type: "file", id }, issues, at);
      await indexDocument(trx, {
        object_id: id,
        workspace_id: ctx.workspaceId,
        object_type: "file",
        title: row.name,
        body: "",
        updated_at: at,
      });
      await recordActivity(trx, ctx, { type: "file", id }, "created", {}, at);
    });
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
  return getFile(ctx, id);
}

// ---------------------------------------------------------------------------------------------------
// Reading

async function views(db: Db, ctx: Ctx, rows: readonly FileRow[]): Promise<FileView[]> {
  const links = await linksOf(
    db,
    ctx,
    rows.map((r) => r.id),
  );
  const store = fileStore(ctx.core);
  const { signedAt: now, expiresAt } = downloadWindow(ctx.core.clock.now());
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      content_type: r.content_type,
      size: r.size,
      sha256: r.sha256,
      issues: links.get(r.id) ?? [],
      created_by: actorView(r.created_by, r.created_via),
      created_at: r.created_at,
      download_url: await store.presignGet(r.storage_key, {
        name: r.name,
        contentType: r.content_type,
        now,
        expiresAt,
      }),
      download_url_expires_at: expiresAt.toISOString(),
    })),
  );
}

/** One file of the workspace, with a download URL (good for 15 to 30 minutes); 404 when there is none. */
export async function getFile(ctx: Ctx, id: string): Promise<FileView> {
  const row = await ctx.core.db
    .selectFrom("files")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No file ${id} in this workspace.`);
  const [view] = await views(ctx.core.db, ctx, [row]);
  return view!;
}

/** `content_type` starts with `prefix` (`image/`, or `image` meaning the same); a full type matches itself and its parameters. */
function mediaTypeMatches(prefix: string) {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (!prefix.includes("/")) return sql<SqlBool>`f.content_type like ${`${escaped}/%`} escape '\\'`;
  if (prefix.endsWith("/")) return sql<SqlBool>`f.content_type like ${`${escaped}%`} escape '\\'`;
  return sql<SqlBool>`(f.content_type = ${prefix} or f.content_type like ${`${escaped};%`} escape '\\')`;
}

/** Files of the workspace, newest first, filtered by linked issue, media type and name, a page at a time. */
export async function listFiles(ctx: Ctx, input: ListFilesQuery): Promise<Page<FileView>> {
  const q = { ...input, limit: input.limit ?? DEFAULT_LIMIT };
  const db = ctx.core.db;
  let query = db.selectFrom("files as f").selectAll("f").where("f.workspace_id", "=", ctx.workspaceId);
  if (q.issue) {
    const issueId = await filterIssueId(ctx, q.issue);
    query = query.where(linkedToIssue("f.id", issueId));
  }
  if (q.content_type) query = query.where(mediaTypeMatches(q.content_type));
  if (q.q) query = query.where(containsText(ctx.core.store.kind, "f.name", q.q));
  const page = await paginate(query, "files", byCreation("f", "desc"), q);
  return { data: await views(db, ctx, page.data), next_cursor: page.next_cursor };
}

/** The files linked to an issue (by its id), oldest first, compact, for the issue's execution bundle. */
export async function linkedFiles(
  ctx: Ctx,
  issueId: string,
  db: Db = ctx.core.db,
): Promise<LinkedFileView[]> {
  return runNamed(
    db,
    db
      .selectFrom("files as f")
      .innerJoin("issue_links as l", "l.object_id", "f.id")
      .select(["f.id", "f.name", "f.content_type", "f.size", "f.sha256", "f.created_at"])
      .where("f.workspace_id", "=", ctx.workspaceId)
      .where("l.workspace_id", "=", ctx.workspaceId)
      .where("l.object_type", "=", "file")
      .where("l.issue_id", "=", issueId)
      .orderBy("f.created_at")
      .orderBy("f.id"),
  );
}
