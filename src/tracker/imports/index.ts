import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { roleOf } from "../../auth/workspaces.ts";
import { MINUTE } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { ImportsTable } from "../../db/schema.ts";
import { outsideUnitOfWork } from "../../db/unit.ts";
import { conflict, DocketError, invalid, notFound } from "../../errors.ts";
import { newId } from "../../secrets.ts";
import { parse } from "../../validate.ts";
import { countOut, objectId, timeOut } from "../common.ts";
import { actorView, type Ctx } from "../context.ts";
import { emitEvent } from "../events.ts";
import { fileStore } from "../files/store.ts";
import { actsAsAgent } from "../inbox.ts";
import { spaceRef } from "../issues.ts";
import { beatWhileRunning, claimJob } from "../job-claims.ts";
import { type Page, type PageInput, pageQuery, paginate } from "../pagination.ts";
import { readGithubJson } from "./github.ts";
import { readJiraCsv, readJiraJson } from "./jira.ts";
import { readLinearCsv } from "./linear.ts";
import type { Reader } from "./rows.ts";
import { checkFile, type ImportCounts, type ImportMapping, writeFile } from "./write.ts";

/**
 * Imports as jobs (`POST /v1/imports`): the file is uploaded like any file (POST /v1/files/upload-url, the
 * PUT, POST /v1/files), then an import names it with a source and a space. The job reads the file twice,
 * streaming: first to check every row and work out the mapping (a dry run stops there and writes nothing),
 * then to write it in batches, each in one transaction with the source keys of what it wrote, so a second
 * run of the same file changes nothing, changed rows update just those, and a run killed midway resumes
 * where it stopped when run again. An import sends no mails or inbox items, and publishes only
 * `import.started` and `import.completed` (or `import.failed`).
 */

export const IMPORT_SOURCES = ["github", "linear", "jira", "docket"] as const;
export type ImportJobSource = (typeof IMPORT_SOURCES)[number];

/** A running import silent for this long was killed (its process ended): it shows as failed, and a re-run resumes it. */
export const IMPORT_STALE_MS = 10 * MINUTE;

export const READERS: Record<Exclude<ImportJobSource, "docket">, Reader> = {
  github: readGithubJson,
  linear: readLinearCsv,
  jira: readJiraCsv,
};

export const importId = objectId("imp", "import");
export const importParams = z.strictObject({ id: importId });

const timezone = z
  .string({ error: "must be an IANA time zone such as Europe/Berlin" })
  .trim()
  .min(1, { error: "must be an IANA time zone such as Europe/Berlin" })
  .max(64, { error: "must be an IANA time zone such as Europe/Berlin" })
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: "must be an IANA time zone such as Europe/Berlin" },
  );

export const createImportInput = z.strictObject({
  source: z
    .enum(IMPORT_SOURCES, { error: `must be one of ${IMPORT_SOURCES.join(", ")}` })
    .describe(
      "What the file is: `github` (the JSON of `gh issue list --json …`, or an array of REST issue objects), `linear` (Linear's CSV export), `jira` (Jira's CSV export with all fields, or the JSON of its REST search), `docket` (a Docket archive, restored into this empty workspace).",
    ),
  file: objectId("file", "file").describe("The uploaded file (file_…): see POST /v1/files."),
  space: spaceRef
    .optional()
    .describe("The space the issues go to, by prefix (ENG). Needed for every source but `docket`."),
  dry_run: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("Read and report only: the mapping, the counts and the problems, writing nothing."),
  timezone: timezone
    .optional()
    .describe("The time zone of dates written without one (Jira's CSV); UTC when left out."),
});
export type CreateImportInput = z.input<typeof createImportInput>;

export const listImportsQuery = z.strictObject({ ...pageQuery });

const countsOf = z.object({
  created: countOut,
  updated: countOut,
  unchanged: countOut,
});

