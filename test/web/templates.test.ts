/**
 * New-issue templates in the browser: an admin makes one on the space's settings page, picks it in the
 * New issue dialog (which fills the fields), edits and deletes it; a member sees the list read-only. At
 * 1440×900 and at 390×844.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { addMember } from "../../src/auth/workspaces.ts";
import { addPerson, appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

test("templates: made on the space's page, picked in the New issue dialog (fields filled), edited, deleted", async (t) => {
  const env = await appEnv(t);
  await env.rest("POST", "/labels", { name: "bug", color: "#eb5757" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  page.on("dialog", (d) => void d.accept());
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`${env.baseUrl}/acme/spaces/ENG`);
  const section = page.getByRole("region", { name: "Templates" });
  await section.getByText("No templates yet.").waitFor();
  await section.getByText("New template").click();
  const form = section.getByRole("form", { name: "New template" });
  await form.getByLabel("Template name").fill("Bug report");
  await form.getByLabel("Title starts with").fill("Bug: ");
  await form.getByLabel("Description").fill("## Steps to reproduce\n\n1. \n\n## Expected\n");
  await form.getByLabel("Priority").selectOption({ label: "High" });
  await form.getByRole("button", { name: /^Labels/ }).click();
  await page.getByRole("combobox", { name: "Labels: filter" }).fill("bug");
  await page.getByRole("option", { name: /^bug/ }).click();
  await page.keyboard.press("Escape");
  await form.getByLabel("Estimate").fill("2");
  await form.getByRole("button", { name: "Create template" }).click();
  await page.getByText("Template Bug report created").waitFor();
  const rows = section.getByRole("list", { name: "Templates" });
  await rows.getByText("Bug report").waitFor();
  await rows.getByText("“Bug:…” · High · bug · 2 pt · description").waitFor();
  const made = (await env.rest("GET", "/spaces/ENG/templates")).body.data;
  assert.equal(made.length, 1);
  assert.deepEqual(
    [made[0].title, made[0].priority, made[0].labels, made[0].estimate, made[0].status],
    ["Bug: ", "high", ["bug"], 2, null],
  );
  // the form stays open for the next one; a refusal names its field: a second template by the same name
  assert.equal(await form.getByLabel("Template name").inputValue(), "");
  await form.getByLabel("Template name").fill("bug REPORT");
  await form.getByRole("button", { name: "Create template" }).click();
  await form.getByText(/already has a template named/).waitFor();
  await form.getByLabel("Template name").fill("Chore");
  await form.getByLabel("Status").selectOption({ label: "Todo" });
  await form.getByRole("button", { name: "Create template" }).click();
  await page.getByText("Template Chore created").waitFor();
  await section.getByText("Chore").first().scrollIntoViewIfNeeded();
  await shot(page, "space-templates-1440");
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "space-templates-1440-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  // the sidebar has become a drawer: wait for it to slide away
  await page.waitForTimeout(500);
  await rows.scrollIntoViewIfNeeded();
  await shot(page, "space-templates-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // the New issue dialog: picking the template fills the fields; the typed title goes after its start
  await page.goto(`${env.baseUrl}/acme/issues`);
  await page.getByRole("heading", { name: "Issues" }).first().waitFor();
  await page.keyboard.press("c");
  const dialog = page.getByRole("dialog", { name: "New issue" });
  await dialog.waitFor();
  await dialog.getByLabel("Title").fill("Login fails");
  await dialog.getByLabel("Template").selectOption({ label: "Bug report" });
  assert.equal(await dialog.getByLabel("Title").inputValue(), "Bug: Login fails");
  assert.match(await dialog.getByLabel("Description").inputValue(), /^## Steps to reproduce/);
  assert.equal(await dialog.getByLabel("Priority").inputValue(), "high");
  assert.equal(await dialog.getByLabel("Estimate").inputValue(), "2");
  await dialog.getByRole("button", { name: "Labels: bug" }).waitFor();
  // another template replaces the first one's fields and keeps what was typed
  await dialog.getByLabel("Template").selectOption({ label: "Chore" });
  assert.equal(await dialog.getByLabel("Title").inputValue(), "Login fails");
  assert.equal(await dialog.getByLabel("Description").inputValue(), "");
  assert.equal(await dialog.getByLabel("Status").inputValue(), "todo");
  assert.equal(await dialog.getByLabel("Priority").inputValue(), "none");
  await dialog.getByLabel("Template").selectOption({ label: "Bug report" });
  assert.equal(await dialog.getByLabel("Title").inputValue(), "Bug: Login fails");
  await shot(page, "new-issue-template-1440");
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "new-issue-template-1440-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await shot(page, "new-issue-template-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: "Create issue" }).click();
  await page.getByText("ENG-1 created: Bug: Login fails").waitFor();
  const issue = (await env.rest("GET", "/issues/ENG-1")).body;
  assert.equal(issue.title, "Bug: Login fails");
  assert.equal(issue.priority, "high");
  assert.deepEqual(issue.labels, ["bug"]);
  assert.equal(issue.estimate, 2);
  assert.equal(issue.status, "backlog");
  assert.match(issue.description, /^## Steps to reproduce/);

  // edit and delete on the space's page
  await page.goto(`${env.baseUrl}/acme/spaces/ENG`);
  await section.getByRole("button", { name: "Edit template Chore" }).click();
  const edit = section.getByRole("form", { name: "Edit template Chore" });
  await edit.getByLabel("Template name").fill("Chore (small)");
  await edit.getByLabel("Estimate").fill("1");
  await edit.getByRole("button", { name: "Save template" }).click();
  await page.getByText("Template Chore (small) saved").waitFor();
  await rows.getByText("Todo · 1 pt").waitFor();
  await section.getByRole("button", { name: "Delete template Bug report" }).click();
  await page.getByText("Template Bug report deleted").waitFor();
  const left = (await env.rest("GET", "/spaces/ENG/templates")).body.data;
  assert.deepEqual(
    left.map((x: { name: string; estimate: number }) => [x.name, x.estimate]),
    [["Chore (small)", 1]],
  );
  assertNoErrors(errors, [/status of 409/]);

  // a member reads the templates, without Edit, Delete or New template
  const bob = await addPerson(env.core, "bob@example.com", "Bob");
  await addMember(env.core, { workspace: "acme", email: "bob@example.com" });
  const other = await signedIn(browser, env, bob);
  await other.page.goto(`${env.baseUrl}/acme/spaces/ENG`);
  const theirs = other.page.getByRole("region", { name: "Templates" });
  await theirs.getByText("Chore (small)").waitFor();
  await theirs.getByText(/Only the workspace's Owner and admins can change them/).waitFor();
  assert.equal(await theirs.getByRole("button", { name: /Edit template/ }).count(), 0);
  assert.equal(await theirs.getByText("New template").count(), 0);
  assertNoErrors(other.errors);
});
