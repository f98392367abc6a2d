import assert from "node:assert/strict";
import net from "node:net";
import { describe, test } from "node:test";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { agentSetup, approve, CLAIM, get, JWT_BEARER } from "../auth/agent-support.ts";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A service listening on a real port whose base_url is that address, so a strict client can follow it. */
async function live(t: import("node:test").TestContext) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = await agentSetup(t, { env: { BASE_URL: base } });
  await env.app.listen({ port, host: "127.0.0.1" });
  return { env, base };
}

const insecure = { [oauth.allowInsecureRequests]: true } as const;

describe("discovery (spec: Discovery; RFC 8414, RFC 9728)", () => {
  test("a strict OAuth client discovers the resource and the authorization server, redeems, renews and revokes", async (t) => {
    const { env, base } = await live(t);

    const resource = new URL(`${base}/api/mcp`);
    const rs = await oauth.processResourceDiscoveryResponse(
      resource,
      await oauth.resourceDiscoveryRequest(resource, insecure),
    );
    assert.equal(rs.resource, `${base}/api/mcp`);
    assert.deepEqual(rs.authorization_servers, [`${base}/api/auth`]);
    assert.deepEqual(rs.scopes_supported, ["workspace.read", "workspace.write"]);
    assert.deepEqual(rs.bearer_methods_supported, ["header"]);

    const issuer = new URL(rs.authorization_servers![0]!);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
    );
    assert.equal(as.issuer, `${base}/api/auth`);
    assert.equal(as.token_endpoint, `${base}/api/auth/oauth2/token`);
    assert.equal(as.revocation_endpoint, `${base}/api/auth/oauth2/revoke`);
    assert.equal(as.jwks_uri, `${base}/api/auth/jwks`);
    assert.deepEqual(as.scopes_supported, ["workspace.read", "workspace.write"]);
    assert.deepEqual(as.grant_types_supported, ["authorization_code", "refresh_token", CLAIM, JWT_BEARER]);
    assert.deepEqual(as.agent_auth, {
      skill: `${base}/api/agent-auth/skill.md`,
      identity_endpoint: `${base}/api/agent-auth/identity`,
      claim_endpoint: `${base}/api/agent-auth/identity/claim`,
      identity_types_supported: ["service_auth"],
    });
    const sameDoc = await (await fetch(`${base}/api/auth/.well-known/oauth-authorization-server`)).json();
    assert.deepEqual(sameDoc, JSON.parse(JSON.stringify(as)));

    const skill = await fetch((as.agent_auth as { skill: string }).skill);
    assert.equal(skill.status, 200);
    const text = await skill.text();
    for (const needle of [
      "/api/agent-auth/identity",
      CLAIM,
      JWT_BEARER,
      "slow_down",
      "get_workspace_identity",
      "/api/auth/oauth2/revoke",
      "password",
    ]) {
      assert.ok(text.includes(needle), `the skill document mentions ${needle}`);
    }

    const reg = (await (
      await fetch((as.agent_auth as { identity_endpoint: string }).identity_endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "service_auth", login_hint: "ada@example.com" }),
      })
    ).json()) as { registration_id: string; claim_token: string };
    await approve(env.core, reg.registration_id, { workspaceId: env.seeded.workspaceId });
    const client: oauth.Client = { client_id: "docket-agent" };
    const redeemed = await oauth.processGenericTokenEndpointResponse(
      as,
      client,
      await oauth.genericTokenEndpointRequest(
        as,
        client,
        oauth.None(),
        CLAIM,
        { claim_token: reg.claim_token },
        insecure,
      ),
    );
    assert.equal(redeemed.token_type, "bearer");
    assert.equal(redeemed.expires_in, 3600);
    const assertion = redeemed.identity_assertion as string;

    // The assertion verifies against the published keys, as any relying party would check it.
    const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
    const { payload, protectedHeader } = await jwtVerify(assertion, jwks, {
      issuer: as.issuer,
      typ: "oauth-id-jag+jwt",
      currentDate: env.clock.now(),
    });
    assert.equal(protectedHeader.alg, "EdDSA");
    assert.match(String(payload.sub), /^con_/);
    assert.equal(typeof payload.jti, "string");

    const renewed = await oauth.processGenericTokenEndpointResponse(
      as,
      client,
      await oauth.genericTokenEndpointRequest(
        as,
        client,
        oauth.None(),
        JWT_BEARER,
        { assertion, resource: resource.href },
        insecure,
      ),
    );
    assert.equal(renewed.scope, "workspace.read workspace.write");
    assert.equal(renewed.refresh_token, undefined, "no refresh token");
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), renewed.access_token, insecure),
    );
    const after = await fetch(`${base}/v1/workspace`, {
      headers: { authorization: `Bearer ${renewed.access_token}` },
    });
    assert.equal(after.status, 401);

    // A refused renewal reads as an OAuth error to the strict client.
    await assert.rejects(
      oauth.processGenericTokenEndpointResponse(
        as,
        client,
        await oauth.genericTokenEndpointRequest(
          as,
          client,
          oauth.None(),
          JWT_BEARER,
          { assertion, resource: `${base}/v1` },
          insecure,
        ),
      ),
      (e: unknown) => e instanceof oauth.ResponseBodyError && e.error === "invalid_target",
    );
  });

  test("registration off: no agent_auth block and neither agent grant", async (t) => {
    const env = await agentSetup(t);
    await env.core.switches.set("agent_registration", false);
    for (const path of [
      "/.well-known/oauth-authorization-server/api/auth",
      "/api/auth/.well-known/oauth-authorization-server",
    ]) {
      const meta = await get(env.app, path);
      assert.equal(meta.status, 200);
      assert.equal(meta.body.agent_auth, undefined);
      assert.deepEqual(meta.body.grant_types_supported, ["authorization_code", "refresh_token"]);
      assert.equal(meta.body.issuer, "https://docket.test/api/auth");
    }
    await env.core.switches.set("browser_oauth", false);
    await env.core.switches.set("agent_registration", true);
    const meta = await get(env.app, "/.well-known/oauth-authorization-server/api/auth");
    assert.deepEqual(meta.body.grant_types_supported, [CLAIM, JWT_BEARER]);
  });

  test("the published key set is the public part of the one key in signing_keys", async (t) => {
    const env = await agentSetup(t);
    const first = await get(env.app, "/api/auth/jwks");
    assert.equal(first.status, 200);
    assert.match(String(first.headers["content-type"]), /^application\/jwk-set\+json/);
    assert.equal(first.body.keys.length, 1);
    const key = first.body.keys[0];
    assert.equal(key.kty, "OKP");
    assert.equal(key.crv, "Ed25519");
    assert.equal(key.use, "sig");
    assert.equal(key.d, undefined, "no private part");
    const rows = await env.core.db.selectFrom("signing_keys").selectAll().execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.kid, key.kid);
  });
});
