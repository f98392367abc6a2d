/**
 * The backup bench: times `docket admin backup`, `backup verify` and `restore` (the real commands, each a
 * process of its own) on the bench's seeded workspace (bench/seed.ts, 100,000 issues unless told).
 *
 *   npm run bench:backup                                   # SQLite in a temporary folder
 *   npm run bench:backup -- --issues 10000
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres DOCKET_SECRET_KEY=… npm run bench:backup
 *   DOCKET_SECRET_KEY=… npm run bench:backup -- --reuse /tmp/seeded/docket.db  # seeded before, with that key
 *
 * With PostgreSQL it seeds a database of its own on that server (created and dropped); verify makes its
 * scratch database there too, and the restore goes into another database made for it. The load average
 * is printed beside each figure: on a shared machine the wall times grow with it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { benchDatabase } from "./database.ts";

const REPO = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    issues: { type: "string", default: "100000" },
    reuse: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log("npm run bench:backup -- [--issues <n>] [--reuse <database-url>]");
  process.exit(0);
}
const issues = Number(values.issues);
if (!Number.isInteger(issues) || issues < 100) throw new Error("--issues must be a whole number ≥ 100");

/**
 * CPU seconds (user and system) of this process's children that have ended, their own children
 * included (Linux: cutime and cstime in /proc/self/stat): what a command cost, whatever else the
 * machine was doing. A PostgreSQL server's own work is not in it.
 */
function childCpu(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Runs a command to its end; resolves with its output, how long it took and its CPU time, or rejects. */
function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ seconds: number; cpu: number; stdout: string }> {
  const began = performance.now();
  const cpuBefore = childCpu();
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  return new Promise((resolve, reject) =>
    child.once("close", (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - began) / 1000, cpu: childCpu() - cpuBefore, stdout })
        : reject(new Error(`${args.slice(1).join(" ")} exited with ${code}`)),
    ),
  );
}

const load = () => loadavg()[0]!.toFixed(1);
// one secret key for the seeding and every command (a seeded database's sealed secrets need it)
process.env.DOCKET_SECRET_KEY ??= randomBytes(32).toString("base64");
const given = process.env.BENCH_DATABASE_URL?.trim();
const database = values.reuse
  ? {
      url: values.reuse,
      label: values.reuse.startsWith("postgres") ? "PostgreSQL" : "SQLite",
      done: async () => {},
    }
  : await benchDatabase("backup");
const dataDir = mkdtempSync(path.join(tmpdir(), "docket-backup-bench-data-"));
const backups = mkdtempSync(path.join(tmpdir(), "docket-backup-bench-out-"));
let restoreTarget: { url: string; done: () => Promise<void> } | undefined;
try {
  if (!values.reuse) {
    console.log(`seeding ${issues.toLocaleString("en")} issues (${database.label}) …`);
    await run(["bench/prepare.ts", database.url, String(issues)], { DOCKET_DATA_DIR: dataDir });
  }
  const env = { DATABASE_URL: database.url, DOCKET_DATA_DIR: dataDir };
  const rows: [string, number, number, string, string][] = [];

  let at = load();
  const backup = await run(["src/cli/main.ts", "admin", "backup", backups, "--json"], env);
  const made = JSON.parse(backup.stdout) as {
    path: string;
    manifest: { parts: { bytes: number }[]; tables: Record<string, number> };
  };
  const rowCount = Object.values(made.manifest.tables).reduce((a, b) => a + b, 0);
  const size = `${(made.manifest.parts[0]!.bytes / 1024 / 1024).toFixed(0)} MiB, ${rowCount.toLocaleString("en")} rows`;
  rows.push(["backup", backup.seconds, backup.cpu, at, size]);

  at = load();
  const verify = await run(["src/cli/main.ts", "admin", "backup", "verify", made.path, "--json"], env);
  rows.push([
    "backup verify",
    verify.seconds,
    verify.cpu,
    at,
    JSON.parse(verify.stdout).ok ? "checks out" : "PROBLEMS",
  ]);

  // a restore into a database of its own
  if (database.url.startsWith("postgres")) {
    const server = given ?? database.url;
    const name = `docket_backup_restore_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    restoreTarget = {
      url: u.toString(),
      async done() {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "docket-backup-bench-restore-"));
    restoreTarget = {
      url: path.join(dir, "docket.db"),
      done: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  at = load();
  const restore = await run(["src/cli/main.ts", "admin", "restore", made.path, "--json"], {
    ...env,
    DATABASE_URL: restoreTarget.url,
  });
  rows.push([
    "restore",
    restore.seconds,
    restore.cpu,
    at,
    `${JSON.parse(restore.stdout).rows.toLocaleString("en")} rows`,
  ]);

  console.log(
    `\nDocket backup bench — ${database.label}, ${values.reuse ? "a database seeded before" : `${issues.toLocaleString("en")} issues`}`,
  );
  console.log(
    `${"command".padEnd(14)}  ${"seconds".padStart(8)}  ${"cpu s".padStart(6)}  ${"load avg".padStart(8)}  what`,
  );
  for (const [name, seconds, cpu, avg, what] of rows)
    console.log(
      `${name.padEnd(14)}  ${seconds.toFixed(1).padStart(8)}  ${cpu.toFixed(1).padStart(6)}  ${avg.padStart(8)}  ${what}`,
    );
  console.log(
    "(each a docket process of its own, start-up included; cpu s: its own CPU time with pg_dump's and pg_restore's, not the PostgreSQL server's; aim: backup and verify ≤ 30 s at 100,000 issues)",
  );
} finally {
  await restoreTarget?.done();
  rmSync(backups, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  await database.done();
}
