import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { acceptTerms } from "../../../src/auth/web/terms.ts";
import { poll, registerAgent, renew } from "../../auth/agent-support.ts";
import { bearer, seed } from "../../support.ts";
import { csrfOf, signIn, web } from "./web.ts";

/** The whole registration flow through its real endpoints and the person's real pages. */
describe("agent registration with the person's pages", () => {
  test("register, sign in from verification_uri, type the code, approve, redeem, use; revoke in settings ends it", async (t) => {
    const w = await web(t);
    const seeded = await seed(w.core);
    await acceptTerms(w.core, seeded.personId);
    const reg = await registerAgent(w.app, "Ada@Example.com", { clientName: "Helper" });
    assert.equal(reg.status, 200, reg.text);
    const uri = new URL(reg.body.claim.verification_uri);
    assert.equal(`${uri.origin}`, new URL(w.core.config.baseUrl).origin);
    assert.equal((await poll(w.app, reg.body.claim_token)).body.error, "authorization_pending");

    const path = `${uri.pathname}${uri.search}`;
    const { client, answer } = await signIn(w, "ada@example.com", path);
    assert.equal(answer.location, path);
    const page = await client.get(path);
    assert.match(page.body, /The agent calls itself <strong>“Helper”<\/strong>/);
    const approved = await client.post("/claim", {
      csrf: csrfOf(page.body),
      claim_attempt_token: uri.searchParams.get("claim_attempt_token")!,
      code: reg.body.claim.user_code,
      workspace: seeded.workspaceId,
      access: "read-write",
      decision: "approve",
    });
    assert.equal(approved.status, 200, approved.body);

    w.env.clock.advance(reg.body.claim.interval * 1000);
    const redeemed = await poll(w.app, reg.body.claim_token);
    assert.equal(redeemed.status, 200, redeemed.text);
    assert.equal(redeemed.body.scope, "workspace.read workspace.write");
    const token = redeemed.body.access_token as string;
    const v1 = () => w.app.inject({ method: "GET", url: "/v1/issues", headers: bearer(token) });
    assert.equal((await v1()).statusCode, 200);
    const renewed = await renew(w.app, redeemed.body.identity_assertion, {
      resource: `${w.core.config.baseUrl}/api/mcp`,
    });
    assert.equal(renewed.status, 200, renewed.text);

    const settings = await client.get("/settings");
    assert.match(settings.body, /made through the registration flow/);
    const connectionId = /\/settings\/connections\/([^/]+)\/revoke/.exec(settings.body)![1]!;
    const revoked = await client.post(`/settings/connections/${connectionId}/revoke`, {
      csrf: csrfOf(settings.body),
    });
    assert.equal(revoked.status, 200);
    assert.equal((await v1()).statusCode, 401);
    const refused = await renew(w.app, redeemed.body.identity_assertion, {
      resource: `${w.core.config.baseUrl}/api/mcp`,
    });
    assert.deepEqual(refused.body, { error: "invalid_grant" });
  });

  test("denied on the page: the agent's poll gets access_denied", async (t) => {
    const w = await web(t);
    await seed(w.core);
    const reg = await registerAgent(w.app, "ada@example.com");
    const uri = new URL(reg.body.claim.verification_uri);
    const path = `${uri.pathname}${uri.search}`;
    const { client } = await signIn(w, "ada@example.com", path);
    const page = await client.get(path);
    const denied = await client.post("/claim", {
      csrf: csrfOf(page.body),
      claim_attempt_token: uri.searchParams.get("claim_attempt_token")!,
      decision: "deny",
    });
    assert.equal(denied.status, 200);
    w.env.clock.advance(reg.body.claim.interval * 1000);
    assert.equal((await poll(w.app, reg.body.claim_token)).body.error, "access_denied");
  });
});