const importCountsView = z
  .object({
    rows: countOut.describe("Rows (issues) read from the file."),
    issues: countsOf.extend({ skipped: countOut.describe("Rows that could not be read, skipped.") }),
    comments: countsOf,
    people: z.object({
      matched: countOut.describe("People matched by email to members."),
      placeholders: countOut.describe("Placeholder people made (or, in a dry run, to be made) for the rest."),
    }),
    labels: z.object({ created: countOut }),
    milestones: z.object({ created: countOut }),
    cycles: z.object({ created: countOut }),
    dependencies: z.object({ created: countOut, unchanged: countOut }),
    parents: z.object({
      set: countOut.describe("Parents set from the file."),
      cleared: countOut.describe("Parents the source took away on a changed row, cleared here."),
    }),
  })
  .describe(
    "What the import wrote (a dry run: what it would write): created, updated (a changed row), unchanged (a row as the last run left it).",
  );

const mappingView = z
  .object({
    statuses: z.array(z.object({ source: z.string(), status: z.string(), issues: countOut })),
    priorities: z.array(z.object({ source: z.string(), priority: z.string(), issues: countOut })),
    labels: z.array(z.object({ name: z.string(), issues: countOut, exists: z.boolean() })),
    milestones: z.array(z.object({ name: z.string(), issues: countOut, exists: z.boolean() })),
    cycles: z.array(
      z.object({
        name: z.string(),
        issues: countOut,
        exists: z.boolean(),
        skipped: z
          .string()
          .nullable()
          .describe(
            "Why the cycle is left out (no dates in the file, or dates overlapping another cycle); null when it is imported.",
          ),
      }),
    ),
    people: z.array(
      z.object({
        source_id: z.string().describe("The person's name in the source (a GitHub login, a Jira account …)."),
        name: z.string(),
        email: z.string().nullable(),
        issues: countOut,
        comments: countOut,
        member: z
          .object({ id: z.string(), name: z.string() })
          .nullable()
          .describe("The member they were matched to by email; null for a placeholder person."),
      }),
    ),
    people_count: countOut.describe("People in the file; `people` lists the first 500."),
    edges: z.object({
      parents: countOut,
      blocks: countOut,
      related: countOut,
      duplicates: countOut.describe("Duplicate-of links, imported as related edges."),
    }),
  })
  .describe("How the source's values map to Docket's, shown by the dry run before anything is written.");

const problemView = z.object({
  row: z.int().nullable().describe("The row (CSV) or element (JSON) of the file, from 1; null for the file."),
  source_id: z.string().nullable().describe("The issue in the source (`owner/repo#12`, `ENG-12`, `PROJ-7`)."),
  message: z.string(),
  skipped: z
    .boolean()
    .describe("The row was skipped (nothing of it written); else it was imported with this noted."),
});

export const importView = z
  .object({
    id: z.string(),
    source: z.enum(IMPORT_SOURCES),
    space: z.string().nullable().describe("The space's prefix; null for a Docket archive."),
    file: z.object({ id: z.string(), name: z.string() }),
    dry_run: z.boolean(),
    status: z
      .enum(["queued", "running", "completed", "failed"])
      .describe("`queued`, then `running`, then `completed` or `failed` (see `error`)."),
    phase: z
      .string()
      .describe(
        "What it is doing: `queued`, `checking` (reading every row), `people`, `issues`, `links`, `done`.",
      ),
    progress: z.object({
      processed: countOut.describe("Rows done in this phase."),
      total: countOut.nullable().describe("Rows in the file, once the check counted them."),
    }),
    counts: importCountsView.nullable(),
    mapping: mappingView.nullable(),
    problems: z.array(problemView).describe("The first 1,000 problems, each with its row and issue."),
    problem_count: countOut,
    error: z
      .string()
      .nullable()
      .describe("Why it failed, when it did. Nothing of a refused file was written."),
    summary: z.string().describe("One sentence on what happened (or would, for a dry run)."),
    created_by: z.object({ person_id: z.string(), via: z.string() }),
    created_at: timeOut,
    started_at: timeOut.nullable(),
    finished_at: timeOut.nullable(),
  })
  .meta({ id: "Import" });
