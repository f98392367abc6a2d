import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { TOOLSET_OF } from "../../src/mcp/tools.ts";
import { updateSpace } from "../../src/tracker/spaces.ts";
import { bearer } from "../support.ts";
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

/** Ada (a person, through her PAT) calls /v1. */
async function rest(m: McpEnv, method: string, url: string, body?: unknown): Promise<Any> {
  const res = await m.app.inject({
    method: method as "GET",
    url,
    headers: { ...bearer(m.token), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

/** Space ENG wants a person to mark its issues done. */
async function personPolicy(m: McpEnv): Promise<void> {
  await updateSpace(
    { core: m.env.core, workspaceId: m.workspaceId, actor: { personId: m.personId, via: "admin" } },
    "ENG",
    { done_requires: "person" },
    { asOperator: true },
  );
}

describe("MCP: finishing under a review policy, and waiting for a person", () => {
  test("request_approval and wait_for are in the default toolset; get_approval (wait_for answers the approval) in conversation", () => {
    for (const name of ["request_approval", "wait_for"]) assert.equal(TOOLSET_OF.get(name), "default", name);
    assert.equal(TOOLSET_OF.get("get_approval"), "conversation");
  });

  test("the whole loop in the default toolset: claim, work, in_review, a mark_done approval, a person approves over REST; the issue is done and the claim ended", async (t) => {
    const m = await mcpEnv(t);
    await personPolicy(m);
    const { token } = await m.mint();
    const agent = await m.connect(token);
    const issue = (await ok(agent, "create_issue", { title: "Fix login", priority: "urgent" }))
      .structuredContent;

    // the claim's answer says how the space finishes, and so does its bundle
    const claimed = await ok(agent, "claim_next_issue", {});
    const { claim, finishing } = claimed.structuredContent;
    assert.equal(claim.issue.identifier, issue.identifier);
    assert.equal(finishing.done_requires, "person");
    assert.deepEqual(
      finishing.reviewers.map((r: Any) => r.email),
      ["ada@example.com"],
    );
    assert.match(finishing.how, /a person must mark this done: move it to in_review, then request approval/i);
    assert.match(text(claimed), /Finishing: A person must mark this done.*Reviewers: ada@example\.com\./);
    const bundle = await ok(agent, "get_bundle", { id: issue.identifier });
    assert.equal(bundle.structuredContent.finishing.done_requires, "person");

    // done is refused, naming the next tools in order (not REST paths)
    const refused = await call(agent, "update_issue", { id: issue.identifier, status: "done" });
    assert.equal(refused.isError, true);
    assert.match(
      text(refused),
      /^review_required: .*move it to in_review with update_issue, then request_approval with mark_done: true/,
    );
    assert.doesNotMatch(text(refused), /\/v1\//);
    assert.deepEqual(refused.structuredContent?.next, {
      tool: "update_issue",
      arguments: { id: issue.identifier, status: "in_review" },
    });

    await ok(agent, "update_issue", { id: issue.identifier, status: "in_review" });
    const asked = (await ok(agent, "request_approval", { id: issue.identifier, mark_done: true }))
      .structuredContent;
    assert.equal(asked.marks_done, true);
    assert.equal(asked.question, `Mark ${issue.identifier} done? Fix login`);
    assert.deepEqual(asked.options, ["approve", "reject"]);
    // asking again (a retry) answers the open request
    const again = (await ok(agent, "request_approval", { id: issue.identifier, mark_done: true }))
      .structuredContent;
    assert.equal(again.id, asked.id);

    // the agent waits; the person answers over REST while it does
    const waiting = call(agent, "wait_for", { id: asked.id, timeout_seconds: 30 });
    await new Promise((r) => setTimeout(r, 300));
    const answered = await rest(m, "POST", `/v1/approvals/${asked.id}/answer`, {
      approve: true,
      comment: "Ship it",
    });
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    const waited = await waiting;
    assert.ok(!waited.isError, text(waited));
    assert.equal(waited.structuredContent.timed_out, false);
    assert.equal(waited.structuredContent.event.type, "approval.resolved");
    assert.equal(waited.structuredContent.event.data.marks_done, true);
    assert.equal(waited.structuredContent.approval.answer, "approve");
    assert.match(
      text(waited),
      new RegExp(`${asked.id} on ${issue.identifier}: answered approve \\(Ship it\\) by Ada`),
    );

    const done = (await ok(agent, "get_issue", { id: issue.identifier })).structuredContent;
    assert.equal(done.status, "done");
    const row = await m.env.core.db
      .selectFrom("claims")
      .select(["ended_at", "end_reason"])
      .where("id", "=", claim.id)
      .executeTakeFirstOrThrow();
    assert.ok(row.ended_at, "the claim ended");
    const history = await rest(m, "GET", `/v1/issues/${issue.identifier}/activity`);
    const doneBy = history.body.data.find((a: Any) => a.changes.status?.to === "done");
    assert.equal(doneBy.actor.agent, null, "marked done by the person, not the agent");
    // waiting on an answered approval answers at once
    const late = await ok(agent, "wait_for", { id: asked.id, timeout_seconds: 5 });
    assert.equal(late.structuredContent.timed_out, false);
    assert.equal(late.structuredContent.event, null);
  });

  test("a rejected mark_done approval changes nothing, and the answer reaches the agent", async (t) => {
    const m = await mcpEnv(t);
    await personPolicy(m);
    const agent = await m.connect((await m.mint()).token, "current", { toolsets: "conversation" });
    const issue = (await ok(agent, "create_issue", { title: "Tidy", status: "in_review" })).structuredContent;
    const asked = (
      await ok(agent, "request_approval", { id: issue.identifier, mark_done: true, question: "Good?" })
    ).structuredContent;
    assert.equal(asked.question, "Good?");
    const answered = await rest(m, "POST", `/v1/approvals/${asked.id}/answer`, {
      approve: false,
      comment: "Tests missing",
    });
    assert.equal(answered.status, 200);
    const read = (await ok(agent, "get_approval", { id: asked.id })).structuredContent;
    assert.equal(read.approved, false);
    assert.equal(read.comment, "Tests missing");
    const after = (await ok(agent, "get_issue", { id: issue.identifier })).structuredContent;
    assert.equal(after.status, "in_review");
    assert.equal(after.version, issue.version);
  });

  test("a person who may not mark the issue done cannot approve its mark_done request: both refused, nothing changes", async (t) => {
    const m = await mcpEnv(t);
    await updateSpace(
      { core: m.env.core, workspaceId: m.workspaceId, actor: { personId: m.personId, via: "admin" } },
      "ENG",
      { done_requires: "not_author" },
      { asOperator: true },
    );
    // Ada writes the issue herself (its author); her agent asks her to mark it done
    const created = await rest(m, "POST", "/v1/issues", { title: "Written by Ada", status: "in_review" });
    assert.equal(created.status, 201);
    const agent = await m.connect((await m.mint()).token, "current", { toolsets: "conversation" });
    const asked = (await ok(agent, "request_approval", { id: created.body.identifier, mark_done: true }))
      .structuredContent;
    const answered = await rest(m, "POST", `/v1/approvals/${asked.id}/answer`, { approve: true });
    assert.equal(answered.status, 403);
    assert.equal(answered.body.error, "review_required");
    const read = (await ok(agent, "get_approval", { id: asked.id })).structuredContent;
    assert.equal(read.status, "open", "the approval stays open");
    const issue = (await ok(agent, "get_issue", { id: created.body.identifier })).structuredContent;
    assert.equal(issue.status, "in_review");
  });

  test("mark_done refusals: with options, without a question otherwise, on a closed issue", async (t) => {
    const m = await mcpEnv(t);
    const agent = await m.connect((await m.mint()).token);
    const issue = (await ok(agent, "create_issue", { title: "One" })).structuredContent;
    const withOptions = await call(agent, "request_approval", {
      id: issue.identifier,
      mark_done: true,
      options: ["Yes", "No"],
    });
    assert.equal(withOptions.isError, true);
    assert.match(text(withOptions), /^invalid_request: options: a mark_done request is a yes\/no question/);
    const noQuestion = await call(agent, "request_approval", { id: issue.identifier });
    assert.equal(noQuestion.isError, true);
    assert.match(text(noQuestion), /question: is required/);
    await ok(agent, "update_issue", { id: issue.identifier, status: "done" });
    const closed = await call(agent, "request_approval", { id: issue.identifier, mark_done: true });
    assert.equal(closed.isError, true);
    assert.match(text(closed), /^conflict: .*is already done/);
    const approvals = await m.env.core.db.selectFrom("approvals").select("id").execute();
    assert.equal(approvals.length, 0, "no refused request was kept");
  });

  test("wait_for times out with advice to call again; refuses a bad id or timeout; an issue becoming ready ends it", async (t) => {
    const m = await mcpEnv(t);
    const agent = await m.connect((await m.mint()).token);
    const blocker = (await ok(agent, "create_issue", { title: "Blocker" })).structuredContent;
    const blocked = (await ok(agent, "create_issue", { title: "Blocked", blockedBy: [blocker.identifier] }))
      .structuredContent;
    const asked = (await ok(agent, "request_approval", { id: blocked.identifier, question: "Go?" }))
      .structuredContent;

    const started = Date.now();
    const timedOut = await ok(agent, "wait_for", { id: asked.id, timeout_seconds: 1 });
    assert.ok(Date.now() - started >= 900, "it waited");
    assert.equal(timedOut.structuredContent.timed_out, true);
    assert.equal(timedOut.structuredContent.approval.status, "open");
    assert.match(text(timedOut), /^Nothing yet .*; call wait_for again\.$/);

    for (const [args, pattern] of [
      [{ id: asked.id, timeout_seconds: 61 }, /timeout_seconds: must be at most 60/],
      [{ id: asked.id, timeout_seconds: 0 }, /timeout_seconds: must be at least 1/],
      [{ id: "dec_01" }, /id: must be an approval id \(apr_…\) or an issue identifier/],
    ] as const) {
      const r = await call(agent, "wait_for", args);
      assert.equal(r.isError, true, JSON.stringify(args));
      assert.match(text(r), pattern);
    }
    const unknown = await call(agent, "wait_for", { id: "apr_01J00000000000000000000000" });
    assert.equal(unknown.isError, true);
    assert.match(text(unknown), /^not_found/);

    // at the limit: 60 is accepted (the wait ends as soon as the issue is ready)
    const waiting = call(agent, "wait_for", { id: blocked.identifier, timeout_seconds: 60 });
    await new Promise((r) => setTimeout(r, 300));
    await ok(agent, "update_issue", { id: blocker.identifier, status: "done" });
    const ready = await waiting;
    assert.ok(!ready.isError, text(ready));
    assert.equal(ready.structuredContent.timed_out, false);
    assert.equal(ready.structuredContent.event.type, "issue.ready");
    assert.equal(ready.structuredContent.issue.ready, true);
    // an issue already ready answers at once
    const now = await ok(agent, "wait_for", { id: blocked.identifier });
    assert.equal(now.structuredContent.event, null);
    assert.equal(m.env.core.events.subscribers, 0, "no wait is left subscribed");
  });

  test("a client that goes away ends its wait", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const agent = await m.connect(token);
    const issue = (await ok(agent, "create_issue", { title: "Q" })).structuredContent;
    const asked = (await ok(agent, "request_approval", { id: issue.identifier, question: "Go?" }))
      .structuredContent;
    const gone = new AbortController();
    const waiting = fetch(m.url, {
      method: "POST",
      signal: gone.signal,
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "wait_for", arguments: { id: asked.id, timeout_seconds: 60 } },
      }),
    }).catch(() => undefined);
    for (let i = 0; i < 50 && m.env.core.events.subscribers === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    assert.equal(m.env.core.events.subscribers, 1, "the wait subscribed");
    gone.abort();
    await waiting;
    for (let i = 0; i < 50 && m.env.core.events.subscribers > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    assert.equal(m.env.core.events.subscribers, 0, "the wait ended with its client");
  });
});
