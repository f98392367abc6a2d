/**
 * `npm run bench:cluster`: throughput of three web instances and a worker behind HAProxy (scripts/cluster.ts)
 * against one instance (role all, as `npm start` runs it) on the same machine and the same PostgreSQL
 * database, and that one instance behind the same HAProxy (what the hop alone costs): issue reads, lists,
 * search and issue creation, each loaded with autocannon from this process.
 *
 *   npm run bench:cluster -- --issues 20000 --duration 10 --connections 32
 *
 * `--sqlite`: one instance on a SQLite file alone, for the same figures on SQLite.
 *
 * Needs PostgreSQL at BENCH_POSTGRES (postgres://postgres@127.0.0.1:5432/postgres by default; a database
 * of its own is made and dropped), Redis at REDIS_URL (redis://127.0.0.1:6379) and Debian's haproxy.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { type Cluster, freePort, startCluster } from "../scripts/cluster.ts";
import type { SeededWorkspace } from "./seed.ts";
import { SEARCH_WORDS } from "./text.ts";

process.env.DOCKET_SECRET_KEY ??= Buffer.alloc(32, 66).toString("base64");
const REPO = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    warmup: { type: "string", default: "2" },
    issues: { type: "string", default: "20000" },
    /** one instance on a SQLite file instead (no cluster: SQLite is one process's) */
    sqlite: { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const server = process.env.BENCH_POSTGRES ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

function randomIssue(f: SeededWorkspace): string {
  let n = Math.floor(Math.random() * f.spaces.reduce((sum, s) => sum + s.issues, 0));
  for (const s of f.spaces) {
    if (n < s.issues) return `${s.prefix}-${n + 1}`;
    n -= s.issues;
  }
  return `${f.spaces[0]!.prefix}-1`;
}

type Req = { method?: string; path: string; headers: Record<string, string>; body?: string };
const SCENARIOS: { name: string; request: (f: SeededWorkspace) => Req }[] = [
  {
    name: "read: GET /v1/issues/{id}",
    request: (f) => ({ path: `/v1/issues/${randomIssue(f)}`, headers: auth(f) }),
  },
  {
    name: "list: GET /v1/issues filtered",
    request: (f) => ({ path: "/v1/issues?space=ENG&status=todo&priority=high&limit=50", headers: auth(f) }),
  },
  {
    name: "search: GET /v1/search?q=word",
    request: (f) => ({ path: `/v1/search?q=${encodeURIComponent(pick(SEARCH_WORDS))}`, headers: auth(f) }),
  },
  {
    name: "write: POST /v1/issues",
    request: (f) => ({
      method: "POST",
      path: "/v1/issues",
      headers: { ...auth(f), "content-type": "application/json" },
      body: JSON.stringify({
        title: `Bench issue ${Math.random().toString(36).slice(2, 10)}`,
        space: pick(f.spaces).prefix,
      }),
    }),
  },
];
const auth = (f: SeededWorkspace) => ({
  authorization: `Bearer ${(f as unknown as { token: string }).token}`,
});

/** CPU time the whole machine spent busy, in clock ticks. */
function busyTicks(): number {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return cpu.reduce((a, b) => a + b, 0) - (cpu[3] ?? 0) - (cpu[4] ?? 0);
}

/** CPU time processes used (user + system), in clock ticks. */
function processTicks(pids: (number | undefined)[]): number {
  let sum = 0;
  for (const pid of pids) {
    if (pid === undefined) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      sum += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return sum;
}

async function load(
  url: string,
  f: SeededWorkspace,
  request: (f: SeededWorkspace) => Req,
  seconds: number,
  pids: (number | undefined)[] = [],
) {
  const before = busyTicks();
  const serviceBefore = processTicks(pids);
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (r: object) => ({ ...r, ...request(f) }) }],
  } as autocannon.Options);
  const wall = (performance.now() - started) / 1000;
  const cores = (busyTicks() - before) / 100 / wall;
  const serviceSeconds = (processTicks(pids) - serviceBefore) / 100;
  const bad = result.non2xx + result.errors + result.timeouts;
  // requests answered per CPU second of the service's own processes (Docket's and HAProxy's; not
  // PostgreSQL's, not the load generator's): comparable on a machine shared with other work
  const perServiceCore = serviceSeconds > 0 ? result.requests.total / serviceSeconds : Number.NaN;
  return { rps: result.requests.average, p99: result.latency.p99, bad, cores, perServiceCore };
}

