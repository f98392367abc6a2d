import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { systemClock } from "../../src/clock.ts";
import type { Config } from "../../src/config.ts";
import { type Core, closeCore, createCore } from "../../src/core.ts";
import type { BackupManifest } from "../../src/db/backup.ts";
import { openStore, type Store } from "../../src/db/store.ts";
import { secretKeyId } from "../../src/secret-box.ts";
import type { Ctx } from "../../src/tracker/context.ts";
import { createUploadUrl, registerFile } from "../../src/tracker/files.ts";
import { createIssue } from "../../src/tracker/issues.ts";
import {
  createTestDatabase,
  ON_POSTGRES,
  REPO,
  seed,
  TEST_SECRET_KEY,
  type TestDatabase,
  testConfig,
} from "../support.ts";
import { cleanEnv, type Outcome } from "./support.ts";

const WRITERS = 16;
const FILE_BYTES = Buffer.from("the bytes of a file that a backup must carry\n");

/**
 * Runs the real `docket` process (as ./support.ts's `docket` does, with a longer bound: a PostgreSQL
 * verify creates a database and restores every index, which a busy machine makes slow).
 */
function docket(args: string[], options: { env: Record<string, string> }): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO, "src/cli/main.ts"), ...args], {
      cwd: REPO,
      env: cleanEnv(options.env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      stderr += c;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** The environment `docket admin` runs with against a database and data folder. */
const adminEnv = (databaseUrl: string, dataDir: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  DOCKET_DATA_DIR: dataDir,
  DOCKET_SECRET_KEY: TEST_SECRET_KEY,
  LOG_LEVEL: "silent",
  ...extra,
});

interface World {
  database: TestDatabase;
  dataDir: string;
  config: Config;
  store: Store;
  core: Core;
  ctx: Ctx;
  backups: string;
  /** the backup taken under load, and its manifest */
  backup: string;
  manifest: BackupManifest;
  /** issues acknowledged before the backup command started, and after it ended */
  before: string[];
  afterEnd: string[];
  /** writes acknowledged while the backup ran */
  during: number;
  fileKey: string;
}

/** A fresh database and data folder, to restore into; dropped when the tests end. */
async function freshTarget(cleanup: (() => Promise<void>)[]) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "docket-restore-"));
  cleanup.push(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { database, dataDir, env: adminEnv(database.url, dataDir) };
}

/** A copy of a backup folder that a test may change. */
async function copyOf(backup: string): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), "docket-backup-copy-")), path.basename(backup));
  await cp(backup, dir, { recursive: true });
  return dir;
}

