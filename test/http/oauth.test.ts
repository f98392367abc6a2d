import assert from "node:assert/strict";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { describe, test } from "node:test";
import { authenticateAccessToken } from "../../src/auth/connections.ts";
import {
  allowLoopbackClientMetadata,
  REGISTRATIONS_PER_ADDRESS_PER_HOUR,
} from "../../src/auth/oauth/clients.ts";
import { createPerson } from "../../src/auth/people.ts";
import { acceptTerms } from "../../src/auth/web/terms.ts";
import { addMember, createWorkspace, setAgentConnectionLimit } from "../../src/auth/workspaces.ts";
import { HOUR } from "../../src/clock.ts";
import { REGISTRATION_BODY_MAX_BYTES } from "../../src/http/auth/oauth-register.ts";
import { authorizeQuery, localServer, pkce, REDIRECT, registered } from "../auth/oauth/support.ts";
import { seed } from "../support.ts";
import { assertLabelled, csrfOf, signIn, type Web, type WebClient, web } from "./pages/web.ts";

const REGISTER = "/api/auth/oauth2/register";
const AUTHORIZE = "/api/auth/oauth2/authorize";
const TOKEN = "/api/auth/oauth2/token";
const REVOKE = "/api/auth/oauth2/revoke";

async function postJson(w: Web, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await w.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, body: res.body ? res.json() : undefined };
}

async function postForm(w: Web, url: string, form: Record<string, string>) {
  const res = await w.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, headers: res.headers, body: res.body ? res.json() : undefined };
}

function authorizeUrl(
  w: Web,
  clientId: string,
  challenge: string,
  extra: Record<string, string | undefined> = {},
) {
  const q = authorizeQuery(w.core, clientId, challenge, extra) as Record<string, string | undefined>;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, v);
  return `${AUTHORIZE}?${params}`;
}

/** The hidden and chosen fields of the consent form, as the browser would send them. */
function consentForm(html: string, decision: "approve" | "deny", extra: Record<string, string> = {}) {
  const form: Record<string, string> = { decision };
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  }
  const ws = /<input type="radio" id="workspace-\d+" name="workspace" value="([^"]+)" checked>/.exec(html);
  if (ws) form.workspace = ws[1]!;
  if (!form.access) form.access = "write";
  return { ...form, ...extra };
}

/** Ada signed in, with her workspace, and a registered client. */
async function ready(t: import("node:test").TestContext) {
  const w = await web(t);
  const s = await seed(w.core);
  await acceptTerms(w.core, s.personId);
  const { client } = await signIn(w, "ada@example.com");
  const clientId = await registered(w.core);
  return { w, s, client, clientId };
}

async function consent(
  w: Web,
  client: WebClient,
  clientId: string,
  extra: Record<string, string | undefined> = {},
) {
  const { verifier, challenge } = pkce();
  const page = await client.get(authorizeUrl(w, clientId, challenge, extra));
  assert.equal(page.status, 200, page.body);
  return { page, verifier };
}

