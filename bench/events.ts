/**
 * The events bench (run by `npm run bench` after the request bench, or alone):
 *
 *   node bench/events.ts                      # SQLite in a temporary folder
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/docket_bench DOCKET_SECRET_KEY=… node bench/events.ts
 *   node bench/events.ts --create-only --serve-from ../other-checkout   # issue creation alone, to compare
 *   node bench/events.ts --webhooks-only      # the webhook figures alone
 *
 * It starts `docket serve` in its own process and measures, from this one:
 * - the time from a committed `POST /v1/issues` (its answer received) to its event arriving on open
 *   streams, p50 and p99, with 100 and with 1,000 streams open (the time until the last stream has it);
 * - the server's memory per open stream (RSS with 1,000 idle streams minus before, divided by 1,000);
 * - webhook deliveries per second to a local receiver: as issues are made, and draining a backlog
 *   (one webhook, and four webhooks of one workspace);
 * - another workspace's webhook latency (event → delivery) while one receiver blackholes (never answers);
 * - `POST /v1/issues` requests/s (compare with a checkout from before events, `--serve-from`).
 * With PostgreSQL it uses a database of its own on that server (created and dropped).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { benchDatabase, benchService } from "./database.ts";

const REPO = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    "create-only": { type: "boolean", default: false },
    "webhooks-only": { type: "boolean", default: false },
    "serve-from": { type: "string" },
    samples: { type: "string", default: "200" },
    deliveries: { type: "string", default: "1000" },
    duration: { type: "string", default: "10" },
  },
});
const SAMPLES = Number(values.samples);
const DELIVERIES = Number(values.deliveries);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0);
}

/** CPU time the process has used, in ms (user + system, from /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const database = () => benchDatabase("events");

/** Migrates with the checkout that serves (its own code), and makes two workspaces and a token for each. */
async function prepare(url: string, from: string): Promise<[string, string]> {
  const load = (file: string) => import(pathToFileURL(path.join(from, file)).href);
  const { createPerson } = await load("src/auth/people.ts");
  const { mintPat } = await load("src/auth/tokens.ts");
  const { createWorkspace } = await load("src/auth/workspaces.ts");
  const { loadConfig } = await load("src/config.ts");
  const { closeCore, createCore } = await load("src/core.ts");
  const { openStore } = await load("src/db/store.ts");
  // PostgreSQL is production mode: it needs DOCKET_SECRET_KEY (the served process gets the same)
  const key = process.env.DOCKET_SECRET_KEY;
  const config = loadConfig({
    DATABASE_URL: url,
    DOCKET_DATA_DIR: tmpdir(),
    ...(key ? { DOCKET_SECRET_KEY: key } : {}),
  });
  const store = openStore(config.database, { poolSize: 2 });
  const core = createCore(config, store);
  await store.migrate();
  await createPerson(core, { email: "bench@example.com", name: "Bench" });
  await createWorkspace(core, {
    name: "Bench",
    slug: "bench",
    owner_email: "bench@example.com",
    space_prefix: "ENG",
  });
  const pat = await mintPat(core, { workspace: "bench", email: "bench@example.com", name: "bench" });
  await createWorkspace(core, {
    name: "Other",
    slug: "other",
    owner_email: "bench@example.com",
    space_prefix: "OTH",
  });
  const other = await mintPat(core, { workspace: "other", email: "bench@example.com", name: "bench" });
  await closeCore(core);
  await store.close();
  return [pat.token, other.token];
}

