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

const text = (r: Any) => r.content.map((c: Any) => c.text).join("\n");

for (const era of Object.keys(ERAS) as Era[]) {
  describe(`MCP claims, protocol ${ERAS[era]}`, () => {
    test("identity, claim_next_issue, work: three calls; the answer holds the claim and the bundle", async (t) => {
      const m = await mcpEnv(t);
      const { token, connectionId } = await m.mint();
      const agent = await m.connect(token, era);
      // the default toolset has the claim tools
      const names = (await agent.listTools()).tools.map((x) => x.name);
      for (const name of ["claim_next_issue", "claim_issue", "heartbeat_claim", "release_claim"])
        assert.ok(names.includes(name), name);

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
      const { claim, bundle } = claimed.structuredContent;
      assert.equal(claim.issue.identifier, urgent.identifier, "the most urgent ready issue first");
      assert.equal(claim.issue.status, "in_progress");
      assert.equal(claim.holder.type, "agent");
      assert.equal(claim.holder.id, connectionId);
      assert.ok(claim.fencing_token >= 1);
      assert.match(bundle, new RegExp(`^# ${urgent.identifier}: Fix login`));
      assert.match(bundle, /Cookies expire early\./);
      assert.match(text(claimed), new RegExp(`${claim.id} on ${urgent.identifier}`));

      // claiming the issue it holds gives the same claim back
      const again = (await ok(agent, "claim_issue", { issue: urgent.identifier })).structuredContent;
      assert.equal(again.id, claim.id);
      assert.equal(again.fencing_token, claim.fencing_token);

      // another agent cannot take it
      const other = await m.connect((await m.mint()).token, era);
      const refused = await call(other, "claim_issue", { issue: urgent.identifier });
      assert.equal(refused.isError, true);
      assert.match(text(refused), /^already_claimed:/);

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
      assert.equal(issue.status, "todo");
      assert.equal(issue.title, "Fix login cookies");
    });

    test("a superseded fencing token is lease_lost and changes nothing; bad arguments are named", async (t) => {
      const m = await mcpEnv(t);
      const first = await m.connect((await m.mint()).token, era, { toolsets: "issues" });
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
