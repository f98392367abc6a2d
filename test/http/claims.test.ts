import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { type TestContext, test } from "node:test";
import { createConnection, issueAccessToken, revokeConnection } from "../../src/auth/connections.ts";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { createPerson, setSuspended } from "../../src/auth/people.ts";
import type { Scope } from "../../src/auth/tokens.ts";
import { addMember, removeMember } from "../../src/auth/workspaces.ts";
import { ManualClock } from "../../src/clock.ts";
import { type Core, createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { sweepExpired } from "../../src/housekeeping.ts";
import {
  type Api,
  type ApiCall,
  api,
  app,
  bearer,
  createTestDatabase,
  ON_POSTGRES,
  seed,
  testConfig,
} from "../support.ts";

interface Agent {
  id: string;
  token: string;
  headers: Record<string, string>;
}

/** An agent connection of Ada's workspace, with an access token (read and write unless told). */
async function agent(core: Core, workspaceId: string, personId: string, name: string, scopes?: Scope[]) {
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId,
    personId,
    name,
    scopes: scopes ?? ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(core, connection);
  return { id: connection.id, token: access_token, headers: bearer(access_token) } satisfies Agent;
}

async function ok(a: Api, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

async function todo(a: Api, title: string, more: Record<string, unknown> = {}) {
  return ok(a, "POST", "/v1/issues", { title, status: "todo", ...more });
}

async function activity(a: Api, subjectType: string) {
  return a.env.core.db
    .selectFrom("activity")
    .select(["subject_id", "action", "changes", "actor_via"])
    .where("subject_type", "=", subjectType)
    .orderBy("id")
    .execute();
}

test("an assignee is a person or an agent connection, shown as agent (for person); filters take both and me", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  const mine = await ok(a, "POST", "/v1/issues", { title: "For the agent", assignee: "me" }, bot.headers);
  assert.deepEqual(mine.assignee, {
    type: "agent",
    id: bot.id,
    name: "builder",
    for: { person_id: a.personId, name: "Ada" },
  });
  const ada = await ok(a, "POST", "/v1/issues", { title: "For Ada", assignee: "me" });
  assert.deepEqual(ada.assignee, { type: "person", id: a.personId, name: "Ada", email: "ada@example.com" });
  const byId = await ok(a, "PATCH", "/v1/issues/ENG-2", { assignee: bot.id });
  assert.equal(byId.assignee.type, "agent");

  const agentMe = await ok(a, "GET", "/v1/issues?assignee=me", undefined, bot.headers);
  assert.deepEqual(
    agentMe.data.map((i: { identifier: string }) => i.identifier),
    ["ENG-2", "ENG-1"],
  );
  assert.equal((await ok(a, "GET", "/v1/issues?assignee=me")).data.length, 0, "Ada's own: none now");
  assert.equal((await ok(a, "GET", `/v1/issues?assignee=${bot.id}`)).data.length, 2);

  const unknown = await a.call("PATCH", "/v1/issues/ENG-1", { assignee: "con_01JZZZZZZZZZZZZZZZZZZZZZZZ" });
  assert.equal(unknown.status, 400, unknown.text);
  assert.match(unknown.body.fields["body.assignee"], /no member or agent connection/);

  const acts = await ok(a, "GET", "/v1/issues/ENG-1/activity");
  assert.deepEqual(acts.data[0].actor, {
    person_id: a.personId,
    via: bot.id,
    name: "Ada",
    agent: { id: bot.id, name: "builder" },
  });
  const adaActs = await ok(a, "GET", "/v1/issues/ENG-2/activity");
  assert.equal(adaActs.data[0].actor.agent, null);
  assert.equal(adaActs.data[0].actor.name, "Ada");

  const md = await a.call("GET", "/v1/bundles/ENG-1", undefined, { accept: "text/markdown" });
  assert.match(md.text, /Assignee: builder \(for Ada\)/);
});

test("claim a named issue: in progress and assigned; the holder gets its claim back; others get already_claimed", async (t) => {
  const a = await api(t);
  const one = await agent(a.env.core, a.workspaceId, a.personId, "one");
  const two = await agent(a.env.core, a.workspaceId, a.personId, "two");
  await todo(a, "Claim me");

  const res = await a.call("POST", "/v1/claims", { issue: "eng-1" }, one.headers);
  assert.equal(res.status, 201, res.text);
  const claim = res.body;
  assert.match(claim.id, /^clm_/);
  assert.equal(claim.fencing_token, 1);
  assert.equal(claim.issue.identifier, "ENG-1");
  assert.equal(claim.issue.status, "in_progress");
  assert.equal(claim.holder.id, one.id);
  assert.equal(claim.expires_at, "2026-03-01T09:30:00.000Z", "30 minutes by default");
  const issue = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.equal(issue.status, "in_progress");
  assert.equal(issue.assignee.id, one.id);

  assert.equal(claim.ended, null);
  assert.equal(claim.resumed, undefined, "a new claim is not a resumed one");
  const again = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, one.headers);
  assert.deepEqual(
    again,
    { ...claim, resumed: true },
    "the holder gets its current claim back: same id, same token",
  );

  const taken = await a.call("POST", "/v1/claims", { issue: "ENG-1" }, two.headers);
  assert.equal(taken.status, 409, taken.text);
  assert.equal(taken.body.error, "already_claimed");
  assert.equal(taken.body.claim.holder.id, one.id);
  assert.equal(taken.body.claim.expires_at, claim.expires_at);
  assert.equal(taken.body.holder.id, one.id);
  assert.equal(taken.body.expires_at, claim.expires_at);

  const list = await ok(a, "GET", "/v1/claims");
  assert.deepEqual(
    list.data.map((c: { id: string }) => c.id),
    [claim.id],
  );
  assert.equal((await ok(a, "GET", "/v1/claims?holder=me", undefined, two.headers)).data.length, 0);
  assert.equal((await ok(a, "GET", `/v1/claims?holder=${one.id}&issue=ENG-1`)).data.length, 1);

  // someone else may not renew or release it
  const stranger = await createPerson(a.env.core, { email: "bob@example.com", name: "Bob" });
  await addMember(a.env.core, { workspace: "acme", email: "bob@example.com", role: "member" });
  const bob = await agent(a.env.core, a.workspaceId, stranger.id, "bobs");
  const foreign = await a.call("DELETE", `/v1/claims/${claim.id}`, undefined, bob.headers);
  assert.equal(foreign.status, 403, foreign.text);
  assert.equal(foreign.body.error, "not_holder");

  const released = await ok(a, "DELETE", `/v1/claims/${claim.id}`, undefined, one.headers);
  assert.equal(released.id, claim.id);
  const back = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.equal(back.status, "todo");
  assert.equal(back.assignee, null);
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 0);
  assert.equal(released.ended, "released");
  const twice = await ok(a, "DELETE", `/v1/claims/${claim.id}`, undefined, one.headers);
  assert.equal(twice.ended, "released", "releasing twice is a no-op that says so");

  const next = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, two.headers);
  assert.equal(next.fencing_token, 2, "every claim's token is larger than any before it on the issue");

  const acts = await activity(a, "claim");
  assert.deepEqual(
    acts.map((r) => [r.subject_id, r.action]),
    [
      [claim.id, "created"],
      [claim.id, "released"],
      [next.id, "created"],
    ],
  );
});

