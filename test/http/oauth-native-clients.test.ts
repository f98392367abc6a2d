import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { acceptTerms } from "../../src/auth/web/terms.ts";
import { pkce } from "../auth/oauth/support.ts";
import { seed } from "../support.ts";
import { signIn, type Web, web } from "./pages/web.ts";

const REGISTER = "/api/auth/oauth2/register";
const AUTHORIZE = "/api/auth/oauth2/authorize";
const TOKEN = "/api/auth/oauth2/token";

async function post(w: Web, url: string, body: string, type: string, headers: Record<string, string> = {}) {
  const res = await w.app.inject({
    method: "POST",
    url,
    headers: { "content-type": type, ...headers },
    payload: body,
  });
  return { status: res.statusCode, headers: res.headers, body: res.body ? res.json() : undefined };
}

function consentForm(html: string): Record<string, string> {
  const form: Record<string, string> = { decision: "approve" };
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  }
  const ws = /<input type="radio" id="workspace-\d+" name="workspace" value="([^"]+)" checked>/.exec(html);
  if (ws) form.workspace = ws[1]!;
  if (!form.access) form.access = "write";
  return form;
}

/** Registration bodies in these clients' shape (RFC 7591, public, PKCE); their own bodies, with where each came from, are in oauth-real-clients.test.ts. */
const CLIENTS: { name: string; body: Record<string, unknown>; use: string; scheme: RegExp }[] = [
  {
    name: "Cursor (three redirect URIs, one of them cursor://)",
    body: {
      client_name: "Cursor",
      redirect_uris: [
        "cursor://anysphere.cursor-mcp/oauth/callback",
        "http://localhost:41234/callback",
        "http://127.0.0.1:41234/callback",
      ],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    use: "cursor://anysphere.cursor-mcp/oauth/callback",
    scheme: /opens <strong>cursor:<\/strong> links/,
  },
  {
    name: "VS Code (vscode:// and loopback)",
    body: {
      client_name: "Visual Studio Code",
      redirect_uris: [
        "http://127.0.0.1:33418/",
        "https://vscode.dev/redirect",
        "vscode://vscode.github-authentication/did-authenticate",
      ],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    use: "vscode://vscode.github-authentication/did-authenticate",
    scheme: /opens <strong>vscode:<\/strong> links/,
  },
  {
    name: "Claude Code (loopback http://localhost:PORT/callback)",
    body: {
      client_name: "Claude Code (docket)",
      redirect_uris: ["http://localhost:51743/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    use: "http://localhost:51743/callback",
    scheme: /goes back to <strong>localhost:51743<\/strong>/,
  },
  {
    name: "a web client (https)",
    body: {
      client_name: "Web Agent",
      redirect_uris: ["https://agent.example.com/oauth/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      scope: "workspace.read workspace.write",
    },
    use: "https://agent.example.com/oauth/callback",
    scheme: /goes back to <strong>agent\.example\.com<\/strong>/,
  },
];

describe("real clients' registrations: register, consent, code, token", () => {
  for (const c of CLIENTS) {
    test(c.name, async (t) => {
      const w = await web(t);
      const s = await seed(w.core);
      await acceptTerms(w.core, s.personId);
      const { client } = await signIn(w, "ada@example.com");
      const reg = await post(w, REGISTER, JSON.stringify(c.body), "application/json");
      assert.equal(reg.status, 201, JSON.stringify(reg.body));
      assert.deepEqual(reg.body.redirect_uris, c.body.redirect_uris);
      const clientId = reg.body.client_id as string;
      const { verifier, challenge } = pkce();
      const query = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: c.use,
        code_challenge: challenge,
        code_challenge_method: "S256",
        resource: `${w.core.config.baseUrl}/api/mcp`,
        scope: "workspace.read workspace.write",
        state: "st-1",
      });
      const page = await client.get(`${AUTHORIZE}?${query}`);
      assert.equal(page.status, 200, page.body);
      assert.match(page.body, c.scheme);
      const csp = String(page.headers["content-security-policy"]);
      const target = new URL(c.use);
      assert.ok(
        csp.includes(
          `form-action 'self' ${target.protocol.startsWith("http") ? target.origin : target.protocol};`,
        ),
        csp,
      );
      const approved = await client.post(AUTHORIZE, consentForm(page.body));
      assert.equal(approved.status, 302, approved.body);
      assert.ok(approved.location!.startsWith(`${c.use}?`), approved.location);
      const back = new URL(approved.location!);
      assert.equal(back.searchParams.get("state"), "st-1");
      const token = await post(
        w,
        TOKEN,
        new URLSearchParams({
          grant_type: "authorization_code",
          code: back.searchParams.get("code")!,
          code_verifier: verifier,
          client_id: clientId,
          redirect_uri: c.use,
          resource: `${w.core.config.baseUrl}/api/mcp`,
        }).toString(),
        "application/x-www-form-urlencoded",
      );
      assert.equal(token.status, 200, JSON.stringify(token.body));
      assert.equal(token.body.scope, "workspace.read workspace.write");
      assert.ok(token.body.refresh_token);
    });
  }

  test("authorize still matches exactly: a private-use URI that differs in path or case is a page, never a redirect", async (t) => {
    const w = await web(t);
    const s = await seed(w.core);
    await acceptTerms(w.core, s.personId);
    const { client } = await signIn(w, "ada@example.com");
    const reg = await post(w, REGISTER, JSON.stringify(CLIENTS[0]!.body), "application/json");
    for (const other of [
      "cursor://anysphere.cursor-mcp/oauth/callback/x",
      "Cursor://anysphere.cursor-mcp/oauth/callback",
      "cursor://evil.example/oauth/callback",
    ]) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: reg.body.client_id,
        redirect_uri: other,
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
        scope: "workspace.read",
        state: "s",
      });
      const res = await client.get(`${AUTHORIZE}?${query}`);
      assert.equal(res.status, 400, other);
      assert.equal(res.location, undefined);
    }
  });

  test("a loopback redirect URI may differ only in its port (RFC 8252 §7.3); host, path, query and scheme still match exactly", async (t) => {
    const w = await web(t);
    const s = await seed(w.core);
    await acceptTerms(w.core, s.personId);
    const { client } = await signIn(w, "ada@example.com");
    const reg = await post(
      w,
      REGISTER,
      JSON.stringify({
        client_name: "Loopback",
        redirect_uris: [
          "http://127.0.0.1/",
          "http://localhost:3118/callback",
          "https://app.example.com:8443/cb",
        ],
      }),
      "application/json",
    );
    assert.equal(reg.status, 201, JSON.stringify(reg.body));
    const ask = (redirect: string) =>
      client.get(
        `${AUTHORIZE}?${new URLSearchParams({
          response_type: "code",
          client_id: reg.body.client_id,
          redirect_uri: redirect,
          code_challenge: pkce().challenge,
          code_challenge_method: "S256",
          resource: `${w.core.config.baseUrl}/api/mcp`,
          scope: "workspace.read",
          state: "s",
        })}`,
      );
    for (const admitted of [
      "http://127.0.0.1:50123/",
      "http://localhost:49152/callback",
      "http://localhost/callback",
    ]) {
      const res = await ask(admitted);
      assert.equal(res.status, 200, `${admitted}: ${res.body}`);
      assert.match(res.body, /Approve/);
    }
    for (const other of [
      "http://127.0.0.1:50123/other",
      "http://127.0.0.1:50123/?x=1",
      "http://localhost:50123/",
      "http://127.0.0.2:50123/",
      "https://127.0.0.1:50123/",
      "http://127.0.0.1:0/",
      "http://127.0.0.1:70000/",
      "http://localhost:3118@evil.example/callback",
      "http://localhost:3118/callback/",
      "https://app.example.com:9443/cb",
      "https://app.example.com/cb",
    ]) {
      const res = await ask(other);
      assert.equal(res.status, 400, other);
      assert.equal(res.location, undefined, other);
    }
  });

  const refused = [
    "javascript:alert(1)",
    "data:text/html,hi",
    "file:///etc/passwd",
    "http://evil.example/callback",
    "http+x://evil.example/cb",
    "blob:https://evil.example/1",
  ];
  for (const uri of refused) {
    test(`refused: ${uri} (400 invalid_redirect_uri, the whole registration, nothing stored)`, async (t) => {
      const w = await web(t);
      const res = await post(
        w,
        REGISTER,
        JSON.stringify({ redirect_uris: ["cursor://anysphere.cursor-mcp/oauth/callback", uri] }),
        "application/json",
      );
      assert.equal(res.status, 400);
      assert.equal(res.body.error, "invalid_redirect_uri");
      assert.equal((await w.core.db.selectFrom("oauth_clients").selectAll().execute()).length, 0);
    });
  }
});
