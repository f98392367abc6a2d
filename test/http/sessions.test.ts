import assert from "node:assert/strict";
import { test } from "node:test";
import { api, bearer } from "../support.ts";
import { agent, ok, refused, usage } from "./sessions-support.ts";

/**
 * Agent runs over REST: an agent starts a run (which claims the issue), logs activities with usage,
 * asks a person (awaiting_input, an inbox item), is answered (a prompt) and completes; retries store
 * nothing twice; the limits refuse a batch whole; one live run per issue; people prompt and stop, agents
 * never; another agent cannot write a run; another workspace's run is 404.
 */

test("a run: start, activities with usage, a question, a person's answer, complete; the feed shows it", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  await ok(a, "POST", "/v1/issues", { title: "Fix the login", status: "todo" });

  const started = await a.call("POST", "/v1/sessions", { issue: "eng-1" }, bot.headers);
  assert.equal(started.status, 201, started.text);
  const { session, claim, resumed } = started.body;
  assert.match(session.id, /^ses_/);
  assert.equal(resumed, false);
  assert.equal(session.status, "active");
  assert.equal(session.claim, claim.id);
  assert.equal(claim.fencing_token, 1);
  assert.equal(claim.session, session.id);
  assert.deepEqual(session.agent, { id: bot.id, name: "builder" });
  assert.deepEqual(session.person, { id: a.personId, name: "Ada" });
  assert.deepEqual(session.started_by, { type: "agent", id: bot.id, name: "builder" });
  assert.equal(session.issue.identifier, "ENG-1");
  assert.equal(session.issue.status, "in_progress");
  assert.equal(session.unresponsive, false);

  // a retry answers the same run
  const again = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1" }, bot.headers);
  assert.equal(again.session.id, session.id);
  assert.equal(again.resumed, true);
  assert.equal(again.claim.id, claim.id);

  // no activity 10 s after it began: unresponsive (shown, not a status)
  a.env.clock.advance(11_000);
  const quiet = await ok(a, "GET", `/v1/sessions/${session.id}`);
  assert.equal(quiet.unresponsive, true);
  assert.equal(quiet.status, "active");

  const url = `/v1/sessions/${session.id}/activities`;
  const posted = await ok(
    a,
    "POST",
    url,
    {
      activities: [
        { id: "t1", kind: "thought", body: "Reading the code", usage: usage(100) },
        {
          id: "a1",
          kind: "action",
          action: { name: "run_tests", parameter: "npm test", result: "3 failed" },
          usage: usage(50),
        },
      ],
    },
    bot.headers,
  );
  assert.deepEqual(
    posted.activities.map((x: { client_id: string; created: boolean; position: number }) => [
      x.client_id,
      x.created,
      x.position,
    ]),
    [
      ["t1", true, 1],
      ["a1", true, 2],
    ],
  );
  assert.deepEqual(posted.activities[1].action, {
    name: "run_tests",
    parameter: "npm test",
    result: "3 failed",
  });
  assert.deepEqual(posted.session.usage, {
    input_tokens: 150,
    output_tokens: 300,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    cost_micros: 1500,
  });
  assert.equal(posted.session.unresponsive, false);
  assert.equal(posted.session.activity_count, 2);
  assert.equal(posted.activities[0].usage.model, "m-1");
  // posting renewed the claim's lease (30 minutes from now)
  const renewed = await ok(a, "GET", `/v1/claims/${claim.id}`);
  assert.equal(renewed.expires_at, new Date(a.env.clock.now().getTime() + 30 * 60_000).toISOString());

  // the agent asks: awaiting_input, and Ada's inbox says so
  const asked = await ok(
    a,
    "POST",
    url,
    {
      activities: [
        {
          id: "q1",
          kind: "elicitation",
          body: "Which login: SSO or password?",
          options: ["SSO", "password"],
        },
      ],
    },
    bot.headers,
  );
  assert.equal(asked.session.status, "awaiting_input");
  assert.deepEqual(asked.activities[0].options, ["SSO", "password"]);
  const inbox = await ok(a, "GET", "/v1/inbox?kind=session_awaiting_input");
  assert.equal(inbox.data.length, 1);
  assert.equal(inbox.data[0].subject.url, `/v1/sessions/${session.id}`);
  assert.match(inbox.data[0].title, /builder waits for your answer on ENG-1/);
  assert.equal(inbox.data[0].issue.identifier, "ENG-1");

  // Ada answers: active again
  const answered = await a.call("POST", `/v1/sessions/${session.id}/prompts`, { body: "SSO" });
  assert.equal(answered.status, 201, answered.text);
  assert.equal(answered.body.session.status, "active");
  assert.equal(answered.body.activity.kind, "prompt");
  assert.deepEqual(answered.body.activity.author, { type: "person", id: a.personId, name: "Ada" });

  // the agent plans, names its artifacts, then ends: complete needs its answer
  const planned = await ok(
    a,
    "PATCH",
    `/v1/sessions/${session.id}`,
    {
      plan: [
        { content: "Reproduce", status: "done" },
        { content: "Fix SSO", status: "in_progress" },
      ],
      artifacts: [
        { kind: "pull_request", url: "https://git.example.com/pr/1", title: "Fix SSO", state: "open" },
      ],
    },
    bot.headers,
  );
  assert.equal(planned.plan.length, 2);
  assert.equal(planned.artifacts[0].kind, "pull_request");
  assert.equal(planned.version, answered.body.session.version + 1);
  const early = await refused(
    a,
    400,
    "invalid_request",
    "PATCH",
    `/v1/sessions/${session.id}`,
    { status: "complete" },
    bot.headers,
  );
  assert.match(early.error_description, /response/);
  const done = await ok(
    a,
    "PATCH",
    `/v1/sessions/${session.id}`,
    { status: "complete", response: "Fixed: SSO login redirects again.", summary: "Fixed the redirect." },
    bot.headers,
  );
  assert.equal(done.status, "complete");
  assert.equal(done.summary, "Fixed the redirect.");
  assert.ok(done.ended_at);
  // the claim went back with it
  const released = await ok(a, "GET", `/v1/claims/${claim.id}`);
  assert.equal(released.ended, "released");
  const after = await refused(
    a,
    409,
    "conflict",
    "POST",
    url,
    { activities: [{ id: "late", kind: "thought" }] },
    bot.headers,
  );
  assert.match(after.error_description, /ended/);

  // the whole log, oldest first, and followed from a position
  const log = await ok(a, "GET", url);
  assert.deepEqual(
    log.data.map((x: { kind: string }) => x.kind),
    ["thought", "action", "elicitation", "prompt", "response"],
  );
  const tail = await ok(a, "GET", `${url}?after=3`);
  assert.deepEqual(
    tail.data.map((x: { position: number }) => x.position),
    [4, 5],
  );

  // the feed saw it all
  const feed = await ok(a, "GET", "/v1/events?type=session.*&limit=100");
  assert.deepEqual(
    feed.data.map((e: { type: string }) => e.type),
    [
      "session.created",
      "session.activity",
      "session.activity",
      "session.activity",
      "session.updated",
      "session.activity",
      "session.updated",
      "session.updated",
      "session.activity",
      "session.ended",
    ],
  );
  // a batch's events in its order, one per activity kept
  assert.deepEqual(
    feed.data
      .slice(1, 4)
      .map((e: { data: { kind: string; position: number } }) => [e.data.kind, e.data.position]),
    [
      ["thought", 1],
      ["action", 2],
      ["elicitation", 3],
    ],
  );
  assert.equal(feed.data[0].object.url, `/v1/sessions/${session.id}`);
  assert.equal(feed.data.at(-1).data.status, "complete");

  // listed, and filtered
  assert.equal((await ok(a, "GET", "/v1/sessions")).data.length, 1);
  assert.equal((await ok(a, "GET", `/v1/sessions?agent=${bot.id}&status=complete`)).data.length, 1);
  assert.equal((await ok(a, "GET", "/v1/sessions?status=live")).data.length, 0);
  assert.equal((await ok(a, "GET", "/v1/sessions?issue=ENG-1&person=me")).data.length, 1);
  assert.equal((await ok(a, "GET", "/v1/sessions?agent=me", undefined, bot.headers)).data.length, 1);
});