test("the next ready issue: most urgent first, then oldest, matching filters; none ready is no_ready_issue", async (t) => {
  const a = await api(t);
  await todo(a, "Old low", { priority: "low", labels: ["api"] });
  await todo(a, "Urgent", { priority: "urgent" });
  await todo(a, "Blocked", { priority: "urgent", blockedBy: ["ENG-1"] });
  await todo(a, "High web", { priority: "high", labels: ["web"] });
  await todo(a, "High web newer", { priority: "high", labels: ["web"] });
  await ok(a, "POST", "/v1/issues", { title: "Done", status: "done", priority: "urgent" });
  await ok(a, "POST", "/v1/issues", { title: "Started by Ada", status: "in_progress", priority: "urgent" });

  const order: string[] = [];
  const web = await ok(a, "POST", "/v1/claims", { label: ["web"] });
  order.push(web.issue.identifier);
  for (let n = 1; ; n++) {
    // each its own agent: one caller asking again with the same filters gets its own claim back
    const bot = await agent(a.env.core, a.workspaceId, a.personId, `bot ${n}`);
    const res = await a.call("POST", "/v1/claims", {}, bot.headers);
    if (res.status === 404) {
      assert.equal(res.body.error, "no_ready_issue");
      break;
    }
    assert.equal(res.status, 201, res.text);
    order.push(res.body.issue.identifier);
  }
  assert.deepEqual(order, ["ENG-4", "ENG-2", "ENG-5", "ENG-1"]);
  const none = await a.call("POST", "/v1/claims", { space: "ENG", priority: ["low"] });
  assert.equal(none.status, 404);
  assert.equal(none.body.error, "no_ready_issue");

  const mixed = await a.call("POST", "/v1/claims", { issue: "ENG-1", space: "ENG" });
  assert.equal(mixed.status, 400, mixed.text);
  assert.ok(mixed.body.fields["body.space"]);
  const noSpace = await a.call("POST", "/v1/claims", { space: "OPS" });
  assert.equal(noSpace.status, 400);
  assert.ok(noSpace.body.fields["body.space"]);
});

