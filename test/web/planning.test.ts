/**
 * Planning in the browser: a cycle planned, filled with issues and followed on its burn-down (the chart
 * drawn, its numbers in words right), edited (errors next to the field, a conflicting edit offered as a
 * choice); milestones created and made to depend on each other, shown as a graph; changes made through
 * the REST API appearing in the open page without reload; another workspace's cycle never shown.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

const DAY_MS = 86_400_000;
/** A UTC date `offset` days from today (the browser's calendar, which the service's clock is set to). */
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** A date as the app writes it: "Dec 14", the year added when it is not this one. */
const shortDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    ...(date.slice(0, 4) === day(0).slice(0, 4) ? {} : { year: "numeric" }),
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

async function summaryText(page: Page): Promise<string> {
  return ((await page.locator("#burn-down-summary").textContent()) ?? "").trim();
}

/** Waits until what `read` gives satisfies `ok` (the page updating itself), failing after 10 s. */
async function until(read: () => Promise<string | null>, ok: (value: string) => boolean, what: string) {
  const end = Date.now() + 10_000;
  let last: string | null = null;
  while (Date.now() < end) {
    last = await read();
    if (last !== null && ok(last)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${what}: still ${JSON.stringify(last)}`);
}

/** Closes the toasts the actions left, so a screenshot shows the page. */
async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.locator(".toasts").getByRole("button", { name: "Dismiss" });
  // (one may leave by itself meanwhile)
  while ((await buttons.count()) > 0)
    await buttons
      .first()
      .click({ timeout: 1000 })
      .catch(() => undefined);
}

const summaryStarts = (page: Page, start: string) =>
  until(
    () => summaryText(page),
    (v) => v.startsWith(start),
    `the summary starts "${start}"`,
  );

test("a cycle is planned, filled with issues and followed on its burn-down chart, live", async (t) => {
  const env = await appEnv(t);
  // the cycle is planned the day before it starts, four days ago: the service lives those days one by one
  env.clock.set(`${day(-5)}T09:00:00Z`);
  const titles = ["Import the old tracker", "Sign-in with passkeys", "Faster board", "Export to CSV"];
  for (const title of titles) {
    const created = await env.rest("POST", "/issues", { space: "ENG", title, estimate: 2 });
    assert.equal(created.status, 201);
  }

  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const chartModule: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/BurnDownChart-/.test(r.url())) chartModule.push(r.url());
  });
  await page.goto(`${env.baseUrl}/acme/cycles`);
  await page.getByRole("heading", { name: "No cycles yet" }).waitFor();
  assert.equal(chartModule.length, 0, "the chart's code is not loaded before a chart is shown");

  // `n` opens the form; the dates are typed, the name given
  await page.locator("body").press("n");
  const dialog = page.getByRole("dialog", { name: "New cycle" });
  await dialog.waitFor();
  await dialog.getByLabel("Name").fill("Sprint 12");
  await dialog.getByLabel("Starts on").fill(day(-4));
  await dialog.getByLabel("Ends on").fill(day(9));
  await dialog.getByRole("button", { name: "Create cycle" }).click();
  await dialog.waitFor({ state: "detached" });

  const upcoming = page.getByRole("region", { name: /Upcoming/ });
  await upcoming.getByRole("link", { name: "Sprint 12" }).click();
  await page.getByRole("heading", { name: "Sprint 12", level: 1 }).waitFor();
  const cycleId = page.url().split("/").pop() as string;
  assert.match(cycleId, /^cyc_/);

  // three issues added through the picker
  await page.getByRole("button", { name: "Add issues" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add issues to Sprint 12" });
  await picker.waitFor();
  for (const key of ["ENG-1", "ENG-2", "ENG-3"]) {
    await picker.getByRole("button", { name: new RegExp(`^Add ${key} `) }).click();
    await picker.getByText(`✓ Added: ${key}`).waitFor();
  }
  await picker.getByRole("button", { name: "Done" }).click();
  const issues = page.getByRole("region", { name: /^Issues/ });
  for (const key of ["ENG-1", "ENG-2", "ENG-3"])
    await issues.getByRole("link", { name: new RegExp(`^${key} `) }).waitFor();

  await summaryStarts(page, "3 issues in the cycle: 0 done, 3 remaining (0% complete).");
  assert.match(await summaryText(page), new RegExp(`The cycle starts ${shortDate(day(-4))}\\.$`));

  // the days pass: work is done, one issue joins later (through the API, as an agent would)
  env.clock.set(`${day(-3)}T15:00:00Z`);
  assert.equal((await env.rest("PATCH", "/issues/ENG-1", { status: "done" })).status, 200);
  env.clock.set(`${day(-2)}T15:00:00Z`);
  assert.equal((await env.rest("PATCH", "/issues/ENG-4", { cycle: cycleId })).status, 200);
  assert.equal((await env.rest("PATCH", "/issues/ENG-2", { status: "in_progress" })).status, 200);
  env.clock.set(new Date().toISOString());
  assert.equal((await env.rest("PATCH", "/issues/ENG-2", { status: "done" })).status, 200);

  // the open page follows without reload: ENG-4 appears, the numbers move
  await issues.getByRole("link", { name: /^ENG-4 / }).waitFor();
  await summaryStarts(page, "4 issues in the cycle: 2 done");
  const stats = (await env.rest("GET", `/cycles/${cycleId}/stats`)).body;
  assert.equal(stats.total.count, 4);
  assert.equal(stats.completion.done_count, 2);
  assert.equal(stats.remaining.count, 2);
  assert.equal(stats.scope_added.count, 1, "ENG-4 joined after the start");
  const summary = await summaryText(page);
  assert.ok(
    summary.startsWith(
      "4 issues in the cycle: 2 done, 2 remaining (50% complete). Scope changed since the start: 1 added, 0 removed.",
    ),
    summary,
  );
  const last = stats.burn_down.at(-1);
  assert.match(summary, new RegExp(`On ${shortDate(last.date)}: ${last.remaining_count} remaining`));

  // the chart is drawn on a canvas (its module loaded now, not with the first page)…
  const chart = page.locator("figure.burn-down");
  await chart.locator("canvas").first().waitFor();
  assert.equal(await chart.locator(".burn-down-chart").getAttribute("aria-hidden"), "true");
  assert.equal(await chart.getAttribute("aria-describedby"), "burn-down-summary");
  // …and its numbers are in a table by day
  await page.getByText("Burn-down by day").click();
  const rows = page.locator(".burn-down-table tbody tr");
  assert.equal(await rows.count(), 14, "one row per day of the cycle");
  for (const [i, entry] of stats.burn_down.entries()) {
    const cells = await rows.nth(i).locator("th, td").allTextContents();
    assert.deepEqual(cells.slice(1, 4), [
      String(entry.scope_count),
      String(entry.completed_count),
      String(entry.remaining_count),
    ]);
  }
  await page.getByText("Burn-down by day").click();

  // points instead of issues: the same figure in estimates
  await page.getByRole("radio", { name: "Points" }).check();
  await summaryStarts(page, "8 points in the cycle: 4 done");
  await page.getByRole("radio", { name: "Issues" }).check();
  await page.evaluate("document.querySelector('main').scrollTo(0, 0)");
  assert.ok(chartModule.some((u) => u.endsWith(".js")) && chartModule.some((u) => u.endsWith(".css")));
  await dismissToasts(page);
  await shot(page, "cycle-burn-down");

  // in the dark theme the chart takes the theme's colours
  const dark = await signedIn(browser, env, env.ada.id, { colorScheme: "dark" });
  await dark.page.goto(page.url());
  await dark.page.locator("figure.burn-down canvas").first().waitFor();
  await shot(dark.page, "cycle-burn-down-dark");
  assertNoErrors(dark.errors);

  // an issue taken out of the cycle leaves the list (and the numbers follow)
  await issues.getByRole("button", { name: "Remove ENG-3 from the cycle" }).click();
  await issues.getByRole("link", { name: /^ENG-3 / }).waitFor({ state: "detached" });
  await summaryStarts(page, "3 issues in the cycle: 2 done, 1 remaining");
  const eng3 = (await env.rest("GET", "/issues/ENG-3")).body;
  assert.equal(eng3.cycle, null);

  // the list: the cycle under Current, with its progress
  await page.getByRole("link", { name: "Cycles", exact: true }).first().click();
  await page.waitForURL(/\/acme\/cycles$/);
  const bar = page.getByRole("progressbar", { name: "Sprint 12 completion" });
  await bar.waitFor();
  await until(
    () => bar.getAttribute("aria-valuetext"),
    (v) => v === "2 of 3 done · 66.6%",
    "the cycle's progress in the list",
  );
  await dismissToasts(page);
  await shot(page, "cycles-list");
  assertNoErrors(errors);
});

test("editing a cycle: errors next to the field, an overlap refused, a conflicting edit offered as a choice", async (t) => {
  const env = await appEnv(t);
  env.clock.set(new Date().toISOString());
  const first = await env.rest("POST", "/cycles", {
    space: "ENG",
    name: "Cycle A",
    starts_on: day(0),
    ends_on: day(13),
  });
  assert.equal(first.status, 201);
  const next = await env.rest("POST", "/cycles", {
    space: "ENG",
    name: "Cycle B",
    starts_on: day(14),
    ends_on: day(27),
  });
  assert.equal(next.status, 201);
  const past = await env.rest("POST", "/cycles", {
    space: "ENG",
    name: "Cycle Z",
    starts_on: day(-28),
    ends_on: day(-15),
  });
  assert.equal(past.status, 201);

  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/cycles`);
  for (const [group, name] of [
    ["Current", "Cycle A"],
    ["Upcoming", "Cycle B"],
    ["Past", "Cycle Z"],
  ] as const) {
    await page
      .getByRole("region", { name: new RegExp(`^${group}`) })
      .getByRole("link", { name })
      .waitFor();
  }

  // a new cycle that overlaps Cycle B is refused, with the API's words, and nothing is made
  await page.getByRole("button", { name: /New cycle/ }).click();
  const create = page.getByRole("dialog", { name: "New cycle" });
  await create.waitFor();
  // the form proposes the space's next free fortnight
  await until(
    () => create.getByLabel("Starts on").inputValue(),
    (v) => v === day(28),
    "the proposed start",
  );
  assert.equal(await create.getByLabel("Ends on").inputValue(), day(41));
  await create.getByLabel("Starts on").fill(day(20));
  await create.getByRole("button", { name: "Create cycle" }).click();
  await create
    .getByRole("alert")
    .filter({ hasText: /overlaps "Cycle B"/ })
    .waitFor();
  assert.equal((await env.rest("GET", "/cycles")).body.data.length, 3);
  await create.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("link", { name: "Cycle A" }).click();
  await page.getByRole("heading", { name: "Cycle A", level: 1 }).waitFor();

  // `e` edits; an end before the start is caught next to the field
  await page.locator("body").press("e");
  const edit = page.getByRole("dialog", { name: "Edit Cycle A" });
  await edit.waitFor();
  await edit.getByLabel("Ends on").fill(day(-1));
  await edit.getByRole("button", { name: "Save cycle" }).click();
  const endsOn = edit.getByLabel("Ends on");
  await edit.getByText("must be on or after the start date").waitFor();
  assert.equal(await endsOn.getAttribute("aria-invalid"), "true");
  const describedBy = (await endsOn.getAttribute("aria-describedby")) ?? "";
  assert.match(
    (await page.locator(`[id="${describedBy}"]`).textContent()) ?? "",
    /must be on or after the start date/,
  );

  // longer than 26 weeks: the API's message, next to the field it names
  await edit.getByLabel("Ends on").fill(day(200));
  await edit.getByRole("button", { name: "Save cycle" }).click();
  await edit.getByText(/must be at most 26 weeks after starts_on/).waitFor();
  await shot(page, "cycle-edit-error");

  // someone renames the cycle meanwhile: saving offers the choice; "Save mine anyway" keeps the person's
  await edit.getByLabel("Ends on").fill(day(10));
  await edit.getByLabel("Name").fill("Cycle A (trimmed)");
  const renamed = await env.rest("PATCH", `/cycles/${first.body.id}`, { name: "Cycle A by API" });
  assert.equal(renamed.status, 200);
  // the page behind the form shows their change live; the form keeps the person's words
  await page.locator("h1", { hasText: "Cycle A by API" }).waitFor();
  assert.equal(await edit.getByLabel("Name").inputValue(), "Cycle A (trimmed)");
  await edit.getByRole("button", { name: "Save cycle" }).click();
  const conflict = edit.getByRole("alert").filter({ hasText: /Someone changed this cycle/ });
  await conflict.waitFor();
  await conflict.getByRole("button", { name: "Save mine anyway" }).click();
  await edit.waitFor({ state: "detached" });
  await page.getByRole("heading", { name: "Cycle A (trimmed)", level: 1 }).waitFor();
  const saved = (await env.rest("GET", `/cycles/${first.body.id}`)).body;
  assert.equal(saved.name, "Cycle A (trimmed)");
  assert.equal(saved.ends_on, day(10));

  // "Load theirs" takes the other change into the form instead
  await page.getByRole("button", { name: /^Edit/ }).click();
  const again = page.getByRole("dialog", { name: /^Edit / });
  await again.getByLabel("Name").fill("Mine");
  assert.equal((await env.rest("PATCH", `/cycles/${first.body.id}`, { name: "Theirs" })).status, 200);
  await again.getByRole("button", { name: "Save cycle" }).click();
  await again.getByRole("button", { name: "Load theirs" }).click();
  await until(
    () => again.getByLabel("Name").inputValue(),
    (v) => v === "Theirs",
    "the form holds theirs",
  );
  await again
    .getByRole("alert")
    .filter({ hasText: /Someone changed/ })
    .waitFor({ state: "detached" });
  await again.getByRole("button", { name: "Cancel" }).click();
  assert.equal((await env.rest("GET", `/cycles/${first.body.id}`)).body.name, "Theirs");

  // another workspace's address never shows this cycle
  await page.goto(`${env.baseUrl}/side/cycles/${first.body.id}`);
  await page.getByRole("heading", { name: "Cycle not found" }).waitFor();
  assert.doesNotMatch((await page.locator("main").textContent()) ?? "", /Theirs/);
  assertNoErrors(errors, [
    /^response: (400|409|412) (POST|PATCH) .*\/v1\/cycles/,
    /^response: 404 GET .*\/v1\/cycles\//,
  ]);
});

