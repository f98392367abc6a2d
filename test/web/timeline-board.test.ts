/**
 * The issue page's one timeline (comments and activity in the order they happened, filtered, the filter
 * remembered), the board grouped by priority with a drag that sets the priority (and the grouping
 * remembered), notes and folders deleted with Undo, and the issue page's header on a phone (one line,
 * the secondary actions in the ⋯ menu). Screenshots at 1440 and 390 px, light and dark.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

/** The timeline's entries, in the order shown: each entry's text, and whether it is a comment. */
async function entries(page: Page): Promise<{ text: string; comment: boolean }[]> {
  const items = page.getByRole("region", { name: "Activity" }).locator(".tl-list > li");
  return items.evaluateAll((lis) =>
    lis.map((li) => ({
      text: (li.querySelector(".comment-body, .tl-event-body p")?.textContent ?? "").trim(),
      comment: li.classList.contains("comment-thread"),
    })),
  );
}

test("the issue page shows comments and activity on one timeline, in order, filtered; the filter is remembered", async (t) => {
  const env = await appEnv(t);
  // the service's time moves a minute between each step, from ten minutes ago
  env.clock.set(new Date(Date.now() - 10 * 60_000).toISOString());
  const step = () => env.clock.advance(60_000);
  const issue = (await env.rest("POST", "/issues", { title: "Fix the login redirect" })).body;
  step();
  assert.equal(
    (
      await env.rest("POST", `/issues/${issue.identifier}/comments`, {
        body: "First look: the cookie expires.",
      })
    ).status,
    201,
  );
  step();
  assert.equal(
    (await env.rest("PATCH", `/issues/${issue.identifier}`, { status: "in_progress" })).status,
    200,
  );
  step();
  assert.equal(
    (await env.rest("POST", `/issues/${issue.identifier}/comments`, { body: "Second thought: refresh it." }))
      .status,
    201,
  );
  step();
  assert.equal((await env.rest("PATCH", `/issues/${issue.identifier}`, { priority: "high" })).status, 200);
  env.clock.set(new Date().toISOString());

  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/issue/${issue.identifier}`);
  const timeline = page.getByRole("region", { name: "Activity" });
  await timeline.getByText("changed priority from No priority to High").waitFor();
  await timeline.getByText("Second thought: refresh it.").waitFor();

  // one list, oldest first: the changes as lines, the comments as cards between them
  const all = await entries(page);
  assert.deepEqual(
    all.map((e) => (e.comment ? `comment: ${e.text}` : e.text.replace(/ · .*$/, ""))),
    [
      "Ada Lovelace (API token) created the issue",
      "comment: First look: the cookie expires.",
      "Ada Lovelace (API token) changed status from Backlog to In progress",
      "comment: Second thought: refresh it.",
      "Ada Lovelace (API token) changed priority from No priority to High",
    ],
  );
  const filter = timeline.getByRole("group", { name: "Show in the activity" });
  assert.equal(await filter.getByRole("button", { name: "All" }).getAttribute("aria-pressed"), "true");
  await timeline.scrollIntoViewIfNeeded();
  await shot(page, "timeline-1440");

  // Comments: only the two cards; Activity: only the three lines
  await filter.getByRole("button", { name: /^Comments/ }).click();
  await timeline.getByText("created the issue").waitFor({ state: "detached" });
  assert.deepEqual(
    (await entries(page)).map((e) => e.comment),
    [true, true],
  );
  await filter.getByRole("button", { name: "Activity" }).click();
  await timeline.getByText("First look: the cookie expires.").waitFor({ state: "detached" });
  assert.deepEqual(
    (await entries(page)).map((e) => e.comment),
    [false, false, false],
  );
  // the box stays at the bottom whatever is shown
  await timeline.getByRole("combobox", { name: "Comment" }).waitFor();

  // remembered: the page opened again shows the activity only
  await page.reload();
  await timeline.getByText("changed priority from No priority to High").waitFor();
  assert.equal(await filter.getByRole("button", { name: "Activity" }).getAttribute("aria-pressed"), "true");
  assert.equal(await timeline.getByRole("article").count(), 0);

  // back to All; a comment written here lands last, after the latest change
  await filter.getByRole("button", { name: "All" }).click();
  const box = timeline.getByRole("combobox", { name: "Comment" });
  await box.click();
  await box.fill("Fixed on the branch.");
  await timeline.getByRole("button", { name: "Comment", exact: true }).click();
  await timeline.getByRole("article").filter({ hasText: "Fixed on the branch." }).waitFor();
  const last = (await entries(page)).at(-1);
  assert.deepEqual(last, { text: "Fixed on the branch.", comment: true });

  // a phone, light and dark
  await page.setViewportSize({ width: 390, height: 844 });
  await timeline.scrollIntoViewIfNeeded();
  await shot(page, "timeline-390");
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "timeline-390-dark");
  assertNoErrors(errors);
});

test("the board grouped by priority: a card dragged to another column takes its priority; the grouping is remembered", async (t) => {
  const env = await appEnv(t);
  for (const body of [
    { title: "Drag me up", priority: "high", status: "todo" },
    { title: "Stay low", priority: "low", status: "in_progress" },
    { title: "Nothing set", status: "backlog" },
  ])
    assert.equal((await env.rest("POST", "/issues", body)).status, 201);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  page.setDefaultTimeout(10_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/board`);
  const column = (name: string) => page.getByRole("region", { name: new RegExp(`^${name}: `) });
  const card = (id: string) => page.locator(`[data-card-id="${id}"]`);
  await column("Todo").locator('[data-card-id="ENG-1"]').waitFor();

  // Display → Group by Priority: a column per priority
  await page.getByRole("button", { name: /^Display: grouped by Status/ }).click();
  await page.getByRole("menuitemradio", { name: "Priority", exact: true }).click();
  await page.keyboard.press("Escape");
  await column("High").locator('[data-card-id="ENG-1"]').waitFor();
  await column("Low").locator('[data-card-id="ENG-2"]').waitFor();
  await column("No priority").locator('[data-card-id="ENG-3"]').waitFor();
  assert.equal(await column("Todo").count(), 0);
  await shot(page, "board-priority-1440");

  // the pointer: ENG-1 from High to Urgent sets its priority (its status stays)
  const from = await card("ENG-1").boundingBox();
  const to = await column("Urgent").boundingBox();
  assert.ok(from && to);
  await page.mouse.move(from.x + 20, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 10 });
  await page.mouse.up();
  await column("Urgent").locator('[data-card-id="ENG-1"]').waitFor();
  await page.getByText("ENG-1: priority Urgent").waitFor();
  const moved = (await env.rest("GET", "/issues/ENG-1")).body;
  assert.equal(moved.priority, "urgent");
  assert.equal(moved.status, "todo");

  // the keyboard: ENG-3 lifted, one column left (No priority → Low), dropped
  await card("ENG-3").focus();
  await page.keyboard.press("Space");
  await page.locator('.il-board-card.dragging[data-card-id="ENG-3"]').waitFor();
  await page.waitForTimeout(50);
  await page.keyboard.press("ArrowLeft");
  await page.getByText("Over Low.").waitFor({ state: "attached" });
  await page.keyboard.press("Space");
  await column("Low").locator('[data-card-id="ENG-3"]').waitFor();
  await page.getByText("ENG-3: priority Low").waitFor();
  assert.equal((await env.rest("GET", "/issues/ENG-3")).body.priority, "low");

  // remembered: the board opened afresh (no grouping in its address) is grouped by priority
  await page.goto(`${env.baseUrl}/acme/board`);
  await column("Urgent").locator('[data-card-id="ENG-1"]').waitFor();
  await page.getByRole("button", { name: /^Display: grouped by Priority/ }).waitFor();

  // a phone: the columns snap one at a time
  await page.setViewportSize({ width: 390, height: 844 });
  await column("Urgent").waitFor();
  assert.equal(
    await page.evaluate('getComputedStyle(document.querySelector(".il-board")).scrollSnapType'),
    "x mandatory",
  );
  await shot(page, "board-priority-390");
  assertNoErrors(errors);
});