describe(`docket admin backup, verify and restore (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, () => {
  let w: World;
  const cleanup: (() => Promise<void>)[] = [];

  before(async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), "docket-backup-data-"));
    const config = testConfig(database.url, { DOCKET_DATA_DIR: dataDir });
    // 16 writers queue on one space's row (issue numbers); on a busy machine the last may wait past
    // the 5-second statement bound, which would end the load rather than test the backup
    const store = openStore(config.database, { poolSize: WRITERS, timeouts: { statementMs: 120_000 } });
    const core = createCore(config, store, { limiter: new MemoryRateLimiter(systemClock) });
    await store.migrate();
    const seeded = await seed(core);
    const ctx: Ctx = {
      core,
      workspaceId: seeded.workspaceId,
      actor: { personId: seeded.personId, via: "web" },
    };
    // a file in the local store, registered the way the service registers one
    const upload = await createUploadUrl(ctx, { content_type: "text/plain", size: FILE_BYTES.length });
    const uploadPath = path.join(dataDir, "files", "uploads", seeded.workspaceId, upload.upload_id);
    await mkdir(path.dirname(uploadPath), { recursive: true });
    await writeFile(uploadPath, FILE_BYTES);
    const file = await registerFile(ctx, {
      upload_id: upload.upload_id,
      name: "notes.txt",
      sha256: createHash("sha256").update(FILE_BYTES).digest("hex"),
    });
    const backups = await mkdtemp(path.join(tmpdir(), "docket-backups-"));
    cleanup.push(async () => {
      await rm(backups, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    });

    // 16 writers creating issues without a pause; each acknowledged write is noted with its time
    const acked: { id: string; at: number }[] = [];
    let stop = false;
    let failed: unknown;
    const writers = Array.from({ length: WRITERS }, async (_, i) => {
      try {
        for (let n = 0; !stop; n++) {
          const issue = await createIssue(ctx, { title: `writer ${i} issue ${n}` });
          acked.push({ id: issue.id, at: Date.now() });
          // a turn of the event loop between writes, as requests arriving over the network have: on
          // SQLite a write can complete without one, and 16 such loops would starve the timers
          await new Promise((r) => setImmediate(r));
        }
      } catch (error) {
        failed ??= error;
        stop = true;
      }
    });
    /** Waits until `enough` says so, or a writer has failed (which fails the test). */
    const until = async (enough: () => boolean) => {
      while (!enough() && failed === undefined) await new Promise((r) => setTimeout(r, 10));
      if (failed !== undefined) throw failed;
    };
    await until(() => acked.length >= 200);
    const began = Date.now();
    const out = await docket(["admin", "backup", backups, "--json"], {
      env: adminEnv(database.url, dataDir),
    });
    const ended = Date.now();
    // writes go on for a moment after the backup, so some are certainly not in it
    await until(() => acked.filter((a) => a.at > ended).length >= 20);
    stop = true;
    await Promise.all(writers);
    assert.equal(out.code, 0, out.stderr);
    const result = JSON.parse(out.stdout) as { path: string; manifest: BackupManifest };
    w = {
      database,
      dataDir,
      config,
      store,
      core,
      ctx,
      backups,
      backup: result.path,
      manifest: result.manifest,
      before: acked.filter((a) => a.at < began).map((a) => a.id),
      afterEnd: acked.filter((a) => a.at > ended).map((a) => a.id),
      during: acked.filter((a) => a.at >= began && a.at <= ended).length,
      fileKey: (
        await core.db
          .selectFrom("files")
          .select("storage_key")
          .where("id", "=", file.id)
          .executeTakeFirstOrThrow()
      ).storage_key,
    };
  });

  after(async () => {
    if (w) {
      await closeCore(w.core);
      await w.store.close();
      await w.database.drop();
    }
    for (const c of cleanup.reverse()) await c();
  });

  test("the backup is a folder with a manifest: kinds, versions, counts, a sha256 per part, no secret key", async () => {
    const m = w.manifest;
    assert.match(path.basename(w.backup), /^docket-backup-\d{8}T\d{6}Z$/);
    assert.deepEqual(JSON.parse(await readFile(path.join(w.backup, "manifest.json"), "utf8")), m);
    assert.equal(m.format, "docket-backup");
    assert.equal(m.format_version, 1);
    assert.equal(m.database.kind, ON_POSTGRES ? "postgres" : "sqlite");
    assert.equal(m.database.part, ON_POSTGRES ? "database.pgdump" : "database.sqlite");
    assert.ok(w.during > 0, "writes were acknowledged while the backup ran");
    assert.ok(
      m.tables.issues! >= w.before.length &&
        m.tables.issues! < w.before.length + w.during + w.afterEnd.length,
    );
    assert.equal(m.tables.people, 1);
    assert.equal(m.tables.files, 1);
    assert.ok(m.migrations.length > 20);
    for (const part of m.parts) {
      const bytes = await readFile(path.join(w.backup, part.path));
      assert.equal(part.bytes, bytes.length);
      assert.equal(part.sha256, createHash("sha256").update(bytes).digest("hex"));
    }
    assert.deepEqual(
      m.parts.map((p) => p.path),
      [m.database.part, w.fileKey],
    );
    assert.deepEqual(await readFile(path.join(w.backup, w.fileKey)), FILE_BYTES);
    assert.deepEqual(m.files, {
      store: "local",
      included: true,
      count: 1,
      bytes: FILE_BYTES.length,
      missing: [],
      damaged: [],
      note: m.files.note,
    });
    // the key is not in the backup; the manifest names the one a restore needs
    assert.equal(m.secret_key.included, false);
    assert.deepEqual(m.secret_key.key_ids, [secretKeyId(Buffer.from(TEST_SECRET_KEY, "base64"))]);
    assert.match(m.secret_key.note, /DOCKET_SECRET_KEY/);
    const everything = await Promise.all(m.parts.map((p) => readFile(path.join(w.backup, p.path))));
    for (const bytes of everything) assert.ok(!bytes.includes(TEST_SECRET_KEY));
  });

  test("verify restores into a scratch database and finds it whole", async () => {
    const out = await docket(["admin", "backup", "verify", w.backup, "--json"], {
      env: adminEnv(w.database.url, w.dataDir),
    });
    assert.equal(out.code, 0, out.stderr);
    const report = JSON.parse(out.stdout);
    assert.equal(report.ok, true);
    assert.deepEqual(report.problems, []);
    assert.equal(report.integrity, "ok");
    assert.equal(
      report.rows,
      Object.values(w.manifest.tables).reduce((a, b) => a + b, 0),
    );
    assert.deepEqual(report.migrations.unknown, []);
    const text = await docket(["admin", "backup", "verify", path.join(w.backup, "manifest.json")], {
      env: adminEnv(w.database.url, w.dataDir),
    });
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /checks out/);
    assert.match(
      text.stdout,
      /restored into a scratch (SQLite file: integrity check ok|PostgreSQL database: pg_restore succeeded)/,
    );
  });

  test("restore into a fresh database: every write acknowledged before the backup began is there, and the file", async () => {
    const target = await freshTarget(cleanup);
    const dry = await docket(["admin", "restore", w.backup, "--dry-run"], { env: target.env });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /Would \(nothing was changed, --dry-run\)/);
    assert.match(dry.stdout, /Copy 1 files/);
    const out = await docket(["admin", "restore", w.backup, "--json"], { env: target.env });
    assert.equal(out.code, 0, out.stderr);
    const report = JSON.parse(out.stdout);
    assert.equal(report.restored, true);
    assert.equal(report.replaced_data, false);
    assert.deepEqual(report.files, { restored: 1, bytes: FILE_BYTES.length, note: null });

    const config = testConfig(target.database.url, { DOCKET_DATA_DIR: target.dataDir });
    const store = openStore(config.database, { poolSize: 1 });
    try {
      const ids = new Set((await store.db.selectFrom("issues").select("id").execute()).map((r) => r.id));
      assert.equal(ids.size, w.manifest.tables.issues);
      const lost = w.before.filter((id) => !ids.has(id));
      assert.deepEqual(lost, [], "every write acknowledged before the backup began is restored");
      assert.ok(
        w.afterEnd.every((id) => !ids.has(id)),
        "writes made after the backup are not in it",
      );
      const people = await store.db.selectFrom("people").select("email").execute();
      assert.deepEqual(people, [{ email: "ada@example.com" }]);
    } finally {
      await store.close();
    }
    assert.deepEqual(await readFile(path.join(target.dataDir, "files", w.fileKey)), FILE_BYTES);

    // the restored database is no longer empty: a second restore is refused, and changes nothing
    const again = await docket(["admin", "restore", w.backup], { env: target.env });
    assert.equal(again.code, 1);
    assert.match(again.stderr, /is not empty \(1 people, 1 workspaces\).*--force/s);
    const forced = await docket(["admin", "restore", w.backup, "--force", "--json"], { env: target.env });
    assert.equal(forced.code, 0, forced.stderr);
    const replaced = JSON.parse(forced.stdout);
    assert.equal(replaced.replaced_data, true);
    if (ON_POSTGRES) assert.equal(replaced.kept_as, null);
    else assert.ok(existsSync(replaced.kept_as), "the replaced SQLite file is kept beside it");
  });

  test("restore refuses a database the service has open, even with --force", async () => {
    const env = adminEnv(w.database.url, w.dataDir);
    if (!ON_POSTGRES) {
      // the test's own store holds the SQLite file open, as the service would
      const out = await docket(["admin", "restore", w.backup, "--force"], { env });
      assert.equal(out.code, 1);
      assert.match(
        out.stderr,
        /is open in another process: the service appears to be running on it\. Stop the service/,
      );
      return;
    }
    // another session connected to the database, as the service's would be
    const session = new pg.Client({ connectionString: w.database.url });
    await session.connect();
    try {
      const out = await docket(["admin", "restore", w.backup, "--force"], { env });
      assert.equal(out.code, 1);
      assert.match(out.stderr, /other sessions are connected to .*: stop the service/);
    } finally {
      await session.end();
    }
  });

  test("restore refuses a non-empty database (nothing else connected)", async () => {
    const target = await freshTarget(cleanup);
    const config = testConfig(target.database.url, { DOCKET_DATA_DIR: target.dataDir });
    const store = openStore(config.database, { poolSize: 1 });
    const core = createCore(config, store, { limiter: new MemoryRateLimiter(systemClock) });
    await store.migrate();
    await seed(core, "other", "grace@example.com");
    await closeCore(core);
    await store.close();
    const dry = await docket(["admin", "restore", w.backup, "--dry-run"], { env: target.env });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(
      dry.stdout,
      /holds 1 people and 1 workspaces: it is not empty, so without --force nothing is done/,
    );
    const out = await docket(["admin", "restore", w.backup], { env: target.env });
    assert.equal(out.code, 1);
    assert.match(
      out.stderr,
      /is not empty \(1 people, 1 workspaces\): restoring would replace them\. Run again with --force/,
    );
    const check = openStore(config.database, { poolSize: 1 });
    try {
      const people = await check.db.selectFrom("people").select("email").execute();
      assert.deepEqual(people, [{ email: "grace@example.com" }], "a refused restore changes nothing");
    } finally {
      await check.close();
    }
  });

  test("restore refuses a backup the configured secret key cannot open", async () => {
    const target = await freshTarget(cleanup);
    const other = Buffer.alloc(32, 9).toString("base64");
    const out = await docket(["admin", "restore", w.backup], {
      env: { ...target.env, DOCKET_SECRET_KEY: other },
    });
    assert.equal(out.code, 1);
    assert.match(
      out.stderr,
      /sealed with secret key .* Set DOCKET_SECRET_KEY to the key the backed-up service ran with/,
    );
  });

  test("verify finds a part whose sha256 does not match, and restore refuses it", async () => {
    const copy = await copyOf(w.backup);
    cleanup.push(() => rm(path.dirname(copy), { recursive: true, force: true }));
    await writeFile(path.join(copy, w.fileKey), "changed bytes\n");
    const out = await docket(["admin", "backup", "verify", copy], {
      env: adminEnv(w.database.url, w.dataDir),
    });
    assert.equal(out.code, 1);
    assert.match(out.stderr, /does not check out \(1 problem\)/);
    assert.match(
      out.stderr,
      new RegExp(
        `${w.fileKey}: its sha256 is [0-9a-f]{64}, the manifest says ${w.manifest.parts[1]!.sha256}`,
      ),
    );
    const json = await docket(["admin", "backup", "verify", copy, "--json"], {
      env: adminEnv(w.database.url, w.dataDir),
    });
    assert.equal(json.code, 1);
    assert.equal(JSON.parse(json.stdout).ok, false);

    const db = w.manifest.database.part;
    const bytes = await readFile(path.join(copy, db));
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    await writeFile(path.join(copy, db), bytes);
    const dbOut = await docket(["admin", "backup", "verify", copy], {
      env: adminEnv(w.database.url, w.dataDir),
    });
    assert.equal(dbOut.code, 1);
    assert.match(dbOut.stderr, new RegExp(`${db.replace(".", "\\.")}: its sha256 is`));

    const target = await freshTarget(cleanup);
    const restore = await docket(["admin", "restore", copy], { env: target.env });
    assert.equal(restore.code, 1);
    assert.match(restore.stderr, /does not check out, so nothing was restored/);
  });

  test("verify finds counts that do not match the manifest", async () => {
    const copy = await copyOf(w.backup);
    cleanup.push(() => rm(path.dirname(copy), { recursive: true, force: true }));
    const manifest = JSON.parse(await readFile(path.join(copy, "manifest.json"), "utf8")) as BackupManifest;
    const issues = manifest.tables.issues!;
    manifest.tables.issues = issues + 1;
    await writeFile(path.join(copy, "manifest.json"), JSON.stringify(manifest));
    const out = await docket(["admin", "backup", "verify", copy], {
      env: adminEnv(w.database.url, w.dataDir),
    });
    assert.equal(out.code, 1);
    assert.match(
      out.stderr,
      new RegExp(
        `table issues: the manifest counts ${issues + 1} rows, the restored database has ${issues}\\.`,
      ),
    );
  });

  test("with FILE_STORE=s3 the files are left to the bucket's own backups, and the manifest says so", async () => {
    const env = adminEnv(w.database.url, w.dataDir, {
      FILE_STORE: "s3",
      S3_BUCKET: "docket-files",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_ACCESS_KEY_ID: "backup-test",
      S3_SECRET_ACCESS_KEY: "backup-test-secret",
    });
    const out = await docket(["admin", "backup", w.backups], { env });
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, /files: not copied \(FILE_STORE is s3: back the bucket up with its own tools\)/);
    const made = /Backed up to (\S+) in/.exec(out.stdout)![1]!;
    const manifest = JSON.parse(await readFile(path.join(made, "manifest.json"), "utf8")) as BackupManifest;
    assert.equal(manifest.files.store, "s3");
    assert.equal(manifest.files.included, false);
    assert.match(manifest.files.note, /S3 bucket docket-files, which this backup does not copy/);
    assert.deepEqual(
      manifest.parts.map((p) => p.path),
      [manifest.database.part],
    );
  });

  test("usage, a missing backup and something that is not one", async () => {
    const env = adminEnv(w.database.url, w.dataDir);
    const help = await docket(["admin", "backup", "verify", "--help"], { env });
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Examples:\n {2}docket admin backup verify/);
    const restoreHelp = await docket(["admin", "restore", "--help"], { env });
    assert.match(restoreHelp.stdout, /\[--force\] \[--dry-run\]/);
    const noDir = await docket(["admin", "backup"], { env });
    assert.equal(noDir.code, 2);
    assert.match(noDir.stderr, /docket admin backup takes <dir>/);
    const missing = await docket(["admin", "backup", "verify", path.join(w.backups, "nothing-here")], {
      env,
    });
    assert.equal(missing.code, 4);
    assert.match(missing.stderr, /There is no backup at/);
    const notOne = await mkdtemp(path.join(tmpdir(), "docket-not-a-backup-"));
    cleanup.push(() => rm(notOne, { recursive: true, force: true }));
    const out = await docket(["admin", "restore", notOne, "--json"], { env });
    assert.equal(out.code, 4);
    assert.match(
      JSON.parse(out.stderr).error_description,
      /holds no manifest\.json: it is not a Docket backup/,
    );
    await writeFile(
      path.join(notOne, "manifest.json"),
      JSON.stringify({ format: "docket-backup", format_version: 1 }),
    );
    const bad = await docket(["admin", "backup", "verify", notOne], { env });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /is not a Docket backup manifest: service_version/);
  });
});
