import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createPerson } from "../../../src/auth/people.ts";
import { hashSecret } from "../../../src/secrets.ts";
import { startGitHub, startIssuer } from "./issuer.ts";
import { type WebClient, web } from "./web.ts";

/** Follows the provider round trip: our redirect to the provider, its redirect back, our callback. */
async function roundTrip(client: WebClient, start: string) {
  const begin = await client.get(start);
  assert.equal(begin.status, 303, begin.body);
  const provider = await fetch(begin.location!, { redirect: "manual" });
  assert.equal(provider.status, 302, await provider.text());
  const back = new URL(provider.headers.get("location")!);
  return { begin, callback: await client.get(`${back.pathname}${back.search}`) };
}

describe("sign-in with OpenID Connect", () => {
  test("a verified email signs in, with PKCE, state and nonce; the first sign-in creates the account", async (t) => {
    const issuer = await startIssuer(t);
    const w = await web(t, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
      OIDC_NAME: "Acme ID",
    });
    const client = w.client();
    const page = await client.get("/sign-in?return_to=%2Fsettings");
    assert.match(page.body, /href="\/sign-in\/oidc\?return_to=%2Fsettings">Sign in with Acme ID</);
    const before = client.cookie;
    const { begin, callback } = await roundTrip(client, "/sign-in/oidc?return_to=%2Fsettings");
    const authorize = new URL(begin.location!);
    assert.equal(authorize.origin, issuer.issuer);
    assert.equal(
      authorize.searchParams.get("redirect_uri"),
      `${w.core.config.baseUrl}/sign-in/oidc/callback`,
    );
    assert.equal(authorize.searchParams.get("code_challenge_method"), "S256");
    assert.ok(authorize.searchParams.get("state"));
    assert.ok(authorize.searchParams.get("nonce"));
    assert.equal(authorize.searchParams.get("scope"), "openid email");
    assert.equal(callback.status, 303, callback.body);
    assert.equal(callback.location, "/welcome?return_to=%2Fsettings");
    assert.notEqual(client.cookie, before);
    assert.equal(issuer.tokenRequests.length, 1);
    assert.ok(issuer.tokenRequests[0]!.get("code_verifier"));

    const people = await w.core.db.selectFrom("people").selectAll().execute();
    assert.deepEqual(
      people.map((p) => [p.email, p.email_verified_at !== null]),
      [["ada@example.com", true]],
    );
    const ids = await w.core.db.selectFrom("identities").selectAll().execute();
    assert.deepEqual(
      ids.map((i) => [i.provider, i.subject, i.person_id]),
      [["oidc", `${issuer.issuer}#user-1`, people[0]!.id]],
    );
    const session = await w.core.db
      .selectFrom("web_sessions")
      .selectAll()
      .where("id_hash", "=", hashSecret(client.cookie!))
      .executeTakeFirstOrThrow();
    assert.equal(session.person_id, people[0]!.id);

    // The callback works once: replaying it is refused.
    const replay = await client.get(
      `/sign-in/oidc/callback?code=x&state=${authorize.searchParams.get("state")}`,
    );
    assert.equal(replay.status, 400);
  });

  test("an existing account gets the provider added; the email may come from UserInfo", async (t) => {
    const issuer = await startIssuer(t);
    issuer.emailOnlyFromUserInfo = true;
    const w = await web(t, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
    });
    const existing = await createPerson(w.core, { email: "ada@example.com", email_verified: true });
    const { callback } = await roundTrip(w.client(), "/sign-in/oidc");
    assert.equal(callback.status, 303, callback.body);
    assert.equal((await w.core.db.selectFrom("people").selectAll().execute()).length, 1);
    const ids = await w.core.db.selectFrom("identities").selectAll().execute();
    assert.deepEqual(
      ids.map((i) => i.person_id),
      [existing.id],
    );
  });

  test("a provider without a verified email is refused with the advice to verify one there", async (t) => {
    const issuer = await startIssuer(t);
    issuer.user = { sub: "u2", email: "ada@example.com", email_verified: false };
    const w = await web(t, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
      OIDC_NAME: "Acme ID",
    });
    const client = w.client();
    const { callback } = await roundTrip(client, "/sign-in/oidc");
    assert.equal(callback.status, 403);
    assert.match(callback.body, /Acme ID did not report a verified primary email/);
    assert.match(callback.body, /Verify your primary email address at Acme ID, then sign in again/);
    assert.equal((await w.core.db.selectFrom("people").selectAll().execute()).length, 0);
    assert.equal(
      (await w.core.db.selectFrom("web_sessions").selectAll().where("person_id", "is not", null).execute())
        .length,
      0,
    );
  });

  test("a callback with another state, or in a browser that did not start the sign-in, is refused", async (t) => {
    const issuer = await startIssuer(t);
    const w = await web(t, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
    });
    const client = w.client();
    const begin = await client.get("/sign-in/oidc");
    const provider = await fetch(begin.location!, { redirect: "manual" });
    const back = new URL(provider.headers.get("location")!);
    const stranger = w.client();
    const elsewhere = await stranger.get(`${back.pathname}${back.search}`);
    assert.equal(elsewhere.status, 400);
    assert.match(elsewhere.body, /did not start a sign-in/);
    back.searchParams.set("state", "forged");
    const forged = await client.get(`${back.pathname}${back.search}`);
    assert.equal(forged.status, 400);
    assert.equal(issuer.tokenRequests.length, 0);
    assert.equal((await w.core.db.selectFrom("people").selectAll().execute()).length, 0);
  });

  test("providers not configured are not offered and their paths are not found", async (t) => {
    const w = await web(t);
    const page = await w.client().get("/sign-in");
    assert.doesNotMatch(page.body, /Sign in with/);
    const res = await w.client().get("/sign-in/oidc");
    assert.equal(res.status, 404);
    assert.equal((await w.client().get("/sign-in/github")).status, 404);
  });
});