export type ImportView = z.output<typeof importView>;

type ImportRow = ImportsTable & { space_prefix?: string | null };

function summaryOf(row: ImportsTable, counts: ImportCounts | null): string {
  if (row.status === "failed") return `The import failed: ${row.error ?? "unknown error"}`;
  if (!counts) return row.status === "queued" ? "Waiting to start." : "Running.";
  if (row.source === "docket") return `Restored the archive: ${counts.issues.created} issues.`;
  const changed =
    counts.issues.created +
    counts.issues.updated +
    counts.comments.created +
    counts.comments.updated +
    counts.dependencies.created +
    counts.parents.set +
    counts.parents.cleared;
  const would = row.dry_run === 1 ? "would " : "";
  if (row.status !== "completed") return "Running.";
  if (changed === 0 && counts.people.placeholders === 0)
    return `Nothing ${row.dry_run ? "would change" : "changed"}: all ${counts.issues.unchanged} issues and ${counts.comments.unchanged} comments are as the last import left them.`;
  return `${row.dry_run ? "A dry run: " : ""}${counts.issues.created} issues ${would}${row.dry_run ? "be " : ""}created, ${counts.issues.updated} updated, ${counts.issues.unchanged} unchanged; ${counts.comments.created} comments ${row.dry_run ? "to add" : "added"}; ${counts.issues.skipped} rows skipped.`;
}

