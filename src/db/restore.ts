/**
 * Proving and using a backup made by backup.ts:
 * - `verifyBackup`: every part's sha256, then a restore into a scratch database (a temporary SQLite
 *   file, or a PostgreSQL database created for it and dropped after), SQLite's integrity check, the
 *   migrations, and every table's rows and every file counted against the manifest.
 * - `restoreBackup`: into the configured database, refusing one that holds data unless forced, one the
 *   service appears to have open, and a backup whose secrets the configured secret key cannot open.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { Config } from "../config.ts";
import { conflict, notFound } from "../errors.ts";
import { PACKAGE_VERSION } from "../paths.ts";
import {
  availableKeyIds,
  type BackupManifest,
  checkParts,
  compareWithManifest,
  copyHashed,
  type DatabaseFacts,
  libpqTarget,
  postgresFacts,
  readBackup,
  runTool,
  scratchName,
  sqliteFacts,
  syncDir,
} from "./backup.ts";
import { MIGRATION_NAMES } from "./migrations.ts";
import { openStore } from "./store.ts";

type Log = (line: string) => void;

const total = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** Where a PostgreSQL URL points, without its password: `docket on db.example.com:5432`. */
export function describePostgres(url: string): string {
  const u = new URL(url);
  return `${decodeURIComponent(u.pathname.slice(1)) || "(default database)"} on ${u.hostname || "localhost"}:${u.port || "5432"}`;
}

