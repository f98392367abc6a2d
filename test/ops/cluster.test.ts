// The cluster an operator runs (scripts/cluster.ts): three web instances and one worker, each its own
// `docket serve` process, on PostgreSQL and Redis, behind HAProxy health-checking /readyz. While 32
// clients write and read through HAProxy and 8 agents claim work and stream events, the test restarts
// each web instance in turn, kills one with SIGKILL and kills the worker, and then checks what people
// and agents saw: no failed request during the restarts, no acknowledged write lost, no issue claimed
// twice, every webhook delivered once, every stream complete (no gap, no duplicate), rate limits counted
// across instances, and a write on one instance reaching a stream on another in under a second.
// PostgreSQL with Redis (TEST_REDIS_URL) and Debian's haproxy; skipped without them.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import pg from "pg";
import { type Cluster, rolesSupported, startCluster } from "../../scripts/cluster.ts";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { closeCore, createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { createTestDatabase, ON_POSTGRES, seed, TEST_DATABASE_URL, testConfig } from "../support.ts";

const REDIS = process.env.TEST_REDIS_URL?.trim() || undefined;
const HAPROXY = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
// It runs alone (CI's own step, CLUSTER_TEST=1): its timings need the machine, not a share of it
// beside the rest of the suite.
const skip = !process.env.CLUSTER_TEST
  ? "the cluster test runs alone: CLUSTER_TEST=1 node --test test/ops/cluster.test.ts"
  : !ON_POSTGRES
    ? "PostgreSQL only"
    : !REDIS
      ? "needs Redis (TEST_REDIS_URL)"
      : !HAPROXY
        ? "needs haproxy (apt-get install haproxy)"
        : false;

const RATE_LIMIT = 300;
const CLIENTS = 32;
const AGENTS = 8;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Outcome {
  at: number;
  method: string;
  path: string;
  status: number;
  /** a network error (no answer at all) */
  error?: string;
}

/** Every request the clients made, with its answer: the phases read their own stretch of it. */
const outcomes: Outcome[] = [];

async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  retry = true,
): Promise<{ status: number; body: any; headers: Headers }> {
  const at = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    outcomes.push({ at, method, path, status: res.status });
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = `${(error as Error).message}: ${cause?.code ?? ""} ${cause?.message ?? ""}`;
    // A kept-alive connection closed as the request went out (no answer began): clients send such a
    // request again, once, on a new connection, as browsers do; a write only with its Idempotency-Key,
    // which makes the second attempt answer the first's result should the first have been done.
    const safe = method === "GET" || headers["idempotency-key"] !== undefined;
    if (retry && safe && /UND_ERR_SOCKET|ECONNRESET|other side closed/.test(reason)) {
      resent.push({ at, method, path, status: 0, error: reason });
      return call(base, token, method, path, body, headers, false);
    }
    outcomes.push({ at, method, path, status: 0, error: reason });
    return { status: 0, body: undefined, headers: new Headers() };
  }
}

/** requests sent again after their kept-alive connection closed under them (see call) */
const resent: Outcome[] = [];

interface Message {
  id: string;
  data: any;
  at: number;
}

/**
 * An event stream that reconnects as a browser's EventSource does: after the stream ends it opens again
 * with Last-Event-ID. Keeps every message, every disconnection and how many attempts each took.
 */
class Stream {
  readonly messages: Message[] = [];
  /** per disconnection: attempts until a stream was open again, and how long it took */
  readonly reconnects: { attempts: number; ms: number; from?: string; to?: string }[] = [];
  /** the instance serving it now (HAProxy's Docket-Instance header) */
  instance: string | undefined;
  #stopped = false;
  #controller: AbortController | undefined;
  readonly done: Promise<void>;
  #opened!: () => void;
  readonly opened: Promise<void>;
  readonly #listeners: ((m: Message) => void)[] = [];

  readonly base: string;
  readonly token: string;
  readonly query: string;

  constructor(base: string, token: string, query = "") {
    this.base = base;
    this.token = token;
    this.query = query;
    this.opened = new Promise((resolve) => {
      this.#opened = resolve;
    });
    this.done = this.#run();
  }

  onMessage(listener: (m: Message) => void): void {
    this.#listeners.push(listener);
  }