test("a retried batch stores each activity once; only the latest ephemeral one is kept", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  await ok(a, "POST", "/v1/issues", { title: "Retry me", status: "todo" });
  const { session } = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1" }, bot.headers);
  const url = `/v1/sessions/${session.id}/activities`;
  const batch = {
    activities: [
      { id: "one", kind: "thought", body: "first", usage: usage(10) },
      { id: "two", kind: "response", body: "second", usage: usage(5) },
    ],
  };
  const first = await ok(a, "POST", url, batch, bot.headers);
  const second = await ok(a, "POST", url, batch, bot.headers);
  assert.deepEqual(
    second.activities.map((x: { created: boolean }) => x.created),
    [false, false],
  );
  assert.deepEqual(
    second.activities.map((x: { id: string }) => x.id),
    first.activities.map((x: { id: string }) => x.id),
  );
  assert.equal(second.session.activity_count, 2);
  assert.equal(second.session.usage.input_tokens, 15, "usage counted once");
  // half new: only the new one is stored
  const mixed = await ok(
    a,
    "POST",
    url,
    { activities: [...batch.activities, { id: "three", kind: "thought", body: "third" }] },
    bot.headers,
  );
  assert.deepEqual(
    mixed.activities.map((x: { created: boolean }) => x.created),
    [false, false, true],
  );
  assert.equal(mixed.session.activity_count, 3);

  // ephemeral progress lines: the newest replaces the older
  await ok(
    a,
    "POST",
    url,
    { activities: [{ id: "p1", kind: "thought", body: "10%", ephemeral: true }] },
    bot.headers,
  );
  await ok(
    a,
    "POST",
    url,
    {
      activities: [
        { id: "p2", kind: "action", action: { name: "build" }, body: "50%", ephemeral: true },
        { id: "p3", kind: "thought", body: "90%", ephemeral: true },
      ],
    },
    bot.headers,
  );
  const log = await ok(a, "GET", url);
  assert.deepEqual(
    log.data.map((x: { client_id: string }) => x.client_id),
    ["one", "two", "three", "p3"],
  );
  const read = await ok(a, "GET", `/v1/sessions/${session.id}`);
  assert.equal(read.activity_count, 4);
  // ephemeral activities emit no event
  const feed = await ok(a, "GET", "/v1/events?type=session.activity&limit=100");
  assert.equal(feed.data.length, 3);
});

