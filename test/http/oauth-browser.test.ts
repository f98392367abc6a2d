import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import {
  Client,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { chromium } from "playwright-core";
import { ROTATION_GRACE_MS } from "../../src/auth/oauth/grants.ts";
import { HOUR } from "../../src/clock.ts";
import { localServer } from "../auth/oauth/support.ts";
import { seed } from "../support.ts";
import { web } from "./pages/web.ts";

/** A free port, so the service's BASE_URL names the port it listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What an MCP client keeps between runs: its registration, tokens and PKCE verifier. */
class MemoryProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens[] = [];
  verifier = "";
  authorizationUrl: URL | undefined;
  discovery: OAuthDiscoveryState | undefined;
  readonly callback: string;
  constructor(callback: string) {
    this.callback = callback;
  }
  get redirectUrl() {
    return this.callback;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Browser Test Client",
      redirect_uris: [this.callback],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved.at(-1);
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved.push(tokens);
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

test("an MCP client signs in through the browser: discovery from the 401, registration, PKCE, consent, tokens, MCP, rotation, reuse, revocation", async (t) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const w = await web(t, { BASE_URL: base });
  const s = await seed(w.core);
  await w.app.listen({ port, host: "127.0.0.1" });

  const callbacks: URLSearchParams[] = [];
  const cb = await localServer(t, (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/callback") callbacks.push(url.searchParams);
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>Signed in</title><p>You can close this window.</p>");
  });
  const provider = new MemoryProvider(`${cb.base}/callback`);
  const mcpUrl = new URL(`${base}/api/mcp`);

  // 1. The first call meets a 401; the client discovers the server, registers and asks to authorize.
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await assert.rejects(
    new Client({ name: "browser-test", version: "1.0.0" }).connect(first),
    UnauthorizedError,
  );
  assert.ok(provider.info?.client_id.startsWith("oac_"), "registered dynamically");
  const authUrl = provider.authorizationUrl!;
  assert.equal(`${authUrl.origin}${authUrl.pathname}`, `${base}/api/auth/oauth2/authorize`);
  assert.equal(authUrl.searchParams.get("code_challenge_method"), "S256");
  assert.equal(authUrl.searchParams.get("resource"), `${base}/api/mcp`);

  // 2. The person signs in, accepts the Terms, chooses the workspace and approves, in a real browser.
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(authUrl.toString());
  assert.match(new URL(page.url()).pathname, /^\/sign-in/);
  await page.fill("#email", "ada@example.com");
  await page.click('button:has-text("Email me a code")');
  await page.fill("#code", w.lastCode("ada@example.com"));
  await page.click('button:has-text("Sign in")');
  await page.waitForURL(/\/welcome/);
  await page.check("#accept_terms");
  await page.click('button:has-text("Continue")');
  await page.waitForURL(/\/api\/auth\/oauth2\/authorize/);
  assert.match(await page.content(), /Browser Test Client/);
  assert.match((await page.textContent("body")) ?? "", /goes back to 127\.0\.0\.1:\d+/);
  await page.check("#access-write");
  await page.click('button:has-text("Approve")');
  await page.waitForURL(/\/callback\?/);
  assert.equal(callbacks.length, 1);
  const answer = callbacks[0]!;
  assert.equal(answer.get("iss"), `${base}/api/auth`);
  assert.ok(answer.get("code"));

  // 3. The client exchanges the code (checking iss), then calls the MCP endpoint.
  await first.finishAuth(answer);
  const issued = provider.saved.at(-1)!;
  assert.match(issued.access_token, /^docket_at_/);
  assert.match(issued.refresh_token ?? "", /^docket_rt_/);
  const client = new Client({ name: "browser-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  const identity = await client.callTool({ name: "get_workspace_identity", arguments: {} });
  assert.match(JSON.stringify(identity.content), /acme/);
  const v1 = await fetch(`${base}/v1/workspace`, {
    headers: { authorization: `Bearer ${issued.access_token}` },
  });
  assert.equal(((await v1.json()) as { id: string }).id, s.workspaceId);
  await client.close();

  // 4. An hour later the access token has run out: the client refreshes, and the refresh token rotates.
  w.env.clock.advance(HOUR);
  const later = new Client({ name: "browser-test", version: "1.0.0" });
  await later.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  await later.callTool({ name: "get_workspace_identity", arguments: {} });
  const rotated = provider.saved.at(-1)!;
  assert.notEqual(rotated.refresh_token, issued.refresh_token, "a new refresh token");
  assert.notEqual(rotated.access_token, issued.access_token);
  await later.close();

  // 5. The old refresh token turns up again after the grace: the whole connection ends.
  w.env.clock.advance(ROTATION_GRACE_MS + 1);
  const replay = await fetch(`${base}/api/auth/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: issued.refresh_token!,
      client_id: provider.info!.client_id,
    }),
  });
  assert.equal(replay.status, 400);
  assert.deepEqual(await replay.json(), { error: "invalid_grant" });
  const afterReuse = await fetch(`${base}/v1/workspace`, {
    headers: { authorization: `Bearer ${rotated.access_token}` },
  });
  assert.equal(afterReuse.status, 401, "the current access token stopped with the connection");

  // 6. A second sign-in (the session is still there: straight to consent), then the client revokes it.
  const second = new MemoryProvider(`${cb.base}/callback`);
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: second });
  await assert.rejects(
    new Client({ name: "browser-test", version: "1.0.0" }).connect(transport),
    UnauthorizedError,
  );
  await page.goto(second.authorizationUrl!.toString());
  await page.check("#access-read");
  await page.click('button:has-text("Approve")');
  await page.waitForURL(/\/callback\?/);
  await transport.finishAuth(callbacks.at(-1)!);
  const readOnly = second.saved.at(-1)!;
  assert.equal(readOnly.scope, "workspace.read");
  const revoke = await fetch(`${base}/api/auth/oauth2/revoke`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: readOnly.refresh_token!, token_type_hint: "refresh_token" }),
  });
  assert.equal(revoke.status, 200);
  const afterRevoke = await fetch(`${base}/v1/workspace`, {
    headers: { authorization: `Bearer ${readOnly.access_token}` },
  });
  assert.equal(afterRevoke.status, 401);

  // 7. Both connections appear in the person's settings, ended.
  await page.goto(`${base}/settings`);
  const settings = (await page.textContent("body")) ?? "";
  assert.equal(settings.match(/Browser Test Client/g)?.length, 2);
});