describe("POST /api/auth/oauth2/register (RFC 7591)", () => {
  test("201 with the client_id and the registered metadata, no-store", async (t) => {
    const w = await web(t);
    const res = await postJson(w, REGISTER, {
      client_name: "My Editor",
      redirect_uris: ["http://127.0.0.1:4000/cb", "https://editor.example/cb"],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers["cache-control"], "no-store");
    assert.match(res.body.client_id, /^oac_/);
    assert.deepEqual(
      { ...res.body, client_id: "x", client_id_issued_at: 0 },
      {
        client_id: "x",
        client_id_issued_at: 0,
        client_name: "My Editor",
        redirect_uris: ["http://127.0.0.1:4000/cb", "https://editor.example/cb"],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      },
    );
  });

  const refused: [string, unknown, string][] = [
    ["a public http redirect URI", { redirect_uris: ["http://editor.example/cb"] }, "invalid_redirect_uri"],
    [
      "a redirect URI with a fragment",
      { redirect_uris: ["https://editor.example/cb#x"] },
      "invalid_redirect_uri",
    ],
    ["no redirect URIs", { client_name: "x" }, "invalid_redirect_uri"],
    [
      "a confidential client",
      { redirect_uris: ["https://e.example/cb"], token_endpoint_auth_method: "client_secret_basic" },
      "invalid_client_metadata",
    ],
    [
      "a name of 101 characters",
      { redirect_uris: ["https://e.example/cb"], client_name: "n".repeat(101) },
      "invalid_client_metadata",
    ],
    ["a JSON array", [], "invalid_client_metadata"],
  ];
  for (const [name, body, error] of refused) {
    test(`${name}: 400 ${error}, nothing stored`, async (t) => {
      const w = await web(t);
      const res = await postJson(w, REGISTER, body);
      assert.equal(res.status, 400);
      assert.equal(res.body.error, error);
      assert.ok(res.body.error_description.length > 0);
      assert.equal((await w.core.db.selectFrom("oauth_clients").selectAll().execute()).length, 0);
    });
  }

  test("not JSON: 415; broken JSON: 400", async (t) => {
    const w = await web(t);
    const form = await w.app.inject({
      method: "POST",
      url: REGISTER,
      headers: { "content-type": "text/plain" },
      payload: "x",
    });
    assert.equal(form.statusCode, 415);
    assert.equal((await postJson(w, REGISTER, "{")).status, 400);
  });

  test(`a body of ${REGISTRATION_BODY_MAX_BYTES} bytes is read; one byte more is 413`, async (t) => {
    const w = await web(t);
    const base = JSON.stringify({ redirect_uris: ["https://e.example/cb"] });
    const pad = (n: number) => `${base.slice(0, -1)}${" ".repeat(n - base.length)}}`;
    assert.equal((await postJson(w, REGISTER, pad(REGISTRATION_BODY_MAX_BYTES))).status, 201);
    assert.equal((await postJson(w, REGISTER, pad(REGISTRATION_BODY_MAX_BYTES + 1))).status, 413);
  });

  test(`${REGISTRATIONS_PER_ADDRESS_PER_HOUR} registrations an hour from one address; the next is 429 with Retry-After`, async (t) => {
    const w = await web(t);
    const body = { redirect_uris: ["https://e.example/cb"] };
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS_PER_HOUR; i++)
      assert.equal((await postJson(w, REGISTER, body)).status, 201);
    const over = await postJson(w, REGISTER, body);
    assert.equal(over.status, 429);
    assert.equal(over.body.error, "rate_limited");
    assert.ok(Number(over.headers["retry-after"]) > 0);
    w.env.clock.advance(HOUR);
    assert.equal((await postJson(w, REGISTER, body)).status, 201);
  });

  test("browser OAuth off: 404", async (t) => {
    const w = await web(t);
    await w.core.switches.set("browser_oauth", false);
    const res = await postJson(w, REGISTER, { redirect_uris: ["https://e.example/cb"] });
    assert.equal(res.status, 404);
  });
});

describe("GET /api/auth/oauth2/authorize", () => {
  test("a person not signed in is sent to sign in and comes back to the same request", async (t) => {
    const w = await web(t);
    const clientId = await registered(w.core);
    const url = authorizeUrl(w, clientId, pkce().challenge);
    const res = await w.client().get(url);
    assert.equal(res.status, 302);
    assert.equal(res.location, `/sign-in?return_to=${encodeURIComponent(url)}`);
  });

  test("an unknown client or a redirect URI not registered: a page, never a redirect", async (t) => {
    const w = await web(t);
    const clientId = await registered(w.core);
    for (const url of [
      authorizeUrl(w, "oac_nobody", pkce().challenge),
      authorizeUrl(w, clientId, pkce().challenge, { redirect_uri: "https://attacker.example/cb" }),
    ]) {
      const res = await w.client().get(url);
      assert.equal(res.status, 400);
      assert.equal(res.location, undefined);
      assert.match(String(res.headers["content-type"]), /text\/html/);
      assert.match(res.body, /role="alert"/);
      assert.doesNotMatch(res.body, /attacker\.example/);
    }
  });

  test("after the redirect URI is trusted, errors go back with error, state and iss", async (t) => {
    const w = await web(t);
    const clientId = await registered(w.core);
    const res = await w
      .client()
      .get(authorizeUrl(w, clientId, pkce().challenge, { code_challenge_method: "plain" }));
    assert.equal(res.status, 302);
    const url = new URL(res.location!);
    assert.equal(`${url.origin}${url.pathname}`, REDIRECT);
    assert.equal(url.searchParams.get("error"), "invalid_request");
    assert.equal(url.searchParams.get("state"), "st-123");
    assert.equal(url.searchParams.get("iss"), `${w.core.config.baseUrl}/api/auth`);
  });

  test("a person who has not accepted the Terms accepts them first", async (t) => {
    const w = await web(t);
    await seed(w.core);
    const clientId = await registered(w.core);
    const { client } = await signIn(w, "ada@example.com");
    const url = authorizeUrl(w, clientId, pkce().challenge);
    const res = await client.get(url);
    assert.equal(res.status, 302);
    assert.equal(res.location, `/welcome?return_to=${encodeURIComponent(url)}`);
  });

  test("browser OAuth off: 404", async (t) => {
    const { w, client, clientId } = await ready(t);
    await w.core.switches.set("browser_oauth", false);
    const res = await client.get(authorizeUrl(w, clientId, pkce().challenge));
    assert.equal(res.status, 404);
  });
});

