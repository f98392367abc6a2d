/**
 * `npm run bench`: starts the service in its own process, loads it from this one with autocannon, and
 * prints per scenario requests/s, p50 and p99 latency, the server's CPU milliseconds per request (its
 * process's user + system time from /proc over the measured window, divided by the requests it answered;
 * on PostgreSQL also the database's, from the /proc entries of the service's backends), a second short
 * pass of every read at 4 connections for its p99, the server's peak RSS, ratios between scenarios and
 * whether the speed aims hold.
 *
 *   npm run bench                          # the floor: /healthz and /v1/workspace, SQLite in a temp folder
 *   npm run bench -- --seed                # also build 100,000 issues (bench/seed.ts) and load the tracker
 *   npm run bench -- --seed --issues 20000 # a smaller workspace, the rest in proportion
 *   npm run bench -- --seed --issues 10000,100000,1000000
 *                                          # each size in turn, then how p99 grows from size to size
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/docket_bench npm run bench -- --seed
 *   npm run bench -- --duration 20 --connections 50 --warmup 2
 *   npm run bench -- --seed --only stall   # only the scenarios whose name contains "stall"
 *
 * Without BENCH_DATABASE_URL the data lives in a temporary SQLite file, removed afterwards. With it
 * (postgres://… or a SQLite file path, whose name must contain "bench"), the bench owns that database:
 * it wipes it first, without asking, and leaves the data in place afterwards for EXPLAIN.
 *
 * A scenario whose route answers 404 (the endpoint does not exist yet) is reported as not available.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { ensureServerBuilt } from "../scripts/build-server.ts";
import { loadConfig } from "../src/config.ts";
import { openStore } from "../src/db/store.ts";
import type { AgentFixture } from "./agents.ts";
import { waitUntilUp } from "./database.ts";
import type { SeededWorkspace } from "./seed.ts";
import { LABELS, SEARCH_WORDS } from "./text.ts";

/**
 * The bench's services seal their signing keys with this DOCKET_SECRET_KEY unless one is given, so a
 * bench database kept between runs (BENCH_DATABASE_URL) opens with the same key every time.
 */
process.env.DOCKET_SECRET_KEY ??= Buffer.alloc(32, 66).toString("base64");

const REPO = path.resolve(import.meta.dirname, "..");
/** Connections of every read's second, shorter pass, and the p99 it should stay within (ms). */
const READ_CONNECTIONS = 4;
const READ_P99_AIM = 20;
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    warmup: { type: "string", default: "2" },
    seed: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    issues: { type: "string", default: "100000" },
    only: { type: "string" },
    "read-duration": { type: "string" },
    json: { type: "string" },
    profile: { type: "string" },
    "node-flags": { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(`npm run bench -- [options]
  --duration <s>      seconds each scenario runs (10)
  --connections <n>   concurrent connections (32)
  --warmup <s>        seconds of warm-up before each (2)
  --seed              seed a workspace and run every tracker scenario (else the floor only)
  --reuse             with --seed and BENCH_DATABASE_URL: run on the workspace an earlier --seed run
                      left in that database (same --issues) instead of wiping and seeding it again
  --issues <n,…>      issues in the seeded workspace (100000; at least 100); several sizes, comma-separated,
                      run one after another and end with a table of how each scenario grows
  --only <text,…>     only the scenarios whose name contains one of these texts (and /healthz and
                      /v1/workspace, which the aims are shares of)
  --read-duration <s> seconds of each read's second pass at ${READ_CONNECTIONS} connections (half of --duration)
  --json <file>       also write every figure of the run as JSON to this file
  --profile <dir>     start the service with --cpu-prof, writing its CPU profile into this folder when it
                      stops (open it in Chrome's DevTools; the profiler itself costs some throughput)
  --node-flags <f>    Node and V8 flags for the service instead of its own of the same names, space-
                      separated, e.g. "--heap-growing-percent=50" (to weigh its memory against its speed)

Columns: req/s; "of floor" and "of token" are shares of the bare node:http floor's and of
GET /v1/workspace's (the token floor's) req/s in the same run; p50 and p99 at --connections; "p99@${READ_CONNECTIONS}"
is the p99 of a read's second pass at ${READ_CONNECTIONS} connections (aim: ≤ ${READ_P99_AIM} ms); "CPU ms/req" is the
server process's CPU time (user + system, read from /proc/<pid>/stat outside it) over the measured
window, warm-up left out, divided by the requests it answered (the figure least moved by a noisy
machine); "db ms/req" (PostgreSQL) the same for the database backends serving the service; peak RSS;
"others %" the share of all cores other processes used meanwhile; errors.
  -h, --help          this text`);
  process.exit(0);
}
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const readDuration = Number(values["read-duration"] ?? Math.max(1, Math.ceil(duration / 2)));
const issueCounts = values.issues.split(",").map((n) => Number(n.trim().replace(/_/g, "")));
if (issueCounts.some((n) => !Number.isInteger(n) || n < 100))
  throw new Error("--issues must be whole numbers ≥ 100, comma-separated");
if (values.reuse && (!values.seed || !process.env.BENCH_DATABASE_URL || issueCounts.length !== 1))
  throw new Error(
    "--reuse needs --seed, one --issues size and BENCH_DATABASE_URL (the database seeded earlier)",
  );

interface Fixture extends SeededWorkspace, AgentFixture {
  seeded: boolean;
  /** access tokens of as many connections, for /api/mcp (120 requests a minute each) */
  accessTokens: string[];
}

