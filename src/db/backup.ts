/**
 * Operators' backups of a whole installation (`docket admin backup`): a folder holding a consistent copy
 * of the database, the local file store's files, and `manifest.json` (format version, service version,
 * database kind, the snapshot's time, per-table row counts, the sha256 of every part). Taken while the
 * service serves writes: every write acknowledged before the snapshot began is in it.
 *
 * - SQLite: the online backup API (`node:sqlite`'s `backup()`) in one step, so the copy is one read
 *   transaction of the write-ahead log: writers go on meanwhile and never restart it.
 * - PostgreSQL: `pg_dump` in its custom format, run on a snapshot this process exports
 *   (`pg_export_snapshot()`) and counts its tables in, so the counts are those of the dump.
 *
 * The secret key (DOCKET_SECRET_KEY, or `$DOCKET_DATA_DIR/secret.key`) is never in a backup: the
 * manifest names the ids of the keys its sealed secrets need. Files in an S3 store are not copied
 * (the bucket has its own versioning and replication); the manifest says so.
 *
 * Checking a backup and restoring one are in restore.ts.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync, backup as sqliteBackup } from "node:sqlite";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { z } from "zod";
import type { Config } from "../config.ts";
import { conflict, DocketError, invalid, notFound } from "../errors.ts";
import { PACKAGE_VERSION } from "../paths.ts";
import { GENERATED_KEY_FILE, SecretBox, secretKeyId } from "../secret-box.ts";

export const BACKUP_FORMAT = "docket-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";
export const SQLITE_PART = "database.sqlite";
export const POSTGRES_PART = "database.pgdump";

/** What a part of a backup may be called: the database, or a file of the local store by its key. */
const PART_PATH = /^(database\.sqlite|database\.pgdump|files\/ws_[0-9A-Z]{26}\/file_[0-9A-Z]{26})$/;
/** A local file store key that a backup copies (registered files; pending uploads are left out). */
const FILE_KEY = /^files\/ws_[0-9A-Z]{26}\/file_[0-9A-Z]{26}$/;

