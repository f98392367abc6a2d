import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { revokeAccessToken, revokeConnection } from "../../src/auth/connections.ts";
import { MINUTE, SECOND } from "../../src/clock.ts";
import { INSUFFICIENT_SCOPE_CODE, MCP_RATE_LIMIT, mcpFastPath } from "../../src/mcp/endpoint.ts";
import { ERAS, type McpEnv, mcpEnv } from "./support.ts";

/** One JSON-RPC POST to the endpoint, as a 2025-era client sends it (no per-request envelope). */
async function post(
  m: McpEnv,
  headers: Record<string, string>,
  body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" },
): Promise<Response> {
  return fetch(m.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": ERAS.older,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

function metadataUrl(m: McpEnv): string {
  return `${m.env.config.baseUrl}/.well-known/oauth-protected-resource/api/mcp`;
}

/** The tools/list answer of a 2025-era stateless POST: JSON, or one SSE `message` event. */
async function rpcResult(res: Response): Promise<{ result?: { tools?: unknown[] }; error?: unknown }> {
  const text = await res.text();
  if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    const data = text
      .split("\n")
      .filter((l) => l.startsWith("data: "))
      .map((l) => l.slice(6))
      .join("");
    return JSON.parse(data);
  }
  return JSON.parse(text);
}

/** Every JSON-RPC answer of a POST: a JSON array or object, or the SSE stream's `message` events. */
async function rpcResults(res: Response): Promise<{ id?: unknown; result?: unknown; error?: unknown }[]> {
  const text = await res.text();
  if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    return text
      .split(/\n\n/)
      .map((event) =>
        event
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join(""),
      )
      .filter((data) => data.startsWith("{"))
      .map((data) => JSON.parse(data));
  }
  return [JSON.parse(text)].flat();
}