describe("the consent page", () => {
  test("shows the client's unverified name, the redirect host, workspaces and access; labelled; its CSP lets the form lead back", async (t) => {
    const { w, client, clientId } = await ready(t);
    const { page } = await consent(w, client, clientId);
    assert.match(
      page.body,
      /Test Client<\/strong> is the name the client gives itself; Docket has not verified it/,
    );
    assert.match(page.body, /goes back to <strong>127\.0\.0\.1:8765<\/strong>/);
    assert.match(page.body, /acme <small>\(acme; 0 of 3 connections in use\)/);
    assert.match(page.body, /Read only/);
    assert.match(page.body, /Read and write/);
    assertLabelled(page.body);
    assert.equal(page.headers["cache-control"], "no-store");
    assert.match(
      String(page.headers["content-security-policy"]),
      /form-action 'self' http:\/\/127\.0\.0\.1:8765;/,
    );
  });

  test("a client that asked for read only is offered read only", async (t) => {
    const { w, client, clientId } = await ready(t);
    const { page } = await consent(w, client, clientId, { scope: "workspace.read" });
    assert.doesNotMatch(page.body, /Read and write/);
    assert.match(page.body, /<input type="hidden" name="access" value="read">/);
  });

  test("approve: a code with state and iss; the token endpoint answers a pair; the pair works, rotates and revokes", async (t) => {
    const { w, s, client, clientId } = await ready(t);
    const { page, verifier } = await consent(w, client, clientId);
    const approved = await client.post(AUTHORIZE, consentForm(page.body, "approve"));
    assert.equal(approved.status, 302, approved.body);
    const back = new URL(approved.location!);
    assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
    assert.equal(back.searchParams.get("state"), "st-123");
    assert.equal(back.searchParams.get("iss"), `${w.core.config.baseUrl}/api/auth`);
    const token = await postForm(w, TOKEN, {
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
      resource: `${w.core.config.baseUrl}/api/mcp`,
    });
    assert.equal(token.status, 200, JSON.stringify(token.body));
    assert.equal(token.headers["cache-control"], "no-store");
    assert.equal(token.body.scope, "workspace.read workspace.write");
    const v1 = await w.app.inject({
      url: "/v1/workspace",
      headers: { authorization: `Bearer ${token.body.access_token}` },
    });
    assert.equal(v1.statusCode, 200);
    assert.equal(v1.json().id, s.workspaceId);
    const rotated = await postForm(w, TOKEN, {
      grant_type: "refresh_token",
      refresh_token: token.body.refresh_token,
      client_id: clientId,
    });
    assert.equal(rotated.status, 200);
    const revoked = await postForm(w, REVOKE, {
      token: rotated.body.refresh_token,
      token_type_hint: "refresh_token",
    });
    assert.equal(revoked.status, 200);
    assert.deepEqual(await authenticateAccessToken(w.core, rotated.body.access_token), {
      ok: false,
      reason: "connection_ended",
    });
    const settings = await client.get("/settings");
    assert.match(settings.body, /Test Client/, "the connection is listed in settings");
  });

  test("read only chosen: the token cannot write", async (t) => {
    const { w, client, clientId } = await ready(t);
    const { page } = await consent(w, client, clientId);
    const approved = await client.post(AUTHORIZE, consentForm(page.body, "approve", { access: "read" }));
    assert.equal(approved.status, 302);
    const row = await w.core.db.selectFrom("connections").select("scopes").executeTakeFirstOrThrow();
    assert.equal(row.scopes, "workspace.read");
  });

  test("deny: access_denied with state and iss; no connection", async (t) => {
    const { w, client, clientId } = await ready(t);
    const { page } = await consent(w, client, clientId);
    const denied = await client.post(AUTHORIZE, consentForm(page.body, "deny"));
    assert.equal(denied.status, 302);
    const back = new URL(denied.location!);
    assert.equal(back.searchParams.get("error"), "access_denied");
    assert.equal(back.searchParams.get("state"), "st-123");
    assert.equal(back.searchParams.get("iss"), `${w.core.config.baseUrl}/api/auth`);
    assert.equal((await w.core.db.selectFrom("connections").selectAll().execute()).length, 0);
  });

  test("without the session's CSRF token, or from another site: 403, nothing made", async (t) => {
    const { w, client, clientId } = await ready(t);
    const { page } = await consent(w, client, clientId);
    const form = consentForm(page.body, "approve");
    const noToken = await client.post(AUTHORIZE, { ...form, csrf: "wrong" });
    assert.equal(noToken.status, 403);
    const crossSite = await client.post(AUTHORIZE, form, { origin: "https://attacker.example" });
    assert.equal(crossSite.status, 403);
    assert.equal((await w.core.db.selectFrom("connections").selectAll().execute()).length, 0);
  });

  test("a tampered form is checked again: another redirect URI is a page, not a redirect", async (t) => {
    const { w, client, clientId } = await ready(t);
    const { page } = await consent(w, client, clientId);
    const res = await client.post(
      AUTHORIZE,
      consentForm(page.body, "approve", { redirect_uri: "https://attacker.example/cb" }),
    );
    assert.equal(res.status, 400);
    assert.equal(res.location, undefined);
  });

  test("the plan limit: the last slot is taken; then the page says so and nothing is made", async (t) => {
    const { w, client, clientId } = await ready(t);
    await setAgentConnectionLimit(w.core, "acme", 1);
    const first = await consent(w, client, clientId);
    assert.equal((await client.post(AUTHORIZE, consentForm(first.page.body, "approve"))).status, 302);
    const second = await consent(w, client, clientId);
    assert.match(second.page.body, /1 of 1 connections in use, full/);
    const refused = await client.post(AUTHORIZE, consentForm(second.page.body, "approve"));
    assert.equal(refused.status, 409);
    assert.match(
      refused.body,
      /already has 1 live connection, all its plan allows\. Revoke one in settings, or choose another workspace\./,
    );
    assert.equal((await w.core.db.selectFrom("connections").selectAll().execute()).length, 1);
  });

  test("another workspace with room can be chosen", async (t) => {
    const { w, s, client, clientId } = await ready(t);
    await setAgentConnectionLimit(w.core, "acme", 0);
    const bob = await createPerson(w.core, { email: "bob@example.com", name: "Bob" });
    await createWorkspace(w.core, {
      name: "Beta",
      slug: "beta",
      owner_email: bob.email,
      space_prefix: "BET",
    });
    await addMember(w.core, { workspace: "beta", email: "ada@example.com", role: "member" });
    const { page } = await consent(w, client, clientId);
    const beta = /name="workspace" value="([^"]+)"[^>]*> <label for="workspace-\d+">Beta/.exec(
      page.body,
    )![1]!;
    const res = await client.post(AUTHORIZE, consentForm(page.body, "approve", { workspace: beta }));
    assert.equal(res.status, 302);
    const row = await w.core.db.selectFrom("connections").select("workspace_id").executeTakeFirstOrThrow();
    assert.notEqual(row.workspace_id, s.workspaceId);
  });

  test("a workspace the person is not in is refused", async (t) => {
    const { w, client, clientId } = await ready(t);
    const bob = await createPerson(w.core, { email: "bob@example.com", name: "Bob" });
    const other = await createWorkspace(w.core, {
      name: "Other",
      slug: "other",
      owner_email: bob.email,
      space_prefix: "OTH",
    });
    const { page } = await consent(w, client, clientId);
    const res = await client.post(AUTHORIZE, consentForm(page.body, "approve", { workspace: other.id }));
    assert.equal(res.status, 409);
    assert.match(res.body, /not a member of that workspace/);
  });

  test("the form's CSRF field is the session's", async (t) => {
    const { w, client, clientId } = await ready(t);
    const { page } = await consent(w, client, clientId);
    assert.ok(csrfOf(page.body).length > 20);
  });
});