test("ttl_seconds: 60 to 86,400, at and past each limit", async (t) => {
  const a = await api(t);
  for (let n = 1; n <= 2; n++) await todo(a, `Issue ${n}`);
  for (const [ttl, status] of [
    [59, 400],
    [86_401, 400],
    [1.5, 400],
    [60, 201],
    [86_400, 201],
  ] as const) {
    const issue = status === 201 ? `ENG-${ttl === 60 ? 1 : 2}` : "ENG-1";
    const res = await a.call("POST", "/v1/claims", { issue, ttl_seconds: ttl });
    assert.equal(res.status, status, `${ttl}: ${res.text}`);
    if (status === 400) assert.ok(res.body.fields["body.ttl_seconds"]);
  }
  const claims = (await ok(a, "GET", "/v1/claims")).data;
  assert.deepEqual(
    claims.map((c: { expires_at: string }) => c.expires_at),
    ["2026-03-01T09:01:00.000Z", "2026-03-02T09:00:00.000Z"],
  );
  const hb = await a.call("POST", `/v1/claims/${claims[0].id}/heartbeat`, { ttl_seconds: 59 });
  assert.equal(hb.status, 400);
});

test("a claim retried with the same Idempotency-Key answers the same claim", async (t) => {
  const a = await api(t);
  await todo(a, "First");
  await todo(a, "Second");
  const key = { "idempotency-key": "claim-once" };
  const first = await a.call("POST", "/v1/claims", {}, key);
  assert.equal(first.status, 201, first.text);
  const again = await a.call("POST", "/v1/claims", {}, key);
  assert.equal(again.status, 201);
  assert.equal(again.headers["idempotent-replayed"], "true");
  assert.deepEqual(again.body, first.body);
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 1, "one lease, not two");
});

