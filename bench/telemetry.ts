/**
 * `npm run bench:telemetry`: what metrics and tracing cost. Seeds a workspace once, then loads the issue
 * read (GET /v1/issues/{id}, random issues) against the built service started five ways, side by side,
 * for several rounds: telemetry off; metrics on (METRICS_PORT, scraped every 5 s meanwhile); tracing on
 * (OTEL_EXPORTER_OTLP_ENDPOINT, every request and statement exported to a receiver on loopback that
 * takes and drops them); tracing with one trace in ten kept; metrics and tracing both. The tracing ways
 * are one service that starts no trace itself (OTEL_TRACES_SAMPLER_ARG=0): every request, one in ten or
 * none ("tracing 0%", the hooks alone) sends a sampled `traceparent`, which it follows; the rest send one
 * not sampled, as every request of the other ways does, so the load is the same work for each way.
 * Prints each way's median requests/s, p99 and the service's CPU time a request, and their cost against
 * off (on a busy machine CPU a request is the steadier measure).
 *
 *   npm run bench:telemetry
 *   npm run bench:telemetry -- --issues 20000 --rounds 5 --duration 10
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/docket_bench npm run bench:telemetry
 *   npm run bench:telemetry -- --ways "off,tracing 0%" # "tracing 0%": the hooks alone, no trace kept
 *   npm run bench:telemetry -- --ways off,tracing --profile /tmp/profiles
 *                                   # only those ways; each service writes a CPU profile (--cpu-prof)
 *                                   # into the folder, named by its way and round
 *
 * In a round every way's service runs at once and the load goes to each in turn for a slice (--slice,
 * 1 s) until each had --duration seconds, so that a machine whose speed drifts from one second to the
 * next (a shared host) slows every way alike.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { availableParallelism, cpus, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { ensureServerBuilt } from "../scripts/build-server.ts";
import { loadConfig } from "../src/config.ts";
import { waitUntilUp } from "./database.ts";

process.env.DOCKET_SECRET_KEY ??= Buffer.alloc(32, 66).toString("base64");
const REPO = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    issues: { type: "string", default: "10000" },
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    slice: { type: "string", default: "1" },
    connections: { type: "string", default: "32" },
    ways: { type: "string" },
    profile: { type: "string" },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const slice = Number(values.slice);
const connections = Number(values.connections);

interface Fixture {
  token: string;
  spaces: { prefix: string; issues: number }[];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The database: BENCH_DATABASE_URL (wiped first; its name must contain "bench") or a temporary SQLite file. */
async function benchDatabase(): Promise<{ url: string; label: string; done: () => void }> {
  const given = process.env.BENCH_DATABASE_URL?.trim();
  if (!given) {
    const dir = mkdtempSync(path.join(tmpdir(), "docket-bench-"));
    return {
      url: path.join(dir, "docket.db"),
      label: "SQLite",
      done: () => rmSync(dir, { recursive: true }),
    };
  }
  // the key the services get (set above): PostgreSQL's configuration asks for one
  const config = loadConfig({
    DATABASE_URL: given,
    DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY,
  }).database;
  if (config.kind !== "postgres" || !new URL(config.url).pathname.includes("bench")) {
    throw new Error(
      'BENCH_DATABASE_URL must be a PostgreSQL database whose name contains "bench" (it is wiped)',
    );
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    await client.query("drop schema if exists public cascade; create schema public");
  } finally {
    await client.end();
  }
  return { url: given, label: "PostgreSQL", done: () => {} };
}