describe("a client named by its metadata document", () => {
  test("the document is fetched, its name shown, its redirect URI used, and its URL is the client_id at the token endpoint", async (t) => {
    const w = await web(t);
    allowLoopbackClientMetadata(w.core);
    const s = await seed(w.core);
    await acceptTerms(w.core, s.personId);
    const doc = await localServer(t, (req, res) => {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=600" });
      res.end(
        JSON.stringify({
          client_id: `${doc.base}${req.url}`,
          client_name: "Documented Client",
          redirect_uris: [REDIRECT],
          grant_types: ["authorization_code", "refresh_token"],
          token_endpoint_auth_method: "none",
        }),
      );
    });
    const clientId = `${doc.base}/oauth/client.json`;
    const { client } = await signIn(w, "ada@example.com");
    const { page, verifier } = await consent(w, client, clientId);
    assert.match(page.body, /Documented Client<\/strong> is the name the client gives itself/);
    const approved = await client.post(AUTHORIZE, consentForm(page.body, "approve"));
    assert.equal(approved.status, 302);
    const code = new URL(approved.location!).searchParams.get("code")!;
    const token = await postForm(w, TOKEN, {
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
    });
    assert.equal(token.status, 200, JSON.stringify(token.body));
    const connection = await w.core.db.selectFrom("connections").selectAll().executeTakeFirstOrThrow();
    assert.equal(connection.client_id, clientId);
    assert.equal(connection.name, "Documented Client");
    assert.equal(doc.hits(), 1, "fetched once, then served from the cache");
  });

  test("an unauthenticated authorize naming a loopback or metadata address in IPv6 form connects nowhere", async (t) => {
    const w = await web(t);
    let connections = 0;
    const target = createNetServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    t.after(() => new Promise<void>((resolve) => target.close(() => resolve())));
    const port = (target.address() as AddressInfo).port;
    for (const clientId of [
      `https://[::ffff:7f00:1]:${port}/client.json`,
      "https://[::ffff:a9fe:a9fe]/client.json",
      `https://[64:ff9b::7f00:1]:${port}/client.json`,
    ]) {
      const res = await w.client().get(authorizeUrl(w, clientId, pkce().challenge));
      assert.equal(res.status, 400, clientId);
      assert.equal(res.location, undefined);
      assert.match(res.body, /private or loopback/);
    }
    assert.equal(connections, 0);
  });

  test("a document that cannot be used is a page, never a redirect", async (t) => {
    const w = await web(t);
    allowLoopbackClientMetadata(w.core);
    const doc = await localServer(t, (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ client_id: "https://someone-else.example/c.json", redirect_uris: [REDIRECT] }),
      );
    });
    const res = await w.client().get(authorizeUrl(w, `${doc.base}/c.json`, pkce().challenge));
    assert.equal(res.status, 400);
    assert.equal(res.location, undefined);
    assert.match(res.body, /must equal its URL/);
  });
});