/** An open stream that tells `onEvent` of each event's object id as it arrives. */
function openStream(
  address: string,
  token: string,
  onEvent: (objectId: string) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${address}/v1/events/stream?type=issue.created`,
      { headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            if (data) onEvent((JSON.parse(data.slice(6)) as { object: { id: string } }).object.id);
            cut = buffer.indexOf("\n\n");
          }
        });
        res.on("error", () => {});
        resolve(req);
      },
    );
    req.on("error", reject);
  });
}

async function post(address: string, token: string, pathName: string, body: unknown) {
  const res = await fetch(`${address}${pathName}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${pathName} answered ${res.status}: ${text}`);
  return JSON.parse(text) as { id: string; secret?: string };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** With `n` streams open, times SAMPLES creations until every stream has the event. */
async function latency(
  address: string,
  token: string,
  n: number,
  waiting: Map<string, { left: number; done: () => void }>,
) {
  await new Promise((r) => setTimeout(r, 500));
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    let arrived!: () => void;
    const all = new Promise<void>((r) => {
      arrived = r;
    });
    // the answer to the POST is the commit; the clock starts when it is received
    const res = await fetch(`${address}/v1/issues`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: `latency ${i}` }),
    });
    const committed = performance.now();
    const { id } = (await res.json()) as { id: string };
    // events may arrive before the answer is read: count those already in
    const early = pendingArrivals.get(id) ?? 0;
    pendingArrivals.delete(id);
    if (early >= n) {
      times.push(0);
      continue;
    }
    waiting.set(id, { left: n - early, done: arrived });
    await all;
    waiting.delete(id);
    times.push(performance.now() - committed);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const pendingArrivals = new Map<string, number>();

/** A local receiver: answers 200 at once, or never while `blackhole` (it keeps the connection). */
async function localReceiver(blackhole = false) {
  const got: { id: string; at: number }[] = [];
  const waiters: { n: number; done: () => void }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (blackhole) return;
      res.end("ok");
      got.push({ id: String(req.headers["webhook-id"]), at: performance.now() });
      for (const w of waiters.filter((x) => got.length >= x.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`,
    got,
    /** Resolves once `n` deliveries have been answered. */
    reach: (n: number) =>
      got.length >= n ? Promise.resolve() : new Promise<void>((done) => waiters.push({ n, done })),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const progress = (m: string) => {
  if (process.env.BENCH_PROGRESS) console.error(m);
};

async function patch(address: string, token: string, pathName: string, body: unknown) {
  const res = await fetch(`${address}${pathName}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathName} answered ${res.status}: ${await res.text()}`);
}

/** Makes `n` issues, 8 requests at a time. */
async function makeIssues(address: string, token: string, n: number, title: string) {
  await Promise.all(
    Array.from({ length: 8 }, async (_, k) => {
      for (let i = k; i < n; i += 8) await post(address, token, "/v1/issues", { title: `${title} ${i}` });
    }),
  );
}

/** Webhook deliveries per second to fast local receivers, and another workspace's latency under a blackhole. */
async function webhookFigures(address: string, token: string, otherToken: string): Promise<string[]> {
  const lines: string[] = [];
  const hooks: string[] = [];
  const disableAll = async () => {
    for (const id of hooks.splice(0))
      await patch(address, token, `/v1/webhooks/${id}`, { status: "disabled" });
  };
  // as issues are made: from the first POST to the last delivery
  {
    const rx = await localReceiver();
    hooks.push((await post(address, token, "/v1/webhooks", { url: rx.url, events: ["issue.created"] })).id);
    const started = performance.now();
    await makeIssues(address, token, DELIVERIES, "hook");
    const made = performance.now();
    await rx.reach(DELIVERIES);
    const seconds = (performance.now() - started) / 1000;
    progress(`as made: ${rx.got.length}`);
    lines.push(
      `webhook deliveries as issues are made: ${DELIVERIES} in ${seconds.toFixed(2)} s = ${(DELIVERIES / seconds).toFixed(0)}/s (issues made in ${((made - started) / 1000).toFixed(2)} s; the last delivery ${((performance.now() - made) / 1000).toFixed(2)} s after the last commit)`,
    );
    await disableAll();
    rx.close();
  }
  // draining a backlog: the webhooks are made, disabled while the events are written, then enabled
  for (const count of [1, 4]) {
    const rx = await localReceiver();
    for (let i = 0; i < count; i++)
      hooks.push((await post(address, token, "/v1/webhooks", { url: rx.url, events: ["issue.created"] })).id);
    for (const id of hooks) await patch(address, token, `/v1/webhooks/${id}`, { status: "disabled" });
    // the service reads whether any webhook is enabled at most once a second: events written before it
    // has seen them all disabled would be fanned out to none (a disabled webhook gets no deliveries)
    await new Promise((r) => setTimeout(r, 1500));
    const events = Math.ceil(DELIVERIES / count);
    await makeIssues(address, token, events, "backlog");
    await new Promise((r) => setTimeout(r, 1500));
    const started = performance.now();
    for (const id of hooks) await patch(address, token, `/v1/webhooks/${id}`, { status: "enabled" });
    const timer = setInterval(() => progress(`draining ${count}: ${rx.got.length}`), 2000);
    await rx.reach(events * count);
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    lines.push(
      `webhook deliveries draining a backlog, ${count} webhook${count > 1 ? "s" : ""} of one workspace: ${events * count} in ${seconds.toFixed(2)} s = ${((events * count) / seconds).toFixed(0)}/s`,
    );
    await disableAll();
    rx.close();
  }
  // another workspace's latency while a receiver blackholes with 40 events of its own queued
  {
    const hole = await localReceiver(true);
    const rx = await localReceiver();
    hooks.push((await post(address, token, "/v1/webhooks", { url: hole.url, events: ["issue.created"] })).id);
    await post(address, otherToken, "/v1/webhooks", { url: rx.url, events: ["issue.created"] });
    await makeIssues(address, token, 40, "blackholed");
    await new Promise((r) => setTimeout(r, 500));
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      await post(address, otherToken, "/v1/issues", { title: `other ${i}` });
      const committed = performance.now();
      await rx.reach(i + 1);
      times.push(rx.got[i]!.at - committed);
      await new Promise((r) => setTimeout(r, 250));
    }
    times.sort((a, b) => a - b);
    lines.push(
      `another workspace's webhook, event → delivery, while a receiver blackholes (40 events queued for it, 10 s timeout): p50 ${percentile(times, 50).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (20 events over ${(20 * 0.25).toFixed(0)} s)`,
    );
    await disableAll();
    hole.close();
    rx.close();
  }
  return lines;
}

