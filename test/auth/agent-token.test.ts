import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { revokeConnection } from "../../src/auth/connections.ts";
import { createPerson, setSuspended } from "../../src/auth/people.ts";
import { addMember, deleteWorkspace, removeMember } from "../../src/auth/workspaces.ts";
import { DAY, MINUTE, SECOND } from "../../src/clock.ts";
import {
  type AgentEnv,
  type Answer,
  agentSetup,
  approve,
  CLAIM,
  connectedAgent,
  deny,
  get,
  JWT_BEARER,
  poll,
  postForm,
  postJson,
  registerAgent,
  registration,
  renew,
} from "./agent-support.ts";

const TOKEN = "/api/auth/oauth2/token";
const REVOKE = "/api/auth/oauth2/revoke";
const MCP = "https://docket.test/api/mcp";

function oauthError(res: Answer, error: string, status = 400, why?: RegExp) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.error, error);
  assert.equal(res.headers["cache-control"], "no-store");
  if (error === "invalid_grant") {
    assert.deepEqual(res.body, { error: "invalid_grant" }, "invalid_grant is a bare { error }");
    // the why, when told at all, is in a header beside the body (only for a superseded assertion)
    const header = res.headers["docket-error-description"];
    if (why) assert.match(String(header), why);
    else assert.equal(header, undefined, "no description of this invalid_grant");
  } else {
    assert.equal(typeof res.body.error_description, "string");
  }
}

const workspace = (env: AgentEnv, token: string) =>
  get(env.app, "/v1/workspace", { authorization: `Bearer ${token}` });