test("expiry: the issue returns to ready work, another agent claims it, and the old token is refused with lease_lost", async (t) => {
  const a = await api(t);
  const one = await agent(a.env.core, a.workspaceId, a.personId, "one");
  const two = await agent(a.env.core, a.workspaceId, a.personId, "two");
  await todo(a, "Contested");
  await todo(a, "Other");
  const first = await ok(a, "POST", "/v1/claims", { issue: "ENG-1", ttl_seconds: 60 }, one.headers);
  const fence = (token: number, agentOf: Agent) => ({
    ...agentOf.headers,
    "docket-fencing-token": String(token),
  });

  // with its live token the holder writes
  await ok(a, "PATCH", "/v1/issues/ENG-1", { description: "Working on it" }, fence(1, one));
  const hb = await ok(a, "POST", `/v1/claims/${first.id}/heartbeat`, {}, one.headers);
  assert.equal(hb.expires_at, "2026-03-01T09:01:00.000Z");
  assert.equal(hb.heartbeat_at, "2026-03-01T09:00:00.000Z");

  a.env.clock.advance(61_000);
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 0, "a lease that ran out is not live");
  const late = await a.call("POST", `/v1/claims/${first.id}/heartbeat`, {}, one.headers);
  assert.equal(late.status, 409, late.text);
  assert.equal(late.body.error, "lease_lost");

  // the next claim attempt notices: it is ready work again, and the second agent gets it
  const second = await ok(a, "POST", "/v1/claims", { priority: ["none"] }, two.headers);
  assert.equal(second.issue.identifier, "ENG-1");
  assert.equal(second.fencing_token, 2);
  assert.equal((await ok(a, "GET", `/v1/claims/${first.id}`)).id, first.id);

  const before = await ok(a, "GET", "/v1/issues/ENG-1");
  for (const [method, url, body] of [
    ["PATCH", "/v1/issues/ENG-1", { description: "Overwritten by a ghost" }],
    ["POST", "/v1/issues/ENG-1/ice", {}],
    ["POST", "/v1/issues/ENG-1/dependencies", { blocks: ["ENG-2"] }],
  ] as const) {
    const stale = await a.call(method, url, body, fence(1, one));
    assert.equal(stale.status, 409, `${url}: ${stale.text}`);
    assert.equal(stale.body.error, "lease_lost");
  }
  assert.deepEqual(await ok(a, "GET", "/v1/issues/ENG-1"), before, "nothing changed");
  const current = await ok(a, "PATCH", "/v1/issues/ENG-1", { description: "Mine now" }, fence(2, two));
  assert.equal(current.description, "Mine now");
  // a token never given out is no lost lease: the client sent a wrong number
  const future = await a.call("PATCH", "/v1/issues/ENG-1", { description: "x" }, fence(3, two));
  assert.equal(future.status, 400, future.text);
  assert.equal(future.body.error, "invalid_request");
  assert.match(future.body.error_description, /fencing token 3 was never given out for ENG-1/);

  const bad = await a.call(
    "PATCH",
    "/v1/issues/ENG-1",
    { description: "x" },
    { "docket-fencing-token": "two" },
  );
  assert.equal(bad.status, 400);
  assert.ok(bad.body.fields["header.Docket-Fencing-Token"]);
  // only plain decimal digits are a fencing token: nothing lenient is taken for another number
  for (const form of [" 2", "2 ", "0x2", "2e0", "+2", "02", "2.0", "1.5", "0", "-2", "", "9".repeat(17)]) {
    const odd = await a.call(
      "PATCH",
      "/v1/issues/ENG-1",
      { description: "x" },
      { "docket-fencing-token": form },
    );
    assert.equal(odd.status, 400, `${JSON.stringify(form)}: ${odd.text}`);
    assert.equal(odd.body.error, "invalid_request");
    assert.ok(odd.body.fields["header.Docket-Fencing-Token"], form);
  }
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-1")).description, "Mine now", "no odd form wrote");
  const notFenced = await a.call("POST", "/v1/issues", { title: "x" }, { "docket-fencing-token": "1" });
  assert.equal(notFenced.status, 400);

  const acts = (await activity(a, "claim")).map((r) => [r.subject_id, r.action]);
  assert.deepEqual(acts, [
    [first.id, "created"],
    [first.id, "expired"],
    [second.id, "created"],
  ]);
});

test("housekeeping ends claims that ran out: the issue goes back to todo and claim.expired is recorded", async (t) => {
  const a = await api(t);
  await todo(a, "Left behind");
  const claim = await ok(a, "POST", "/v1/claims", { ttl_seconds: 60 });
  a.env.clock.advance(30_000);
  assert.equal((await sweepExpired(a.env.core)).expired_claims, 0, "not yet");
  a.env.clock.advance(30_000);
  assert.equal((await sweepExpired(a.env.core)).expired_claims, 1);
  const issue = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.equal(issue.status, "todo");
  assert.equal(issue.assignee, null);
  assert.equal(issue.ready, true);
  const acts = await activity(a, "claim");
  assert.deepEqual(
    acts.map((r) => r.action),
    ["created", "expired"],
  );
  assert.equal(acts[1]!.subject_id, claim.id);
  assert.equal((await sweepExpired(a.env.core)).expired_claims, 0, "once");
});

test("claims are events: claim.created, claim.released and claim.expired, with the issue's changes beside them", async (t) => {
  const a = await api(t);
  await todo(a, "First");
  await todo(a, "Second");
  const first = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" });
  await ok(a, "DELETE", `/v1/claims/${first.id}`);
  const second = await ok(a, "POST", "/v1/claims", { issue: "ENG-2", ttl_seconds: 60 });
  a.env.clock.advance(61_000);
  await sweepExpired(a.env.core);
  const feed = await ok(a, "GET", "/v1/events?type=claim.*&limit=100");
  assert.deepEqual(
    feed.data.map((e: { type: string; object: { id: string; url: string } }) => [e.type, e.object.id]),
    [
      ["claim.created", first.id],
      ["claim.released", first.id],
      ["claim.created", second.id],
      ["claim.expired", second.id],
    ],
  );
  assert.equal(feed.data[0].object.url, `/v1/claims/${first.id}`);
  assert.equal(feed.data[0].data.changes.fencing_token.to, first.fencing_token);
  // what the claim did to the issue is the issue's own update
  const issueEvents = await ok(a, "GET", `/v1/events?type=issue.updated&object=${first.issue.id}`);
  assert.ok(issueEvents.data.length >= 2, "in progress, then back to todo");
});

