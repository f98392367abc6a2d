import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { ManualClock } from "../../src/clock.ts";
import { createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { sweepRuns } from "../../src/tracker/sessions.ts";
import {
  type Api,
  type ApiCall,
  api,
  app,
  createTestDatabase,
  ON_POSTGRES,
  seed,
  testConfig,
} from "../support.ts";
import { type Agent, agent, ok, refused } from "./sessions-support.ts";

/**
 * A person's Stop is enforced: from the moment it is pressed, every write of the agent under the run and
 * its claim is refused with 409 session_stopped and changes nothing (also on another instance of the same
 * PostgreSQL); the agent's last word ends the run stopped and releases the claim, and 60 seconds without
 * one the service does.
 */

async function running(a: Api, bot: Agent, title: string) {
  const issue = await ok(a, "POST", "/v1/issues", { title, status: "todo" });
  const started = await ok(a, "POST", "/v1/sessions", { issue: issue.identifier }, bot.headers);
  return { issue, session: started.session, claim: started.claim };
}

/** What the agent's refused writes must not change: the issue, its comments and dependencies, the run. */
async function state(a: Api, identifier: string, sessionId: string) {
  return {
    issue: await ok(a, "GET", `/v1/issues/${identifier}`),
    comments: await ok(a, "GET", `/v1/issues/${identifier}/comments`),
    session: await ok(a, "GET", `/v1/sessions/${sessionId}`),
    log: await ok(a, "GET", `/v1/sessions/${sessionId}/activities`),
  };
}

/** Every write an agent makes under a stopped run: each 409 session_stopped. */
async function allRefused(
  call: (method: string, url: string, body?: unknown) => Promise<ApiCall>,
  identifier: string,
  sessionId: string,
  claimId: string,
) {
  const writes: [string, string, unknown][] = [
    ["PATCH", `/v1/issues/${identifier}`, { title: "Changed after the stop" }],
    ["PATCH", `/v1/issues/${identifier}`, { status: "done" }],
    ["POST", `/v1/issues/${identifier}/dependencies`, { blocks: ["ENG-1"] }],
    ["POST", `/v1/issues/${identifier}/comments`, { body: "Still here" }],
    ["POST", `/v1/claims/${claimId}/heartbeat`, {}],
    [
      "POST",
      `/v1/sessions/${sessionId}/activities`,
      { activities: [{ id: "more", kind: "thought", body: "x" }] },
    ],
    ["PATCH", `/v1/sessions/${sessionId}`, { summary: "still going" }],
    ["POST", "/v1/sessions", { issue: identifier }],
  ];
  for (const [method, url, body] of writes) {
    const res = await call(method, url, body);
    assert.equal(res.status, 409, `${method} ${url}: ${res.text}`);
    assert.equal(res.body.error, "session_stopped", `${method} ${url}: ${res.text}`);
    assert.equal(res.body.session, sessionId, `${method} ${url}`);
  }
}

test("Stop: the agent's next writes are refused and change nothing; its last word ends the run and frees the issue", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  await ok(a, "POST", "/v1/issues", { title: "Other", status: "todo" });
  const { issue, session, claim } = await running(a, bot, "Stop me");
  await ok(
    a,
    "POST",
    `/v1/sessions/${session.id}/activities`,
    { activities: [{ id: "t", kind: "thought", body: "working" }] },
    bot.headers,
  );

  const stopped = await ok(a, "POST", `/v1/sessions/${session.id}/stop`, {});
  assert.equal(stopped.status, "stopping");
  assert.equal(stopped.status_reason, "stop_requested");
  assert.equal(stopped.stop_requested_by, a.personId);
  assert.equal(stopped.stop_requested_at, a.env.clock.now().toISOString());
  assert.equal(
    (await ok(a, "POST", `/v1/sessions/${session.id}/stop`, {})).status,
    "stopping",
    "again: as it is",
  );

  const before = await state(a, issue.identifier, session.id);
  await allRefused((m, u, b) => a.call(m, u, b, bot.headers), issue.identifier, session.id, claim.id);
  assert.deepEqual(await state(a, issue.identifier, session.id), before, "nothing changed");
  // a person's prompt is not taken either
  await refused(a, 409, "conflict", "POST", `/v1/sessions/${session.id}/prompts`, { body: "go on" });
  // a person may still act on the issue (with their own credential)
  await ok(a, "POST", `/v1/issues/${issue.identifier}/comments`, { body: "Stopped it." });

  // the last word: the run ends stopped, the claim is released, the issue goes back to todo
  const last = await ok(
    a,
    "POST",
    `/v1/sessions/${session.id}/activities`,
    { activities: [{ id: "bye", kind: "response", body: "Stopped as asked; nothing half-done." }] },
    bot.headers,
  );
  assert.equal(last.session.status, "stopped");
  assert.equal(last.session.status_reason, "stop_requested");
  assert.ok(last.session.ended_at);
  const ended = await ok(a, "GET", `/v1/claims/${claim.id}`);
  assert.equal(ended.ended, "stopped");
  const freed = await ok(a, "GET", `/v1/issues/${issue.identifier}`);
  assert.equal(freed.status, "todo");
  assert.equal(freed.assignee, null);
  const types = (await ok(a, "GET", "/v1/events?type=session.*&limit=100")).data.map(
    (e: { type: string }) => e.type,
  );
  assert.deepEqual(types.slice(-3), ["session.stop_requested", "session.activity", "session.ended"]);
  // after the end the agent may start over (a new run: the issue is free)
  const again = await ok(a, "POST", "/v1/sessions", { issue: issue.identifier }, bot.headers);
  assert.notEqual(again.session.id, session.id);
});