async function main(): Promise<void> {
  const db = await database();
  const from = values["serve-from"] ? path.resolve(values["serve-from"]) : REPO;
  const [token, otherToken] = await prepare(db.url, from);
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const child = await benchService("events", db.url, port, {
    cwd: from,
    env: { WEBHOOK_ALLOW_PRIVATE: "true" },
  });
  const lines: string[] = [];
  const streams: http.ClientRequest[] = [];
  try {
    if (values["webhooks-only"]) {
      lines.push(...(await webhookFigures(address, token, otherToken)));
      return;
    }
    // issue creation: requests/s, and the server's CPU time per creation (steadier on a busy machine)
    const cpuBefore = cpuMs(child.pid!);
    const first = await autocannon({
      url: `${address}/v1/issues`,
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Bench issue", description: "Made by the events bench." }),
      connections: 16,
      duration: Number(values.duration),
    });
    const cpuPer = (cpuMs(child.pid!) - cpuBefore) / first.requests.total;
    lines.push(
      `POST /v1/issues: ${first.requests.average.toFixed(0)} req/s, p50 ${first.latency.p50} ms, p99 ${first.latency.p99} ms, server CPU ${cpuPer.toFixed(3)} ms per creation, ${first.non2xx + first.errors} errors`,
    );
    if (values["create-only"]) return;

    // memory per idle stream
    await new Promise((r) => setTimeout(r, 1000));
    const waiting = new Map<string, { left: number; done: () => void }>();
    const onEvent = (id: string) => {
      const w = waiting.get(id);
      if (w) {
        if (--w.left === 0) w.done();
      } else pendingArrivals.set(id, (pendingArrivals.get(id) ?? 0) + 1);
    };
    const before = rssKiB(child.pid!);
    for (let i = 0; i < 1000; i++) streams.push(await openStream(address, token, onEvent));
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssKiB(child.pid!);
    lines.push(
      `memory per open stream: ${(((after - before) * 1024) / 1000 / 1024).toFixed(1)} KiB (RSS ${before} KiB → ${after} KiB with 1,000 idle streams)`,
    );
    for (const s of streams.splice(0)) s.destroy();
    await new Promise((r) => setTimeout(r, 1000));

    const openWith = async (n: number) => {
      while (streams.length < n) streams.push(await openStream(address, token, onEvent));
    };
    for (const n of [100, 1000]) {
      await openWith(n);
      const r = await latency(address, token, n, waiting);
      lines.push(
        `commit → event on every one of ${n} open streams: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${SAMPLES} issues)`,
      );
    }
    for (const s of streams.splice(0)) s.destroy();

    lines.push(...(await webhookFigures(address, token, otherToken)));
  } finally {
    for (const s of streams) s.destroy();
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await db.done();
    console.log(`\nDocket events bench — ${db.label}${values["serve-from"] ? `, serving ${from}` : ""}\n`);
    for (const l of lines) console.log(`  ${l}`);
  }
}

await main();