test("completing or canceling the issue ends its claim; a holder's own status change is kept on release", async (t) => {
  const a = await api(t);
  await todo(a, "Finish me");
  await todo(a, "Review me");
  const done = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" });
  await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "done" }, { "docket-fencing-token": "1" });
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 0);
  const released = await activity(a, "claim");
  assert.deepEqual(JSON.parse(released.at(-1)!.changes), { reason: { from: null, to: "completed" } });
  assert.equal(released.at(-1)!.subject_id, done.id);

  const review = await ok(a, "POST", "/v1/claims", { issue: "ENG-2" });
  await ok(a, "PATCH", "/v1/issues/ENG-2", { status: "in_review" });
  await ok(a, "DELETE", `/v1/claims/${review.id}`);
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-2")).status, "in_review");
  const closed = await a.call("POST", "/v1/claims", { issue: "ENG-1" });
  assert.equal(closed.status, 409, "a done issue cannot be claimed");
});

test("revoking an agent connection releases its claims", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "bot");
  await todo(a, "One");
  await todo(a, "Two");
  await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, bot.headers);
  await ok(a, "POST", "/v1/claims", { issue: "ENG-2" }, bot.headers);
  assert.equal((await ok(a, "GET", `/v1/claims?holder=${bot.id}`)).data.length, 2);
  assert.equal(await revokeConnection(a.env.core, bot.id, "revoked by the person in settings"), true);
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 0);
  const issues = (await ok(a, "GET", "/v1/issues?ready=true")).data;
  assert.deepEqual(
    issues.map((i: { status: string; assignee: unknown }) => [i.status, i.assignee]),
    [
      ["todo", null],
      ["todo", null],
    ],
  );
  const acts = await activity(a, "claim");
  assert.deepEqual(
    acts.map((r) => [r.action, JSON.parse(r.changes).reason?.to ?? null]),
    [
      ["created", null],
      ["created", null],
      ["released", "revoked"],
      ["released", "revoked"],
    ],
  );
});

test("suspending a person or removing them from the workspace ends their agents' claims", async (t) => {
  const a = await api(t);
  for (const email of ["bob@example.com", "cy@example.com"]) {
    await createPerson(a.env.core, { email, name: email.slice(0, 3) });
    await addMember(a.env.core, { workspace: "acme", email, role: "member" });
  }
  const people = await a.env.core.db.selectFrom("people").select(["id", "email"]).execute();
  const idOf = (email: string) => people.find((p) => p.email === email)!.id;
  const bob = await agent(a.env.core, a.workspaceId, idOf("bob@example.com"), "bobs");
  const cy = await agent(a.env.core, a.workspaceId, idOf("cy@example.com"), "cys");
  await todo(a, "One");
  await todo(a, "Two");
  await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, bob.headers);
  await ok(a, "POST", "/v1/claims", { issue: "ENG-2" }, cy.headers);
  await setSuspended(a.env.core, "bob@example.com", true);
  assert.deepEqual(
    (await ok(a, "GET", "/v1/claims")).data.map((c: { issue: { identifier: string } }) => c.issue.identifier),
    ["ENG-2"],
  );
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-1")).status, "todo");
  await removeMember(a.env.core, "acme", "cy@example.com");
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 0);
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-2")).assignee, null);
});

test("read-only tokens and connections cannot claim; another workspace's issue is not found", async (t) => {
  const a = await api(t);
  await todo(a, "Mine");
  const reader = await agent(a.env.core, a.workspaceId, a.personId, "reader", ["workspace.read"]);
  for (const headers of [reader.headers, bearer(a.readOnlyToken)]) {
    const res = await a.call("POST", "/v1/claims", { issue: "ENG-1" }, headers);
    assert.equal(res.status, 403, res.text);
    assert.equal(res.body.error, "insufficient_scope");
  }
  assert.equal((await ok(a, "GET", "/v1/claims", undefined, reader.headers)).data.length, 0);

  const other = await seed(a.env.core, "globex", "grace@example.com");
  const theirs = await a.call("POST", "/v1/issues", { title: "Theirs", status: "todo" }, bearer(other.token));
  assert.equal(theirs.body.identifier, "ENG-1");
  const byId = await a.call("POST", "/v1/claims", { issue: theirs.body.id });
  assert.equal(byId.status, 404, byId.text);
  const mine = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" });
  assert.notEqual(mine.issue.id, theirs.body.id);
  const stranger = await a.call("DELETE", `/v1/claims/${mine.id}`, undefined, bearer(other.token));
  assert.equal(stranger.status, 404);
  assert.equal((await a.call("POST", "/v1/claims", {}, bearer(other.token))).status, 201, "their own work");
});