const partSchema = z.object({
  path: z.string().regex(PART_PATH, "is not a part a Docket backup has"),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "is not a sha256 in hex"),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int().positive(),
  service_version: z.string(),
  database: z.object({
    kind: z.enum(["sqlite", "postgres"]),
    part: z.enum([SQLITE_PART, POSTGRES_PART]),
    server_version: z.string(),
  }),
  snapshot_at: z.string(),
  finished_at: z.string(),
  migrations: z.array(z.string()),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.object({
    store: z.enum(["local", "s3"]),
    included: z.boolean(),
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    missing: z.array(z.string()),
    damaged: z.array(z.string()),
    note: z.string(),
  }),
  secret_key: z.object({
    included: z.literal(false),
    variable: z.literal("DOCKET_SECRET_KEY"),
    key_ids: z.array(z.string()),
    note: z.string(),
  }),
  parts: z.array(partSchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupPart = z.infer<typeof partSchema>;

/** What a database holds, read in one snapshot: counted, listed and checked against a manifest. */
export interface DatabaseFacts {
  /** rows per table (SQLite's full-text virtual table left out: its shadow tables are counted) */
  tables: Record<string, number>;
  /** the migrations applied, by name */
  migrations: string[];
  /** every registered file: its store key and the sha256 of its bytes */
  files: { key: string; sha256: string; size: number }[];
  /** the ids of the secret keys the sealed secrets were sealed with */
  keyIds: string[];
}

type Row = Record<string, unknown>;
type Query = (text: string) => Promise<Row[]>;

/** The columns that hold sealed secrets (src/secret-box.ts), read for the key ids they name. */
const SEALED = [
  { table: "signing_keys", column: "private_jwk" },
  { table: "service_secrets", column: "value" },
  { table: "webhooks", column: "secret" },
  { table: "integrations", column: "secret" },
] as const;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The facts of a database, through `query`, given its tables' names. */
async function factsOf(query: Query, tableNames: string[]): Promise<DatabaseFacts> {
  const tables: Record<string, number> = {};
  for (const name of tableNames) {
    const [row] = await query(`select count(*) as n from ${quote(name)}`);
    tables[name] = Number(row?.n ?? 0);
  }
  const has = (name: string) => tableNames.includes(name);
  const migrations = has("kysely_migration")
    ? (await query("select name from kysely_migration order by name")).map((r) => String(r.name))
    : [];
  const files = has("files")
    ? (await query("select storage_key, sha256, size from files order by storage_key")).map((r) => ({
        key: String(r.storage_key),
        sha256: String(r.sha256),
        size: Number(r.size),
      }))
    : [];
  const keyIds = new Set<string>();
  for (const { table, column } of SEALED) {
    if (!has(table)) continue;
    for (const r of await query(`select ${column} as value from ${table}`)) {
      const id = SecretBox.keyIdOf(String(r.value ?? ""));
      if (id) keyIds.add(id);
    }
  }
  return { tables, migrations, files, keyIds: [...keyIds].sort() };
}

/** The facts of an open SQLite database. */
export function sqliteFacts(db: DatabaseSync): Promise<DatabaseFacts> {
  const query: Query = async (text) => db.prepare(text).all() as Row[];
  const names = (
    db
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'
           and coalesce(sql, '') not like 'CREATE VIRTUAL TABLE%' order by name`,
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
  return factsOf(query, names);
}

/** The facts of a PostgreSQL database, read on `client` (in its transaction's snapshot, if any). */
export async function postgresFacts(client: pg.Client): Promise<DatabaseFacts> {
  const query: Query = async (text) => (await client.query(text)).rows as Row[];
  const names = (
    await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = current_schema() order by tablename",
    )
  ).rows.map((r) => r.name);
  return factsOf(query, names);
}

// ---------------------------------------------------------------------------------------------------
// Bytes

/** Counts and hashes what flows through it. */
function meter(): { transform: Transform; result: () => { bytes: number; sha256: string } } {
  const hash = createHash("sha256");
  let bytes = 0;
  return {
    transform: new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    result: () => ({ bytes, sha256: hash.digest("hex") }),
  };
}

/** A file's size and sha256. */
export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    bytes += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { bytes, sha256: hash.digest("hex") };
}

/** Copies `from` to `to` (flushed to disk), returning the size and sha256 of what was copied. */
export async function copyHashed(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  await mkdir(path.dirname(to), { recursive: true });
  const m = meter();
  await pipeline(
    createReadStream(from, { highWaterMark: 1024 * 1024 }),
    m.transform,
    createWriteStream(to, { flush: true }),
  );
  return m.result();
}

/** Flushes a folder's entries (a rename into it, a file made in it) to disk. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL's tools

/**
 * A PostgreSQL URL as libpq's tools take it: the password moved to PGPASSWORD (so it is not in the
 * process list), and node-postgres's `ssl=true` spelled as libpq's `sslmode=require`.
 */
export function libpqTarget(url: string): { dbname: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  const ssl = u.searchParams.get("ssl");
  if (ssl !== null) {
    u.searchParams.delete("ssl");
    if (!u.searchParams.has("sslmode") && ssl !== "false" && ssl !== "0")
      u.searchParams.set("sslmode", "require");
  }
  u.searchParams.delete("uselibpqcompat");
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs one of PostgreSQL's client tools; a clear error when it is missing or fails. */
export function runTool(
  tool: "pg_dump" | "pg_restore",
  args: string[],
  env: Record<string, string>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      // index builds of a restore take what memory they can use (PostgreSQL's default is 64 MB)
      env: {
        ...process.env,
        ...env,
        PGOPTIONS: `${process.env.PGOPTIONS ?? ""} -c maintenance_work_mem=256MB`.trim(),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      if (stderr.length < 64 * 1024) stderr += text;
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new DocketError(
              409,
              "tool_missing",
              `${tool} is not installed (PostgreSQL's client tools; on Debian or Ubuntu: apt-get install -y postgresql-client).`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) return resolve();
      const said = stderr.trim().split("\n").slice(-6).join("\n  ");
      const hint = /version mismatch/i.test(stderr)
        ? ` Install ${tool} of the server's major version or newer (postgresql-client-<version>).`
        : "";
      reject(new DocketError(409, "tool_failed", `${tool} failed (exit ${code}):\n  ${said}${hint}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Taking a backup

export interface BackupResult {
  /** the backup's folder */
  path: string;
  manifest: BackupManifest;
  /** seconds, start to end */
  seconds: number;
}

/** `20261126T223700Z` */
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/** A new folder name under `parent` that nothing holds yet. */
function freshName(parent: string, at: Date): string {
  const base = `docket-backup-${stamp(at)}`;
  let name = base;
  for (let n = 2; existsSync(path.join(parent, name)); n++) name = `${base}-${n}`;
  return name;
}

/** The ids of the secret keys this configuration can open secrets with (nothing is generated). */
export async function availableKeyIds(config: Config): Promise<string[]> {
  const keys = [...config.secretKeys.previous];
  if (config.secretKeys.current) keys.unshift(config.secretKeys.current);
  else if (!config.production) {
    try {
      const text = (await readFile(path.join(config.dataDir, GENERATED_KEY_FILE), "utf8")).trim();
      const key = Buffer.from(text, "base64");
      if (key.length === 32) keys.unshift(key);
    } catch {
      // no generated key yet: the service would make a new one
    }
  }
  return keys.map(secretKeyId);
}

/**
 * Takes a backup of the configured database (and the local file store's files) into a new folder under
 * `parent`, named `docket-backup-<UTC time>`; it is written as `.<name>.partial` and renamed when whole,
 * so a folder of that name is always complete.
 */
export async function createBackup(
  config: Config,
  parent: string,
  options: { log?: (line: string) => void; now?: () => Date } = {},
): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const began = performance.now();
  await mkdir(parent, { recursive: true });
  const name = freshName(parent, now());
  const partial = path.join(parent, `.${name}.partial`);
  const final = path.join(parent, name);
  await mkdir(partial);
  try {
    const taken =
      config.database.kind === "sqlite"
        ? await sqliteSnapshot(config.database.path, partial, now, log)
        : await postgresSnapshot(config.database.url, partial, now, log);
    const files = await copyFiles(config, taken.facts, partial, log);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      service_version: PACKAGE_VERSION,
      database: {
        kind: config.database.kind,
        part: config.database.kind === "sqlite" ? SQLITE_PART : POSTGRES_PART,
        server_version: taken.serverVersion,
      },
      snapshot_at: taken.snapshotAt,
      finished_at: now().toISOString(),
      migrations: taken.facts.migrations,
      tables: taken.facts.tables,
      files: files.summary,
      secret_key: {
        included: false,
        variable: "DOCKET_SECRET_KEY",
        key_ids: taken.facts.keyIds,
        note:
          "The secret key is not in this backup. A restored service needs the key these ids name: " +
          "DOCKET_SECRET_KEY (or, on an embedded installation without it, the file secret.key from " +
          "DOCKET_DATA_DIR). Keep it apart from the backups.",
      },
      parts: [taken.part, ...files.parts],
    };
    const manifestFile = path.join(partial, MANIFEST_FILE);
    const handle = await open(manifestFile, "wx");
    try {
      await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await syncDir(partial);
    await rename(partial, final);
    await syncDir(parent);
    return { path: final, manifest, seconds: (performance.now() - began) / 1000 };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

interface Snapshot {
  part: BackupPart;
  facts: DatabaseFacts;
  snapshotAt: string;
  serverVersion: string;
}

/** The SQLite file copied page by page in one step of the online backup API. */
async function sqliteSnapshot(
  file: string,
  into: string,
  now: () => Date,
  log: (line: string) => void,
): Promise<Snapshot> {
  if (file === ":memory:")
    throw invalid("DATABASE_URL names an in-memory database: there is nothing to back up.");
  if (!existsSync(file)) throw notFound(`There is no SQLite database at ${file} (DATABASE_URL).`);
  const target = path.join(into, SQLITE_PART);
  const source = new DatabaseSync(file, { timeout: 5000 });
  let snapshotAt: string;
  try {
    log(`copying ${file} (SQLite online backup) …`);
    snapshotAt = now().toISOString();
    // One step of every page: one read transaction, which writers in WAL mode never disturb (with
    // smaller steps, each write by another connection would start the copy again).
    await sqliteBackup(source, target, { rate: 2 ** 30 });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(target);
  let facts: DatabaseFacts;
  let serverVersion: string;
  try {
    // the copy is one file of its own: no write-ahead log beside it
    copy.exec("PRAGMA journal_mode = DELETE");
    facts = await sqliteFacts(copy);
    serverVersion = String((copy.prepare("select sqlite_version() as v").get() as { v: string }).v);
  } finally {
    copy.close();
  }
  const { bytes, sha256 } = await hashFile(target);
  return { part: { path: SQLITE_PART, bytes, sha256 }, facts, snapshotAt, serverVersion };
}

/** pg_dump's custom format, on a snapshot exported by a transaction that also counts every table. */
async function postgresSnapshot(
  url: string,
  into: string,
  now: () => Date,
  log: (line: string) => void,
): Promise<Snapshot> {
  const target = path.join(into, POSTGRES_PART);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshotAt = now().toISOString();
    const { rows } = await client.query<{ snapshot: string; version: string }>(
      "select pg_export_snapshot() as snapshot, current_setting('server_version') as version",
    );
    const { snapshot, version } = rows[0]!;
    const facts = await postgresFacts(client);
    const { dbname, env } = libpqTarget(url);
    log(`dumping ${new URL(url).pathname.slice(1)} (pg_dump, custom format) …`);
    await runTool(
      "pg_dump",
      [
        "--format=custom",
        "--compress=1",
        `--snapshot=${snapshot}`,
        "--no-password",
        `--file=${target}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query("commit");
    const { bytes, sha256 } = await hashFile(target);
    return { part: { path: POSTGRES_PART, bytes, sha256 }, facts, snapshotAt, serverVersion: version };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Copies every registered file the snapshot names from the local store, hashing as it goes. A file
 * gone since the snapshot (its workspace deleted meanwhile) is listed as missing; one whose bytes no
 * longer match the sha256 the database holds is copied and listed as damaged.
 */
async function copyFiles(
  config: Config,
  facts: DatabaseFacts,
  into: string,
  log: (line: string) => void,
): Promise<{ summary: BackupManifest["files"]; parts: BackupPart[] }> {
  const store = config.files.store;
  if (store.kind !== "local") {
    return {
      summary: {
        store: "s3",
        included: false,
        count: 0,
        bytes: 0,
        missing: [],
        damaged: [],
        note: `The files' bytes are in the S3 bucket ${store.bucket}, which this backup does not copy: back the bucket up with its own tools (versioning, replication); their keys are the files table's storage_key.`,
      },
      parts: [],
    };
  }
  const parts: BackupPart[] = [];
  const missing: string[] = [];
  const damaged: string[] = [];
  let bytes = 0;
  if (facts.files.length > 0) log(`copying ${facts.files.length} files from ${store.dir} …`);
  for (const file of facts.files) {
    if (!FILE_KEY.test(file.key)) {
      damaged.push(file.key);
      continue;
    }
    try {
      const copied = await copyHashed(path.join(store.dir, file.key), path.join(into, file.key));
      parts.push({ path: file.key, ...copied });
      bytes += copied.bytes;
      if (copied.sha256 !== file.sha256) damaged.push(file.key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await rm(path.join(into, file.key), { force: true });
      missing.push(file.key);
    }
  }
  return {
    summary: {
      store: "local",
      included: true,
      count: parts.length,
      bytes,
      missing,
      damaged,
      note:
        missing.length + damaged.length === 0
          ? `Every registered file's bytes, copied from ${store.dir}.`
          : `Copied from ${store.dir}; "missing" were gone when copied, "damaged" did not match the sha256 the database holds.`,
    },
    parts,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading a backup back

/** A backup folder (or its manifest.json) read and its manifest checked for shape. */
export async function readBackup(given: string): Promise<{ dir: string; manifest: BackupManifest }> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(given);
  } catch {
    throw notFound(`There is no backup at ${given}.`);
  }
  const dir = info.isDirectory() ? given : path.dirname(given);
  const file = info.isDirectory() ? path.join(given, MANIFEST_FILE) : given;
  if (path.basename(file) !== MANIFEST_FILE)
    throw invalid(`${given} is not a backup: give the backup's folder or its ${MANIFEST_FILE}.`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw notFound(`${dir} holds no ${MANIFEST_FILE}: it is not a Docket backup (or not a whole one).`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid(`${file} is not JSON: the backup's manifest is damaged.`);
  }
  const format = (raw as { format?: unknown; format_version?: unknown } | null) ?? {};
  if (
    format.format === BACKUP_FORMAT &&
    typeof format.format_version === "number" &&
    format.format_version > BACKUP_FORMAT_VERSION
  )
    throw conflict(
      `This backup is format version ${format.format_version}, newer than this Docket (${PACKAGE_VERSION}) reads (${BACKUP_FORMAT_VERSION}): use the version that made it (${String((raw as { service_version?: unknown }).service_version)}).`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(
      `${file} is not a Docket backup manifest: ${issue.path.join(".") || "(top)"}: ${issue.message}.`,
    );
  }
  const manifest = parsed.data;
  const seen = new Set<string>();
  for (const p of manifest.parts) {
    if (seen.has(p.path)) throw invalid(`${file} names the part ${p.path} twice.`);
    seen.add(p.path);
  }
  if (!seen.has(manifest.database.part))
    throw invalid(`${file} does not list its database part, ${manifest.database.part}.`);
  return { dir, manifest };
}

/** Every file under `dir`, as paths relative to it with `/` between folders. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    out.push(path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  }
  return out.sort();
}

/**
 * Checks every part against the manifest (present, size, sha256) and that nothing else is in the
 * folder; returns the problems found, each a sentence.
 */
export async function checkParts(
  dir: string,
  manifest: BackupManifest,
  log: (line: string) => void = () => {},
): Promise<string[]> {
  const problems: string[] = [];
  log(`checking the sha256 of ${manifest.parts.length} parts …`);
  for (const part of manifest.parts) {
    let got: { bytes: number; sha256: string };
    try {
      got = await hashFile(path.join(dir, part.path));
    } catch {
      problems.push(`${part.path} is missing from the backup.`);
      continue;
    }
    if (got.sha256 !== part.sha256)
      problems.push(
        `${part.path}: its sha256 is ${got.sha256}, the manifest says ${part.sha256} (${got.bytes} bytes, the manifest says ${part.bytes}): the part was changed or damaged.`,
      );
  }
  const listed = new Set([MANIFEST_FILE, ...manifest.parts.map((p) => p.path)]);
  for (const extra of await filesUnder(dir)) {
    if (!listed.has(extra)) problems.push(`${extra} is in the backup's folder but not in its manifest.`);
  }
  return problems;
}

/** The problems between a manifest and the facts of the database restored from it. */
export function compareWithManifest(manifest: BackupManifest, facts: DatabaseFacts): string[] {
  const problems: string[] = [];
  for (const [table, count] of Object.entries(manifest.tables)) {
    const got = facts.tables[table];
    if (got === undefined) problems.push(`table ${table} is missing from the restored database.`);
    else if (got !== count)
      problems.push(`table ${table}: the manifest counts ${count} rows, the restored database has ${got}.`);
  }
  for (const table of Object.keys(facts.tables)) {
    if (!(table in manifest.tables))
      problems.push(`table ${table} is in the restored database but not in the manifest.`);
  }
  const want = manifest.migrations.join(",");
  if (facts.migrations.join(",") !== want)
    problems.push(
      `the restored database's migrations (${facts.migrations.length}, last ${facts.migrations.at(-1) ?? "none"}) are not the manifest's (${manifest.migrations.length}, last ${manifest.migrations.at(-1) ?? "none"}).`,
    );
  const parts = new Map(manifest.parts.map((p) => [p.path, p]));
  const excused = new Set([...manifest.files.missing, ...manifest.files.damaged]);
  if (manifest.files.included) {
    for (const file of facts.files) {
      if (excused.has(file.key)) continue;
      const part = parts.get(file.key);
      if (!part) problems.push(`file ${file.key} is registered in the database but not in the backup.`);
      else if (part.sha256 !== file.sha256)
        problems.push(
          `file ${file.key}: the database's sha256 is ${file.sha256}, the backup's part is ${part.sha256}.`,
        );
    }
  }
  return problems;
}

/** A name for a scratch database or file that nothing else uses. */
export const scratchName = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;
