import assert from "node:assert/strict";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { describe, test } from "node:test";
import {
  allowLoopbackClientMetadata,
  CLIENT_NAME_MAX,
  ClientError,
  checkClientMetadata,
  checkRedirectUri,
  METADATA_CACHE_DEFAULT_MS,
  METADATA_DOCUMENT_MAX_BYTES,
  METADATA_FAILURE_CACHE_MS,
  REDIRECT_URIS_MAX,
  registerClient,
  resolveClient,
} from "../../../src/auth/oauth/clients.ts";
import { MINUTE } from "../../../src/clock.ts";
import { setup } from "../../support.ts";
import { localServer } from "./support.ts";

function refusedWith(code: ClientError["code"], pattern?: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof ClientError, `expected a ClientError, got ${String(error)}`);
    assert.equal(error.code, code);
    if (pattern) assert.match(error.message, pattern);
    return true;
  };
}

describe("redirect URIs", () => {
  const accepted = [
    "https://app.example.com/callback",
    "https://app.example.com/cb?x=1",
    "http://127.0.0.1:33418/callback",
    "http://localhost:8080/cb",
    "http://[::1]:9000/cb",
    "cursor://anysphere.cursor-mcp/oauth/callback",
    "vscode://vscode.github-authentication/did-authenticate",
    "com.example.app:/callback",
    "com.example.app:/oauth2redirect?x=1",
  ];
  for (const uri of accepted) {
    test(`accepts ${uri}`, () => assert.equal(checkRedirectUri(uri), uri));
  }
  const refused: [string, unknown, RegExp][] = [
    ["plain http to a public host", "http://app.example.com/callback", /not loopback/],
    ["a fragment", "https://app.example.com/cb#frag", /fragment/],
    ["an empty fragment", "https://app.example.com/cb#", /fragment/],
    ["credentials", "https://user:pw@app.example.com/cb", /credentials/],
    ["javascript:", "javascript:alert(1)", /"javascript" is not allowed/],
    ["JavaScript: in capitals", "JavaScript:alert(1)", /"javascript" is not allowed/],
    ["data:", "data:text/html,<script>alert(1)</script>", /"data" is not allowed/],
    ["file:", "file:///etc/passwd", /"file" is not allowed/],
    ["blob:", "blob:https://a.example/1234", /"blob" is not allowed/],
    ["about:", "about:blank", /"about" is not allowed/],
    ["vbscript:", "vbscript:msgbox(1)", /"vbscript" is not allowed/],
    ["ws:", "ws://app.example.com/cb", /"ws" is not allowed/],
    ["wss:", "wss://app.example.com/cb", /"wss" is not allowed/],
    ["ftp:", "ftp://app.example.com/cb", /"ftp" is not allowed/],
    ["an http look-alike", "http+x://app.example.com/cb", /"http\+x" is not allowed/],
    ["an https look-alike", "https-app://cb", /"https-app" is not allowed/],
    ["a scheme and nothing else", "com.example.app:", /nothing else/],
    ["http to a non-loopback host", "http://evil.example/cb", /not loopback/],
    ["a relative URL", "/callback", /absolute/],
    ["a number", 42, /non-empty string/],
    ["an empty string", "", /non-empty string/],
  ];
  for (const [name, uri, pattern] of refused) {
    test(`refuses ${name}`, () =>
      assert.throws(() => checkRedirectUri(uri), refusedWith("invalid_redirect_uri", pattern)));
  }
});

