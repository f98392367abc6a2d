import { createReadStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { z } from "zod";
import { roleOf } from "../../auth/workspaces.ts";
import { DAY, MINUTE } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { ExportsTable } from "../../db/schema.ts";
import { outsideUnitOfWork } from "../../db/unit.ts";
import { conflict, DocketError, notFound } from "../../errors.ts";
import { newId } from "../../secrets.ts";
import { parse } from "../../validate.ts";
import { countOut, objectId, timeOut } from "../common.ts";
import { actorView, type Ctx } from "../context.ts";
import { fileStore } from "../files/store.ts";
import { actsAsAgent } from "../inbox.ts";
import { beatWhileRunning, claimJob } from "../job-claims.ts";
import { type Page, type PageInput, pageQuery, paginate } from "../pagination.ts";
import { type ExportProgress, exportWorkspace } from "./export.ts";

/**
 * Exports as jobs (`POST /v1/exports`): a row in `exports` says how far each one is; the archive is
 * written in the background by the instance that took the request (role all) or by a worker that claims
 * the job (role web records it only; see src/tracker/job-claims.ts), into `${DOCKET_DATA_DIR}/exports`
 * and then into the file store (`exports/{workspace}/{id}.docket`, S3 or the local store), so any
 * instance serves it, and downloaded from `GET /v1/exports/{id}/download` until it expires 7 days after it was asked for.
 */

/** How long a finished archive is kept. */
export const EXPORT_TTL_MS = 7 * DAY;
/** A running export that has not told of progress for this long is taken as dead (its process ended). */
export const EXPORT_STALE_MS = 10 * MINUTE;
/** Exports of one workspace running at once. */
const MAX_RUNNING = 1;

export const exportId = objectId("exp", "export");

export const createExportInput = z.strictObject({
  spaces: z
    .array(
      z
        .string({ error: "must be a space prefix such as ENG" })
        .trim()
        .min(1, { error: "must be a space prefix such as ENG" })
        .max(16, { error: "must be a space prefix such as ENG" }),
      { error: "must be an array of space prefixes" },
    )
    .max(100, { error: "must name at most 100 spaces" })
    .optional()
    .describe('Space prefixes to export (`["ENG"]`); every space when left out.'),
});
export type CreateExportInput = z.input<typeof createExportInput>;

export const exportParams = z.strictObject({ id: exportId });

export const exportView = z
  .object({
    id: z.string(),
    status: z
      .enum(["queued", "running", "succeeded", "failed", "expired"])
      .describe(
        "`queued`, then `running`, then `succeeded` (download it) or `failed` (see `error`); `expired` 7 days on.",
      ),
    spaces: z.array(z.string()).nullable().describe("The spaces asked for; null for every space."),
    progress: z
      .object({
        part: z.string().describe("The part being written (`issues.jsonl`), `archive` at the end, `done`."),
        done: countOut.describe("Rows written so far."),
        total: countOut.describe("Rows to write in all."),
      })
      .describe("How far it is."),
    size: countOut.nullable().describe("The archive's size in bytes, once it succeeded."),
    error: z.string().nullable().describe("Why it failed, when it did."),
    created_by: z.object({ person_id: z.string(), via: z.string() }),
    created_at: timeOut,
    started_at: timeOut.nullable(),
    finished_at: timeOut.nullable(),
    expires_at: timeOut.describe("When the archive is deleted (7 days after the export was asked for)."),
    download_url: z
      .url()
      .nullable()
      .describe("Where to download the archive (with your token), once it succeeded; null before and after."),
  })
  .meta({ id: "Export" });
export type ExportView = z.output<typeof exportView>;

const exportsDir = (core: Core) => path.join(core.config.dataDir, "exports");
const fileOf = (core: Core, id: string) => path.join(exportsDir(core), `${id}.docket`);
/** Where a finished archive is kept in the file store, for whichever instance is asked for it. */
const keyOf = (row: { workspace_id: string; id: string }) => `exports/${row.workspace_id}/${row.id}.docket`;

function view(core: Core, row: ExportsTable): ExportView {
  const status =
    row.status === "succeeded" && row.expires_at <= core.clock.now().toISOString() ? "expired" : row.status;
  return {
    id: row.id,
    status,
    spaces: row.spaces === null ? null : (JSON.parse(row.spaces) as string[]),
    progress: { part: row.part, done: row.done, total: row.total },
    size: row.size,
    error: row.error,
    created_by: actorView(row.created_by, row.created_via),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    expires_at: row.expires_at,
    download_url: status === "succeeded" ? `${core.config.baseUrl}/v1/exports/${row.id}/download` : null,
  };
}

/** Workspace admins (and the Owner), as themselves; others and every agent connection get 403. */
async function requireAdmin(ctx: Ctx): Promise<void> {
  if (actsAsAgent(ctx))
    throw new DocketError(
      403,
      "forbidden",
      "Only a workspace admin may export the workspace, never an agent.",
    );
  const role = await roleOf(ctx.core, ctx.workspaceId, ctx.actor.personId);
  if (role !== "owner" && role !== "admin")
    throw new DocketError(
      403,
      "forbidden",
      "Only the workspace's Owner and admins may export the workspace.",
    );
}

async function findExport(ctx: Ctx, id: string): Promise<ExportsTable> {
  const row = await ctx.core.db
    .selectFrom("exports")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`There is no export ${id} in this workspace.`);
  return row;
}