describe("the MCP endpoint's door", () => {
  test("no token: 401 with the resource-metadata challenge, the scopes to ask for and no error code", async (t) => {
    const m = await mcpEnv(t);
    const res = await post(m, {});
    assert.equal(res.status, 401);
    assert.equal(
      res.headers.get("www-authenticate"),
      `Bearer resource_metadata="${metadataUrl(m)}", scope="workspace.read workspace.write"`,
    );
    const body = (await res.json()) as { error: string };
    assert.equal(body.error, "invalid_token");
  });

  test("a wrong, expired or revoked token, a PAT, or an ended connection: 401 invalid_token", async (t) => {
    const m = await mcpEnv(t);
    const challenge = (res: Response) => {
      assert.equal(res.status, 401);
      const header = res.headers.get("www-authenticate") ?? "";
      assert.ok(
        header.startsWith(
          `Bearer resource_metadata="${metadataUrl(m)}", scope="workspace.read workspace.write", error="invalid_token"`,
        ),
        header,
      );
      return header;
    };

    // wrong: not a token of ours, and one of our shape that was never issued
    challenge(await post(m, bearerOf("not-a-token")));
    const { token } = await m.mint();
    const forged = `${token.slice(0, -8)}AAAAAAAA`;
    challenge(await post(m, bearerOf(forged)));
    // a malformed header
    challenge(await post(m, { authorization: "Basic abc" }));

    // a personal access token is refused here, though /v1 takes it
    assert.match(challenge(await post(m, bearerOf(m.token))), /Personal access tokens/);

    // the token works until it expires (60 minutes): a second before, and not at 60 minutes
    assert.equal((await post(m, bearerOf(token))).status, 200);
    m.env.clock.advance(60 * MINUTE - SECOND);
    assert.equal((await post(m, bearerOf(token))).status, 200);
    m.env.clock.advance(SECOND);
    assert.match(challenge(await post(m, bearerOf(token))), /expired/);

    // revoked: one token by itself, then a whole connection
    const second = await m.mint();
    assert.equal((await post(m, bearerOf(second.token))).status, 200);
    await revokeAccessToken(m.env.core, second.token);
    assert.match(challenge(await post(m, bearerOf(second.token))), /revoked/);

    const third = await m.mint();
    assert.equal((await post(m, bearerOf(third.token))).status, 200);
    await revokeConnection(m.env.core, third.connectionId, "the person revoked it");
    assert.match(challenge(await post(m, bearerOf(third.token))), /connection/);
  });

  test("a token bound to another resource is refused", async (t) => {
    const m = await mcpEnv(t);
    const { issueAccessToken, createConnection } = await import("../../src/auth/connections.ts");
    const connection = await createConnection(m.env.core, {
      kind: "agent",
      workspaceId: m.workspaceId,
      personId: m.personId,
      name: "Elsewhere",
      scopes: ["workspace.read"],
    });
    const issued = await issueAccessToken(m.env.core, connection, {
      resource: "https://other.example/api/mcp",
    });
    const res = await post(m, bearerOf(issued.access_token));
    assert.equal(res.status, 401);
    assert.match(
      ((await res.json()) as { error_description: string }).error_description,
      /not issued for this resource/,
    );
  });

  for (const fast of [true, false]) {
    test(`a write on a read-only connection: 403 with the insufficient_scope challenge and a JSON-RPC error, nothing done (${fast ? "fast path" : "SDK path"})`, async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint(["workspace.read"]);
      const before = (await m.env.core.db.selectFrom("issues").select("id").execute()).length;
      mcpFastPath.enabled = fast;
      t.after(() => {
        mcpFastPath.enabled = true;
      });
      const res = await fetch(m.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": ERAS.current,
          "mcp-method": "tools/call",
          "mcp-name": "create_issue",
          ...bearerOf(token),
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: {
            name: "create_issue",
            arguments: { title: "New" },
            _meta: {
              "io.modelcontextprotocol/protocolVersion": ERAS.current,
              "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
              "io.modelcontextprotocol/clientCapabilities": {},
            },
          },
        }),
      });
      assert.equal(res.status, 403);
      const header = res.headers.get("www-authenticate") ?? "";
      assert.ok(
        header.startsWith('Bearer error="insufficient_scope", scope="workspace.read workspace.write"'),
        header,
      );
      const body = (await res.json()) as { id: number; error: { code: number; message: string } };
      assert.equal(body.id, 7);
      assert.equal(body.error.code, INSUFFICIENT_SCOPE_CODE);
      assert.match(
        body.error.message,
        /^insufficient_scope: .*create_issue needs the workspace\.write scope\. Ask the person/,
      );
      const issues = await m.env.core.db.selectFrom("issues").select("id").execute();
      assert.equal(issues.length, before);
    });
  }

  test("the real client gets the challenge as an authentication failure", async (t) => {
    const m = await mcpEnv(t);
    await assert.rejects(m.connect("docket_at_nothing", "current"), (e: Error & { status?: number }) => {
      assert.match(String(e.message) + String(e.status ?? ""), /401|nauthori/);
      return true;
    });
  });

  test("120 requests a minute per connection: the 120th passes, the 121st is 429 with Retry-After", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const other = await m.mint();
    for (let i = 1; i <= MCP_RATE_LIMIT; i++) {
      const res = await post(m, bearerOf(token));
      assert.equal(res.status, 200, `request ${i}`);
      assert.equal(res.headers.get("ratelimit-remaining"), String(MCP_RATE_LIMIT - i));
      await res.arrayBuffer();
    }
    const over = await post(m, bearerOf(token));
    assert.equal(over.status, 429);
    const retryAfter = Number(over.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    const body = (await over.json()) as { error: string };
    assert.equal(body.error, "rate_limited");

    // another connection has its own allowance
    assert.equal((await post(m, bearerOf(other.token))).status, 200);

    // and the next minute starts afresh
    m.env.clock.advance(retryAfter * SECOND);
    assert.equal((await post(m, bearerOf(token))).status, 200);
  });

  test("a batch under 2025-03-26 counts each message: 100 tools/call spend 100 of the 120, the 121st call is 429", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const batch = Array.from({ length: 100 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i + 1,
      method: "tools/call",
      params: { name: "create_issue", arguments: { title: `Batched ${i + 1}` } },
    }));
    const res = await post(m, { ...bearerOf(token), "mcp-protocol-version": "2025-03-26" }, batch);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("ratelimit-remaining"), String(MCP_RATE_LIMIT - 100));
    const answers = await rpcResults(res);
    assert.equal(answers.length, 100, "every call of the batch is answered");
    assert.ok(answers.every((a) => a.result !== undefined && a.error === undefined));
    const issues = await m.env.core.db
      .selectFrom("issues")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    assert.equal(Number(issues.n), 100, "the writes were done, and counted");

    for (let i = 101; i <= MCP_RATE_LIMIT; i++) {
      const one = await post(m, bearerOf(token));
      assert.equal(one.status, 200, `request ${i}`);
      assert.equal(one.headers.get("ratelimit-remaining"), String(MCP_RATE_LIMIT - i));
      await one.arrayBuffer();
    }
    const over = await post(m, bearerOf(token));
    assert.equal(over.status, 429);
    assert.equal(((await over.json()) as { error: string }).error, "rate_limited");
    assert.ok(Number(over.headers.get("retry-after")) >= 1);

    // a batch bigger than what is left is refused whole, and not one of its calls is made
    m.env.clock.advance(MINUTE);
    const first = await post(m, { ...bearerOf(token), "mcp-protocol-version": "2025-03-26" }, batch);
    assert.equal(first.status, 200);
    await first.arrayBuffer();
    const second = await post(m, { ...bearerOf(token), "mcp-protocol-version": "2025-03-26" }, batch);
    assert.equal(second.status, 429);
    await second.arrayBuffer();
    const after = await m.env.core.db
      .selectFrom("issues")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), 200);
  });

  test("batches are refused under 2025-06-18, 2025-11-25 and 2026-07-28: 400, JSON-RPC -32600, nothing done or spent", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "create_issue", arguments: { title: `Batched ${id}` } },
    });
    for (const revision of ["2025-06-18", "2025-11-25", "2026-07-28"]) {
      const res = await post(m, { ...bearerOf(token), "mcp-protocol-version": revision }, [call(1), call(2)]);
      assert.equal(res.status, 400, revision);
      const body = (await res.json()) as {
        jsonrpc: string;
        id: unknown;
        error: { code: number; message: string };
      };
      assert.equal(body.jsonrpc, "2.0");
      assert.equal(body.id, null);
      assert.equal(body.error.code, -32600, revision);
      assert.match(body.error.message, new RegExp(`batches are not part of protocol revision ${revision}`));
    }
    // without the header, an initialize inside the batch names the revision
    const named = await post(m, { ...bearerOf(token), "mcp-protocol-version": "" }, [
      {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
      call(1),
    ]);
    assert.equal(named.status, 400);
    assert.equal(((await named.json()) as { error: { code: number } }).error.code, -32600);
    // an empty batch and one of more than 100 messages are refused the same way under 2025-03-26
    const older = { ...bearerOf(token), "mcp-protocol-version": "2025-03-26" };
    assert.equal((await post(m, older, [])).status, 400);
    const big = await post(
      m,
      older,
      Array.from({ length: 101 }, (_, i) => call(i + 1)),
    );
    assert.equal(big.status, 400);
    assert.equal(((await big.json()) as { error: { code: number } }).error.code, -32600);

    const issues = await m.env.core.db
      .selectFrom("issues")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    assert.equal(Number(issues.n), 0, "no call of a refused batch was made");
    const single = await post(m, bearerOf(token));
    assert.equal(single.headers.get("ratelimit-remaining"), String(MCP_RATE_LIMIT - 1), "nothing was spent");
  });

  test("Origin and Host other than BASE_URL's are refused with 403; its own pass", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const refused = await post(m, { ...bearerOf(token), origin: "https://evil.example" });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { error: string }).error, "forbidden");
    assert.equal((await post(m, { ...bearerOf(token), origin: "null" })).status, 403);

    const port = m.url.port;
    assert.equal((await post(m, { ...bearerOf(token), origin: `http://127.0.0.1:${port}` })).status, 200);
    // a loopback BASE_URL accepts the loopback names of the machine
    assert.equal((await post(m, { ...bearerOf(token), origin: "http://localhost:6274" })).status, 200);

    // Host: a rebinding page's name reaches us on our address but names itself
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: Number(port),
          path: "/api/mcp",
          method: "POST",
          headers: { host: `evil.example:${port}`, "content-type": "application/json", ...bearerOf(token) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    });
    assert.equal(status, 403);
  });

  test("a public BASE_URL takes its own origin only", async (t) => {
    const m = await mcpEnv(t, { BASE_URL: "https://docket.example" });
    const { token } = await m.mint();
    const { request } = await import("node:http");
    const send = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port: Number(m.url.port),
            path: "/api/mcp",
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              ...bearerOf(token),
              ...headers,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
      });
    assert.equal(await send({ host: "docket.example" }), 200);
    assert.equal(await send({ host: "docket.example", origin: "https://docket.example" }), 200);
    assert.equal(await send({ host: "docket.example", origin: "http://localhost:6274" }), 403);
    assert.equal(await send({ host: "localhost" }), 403);
  });

  test("stateless: a 2025-era POST is answered without a session; GET and DELETE are 405", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const res = await post(m, bearerOf(token));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("mcp-session-id"), null);
    const answer = await rpcResult(res);
    assert.ok(Array.isArray(answer.result?.tools) && answer.result.tools.length >= 10);
    for (const method of ["GET", "DELETE"]) {
      const r = await fetch(m.url, { method, headers: { ...bearerOf(token), accept: "text/event-stream" } });
      assert.equal(r.status, 405, method);
      await r.arrayBuffer();
    }
  });

  test("clients of every revision served connect and call get_workspace_identity", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint(["workspace.read"]);
    const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    for (const revision of ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"]) {
      const modern = revision >= "2026";
      const client = new Client(
        { name: "docket-tests", version: "1.0.0" },
        modern
          ? { versionNegotiation: { mode: { pin: revision } } }
          : { supportedProtocolVersions: [revision] },
      );
      await client.connect(
        new StreamableHTTPClientTransport(m.url, {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      try {
        assert.equal(client.getProtocolEra(), modern ? "modern" : "legacy", revision);
        assert.equal(client.getNegotiatedProtocolVersion(), revision);
        const r = (await client.callTool({ name: "get_workspace_identity", arguments: {} })) as {
          structuredContent: { name: string; read_only: boolean };
        };
        assert.equal(r.structuredContent.name, "acme", revision);
        assert.equal(r.structuredContent.read_only, true, revision);
      } finally {
        await client.close();
      }
    }
  });

  test("maintenance closes the endpoint with 503", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    await m.env.core.switches.set("maintenance", true);
    const res = await post(m, bearerOf(token));
    assert.equal(res.status, 503);
    assert.ok(res.headers.get("retry-after"));
  });
});