test("Stop: 60 seconds without a last word, the service ends the run and releases the claim (clock moved)", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  const { issue, session, claim } = await running(a, bot, "Silent after stop");
  await ok(a, "POST", `/v1/sessions/${session.id}/stop`, {});
  a.env.clock.advance(59_000);
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 0, stale: 0, orphaned: 0 });
  assert.equal((await ok(a, "GET", `/v1/sessions/${session.id}`)).status, "stopping");
  a.env.clock.advance(1_000);
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 1, stale: 0, orphaned: 0 });
  const run = await ok(a, "GET", `/v1/sessions/${session.id}`);
  assert.equal(run.status, "stopped");
  assert.equal(run.ended_at, a.env.clock.now().toISOString());
  assert.equal((await ok(a, "GET", `/v1/claims/${claim.id}`)).ended, "stopped");
  assert.equal((await ok(a, "GET", `/v1/issues/${issue.identifier}`)).status, "todo");
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 0, stale: 0, orphaned: 0 }, "once");
  // the agent's late word: the run has ended
  await refused(
    a,
    409,
    "conflict",
    "POST",
    `/v1/sessions/${session.id}/activities`,
    { activities: [{ id: "late", kind: "response", body: "late" }] },
    bot.headers,
  );
});

test("who stops: the accountable person, the delegating person, an admin; not another member; PATCH with status is a last word too", async (t) => {
  const a = await api(t);
  const { createPerson } = await import("../../src/auth/people.ts");
  const { addMember } = await import("../../src/auth/workspaces.ts");
  const { mintPat } = await import("../../src/auth/tokens.ts");
  const bobPerson = await createPerson(a.env.core, { email: "bob@example.com", name: "Bob" });
  await addMember(a.env.core, { workspace: "acme", email: "bob@example.com" });
  const bob = {
    authorization: `Bearer ${(await mintPat(a.env.core, { workspace: "acme", email: "bob@example.com", name: "b" })).token}`,
  };
  const bobs = await agent(a.env.core, a.workspaceId, bobPerson.id, "bob-bot");
  // Bob's agent's run: Bob is accountable; Ada is the Owner (an admin) and may stop it too
  const { session } = await running(a, bobs, "Bob's");
  const adas = await agent(a.env.core, a.workspaceId, a.personId, "ada-bot");
  const mine = await running(a, adas, "Ada's");
  // Bob (a member) may not stop Ada's agent's run
  await refused(a, 403, "forbidden", "POST", `/v1/sessions/${mine.session.id}/stop`, {}, bob);
  assert.equal((await ok(a, "GET", `/v1/sessions/${mine.session.id}`)).status, "active");
  // Bob may prompt it (any person prompts)
  await ok(a, "POST", `/v1/sessions/${mine.session.id}/prompts`, { body: "Hi from Bob" }, bob);
  // Bob stops his own agent's run
  assert.equal((await ok(a, "POST", `/v1/sessions/${session.id}/stop`, {}, bob)).status, "stopping");
  // the Owner stops Ada's agent's run; its PATCH with status error is its last word: stopped
  assert.equal((await ok(a, "POST", `/v1/sessions/${mine.session.id}/stop`, {})).status, "stopping");
  const ended = await ok(
    a,
    "PATCH",
    `/v1/sessions/${mine.session.id}`,
    { status: "error", summary: "Stopped." },
    adas.headers,
  );
  assert.equal(ended.status, "stopped");
  assert.equal(ended.summary, "Stopped.");
  assert.equal((await ok(a, "GET", `/v1/claims/${mine.claim.id}`)).ended, "stopped");
});

