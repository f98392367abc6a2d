import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { authenticateAccessToken, revokeConnection } from "../../../src/auth/connections.ts";
import { CODE_TTL_MS, IDLE_LIFETIME_MS } from "../../../src/auth/oauth/authorize.ts";
import {
  authorizationCodeGrant,
  generateRefreshToken,
  isWellFormedRefreshToken,
  REFRESH_TOKEN_PREFIX,
  ROTATED_KEPT_MS,
  ROTATION_GRACE_MS,
  refreshTokenGrant,
  revokeRefreshToken,
} from "../../../src/auth/oauth/grants.ts";
import { setSuspended } from "../../../src/auth/people.ts";
import { DAY, SECOND } from "../../../src/clock.ts";
import type { Core } from "../../../src/core.ts";
import { hashSecret } from "../../../src/secrets.ts";
import { seed, setup } from "../../support.ts";
import { approvedCode, pkce, REDIRECT, registered, tokenParams } from "./support.ts";

const mcp = (core: Core) => `${core.config.baseUrl}/api/mcp`;

async function signedIn(t: import("node:test").TestContext, access: "read" | "write" = "write") {
  const env = await setup(t);
  const s = await seed(env.core);
  const code = await approvedCode(env.core, s, { access });
  return { ...env, s, code };
}

async function firstPair(t: import("node:test").TestContext) {
  const env = await signedIn(t);
  const answer = await authorizationCodeGrant(env.core, tokenParams(env.core, env.code));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { ...env, pair: answer.body as { access_token: string; refresh_token: string; scope: string } };
}

const refresh = (core: Core, clientId: string, token: string, extra: Record<string, string> = {}) =>
  refreshTokenGrant(core, {
    grant_type: "refresh_token",
    refresh_token: token,
    client_id: clientId,
    ...extra,
  });

