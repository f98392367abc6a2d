/**
 * Knowledge in the browser: decisions written and edited (Markdown preview, linked issues, a conflict
 * with a change made elsewhere), notes in their folder tree (by mouse and by keyboard), search across
 * everything with highlighted snippets, live changes, and stored Markdown that never runs as script.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { type AppEnv, appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

/**
 * The console names no address for a failed load, so refusals are checked here by address: only those a
 * test provokes are expected. (The page's icon is not the app's concern.)
 */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400 && !r.url().endsWith("/favicon.svg"))
      seen.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return seen;
}
const FAILED_LOAD = [/Failed to load resource/];

async function visible(_page: Page, locator: ReturnType<Page["locator"]>, timeout = 15_000) {
  await locator.first().waitFor({ state: "visible", timeout });
}

/** The page's document, as far as these tests read it (the tests are typed without the DOM library). */
interface PageDocument {
  querySelectorAll(selector: string): { length: number };
  activeElement: { getAttribute(name: string): string | null } | null;
}

/** Waits until the page shows exactly `n` elements matching the selector. */
async function shows(page: Page, selector: string, n: number) {
  await page.waitForFunction(
    ([sel, count]) =>
      (globalThis as unknown as { document: PageDocument }).document.querySelectorAll(sel as string)
        .length === count,
    [selector, n] as const,
    { timeout: 15_000 },
  );
}

/** Waits until the page has nothing unsaved (the save bar is gone). */
async function saved(page: Page) {
  await page.getByRole("region", { name: "Unsaved changes" }).waitFor({ state: "detached", timeout: 15_000 });
}

async function issue(env: AppEnv, title: string): Promise<string> {
  const res = await env.rest("POST", "/issues", { title, space: "ENG" });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.identifier as string;
}

