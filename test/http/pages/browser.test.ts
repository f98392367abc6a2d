import assert from "node:assert/strict";
import { createServer as createNetServer } from "node:net";
import { test } from "node:test";
import { chromium } from "playwright-core";
import { createPerson } from "../../../src/auth/people.ts";
import { createWorkspace } from "../../../src/auth/workspaces.ts";
import { buildApp } from "../../../src/http/app.ts";
import { createLogger } from "../../../src/http/logger.ts";
import { checkedFetch } from "../../contract.ts";
import { startSmtp } from "../../smtp.ts";
import { setup } from "../../support.ts";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const CLAIM = "urn:docket:agent-auth:grant-type:claim";
const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/** What an agent sends: JSON to the registration endpoint, forms to the token and revocation endpoints. */
function agentClient(baseUrl: string) {
  const form = async (path: string, params: Record<string, string>) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params).toString(),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    async register(loginHint: string, clientName: string) {
      const res = await fetch(`${baseUrl}/api/agent-auth/identity`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "service_auth", login_hint: loginHint, client_name: clientName }),
      });
      assert.equal(res.status, 200);
      // biome-ignore lint/suspicious/noExplicitAny: the registration answer, checked field by field below
      return (await res.json()) as any;
    },
    poll: (claimToken: string) =>
      form("/api/auth/oauth2/token", { grant_type: CLAIM, claim_token: claimToken }),
    renew: (assertion: string) =>
      form("/api/auth/oauth2/token", {
        grant_type: JWT_BEARER,
        assertion,
        resource: `${baseUrl}/api/mcp`,
      }),
    revoke: (token: string) => form("/api/auth/oauth2/revoke", { token }),
    async workspace(accessToken: string) {
      const res = await checkedFetch(`${baseUrl}/v1/workspace`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return { status: res.status, body: (await res.json()) as { name?: string } };
    },
  };
}

