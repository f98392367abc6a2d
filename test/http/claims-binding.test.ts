import assert from "node:assert/strict";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import type { Core } from "../../src/core.ts";
import { sweepExpired } from "../../src/housekeeping.ts";
import { WEB_VIA } from "../../src/tracker/context.ts";
import { updateIssue } from "../../src/tracker/issues.ts";
import { type Api, api, bearer } from "../support.ts";

/**
 * Claims that bind (REST, both stores): while an issue is claimed, only its holding connection writes
 * to it; a person may always act, and their change ends the claim; a named claim of a person's work or
 * of blocked work needs take_over / force; a release gives back what the claim took; retries are safe.
 */

async function agent(core: Core, workspaceId: string, personId: string, name: string) {
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId,
    personId,
    name,
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(core, connection);
  return { id: connection.id, headers: bearer(access_token) };
}

async function ok(a: Api, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

async function claimEvents(a: Api) {
  const rows = await a.env.core.db
    .selectFrom("activity")
    .select(["subject_id", "action", "changes"])
    .where("subject_type", "=", "claim")
    .orderBy("id")
    .execute();
  return rows.map((r) => [r.subject_id, r.action, JSON.parse(r.changes).reason?.to ?? null]);
}

test("another connection's writes to a claimed issue are refused with claimed, naming the holder and expiry; nothing changes", async (t) => {
  const a = await api(t);
  const one = await agent(a.env.core, a.workspaceId, a.personId, "one");
  const two = await agent(a.env.core, a.workspaceId, a.personId, "two");
  await ok(a, "POST", "/v1/issues", { title: "Held", status: "todo", labels: ["api"] });
  await ok(a, "POST", "/v1/issues", { title: "Other", status: "todo" });
  const claim = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, one.headers);
  const before = await ok(a, "GET", "/v1/issues/ENG-1");

  for (const [method, url, body] of [
    ["PATCH", "/v1/issues/ENG-1", { title: "Taken" }],
    ["PATCH", "/v1/issues/ENG-1", { status: "in_review" }],
    ["PATCH", "/v1/issues/ENG-1", { labels: ["web"] }],
    ["POST", "/v1/issues/ENG-1/ice", {}],
    ["POST", "/v1/issues/ENG-1/dependencies", { blocks: ["ENG-2"] }],
    ["POST", "/v1/issues/ENG-1/comments", { body: "I'll do it" }],
  ] as const) {
    const res = await a.call(method, url, body, two.headers);
    assert.equal(res.status, 409, `${method} ${url}: ${res.text}`);
    assert.equal(res.body.error, "claimed");
    assert.equal(res.body.holder.id, one.id, "the holder is named");
    assert.equal(res.body.holder.type, "agent");
    assert.equal(res.body.expires_at, claim.expires_at);
    assert.equal(res.body.claim.id, claim.id);
    assert.match(
      res.body.error_description,
      /ENG-1 is claimed by one \(for Ada\) until .*only that connection/,
    );
  }
  // even with the holder's fencing token: the token does not make another connection the holder
  const copied = await a.call(
    "PATCH",
    "/v1/issues/ENG-1",
    { title: "Copied" },
    { ...two.headers, "docket-fencing-token": String(claim.fencing_token) },
  );
  assert.equal(copied.status, 409);
  assert.equal(copied.body.error, "claimed");
  assert.deepEqual(await ok(a, "GET", "/v1/issues/ENG-1"), before, "nothing changed");
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-1/comments")).data.length, 0);

  // the holder writes without a token; the claim stays
  const mine = await ok(a, "PATCH", "/v1/issues/ENG-1", { title: "Held and changed" }, one.headers);
  assert.equal(mine.title, "Held and changed");
  await ok(a, "POST", "/v1/issues/ENG-1/comments", { body: "On it" }, one.headers);
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 1);

  // once the lease runs out, the other connection may write again
  a.env.clock.advance(31 * 60_000);
  await ok(a, "PATCH", "/v1/issues/ENG-1", { priority: "high" }, two.headers);
});

