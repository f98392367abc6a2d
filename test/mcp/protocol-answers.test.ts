import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SERVED_REVISIONS, TOOLS_LIST_TTL_MS } from "../../src/mcp/endpoint.ts";
import { ERAS, type McpEnv, mcpEnv } from "./support.ts";

async function raw(
  m: McpEnv,
  token: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(m.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${token}`,
      ...headers,
    },
    body,
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

/** The one JSON-RPC message of an answer: JSON, or an SSE stream's `message` event. */
function message(text: string): {
  id?: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
} {
  if (text.startsWith("event:") || text.startsWith("data:")) {
    return JSON.parse(
      text
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join(""),
    );
  }
  return JSON.parse(text);
}

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": ERAS.current,
  "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

describe("protocol answers of the MCP endpoint", () => {
  for (const era of ["current", "older"] as const) {
    test(`invalid JSON is JSON-RPC -32700 Parse error with HTTP 400 (${ERAS[era]})`, async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint();
      for (const body of ["{", '{"jsonrpc": "2.0", "id": 1,', "not json"]) {
        const r = await raw(m, token, body, { "mcp-protocol-version": ERAS[era] });
        assert.equal(r.status, 400, r.text);
        const msg = message(r.text);
        assert.equal(msg.id, null);
        assert.equal(msg.error?.code, -32700);
        assert.match(msg.error?.message ?? "", /^Parse error/);
      }
    });
  }

  test("an empty body with Content-Type: application/json is -32700 and does not advise dropping Content-Type", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const r = await raw(m, token, "", { "mcp-protocol-version": ERAS.older });
    assert.equal(r.status, 400);
    const msg = message(r.text);
    assert.equal(msg.error?.code, -32700);
    assert.doesNotMatch(msg.error?.message ?? "", /Content-Type/);
  });

  test("Accept: */* accepts both JSON and SSE, on the fast path and the SDK path", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const list = await raw(m, token, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
      "mcp-protocol-version": ERAS.older,
      accept: "*/*",
    });
    assert.equal(list.status, 200, list.text);
    assert.ok(Array.isArray(message(list.text).result?.tools));
    const call = await raw(
      m,
      token,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "get_workspace_identity", arguments: {}, _meta: ENVELOPE },
      }),
      {
        "mcp-protocol-version": ERAS.current,
        "mcp-method": "tools/call",
        "mcp-name": "get_workspace_identity",
        accept: "*/*",
      },
    );
    assert.equal(call.status, 200, call.text);
    assert.ok(message(call.text).result?.structuredContent);
    // a client that accepts neither is still refused
    const none = await raw(m, token, JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }), {
      "mcp-protocol-version": ERAS.older,
      accept: "text/html",
    });
    assert.equal(none.status, 406);
  });

  test("an unsupported revision: 400 naming every revision served, 2026-07-28 and 2024-11-05 included", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const r = await raw(m, token, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
      "mcp-protocol-version": "1999-01-01",
    });
    assert.equal(r.status, 400);
    const text = message(r.text).error?.message ?? "";
    assert.match(text, /Unsupported protocol version: 1999-01-01/);
    for (const v of SERVED_REVISIONS) assert.ok(text.includes(v), `${v} in ${text}`);
    assert.ok(text.includes("2026-07-28") && text.includes("2024-11-05"));
    // and each one listed is served
    for (const v of SERVED_REVISIONS.filter((x) => x !== ERAS.current)) {
      const ok = await raw(m, token, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
        "mcp-protocol-version": v,
      });
      assert.equal(ok.status, 200, `${v}: ${ok.text}`);
    }
  });

  test("tools/list (2026-07-28) carries a cache hint: private, kept for an hour", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const r = await raw(
      m,
      token,
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: ENVELOPE } }),
      { "mcp-protocol-version": ERAS.current, "mcp-method": "tools/list" },
    );
    assert.equal(r.status, 200, r.text);
    const result = message(r.text).result!;
    assert.equal(result.ttlMs, TOOLS_LIST_TTL_MS);
    assert.equal(result.cacheScope, "private");
  });

  test("discovery at the root paths of 2025-03-26 clients stays 404", async (t) => {
    const m = await mcpEnv(t);
    const origin = new URL(m.url).origin;
    for (const path of ["/.well-known/oauth-authorization-server", "/authorize", "/token", "/register"]) {
      const res = await fetch(`${origin}${path}`);
      assert.equal(res.status, 404, path);
      await res.body?.cancel();
    }
  });
});