interface RequestSpec {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

/** What a scenario should reach: a share of another's requests/s, a p99 bound, or a rate. */
type Aim = { ratio: number } | { p99: number } | { rps: number };

interface Scenario {
  name: string;
  /** Loads the bare node:http floor (bench/floor.ts) rather than the service. */
  floor?: boolean;
  /** Runs only on the seeded workspace (`--seed`). */
  seeded?: boolean;
  /** The request; a scenario with `varies` is asked again for every request (random ids, bodies). */
  request: (f: Fixture) => RequestSpec;
  varies?: boolean;
  /**
   * A read: measured a second time, shorter, at READ_CONNECTIONS connections, for the p99 a person
   * feels (aim ≤ READ_P99_AIM ms); the row keeps the p99 at --connections too.
   */
  read?: boolean;
  /** Name of another scenario this one is compared with, as a ratio of requests/s. */
  compareWith?: string;
  aim?: Aim;
  /** The status every answer should have, when not 2xx (a poll before approval is 400 by design). */
  expect?: number;
  /**
   * Load run at the same time on connections of its own (requests taken in turn); the scenario's row
   * reports its own requests, measured under that load, and a line after the table reports this load.
   */
  alongside?: { name: string; connections: number; requests: (f: Fixture) => autocannon.Request[] };
  /** Checks the database after the load (while the service still runs); the line it returns is printed. */
  check?: (databaseUrl: string) => Promise<string>;
  /** Prepares through the service before the load; returns why the scenario cannot run, if it cannot. */
  setup?: (f: Fixture, address: string) => Promise<string | undefined>;
}

const auth = (f: Fixture) => ({ authorization: `Bearer ${f.token}` });
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
/**
 * Renewals take the agents' assertions in turn: the limit of 60 token responses an hour per registration
 * is then reached only once every agent has renewed that often, never early by a random pick's bad luck.
 */
let assertionTurn = 0;

/** A random existing issue of the workspace, every issue as likely as any other. */
function randomIssue(f: Fixture, prefix?: string): string {
  const spaces = prefix ? f.spaces.filter((s) => s.prefix === prefix) : f.spaces;
  let n = Math.floor(Math.random() * spaces.reduce((sum, s) => sum + s.issues, 0));
  for (const s of spaces) {
    if (n < s.issues) return `${s.prefix}-${n + 1}`;
    n -= s.issues;
  }
  throw new Error("the workspace has no issues");
}

/** The agents racing for claims: 32 connections' access tokens, taken in turn. */
const CLAIM_AGENTS = 32;
let claimTurn = 0;

/**
 * After the claim race: how many claims were made, on how many issues, and how many issues were held by
 * two live claims at once (must be none), read straight from the database.
 */
async function countDoubleClaims(databaseUrl: string): Promise<string> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY });
  const store = openStore(config.database, { poolSize: 1 });
  try {
    // one transaction, so the counts agree with each other (requests still in flight may land after)
    return await store.db.transaction().execute(async (db) => {
      const made = await db
        .selectFrom("claims")
        .select((eb) => [
          eb.fn.countAll<number>().as("n"),
          eb.fn.count<number>("issue_id").distinct().as("issues"),
        ])
        .executeTakeFirstOrThrow();
      const doubles = await db
        .selectFrom("claims")
        .select("issue_id")
        .where("ended_at", "is", null)
        .groupBy("issue_id")
        .having((eb) => eb.fn.countAll(), ">", 1)
        .execute();
      const holders = await db
        .selectFrom("issues")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("claim_id", "is not", null)
        .executeTakeFirstOrThrow();
      return `${Number(made.n)} claims on ${Number(made.issues)} distinct issues (${Number(holders.n)} issues held); issues with two live claims: ${doubles.length}`;
    });
  } finally {
    await store.close();
  }
}

/** The agents reporting their runs' activities: 32 connections other than the claim race's, one live run each. */
const ACTIVITY_AGENTS = 32;
/** Activities per request. */
const ACTIVITY_BATCH = 10;
const activityRuns: { session: string; token: string }[] = [];
let activityTurn = 0;
let activitySeq = 0;

/**
 * Each activity agent claims the next ready issue and starts its run on it (adopting the claim), so the
 * load posts into 32 live runs at once.
 */
