import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { describe, test } from "node:test";
import { MINUTE, SECOND } from "../../src/clock.ts";
import { hashSecret, newId } from "../../src/secrets.ts";
import {
  type AgentEnv,
  type Answer,
  agentSetup,
  approve,
  deny,
  get,
  poll,
  postJson,
  registerAgent,
  registration,
} from "./agent-support.ts";

const IDENTITY = "/api/agent-auth/identity";
const CLAIM = "/api/agent-auth/identity/claim";

/** Every refusal of these endpoints: JSON { error, error_description } with Cache-Control: no-store. */
function refused(res: Answer, status: number, error: string) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.error, error);
  assert.equal(typeof res.body.error_description, "string");
  assert.ok(res.body.error_description.length > 0);
  assert.equal(res.headers["cache-control"], "no-store");
  assert.match(String(res.headers["content-type"]), /^application\/json/);
}

describe("POST /api/agent-auth/identity", () => {
  test("a valid request makes a pending registration with its first code (spec: Registration record, Claim attempt)", async (t) => {
    const env = await agentSetup(t);
    const res = await registerAgent(env.app, "  Ada@Example.COM ", { clientName: "Release Helper" });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers["cache-control"], "no-store");
    const b = res.body;
    assert.deepEqual(Object.keys(b).sort(), [
      "claim",
      "claim_token",
      "claim_token_expires",
      "claim_url",
      "post_claim_scopes",
      "registration_id",
      "registration_type",
    ]);
    assert.match(b.registration_id, /^reg_[0-9A-Z]{26}$/);
    assert.equal(b.registration_type, "service_auth");
    assert.equal(b.claim_url, "https://docket.test/api/agent-auth/identity/claim");
    assert.match(b.claim_token, /^docket_claim_[A-Za-z0-9_-]{43}$/);
    assert.equal(b.claim_token_expires, "2026-03-01T10:00:00.000Z", "60 minutes after registration");
    assert.deepEqual(b.post_claim_scopes, ["workspace.read", "workspace.write"]);
    assert.deepEqual(Object.keys(b.claim).sort(), [
      "expires_in",
      "interval",
      "user_code",
      "verification_uri",
    ]);
    assert.match(b.claim.user_code, /^\d{6}$/);
    assert.equal(b.claim.expires_in, 600);
    assert.equal(b.claim.interval, 5);
    const uri = new URL(b.claim.verification_uri);
    assert.equal(`${uri.origin}${uri.pathname}`, "https://docket.test/claim");
    assert.match(uri.searchParams.get("claim_attempt_token")!, /^docket_view_[A-Za-z0-9_-]+$/);

    const row = await registration(env.core, b.registration_id);
    assert.equal(row.status, "pending");
    assert.equal(row.login_hint, "ada@example.com", "trimmed and lowercased");
    assert.equal(row.client_name, "Release Helper");
    assert.equal(row.claim_token_hash, hashSecret(b.claim_token), "only the hash is stored");
    assert.equal(row.codes_issued, 1);
    const attempts = await env.core.db
      .selectFrom("claim_attempts")
      .selectAll()
      .where("registration_id", "=", b.registration_id)
      .execute();
    assert.equal(attempts.length, 1);
    assert.equal(attempts[0]!.code_hash, hashSecret(b.claim.user_code));
    assert.equal(attempts[0]!.view_token_hash, hashSecret(uri.searchParams.get("claim_attempt_token")!));
    assert.equal(attempts[0]!.expires_at, "2026-03-01T09:10:00.000Z");
  });

  test("the answer has the same shape whether or not the person has an account, and no account is made", async (t) => {
    const env = await agentSetup(t);
    const known = await registerAgent(env.app, "ada@example.com");
    const unknown = await registerAgent(env.app, "nobody@example.com");
    assert.equal(known.status, 200);
    assert.equal(unknown.status, 200);
    const shape = (b: unknown) => JSON.stringify(b, (_k, v) => (typeof v === "string" ? typeof v : v));
    assert.equal(shape(known.body), shape(unknown.body));
    assert.equal(
      known.headers["content-length"] !== undefined,
      unknown.headers["content-length"] !== undefined,
    );
    const people = await env.core.db.selectFrom("people").select("email").execute();
    assert.deepEqual(
      people.map((p) => p.email),
      ["ada@example.com"],
    );
  });

  test("field rules: login_hint (spec: Request field rules for registration)", async (t) => {
    const env = await agentSetup(t);
    for (const bad of [
      "not-an-email",
      "ada@example.com, bob@example.com",
      "ada@example.com bob@example.com",
      "<ada@example.com>",
      "",
      "   ",
      42,
      null,
    ]) {
      const res = await postJson(env.app, IDENTITY, { type: "service_auth", login_hint: bad });
      refused(res, 400, "invalid_login_hint");
    }
    // at the limit (254 characters) and one past it
    const at = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    assert.equal(at.length, 254);
    assert.equal((await registerAgent(env.app, at, { ip: "10.0.0.1" })).status, 200);
    const past = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`;
    assert.equal(past.length, 255);
    refused(await registerAgent(env.app, past, { ip: "10.0.0.2" }), 400, "invalid_login_hint");
    // surrounding whitespace does not count towards the length
    assert.equal((await registerAgent(env.app, `  ${at.toUpperCase()}  `, { ip: "10.0.0.3" })).status, 200);
  });

  test("field rules: client_name is 1 to 100 characters of plain text; the default name is Agent", async (t) => {
    const env = await agentSetup(t);
    const hundred = "é".repeat(100);
    const ok = await registerAgent(env.app, "ada@example.com", { clientName: hundred });
    assert.equal(ok.status, 200);
    assert.equal((await registration(env.core, ok.body.registration_id)).client_name, hundred);
    for (const bad of ["", "   ", "x".repeat(101), "line\nbreak", 7]) {
      const res = await postJson(env.app, IDENTITY, {
        type: "service_auth",
        login_hint: "ada@example.com",
        client_name: bad,
      });
      refused(res, 400, "invalid_request");
    }
    const unnamed = await registerAgent(env.app, "ada@example.com");
    const connectionId = await approve(env.core, unnamed.body.registration_id, {
      workspaceId: env.seeded.workspaceId,
    });
    const c = await env.core.db
      .selectFrom("connections")
      .selectAll()
      .where("id", "=", connectionId)
      .executeTakeFirst();
    assert.equal(c!.name, "Agent");
  });

  test("error table: invalid_request, anonymous_not_enabled, issuer_not_enabled", async (t) => {
    const env = await agentSetup(t);
    refused(await postJson(env.app, IDENTITY, "{not json"), 400, "invalid_request");
    refused(await postJson(env.app, IDENTITY, "[1,2]"), 400, "invalid_request");
    refused(await postJson(env.app, IDENTITY, '"text"'), 400, "invalid_request");
    refused(await postJson(env.app, IDENTITY, ""), 400, "invalid_request");
    refused(
      await postJson(
        env.app,
        IDENTITY,
        JSON.stringify({ type: "service_auth", login_hint: "ada@example.com" }),
        {
          headers: { "content-type": "text/plain" },
        },
      ),
      400,
      "invalid_request",
    );
    refused(await postJson(env.app, IDENTITY, { login_hint: "ada@example.com" }), 400, "invalid_request");
    refused(await postJson(env.app, IDENTITY, { type: "service_auth" }), 400, "invalid_request");
    refused(
      await postJson(env.app, IDENTITY, { type: "other", login_hint: "ada@example.com" }),
      400,
      "invalid_request",
    );
    const unknown = await postJson(env.app, IDENTITY, {
      type: "service_auth",
      login_hint: "ada@example.com",
      scope: "workspace.write",
    });
    refused(unknown, 400, "invalid_request");
    assert.match(unknown.body.error_description, /scope/);
    refused(await postJson(env.app, IDENTITY, { type: "anonymous" }), 400, "anonymous_not_enabled");
    refused(
      await postJson(env.app, IDENTITY, { type: "identity_assertion", assertion: "x" }),
      400,
      "issuer_not_enabled",
    );
    const count = await env.core.db
      .selectFrom("agent_registrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0, "refusals change nothing");
  });

  test("bodies: 4 KiB is accepted, one byte more is 413 invalid_request", async (t) => {
    const env = await agentSetup(t);
    const base = JSON.stringify({ type: "service_auth", login_hint: "ada@example.com", client_name: "A" });
    const pad = 4096 - base.length;
    const exact = `${base.slice(0, -1)}${" ".repeat(pad)}}`;
    assert.equal(Buffer.byteLength(exact), 4096);
    assert.equal((await postJson(env.app, IDENTITY, exact)).status, 200);
    const over = `${base.slice(0, -1)}${" ".repeat(pad + 1)}}`;
    refused(await postJson(env.app, IDENTITY, over), 413, "invalid_request");
    refused(await postJson(env.app, CLAIM, over), 413, "invalid_request");
  });

  test("unknown paths are 404 invalid_request, wrong methods 405 invalid_request", async (t) => {
    const env = await agentSetup(t);
    refused(await get(env.app, "/api/agent-auth/nothing"), 404, "invalid_request");
    refused(await get(env.app, "/api/agent-auth/"), 404, "invalid_request");
    refused(await postJson(env.app, "/api/agent-auth/identity/", {}), 404, "invalid_request");
    refused(await postJson(env.app, "/api/agent-auth/identity/other", {}), 404, "invalid_request");
    const wrong = await get(env.app, IDENTITY);
    refused(wrong, 405, "invalid_request");
    assert.equal(wrong.headers.allow, "POST");
    refused(await get(env.app, CLAIM), 405, "invalid_request");
    const del = await env.app.inject({ method: "DELETE", url: CLAIM });
    assert.equal(del.statusCode, 405);
    assert.equal(JSON.parse(del.body).error, "invalid_request");
  });

  test("registration off: 404 service_auth_not_enabled on both endpoints and the skill document", async (t) => {
    const env = await agentSetup(t);
    const first = await registerAgent(env.app);
    await env.core.switches.set("agent_registration", false);
    refused(await registerAgent(env.app), 404, "service_auth_not_enabled");
    refused(
      await postJson(env.app, CLAIM, { claim_token: first.body.claim_token, email: "ada@example.com" }),
      404,
      "service_auth_not_enabled",
    );
    refused(await get(env.app, "/api/agent-auth/skill.md"), 404, "service_auth_not_enabled");
    await env.core.switches.set("agent_registration", true);
    assert.equal((await registerAgent(env.app)).status, 200);
    const skill = await get(env.app, "/api/agent-auth/skill.md");
    assert.equal(skill.status, 200);
    assert.match(String(skill.headers["content-type"]), /^text\/markdown/);
  });

  test("the skill document tells what an agent needs beyond the happy path", async (t) => {
    const env = await agentSetup(t);
    const { text } = await get(env.app, "/api/agent-auth/skill.md");
    // a repeated redemption ends the earlier assertion too, and renewal says superseded beside a bare body
    assert.match(text, /earlier pair\s+ends, both halves/);
    assert.match(text, /Docket-Error-Description: superseded/);
    // toolsets and read-only
    assert.match(text, /X-MCP-Toolsets/);
    assert.match(text, /lists only the tools that read, whatever\s+the headers say/);
    // which hosts should use the browser sign-in instead of hourly tokens
    assert.match(text, /## Which way to connect/);
    assert.match(text, /connect it through the browser sign-in\s+instead/);
    // re-initiation cannot correct the email
    assert.match(text, /re-initiation cannot correct it/);
    assert.match(text, /claim_next_issue/);
  });

  test("maintenance: 503 with Retry-After under /api", async (t) => {
    const env = await agentSetup(t);
    await env.core.switches.set("maintenance", true);
    const res = await registerAgent(env.app);
    refused(res, 503, "temporarily_unavailable");
    assert.ok(Number(res.headers["retry-after"]) > 0);
  });
});

describe("POST /api/agent-auth/identity/claim (re-initiate)", () => {
  test("a new code and link; the previous ones stop; the registration is not extended", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    env.clock.advance(20 * MINUTE);
    const res = await postJson(env.app, CLAIM, {
      claim_token: reg.body.claim_token,
      email: " ADA@example.com",
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers["cache-control"], "no-store");
    assert.deepEqual(Object.keys(res.body).sort(), [
      "claim_attempt",
      "claim_attempt_id",
      "expires_at",
      "registration_id",
      "status",
    ]);
    assert.equal(res.body.registration_id, reg.body.registration_id);
    assert.equal(res.body.status, "initiated");
    assert.equal(
      res.body.expires_at,
      reg.body.claim_token_expires,
      "the 60-minute registration is not extended",
    );
    assert.match(res.body.claim_attempt_id, /^cla_/);
    assert.match(res.body.claim_attempt.user_code, /^\d{6}$/);
    assert.equal(res.body.claim_attempt.expires_in, 600);
    assert.equal(res.body.claim_attempt.interval, 5);
    assert.notEqual(res.body.claim_attempt.verification_uri, reg.body.claim.verification_uri);
    const attempts = await env.core.db
      .selectFrom("claim_attempts")
      .selectAll()
      .where("registration_id", "=", reg.body.registration_id)
      .orderBy("created_at")
      .execute();
    assert.equal(attempts.length, 2);
    assert.equal(attempts[0]!.superseded_at, "2026-03-01T09:20:00.000Z", "the previous link and code stop");
    assert.equal(attempts[1]!.superseded_at, null);
    assert.equal(attempts[1]!.id, res.body.claim_attempt_id);
  });

  test("a new code never outlives the registration", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    env.clock.advance(55 * MINUTE);
    const res = await postJson(env.app, CLAIM, {
      claim_token: reg.body.claim_token,
      email: "ada@example.com",
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.claim_attempt.expires_in, 300);
    const attempt = await env.core.db
      .selectFrom("claim_attempts")
      .select("expires_at")
      .where("id", "=", res.body.claim_attempt_id)
      .executeTakeFirstOrThrow();
    assert.equal(attempt.expires_at, reg.body.claim_token_expires);
  });

  test("5 codes per registration, the first included; the sixth is 429 rate_limited with Retry-After", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    const body = { claim_token: reg.body.claim_token, email: "ada@example.com" };
    for (let i = 2; i <= 5; i++)
      assert.equal((await postJson(env.app, CLAIM, body)).status, 200, `code ${i}`);
    const sixth = await postJson(env.app, CLAIM, body);
    refused(sixth, 429, "rate_limited");
    assert.ok(Number(sixth.headers["retry-after"]) > 0);
    assert.equal(sixth.body.retryAfter, Number(sixth.headers["retry-after"]));
    assert.equal((await registration(env.core, reg.body.registration_id)).codes_issued, 5);
  });

  test("error table: invalid_request, invalid_claim_token, claimed_or_in_flight, claim_expired", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    const token = reg.body.claim_token;
    refused(
      await postJson(env.app, CLAIM, { claim_token: token, email: "eve@example.com" }),
      400,
      "invalid_request",
    );
    refused(await postJson(env.app, CLAIM, { claim_token: token }), 400, "invalid_request");
    refused(await postJson(env.app, CLAIM, { email: "ada@example.com" }), 400, "invalid_request");
    refused(
      await postJson(env.app, CLAIM, { claim_token: token, email: "ada@example.com", extra: 1 }),
      400,
      "invalid_request",
    );
    refused(await postJson(env.app, CLAIM, "nope"), 400, "invalid_request");
    refused(
      await postJson(env.app, CLAIM, { claim_token: "docket_claim_unknown", email: "ada@example.com" }),
      401,
      "invalid_claim_token",
    );
    refused(
      await postJson(env.app, CLAIM, { claim_token: "garbage", email: "ada@example.com" }),
      401,
      "invalid_claim_token",
    );
    assert.equal(
      (await registration(env.core, reg.body.registration_id)).codes_issued,
      1,
      "refusals change nothing",
    );

    // approved, denied, revoked (and redeemed): 409
    const approved = await registerAgent(env.app);
    await approve(env.core, approved.body.registration_id, { workspaceId: env.seeded.workspaceId });
    const a = await postJson(env.app, CLAIM, {
      claim_token: approved.body.claim_token,
      email: "ada@example.com",
    });
    refused(a, 409, "claimed_or_in_flight");
    assert.match(a.body.error_description, /poll/);
    assert.equal((await poll(env.app, approved.body.claim_token)).status, 200);
    refused(
      await postJson(env.app, CLAIM, { claim_token: approved.body.claim_token, email: "ada@example.com" }),
      409,
      "claimed_or_in_flight",
    );
    const denied = await registerAgent(env.app);
    await deny(env.core, denied.body.registration_id);
    const d = await postJson(env.app, CLAIM, {
      claim_token: denied.body.claim_token,
      email: "ada@example.com",
    });
    refused(d, 409, "claimed_or_in_flight");
    assert.match(d.body.error_description, /register again/);
    await env.core.db
      .updateTable("agent_registrations")
      .set({ status: "revoked" })
      .where("id", "=", approved.body.registration_id)
      .execute();
    refused(
      await postJson(env.app, CLAIM, { claim_token: approved.body.claim_token, email: "ada@example.com" }),
      409,
      "claimed_or_in_flight",
    );

    // 60 minutes after registration: 410 (pending and approved alike)
    const late = await registerAgent(env.app, "bob@example.com");
    const lateApproved = await registerAgent(env.app, "bob@example.com");
    await approve(env.core, lateApproved.body.registration_id, { workspaceId: env.seeded.workspaceId });
    env.clock.advance(60 * MINUTE - SECOND);
    assert.equal(
      (await postJson(env.app, CLAIM, { claim_token: late.body.claim_token, email: "bob@example.com" }))
        .status,
      200,
      "one second before the end it still works",
    );
    env.clock.advance(SECOND);
    refused(
      await postJson(env.app, CLAIM, { claim_token: late.body.claim_token, email: "bob@example.com" }),
      410,
      "claim_expired",
    );
    refused(
      await postJson(env.app, CLAIM, {
        claim_token: lateApproved.body.claim_token,
        email: "bob@example.com",
      }),
      410,
      "claim_expired",
    );
    assert.equal((await registration(env.core, late.body.registration_id)).status, "expired");
    assert.equal((await registration(env.core, lateApproved.body.registration_id)).status, "expired");
  });
});

describe("registration limits (spec: Limits)", () => {
  test("10 registrations an hour per network address; the 11th is 429 until the hour turns", async (t) => {
    const env = await agentSetup(t);
    for (let i = 0; i < 10; i++) {
      const res = await registerAgent(env.app, `p${i}@example.com`, { ip: "192.0.2.7" });
      assert.equal(res.status, 200, `registration ${i + 1}`);
    }
    const eleventh = await registerAgent(env.app, "p10@example.com", { ip: "192.0.2.7" });
    refused(eleventh, 429, "rate_limited");
    assert.equal(eleventh.headers["retry-after"], "3600");
    assert.equal(eleventh.body.retryAfter, 3600);
    assert.equal(
      (await registerAgent(env.app, "p10@example.com", { ip: "192.0.2.8" })).status,
      200,
      "per address",
    );
    env.clock.advance(60 * MINUTE);
    assert.equal((await registerAgent(env.app, "p11@example.com", { ip: "192.0.2.7" })).status, 200);
  });

  test("5 registrations an hour per email address", async (t) => {
    const env = await agentSetup(t);
    for (let i = 0; i < 5; i++) {
      assert.equal((await registerAgent(env.app, "ada@example.com", { ip: `192.0.2.${i}` })).status, 200);
    }
    const sixth = await registerAgent(env.app, " ADA@example.com", { ip: "192.0.2.99" });
    refused(sixth, 429, "rate_limited");
    assert.ok(Number(sixth.headers["retry-after"]) > 0);
    assert.equal((await registerAgent(env.app, "bob@example.com", { ip: "192.0.2.99" })).status, 200);
  });

  test("300 registrations an hour across the whole service", async (t) => {
    const env = await agentSetup(t);
    for (let i = 0; i < 300; i++) {
      const res = await registerAgent(env.app, `p${i}@example.com`, { ip: `10.1.${i >> 8}.${i & 255}` });
      assert.equal(res.status, 200, `registration ${i + 1}`);
    }
    const over = await registerAgent(env.app, "p300@example.com", { ip: "10.9.9.9" });
    refused(over, 429, "rate_limited");
    assert.equal(over.headers["retry-after"], "3600");
  });

  test("1000 registrations waiting at once; an expired or decided one no longer waits", async (t) => {
    const env = await agentSetup(t);
    const now = env.clock.now();
    await insertWaiting(env, 999, now);
    const thousandth = await registerAgent(env.app);
    assert.equal(thousandth.status, 200, "the 1000th waits");
    const over = await registerAgent(env.app, "bob@example.com");
    refused(over, 429, "rate_limited");
    assert.equal(over.headers["retry-after"], String(30 * 60), "until the first waiting one expires");
    await deny(env.core, thousandth.body.registration_id);
    assert.equal(
      (await registerAgent(env.app, "bob@example.com")).status,
      200,
      "a decided one no longer waits",
    );
    refused(await registerAgent(env.app, "cy@example.com"), 429, "rate_limited");
    env.clock.advance(30 * MINUTE);
    assert.equal((await registerAgent(env.app, "cy@example.com")).status, 200, "expired ones no longer wait");
  });

  test("1000 waiting holds under concurrency: 990 waiting and 60 registrations at once over HTTP admit exactly 10", async (t) => {
    const env = await agentSetup(t, { poolSize: 30 });
    const now = env.clock.now();
    await insertWaiting(env, 990, now);
    await env.app.listen({ port: 0, host: "127.0.0.1" });
    const address = env.app.server.address();
    if (!address || typeof address === "string") throw new Error("the server did not listen on a port");
    // 60 source addresses on the loopback network, so the per-address limit (10 an hour) is not what refuses
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postOverHttp(address.port, `127.0.1.${i + 1}`, {
          type: "service_auth",
          login_hint: `c${i}@example.com`,
        }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200).length;
    const limited = answers.filter((a) => a.status === 429 && a.body.error === "rate_limited").length;
    assert.equal(accepted, 10, `accepted ${accepted}; statuses ${answers.map((a) => a.status).join(",")}`);
    assert.equal(limited, 50);
    const count = await env.core.db
      .selectFrom("agent_registrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1000, "never more than 1000 waiting");
  });

  test("limits that cannot be counted refuse with 503 temporarily_unavailable and Retry-After", async (t) => {
    const env = await agentSetup(t, {
      limiter: (clock) => {
        const { RedisRateLimiter } = limitsModule;
        return new RedisRateLimiter("redis://127.0.0.1:1", clock);
      },
    });
    const res = await registerAgent(env.app);
    refused(res, 503, "temporarily_unavailable");
    assert.ok(Number(res.headers["retry-after"]) > 0);
    const count = await env.core.db
      .selectFrom("agent_registrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0, "nothing is registered unchecked");
  });
});

/** `n` pending registrations expiring 30 to 59 minutes from `now`, written directly. */
async function insertWaiting(env: AgentEnv, n: number, now: Date): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId("reg", now),
    claim_token_hash: hashSecret(`waiting-${i}`),
    login_hint: `w${i}@example.com`,
    client_name: null,
    status: "pending" as const,
    ip: "198.51.100.1",
    interval_seconds: 5,
    last_polled_at: null,
    codes_issued: 1,
    person_id: null,
    workspace_id: null,
    scopes: null,
    connection_id: null,
    decided_at: null,
    redeemed_at: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + (30 + (i % 30)) * MINUTE).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await env.core.db
      .insertInto("agent_registrations")
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** A JSON POST to the registration endpoint over a real socket from `localAddress`. */
function postOverHttp(
  port: number,
  localAddress: string,
  body: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in tests
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        method: "POST",
        path: "/api/agent-auth/identity",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const limitsModule = await import("../../src/auth/limits.ts");
