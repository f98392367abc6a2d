/**
 * The issue page as a person uses it: editing in place, properties by keyboard, dependencies and the
 * blocker graph, ice and thaw, files dropped on the page, live changes, a 412 conflict settled with
 * nothing lost, and stored script never running.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { type AppEnv, appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

async function newIssue(env: AppEnv, body: Record<string, unknown>) {
  const answer = await env.rest("POST", "/issues", body);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body as { id: string; identifier: string; title: string; version: number };
}

async function read(env: AppEnv, key: string) {
  const answer = await env.rest("GET", `/issues/${key}`);
  assert.equal(answer.status, 200);
  return answer.body;
}

/** The issue as the service has it once `check` holds (the page shows a change before it is saved). */
async function until(env: AppEnv, key: string, check: (issue: Json) => boolean) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const issue = await read(env, key);
    if (check(issue)) return issue;
    if (Date.now() > deadline) assert.fail(`${key} never became as expected: ${JSON.stringify(issue)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each test reads what it needs
type Json = any;

function properties(page: Page) {
  return page.getByRole("complementary", { name: "Properties" });
}

async function open(page: Page, env: AppEnv, key: string) {
  await page.goto(`${env.baseUrl}/acme/issue/${key}`);
  await properties(page)
    .getByRole("button", { name: /^Status: / })
    .waitFor();
}

test("the issue page shows an issue with its properties, dependencies and graph (light and dark)", async (t) => {
  const env = await appEnv(t);
  const schema = await newIssue(env, { title: "Design the schema", status: "in_progress" });
  const upstream = await newIssue(env, { title: "Agree on the field names", blocks: [schema.id] });
  const issue = await newIssue(env, {
    title: "Import issues from the old tracker",
    description: "Move the **1,200** open issues over.\n\n- keep history\n- keep `labels`",
    priority: "high",
    labels: ["backend", "import"],
    estimate: 3,
    due_date: "2026-03-20",
    blockedBy: [schema.id],
  });
  const after = await newIssue(env, { title: "Switch the old tracker off", blockedBy: [issue.id] });
  const browser = await launch(t);
  for (const scheme of ["light", "dark"] as const) {
    const { page, errors } = await signedIn(browser, env, env.ada.id, { colorScheme: scheme });
    await open(page, env, issue.identifier);
    await page.getByRole("heading", { name: /Import issues from the old tracker/ }).waitFor();
    const props = properties(page);
    for (const name of [
      "Status: Backlog",
      "Priority: High",
      "Assignee: Unassigned",
      "Labels: backend, import",
      "Estimate: 3 points",
      "Parent: none",
      "Cycle: none",
      "Milestone: none",
    ]) {
      await props.getByRole("button", { name }).waitFor();
    }
    assert.equal(await props.getByLabel("Due date", { exact: true }).inputValue(), "2026-03-20");
    await props.getByText("Blocked by 1").waitFor();
    // the graph: two steps upstream (the blocker's own blocker) and one downstream, each node a link
    const graph = page.getByRole("figure", { name: `Blockers of ${issue.identifier}` });
    for (const i of [schema, upstream, after]) {
      await graph.getByRole("link", { name: new RegExp(`^${i.identifier}, ${i.title}`) }).waitFor();
    }
    const caption = (await graph.locator("figcaption").textContent()) ?? "";
    assert.match(caption, new RegExp(`${schema.identifier} blocks ${issue.identifier}`));
    assert.match(caption, new RegExp(`${upstream.identifier} blocks ${schema.identifier}`));
    await shot(page, `issue-page-${scheme}`);
    await graph.scrollIntoViewIfNeeded();
    await shot(page, `issue-graph-${scheme}`);
    // a node leads to its issue's page, by keyboard
    const node = graph.getByRole("link", { name: new RegExp(`^${schema.identifier},`) });
    await node.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/acme/issue/${schema.identifier}$`));
    await page.getByRole("heading", { name: /Design the schema/ }).waitFor();
    assertNoErrors(errors);
    await page.context().close();
  }
});