describe("claim grant: poll and redeem (spec: States and transitions; Token endpoint, poll and redeem)", () => {
  test("pending → authorization_pending at the interval, slow_down when early, growing by 5 up to 30", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    const token = reg.body.claim_token;
    const first = await poll(env.app, token);
    oauthError(first, "authorization_pending");
    env.clock.advance(5 * SECOND);
    oauthError(await poll(env.app, token), "authorization_pending", 400);
    const expected = [10, 15, 20, 25, 30, 30];
    for (const interval of expected) {
      env.clock.advance(4 * SECOND);
      const early = await poll(env.app, token);
      oauthError(early, "slow_down");
      assert.match(early.body.error_description, new RegExp(`\\b${interval} seconds`));
      assert.equal((await registration(env.core, reg.body.registration_id)).interval_seconds, interval);
    }
    env.clock.advance(29 * SECOND);
    oauthError(await poll(env.app, token), "slow_down");
    env.clock.advance(30 * SECOND);
    const onTime = await poll(env.app, token);
    oauthError(onTime, "authorization_pending");
    assert.match(onTime.body.error_description, /30 seconds/);
  });

  test("approved → the first poll redeems: access token, assertion, 30 days", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app, "ada@example.com", { clientName: "Helper" });
    const connectionId = await approve(env.core, reg.body.registration_id, {
      workspaceId: env.seeded.workspaceId,
    });
    env.clock.advance(MINUTE);
    const res = await poll(env.app, reg.body.claim_token);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers["cache-control"], "no-store");
    assert.deepEqual(Object.keys(res.body).sort(), [
      "access_token",
      "assertion_expires",
      "expires_in",
      "identity_assertion",
      "scope",
      "token_type",
    ]);
    assert.match(res.body.access_token, /^docket_at_/);
    assert.equal(res.body.token_type, "Bearer");
    assert.equal(res.body.expires_in, 3600);
    assert.equal(res.body.scope, "workspace.read workspace.write");
    assert.equal(res.body.assertion_expires, "2026-03-31T09:01:00.000Z", "30 days after redemption");
    const header = decodeProtectedHeader(res.body.identity_assertion);
    assert.equal(header.typ, "oauth-id-jag+jwt");
    assert.equal(header.alg, "EdDSA");
    const claims = decodeJwt(res.body.identity_assertion);
    assert.equal(claims.iss, "https://docket.test/api/auth");
    assert.equal(claims.sub, connectionId);
    assert.equal(claims.exp, Date.parse("2026-03-31T09:01:00.000Z") / 1000);
    assert.equal(typeof claims.jti, "string");

    const row = await registration(env.core, reg.body.registration_id);
    assert.equal(row.status, "redeemed");
    assert.equal(row.redeemed_at, "2026-03-01T09:01:00.000Z");
    const c = await env.core.db
      .selectFrom("connections")
      .selectAll()
      .where("id", "=", connectionId)
      .executeTakeFirstOrThrow();
    assert.equal(c.assertion_jti, claims.jti);
    assert.equal(c.assertion_expires_at, "2026-03-31T09:01:00.000Z");
    assert.equal(c.name, "Helper");
    assert.equal((await workspace(env, res.body.access_token)).status, 200);
  });

  test("a read-only approval redeems with scope workspace.read alone", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env, { scopes: ["workspace.read"] });
    assert.equal(redeemed.body.scope, "workspace.read");
  });

  test("redeemed → a repeat within 30 seconds gives a fresh pair and ends the earlier one; after 30 seconds invalid_grant", async (t) => {
    const env = await agentSetup(t);
    const { claimToken, redeemed, connectionId } = await connectedAgent(env);
    env.clock.advance(30 * SECOND);
    const again = await poll(env.app, claimToken);
    assert.equal(again.status, 200, again.text);
    assert.notEqual(again.body.access_token, redeemed.body.access_token);
    assert.notEqual(again.body.identity_assertion, redeemed.body.identity_assertion);
    assert.equal(
      (await workspace(env, redeemed.body.access_token)).status,
      401,
      "the earlier access token ended",
    );
    // the earlier assertion ended too: its renewal is a bare invalid_grant whose header says superseded
    oauthError(
      await renew(env.app, redeemed.body.identity_assertion),
      "invalid_grant",
      400,
      /^superseded: a later redemption of this registration replaced this identity assertion/,
    );
    assert.equal((await workspace(env, again.body.access_token)).status, 200);
    assert.equal((await renew(env.app, again.body.identity_assertion)).status, 200);
    env.clock.advance(SECOND);
    oauthError(await poll(env.app, claimToken), "invalid_grant");
    assert.equal((await renew(env.app, again.body.identity_assertion)).status, 200, "the pair still holds");
    // once the connection ends, the replaced assertion is refused like any other: no header
    await revokeConnection(env.core, connectionId, "test");
    oauthError(await renew(env.app, redeemed.body.identity_assertion), "invalid_grant");
  });

  test("denied → access_denied", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    await deny(env.core, reg.body.registration_id);
    oauthError(await poll(env.app, reg.body.claim_token), "access_denied");
  });

  test("the code's 10 minutes pass → expired_token saying the code expired; a new code polls again", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    env.clock.advance(10 * MINUTE - SECOND);
    oauthError(await poll(env.app, reg.body.claim_token), "authorization_pending");
    env.clock.advance(SECOND * 6);
    const res = await poll(env.app, reg.body.claim_token);
    oauthError(res, "expired_token");
    assert.match(res.body.error_description, /code expired/);
    assert.equal((await registration(env.core, reg.body.registration_id)).status, "pending");
    const again = await postJson(env.app, "/api/agent-auth/identity/claim", {
      claim_token: reg.body.claim_token,
      email: "ada@example.com",
    });
    assert.equal(again.status, 200);
    env.clock.advance(10 * SECOND);
    oauthError(await poll(env.app, reg.body.claim_token), "authorization_pending");
  });

  test("5 wrong tries make the code unusable; polling says so and a new code can be requested", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    await env.core.db
      .updateTable("claim_attempts")
      .set({ wrong_tries: 5 })
      .where("registration_id", "=", reg.body.registration_id)
      .execute();
    const res = await poll(env.app, reg.body.claim_token);
    oauthError(res, "expired_token");
    assert.match(res.body.error_description, /5 wrong tries/);
    const again = await postJson(env.app, "/api/agent-auth/identity/claim", {
      claim_token: reg.body.claim_token,
      email: "ada@example.com",
    });
    assert.equal(again.status, 200);
  });

  test("pending or approved past 60 minutes → expired; expired_token saying the registration expired", async (t) => {
    const env = await agentSetup(t);
    const pending = await registerAgent(env.app);
    const approved = await registerAgent(env.app);
    await approve(env.core, approved.body.registration_id, { workspaceId: env.seeded.workspaceId });
    env.clock.advance(60 * MINUTE);
    for (const reg of [pending, approved]) {
      const res = await poll(env.app, reg.body.claim_token);
      oauthError(res, "expired_token");
      assert.match(res.body.error_description, /registration expired/);
      assert.equal((await registration(env.core, reg.body.registration_id)).status, "expired");
    }
  });

  test("invalid_grant: unknown or malformed claim token; missing or repeated claim_token is invalid_request", async (t) => {
    const env = await agentSetup(t);
    oauthError(await poll(env.app, "docket_claim_unknown"), "invalid_grant");
    oauthError(await poll(env.app, "nonsense"), "invalid_grant");
    oauthError(await postForm(env.app, TOKEN, { grant_type: CLAIM }), "invalid_request");
    const reg = await registerAgent(env.app);
    oauthError(
      await postForm(env.app, TOKEN, {
        grant_type: CLAIM,
        claim_token: [reg.body.claim_token, reg.body.claim_token],
      }),
      "invalid_request",
    );
  });

  test("approved but the connection no longer holds → invalid_grant", async (t) => {
    const env = await agentSetup(t);
    await createPerson(env.core, { email: "bob@example.com" });
    await addMember(env.core, { workspace: "acme", email: "bob@example.com" });
    const reg = await registerAgent(env.app, "bob@example.com");
    await approve(env.core, reg.body.registration_id, { workspaceId: env.seeded.workspaceId });
    await removeMember(env.core, "acme", "bob@example.com");
    oauthError(await poll(env.app, reg.body.claim_token), "invalid_grant");
    assert.equal((await registration(env.core, reg.body.registration_id)).status, "revoked");
  });

  test("registration off: the claim grant is unsupported_grant_type", async (t) => {
    const env = await agentSetup(t);
    const reg = await registerAgent(env.app);
    await env.core.switches.set("agent_registration", false);
    oauthError(await poll(env.app, reg.body.claim_token), "unsupported_grant_type");
  });
});

