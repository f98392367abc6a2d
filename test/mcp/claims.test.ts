import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { ERAS, type Era, mcpEnv } from "./support.ts";

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

/** heartbeat_claim and list_my_claims are in the sessions toolset. */
const SESSIONS = { toolsets: "sessions" };

const text = (r: Any) => r.content.map((c: Any) => c.text).join("\n");

for (const era of Object.keys(ERAS) as Era[]) {
  describe(`MCP claims, protocol ${ERAS[era]}`, () => {
    test("identity, claim_next_issue, work: three calls; the answer holds the claim and the bundle", async (t) => {
      const m = await mcpEnv(t);
      const { token, connectionId } = await m.mint();
      // the default toolset has the claim tools and the run's; heartbeat_claim and list_my_claims are in
      // the sessions toolset (log_session renews a claim)
      const names = (await (await m.connect(token, era)).listTools()).tools.map((x) => x.name);
      for (const name of ["claim_next_issue", "claim_issue", "release_claim", "log_session", "end_session"])
        assert.ok(names.includes(name), name);
      for (const name of ["heartbeat_claim", "list_my_claims"]) assert.ok(!names.includes(name), name);
      const agent = await m.connect(token, era, SESSIONS);

      await ok(agent, "create_issue", { title: "Later", priority: "low" });
      const urgent = (await ok(agent, "create_issue", { title: "Fix login", priority: "urgent" }))
        .structuredContent;
      await ok(agent, "create_note", {
        title: "Login notes",
        body: "Cookies expire early.",
        issues: [urgent.identifier],
      });

      await ok(agent, "get_workspace_identity", {});
      const claimed = await ok(agent, "claim_next_issue", {});
      // the bundle's Markdown is in the text, after the claim's line; the structured answer has the claim
      const { claim } = claimed.structuredContent;
      assert.equal(claimed.structuredContent.bundle, undefined);
      const bundle = text(claimed);
      assert.equal(claim.issue.identifier, urgent.identifier, "the most urgent ready issue first");
      assert.equal(claim.issue.status, "in_progress");
      assert.equal(claim.holder.type, "agent");
      assert.equal(claim.holder.id, connectionId);
      assert.ok(claim.fencing_token >= 1);
      assert.match(bundle, new RegExp(`\n# ${urgent.identifier}: Fix login`));
      assert.match(bundle, /Cookies expire early\./);
      assert.match(text(claimed), new RegExp(`${claim.id} on ${urgent.identifier}`));

      // claiming the issue it holds gives the same claim back
      const again = (await ok(agent, "claim_issue", { issue: urgent.identifier })).structuredContent;
      assert.equal(again.id, claim.id);
      assert.equal(again.fencing_token, claim.fencing_token);

      // another agent cannot take it: the issue has the first agent's live run (one per issue)
      assert.match(text(claimed), new RegExp(`session ${claim.session}`));
      const other = await m.connect((await m.mint()).token, era);
      const refused = await call(other, "claim_issue", { issue: urgent.identifier });
      assert.equal(refused.isError, true);
      assert.match(text(refused), /^session_active:/);
      assert.equal(refused.structuredContent.session, claim.session);

      // a write with the holder's fencing token goes through; heartbeat extends; release ends it
      await ok(agent, "update_issue", {
        id: urgent.identifier,
        title: "Fix login cookies",
        fencing_token: claim.fencing_token,
      });
      const beat = (await ok(agent, "heartbeat_claim", { id: claim.id, ttl_seconds: 3600 }))
        .structuredContent;
      assert.ok(Date.parse(beat.expires_at) > Date.parse(claim.expires_at));
      const released = (await ok(agent, "release_claim", { id: claim.id })).structuredContent;
      assert.equal(released.id, claim.id);
      const issue = (await ok(agent, "get_issue", { id: urgent.identifier })).structuredContent;
      assert.equal(issue.status, "backlog", "the release gives back the status it had before the claim");
      assert.equal(issue.title, "Fix login cookies");
    });

    test("a superseded fencing token is lease_lost and changes nothing; bad arguments are named", async (t) => {
      const m = await mcpEnv(t);
      const first = await m.connect((await m.mint()).token, era, { toolsets: "issues,sessions" });
      const second = await m.connect((await m.mint()).token, era);
      const issue = (await ok(first, "create_issue", { title: "Contested" })).structuredContent;
      const old = (await ok(first, "claim_issue", { issue: issue.identifier, ttl_seconds: 60 }))
        .structuredContent;
      // the lease runs out; the second agent takes the issue
      m.env.clock.advance(61_000);
      const taken = (await ok(second, "claim_issue", { issue: issue.identifier })).structuredContent;
      assert.ok(taken.fencing_token > old.fencing_token);

      const stale = await call(first, "update_issue", {
        id: issue.identifier,
        title: "Overwritten",
        fencing_token: old.fencing_token,
      });
      assert.equal(stale.isError, true);
      assert.match(text(stale), /^lease_lost:/);
      const iced = await call(first, "ice_issue", { id: issue.identifier, fencing_token: old.fencing_token });
      assert.equal(iced.isError, true);
      assert.match(text(iced), /^lease_lost:/);
      const now = (await ok(second, "get_issue", { id: issue.identifier })).structuredContent;
      assert.equal(now.title, "Contested");
      assert.equal(now.status, "in_progress");

      const late = await call(first, "heartbeat_claim", { id: old.id });
      assert.equal(late.isError, true);

      const bad = await call(first, "update_issue", {
        id: issue.identifier,
        title: "x",
        fencing_token: "soon",
      });
      assert.equal(bad.isError, true);
      assert.match(text(bad), /fencing_token: must be a fencing token/);
      const ttl = await call(first, "claim_next_issue", { ttl_seconds: 10 });
      assert.equal(ttl.isError, true);
      assert.match(text(ttl), /ttl_seconds/);
    });

    test("a read-only connection sees no claim tools and cannot claim", async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint(["workspace.read"]);
      const reader = await m.connect(token, era);
      await assert.rejects(call(reader, "claim_next_issue", {}), /Insufficient scope/);
      const hidden = await m.connect(token, era, { readonly: true });
      const names = (await hidden.listTools()).tools.map((x) => x.name);
      assert.ok(!names.includes("claim_next_issue"));
    });
  });
}