test("a person may always act: their change through a personal access token or the web app ends the claim (taken_over_by_person); a comment leaves it", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "bot");
  await ok(a, "POST", "/v1/issues", { title: "First", status: "todo" });
  await ok(a, "POST", "/v1/issues", { title: "Second", status: "todo" });

  const first = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, bot.headers);
  // a person's comment is conversation, not a change: the claim stays
  await ok(a, "POST", "/v1/issues/ENG-1/comments", { body: "Mind the cookies" });
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 1);
  // Ada's token (a person) changes the title: allowed, and the claim ends
  const changed = await ok(a, "PATCH", "/v1/issues/ENG-1", { title: "First, by Ada" });
  assert.equal(changed.title, "First, by Ada");
  assert.equal(changed.status, "in_progress", "the person's change is all that changes");
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 0);
  const ended = await ok(a, "GET", `/v1/claims/${first.id}`);
  assert.equal(ended.ended, "taken_over_by_person");
  // the agent learns it has lost the issue, and what to do
  const beat = await a.call("POST", `/v1/claims/${first.id}/heartbeat`, {}, bot.headers);
  assert.equal(beat.status, 409, beat.text);
  assert.equal(beat.body.error, "lease_lost");
  assert.match(beat.body.error_description, /a person took ENG-1 over; leave it and pick other work/);
  // and its writes are its own again (no claim binds the issue now)
  await ok(a, "PATCH", "/v1/issues/ENG-1", { priority: "low" }, bot.headers);

  // the web app: a person signed in (via `web`)
  const second = await ok(a, "POST", "/v1/claims", { issue: "ENG-2" }, bot.headers);
  const webCtx = {
    core: a.env.core,
    workspaceId: a.workspaceId,
    actor: { personId: a.personId, via: WEB_VIA },
  };
  await updateIssue(webCtx, "ENG-2", { status: "todo" });
  const issue = await ok(a, "GET", "/v1/issues/ENG-2");
  assert.equal(issue.status, "todo");
  assert.equal((await ok(a, "GET", `/v1/claims/${second.id}`)).ended, "taken_over_by_person");

  assert.deepEqual(await claimEvents(a), [
    [first.id, "created", null],
    [first.id, "released", "taken_over_by_person"],
    [second.id, "created", null],
    [second.id, "released", "taken_over_by_person"],
  ]);
  const feed = await ok(a, "GET", "/v1/events?type=claim.released");
  assert.deepEqual(
    feed.data.map((e: { data: { changes: { reason: { to: string } } } }) => e.data.changes.reason.to),
    ["taken_over_by_person", "taken_over_by_person"],
  );
});

test("heartbeat and release belong to the holding connection: another connection of the same person is refused; the person may release", async (t) => {
  const a = await api(t);
  const one = await agent(a.env.core, a.workspaceId, a.personId, "one");
  const two = await agent(a.env.core, a.workspaceId, a.personId, "two");
  await ok(a, "POST", "/v1/issues", { title: "Held", status: "todo" });
  const claim = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, one.headers);

  for (const [method, url] of [
    ["POST", `/v1/claims/${claim.id}/heartbeat`],
    ["DELETE", `/v1/claims/${claim.id}`],
  ] as const) {
    const res = await a.call(method, url, method === "POST" ? {} : undefined, two.headers);
    assert.equal(res.status, 403, `${method}: ${res.text}`);
    assert.equal(res.body.error, "not_holder");
    assert.match(res.body.error_description, /held by one \(for Ada\), not by this connection/);
    assert.equal(res.body.holder.id, one.id);
  }
  // the person renews nothing (only the holding connection keeps a lease alive) …
  const personBeat = await a.call("POST", `/v1/claims/${claim.id}/heartbeat`, {});
  assert.equal(personBeat.status, 403);
  // … but may release their own agent's claim
  const released = await ok(a, "DELETE", `/v1/claims/${claim.id}`);
  assert.equal(released.ended, "released");
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-1")).status, "todo");
});

test("a named claim of a person's work in progress is assigned_to_person unless take_over; a blocked one not_ready unless force", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "bot");
  await ok(a, "POST", "/v1/issues", { title: "Ada's", status: "in_progress", assignee: "me" });
  await ok(a, "POST", "/v1/issues", { title: "Blocker", status: "todo" });
  await ok(a, "POST", "/v1/issues", { title: "Blocked", status: "todo", blockedBy: ["ENG-2"] });

  const refused = await a.call("POST", "/v1/claims", { issue: "ENG-1" }, bot.headers);
  assert.equal(refused.status, 409, refused.text);
  assert.equal(refused.body.error, "assigned_to_person");
  assert.equal(refused.body.assignee.id, a.personId);
  assert.match(refused.body.error_description, /ENG-1 is in progress with Ada; .*take_over: true/);
  const untouched = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.equal(untouched.assignee.id, a.personId);

  const took = await ok(a, "POST", "/v1/claims", { issue: "ENG-1", take_over: true }, bot.headers);
  assert.equal(took.holder.id, bot.id);
  // the release gives it back to Ada, in progress
  await ok(a, "DELETE", `/v1/claims/${took.id}`, undefined, bot.headers);
  const back = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.equal(back.status, "in_progress");
  assert.equal(back.assignee.id, a.personId);

  // Ada herself may claim what she has in progress
  const own = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" });
  await ok(a, "DELETE", `/v1/claims/${own.id}`);

  const blocked = await a.call("POST", "/v1/claims", { issue: "ENG-3" }, bot.headers);
  assert.equal(blocked.status, 409, blocked.text);
  assert.equal(blocked.body.error, "not_ready");
  assert.deepEqual(blocked.body.blocked_by, [{ identifier: "ENG-2", status: "todo" }]);
  assert.match(blocked.body.error_description, /ENG-3 is blocked by ENG-2 \(todo\); .*force: true/);
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-3")).status, "todo");
  const forced = await ok(a, "POST", "/v1/claims", { issue: "ENG-3", force: true }, bot.headers);
  assert.equal(forced.issue.identifier, "ENG-3");

  for (const field of ["take_over", "force"]) {
    const bad = await a.call("POST", "/v1/claims", { [field]: true }, bot.headers);
    assert.equal(bad.status, 400, bad.text);
    assert.ok(bad.body.fields[`body.${field}`] ?? bad.body.fields[field], bad.text);
    const notBool = await a.call("POST", "/v1/claims", { issue: "ENG-2", [field]: "yes" }, bot.headers);
    assert.equal(notBool.status, 400);
  }
});

