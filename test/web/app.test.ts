/**
 * The web app as a person meets it: signing in with a mailed code from `/`, the shell (sidebar, palette,
 * shortcuts), switching workspace, another workspace never shown, the Agents view with Revoke, and the
 * page's Content-Security-Policy holding (no inline script, no violation reported).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { addMember } from "../../src/auth/workspaces.ts";
import { addPerson, appEnv, assertNoErrors, connectAgent, launch, shot, signedIn, watch } from "./support.ts";

test("a person signs in from / with a mailed code and lands in the app; the shell, palette and shortcut list work", async (t) => {
  const env = await appEnv(t);
  const browser = await launch(t);
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
  const page = await context.newPage();
  const errors = watch(page);

  const answer = await page.goto(`${env.baseUrl}/`);
  assert.ok(answer);
  assert.match(page.url(), /\/sign-in\?return_to=%2F$/);
  await page.getByLabel("Email address").fill("ada@example.com");
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.waitForURL(/\/sign-in\/code$/);
  const mail = await env.smtp.next(1);
  const code = /Subject: (\d{6}) is your Docket sign-in code/.exec(mail.raw)?.[1];
  assert.ok(code, mail.raw);
  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();

  // back at /, which sends the person to their workspace's issues
  await page.waitForURL(/\/acme\/issues$/);
  // from here on the app alone: nothing it does may fail
  errors.length = 0;
  const nav = page.getByRole("navigation", { name: "Docket" });
  await nav.getByRole("link", { name: "Issues" }).waitFor();
  for (const name of [
    "My work",
    "Ready work",
    "Board",
    "Cycles",
    "Milestones",
    "Decisions",
    "Notes",
    "Search",
    "Agents",
  ]) {
    assert.equal(await nav.getByRole("link", { name }).count(), 1, `the sidebar links to ${name}`);
  }
  await nav.getByRole("link", { name: /ENG\s+Engineering/ }).waitFor();
  await shot(page, "shell");

  // the page is served with a strict policy and holds no inline script
  const served = await fetch(`${env.baseUrl}/acme/issues`, {
    headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  assert.equal(served.status, 200);
  const csp = served.headers.get("content-security-policy") ?? "";
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
  assert.equal(served.headers.get("cache-control"), "no-cache");
  const html = await served.text();
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, "no inline <script> in the page");

  // `?` lists the shortcuts; Escape closes it
  await page.locator("body").press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await help.waitFor();
  const helpText = (await help.textContent()) ?? "";
  for (const label of ["New issue", "Command palette", "Go to Issues", "Go to Board"])
    assert.match(helpText, new RegExp(label));
  await shot(page, "shortcuts");
  await page.keyboard.press("Escape");
  await help.waitFor({ state: "detached" });

  // g then b goes to the board; the palette finds commands and issues
  await page.locator("body").press("g");
  await page.locator("body").press("b");
  await page.waitForURL(/\/acme\/board$/);
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.waitFor();
  await shot(page, "palette");
  await palette.getByRole("combobox").fill("go agents");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/acme\/agents$/);
  assertNoErrors(errors);
});

test("switching workspace shows that workspace's objects only; another workspace's address is not found", async (t) => {
  const env = await appEnv(t);
  // Grace belongs to acme only; "side" is Ada's alone
  const grace = await addPerson(env.core, "grace@example.com", "Grace Hopper");
  await addMember(env.core, { workspace: "acme", email: "grace@example.com", role: "member" });
  const sideIssue = await env.rest(
    "POST",
    "/issues",
    { space: "SIDE", title: "Side secret plan" },
    { "docket-workspace": "side" },
  );
  assert.equal(sideIssue.status, 404, "Ada's acme token cannot reach side");

  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issues`);
  await page.getByRole("button", { name: /Switch workspace/ }).click();
  await page.getByRole("menuitem", { name: /Side project/ }).click();
  await page.waitForURL(/\/side\/issues$/);
  await page.getByRole("navigation", { name: "Docket" }).getByRole("link", { name: /SIDE/ }).waitFor();

  // Grace, signed in, asks for Ada's other workspace by its address: not found, nothing of it shown
  const graceView = await signedIn(browser, env, grace);
  await graceView.page.goto(`${env.baseUrl}/side/issues`);
  await graceView.page.getByRole("heading", { name: "Workspace not found" }).waitFor();
  assert.doesNotMatch((await graceView.page.locator("body").textContent()) ?? "", /Side project|SIDE/);
  await shot(graceView.page, "workspace-not-found");
  assertNoErrors(errors);
});

test("the Agents view: an agent approved in the browser shows what it claimed and did; the approver revokes it, another member cannot", async (t) => {
  const env = await appEnv(t);
  const grace = await addPerson(env.core, "grace@example.com", "Grace Hopper");
  await addMember(env.core, { workspace: "acme", email: "grace@example.com", role: "member" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);

  // the agent registers for Ada; Ada approves it on the claim page, signed in already
  const asAgent = await connectAgent(env, page, "Claude");
  const created = await asAgent("POST", "/issues", { space: "ENG", title: "Migrate the billing tables" });
  assert.equal(created.status, 201);
  const issue = created.body as { id: string; identifier: string };
  assert.equal((await asAgent("POST", "/claims", { issue: issue.identifier })).status, 201);

  await page.goto(`${env.baseUrl}/acme/agents`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Claude" }) });
  await card.waitFor();
  await card.getByText("Read and write").waitFor();
  await card
    .getByRole("region", { name: "What Claude is working on" })
    .getByRole("link", { name: /ENG-1 Migrate the billing tables/ })
    .waitFor();
  await card
    .getByRole("region", { name: "Recent activity of Claude" })
    .getByText(/created ENG-1/)
    .waitFor();
  await shot(page, "agents");

  // Grace sees the agent, and who may revoke it, but no Revoke
  const graceView = await signedIn(browser, env, grace);
  await graceView.page.goto(`${env.baseUrl}/acme/agents`);
  const graceCard = graceView.page
    .getByRole("listitem")
    .filter({ has: graceView.page.getByRole("heading", { name: "Claude" }) });
  await graceCard.getByText("Only Ada Lovelace can revoke").waitFor();
  assert.equal(await graceCard.getByRole("button", { name: /Revoke/ }).count(), 0);

  // Ada revokes it: asked to confirm, then its access stops at once
  await card.getByRole("button", { name: "Revoke Claude" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke Claude?" });
  await confirm.waitFor();
  await shot(page, "agents-revoke");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await page.getByText(/Claude is revoked/).waitFor();
  assert.equal((await asAgent("GET", "/workspace")).status, 401);
  await page.locator("label", { hasText: /^All \(/ }).click();
  assert.equal(await page.getByRole("radio", { name: /All/ }).isChecked(), true);
  await card.locator(".badge", { hasText: /^Revoked$/ }).waitFor();
  await shot(page, "agents-revoked");
  assertNoErrors(errors);
  assertNoErrors(graceView.errors);
});

test("errors a person can act on: offline, maintenance (503) and going back to normal, without a reload", async (t) => {
  const env = await appEnv(t);
  const browser = await launch(t);
  const { context, page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/agents`);
  await page.getByRole("heading", { name: "Agents", exact: true }).waitFor();

  // the network goes: the banner says so, and goes when it is back
  await context.setOffline(true);
  await page
    .getByRole("alert")
    .filter({ hasText: /You are offline/ })
    .waitFor();
  await shot(page, "banner-offline");
  await context.setOffline(false);
  await page
    .getByRole("alert")
    .filter({ hasText: /You are offline/ })
    .waitFor({ state: "detached" });

  // maintenance: every /v1 answer is 503 with Retry-After; the banner says what the service says
  await env.core.switches.set("maintenance", true);
  await page.getByRole("button", { name: "New issue" }).first().click();
  await page.getByLabel("Title").fill("During maintenance");
  await page.keyboard.press("Control+Enter");
  await page
    .getByRole("alert")
    .filter({ hasText: /down for maintenance/ })
    .first()
    .waitFor();
  await shot(page, "banner-maintenance");
  // nothing typed is lost: the dialog keeps the title to try again
  assert.equal(await page.getByLabel("Title").inputValue(), "During maintenance");
  await env.core.switches.set("maintenance", false);
  await page.keyboard.press("Control+Enter");
  await page.getByText(/ENG-1 created: During maintenance/).waitFor();
  await page
    .getByRole("alert")
    .filter({ hasText: /down for maintenance/ })
    .waitFor({ state: "detached" });
  assertNoErrors(errors, [/status of 503/, /response: 503 /, /ERR_INTERNET_DISCONNECTED/]);
});