/** The URL of database `name` on the server `server` points at. */
function onServer(server: string, name: string): string {
  const u = new URL(server);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Migrations the restored database has that this version does not know, and the ones it will apply. */
function migrationState(migrations: string[]): { pending: string[]; unknown: string[] } {
  const known = new Set(MIGRATION_NAMES);
  const have = new Set(migrations);
  return {
    pending: MIGRATION_NAMES.filter((m) => !have.has(m)),
    unknown: migrations.filter((m) => !known.has(m)),
  };
}

const newerVersion = (manifest: BackupManifest, unknown: string[]) =>
  `the backup has migrations this version (${PACKAGE_VERSION}) does not know (${unknown.join(", ")}): it was made by a newer Docket (${manifest.service_version}); use that version or later.`;

// ---------------------------------------------------------------------------------------------------
// Verify

export interface VerifyReport {
  ok: boolean;
  backup: string;
  database: "sqlite" | "postgres";
  service_version: string;
  snapshot_at: string;
  parts: number;
  tables: number;
  rows: number;
  /** SQLite's `pragma integrity_check` answer; on PostgreSQL, whether pg_restore succeeded */
  integrity: string;
  migrations: { in_backup: number; pending: string[]; unknown: string[] };
  secret_key_ids: string[];
  problems: string[];
  seconds: number;
}

/**
 * Checks a backup by restoring it into a scratch database. `server` is the PostgreSQL server a
 * PostgreSQL backup is restored on (a database is created there and dropped); unused for SQLite.
 */
export async function verifyBackup(
  given: string,
  options: { server?: string; log?: Log } = {},
): Promise<VerifyReport> {
  const log = options.log ?? (() => {});
  const began = performance.now();
  const { dir, manifest } = await readBackup(given);
  const problems = await checkParts(dir, manifest, log);
  const dbPartBad = problems.some((p) => p.startsWith(`${manifest.database.part}`));
  let facts: DatabaseFacts | undefined;
  let integrity = "not checked: the database part does not match its sha256";
  if (!dbPartBad) {
    if (manifest.database.kind === "sqlite") ({ facts, integrity } = await scratchSqlite(dir, manifest, log));
    else {
      if (!options.server) throw new Error("a PostgreSQL server is needed to verify a PostgreSQL backup");
      ({ facts, integrity } = await scratchPostgres(dir, manifest, options.server, log));
    }
    if (integrity !== "ok") problems.push(`the integrity check failed: ${integrity}`);
    problems.push(...compareWithManifest(manifest, facts));
  }
  const state = migrationState(facts?.migrations ?? manifest.migrations);
  if (state.unknown.length > 0) problems.push(newerVersion(manifest, state.unknown));
  return {
    ok: problems.length === 0,
    backup: dir,
    database: manifest.database.kind,
    service_version: manifest.service_version,
    snapshot_at: manifest.snapshot_at,
    parts: manifest.parts.length,
    tables: Object.keys(facts?.tables ?? {}).length,
    rows: total(facts?.tables ?? {}),
    integrity,
    migrations: { in_backup: manifest.migrations.length, ...state },
    secret_key_ids: manifest.secret_key.key_ids,
    problems,
    seconds: (performance.now() - began) / 1000,
  };
}

/** The SQLite part copied into a temporary folder, checked and counted there, and removed. */
async function scratchSqlite(
  dir: string,
  manifest: BackupManifest,
  log: Log,
): Promise<{ facts: DatabaseFacts; integrity: string }> {
  const scratch = await mkdtemp(path.join(tmpdir(), "docket-verify-"));
  try {
    const file = path.join(scratch, "docket.db");
    await copyFile(path.join(dir, manifest.database.part), file);
    log("restored into a scratch SQLite file; running its integrity check …");
    const db = new DatabaseSync(file);
    try {
      const rows = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
      const said = rows.map((r) => r.integrity_check);
      let integrity = said.length === 1 && said[0] === "ok" ? "ok" : said.slice(0, 10).join("; ");
      const orphans = db.prepare("PRAGMA foreign_key_check").all() as { table: string; parent: string }[];
      if (orphans.length > 0) {
        const first = orphans[0]!;
        const more = integrity === "ok" ? "" : `${integrity}; `;
        integrity = `${more}${orphans.length} rows refer to rows that do not exist (the first in ${first.table}, to ${first.parent})`;
      }
      return { facts: await sqliteFacts(db), integrity };
    } finally {
      db.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The dump restored into a database made for it on `server`, counted there, and dropped. */
async function scratchPostgres(
  dir: string,
  manifest: BackupManifest,
  server: string,
  log: Log,
): Promise<{ facts: DatabaseFacts; integrity: string }> {
  const name = scratchName("docket_verify");
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 10_000 });
  admin.on("error", () => {});
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    try {
      const url = onServer(server, name);
      log(`restoring into scratch database ${describePostgres(url)} …`);
      const { dbname, env } = libpqTarget(url);
      let integrity = "ok";
      try {
        await runTool(
          "pg_restore",
          [
            "--no-owner",
            "--no-privileges",
            "--exit-on-error",
            "--no-password",
            `--jobs=${Math.min(4, Math.max(2, availableParallelism()))}`,
            `--dbname=${dbname}`,
            path.join(dir, manifest.database.part),
          ],
          env,
        );
      } catch (error) {
        integrity = `the restore failed: ${(error as Error).message}`;
      }
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      client.on("error", () => {});
      await client.connect();
      try {
        return { facts: await postgresFacts(client), integrity };
      } finally {
        await client.end().catch(() => {});
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------------
// Restore

export interface RestoreReport {
  backup: string;
  database: "sqlite" | "postgres";
  /** the SQLite file, or `database on host:port` */
  target: string;
  snapshot_at: string;
  /** what the restore does (or, with dryRun, would do), in order */
  plan: string[];
  restored: boolean;
  /** whether the database held people or workspaces before */
  replaced_data: boolean;
  /** SQLite: where the database it replaced was kept */
  kept_as: string | null;
  tables: number;
  rows: number;
  migrations_applied: string[];
  files: { restored: number; bytes: number; note: string | null };
  seconds: number;
}

interface Target {
  exists: boolean;
  people: number;
  workspaces: number;
  /** something that stops a restore, whatever the flags */
  blocker?: string;
}

/**
 * Restores a backup into the configured database: refuses one that holds people or workspaces unless
 * `force`, one in use (SQLite: opened by another process; PostgreSQL: other sessions connected), and a
 * backup the configured secret key cannot open. With `dryRun`, only says what it would do.
 */
export async function restoreBackup(
  config: Config,
  given: string,
  options: { force?: boolean; dryRun?: boolean; log?: Log } = {},
): Promise<RestoreReport> {
  const log = options.log ?? (() => {});
  const began = performance.now();
  const { dir, manifest } = await readBackup(given);
  const kind = config.database.kind;
  const targetName =
    kind === "sqlite" ? path.resolve(config.database.path) : describePostgres(config.database.url);
  if (manifest.database.kind !== kind) {
    throw conflict(
      `This backup is of a ${manifest.database.kind === "sqlite" ? "SQLite" : "PostgreSQL"} database and DATABASE_URL names a ${kind === "sqlite" ? "SQLite file" : "PostgreSQL database"}: restore it into the same kind of database (to move between them, use a workspace export, docket export).`,
    );
  }
  const unknown = migrationState(manifest.migrations).unknown;
  if (unknown.length > 0) throw conflict(`Cannot restore: ${newerVersion(manifest, unknown)}`);
  const have = new Set(await availableKeyIds(config));
  const lacking = manifest.secret_key.key_ids.filter((id) => !have.has(id));
  if (lacking.length > 0) {
    throw conflict(
      `The backup's secrets are sealed with secret key ${lacking.join(", ")}, and the secret key configured here (${have.size > 0 ? [...have].join(", ") : "none yet"}) is not it. Set DOCKET_SECRET_KEY to the key the backed-up service ran with (on an embedded installation without it: its DOCKET_DATA_DIR/secret.key), then run restore again.`,
    );
  }
  const target = kind === "sqlite" ? inspectSqlite(config.database.path) : await inspectPostgres(config);
  if (target.blocker) throw conflict(target.blocker);
  const hasData = target.people + target.workspaces > 0;
  const pending = migrationState(manifest.migrations).pending;
  const store = config.files.store;
  const fileParts = manifest.parts.filter((p) => p.path.startsWith("files/"));
  const fileBytes = fileParts.reduce((a, p) => a + p.bytes, 0);
  const plan = [
    `Restore the backup ${dir} (${kind === "sqlite" ? "SQLite" : "PostgreSQL"}, snapshot ${manifest.snapshot_at}, made by Docket ${manifest.service_version}: ${Object.keys(manifest.tables).length} tables, ${total(manifest.tables).toLocaleString("en")} rows) into ${targetName}.`,
    !target.exists
      ? "The database does not exist yet; it is created."
      : hasData
        ? `The database holds ${target.people} people and ${target.workspaces} workspaces: ${options.force ? "they are replaced (--force)" : "it is not empty, so without --force nothing is done"}${kind === "sqlite" && options.force ? "; the file is kept beside it as …before-restore-<time>" : ""}.`
        : "The database holds no people or workspaces; its tables are replaced.",
    pending.length > 0
      ? `Then apply the ${pending.length === 1 ? "migration" : `${pending.length} migrations`} this version has and the backup has not (${pending.length === 1 ? pending[0] : `${pending[0]} … ${pending.at(-1)}`}).`
      : "The backup's migrations are this version's: none to apply.",
    fileParts.length === 0
      ? manifest.files.included
        ? "The backup holds no files."
        : `The backup holds no files: ${manifest.files.note}`
      : store.kind === "local"
        ? `Copy ${fileParts.length} files (${mib(fileBytes)}) into ${store.dir}.`
        : `The backup's ${fileParts.length} files are NOT copied: FILE_STORE is s3; copy its files/ folder into bucket ${store.bucket} under the same keys.`,
    manifest.secret_key.key_ids.length > 0
      ? `The backup's secrets need secret key ${manifest.secret_key.key_ids.join(", ")}, which is configured here.`
      : "The backup holds no sealed secrets.",
  ];
  if (hasData && !options.force && !options.dryRun) {
    throw conflict(
      `${targetName} is not empty (${target.people} people, ${target.workspaces} workspaces): restoring would replace them. Run again with --force to replace them${kind === "sqlite" ? " (the old file is kept beside it)" : ""}, or point DATABASE_URL at an empty database.`,
    );
  }
  const problems = await checkParts(dir, manifest, log);
  if (problems.length > 0) {
    throw conflict(
      `The backup does not check out, so nothing was restored:\n  ${problems.slice(0, 10).join("\n  ")}${problems.length > 10 ? `\n  … and ${problems.length - 10} more` : ""}`,
    );
  }

  const report: RestoreReport = {
    backup: dir,
    database: kind,
    target: targetName,
    snapshot_at: manifest.snapshot_at,
    plan,
    restored: false,
    replaced_data: hasData,
    kept_as: null,
    tables: 0,
    rows: 0,
    migrations_applied: [],
    files: { restored: 0, bytes: 0, note: null },
    seconds: 0,
  };
  if (options.dryRun) {
    report.seconds = (performance.now() - began) / 1000;
    return report;
  }
  for (const line of plan) log(line);

  const facts =
    config.database.kind === "sqlite"
      ? await restoreSqlite(config.database.path, dir, manifest, target, report, log)
      : await restorePostgres(config.database.url, dir, manifest, log);
  const mismatch = compareWithManifest({ ...manifest, files: { ...manifest.files, included: false } }, facts);
  if (mismatch.length > 0)
    throw conflict(`The restored database does not match the backup's manifest:\n  ${mismatch.join("\n  ")}`);
  report.tables = Object.keys(facts.tables).length;
  report.rows = total(facts.tables);

  const opened = openStore(config.database, { poolSize: 1, timeouts: { statementMs: 600_000 } });
  try {
    report.migrations_applied = (await opened.migrate()).applied;
  } finally {
    await opened.close();
  }

  if (store.kind === "local") {
    for (const part of fileParts) {
      const to = path.join(store.dir, part.path);
      const temp = `${to}.restoring-${scratchName("part")}`;
      const copied = await copyHashed(path.join(dir, part.path), temp);
      if (copied.sha256 !== part.sha256) {
        await rm(temp, { force: true });
        throw conflict(
          `${part.path} changed while it was restored (its sha256 no longer matches); run restore again.`,
        );
      }
      await rename(temp, to);
      report.files.restored++;
      report.files.bytes += copied.bytes;
    }
  } else if (fileParts.length > 0) {
    report.files.note = `FILE_STORE is s3: the backup's ${fileParts.length} files were not copied; copy ${path.join(dir, "files")} into bucket ${store.bucket} under the same keys.`;
  }
  report.restored = true;
  report.seconds = (performance.now() - began) / 1000;
  return report;
}

const isBusy = (error: unknown) =>
  /database is locked|database is busy/i.test((error as Error)?.message ?? "");

/**
 * Whether the SQLite file exists, what it holds, and whether another process has it open: a connection
 * that asks for the exclusive lock (locking_mode EXCLUSIVE, then BEGIN EXCLUSIVE) is refused at once
 * while any other connection, the service's included, has the file open in WAL mode.
 */
function inspectSqlite(file: string): Target {
  if (file === ":memory:" || !existsSync(file)) return { exists: false, people: 0, workspaces: 0 };
  const probe = new DatabaseSync(file, { timeout: 0 });
  try {
    try {
      probe.exec("PRAGMA locking_mode = EXCLUSIVE");
      probe.exec("BEGIN EXCLUSIVE");
      probe.exec("ROLLBACK");
    } catch (error) {
      if (!isBusy(error)) throw error;
      return {
        exists: true,
        people: 0,
        workspaces: 0,
        blocker: `${path.resolve(file)} is open in another process: the service appears to be running on it. Stop the service (every docket serve on this file, and any other program using it), then run restore again.`,
      };
    }
    const tables = new Set(
      (probe.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    const count = (table: string) =>
      tables.has(table)
        ? Number((probe.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n)
        : 0;
    const found = { exists: true, people: count("people"), workspaces: count("workspaces") };
    // fold any write-ahead log into the file, so the file alone is the whole database when moved
    probe.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return found;
  } finally {
    probe.close();
  }
}

/** The PostgreSQL database: whether it exists, what it holds, and who else is connected to it. */
async function inspectPostgres(config: Config): Promise<Target> {
  const url = (config.database as { url: string }).url;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === "3D000")
      throw notFound(
        `The database ${describePostgres(url)} does not exist: create it (createdb ${new URL(url).pathname.slice(1)}), then run restore again.`,
      );
    throw error;
  }
  try {
    const others = await client.query<{ n: number; who: string | null }>(
      `select count(*)::int as n,
              string_agg(distinct coalesce(nullif(application_name, ''), host(client_addr), 'a local socket'), ', ') as who
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const { n, who } = others.rows[0]!;
    const tables = new Set(
      (
        await client.query<{ name: string }>(
          "select tablename as name from pg_tables where schemaname = current_schema()",
        )
      ).rows.map((r) => r.name),
    );
    const count = async (table: string) =>
      tables.has(table) ? Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n) : 0;
    const found: Target = {
      exists: tables.size > 0,
      people: await count("people"),
      workspaces: await count("workspaces"),
    };
    if (n > 0)
      found.blocker = `${n} other sessions are connected to ${describePostgres(url)} (${who}): stop the service (every instance) and anything else using the database, then run restore again.`;
    return found;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Copies the SQLite part beside the target, moves the old file aside (or away), and renames it in. */
async function restoreSqlite(
  file: string,
  dir: string,
  manifest: BackupManifest,
  target: Target,
  report: RestoreReport,
  log: Log,
): Promise<DatabaseFacts> {
  const resolved = path.resolve(file);
  await mkdir(path.dirname(resolved), { recursive: true });
  const part = manifest.parts.find((p) => p.path === manifest.database.part)!;
  const temp = `${resolved}.restoring-${scratchName("db")}`;
  log(`copying the database into ${temp} …`);
  const copied = await copyHashed(path.join(dir, part.path), temp);
  if (copied.sha256 !== part.sha256) {
    await rm(temp, { force: true });
    throw conflict(
      `${part.path} changed while it was copied (its sha256 no longer matches); run restore again.`,
    );
  }
  const suffixes = ["", "-wal", "-shm", "-journal"];
  if (target.exists) {
    if (target.people + target.workspaces > 0) {
      const kept = `${resolved}.before-restore-${new Date()
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d+Z$/, "Z")}`;
      for (const s of suffixes) if (existsSync(resolved + s)) await rename(resolved + s, kept + s);
      report.kept_as = kept;
    } else {
      for (const s of suffixes) await rm(resolved + s, { force: true });
    }
  }
  await rename(temp, resolved);
  await syncDir(path.dirname(resolved));
  const db = new DatabaseSync(resolved);
  try {
    db.exec("PRAGMA journal_mode = WAL");
    return await sqliteFacts(db);
  } finally {
    db.close();
  }
}

/** Drops what the schema holds, then pg_restore in one transaction. */
async function restorePostgres(
  url: string,
  dir: string,
  manifest: BackupManifest,
  log: Log,
): Promise<DatabaseFacts> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin");
    const names = async (sql: string) => (await client.query<{ name: string }>(sql)).rows.map((r) => r.name);
    for (const view of await names(
      "select viewname as name from pg_views where schemaname = current_schema()",
    ))
      await client.query(`drop view if exists "${view}" cascade`);
    for (const table of await names(
      "select tablename as name from pg_tables where schemaname = current_schema()",
    ))
      await client.query(`drop table if exists "${table}" cascade`);
    for (const seq of await names(
      "select sequencename as name from pg_sequences where schemaname = current_schema()",
    ))
      await client.query(`drop sequence if exists "${seq}" cascade`);
    await client.query("commit");
    log(`restoring into ${describePostgres(url)} (pg_restore, one transaction) …`);
    const { dbname, env } = libpqTarget(url);
    await runTool(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        "--no-password",
        `--dbname=${dbname}`,
        path.join(dir, manifest.database.part),
      ],
      env,
    );
    return await postgresFacts(client);
  } finally {
    await client.end().catch(() => {});
  }
}