test("title and description are edited in place: click or E, preview, Escape cancels, Ctrl+Enter saves", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Old title", description: "Old text" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);

  // a click on the title opens the editor with the title focused
  await page.getByRole("heading", { name: "Old title" }).getByRole("button", { name: "Old title" }).click();
  const title = page.getByLabel("Title", { exact: true });
  await title.waitFor();
  assert.equal(await page.evaluate("document.activeElement?.id"), "issue-title-input");
  await title.fill("Changed, then thought better of it");
  await page.keyboard.press("Escape");
  await page.getByRole("heading", { name: "Old title" }).waitFor();
  assert.equal((await read(env, issue.identifier)).title, "Old title", "Escape saved nothing");

  // `e` edits; Preview shows the Markdown; Ctrl+Enter saves both
  await page.locator("body").press("e");
  await title.fill("New title");
  await page.getByRole("tab", { name: "Write" }).waitFor();
  const body = page.getByLabel("Description", { exact: true });
  await body.fill("Now with **bold** and a list:\n\n- one\n- two");
  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await preview.locator("strong", { hasText: "bold" }).waitFor();
  await page.getByRole("tab", { name: "Write" }).click();
  await body.press("Control+Enter");
  await page.getByRole("heading", { name: "New title" }).waitFor();
  await page.locator(".ip-description strong", { hasText: "bold" }).waitFor();
  const saved = await until(env, issue.identifier, (i) => i.title === "New title");
  assert.equal(saved.description, "Now with **bold** and a list:\n\n- one\n- two");

  // a click on the description opens the editor there; an empty title is refused next to the field
  await page.locator(".ip-description").click();
  await body.waitFor();
  assert.equal(await page.evaluate("document.activeElement?.id"), "issue-description-input");
  await title.fill("  ");
  await title.press("Control+Enter");
  await page.getByText("must not be empty").waitFor();
  assert.equal((await read(env, issue.identifier)).title, "New title");
  await page.keyboard.press("Escape");

  // the activity says who changed what
  const activity = page.getByRole("region", { name: "Activity" });
  await activity.getByText("changed title from Old title to New title").waitFor();
  assertNoErrors(errors);
});

test("status, priority, labels and assignee change with the keyboard (s, p, l, a)", async (t) => {
  const env = await appEnv(t);
  await newIssue(env, { title: "Labelled", labels: ["frontend", "ux"] });
  const issue = await newIssue(env, { title: "Keyboard only", labels: ["ux"] });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);
  const props = properties(page);

  // s: the status list, filtered by typing, Enter chooses
  await page.locator("body").press("s");
  const statusFilter = page.getByRole("combobox", { name: "Status: filter" });
  await statusFilter.waitFor();
  await statusFilter.fill("progr");
  await statusFilter.press("Enter");
  await props.getByRole("button", { name: "Status: In progress" }).waitFor();
  // focus went back to the control, which Enter reopens
  await page.waitForFunction('document.activeElement?.getAttribute("aria-label") === "Status: In progress"');

  // p: arrows move, Enter chooses
  await page.locator("body").press("p");
  const priorityFilter = page.getByRole("combobox", { name: "Priority: filter" });
  await priorityFilter.waitFor();
  await priorityFilter.press("Home");
  await priorityFilter.press("Enter");
  await props.getByRole("button", { name: "Priority: Urgent" }).waitFor();

  // l: labels in use are offered; a new one is made from free text; several stay open
  await page.locator("body").press("l");
  const labelFilter = page.getByRole("combobox", { name: "Labels: filter" });
  await labelFilter.waitFor();
  await page.getByRole("option", { name: "frontend" }).waitFor();
  await labelFilter.fill("front");
  await labelFilter.press("Enter");
  await props.getByRole("button", { name: "Labels: ux, frontend" }).waitFor();
  await labelFilter.fill("needs design");
  await page.getByRole("option", { name: "Create label “needs design”" }).waitFor();
  await labelFilter.press("Enter");
  await props.getByRole("button", { name: "Labels: ux, frontend, needs design" }).waitFor();
  await labelFilter.fill("ux");
  await labelFilter.press("Enter");
  await props.getByRole("button", { name: "Labels: frontend, needs design" }).waitFor();
  await page.keyboard.press("Escape");

  // a: members and agent connections; me first
  await page.locator("body").press("a");
  const assigneeFilter = page.getByRole("combobox", { name: "Assignee: filter" });
  await assigneeFilter.waitFor();
  await page.getByRole("option", { name: "Ada Lovelace (me)" }).waitFor();
  await assigneeFilter.fill("ada");
  await assigneeFilter.press("Enter");
  await props.getByRole("button", { name: "Assignee: Ada Lovelace" }).waitFor();

  const saved = await until(
    env,
    issue.identifier,
    (i) =>
      i.assignee !== null && i.priority === "urgent" && i.labels.length === 2 && i.status === "in_progress",
  );
  assert.equal(saved.status, "in_progress");
  assert.equal(saved.priority, "urgent");
  assert.deepEqual(saved.labels, ["frontend", "needs design"]);
  assert.equal(saved.assignee?.id, env.ada.id);

  // the activity tells the changes apart, made in the web app by Ada
  const activity = page.getByRole("region", { name: "Activity" });
  await activity.getByText("changed status from Backlog to In progress").waitFor();
  await activity.getByText("set assignee to Ada Lovelace").waitFor();
  assertNoErrors(errors);
});