async function main() {
  const name = `docket_bench_cluster_${randomBytes(4).toString("hex")}`;
  const admin = values.sqlite ? undefined : new pg.Client({ connectionString: server });
  await admin?.connect();
  await admin?.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const sqliteDir = values.sqlite ? mkdtempSync(path.join(tmpdir(), "docket-bench-cluster-")) : undefined;
  const databaseUrl = sqliteDir ? path.join(sqliteDir, "docket.db") : url.toString();
  try {
    const child = spawn(process.execPath, ["bench/prepare.ts", databaseUrl, values.issues], {
      cwd: REPO,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const code = await new Promise<number | null>((r) => child.once("close", r));
    if (code !== 0) throw new Error(`seeding failed (${code})`);
    const fixture = JSON.parse(out.trim().split("\n").at(-1)!) as SeededWorkspace;
    const env = { REST_RATE_LIMIT: "1000000000" };
    const results: Record<string, Record<string, Awaited<ReturnType<typeof load>>>> = {};
    // one instance of role all, as `npm start` runs it (HAProxy in front, unused unless asked for)
    const alone = () => startCluster({ databaseUrl, redisUrl, webs: 1, worker: false, webRole: "all", env });
    const setups: [string, () => Promise<{ cluster: Cluster; url: string }>][] = [
      [
        "one instance",
        async () => {
          const cluster = await alone();
          return { cluster, url: cluster.webs[0]!.url };
        },
      ],
      [
        // the same one instance behind HAProxy: what the hop itself costs, apart from running several
        "one instance, HAProxy",
        async () => {
          const cluster = await alone();
          return { cluster, url: cluster.url };
        },
      ],
      [
        "3 web + worker, HAProxy",
        async () => {
          const cluster = await startCluster({ databaseUrl, redisUrl, env });
          return { cluster, url: cluster.url };
        },
      ],
    ];
    if (values.sqlite) setups.splice(1);
    console.log(
      `${values.sqlite ? "SQLite" : "PostgreSQL"}; ${availableParallelism()} cores; load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}; ${values.issues} issues; ${connections} connections, ${duration} s each`,
    );
    // scenario by scenario, every setup in turn, each started afresh: the writes come last, so no
    // setup reads a workspace the others' creations have grown
    for (const s of SCENARIOS) {
      for (const [label, setup] of setups) {
        const { cluster, url: target } = await setup();
        try {
          const pids = [...cluster.webs.map((w) => w.pid), cluster.worker?.pid, cluster.haproxy.pid];
          if (warmup) await load(target, fixture, s.request, warmup);
          const r = await load(target, fixture, s.request, duration, pids);
          results[s.name] ??= {};
          results[s.name]![label] = r;
          console.log(
            `${label.padEnd(26)} ${s.name.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${r.perServiceCore.toFixed(0).padStart(5)} req per CPU-second of the service  machine ${r.cores.toFixed(2)} cores busy${r.bad ? `  ${r.bad} not 2xx` : ""}`,
          );
        } finally {
          await cluster.close();
        }
      }
    }
    console.log("\nshares (HAProxy's own cost is one behind HAProxy against one):");
    for (const [scenario, by] of Object.entries(results)) {
      const one = by["one instance"]!;
      const hop = by["one instance, HAProxy"];
      const many = by["3 web + worker, HAProxy"];
      if (!many || !hop) continue;
      const share = (
        a: { rps: number; perServiceCore: number },
        b: { rps: number; perServiceCore: number },
      ) =>
        `req/s ${((a.rps / b.rps) * 100).toFixed(0)}%, per service CPU-second ${((a.perServiceCore / b.perServiceCore) * 100).toFixed(0)}%`;
      console.log(
        `  ${scenario.padEnd(34)} cluster / one: ${share(many, one)}; one behind HAProxy / one: ${share(hop, one)}; cluster / one behind HAProxy: ${share(many, hop)}`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
    if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
  }
}

void freePort;
await main();
