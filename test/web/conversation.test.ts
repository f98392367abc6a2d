/**
 * The conversation in the web app, as people meet it: comments on an issue (Markdown, a mention completed
 * as it is typed, a reply, an edit whose earlier text stays viewable, a deletion shown as such), the
 * mentioned person's inbox and its count in the sidebar, an agent's approval request answered in one
 * click from the inbox and from the issue, a space's review policy set by its admin and holding against
 * an agent, the refusal a person meets shown with "Ask for approval", and stored script never running.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { addMember } from "../../src/auth/workspaces.ts";
import { addPerson, appEnv, assertNoErrors, connectAgent, launch, shot, signedIn } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each test reads what it needs
type Json = any;

/** The comments: an issue's are in its timeline (the Activity region), a decision's and a note's in their own. */
const comments = (page: Page) => page.getByRole("region", { name: /^(Comments|Activity)/ });

test("comments: Markdown and a completed mention reach the inbox with its count; reply, edit with history, delete; stored script never runs", async (t) => {
  const env = await appEnv(t);
  const grace = await addPerson(env.core, "grace@example.com", "Grace Hopper");
  await addMember(env.core, { workspace: "acme", email: "grace@example.com", role: "member" });
  const created = await env.rest("POST", "/issues", { space: "ENG", title: "Import the ledger" });
  assert.equal(created.status, 201);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);

  await page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
  const box = comments(page).getByRole("combobox", { name: "Comment" });
  await box.waitFor();
  // the timeline holds the issue's creation and no comment yet
  await comments(page).getByText("created the issue").waitFor();
  assert.equal(await comments(page).getByRole("article").count(), 0);

  // @ opens the list of members and agents; typing narrows it; Enter inserts @email
  await box.click();
  await box.pressSequentially("The **ledger** needs a second pair of eyes, @gr");
  const option = page.getByRole("option", { name: /Grace Hopper/ });
  await option.waitFor();
  await shot(page, "comment-mention");
  await box.press("Enter");
  assert.match(await box.inputValue(), /@grace@example\.com $/);
  await box.pressSequentially("could you look?");
  await comments(page).getByRole("tab", { name: "Preview" }).click();
  await comments(page).getByRole("tabpanel").locator("strong", { hasText: "ledger" }).waitFor();
  await comments(page).getByRole("tab", { name: "Write" }).click();
  await comments(page).getByRole("button", { name: "Comment", exact: true }).click();
  const first = comments(page).getByRole("article", { name: "Comment by Ada Lovelace" }).first();
  await first.locator("strong", { hasText: "ledger" }).waitFor();
  assert.equal(await box.inputValue(), "", "the box is emptied once posted");

  // Grace: the sidebar counts it, the inbox shows it, and marking it read clears the count
  const graceView = await signedIn(browser, env, grace);
  await graceView.page.goto(`${env.baseUrl}/acme/issues`);
  const inboxLink = graceView.page.getByRole("link", { name: /^Inbox\W*1 unread$/ });
  await inboxLink.waitFor();
  await inboxLink.click();
  await graceView.page.waitForURL(/\/acme\/inbox$/);
  const item = graceView.page
    .getByRole("listitem")
    .filter({ hasText: "Unread" })
    .filter({ hasText: "ENG-1" });
  await item.getByText("Mention", { exact: true }).waitFor();
  await item.getByText(/Ada Lovelace: The ledger needs/).waitFor();
  await shot(graceView.page, "inbox");
  // she chooses a daily digest of her inbox by email
  await graceView.page.getByLabel("Email about your inbox").selectOption({ label: "Daily digest" });
  await graceView.page.getByText("A daily digest will be mailed to grace@example.com").waitFor();
  // Grace may not change Ada's comment: no Edit or Delete for her. j moves to the item, Enter opens it
  await graceView.page.evaluate("document.activeElement?.blur()");
  await graceView.page.keyboard.press("j");
  assert.equal(
    await graceView.page.evaluate("document.activeElement?.textContent"),
    "ENG-1: Import the ledger",
  );
  await graceView.page.keyboard.press("Enter");
  await graceView.page.waitForURL(/\/acme\/issue\/ENG-1#cmt_\w+$/);
  // at the comment that mentions her
  await graceView.page.locator("article.comment-target", { hasText: "second pair of eyes" }).waitFor();
  await comments(graceView.page).getByRole("article", { name: "Comment by Ada Lovelace" }).waitFor();
  assert.equal(
    await comments(graceView.page)
      .getByRole("button", { name: /^Edit comment/ })
      .count(),
    0,
  );
  assert.equal(
    await comments(graceView.page)
      .getByRole("button", { name: /^Delete comment/ })
      .count(),
    0,
  );
  // opening it marked it read
  await graceView.page.getByRole("link", { name: "Inbox", exact: true }).waitFor();

  // Grace replies; Ada sees the reply arrive live
  await comments(graceView.page).getByRole("button", { name: "Reply" }).click();
  const reply = comments(graceView.page).getByRole("combobox", { name: "Reply to Ada Lovelace" });
  await reply.fill("Looked: the totals match.");
  await comments(graceView.page).getByRole("button", { name: "Reply", exact: true }).click();
  const replies = comments(page).getByRole("list", { name: "Replies to Ada Lovelace" });
  await replies
    .getByRole("article", { name: "Comment by Grace Hopper" })
    .getByText("the totals match")
    .waitFor();

  // Ada edits her comment; the earlier text stays viewable
  await first.getByRole("button", { name: "Edit comment by Ada Lovelace" }).click();
  const edit = first.getByRole("combobox", { name: "Edit comment" });
  await edit.fill("The **ledger** is checked, thanks @grace@example.com");
  await first.getByRole("button", { name: "Save" }).click();
  await first.getByText("is checked").waitFor();
  await first.getByRole("button", { name: /^Edited: show the earlier versions/ }).click();
  const history = page.getByRole("dialog", { name: "Edit history" });
  await history.getByText(/needs a second pair of eyes/).waitFor();
  await history.getByText(/is checked/).waitFor();
  await shot(page, "comment-history");
  await history.getByRole("button", { name: "Close" }).click();

  // Grace deletes her reply: it stays in the thread, shown as deleted
  await replies
    .getByRole("article", { name: "Comment by Grace Hopper" })
    .getByRole("button", { name: "Delete comment by Grace Hopper" })
    .waitFor();
  const graceReplies = comments(graceView.page).getByRole("list", { name: "Replies to Ada Lovelace" });
  await graceReplies.getByRole("button", { name: "Delete comment by Grace Hopper" }).click();
  const confirm = graceView.page.getByRole("alertdialog", { name: "Delete this comment?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await graceReplies.getByText("This comment was deleted").waitFor();
  await replies.getByText("This comment was deleted").waitFor();
  assert.equal(await replies.getByText("the totals match").count(), 0);

  // a comment stored with script (written elsewhere) is shown as text and never runs
  const hostile = await env.rest("POST", "/issues/ENG-1/comments", {
    body: '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2"> [x](javascript:alert(1))',
  });
  assert.equal(hostile.status, 201);
  await comments(page).getByText("<script>window.pwned = 1</script>", { exact: false }).waitFor();
  await comments(page).getByRole("link", { name: "x", exact: true }).count();
  assert.equal(await page.evaluate("window.pwned"), undefined);
  assert.equal(await page.locator(".comments script, .comments img[onerror]").count(), 0);
  await shot(page, "issue-comments");
  await page.emulateMedia({ colorScheme: "dark" });
  await first.scrollIntoViewIfNeeded();
  await shot(page, "issue-comments-dark");
  await graceView.page.emulateMedia({ colorScheme: "dark" });
  await graceView.page.goto(`${env.baseUrl}/acme/inbox`);
  await graceView.page.getByRole("heading", { name: /^Inbox/ }).waitFor();
  await shot(graceView.page, "inbox-dark");
  assertNoErrors(errors);
  assertNoErrors(graceView.errors);
});

test("approvals and review policy: an agent asks, the person answers in one click from the inbox and the issue; done_requires = person holds against the agent, the person marks it done", async (t) => {
  const env = await appEnv(t);
  const grace = await addPerson(env.core, "grace@example.com", "Grace Hopper");
  await addMember(env.core, { workspace: "acme", email: "grace@example.com", role: "member" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const agent = await connectAgent(env, page, "Builder");

  // Ada, the Owner, sets ENG's policy in its settings
  await page.goto(`${env.baseUrl}/acme/issues`);
  await page
    .getByRole("navigation", { name: "Docket" })
    .getByRole("link", { name: "Review policy", description: /Engineering/ })
    .click();
  await page.waitForURL(/\/acme\/spaces\/ENG$/);
  const policy = page.getByRole("group", { name: "Marking an issue done requires" });
  await policy.getByRole("radio", { name: /^Anyone/ }).waitFor();
  assert.equal(await policy.getByRole("radio", { name: /^Anyone/ }).isChecked(), true);
  await policy.getByText("A person", { exact: true }).click();
  await page
    .getByRole("group", { name: "Reviewers" })
    .getByRole("checkbox", { name: /Grace Hopper/ })
    .check();
  await page.getByRole("button", { name: "Save policy" }).click();
  await page.getByText("Review policy of ENG saved").waitFor();
  await shot(page, "space-policy");
  const space = await env.rest("GET", "/spaces/ENG");
  assert.equal(space.body.done_requires, "person");
  assert.deepEqual(
    space.body.reviewers.map((r: Json) => r.email),
    ["grace@example.com"],
  );

  // Grace, a member, reads it and cannot change it
  const graceView = await signedIn(browser, env, grace);
  await graceView.page.goto(`${env.baseUrl}/acme/spaces/ENG`);
  await graceView.page.getByText("Only the workspace's Owner and admins can change this.").waitFor();
  assert.equal(
    await graceView.page
      .getByRole("group", { name: "Marking an issue done requires" })
      .getByRole("radio", { name: /^A person/ })
      .isDisabled(),
    true,
  );
  assert.equal(await graceView.page.getByRole("button", { name: "Save policy" }).count(), 0);

  // the agent works an issue to review; done is refused and changes nothing
  const issue = await agent("POST", "/issues", { space: "ENG", title: "Migrate the billing tables" });
  assert.equal(issue.status, 201);
  assert.equal((await agent("PATCH", "/issues/ENG-1", { status: "in_review" })).status, 200);
  const refused = await agent("PATCH", "/issues/ENG-1", { status: "done" });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error, "review_required");
  assert.equal((await agent("GET", "/issues/ENG-1")).body.status, "in_review");

  // it asks Ada twice; both reach her inbox, live
  await page.goto(`${env.baseUrl}/acme/issues`);
  const first = await agent("POST", "/issues/ENG-1/approvals", {
    question: "Ship the **billing** migration tonight?",
    options: ["Ship it", "Hold"],
    from: "ada@example.com",
  });
  assert.equal(first.status, 201);
  const second = await agent("POST", "/issues/ENG-1/approvals", {
    question: "Drop the old tables afterwards?",
    from: "ada@example.com",
  });
  assert.equal(second.status, 201);
  await page.getByRole("link", { name: /^Inbox\W*2 unread$/ }).click();
  const approvalItem = page.locator(".inbox-item").filter({ hasText: "Ship the billing migration" });
  await approvalItem.getByText("Approval requested").waitFor();
  await approvalItem.getByRole("button", { name: "Ship it" }).waitFor();
  await approvalItem.getByText("Builder (for Ada Lovelace) asks Ada Lovelace").waitFor();
  await shot(page, "inbox-approval");
  await approvalItem.getByRole("button", { name: "Ship it" }).click();
  await approvalItem.getByText(/by Ada Lovelace/).waitFor();
  await page.getByText("Answered “Ship it” on ENG-1").waitFor();
  const answered = await agent("GET", `/approvals/${first.body.id}`);
  assert.equal(answered.body.status, "resolved");
  assert.equal(answered.body.answer, "Ship it");
  assert.equal(answered.body.answered_by.agent, null);

  // an agent can never answer
  const byAgent = await agent("POST", `/approvals/${second.body.id}/answer`, { approve: true });
  assert.equal(byAgent.status, 403);

  // the other one, on the issue page: answered there in one click
  await page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
  const approvals = page.getByRole("region", { name: "Approvals" });
  const open = approvals.getByRole("article").filter({ hasText: "Drop the old tables afterwards?" });
  await open.getByRole("button", { name: "Approve" }).waitFor();
  await shot(page, "issue-approval");
  await open.getByRole("button", { name: "Approve" }).click();
  await open.getByText(/^Approve by Ada Lovelace/).waitFor();
  assert.equal((await agent("GET", `/approvals/${second.body.id}`)).body.approved, true);

  // Ada, a person, marks it done in the app
  await page
    .getByRole("complementary", { name: "Properties" })
    .getByRole("button", { name: /^Status: / })
    .click();
  const statusFilter = page.getByRole("combobox", { name: "Status: filter" });
  await statusFilter.fill("done");
  await statusFilter.press("Enter");
  await page
    .getByRole("complementary", { name: "Properties" })
    .getByRole("button", { name: "Status: Done" })
    .waitFor();
  await page.waitForFunction(() => true);
  for (let i = 0; i < 50 && (await env.rest("GET", "/issues/ENG-1")).body.status !== "done"; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal((await env.rest("GET", "/issues/ENG-1")).body.status, "done");
  assertNoErrors(errors);
  assertNoErrors(graceView.errors);
});

test("a person refused by the review policy is told who may finish it and asks for approval from there", async (t) => {
  const env = await appEnv(t);
  const grace = await addPerson(env.core, "grace@example.com", "Grace Hopper");
  await addMember(env.core, { workspace: "acme", email: "grace@example.com", role: "member" });
  assert.equal((await env.rest("PATCH", "/spaces/ENG", { done_requires: "not_author" })).status, 200);
  // Ada wrote the issue, so someone else must mark it done
  assert.equal(
    (await env.rest("POST", "/issues", { space: "ENG", title: "Rotate the keys", status: "in_review" }))
      .status,
    201,
  );
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
  await page
    .getByRole("complementary", { name: "Properties" })
    .getByRole("button", { name: /^Status: / })
    .click();
  const statusFilter = page.getByRole("combobox", { name: "Status: filter" });
  await statusFilter.fill("done");
  await statusFilter.press("Enter");
  const refusal = page.getByRole("alert").filter({ hasText: "Not marked done" });
  await refusal.getByText(/^Who may finish it: someone other than/).waitFor();
  assert.doesNotMatch(await refusal.innerText(), /\/v1\//, "a person is not shown the REST steps");
  await shot(page, "review-refused");
  await refusal.getByRole("button", { name: "Ask for approval" }).click();
  const dialog = page.getByRole("dialog", { name: "Ask for approval on ENG-1" });
  await dialog.getByLabel("Ask").selectOption({ label: "Grace Hopper (grace@example.com)" });
  await dialog.getByRole("button", { name: "Ask", exact: true }).click();
  await page.getByText("Approval asked of Grace Hopper").waitFor();
  assert.equal((await env.rest("GET", "/issues/ENG-1")).body.status, "in_review");

  // Grace finds it in her inbox and approves; then marks it done herself
  const graceView = await signedIn(browser, env, grace);
  await graceView.page.goto(`${env.baseUrl}/acme/inbox`);
  await graceView.page.getByRole("button", { name: "Approve" }).click();
  await graceView.page.getByText(/^Approve by Grace Hopper/).waitFor();
  await graceView.page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
  await graceView.page
    .getByRole("complementary", { name: "Properties" })
    .getByRole("button", { name: /^Status: / })
    .click();
  const graceFilter = graceView.page.getByRole("combobox", { name: "Status: filter" });
  await graceFilter.fill("done");
  await graceFilter.press("Enter");
  for (let i = 0; i < 50 && (await env.rest("GET", "/issues/ENG-1")).body.status !== "done"; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal((await env.rest("GET", "/issues/ENG-1")).body.status, "done");
  assertNoErrors(errors, [/403 PATCH .*\/v1\/issues\//]);
  assertNoErrors(graceView.errors);
});

test("comments on a decision and on a note: written, replied to, and live for another reader", async (t) => {
  const env = await appEnv(t);
  const grace = await addPerson(env.core, "grace@example.com", "Grace Hopper");
  await addMember(env.core, { workspace: "acme", email: "grace@example.com", role: "member" });
  const decision = await env.rest("POST", "/decisions", { title: "Keep the ledger in PostgreSQL" });
  assert.equal(decision.status, 201);
  const note = await env.rest("POST", "/notes", { title: "Release checklist", body: "1. Tag\n2. Ship" });
  assert.equal(note.status, 201);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const graceView = await signedIn(browser, env, grace);

  for (const [path, text] of [
    [`/acme/decisions/${decision.body.id}`, "Agreed: transactions matter. @grace@example.com?"],
    [`/acme/notes/${note.body.id}`, "Add *backups* to the list."],
  ] as const) {
    await page.goto(`${env.baseUrl}${path}`);
    await graceView.page.goto(`${env.baseUrl}${path}`);
    await comments(graceView.page).getByText("No comments yet.").waitFor();
    const box = comments(page).getByRole("combobox", { name: "Comment" });
    await box.fill(text);
    await comments(page).getByRole("button", { name: "Comment", exact: true }).click();
    // Grace, reading the same page, sees it arrive and replies
    const thread = comments(graceView.page).getByRole("article", { name: "Comment by Ada Lovelace" });
    await thread.waitFor();
    await comments(graceView.page).getByRole("button", { name: "Reply" }).click();
    await comments(graceView.page).getByRole("combobox", { name: "Reply to Ada Lovelace" }).fill("Yes.");
    await comments(graceView.page).getByRole("button", { name: "Reply", exact: true }).click();
    await comments(page)
      .getByRole("list", { name: "Replies to Ada Lovelace" })
      .getByRole("article", { name: "Comment by Grace Hopper" })
      .waitFor();
  }
  await comments(page).locator("em", { hasText: "backups" }).waitFor();
  await shot(page, "note-comments");
  const listed = await env.rest("GET", `/decisions/${decision.body.id}/comments`);
  assert.equal(listed.body.data.length, 1);
  assert.equal(listed.body.data[0].replies.length, 1);
  // the mention in the decision's comment reached Grace's inbox
  await graceView.page.goto(`${env.baseUrl}/acme/inbox`);
  await graceView.page.getByText(/Agreed: transactions matter/).waitFor();
  await graceView.page
    .getByRole("button", { name: /Keep the ledger in PostgreSQL/ })
    .first()
    .click();
  await graceView.page.waitForURL(new RegExp(`/acme/decisions/${decision.body.id}#cmt_\\w+$`));
  // search finds comments too, and a comment found opens at its place
  await page.goto(`${env.baseUrl}/acme/search?q=backups`);
  const found = page.locator(".search-result.search-comment");
  await found.getByText("Comment", { exact: true }).waitFor();
  await found.getByRole("button").first().click();
  await page.waitForURL(new RegExp(`/acme/notes/${note.body.id}#cmt_\\w+$`));
  await page.locator("article.comment-target", { hasText: "backups" }).waitFor();
  assertNoErrors(errors);
  assertNoErrors(graceView.errors);
});