test("a picker opened by its key right after another closes stays open: the closed one's focus return does not take it back", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Quick keys", labels: ["ux"] });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);
  const props = properties(page);

  await page.locator("body").press("l");
  await page.getByRole("combobox", { name: "Labels: filter" }).waitFor();
  // Escape, then `a` before the next task: the labels picker gives focus back to its button a task after
  // it closes (a loaded browser may run that after the next key, as input comes first), so that return
  // lands once the assignee picker is open.
  await page.evaluate(`(async () => {
    const key = (target, k) =>
      target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
    key(document.activeElement, "Escape");
    // the page renders the close in a microtask; the next key comes right after it
    for (let i = 0; i < 3; i++) await new Promise((resolve) => queueMicrotask(resolve));
    key(document.body, "a");
  })()`);
  const assigneeFilter = page.getByRole("combobox", { name: "Assignee: filter" });
  await assigneeFilter.waitFor();
  await page.waitForTimeout(300);
  assert.equal(await assigneeFilter.count(), 1, "the assignee picker is still open");
  assert.equal(
    await page.evaluate('document.activeElement?.getAttribute("aria-label")'),
    "Assignee: filter",
    "focus stays in the picker just opened",
  );
  await assigneeFilter.fill("ada");
  await assigneeFilter.press("Enter");
  await props.getByRole("button", { name: "Assignee: Ada Lovelace" }).waitFor();
  // closing by Escape still gives focus back to the property's button
  await page.locator("body").press("s");
  const statusFilter = page.getByRole("combobox", { name: "Status: filter" });
  await statusFilter.waitFor();
  await statusFilter.press("Escape");
  await page.waitForFunction('document.activeElement?.getAttribute("aria-label")?.startsWith("Status: ")');
  assertNoErrors(errors);
});

test("adding a blocker makes the issue blocked and draws it; the blocker closing elsewhere makes it ready", async (t) => {
  const env = await appEnv(t);
  const blocker = await newIssue(env, { title: "Write the migration", status: "todo" });
  const issue = await newIssue(env, { title: "Ship the importer", status: "todo" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);
  const props = properties(page);
  await props.getByText("Ready", { exact: true }).waitFor();

  await page.getByRole("button", { name: "Add blocker: find an issue" }).click();
  const find = page.getByRole("combobox", { name: "Add blocker: filter" });
  await find.fill(blocker.identifier);
  await page.getByRole("option", { name: new RegExp(`${blocker.identifier} Write the migration`) }).waitFor();
  await find.press("Enter");
  await props.getByText("Blocked by 1").waitFor();
  const blockedBy = page.getByRole("list", { name: "Blocked by" });
  await blockedBy.getByRole("link", { name: new RegExp(blocker.identifier) }).waitFor();
  const graph = page.getByRole("figure", { name: `Blockers of ${issue.identifier}` });
  await graph.getByRole("link", { name: new RegExp(`^${blocker.identifier},`) }).waitFor();
  const saved = await until(env, issue.identifier, (i) => i.blockedBy.length === 1);
  assert.deepEqual(
    saved.blockedBy.map((b: { id: string }) => b.id),
    [blocker.id],
  );
  assert.equal(saved.ready, false);

  // the blocker is done elsewhere: its status and the readiness change here, live
  assert.equal((await env.rest("PATCH", `/issues/${blocker.identifier}`, { status: "done" })).status, 200);
  await props.getByText("Ready", { exact: true }).waitFor({ timeout: 5000 });
  await blockedBy.getByText("Done").waitFor();

  // removed again
  await page.getByRole("button", { name: `Remove ${blocker.identifier} from blocked by` }).click();
  await page.getByText("Nothing blocks this issue.").waitFor();
  await until(env, issue.identifier, (i) => i.blockedBy.length === 0);
  assertNoErrors(errors);
});

test("ice and thaw: the issue leaves ready work and comes back to its status", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Maybe later", status: "todo" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);
  const props = properties(page);
  await page.getByRole("button", { name: "Put on ice" }).click();
  await props.getByRole("button", { name: "Status: Iced" }).waitFor();
  await page.getByText("This issue is on ice").waitFor();
  await props.getByText("Iced: not in ready work").waitFor();
  await until(env, issue.identifier, (i) => i.status === "iced");
  const ready = await env.rest("GET", "/issues?ready=true");
  assert.equal(
    ready.body.data.some((i: { id: string }) => i.id === issue.id),
    false,
  );

  await page.getByRole("button", { name: "Thaw" }).click();
  await props.getByRole("button", { name: "Status: Todo" }).waitFor();
  const thawed = await until(env, issue.identifier, (i) => i.status !== "iced");
  assert.equal(thawed.status, "todo");
  assert.equal(thawed.ready, true);
  await page.getByRole("region", { name: "Activity" }).getByText("put it on ice").waitFor();
  assertNoErrors(errors);
});

