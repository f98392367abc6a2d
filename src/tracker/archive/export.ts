import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createGzip } from "node:zlib";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { invalid } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { fileStore } from "../files/store.ts";
import {
  COLUMNS,
  type Columns,
  FORMAT,
  FORMAT_VERSION,
  lineOf,
  type Manifest,
  PARTS,
  type PartName,
  SERVICE_VERSION,
} from "./format.ts";
import { inSnapshot } from "./snapshot.ts";
import { TarWriter } from "./tar.ts";

// biome-ignore lint/suspicious/noExplicitAny: parts read many tables alike, by name
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: a query under construction, of any table
type AnyQuery = any;

export interface ExportOptions {
  /** space prefixes (`ENG`) to export; every space when absent */
  spaces?: string[] | undefined;
}

/** How far an export is: rows written of the rows there are, and the part being written. */
export interface ExportProgress {
  part: string;
  done: number;
  total: number;
}

const BATCH = 2000;

/** What one part reads: its table, filter, columns and (for comments) what each line adds. */
interface PartSource {
  table: string;
  columns: Columns;
  /** the line's `type` (edges) */
  type?: string;
  scope(q: AnyQuery): AnyQuery;
  /** transforms a batch of rows (extra keys, clearing references outside the export) */
  extend?(db: AnyDb, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]>;
}

interface Scope {
  workspaceId: string;
  /** the space ids exported; undefined for every space */
  spaceIds: string[] | undefined;
}

/** The sources of each part, in order. */
function sources(
  db: AnyDb,
  kind: "sqlite" | "postgres",
  scope: Scope,
  issueIds: Set<string> | undefined,
): Record<PartName, PartSource[]> {
  const ws = scope.workspaceId;
  const spaces = scope.spaceIds;
  // SQLite would take an index that starts with workspace_id and sort the whole workspace for each
  // batch; `+column` (a no-op) keeps that index out, so each batch is a range of the id's own index
  const inWs = (table: string) => (q: AnyQuery) =>
    kind === "sqlite"
      ? q.where(sql`+${sql.ref(`${table}.workspace_id`)}`, "=", ws)
      : q.where(`${table}.workspace_id`, "=", ws);
  const issuesOfSpaces = () =>
    db
      .selectFrom("issues as scoped")
      .select("scoped.id")
      .where("scoped.workspace_id", "=", ws)
      .where("scoped.space_id", "in", spaces!);
  const cyclesOf = () => {
    const base = db.selectFrom("cycles as scoped").select("scoped.id").where("scoped.workspace_id", "=", ws);
    return spaces ? base.where("scoped.space_id", "in", spaces) : base;
  };
  const issueRef =
    (column: string) =>
    (q: AnyQuery): AnyQuery =>
      spaces ? q.where(column, "in", issuesOfSpaces()) : q;
  return {
    "spaces.jsonl": [
      {
        table: "spaces",
        columns: COLUMNS.spaces,
        scope: (q) => (spaces ? inWs("spaces")(q).where("spaces.id", "in", spaces) : inWs("spaces")(q)),
      },
    ],
    "people.jsonl": [
      {
        table: "memberships",
        columns: COLUMNS.people,
        scope: (q) =>
          q
            .innerJoin("people", "people.id", "memberships.person_id")
            .where("memberships.workspace_id", "=", ws)
            .select([
              "people.id as id",
              "people.email as email",
              "people.name as name",
              "memberships.role as role",
              "memberships.created_at as joined_at",
            ]),
      },
    ],
    "labels.jsonl": [{ table: "labels", columns: COLUMNS.labels, scope: inWs("labels") }],
    "cycles.jsonl": [
      {
        table: "cycles",
        columns: COLUMNS.cycles,
        scope: (q) => (spaces ? inWs("cycles")(q).where("space_id", "in", spaces) : inWs("cycles")(q)),
      },
    ],
    "milestones.jsonl": [{ table: "milestones", columns: COLUMNS.milestones, scope: inWs("milestones") }],
    "issues.jsonl": [
      {
        table: "issues",
        columns: COLUMNS.issues,
        scope: (q) => (spaces ? inWs("issues")(q).where("space_id", "in", spaces) : inWs("issues")(q)),
        // a parent in a space not exported is left out
        extend: async (_db, rows) =>
          issueIds
            ? rows.map((r) =>
                r.parent_id && !issueIds.has(String(r.parent_id)) ? { ...r, parent_id: null } : r,
              )
            : rows,
      },
    ],
    "edges.jsonl": [
      {
        table: "dependencies",
        type: "dependency",
        columns: COLUMNS.dependency,
        scope: (q) => issueRef("to_issue_id")(issueRef("from_issue_id")(inWs("dependencies")(q))),
      },
      {
        table: "issue_links",
        type: "issue_link",
        columns: COLUMNS.issue_link,
        scope: (q) => issueRef("issue_id")(inWs("issue_links")(q)),
      },
      {
        table: "milestone_dependencies",
        type: "milestone_dependency",
        columns: COLUMNS.milestone_dependency,
        scope: inWs("milestone_dependencies"),
      },
    ],
    "decisions.jsonl": [{ table: "decisions", columns: COLUMNS.decisions, scope: inWs("decisions") }],
    "folders.jsonl": [{ table: "folders", columns: COLUMNS.folders, scope: inWs("folders") }],
    "notes.jsonl": [{ table: "notes", columns: COLUMNS.notes, scope: inWs("notes") }],
    "comments.jsonl": [
      {
        table: "comments",
        columns: COLUMNS.comments,
        scope: (q) =>
          spaces
            ? inWs("comments")(q).where((eb: AnyQuery) =>
                eb.or([eb("subject_type", "!=", "issue"), eb("subject_id", "in", issuesOfSpaces())]),
              )
            : inWs("comments")(q),
        extend: async (db, rows) => {
          if (rows.length === 0) return rows;
          const revisions = await db
            .selectFrom("comment_revisions")
            .selectAll()
            .where(
              "comment_id",
              "in",
              rows.map((r) => r.id),
            )
            .orderBy("id")
            .execute();
          const byComment = new Map<string, Record<string, unknown>[]>();
          for (const r of revisions) {
            const list = byComment.get(r.comment_id) ?? [];
            list.push(JSON.parse(lineOf(COLUMNS.comment_revision, r)));
            byComment.set(r.comment_id, list);
          }
          return rows.map((r) => ({ ...r, revisions: byComment.get(String(r.id)) ?? [] }));
        },
      },
    ],
    "activity.jsonl": [
      {
        table: "activity",
        columns: COLUMNS.activity,
        scope: (q) =>
          spaces
            ? inWs("activity")(q).where((eb: AnyQuery) =>
                eb.or([eb("subject_type", "!=", "issue"), eb("subject_id", "in", issuesOfSpaces())]),
              )
            : inWs("activity")(q),
      },
    ],
    "cycle_history.jsonl": [
      {
        table: "cycle_events",
        columns: COLUMNS.cycle_history,
        scope: (q) => q.where("cycle_id", "in", cyclesOf()),
      },
    ],
    "files.jsonl": [{ table: "files", columns: COLUMNS.files, scope: inWs("files") }],
  };
}