describe("sign-in with GitHub", () => {
  test("the verified primary email from the emails API signs in", async (t) => {
    const gh = await startGitHub(t);
    const w = await web(t, {
      GITHUB_CLIENT_ID: "gh-client",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GITHUB_URL: gh.webUrl,
      GITHUB_API_URL: gh.apiUrl,
    });
    gh.emails = [
      { email: "old@example.com", primary: false, verified: true },
      { email: "Ada@Example.com", primary: true, verified: true },
    ];
    const client = w.client();
    assert.match((await client.get("/sign-in")).body, /Sign in with GitHub/);
    const { begin, callback } = await roundTrip(client, "/sign-in/github");
    const authorize = new URL(begin.location!);
    assert.equal(authorize.searchParams.get("client_id"), "gh-client");
    assert.equal(authorize.searchParams.get("code_challenge_method"), "S256");
    assert.equal(
      authorize.searchParams.get("redirect_uri"),
      `${w.core.config.baseUrl}/sign-in/github/callback`,
    );
    assert.equal(callback.status, 303, callback.body);
    const ids = await w.core.db.selectFrom("identities").selectAll().execute();
    assert.deepEqual(
      ids.map((i) => [i.provider, i.subject, i.email]),
      [["github", "4242", "ada@example.com"]],
    );
  });

  test("an unverified primary email is refused with the advice to verify it on GitHub", async (t) => {
    const gh = await startGitHub(t);
    gh.emails = [
      { email: "ada@example.com", primary: true, verified: false },
      { email: "other@example.com", primary: false, verified: true },
    ];
    const w = await web(t, {
      GITHUB_CLIENT_ID: "gh-client",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GITHUB_URL: gh.webUrl,
      GITHUB_API_URL: gh.apiUrl,
    });
    const { callback } = await roundTrip(w.client(), "/sign-in/github");
    assert.equal(callback.status, 403);
    assert.match(callback.body, /Verify your primary email address at GitHub, then sign in again/);
    assert.equal((await w.core.db.selectFrom("people").selectAll().execute()).length, 0);
  });
});
