import assert from "node:assert/strict";
import { createServer } from "node:net";
import { describe, type TestContext, test } from "node:test";
import {
  Client,
  type FetchLike,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { type Browser, chromium, type Page } from "playwright-core";
import { allowLoopbackClientMetadata } from "../../src/auth/oauth/clients.ts";
import { localServer } from "../auth/oauth/support.ts";
import { seed } from "../support.ts";
import { type Web, web } from "./pages/web.ts";

/**
 * Real MCP clients' sign-ins, end to end: each client's own registration body (where each came from is
 * written beside it), sent by the official SDK client, the consent given by a person in Chromium, the
 * code exchanged and the MCP endpoint called with the token. The SDK stands in for each client's own
 * OAuth code; what differs between clients (their registration bodies, the redirect URI they use at
 * authorize, whether they run in a page) is taken from them.
 */

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What a client keeps: a registration body of its own, and the redirect URI it uses this time. */
class RealClientProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens[] = [];
  verifier = "";
  authorizationUrl: URL | undefined;
  discovery: OAuthDiscoveryState | undefined;
  readonly metadata: OAuthClientMetadata;
  readonly callback: string;
  constructor(metadata: OAuthClientMetadata, callback: string) {
    this.metadata = metadata;
    this.callback = callback;
  }
  get redirectUrl() {
    return this.callback;
  }
  get clientMetadata(): OAuthClientMetadata {
    return this.metadata;
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

interface Service {
  w: Web;
  base: string;
  mcpUrl: URL;
  browser: Browser;
  page: Page;
  /** Content-Security-Policy complaints Chromium printed (a blocked form or redirect shows up here) */
  cspErrors: string[];
}

/** The service on a real port, a seeded workspace (acme) and a Chromium page. */
async function service(t: TestContext, env: Record<string, string> = {}): Promise<Service> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const w = await web(t, { BASE_URL: base, ...env });
  await seed(w.core);
  await w.app.listen({ port, host: "127.0.0.1" });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  return { w, base, mcpUrl: new URL(`${base}/api/mcp`), browser, page, cspErrors };
}

/** Signs Ada in on the page if the authorization sent it to the sign-in page (first time only). */
async function signInIfAsked(s: Service): Promise<void> {
  if (!new URL(s.page.url()).pathname.startsWith("/sign-in")) return;
  await s.page.fill("#email", "ada@example.com");
  await s.page.click('button:has-text("Email me a code")');
  await s.page.fill("#code", s.w.lastCode("ada@example.com"));
  await s.page.click('button:has-text("Sign in")');
  await s.page.waitForURL(/\/welcome/);
  await s.page.check("#accept_terms");
  await s.page.click('button:has-text("Continue")');
  await s.page.waitForURL(/\/api\/auth\/oauth2\/authorize/);
}

/**
 * The person's part in Chromium: opens the authorization URL the SDK made, signs in if needed, checks
 * what the consent page says, chooses the access and approves. Answers the query the browser was sent
 * back with (read from the approval's 302, so it works for private-use schemes the browser hands to an
 * app). An http(s) redirect target is answered by the page's router, as the client's callback would.
 */
async function consent(
  s: Service,
  authUrl: URL,
  options: { access: "read" | "write"; shows: RegExp[]; redirectUri: string },
): Promise<URLSearchParams> {
  const target = new URL(options.redirectUri);
  if (target.protocol === "http:" || target.protocol === "https:") {
    await s.page.route(`${target.origin}/**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Signed in</title>" }),
    );
  }
  await s.page.goto(authUrl.toString());
  await signInIfAsked(s);
  const text = (await s.page.textContent("body")) ?? "";
  for (const shown of options.shows) assert.match(text, shown);
  await s.page.check(options.access === "write" ? "#access-write" : "#access-read");
  const approval = s.page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/auth/oauth2/authorize",
  );
  await s.page.click('button:has-text("Approve")');
  const answer = await approval;
  assert.equal(answer.status(), 302);
  const location = answer.headers().location!;
  assert.ok(location.startsWith(`${options.redirectUri}?`), location);
  if (target.protocol === "http:" || target.protocol === "https:") {
    await s.page.waitForURL((u) => u.toString().startsWith(options.redirectUri));
  }
  const back = new URL(location).searchParams;
  assert.equal(back.get("iss"), `${s.base}/api/auth`);
  assert.ok(back.get("code"));
  return back;
}

/**
 * One client's whole sign-in through the SDK: the 401, discovery, its registration, the consent in
 * Chromium, the code exchanged, then a tool called with the token. Answers the provider afterwards.
 */
async function signInAs(
  s: Service,
  provider: RealClientProvider,
  options: { access: "read" | "write"; shows: RegExp[]; fetch?: FetchLike },
): Promise<RealClientProvider> {
  // The registration goes out as the client sends it, byte for byte: the SDK would add the challenge's
  // scope to a body that has none.
  const send = options.fetch ?? fetch;
  let sent: string | undefined;
  const asTheClient: FetchLike = (input, init) => {
    if (init?.method === "POST" && new URL(String(input)).pathname === "/api/auth/oauth2/register") {
      sent = JSON.stringify(provider.metadata);
      return send(input, { ...init, body: sent });
    }
    return send(input, init);
  };
  const registeredBefore = provider.info !== undefined;
  const transport = new StreamableHTTPClientTransport(s.mcpUrl, {
    authProvider: provider,
    fetch: asTheClient,
  });
  await assert.rejects(
    new Client({ name: "real-client", version: "1.0.0" }).connect(transport),
    UnauthorizedError,
  );
  assert.equal(sent !== undefined, !registeredBefore, "registers once, unless it has a client_id already");
  const authUrl = provider.authorizationUrl!;
  assert.equal(`${authUrl.origin}${authUrl.pathname}`, `${s.base}/api/auth/oauth2/authorize`);
  assert.equal(authUrl.searchParams.get("redirect_uri"), provider.redirectUrl);
  assert.equal(authUrl.searchParams.get("code_challenge_method"), "S256");
  const back = await consent(s, authUrl, { ...options, redirectUri: String(provider.redirectUrl) });
  await transport.finishAuth(back);
  const tokens = provider.saved.at(-1)!;
  assert.match(tokens.access_token, /^docket_at_/);
  assert.match(tokens.refresh_token ?? "", /^docket_rt_/);
  assert.equal(
    tokens.scope,
    options.access === "write" ? "workspace.read workspace.write" : "workspace.read",
  );
  const client = new Client({ name: "real-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(s.mcpUrl, {
      authProvider: provider,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
  const identity = await client.callTool({ name: "get_workspace_identity", arguments: {} });
  assert.match(JSON.stringify(identity.content), /acme/);
  await client.close();
  assert.deepEqual(s.cspErrors, [], "Chromium blocked nothing on the way back");
  return provider;
}

/** The metadata documents, read as a client reads them before registering. */
async function discovery(s: Service) {
  const prm = (await (await fetch(`${s.base}/.well-known/oauth-protected-resource/api/mcp`)).json()) as {
    scopes_supported: string[];
  };
  const as = (await (await fetch(`${s.base}/.well-known/oauth-authorization-server/api/auth`)).json()) as {
    grant_types_supported: string[];
  };
  return { prm, as };
}

/** The registration as Docket stored it (what the SDK got back). */
function registered(provider: RealClientProvider) {
  return provider.info as OAuthClientInformationMixed & OAuthClientMetadata & { client_id: string };
}

describe("real MCP clients register, get consent in Chromium and exchange the code with the SDK", () => {
  test("Cursor: three redirect URIs, signs in through cursor://anysphere.cursor-mcp/oauth/callback", async (t) => {
    const s = await service(t);
    // Cursor's registration as reported from the wire: three redirect URIs in one request, the
    // private-use one first, the web fallback of Cloud Agents and a loopback one (erp-mafia/accounted
    // pull request 2225, "Cursor's real three-URI body"; soflyy/agent-connector-for-wp issue 111;
    // bytebase/bytebase issue 20510); a public client (different-ai/openwork pull request 3059:
    // token_endpoint_auth_method "none"). It then opens authorize with the first of its own three,
    // cursor:// (Nextcloud mcp_connector's measurement against Cursor 3.2.16: "GET /authorize
    // redirect_uri=cursor://anysphere.cursor-mcp/oauth/callback").
    const body: OAuthClientMetadata = {
      client_name: "Cursor",
      redirect_uris: [
        "cursor://anysphere.cursor-mcp/oauth/callback",
        "https://www.cursor.com/agents/mcp/oauth/callback",
        "http://localhost:8787/callback",
      ],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
    const provider = new RealClientProvider(body, "cursor://anysphere.cursor-mcp/oauth/callback");
    await signInAs(s, provider, {
      access: "write",
      shows: [/Cursor/, /cursor:/, /cursor:\/\/anysphere\.cursor-mcp\/oauth\/callback/],
    });
    assert.deepEqual(registered(provider).redirect_uris, body.redirect_uris);
  });

  test("VS Code: its own registration body; signs in on 127.0.0.1:33418, then on another port when that one is busy", async (t) => {
    const s = await service(t);
    const { prm, as } = await discovery(s);
    // microsoft/vscode, src/vs/base/common/oauth.ts, fetchDynamicRegistration: client_name is the
    // product's name (extHostAuthentication.ts passes environment.appName, "Visual Studio Code"), the
    // scope is the protected resource's scopes_supported joined by spaces, the grant types are the
    // server's grant_types_supported filtered to the three VS Code knows, and the four redirect URIs are
    // fixed. VS Code listens on 127.0.0.1:33418 (DEFAULT_AUTH_FLOW_PORT) and, when that port is taken,
    // on any free one, relying on RFC 8252 §7.3 (its registered http://127.0.0.1/ admits any port).
    const vscodeGrants = [
      "authorization_code",
      "refresh_token",
      "urn:ietf:params:oauth:grant-type:device_code",
    ];
    const body = {
      client_name: "Visual Studio Code",
      client_uri: "https://code.visualstudio.com",
      grant_types: as.grant_types_supported.filter((g) => vscodeGrants.includes(g)),
      response_types: ["code"],
      redirect_uris: [
        "https://insiders.vscode.dev/redirect",
        "https://vscode.dev/redirect",
        "http://127.0.0.1/",
        "http://127.0.0.1:33418/",
      ],
      scope: prm.scopes_supported.join(" "),
      token_endpoint_auth_method: "none",
      application_type: "native",
    } as OAuthClientMetadata;
    assert.deepEqual(body.grant_types, ["authorization_code", "refresh_token"]);
    const first = new RealClientProvider(body, "http://127.0.0.1:33418/");
    await signInAs(s, first, { access: "write", shows: [/Visual Studio Code/, /127\.0\.0\.1:33418/] });
    assert.deepEqual(registered(first).redirect_uris, body.redirect_uris);

    // Port 33418 is busy the next time: the same registration, an ephemeral port.
    const ephemeral = await freePort();
    const second = new RealClientProvider(body, `http://127.0.0.1:${ephemeral}/`);
    second.info = first.info;
    await signInAs(s, second, {
      access: "read",
      shows: [/Visual Studio Code/, new RegExp(`127\\.0\\.0\\.1:${ephemeral}`)],
    });
    assert.equal(registered(second).client_id, registered(first).client_id, "no second registration");
  });

  test("Claude Code: dynamic registration with its loopback callback http://localhost:3118/callback", async (t) => {
    const s = await service(t);
    // Claude Code 2.1's registration as captured on the wire (a recorded trace of
    // `claude -p --mcp-config`, "DCR client_name: Claude Code (<serverName>) — templated; redirect_uris:
    // http://localhost:3118/callback — explicit port; token_endpoint_auth_method none; grant_types
    // authorization_code, refresh_token"; the port 3118 also in elmohq/elmo pull request 684).
    const body: OAuthClientMetadata = {
      client_name: "Claude Code (docket)",
      redirect_uris: ["http://localhost:3118/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
    const provider = new RealClientProvider(body, "http://localhost:3118/callback");
    await signInAs(s, provider, { access: "write", shows: [/Claude Code \(docket\)/, /localhost:3118/] });
    assert.deepEqual(registered(provider).redirect_uris, body.redirect_uris);
  });

  test("Claude Code: its client ID metadata document with port-less loopback URIs, arriving on an ephemeral port", async (t) => {
    const s = await service(t);
    allowLoopbackClientMetadata(s.w.core);
    // Claude Code's published document (https://claude.ai/oauth/claude-code-client-metadata, as read
    // and quoted in nextcloud/mcp_connector's client notes, 2026-08-20): redirect URIs without a port,
    // the client arriving on a new ephemeral port each run. Served here from a loopback address, since
    // the document's client_id must be its own URL.
    const doc = await localServer(t, (req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          client_id: `${doc.base}${req.url}`,
          client_name: "Claude Code",
          redirect_uris: ["http://localhost/callback", "http://127.0.0.1/callback"],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        }),
      );
    });
    const port = await freePort();
    const provider = new RealClientProvider(
      { client_name: "Claude Code", redirect_uris: [`http://localhost:${port}/callback`] },
      `http://localhost:${port}/callback`,
    );
    provider.info = { client_id: `${doc.base}/oauth/claude-code-client-metadata` };
    await signInAs(s, provider, {
      access: "write",
      shows: [/Claude Code/, new RegExp(`localhost:${port}`)],
    });
    assert.equal(
      await s.w.core.db
        .selectFrom("oauth_clients")
        .select("kind")
        .executeTakeFirst()
        .then((r) => r?.kind),
      "metadata_document",
    );
  });

  test("a web client in the browser (the MCP Inspector's registration): every request from its page, over CORS", async (t) => {
    // The MCP Inspector runs in the browser (at http://localhost:6274 by default) and registers from
    // there (modelcontextprotocol/inspector, client/src/lib/auth.ts, InspectorOAuthClientProvider's
    // clientMetadata: both its callbacks under the page's origin, the scope it discovered, public,
    // client_uri its repository). Its page is served here from a real loopback server (Chromium treats a
    // page that no server answered as public, and asks before it may reach a loopback address), on
    // localhost, so every request to the service at 127.0.0.1 is cross-origin.
    const inspector = await localServer(t, (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>MCP Inspector</title>");
    });
    const webOrigin = `http://localhost:${new URL(inspector.base).port}`;
    // An operator serving such a client lists its origin (a loopback BASE_URL would also take it).
    const s = await service(t, { MCP_ALLOWED_ORIGINS: webOrigin });
    const app = await s.browser.newPage();
    await app.goto(`${webOrigin}/`);
    const seen: { url: string; status: number }[] = [];
    // The SDK's requests, each made by the page's own fetch: discovery, registration, token and MCP
    // are all cross-origin from there, and the SDK reads only what CORS lets the page read.
    const fromPage: FetchLike = async (input, init) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const body = init?.body === undefined || init.body === null ? undefined : String(init.body);
      const r = await app.evaluate(
        async ({ url, method, headers, body }) => {
          const res = await fetch(url, { method, headers, body });
          return { status: res.status, headers: [...res.headers.entries()], text: await res.text() };
        },
        { url: String(input), method: init?.method ?? "GET", headers, body },
      );
      seen.push({ url: String(input), status: r.status });
      const empty = r.status === 204 || r.status === 304 || r.text === "";
      return new Response(empty ? null : r.text, { status: r.status, headers: r.headers });
    };
    const { prm } = await discovery(s);
    const body: OAuthClientMetadata = {
      redirect_uris: [`${webOrigin}/oauth/callback`, `${webOrigin}/oauth/callback/debug`],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      client_name: "MCP Inspector",
      client_uri: "https://github.com/modelcontextprotocol/inspector",
      scope: prm.scopes_supported.join(" "),
    };
    const provider = new RealClientProvider(body, `${webOrigin}/oauth/callback`);
    await signInAs(s, provider, {
      access: "write",
      shows: [/MCP Inspector/, new RegExp(webOrigin.slice("http://".length))],
      fetch: fromPage,
    });
    const paths = seen.map((r) => `${r.status} ${new URL(r.url).pathname}`);
    for (const expected of [
      "401 /api/mcp",
      "200 /.well-known/oauth-protected-resource/api/mcp",
      "200 /.well-known/oauth-authorization-server/api/auth",
      "201 /api/auth/oauth2/register",
      "200 /api/auth/oauth2/token",
      "200 /api/mcp",
    ]) {
      assert.ok(paths.includes(expected), `${expected} in ${paths.join(", ")}`);
    }
  });
});

