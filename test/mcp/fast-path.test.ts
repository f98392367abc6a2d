import assert from "node:assert/strict";
import { test } from "node:test";
import { mcpFastPath } from "../../src/mcp/endpoint.ts";
import { type McpEnv, mcpEnv } from "./support.ts";

/** A 2026-07-28 tools/call as a client sends it, with the envelope in `_meta`. */
async function toolCall(
  m: McpEnv,
  token: string,
  name: string,
  args: Record<string, unknown>,
  extra: { headers?: Record<string, string>; meta?: Record<string, unknown>; id?: unknown } = {},
) {
  const res = await fetch(m.url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
      ...extra.headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: extra.id ?? 7,
      method: "tools/call",
      params: {
        name,
        arguments: args,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {},
          ...extra.meta,
        },
      },
    }),
  });
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}

test("the fast path answers a plain tools/call with the SDK's very bytes", async (t) => {
  const m = await mcpEnv(t);
  const { token } = await m.mint();
  const { token: reader } = await m.mint(["workspace.read"]);
  const client = await m.connect(token);
  await client.callTool({ name: "create_issue", arguments: { title: "One", description: "Body" } });
  const cases: [string, string, Record<string, unknown>, Parameters<typeof toolCall>[4]?][] = [
    [token, "get_workspace_identity", {}],
    [token, "get_issue", { id: "ENG-1" }],
    [token, "get_issue", { id: "ENG-404" }],
    [token, "get_issue", { id: "nope", extra: 1 }],
    [token, "list_cycles", {}],
    [reader, "create_issue", { title: "No" }],
    [token, "get_issue", { id: "ENG-1" }, { id: "str-id" }],
    [token, "list_issues", { ready: true }, { headers: { "x-mcp-toolsets": "planning" } }],
  ];
  t.after(() => {
    mcpFastPath.enabled = true;
  });
  for (const [who, name, args, extra] of cases) {
    mcpFastPath.enabled = true;
    const fast = await toolCall(m, who, name, args, extra);
    mcpFastPath.enabled = false;
    const sdk = await toolCall(m, who, name, args, extra);
    mcpFastPath.enabled = true;
    assert.equal(fast.status, who === reader ? 403 : 200, `${name}: ${fast.body}`);
    assert.deepEqual(fast, sdk, `${name} ${JSON.stringify(args)}`);
  }
});

test("anything but the plainest call goes to the SDK, which answers as before", async (t) => {
  const m = await mcpEnv(t);
  const { token } = await m.mint();
  // MCP-Name not matching the body: the SDK's header validation refuses it
  const mismatch = await toolCall(
    m,
    token,
    "get_workspace_identity",
    {},
    { headers: { "mcp-name": "get_issue" } },
  );
  assert.equal(mismatch.status, 400, mismatch.body);
  // an unknown tool: the SDK's JSON-RPC error
  const unknown = await toolCall(m, token, "no_such_tool", {});
  assert.match(unknown.body, /Unknown tool: no_such_tool/);
  // a further _meta key (a progress token): served by the SDK, the same result
  const more = await toolCall(m, token, "get_workspace_identity", {}, { meta: { progressToken: 1 } });
  assert.equal(more.status, 200, more.body);
  assert.match(more.body, /"structuredContent":\{"id":"ws_/);
});