test("a decision is written with a Markdown preview and a linked issue, then edited", async (t) => {
  const env = await appEnv(t);
  const ENG1 = await issue(env, "Pick a database for the ledger");
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const refused = refusals(page);

  await page.goto(`${env.baseUrl}/acme/decisions`);
  await visible(page, page.getByText("No decisions yet"));
  await page.getByRole("button", { name: "New decision" }).click();
  await page.waitForURL(/\/acme\/decisions\/new$/);

  // the title is required: the message shows next to it, nothing is sent
  await page.getByRole("button", { name: /Create decision/ }).click();
  await visible(page, page.getByText("Give the decision a title."));

  await page.getByRole("textbox", { name: "Title" }).fill("Keep the ledger in PostgreSQL");
  await page.getByRole("textbox", { name: "Context" }).fill("Money needs **transactions**.");
  await page
    .getByRole("textbox", { name: "Decision", exact: true })
    .fill("Use PostgreSQL:\n\n- one database\n- `SERIALIZABLE` for transfers");
  await page.getByRole("textbox", { name: "Consequences" }).fill("Backups matter more.");
  // Preview shows the Markdown rendered
  await page
    .getByRole("group", { name: "Decision: write or preview" })
    .getByRole("button", { name: "Preview" })
    .click();
  const preview = page.getByRole("region", { name: "Decision (preview)" });
  await visible(page, preview.locator("li code", { hasText: "SERIALIZABLE" }));
  assert.equal(await preview.locator("li").count(), 2);
  await page.getByLabel("Status").selectOption("accepted");

  await page.getByRole("button", { name: "+ Link issue" }).click();
  await page.getByRole("combobox", { name: "Find an issue to link" }).fill(ENG1);
  await visible(page, page.getByRole("option", { name: new RegExp(ENG1) }));
  await page.keyboard.press("Enter");
  await visible(page, page.getByRole("link", { name: new RegExp(`${ENG1}.*Pick a database`) }));

  await page.getByRole("button", { name: /Create decision/ }).click();
  await page.waitForURL(/\/acme\/decisions\/dec_/);
  const id = page.url().split("/").at(-1)!;
  await visible(page, page.getByRole("heading", { name: "Keep the ledger in PostgreSQL" }));
  const created = await env.rest("GET", `/decisions/${id}`);
  assert.equal(created.body.status, "accepted");
  assert.equal(created.body.context, "Money needs **transactions**.");
  assert.deepEqual(
    created.body.issues.map((i: { identifier: string }) => i.identifier),
    [ENG1],
  );
  // read back: the texts rendered
  await visible(
    page,
    page.getByRole("region", { name: "Context (preview)" }).locator("strong", { hasText: "transactions" }),
  );
  await shot(page, "decision-page");
  // the linked issue's status is live
  const linked = page.locator(".linked-issue", { hasText: ENG1 });
  assert.match(await linked.innerText(), /backlog/i);
  assert.equal((await env.rest("PATCH", `/issues/${ENG1}`, { status: "in_progress" })).status, 200);
  await visible(page, linked.filter({ hasText: /in progress/i }));

  // edit in place: the save bar appears, Save sends only what changed with If-Match
  await page
    .getByRole("group", { name: "Consequences: write or preview" })
    .getByRole("button", { name: "Write" })
    .click();
  await page
    .getByRole("textbox", { name: "Consequences" })
    .fill("Backups matter more. Restores are rehearsed monthly.");
  await page.getByRole("button", { name: /^Save/ }).click();
  await saved(page);
  const edited = await env.rest("GET", `/decisions/${id}`);
  assert.equal(edited.body.version, 2);
  assert.equal(edited.body.consequences, "Backups matter more. Restores are rehearsed monthly.");
  assert.equal(edited.body.title, "Keep the ledger in PostgreSQL");

  // a second decision supersedes the first
  await page.goto(`${env.baseUrl}/acme/decisions/new`);
  await page.getByRole("textbox", { name: "Title" }).fill("Keep the ledger in SQLite after all");
  await page.getByLabel("Supersedes").selectOption({ label: "Keep the ledger in PostgreSQL" });
  await page.keyboard.press("Control+Enter");
  await page.waitForURL(/\/acme\/decisions\/dec_/);
  assert.equal((await env.rest("GET", `/decisions/${id}`)).body.status, "superseded");

  // the list: newest first, filtered by status in the URL
  await page.getByRole("link", { name: "Decisions", exact: true }).first().click();
  const rows = page.getByRole("list", { name: "Decisions" }).getByRole("link");
  await visible(page, rows);
  assert.match((await rows.nth(0).innerText()).replace(/\s+/g, " "), /Proposed Keep the ledger in SQLite/);
  assert.match(
    (await rows.nth(1).innerText()).replace(/\s+/g, " "),
    /Superseded Keep the ledger in PostgreSQL/,
  );
  // a decision made elsewhere appears without reload
  const other = await env.rest("POST", "/decisions", { title: "Weekly releases", status: "proposed" });
  assert.equal(other.status, 201);
  await visible(page, rows.filter({ hasText: "Weekly releases" }));
  // j and k move through the rows, Enter opens one
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  assert.equal(await page.evaluate("document.activeElement.innerText.includes('Weekly releases')"), true);
  await page.getByRole("button", { name: "Superseded" }).click();
  await page.waitForURL(/status=superseded/);
  await shows(page, '[aria-label="Decisions"] a', 1);
  await page.getByRole("button", { name: "All" }).click();
  await visible(page, rows.filter({ hasText: "Weekly releases" }));
  await shot(page, "decisions-list");
  assertNoErrors(errors, FAILED_LOAD);
  assert.deepEqual(refused, []);
});