test("a note and a folder are deleted from the app, and come back with Undo", async (t) => {
  const env = await appEnv(t);
  const folder = (await env.rest("POST", "/folders", { name: "Old plans" })).body;
  const note = (await env.rest("POST", "/notes", { title: "Draft plan", body: "To be replaced." })).body;
  const inside = (await env.rest("POST", "/notes", { title: "Q3 ideas", body: "x", folder: folder.id })).body;
  assert.ok(note.id && inside.id && folder.id);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/notes/${note.id}`);
  const tree = page.getByRole("tree", { name: "Notes and folders" });

  // the note: Delete on its page, to the trash, back with Undo (and opened again)
  await page.getByRole("button", { name: "Delete Draft plan" }).click();
  await page.getByText("Draft plan moved to the trash").waitFor();
  await page.waitForURL(/\/acme\/notes$/);
  await tree.getByRole("treeitem", { name: "Draft plan" }).waitFor({ state: "detached" });
  assert.equal((await env.rest("GET", `/notes/${note.id}`)).status, 404);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForURL(new RegExp(`/acme/notes/${note.id}$`));
  await page.getByText("Draft plan restored").waitFor();
  await tree.getByRole("treeitem", { name: "Draft plan" }).waitFor();
  assert.equal((await env.rest("GET", `/notes/${note.id}`)).status, 200);

  // the folder: Delete folder in its ⋯ menu; its note waits at the top level, Undo puts both back
  await tree.getByRole("treeitem", { name: /^Old plans/ }).click();
  await page.getByRole("button", { name: "Folder actions: Old plans" }).click();
  await shot(page, "folder-menu-1440");
  await page.getByRole("menuitem", { name: "Delete folder" }).click();
  await page.getByText("Folder “Old plans” moved to the trash").waitFor();
  await tree.getByRole("treeitem", { name: /^Old plans/ }).waitFor({ state: "detached" });
  await tree.getByRole("treeitem", { name: "Q3 ideas" }).waitFor();
  assert.equal((await env.rest("GET", `/folders/${folder.id}`)).status, 404);
  assert.equal((await env.rest("GET", `/notes/${inside.id}`)).body.folder, null);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByText("Folder “Old plans” restored").waitFor();
  await tree.getByRole("treeitem", { name: /^Old plans/ }).waitFor();
  assert.equal((await env.rest("GET", `/folders/${folder.id}`)).status, 200);
  assert.equal((await env.rest("GET", `/notes/${inside.id}`)).body.folder?.id, folder.id);

  // a phone: the note's Delete is in its header
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${env.baseUrl}/acme/notes/${note.id}`);
  await page.getByRole("button", { name: "Delete Draft plan" }).waitFor();
  await shot(page, "note-delete-390");
  assertNoErrors(errors);
});

