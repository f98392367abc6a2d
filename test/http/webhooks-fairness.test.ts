import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type TestContext, test } from "node:test";
import {
  deliverDue,
  fanOut,
  PARK_AFTER,
  PARK_MS,
  WebhookWorker,
} from "../../src/tracker/webhook-delivery.ts";
import { type Api, api, bearer, seed } from "../support.ts";

const PRIVATE = { WEBHOOK_ALLOW_PRIVATE: "true" };
/** The attempt timeout the worker is given here, so a blackhole costs 200 ms, not 10 s. */
const TIMEOUT_MS = 200;

/**
 * A receiver on loopback: while `down`, it takes each request and never answers (a blackhole); else it
 * answers 200. Tells when each request came, and which deliveries it answered.
 */
async function receiver(t: TestContext) {
  const state = {
    down: false,
    requests: 0,
    answered: [] as string[],
    arrivals: [] as { id: string; at: number }[],
  };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      state.requests++;
      const id = String(req.headers["webhook-id"]);
      state.arrivals.push({ id, at: performance.now() });
      if (state.down) return;
      state.answered.push(id);
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  t.after(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });
  return { ...state, state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function webhook(a: Api, url: string, headers: Record<string, string> = {}) {
  const res = await a.call("POST", "/v1/webhooks", { url, events: ["issue.created"] }, headers);
  assert.equal(res.status, 201, res.text);
  return (res.body as { id: string }).id;
}

/** Waits (real time, polling) until `check` holds; fails with `what` after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function worker(t: TestContext, a: Api) {
  const warnings: object[] = [];
  const w = new WebhookWorker(a.env.core, { warn: (o) => warnings.push(o) }, { timeoutMs: TIMEOUT_MS });
  w.start();
  t.after(async () => {
    w.stop();
    await w.idle();
  });
  return { w, warnings };
}

test("a blackholed receiver holds back neither another workspace nor its own backlog: parked, probed, then every delivery once", {
  timeout: 60_000,
}, async (t) => {
  const a = await api(t, PRIVATE);
  const core = a.env.core;
  const slow = await receiver(t);
  slow.state.down = true;
  const fast = await receiver(t);
  const hookA = await webhook(a, slow.url);
  const other = await seed(core, "globex", "bob@example.com");
  await webhook(a, fast.url, bearer(other.token));

  // workspace A: 40 events queued for a receiver that never answers
  for (let i = 1; i <= 40; i++) {
    assert.equal((await a.call("POST", "/v1/issues", { title: `A${i}` })).status, 201);
  }
  assert.equal(await fanOut(core), 40);
  const { w, warnings } = worker(t, a);
  w.wake();
  await until("the blackhole holds its first deliveries", () => slow.state.requests >= 4);

  // workspace B's event arrives within a second of its commit, while A's receiver swallows requests
  const res = await a.call("POST", "/v1/issues", { title: "B1" }, bearer(other.token));
  assert.equal(res.status, 201, res.text);
  const committed = performance.now();
  await until("B's delivery", () => fast.state.answered.length === 1, 5_000);
  const latency = fast.state.arrivals[0]!.at - committed;
  assert.ok(latency < 1000, `B's delivery came ${latency.toFixed(0)} ms after its event`);
  t.diagnostic(`another workspace's delivery ${latency.toFixed(0)} ms after its event, with a blackhole`);

  // A's webhook is parked after PARK_AFTER attempts in a row timed out; its backlog stays pending
  const parked = async () => {
    const r = await a.call("GET", `/v1/webhooks/${hookA}`);
    return r.body as { parked_until: string | null; parked_reason: string | null; status: string };
  };
  await until("A's webhook parked", async () => (await parked()).parked_until !== null);
  await until("A's attempts in flight end", () => w.inFlight === 0);
  const view = await parked();
  assert.equal(view.status, "enabled");
  assert.ok(view.parked_until! > core.clock.now().toISOString(), JSON.stringify(view));
  assert.match(view.parked_reason!, /in a row found no answer/);
  assert.ok(slow.state.requests >= PARK_AFTER, `only ${slow.state.requests} attempts before the park`);
  const deliveries = async () =>
    (await a.call("GET", `/v1/webhooks/${hookA}/deliveries?limit=100`)).body.data as {
      id: string;
      status: string;
      attempt_log: { error: string | null }[];
    }[];
  let rows = await deliveries();
  assert.equal(rows.length, 40);
  assert.ok(
    rows.every((d) => d.status === "pending"),
    "the backlog is kept",
  );
  assert.ok(rows.some((d) => d.attempt_log.some((l) => /the webhook is parked until/.test(l.error ?? ""))));

  // while parked (the clock has not moved), waking sends it nothing
  const before = slow.state.requests;
  w.wake();
  await new Promise((r) => setTimeout(r, 3 * TIMEOUT_MS));
  await w.idle();
  assert.equal(slow.state.requests, before);

  // after the park, one delivery probes; it finds no answer, and the park doubles
  a.env.clock.advance(PARK_MS + 60_000);
  w.wake();
  await until("the probe", () => slow.state.requests === before + 1);
  await until(
    "the probe ends",
    async () => w.inFlight === 0 && (await parked()).parked_until! > core.clock.now().toISOString(),
  );
  assert.equal(slow.state.requests, before + 1, "the probe goes alone");
  const longer = await parked();
  const parkedFor = new Date(longer.parked_until!).getTime() - core.clock.now().getTime();
  assert.ok(parkedFor > PARK_MS, `parked for ${parkedFor} ms after a failed probe`);
  rows = await deliveries();
  assert.ok(rows.every((d) => d.status === "pending"));
  assert.ok(
    rows.some((d) => d.attempt_log.some((l) => /the probe after a park found no answer/.test(l.error ?? ""))),
  );

  // the receiver recovers: after the park the probe succeeds, the park ends and the backlog flows, each once
  slow.state.down = false;
  a.env.clock.advance(30 * 60_000);
  w.wake();
  await until("A's backlog delivered", () => slow.state.answered.length >= 40, 15_000);
  await w.idle();
  assert.equal(slow.state.answered.length, 40);
  assert.equal(new Set(slow.state.answered).size, 40);
  rows = await deliveries();
  assert.ok(rows.every((d) => d.status === "succeeded"));
  assert.deepEqual(new Set(rows.map((d) => d.id)), new Set(slow.state.answered));
  const after = await parked();
  assert.equal(after.parked_until, null);
  assert.equal(after.parked_reason, null);
  assert.equal(fast.state.answered.length, 1);
  assert.deepEqual(warnings, []);
});

test("a ping to a parked webhook is sent at once, and its answer ends the park", async (t) => {
  const a = await api(t, PRIVATE);
  const rx = await receiver(t);
  const hook = await webhook(a, rx.url);
  const parkedUntil = new Date(a.env.core.clock.now().getTime() + 3_600_000).toISOString();
  await a.env.core.db
    .updateTable("webhooks")
    .set({ failures_in_row: PARK_AFTER, parked_until: parkedUntil, parked_reason: "test" })
    .where("id", "=", hook)
    .execute();
  assert.equal((await a.call("GET", `/v1/webhooks/${hook}`)).body.parked_until, parkedUntil);
  const ping = await a.call("POST", `/v1/webhooks/${hook}/ping`);
  assert.equal(ping.status, 200, ping.text);
  assert.equal(ping.body.status, "succeeded");
  assert.equal(rx.state.answered.length, 1);
  const shown = (await a.call("GET", `/v1/webhooks/${hook}`)).body;
  assert.equal(shown.parked_until, null);
  assert.equal(shown.parked_reason, null);
});

test("fairness: one webhook with a deep backlog does not take the slots of another workspace's", async (t) => {
  const a = await api(t, PRIVATE);
  const core = a.env.core;
  const busy = await receiver(t);
  const fast = await receiver(t);
  await webhook(a, busy.url);
  const other = await seed(core, "globex", "bob@example.com");
  await webhook(a, fast.url, bearer(other.token));
  for (let i = 1; i <= 60; i++) await a.call("POST", "/v1/issues", { title: `A${i}` });
  await a.call("POST", "/v1/issues", { title: "B1" }, bearer(other.token));
  await fanOut(core);
  // one pass of the pool with room for 8: A's webhook gets its 4, B's its one
  const sent = await deliverDue(core, { timeoutMs: TIMEOUT_MS, bounds: { total: 8 } });
  assert.equal(sent, 5);
  assert.equal(busy.state.answered.length, 4);
  assert.equal(fast.state.answered.length, 1);
});
