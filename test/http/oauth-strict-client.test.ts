import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import * as oauth from "oauth4webapi";
import { ROTATION_GRACE_MS } from "../../src/auth/oauth/grants.ts";
import { acceptTerms } from "../../src/auth/web/terms.ts";
import { REDIRECT } from "../auth/oauth/support.ts";
import { seed } from "../support.ts";
import { signIn, web } from "./pages/web.ts";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const insecure = { [oauth.allowInsecureRequests]: true };

/**
 * oauth4webapi as a strict OAuth client against the listening service: discovery (RFC 8414), dynamic
 * registration, PKCE, the authorization response with `iss` (RFC 9207), the code grant with `resource`,
 * refresh rotation, reuse and revocation. The library refuses answers that stray from the RFCs.
 */
test("a strict OAuth client: discovery, registration, code with PKCE and iss, rotation, reuse, revocation", async (t) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const w = await web(t, { BASE_URL: base });
  const s = await seed(w.core);
  await acceptTerms(w.core, s.personId);
  await w.app.listen({ port, host: "127.0.0.1" });
  const issuer = new URL(`${base}/api/auth`);
  const resource = `${base}/api/mcp`;

  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
  assert.equal(as.authorization_response_iss_parameter_supported, true);
  const registered = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: "Strict Client",
        redirect_uris: [REDIRECT],
        grant_types: ["authorization_code", "refresh_token"],
        token_endpoint_auth_method: "none",
      },
      insecure,
    ),
  );
  const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: "none" };

  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorize = new URL(as.authorization_endpoint!);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    scope: "workspace.read workspace.write",
    resource,
    state,
  }).toString();

  const { client: person } = await signIn(w, "ada@example.com");
  const consent = await person.get(`${authorize.pathname}${authorize.search}`);
  assert.equal(consent.status, 200, consent.body);
  const form: Record<string, string> = { decision: "approve", access: "write" };
  for (const m of consent.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  }
  form.workspace = s.workspaceId;
  const approved = await person.post(authorize.pathname, form);
  assert.equal(approved.status, 302);

  const params = oauth.validateAuthResponse(as, client, new URL(approved.location!), state);
  // An authorization response naming another issuer is refused by the client (RFC 9207).
  const forged = new URL(approved.location!);
  forged.searchParams.set("iss", "http://attacker.example/api/auth");
  assert.throws(() => oauth.validateAuthResponse(as, client, forged, state));

  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, {
      additionalParameters: { resource },
      ...insecure,
    }),
  );
  assert.equal(tokens.token_type, "bearer");
  assert.equal(tokens.expires_in, 3600);
  assert.equal(tokens.scope, "workspace.read workspace.write");
  const v1 = await fetch(`${base}/v1/workspace`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  assert.equal(v1.status, 200);

  const rotated = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
  );
  assert.notEqual(rotated.refresh_token, tokens.refresh_token);

  // The same code again: refused, and everything it issued ends.
  const again = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    REDIRECT,
    verifier,
    insecure,
  );
  await assert.rejects(oauth.processAuthorizationCodeResponse(as, client, again), (e: unknown) => {
    assert.ok(e instanceof oauth.ResponseBodyError);
    assert.equal(e.error, "invalid_grant");
    return true;
  });
  const ended = await fetch(`${base}/v1/workspace`, {
    headers: { authorization: `Bearer ${rotated.access_token}` },
  });
  assert.equal(ended.status, 401);

  // A second authorization: rotation, then reuse of the old token after the grace ends the connection.
  const verifier2 = oauth.generateRandomCodeVerifier();
  authorize.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier2));
  const consent2 = await person.get(`${authorize.pathname}${authorize.search}`);
  for (const m of consent2.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  }
  const approved2 = await person.post(authorize.pathname, form);
  const params2 = oauth.validateAuthResponse(as, client, new URL(approved2.location!), state);
  const second = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params2,
      REDIRECT,
      verifier2,
      insecure,
    ),
  );
  const next = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), second.refresh_token!, insecure),
  );
  w.env.clock.advance(ROTATION_GRACE_MS + 1);
  const reuse = await oauth.refreshTokenGrantRequest(
    as,
    client,
    oauth.None(),
    second.refresh_token!,
    insecure,
  );
  await assert.rejects(oauth.processRefreshTokenResponse(as, client, reuse), oauth.ResponseBodyError);
  const afterReuse = await oauth.refreshTokenGrantRequest(
    as,
    client,
    oauth.None(),
    next.refresh_token!,
    insecure,
  );
  await assert.rejects(oauth.processRefreshTokenResponse(as, client, afterReuse), oauth.ResponseBodyError);

  // A third: the client revokes its refresh token (RFC 7009), and its access token stops with it.
  const verifier3 = oauth.generateRandomCodeVerifier();
  authorize.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier3));
  const consent3 = await person.get(`${authorize.pathname}${authorize.search}`);
  for (const m of consent3.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  }
  const approved3 = await person.post(authorize.pathname, form);
  const third = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      oauth.validateAuthResponse(as, client, new URL(approved3.location!), state),
      REDIRECT,
      verifier3,
      insecure,
    ),
  );
  await oauth.processRevocationResponse(
    await oauth.revocationRequest(as, client, oauth.None(), third.refresh_token!, {
      additionalParameters: { token_type_hint: "refresh_token" },
      ...insecure,
    }),
  );
  const revoked = await fetch(`${base}/v1/workspace`, {
    headers: { authorization: `Bearer ${third.access_token}` },
  });
  assert.equal(revoked.status, 401);
});