test("a release, an expiry and a revocation give back the status and assignee the issue had; one left in_review stays", async (t) => {
  const a = await api(t);
  await createPerson(a.env.core, { email: "bob@example.com", name: "Bob" });
  await addMember(a.env.core, { workspace: "acme", email: "bob@example.com", role: "member" });
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "bot");
  await ok(a, "POST", "/v1/issues", { title: "Bob's backlog", assignee: "bob@example.com" });
  await ok(a, "POST", "/v1/issues", { title: "Expires", status: "backlog" });
  await ok(a, "POST", "/v1/issues", { title: "Reviewed", status: "todo" });

  const c1 = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, bot.headers);
  const held = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.equal(held.status, "in_progress");
  assert.equal(held.assignee.id, bot.id);
  await ok(a, "DELETE", `/v1/claims/${c1.id}`, undefined, bot.headers);
  const back = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.equal(back.status, "backlog");
  assert.equal(back.assignee.email, "bob@example.com");

  await ok(a, "POST", "/v1/claims", { issue: "ENG-2", ttl_seconds: 60 }, bot.headers);
  a.env.clock.advance(61_000);
  assert.equal((await sweepExpired(a.env.core)).expired_claims, 1);
  const expired = await ok(a, "GET", "/v1/issues/ENG-2");
  assert.equal(expired.status, "backlog");
  assert.equal(expired.assignee, null);

  const c3 = await ok(a, "POST", "/v1/claims", { issue: "ENG-3" }, bot.headers);
  await ok(a, "PATCH", "/v1/issues/ENG-3", { status: "in_review" }, bot.headers);
  await ok(a, "DELETE", `/v1/claims/${c3.id}`, undefined, bot.headers);
  const reviewed = await ok(a, "GET", "/v1/issues/ENG-3");
  assert.equal(reviewed.status, "in_review", "its holder's move to in_review stays");
  assert.equal(reviewed.assignee.id, bot.id);
});

test("retries are safe: a claim of the next issue with the same filters answers the live claim; other filters take another", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "bot");
  const other = await agent(a.env.core, a.workspaceId, a.personId, "other");
  for (const [title, labels] of [
    ["A", ["api", "web"]],
    ["B", ["api"]],
    ["C", []],
  ] as const)
    await ok(a, "POST", "/v1/issues", { title, status: "todo", labels });

  const first = await ok(a, "POST", "/v1/claims", { label: ["api", "web"] }, bot.headers);
  assert.equal(first.resumed, undefined);
  // the same filters in another order (and another ttl): the same claim
  const again = await ok(
    a,
    "POST",
    "/v1/claims",
    { label: ["web", "api", "web"], ttl_seconds: 600 },
    bot.headers,
  );
  assert.equal(again.id, first.id);
  assert.equal(again.fencing_token, first.fencing_token);
  assert.equal(again.resumed, true);
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 1);
  // another connection with the same filters takes another issue
  const theirs = await ok(a, "POST", "/v1/claims", { label: ["api", "web"] }, other.headers);
  assert.notEqual(theirs.issue.identifier, first.issue.identifier);
  // other filters: another issue
  const more = await ok(a, "POST", "/v1/claims", {}, bot.headers);
  assert.notEqual(more.id, first.id);
  assert.equal(more.resumed, undefined);
  // once the claim ended, the same filters take a new issue
  await ok(a, "PATCH", `/v1/issues/${first.issue.identifier}`, { status: "done" }, bot.headers);
  const after = await a.call("POST", "/v1/claims", { label: ["api", "web"] }, bot.headers);
  assert.equal(after.status, 404, "A is done and B is the other agent's");
  assert.deepEqual(
    (await ok(a, "GET", "/v1/claims?holder=me", undefined, bot.headers)).data.map(
      (c: { id: string }) => c.id,
    ),
    [more.id],
  );
});