test("a decision edited elsewhere while a draft is open: the change is announced, the draft kept, then both saved", async (t) => {
  const env = await appEnv(t);
  const made = await env.rest("POST", "/decisions", {
    title: "Ship on Tuesdays",
    context: "Fridays are for fixing.",
    decision: "Release every Tuesday.",
  });
  const id = made.body.id as string;
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const refused = refusals(page);
  await page.goto(`${env.baseUrl}/acme/decisions/${id}`);
  await visible(page, page.getByRole("heading", { name: "Ship on Tuesdays" }));

  await page
    .getByRole("group", { name: "Context: write or preview" })
    .getByRole("button", { name: "Write" })
    .click();
  await page
    .getByRole("textbox", { name: "Context" })
    .fill("Fridays are for fixing. Mondays are for planning.");
  // someone else renames it meanwhile (and changes the context too)
  const theirs = await env.rest("PATCH", `/decisions/${id}`, {
    title: "Ship on Tuesdays and Thursdays",
    context: "Two trains a week.",
  });
  assert.equal(theirs.status, 200);
  await visible(page, page.getByText("Changed by someone else since you began."));
  // the draft is untouched
  assert.equal(
    await page.getByRole("textbox", { name: "Context" }).inputValue(),
    "Fridays are for fixing. Mondays are for planning.",
  );
  // saving meets the 412: theirs and mine side by side, with a choice
  await page.getByRole("button", { name: /^Save/ }).click();
  const panel = page.getByRole("alert").filter({ hasText: "Someone else saved this decision" });
  await visible(page, panel);
  await visible(page, panel.getByText("Two trains a week."));
  await visible(page, panel.getByText("Fridays are for fixing. Mondays are for planning."));
  await visible(page, panel.getByText(/Their changes to Title stay/));
  // the form already shows their title under the person's context
  assert.equal(
    await page.getByRole("textbox", { name: "Title" }).inputValue(),
    "Ship on Tuesdays and Thursdays",
  );
  assert.equal(
    await page.getByRole("textbox", { name: "Context" }).inputValue(),
    "Fridays are for fixing. Mondays are for planning.",
  );
  await shot(page, "decision-conflict");
  await panel.getByRole("button", { name: "Save mine over theirs" }).click();
  await saved(page);
  const final = await env.rest("GET", `/decisions/${id}`);
  assert.equal(final.body.title, "Ship on Tuesdays and Thursdays");
  assert.equal(final.body.context, "Fridays are for fixing. Mondays are for planning.");
  assert.equal(final.body.version, 3);
  assertNoErrors(errors, FAILED_LOAD);
  assert.deepEqual(refused, [`412 /v1/decisions/${id}`]);
});

test("a stored <script> in a decision's Markdown never runs", async (t) => {
  const env = await appEnv(t);
  const made = await env.rest("POST", "/decisions", {
    title: "<script>window.__pwned = 'title'</script>",
    context: "<script>window.__pwned = 'context'</script>\n\n<img src=x onerror=\"window.__pwned='img'\">",
    decision: "[click](javascript:window.__pwned='link')",
  });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const refused = refusals(page);
  await page.goto(`${env.baseUrl}/acme/decisions/${made.body.id}`);
  await visible(page, page.getByRole("heading", { name: "<script>window.__pwned = 'title'</script>" }));
  await visible(
    page,
    page
      .getByRole("region", { name: "Context (preview)" })
      .getByText("<script>window.__pwned = 'context'</script>"),
  );
  assert.equal(await page.locator(".markdown script, .markdown img").count(), 0);
  const link = page.getByRole("region", { name: "Decision (preview)" }).locator("a");
  assert.equal(await link.count(), 0, "a javascript: link is not made a link");
  await page.goto(`${env.baseUrl}/acme/decisions`);
  await visible(page, page.getByText("<script>window.__pwned = 'title'</script>"));
  assert.equal(await page.evaluate("typeof window.__pwned"), "undefined");
  assertNoErrors(errors, FAILED_LOAD);
  assert.deepEqual(refused, []);
});