/**
 * Asks for an export of the workspace (or of the spaces named): answers the job at once, `queued`, and
 * writes the archive in the background. Admins and the Owner only. 409 while another export of the
 * workspace is running.
 */
export async function startExport(
  ctx: Ctx,
  input: CreateExportInput,
  onError: (error: unknown) => void = () => {},
): Promise<ExportView> {
  const data = parse(createExportInput, input);
  await requireAdmin(ctx);
  const now = ctx.core.clock.now();
  const running = await ctx.core.db
    .selectFrom("exports")
    .select("id")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("status", "in", ["queued", "running"])
    .where("heartbeat_at", ">", new Date(now.getTime() - EXPORT_STALE_MS).toISOString())
    .execute();
  if (running.length >= MAX_RUNNING)
    throw conflict(`Export ${running[0]!.id} of this workspace is still running; wait for it to finish.`);
  // the spaces are checked now, so a wrong prefix is this request's 400 rather than a failed job
  const prefixes = data.spaces ? [...new Set(data.spaces.map((s) => s.toUpperCase()))] : null;
  if (prefixes) {
    const known = new Set(
      (
        await ctx.core.db
          .selectFrom("spaces")
          .select("prefix")
          .where("workspace_id", "=", ctx.workspaceId)
          .execute()
      ).map((s) => s.prefix.toUpperCase()),
    );
    const unknown = prefixes.find((p) => !known.has(p));
    if (unknown) {
      const why = `this workspace has no space ${unknown}`;
      throw new DocketError(400, "invalid_request", `spaces: ${why}`, { fields: { spaces: why } });
    }
  }
  const at = now.toISOString();
  const row: ExportsTable = {
    id: newId("exp", now),
    workspace_id: ctx.workspaceId,
    status: "queued",
    spaces: prefixes ? JSON.stringify(prefixes) : null,
    part: "queued",
    done: 0,
    total: 0,
    size: null,
    error: null,
    created_by: ctx.actor.personId,
    created_via: ctx.actor.via,
    created_at: at,
    started_at: null,
    finished_at: null,
    heartbeat_at: at,
    expires_at: new Date(now.getTime() + EXPORT_TTL_MS).toISOString(),
  };
  await ctx.core.db.insertInto("exports").values(row).execute();
  // role web records the job only: a worker claims it (src/ops/jobs.ts); otherwise it runs here now
  if (ctx.core.config.role !== "web") {
    // outside the request's unit of work, like an import (see startImport)
    setImmediate(() => {
      outsideUnitOfWork(() => runExport(ctx, row.id)).catch(onError);
    });
  }
  return view(ctx.core, row);
}

/**
 * Claims an export to write (this one, or the oldest waiting): a queued one, or one whose worker died
 * (running, silent for JOB_RETAKE_MS; it starts over). One statement, so one process wins it.
 */
export function claimExport(core: Core, id?: string): Promise<ExportsTable | undefined> {
  return claimJob(core, "exports", {
    id,
    staleMs: EXPORT_STALE_MS,
    set: { part: "starting", done: 0, total: 0 },
  });
}

/** Writes the archive of a queued export here (role all, the instance that took the request). */
export async function runExport(ctx: Ctx, id: string): Promise<void> {
  const row = await claimExport(ctx.core, id);
  if (row) await runClaimedExport(ctx, row);
}

/**
 * Writes the archive of an export this process claimed (see claimExport), telling its row how far it
 * is; its maker acts when no `ctx` is given (a worker).
 */
export async function runClaimedExport(ctxOrCore: Ctx | Core, row: ExportsTable): Promise<void> {
  const ctx: Ctx =
    "workspaceId" in ctxOrCore
      ? ctxOrCore
      : {
          core: ctxOrCore,
          workspaceId: row.workspace_id,
          actor: { personId: row.created_by, via: row.created_via },
        };
  const done = beatWhileRunning(ctx.core, "exports", row.id);
  try {
    await writeExport(ctx, row);
  } finally {
    done();
  }
}