test("after completion a heartbeat or release is a success that says so; after expiry the error names the next step", async (t) => {
  const a = await api(t);
  const one = await agent(a.env.core, a.workspaceId, a.personId, "one");
  const two = await agent(a.env.core, a.workspaceId, a.personId, "two");
  for (const title of ["Finish", "Lapse", "Taken"])
    await ok(a, "POST", "/v1/issues", { title, status: "todo" });

  const done = await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, one.headers);
  await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "done" }, one.headers);
  for (const [method, url] of [
    ["POST", `/v1/claims/${done.id}/heartbeat`],
    ["DELETE", `/v1/claims/${done.id}`],
  ] as const) {
    const res = await ok(a, method, url, method === "POST" ? {} : undefined, one.headers);
    assert.equal(res.ended, "completed");
    assert.equal(res.id, done.id);
  }
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-1")).status, "done", "nothing reopened");

  const lapse = await ok(a, "POST", "/v1/claims", { issue: "ENG-2", ttl_seconds: 60 }, one.headers);
  const taken = await ok(a, "POST", "/v1/claims", { issue: "ENG-3", ttl_seconds: 60 }, one.headers);
  a.env.clock.advance(61_000);
  // ENG-3 goes to another agent meanwhile
  await ok(a, "POST", "/v1/claims", { issue: "ENG-3" }, two.headers);

  const free = await a.call("POST", `/v1/claims/${lapse.id}/heartbeat`, {}, one.headers);
  assert.equal(free.status, 409);
  assert.equal(free.body.error, "lease_lost");
  assert.match(free.body.error_description, /ran out at .*; ENG-2 is free: claim it again/);
  const held = await a.call("DELETE", `/v1/claims/${taken.id}`, undefined, one.headers);
  assert.equal(held.status, 409);
  assert.equal(held.body.error, "lease_lost");
  assert.match(
    held.body.error_description,
    /ENG-3 is now claimed by two \(for Ada\) until .*pick other work/,
  );
  assert.doesNotMatch(held.body.error_description, /claim it again/);
  // and re-claiming the free one works, as the error said
  await ok(a, "POST", "/v1/claims", { issue: "ENG-2" }, one.headers);
});

test("ready is unblocked; startable is ready, in backlog or todo, and not claimed", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "bot");
  await ok(a, "POST", "/v1/issues", { title: "Backlog" });
  await ok(a, "POST", "/v1/issues", { title: "Todo", status: "todo" });
  await ok(a, "POST", "/v1/issues", { title: "Started", status: "in_progress" });
  await ok(a, "POST", "/v1/issues", { title: "Review", status: "in_review" });
  await ok(a, "POST", "/v1/issues", { title: "Blocked", status: "todo", blockedBy: ["ENG-2"] });
  await ok(a, "POST", "/v1/issues", { title: "Done", status: "done" });
  await ok(a, "POST", "/v1/issues", { title: "Claimed", status: "todo" });
  await ok(a, "POST", "/v1/claims", { issue: "ENG-7" }, bot.headers);
  await ok(a, "POST", "/v1/issues", { title: "Iced", status: "todo" });
  await ok(a, "POST", "/v1/issues/ENG-8/ice", {});

  const ids = async (query: string) =>
    (await ok(a, "GET", `/v1/issues?${query}&sort=created`)).data.map(
      (i: { identifier: string }) => i.identifier,
    );
  assert.deepEqual(await ids("ready=true"), ["ENG-1", "ENG-2", "ENG-3", "ENG-4", "ENG-7"]);
  assert.deepEqual(await ids("startable=true"), ["ENG-1", "ENG-2"]);
  assert.deepEqual(await ids("startable=false"), ["ENG-3", "ENG-4", "ENG-5", "ENG-6", "ENG-7", "ENG-8"]);
  assert.deepEqual(await ids("startable=true&ready=true&status=todo"), ["ENG-2"]);
  const bad = await a.call("GET", "/v1/issues?startable=yes");
  assert.equal(bad.status, 400);
  assert.ok(bad.body.fields["query.startable"], bad.text);
  // what the next claim takes is what startable lists, most urgent first then oldest
  const next = await ok(a, "POST", "/v1/claims", {}, bot.headers);
  assert.equal(next.issue.identifier, "ENG-1");
});
