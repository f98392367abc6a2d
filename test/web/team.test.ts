/**
 * Getting a team in, in the browser: the Owner invites by email from the Members page (mail through a
 * real SMTP peer), the invitee signs up from the link and lands in the workspace, connects an agent, and
 * removing them ends the agent's access at once. The Profile changes the person's name and initials.
 * Screenshots of Members and Profile at 1440 and 390 px wide.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { addMember } from "../../src/auth/workspaces.ts";
import { addPerson, appEnv, assertNoErrors, launch, shot, signedIn, watch } from "./support.ts";

/** The text of a mail's body, quoted-printable decoded. */
function mailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function signInByMail(
  page: Page,
  smtp: { next(n: number): Promise<{ raw: string }> },
  n: number,
  email: string,
) {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.waitForURL(/\/sign-in\/code$/);
  const mail = await smtp.next(n);
  const code = /Subject: (\d{6}) is your Docket sign-in code/.exec(mail.raw)?.[1];
  assert.ok(code, mail.raw);
  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("the Owner invites by email; the invitee signs up from the link, lands in the workspace; removing them ends their agent", async (t) => {
  const env = await appEnv(t);
  await addPerson(env.core, "bob@example.com", "Bob Stone");
  await addMember(env.core, { workspace: "acme", email: "bob@example.com", role: "admin" });
  const browser = await launch(t);

  // Ada invites Grace from the Members page
  const ada = await signedIn(browser, env);
  await ada.page.setViewportSize({ width: 1440, height: 900 });
  await ada.page.goto(`${env.baseUrl}/acme/issues`);
  await ada.page.getByRole("navigation", { name: "Docket" }).getByRole("link", { name: "Members" }).click();
  await ada.page.waitForURL(/\/acme\/settings\/members$/);
  await ada.page.getByRole("heading", { name: "Members", level: 1 }).waitFor();
  await ada.page.getByLabel("Email", { exact: true }).fill("grace@example.com");
  await ada.page.getByRole("button", { name: "Invite", exact: true }).click();
  await ada.page.getByRole("button", { name: "Revoke the invitation of grace@example.com" }).waitFor();

  const invitation = mailText((await env.smtp.next(1)).raw);
  assert.match(invitation, /Subject: Ada Lovelace invited you to Acme on Docket/);
  const link = /(http:\/\/\S+\/invite\?token=docket_inv_[A-Za-z0-9_-]+)/.exec(invitation)?.[1];
  assert.ok(link, invitation);
  await shot(ada.page, "members-1440");

  // Grace opens the link in a browser of her own, signs up, accepts the Terms and joins
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(link);
  await page.getByText("Ada Lovelace invited you to join Acme on Docket as a member.").waitFor();
  await shot(page, "invite-page-1440");
  await page.getByRole("link", { name: "Sign in to accept" }).click();
  await page.getByLabel("Email address").waitFor();
  await shot(page, "sign-in-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "sign-in-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByMail(page, env.smtp, 2, "grace@example.com");
  await page.getByLabel(/I accept the Terms of Service/).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Join Acme" }).click();
  await page.waitForURL(/\/acme\/issues$/);
  await page.getByRole("navigation", { name: "Docket" }).waitFor();
  assert.deepEqual(
    (await env.rest("GET", "/members?q=grace")).body.data.map((m: { role: string }) => m.role),
    ["member"],
  );

  // Grace connects an agent to Acme (the registration flow, approved on the claim page)
  const registered = await fetch(`${env.baseUrl}/api/agent-auth/identity`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "service_auth", login_hint: "grace@example.com", client_name: "grace-bot" }),
  }).then(
    (r) =>
      r.json() as Promise<{ claim_token: string; claim: { verification_uri: string; user_code: string } }>,
  );
  await page.goto(registered.claim.verification_uri);
  await page.getByLabel("Code the agent shows you").fill(registered.claim.user_code);
  await page.getByRole("radio", { name: /^Acme/ }).check();
  await page.getByRole("radio", { name: /^Read and write/ }).check();
  await shot(page, "claim-1440");
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByText(/^Approved\./).waitFor();
  await page.goto(`${env.baseUrl}/settings`);
  await page.getByRole("heading", { name: "Agents and apps" }).waitFor();
  await shot(page, "settings-1440");
  const redeemed = await fetch(`${env.baseUrl}/api/auth/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "urn:docket:agent-auth:grant-type:claim",
      claim_token: registered.claim_token,
    }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const asAgent = () =>
    fetch(`${env.baseUrl}/v1/workspace`, { headers: { authorization: `Bearer ${redeemed.access_token}` } });
  assert.equal((await asAgent()).status, 200);
  assertNoErrors(errors);

  // Ada removes Grace: the agent's access ends at once
  await ada.page.reload();
  await ada.page.getByRole("button", { name: "Remove grace", exact: true }).click();
  await ada.page.getByText(/Their agent connections to this workspace end at once/).waitFor();
  await ada.page.getByRole("button", { name: "Remove grace", exact: true }).click();
  await ada.page.getByText("Removed grace from the workspace").waitFor();
  assert.equal((await asAgent()).status, 401);
  assert.equal((await env.rest("GET", "/members?q=grace")).body.data.length, 0);

  // roles: Bob becomes a member
  await ada.page.getByLabel("Role of Bob Stone").selectOption("member");
  await ada.page.getByText("Bob Stone is now a member").waitFor();
  assertNoErrors(ada.errors);
  await context.close();
});

test("Members and Profile at 1440 and 390 px; the Profile renames, and the initials follow", async (t) => {
  const env = await appEnv(t);
  await addPerson(env.core, "bob@example.com", "Bob Stone");
  await addMember(env.core, { workspace: "acme", email: "bob@example.com", role: "admin" });
  await addPerson(env.core, "cy@example.com", "Cy Twombly");
  await addMember(env.core, { workspace: "acme", email: "cy@example.com" });
  await env.rest("POST", "/invitations", { email: "dee@example.com", role: "admin" });
  await env.rest("PATCH", "/workspace", { allowed_domains: ["example.com"] });
  const browser = await launch(t);
  const ada = await signedIn(browser, env);
  const { page } = ada;

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/settings/profile`);
  await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
  await page.getByLabel("Name").fill("Ada King");
  await page.getByRole("button", { name: "Save name" }).click();
  await page.getByText("Name saved").waitFor();
  await page.getByRole("heading", { name: "Ada King" }).waitFor();
  assert.equal(await page.locator(".team-avatar-large").textContent(), "AK");
  assert.equal((await env.rest("GET", "/me")).body.person.name, "Ada King");
  await page.getByRole("button", { name: "Account: Ada King" }).waitFor();
  assert.equal(
    await page.getByRole("button", { name: "Account: Ada King" }).locator(".avatar").textContent(),
    "AK",
  );
  await page.getByLabel("Email about your inbox").waitFor();
  await shot(page, "profile-1440");

  await page.goto(`${env.baseUrl}/acme/settings/members`);
  await page.getByRole("button", { name: "Revoke the invitation of dee@example.com" }).waitFor();
  // the workspace's settings arrive apart from its invitations: the field is filled once they have
  const domains = page.getByLabel("Email domains");
  await page.waitForFunction(
    `document.querySelector('input[placeholder="example.com, example.org"]')?.value === "example.com"`,
  );
  assert.equal(await domains.inputValue(), "example.com");
  await page.getByLabel("New Owner").waitFor();
  await shot(page, "members-full-1440");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole("button", { name: "Revoke the invitation of dee@example.com" }).waitFor();
  const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - window.innerWidth");
  assert.ok(overflow <= 0, `the Members page fits 390 px (${overflow} px too wide)`);
  await shot(page, "members-390");
  await page.goto(`${env.baseUrl}/acme/settings/profile`);
  await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
  await shot(page, "profile-390");

  // dark, and as a plain member (reads only)
  const dark = await signedIn(browser, env, env.ada.id, { colorScheme: "dark" });
  await dark.page.setViewportSize({ width: 1440, height: 900 });
  await dark.page.goto(`${env.baseUrl}/acme/settings/members`);
  await dark.page.getByRole("button", { name: "Revoke the invitation of dee@example.com" }).waitFor();
  await shot(dark.page, "members-dark-1440");
  const cyId = (await env.rest("GET", "/members?q=cy")).body.data[0].person_id;
  const cy = await signedIn(browser, env, cyId);
  await cy.page.setViewportSize({ width: 1440, height: 900 });
  await cy.page.goto(`${env.baseUrl}/acme/settings/members`);
  await cy.page.getByText("Only the workspace's Owner and admins invite people and change roles.").waitFor();
  assert.equal(await cy.page.getByRole("button", { name: /^Remove / }).count(), 0);
  assert.equal(await cy.page.getByLabel("Email", { exact: true }).count(), 0);
  await shot(cy.page, "members-as-member-1440");
  await cy.page.getByRole("button", { name: "Leave Acme…" }).click();
  await cy.page.getByRole("button", { name: "Leave Acme", exact: true }).click();
  await cy.page.getByRole("heading", { name: "No workspace yet" }).waitFor();
  assert.equal((await env.rest("GET", "/members?q=cy")).body.data.length, 0);
  assertNoErrors(cy.errors);

  // revoking from the page
  await page.goto(`${env.baseUrl}/acme/settings/members`);
  await page.getByRole("button", { name: "Revoke the invitation of dee@example.com" }).click();
  await page.getByText("No invitation is waiting.").waitFor();
  assertNoErrors(ada.errors);
});