async function connectionOf(core: Core, id: string) {
  return core.db.selectFrom("connections").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("authorization_code grant", () => {
  test("answers a Bearer access token bound to the MCP endpoint and a refresh token; the connection lives 30 days", async (t) => {
    const { core, clock, code, s } = await signedIn(t);
    const answer = await authorizationCodeGrant(core, tokenParams(core, code));
    assert.equal(answer.status, 200);
    assert.equal(answer.headers?.["cache-control"], "no-store");
    const body = answer.body as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), [
      "access_token",
      "expires_in",
      "refresh_token",
      "scope",
      "token_type",
    ]);
    assert.equal(body.token_type, "Bearer");
    assert.equal(body.expires_in, 3600);
    assert.equal(body.scope, "workspace.read workspace.write");
    assert.match(String(body.access_token), /^docket_at_/);
    assert.ok(isWellFormedRefreshToken(String(body.refresh_token)));
    const ok = await authenticateAccessToken(core, String(body.access_token), mcp(core));
    assert.ok(
      ok.ok && ok.principal.workspaceId === s.workspaceId && ok.principal.scopes.has("workspace.write"),
    );
    const other = await authenticateAccessToken(
      core,
      String(body.access_token),
      "https://elsewhere.example/api/mcp",
    );
    assert.deepEqual(other, { ok: false, reason: "wrong_resource" });
    const connection = await connectionOf(core, code.connectionId);
    assert.equal(
      connection.idle_expires_at,
      new Date(clock.now().getTime() + IDLE_LIFETIME_MS).toISOString(),
    );
    const rows = await core.db.selectFrom("refresh_tokens").selectAll().execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.token_hash, hashSecret(String(body.refresh_token)), "stored only as a hash");
  });

  test("a read-only approval gives a read-only token", async (t) => {
    const { core, code } = await signedIn(t, "read");
    const answer = await authorizationCodeGrant(core, tokenParams(core, code));
    assert.equal((answer.body as { scope: string }).scope, "workspace.read");
  });

  test("resource may be left out of the token request; the token is still bound to the MCP endpoint", async (t) => {
    const { core, code } = await signedIn(t);
    const params = tokenParams(core, code);
    delete (params as Record<string, string>).resource;
    const answer = await authorizationCodeGrant(core, params);
    assert.equal(answer.status, 200);
    const row = await core.db.selectFrom("access_tokens").select("resource").executeTakeFirstOrThrow();
    assert.equal(row.resource, mcp(core));
  });

  const refused: [string, (v: string) => Record<string, string>, string][] = [
    ["a wrong PKCE verifier", () => ({ code_verifier: pkce().verifier }), "invalid_grant"],
    ["a verifier too short", (v) => ({ code_verifier: v.slice(0, 42) }), "invalid_grant"],
    ["another redirect_uri", () => ({ redirect_uri: `${REDIRECT}/` }), "invalid_grant"],
    ["an unknown client_id", () => ({ client_id: "oac_someone_else" }), "invalid_client"],
    ["a client secret", () => ({ client_secret: "s3cret" }), "invalid_client"],
    ["another resource", () => ({ resource: "https://elsewhere.example/api/mcp" }), "invalid_target"],
    ["an unknown code", () => ({ code: `docket_ac_${"A".repeat(43)}` }), "invalid_grant"],
    ["a malformed code", () => ({ code: "nonsense" }), "invalid_grant"],
  ];
  for (const [name, change, error] of refused) {
    test(`${name}: ${error}, and no token`, async (t) => {
      const { core, code } = await signedIn(t);
      const answer = await authorizationCodeGrant(core, {
        ...tokenParams(core, code),
        ...change(code.verifier),
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.body.error, error);
      if (error === "invalid_grant")
        assert.deepEqual(answer.body, { error: "invalid_grant" }, "bare, as on the whole token endpoint");
      assert.equal((await core.db.selectFrom("access_tokens").selectAll().execute()).length, 0);
    });
  }

  test("another registered client's code: invalid_grant, and the code is spent", async (t) => {
    const { core, code } = await signedIn(t);
    const other = await registered(core);
    const answer = await authorizationCodeGrant(core, { ...tokenParams(core, code), client_id: other });
    assert.deepEqual(answer.body, { error: "invalid_grant" });
    assert.deepEqual((await authorizationCodeGrant(core, tokenParams(core, code))).body, {
      error: "invalid_grant",
    });
  });

  test("an unknown client does not spend the code", async (t) => {
    const { core, code } = await signedIn(t);
    const unknown = await authorizationCodeGrant(core, {
      ...tokenParams(core, code),
      client_id: "oac_nobody",
    });
    assert.equal(unknown.body.error, "invalid_client");
    assert.equal((await authorizationCodeGrant(core, tokenParams(core, code))).status, 200);
  });

  test("a code that failed a check is spent: the right verifier afterwards gets nothing", async (t) => {
    const { core, code } = await signedIn(t);
    const wrong = await authorizationCodeGrant(core, {
      ...tokenParams(core, code),
      code_verifier: pkce().verifier,
    });
    assert.equal(wrong.body.error, "invalid_grant");
    const right = await authorizationCodeGrant(core, tokenParams(core, code));
    assert.equal(right.body.error, "invalid_grant");
    assert.ok((await connectionOf(core, code.connectionId)).revoked_at);
  });

  for (const name of ["code", "code_verifier", "client_id", "redirect_uri"]) {
    test(`missing ${name}: invalid_request`, async (t) => {
      const { core, code } = await signedIn(t);
      const params: Record<string, string> = tokenParams(core, code);
      delete params[name];
      const answer = await authorizationCodeGrant(core, params);
      assert.equal(answer.body.error, "invalid_request");
      assert.match(String(answer.body.error_description), new RegExp(name));
    });
  }

  test("a repeated parameter is invalid_request (URLSearchParams and maps alike)", async (t) => {
    const { core, code } = await signedIn(t);
    const form = new URLSearchParams(tokenParams(core, code));
    form.append("code", code.code);
    assert.equal((await authorizationCodeGrant(core, form)).body.error, "invalid_request");
    const map = new Map(Object.entries(tokenParams(core, code)).map(([k, v]) => [k, [v]]));
    map.set("client_id", [code.clientId, code.clientId]);
    assert.equal((await authorizationCodeGrant(core, map)).body.error, "invalid_request");
    const good = new Map(Object.entries(tokenParams(core, code)).map(([k, v]) => [k, [v]]));
    assert.equal(
      (await authorizationCodeGrant(core, good)).status,
      200,
      "the code was not spent by malformed requests",
    );
  });

  test("a code used twice: the second is refused and everything the first issued ends", async (t) => {
    const { core, code } = await signedIn(t);
    const first = await authorizationCodeGrant(core, tokenParams(core, code));
    assert.equal(first.status, 200);
    const { access_token, refresh_token } = first.body as { access_token: string; refresh_token: string };
    const second = await authorizationCodeGrant(core, tokenParams(core, code));
    assert.deepEqual(second.body, { error: "invalid_grant" });
    assert.deepEqual(await authenticateAccessToken(core, access_token), {
      ok: false,
      reason: "connection_ended",
    });
    assert.deepEqual((await refresh(core, code.clientId, refresh_token)).body, { error: "invalid_grant" });
    assert.equal((await connectionOf(core, code.connectionId)).revoked_reason, "authorization_code_reused");
  });

  test(`the code lives ${CODE_TTL_MS / 60_000} minutes: 1 ms before works, at the limit refused`, async (t) => {
    const before = await signedIn(t);
    before.clock.advance(CODE_TTL_MS - 1);
    assert.equal(
      (await authorizationCodeGrant(before.core, tokenParams(before.core, before.code))).status,
      200,
    );
    const at = await signedIn(t);
    at.clock.advance(CODE_TTL_MS);
    assert.deepEqual((await authorizationCodeGrant(at.core, tokenParams(at.core, at.code))).body, {
      error: "invalid_grant",
    });
  });

  test("a person suspended between approval and redemption gets nothing", async (t) => {
    const { core, code } = await signedIn(t);
    await setSuspended(core, "ada@example.com", true);
    assert.deepEqual((await authorizationCodeGrant(core, tokenParams(core, code))).body, {
      error: "invalid_grant",
    });
  });

  test("browser OAuth switched off: unsupported_grant_type", async (t) => {
    const { core, code } = await signedIn(t);
    await core.switches.set("browser_oauth", false);
    const answer = await authorizationCodeGrant(core, tokenParams(core, code));
    assert.equal(answer.body.error, "unsupported_grant_type");
  });
});