test("notes: a folder and a note in it, edited; the tree by keyboard; a change made elsewhere appears", async (t) => {
  const env = await appEnv(t);
  const ENG1 = await issue(env, "Write the API guide");
  await env.rest("POST", "/notes", { title: "Welcome", body: "Start here." });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const refused = refusals(page);
  await page.goto(`${env.baseUrl}/acme/notes`);
  const tree = page.getByRole("tree", { name: "Notes and folders" });
  await visible(page, tree.getByRole("treeitem", { name: "Welcome" }));

  await page.getByRole("button", { name: "New folder" }).click();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await dialog.getByRole("button", { name: "Create folder" }).click();
  await visible(page, dialog.getByText("Give the folder a name."));
  await dialog.getByLabel("Name").fill("Design");
  await dialog.getByRole("button", { name: "Create folder" }).click();
  const design = tree.getByRole("treeitem", { name: "Design" });
  await visible(page, design);
  // a sibling of the same name is refused, next to the field
  await page.getByRole("button", { name: "New folder" }).click();
  await dialog.getByLabel("Name").fill("design");
  await dialog.getByLabel("Inside").selectOption({ label: "Top level" });
  await dialog.getByRole("button", { name: "Create folder" }).click();
  await visible(page, dialog.locator(".field-error"));
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // a note in the folder (the new folder is the current one)
  await design.click();
  await page.getByRole("button", { name: "New note" }).click();
  await page.waitForURL(/\/acme\/notes\/new\?folder=fld_/);
  assert.equal(await page.getByLabel("Folder").locator("option:checked").innerText(), "Design");
  await page.getByRole("textbox", { name: "Title" }).fill("API style");
  await page.getByRole("textbox", { name: "Body" }).fill("# Resources\n\nUse **nouns** for paths.");
  await page
    .getByRole("group", { name: "Body: write or preview" })
    .getByRole("button", { name: "Preview" })
    .click();
  await visible(
    page,
    page.getByRole("region", { name: "Body (preview)" }).getByRole("heading", { name: "Resources" }),
  );
  await page.getByRole("button", { name: "+ Link issue" }).click();
  await page.getByRole("combobox", { name: "Find an issue to link" }).fill("API guide");
  await page.getByRole("option", { name: new RegExp(ENG1) }).click();
  await page.getByRole("button", { name: /Create note/ }).click();
  await page.waitForURL(/\/acme\/notes\/note_/);
  const id = page.url().split("/").at(-1)!;
  const note = tree.getByRole("treeitem", { name: "API style" });
  await visible(page, note);
  assert.equal(await note.getAttribute("aria-level"), "2");
  assert.equal(await design.getAttribute("aria-expanded"), "true");
  const created = await env.rest("GET", `/notes/${id}`);
  assert.equal(created.body.folder.name, "Design");
  assert.deepEqual(
    created.body.issues.map((i: { identifier: string }) => i.identifier),
    [ENG1],
  );

  // edit it
  await page
    .getByRole("group", { name: "Body: write or preview" })
    .getByRole("button", { name: "Write" })
    .click();
  await page.getByRole("textbox", { name: "Body" }).fill("# Resources\n\nUse **plural nouns** for paths.");
  await page.getByRole("button", { name: /^Save/ }).click();
  await saved(page);
  const edited = await env.rest("GET", `/notes/${id}`);
  assert.equal(edited.body.body, "# Resources\n\nUse **plural nouns** for paths.");
  assert.equal(edited.body.version, 2);
  await shot(page, "notes-tree");

  // by keyboard: Home, ↓ to the note, ← to its folder, ← closes it, ↓ to Welcome, Enter opens it
  await note.focus();
  await page.keyboard.press("ArrowLeft");
  assert.equal(
    await page.evaluate('document.activeElement?.querySelector(".tree-label")?.textContent'),
    "Design",
  );
  await page.keyboard.press("ArrowLeft");
  await shows(page, '[role="treeitem"]', 2);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await visible(page, page.getByRole("heading", { name: "Welcome" }));
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  await visible(page, note);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await visible(page, page.getByRole("heading", { name: "API style" }));

  // renamed elsewhere while the body is being edited: the tree and the page follow without reload,
  // the unsaved body stays, and saving keeps both changes
  await page
    .getByRole("group", { name: "Body: write or preview" })
    .getByRole("button", { name: "Write" })
    .click();
  await page.getByRole("textbox", { name: "Body" }).fill("Draft in progress.");
  await env.rest("PATCH", `/notes/${id}`, { title: "API style guide" });
  await visible(page, tree.getByRole("treeitem", { name: "API style guide" }));
  await visible(page, page.getByRole("heading", { name: "API style guide" }));
  await visible(page, page.getByText(/someone else changed title: theirs is shown, yours is kept/));
  assert.equal(await page.getByRole("textbox", { name: "Body" }).inputValue(), "Draft in progress.");
  assert.equal(await page.getByRole("textbox", { name: "Title" }).inputValue(), "API style guide");
  // leaving with unsaved changes asks first; staying keeps them
  await tree.getByRole("treeitem", { name: "Welcome" }).click();
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await visible(page, leave);
  await leave.getByRole("button", { name: "Stay" }).click();
  await leave.waitFor({ state: "detached" });
  assert.match(page.url(), new RegExp(`/acme/notes/${id}$`));
  assert.equal(await page.getByRole("textbox", { name: "Body" }).inputValue(), "Draft in progress.");
  await page.getByRole("textbox", { name: "Body" }).focus();
  await page.keyboard.press("Control+Enter");
  await saved(page);
  const both = await env.rest("GET", `/notes/${id}`);
  assert.equal(both.body.title, "API style guide");
  assert.equal(both.body.body, "Draft in progress.");
  // rename the folder from its menu
  await design.click();
  await page.getByRole("button", { name: "Folder actions: Design" }).click();
  await page.getByRole("menuitem", { name: /Rename/ }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("Design docs");
  await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
  await visible(page, tree.getByRole("treeitem", { name: "Design docs" }));
  // move it, with its note, into another folder
  await page.getByRole("button", { name: "New folder" }).click();
  await page.getByRole("dialog").getByLabel("Inside").selectOption({ label: "Top level" });
  await page.getByRole("dialog").getByLabel("Name").fill("Archive");
  await page.getByRole("dialog").getByRole("button", { name: "Create folder" }).click();
  await visible(page, tree.getByRole("treeitem", { name: "Archive" }));
  await tree.getByRole("treeitem", { name: "Design docs" }).click();
  await page.getByRole("button", { name: "Folder actions: Design docs" }).click();
  await page.getByRole("menuitem", { name: "Move to…" }).click();
  const move = page.getByRole("dialog", { name: "Move “Design docs”" });
  // a folder cannot go into itself
  assert.deepEqual(await move.getByLabel("Move into").locator("option").allTextContents(), [
    "Top level",
    "Archive",
  ]);
  await move.getByLabel("Move into").selectOption({ label: "Archive" });
  await move.getByRole("button", { name: "Move" }).click();
  await move.waitFor({ state: "detached" });
  await visible(
    page,
    tree.getByRole("treeitem", { name: "Design docs" }).and(page.locator('[aria-level="2"]')),
  );
  const moved = await env.rest("GET", "/folders");
  const archive = moved.body.data.find((f: { name: string }) => f.name === "Archive");
  assert.equal(moved.body.data.find((f: { name: string }) => f.name === "Design docs").parent_id, archive.id);
  const dark = await signedIn(browser, env, env.ada.id, { colorScheme: "dark" });
  await dark.page.goto(`${env.baseUrl}/acme/notes/${id}`);
  await visible(dark.page, dark.page.getByRole("treeitem", { name: "API style guide" }));
  await shot(dark.page, "notes-tree-dark");
  assertNoErrors(errors, FAILED_LOAD);
  assert.deepEqual(refused, ["409 /v1/folders"]);
});

test("search finds issues, decisions and notes with highlighted snippets, the query in the URL", async (t) => {
  const env = await appEnv(t);
  await issue(env, "Migrate the billing ledger");
  await env.rest("POST", "/decisions", {
    title: "One ledger per workspace",
    context: "Each workspace keeps its own ledger of charges.",
  });
  await env.rest("POST", "/notes", {
    title: "Runbook",
    body: "If the ledger drifts, rebuild it from events.",
  });
  await env.rest("POST", "/notes", { title: "Unrelated", body: "Nothing to see." });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const refused = refusals(page);
  await page.goto(`${env.baseUrl}/acme/issues`);
  await page.locator("main").waitFor();
  await page.waitForTimeout(300);
  await page.keyboard.press("/");
  await page.waitForURL(/\/acme\/search/);
  const field = page.getByRole("searchbox", { name: /Search issues, decisions/ });
  await field.waitFor();
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: PageDocument }).document.activeElement?.getAttribute("type") ===
      "search",
  );
  // type-ahead: the last word matches as a prefix
  await page.keyboard.type("ledg");
  await page.waitForURL(/q=ledg/);
  const results = page.getByRole("list", { name: "Results" }).getByRole("listitem");
  await shows(page, ".search-result:not(.skeleton)", 3);
  const texts = (await results.allInnerTexts()).join("\n");
  assert.match(texts, /issue[\s\S]*ENG-1[\s\S]*Migrate the billing ledger/i);
  assert.match(texts, /decision[\s\S]*One ledger per workspace/i);
  assert.match(texts, /note[\s\S]*Runbook/i);
  assert.ok((await page.locator(".search-snippet mark").count()) >= 2, "matched words are highlighted");
  assert.equal((await page.locator(".search-snippet mark").first().innerText()).toLowerCase(), "ledger");
  await shot(page, "search-results");

  // kinds as chips, in the URL
  await page.getByRole("button", { name: "Notes" }).click();
  await page.waitForURL(/type=note/);
  await shows(page, ".search-result", 1);
  // a change made elsewhere shows in the results without reload
  await env.rest("POST", "/notes", { title: "Ledger glossary", body: "Words." });
  await shows(page, ".search-result", 2);
  // the URL is a shareable search
  await page.reload();
  await field.waitFor();
  assert.equal(await field.inputValue(), "ledg");
  await shows(page, ".search-result", 2);
  await page.getByRole("link", { name: "Runbook" }).click();
  await page.waitForURL(/\/acme\/notes\/note_/);
  await visible(page, page.getByRole("heading", { name: "Runbook" }));

  // typing on across the URL's updates loses no letter
  await page.goto(`${env.baseUrl}/acme/search?q=ledger`);
  await field.waitFor();
  await field.press("End");
  for (const ch of " rebuild dri") {
    await page.keyboard.type(ch);
    await page.waitForTimeout(60 + Math.round(Math.random() * 200));
  }
  await page.waitForURL(/q=ledger(\+|%20)rebuild(\+|%20)dri$/);
  assert.equal(await field.inputValue(), "ledger rebuild dri");
  await shows(page, ".search-result", 1);

  // nothing found says so
  await page.goto(`${env.baseUrl}/acme/search?q=zebra`);
  await visible(page, page.getByText("Nothing matches “zebra”"));
  assertNoErrors(errors, FAILED_LOAD);
  assert.deepEqual(refused, []);
});

