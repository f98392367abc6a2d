import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, type TestContext, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { BODY_LIMIT_BYTES } from "../../src/http/app.ts";
import { redactUrl } from "../../src/http/logger.ts";
import { app, bearer, ON_POSTGRES, seed, setup } from "../support.ts";

function assertErrorShape(
  res: LightMyRequestResponse,
  status: number,
  code: string,
): Record<string, unknown> {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers["content-type"]), /^application\/json/);
  const body = res.json();
  assert.equal(body.error, code);
  assert.equal(typeof body.error_description, "string");
  assert.ok((body.error_description as string).length > 0);
  assert.ok(!/\bat .*\.(ts|js):\d+/.test(res.body), "no stack trace");
  assert.ok(!("stack" in body) && !("statusCode" in body) && !("code" in body));
  return body;
}

/** The app with a route that echoes its JSON body, for the body-parsing errors. */
async function echoApp(t: TestContext) {
  const { core } = await setup(t);
  const server = await app(t, core, { extend: (a) => a.post("/probe/echo", async (r) => r.body) });
  return (contentType: string, payload: string) =>
    server.inject({ method: "POST", url: "/probe/echo", headers: { "content-type": contentType }, payload });
}

describe("one JSON error shape for every status", () => {
  test("400 for a body that is not JSON", async (t) => {
    const post = await echoApp(t);
    const res = await post("application/json", "{not json");
    const body = assertErrorShape(res, 400, "invalid_request");
    assert.match(String(body.error_description), /not valid JSON/);
  });

  test("400 from domain validation carries the fields", async (t) => {
    const { core } = await setup(t);
    const { parse, email } = await import("../../src/validate.ts");
    const { z } = await import("zod");
    const server = await app(t, core, {
      extend: (a) => a.post("/probe/validate", async (r) => parse(z.strictObject({ email }), r.body)),
    });
    const res = await server.inject({ method: "POST", url: "/probe/validate", payload: { email: "nope" } });
    const body = assertErrorShape(res, 400, "invalid_request");
    assert.deepEqual(body.fields, { email: "must be an email address" });
  });

  test("401 without a token", async (t) => {
    const { core } = await setup(t);
    const server = await app(t, core);
    assertErrorShape(await server.inject({ url: "/v1/workspace" }), 401, "invalid_token");
  });

  test("403 for a missing scope", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const { authenticateRequest, requireScope } = await import("../../src/http/auth.ts");
    const server = await app(t, core, {
      extend: (a) =>
        a.delete("/probe/thing", async (request) => {
          await authenticateRequest(core, request);
          requireScope(request, "workspace.write");
          return { deleted: true };
        }),
    });
    const res = await server.inject({
      method: "DELETE",
      url: "/probe/thing",
      headers: bearer(s.readOnlyToken),
    });
    assertErrorShape(res, 403, "insufficient_scope");
  });

  test("404 for an unknown path, with or without a token", async (t) => {
    const { core } = await setup(t);
    const server = await app(t, core);
    const res = await server.inject({ url: "/nowhere" });
    const body = assertErrorShape(res, 404, "not_found");
    assert.match(String(body.error_description), /GET \/nowhere/);
  });

  test("405 for a known path with the wrong method, with Allow", async (t) => {
    const { core } = await setup(t);
    const server = await app(t, core);
    const res = await server.inject({ method: "DELETE", url: "/v1/workspace" });
    const body = assertErrorShape(res, 405, "method_not_allowed");
    assert.equal(res.headers.allow, "GET, HEAD, PATCH");
    assert.match(String(body.error_description), /use GET/);
  });

  test("413 for a body one byte over the limit; a body at the limit is taken", async (t) => {
    const post = await echoApp(t);
    const padding = BODY_LIMIT_BYTES - JSON.stringify({ big: "" }).length;
    const atLimit = JSON.stringify({ big: "x".repeat(padding) });
    assert.equal(Buffer.byteLength(atLimit), BODY_LIMIT_BYTES);
    assert.equal((await post("application/json", atLimit)).statusCode, 200);
    const over = JSON.stringify({ big: "x".repeat(padding + 1) });
    assertErrorShape(await post("application/json", over), 413, "request_too_large");
  });

  test("415 for a body that is not JSON by type", async (t) => {
    const post = await echoApp(t);
    for (const type of ["text/plain", "application/xml", "application/x-www-form-urlencoded"]) {
      assertErrorShape(await post(type, "a=1"), 415, "unsupported_media_type");
    }
  });

  test("429 past the per-token limit, with Retry-After and RateLimit headers", async (t) => {
    const { core, clock } = await setup(t, { REST_RATE_LIMIT: "3" });
    const s = await seed(core);
    const server = await app(t, core);
    clock.set("2026-03-01T09:00:10.000Z");
    for (let i = 0; i < 3; i++) {
      const ok = await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.headers["ratelimit-limit"], "3");
      assert.equal(ok.headers["ratelimit-remaining"], String(2 - i));
    }
    const res = await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
    const body = assertErrorShape(res, 429, "rate_limited");
    assert.equal(res.headers["retry-after"], "50");
    assert.equal(body.retry_after, 50, "snake_case under /v1, like the rest of /v1");
    assert.equal(body.retryAfter, undefined);
    // another token has its own budget
    assert.equal(
      (await server.inject({ url: "/v1/workspace", headers: bearer(s.readOnlyToken) })).statusCode,
      200,
    );
    // the window passes
    clock.advance(50_000);
    assert.equal((await server.inject({ url: "/v1/workspace", headers: bearer(s.token) })).statusCode, 200);
  });

  test("503 when the limits cannot be counted: refused, not waved through", async (t) => {
    const { core, store, config, clock } = await setup(t);
    const s = await seed(core);
    const { RedisRateLimiter } = await import("../../src/auth/limits.ts");
    const limiter = new RedisRateLimiter("redis://127.0.0.1:1", clock);
    t.after(() => limiter.close());
    const blind = createCore(config, store, { clock, limiter });
    const server = await app(t, blind);
    const res = await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
    assertErrorShape(res, 503, "temporarily_unavailable");
    assert.equal(res.headers["retry-after"], "5");
  });

  test("500 reveals nothing of the failure", async (t) => {
    const { core } = await setup(t);
    const logs: string[] = [];
    const server = await app(t, core, {
      logs,
      extend: (a) =>
        a.get("/probe/boom", async () => {
          throw new Error("secret internals: password=hunter2");
        }),
    });
    const res = await server.inject({ url: "/probe/boom" });
    const body = assertErrorShape(res, 500, "server_error");
    assert.ok(!res.body.includes("hunter2") && !res.body.includes("internals"));
    assert.match(String(body.error_description), new RegExp(String(res.headers["x-request-id"])));
    assert.ok(
      logs.some((l) => l.includes("unhandled error")),
      "the failure is logged for the operator",
    );
  });

  test("503 during maintenance on /api and /v1, with Retry-After; health stays up", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const server = await app(t, core);
    await core.switches.set("maintenance", true);
    for (const url of ["/v1/workspace", "/api/mcp", "/api/agent-auth/identity", "/api"]) {
      const res = await server.inject({
        method: url === "/api/agent-auth/identity" ? "POST" : "GET",
        url,
        headers: bearer(s.token),
      });
      assertErrorShape(res, 503, "temporarily_unavailable");
      assert.equal(res.headers["retry-after"], "120");
    }
    assert.equal((await server.inject({ url: "/healthz" })).statusCode, 200);
    assert.equal((await server.inject({ url: "/readyz" })).statusCode, 200);
    await core.switches.set("maintenance", false);
    assert.equal((await server.inject({ url: "/v1/workspace", headers: bearer(s.token) })).statusCode, 200);
  });

  test("a switch set by another instance, on its own connection, is seen here at once", async (t) => {
    const { core, config, clock } = await setup(t);
    const s = await seed(core);
    const server = await app(t, core);
    const ask = async () =>
      (await server.inject({ url: "/v1/workspace", headers: bearer(s.token) })).statusCode;
    assert.equal(await ask(), 200, "switches are read and cached");
    const otherStore = openStore(config.database, { poolSize: 1 });
    t.after(() => otherStore.close());
    const other = createCore(config, otherStore, { clock, limiter: new MemoryRateLimiter(clock) });
    await other.switches.set("maintenance", true);
    // SQLite sees the other connection's commit on the next request; PostgreSQL hears a NOTIFY within
    // milliseconds.
    const until = Date.now() + 3000;
    let status = await ask();
    while (status !== 503 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 10));
      status = await ask();
    }
    assert.equal(status, 503);
    if (!ON_POSTGRES) {
      await other.switches.set("maintenance", false);
      assert.equal(await ask(), 200, "on SQLite, with no wait at all");
    }
  });
});