describe("refresh_token grant", () => {
  test("rotation: a new pair each time, the old refresh token ends, the connection's idle time is extended", async (t) => {
    const { core, clock, code, pair } = await firstPair(t);
    clock.advance(DAY);
    const next = await refresh(core, code.clientId, pair.refresh_token);
    assert.equal(next.status, 200);
    const body = next.body as {
      access_token: string;
      refresh_token: string;
      scope: string;
      expires_in: number;
    };
    assert.notEqual(body.refresh_token, pair.refresh_token);
    assert.notEqual(body.access_token, pair.access_token);
    assert.ok(body.refresh_token.startsWith(REFRESH_TOKEN_PREFIX));
    assert.equal(body.scope, "workspace.read workspace.write");
    assert.equal(body.expires_in, 3600);
    assert.ok((await authenticateAccessToken(core, body.access_token, mcp(core))).ok);
    const connection = await connectionOf(core, code.connectionId);
    assert.equal(
      connection.idle_expires_at,
      new Date(clock.now().getTime() + IDLE_LIFETIME_MS).toISOString(),
    );
    const third = await refresh(core, code.clientId, body.refresh_token);
    assert.equal(third.status, 200);
  });

  test("the connection lives while used at least every 30 days", async (t) => {
    const { core, clock, code, pair } = await firstPair(t);
    let token = pair.refresh_token;
    for (let i = 0; i < 4; i++) {
      clock.advance(IDLE_LIFETIME_MS - 1);
      const answer = await refresh(core, code.clientId, token);
      assert.equal(answer.status, 200, `use ${i + 1}, 1 ms before 30 idle days`);
      token = (answer.body as { refresh_token: string }).refresh_token;
    }
    clock.advance(IDLE_LIFETIME_MS);
    assert.deepEqual(
      (await refresh(core, code.clientId, token)).body,
      { error: "invalid_grant" },
      "30 idle days: dead",
    );
  });

  test("an idle connection stops taking a plan slot", async (t) => {
    const { core, clock, s } = await firstPair(t);
    const { countLiveConnections } = await import("../../../src/auth/connections.ts");
    assert.equal(await countLiveConnections(core, s.workspaceId), 1);
    clock.advance(IDLE_LIFETIME_MS);
    assert.equal(await countLiveConnections(core, s.workspaceId), 0);
  });

  test("reuse after the grace: the whole connection ends", async (t) => {
    const { core, clock, code, pair } = await firstPair(t);
    const next = (await refresh(core, code.clientId, pair.refresh_token)).body as {
      access_token: string;
      refresh_token: string;
    };
    clock.advance(ROTATION_GRACE_MS + 1);
    assert.deepEqual((await refresh(core, code.clientId, pair.refresh_token)).body, {
      error: "invalid_grant",
    });
    const connection = await connectionOf(core, code.connectionId);
    assert.equal(connection.revoked_reason, "refresh_token_reuse");
    assert.deepEqual(await authenticateAccessToken(core, next.access_token), {
      ok: false,
      reason: "connection_ended",
    });
    assert.deepEqual((await refresh(core, code.clientId, next.refresh_token)).body, {
      error: "invalid_grant",
    });
  });

  test("a retry within the grace gets a fresh pair; the pair it lost stops; presenting the lost one later ends all", async (t) => {
    const { core, clock, code, pair } = await firstPair(t);
    const lost = (await refresh(core, code.clientId, pair.refresh_token)).body as {
      access_token: string;
      refresh_token: string;
    };
    clock.advance(ROTATION_GRACE_MS);
    const retry = await refresh(core, code.clientId, pair.refresh_token);
    assert.equal(retry.status, 200, "exactly at the grace's end it is still a retry");
    const fresh = retry.body as { access_token: string; refresh_token: string };
    assert.notEqual(fresh.refresh_token, lost.refresh_token);
    assert.deepEqual(await authenticateAccessToken(core, lost.access_token), {
      ok: false,
      reason: "revoked",
    });
    assert.ok((await authenticateAccessToken(core, fresh.access_token)).ok);
    // the fresh chain goes on
    const onward = await refresh(core, code.clientId, fresh.refresh_token);
    assert.equal(onward.status, 200);
    // the lost refresh token turning up means two holders: the connection ends
    assert.deepEqual((await refresh(core, code.clientId, lost.refresh_token)).body, {
      error: "invalid_grant",
    });
    assert.equal((await connectionOf(core, code.connectionId)).revoked_reason, "refresh_token_reuse");
  });

  test("no grace once the successor has itself been used", async (t) => {
    const { core, code, pair } = await firstPair(t);
    const next = (await refresh(core, code.clientId, pair.refresh_token)).body as { refresh_token: string };
    assert.equal((await refresh(core, code.clientId, next.refresh_token)).status, 200);
    assert.deepEqual((await refresh(core, code.clientId, pair.refresh_token)).body, {
      error: "invalid_grant",
    });
    assert.ok((await connectionOf(core, code.connectionId)).revoked_at);
  });

  test("scope may narrow the access token, never widen; the refresh token keeps the approval", async (t) => {
    const { core, code, pair } = await firstPair(t);
    const narrowed = await refresh(core, code.clientId, pair.refresh_token, { scope: "workspace.read" });
    assert.equal(narrowed.status, 200);
    const body = narrowed.body as { access_token: string; refresh_token: string; scope: string };
    assert.equal(body.scope, "workspace.read");
    const auth = await authenticateAccessToken(core, body.access_token);
    assert.ok(auth.ok && !auth.principal.scopes.has("workspace.write"));
    const full = await refresh(core, code.clientId, body.refresh_token);
    assert.equal((full.body as { scope: string }).scope, "workspace.read workspace.write");
  });

  test("scope refusals: widening, or without workspace.read", async (t) => {
    const env = await setup(t);
    const s = await seed(env.core);
    const code = await approvedCode(env.core, s, { access: "read" });
    const pair = (await authorizationCodeGrant(env.core, tokenParams(env.core, code))).body as {
      refresh_token: string;
    };
    const wider = await refresh(env.core, code.clientId, pair.refresh_token, {
      scope: "workspace.read workspace.write",
    });
    assert.equal(wider.body.error, "invalid_scope");
    const noRead = await refresh(env.core, code.clientId, pair.refresh_token, { scope: "workspace.write" });
    assert.equal(noRead.body.error, "invalid_scope");
    // scopes Docket does not define are ignored, alone or beside its own
    const offline = await refresh(env.core, code.clientId, pair.refresh_token, { scope: "offline_access" });
    assert.equal(offline.status, 200, JSON.stringify(offline.body));
    assert.equal((offline.body as { scope: string }).scope, "workspace.read");
    const mixed = await refresh(
      env.core,
      code.clientId,
      (offline.body as { refresh_token: string }).refresh_token,
      {
        scope: "workspace.read offline_access openid",
      },
    );
    assert.equal(mixed.status, 200, JSON.stringify(mixed.body));
    assert.equal((mixed.body as { scope: string }).scope, "workspace.read");
    pair.refresh_token = (mixed.body as { refresh_token: string }).refresh_token;
    assert.equal(
      (await refresh(env.core, code.clientId, pair.refresh_token)).status,
      200,
      "refusals did not rotate the token",
    );
  });

  test("resource: the MCP endpoint or nothing", async (t) => {
    const { core, code, pair } = await firstPair(t);
    const wrong = await refresh(core, code.clientId, pair.refresh_token, {
      resource: "https://x.example/api/mcp",
    });
    assert.equal(wrong.body.error, "invalid_target");
    const ok = await refresh(core, code.clientId, pair.refresh_token, { resource: mcp(core) });
    assert.equal(ok.status, 200);
    // compared after RFC 3986 normalisation: scheme and host case
    const upper = mcp(core).replace("http://localhost", "HTTP://LOCALHOST");
    assert.notEqual(upper, mcp(core));
    const again = await refresh(core, code.clientId, (ok.body as { refresh_token: string }).refresh_token, {
      resource: upper,
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
  });

  test("the code grant takes the resource in another case of scheme and host; a fragment is invalid_target", async (t) => {
    const env = await setup(t);
    const s = await seed(env.core);
    const upper = mcp(env.core).replace("http://localhost", "HTTP://LOCALHOST");
    const fragment = await approvedCode(env.core, s);
    const refused = await authorizationCodeGrant(
      env.core,
      tokenParams(env.core, fragment, { resource: `${mcp(env.core)}#x` }),
    );
    assert.equal(refused.body.error, "invalid_target");
    const code = await approvedCode(env.core, s);
    const res = await authorizationCodeGrant(env.core, tokenParams(env.core, code, { resource: upper }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });

  test("another client's refresh token is refused, and changes nothing", async (t) => {
    const { core, code, pair } = await firstPair(t);
    const otherClient = await registered(core);
    assert.deepEqual((await refresh(core, otherClient, pair.refresh_token)).body, { error: "invalid_grant" });
    assert.equal((await refresh(core, "oac_nobody", pair.refresh_token)).body.error, "invalid_client");
    assert.equal(
      (await refresh(core, code.clientId, pair.refresh_token, { client_secret: "x" })).body.error,
      "invalid_client",
    );
    assert.equal((await refresh(core, code.clientId, pair.refresh_token)).status, 200);
  });

  test("missing refresh_token or client_id: invalid_request; unknown or malformed token: invalid_grant", async (t) => {
    const { core, code } = await firstPair(t);
    assert.equal((await refreshTokenGrant(core, { client_id: code.clientId })).body.error, "invalid_request");
    assert.equal(
      (await refreshTokenGrant(core, { refresh_token: generateRefreshToken() })).body.error,
      "invalid_request",
    );
    assert.deepEqual((await refresh(core, code.clientId, generateRefreshToken())).body, {
      error: "invalid_grant",
    });
    assert.deepEqual((await refresh(core, code.clientId, "docket_rt_short")).body, {
      error: "invalid_grant",
    });
  });

  test("a connection revoked in settings no longer renews", async (t) => {
    const { core, code, pair } = await firstPair(t);
    await revokeConnection(core, code.connectionId, "revoked_by_person");
    assert.deepEqual((await refresh(core, code.clientId, pair.refresh_token)).body, {
      error: "invalid_grant",
    });
  });

  test("a person who left the workspace no longer renews", async (t) => {
    const { core, code, pair, s } = await firstPair(t);
    await core.db.deleteFrom("memberships").where("person_id", "=", s.personId).execute();
    assert.deepEqual((await refresh(core, code.clientId, pair.refresh_token)).body, {
      error: "invalid_grant",
    });
  });

  test("browser OAuth off: refresh refused and the access token stops at once; on again, both work", async (t) => {
    const { core, code, pair } = await firstPair(t);
    await core.switches.set("browser_oauth", false);
    assert.deepEqual(await authenticateAccessToken(core, pair.access_token), {
      ok: false,
      reason: "switched_off",
    });
    assert.equal(
      (await refresh(core, code.clientId, pair.refresh_token)).body.error,
      "unsupported_grant_type",
    );
    await core.switches.set("browser_oauth", true);
    assert.ok((await authenticateAccessToken(core, pair.access_token)).ok);
    assert.equal((await refresh(core, code.clientId, pair.refresh_token)).status, 200);
  });
});

test("rotated refresh tokens are kept 30 days, then deleted; an older one is merely unknown", async (t) => {
  const { core, clock, code, pair } = await firstPair(t);
  const first = pair.refresh_token;
  clock.advance(DAY);
  let token = ((await refresh(core, code.clientId, first)).body as { refresh_token: string }).refresh_token;
  const count = async () => (await core.db.selectFrom("refresh_tokens").selectAll().execute()).length;
  assert.equal(await count(), 2);
  clock.advance(ROTATED_KEPT_MS - 1);
  token = ((await refresh(core, code.clientId, token)).body as { refresh_token: string }).refresh_token;
  assert.equal(await count(), 3, "the first, rotated 1 ms less than 30 days ago, is kept");
  clock.advance(1);
  token = ((await refresh(core, code.clientId, token)).body as { refresh_token: string }).refresh_token;
  assert.equal(await count(), 3, "the first, rotated 30 days ago, is gone");
  assert.deepEqual((await refresh(core, code.clientId, first)).body, { error: "invalid_grant" });
  assert.equal(
    (await connectionOf(core, code.connectionId)).revoked_at,
    null,
    "an unknown token ends nothing",
  );
  assert.equal((await refresh(core, code.clientId, token)).status, 200);
});

describe("revocation of refresh tokens (RFC 7009)", () => {
  test("revoking the refresh token ends the connection and its access tokens", async (t) => {
    const { core, code, pair } = await firstPair(t);
    await revokeRefreshToken(core, pair.refresh_token);
    assert.deepEqual(await authenticateAccessToken(core, pair.access_token), {
      ok: false,
      reason: "connection_ended",
    });
    assert.deepEqual((await refresh(core, code.clientId, pair.refresh_token)).body, {
      error: "invalid_grant",
    });
    assert.equal((await connectionOf(core, code.connectionId)).revoked_reason, "refresh_token_revoked");
  });

  test("unknown, malformed or already revoked tokens change nothing", async (t) => {
    const { core, code, pair } = await firstPair(t);
    await revokeRefreshToken(core, generateRefreshToken());
    await revokeRefreshToken(core, "docket_rt_x");
    await revokeRefreshToken(core, "");
    assert.equal((await connectionOf(core, code.connectionId)).revoked_at, null);
    await revokeRefreshToken(core, pair.refresh_token);
    const at = (await connectionOf(core, code.connectionId)).revoked_at;
    await revokeRefreshToken(core, pair.refresh_token);
    assert.equal((await connectionOf(core, code.connectionId)).revoked_at, at);
  });
});

test("grace retry and ordinary rotation at the same second keep one live chain", async (t) => {
  const { core, clock, code, pair } = await firstPair(t);
  const a = (await refresh(core, code.clientId, pair.refresh_token)).body as { refresh_token: string };
  clock.advance(SECOND);
  const b = (await refresh(core, code.clientId, pair.refresh_token)).body as { refresh_token: string };
  const live = await core.db
    .selectFrom("refresh_tokens")
    .select("token_hash")
    .where("rotated_at", "is", null)
    .where("revoked_at", "is", null)
    .execute();
  assert.deepEqual(
    live.map((r) => r.token_hash),
    [hashSecret(b.refresh_token)],
  );
  assert.notEqual(a.refresh_token, b.refresh_token);
});