/** The rows of one source, a batch at a time, in the order of their ids. */
async function* batches(db: AnyDb, source: PartSource): AsyncGenerator<Record<string, unknown>[]> {
  const idColumn =
    source.table === "issue_links" ? null : `${source.table === "memberships" ? "people" : source.table}.id`;
  if (!idColumn) {
    // issue links have no id of their own: keyed by their primary key (object id, issue id), in its order
    let after: [string, string] | undefined;
    for (;;) {
      let q = source.scope(db.selectFrom("issue_links").selectAll());
      if (after) q = q.where(sql`(object_id, issue_id) > (${after[0]}, ${after[1]})` as never);
      const rows = await q.orderBy("object_id").orderBy("issue_id").limit(BATCH).execute();
      if (rows.length === 0) return;
      yield rows;
      const last = rows[rows.length - 1];
      after = [last.object_id, last.issue_id];
      if (rows.length < BATCH) return;
    }
  }
  let after: string | undefined;
  for (;;) {
    let q = source.scope(db.selectFrom(source.table));
    if (source.table !== "memberships") q = q.selectAll(source.table);
    if (after !== undefined) q = q.where(idColumn, ">", after);
    const rows = await q.orderBy(idColumn).limit(BATCH).execute();
    if (rows.length === 0) return;
    yield source.extend ? await source.extend(db, rows) : rows;
    after = String(rows[rows.length - 1].id);
    if (rows.length < BATCH) return;
  }
}