describe("jwt-bearer renewal (spec: Token endpoint, renewal)", () => {
  test("renews with the assertion: access_token, token_type, expires_in, scope and nothing else", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env);
    const res = await renew(env.app, redeemed.body.identity_assertion, { resource: MCP });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers["cache-control"], "no-store");
    assert.deepEqual(Object.keys(res.body).sort(), ["access_token", "expires_in", "scope", "token_type"]);
    assert.equal(res.body.token_type, "Bearer");
    assert.equal(res.body.expires_in, 3600);
    assert.equal(res.body.scope, "workspace.read workspace.write");
    assert.equal((await workspace(env, res.body.access_token)).status, 200);
  });

  test("scope may narrow, never widen; it must include workspace.read", async (t) => {
    const env = await agentSetup(t);
    const rw = await connectedAgent(env);
    const narrowed = await renew(env.app, rw.redeemed.body.identity_assertion, { scope: "workspace.read" });
    assert.equal(narrowed.status, 200);
    assert.equal(narrowed.body.scope, "workspace.read");
    const write = await env.app.inject({
      method: "POST",
      url: "/v1/issues",
      headers: { authorization: `Bearer ${narrowed.body.access_token}`, "content-type": "application/json" },
      payload: JSON.stringify({ title: "x", space: "ENG" }),
    });
    assert.equal(write.statusCode, 403);
    assert.equal(JSON.parse(write.body).error, "insufficient_scope");
    assert.equal(
      (await renew(env.app, rw.redeemed.body.identity_assertion, { scope: "workspace.write workspace.read" }))
        .body.scope,
      "workspace.read workspace.write",
    );
    oauthError(
      await renew(env.app, rw.redeemed.body.identity_assertion, { scope: "workspace.write" }),
      "invalid_scope",
    );
    oauthError(
      await renew(env.app, rw.redeemed.body.identity_assertion, { scope: "workspace.read admin" }),
      "invalid_scope",
    );

    const ro = await connectedAgent(env, { scopes: ["workspace.read"] });
    oauthError(
      await renew(env.app, ro.redeemed.body.identity_assertion, { scope: "workspace.read workspace.write" }),
      "invalid_scope",
    );
    assert.equal(
      (await renew(env.app, ro.redeemed.body.identity_assertion, { scope: "workspace.read" })).status,
      200,
    );
  });

  test("resource must be exactly {base_url}/api/mcp (no normalisation: an uppercase host or the default port is invalid_target)", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env);
    for (const bad of [
      `${MCP}/`,
      "https://docket.test/v1",
      "https://other.test/api/mcp",
      "HTTPS://docket.test/api/mcp",
      "https://DOCKET.test/api/mcp",
      "https://docket.test:443/api/mcp",
    ]) {
      oauthError(await renew(env.app, redeemed.body.identity_assertion, { resource: bad }), "invalid_target");
    }
  });

  test("missing or repeated parameters are invalid_request", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env);
    const a = redeemed.body.identity_assertion;
    oauthError(await postForm(env.app, TOKEN, { grant_type: JWT_BEARER }), "invalid_request");
    oauthError(
      await postForm(env.app, TOKEN, { grant_type: JWT_BEARER, assertion: [a, a] }),
      "invalid_request",
    );
    oauthError(await renew(env.app, a, { resource: [MCP, MCP] }), "invalid_request");
    oauthError(await renew(env.app, a, { scope: ["workspace.read", "workspace.read"] }), "invalid_request");
    oauthError(
      await postForm(env.app, TOKEN, { grant_type: [JWT_BEARER, JWT_BEARER], assertion: a }),
      "invalid_request",
    );
    oauthError(await postForm(env.app, TOKEN, { assertion: a }), "invalid_request");
    oauthError(
      await postForm(env.app, TOKEN, { grant_type: "password", username: "x" }),
      "unsupported_grant_type",
    );
    const json = await postJson(env.app, TOKEN, { grant_type: JWT_BEARER, assertion: a });
    oauthError(json, "invalid_request");
  });

  test("every other failure is a bare invalid_grant", async (t) => {
    const env = await agentSetup(t);
    const { redeemed, connectionId } = await connectedAgent(env);
    const a = redeemed.body.identity_assertion;
    oauthError(await renew(env.app, "not.a.jwt"), "invalid_grant");
    oauthError(await renew(env.app, "garbage"), "invalid_grant");
    const [h, p, s] = a.split(".");
    oauthError(await renew(env.app, `${h}.${p}.${s.slice(0, -4)}AAAA`), "invalid_grant");
    // signed by someone else, claiming the same connection and jti
    const { generateKeyPair } = await import("jose");
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const claims = decodeJwt(a);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "EdDSA", typ: "oauth-id-jag+jwt", kid: decodeProtectedHeader(a).kid! })
      .sign(privateKey);
    oauthError(await renew(env.app, forged), "invalid_grant");
    assert.equal((await renew(env.app, a)).status, 200);
    await revokeConnection(env.core, connectionId, "test");
    oauthError(await renew(env.app, a), "invalid_grant");
  });

  test("an access token lasts 60 minutes", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env);
    const renewed = await renew(env.app, redeemed.body.identity_assertion);
    env.clock.advance(60 * MINUTE - SECOND);
    assert.equal((await workspace(env, redeemed.body.access_token)).status, 200);
    assert.equal((await workspace(env, renewed.body.access_token)).status, 200);
    env.clock.advance(SECOND);
    const expired = await workspace(env, redeemed.body.access_token);
    assert.equal(expired.status, 401);
    assert.match(expired.body.error_description, /expired/);
    assert.equal((await renew(env.app, redeemed.body.identity_assertion)).status, 200, "renew and carry on");
  });

  test("the assertion expires 30 days after redemption, however much it is used", async (t) => {
    const env = await agentSetup(t);
    const { redeemed, registrationId } = await connectedAgent(env);
    env.clock.advance(30 * DAY - SECOND);
    assert.equal((await renew(env.app, redeemed.body.identity_assertion)).status, 200);
    env.clock.advance(SECOND);
    oauthError(await renew(env.app, redeemed.body.identity_assertion), "invalid_grant");
    assert.equal((await registration(env.core, registrationId)).status, "expired", "redeemed → expired");
  });

  test("person leaves the workspace, account suspended or deleted, workspace deleted: revoked at once", async (t) => {
    const env = await agentSetup(t);
    for (const email of ["bob@example.com", "cy@example.com", "di@example.com"]) {
      await createPerson(env.core, { email });
      await addMember(env.core, { workspace: "acme", email });
    }
    const cases: [string, () => Promise<unknown>][] = [
      ["bob@example.com", () => removeMember(env.core, "acme", "bob@example.com")],
      ["cy@example.com", () => setSuspended(env.core, "cy@example.com", true)],
      [
        "di@example.com",
        async () => (await import("../../src/auth/people.ts")).deletePerson(env.core, "di@example.com"),
      ],
    ];
    for (const [email, end] of cases) {
      const agent = await connectedAgent(env, { email });
      assert.equal((await workspace(env, agent.redeemed.body.access_token)).status, 200);
      await end();
      assert.equal(
        (await workspace(env, agent.redeemed.body.access_token)).status,
        401,
        `${email}: access token ends`,
      );
      oauthError(await renew(env.app, agent.redeemed.body.identity_assertion), "invalid_grant");
      const reg = await env.core.db
        .selectFrom("agent_registrations")
        .select("status")
        .where("id", "=", agent.registrationId)
        .executeTakeFirstOrThrow();
      assert.equal(reg.status, "revoked", `${email}: the registration is revoked`);
    }
    await setSuspended(env.core, "cy@example.com", false);
    const ada = await connectedAgent(env);
    await deleteWorkspace(env.core, "acme");
    oauthError(await renew(env.app, ada.redeemed.body.identity_assertion), "invalid_grant");
    assert.equal((await registration(env.core, ada.registrationId)).status, "revoked");
  });

  test("registration off: renewal is unsupported_grant_type, nothing is revoked, and it works again when on", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env);
    await env.core.switches.set("agent_registration", false);
    oauthError(await renew(env.app, redeemed.body.identity_assertion), "unsupported_grant_type");
    assert.equal(
      (await workspace(env, redeemed.body.access_token)).status,
      200,
      "the current token runs out on its own",
    );
    const meta = await get(env.app, "/.well-known/oauth-authorization-server/api/auth");
    assert.equal(meta.body.agent_auth, undefined);
    await env.core.switches.set("agent_registration", true);
    assert.equal((await renew(env.app, redeemed.body.identity_assertion)).status, 200);
  });

  test("browser OAuth and registration both off: the token endpoint answers 404 and access tokens stop", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env);
    await env.core.switches.set("browser_oauth", false);
    assert.equal(
      (await renew(env.app, redeemed.body.identity_assertion)).status,
      200,
      "registration alone keeps it",
    );
    await env.core.switches.set("agent_registration", false);
    const res = await renew(env.app, redeemed.body.identity_assertion);
    assert.equal(res.status, 404);
    assert.equal(res.headers["cache-control"], "no-store");
    assert.equal((await workspace(env, redeemed.body.access_token)).status, 401);
    await env.core.switches.set("browser_oauth", true);
    oauthError(await renew(env.app, redeemed.body.identity_assertion), "unsupported_grant_type");
  });

  test("authorization_code and refresh_token go to the browser OAuth grants (test/http/oauth.test.ts)", async (t) => {
    const env = await agentSetup(t);
    oauthError(
      await postForm(env.app, TOKEN, { grant_type: "authorization_code", code: "x" }),
      "invalid_request",
    );
    oauthError(
      await postForm(env.app, TOKEN, { grant_type: "refresh_token", refresh_token: "x" }),
      "invalid_request",
    );
  });
});

