/**
 * Code hosts in the browser: an admin adds GitHub on the Integrations page, reads the webhook URL and the
 * secret (once, with Copy), sees GitHub's deliveries arrive with their outcome and removes it; a member is
 * told only admins connect code hosts. On an open issue page, a pull request's state changes live as
 * GitHub's signed webhooks arrive (opened, approved, merged), and Copy branch name's shortcut is listed
 * under `?`. At 1440×900 and at 390×844; the screenshots are kept and looked at.
 */
import assert from "node:assert/strict";
import { createHmac, randomUUID } from "node:crypto";
import { test } from "node:test";
import { addMember } from "../../src/auth/workspaces.ts";
import { type AppEnv, addPerson, appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

/** Sends a GitHub webhook as GitHub does: the raw body signed with HMAC-SHA256 of the secret. */
async function github(env: AppEnv, id: string, secret: string, event: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const res = await fetch(`${env.baseUrl}/api/integrations/${id}/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "GitHub-Hookshot/044aadd",
      "x-github-event": event,
      "x-github-delivery": randomUUID(),
      "x-github-hook-id": "292430182",
      "x-hub-signature-256": signature,
    },
    body,
  });
  const text = await res.text();
  assert.ok(res.status < 300, `${event}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const repository = {
  id: 1296269,
  name: "web",
  full_name: "acme/web",
  html_url: "https://github.com/acme/web",
  default_branch: "main",
  owner: { login: "acme" },
};
const octocat = { login: "octocat", id: 1, type: "User" };

/** A pull_request object as GitHub's "pull_request" and "pull_request_review" payloads carry it. */
function pullRequest(identifier: string, over: Record<string, unknown> = {}) {
  return {
    url: "https://api.github.com/repos/acme/web/pulls/12",
    html_url: "https://github.com/acme/web/pull/12",
    number: 12,
    state: "open",
    draft: false,
    merged: false,
    title: "Fix the login redirect after the session expires",
    body: `The redirect keeps the page asked for.\n\nFixes ${identifier}`,
    user: octocat,
    head: {
      ref: `${identifier.toLowerCase()}-fix-login-redirect`,
      sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
    },
    base: { ref: "main", sha: "9049f1265b7d61be4a8904a9a27120d2064dab3b" },
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    updated_at: new Date().toISOString(),
    closed_at: null,
    merged_at: null,
    ...over,
  };
}

test("the Integrations page: add GitHub, the webhook URL and the secret once, deliveries with their outcome, remove", async (t) => {
  const env = await appEnv(t);
  const issue = (await env.rest("POST", "/issues", { title: "Fix login redirect" })).body;
  const browser = await launch(t);
  const { context, page, errors } = await signedIn(browser, env);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/issues`);
  // found in the workspace menu, beside Import
  await page.getByRole("button", { name: "Workspace: Acme. Switch workspace" }).click();
  await page.getByRole("menuitem", { name: "Integrations…" }).click();
  await page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor();
  assert.equal(new URL(page.url()).pathname, "/acme/settings/integrations");
  await page.getByText("No code host is connected yet.").waitFor();
  await shot(page, "integrations-empty-1440");

  await page.getByLabel("Repositories").fill("acme/web, acme/api");
  await page.getByRole("button", { name: "Add GitHub" }).click();
  const paste = page.getByRole("region", { name: "Paste these on GitHub" });
  await paste.waitFor();
  const list = (await env.rest("GET", "/integrations")).body.data;
  assert.equal(list.length, 1);
  const made = list[0];
  assert.deepEqual(made.repositories, ["acme/web", "acme/api"]);
  const url = `${env.baseUrl}/api/integrations/${made.id}/webhook`;
  const codes = await paste.locator("code").allTextContents();
  assert.equal(codes[0], url);
  const secret = codes[1]!;
  assert.match(secret, /^[0-9a-f]{64}$/);
  await paste.getByText("The secret is shown only now").waitFor();
  await paste.getByText("Settings → Webhooks → Add webhook").waitFor();
  await paste.getByRole("button", { name: "Copy the secret" }).click();
  await page.getByText("Secret copied").waitFor();
  assert.equal(await page.evaluate("navigator.clipboard.readText()"), secret);
  await paste.getByRole("button", { name: "Copy the webhook url" }).click();
  assert.equal(await page.evaluate("navigator.clipboard.readText()"), url);
  await shot(page, "integrations-paste-1440");

  // GitHub's ping when the webhook is saved, then a pull request naming the issue: both listed with their outcome
  const card = page.getByRole("article", { name: "GitHub" });
  await card.getByText("Nothing received yet.").waitFor();
  await github(env, made.id, secret, "ping", {
    zen: "Design for failure.",
    hook_id: 292430182,
    hook: { type: "Repository", events: ["pull_request", "push"], active: true },
    repository,
    sender: octocat,
  });
  await github(env, made.id, secret, "pull_request", {
    action: "opened",
    number: 12,
    pull_request: pullRequest(issue.identifier),
    repository,
    sender: octocat,
  });
  const deliveries = card.getByRole("list", { name: "Last deliveries of GitHub" });
  await deliveries.getByText("linked", { exact: true }).waitFor({ timeout: 15_000 });
  const rows = await deliveries.getByRole("listitem").allTextContents();
  assert.equal(rows.length, 2, rows.join("\n"));
  assert.match(rows[0]!, /^linked\s*pull_request · opened.*ENG-1/);
  assert.match(rows[1]!, /^\w+ping/);
  await paste.getByRole("button", { name: "Done" }).click();
  await paste.waitFor({ state: "detached" });
  assert.ok(!(await page.content()).includes(secret), "the secret is not shown again");
  await page.getByRole("button", { name: "Add GitHub" }).waitFor();
  await shot(page, "integrations-1440");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${env.baseUrl}/acme/settings/integrations`);
  await card.getByRole("list", { name: "Last deliveries of GitHub" }).waitFor();
  const overflow = await page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
  assert.ok(Number(overflow) <= 0, `the page is ${overflow}px wider than the phone`);
  await shot(page, "integrations-390");
  await page.getByRole("radio", { name: "GitLab" }).check();
  await page.getByRole("button", { name: "Add GitLab" }).click();
  const gitlab = page.getByRole("region", { name: "Paste these on GitLab" });
  await gitlab.getByText("Settings → Webhooks → Add new webhook").waitFor();
  await gitlab.getByText("Secret token").waitFor();
  await shot(page, "integrations-paste-390");
  await gitlab.getByRole("button", { name: "Done" }).click();

  // a lost secret: New secret makes another, shown once like the first
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole("button", { name: "New secret for GitHub" }).click();
  await card
    .getByRole("group", { name: "New secret for GitHub?" })
    .getByRole("button", { name: "Make a new secret" })
    .click();
  const again = page.getByRole("region", { name: "Paste these on GitHub" });
  await again.locator("code").nth(1).waitFor();
  const fresh = (await again.locator("code").allTextContents())[1]!;
  assert.match(fresh, /^[0-9a-f]{64}$/);
  assert.notEqual(fresh, secret);
  await shot(page, "integrations-new-secret-1440");
  await again.getByRole("button", { name: "Done" }).click();

  // Remove asks first, then the card goes
  await card.getByRole("button", { name: "Remove GitHub" }).click();
  const confirm = card.getByRole("group", { name: "Remove GitHub?" });
  await confirm.getByText("the links it made stay on their issues").waitFor();
  await confirm.getByRole("button", { name: "Remove GitHub" }).click();
  await page.getByText("GitHub removed: delete its webhook on GitHub too").waitFor();
  await card.waitFor({ state: "detached" });
  const left = (await env.rest("GET", "/integrations")).body.data;
  assert.deepEqual(
    left.map((i: { provider: string }) => i.provider),
    ["gitlab"],
  );
  assertNoErrors(errors);

  // a member reads no integration and is told who can
  const bob = await addPerson(env.core, "bob@example.com", "Bob Builder");
  await addMember(env.core, { workspace: "acme", email: "bob@example.com", role: "member" });
  const member = await signedIn(browser, env, bob);
  await member.page.goto(`${env.baseUrl}/acme/settings/integrations`);
  await member.page.getByText("Only the workspace's Owner and admins connect code hosts.").waitFor();
  assert.equal(await member.page.getByRole("button", { name: /^Add / }).count(), 0);
  assertNoErrors(member.errors);
});

test("a pull request's state changes live on an open issue page as GitHub's webhooks arrive", async (t) => {
  const env = await appEnv(t);
  const issue = (await env.rest("POST", "/issues", { title: "Fix login redirect", status: "todo" })).body;
  const made = (await env.rest("POST", "/integrations", { provider: "github", repositories: ["acme/web"] }))
    .body;
  const send = (event: string, payload: unknown) => github(env, made.id, made.secret, event, payload);
  const browser = await launch(t);
  const { context, page, errors } = await signedIn(browser, env);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/issue/${issue.identifier}`);
  await page.getByRole("heading", { name: "Fix login redirect" }).waitFor();
  // no links: no section
  assert.equal(await page.getByRole("region", { name: /^Code/ }).count(), 0);

  // opened as a draft: the link shows, live
  await send("pull_request", {
    action: "opened",
    number: 12,
    pull_request: pullRequest(issue.identifier, { draft: true }),
    repository,
    sender: octocat,
  });
  const code = page.getByRole("region", { name: /^Code/ });
  const pr = code
    .getByRole("listitem")
    .filter({ hasText: "Fix the login redirect after the session expires" });
  const state = pr.locator("[data-state]");
  await state.filter({ hasText: "Draft" }).waitFor();
  await pr.getByText("acme/web#12").waitFor();
  await pr.getByText("octocat").first().waitFor();
  assert.equal(
    await pr
      .getByRole("link", { name: "Fix the login redirect after the session expires" })
      .getAttribute("href"),
    "https://github.com/acme/web/pull/12",
  );

  // ready for review, then approved: the badges follow within a second or two
  await send("pull_request", {
    action: "ready_for_review",
    number: 12,
    pull_request: pullRequest(issue.identifier),
    repository,
    sender: octocat,
  });
  await state.filter({ hasText: "Open" }).waitFor();
  await send("pull_request_review", {
    action: "submitted",
    review: { id: 80, user: { login: "hubot" }, state: "approved", body: "Looks good." },
    pull_request: pullRequest(issue.identifier),
    repository,
    sender: { login: "hubot" },
  });
  await pr.getByText("Approved", { exact: true }).waitFor();
  await shot(page, "issue-code-open-1440");

  // merged: Merged, and the issue is done (a closing word named it; the space's review policy lets it)
  await send("pull_request", {
    action: "closed",
    number: 12,
    pull_request: pullRequest(issue.identifier, {
      state: "closed",
      merged: true,
      merged_at: new Date().toISOString(),
      closed_at: new Date().toISOString(),
    }),
    repository,
    sender: octocat,
  });
  await state.filter({ hasText: "Merged" }).waitFor();
  await pr.getByText("closes").waitFor();
  const after = (await env.rest("GET", `/issues/${issue.identifier}`)).body;
  await page
    .getByText(/GitHub \(pull request #12 by octocat\)/)
    .first()
    .waitFor();
  await shot(page, "issue-code-merged-1440");
  assert.ok(["done", "in_review"].includes(after.status), after.status);

  // a branch, a commit and a GitLab merge request naming it join the list, each drawn as what it is
  await send("create", { ref: "eng-1-keep-target", ref_type: "branch", repository, sender: octocat });
  await send("push", {
    ref: "refs/heads/eng-1-keep-target",
    before: "9049f1265b7d61be4a8904a9a27120d2064dab3b",
    after: "3f2c1ab9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3",
    created: false,
    deleted: false,
    commits: [
      {
        id: "3f2c1ab9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3",
        message: `Keep the redirect target (refs ${issue.identifier})`,
        url: "https://github.com/acme/web/commit/3f2c1ab9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3",
        author: { name: "The Octocat", username: "octocat" },
      },
    ],
    repository,
    pusher: { name: "octocat" },
    sender: octocat,
  });
  const lab = (await env.rest("POST", "/integrations", { provider: "gitlab", secret: "gitlab-token-1" }))
    .body;
  const mr = await fetch(`${env.baseUrl}/api/integrations/${lab.id}/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-gitlab-event": "Merge Request Hook",
      "x-gitlab-token": "gitlab-token-1",
      "x-gitlab-event-uuid": randomUUID(),
    },
    body: JSON.stringify({
      object_kind: "merge_request",
      event_type: "merge_request",
      user: { username: "grace" },
      project: { path_with_namespace: "platform/api", web_url: "https://gitlab.example.com/platform/api" },
      object_attributes: {
        iid: 7,
        title: `Draft: the session check for ${issue.identifier}`,
        description: "",
        url: "https://gitlab.example.com/platform/api/-/merge_requests/7",
        state: "opened",
        action: "open",
        draft: true,
        source_branch: "session-check",
        target_branch: "main",
      },
    }),
  });
  assert.ok(mr.status < 300, await mr.text());
  const rows = code.getByRole("listitem");
  await code.getByText("platform/api!7").waitFor();
  await code.getByText("acme/web@3f2c1ab").waitFor();
  await code.getByText("acme/web:eng-1-keep-target").waitFor();
  assert.equal(await rows.count(), 4);
  await code.scrollIntoViewIfNeeded();
  await shot(page, "issue-code-many-1440");

  // the timeline says who moved it: the integration, naming the pull request and its author
  await page.locator(".tl-event").last().scrollIntoViewIfNeeded();
  await shot(page, "issue-code-activity-1440");

  // the shortcut of Copy branch name is listed under ?, and B copies it
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await help.getByText("Copy branch name").waitFor();
  const row = help.locator(".help-row", { hasText: "Copy branch name" });
  assert.equal((await row.locator("kbd").allTextContents()).join(" "), "B");
  await shot(page, "issue-shortcuts-1440");
  await page.keyboard.press("Escape");
  await help.waitFor({ state: "detached" });
  await page.keyboard.press("b");
  await page.getByText("Branch name copied: eng-1-fix-login-redirect").waitFor();
  assert.equal(await page.evaluate("navigator.clipboard.readText()"), "eng-1-fix-login-redirect");
  assertNoErrors(errors);

  // search: pr:merged finds it, pr:open does not
  await page.goto(`${env.baseUrl}/acme/search?q=${encodeURIComponent("pr:merged")}`);
  await page
    .getByRole("link", { name: /Fix login redirect/ })
    .first()
    .waitFor();
  await shot(page, "search-pr-merged-1440");
  const open = await env.rest("GET", `/search?q=${encodeURIComponent("pr:open")}`);
  assert.ok(
    !open.body.data.some((r: { title: string }) => r.title === "Fix login redirect"),
    "its pull request is merged, not open",
  );
  assertNoErrors(errors);

  // a phone (dark): the same section, nothing wider than the screen
  const phone = await signedIn(browser, env, env.ada.id, { colorScheme: "dark" });
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.goto(`${env.baseUrl}/acme/issue/${issue.identifier}`);
  const phoneCode = phone.page.getByRole("region", { name: /^Code/ });
  await phoneCode.locator("[data-state]").filter({ hasText: "Merged" }).waitFor();
  await phoneCode.scrollIntoViewIfNeeded();
  const overflow = await phone.page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
  assert.ok(Number(overflow) <= 0, `the page is ${overflow}px wider than the phone`);
  const box = await phoneCode.getByRole("listitem").first().boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, "the row fits the phone");
  await shot(phone.page, "issue-code-390-dark");
  assertNoErrors(phone.errors);
});