// ---------------------------------------------------------------------------------------------------
// Races over real sockets

interface Instance {
  core: Core;
  url: string;
}

/** A store with a pool big enough for the race, a core and a listening app on port 0. */
async function instance(t: TestContext, databaseUrl: string, clock: ManualClock): Promise<Instance> {
  const config = testConfig(databaseUrl, { REST_RATE_LIMIT: "0" });
  const store = openStore(config.database, { poolSize: 20 });
  const core = createCore(config, store, { clock, limiter: new MemoryRateLimiter(clock) });
  t.after(() => store.close());
  await store.migrate();
  const server = await app(t, core);
  await server.listen({ port: 0, host: "127.0.0.1" });
  return { core, url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
}

async function race(t: TestContext, instances = 1) {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const clock = new ManualClock("2026-03-01T09:00:00.000Z");
  const first = await instance(t, database.url, clock);
  const seeded = await seed(first.core);
  const all = [first];
  for (let i = 1; i < instances; i++) all.push(await instance(t, database.url, clock));
  const agents: Agent[] = [];
  for (let i = 0; i < 32; i++)
    agents.push(await agent(first.core, seeded.workspaceId, seeded.personId, `agent ${i}`));
  const post = async (url: string, token: string, body: unknown): Promise<ApiCall> => {
    const res = await fetch(url, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: {}, body: JSON.parse(text), text };
  };
  return { all, seeded, agents, post };
}

test("32 agents race for 10 ready issues over real HTTP: exactly 10 win, on 10 distinct issues", async (t) => {
  const { all, seeded, agents, post } = await race(t);
  const base = all[0]!.url;
  for (let i = 0; i < 10; i++)
    await post(`${base}/v1/issues`, seeded.token, { title: `Ready ${i}`, status: "todo" });
  const answers = await Promise.all(agents.map((g) => post(`${base}/v1/claims`, g.token, {})));
  const won = answers.filter((r) => r.status === 201);
  const lost = answers.filter((r) => r.status !== 201);
  assert.equal(won.length, 10, answers.map((r) => r.text).join("\n"));
  assert.equal(new Set(won.map((r) => r.body.issue.id)).size, 10, "10 distinct issues");
  assert.deepEqual([...new Set(lost.map((r) => `${r.status} ${r.body.error}`))], ["404 no_ready_issue"]);
  assert.equal(lost.length, 22);
  assert.deepEqual([...new Set(won.map((r) => r.body.fencing_token))], [1]);
});

test("16 agents race for one named issue over real HTTP: exactly one wins", async (t) => {
  const { all, seeded, agents, post } = await race(t);
  const base = all[0]!.url;
  await post(`${base}/v1/issues`, seeded.token, { title: "The one", status: "todo" });
  const answers = await Promise.all(
    agents.slice(0, 16).map((g) => post(`${base}/v1/claims`, g.token, { issue: "ENG-1" })),
  );
  assert.equal(answers.filter((r) => r.status === 201).length, 1, answers.map((r) => r.text).join("\n"));
  assert.deepEqual(
    [...new Set(answers.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body.error}`))],
    ["409 already_claimed"],
  );
});

test("two service instances on one PostgreSQL: exactly one claim per issue", {
  skip: ON_POSTGRES ? false : "PostgreSQL only",
}, async (t) => {
  const { all, seeded, agents, post } = await race(t, 2);
  for (let i = 0; i < 10; i++)
    await post(`${all[0]!.url}/v1/issues`, seeded.token, { title: `Ready ${i}`, status: "todo" });
  const answers = await Promise.all(
    agents.map((g, i) => post(`${all[i % 2]!.url}/v1/claims`, g.token, i < 16 ? {} : { issue: "ENG-1" })),
  );
  const won = answers.filter((r) => r.status === 201);
  assert.equal(won.length, 10, answers.map((r) => r.text).join("\n"));
  assert.equal(new Set(won.map((r) => r.body.issue.id)).size, 10);
  const rows = await all[0]!.core.db.selectFrom("claims").select(["issue_id"]).execute();
  assert.equal(rows.length, 10, "no double claim recorded");
});