test("the issue page on a phone: the header is one line, its secondary actions in the ⋯ menu", async (t) => {
  const env = await appEnv(t);
  const issue = (await env.rest("POST", "/issues", { title: "Fix login redirect" })).body;
  const browser = await launch(t);
  for (const colorScheme of ["light", "dark"] as const) {
    const { context, page, errors } = await signedIn(browser, env, env.ada.id, { colorScheme });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.baseUrl}/acme/issue/${issue.identifier}`);
    const header = page.locator("header.ip-header");
    const more = header.getByRole("button", { name: `More actions for ${issue.identifier}` });
    await more.waitFor();
    // one line: the crumbs and the ⋯ button side by side, the header no taller than one row
    const box = await header.boundingBox();
    const crumbs = await header.getByRole("navigation", { name: "Breadcrumb" }).boundingBox();
    const button = await more.boundingBox();
    assert.ok(box && crumbs && button);
    assert.ok(box.height <= 56, `the header is ${box.height}px tall`);
    assert.ok(Math.abs(crumbs.y + crumbs.height / 2 - (button.y + button.height / 2)) < 4, "on one line");
    assert.ok(button.x + button.width <= 390, "the ⋯ button is within the screen");
    // no loose buttons: Delete, Copy link, ice and the bundle are in the menu
    for (const name of [`Delete ${issue.identifier}`, "Copy link", "Put on ice", "Copy bundle"])
      assert.equal(await header.getByRole("button", { name }).count(), 0, name);
    await shot(page, `issue-header-390-${colorScheme}`);
    await more.click();
    const menu = page.getByRole("menu");
    assert.deepEqual(await menu.getByRole("menuitem").allTextContents(), [
      "❄ Put on ice",
      "Copy bundle",
      "Copy link",
      "Copy branch name",
      `Delete ${issue.identifier}`,
    ]);
    await shot(page, `issue-more-menu-390-${colorScheme}`);
    await menu.getByRole("menuitem", { name: "Copy branch name" }).click();
    await page.getByText("Branch name copied: eng-1-fix-login-redirect").waitFor();
    assert.equal(await page.evaluate("navigator.clipboard.readText()"), "eng-1-fix-login-redirect");
    assertNoErrors(errors);
    await context.close();
  }

  // at 1440 the header keeps ice and the bundle as buttons; the rest is in the same menu
  const { page, errors } = await signedIn(browser, env);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/issue/${issue.identifier}`);
  const header = page.locator("header.ip-header");
  await header.getByRole("button", { name: "Put on ice" }).waitFor();
  await header.getByRole("button", { name: "Copy bundle" }).waitFor();
  await header.getByRole("button", { name: `More actions for ${issue.identifier}` }).click();
  assert.deepEqual(await page.getByRole("menu").getByRole("menuitem").allTextContents(), [
    "Copy link",
    "Copy branch name",
    `Delete ${issue.identifier}`,
  ]);
  await shot(page, "issue-more-menu-1440");
  assertNoErrors(errors);
});