test("a space's code host switches: an admin turns Done on merge off, and a merge then leaves its issue as it was", async (t) => {
  const env = await appEnv(t);
  const issue = (
    await env.rest("POST", "/issues", { title: "Keep the session alive", status: "in_progress" })
  ).body;
  const made = (await env.rest("POST", "/integrations", { provider: "github" })).body;
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/spaces/ENG`);
  const section = page.getByRole("region", { name: "Code hosts" });
  const done = section.getByRole("checkbox", { name: /^Done on merge/ });
  await done.waitFor();
  for (const name of [/^Start on a branch/, /^In review on a pull request/, /^Done on merge/])
    assert.equal(await section.getByRole("checkbox", { name }).isChecked(), true, "on by default");
  await done.uncheck();
  await page.getByText("Done on merge: off in ENG").waitFor();
  assert.equal((await env.rest("GET", "/spaces/ENG")).body.auto_done_on_merge, false);
  await section.scrollIntoViewIfNeeded();
  await shot(page, "space-code-hosts-1440");

  await github(env, made.id, made.secret, "pull_request", {
    action: "closed",
    number: 3,
    pull_request: pullRequest(issue.identifier, {
      number: 3,
      html_url: "https://github.com/acme/web/pull/3",
      state: "closed",
      merged: true,
      merged_at: new Date().toISOString(),
      closed_at: new Date().toISOString(),
    }),
    repository,
    sender: octocat,
  });
  const links = (await env.rest("GET", `/issues/${issue.identifier}/links`)).body.data;
  assert.equal(links[0]?.state, "merged");
  assert.equal((await env.rest("GET", `/issues/${issue.identifier}`)).body.status, "in_progress");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${env.baseUrl}/acme/spaces/ENG`);
  await section.scrollIntoViewIfNeeded();
  assert.equal(await done.isChecked(), false);
  await shot(page, "space-code-hosts-390");
  assertNoErrors(errors);

  // a member reads them and cannot flip them
  const bob = await addPerson(env.core, "bob@example.com", "Bob Builder");
  await addMember(env.core, { workspace: "acme", email: "bob@example.com", role: "member" });
  const member = await signedIn(browser, env, bob);
  await member.page.goto(`${env.baseUrl}/acme/spaces/ENG`);
  const theirs = member.page.getByRole("region", { name: "Code hosts" });
  await theirs.getByText("Only the workspace's Owner and admins change these.").waitFor();
  assert.equal(await theirs.getByRole("checkbox", { name: /^Done on merge/ }).isDisabled(), true);
  assertNoErrors(member.errors);
});