async function startRuns(f: Fixture, address: string): Promise<string | undefined> {
  activityRuns.length = 0;
  for (let i = 0; i < ACTIVITY_AGENTS; i++) {
    const token = f.accessTokens[CLAIM_AGENTS + i]!;
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const claim = await fetch(`${address}/v1/claims`, { method: "POST", headers, body: "{}" });
    if (claim.status !== 201) return `failed (claim: ${claim.status}: ${(await claim.text()).slice(0, 160)})`;
    const issue = ((await claim.json()) as { issue: { identifier: string } }).issue.identifier;
    const started = await fetch(`${address}/v1/sessions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ issue }),
    });
    const text = await started.text();
    if (started.status === 404 || started.status === 405) return `not available (${started.status})`;
    if (started.status !== 201) return `failed (start: ${started.status}: ${text.slice(0, 160)})`;
    activityRuns.push({ session: (JSON.parse(text) as { session: { id: string } }).session.id, token });
  }
  return undefined;
}

/**
 * After the activity load: how many activities the runs hold, and at what rate they were stored over the
 * warm-up and the scenario (the row's requests/s counts batches of ACTIVITY_BATCH).
 */
async function countActivities(databaseUrl: string): Promise<string> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY });
  const store = openStore(config.database, { poolSize: 1 });
  try {
    const ids = activityRuns.map((r) => r.session);
    const stored = await store.db
      .selectFrom("session_activities")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("session_id", "in", ids)
      .executeTakeFirstOrThrow();
    const n = Number(stored.n);
    return `${n.toLocaleString("en")} activities in ${ids.length} runs, about ${Math.round(n / (duration + warmup)).toLocaleString("en")} activities/s (aim ≥ 1,500/s on SQLite)`;
  } finally {
    await store.close();
  }
}

const FLOOR = "GET /v1/workspace (PAT)";
/** Where bench/floor.ts listens, once started. */
let floorAddress = "";

/**
 * The slowest search the limits allow that we know of: 16 terms (the most), 4 of them two-letter prefixes
 * (the most) of the seeded text's commonest beginnings, in 4 alternatives joined by OR (the most), the
 * other words among the commonest of the seeded text; 100 results.
 */
const WORST_SEARCH = [
  "re* order rank duplicate",
  "co* scope delete the",
  "de* pad recursive buffer",
  "in* flatten token large",
].join(" OR ");

/** The cursor of the next page of issues by priority, as one client walking the list has it. */
let priorityCursor: string | null = null;

/** A page of 100 issues by priority, following on from the last one (from the start after the end). */
function priorityPages(f: Fixture): autocannon.Request {
  return {
    setupRequest: (r) => ({
      ...r,
      method: "GET",
      path: `/v1/issues?sort=priority&limit=100${priorityCursor ? `&cursor=${priorityCursor}` : ""}`,
      headers: auth(f),
    }),
    onResponse: (status, body) => {
      if (status !== 200) return;
      try {
        priorityCursor = (JSON.parse(body) as { next_cursor: string | null }).next_cursor;
      } catch {
        priorityCursor = null;
      }
    },
  };
}
const ISSUE_READ = "GET /v1/issues/{id}";

/** A 2026-07-28 `tools/call` as a client sends it: the envelope in `_meta`, the method and name in headers. */
function mcpCall(f: Fixture, name: string, args: Record<string, unknown>): RequestSpec {
  return {
    path: "/api/mcp",
    method: "POST",
    headers: {
      authorization: `Bearer ${pick(f.accessTokens)}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name,
        arguments: args,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  };
}
const form = (params: Record<string, string>) => ({
  method: "POST" as const,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(params).toString(),
});

const BARE = "GET bare node:http (floor)";
const HEALTHZ = "GET /healthz (bare)";

/** In order; creation comes last because it adds issues the reads would then see. */
const SCENARIOS: Scenario[] = [
  { name: BARE, floor: true, read: true, request: () => ({ path: "/" }) },
  { name: HEALTHZ, read: true, request: () => ({ path: "/healthz" }) },
  {
    name: FLOOR,
    read: true,
    request: (f) => ({ path: "/v1/workspace", headers: auth(f) }),
    compareWith: HEALTHZ,
    aim: { ratio: 0.35 },
  },
  {
    name: "POST token: jwt-bearer renewal",
    varies: true,
    request: (f) => ({
      path: "/api/auth/oauth2/token",
      ...form({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion: f.assertions[assertionTurn++ % f.assertions.length]!,
      }),
    }),
    compareWith: FLOOR,
    aim: { rps: 2000 },
  },
  {
    name: "POST token: claim poll (pending)",
    varies: true,
    expect: 400,
    request: (f) => ({
      path: "/api/auth/oauth2/token",
      ...form({ grant_type: "urn:docket:agent-auth:grant-type:claim", claim_token: pick(f.claimTokens) }),
    }),
    compareWith: FLOOR,
  },
  {
    name: ISSUE_READ,
    seeded: true,
    varies: true,
    read: true,
    request: (f) => ({ path: `/v1/issues/${randomIssue(f)}`, headers: auth(f) }),
    compareWith: FLOOR,
    aim: { ratio: 0.5 },
  },
  {
    name: "MCP tools/call get_issue",
    seeded: true,
    varies: true,
    read: true,
    request: (f) => mcpCall(f, "get_issue", { id: randomIssue(f) }),
    compareWith: ISSUE_READ,
    aim: { ratio: 0.6 },
  },
  {
    name: "GET /v1/issues filtered",
    seeded: true,
    read: true,
    request: (f) => ({ path: "/v1/issues?space=ENG&status=todo&priority=high&limit=50", headers: auth(f) }),
    compareWith: FLOOR,
    aim: { ratio: 0.15 },
  },
  {
    name: "GET /v1/issues?ready=true",
    seeded: true,
    read: true,
    request: (f) => ({ path: "/v1/issues?ready=true&limit=50", headers: auth(f) }),
    compareWith: FLOOR,
    aim: { ratio: 0.15 },
  },
  {
    name: "GET /v1/search?q=word",
    seeded: true,
    varies: true,
    read: true,
    request: (f) => ({ path: `/v1/search?q=${encodeURIComponent(pick(SEARCH_WORDS))}`, headers: auth(f) }),
    compareWith: FLOOR,
    aim: { ratio: 0.1 },
  },
  {
    name: "GET /v1/bundles/ENG-n (live)",
    seeded: true,
    varies: true,
    read: true,
    request: (f) => ({ path: `/v1/bundles/${randomIssue(f, "ENG")}`, headers: auth(f) }),
    compareWith: FLOOR,
    aim: { ratio: 0.2 },
  },
  {
    name: "GET /healthz (stall: slowest queries alongside)",
    seeded: true,
    request: () => ({ path: "/healthz" }),
    alongside: {
      name: "issues by priority, 100 a page, walked; the slowest allowed search, 100 results",
      connections: 2,
      requests: (f) => [
        priorityPages(f),
        {
          method: "GET",
          path: `/v1/search?limit=100&q=${encodeURIComponent(WORST_SEARCH)}`,
          headers: auth(f),
        },
      ],
    },
    aim: { p99: 50 },
  },
  {
    name: "POST /v1/issues",
    seeded: true,
    varies: true,
    request: (f) => {
      const space = pick(f.spaces).prefix;
      return {
        path: "/v1/issues",
        method: "POST",
        headers: { ...auth(f), "content-type": "application/json" },
        body: JSON.stringify({
          title: `Bench issue ${Math.random().toString(36).slice(2, 10)}`,
          space,
          // no word of SEARCH_WORDS, so that searches on a database reused after a run find what was seeded
          description: "Made by the bench run.\n\n- [ ] check the `blocks` edge",
          priority: pick(["low", "medium", "high"]),
          labels: [pick(LABELS), pick(LABELS)],
          blocks: [randomIssue(f, space)],
        }),
      };
    },
    compareWith: FLOOR,
    aim: { ratio: 0.12 },
  },
  {
    name: "POST /v1/claims (32 agents race for ready work)",
    seeded: true,
    varies: true,
    request: (f) => ({
      path: "/v1/claims",
      method: "POST",
      headers: {
        authorization: `Bearer ${f.accessTokens[claimTurn++ % CLAIM_AGENTS]}`,
        "content-type": "application/json",
      },
      body: "{}",
    }),
    expect: 201,
    check: countDoubleClaims,
    compareWith: FLOOR,
    aim: { ratio: 0.12 },
  },
  {
    name: "POST /v1/sessions/{id}/activities (32 agents, batches of 10)",
    seeded: true,
    varies: true,
    setup: startRuns,
    request: () => {
      const run = activityRuns[activityTurn++ % activityRuns.length]!;
      const batch = activitySeq++;
      return {
        path: `/v1/sessions/${run.session}/activities`,
        method: "POST",
        headers: { authorization: `Bearer ${run.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          activities: Array.from({ length: ACTIVITY_BATCH }, (_, k) => ({
            id: `bench-${process.pid}-${batch}-${k}`,
            kind: k === ACTIVITY_BATCH - 1 ? "action" : "thought",
            body: "Reading the failing test and the code it covers before changing anything.",
            ...(k === ACTIVITY_BATCH - 1
              ? {
                  action: { name: "run_tests", parameter: "npm test -- auth", result: "3 passed" },
                  usage: {
                    input_tokens: 1200,
                    output_tokens: 300,
                    cache_read_tokens: 8000,
                    cost_micros: 4200,
                  },
                }
              : {}),
          })),
        }),
      };
    },
    check: countActivities,
    // batches of 10: 150 requests a second are 1,500 activities a second
    aim: { rps: 150 },
  },
];

/**
 * The database the run uses: a temporary SQLite file, or the one BENCH_DATABASE_URL names, wiped
 * first. `done` removes a temporary one and leaves a named one for inspection.
 */
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
  const config = loadConfig({
    DATABASE_URL: given,
    DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY,
  }).database;
  const name =
    config.kind === "postgres" ? new URL(config.url).pathname.slice(1) : path.basename(config.path);
  if (!name.toLowerCase().includes("bench")) {
    throw new Error(
      `BENCH_DATABASE_URL names "${name}"; the bench wipes the database it is given, so its name must contain "bench".`,
    );
  }
  // --reuse: the workspace an earlier run seeded stays (bench/prepare.ts checks it is there)
  if (values.reuse)
    return {
      url: given,
      label: `${config.kind === "postgres" ? "PostgreSQL" : "SQLite"} (${name}, reused)`,
      done: () => {},
    };
  if (config.kind === "postgres") {
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await client.query("drop schema if exists public cascade; create schema public");
    } finally {
      await client.end();
    }
    return { url: given, label: `PostgreSQL (${name})`, done: () => {} };
  }
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${config.path}${suffix}`, { force: true });
  mkdirSync(path.dirname(path.resolve(config.path)), { recursive: true });
  return { url: given, label: `SQLite (${config.path})`, done: () => {} };
}

/** Migrates and seeds the database in a process of its own (bench/prepare.ts) and reads the fixture. */
async function prepare(databaseUrl: string, baseUrl: string, issueCount: number): Promise<Fixture> {
  const args = [
    "bench/prepare.ts",
    databaseUrl,
    ...(values.seed ? [String(issueCount)] : []),
    ...(values.seed && values.reuse ? ["--reuse"] : []),
  ];
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BASE_URL: baseUrl },
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  // "close", not "exit": it waits for stdout to be read to the end
  const code = await new Promise<number | null>((r) => child.once("close", r));
  if (code !== 0) throw new Error(`preparing the database failed (exit ${code})`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Fixture;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** CPU time the whole machine spent busy (all but idle and I/O wait), in clock ticks (1/100 s). */
function machineBusyTicks(): number {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return cpu.reduce((a, b) => a + b, 0) - (cpu[3] ?? 0) - (cpu[4] ?? 0);
}

/** CPU time one process has used (user + system), in clock ticks. */
function processTicks(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** This process's CPU time (autocannon runs in it), in clock ticks. */
const selfTicks = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 10_000;
};

/**
 * The PostgreSQL backends serving the service (its pool's connections to the bench database, and
 * parallel workers), by pid; none on SQLite. Asked through a connection of the bench's own, which is
 * left out.
 */
class Backends {
  readonly #client: pg.Client | undefined;
  constructor(databaseUrl: string) {
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY,
    });
    if (config.database.kind === "postgres")
      this.#client = new pg.Client({ connectionString: config.database.url });
  }
  get postgres(): boolean {
    return this.#client !== undefined;
  }
  async open(): Promise<void> {
    await this.#client?.connect();
  }
  async pids(): Promise<number[]> {
    if (!this.#client) return [];
    const { rows } = await this.#client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and backend_type in ('client backend', 'parallel worker')`,
    );
    return rows.map((r) => r.pid);
  }
  async close(): Promise<void> {
    await this.#client?.end();
  }
}

/** What the CPU went to while `work` ran: the server, the database's backends, and other processes. */
interface CpuWindow {
  /** the server process's CPU time (user + system), ms */
  serverMs: number;
  /**
   * the database backends' CPU time, ms (PostgreSQL; NaN on SQLite, whose work is the server's). A
   * backend that ended within the window takes its time with it: this is a floor, not a ceiling.
   */
  databaseMs: number;
  /** share of all cores other processes (not the server, the floor, the database's backends or this bench) used, % */
  others: number;
}

/**
 * Measures `work` from outside: the CPU time the server (`server`, a pid) and the service's database
 * backends spent on it, from /proc, and the share of the machine's CPU that went to other processes
 * (other work on the machine makes figures not comparable).
 */
async function cpuDuring<T>(
  server: number,
  pids: (number | undefined)[],
  backends: Backends,
  work: () => Promise<T>,
): Promise<{ result: T } & CpuWindow> {
  const backendTicks = (list: number[]) => new Map(list.map((pid) => [pid, processTicks(pid)]));
  const ours = () => pids.reduce((n: number, pid) => n + processTicks(pid), 0) + selfTicks();
  const before = backendTicks(await backends.pids());
  const start = {
    at: performance.now(),
    busy: machineBusyTicks(),
    ours: ours(),
    server: processTicks(server),
  };
  const result = await work();
  const end = { busy: machineBusyTicks(), ours: ours(), server: processTicks(server) };
  const seconds = (performance.now() - start.at) / 1000;
  // a backend that began within the window counts from 0; one gone since is not read again
  const after = backendTicks(await backends.pids());
  let database = 0;
  for (const [pid, ticks] of after) database += ticks - (before.get(pid) ?? 0);
  const others = end.busy - start.busy - (end.ours - start.ours) - database;
  return {
    result,
    serverMs: (end.server - start.server) * 10,
    databaseMs: backends.postgres ? database * 10 : Number.NaN,
    others: Math.max(0, (others / (seconds * 100 * availableParallelism())) * 100),
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
/** CPU milliseconds per request, to three significant figures or so; "–" when not measured. */
const milliseconds = (ms: number) =>
  Number.isNaN(ms) ? "–" : ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0);

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

interface Row {
  name: string;
  /** share of the machine's CPU used by other processes meanwhile, % */
  others: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rss: number;
  /** requests the server answered in the measured window (the scenario's, and any load alongside) */
  answered: number;
  /** the server process's CPU milliseconds per request answered */
  cpuMs: number;
  /** the database backends' CPU milliseconds per request answered (PostgreSQL; NaN on SQLite) */
  dbMs: number;
  /** a read's second pass at READ_CONNECTIONS connections */
  at4?: { rps: number; p50: number; p99: number; errors: number };
}

/**
 * One request ahead of the load: a 404 or 405 means the route is not there (yet), any other failure
 * is shown as it is. Returns why the scenario cannot run, or undefined.
 */
async function probe(address: string, req: RequestSpec, expect?: number): Promise<string | undefined> {
  const res = await fetch(`${address}${req.path}`, {
    method: req.method ?? "GET",
    headers: req.headers,
    body: req.body,
  });
  if (expect === undefined ? res.ok : res.status === expect) {
    await res.arrayBuffer();
    return undefined;
  }
  const text = await res.text();
  let description = text.slice(0, 160);
  try {
    description = (JSON.parse(text) as { error_description?: string }).error_description ?? description;
  } catch {
    // not JSON: show the text
  }
  if (res.status === 404 || res.status === 405) return `not available (${res.status}: ${description})`;
  return `failed (${res.status}: ${description})`;
}

async function load(
  service: string,
  scenario: Scenario,
  fixture: Fixture,
  seconds: number,
  conns = connections,
) {
  const address = scenario.floor ? floorAddress : service;
  const first = scenario.request(fixture);
  const opts: autocannon.Options = {
    url: `${address}${first.path}`,
    method: first.method ?? "GET",
    headers: first.headers ?? {},
    ...(first.body ? { body: first.body } : {}),
    connections: conns,
    duration: seconds,
  };
  if (scenario.varies) {
    opts.requests = [{ setupRequest: (r) => ({ ...r, ...scenario.request(fixture) }) }];
  }
  return autocannon(opts);
}

/** Answers other than the expected: non-2xx, or any status but `expect` when the scenario names one. */
function unexpected(r: autocannon.Result, expect?: number): number {
  if (expect === undefined) return r.non2xx;
  const stats =
    (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return Object.entries(stats).reduce((n, [code, s]) => (Number(code) === expect ? n : n + s.count), 0);
}

function aimVerdict(s: Scenario, row: Row | undefined, rows: Row[], skipped: string | undefined): string {
  const aim = s.aim!;
  const wanted =
    "ratio" in aim
      ? `≥ ${(aim.ratio * 100).toFixed(0)}% of ${s.compareWith}'s req/s`
      : "p99" in aim
        ? `p99 ≤ ${aim.p99} ms`
        : `≥ ${aim.rps.toLocaleString("en")} req/s`;
  if (!row) return `${s.name}: ${wanted} — ${skipped ?? "not run"}`;
  let got: string;
  let holds: boolean;
  if ("ratio" in aim) {
    const base = rows.find((r) => r.name === s.compareWith);
    if (!base) return `${s.name}: ${wanted} — ${s.compareWith} was not run`;
    const ratio = row.rps / base.rps;
    got = `${(ratio * 100).toFixed(0)}%`;
    holds = ratio >= aim.ratio;
  } else if ("p99" in aim) {
    got = `p99 ${row.p99} ms`;
    holds = row.p99 <= aim.p99;
  } else {
    got = `${row.rps.toFixed(0)} req/s`;
    holds = row.rps >= aim.rps;
  }
  const verdict = row.errors > 0 ? `has ${row.errors} errors` : holds ? "met" : "not met";
  return `${s.name}: ${wanted} — ${got}: ${verdict}`;
}

/** What one run at one size measured, for the table across sizes. */
interface SizeResult {
  issues: number;
  database: string;
  loadAverage: { start: number[]; end: number[] };
  rows: Row[];
  coldStart: number;
  firstRead: number;
  idleRss: number;
  peakRss: number;
}

/** Seeds (or not) a database of its own, runs every scenario against a new service, prints the report. */
async function runSize(issueCount: number): Promise<SizeResult> {
  const database = await benchDatabase();
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  let fixture: Fixture;
  try {
    fixture = await prepare(database.url, address, issueCount);
  } catch (error) {
    database.done();
    throw error;
  }
  const floorPort = await freePort();
  floorAddress = `http://127.0.0.1:${floorPort}`;
  const floor = spawn(process.execPath, ["bench/floor.ts", String(floorPort)], {
    cwd: REPO,
    stdio: ["ignore", "ignore", "ignore"],
  });
  // the floor is up before the service starts, so the service's cold start has the machine to itself
  await waitUntilUp(floorAddress, floor);
  // the service as `npm start` runs it: the built server (built now if src/ changed since)
  console.log(`server ${(await ensureServerBuilt({ quiet: true })) === "built" ? "built" : "up to date"}`);
  const loadBefore = loadavg();
  const startedAt = performance.now();
  const profile = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  const nodeFlags = values["node-flags"]?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profile, ...nodeFlags, "bin/docket.mjs", "serve"], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      BASE_URL: address,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      REST_RATE_LIMIT: "1000000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const backends = new Backends(database.url);
  const rows: Row[] = [];
  const alongside: string[] = [];
  const skipped = new Map<string, string>();
  let coldStart = Number.NaN;
  let firstRead = Number.NaN;
  let idleRss = Number.NaN;
  let rss = Number.NaN;
  try {
    await waitUntilUp(`${address}/readyz`, child);
    coldStart = performance.now() - startedAt;
    await backends.open();
    // the first tracker answer, which opens what the first request needs
    if (fixture.seeded)
      await fetch(`${address}/v1/issues/${randomIssue(fixture)}`, { headers: auth(fixture) });
    else await fetch(`${address}/v1/workspace`, { headers: auth(fixture) });
    firstRead = performance.now() - startedAt;
    await new Promise((r) => setTimeout(r, 1000));
    idleRss = memoryMiB(child.pid!, "VmRSS");
    for (const scenario of SCENARIOS) {
      const only = values.only
        ?.split(",")
        .map((o) => o.trim())
        .filter(Boolean);
      if (
        only?.length &&
        !only.some((o) => scenario.name.includes(o)) &&
        scenario.name !== HEALTHZ &&
        scenario.name !== FLOOR
      ) {
        skipped.set(scenario.name, `not asked for (--only ${values.only})`);
        continue;
      }
      if (scenario.seeded && !fixture.seeded) {
        skipped.set(scenario.name, "needs the seeded workspace (--seed)");
        continue;
      }
      const unready = scenario.setup ? await scenario.setup(fixture, address) : undefined;
      if (unready) {
        skipped.set(scenario.name, unready);
        continue;
      }
      const problem = await probe(
        scenario.floor ? floorAddress : address,
        scenario.request(fixture),
        scenario.expect,
      );
      if (problem) {
        skipped.set(scenario.name, problem);
        continue;
      }
      if (warmup > 0) await load(address, scenario, fixture, warmup);
      // the answers of the load alongside that fall within the measured window, which the server's CPU covers too
      let besideAnswered = 0;
      let measuring = false;
      const besideInstance = scenario.alongside
        ? (autocannon({
            url: address,
            connections: scenario.alongside.connections,
            duration: duration + 1,
            requests: scenario.alongside.requests(fixture),
          }) as unknown as autocannon.Instance & Promise<autocannon.Result>)
        : undefined;
      besideInstance?.on("response", () => {
        if (measuring) besideAnswered++;
      });
      const beside = besideInstance?.then((b) => b);
      // the load alongside starts first, so the scenario is measured under it throughout
      if (beside) await new Promise((r) => setTimeout(r, 500));
      const server = scenario.floor ? floor.pid! : child.pid!;
      const {
        result: { result: r, peak },
        others,
        serverMs,
        databaseMs,
      } = await cpuDuring(server, [child.pid, floor.pid], backends, async () => {
        measuring = true;
        try {
          return await peakDuring(child.pid!, load(address, scenario, fixture, duration));
        } finally {
          measuring = false;
        }
      });
      const answered = r.requests.total + besideAnswered;
      if (beside && scenario.alongside) {
        const b = await beside;
        alongside.push(
          `${scenario.name} — alongside, on ${scenario.alongside.connections} connections: ${scenario.alongside.name}: ` +
            `${b.requests.average.toFixed(1)} req/s, p50 ${b.latency.p50} ms, p99 ${b.latency.p99} ms, ` +
            `${b.non2xx + b.errors} errors`,
        );
      }
      if (scenario.check)
        alongside.push(`${scenario.name} — afterwards: ${await scenario.check(database.url)}`);
      // a read again, at the few connections a person's tools open, for the latency they feel
      let at4: Row["at4"];
      if (scenario.read && readDuration > 0) {
        const q = await load(address, scenario, fixture, readDuration, READ_CONNECTIONS);
        at4 = {
          rps: q.requests.average,
          p50: q.latency.p50,
          p99: q.latency.p99,
          errors: q.errors + unexpected(q, scenario.expect),
        };
      }
      rows.push({
        others,
        rss: peak,
        name: scenario.name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + unexpected(r, scenario.expect),
        answered,
        cpuMs: answered > 0 ? serverMs / answered : Number.NaN,
        dbMs: answered > 0 ? databaseMs / answered : Number.NaN,
        ...(at4 ? { at4 } : {}),
      });
    }
  } finally {
    // requests the load generator left in flight finish before the server is asked to stop
    await new Promise((r) => setTimeout(r, 1000));
    const running = child.exitCode === null && child.signalCode === null;
    rss = running ? memoryMiB(child.pid!, "VmHWM") : 0;
    if (running) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    if (floor.exitCode === null) floor.kill("SIGTERM");
    await backends.close().catch(() => {});
    database.done();
    const data = fixture.seeded
      ? `${fixture.spaces.reduce((s, x) => s + x.issues, 0).toLocaleString("en")} seeded issues`
      : "no seeded issues";
    const fmt = (n: number[]) => n.map((x) => x.toFixed(2)).join(" ");
    console.log(
      `\nDocket bench — ${database.label}, ${data}, ${connections} connections, ${duration} s per scenario (after ${warmup} s warm-up)` +
        (values["node-flags"] ? `; the service run with ${values["node-flags"]}` : ""),
    );
    console.log(
      `machine: ${availableParallelism()} cores; load average (1, 5, 15 min) ${fmt(loadBefore)} at the start, ${fmt(loadavg())} at the end; ` +
        '"others %" is the share of all cores other processes used during the scenario\n',
    );
    const floorRow = rows.find((r) => r.name === BARE);
    const tokenRow = rows.find((r) => r.name === FLOOR);
    const w = Math.max(...SCENARIOS.map((s) => s.name.length), 8);
    const columns: [string, number, (r: Row) => string][] = [
      ["req/s", 7, (r) => r.rps.toFixed(0)],
      ["of floor", 8, (r) => (floorRow ? percent(r.rps / floorRow.rps) : "–")],
      ["of token", 8, (r) => (tokenRow ? percent(r.rps / tokenRow.rps) : "–")],
      ["p50 ms", 6, (r) => String(r.p50)],
      ["p99 ms", 6, (r) => String(r.p99)],
      [`p99@${READ_CONNECTIONS} ms`, 8, (r) => (r.at4 ? String(r.at4.p99) : "–")],
      ["CPU ms/req", 10, (r) => milliseconds(r.cpuMs)],
      ...(backends.postgres
        ? [["db ms/req", 9, (r: Row) => milliseconds(r.dbMs)] as [string, number, (r: Row) => string]]
        : []),
      ["peak RSS MiB", 12, (r) => r.rss.toFixed(1)],
      ["others %", 8, (r) => r.others.toFixed(0)],
    ];
    console.log(
      `${"scenario".padEnd(w)}  ${columns.map(([title, width]) => title.padStart(width)).join("  ")}  errors`,
    );
    for (const s of SCENARIOS) {
      const r = rows.find((x) => x.name === s.name);
      if (!r) {
        console.log(`${s.name.padEnd(w)}  ${skipped.get(s.name) ?? "not run"}`);
        continue;
      }
      const errors = `${r.errors}${r.at4?.errors ? ` (+${r.at4.errors} at ${READ_CONNECTIONS})` : ""}`;
      console.log(
        `${r.name.padEnd(w)}  ${columns.map(([, width, value]) => value(r).padStart(width)).join("  ")}  ${errors}`,
      );
    }
    console.log(
      `\n"of token": share of ${FLOOR}'s req/s; "p99@${READ_CONNECTIONS}": a read's p99 over a second pass of ${readDuration} s at ${READ_CONNECTIONS} connections; ` +
        `"CPU ms/req": the server process's CPU time over the measured window (warm-up left out) per request answered` +
        (backends.postgres
          ? `; "db ms/req": the same for the PostgreSQL backends serving it (a backend that ended within the window is left out)`
          : ""),
    );
    console.log(
      `\ncold start (process start to the first answer of /readyz): ${coldStart.toFixed(0)} ms; to the first tracker answer: ${firstRead.toFixed(0)} ms`,
    );
    console.log(`server RSS idle after start (1 s after the first answer): ${idleRss.toFixed(1)} MiB`);
    for (const line of alongside) console.log(`\n${line}`);
    console.log(`\nserver peak RSS over the whole run: ${rss.toFixed(1)} MiB`);
    for (const s of SCENARIOS) {
      const a = rows.find((r) => r.name === s.name);
      const b = rows.find((r) => r.name === s.compareWith);
      if (a && b) console.log(`ratio ${s.name} / ${b.name}: ${(a.rps / b.rps).toFixed(2)}`);
    }
    if (fixture.seeded) {
      console.log("\naims:");
      const verdict = (holds: boolean) => (holds ? "met" : "not met");
      console.log(`  cold start ≤ 1,000 ms — ${coldStart.toFixed(0)} ms: ${verdict(coldStart <= 1000)}`);
      console.log(`  idle RSS after start ≤ 120 MiB — ${idleRss.toFixed(1)} MiB: ${verdict(idleRss <= 120)}`);
      console.log(`  peak RSS over the run ≤ 250 MiB — ${rss.toFixed(1)} MiB: ${verdict(rss <= 250)}`);
      for (const s of SCENARIOS.filter((x) => x.aim)) {
        console.log(
          `  ${aimVerdict(
            s,
            rows.find((r) => r.name === s.name),
            rows,
            skipped.get(s.name),
          )}`,
        );
      }
      for (const s of SCENARIOS.filter((x) => x.read)) {
        const at4 = rows.find((r) => r.name === s.name)?.at4;
        const wanted = `${s.name}: p99 ≤ ${READ_P99_AIM} ms at ${READ_CONNECTIONS} connections`;
        if (!at4) console.log(`  ${wanted} — ${skipped.get(s.name) ?? "not run"}`);
        else
          console.log(
            `  ${wanted} — p99 ${at4.p99} ms: ${at4.errors > 0 ? `has ${at4.errors} errors` : verdict(at4.p99 <= READ_P99_AIM)}`,
          );
      }
    }
  }
  return {
    issues: issueCount,
    database: database.label,
    loadAverage: { start: loadBefore, end: loadavg() },
    rows,
    coldStart,
    firstRead,
    idleRss,
    peakRss: rss,
  };
}

/**
 * The sizes side by side: each scenario's requests/s (as a share of the floor of its own run, which is
 * what stays comparable when the machine is shared) and p99, and how the p99 of the largest size
 * compares with the size before it (the aim: at most twice, for ten times the data).
 */
function printScale(results: SizeResult[]): void {
  const sizes = results.map((r) => r.issues.toLocaleString("en"));
  const w = Math.max(...SCENARIOS.map((s) => s.name.length), 8);
  const cell = 40;
  console.log(
    `\nacross sizes (req/s, its share of the run's floor, p99 ms, p99 at ${READ_CONNECTIONS} connections in ms, CPU ms/req):`,
  );
  console.log(
    `${"scenario".padEnd(w)}  ${sizes.map((s) => s.padStart(cell)).join("")}  ${"p99 ratio".padStart(10)}`,
  );
  const last = results.at(-1)!;
  const before = results.at(-2)!;
  const verdicts: string[] = [];
  for (const s of SCENARIOS) {
    const cells = results.map((r) => {
      const row = r.rows.find((x) => x.name === s.name);
      const floor = r.rows.find((x) => x.name === BARE);
      if (!row) return "–".padStart(cell);
      const share = floor ? ` (${((row.rps / floor.rps) * 100).toFixed(1)}%)` : "";
      const at4 = row.at4 ? ` @${READ_CONNECTIONS} ${row.at4.p99}` : "";
      return `${row.rps.toFixed(0)}${share} ${row.p99}${at4} ${milliseconds(row.cpuMs)}`.padStart(cell);
    });
    if (cells.every((c) => c.trim() === "–")) continue;
    const a = last.rows.find((x) => x.name === s.name);
    const b = before.rows.find((x) => x.name === s.name);
    // a p99 of 0 or 1 ms is the clock's grain, not a cost: ratios are taken from 1 ms up
    const ratio = a && b ? Math.max(a.p99, 1) / Math.max(b.p99, 1) : Number.NaN;
    console.log(
      `${s.name.padEnd(w)}  ${cells.join("")}  ${(Number.isNaN(ratio) ? "–" : ratio.toFixed(2)).padStart(10)}`,
    );
    if (!s.floor && s.seeded && !Number.isNaN(ratio))
      verdicts.push(
        `  ${s.name}: p99 at ${sizes.at(-1)} ≤ 2 × p99 at ${sizes.at(-2)} — ${ratio.toFixed(2)}×: ${ratio <= 2 ? "met" : "not met"}`,
      );
  }
  const row = (label: string, f: (r: SizeResult) => string) =>
    console.log(`${label.padEnd(w)}  ${results.map((r) => f(r).padStart(cell)).join("")}`);
  row("cold start (ms)", (r) => r.coldStart.toFixed(0));
  row("RSS idle / peak (MiB)", (r) => `${r.idleRss.toFixed(1)} / ${r.peakRss.toFixed(1)}`);
  console.log("\naims across sizes:");
  for (const v of verdicts) console.log(v);
  for (const r of results)
    console.log(
      `  cold start ≤ 1,000 ms at ${r.issues.toLocaleString("en")} — ${r.coldStart.toFixed(0)} ms: ${r.coldStart <= 1000 ? "met" : "not met"}`,
    );
}

const results: SizeResult[] = [];
for (const count of issueCounts) {
  results.push(await runSize(count));
  // written after every size, so a long run that stops keeps what it measured
  if (values.json) writeJson(values.json, results);
}
if (results.length > 1) printScale(results);

/** Every figure of the run, per size and scenario (NaN, not measured, is written as null). */
function writeJson(file: string, sizes: SizeResult[]): void {
  const report = {
    machine: { cores: availableParallelism() },
    connections,
    readConnections: READ_CONNECTIONS,
    ...(values["node-flags"] ? { nodeFlags: values["node-flags"] } : {}),
    duration,
    readDuration,
    warmup,
    aims: Object.fromEntries(
      SCENARIOS.filter((s) => s.aim || s.read).map((s) => [
        s.name,
        {
          ...(s.aim ? { ...s.aim, ...("ratio" in s.aim ? { of: s.compareWith } : {}) } : {}),
          ...(s.read ? { p99AtReadConnections: READ_P99_AIM } : {}),
        },
      ]),
    ),
    sizes: sizes.map((r) => ({
      ...r,
      rows: r.rows.map((row) => ({
        ...row,
        ofFloor: share(r.rows, row, BARE),
        ofToken: share(r.rows, row, FLOOR),
      })),
    })),
  };
  writeFileSync(
    file,
    `${JSON.stringify(report, (_, v) => (typeof v === "number" && !Number.isFinite(v) ? null : v), 2)}\n`,
  );
}

function share(rows: Row[], row: Row, of: string): number | null {
  const base = rows.find((r) => r.name === of);
  return base ? row.rps / base.rps : null;
}