test("a claim that ends ends its run: released by the agent, taken over by a person, the issue closed", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  const released = await running(a, bot, "Released");
  await ok(a, "DELETE", `/v1/claims/${released.claim.id}`, undefined, bot.headers);
  const r1 = await ok(a, "GET", `/v1/sessions/${released.session.id}`);
  assert.deepEqual([r1.status, r1.status_reason], ["stopped", "claim_released"]);

  const taken = await running(a, bot, "Taken over");
  await ok(a, "PATCH", `/v1/issues/${taken.issue.identifier}`, { title: "Mine now" });
  const r2 = await ok(a, "GET", `/v1/sessions/${taken.session.id}`);
  assert.deepEqual([r2.status, r2.status_reason], ["stopped", "taken_over_by_person"]);

  const closed = await running(a, bot, "Closed");
  await ok(a, "PATCH", `/v1/issues/${closed.issue.identifier}`, { status: "done" }, bot.headers);
  const r3 = await ok(a, "GET", `/v1/sessions/${closed.session.id}`);
  assert.deepEqual([r3.status, r3.status_reason], ["complete", "issue_closed"]);

  const lapsed = await running(a, bot, "Lapsed");
  a.env.clock.advance(31 * 60_000);
  const { sweepExpired } = await import("../../src/housekeeping.ts");
  await sweepExpired(a.env.core);
  const r4 = await ok(a, "GET", `/v1/sessions/${lapsed.session.id}`);
  assert.deepEqual([r4.status, r4.status_reason], ["error", "lease_lost"]);
  const told = await ok(a, "GET", "/v1/inbox?kind=session_error");
  assert.equal(told.data.length, 1);
  assert.equal(told.data[0].subject.id, lapsed.session.id);
});

/** An app of its own over `url`, sharing `clock`. */
async function instance(t: TestContext, url: string, clock: ManualClock) {
  const config = testConfig(url);
  const store = openStore(config.database, { poolSize: 4 });
  t.after(() => store.close());
  const core = createCore(config, store, { clock, limiter: new MemoryRateLimiter(clock) });
  return { core, store, app: await app(t, core) };
}

async function inject(
  app: FastifyInstance,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<ApiCall> {
  const res = await app.inject({
    method: method as "GET",
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.body ? JSON.parse(res.body) : undefined,
    text: res.body,
  };
}

test("two instances on one PostgreSQL: a Stop through A refuses the agent's writes through B", {
  skip: !ON_POSTGRES && "needs PostgreSQL",
}, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const clock = new ManualClock("2026-03-01T09:00:00.000Z");
  const a = await instance(t, database.url, clock);
  const b = await instance(t, database.url, clock);
  await a.store.migrate();
  const ada = await seed(a.core);
  const bot = await agent(a.core, ada.workspaceId, ada.personId, "builder");
  const onA = (m: string, u: string, body?: unknown) => inject(a.app, ada.token, m, u, body);
  const botOnB = (m: string, u: string, body?: unknown) => inject(b.app, bot.token, m, u, body);
  const other = await onA("POST", "/v1/issues", { title: "Other", status: "todo" });
  assert.equal(other.status, 201, other.text);
  assert.equal((await onA("POST", "/v1/issues", { title: "Across", status: "todo" })).status, 201);
  const started = await botOnB("POST", "/v1/sessions", { issue: "ENG-2" });
  assert.equal(started.status, 201, started.text);
  const { session, claim } = started.body;
  const stop = await onA("POST", `/v1/sessions/${session.id}/stop`, {});
  assert.equal(stop.status, 200, stop.text);
  const before = await onA("GET", "/v1/issues/ENG-2");
  await allRefused(botOnB, "ENG-2", session.id, claim.id);
  assert.deepEqual((await onA("GET", "/v1/issues/ENG-2")).body, before.body, "nothing changed");
  // the last word through B ends it; A sees the claim released
  const last = await botOnB("POST", `/v1/sessions/${session.id}/activities`, {
    activities: [{ id: "bye", kind: "error", body: "Stopped." }],
  });
  assert.equal(last.status, 200, last.text);
  assert.equal(last.body.session.status, "stopped");
  assert.equal((await onA("GET", `/v1/claims/${claim.id}`)).body.ended, "stopped");
});