test("a file dropped on the page uploads with progress, then is listed and downloads", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Attach the design" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);
  // hold the bytes a moment on their way, so the progress is there to see
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/files/upload/**", async (route) => {
    await held;
    await route.continue();
  });

  const size = 300_000;
  // (the page's own code, as text: the tests are type-checked without the DOM's types)
  const dataTransfer = await page.evaluateHandle(`(() => {
    const bytes = new Uint8Array(${size});
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], "design.pdf", { type: "application/pdf" }));
    return dt;
  })()`);
  await page.dispatchEvent(".ip-page", "dragenter", { dataTransfer });
  await page.getByText(`Drop files to attach them to ${issue.identifier}`).waitFor();
  await page.dispatchEvent(".ip-page", "drop", { dataTransfer });
  await page.getByRole("progressbar", { name: "Uploading design.pdf" }).waitFor();
  await page.getByRole("region", { name: /^Files/ }).scrollIntoViewIfNeeded();
  await shot(page, "issue-upload-progress");
  release();
  const files = page.getByRole("list", { name: "Attached files" });
  const link = files.getByRole("link", { name: "design.pdf" });
  await link.waitFor();
  await page.getByRole("progressbar", { name: "Uploading design.pdf" }).waitFor({ state: "detached" });
  await files.getByText("293 KB").waitFor();

  const href = await link.getAttribute("href");
  assert.ok(href);
  const download = await page.request.get(href);
  assert.equal(download.status(), 200);
  const bytes = await download.body();
  assert.equal(bytes.length, size);
  assert.equal(bytes[1000], 1000 % 251);
  const listed = await env.rest("GET", `/files?issue=${issue.identifier}`);
  assert.deepEqual(
    listed.body.data.map((f: { name: string }) => f.name),
    ["design.pdf"],
  );

  // the Attach files button does the same (its file input)
  await page.getByLabel("Files to attach").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await files.getByRole("link", { name: "notes.txt" }).waitFor();
  assertNoErrors(errors);
});

test("a change made through the REST API appears in the open page without reload", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Watched", status: "todo" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);
  await page.evaluate("window.marker = 1");
  const props = properties(page);
  const started = Date.now();
  const changed = await env.rest("PATCH", `/issues/${issue.identifier}`, {
    title: "Watched, and renamed elsewhere",
    status: "in_review",
    labels: ["live"],
  });
  assert.equal(changed.status, 200);
  await page.getByRole("heading", { name: "Watched, and renamed elsewhere" }).waitFor({ timeout: 3000 });
  await props.getByRole("button", { name: "Status: In review" }).waitFor({ timeout: 3000 });
  await props.getByRole("button", { name: "Labels: live" }).waitFor({ timeout: 3000 });
  const elapsed = Date.now() - started;
  t.diagnostic(`a REST change appeared in the open issue page after ${elapsed} ms`);
  assert.ok(elapsed < 3000);
  // the same page, not a reload
  assert.equal(await page.evaluate("window.marker"), 1);
  // the activity names the token it came through
  await page
    .getByRole("region", { name: "Activity" })
    .getByText("Ada Lovelace (API token)")
    .first()
    .waitFor();
  assertNoErrors(errors);
});

test("a change committed after the page's first read but before its event stream connects is still shown", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Read before the stream", status: "todo" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  // the stream's request is held back until the change below has committed
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route("**/v1/events/stream*", async (route) => {
    held++;
    await released;
    await route.continue();
  });
  await open(page, env, issue.identifier);
  const changed = await env.rest("PATCH", `/issues/${issue.identifier}`, {
    title: "Changed before the stream connected",
  });
  assert.equal(changed.status, 200);
  for (const until = Date.now() + 3000; held === 0 && Date.now() < until; )
    await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(held >= 1, "the page asked for its event stream");
  release();
  await page.getByRole("heading", { name: "Changed before the stream connected" }).waitFor({ timeout: 3000 });
  assertNoErrors(errors);
});