test("limits and bad batches: 400 and nothing stored", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  await ok(a, "POST", "/v1/issues", { title: "Limits", status: "todo" });
  const { session } = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1" }, bot.headers);
  const url = `/v1/sessions/${session.id}/activities`;
  const many = Array.from({ length: 51 }, (_, i) => ({ id: `x${i}`, kind: "thought", body: "x" }));
  const tooMany = await refused(a, 400, "invalid_request", "POST", url, { activities: many }, bot.headers);
  assert.match(tooMany.fields["body.activities"], /at most 50/);
  const fifty = await ok(a, "POST", url, { activities: many.slice(0, 50) }, bot.headers);
  assert.equal(fifty.activities.length, 50, "50 is taken");
  const big = "é".repeat(32_768) + "x"; // 65,537 bytes of UTF-8
  const tooBig = await refused(
    a,
    400,
    "invalid_request",
    "POST",
    url,
    {
      activities: [
        { id: "ok", kind: "thought", body: "fine" },
        { id: "big", kind: "thought", body: big },
      ],
    },
    bot.headers,
  );
  assert.match(tooBig.fields["body.activities[1].body"], /64 KiB/);
  await ok(
    a,
    "POST",
    url,
    { activities: [{ id: "edge", kind: "thought", body: "é".repeat(32_768) }] },
    bot.headers,
  );
  for (const [activity, field] of [
    [{ id: "p", kind: "prompt", body: "mine" }, "body.activities[0].kind"],
    [{ id: "e", kind: "response", ephemeral: true }, "body.activities[0].ephemeral"],
    [{ id: "u", kind: "thought", ephemeral: true, usage: usage(1) }, "body.activities[0].usage"],
    [{ id: "n", kind: "action" }, "body.activities[0].action"],
    [{ id: "o", kind: "thought", options: ["a"] }, "body.activities[0].options"],
    [{ id: "bad id!", kind: "thought" }, "body.activities[0].id"],
  ] as const) {
    const res = await refused(
      a,
      400,
      "invalid_request",
      "POST",
      url,
      { activities: [activity] },
      bot.headers,
    );
    assert.ok(field in res.fields, `${field}: ${JSON.stringify(res)}`);
  }
  const dup = await refused(
    a,
    400,
    "invalid_request",
    "POST",
    url,
    {
      activities: [
        { id: "d", kind: "thought" },
        { id: "d", kind: "thought" },
      ],
    },
    bot.headers,
  );
  assert.ok("body.activities[1].id" in dup.fields, JSON.stringify(dup));
  const read = await ok(a, "GET", `/v1/sessions/${session.id}`);
  assert.equal(read.activity_count, 51, "only the 50 and the edge one");
});