describe("MCP claims that bind, safe retries", () => {
  test("another connection's writes are refused with claimed; heartbeat and release belong to the holder", async (t) => {
    const m = await mcpEnv(t);
    const one = await m.connect((await m.mint()).token, "current", SESSIONS);
    const two = await m.connect((await m.mint()).token, "current", SESSIONS);
    await ok(one, "create_issue", { title: "Held", status: "todo" });
    await ok(one, "create_issue", { title: "Other", status: "todo" });
    const claim = (await ok(one, "claim_issue", { issue: "ENG-1" })).structuredContent;

    for (const [name, args] of [
      ["update_issue", { id: "ENG-1", title: "Mine now" }],
      ["update_issue", { id: "ENG-1", labels: ["web"] }],
      ["update_issue", { id: "ENG-1", status: "done" }],
      ["set_dependencies", { id: "ENG-1", blocks: ["ENG-2"] }],
      ["add_comment", { id: "ENG-1", body: "I'll take it" }],
    ] as const) {
      const refused = await call(two, name, args);
      assert.equal(refused.isError, true, name);
      assert.match(text(refused), /^claimed: ENG-1 is claimed by Test agent \(for Ada\) until /, name);
    }
    for (const name of ["heartbeat_claim", "release_claim"]) {
      const refused = await call(two, name, { id: claim.id });
      assert.equal(refused.isError, true, name);
      assert.match(
        text(refused),
        /^not_holder: Claim clm_\S+ is held by Test agent \(for Ada\), not by this connection/,
      );
    }
    const issue = (await ok(two, "get_issue", { id: "ENG-1" })).structuredContent;
    assert.equal(issue.title, "Held");
    assert.equal(issue.status, "in_progress");
    // the holder writes without a fencing token
    await ok(one, "update_issue", { id: "ENG-1", title: "Held, worked on" });
    await ok(one, "add_comment", { id: "ENG-1", body: "Progress" });
    const mine = (await ok(one, "list_my_claims", {})).structuredContent;
    assert.deepEqual(
      mine.data.map((c: Any) => c.id),
      [claim.id],
    );
    assert.equal((await ok(two, "list_my_claims", {})).structuredContent.data.length, 0);
    assert.match(text(await ok(two, "list_my_claims", {})), /You hold no claims\./);
  });

  test("a person's change through a personal access token ends the claim; the agent is told to leave it", async (t) => {
    const m = await mcpEnv(t);
    const agent = await m.connect((await m.mint()).token, "current", SESSIONS);
    await ok(agent, "create_issue", { title: "Shared", status: "todo" });
    const claim = (await ok(agent, "claim_next_issue", {})).structuredContent.claim;
    const res = await m.app.inject({
      method: "PATCH",
      url: "/v1/issues/ENG-1",
      headers: { authorization: `Bearer ${m.token}`, "content-type": "application/json" },
      payload: JSON.stringify({ priority: "urgent" }),
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await ok(agent, "list_my_claims", {})).structuredContent.data.length, 0);
    const beat = await call(agent, "heartbeat_claim", { id: claim.id });
    assert.equal(beat.isError, true);
    assert.match(text(beat), /^lease_lost: .*a person took ENG-1 over; leave it and pick other work/);
  });

  test("claim_issue refuses a person's work in progress and a blocked issue unless take_over / force; the release gives it back", async (t) => {
    const m = await mcpEnv(t);
    const agent = await m.connect((await m.mint()).token, "current", SESSIONS);
    const inject = (method: "POST", url: string, body: unknown) =>
      m.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${m.token}`, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
    // Ada (a person) is working on ENG-1
    assert.equal(
      (await inject("POST", "/v1/issues", { title: "Ada's", status: "in_progress", assignee: "me" }))
        .statusCode,
      201,
    );
    await ok(agent, "create_issue", { title: "Blocker", status: "todo" });
    await ok(agent, "create_issue", { title: "Blocked", status: "todo", blockedBy: ["ENG-2"] });

    const person = await call(agent, "claim_issue", { issue: "ENG-1" });
    assert.equal(person.isError, true);
    assert.match(text(person), /^assigned_to_person: ENG-1 is in progress with Ada; .*take_over: true/);
    const took = (await ok(agent, "claim_issue", { issue: "ENG-1", take_over: true })).structuredContent;
    const released = await ok(agent, "release_claim", { id: took.id });
    assert.match(text(released), /^Released clm_/);
    const back = (await ok(agent, "get_issue", { id: "ENG-1" })).structuredContent;
    assert.equal(back.status, "in_progress");
    assert.equal(back.assignee.email, "ada@example.com");

    const blocked = await call(agent, "claim_issue", { issue: "ENG-3" });
    assert.equal(blocked.isError, true);
    assert.match(text(blocked), /^not_ready: ENG-3 is blocked by ENG-2 \(todo\); .*force: true/);
    await ok(agent, "claim_issue", { issue: "ENG-3", force: true });
  });

  test("a retried claim_next_issue answers the same claim; idempotency_key replays it; after done, release says so", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const agent = await m.connect(token, "current", SESSIONS);
    for (const title of ["One", "Two", "Three"]) await ok(agent, "create_issue", { title, status: "todo" });

    const first = (await ok(agent, "claim_next_issue", { space: "ENG" })).structuredContent.claim;
    const retried = await ok(agent, "claim_next_issue", { space: "ENG" });
    assert.equal(retried.structuredContent.claim.id, first.id, "the same claim, not a second issue");
    assert.equal(retried.structuredContent.claim.resumed, true);
    assert.match(text(retried), /\(already yours\)/);
    assert.equal((await ok(agent, "list_my_claims", {})).structuredContent.data.length, 1);

    // with an idempotency key: the first call's claim, again, even with other filters free
    const keyed = (await ok(agent, "claim_next_issue", { idempotency_key: "run-7" })).structuredContent.claim;
    assert.notEqual(keyed.id, first.id, "other filters (none): another issue");
    const replay = (await ok(agent, "claim_next_issue", { idempotency_key: "run-7" })).structuredContent
      .claim;
    assert.equal(replay.id, keyed.id);
    assert.equal(replay.resumed, true);
    const reused = await call(agent, "claim_next_issue", { idempotency_key: "run-7", space: "ENG" });
    assert.equal(reused.isError, true);
    assert.match(text(reused), /^idempotency_key_reused:/);
    const badKey = await call(agent, "claim_next_issue", { idempotency_key: "a b" });
    assert.equal(badKey.isError, true);
    assert.match(text(badKey), /idempotency_key: must be 1 to 255 visible ASCII characters/);
    assert.equal((await ok(agent, "list_my_claims", {})).structuredContent.data.length, 2);

    // done ends the claim; a release or heartbeat afterwards is a success that says so
    await ok(agent, "update_issue", { id: first.issue.identifier, status: "done" });
    for (const name of ["release_claim", "heartbeat_claim"]) {
      const r = await ok(agent, name, { id: first.id });
      assert.equal(r.structuredContent.ended, "completed", name);
      assert.match(text(r), /ended \(completed\) at .*nothing more to do/, name);
    }
    // expiry: the error names the next step
    m.env.clock.advance(31 * 60_000);
    const late = await call(agent, "heartbeat_claim", { id: keyed.id });
    assert.equal(late.isError, true);
    assert.match(text(late), /^lease_lost: Claim \S+ ran out at .* is free: claim it again \(claim_issue\)/);
  });

  test("list_issues: ready is unblocked, startable is what claim_next_issue takes", async (t) => {
    const m = await mcpEnv(t);
    const agent = await m.connect((await m.mint()).token, "current", SESSIONS);
    await ok(agent, "create_issue", { title: "Todo", status: "todo" });
    await ok(agent, "create_issue", { title: "Review", status: "in_review" });
    await ok(agent, "create_issue", { title: "Claimed", status: "todo" });
    await ok(agent, "claim_issue", { issue: "ENG-3" });
    const ids = async (args: Record<string, unknown>) =>
      (await ok(agent, "list_issues", { ...args, sort: "created" })).structuredContent.data.map(
        (i: Any) => i.identifier,
      );
    assert.deepEqual(await ids({ ready: true }), ["ENG-1", "ENG-2", "ENG-3"]);
    assert.deepEqual(await ids({ startable: true }), ["ENG-1"]);
  });
});
