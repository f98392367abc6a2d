import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { loadConfig } from "../../src/config.ts";
import { ERAS, type McpEnv, mcpEnv } from "../mcp/support.ts";

const ALLOWED = "https://app.example.com";
const OTHER = "https://evil.example";

function at(m: McpEnv, path: string): string {
  return `${m.url.origin}${path}`;
}

async function preflight(m: McpEnv, path: string, origin: string, method = "POST") {
  const res = await fetch(at(m, path), {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "authorization, content-type, mcp-protocol-version",
    },
  });
  await res.body?.cancel();
  return res;
}

const OAUTH_DOCS = [
  "/.well-known/oauth-protected-resource/api/mcp",
  "/.well-known/oauth-authorization-server/api/auth",
  "/api/auth/.well-known/oauth-authorization-server",
  "/api/auth/jwks",
];
const OAUTH_POSTS = ["/api/auth/oauth2/token", "/api/auth/oauth2/register", "/api/auth/oauth2/revoke"];

describe("CORS for browser-based MCP clients", () => {
  test("the metadata documents and JWKS: preflight 204 and answers with Access-Control-Allow-Origin: * for any origin", async (t) => {
    const m = await mcpEnv(t, { MCP_ALLOWED_ORIGINS: ALLOWED });
    for (const path of OAUTH_DOCS) {
      for (const origin of [ALLOWED, OTHER]) {
        const pre = await preflight(m, path, origin, "GET");
        assert.equal(pre.status, 204, `${path} ${origin}`);
        assert.equal(pre.headers.get("access-control-allow-origin"), "*");
        assert.match(pre.headers.get("access-control-allow-headers") ?? "", /MCP-Protocol-Version/);
        const res = await fetch(at(m, path), { headers: { origin, "mcp-protocol-version": ERAS.current } });
        assert.equal(res.status, 200, path);
        await res.body?.cancel();
        assert.equal(res.headers.get("access-control-allow-origin"), "*", path);
      }
    }
  });

  test("token, register and revoke: preflight 204 from any origin; answers (errors and 429 included) carry CORS and expose WWW-Authenticate, Retry-After, RateLimit-*", async (t) => {
    const m = await mcpEnv(t, { MCP_ALLOWED_ORIGINS: ALLOWED });
    for (const path of OAUTH_POSTS) {
      for (const origin of [ALLOWED, OTHER]) {
        const pre = await preflight(m, path, origin);
        assert.equal(pre.status, 204, `${path} ${origin}`);
        assert.equal(pre.headers.get("access-control-allow-origin"), "*");
        assert.match(pre.headers.get("access-control-allow-methods") ?? "", /POST/);
      }
    }
    const reg = await fetch(at(m, "/api/auth/oauth2/register"), {
      method: "POST",
      headers: { origin: OTHER, "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["https://app.example.com/cb"] }),
    });
    assert.equal(reg.status, 201);
    assert.equal(reg.headers.get("access-control-allow-origin"), "*");
    const exposed = reg.headers.get("access-control-expose-headers") ?? "";
    for (const h of [
      "WWW-Authenticate",
      "Retry-After",
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
    ])
      assert.ok(exposed.includes(h), `${h} in ${exposed}`);
    const token = await fetch(at(m, "/api/auth/oauth2/token"), {
      method: "POST",
      headers: { origin: OTHER, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=authorization_code&code=nope",
    });
    assert.equal(token.status, 400);
    assert.equal(token.headers.get("access-control-allow-origin"), "*");
    const revoke = await fetch(at(m, "/api/auth/oauth2/revoke"), {
      method: "POST",
      headers: { origin: OTHER, "content-type": "application/x-www-form-urlencoded" },
      body: "token=nothing",
    });
    assert.equal(revoke.headers.get("access-control-allow-origin"), "*");
    await Promise.all([reg.body?.cancel(), token.body?.cancel(), revoke.body?.cancel()]);
  });

  test("a cross-origin request carrying the session cookie is refused on the token endpoint", async (t) => {
    const m = await mcpEnv(t);
    const res = await fetch(at(m, "/api/auth/oauth2/token"), {
      method: "POST",
      headers: {
        origin: OTHER,
        cookie: "docket_session=abc",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=refresh_token",
    });
    await res.body?.cancel();
    assert.equal(res.status, 403);
  });

  test("/api/mcp: an allowed origin gets its preflight (204) and its answers with its own origin and the exposed headers", async (t) => {
    const m = await mcpEnv(t, { MCP_ALLOWED_ORIGINS: `${ALLOWED}, https://other.example.org` });
    const pre = await preflight(m, "/api/mcp", ALLOWED);
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get("access-control-allow-origin"), ALLOWED);
    assert.match(pre.headers.get("access-control-allow-headers") ?? "", /Mcp-Session-Id/);
    assert.match(pre.headers.get("access-control-allow-headers") ?? "", /MCP-Protocol-Version/);
    const { token } = await m.mint();
    const res = await fetch(m.url, {
      method: "POST",
      headers: {
        origin: ALLOWED,
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": ERAS.older,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    await res.body?.cancel();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("access-control-allow-origin"), ALLOWED);
    assert.match(res.headers.get("vary") ?? "", /Origin/);
    const exposed = res.headers.get("access-control-expose-headers") ?? "";
    for (const h of ["WWW-Authenticate", "Mcp-Session-Id", "RateLimit-Remaining", "Retry-After"])
      assert.ok(exposed.includes(h), `${h} in ${exposed}`);
    // the 401 challenge is readable by the allowed page
    const noToken = await fetch(m.url, {
      method: "POST",
      headers: { origin: ALLOWED, "content-type": "application/json", "mcp-protocol-version": ERAS.older },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    await noToken.body?.cancel();
    assert.equal(noToken.status, 401);
    assert.equal(noToken.headers.get("access-control-allow-origin"), ALLOWED);
    assert.ok(noToken.headers.get("www-authenticate"));
  });

  test("/api/mcp: another origin gets no CORS; its preflight is 405 and its request 403 (DNS rebinding check kept); a plain OPTIONS stays 405", async (t) => {
    const m = await mcpEnv(t, { MCP_ALLOWED_ORIGINS: ALLOWED });
    const pre = await preflight(m, "/api/mcp", OTHER);
    assert.equal(pre.status, 405);
    assert.equal(pre.headers.get("access-control-allow-origin"), null);
    const { token } = await m.mint();
    const res = await fetch(m.url, {
      method: "POST",
      headers: {
        origin: OTHER,
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": ERAS.older,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    await res.body?.cancel();
    assert.equal(res.status, 403);
    assert.equal(res.headers.get("access-control-allow-origin"), null);
    const plain = await fetch(m.url, { method: "OPTIONS" });
    await plain.body?.cancel();
    assert.equal(plain.status, 405);
    assert.equal(plain.headers.get("allow"), "POST");
  });

  test("MCP_ALLOWED_ORIGINS: origins in normal form; a path, another scheme or garbage is a config error", () => {
    const base = { BASE_URL: "https://docket.example.com" };
    assert.deepEqual(
      loadConfig({ ...base, MCP_ALLOWED_ORIGINS: "https://App.Example.com:443, http://localhost:3000/" })
        .mcpAllowedOrigins,
      ["https://app.example.com", "http://localhost:3000"],
    );
    assert.deepEqual(loadConfig(base).mcpAllowedOrigins, []);
    for (const bad of [
      "https://a.example/path",
      "ftp://a.example",
      "not an origin",
      "https://a.example?x=1",
    ]) {
      assert.throws(() => loadConfig({ ...base, MCP_ALLOWED_ORIGINS: bad }), /MCP_ALLOWED_ORIGINS/, bad);
    }
  });
});
