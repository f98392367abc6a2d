/**
 * `npm run bench`: starts the service in its own process, loads it from this one with autocannon, and
 * prints requests/s, p50 and p99 latency per scenario, the server's peak RSS, and ratios between scenarios.
 *
 *   npm run bench                          # SQLite in a temporary folder
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *   npm run bench -- --duration 20 --connections 50
 *
 * Later features add their scenarios to SCENARIOS.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createPerson } from "../src/auth/people.ts";
import { mintPat } from "../src/auth/tokens.ts";
import { createWorkspace } from "../src/auth/workspaces.ts";
import { loadConfig } from "../src/config.ts";
import { closeCore, createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";
import { createTestDatabase } from "../test/support.ts";

const REPO = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);

interface Fixture {
  token: string;
}

interface Scenario {
  name: string;
  request: (f: Fixture) => {
    path: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
  };
  /** Name of another scenario this one is compared with, as a ratio of requests/s. */
  compareWith?: string;
}

const SCENARIOS: Scenario[] = [
  { name: "GET /healthz (bare)", request: () => ({ path: "/healthz" }) },
  {
    name: "GET /v1/workspace (PAT)",
    request: (f) => ({ path: "/v1/workspace", headers: { authorization: `Bearer ${f.token}` } }),
    compareWith: "GET /healthz (bare)",
  },
];

async function seed(databaseUrl: string): Promise<Fixture> {
  const config = loadConfig({ DATABASE_URL: databaseUrl });
  const store = openStore(config.database);
  await store.migrate();
  const core = createCore(config, store);
  await createPerson(core, { email: "bench@example.com", name: "Bench" });
  await createWorkspace(core, {
    name: "Bench",
    slug: "bench",
    owner_email: "bench@example.com",
    space_prefix: "BEN",
  });
  const { token } = await mintPat(core, { workspace: "bench", email: "bench@example.com", name: "bench" });
  await closeCore(core);
  await store.close();
  return { token };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the service exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the service was not ready within 20 s");
}

/** A line of /proc/<pid>/status in MiB: VmRSS (now) or VmHWM (peak since start). */
function memoryMiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples the server's RSS while `work` runs and returns the highest seen. */
async function peakDuring<T>(pid: number, work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = memoryMiB(pid, "VmRSS");
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryMiB(pid, "VmRSS"));
  }, 50);
  try {
    const result = await work;
    return { result, peak: Math.max(peak, memoryMiB(pid, "VmRSS")) };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase(process.env.BENCH_DATABASE_URL?.trim() || undefined);
  const fixture = await seed(database.url);
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["src/cli/main.ts", "serve"], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      REST_RATE_LIMIT: "1000000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitUntilUp(`${address}/readyz`, child);
  const rows: { name: string; rps: number; p50: number; p99: number; errors: number; rss: number }[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const req = scenario.request(fixture);
      const opts = {
        url: `${address}${req.path}`,
        method: req.method ?? "GET",
        headers: req.headers ?? {},
        ...(req.body ? { body: req.body } : {}),
        connections,
      };
      if (warmup > 0) await autocannon({ ...opts, duration: warmup });
      const { result: r, peak } = await peakDuring(child.pid!, autocannon({ ...opts, duration }));
      rows.push({
        rss: peak,
        name: scenario.name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
      });
    }
  } finally {
    const rss = memoryMiB(child.pid!, "VmHWM");
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await database.drop();
    const store = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "SQLite";
    console.log(
      `\nDocket bench — ${store}, ${connections} connections, ${duration} s per scenario (after ${warmup} s warm-up)\n`,
    );
    const w = Math.max(...rows.map((r) => r.name.length), 8);
    console.log(
      `${"scenario".padEnd(w)}  ${"req/s".padStart(9)}  ${"p50 ms".padStart(7)}  ${"p99 ms".padStart(7)}  ${"peak RSS MiB".padStart(12)}  errors`,
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(w)}  ${r.rps.toFixed(0).padStart(9)}  ${String(r.p50).padStart(7)}  ${String(r.p99).padStart(7)}  ${r.rss.toFixed(1).padStart(12)}  ${r.errors}`,
      );
    }
    console.log(`\nserver peak RSS over the whole run: ${rss.toFixed(1)} MiB`);
    for (const s of SCENARIOS) {
      const a = rows.find((r) => r.name === s.name);
      const b = rows.find((r) => r.name === s.compareWith);
      if (a && b) console.log(`ratio ${s.name} / ${b.name}: ${(a.rps / b.rps).toFixed(2)}`);
    }
  }
}

await main();