test("a conflicting edit: the change elsewhere is announced, the 412 shows theirs and mine, and nothing is lost", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Shared", description: "First version" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);

  // I edit the description; meanwhile it changes elsewhere
  await page.locator(".ip-description").click();
  const body = page.getByLabel("Description", { exact: true });
  await body.fill("My version, typed here");
  const theirs = await env.rest("PATCH", `/issues/${issue.identifier}`, { description: "Their version" });
  assert.equal(theirs.status, 200);
  const notice = page.getByRole("alert").filter({ hasText: "while you were editing" });
  await notice.getByText("Changed by Ada Lovelace (API token) while you were editing").waitFor();
  await notice.getByText("Their version").waitFor();
  await shot(page, "issue-changed-while-editing");
  // my text is untouched
  assert.equal(await body.inputValue(), "My version, typed here");

  // saving anyway: the service refuses (412) and the panel shows both
  await body.press("Control+Enter");
  const panel = page.getByRole("region", { name: /changed the description since you read it/ });
  await panel.waitFor();
  await panel.getByText("Their version").waitFor();
  await panel.getByText("My version, typed here").waitFor();
  await shot(page, "issue-conflict");
  assert.equal((await read(env, issue.identifier)).description, "Their version");

  // Keep mine: read again, sent with the new ETag
  await panel.getByRole("button", { name: "Keep mine (overwrite)" }).click();
  await panel.waitFor({ state: "detached" });
  await page.locator(".ip-description", { hasText: "My version, typed here" }).waitFor();
  await until(env, issue.identifier, (i) => i.description === "My version, typed here");

  // again on the title, choosing theirs this time
  await page.locator("body").press("e");
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("My title");
  assert.equal(
    (await env.rest("PATCH", `/issues/${issue.identifier}`, { title: "Their title" })).status,
    200,
  );
  await page.getByText("while you were editing").waitFor();
  await title.press("Control+Enter");
  const titlePanel = page.getByRole("region", { name: /changed the title since you read it/ });
  await titlePanel.getByText("My title").waitFor();
  await titlePanel.getByRole("button", { name: "Use theirs" }).click();
  await page.getByRole("heading", { name: "Their title" }).waitFor();
  assert.equal((await read(env, issue.identifier)).title, "Their title");

  // a change elsewhere to a field I did not touch does not conflict: mine is saved over it
  await page.locator("body").press("e");
  await title.fill("Mine again");
  assert.equal((await env.rest("PATCH", `/issues/${issue.identifier}`, { priority: "low" })).status, 200);
  await properties(page).getByRole("button", { name: "Priority: Low" }).waitFor();
  await title.press("Control+Enter");
  await page.getByRole("heading", { name: "Mine again" }).waitFor();
  const final = await until(env, issue.identifier, (i) => i.title === "Mine again");
  assert.equal(final.priority, "low");
  assertNoErrors(errors, [/^response: 412 (PATCH|POST) /]);
});