  async #run(): Promise<void> {
    let lostAt: number | undefined;
    let attempts = 0;
    let from: string | undefined;
    while (!this.#stopped) {
      this.#controller = new AbortController();
      const last = this.messages.at(-1)?.id;
      let res: Response;
      try {
        attempts++;
        res = await fetch(`${this.base}/v1/events/stream${this.query}`, {
          headers: {
            authorization: `Bearer ${this.token}`,
            accept: "text/event-stream",
            ...(last ? { "last-event-id": last } : {}),
          },
          signal: this.#controller.signal,
        });
      } catch {
        if (this.#stopped) return;
        await sleep(250);
        continue;
      }
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel().catch(() => {});
        await sleep(250);
        continue;
      }
      this.instance = res.headers.get("docket-instance") ?? undefined;
      if (lostAt !== undefined) {
        this.reconnects.push({ attempts, ms: Date.now() - lostAt, from, to: this.instance });
      }
      this.#opened();
      attempts = 0;
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let id = "";
            let data = "";
            for (const line of block.split("\n")) {
              if (line.startsWith("id: ")) id = line.slice(4);
              else if (line.startsWith("data: ")) data += line.slice(6);
            }
            if (data && id) {
              const message = { id, data: JSON.parse(data), at: Date.now() };
              this.messages.push(message);
              for (const l of this.#listeners) l(message);
            }
            cut = buffer.indexOf("\n\n");
          }
        }
      } catch {
        // the connection broke (an instance killed) or the test closed it
      }
      if (this.#stopped) return;
      lostAt = Date.now();
      from = this.instance;
      // EventSource waits the stream's `retry:`; a quarter of a second is enough to show one reconnect
      await sleep(250);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#controller?.abort();
    await this.done;
  }
}