async function countOf(db: AnyDb, source: PartSource): Promise<number> {
  let q = source.scope(db.selectFrom(source.table));
  if (source.table === "memberships") q = q.clearSelect();
  const row = await q.select((eb: AnyQuery) => eb.fn.countAll().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Space prefixes → ids; 400 naming an unknown one. */
async function spaceIdsOf(
  db: Kysely<Database>,
  ctx: Ctx,
  prefixes: string[] | undefined,
): Promise<string[] | undefined> {
  if (!prefixes || prefixes.length === 0) return undefined;
  const rows = await db
    .selectFrom("spaces")
    .select(["id", "prefix"])
    .where("workspace_id", "=", ctx.workspaceId)
    .execute();
  return prefixes.map((p) => {
    const found = rows.find((r) => r.prefix.toUpperCase() === p.trim().toUpperCase() || r.id === p.trim());
    if (!found) throw invalid(`spaces: this workspace has no space ${p}`, { spaces: `no space ${p}` });
    return found.id;
  });
}

/**
 * Writes the workspace (or the spaces named) as one archive file at `out`: the parts are streamed from
 * the database a batch at a time into temporary files (hashed and counted as they are written), then
 * put in the archive after the manifest, then the files' bytes from the file store. The archive appears
 * at `out` only when complete. Answers its manifest.
 */
export async function exportWorkspace(
  ctx: Ctx,
  options: ExportOptions,
  out: string,
  onProgress: (progress: ExportProgress) => void = () => {},
): Promise<Manifest> {
  // every read sees the database as of one moment, however long the export takes
  return inSnapshot(ctx.core, (snapshot) => exportFrom(snapshot, ctx, options, out, onProgress));
}

async function exportFrom(
  snapshot: Kysely<Database>,
  ctx: Ctx,
  options: ExportOptions,
  out: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<Manifest> {
  const db = snapshot as unknown as AnyDb;
  const workspace = await snapshot
    .selectFrom("workspaces")
    .select(["id", "name", "slug"])
    .where("id", "=", ctx.workspaceId)
    .executeTakeFirstOrThrow();
  const spaceIds = await spaceIdsOf(snapshot, ctx, options.spaces);
  const prefixes = spaceIds
    ? (await snapshot.selectFrom("spaces").select(["id", "prefix"]).where("id", "in", spaceIds).execute())
        .map((s) => s.prefix)
        .sort()
    : null;
  const issueIds = spaceIds
    ? new Set(
        (
          await snapshot
            .selectFrom("issues")
            .select("id")
            .where("workspace_id", "=", ctx.workspaceId)
            .where("space_id", "in", spaceIds)
            .execute()
        ).map((r) => r.id),
      )
    : undefined;
  const parts = sources(db, ctx.core.store.kind, { workspaceId: ctx.workspaceId, spaceIds }, issueIds);

  let total = 0;
  for (const name of PARTS) for (const s of parts[name]) total += await countOf(db, s);
  let done = 0;
  let lastTold = 0;
  const tell = (part: string, force = false) => {
    const now = Date.now();
    if (force || now - lastTold > 250) {
      lastTold = now;
      onProgress({ part, done, total });
    }
  };

  const temp = await mkdtemp(path.join(tmpdir(), "docket-export-"));
  try {
    const written: Manifest["parts"] = [];
    const files: { id: string; size: number }[] = [];
    for (const name of PARTS) {
      const file = path.join(temp, name);
      const stream = createWriteStream(file);
      const hash = createHash("sha256");
      let count = 0;
      let size = 0;
      for (const source of parts[name]) {
        for await (const rows of batches(db, source)) {
          let text = "";
          for (const row of rows) {
            const extra: Record<string, unknown> = {};
            if (source.type) extra.type = source.type;
            if (name === "comments.jsonl") extra.revisions = row.revisions;
            text += lineOf(source.columns, row, source.type || name === "comments.jsonl" ? extra : undefined);
            if (name === "files.jsonl") files.push({ id: String(row.id), size: Number(row.size) });
          }
          const bytes = Buffer.from(text);
          hash.update(bytes);
          size += bytes.length;
          count += rows.length;
          done += rows.length;
          if (!stream.write(bytes))
            await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
          tell(name);
        }
      }
      await new Promise<void>((resolve, reject) => {
        stream.once("error", reject);
        stream.end(() => resolve());
      });
      written.push({ name, count, size, sha256: hash.digest("hex") });
    }
    const manifest: Manifest = {
      format: FORMAT,
      format_version: FORMAT_VERSION,
      service_version: SERVICE_VERSION,
      created_at: ctx.core.clock.now().toISOString(),
      workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug },
      spaces: prefixes,
      parts: written,
      files: { count: files.length, size: files.reduce((n, f) => n + f.size, 0) },
    };

    tell("archive", true);
    const partial = `${out}.part`;
    // the fastest level: the JSONL compresses about 6:1 even so, and compression is most of the archive phase
    const gzip = createGzip({ level: 1 });
    const sink = createWriteStream(partial);
    const piped = new Promise<void>((resolve, reject) => {
      sink.once("finish", resolve);
      sink.once("error", reject);
      gzip.once("error", reject);
    });
    gzip.pipe(sink);
    const tar = new TarWriter(gzip);
    try {
      const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      await tar.entry("manifest.json", manifestBytes.length, manifestBytes);
      for (const part of written) {
        await tar.entry(part.name, part.size, createReadStream(path.join(temp, part.name)));
      }
      const store = fileStore(ctx.core);
      for (const f of files) {
        const key = `files/${ctx.workspaceId}/${f.id}`;
        await tar.entry(`files/${f.id}`, f.size, await store.read(key));
      }
      await tar.finish();
      await piped;
      await rename(partial, out);
    } catch (error) {
      gzip.destroy();
      sink.destroy();
      await rm(partial, { force: true });
      throw error;
    }
    tell("done", true);
    return manifest;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
