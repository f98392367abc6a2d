/**
 * Labels and the trash as a person uses them: the label picker's type-ahead over coloured workspace
 * labels and a label made inline; an issue deleted from its page, brought back by Undo, deleted again
 * and restored from the Trash view. Screenshots at 1440 and 390 px.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

test("labels are picked with type-ahead, coloured, and made inline (1440 and 390 px)", async (t) => {
  const env = await appEnv(t);
  assert.equal((await env.rest("POST", "/labels", { name: "Bug", color: "#eb5757" })).status, 201);
  assert.equal((await env.rest("POST", "/labels", { name: "frontend", color: "#4cb782" })).status, 201);
  const issue = (await env.rest("POST", "/issues", { title: "Fix the login redirect", labels: ["bug"] }))
    .body;
  assert.deepEqual(issue.labels, ["Bug"]);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${env.baseUrl}/acme/issue/${issue.identifier}`);
    const props = page.getByRole("complementary", { name: "Properties" });
    const button = props.getByRole("button", { name: /^Labels: / });
    await button.waitFor();
    await button.click();
    const filter = page.getByRole("combobox", { name: "Labels: filter" });
    await filter.waitFor();
    await page.getByRole("option", { name: /frontend/ }).waitFor();
    await shot(page, `labels-picker-${width}`);
    await page.keyboard.press("Escape");
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const props = page.getByRole("complementary", { name: "Properties" });
  await props.getByRole("button", { name: /^Labels: / }).click();
  const filter = page.getByRole("combobox", { name: "Labels: filter" });
  // type-ahead: "fro" keeps frontend (first, so Enter adds it) and offers to create "fro"
  await filter.fill("fro");
  assert.deepEqual(await page.getByRole("option").allTextContents(), [
    "☐frontend0 issues",
    "☐+Create label “fro”",
  ]);
  await filter.press("Enter");
  await props.getByRole("button", { name: "Labels: Bug, frontend" }).waitFor();
  // a name no label has: Create label, made with a colour and added
  await filter.fill("needs design");
  await page.getByRole("option", { name: "Create label “needs design”" }).waitFor();
  await filter.press("Enter");
  await props.getByRole("button", { name: "Labels: Bug, frontend, needs design" }).waitFor();
  // "BUG" is the Bug label, not a new one
  await filter.fill("BUG");
  assert.equal(await page.getByRole("option", { name: /Create label/ }).count(), 0);
  await page.keyboard.press("Escape");
  const labels = (await env.rest("GET", "/labels")).body.data as { name: string; color: string }[];
  assert.deepEqual(
    labels.map((l) => l.name),
    ["Bug", "frontend", "needs design"],
  );
  assert.match(labels[2]!.color, /^#[0-9a-f]{6}$/);
  const chip = props.locator(".label-chip", { hasText: "Bug" }).locator(".label-dot");
  assert.equal(
    await chip.evaluate(
      (e) =>
        (
          globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
        ).getComputedStyle(e).backgroundColor,
    ),
    "rgb(235, 87, 87)",
  );
  assertNoErrors(errors);
});

test("an issue deleted from its page comes back with Undo, and from the Trash view (1440 and 390 px)", async (t) => {
  const env = await appEnv(t);
  const issue = (await env.rest("POST", "/issues", { title: "Remove the old importer" })).body;
  await env.rest("POST", "/issues", { title: "Keep this one" });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/issue/${issue.identifier}`);

  // Delete (in the ⋯ menu): to the list, with a toast whose Undo brings it back and opens it again
  const more = page.getByRole("button", { name: `More actions for ${issue.identifier}` });
  await more.click();
  await page.getByRole("menuitem", { name: `Delete ${issue.identifier}` }).click();
  await page.getByText(`${issue.identifier} moved to the trash`).waitFor();
  await page.waitForURL(/\/acme\/issues/);
  assert.equal((await env.rest("GET", `/issues/${issue.identifier}`)).status, 404);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForURL(new RegExp(`/acme/issue/${issue.identifier}`));
  await more.waitFor();
  assert.equal((await env.rest("GET", `/issues/${issue.identifier}`)).status, 200);

  // deleted again, restored from the Trash view
  await more.click();
  await page.getByRole("menuitem", { name: `Delete ${issue.identifier}` }).click();
  await page.getByText(`${issue.identifier} moved to the trash`).waitFor();
  await page.waitForURL(/\/acme\/issues/);
  await page.getByRole("button", { name: /^Account: / }).click();
  await page.getByRole("menuitem", { name: "Trash" }).click();
  await page.waitForURL(/\/acme\/trash/);
  const restore = page.getByRole("button", { name: `Restore ${issue.identifier} Remove the old importer` });
  await restore.waitFor();
  await page
    .getByText(/purged/)
    .first()
    .waitFor();
  await shot(page, "trash-1440");
  // a phone opens the Trash fresh (the sidebar is a closed drawer there)
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${env.baseUrl}/acme/trash`);
  await restore.waitFor();
  await page
    .getByRole("navigation", { name: /sidebar|workspace/i })
    .first()
    .waitFor({ state: "hidden" })
    .catch(() => undefined);
  await shot(page, "trash-390");
  await restore.click();
  await page.getByText("The trash is empty.").waitFor();
  assert.equal((await env.rest("GET", `/issues/${issue.identifier}`)).body.title, "Remove the old importer");
  assert.deepEqual((await env.rest("GET", "/trash")).body.data, []);
  // reading the issue while it was in the trash answered 404: the one refusal this test provoked
  assertNoErrors(errors, [/404/]);
});

test("an admin creates a space from the workspace menu and renames it in its settings", async (t) => {
  const env = await appEnv(t);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issues`);
  await page.getByRole("button", { name: /^Workspace: Acme/ }).click();
  await page.getByRole("menuitem", { name: "New space…" }).click();
  await page.waitForURL(/\/acme\/new-space/);
  const form = page.getByRole("form", { name: "New space" });
  await form.getByLabel("Name").fill("Design");
  await form.getByLabel("Prefix").fill("des");
  await form.getByRole("button", { name: "Create space" }).click();
  await page.getByText("Space DES created").waitFor();
  await page.waitForURL(/\/acme\/issues\?space=DES/);
  const spaces = (await env.rest("GET", "/spaces")).body.data as { prefix: string; name: string }[];
  assert.ok(spaces.some((s) => s.prefix === "DES" && s.name === "Design"));
  // a taken prefix is refused in words
  await page.goto(`${env.baseUrl}/acme/new-space`);
  await form.getByLabel("Name").fill("Other");
  await form.getByLabel("Prefix").fill("DES");
  await form.getByRole("button", { name: "Create space" }).click();
  await page.getByRole("alert").filter({ hasText: "already has a space with the prefix DES" }).waitFor();

  await page.goto(`${env.baseUrl}/acme/spaces/DES`);
  const rename = page.getByRole("form", { name: "Space name" });
  await rename.getByLabel("Name").fill("Brand");
  await rename.getByRole("button", { name: "Rename" }).click();
  await page.getByText("Space DES renamed to Brand").waitFor();
  assert.equal((await env.rest("GET", "/spaces/DES")).body.name, "Brand");
  assertNoErrors(errors, [/409/]);
});

test("a milestone deleted from its page comes back with Undo", async (t) => {
  const env = await appEnv(t);
  const milestone = (await env.rest("POST", "/milestones", { name: "Public beta" })).body;
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/milestones/${milestone.id}`);
  await page.getByRole("button", { name: "Delete Public beta" }).click();
  await page.getByText("Public beta moved to the trash").waitFor();
  await page.waitForURL(/\/acme\/milestones$/);
  assert.equal((await env.rest("GET", `/milestones/${milestone.id}`)).status, 404);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForURL(new RegExp(`/acme/milestones/${milestone.id}`));
  await page.getByRole("heading", { name: "Public beta" }).waitFor();
  assert.equal((await env.rest("GET", `/milestones/${milestone.id}`)).status, 200);
  // the stream's event of the delete may have the page read the milestone again before it is left:
  // those reads answer 404, as the issue's do in the test above
  assertNoErrors(errors, [/404/]);
});

test("labels are created, coloured, renamed and merged, and deleted on the Labels page", async (t) => {
  const env = await appEnv(t);
  await env.rest("POST", "/issues", { title: "One", labels: ["defect"] });
  await env.rest("POST", "/issues", { title: "Two", labels: ["bug", "defect"] });
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  page.on("dialog", (d) => void d.accept());
  await page.goto(`${env.baseUrl}/acme/issues`);
  await page.getByRole("button", { name: /^Account: / }).click();
  await page.getByRole("menuitem", { name: "Labels" }).click();
  await page.waitForURL(/\/acme\/labels/);
  const rows = page.getByRole("list", { name: "Labels" });
  await rows.getByText("2 issues").waitFor();
  // created
  await page.getByLabel("New label's name").fill("needs design");
  await page.getByRole("button", { name: "Create label" }).click();
  await page.getByText("Label needs design created").waitFor();
  // coloured
  await page.getByLabel("Colour of needs design").fill("#123abc");
  await page.getByText("needs design recoloured").waitFor();
  // renamed onto another label's name: merged, after confirming
  const defectName = page.getByLabel("Name of defect");
  await defectName.fill("BUG");
  await defectName.press("Enter");
  await page.getByText("defect merged into bug").waitFor();
  await shot(page, "labels-page-1440");
  // deleted: taken off its issues
  await page.getByRole("button", { name: "Delete label bug" }).click();
  await page.getByText("Label bug deleted").waitFor();
  const labels = (await env.rest("GET", "/labels")).body.data as { name: string; color: string }[];
  assert.deepEqual(
    labels.map((l) => `${l.name} ${l.color}`),
    ["needs design #123abc"],
  );
  const issues = (await env.rest("GET", "/issues")).body.data as { labels: string[] }[];
  assert.deepEqual(
    issues.map((i) => i.labels),
    [[], []],
  );
  assertNoErrors(errors);
});