test("another workspace's decisions, notes and search results are never shown", async (t) => {
  const env = await appEnv(t);
  const decision = await env.rest("POST", "/decisions", { title: "Acme's secret ledger plan" });
  const note = await env.rest("POST", "/notes", { title: "Acme's ledger runbook", body: "ledger" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const refused = refusals(page);
  await page.goto(`${env.baseUrl}/side/decisions`);
  await visible(page, page.getByText("No decisions yet"));
  await page.goto(`${env.baseUrl}/side/decisions/${decision.body.id}`);
  await visible(page, page.getByRole("heading", { name: "Decision not found" }));
  await page.goto(`${env.baseUrl}/side/notes/${note.body.id}`);
  await visible(page, page.getByRole("heading", { name: "Note not found" }));
  assert.equal(await page.getByRole("tree").count(), 0, "side has no notes to show");
  await page.goto(`${env.baseUrl}/side/search?q=ledger`);
  await visible(page, page.getByText("Nothing matches “ledger”"));
  assert.equal(await page.getByText(/Acme's/).count(), 0);
  assertNoErrors(errors, FAILED_LOAD);
  // (the first connection of the live stream may read them once more)
  assert.deepEqual(
    [...new Set(refused)],
    [`404 /v1/decisions/${decision.body.id}`, `404 /v1/notes/${note.body.id}`],
  );
});

test("the decision list and search results come a page at a time", async (t) => {
  const env = await appEnv(t);
  for (let i = 1; i <= 55; i++) {
    const res = await env.rest("POST", "/decisions", {
      title: `Paging decision ${String(i).padStart(2, "0")}`,
    });
    assert.equal(res.status, 201);
  }
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/decisions`);
  await shows(page, ".doc-list a.doc-row", 50);
  // newest first
  assert.match(await page.locator(".doc-list a.doc-row").first().innerText(), /Paging decision 55/);
  await page.getByRole("button", { name: "Show more decisions" }).click();
  await shows(page, ".doc-list a.doc-row", 55);
  assert.match(await page.locator(".doc-list a.doc-row").last().innerText(), /Paging decision 01/);
  assert.equal(await page.getByRole("button", { name: "Show more decisions" }).count(), 0);

  await page.goto(`${env.baseUrl}/acme/search?q=paging`);
  await shows(page, ".search-result", 20);
  await page.getByRole("button", { name: "Show more results" }).click();
  await shows(page, ".search-result", 40);
  await page.getByRole("button", { name: "Show more results" }).click();
  await shows(page, ".search-result", 55);
  assert.equal(await page.getByRole("button", { name: "Show more results" }).count(), 0);
  const titles = await page.locator(".search-title").allInnerTexts();
  assert.equal(new Set(titles).size, 55, "no result twice");
  assertNoErrors(errors);
});