async function prepare(databaseUrl: string, issues: number): Promise<Fixture> {
  const child = spawn(process.execPath, ["bench/prepare.ts", databaseUrl, String(issues)], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((r) => child.once("close", r));
  if (code !== 0) throw new Error(`preparing the database failed (exit ${code})`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Fixture;
}

/** An OTLP/HTTP receiver that reads every export to its end, answers 200 and keeps only a count. */
async function sink(): Promise<{
  endpoint: string;
  exports: () => number;
  bytes: () => number;
  close: () => void;
}> {
  let exports = 0;
  let bytes = 0;
  const server = http.createServer((request, response) => {
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on("end", () => {
      exports++;
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    exports: () => exports,
    bytes: () => bytes,
    close: () => server.close(),
  };
}

type Mode = "off" | "metrics" | "tracing" | "tracing 10%" | "tracing 0%" | "both";
const ALL_MODES: Mode[] = ["off", "metrics", "tracing", "tracing 10%", "both"];
/** Ways run only when asked for: "tracing 0%" is the hooks alone, with no trace ever kept. */
const ASKED_MODES: Mode[] = [...ALL_MODES, "tracing 0%"];
const MODES: Mode[] = values.ways
  ? values.ways.split(",").map((w) => {
      const mode = ASKED_MODES.find((m) => m === w.trim());
      if (!mode) throw new Error(`--ways: "${w}" is not one of ${ASKED_MODES.join(", ")}`);
      return mode;
    })
  : ALL_MODES;
if (!MODES.includes("off")) MODES.unshift("off");
// the tracing ways are measured against the hooks alone on the same service as well
if (MODES.some((m) => m === "tracing" || m === "tracing 10%") && !MODES.includes("tracing 0%")) {
  MODES.splice(1, 0, "tracing 0%");
}

interface Result {
  rps: number;
  p99: number;
  errors: number;
  /** the service's CPU time (user + system) per request, in microseconds: steadier than req/s on a busy machine */
  cpuPerRequest: number;
}

/** CPU time one process has used (user + system), in clock ticks (1/100 s). */
function processTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function randomIssue(f: Fixture): string {
  let n = Math.floor(Math.random() * f.spaces.reduce((sum, s) => sum + s.issues, 0));
  for (const s of f.spaces) {
    if (n < s.issues) return `${s.prefix}-${n + 1}`;
    n -= s.issues;
  }
  throw new Error("the workspace has no issues");
}

/**
 * W3C `traceparent`s made before the load, each in two forms: sampled (flag 01) and not (00). Every
 * request of every way carries one, so the load generator, which shares the cores with the services,
 * does the same work for each way; a service without tracing ignores the header.
 */
const TRACEPARENTS = Array.from({ length: 4096 }, () => {
  const ids = `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-`;
  return { sampled: `${ids}01`, unsampled: `${ids}00` };
});
let traceparentAt = 0;

/**
 * Loads the issue read for `seconds`. A share `traced` of the requests carry a sampled `traceparent`
 * (a trace of their own each), which a service keeping no trace of its own (OTEL_TRACES_SAMPLER_ARG=0)
 * follows: the tracing ways are one service, loaded with 0, 10 or 100 %. The others' is not sampled.
 */
function load(address: string, f: Fixture, seconds: number, traced = 0): Promise<autocannon.Result> {
  const headers = { authorization: `Bearer ${f.token}` };
  return autocannon({
    url: address,
    connections,
    duration: seconds,
    requests: [
      {
        method: "GET",
        headers,
        setupRequest: (request) => {
          const ids = TRACEPARENTS[traceparentAt++ % TRACEPARENTS.length]!;
          return {
            ...request,
            path: `/v1/issues/${randomIssue(f)}`,
            headers: {
              ...headers,
              traceparent: traced > 0 && Math.random() < traced ? ids.sampled : ids.unsampled,
            },
          };
        },
      },
    ],
  });
}

/** One way's service, started and warmed, loaded a slice at a time. */
interface Way {
  address: string;
  pid: number;
  /** the share of its requests sent with a sampled `traceparent` */
  traced: number;
  requests: number;
  ticks: number;
  seconds: number;
  errors: number;
  p99s: number[];
}

/**
 * The service a way is loaded on: metrics and "off" their own; the tracing ways one service that keeps
 * no trace of its own, each way sending the share of sampled `traceparent`s its ratio names ("both" is
 * metrics and tracing, every request traced). Ways on one service differ only by what they trace, not
 * by the luck of their process (on a shared host two processes of the same build can differ by a
 * quarter in speed).
 */
type Service = "off" | "metrics" | "tracing" | "both";

function serviceOf(mode: Mode): { service: Service; traced: number } {
  if (mode === "off" || mode === "metrics") return { service: mode, traced: 0 };
  if (mode === "both") return { service: "both", traced: 1 };
  return { service: "tracing", traced: mode === "tracing" ? 1 : mode === "tracing 10%" ? 0.1 : 0 };
}

async function startService(
  service: Service,
  round: number,
  databaseUrl: string,
  otlp: string,
): Promise<{ address: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const metricsPort = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: databaseUrl,
    BASE_URL: address,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    REST_RATE_LIMIT: "1000000000",
  };
  delete env.METRICS_PORT;
  delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (service === "metrics" || service === "both") env.METRICS_PORT = String(metricsPort);
  if (service === "tracing" || service === "both") {
    env.OTEL_EXPORTER_OTLP_ENDPOINT = otlp;
    // traces are started by the load's `traceparent`, never here
    env.OTEL_TRACES_SAMPLER_ARG = "0";
  } else delete env.OTEL_TRACES_SAMPLER_ARG;
  const profile = values.profile
    ? [
        "--cpu-prof",
        `--cpu-prof-dir=${path.resolve(values.profile)}`,
        `--cpu-prof-name=${service}-${round}.cpuprofile`,
      ]
    : [];
  const child = spawn(process.execPath, [...profile, "bin/docket.mjs", "serve"], {
    cwd: REPO,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  let scraper: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearInterval(scraper);
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  try {
    await waitUntilUp(`${address}/readyz`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  if (env.METRICS_PORT) {
    // Prometheus scrapes every 15 s by default: every 5 s here, to be on the safe side
    scraper = setInterval(() => {
      fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
        (r) => r.arrayBuffer(),
        () => {},
      );
    }, 5000);
  }
  return { address, pid: child.pid!, stop };
}

/** Loads one way for a slice, adding its requests, the service's CPU ticks and the slice's p99. */
async function loadSlice(way: Way, f: Fixture, seconds: number): Promise<void> {
  const ticks = processTicks(way.pid);
  const r = await load(way.address, f, seconds, way.traced);
  way.ticks += processTicks(way.pid) - ticks;
  way.requests += r.requests.total;
  way.seconds += seconds;
  way.errors += r.errors + r.non2xx;
  way.p99s.push(r.latency.p99);
}

/**
 * One round: every way's service runs side by side, idle but for the one being loaded, and the load
 * goes to each in turn a slice at a time. A machine whose speed drifts within seconds (a shared host)
 * then slows every way alike, where whole runs one after another would each meet another speed.
 */
async function runRound(round: number, databaseUrl: string, f: Fixture, otlp: string): Promise<Result[]> {
  const services = new Map<Service, Awaited<ReturnType<typeof startService>>>();
  const ways: Way[] = [];
  try {
    for (const mode of MODES) {
      const { service, traced } = serviceOf(mode);
      let running = services.get(service);
      if (!running) {
        running = await startService(service, round, databaseUrl, otlp);
        services.set(service, running);
      }
      // each way's own path warmed, traced or not
      if (warmup > 0) await load(running.address, f, warmup, traced);
      ways.push({
        address: running.address,
        pid: running.pid,
        traced,
        requests: 0,
        ticks: 0,
        seconds: 0,
        errors: 0,
        p99s: [],
      });
    }
    const slices = Math.max(1, Math.round(duration / slice));
    for (let i = 0; i < slices; i++) {
      // each slice in another order, so that no way always follows the same one
      for (let j = 0; j < ways.length; j++) await loadSlice(ways[(i + j) % ways.length]!, f, slice);
    }
  } finally {
    await Promise.all([...services.values()].map((s) => s.stop()));
  }
  return ways.map((w) => ({
    rps: w.requests / w.seconds,
    p99: median(w.p99s),
    errors: w.errors,
    cpuPerRequest: (w.ticks * 10_000) / Math.max(1, w.requests),
  }));
}

const signed = (percent: number) => `${percent >= 0 ? "+" : ""}${percent.toFixed(1)} %`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

const database = await benchDatabase();
const receiver = await sink();
try {
  console.log(`server ${(await ensureServerBuilt({ quiet: true })) === "built" ? "built" : "up to date"}`);
  console.error(`seeding ${Number(values.issues).toLocaleString("en")} issues …`);
  const fixture = await prepare(database.url, Number(values.issues));
  const results = new Map<Mode, Result[]>(MODES.map((m) => [m, []]));
  for (let round = 1; round <= rounds; round++) {
    const measured = await runRound(round, database.url, fixture, receiver.endpoint);
    MODES.forEach((mode, i) => {
      const r = measured[i]!;
      results.get(mode)!.push(r);
      console.log(
        `round ${round} ${mode.padEnd(11)} ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${r.p99} ms  ${r.cpuPerRequest.toFixed(0)} µs CPU a request${r.errors ? `  ${r.errors} errors` : ""}`,
      );
    });
  }
  const off = median(results.get("off")!.map((r) => r.rps));
  const offCpu = median(results.get("off")!.map((r) => r.cpuPerRequest));
  console.log(
    `\nGET /v1/issues/{id}, ${database.label}, ${Number(values.issues).toLocaleString("en")} issues, ${connections} connections, ${duration} s in slices of ${slice} s × ${rounds} rounds, ${availableParallelism()} cores (${cpus()[0]?.model ?? "?"})`,
  );
  console.log(
    "way        median req/s   p99 (median)   req/s against off   CPU a request   CPU against off   same service: req/s, CPU against tracing 0%",
  );
  const hooksAlone = results.get("tracing 0%");
  for (const mode of MODES) {
    const rs = results.get(mode)!;
    const rps = median(rs.map((r) => r.rps));
    const cpu = median(rs.map((r) => r.cpuPerRequest));
    const cost = mode === "off" ? "" : signed(((rps - off) / off) * 100);
    const cpuCost = mode === "off" ? "" : signed(((cpu - offCpu) / offCpu) * 100);
    // each round's ratio to the hooks alone, on the one service both ran on: free of the process's luck
    const paired =
      hooksAlone && serviceOf(mode).service === "tracing" && mode !== "tracing 0%"
        ? `${signed(median(rs.map((r, i) => (r.rps / hooksAlone[i]!.rps - 1) * 100)))}, ${signed(
            median(rs.map((r, i) => (r.cpuPerRequest / hooksAlone[i]!.cpuPerRequest - 1) * 100)),
          )}`
        : "";
    console.log(
      `${mode.padEnd(11)} ${rps.toFixed(0).padStart(12)}   ${`${median(rs.map((r) => r.p99))} ms`.padStart(12)}   ${cost.padStart(17)}   ${`${cpu.toFixed(0)} µs`.padStart(13)}   ${cpuCost.padStart(15)}   ${paired}`,
    );
  }
  console.log(
    `the receiver took ${receiver.exports()} exports, ${(receiver.bytes() / 1024 / 1024).toFixed(1)} MiB of spans`,
  );
} finally {
  receiver.close();
  database.done();
}