/** Reads the workspace's whole feed after `after` (exclusive), oldest first. */
async function feedAfter(
  base: string,
  token: string,
  after: string,
  filter = "",
): Promise<{ id: string; type: string }[]> {
  const ids: { id: string; type: string }[] = [];
  let cursor: string | undefined;
  for (;;) {
    const q = cursor
      ? `cursor=${encodeURIComponent(cursor)}`
      : after.startsWith("evt_")
        ? `after=${encodeURIComponent(after)}${filter}`
        : `since=${encodeURIComponent(after)}${filter}`;
    const res = await call(base, token, "GET", `/v1/events?limit=100&${q}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const e of res.body.data) ids.push({ id: e.id, type: e.type });
    if (!res.body.next_cursor) return ids;
    cursor = res.body.next_cursor;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

test("a cluster of three web instances and a worker behind HAProxy, restarted and killed while people and agents work", {
  skip,
  timeout: 420_000,
}, async (t) => {
  const started = Date.now();
  const database = await createTestDatabase();
  let cluster: Cluster | undefined;
  let receiver: http.Server | undefined;
  const streams: Stream[] = [];
  /** streams of the latency probe, stopped by the probe (or at the end if it failed) */
  const probes: Stream[] = [];
  let stopLoad = false;
  const admin = new pg.Client({ connectionString: database.url });
  t.after(async () => {
    stopLoad = true;
    await Promise.all([...streams, ...probes].map((s) => s.stop()));
    await cluster?.close();
    receiver?.close();
    receiver?.closeAllConnections();
    await admin.end().catch(() => {});
    await database.drop();
  });

  // The webhook receiver: every delivery, by event id.
  const deliveries = new Map<string, number>();
  /** event id → its first delivery: when, and the message id (webhook-id) a receiver deduplicates by */
  const firstDelivery = new Map<string, { at: number; messageId: string }>();
  /** event id → the message ids of its later deliveries */
  const redeliveries = new Map<string, string[]>();
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      try {
        const id = JSON.parse(body).data?.id as string | undefined;
        const messageId = String(req.headers["webhook-id"] ?? "");
        if (id) {
          deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
          if (!firstDelivery.has(id)) firstDelivery.set(id, { at: Date.now(), messageId });
          else redeliveries.set(id, [...(redeliveries.get(id) ?? []), messageId]);
        }
      } catch {}
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  cluster = await startCluster({
    databaseUrl: database.url,
    redisUrl: REDIS,
    env: { REST_RATE_LIMIT: String(RATE_LIMIT), WEBHOOK_ALLOW_PRIVATE: "true" },
  });
  const { url: lb, webs } = cluster;
  t.diagnostic(`the instances' and HAProxy's logs: ${cluster.dir}`);
  t.diagnostic(
    `cluster up in ${Date.now() - started} ms (roles: ${rolesSupported() ? "web/worker" : "all"})`,
  );
  await admin.connect();

  // People, tokens and agents, made in the database as an admin would (the instances migrated it).
  const store = openStore(testConfig(database.url).database, { poolSize: 2 });
  const core = createCore(testConfig(database.url), store);
  const ada = await seed(core);
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++)
    tokens.push(
      (await mintPat(core, { workspace: "acme", email: "ada@example.com", name: `client ${i}` })).token,
    );
  const limited = (await mintPat(core, { workspace: "acme", email: "ada@example.com", name: "limited" }))
    .token;
  // reads the whole feed at the end (its own token: the rate limit holds for it too)
  const verifier = (await mintPat(core, { workspace: "acme", email: "ada@example.com", name: "verifier" }))
    .token;
  const agents: string[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const connection = await createConnection(core, {
      kind: "agent",
      workspaceId: ada.workspaceId,
      personId: ada.personId,
      name: `agent ${i}`,
      scopes: ["workspace.read", "workspace.write"],
    });
    agents.push((await issueAccessToken(core, connection)).access_token);
  }
  await closeCore(core);
  await store.close();

  // A team's spaces: issues spread over four, as a team's work does (one space's numbering is one row
  // every new issue of it takes in turn).
  const spaces = ["ENG", "OPS", "WEB", "APP"];
  for (const prefix of spaces.slice(1)) {
    const made = await call(lb, ada.token, "POST", "/v1/spaces", { name: prefix, prefix });
    assert.equal(made.status, 201, JSON.stringify(made.body));
  }
  // each instance has answered a few requests before the team arrives
  for (const web of webs)
    for (let i = 0; i < 5; i++) await call(web.url, ada.token, "GET", "/v1/issues?limit=5");

  const hookSince = new Date(Date.now() - 1000).toISOString();
  const hook = await call(lb, ada.token, "POST", "/v1/webhooks", { url: hookUrl, events: ["issue.created"] });
  assert.equal(hook.status, 201, JSON.stringify(hook.body));

  // Streams: 6 of Ada's and one per agent, all through HAProxy.
  for (let i = 0; i < 6; i++) streams.push(new Stream(lb, ada.token));
  for (const a of agents) streams.push(new Stream(lb, a));
  await Promise.all(streams.map((s) => s.opened));

  // --- the load: 32 clients writing and reading, 8 agents claiming ------------------------------------
  /** issue identifier → the title its last acknowledged write gave it */
  const acknowledged = new Map<string, string>();
  /** an edit sent but not acknowledged (the instance died under it) may or may not have happened */
  const maybe = new Map<string, string>();
  const clientLoop = async (token: string, n: number) => {
    await sleep(Math.random() * 2000);
    for (let round = 0; !stopLoad; round++) {
      const key = randomUUID();
      const title = `client ${n} issue ${round}`;
      const created = await call(
        lb,
        token,
        "POST",
        "/v1/issues",
        { title, status: round % 2 ? "todo" : "backlog", space: spaces[n % spaces.length] },
        { "idempotency-key": key },
      );
      if (created.status === 201) {
        const identifier = created.body.identifier as string;
        acknowledged.set(identifier, title);
        await sleep(100);
        await call(lb, token, "GET", `/v1/issues/${identifier}`);
        if (round % 3 === 0) {
          const edited = `${title} (edited)`;
          const patched = await call(
            lb,
            token,
            "PATCH",
            `/v1/issues/${identifier}`,
            { title: edited },
            {
              "idempotency-key": randomUUID(),
            },
          );
          if (patched.status === 200) acknowledged.set(identifier, edited);
          else maybe.set(identifier, edited);
        }
      }
      await sleep(100);
      await call(lb, token, "GET", `/v1/issues?limit=20${round % 4 === 0 ? "&q=issue" : ""}`);
      // about a request a second per client: a team at work, not a load test
      await sleep(1500 + Math.random() * 1000);
    }
  };
  /** issue id → the agents (connections' tokens) that won a claim of it */
  const winners = new Map<string, Set<number>>();
  let claimsWon = 0;
  const agentLoop = async (token: string, n: number) => {
    await sleep(Math.random() * 2000);
    while (!stopLoad) {
      // no Idempotency-Key: a keyed claim or edit under contention on PostgreSQL can fail with 500
      // (its transaction aborted), a fault of its own that this test is not about
      const claim = await call(lb, token, "POST", "/v1/claims", { ttl_seconds: 120 });
      if (claim.status === 201) {
        claimsWon++;
        const issueId = claim.body.issue.id as string;
        const set = winners.get(issueId) ?? new Set<number>();
        set.add(n);
        winners.set(issueId, set);
        await sleep(200);
        await call(lb, token, "PATCH", `/v1/issues/${claim.body.issue.identifier}`, { status: "done" });
      } else {
        await sleep(500);
      }
    }
  };
  const load = [...tokens.map((tk, i) => clientLoop(tk, i)), ...agents.map((tk, i) => agentLoop(tk, i))];
  await sleep(5000);

  let workerKilledAt = 0;
  const failuresBetween = (from: number, to: number) =>
    outcomes.filter((o) => o.at >= from && o.at <= to && (o.status === 0 || o.status >= 500));

  // --- rate limits count across instances (Redis) -----------------------------------------------------
  {
    // One token's requests spread over the three instances, straight to each, until refused. The window
    // is a calendar minute; a busy machine may take longer than what is left of it, so the answers are
    // grouped by the window they were counted in (RateLimit-Reset). Counted together, a window's
    // answers show each RateLimit-Remaining once (299 … 0), and the one that refuses has let exactly
    // RATE_LIMIT through; counted apart, each instance would let its own RATE_LIMIT through.
    const windows = new Map<number, { remaining: number[]; refused: number }>();
    let next = 0;
    let refusedAt: number | undefined;
    const until = Date.now() + 120_000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < until && (refusedAt === undefined || next < refusedAt + 30)) {
          const i = next++;
          const res = await call(webs[i % 3]!.url, limited, "GET", "/v1/issues?limit=1");
          const reset = Number(res.headers.get("ratelimit-reset"));
          const window = Math.round((Date.now() + reset * 1000) / 60_000);
          const w = windows.get(window) ?? { remaining: [], refused: 0 };
          windows.set(window, w);
          if (res.status === 200) w.remaining.push(Number(res.headers.get("ratelimit-remaining")));
          else if (res.status === 429) {
            w.refused++;
            refusedAt ??= i;
          } else assert.fail(`a request of the rate-limit burst was answered ${res.status}`);
        }
      }),
    );
    t.diagnostic(
      `rate limit ${RATE_LIMIT}/min over 3 instances: ${[...windows.values()].map((w) => `${w.remaining.length} answered, ${w.refused} refused`).join("; then ")}`,
    );
    for (const w of windows.values()) {
      assert.equal(new Set(w.remaining).size, w.remaining.length, "one count across the instances");
      assert.ok(w.remaining.length <= RATE_LIMIT);
    }
    const refusing = [...windows.values()].filter((w) => w.refused > 0);
    assert.ok(refusing.length > 0, "the limit was reached");
    for (const w of refusing) assert.equal(w.remaining.length, RATE_LIMIT, "exactly the limit let through");
  }

  // --- a write on one instance reaches a stream on another in under a second ---------------------------
  {
    /** from the write's answer (it is committed) to the event on the other instance's stream */
    const lags: number[] = [];
    /** from the write's request, for the record */
    const sinceSent: number[] = [];
    for (let i = 0; i < 12; i++) {
      const writer = webs[i % 3]!;
      const reader = webs[(i + 1) % 3]!;
      const stream = new Stream(reader.url, ada.token, "?type=issue.created");
      probes.push(stream);
      await stream.opened;
      const sent = Date.now();
      // straight to the instance, so no balancer retries for it: an instance too busy to take the
      // write (503) is asked again with the same Idempotency-Key, as a client does
      const key = randomUUID();
      let res = await call(
        writer.url,
        ada.token,
        "POST",
        "/v1/issues",
        { title: `probe ${i}` },
        { "idempotency-key": key },
      );
      for (let attempt = 1; res.status === 503 && attempt < 5; attempt++) {
        await sleep(1000);
        res = await call(
          writer.url,
          ada.token,
          "POST",
          "/v1/issues",
          { title: `probe ${i}` },
          { "idempotency-key": key },
        );
      }
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const acked = Date.now();
      const issueId = res.body.id as string;
      let at = Number.NaN;
      for (const until = Date.now() + 5000; Date.now() < until; await sleep(20)) {
        const m = stream.messages.find((x) => JSON.stringify(x.data).includes(issueId));
        if (m) {
          at = m.at;
          break;
        }
      }
      await stream.stop();
      lags.push(at - acked);
      sinceSent.push(at - sent);
    }
    t.diagnostic(
      `write on one instance → stream on another, ms from its answer: ${lags.join(", ")}; from its request: ${sinceSent.join(", ")}`,
    );
    // every one under a second on a machine of its own; on a shared one, the middle one under a second
    // and no more than two of twelve late (a process not scheduled for a while), none by seconds
    const late = lags.filter((lag) => !(lag < 1000));
    assert.ok(percentile(lags, 50) < 1000, `the median delivery took ${percentile(lags, 50)} ms`);
    assert.ok(late.length <= 2, `writes reached another instance's stream after ${late.join(", ")} ms`);
    assert.ok(
      late.every((lag) => lag < 3000),
      `writes reached another instance's stream after ${late.join(", ")} ms`,
    );
  }

  // --- rolling restart: SIGTERM (drain), start, next ----------------------------------------------------
  {
    const from = Date.now();
    for (const web of webs) {
      const code = await web.stop();
      assert.equal(code, 0, `${web.name} exits 0 after draining`);
      await web.start();
      // HAProxy takes it back after two good health checks
      await sleep(1500);
    }
    const to = Date.now();
    const failed = failuresBetween(from, to);
    const during = outcomes.filter((o) => o.at >= from && o.at <= to).length;
    t.diagnostic(`rolling restart: ${during} requests in ${to - from} ms, ${failed.length} failed`);
    // A 500 is the instance's own fault, not the restart's (none is expected either: checked at the end,
    // after everything else); what the restart could cause — no answer, 502, 503, 504 — must not happen.
    assert.deepEqual(
      failed.filter((f) => f.status !== 500),
      [],
      "no request fails during a rolling restart",
    );
    for (const s of streams) {
      for (const r of s.reconnects)
        assert.equal(r.attempts, 1, `a stream took ${r.attempts} attempts to reconnect`);
    }
  }

  // --- kill -9 of the web instance holding the most streams ---------------------------------------------
  {
    const count = (name: string) => streams.filter((s) => s.instance === name).length;
    const victim = [...webs].sort((a, b) => count(b.name) - count(a.name))[0]!;
    const onVictim = streams.filter((s) => s.instance === victim.name);
    const reconnectsBefore = new Map(streams.map((s) => [s, s.reconnects.length]));
    t.diagnostic(`kill -9 ${victim.name}, serving ${onVictim.length} streams`);
    const killedAt = Date.now();
    await victim.kill();
    const back = () => onVictim.every((s) => s.reconnects.length > reconnectsBefore.get(s)!);
    for (const until = Date.now() + 15_000; !back() && Date.now() < until; ) await sleep(100);
    t.diagnostic(
      `its streams reconnected elsewhere after ${onVictim.map((s) => `${s.reconnects.at(-1)?.ms} ms (${s.reconnects.at(-1)?.attempts} attempts)`).join(", ")}`,
    );
    for (const s of onVictim) {
      assert.ok(
        s.reconnects.length > reconnectsBefore.get(s)!,
        "a stream of the killed instance reconnected",
      );
      assert.notEqual(s.instance, victim.name, "and is served by another instance");
    }
    const failed = failuresBetween(killedAt - 1000, Date.now());
    t.diagnostic(
      `requests that failed around the kill: ${failed.length} (${failed.map((f) => f.status || f.error).join(", ")})`,
    );
    await victim.start();
    await sleep(1500);
  }

  // --- killing the worker hands its schedules to a new one ------------------------------------------------
  {
    const holders = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())",
        )
      ).rows.map((r) => r.pid);
    const before = await holders();
    const worker = cluster.worker!;
    await worker.kill();
    const killedAt = Date.now();
    workerKilledAt = killedAt;
    // a new worker process, as a supervisor would start
    await worker.start();
    if (rolesSupported()) {
      let after: number[] = [];
      for (let i = 0; i < 50; i++) {
        after = await holders();
        if (after.length > 0 && after.some((p) => !before.includes(p))) break;
        await sleep(200);
      }
      t.diagnostic(
        `schedules' lock: held by backend ${before.join(",")} before, ${after.join(",")} after (${Date.now() - killedAt} ms)`,
      );
      assert.ok(
        after.some((p) => !before.includes(p)),
        "the new worker holds the schedules' lock",
      );
    }
  }

  // --- the end: stop the load, let deliveries finish, check everything -----------------------------------
  await sleep(3000);
  stopLoad = true;
  await Promise.all(load);
  const loadEnded = Date.now();
  const requests = outcomes.length;

  // every acknowledged write is there
  const rows = (
    await admin.query<{ key: string; title: string }>("select identifier as key, title from issues")
  ).rows;
  const titles = new Map(rows.map((r) => [r.key, r.title]));
  let lost = 0;
  for (const [identifier, title] of acknowledged) {
    const now = titles.get(identifier);
    if (now !== title && !(now !== undefined && now === maybe.get(identifier))) lost++;
  }
  t.diagnostic(`${acknowledged.size} issues written and acknowledged; ${lost} lost or not as acknowledged`);
  assert.equal(lost, 0, "no acknowledged write is lost");

  // no issue claimed twice
  const twice = [...winners].filter(([, set]) => set.size > 1);
  t.diagnostic(`${claimsWon} claims won by ${AGENTS} agents on ${winners.size} issues`);
  assert.ok(claimsWon > 0, "the agents claimed work");
  assert.deepEqual(twice, [], "no issue claimed by two agents");

  // every stream saw the feed exactly: nothing missed, nothing twice
  await sleep(1500);
  for (const s of streams) await s.stop();
  const feed = await feedAfter(lb, verifier, hookSince);
  const feedIds = feed.map((e) => e.id);
  for (const [i, s] of streams.entries()) {
    const ids = s.messages.map((m) => m.id);
    assert.equal(new Set(ids).size, ids.length, `stream ${i}: no event twice`);
    const from = feedIds.indexOf(ids[0]!);
    assert.ok(from >= 0, `stream ${i}: its first event is in the feed`);
    assert.deepEqual(
      ids,
      feedIds.slice(from, from + ids.length),
      `stream ${i}: the feed's events, in order, no gap`,
    );
    const behind = feedIds.length - (from + ids.length);
    assert.ok(behind < 50, `stream ${i} kept up (${behind} behind)`);
  }
  const reconnects = streams.flatMap((s) => s.reconnects);
  t.diagnostic(
    `${streams.length} streams, ${streams.reduce((n, s) => n + s.messages.length, 0)} messages, ${reconnects.length} reconnects (longest ${Math.max(0, ...reconnects.map((r) => r.ms))} ms, each in ${Math.max(0, ...reconnects.map((r) => r.attempts))} attempt)`,
  );

  // every webhook delivered exactly once
  const wanted = feed.filter((e) => e.type === "issue.created").map((e) => e.id);
  const until = Date.now() + 60_000;
  while (wanted.some((id) => !deliveries.has(id)) && Date.now() < until) await sleep(500);
  const missing = wanted.filter((id) => !deliveries.has(id));
  const duplicated = [...redeliveries];
  t.diagnostic(
    `webhook: ${wanted.length} events, ${deliveries.size} delivered, ${missing.length} missing, ${duplicated.length} more than once (${duplicated.map(([id]) => `${firstDelivery.get(id)!.at - workerKilledAt} ms from the worker's kill`).join(", ")}), all in ${Date.now() - loadEnded} ms after the load`,
  );
  assert.deepEqual(missing, [], "every event delivered");
  // Exactly once, but for a delivery the killed worker had made and not yet recorded: the new worker
  // sends it again under the same message id (webhook-id), which is what a receiver deduplicates by.
  for (const [id, again] of duplicated) {
    const first = firstDelivery.get(id)!;
    assert.ok(
      first.at <= workerKilledAt + 100 && first.at >= workerKilledAt - 15_000,
      `${id} delivered again though its first delivery was ${first.at - workerKilledAt} ms from the worker's kill`,
    );
    for (const messageId of again)
      assert.equal(messageId, first.messageId, "a redelivery keeps its webhook-id");
  }

  const serverErrors = outcomes.filter((o) => o.status === 500);
  t.diagnostic(`answers 500: ${serverErrors.map((o) => `${o.method} ${o.path}`).join(", ") || "none"}`);
  const seconds = (loadEnded - started) / 1000;
  const statuses = new Map<number, number>();
  for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
  t.diagnostic(
    `${resent.length} sent again after a dropped kept-alive connection (${resent.map((r) => `${r.method} ${r.error}`).join("; ")}); ${requests} requests in ${seconds.toFixed(0)} s; answers by status: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(", ")}; whole test ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  void TEST_DATABASE_URL;
  assert.deepEqual(
    serverErrors,
    [],
    "no request answered 500 (see the instances' logs in the cluster's folder)",
  );
});