describe("token responses per registration (spec: Limits)", () => {
  test("60 an hour, redemption included; the 61st is 429 with Retry-After; the next hour renews again", async (t) => {
    const env = await agentSetup(t);
    env.clock.set("2026-03-01T09:30:00.000Z");
    const { redeemed } = await connectedAgent(env);
    const a = redeemed.body.identity_assertion;
    for (let i = 2; i <= 60; i++) assert.equal((await renew(env.app, a)).status, 200, `token response ${i}`);
    const over = await renew(env.app, a);
    assert.equal(over.status, 429);
    assert.equal(over.body.error, "rate_limited");
    assert.equal(over.headers["retry-after"], "1800");
    assert.equal(over.body.retryAfter, 1800);
    assert.equal(over.headers["cache-control"], "no-store");
    const other = await connectedAgent(env);
    assert.equal(
      (await renew(env.app, other.redeemed.body.identity_assertion)).status,
      200,
      "counted per registration",
    );
    env.clock.advance(30 * MINUTE);
    assert.equal((await renew(env.app, a)).status, 200);
  });

  test("limits that cannot be counted: 503 temporarily_unavailable with Retry-After, no token issued", async (t) => {
    const env = await agentSetup(t);
    const { redeemed, connectionId } = await connectedAgent(env);
    await env.core.db.schema.dropTable("limit_counters").execute();
    const res = await renew(env.app, redeemed.body.identity_assertion);
    assert.equal(res.status, 503, res.text);
    assert.equal(res.body.error, "temporarily_unavailable");
    assert.ok(Number(res.headers["retry-after"]) > 0);
    const tokens = await env.core.db
      .selectFrom("access_tokens")
      .select("id")
      .where("connection_id", "=", connectionId)
      .execute();
    assert.equal(tokens.length, 1, "only the redemption's token");
  });
});