test("one live run per issue: 409 session_active naming it; another agent cannot write it", async (t) => {
  const a = await api(t);
  const one = await agent(a.env.core, a.workspaceId, a.personId, "one");
  const two = await agent(a.env.core, a.workspaceId, a.personId, "two");
  await ok(a, "POST", "/v1/issues", { title: "Shared", status: "todo" });
  const { session } = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1" }, one.headers);
  const busy = await refused(
    a,
    409,
    "session_active",
    "POST",
    "/v1/sessions",
    { issue: "ENG-1" },
    two.headers,
  );
  assert.equal(busy.session, session.id);
  const delegated = await refused(a, 409, "session_active", "POST", "/v1/issues/ENG-1/sessions", {
    agent: two.id,
    prompt: "Take it",
  });
  assert.equal(delegated.session, session.id);

  const before = await ok(a, "GET", `/v1/sessions/${session.id}`);
  await refused(
    a,
    403,
    "not_session_agent",
    "POST",
    `/v1/sessions/${session.id}/activities`,
    { activities: [{ id: "x", kind: "thought" }] },
    two.headers,
  );
  await refused(
    a,
    403,
    "not_session_agent",
    "PATCH",
    `/v1/sessions/${session.id}`,
    { summary: "mine" },
    two.headers,
  );
  await refused(a, 403, "not_session_agent", "PATCH", `/v1/sessions/${session.id}`, { summary: "Ada's" });
  // only people prompt and stop
  await refused(
    a,
    403,
    "forbidden",
    "POST",
    `/v1/sessions/${session.id}/prompts`,
    { body: "hi" },
    two.headers,
  );
  await refused(
    a,
    403,
    "forbidden",
    "POST",
    `/v1/sessions/${session.id}/prompts`,
    { body: "hi" },
    one.headers,
  );
  await refused(a, 403, "forbidden", "POST", `/v1/sessions/${session.id}/stop`, {}, one.headers);
  await refused(a, 403, "forbidden", "POST", `/v1/sessions/${session.id}/stop`, {}, two.headers);
  assert.deepEqual(await ok(a, "GET", `/v1/sessions/${session.id}`), before, "nothing changed");
});

test("another workspace's runs are 404", async (t) => {
  const a = await api(t);
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "builder");
  await ok(a, "POST", "/v1/issues", { title: "Ours", status: "todo" });
  const { session } = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1" }, bot.headers);
  const { seed } = await import("../support.ts");
  const other = await seed(a.env.core, "globex", "gus@example.com");
  const gus = bearer(other.token);
  for (const [method, path, body] of [
    ["GET", "", undefined],
    ["PATCH", "", { summary: "x" }],
    ["GET", "/activities", undefined],
    ["POST", "/activities", { activities: [{ id: "x", kind: "thought" }] }],
    ["POST", "/prompts", { body: "x" }],
    ["POST", "/stop", {}],
  ] as const) {
    await refused(a, 404, "not_found", method, `/v1/sessions/${session.id}${path}`, body, gus);
  }
  assert.equal((await ok(a, "GET", "/v1/sessions", undefined, gus)).data.length, 0);
  assert.equal((await ok(a, "GET", `/v1/sessions/${session.id}`)).status, "active");
});