test("milestones: created, made to depend on each other, shown as a graph that follows the API live", async (t) => {
  const env = await appEnv(t);
  env.clock.set(new Date().toISOString());
  for (const title of ["Billing page", "Invoices by email", "Tax rates"]) {
    assert.equal((await env.rest("POST", "/issues", { space: "ENG", title })).status, 201);
  }
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/milestones`);
  await page.getByRole("heading", { name: "No milestones yet" }).waitFor();

  const createMilestone = async (name: string, target?: string, description?: string) => {
    await page.getByRole("button", { name: /New milestone/ }).click();
    const dialog = page.getByRole("dialog", { name: "New milestone" });
    await dialog.waitFor();
    await dialog.getByLabel("Name").fill(name);
    if (target) await dialog.getByLabel("Target date").fill(target);
    if (description) await dialog.getByLabel("Description").fill(description);
    await dialog.getByRole("button", { name: "Create milestone" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("link", { name, exact: true }).waitFor();
  };
  // a name is required, said next to the field
  await page.getByRole("button", { name: /New milestone/ }).click();
  const empty = page.getByRole("dialog", { name: "New milestone" });
  await empty.getByRole("button", { name: "Create milestone" }).click();
  await empty.getByText("is required").waitFor();
  assert.equal(await empty.getByLabel("Name").getAttribute("aria-invalid"), "true");
  await empty.getByRole("button", { name: "Cancel" }).click();

  await createMilestone(
    "Public beta",
    day(20),
    "Open to **everyone** on the list. <script>window.pwned = 1</script>",
  );
  await createMilestone("Launch", day(45));
  await createMilestone("Late one", day(-3));

  // issues lead to milestones (one through the page, two through the API): progress shows
  const ids = Object.fromEntries(
    (await env.rest("GET", "/milestones")).body.data.map((m: { id: string; name: string }) => [m.name, m.id]),
  );
  assert.equal(
    (await env.rest("PATCH", "/issues/ENG-1", { milestone: ids["Public beta"], status: "done" })).status,
    200,
  );
  assert.equal((await env.rest("PATCH", "/issues/ENG-2", { milestone: ids["Late one"] })).status, 200);
  await until(
    () => page.getByRole("progressbar", { name: "Public beta progress" }).getAttribute("aria-valuetext"),
    (v) => v === "1 of 1 done · 100%",
    "Public beta's progress, live",
  );
  // overdue in words, not colour alone
  const late = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Late one" }) });
  await late.getByText("Overdue").waitFor();

  await page.getByRole("link", { name: "Launch", exact: true }).click();
  await page.getByRole("heading", { name: "Launch", level: 1 }).waitFor();
  await page.getByText("Launch has no dependencies").waitFor();

  // Launch is blocked by Public beta
  const form = page.getByRole("form", { name: "Add a dependency" });
  await form.getByLabel("Relation").selectOption("blockedBy");
  await form.getByLabel("Milestone").selectOption({ label: `Public beta (${shortDate(day(20))})` });
  await form.getByRole("button", { name: "Add dependency" }).click();
  const graph = page.getByRole("figure", { name: "Dependencies around Launch" });
  await graph.locator("svg").waitFor();
  await graph.getByRole("link", { name: /^Public beta/ }).waitFor();
  assert.match((await graph.locator("figcaption").textContent()) ?? "", /Public beta blocks Launch\./);
  const blockedBy = page.locator(".plan-deps-list").filter({ hasText: "Blocked by" });
  await blockedBy.getByRole("link", { name: "Public beta" }).waitFor();
  const launchRead = (await env.rest("GET", `/milestones/${ids.Launch}`)).body;
  assert.deepEqual(
    launchRead.blockedBy.map((b: { name: string }) => b.name),
    ["Public beta"],
  );

  // Launch blocks Late one
  await form.getByLabel("Relation").selectOption("blocks");
  await form.getByLabel("Milestone").selectOption({ label: `Late one (${shortDate(day(-3))})` });
  await form.getByRole("button", { name: "Add dependency" }).click();
  await graph.getByRole("link", { name: /^Late one/ }).waitFor();

  // through the API: Late one cannot block Public beta (a loop), Design freeze can; the open graph
  // follows without reload
  const api = await env.rest("POST", `/milestones/${ids["Public beta"]}/dependencies`, {
    blockedBy: [ids["Late one"]],
  });
  assert.equal(api.status, 409, "Late one already waits (through Launch) for Public beta: a loop");
  const other = await env.rest("POST", "/milestones", { name: "Design freeze" });
  assert.equal(other.status, 201);
  assert.equal(
    (await env.rest("POST", `/milestones/${ids["Public beta"]}/dependencies`, { blockedBy: [other.body.id] }))
      .status,
    200,
  );
  await graph.getByRole("link", { name: /^Design freeze/ }).waitFor();
  const caption = (await graph.locator("figcaption").textContent()) ?? "";
  assert.match(caption, /Design freeze blocks Public beta\./);
  assert.match(caption, /Launch blocks Late one\./);
  await dismissToasts(page);
  await shot(page, "milestone-graph");

  // the loop refused in the page too
  await page.getByRole("link", { name: "Late one" }).first().click();
  await page.getByRole("heading", { name: "Late one", level: 1 }).waitFor();
  const lateForm = page.getByRole("form", { name: "Add a dependency" });
  await lateForm.getByLabel("Relation").selectOption("blocks");
  await lateForm.getByLabel("Milestone").selectOption({ label: `Public beta (${shortDate(day(20))})` });
  await lateForm.getByRole("button", { name: "Add dependency" }).click();
  await lateForm.getByRole("alert").waitFor();
  assert.equal((await env.rest("GET", `/milestones/${ids["Late one"]}`)).body.blocks.length, 0);

  // removed through the page
  await page.getByRole("button", { name: "Remove: Late one is blocked by Launch" }).click();
  await page.getByText("Late one has no dependencies").waitFor();
  assert.equal((await env.rest("GET", `/milestones/${ids["Late one"]}`)).body.blockedBy.length, 0);

  // the description is Markdown, its script shown as text and never run
  await page.goto(`${env.baseUrl}/acme/milestones/${ids["Public beta"]}`);
  await page.getByRole("heading", { name: "Public beta", level: 1 }).waitFor();
  await page.locator(".plan-description strong", { hasText: "everyone" }).waitFor();
  assert.equal(await page.evaluate("window.pwned === undefined"), true, "the stored script never ran");
  // `e` edits it: renamed, its target date cleared
  await page.locator("body").press("e");
  const edit = page.getByRole("dialog", { name: "Edit Public beta" });
  await edit.waitFor();
  await until(
    () => edit.getByLabel("Target date").inputValue(),
    (v) => v === day(20),
    "the target date",
  );
  await edit.getByLabel("Name").fill("Open beta");
  await edit.getByRole("button", { name: "Clear date" }).click();
  await edit.getByRole("button", { name: "Save milestone" }).click();
  await edit.waitFor({ state: "detached" });
  await page.getByRole("heading", { name: "Open beta", level: 1 }).waitFor();
  await page.getByText("No target date").waitFor();
  const edited = (await env.rest("GET", `/milestones/${ids["Public beta"]}`)).body;
  assert.equal(edited.name, "Open beta");
  assert.equal(edited.target_date, null);
  assert.match(edited.description, /everyone/, "what was not changed stays");

  // its issues: ENG-1, and ENG-3 added through the picker
  await page.getByRole("button", { name: "Add issues" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add issues to Open beta" });
  await picker.getByLabel("Find issues").fill("Tax");
  await picker.getByRole("button", { name: /^Add ENG-3 / }).click();
  await picker.getByText("✓ Added: ENG-3").waitFor();
  await picker.getByRole("button", { name: "Done" }).click();
  await page.getByRole("link", { name: /^ENG-3 Tax rates/ }).waitFor();
  assert.equal((await env.rest("GET", "/issues/ENG-3")).body.milestone.id, ids["Public beta"]);

  await page.goto(`${env.baseUrl}/acme/milestones`);
  await page.getByRole("progressbar", { name: "Open beta progress" }).waitFor();
  await shot(page, "milestones-list");
  assertNoErrors(errors, [/^response: 409 POST .*\/v1\/milestones\/.*\/dependencies$/]);
});