test("end to end: an agent registers, its person signs in with a mailed code in a browser and approves, the agent redeems, uses, renews and revokes; the person revokes in settings", async (t) => {
  const smtp = await startSmtp(t);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { core, clock } = await setup(t, { BASE_URL: baseUrl, SMTP_URL: smtp.url });
  await createPerson(core, { email: "ada@example.com", name: "Ada" });
  const ws = await createWorkspace(core, {
    name: "Acme",
    slug: "acme",
    owner_email: "ada@example.com",
    space_prefix: "ENG",
  });
  await createWorkspace(core, {
    name: "Side project",
    slug: "side",
    owner_email: "ada@example.com",
    space_prefix: "SIDE",
  });

  const app = buildApp(core, { logger: createLogger("silent") });
  await app.listen({ port, host: "127.0.0.1" });
  t.after(() => app.close());

  // The agent registers on the person's behalf and shows them the link and the code.
  const agent = agentClient(baseUrl);
  const registered = await agent.register("  Ada@Example.com ", "Ada's helper");
  const reg = {
    registrationId: registered.registration_id as string,
    claimToken: registered.claim_token as string,
    verificationUri: registered.claim.verification_uri as string,
    userCode: registered.claim.user_code as string,
    interval: registered.claim.interval as number,
  };
  assert.match(reg.userCode, /^\d{6}$/);
  assert.equal((await agent.poll(reg.claimToken)).body.error, "authorization_pending");
  assert.equal(smtp.inbox.length, 0, "registering sends no email");

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  t.after(() => browser.close());
  // A phone-sized window: the pages must work there.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();

  /** Every visible form control on the page has a label the browser itself associates with it. */
  const assertLabelled = async () => {
    // Runs in the page; written as a string because this project's types have no DOM.
    const unlabelled = await page.evaluate(`Array.from(document.querySelectorAll("input, select, textarea"))
      .filter((el) => el.type !== "hidden")
      .filter((el) => !Array.from(el.labels ?? []).some((l) => l.textContent.trim() !== "") && !el.getAttribute("aria-label"))
      .map((el) => el.outerHTML)`);
    assert.deepEqual(unlabelled, [], `unlabelled controls on ${page.url()}`);
  };

  // The verification_uri sends an anonymous browser to sign in first.
  await page.goto(reg.verificationUri);
  assert.match(page.url(), /\/sign-in\?return_to=%2Fclaim%3Fclaim_attempt_token%3D/);
  await assertLabelled();
  await page.getByLabel("Email address").fill("ada@example.com");
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.waitForURL(/\/sign-in\/code$/);
  await assertLabelled();

  const mail = await smtp.next(1);
  assert.deepEqual(mail.to, ["ada@example.com"]);
  const code = /Subject: (\d{6}) is your Docket sign-in code/.exec(mail.raw)?.[1];
  assert.ok(code, mail.raw);
  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();

  // Back on the claim page, signed in.
  await page.waitForURL(/\/claim\?claim_attempt_token=/);
  await assertLabelled();
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "docket_session")!;
  assert.equal(session.httpOnly, true);
  assert.equal(session.sameSite, "Lax");
  const text = (await page.locator("main").textContent()) ?? "";
  assert.match(text, /The agent calls itself “Ada's helper”/);
  assert.match(text, /Docket has not verified it/);

  // A wrong code first: the page says so and keeps the form.
  const wrong = reg.userCode === "000000" ? "111111" : "000000";
  await page.getByLabel("Code the agent shows you").fill(wrong);
  await page.getByRole("radio", { name: /^Acme/ }).check();
  await page.getByRole("radio", { name: /^Read and write/ }).check();
  await page.getByRole("checkbox", { name: /I accept the/ }).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("alert").waitFor();
  assert.match((await page.getByRole("alert").textContent()) ?? "", /4 tries left/);
  await assertLabelled();

  await page.getByLabel("Code the agent shows you").fill(reg.userCode);
  await page.getByRole("radio", { name: /^Acme/ }).check();
  await page.getByRole("radio", { name: /^Read and write/ }).check();
  await page.getByRole("checkbox", { name: /I accept the/ }).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByText(/^Approved\./).waitFor();

  const registration = await core.db
    .selectFrom("agent_registrations")
    .selectAll()
    .where("id", "=", reg.registrationId)
    .executeTakeFirstOrThrow();
  assert.equal(registration.status, "approved");
  assert.equal(registration.workspace_id, ws.id);
  assert.equal(registration.scopes, "workspace.read workspace.write");
  const connection = await core.db
    .selectFrom("connections")
    .selectAll()
    .where("id", "=", registration.connection_id!)
    .executeTakeFirstOrThrow();
  assert.equal(connection.kind, "agent");
  assert.equal(connection.name, "Ada's helper");
  assert.equal(connection.registration_id, reg.registrationId);
  assert.equal(connection.assertion_expires_at, registration.expires_at);
  const ada = await core.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
  assert.ok(ada.terms_version);

  // The agent, polling at its interval, redeems: an access token and an identity assertion.
  clock.advance(reg.interval * 1000);
  const redeemed = await agent.poll(reg.claimToken);
  assert.equal(redeemed.status, 200, JSON.stringify(redeemed.body));
  assert.equal(redeemed.body.token_type, "Bearer");
  assert.equal(redeemed.body.expires_in, 3600);
  assert.equal(redeemed.body.scope, "workspace.read workspace.write");
  const assertion = redeemed.body.identity_assertion as string;
  const identity = await agent.workspace(redeemed.body.access_token);
  assert.equal(identity.status, 200);
  assert.equal(identity.body.name, "Acme");
  // Renewal with the assertion; revoking one access token leaves the assertion renewing.
  const renewed = await agent.renew(assertion);
  assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
  assert.deepEqual(Object.keys(renewed.body).sort(), ["access_token", "expires_in", "scope", "token_type"]);
  assert.equal((await agent.revoke(renewed.body.access_token)).status, 200);
  assert.equal((await agent.workspace(renewed.body.access_token)).status, 401);
  const again = await agent.renew(assertion);
  assert.equal(again.status, 200);
  assert.equal((await agent.workspace(again.body.access_token)).status, 200);

  // Settings: the connection is listed with the registration-flow mark, and Revoke ends it.
  await page.getByRole("link", { name: "Settings" }).first().click();
  await page.waitForURL(/\/settings$/);
  await assertLabelled();
  const item = page.locator("li", { hasText: "Ada's helper" });
  assert.match((await item.textContent()) ?? "", /made through the registration flow/);
  assert.match((await item.textContent()) ?? "", /read and write/);
  await item.getByRole("button", { name: /Revoke/ }).click();
  await page.getByText("Revoked. It no longer has access.").waitFor();
  // The agent's access token stops at once, and its assertion no longer renews.
  assert.equal((await agent.workspace(again.body.access_token)).status, 401);
  assert.deepEqual(await agent.renew(assertion), { status: 400, body: { error: "invalid_grant" } });
  const revoked = await core.db
    .selectFrom("connections")
    .selectAll()
    .where("id", "=", connection.id)
    .executeTakeFirstOrThrow();
  assert.ok(revoked.revoked_at);
  assert.equal(
    (
      await core.db
        .selectFrom("agent_registrations")
        .select("status")
        .where("id", "=", reg.registrationId)
        .executeTakeFirstOrThrow()
    ).status,
    "revoked",
  );

  // A personal access token, made and shown once.
  await page.getByLabel("Token name").fill("Laptop");
  await page.getByLabel("Workspace").selectOption("side");
  await page.getByRole("radio", { name: "Read only" }).check();
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.locator("#new-token").textContent()) ?? "";
  assert.match(token, /^docket_pat_/);
  await assertLabelled();

  // Sign out: the signed-in session ends; the sign-in page starts an anonymous one.
  const signedIn = (await context.cookies()).find((c) => c.name === "docket_session")!.value;
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/sign-in$/);
  assert.notEqual((await context.cookies()).find((c) => c.name === "docket_session")?.value, signedIn);
  await page.goto(`${baseUrl}/settings`);
  assert.match(page.url(), /\/sign-in\?return_to=%2Fsettings$/);
});
