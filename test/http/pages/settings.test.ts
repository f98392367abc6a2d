import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createConnection, issueAccessToken } from "../../../src/auth/connections.ts";
import { createPerson } from "../../../src/auth/people.ts";
import { mintPat } from "../../../src/auth/tokens.ts";
import { acceptTerms } from "../../../src/auth/web/terms.ts";
import { addMember } from "../../../src/auth/workspaces.ts";
import { createTestRegistration } from "../../auth/web/registrations.ts";
import { bearer, seed } from "../../support.ts";
import { assertLabelled, csrfOf, signIn, type Web, web } from "./web.ts";

async function ready(t: Parameters<typeof web>[0]) {
  const w = await web(t);
  const seeded = await seed(w.core);
  await acceptTerms(w.core, seeded.personId);
  const { client } = await signIn(w, "ada@example.com");
  return { w, ...seeded, client };
}

async function v1(w: Web, token: string) {
  return w.app.inject({ method: "GET", url: "/v1/issues", headers: bearer(token) });
}

describe("settings: personal access tokens", () => {
  test("a new token is shown once, works, is listed by its hint, and is revoked from the list", async (t) => {
    const { w, client } = await ready(t);
    const page = await client.get("/settings");
    const csrf = csrfOf(page.body);
    const made = await client.post("/settings/tokens", {
      csrf,
      name: "Laptop",
      workspace: "acme",
      access: "read",
      expires_in_days: "30",
    });
    assert.equal(made.status, 201);
    assert.equal(made.headers["cache-control"], "no-store");
    const token = /id="new-token">(docket_pat_[A-Za-z0-9]+)</.exec(made.body)?.[1];
    assert.ok(token, "the token is on the page");
    assertLabelled(made.body);
    const row = await w.core.db
      .selectFrom("personal_access_tokens")
      .selectAll()
      .where("name", "=", "Laptop")
      .executeTakeFirstOrThrow();
    assert.equal(row.scopes, "workspace.read");
    assert.equal(row.expires_at, new Date(w.env.clock.now().getTime() + 30 * 86_400_000).toISOString());
    assert.equal((await v1(w, token)).statusCode, 200);
    const write = await w.app.inject({
      method: "POST",
      url: "/v1/issues",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload: JSON.stringify({ title: "x", space: "ENG" }),
    });
    assert.equal(write.statusCode, 403);

    const again = await client.get("/settings");
    assert.ok(!again.body.includes(token), "shown only once");
    assert.ok(again.body.includes(`docket_pat_…${token.slice(-4)}`));
    const revoked = await client.post(`/settings/tokens/${row.id}/revoke`, { csrf });
    assert.equal(revoked.status, 200);
    assert.match(revoked.body, /Revoked the token Laptop/);
    assert.equal((await v1(w, token)).statusCode, 401);
  });

  test("no expiry, read and write; bad forms are refused and create nothing", async (t) => {
    const { w, client } = await ready(t);
    const csrf = csrfOf((await client.get("/settings")).body);
    const before = (await w.core.db.selectFrom("personal_access_tokens").selectAll().execute()).length;
    for (const [form, why] of [
      [{ name: "", workspace: "acme", access: "read", expires_in_days: "30" }, /name/],
      [{ name: "x", workspace: "acme", access: "read", expires_in_days: "12" }, /expires/],
      [{ name: "x", workspace: "nope", access: "read", expires_in_days: "30" }, /nope/],
    ] as const) {
      const res = await client.post("/settings/tokens", { csrf, ...form });
      assert.ok(res.status >= 400 && res.status < 500, `${res.status}`);
      assert.match(res.body, why);
      assert.match(res.body, /role="alert"/);
    }
    assert.equal((await w.core.db.selectFrom("personal_access_tokens").selectAll().execute()).length, before);
    const made = await client.post("/settings/tokens", {
      csrf,
      name: "Forever",
      workspace: "acme",
      access: "read-write",
      expires_in_days: "0",
    });
    assert.equal(made.status, 201);
    const row = await w.core.db
      .selectFrom("personal_access_tokens")
      .selectAll()
      .where("name", "=", "Forever")
      .executeTakeFirstOrThrow();
    assert.equal(row.expires_at, null);
    assert.equal(row.scopes, "workspace.read workspace.write");
  });

  test("a person sees and revokes only their own tokens", async (t) => {
    const { w, client } = await ready(t);
    await createPerson(w.core, { email: "bob@example.org" });
    await addMember(w.core, { workspace: "acme", email: "bob@example.org" });
    const bobs = await mintPat(w.core, {
      workspace: "acme",
      email: "bob@example.org",
      name: "Bob's secret token",
    });
    const page = await client.get("/settings");
    assert.doesNotMatch(page.body, /Bob&#39;s secret token/);
    const res = await client.post(`/settings/tokens/${bobs.details.id}/revoke`, { csrf: csrfOf(page.body) });
    assert.equal(res.status, 404);
    assert.equal((await v1(w, bobs.token)).statusCode, 200);
  });
});

describe("settings: connections", () => {
  test("agent connections carry the registration-flow mark; Revoke ends the connection, its tokens and its registration at once", async (t) => {
    const { w, client, workspaceId, personId } = await ready(t);
    const reg = await createTestRegistration(w.core, {
      loginHint: "ada@example.com",
      clientName: "Helper <b>",
    });
    const agent = await createConnection(w.core, {
      kind: "agent",
      workspaceId,
      personId,
      name: "Helper <b>",
      scopes: ["workspace.read", "workspace.write"],
      registrationId: reg.registrationId,
    });
    await w.core.db
      .updateTable("agent_registrations")
      .set({ status: "redeemed", connection_id: agent.id })
      .where("id", "=", reg.registrationId)
      .execute();
    await createConnection(w.core, {
      kind: "oauth",
      workspaceId,
      personId,
      name: "Editor",
      scopes: ["workspace.read"],
    });
    const { access_token } = await issueAccessToken(w.core, agent, {
      resource: `${w.core.config.baseUrl}/api/mcp`,
    });
    assert.equal((await v1(w, access_token)).statusCode, 200);

    const page = await client.get("/settings");
    assert.match(page.body, /Helper &#60;b&#62;/);
    assert.doesNotMatch(page.body, /Helper <b>/);
    const items = page.body.split("<li>").filter((s) => s.includes("(its own name, unverified)"));
    assert.equal(items.length, 2);
    assert.match(items.find((i) => i.includes("Helper"))!, /made through the registration flow/);
    assert.doesNotMatch(items.find((i) => i.includes("Editor"))!, /made through the registration flow/);

    const res = await client.post(`/settings/connections/${agent.id}/revoke`, { csrf: csrfOf(page.body) });
    assert.equal(res.status, 200);
    assert.match(res.body, /Revoked/);
    const c = await w.core.db
      .selectFrom("connections")
      .selectAll()
      .where("id", "=", agent.id)
      .executeTakeFirstOrThrow();
    assert.equal(c.revoked_at, w.env.clock.now().toISOString());
    const tokens = await w.core.db
      .selectFrom("access_tokens")
      .selectAll()
      .where("connection_id", "=", agent.id)
      .execute();
    assert.ok(tokens.every((tk) => tk.revoked_at !== null));
    assert.equal(
      (await w.core.db.selectFrom("agent_registrations").select("status").executeTakeFirstOrThrow()).status,
      "revoked",
    );
    assert.equal((await v1(w, access_token)).statusCode, 401);
  });

  test("a person cannot revoke someone else's connection", async (t) => {
    const { w, client, workspaceId } = await ready(t);
    const bob = await createPerson(w.core, { email: "bob@example.org" });
    await addMember(w.core, { workspace: "acme", email: "bob@example.org" });
    const bobs = await createConnection(w.core, {
      kind: "agent",
      workspaceId,
      personId: bob.id,
      name: "Bob's agent",
      scopes: ["workspace.read"],
    });
    const page = await client.get("/settings");
    assert.doesNotMatch(page.body, /Bob&#39;s agent/);
    const res = await client.post(`/settings/connections/${bobs.id}/revoke`, { csrf: csrfOf(page.body) });
    assert.equal(res.status, 404);
    const c = await w.core.db
      .selectFrom("connections")
      .selectAll()
      .where("id", "=", bobs.id)
      .executeTakeFirstOrThrow();
    assert.equal(c.revoked_at, null);
  });

  test("settings need a signed-in person who accepted the Terms", async (t) => {
    const w = await web(t);
    const anonymous = await w.client().get("/settings");
    assert.equal(anonymous.location, "/sign-in?return_to=%2Fsettings");
    const { client } = await signIn(w, "new@example.com");
    const res = await client.get("/settings");
    assert.equal(res.location, "/welcome?return_to=%2Fsettings");
    const welcome = await client.get(res.location!);
    const csrf = csrfOf(welcome.body);
    const refused = await client.post("/welcome", { csrf, return_to: "/settings" });
    assert.equal(refused.status, 400);
    const ok = await client.post("/welcome", { csrf, return_to: "/settings", accept_terms: "yes" });
    assert.equal(ok.location, "/settings");
    const page = await client.get("/settings");
    assert.equal(page.status, 200);
    assert.match(page.body, /not a member of any workspace/);
  });
});

describe("claim page over HTTP", () => {
  test("approve with code, workspace and access; the rows follow the contract", async (t) => {
    const { w, client, workspaceId, personId } = await ready(t);
    const reg = await createTestRegistration(w.core, { loginHint: "ada@example.com", clientName: "Helper" });
    const path = `/claim?claim_attempt_token=${reg.viewToken}`;
    const page = await client.get(path);
    assert.equal(page.status, 200);
    assert.match(page.body, /The agent calls itself <strong>“Helper”<\/strong>/);
    assert.match(page.body, /own name for itself; Docket has not verified it/);
    assertLabelled(page.body);
    const csrf = csrfOf(page.body);
    const wrongCode = reg.userCode === "000000" ? "111111" : "000000";
    const wrong = await client.post("/claim", {
      csrf,
      claim_attempt_token: reg.viewToken,
      code: wrongCode,
      workspace: workspaceId,
      access: "read",
      decision: "approve",
    });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body, /4 tries left/);
    assert.match(wrong.body, /value="read" checked/);
    const ok = await client.post("/claim", {
      csrf,
      claim_attempt_token: reg.viewToken,
      code: reg.userCode,
      workspace: workspaceId,
      access: "read",
      decision: "approve",
    });
    assert.equal(ok.status, 200);
    assert.match(ok.body, /Approved/);
    const r = await w.core.db.selectFrom("agent_registrations").selectAll().executeTakeFirstOrThrow();
    assert.equal(r.status, "approved");
    assert.equal(r.person_id, personId);
    assert.equal(r.scopes, "workspace.read");
    const again = await client.get(path);
    assert.match(again.body, /already approved/);
  });

  test("deny needs no code", async (t) => {
    const { w, client } = await ready(t);
    const reg = await createTestRegistration(w.core, { loginHint: "ada@example.com" });
    const page = await client.get(`/claim?claim_attempt_token=${reg.viewToken}`);
    const res = await client.post("/claim", {
      csrf: csrfOf(page.body),
      claim_attempt_token: reg.viewToken,
      decision: "deny",
    });
    assert.equal(res.status, 200);
    assert.match(res.body, /You denied this agent/);
    assert.equal(
      (await w.core.db.selectFrom("agent_registrations").select("status").executeTakeFirstOrThrow()).status,
      "denied",
    );
  });

  test("a full workspace is refused with the way out, and nothing changes", async (t) => {
    const { w, client, workspaceId } = await ready(t);
    await w.core.db.updateTable("workspaces").set({ agent_connection_limit: 0 }).execute();
    const reg = await createTestRegistration(w.core, { loginHint: "ada@example.com" });
    const page = await client.get(`/claim?claim_attempt_token=${reg.viewToken}`);
    assert.match(page.body, /0 of 0 agent connections used · full/);
    const res = await client.post("/claim", {
      csrf: csrfOf(page.body),
      claim_attempt_token: reg.viewToken,
      code: reg.userCode,
      workspace: workspaceId,
      access: "read-write",
      decision: "approve",
    });
    assert.equal(res.status, 409);
    assert.match(res.body, /Pick another workspace, or free a slot by revoking a connection in settings/);
    assert.equal(
      (await w.core.db.selectFrom("agent_registrations").select("status").executeTakeFirstOrThrow()).status,
      "pending",
    );
  });
});