async function writeExport(ctx: Ctx, row: ExportsTable): Promise<void> {
  const core = ctx.core;
  const id = row.id;
  await mkdir(exportsDir(core), { recursive: true });
  const file = fileOf(core, id);
  let writing = Promise.resolve();
  const progress = (p: ExportProgress) => {
    last = p;
    writing = writing
      .then(async () => {
        await core.db
          .updateTable("exports")
          .set({ part: p.part, done: p.done, total: p.total, heartbeat_at: core.clock.now().toISOString() })
          .where("id", "=", id)
          .execute();
      })
      .catch(() => {});
  };
  // the row says the job is alive even while one long file is copied into the archive
  const beat = setInterval(() => progress(last), 30_000);
  beat.unref();
  let last: ExportProgress = { part: "starting", done: 0, total: 0 };
  try {
    await exportWorkspace(
      ctx,
      { spaces: row.spaces === null ? undefined : (JSON.parse(row.spaces) as string[]) },
      file,
      progress,
    );
    clearInterval(beat);
    await writing;
    const size = (await stat(file)).size;
    // into the file store, which every instance reads (the worker that wrote it may not serve it)
    await fileStore(core).write(keyOf(row), createReadStream(file), size);
    await rm(file, { force: true });
    const at = core.clock.now().toISOString();
    await core.db
      .updateTable("exports")
      .set({ status: "succeeded", size, part: "done", finished_at: at, heartbeat_at: at })
      .where("id", "=", id)
      .execute();
  } catch (error) {
    clearInterval(beat);
    await writing;
    await rm(file, { force: true });
    const at = core.clock.now().toISOString();
    const message =
      error instanceof DocketError ? error.description : "the export failed on the server; try again";
    await core.db
      .updateTable("exports")
      .set({ status: "failed", error: message, finished_at: at, heartbeat_at: at })
      .where("id", "=", id)
      .execute();
    throw error;
  }
}

/** An export and how far it is. */
export async function getExport(ctx: Ctx, id: string): Promise<ExportView> {
  await requireAdmin(ctx);
  const row = await findExport(ctx, parse(exportId, id));
  return view(ctx.core, staleAsFailed(ctx.core, row));
}

/** A job whose process ended without a word is failed, not running for ever. */
function staleAsFailed(core: Core, row: ExportsTable): ExportsTable {
  if (
    (row.status === "running" || row.status === "queued") &&
    row.heartbeat_at < new Date(core.clock.now().getTime() - EXPORT_STALE_MS).toISOString()
  )
    return { ...row, status: "failed", error: "the export stopped (its server restarted); ask again" };
  return row;
}

/** The archive of a succeeded export, as a stream, with a file name for it. */
export async function openExport(
  ctx: Ctx,
  id: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  await requireAdmin(ctx);
  const row = await findExport(ctx, parse(exportId, id));
  const shown = view(ctx.core, row);
  if (shown.status !== "succeeded") {
    throw conflict(
      shown.status === "expired"
        ? `Export ${id} expired at ${row.expires_at}; ask for a new one.`
        : `Export ${id} is ${shown.status}; download it once its status is succeeded.`,
    );
  }
  // in the file store; one written before archives went there is in this instance's data folder
  const file = fileOf(ctx.core, id);
  const local = await stat(file).catch(() => undefined);
  const stored = local ? undefined : await fileStore(ctx.core).head(keyOf(row));
  const size = local?.size ?? stored?.size;
  if (size === undefined)
    throw notFound(`The archive of export ${id} is not on this server any more; ask for a new export.`);
  const slug = (
    await ctx.core.db
      .selectFrom("workspaces")
      .select("slug")
      .where("id", "=", ctx.workspaceId)
      .executeTakeFirstOrThrow()
  ).slug;
  const stream = local ? createReadStream(file) : await fileStore(ctx.core).read(keyOf(row));
  return { stream, size, name: `${slug}-${row.created_at.slice(0, 10)}.docket` };
}

/**
 * Housekeeping: deletes the archives and rows of exports past `expires_at`, and marks exports whose
 * process ended mid-way as failed. Answers how many were deleted.
 */
export async function sweepExports(core: Core): Promise<number> {
  const now = core.clock.now();
  const expired = await core.db
    .selectFrom("exports")
    .select(["id", "workspace_id"])
    .where("expires_at", "<", now.toISOString())
    .execute();
  for (const { id, workspace_id } of expired) {
    await rm(fileOf(core, id), { force: true });
    await fileStore(core).delete(keyOf({ id, workspace_id }));
    await core.db.deleteFrom("exports").where("id", "=", id).execute();
  }
  await core.db
    .updateTable("exports")
    .set({
      status: "failed",
      error: "the export stopped (its server restarted); ask again",
      finished_at: now.toISOString(),
    })
    .where("status", "in", ["queued", "running"])
    .where("heartbeat_at", "<", new Date(now.getTime() - EXPORT_STALE_MS).toISOString())
    .execute();
  return expired.length;
}

export const listExportsQuery = z.strictObject({ ...pageQuery });

/** The workspace's exports, newest first, a page at a time (stale running ones shown failed). */
export async function listExports(ctx: Ctx, input: PageInput): Promise<Page<ExportView>> {
  await requireAdmin(ctx);
  const q = parse(listExportsQuery, input);
  const page = await paginate(
    ctx.core.db.selectFrom("exports").selectAll().where("workspace_id", "=", ctx.workspaceId),
    "exports",
    [
      { column: "created_at", direction: "desc" },
      { column: "id", direction: "desc" },
    ],
    q,
  );
  return {
    data: page.data.map((r) => view(ctx.core, staleAsFailed(ctx.core, r))),
    next_cursor: page.next_cursor,
  };
}
