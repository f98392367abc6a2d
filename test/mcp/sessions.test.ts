import assert from "node:assert/strict";
import { describe, type TestContext, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { type McpEnv, mcpEnv } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: results are checked field by field
type Any = any;

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Any> {
  return (await client.callTool({ name, arguments: args })) as Any;
}

async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<Any> {
  const r = await call(client, name, args);
  assert.ok(!r.isError, `${name}: ${JSON.stringify(r.content)}`);
  return r;
}

const text = (r: Any) => r.content.map((c: Any) => c.text).join("\n");

/** A REST call as Ada (a person), through the listening service. */
async function rest(m: McpEnv, method: string, path: string, body?: unknown): Promise<Any> {
  const res = await fetch(new URL(path, m.url), {
    method,
    headers: {
      authorization: `Bearer ${m.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const raw = await res.text();
  assert.ok(res.status === 200 || res.status === 201, `${method} ${path}: ${res.status} ${raw}`);
  return JSON.parse(raw);
}

/** The workspace's event stream as Ada sees it: the messages' data as they arrive. */
async function openStream(t: TestContext, m: McpEnv) {
  const controller = new AbortController();
  const res = await fetch(new URL("/v1/events/stream", m.url), {
    headers: { authorization: `Bearer ${m.token}`, accept: "text/event-stream" },
    signal: controller.signal,
  });
  assert.equal(res.status, 200);
  const events: Any[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          const data = buffer
            .slice(0, cut)
            .split("\n")
            .filter((l) => l.startsWith("data: "))
            .map((l) => l.slice(6))
            .join("");
          buffer = buffer.slice(cut + 2);
          if (data) events.push(JSON.parse(data));
          cut = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // closed by the test
    }
  })();
  t.after(async () => {
    controller.abort();
    await reading;
  });
  return {
    /** waits until every type in `types` was seen (in that order among the run's events) */
    async seen(sessionId: string, types: string[], ms = 10_000): Promise<Any[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const mine = events.filter((e) => e.data?.session?.id === sessionId || e.object?.id === sessionId);
        const kinds = mine.map((e) => e.type);
        let at = 0;
        for (const k of kinds) if (k === types[at]) at++;
        if (at === types.length) return mine;
        if (Date.now() > deadline)
          throw new Error(`the stream had ${JSON.stringify(kinds)}, not ${JSON.stringify(types)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

describe("MCP: agent runs (sessions)", () => {
  test("a full run through the real client: claim, activities with usage, elicitation, a person's prompt in the next answer, complete; the events on the stream", async (t) => {
    const m = await mcpEnv(t);
    const { token, connectionId } = await m.mint();
    const agent = await m.connect(token);
    const stream = await openStream(t, m);
    const issue = (await ok(agent, "create_issue", { title: "Fix login", priority: "urgent" }))
      .structuredContent;

    // the claim starts the run and names it
    const claimed = await ok(agent, "claim_next_issue", {});
    const { claim } = claimed.structuredContent;
    assert.equal(claim.issue.identifier, issue.identifier);
    assert.match(claim.session, /^ses_[0-9A-Z]{26}$/);
    assert.match(text(claimed), new RegExp(`session ${claim.session}`));
    const id = claim.session;
    const started = await rest(m, "GET", `/v1/sessions/${id}`);
    assert.equal(started.status, "active");
    assert.equal(started.agent.id, connectionId);
    assert.equal(started.claim, claim.id);

    // activities with usage; the same batch again stores nothing new
    const batch = [
      {
        id: "t1",
        kind: "thought",
        body: "Reading the login code",
        usage: { input_tokens: 100, output_tokens: 20 },
      },
      {
        id: "a1",
        kind: "action",
        action: { name: "run_tests", parameter: "npm test", result: "2 failing" },
        usage: { input_tokens: 50, output_tokens: 10, cost_micros: 1500, model: "m-1" },
      },
      { id: "p1", kind: "thought", body: "progress", ephemeral: true },
    ];
    const logged = await ok(agent, "log_session", { id, activities: batch });
    assert.match(
      text(logged),
      new RegExp(`^Logged 3 of 3 to ${id} \\[active\\]; 180 tokens, cost_micros 1500`),
    );
    assert.deepEqual(
      logged.structuredContent.activities.map((a: Any) => [a.client_id, a.created]),
      [
        ["t1", true],
        ["a1", true],
        ["p1", true],
      ],
    );
    const again = await ok(agent, "log_session", { id, activities: batch });
    assert.match(text(again), /^Logged 0 of 3 /);
    assert.equal(
      again.structuredContent.session.activity_count,
      logged.structuredContent.session.activity_count,
    );
    // an activity the tracker refuses is a tool error naming the field, and stores nothing
    const bad = await call(agent, "log_session", { id, activities: [{ id: "x", kind: "prompt" }] });
    assert.equal(bad.isError, true);
    assert.match(text(bad), /^invalid_request: .*kind/);

    // the agent asks a person; the run waits for input
    const asked = await ok(agent, "log_session", {
      id,
      activities: [{ id: "q1", kind: "elicitation", body: "Keep SSO on?", options: ["yes", "no"] }],
    });
    assert.equal(asked.structuredContent.session.status, "awaiting_input");
    // nothing to tell the agent yet
    const quiet = await ok(agent, "get_issue", { id: issue.identifier });
    assert.equal(quiet.structuredContent.notices, undefined);
    assert.equal(quiet.content.length, 1);

    // Ada answers over REST; the agent's next tool answer, whatever the tool, carries her prompt
    const prompted = await rest(m, "POST", `/v1/sessions/${id}/prompts`, { body: "Yes, keep SSO." });
    assert.equal(prompted.session.status, "active");
    const next = await ok(agent, "list_issues", {});
    assert.match(
      next.content.at(-1).text,
      new RegExp(`^Prompt from Ada.* on run ${id} \\(${issue.identifier}\\), .*:\nYes, keep SSO\\.$`),
    );
    const [notice] = next.structuredContent.notices;
    assert.equal(notice.session, id);
    assert.equal(notice.issue, issue.identifier);
    assert.equal(notice.prompts[0].body, "Yes, keep SSO.");
    assert.equal(notice.prompts[0].id, prompted.activity.id);
    // the call that answers it still shows it (read before the call); after that it is answered
    const replied = await ok(agent, "log_session", {
      id,
      activities: [{ id: "r1", kind: "response", body: "Fixed, SSO kept.", usage: { output_tokens: 30 } }],
    });
    assert.match(text(replied), /Yes, keep SSO\./);
    const after = await ok(agent, "get_issue", { id: issue.identifier });
    assert.equal(after.structuredContent.notices, undefined);

    // the agent ends its run: complete, the claim released
    const ended = await ok(agent, "end_session", { id, status: "complete", summary: "Cookie expiry fixed." });
    assert.equal(ended.structuredContent.status, "complete");
    assert.match(text(ended), new RegExp(`^${id} on ${issue.identifier} \\[complete\\]`));
    const run = await rest(m, "GET", `/v1/sessions/${id}`);
    assert.equal(run.status, "complete");
    assert.equal(run.summary, "Cookie expiry fixed.");
    assert.deepEqual(run.usage, {
      input_tokens: 150,
      output_tokens: 60,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      cost_micros: 1500,
    });
    const claimNow = await rest(m, "GET", `/v1/claims/${claim.id}`);
    assert.ok(claimNow.ended, "the claim ended with the run");
    // a run that ended takes no more activities
    const late = await call(agent, "log_session", {
      id,
      activities: [{ id: "z", kind: "thought", body: "x" }],
    });
    assert.equal(late.isError, true);

    // the stream saw the run from start to end
    const events = await stream.seen(id, [
      "session.created",
      "session.activity",
      "session.activity",
      "session.updated",
      "session.activity",
      "session.activity",
      "session.ended",
    ]);
    // ephemeral activities and retried ones emit nothing: t1, a1, q1, the prompt, r1
    assert.equal(events.filter((e) => e.type === "session.activity").length, 5);
  });

  test("a run delegated by a person reaches the agent in its next answer; its claim takes it up", async (t) => {
    const m = await mcpEnv(t);
    const { token, connectionId } = await m.mint();
    const agent = await m.connect(token);
    const issue = (await ok(agent, "create_issue", { title: "Write the docs" })).structuredContent;
    const delegated = await rest(m, "POST", `/v1/issues/${issue.identifier}/sessions`, {
      agent: connectionId,
      prompt: "Document the login flow.",
    });
    assert.equal(delegated.status, "pending");
    const identity = await ok(agent, "get_workspace_identity", {});
    assert.match(
      text(identity),
      new RegExp(
        `Run ${delegated.id} on ${issue.identifier} was delegated to you and waits: claim_issue ${issue.identifier} takes it up\\.`,
      ),
    );
    assert.match(text(identity), /Document the login flow\./);
    assert.equal(identity.structuredContent.notices[0].status, "pending");

    const claimed = await ok(agent, "claim_issue", { issue: issue.identifier });
    assert.equal(claimed.structuredContent.session, delegated.id);
    // the answer names the run: no "waits" line, but the prompt it was given is there
    assert.doesNotMatch(text(claimed), /delegated to you/);
    assert.match(text(claimed), /Document the login flow\./);
    assert.equal((await rest(m, "GET", `/v1/sessions/${delegated.id}`)).status, "active");
    await ok(agent, "log_session", {
      id: delegated.id,
      activities: [{ id: "1", kind: "thought", body: "On it" }],
    });
    assert.equal(
      (await ok(agent, "get_issue", { id: issue.identifier })).structuredContent.notices,
      undefined,
    );

    // another agent cannot log to it, nor end it
    const other = await m.connect((await m.mint()).token);
    const foreign = await call(other, "log_session", {
      id: delegated.id,
      activities: [{ id: "1", kind: "thought", body: "Mine?" }],
    });
    assert.equal(foreign.isError, true);
    assert.match(text(foreign), /^not_session_agent:/);
    const foreignEnd = await call(other, "end_session", { id: delegated.id, status: "error" });
    assert.match(text(foreignEnd), /^not_session_agent:/);
  });

  test("a person's stop: the agent's next MCP writes are session_stopped and change nothing, every answer says stopping, end_session ends it stopped", async (t) => {
    const m = await mcpEnv(t);
    const agent = await m.connect((await m.mint()).token);
    const issue = (await ok(agent, "create_issue", { title: "Risky change" })).structuredContent;
    const later = (await ok(agent, "create_issue", { title: "After it" })).structuredContent;
    const claim = (await ok(agent, "claim_issue", { issue: issue.identifier })).structuredContent;
    const id = claim.session;
    await ok(agent, "log_session", { id, activities: [{ id: "1", kind: "thought", body: "Starting" }] });

    const stopped = await rest(m, "POST", `/v1/sessions/${id}/stop`, {});
    assert.equal(stopped.status, "stopping");

    const before = await rest(m, "GET", `/v1/issues/${issue.identifier}`);
    for (const [name, args] of [
      ["update_issue", { id: issue.identifier, title: "Changed anyway", fencing_token: claim.fencing_token }],
      ["add_comment", { id: issue.identifier, body: "still going" }],
      ["log_session", { id, activities: [{ id: "2", kind: "thought", body: "More" }] }],
      ["set_dependencies", { id: issue.identifier, blocks: [later.identifier] }],
    ] as const) {
      const refused = await call(agent, name, args);
      assert.equal(refused.isError, true, name);
      assert.match(text(refused), /^session_stopped: /, name);
      assert.equal(refused.structuredContent.error, "session_stopped", name);
      // the answer says the run is stopping and what to do
      assert.match(
        text(refused),
        new RegExp(`Run ${id} on ${issue.identifier} is stopping: .*end_session`),
        name,
      );
      assert.equal(refused.structuredContent.notices[0].status, "stopping", name);
    }
    const unchanged = await rest(m, "GET", `/v1/issues/${issue.identifier}`);
    assert.equal(unchanged.title, before.title);
    assert.equal(unchanged.version, before.version);
    assert.equal((await rest(m, "GET", `/v1/issues/${issue.identifier}/comments`)).data.length, 0);
    assert.equal(unchanged.blocks.length, 0);
    // a read goes through, and says it too
    const read = await ok(agent, "get_issue", { id: issue.identifier });
    assert.match(text(read), /is stopping: /);

    // the agent's last word ends it stopped and releases the claim
    const ended = await ok(agent, "end_session", { id, status: "complete", response: "Stopped as asked." });
    assert.equal(ended.structuredContent.status, "stopped");
    assert.equal(ended.structuredContent.notices, undefined);
    const run = await rest(m, "GET", `/v1/sessions/${id}`);
    assert.equal(run.status, "stopped");
    assert.ok(run.ended_at);
    assert.ok((await rest(m, "GET", `/v1/claims/${claim.id}`)).ended);
    assert.equal(
      (await ok(agent, "get_issue", { id: issue.identifier })).structuredContent.notices,
      undefined,
    );
  });

  test("the sessions toolset reads runs and their logs", async (t) => {
    const m = await mcpEnv(t);
    const agent = await m.connect((await m.mint()).token, "current", { toolsets: "sessions" });
    const issue = (await ok(agent, "create_issue", { title: "Read me" })).structuredContent;
    const id = (await ok(agent, "claim_issue", { issue: issue.identifier })).structuredContent.session;
    await ok(agent, "log_session", {
      id,
      activities: [
        { id: "1", kind: "thought", body: "Looking" },
        { id: "2", kind: "action", action: { name: "grep", result: "3 hits" } },
      ],
    });
    const list = await ok(agent, "list_sessions", { agent: "me", status: ["live"] });
    assert.deepEqual(
      list.structuredContent.data.map((s: Any) => s.id),
      [id],
    );
    assert.match(
      text(list),
      new RegExp(`^${id} on ${issue.identifier} \\[active\\] Test agent, 2 activities`),
    );
    const one = await ok(agent, "get_session", { id });
    assert.equal(one.structuredContent.issue.identifier, issue.identifier);
    const log = await ok(agent, "list_session_activities", { id, after: 1 });
    assert.deepEqual(
      log.structuredContent.data.map((a: Any) => a.client_id),
      ["2"],
    );
    assert.match(text(log), /^2\. action by Test agent, .*: grep $/m);
    const missing = await call(agent, "get_session", { id: "ses_00000000000000000000000000" });
    assert.match(text(missing), /^not_found:/);
  });
});
