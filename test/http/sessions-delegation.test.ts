import assert from "node:assert/strict";
import { test } from "node:test";
import { revokeConnection } from "../../src/auth/connections.ts";
import { sweepRuns } from "../../src/tracker/sessions.ts";
import { api } from "../support.ts";
import { agent, ok, refused } from "./sessions-support.ts";

/**
 * Delegation: a person delegates an issue to an agent (with a prompt, or by assigning it): a pending run
 * the agent takes up by claiming the issue or by posting to the run. Housekeeping: silent runs go stale
 * (and revive on their next activity), runs delegated to an agent that is gone end in an error.
 */

test("delegating with a prompt: a pending run, its first activity the prompt; the agent's claim takes it up", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  await ok(a, "POST", "/v1/issues", { title: "Delegated", status: "todo" });
  const res = await a.call("POST", "/v1/issues/ENG-1/sessions", {
    agent: bot.id,
    prompt: "Please fix the flaky test.",
  });
  assert.equal(res.status, 201, res.text);
  const run = res.body;
  assert.equal(run.status, "pending");
  assert.equal(run.claim, null);
  assert.deepEqual(run.agent, { id: bot.id, name: "builder" });
  assert.deepEqual(run.started_by, { type: "person", id: a.personId, name: "Ada" });
  assert.equal(run.activity_count, 1);
  const log = await ok(a, "GET", `/v1/sessions/${run.id}/activities`);
  assert.deepEqual(
    log.data.map((x: { kind: string; body: string; position: number }) => [x.kind, x.body, x.position]),
    [["prompt", "Please fix the flaky test.", 1]],
  );
  const created = await ok(a, "GET", "/v1/events?type=session.created");
  assert.equal(created.data.length, 1);
  assert.equal(created.data[0].data.agent_id, bot.id);
  assert.equal(created.data[0].data.status, "pending");
  // the agent sees it among its runs
  const waiting = await ok(a, "GET", "/v1/sessions?agent=me&status=pending", undefined, bot.headers);
  assert.deepEqual(
    waiting.data.map((s: { id: string }) => s.id),
    [run.id],
  );

  // the agent claims the issue: the claim takes the run up
  const claim = await a.call("POST", "/v1/claims", { issue: "ENG-1" }, bot.headers);
  assert.equal(claim.status, 201, claim.text);
  assert.equal(claim.body.session, run.id);
  const active = await ok(a, "GET", `/v1/sessions/${run.id}`);
  assert.equal(active.status, "active");
  assert.equal(active.claim, claim.body.id);
  // and a claim retried answers the same run
  assert.equal((await ok(a, "POST", "/v1/claims", { issue: "ENG-1" }, bot.headers)).session, run.id);
  // starting a run there now answers it (resumed)
  const started = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1" }, bot.headers);
  assert.equal(started.session.id, run.id);
  assert.equal(started.resumed, true);
});

test("delegating by assignment, taken up by posting; refusals; a pending run stopped ends at once", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  const other = await agent(a.env.core, a.workspaceId, a.personId, "other");
  await ok(a, "POST", "/v1/issues", { title: "Assigned", status: "todo" });
  await ok(a, "PATCH", "/v1/issues/ENG-1", { assignee: bot.id });
  const [run] = (await ok(a, "GET", "/v1/sessions?issue=ENG-1")).data;
  assert.equal(run.status, "pending");
  assert.equal(run.activity_count, 0);
  // assigning again to the same agent makes no second run; an agent assigning makes none
  await ok(a, "PATCH", "/v1/issues/ENG-1", { title: "Assigned, renamed" });
  assert.equal((await ok(a, "GET", "/v1/sessions")).data.length, 1);
  await ok(a, "POST", "/v1/issues", { title: "Self-assigned", status: "todo", assignee: "me" }, bot.headers);
  assert.equal((await ok(a, "GET", "/v1/sessions?issue=ENG-2")).data.length, 0);

  // another agent cannot post to it; the agent's first activity takes it up (it claims the issue)
  await refused(
    a,
    403,
    "not_session_agent",
    "POST",
    `/v1/sessions/${run.id}/activities`,
    { activities: [{ id: "x", kind: "thought" }] },
    other.headers,
  );
  const posted = await ok(
    a,
    "POST",
    `/v1/sessions/${run.id}/activities`,
    { activities: [{ id: "hello", kind: "thought", body: "On it." }] },
    bot.headers,
  );
  assert.equal(posted.session.status, "active");
  assert.match(posted.session.claim, /^clm_/);
  const issue = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.equal(issue.status, "in_progress");
  assert.equal(issue.assignee.id, bot.id);

  // refusals: a closed issue, an unknown agent, an agent delegating, a live run already there
  await ok(a, "POST", "/v1/issues", { title: "Closed", status: "done" });
  await refused(a, 409, "conflict", "POST", "/v1/issues/ENG-3/sessions", { agent: bot.id, prompt: "x" });
  const unknown = await refused(a, 400, "invalid_request", "POST", "/v1/issues/ENG-2/sessions", {
    agent: "con_01JZZZZZZZZZZZZZZZZZZZZZZZ",
    prompt: "x",
  });
  assert.ok("body.agent" in unknown.fields, JSON.stringify(unknown));
  await refused(a, 400, "invalid_request", "POST", "/v1/issues/ENG-2/sessions", {
    agent: bot.id,
    prompt: " ",
  });
  await refused(
    a,
    403,
    "forbidden",
    "POST",
    "/v1/issues/ENG-2/sessions",
    { agent: other.id, prompt: "x" },
    bot.headers,
  );
  await refused(a, 409, "session_active", "POST", "/v1/issues/ENG-1/sessions", {
    agent: other.id,
    prompt: "x",
  });
  await refused(a, 404, "not_found", "POST", "/v1/issues/ENG-404/sessions", { agent: other.id, prompt: "x" });
  assert.equal((await ok(a, "GET", "/v1/sessions")).data.length, 1, "nothing made");

  // a pending run stopped ends at once (no claim to wait for)
  const waiting = await ok(a, "POST", "/v1/issues/ENG-2/sessions", { agent: other.id, prompt: "Later" });
  const stopped = await ok(a, "POST", `/v1/sessions/${waiting.id}/stop`, {});
  assert.equal(stopped.status, "stopped");
  assert.equal(stopped.status_reason, "stop_requested");
  assert.ok(stopped.ended_at);
});

