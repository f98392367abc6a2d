/**
 * Linear's fast paths and the phone: palette actions on the selection (and no empty groups), saved views
 * shared with another member, the page's title per page, the theme, rows at their design height, and
 * every main view at 390×844 (the sidebar a drawer, titles kept, properties under the title, the board
 * scrolled a column at a time).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { addMember } from "../../src/auth/workspaces.ts";
import { addPerson, appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

/** The design height of a list row (IssuesPage's ROW_HEIGHT). */
const ROW_HEIGHT = 36;

function row(page: Page, identifier: string) {
  return page.locator("li.il-row", {
    has: page.locator(".il-cell-id", { hasText: new RegExp(`^${identifier}$`) }),
  });
}

/** Waits until the tab's title is `title` (it is set once the page's data is read). */
async function titled(page: Page, title: string): Promise<void> {
  for (let i = 0; i < 50 && (await page.title()) !== title; i++) await page.waitForTimeout(100);
  assert.equal(await page.title(), title);
}

async function rowHeights(page: Page): Promise<number[]> {
  return page.evaluate(
    `[...document.querySelectorAll("li.il-row")].map((li) => li.getBoundingClientRect().height)`,
  );
}

test("the palette acts on the selected issues, copies a branch name and link, and shows no empty group", async (t) => {
  const env = await appEnv(t);
  for (const title of ["Fix login redirect", "Second thing", "Third thing"])
    await env.rest("POST", "/issues", { title, status: "todo" });
  const browser = await launch(t);
  const { page, context, errors } = await signedIn(browser, env);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
  await page.goto(`${env.baseUrl}/acme/issues?group=none&sort=created`);
  await row(page, "ENG-1").waitFor();
  assert.equal(await page.title(), "Issues · Acme · Docket");
  for (const h of await rowHeights(page))
    assert.ok(h <= ROW_HEIGHT, `a row is ${h} px, taller than ${ROW_HEIGHT}`);

  // the Display menu hides a row's property, and the choice outlives a reload
  const updated = row(page, "ENG-1").locator(".il-cell-updated");
  assert.equal(await updated.isVisible(), true);
  await page.getByRole("button", { name: /^Display/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Updated" }).click();
  assert.equal(
    await page.getByRole("menuitemcheckbox", { name: "Updated" }).getAttribute("aria-checked"),
    "false",
  );
  await page.keyboard.press("Escape");
  assert.equal(await updated.isVisible(), false);
  await page.reload();
  await row(page, "ENG-1").waitFor();
  assert.equal(await updated.isVisible(), false);
  await page.getByRole("button", { name: /^Display/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Updated" }).click();
  await page.keyboard.press("Escape");
  assert.equal(await updated.isVisible(), true);

  // nothing focused or selected: no issue group, and typing what no command has leaves no heading
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.waitFor();
  assert.equal(await palette.getByText("Change status…").count(), 0);
  await page.keyboard.type("zzqx");
  await palette.getByText("Nothing matches.").waitFor();
  assert.equal(await palette.locator("[cmdk-group-heading]").count(), 0, "no empty group headings");
  await page.keyboard.press("Escape");

  // two selected: the palette's status change moves both
  await row(page, "ENG-1").getByRole("checkbox").click();
  await row(page, "ENG-2").getByRole("checkbox").click();
  await page.getByText("2 selected", { exact: true }).waitFor();
  await page.keyboard.press("Control+k");
  await palette.waitFor();
  await page.keyboard.type("status");
  await palette.getByText("2 selected issues").waitFor();
  assert.deepEqual(await palette.locator("[cmdk-group-heading]").allTextContents(), ["2 selected issues"]);
  await palette.getByRole("option", { name: "Change status…" }).click();
  await page.getByRole("dialog", { name: /^Status of 2 issues/ }).waitFor();
  await page.keyboard.type("in progress");
  await page.keyboard.press("Enter");
  await page.getByText(/2 issues: status In progress/).waitFor();
  assert.equal((await env.rest("GET", "/issues/ENG-1")).body.status, "in_progress");
  assert.equal((await env.rest("GET", "/issues/ENG-2")).body.status, "in_progress");
  assert.equal((await env.rest("GET", "/issues/ENG-3")).body.status, "todo");

  // Delete from the palette: to the trash, with Undo
  await page.keyboard.press("Escape");
  await page.getByText("2 selected", { exact: true }).waitFor({ state: "detached" });
  await row(page, "ENG-3").getByRole("checkbox").click();
  await page.keyboard.press("Control+k");
  await page.keyboard.type("delete");
  await palette.getByRole("option", { name: "Delete ENG-3" }).click();
  await page.getByText("ENG-3 moved to the trash").waitFor();
  await row(page, "ENG-3").waitFor({ state: "detached" });
  assert.equal((await env.rest("GET", "/issues/ENG-3")).status, 404);

  // the issue page offers its issue: the branch name, Linear's way
  await page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
  await page.getByRole("heading", { name: "Fix login redirect" }).waitFor();
  assert.equal(await page.title(), "ENG-1 Fix login redirect · Docket");
  await page.keyboard.press("Control+k");
  await palette.waitFor();
  await page.keyboard.type("branch");
  await palette.getByText("ENG-1 Fix login redirect").waitFor();
  await palette.getByRole("option", { name: "Copy branch name" }).click();
  await page.getByText("Branch name copied: eng-1-fix-login-redirect").waitFor();
  assert.equal(await page.evaluate("navigator.clipboard.readText()"), "eng-1-fix-login-redirect");
  await page.keyboard.press("Control+k");
  await page.keyboard.type("copy link");
  await palette.getByRole("option", { name: "Copy link" }).click();
  await page.getByText("Link to ENG-1 copied").waitFor();
  assert.equal(await page.evaluate("navigator.clipboard.readText()"), `${env.baseUrl}/acme/issue/ENG-1`);
  // and its priority from the palette
  await page.keyboard.press("Control+k");
  await page.keyboard.type("priority");
  await palette.getByRole("option", { name: "Change priority…" }).click();
  await page.getByRole("dialog", { name: /^Priority of ENG-1/ }).waitFor();
  await page.keyboard.type("urgent");
  await page.keyboard.press("Enter");
  await page.getByText(/ENG-1: priority Urgent/).waitFor();
  assert.equal((await env.rest("GET", "/issues/ENG-1")).body.priority, "urgent");
  assertNoErrors(errors);
});

test("a saved view shared with the workspace: another member sees it in the sidebar and it opens the same list", async (t) => {
  const env = await appEnv(t);
  await env.rest("POST", "/issues", { title: "A bug", status: "todo", labels: ["bug"] });
  await env.rest("POST", "/issues", { title: "Not a bug", status: "todo" });
  const bobId = await addPerson(env.core, "bob@example.com", "Bob");
  await addMember(env.core, { workspace: "acme", email: "bob@example.com", role: "member" });
  const browser = await launch(t);

  const ada = await signedIn(browser, env);
  await ada.page.goto(`${env.baseUrl}/acme/issues?label=bug`);
  await row(ada.page, "ENG-1").waitFor();
  await ada.page.getByRole("button", { name: "Save view" }).click();
  const dialog = ada.page.getByRole("dialog", { name: "Save view" });
  await dialog.getByLabel("Name").fill("Bugs");
  await dialog.getByRole("button", { name: "Save view" }).click();
  await ada.page.getByText("View “Bugs” saved").waitFor();
  // a second, shared
  await ada.page.getByRole("button", { name: "Save view" }).click();
  await dialog.getByLabel("Name").fill("Team bugs");
  await dialog.getByLabel("Share with everyone in the workspace").check();
  await dialog.getByRole("button", { name: "Save view" }).click();
  await ada.page.getByText("View “Team bugs” saved and shared with the workspace").waitFor();
  const adaViews = ada.page.getByRole("list", { name: "Saved views" });
  await adaViews.getByRole("link", { name: "Bugs", exact: true }).waitFor();
  await adaViews.getByRole("link", { name: /^Team bugs/ }).waitFor();

  // Bob sees the shared one only, and it opens the list with its filter
  const bob = await signedIn(browser, env, bobId);
  await bob.page.goto(`${env.baseUrl}/acme/issues`);
  await row(bob.page, "ENG-2").waitFor();
  const bobViews = bob.page.getByRole("list", { name: "Saved views" });
  await bobViews.getByRole("link", { name: /^Team bugs/ }).click();
  await row(bob.page, "ENG-2").waitFor({ state: "detached" });
  await row(bob.page, "ENG-1").waitFor();
  assert.equal(new URL(bob.page.url()).searchParams.get("label"), "bug");
  assert.equal(await bobViews.getByRole("link", { name: "Bugs", exact: true }).count(), 0);
  // he may not delete it: the service says so
  await bobViews.getByRole("button", { name: "Actions for view Team bugs" }).click();
  assert.equal(await bob.page.getByRole("menuitem", { name: "Share with the workspace" }).count(), 0);
  await bob.page.getByRole("menuitem", { name: "Delete view" }).click();
  await bob.page.getByText(/View not deleted: .*only they, the workspace's admins and its Owner/).waitFor();
  await shot(bob.page, "saved-view-shared");
  assertNoErrors(ada.errors);
  assertNoErrors(bob.errors, [/403 DELETE .*\/v1\/views\//]);
});

test("the theme: system by default, dark or light by choice, kept across a reload", async (t) => {
  const env = await appEnv(t);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issues`);
  await page.getByRole("heading", { name: "Issues" }).waitFor();
  const bg = () => page.evaluate("getComputedStyle(document.body).backgroundColor");
  const light = await bg();
  await page.getByRole("button", { name: /^Account: / }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  assert.equal(await page.evaluate("document.documentElement.dataset.theme"), "dark");
  const dark = await bg();
  assert.notEqual(dark, light);
  await page.reload();
  await page.getByRole("heading", { name: "Issues" }).waitFor();
  assert.equal(await bg(), dark, "the choice outlives a reload");
  // the palette offers it too
  await page.keyboard.press("Control+k");
  await page.keyboard.type("theme system");
  await page.getByRole("option", { name: /^Theme: System/ }).click();
  assert.equal(await page.evaluate("document.documentElement.dataset.theme ?? null"), null);
  assert.equal(await bg(), light);
  // every view names the tab
  await page.goto(`${env.baseUrl}/acme/inbox`);
  await page.getByRole("heading", { name: /^Inbox/ }).waitFor();
  await titled(page, "Inbox · Acme · Docket");
  await page.goto(`${env.baseUrl}/acme/agents`);
  await titled(page, "Agents · Acme · Docket");
  assertNoErrors(errors);
});

test("at 390×844: the sidebar is a drawer, rows keep their titles, the issue page's properties follow the title, the board scrolls by column", async (t) => {
  const env = await appEnv(t);
  await env.rest("POST", "/issues", {
    title: "A long enough title to need the width of the phone",
    status: "todo",
    priority: "high",
    labels: ["backend"],
  });
  await env.rest("POST", "/issues", { title: "Second", status: "in_progress" });
  const browser = await launch(t);
  const { page, context, errors } = await signedIn(browser, env);
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(context);
  await page.goto(`${env.baseUrl}/acme/issues`);
  await row(page, "ENG-1").waitFor();

  // nothing wider than the screen
  assert.ok((await page.evaluate<number>("document.documentElement.scrollWidth")) <= 390);
  // the sidebar is hidden until the menu button opens it
  const nav = page.getByRole("navigation", { name: "Docket" });
  assert.equal(await nav.isVisible(), false);
  const title = row(page, "ENG-1").locator(".il-title");
  const box = (await title.boundingBox())!;
  assert.ok(box.width > 200, `the title keeps the width (${box.width} px)`);
  for (const h of await rowHeights(page)) assert.ok(h <= ROW_HEIGHT, `a row is ${h} px`);
  await shot(page, "phone-list");

  await page.getByRole("button", { name: "Menu" }).click();
  await nav.waitFor();
  await page.waitForTimeout(300); // the drawer's slide
  await shot(page, "phone-drawer");
  await nav.getByRole("link", { name: "Board" }).click();
  await nav.waitFor({ state: "hidden" });
  await page.locator(".il-board-column").first().waitFor();
  assert.equal(
    await page.evaluate(`getComputedStyle(document.querySelector(".il-board")).scrollSnapType`),
    "x mandatory",
  );
  const column = (await page.locator(".il-board-column").first().boundingBox())!;
  assert.ok(column.width > 300 && column.width <= 390, `a column takes the screen (${column.width} px)`);
  await shot(page, "phone-board");

  // Escape closes the drawer too
  await page.getByRole("button", { name: "Menu" }).click();
  await nav.waitFor();
  await page.keyboard.press("Escape");
  await nav.waitFor({ state: "hidden" });

  await page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
  const heading = page.getByRole("heading", { name: /A long enough title/ });
  await heading.waitFor();
  const properties = page.getByRole("complementary", { name: "Properties" });
  const h = (await heading.boundingBox())!;
  const p = (await properties.boundingBox())!;
  const subIssues = (await page.getByRole("heading", { name: /^Sub-issues/ }).boundingBox())!;
  assert.ok(p.y > h.y && p.y < subIssues.y, "the properties come right after the title and description");
  assert.ok(p.width > 340, `the properties take the width (${p.width} px)`);
  assert.ok((await page.evaluate<number>("document.documentElement.scrollWidth")) <= 390);
  await shot(page, "phone-issue");
  assertNoErrors(errors);
});

test("the new-issue dialog sets assignee, labels, estimate, cycle, milestone, due date and parent at once", async (t) => {
  const env = await appEnv(t);
  await env.rest("POST", "/issues", { title: "The parent", status: "todo" });
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const cycle = await env.rest("POST", "/cycles", {
    space: "ENG",
    name: "Sprint 3",
    starts_on: today,
    ends_on: later,
  });
  assert.equal(cycle.status, 201, JSON.stringify(cycle.body));
  const milestone = await env.rest("POST", "/milestones", { name: "Beta" });
  assert.equal(milestone.status, 201, JSON.stringify(milestone.body));
  await env.rest("POST", "/labels", { name: "bug" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issues`);
  await row(page, "ENG-1").waitFor();

  await page.keyboard.press("c");
  const dialog = page.getByRole("dialog", { name: "New issue" });
  await dialog.waitFor();
  await dialog.getByLabel("Title").fill("Everything at once");
  await dialog.getByLabel("Assignee").selectOption({ label: "Ada Lovelace (you)" });
  await dialog.getByRole("button", { name: /^Labels: / }).click();
  await page.getByRole("combobox", { name: "Labels: filter" }).fill("bug");
  await page.getByRole("option", { name: /^bug/ }).click();
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Labels: bug" }).waitFor();
  await dialog.getByLabel("Estimate").fill("3");
  await dialog.getByLabel("Cycle").selectOption({ label: "Sprint 3" });
  await dialog.getByLabel("Milestone").selectOption({ label: "Beta" });
  await dialog.getByLabel("Due date").fill(later);
  await dialog.getByLabel("Parent").fill("ENG-1");
  await shot(page, "new-issue-filled");
  await dialog.getByRole("button", { name: "Create issue" }).click();
  await page.getByText("ENG-2 created: Everything at once").waitFor();

  const made = (await env.rest("GET", "/issues/ENG-2")).body;
  assert.equal(made.assignee?.email ?? made.assignee?.id, made.assignee?.email ? env.ada.email : env.ada.id);
  assert.deepEqual(made.labels, ["bug"]);
  assert.equal(made.estimate, 3);
  assert.equal(made.cycle?.id, cycle.body.id);
  assert.equal(made.milestone?.id, milestone.body.id);
  assert.equal(made.due_date, later);
  assert.equal(made.parent?.identifier ?? made.parent, "ENG-1");

  // a refusal names its field: a parent that does not exist
  await page.keyboard.press("c");
  await dialog.getByLabel("Title").fill("Orphan");
  await dialog.getByLabel("Parent").fill("ENG-99");
  await dialog.getByRole("button", { name: "Create issue" }).click();
  await dialog.locator(".field-error").first().waitFor();
  assertNoErrors(errors, [/status of 40[04]/]);
});

test("a mention in a comment is a chip, with a card naming the person, their email and that they are a person", async (t) => {
  const env = await appEnv(t);
  await env.rest("POST", "/issues", { title: "Mentioned here", status: "todo" });
  const said = await env.rest("POST", "/issues/ENG-1/comments", {
    body: "Thanks @ada@example.com, but `@ada@example.com` in code stays text; @nobody-here too.",
  });
  assert.equal(said.status, 201, JSON.stringify(said.body));
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
  const chip = page.locator(".comment-body .mention");
  await chip.waitFor();
  assert.equal(await chip.count(), 1, "only the mention of a member outside code");
  assert.equal(await chip.textContent(), "@Ada Lovelace");
  assert.match((await page.locator(".comment-body code").textContent()) ?? "", /^@ada@example\.com$/);
  await chip.hover();
  const card = page.getByRole("tooltip");
  await card.waitFor();
  assert.match((await card.textContent()) ?? "", /Ada Lovelace.*ada@example\.com.*Person/);
  await page.mouse.move(5, 5);
  await card.waitFor({ state: "detached" });
  // the keyboard reaches it too
  await chip.focus();
  await card.waitFor();
  await shot(page, "mention-card");
  assertNoErrors(errors);
});