describe("every response", () => {
  test("carries security headers and a request id", async (t) => {
    const { core } = await setup(t);
    const server = await app(t, core);
    for (const url of ["/healthz", "/nowhere", "/v1/workspace"]) {
      const res = await server.inject({ url });
      assert.equal(res.headers["x-content-type-options"], "nosniff");
      assert.equal(res.headers["x-frame-options"], "DENY");
      assert.equal(res.headers["referrer-policy"], "no-referrer");
      assert.match(String(res.headers["content-security-policy"]), /default-src 'none'/);
      assert.match(String(res.headers["x-request-id"]), /^req_[A-Za-z0-9_-]{16,}$/);
      assert.equal(res.headers["strict-transport-security"], undefined, "no HSTS on plain http");
    }
  });

  test("the front page says the service is running", async (t) => {
    const { core } = await setup(t);
    const server = await app(t, core);
    const res = await server.inject({ url: "/" });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers["content-type"]), /^text\/html/);
    assert.match(res.body, /<html lang="en">/);
    assert.match(res.body, /The service is running/);
  });

  test("request ids differ from request to request", async (t) => {
    const { core } = await setup(t);
    const server = await app(t, core);
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++)
      ids.add(String((await server.inject({ url: "/healthz" })).headers["x-request-id"]));
    assert.equal(ids.size, 20);
  });

  test("HSTS when the base URL is https", async (t) => {
    const { core } = await setup(t, { BASE_URL: "https://docket.example.com" });
    const server = await app(t, core);
    const res = await server.inject({ url: "/healthz" });
    assert.match(String(res.headers["strict-transport-security"]), /max-age=\d+/);
  });

  test("a caller's well-formed X-Request-Id is kept; a hostile one is replaced", async (t) => {
    const { core } = await setup(t);
    const server = await app(t, core);
    const kept = await server.inject({ url: "/healthz", headers: { "x-request-id": "abc-123" } });
    assert.equal(kept.headers["x-request-id"], "abc-123");
    const replaced = await server.inject({
      url: "/healthz",
      headers: { "x-request-id": "x\r\ny".replace(/\r\n/, " ") },
    });
    assert.match(String(replaced.headers["x-request-id"]), /^req_/);
  });

  test("logs are structured, carry the request id and never a secret", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const logs: string[] = [];
    const server = await app(t, core, { logs });
    const res = await server.inject({
      url: `/v1/workspace?claim_attempt_token=docket_view_SECRETVIEW&access_token=${s.token}&page=2`,
      headers: { ...bearer(s.token), cookie: "session=SECRETCOOKIE" },
    });
    assert.equal(res.statusCode, 200);
    assert.ok(logs.length >= 2);
    const lines = logs.map((l) => JSON.parse(l));
    assert.ok(lines.every((l) => typeof l.level === "number" && typeof l.time === "string"));
    assert.ok(lines.some((l) => l.reqId === res.headers["x-request-id"]));
    const all = logs.join("\n");
    for (const secret of [s.token, s.token.slice(11), "SECRETVIEW", "SECRETCOOKIE"]) {
      assert.ok(!all.includes(secret), `log contains ${secret}`);
    }
    assert.ok(all.includes("page=2"), "harmless query values stay");
  });

  test("signed file URLs are logged without their signatures", async (t) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "docket-logs-"));
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const { core } = await setup(t, { DOCKET_DATA_DIR: dataDir });
    const s = await seed(core);
    const logs: string[] = [];
    const server = await app(t, core, { logs });
    const asked = await server.inject({
      method: "POST",
      url: "/v1/files/upload-url",
      headers: bearer(s.token),
      payload: { content_type: "text/plain", size: 5 },
    });
    assert.equal(asked.statusCode, 201, asked.body);
    const target = asked.json() as { url: string; upload_id: string };
    const put = await server.inject({
      method: "PUT",
      url: target.url.slice(core.config.baseUrl.length),
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    assert.equal(put.statusCode, 200, put.body);
    const registered = await server.inject({
      method: "POST",
      url: "/v1/files",
      headers: bearer(s.token),
      payload: {
        upload_id: target.upload_id,
        name: "hello.txt",
        sha256: createHash("sha256").update("hello").digest("hex"),
      },
    });
    assert.equal(registered.statusCode, 201, registered.body);
    const download = (registered.json() as { download_url: string }).download_url;
    const got = await server.inject({ url: download.slice(core.config.baseUrl.length) });
    assert.equal(got.body, "hello");
    const all = logs.join("\n");
    for (const url of [target.url, download]) {
      const signature = new URL(url).searchParams.get("signature")!;
      assert.match(signature, /^[0-9a-f]{64}$/);
      assert.ok(!all.includes(signature), `the log holds the signature of ${url}`);
    }
    assert.ok(all.includes("signature=[redacted]"));
    assert.ok(all.includes("name=hello.txt"), "the rest of the URL stays readable");
  });

  test("S3 presigned URL signatures and credentials are redacted too", () => {
    assert.equal(
      redactUrl("/x?X-Amz-Credential=AKIA%2F20260301&X-Amz-Expires=900&X-Amz-Signature=abc123&sig=zz"),
      "/x?X-Amz-Credential=[redacted]&X-Amz-Expires=900&X-Amz-Signature=[redacted]&sig=[redacted]",
    );
  });
});