test("a stored <script> or <img onerror> in a title or description never runs", async (t) => {
  const env = await appEnv(t);
  const evil = '<script>window.__pwned = "script"</script><img src=x onerror="window.__pwned = \'img\'">';
  const other = await newIssue(env, { title: `Blocker ${evil}` });
  const issue = await newIssue(env, {
    title: `Title ${evil}`,
    description: `Text ${evil}\n\n[click](javascript:window.__pwned='link')\n\n<iframe src="javascript:alert(1)"></iframe>`,
    blockedBy: [other.id],
  });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await open(page, env, issue.identifier);
  // shown as text
  await page.getByRole("heading", { name: /Title <script>window.__pwned/ }).waitFor();
  await page.locator(".ip-description", { hasText: "<img src=x onerror=" }).waitFor();
  await page
    .getByRole("figure", { name: `Blockers of ${issue.identifier}` })
    .locator("svg")
    .waitFor();
  // the preview renders the same Markdown safely
  await page.locator("body").press("e");
  await page.getByRole("tab", { name: "Preview" }).click();
  await page
    .getByRole("tabpanel", { name: "Preview" })
    .getByText("<script>", { exact: false })
    .first()
    .waitFor();
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate("window.__pwned"), undefined);
  assert.equal(await page.locator(".ip-page script, .ip-page img[onerror], .ip-page iframe").count(), 0);
  const href = await page.locator(".ip-description a", { hasText: "click" }).count();
  assert.equal(href, 0, "a javascript: link is not made a link");
  assert.deepEqual(dialogs, []);
  assertNoErrors(errors);
});