test("housekeeping: a silent run goes stale (its person told) and revives on its next activity; a run for a revoked agent ends", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  const gone = await agent(a.env.core, a.workspaceId, a.personId, "gone");
  await ok(a, "POST", "/v1/issues", { title: "Long", status: "todo" });
  await ok(a, "POST", "/v1/issues", { title: "Orphan", status: "todo" });
  const { session } = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1", ttl_seconds: 7200 }, bot.headers);
  const url = `/v1/sessions/${session.id}/activities`;
  await ok(a, "POST", url, { activities: [{ id: "1", kind: "thought", body: "thinking" }] }, bot.headers);
  a.env.clock.advance(29 * 60_000);
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 0, stale: 0, orphaned: 0 });
  a.env.clock.advance(60_000);
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 0, stale: 1, orphaned: 0 });
  const stale = await ok(a, "GET", `/v1/sessions/${session.id}`);
  assert.deepEqual([stale.status, stale.status_reason], ["stale", "silent"]);
  const told = await ok(a, "GET", "/v1/inbox?kind=session_stale");
  assert.equal(told.data.length, 1);
  assert.match(told.data[0].title, /builder's run on ENG-1 went silent/);
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 0, stale: 0, orphaned: 0 }, "once");
  const back = await ok(
    a,
    "POST",
    url,
    { activities: [{ id: "2", kind: "thought", body: "back" }] },
    bot.headers,
  );
  assert.equal(back.session.status, "active");
  assert.equal(back.session.status_reason, null);

  // a run delegated to a connection that is then revoked ends in an error
  const orphan = await ok(a, "POST", "/v1/issues/ENG-2/sessions", { agent: gone.id, prompt: "Do it" });
  await revokeConnection(a.env.core, gone.id, "revoked");
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 0, stale: 0, orphaned: 1 });
  const ended = await ok(a, "GET", `/v1/sessions/${orphan.id}`);
  assert.deepEqual([ended.status, ended.status_reason], ["error", "agent_gone"]);
  assert.equal((await ok(a, "GET", "/v1/inbox?kind=session_error")).data.length, 1);
});

test("an issue delegated to one agent is not another's next issue; its own agent's next claim takes it up", async (t) => {
  const a = await api(t);
  const x = await agent(a.env.core, a.workspaceId, a.personId, "x");
  const y = await agent(a.env.core, a.workspaceId, a.personId, "y");
  await ok(a, "POST", "/v1/issues", { title: "For x", status: "todo", priority: "urgent" });
  await ok(a, "POST", "/v1/issues", { title: "Anyone's", status: "todo" });
  const run = await ok(a, "POST", "/v1/issues/ENG-1/sessions", { agent: x.id, prompt: "Yours" });
  const ys = await ok(a, "POST", "/v1/claims", {}, y.headers);
  assert.equal(ys.issue.identifier, "ENG-2", "the urgent one waits for x");
  assert.equal(ys.session, undefined, "a plain claim starts no run");
  const xs = await ok(a, "POST", "/v1/claims", {}, x.headers);
  assert.equal(xs.issue.identifier, "ENG-1");
  assert.equal(xs.session, run.id);
  assert.equal((await ok(a, "GET", `/v1/sessions/${run.id}`)).status, "active");
});

test("a space sets how long a silent run stays live: session_stale_minutes (admins; 5 minutes to a week)", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  assert.equal((await ok(a, "GET", "/v1/spaces/ENG")).session_stale_minutes, 30);
  for (const bad of [4, 10_081, 7.5, "10"]) {
    const refusal = await refused(a, 400, "invalid_request", "PATCH", "/v1/spaces/ENG", {
      session_stale_minutes: bad,
    });
    assert.ok(refusal.fields["body.session_stale_minutes"], JSON.stringify(refusal));
  }
  await refused(a, 403, "forbidden", "PATCH", "/v1/spaces/ENG", { session_stale_minutes: 10 }, bot.headers);
  assert.equal((await ok(a, "GET", "/v1/spaces/ENG")).session_stale_minutes, 30, "refusals change nothing");
  const set = await ok(a, "PATCH", "/v1/spaces/ENG", { session_stale_minutes: 10 });
  assert.equal(set.session_stale_minutes, 10);
  const changed = await ok(a, "GET", "/v1/events?type=space.updated");
  assert.deepEqual(changed.data.at(-1).data.changes.session_stale_minutes, { from: 30, to: 10 });

  await ok(a, "POST", "/v1/issues", { title: "Quick", status: "todo" });
  const { session } = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1", ttl_seconds: 7200 }, bot.headers);
  await ok(
    a,
    "POST",
    `/v1/sessions/${session.id}/activities`,
    { activities: [{ id: "1", kind: "thought", body: "thinking" }] },
    bot.headers,
  );
  a.env.clock.advance(9 * 60_000);
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 0, stale: 0, orphaned: 0 });
  a.env.clock.advance(60_000);
  assert.deepEqual(await sweepRuns(a.env.core), { stopped: 0, stale: 1, orphaned: 0 });
  assert.equal((await ok(a, "GET", `/v1/sessions/${session.id}`)).status, "stale");
});