describe("POST /api/auth/oauth2/revoke (RFC 7009)", () => {
  test("always 200; ends that one access token; the assertion still renews", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env);
    const second = await renew(env.app, redeemed.body.identity_assertion);
    const res = await postForm(env.app, REVOKE, { token: redeemed.body.access_token });
    assert.equal(res.status, 200);
    assert.equal(res.headers["cache-control"], "no-store");
    assert.equal((await workspace(env, redeemed.body.access_token)).status, 401);
    assert.equal((await workspace(env, second.body.access_token)).status, 200, "only that one token");
    assert.equal((await renew(env.app, redeemed.body.identity_assertion)).status, 200);
    for (const token of [
      redeemed.body.access_token,
      "docket_at_unknown",
      "anything",
      redeemed.body.identity_assertion,
    ]) {
      assert.equal((await postForm(env.app, REVOKE, { token })).status, 200);
    }
    env.clock.advance(2 * 60 * MINUTE);
    assert.equal(
      (await postForm(env.app, REVOKE, { token: second.body.access_token })).status,
      200,
      "expired",
    );
    const missing = await postForm(env.app, REVOKE, {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, "invalid_request");
  });
});

describe("the agent's side end to end over HTTP", () => {
  test("register, approve, poll (pending → slow_down → ok), redeem, use, renew, revoke, renew, revoke the connection", async (t) => {
    const env = await agentSetup(t);
    const meta = await get(env.app, "/.well-known/oauth-authorization-server/api/auth");
    const identity = new URL(meta.body.agent_auth.identity_endpoint).pathname;
    const tokenPath = new URL(meta.body.token_endpoint).pathname;
    const reg = await postJson(env.app, identity, {
      type: "service_auth",
      login_hint: "ada@example.com",
      client_name: "E2E",
    });
    assert.equal(reg.status, 200);
    let interval = reg.body.claim.interval;
    const p1 = await postForm(env.app, tokenPath, { grant_type: CLAIM, claim_token: reg.body.claim_token });
    assert.equal(p1.body.error, "authorization_pending");
    env.clock.advance(SECOND);
    const p2 = await postForm(env.app, tokenPath, { grant_type: CLAIM, claim_token: reg.body.claim_token });
    assert.equal(p2.body.error, "slow_down");
    interval = Math.min(interval + 5, 30);
    assert.match(p2.body.error_description, new RegExp(`${interval} seconds`));
    const connectionId = await approve(env.core, reg.body.registration_id, {
      workspaceId: env.seeded.workspaceId,
    });
    env.clock.advance(interval * SECOND);
    const ok = await postForm(env.app, tokenPath, { grant_type: CLAIM, claim_token: reg.body.claim_token });
    assert.equal(ok.status, 200);
    const ws = await workspace(env, ok.body.access_token);
    assert.equal(ws.status, 200);
    assert.equal(ws.body.slug, "acme");
    const renewed = await renew(env.app, ok.body.identity_assertion, { resource: MCP });
    assert.equal(renewed.status, 200);
    assert.equal(
      (
        await postForm(env.app, new URL(meta.body.revocation_endpoint).pathname, {
          token: renewed.body.access_token,
        })
      ).status,
      200,
    );
    assert.equal((await workspace(env, renewed.body.access_token)).status, 401);
    const again = await renew(env.app, ok.body.identity_assertion);
    assert.equal(again.status, 200);
    assert.equal((await workspace(env, again.body.access_token)).status, 200);
    await revokeConnection(env.core, connectionId, "person revoked it in settings");
    assert.equal((await workspace(env, again.body.access_token)).status, 401);
    oauthError(await renew(env.app, ok.body.identity_assertion), "invalid_grant");
    assert.equal((await registration(env.core, reg.body.registration_id)).status, "revoked");
  });
});