describe("a person with no workspace", () => {
  test("is told there is nothing to connect, and can only cancel", async (t) => {
    const w = await web(t);
    const person = await createPerson(w.core, { email: "new@example.com", name: "New" });
    await acceptTerms(w.core, person.id);
    const clientId = await registered(w.core);
    const { client } = await signIn(w, "new@example.com");
    const { page } = await consent(w, client, clientId);
    assert.match(page.body, /not a member of any workspace yet/);
    assert.doesNotMatch(page.body, /value="approve"/);
    const cancelled = await client.post(AUTHORIZE, consentForm(page.body, "deny"));
    assert.equal(new URL(cancelled.location!).searchParams.get("error"), "access_denied");
  });
});

describe("authorization server metadata", () => {
  test("names the browser sign-in while it is on, and drops it when off", async (t) => {
    const w = await web(t);
    const get = async () =>
      (await w.app.inject({ url: "/.well-known/oauth-authorization-server/api/auth" })).json();
    const meta = await get();
    const base = w.core.config.baseUrl;
    assert.equal(meta.issuer, `${base}/api/auth`);
    assert.equal(meta.authorization_endpoint, `${base}/api/auth/oauth2/authorize`);
    assert.equal(meta.registration_endpoint, `${base}/api/auth/oauth2/register`);
    assert.equal(meta.token_endpoint, `${base}/api/auth/oauth2/token`);
    assert.equal(meta.revocation_endpoint, `${base}/api/auth/oauth2/revoke`);
    assert.deepEqual(meta.code_challenge_methods_supported, ["S256"]);
    assert.deepEqual(meta.response_types_supported, ["code"]);
    assert.deepEqual(meta.token_endpoint_auth_methods_supported, ["none"]);
    assert.equal(meta.client_id_metadata_document_supported, true);
    assert.equal(meta.authorization_response_iss_parameter_supported, true);
    assert.ok(meta.grant_types_supported.includes("authorization_code"));
    assert.ok(meta.grant_types_supported.includes("refresh_token"));
    const same = (await w.app.inject({ url: "/api/auth/.well-known/oauth-authorization-server" })).json();
    assert.deepEqual(same, meta);
    await w.core.switches.set("browser_oauth", false);
    const off = await get();
    assert.equal(off.authorization_endpoint, undefined);
    assert.equal(off.registration_endpoint, undefined);
    assert.ok(!off.grant_types_supported.includes("authorization_code"));
  });

  test("browser OAuth and registration both off: the token endpoint is 404", async (t) => {
    const w = await web(t);
    await w.core.switches.set("browser_oauth", false);
    await w.core.switches.set("agent_registration", false);
    const res = await postForm(w, TOKEN, { grant_type: "refresh_token", refresh_token: "x", client_id: "y" });
    assert.equal(res.status, 404);
  });
});