describe("client metadata (RFC 7591)", () => {
  test("scopes Docket does not define are ignored: offline_access, openid, profile", () => {
    const base = { redirect_uris: ["https://a.example/cb"] };
    assert.equal(
      checkClientMetadata({ ...base, scope: "openid profile workspace.read offline_access" }).scope,
      "workspace.read",
    );
    assert.equal(checkClientMetadata({ ...base, scope: "offline_access" }).scope, undefined);
  });

  test("defaults: authorization_code, code, none", () => {
    const meta = checkClientMetadata({ redirect_uris: ["https://a.example/cb"] });
    assert.deepEqual(meta, {
      redirect_uris: ["https://a.example/cb"],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
  });

  test(`redirect_uris: ${REDIRECT_URIS_MAX} accepted, ${REDIRECT_URIS_MAX + 1} refused, none refused`, () => {
    const uris = (n: number) => Array.from({ length: n }, (_, i) => `https://a.example/cb${i}`);
    assert.equal(
      checkClientMetadata({ redirect_uris: uris(REDIRECT_URIS_MAX) }).redirect_uris.length,
      REDIRECT_URIS_MAX,
    );
    assert.throws(
      () => checkClientMetadata({ redirect_uris: uris(REDIRECT_URIS_MAX + 1) }),
      refusedWith("invalid_redirect_uri", /at most 10/),
    );
    assert.throws(() => checkClientMetadata({ redirect_uris: [] }), refusedWith("invalid_redirect_uri"));
    assert.throws(() => checkClientMetadata({}), refusedWith("invalid_redirect_uri"));
  });

  test(`client_name: ${CLIENT_NAME_MAX} characters accepted, ${CLIENT_NAME_MAX + 1} refused`, () => {
    const base = { redirect_uris: ["https://a.example/cb"] };
    assert.equal(
      checkClientMetadata({ ...base, client_name: "x".repeat(CLIENT_NAME_MAX) }).client_name?.length,
      CLIENT_NAME_MAX,
    );
    assert.throws(
      () => checkClientMetadata({ ...base, client_name: "x".repeat(CLIENT_NAME_MAX + 1) }),
      refusedWith("invalid_client_metadata", /1 to 100/),
    );
    assert.throws(
      () => checkClientMetadata({ ...base, client_name: "" }),
      refusedWith("invalid_client_metadata"),
    );
    assert.throws(
      () => checkClientMetadata({ ...base, client_name: "a\nb" }),
      refusedWith("invalid_client_metadata"),
    );
  });

  const refused: [string, Record<string, unknown>, RegExp][] = [
    ["an implicit grant", { grant_types: ["implicit"] }, /grant_types/],
    [
      "client credentials",
      { grant_types: ["authorization_code", "client_credentials"] },
      /client_credentials/,
    ],
    ["no authorization_code", { grant_types: ["refresh_token"] }, /must include authorization_code/],
    ["response_type token", { response_types: ["token"] }, /response_types/],
    ["a client secret method", { token_endpoint_auth_method: "client_secret_basic" }, /must be "none"/],
    ["a non-URL client_uri", { client_uri: "not a url" }, /client_uri/],
  ];
  for (const [name, extra, pattern] of refused) {
    test(`refuses ${name}`, () =>
      assert.throws(
        () => checkClientMetadata({ redirect_uris: ["https://a.example/cb"], ...extra }),
        refusedWith("invalid_client_metadata", pattern),
      ));
  }

  test("not an object is invalid_client_metadata", () => {
    for (const body of [null, "x", [1], undefined]) {
      assert.throws(() => checkClientMetadata(body), refusedWith("invalid_client_metadata"));
    }
  });

  test("unknown fields are ignored (RFC 7591 §2)", () => {
    const meta = checkClientMetadata({
      redirect_uris: ["https://a.example/cb"],
      jwks_uri: "https://a.example/jwks",
      extra: 1,
    });
    assert.ok(!("extra" in meta) && !("jwks_uri" in meta));
  });
});

describe("dynamic registration", () => {
  test("stores the client and resolves it by its issued client_id", async (t) => {
    const { core } = await setup(t);
    const reg = await registerClient(
      core,
      {
        client_name: "Editor",
        redirect_uris: ["http://127.0.0.1:5000/cb"],
        grant_types: ["authorization_code", "refresh_token"],
      },
      "10.0.0.1",
    );
    assert.match(reg.client_id, /^oac_[0-9A-Z]{26}$/);
    assert.equal(reg.client_id_issued_at, Math.floor(core.clock.now().getTime() / 1000));
    const client = await resolveClient(core, reg.client_id);
    assert.deepEqual(client, {
      client_id: reg.client_id,
      kind: "registered",
      client_name: "Editor",
      redirect_uris: ["http://127.0.0.1:5000/cb"],
    });
  });

  test("a bad registration stores nothing", async (t) => {
    const { core } = await setup(t);
    await assert.rejects(
      registerClient(core, { redirect_uris: ["http://evil.example/cb"] }, null),
      ClientError,
    );
    assert.equal((await core.db.selectFrom("oauth_clients").selectAll().execute()).length, 0);
  });

  test("an unknown client_id is invalid_client", async (t) => {
    const { core } = await setup(t);
    await assert.rejects(resolveClient(core, "oac_nothing"), refusedWith("invalid_client", /No client/));
  });
});

describe("client ID metadata documents", () => {
  const docFor = (url: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      client_id: url,
      client_name: "Doc Client",
      redirect_uris: ["http://127.0.0.1:7777/cb"],
      ...extra,
    });

  test("fetched, checked, cached until its max-age, then fetched again", async (t) => {
    const { core, clock } = await setup(t);
    allowLoopbackClientMetadata(core);
    const server = await localServer(t, (req, res) => {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300" });
      res.end(docFor(`${server.base}${req.url}`));
    });
    const id = `${server.base}/client.json`;
    const client = await resolveClient(core, id);
    assert.deepEqual(client, {
      client_id: id,
      kind: "metadata_document",
      client_name: "Doc Client",
      redirect_uris: ["http://127.0.0.1:7777/cb"],
    });
    await resolveClient(core, id);
    assert.equal(server.hits(), 1, "the cached document serves the second look-up");
    clock.advance(5 * MINUTE - 1);
    await resolveClient(core, id);
    assert.equal(server.hits(), 1, "still fresh 1 ms before max-age runs out");
    clock.advance(1);
    await resolveClient(core, id);
    assert.equal(server.hits(), 2, "fetched again once max-age has run out");
  });

  test("without max-age a document is kept for the default time", async (t) => {
    const { core, clock } = await setup(t);
    allowLoopbackClientMetadata(core);
    const server = await localServer(t, (req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(docFor(`${server.base}${req.url}`));
    });
    await resolveClient(core, `${server.base}/c`);
    clock.advance(METADATA_CACHE_DEFAULT_MS);
    await resolveClient(core, `${server.base}/c`);
    assert.equal(server.hits(), 2);
  });

  test(`a document of ${METADATA_DOCUMENT_MAX_BYTES} bytes is read; one byte more is refused`, async (t) => {
    const { core } = await setup(t);
    allowLoopbackClientMetadata(core);
    const server = await localServer(t, (req, res) => {
      const base = docFor(`${server.base}${req.url}`, { software_id: "" });
      const size = req.url === "/big" ? METADATA_DOCUMENT_MAX_BYTES + 1 : METADATA_DOCUMENT_MAX_BYTES;
      // pad with spaces inside the JSON to reach the exact size
      const body = `${base.slice(0, -1)}${" ".repeat(size - base.length)}}`;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    });
    assert.equal((await resolveClient(core, `${server.base}/exact`)).client_name, "Doc Client");
    await assert.rejects(
      resolveClient(core, `${server.base}/big`),
      refusedWith("invalid_client", /larger than 5120 bytes/),
    );
  });

  const bad: [string, (url: string) => [number, string], RegExp][] = [
    ["a client_id other than its URL", (url) => [200, docFor(`${url}-other`)], /must equal its URL/],
    ["not JSON", () => [200, "<html>"], /not JSON/],
    ["a JSON array", () => [200, "[]"], /not a JSON object/],
    ["a 404", () => [404, "{}"], /HTTP 404/],
    ["a client secret", (url) => [200, docFor(url, { client_secret: "s" })], /secret/],
    [
      "a confidential auth method",
      (url) => [200, docFor(url, { token_endpoint_auth_method: "private_key_jwt" })],
      /must be "none"/,
    ],
    ["no redirect_uris", (url) => [200, JSON.stringify({ client_id: url })], /redirect_uris/],
    [
      "a plain-http public redirect URI",
      (url) => [200, docFor(url, { redirect_uris: ["http://x.example/cb"] })],
      /not loopback/,
    ],
  ];
  for (const [name, answer, pattern] of bad) {
    test(`refuses a document with ${name}, and caches nothing`, async (t) => {
      const { core } = await setup(t);
      allowLoopbackClientMetadata(core);
      const server = await localServer(t, (req, res) => {
        const [status, body] = answer(`${server.base}${req.url}`);
        res.writeHead(status, { "content-type": "application/json" });
        res.end(body);
      });
      await assert.rejects(
        resolveClient(core, `${server.base}/client.json`),
        refusedWith("invalid_client", pattern),
      );
      assert.equal((await core.db.selectFrom("oauth_clients").selectAll().execute()).length, 0);
    });
  }

  test("a redirect is not followed", async (t) => {
    const { core } = await setup(t);
    allowLoopbackClientMetadata(core);
    const server = await localServer(t, (_req, res) => {
      res.writeHead(302, { location: "/elsewhere" });
      res.end();
    });
    await assert.rejects(
      resolveClient(core, `${server.base}/client.json`),
      refusedWith("invalid_client", /HTTP 302/),
    );
  });

  test("a document that does not arrive in time is refused", async (t) => {
    const { core } = await setup(t);
    allowLoopbackClientMetadata(core);
    const server = await localServer(t, () => {
      // never answers
    });
    await assert.rejects(
      resolveClient(core, `${server.base}/slow`),
      refusedWith("invalid_client", /in time/),
    );
  });

  test("without the loopback allowance, http and loopback URLs are refused before any fetch", async (t) => {
    const { core } = await setup(t);
    const server = await localServer(t, (_req, res) => res.end("{}"));
    await assert.rejects(
      resolveClient(core, `${server.base}/client.json`),
      refusedWith("invalid_client", /must use https/),
    );
    await assert.rejects(
      resolveClient(core, "https://127.0.0.1/client.json"),
      refusedWith("invalid_client", /private or loopback/),
    );
    await assert.rejects(
      resolveClient(core, "https://10.1.2.3/client.json"),
      refusedWith("invalid_client", /private or loopback/),
    );
    await assert.rejects(
      resolveClient(core, "https://localhost/client.json"),
      refusedWith("invalid_client", /private or loopback/),
    );
    assert.equal(server.hits(), 0);
  });

  test("URL shape: a path is required, no fragment, no credentials, normal form", async (t) => {
    const { core } = await setup(t);
    await assert.rejects(
      resolveClient(core, "https://client.example"),
      refusedWith("invalid_client", /path/),
    );
    await assert.rejects(
      resolveClient(core, "https://client.example/"),
      refusedWith("invalid_client", /path/),
    );
    await assert.rejects(
      resolveClient(core, "https://client.example/c#x"),
      refusedWith("invalid_client", /fragment/),
    );
    await assert.rejects(
      resolveClient(core, "https://u:p@client.example/c"),
      refusedWith("invalid_client", /credentials/),
    );
    await assert.rejects(
      resolveClient(core, "https://client.example/a/../c"),
      refusedWith("invalid_client", /normal form/),
    );
  });

  test("IPv4-mapped, -compatible, NAT64 and numeric forms of inward addresses are refused before any connection", async (t) => {
    const { core } = await setup(t);
    let connections = 0;
    const server = createNetServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    for (const id of [
      `https://[::ffff:7f00:1]:${port}/client.json`,
      "https://[::ffff:a9fe:a9fe]/latest/client.json",
      `https://[::ffff:0:7f00:1]:${port}/client.json`,
      `https://[::7f00:1]:${port}/client.json`,
      `https://[64:ff9b::7f00:1]:${port}/client.json`,
      `https://[2002:7f00:1::]:${port}/client.json`,
      "https://[fd00::1]/client.json",
      "https://100.64.0.1/client.json",
    ]) {
      await assert.rejects(resolveClient(core, id), refusedWith("invalid_client", /private or loopback/), id);
    }
    // Numeric forms are not in normal form: the URL parser writes them as 127.0.0.1.
    for (const id of [`https://2130706433:${port}/c.json`, `https://0177.0.0.1:${port}/c.json`]) {
      await assert.rejects(resolveClient(core, id), refusedWith("invalid_client"), id);
    }
    assert.equal(connections, 0);
    assert.equal((await core.db.selectFrom("oauth_clients").selectAll().execute()).length, 0);
  });

  test("a document that could not be used is refused again for a minute without connecting", async (t) => {
    const { core, clock } = await setup(t);
    allowLoopbackClientMetadata(core);
    const server = await localServer(t, (_req, res) => {
      res.writeHead(404);
      res.end();
    });
    const id = `${server.base}/client.json`;
    for (let i = 0; i < 5; i++) {
      await assert.rejects(resolveClient(core, id), refusedWith("invalid_client", /HTTP 404/));
    }
    assert.equal(server.hits(), 1, "the failure is remembered");
    clock.advance(METADATA_FAILURE_CACHE_MS - 1);
    await assert.rejects(resolveClient(core, id), refusedWith("invalid_client", /HTTP 404/));
    assert.equal(server.hits(), 1, "still remembered 1 ms before the minute is out");
    clock.advance(1);
    await assert.rejects(resolveClient(core, id), refusedWith("invalid_client", /HTTP 404/));
    assert.equal(server.hits(), 2, "asked again once the minute is out");
  });
});
