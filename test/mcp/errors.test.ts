import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { DocketError, rateLimited } from "../../src/errors.ts";
import { codeError, errorContent, errorResult, nearest } from "../../src/mcp/catalog.ts";
import { TOOLS, TOOLSETS } from "../../src/mcp/tools.ts";
import { ERAS, type Era, mcpEnv } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: tool results are checked field by field
type Any = any;

interface Result {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Any;
}

const text = (r: Result) => r.content.map((c) => c.text ?? "").join("\n");

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Result> {
  return (await client.callTool({ name, arguments: args })) as Result;
}

async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Any> {
  const r = await call(client, name, args);
  assert.ok(!r.isError, `${name} failed: ${text(r)}`);
  return r.structuredContent;
}

/**
 * A tool error as an agent reads it: `structuredContent` holds `error` and `error_description` (and what
 * else applies), and the text beside it is one line that starts with the same code.
 */
async function refused(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  code: string,
): Promise<Any> {
  const r = await call(client, name, args);
  assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail, got ${text(r)}`);
  const s = r.structuredContent;
  assert.ok(s && typeof s === "object", `${name}: structuredContent on the error`);
  assert.equal(s.error, code, `${name}: ${text(r)}`);
  assert.equal(typeof s.error_description, "string");
  assert.equal(r.content.length, 1);
  const line = text(r);
  assert.ok(line.startsWith(`${code}: ${s.error_description}`), line);
  assert.ok(!line.includes("\n"), `one line: ${line}`);
  return s;
}

describe("MCP errors that teach: the unit pieces", () => {
  test("nearest names: edit distance ignoring case, _ and -, a name inside another, nothing far off", () => {
    assert.equal(nearest("prority", ["status", "priority", "labels"]), "priority");
    assert.equal(nearest("blocked_by", ["blocks", "blockedBy"]), "blockedBy");
    assert.equal(nearest("issue_id", ["id", "issue", "ttl_seconds"]), "issue");
    assert.equal(
      nearest(
        "list_issue",
        TOOLS.map((t) => t.name),
      ),
      "list_issues",
    );
    assert.equal(
      nearest(
        "claim_next",
        TOOLS.map((t) => t.name),
      ),
      "claim_next_issue",
    );
    assert.equal(nearest("zzzzzz", ["status", "priority"]), undefined);
    assert.equal(nearest("q", ["id", "status"]), undefined);
  });

  test("a DocketError's body reaches structuredContent whole; Retry-After becomes retry_after", () => {
    const limited = errorResult(rateLimited(12, "Too many approvals asked this minute."));
    assert.deepEqual(limited.structuredContent, {
      error: "rate_limited",
      error_description: "Too many approvals asked this minute.",
      retry_after: 12,
    });
    assert.equal(
      limited.content[0]!.text,
      "rate_limited: Too many approvals asked this minute. Retry after 12 seconds.",
    );
    const next = { tool: "request_approval", arguments: { id: "ENG-1", mark_done: true } };
    const body = {
      holder: { type: "agent", id: "con_1" },
      expires_at: "2026-01-01T00:00:00.000Z",
      next,
      extra: [1],
    };
    const s = errorContent(
      new DocketError(409, "claimed", "ENG-1 is claimed.\nPick other work.", { body, fields: { id: "x" } }),
    );
    assert.deepEqual(s, {
      ...body,
      error: "claimed",
      error_description: "ENG-1 is claimed.\nPick other work.",
      fields: { id: "x" },
    });
    const line = errorResult(new DocketError(409, "claimed", "ENG-1 is claimed.\nPick other work.", { body }))
      .content[0]!.text;
    assert.equal(
      line,
      'claimed: ENG-1 is claimed. Pick other work. Next: request_approval {"id":"ENG-1","mark_done":true}.',
    );
    // members nested in the body are lifted to the top as well: the claim's holder, the review's may_finish
    const nested = errorContent(
      new DocketError(403, "review_required", "A person must.", {
        body: {
          review: { may_finish: "a person", steps: [] },
          claim: { holder: "h", expires_at: "e", id: "c" },
        },
      }),
    );
    assert.equal(nested.may_finish, "a person");
    assert.equal(nested.holder, "h");
    assert.equal(nested.expires_at, "e");
    assert.deepEqual(codeError("x", "y").structuredContent, { error: "x", error_description: "y" });
  });
});

for (const era of Object.keys(ERAS) as Era[]) {
  describe(`MCP errors that teach, protocol ${ERAS[era]}`, () => {
    test("ten common mistakes, each a structured error with a one-line text", async (t) => {
      const m = await mcpEnv(t);
      const { token, connectionId } = await m.mint();
      const client = await m.connect(token, era);
      await ok(client, "create_issue", { title: "First" });

      // 1. an unknown argument: the nearest one, and the call corrected
      const typo = await refused(
        client,
        "create_issue",
        { title: "Second", prority: "high" },
        "invalid_request",
      );
      assert.equal(typo.fields.prority, "is not an argument of create_issue; did you mean priority?");
      assert.deepEqual(typo.next, { tool: "create_issue", arguments: { title: "Second", priority: "high" } });
      // one with nothing near: the arguments there are
      const far = await refused(client, "get_issue", { id: "ENG-1", zzzzzzzz: 1 }, "invalid_request");
      assert.equal(far.fields.zzzzzzzz, "is not an argument of get_issue, which takes id");
      assert.equal(far.next, undefined);

      // 2. an unknown tool: a protocol error naming the nearest tool
      await assert.rejects(call(client, "list_issue", {}), (error: Error & { code?: number; data?: Any }) => {
        assert.equal(error.code, -32602);
        assert.match(error.message, /Unknown tool: list_issue\. Did you mean list_issues\?/);
        return true;
      });
      // one in a toolset not enabled says which
      await assert.rejects(
        call(client, "list_cycle", {}),
        /Did you mean list_cycles \(in the planning toolset: X-MCP-Toolsets: planning\)\?/,
      );

      // 3. not_found for an issue lists the spaces
      const elsewhere = await refused(client, "get_issue", { id: "PROJ-12" }, "not_found");
      assert.match(
        elsewhere.error_description,
        /there is no space PROJ in this workspace\. Its spaces are ENG \(/,
      );
      assert.deepEqual(
        elsewhere.spaces.map((s: Any) => s.prefix),
        ["ENG"],
      );
      const missing = await refused(client, "update_issue", { id: "ENG-999", title: "x" }, "not_found");
      assert.match(missing.error_description, /^No issue ENG-999 in this workspace\. Its spaces are ENG/);

      // 4. a bad enum value
      const status = await refused(
        client,
        "update_issue",
        { id: "ENG-1", status: "finished" },
        "invalid_request",
      );
      assert.match(status.fields.status, /must be one of/);

      // 5. a missing required argument
      const title = await refused(client, "create_issue", {}, "invalid_request");
      assert.equal(title.fields.title, "is required");

      // 6. a write in read-only mode (asked by the client): the toolset refusal, structured
      const readOnly = await m.connect(token, era, { readonly: true });
      const hidden = await refused(readOnly, "create_issue", { title: "No" }, "toolset_not_enabled");
      assert.match(hidden.error_description, /read-only mode/);

      // 7. a stale fencing token
      const claim = await ok(client, "claim_issue", { issue: "ENG-1", ttl_seconds: 60 });
      m.env.clock.advance(61_000);
      const other = await m.connect((await m.mint()).token, era);
      await ok(other, "claim_issue", { issue: "ENG-1" });
      const stale = await refused(
        client,
        "update_issue",
        { id: "ENG-1", title: "Mine", fencing_token: claim.fencing_token },
        "lease_lost",
      );
      assert.match(stale.error_description, /ENG-1/);

      // 8. review_required: who may finish, and the next call
      const space = await m.app.inject({
        method: "PATCH",
        url: "/v1/spaces/ENG",
        headers: { authorization: `Bearer ${m.token}` },
        payload: { done_requires: "person" },
      });
      assert.equal(space.statusCode, 200, space.body);
      await ok(client, "create_issue", { title: "Reviewed" });
      const review = await refused(
        client,
        "update_issue",
        { id: "ENG-2", status: "done" },
        "review_required",
      );
      assert.equal(typeof review.may_finish, "string");
      assert.equal(typeof review.next?.tool, "string");

      // and a refusal's REST body reaches structuredContent whole: a write to an issue another agent holds
      await ok(client, "create_issue", { title: "Held" });
      await ok(other, "claim_issue", { issue: "ENG-3" });
      const held = await refused(client, "update_issue", { id: "ENG-3", title: "Mine" }, "claimed");
      const rest = await m.app.inject({
        method: "PATCH",
        url: "/v1/issues/ENG-3",
        headers: { authorization: `Bearer ${token}` },
        payload: { title: "Mine" },
      });
      assert.equal(rest.statusCode, 409, rest.body);
      assert.deepEqual(held, rest.json());
      assert.ok(held.holder && held.expires_at);

      // 9. precondition_failed: a stale expected_version
      await refused(
        client,
        "update_issue",
        { id: "ENG-2", title: "Late", expected_version: 99 },
        "precondition_failed",
      );

      // 10. a dependency cycle names its path (the agent holding ENG-1 adds the edge)
      await ok(client, "set_dependencies", { id: "ENG-2", blockedBy: ["ENG-1"] });
      const cycle = await refused(
        other,
        "set_dependencies",
        { id: "ENG-1", blockedBy: ["ENG-2"] },
        "dependency_cycle",
      );
      assert.match(cycle.error_description, /ENG-1/);

      // the agent that failed changed nothing it should not have
      const first = await ok(client, "get_issue", { id: "ENG-1" });
      assert.equal(first.title, "First");
      assert.ok(connectionId);
    });

    test("a read-only agent connection lists only reads without any header, and a write is the scope challenge", async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint(["workspace.read"]);
      const reader = await m.connect(token, era);
      const names = (await reader.listTools()).tools.map((x) => x.name);
      const writes = new Set(TOOLS.filter((x) => x.scope === "workspace.write").map((x) => x.name));
      assert.deepEqual(
        names,
        TOOLS.map((x) => x.name).filter(
          (n) => (TOOLSETS.default as readonly string[]).includes(n) && !writes.has(n),
        ),
      );
      assert.ok(names.includes("get_workspace_identity") && names.includes("claim_next_issue") === false);
      // every toolset: still reads only
      const all = await m.connect(token, era, { toolsets: "all" });
      assert.ok((await all.listTools()).tools.every((x) => !writes.has(x.name)));
      // a write called by name anyway: the 403 insufficient_scope challenge, so a client can step up
      await assert.rejects(call(reader, "create_issue", { title: "No" }), /Insufficient scope/);
      // a read-and-write connection still sees the writes
      const writer = await m.connect((await m.mint()).token, era);
      assert.ok((await writer.listTools()).tools.some((x) => x.name === "create_issue"));
    });

    test("the server's instructions describe the loop", async (t) => {
      const m = await mcpEnv(t);
      const client = await m.connect((await m.mint()).token, era);
      const instructions = client.getInstructions() ?? "";
      for (const step of [
        "get_workspace_identity",
        "claim_next_issue",
        "heartbeat_claim",
        "request_approval",
        "next",
      ])
        assert.ok(instructions.includes(step), step);
    });

    test("claim_next_issue sends the bundle once; update_issue answers without the description", async (t) => {
      const m = await mcpEnv(t);
      const client = await m.connect((await m.mint()).token, era);
      const description = "A long description. ".repeat(40);
      await ok(client, "create_issue", { title: "Work", description, status: "todo" });
      const r = await call(client, "claim_next_issue", {});
      assert.ok(!r.isError, text(r));
      assert.equal(r.structuredContent.bundle, undefined);
      assert.equal(r.structuredContent.claim.issue.identifier, "ENG-1");
      assert.equal(
        text(r).split("A long description.").length - 1,
        40,
        "the bundle's Markdown once, in the text",
      );
      const u = await call(client, "update_issue", {
        id: "ENG-1",
        status: "in_review",
        fencing_token: r.structuredContent.claim.fencing_token,
      });
      assert.ok(!u.isError, text(u));
      assert.ok(!text(u).includes("A long description."));
      assert.equal(u.structuredContent.description, undefined);
      assert.equal(u.structuredContent.status, "in_review");
      assert.match(text(u), /^ENG-1 \[in_review/);
    });
  });
}