describe("step-up: a read-only connection becomes read-write after the 403 insufficient_scope challenge", () => {
  test("the SDK re-runs the authorization on the 403, the person approves read and write in Chromium, the write is retried and succeeds", async (t) => {
    const s = await service(t);
    const body: OAuthClientMetadata = {
      client_name: "Claude Code (docket)",
      redirect_uris: ["http://localhost:3118/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
    const provider = new RealClientProvider(body, "http://localhost:3118/callback");
    // 1. The first consent grants read only.
    await signInAs(s, provider, { access: "read", shows: [/Claude Code \(docket\)/] });
    const readOnly = provider.saved.at(-1)!;
    assert.equal(readOnly.scope, "workspace.read");

    // 2. A write meets the 403 and its challenge; the SDK starts the authorization again by itself,
    //    asking for the scopes the challenge names, and hands the URL to the client's browser.
    const answers: { status: number; challenge: string | null; body: string }[] = [];
    const watching: FetchLike = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input) === s.mcpUrl.toString() && res.status === 403) {
        answers.push({
          status: res.status,
          challenge: res.headers.get("www-authenticate"),
          body: await res.clone().text(),
        });
      }
      return res;
    };
    provider.authorizationUrl = undefined;
    const transport = new StreamableHTTPClientTransport(s.mcpUrl, {
      authProvider: provider,
      fetch: watching,
    });
    const client = new Client({ name: "real-client", version: "1.0.0" });
    await client.connect(transport);
    await assert.rejects(
      client.callTool({ name: "create_issue", arguments: { title: "Written after step-up" } }),
      UnauthorizedError,
    );
    assert.equal(answers.length, 1);
    assert.ok(
      answers[0]!.challenge?.startsWith(
        `Bearer error="insufficient_scope", scope="workspace.read workspace.write", resource_metadata="${s.base}/.well-known/oauth-protected-resource/api/mcp"`,
      ),
      answers[0]!.challenge ?? "no challenge",
    );
    assert.match(answers[0]!.body, /insufficient_scope/);
    const again = provider.authorizationUrl as URL | undefined;
    assert.ok(again, "the SDK asked for a new authorization");
    assert.deepEqual(again.searchParams.get("scope")?.split(" ").sort(), [
      "workspace.read",
      "workspace.write",
    ]);
    assert.equal(provider.saved.at(-1), readOnly, "nothing was granted without the person");

    // 3. The person approves read and write (already signed in: straight to consent).
    const back = await consent(s, again, {
      access: "write",
      shows: [/Claude Code \(docket\)/],
      redirectUri: "http://localhost:3118/callback",
    });
    await transport.finishAuth(back);
    assert.equal(provider.saved.at(-1)!.scope, "workspace.read workspace.write");

    // 4. The write, retried, succeeds.
    const created = await client.callTool({
      name: "create_issue",
      arguments: { title: "Written after step-up" },
    });
    assert.notEqual(created.isError, true, JSON.stringify(created.content));
    assert.match(JSON.stringify(created.structuredContent), /Written after step-up/);
    await client.close();
  });
});