function view(row: ImportRow): ImportView {
  const counts = row.counts === "{}" ? null : (JSON.parse(row.counts) as ImportCounts);
  // imports recorded before parents could be cleared
  if (counts) counts.parents = { set: counts.parents?.set ?? 0, cleared: counts.parents?.cleared ?? 0 };
  const mapping = row.mapping === "{}" ? null : (JSON.parse(row.mapping) as ImportMapping);
  // imports recorded before a cycle could be left out
  if (mapping) mapping.cycles = mapping.cycles.map((c) => ({ ...c, skipped: c.skipped ?? null }));
  return {
    id: row.id,
    source: row.source,
    space: row.space_prefix ?? null,
    file: { id: row.file_id, name: row.file_name },
    dry_run: row.dry_run === 1,
    status: row.status,
    phase: row.phase,
    progress: { processed: row.processed, total: row.total },
    counts,
    mapping,
    problems: (
      JSON.parse(row.problems) as {
        row: number | null;
        sourceId: string | null;
        message: string;
        skipped: boolean;
      }[]
    ).map((p) => ({ row: p.row, source_id: p.sourceId, message: p.message, skipped: p.skipped })),
    problem_count: row.problem_count,
    error: row.error,
    summary: summaryOf(row, counts),
    created_by: actorView(row.created_by, row.created_via),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** Workspace admins and the Owner, as themselves; anyone else, and every agent connection, 403. */
export async function requireImportAdmin(ctx: Ctx, what = "import into the workspace"): Promise<void> {
  if (actsAsAgent(ctx))
    throw new DocketError(403, "forbidden", `Only a workspace admin may ${what}, never an agent.`);
  const role = await roleOf(ctx.core, ctx.workspaceId, ctx.actor.personId);
  if (role !== "owner" && role !== "admin")
    throw new DocketError(403, "forbidden", `Only the workspace's Owner and admins may ${what}.`);
}

const withSpace = (ctx: Ctx) =>
  ctx.core.db
    .selectFrom("imports as i")
    .leftJoin("spaces as s", "s.id", "i.space_id")
    .selectAll("i")
    .select("s.prefix as space_prefix")
    .where("i.workspace_id", "=", ctx.workspaceId);

async function findImport(ctx: Ctx, id: string): Promise<ImportRow> {
  const row = await withSpace(ctx).where("i.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(`There is no import ${id} in this workspace.`);
  return staleAsFailed(ctx.core, row);
}

/** A job whose process ended without a word shows as failed, not running for ever. */
function staleAsFailed(core: Core, row: ImportRow): ImportRow {
  const beat = row.heartbeat_at ?? row.created_at;
  if (
    (row.status === "running" || row.status === "queued") &&
    !running.has(row.id) &&
    beat < new Date(core.clock.now().getTime() - IMPORT_STALE_MS).toISOString()
  ) {
    return {
      ...row,
      status: "failed",
      error: "The import stopped midway (its server restarted). Run it again: it resumes where it stopped.",
    };
  }
  return row;
}

/** Imports running in this process, by id: what `importDone` waits for. */
const running = new Map<string, Promise<void>>();

/**
 * Starts an import of an uploaded file: answers the job at once (`queued`) and runs it in the background.
 * Admins and the Owner only. 409 while another import of the workspace is running.
 */
export async function startImport(ctx: Ctx, input: CreateImportInput): Promise<ImportView> {
  const data = parse(createImportInput, input);
  await requireImportAdmin(ctx);
  const db = ctx.core.db;
  if (data.source !== "docket" && !data.space)
    throw invalid("space: name the space the issues go to (its prefix, such as ENG)", {
      space: "is required for this source",
    });
  if (data.source === "docket" && data.dry_run)
    throw invalid(
      "dry_run: a Docket archive is checked whole before anything is written, so it has no dry run; import it into an empty workspace",
      { dry_run: "not available for a Docket archive" },
    );
  const space = data.space
    ? await db
        .selectFrom("spaces")
        .select(["id", "prefix"])
        .where("workspace_id", "=", ctx.workspaceId)
        .where("prefix", "=", data.space)
        .executeTakeFirst()
    : undefined;
  if (data.space && !space)
    throw invalid(`space: this workspace has no space ${data.space}`, { space: `no space ${data.space}` });
  const file = await db
    .selectFrom("files")
    .select(["id", "name"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", data.file)
    .executeTakeFirst();
  if (!file) throw invalid(`file: this workspace has no file ${data.file}`, { file: `no file ${data.file}` });
  const now = ctx.core.clock.now();
  const busy = (
    await db
      .selectFrom("imports as i")
      .selectAll("i")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("status", "in", ["queued", "running"])
      .execute()
  )
    .map((r) => staleAsFailed(ctx.core, r))
    .find((r) => r.status !== "failed");
  if (busy) throw conflict(`Import ${busy.id} of this workspace is still running; wait for it to finish.`);
  const at = now.toISOString();
  const row: ImportsTable = {
    id: newId("imp", now),
    workspace_id: ctx.workspaceId,
    space_id: space?.id ?? null,
    source: data.source,
    file_id: file.id,
    file_name: file.name,
    dry_run: data.dry_run ? 1 : 0,
    options: JSON.stringify(data.timezone ? { timezone: data.timezone } : {}),
    status: "queued",
    phase: "queued",
    processed: 0,
    total: null,
    counts: "{}",
    mapping: "{}",
    problems: "[]",
    problem_count: 0,
    error: null,
    created_by: ctx.actor.personId,
    created_via: ctx.actor.via,
    created_at: at,
    started_at: null,
    heartbeat_at: at,
    finished_at: null,
    updated_at: at,
  };
  await db.insertInto("imports").values(row).execute();
  // role web records the job only: a worker claims it (src/ops/jobs.ts); otherwise it runs here now
  if (ctx.core.config.role !== "web") {
    const job = new Promise<void>((resolve) => {
      // outside the request's unit of work: the job's transactions are its own (asked with an
      // Idempotency-Key, the row may not be committed yet; the job worker then takes it in a moment)
      setImmediate(() => {
        outsideUnitOfWork(() => runImport(ctx, row.id))
          .catch(() => {})
          .finally(() => {
            if (running.get(row.id) === job) running.delete(row.id);
            resolve();
          });
      });
    });
    running.set(row.id, job);
  }
  return view({ ...row, space_prefix: space?.prefix ?? null });
}

/** Waits for an import this process runs to end (tests and the CLI's server-side callers). */
export async function importDone(id: string): Promise<void> {
  await running.get(id);
}

/** An import and how far it is, with its report. */
export async function getImport(ctx: Ctx, id: string): Promise<ImportView> {
  await requireImportAdmin(ctx, "see the workspace's imports");
  return view(await findImport(ctx, parse(importId, id)));
}

/** The workspace's imports, newest first. */
export async function listImports(ctx: Ctx, input: PageInput): Promise<Page<ImportView>> {
  await requireImportAdmin(ctx, "see the workspace's imports");
  const q = parse(listImportsQuery, input);
  const page = await paginate(
    withSpace(ctx),
    "imports",
    [
      { column: "i.created_at", direction: "desc" },
      { column: "i.id", direction: "desc" },
    ],
    q,
  );
  return {
    data: page.data.map((r) => view(staleAsFailed(ctx.core, r as ImportRow))),
    next_cursor: page.next_cursor,
  };
}

/**
 * Claims an import to run (this one, or the oldest waiting): a queued one, or one whose worker died
 * (running, silent for JOB_RETAKE_MS; it resumes where it stopped). One statement, so one process wins
 * it. `import.started` is published when it first starts. Undefined when there is none to take.
 */
export async function claimImport(core: Core, id?: string): Promise<ImportRow | undefined> {
  return claimJob(core, "imports", {
    id,
    staleMs: IMPORT_STALE_MS,
    set: { phase: "checking", updated_at: core.clock.now().toISOString() },
    alongside: async (trx, row) => {
      const space = row.space_id
        ? await trx.selectFrom("spaces").select("prefix").where("id", "=", row.space_id).executeTakeFirst()
        : undefined;
      const job: ImportRow = { ...row, space_prefix: space?.prefix ?? null };
      if (row.started_at === row.heartbeat_at) {
        await emitEvent(trx, jobCtx(core, row), {
          type: "import.started",
          object: { type: "import", id: row.id },
          data: { source: row.source, space: job.space_prefix ?? null, dry_run: row.dry_run === 1 },
          at: row.heartbeat_at ?? undefined,
        });
      }
      return job;
    },
  });
}

/** The import's maker acting, as when they asked for it. */
const jobCtx = (core: Core, row: ImportsTable): Ctx => ({
  core,
  workspaceId: row.workspace_id,
  actor: { personId: row.created_by, via: row.created_via },
});

/** Runs a queued import to its end here (role all, the instance that took the request). */
export async function runImport(ctx: Ctx, id: string): Promise<void> {
  const row = await claimImport(ctx.core, id);
  if (row) await runClaimedImport(ctx, row);
}

/**
 * Runs an import this process claimed (see claimImport) to its end, telling its row how far it is; its
 * maker acts when no `ctx` is given (a worker).
 */
export async function runClaimedImport(ctxOrCore: Ctx | Core, row: ImportRow): Promise<void> {
  const ctx = "workspaceId" in ctxOrCore ? ctxOrCore : jobCtx(ctxOrCore, row);
  const done = beatWhileRunning(ctx.core, "imports", row.id);
  const run = executeImport(ctx, row).finally(done);
  const settled = run.then(
    () => {},
    () => {},
  );
  running.set(row.id, settled);
  try {
    await run;
  } finally {
    if (running.get(row.id) === settled) running.delete(row.id);
  }
}

async function executeImport(ctx: Ctx, row: ImportRow): Promise<void> {
  const core = ctx.core;
  const id = row.id;
  const job = { ...row, status: "running" as const };
  try {
    const stored = await core.db
      .selectFrom("files")
      .select("storage_key")
      .where("id", "=", row.file_id)
      .where("workspace_id", "=", ctx.workspaceId)
      .executeTakeFirst();
    if (!stored) throw invalid(`The file ${row.file_id} was deleted before the import read it.`);
    const open = () => fileStore(core).read(stored.storage_key);
    if (row.source === "docket") await restoreDocket(ctx, job, open);
    else {
      const reader = row.source === "jira" ? await jiraReader(open) : READERS[row.source];
      const options = JSON.parse(row.options) as { timezone?: string };
      const read = async () => reader(await open(), options);
      const plan = await checkFile(ctx, job, read);
      if (row.dry_run !== 1) await writeFile(ctx, job, plan, read);
    }
  } catch (error) {
    const at = core.clock.now().toISOString();
    const message =
      error instanceof DocketError
        ? error.description
        : "The import failed on the server; run it again (it resumes where it stopped).";
    await core.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("imports")
        .set({ status: "failed", error: message, finished_at: at, heartbeat_at: at, updated_at: at })
        .where("id", "=", id)
        .execute();
      await emitEvent(trx, ctx, {
        type: "import.failed",
        object: { type: "import", id },
        data: { source: row.source, error: message },
        at,
      });
    });
    throw error;
  }
}

/** Jira writes CSV or (its REST search) JSON: the first character that is not a space tells which. */
async function jiraReader(open: () => Promise<NodeJS.ReadableStream>): Promise<Reader> {
  const stream = await open();
  let first = "";
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    first = chunk
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart()
      .slice(0, 1);
    if (first) break;
  }
  (stream as unknown as { destroy?: () => void }).destroy?.();
  return first === "{" || first === "[" ? readJiraJson : readJiraCsv;
}

/** A Docket archive: restored whole into this (empty) workspace. */
async function restoreDocket(
  ctx: Ctx,
  job: ImportRow,
  open: () => Promise<NodeJS.ReadableStream>,
): Promise<void> {
  const { restoreArchive } = await import("../archive/restore.ts");
  const dir = await mkdtemp(path.join(tmpdir(), "docket-import-"));
  const file = path.join(dir, "archive.docket");
  try {
    await pipeline(await open(), createWriteStream(file));
    const db = ctx.core.db;
    // The upload only carried the archive here; as a file of the workspace it would make the workspace
    // not empty, so it goes before the restore (which refuses a workspace that is not).
    const carrier = await db
      .selectFrom("files")
      .select(["id", "storage_key"])
      .where("id", "=", job.file_id)
      .where("workspace_id", "=", ctx.workspaceId)
      .executeTakeFirst();
    if (carrier) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("search_documents").where("object_id", "=", carrier.id).execute();
        await trx.deleteFrom("files").where("id", "=", carrier.id).execute();
      });
      await fileStore(ctx.core).delete(carrier.storage_key);
    }
    let last = 0;
    const report = await restoreArchive(ctx, file, (p) => {
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      db.updateTable("imports")
        .set({
          phase: p.phase,
          processed: p.done,
          total: p.total,
          heartbeat_at: ctx.core.clock.now().toISOString(),
        })
        .where("id", "=", job.id)
        .execute()
        .catch(() => {});
    });
    const counts = report.counts as Record<string, number>;
    const at = ctx.core.clock.now().toISOString();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const summary: ImportCounts = {
      rows: total,
      issues: { created: counts.issues ?? 0, updated: 0, unchanged: 0, skipped: 0 },
      comments: { created: counts.comments ?? 0, updated: 0, unchanged: 0 },
      people: { matched: report.people.matched, placeholders: 0 },
      labels: { created: counts.labels ?? 0 },
      milestones: { created: counts.milestones ?? 0 },
      cycles: { created: counts.cycles ?? 0 },
      dependencies: { created: counts.edges ?? 0, unchanged: 0 },
      parents: { set: 0, cleared: 0 },
    };
    const problems = report.people.missing.map((p) => ({
      row: null,
      sourceId: p.id,
      message: `${p.name} <${p.email}> has no account here; their work is kept under their archive id.`,
      skipped: false,
    }));
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("imports")
        .set({
          status: "completed",
          phase: "done",
          processed: total,
          total,
          counts: JSON.stringify(summary),
          problems: JSON.stringify(problems.slice(0, 1000)),
          problem_count: problems.length,
          finished_at: at,
          heartbeat_at: at,
          updated_at: at,
        })
        .where("id", "=", job.id)
        .execute();
      await emitEvent(trx, ctx, {
        type: "import.completed",
        object: { type: "import", id: job.id },
        data: { source: "docket", counts: summary },
        at,
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