test("an agent connection can be assigned, and its changes are told apart from people's", async (t) => {
  const env = await appEnv(t);
  const claude = await createConnection(env.core, {
    kind: "agent",
    workspaceId: env.acme.id,
    personId: env.ada.id,
    name: "Claude",
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(env.core, claude);
  const issue = await newIssue(env, { title: "For the agent" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);
  const props = properties(page);

  await page.locator("body").press("a");
  const filter = page.getByRole("combobox", { name: "Assignee: filter" });
  await filter.fill("claude");
  await page.getByRole("option", { name: /Claude \(agent for Ada Lovelace\)/ }).waitFor();
  await filter.press("Enter");
  await props.getByRole("button", { name: "Assignee: Claude (agent for Ada Lovelace)" }).waitFor();
  await until(env, issue.identifier, (i) => i.assignee?.id === claude.id);

  // the agent moves it along while I edit the title: announced by name, my text kept
  await page.locator("body").press("e");
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("For the agent, reworded");
  const moved = await fetch(`${env.baseUrl}/v1/issues/${issue.identifier}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ status: "in_progress", title: "Agent's title" }),
  });
  assert.equal(moved.status, 200);
  await page.getByText("Changed by Claude (agent for Ada Lovelace) while you were editing").waitFor();
  await props.getByRole("button", { name: "Status: In progress" }).waitFor();
  assert.equal(await title.inputValue(), "For the agent, reworded");
  await page.getByRole("button", { name: "Keep mine", exact: true }).click();
  await title.press("Control+Enter");
  await page.getByRole("heading", { name: "For the agent, reworded" }).waitFor();
  await until(env, issue.identifier, (i) => i.title === "For the agent, reworded");

  const activity = page.getByRole("region", { name: "Activity" });
  const agentEntry = activity.getByRole("listitem").filter({ hasText: "Claude (agent for Ada Lovelace)" });
  await agentEntry.getByText("agent", { exact: true }).waitFor();
  await agentEntry.getByText("changed status from Backlog to In progress").waitFor();
  await activity.getByText("set assignee to Claude (agent for Ada Lovelace)").waitFor();
  await activity.getByRole("listitem").filter({ hasText: "Ada Lovelace changed title" }).waitFor();
  assertNoErrors(errors);
});

test("Copy bundle puts the Markdown an agent reads on the clipboard; Add sub-issue creates one under it", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Parent work", description: "What the agent needs to know." });
  const browser = await launch(t);
  const { page, context, errors } = await signedIn(browser, env);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
  await open(page, env, issue.identifier);

  await page.getByRole("button", { name: "Copy bundle" }).click();
  await page.getByText(`Bundle of ${issue.identifier} copied`).waitFor();
  const copied = await page.evaluate<string>("navigator.clipboard.readText()");
  assert.match(copied, new RegExp(issue.identifier));
  assert.match(copied, /Parent work/);
  assert.match(copied, /What the agent needs to know\./);

  await page.getByRole("button", { name: "Add sub-issue" }).click();
  const dialog = page.getByRole("dialog", { name: "New issue" });
  await dialog.getByText(`Sub-issue of ${issue.identifier}`).waitFor();
  await dialog.getByLabel("Title").fill("Child work");
  await dialog.getByLabel("Title").press("Control+Enter");
  await dialog.waitFor({ state: "detached" });
  const subs = page.getByRole("list", { name: /Sub-issues/ });
  await subs.getByRole("link", { name: /Child work/ }).waitFor();
  const children = await env.rest("GET", `/issues?parent=${issue.identifier}`);
  assert.deepEqual(
    children.body.data.map((c: { title: string }) => c.title),
    ["Child work"],
  );
  assertNoErrors(errors);
});

test("a refused change is undone on the page with a message saying why", async (t) => {
  const env = await appEnv(t);
  const parent = await newIssue(env, { title: "The parent" });
  const child = await newIssue(env, { title: "The child", parent: parent.id });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, parent.identifier);
  const props = properties(page);
  await page
    .getByRole("list", { name: /Sub-issues/ })
    .getByRole("link", { name: /The child/ })
    .waitFor();

  // the parent's parent cannot be its own child
  await props.getByRole("button", { name: "Parent: none" }).click();
  const find = page.getByRole("combobox", { name: "Parent: filter" });
  await find.fill(child.identifier);
  await page.getByRole("option", { name: new RegExp(`${child.identifier} The child`) }).waitFor();
  await shot(page, "issue-picker");
  await find.press("Enter");
  await page.getByText(/Parent not saved, the change was undone: .*/).waitFor();
  await props.getByRole("button", { name: "Parent: none" }).waitFor();
  assert.equal((await read(env, parent.identifier)).parent, null);
  assertNoErrors(errors, [/^response: 400 PATCH /]);
});

test("linked decisions and notes are listed, and linked or unlinked from the page", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Pick a queue" });
  const linked = await env.rest("POST", "/decisions", {
    title: "Use PostgreSQL for the queue",
    status: "accepted",
    issues: [issue.id],
  });
  assert.equal(linked.status, 201);
  const other = await env.rest("POST", "/decisions", { title: "Retry with backoff", status: "proposed" });
  assert.equal(other.status, 201);
  const note = await env.rest("POST", "/notes", {
    title: "Queue benchmarks",
    body: "numbers",
    issues: [issue.id],
  });
  assert.equal(note.status, 201);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);

  const decisions = page.getByRole("list", { name: /^Decisions/ });
  await decisions.getByRole("link", { name: "Use PostgreSQL for the queue" }).waitFor();
  await page
    .getByRole("list", { name: /^Notes/ })
    .getByRole("link", { name: "Queue benchmarks" })
    .waitFor();

  await page.getByRole("button", { name: "Link decision: find a decision" }).click();
  const find = page.getByRole("combobox", { name: "Link decision: filter" });
  await find.fill("backoff");
  await page.getByRole("option", { name: /Retry with backoff/ }).waitFor();
  await find.press("Enter");
  await decisions.getByRole("link", { name: "Retry with backoff" }).waitFor();
  const read2 = await env.rest("GET", `/decisions/${other.body.id}`);
  assert.deepEqual(
    read2.body.issues.map((i: { id: string }) => i.id),
    [issue.id],
  );

  await page.getByRole("button", { name: "Unlink decision Use PostgreSQL for the queue" }).click();
  await decisions.getByRole("link", { name: "Use PostgreSQL for the queue" }).waitFor({ state: "detached" });
  const read1 = await env.rest("GET", `/decisions/${linked.body.id}`);
  assert.deepEqual(read1.body.issues, []);
  // the decision's link leads to its page
  await decisions.getByRole("link", { name: "Retry with backoff" }).click();
  await page.waitForURL(new RegExp(`/acme/decisions/${other.body.id}$`));
  assertNoErrors(errors);
});

test("an issue that is not there, or is another workspace's, is shown as not found", async (t) => {
  const env = await appEnv(t);
  const issue = await newIssue(env, { title: "Acme's own" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issue/ENG-999`);
  await page.getByRole("heading", { name: "ENG-999 not found" }).waitFor();
  // acme's issue through the other workspace's address
  await page.goto(`${env.baseUrl}/side/issue/${issue.identifier}`);
  await page.getByRole("heading", { name: `${issue.identifier} not found` }).waitFor();
  assert.equal(await page.getByText("Acme's own").count(), 0);
  assertNoErrors(errors, [/^response: 404 GET /]);
});

test("the new-issue dialog with Create more keeps focus in the title for the next one", async (t) => {
  const env = await appEnv(t);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issues`);
  await page.getByRole("navigation", { name: "Docket" }).waitFor();
  await page.locator("body").press("c");
  const dialog = page.getByRole("dialog", { name: "New issue" });
  const title = dialog.getByLabel("Title");
  await title.waitFor();
  await dialog.getByLabel("Create more").check();
  await title.fill("First of two");
  await title.press("Control+Enter");
  await page.getByText(/ENG-1 created: First of two/).waitFor();
  // still open, empty, focused: the next one is typed straight away
  assert.equal(await title.inputValue(), "");
  assert.equal(await page.evaluate("document.activeElement?.id"), "new-title");
  await page.keyboard.type("Second of two");
  await page.keyboard.press("Control+Enter");
  await page.getByText(/ENG-2 created: Second of two/).waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  const listed = await env.rest("GET", "/issues?sort=created");
  assert.deepEqual(
    listed.body.data.map((i: { title: string }) => i.title),
    ["First of two", "Second of two"],
  );
  assertNoErrors(errors);
});

test("estimate, due date, cycle and milestone are set from the properties", async (t) => {
  const env = await appEnv(t);
  const cycle = await env.rest("POST", "/cycles", {
    space: "ENG",
    name: "Cycle 7",
    starts_on: "2026-03-01",
    ends_on: "2026-03-14",
  });
  assert.equal(cycle.status, 201, JSON.stringify(cycle.body));
  const milestone = await env.rest("POST", "/milestones", { name: "Beta", target_date: "2026-04-01" });
  assert.equal(milestone.status, 201, JSON.stringify(milestone.body));
  const issue = await newIssue(env, { title: "Plan me" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await open(page, env, issue.identifier);
  const props = properties(page);

  await props.getByRole("button", { name: "Estimate: none" }).click();
  const estimate = page.getByRole("combobox", { name: "Estimate: filter" });
  await estimate.fill("4");
  await page.getByRole("option", { name: "4 points" }).waitFor();
  await estimate.press("Enter");
  await props.getByRole("button", { name: "Estimate: 4 points" }).waitFor();

  const due = props.getByLabel("Due date", { exact: true });
  await due.fill("2026-03-12");
  await due.press("Enter");
  await props.getByRole("button", { name: "Clear due date" }).waitFor();

  await props.getByRole("button", { name: "Cycle: none" }).click();
  const cycleFilter = page.getByRole("combobox", { name: "Cycle: filter" });
  await page.getByRole("option", { name: /Cycle 7/ }).waitFor();
  await cycleFilter.fill("7");
  await cycleFilter.press("Enter");
  await props.getByRole("button", { name: "Cycle: Cycle 7" }).waitFor();

  await props.getByRole("button", { name: "Milestone: none" }).click();
  const milestoneFilter = page.getByRole("combobox", { name: "Milestone: filter" });
  await page.getByRole("option", { name: /Beta/ }).waitFor();
  await milestoneFilter.fill("beta");
  await milestoneFilter.press("Enter");
  await props.getByRole("button", { name: "Milestone: Beta" }).waitFor();

  const saved = await until(env, issue.identifier, (i) => i.milestone !== null && i.cycle !== null);
  assert.equal(saved.estimate, 4);
  assert.equal(saved.due_date, "2026-03-12");
  assert.equal(saved.cycle.id, cycle.body.id);
  assert.equal(saved.milestone.id, milestone.body.id);

  // cleared again
  await props.getByRole("button", { name: "Clear due date" }).click();
  await until(env, issue.identifier, (i) => i.due_date === null);
  const activity = page.getByRole("region", { name: "Activity" });
  await activity.getByText("set cycle to Cycle 7").waitFor();
  await activity.getByText("set milestone to Beta").waitFor();
  await activity.getByText("cleared due date (was 2026-03-12)").waitFor();
  assertNoErrors(errors);
});
