/**
 * Seeing what people see, by machine: the main views at 1440×900 and 390×844, light and dark, compared
 * with the committed images under test/web/baselines/ (one set for both stores: the pages are made
 * deterministic, with a fixed clock, time zone and locale, and the service's URL masked). A view differs
 * when more than MAX_DIFF of its pixels differ (pixelmatch, anti-aliased pixels ignored): a layout or
 * colour change, never font smoothing. `UPDATE_BASELINES=1` writes the images anew; a changed baseline
 * is a commit of its own saying what changed and why.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import pixelmatch from "pixelmatch";
import type { Browser, Locator, Page } from "playwright-core";
import { PNG } from "pngjs";
import { mintPat } from "../../src/auth/tokens.ts";
import { createSession, SESSION_COOKIE } from "../../src/auth/web/sessions.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import { REPO } from "../support.ts";
import { runAgent, startedRun, usage } from "./runs-support.ts";
import { type AppEnv, addPerson, appEnv, assertNoErrors, launch, SCREENSHOTS, watch } from "./support.ts";

const BASELINES = path.join(REPO, "test", "web", "baselines");
const UPDATE = process.env.UPDATE_BASELINES === "1";
/** Share of a view's pixels that may differ (0.4%): text re-rasterized a pixel aside passes, a moved block does not. */
const MAX_DIFF = 0.004;
/** pixelmatch's per-pixel colour distance (0 to 1) under which two pixels count as the same. */
const THRESHOLD = 0.15;
/** The service's time while the data is made, and the browser's while it is shown: one hour later. */
const MADE_AT = "2026-03-02T09:00:00.000Z";
const SHOWN_AT = "2026-03-02T10:00:00.000Z";

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Size = keyof typeof SIZES;

/** Compares the page with its baseline (or writes it), and keeps the screenshot and any diff beside the others. */
async function compare(page: Page, name: string, mask: Locator[] = []): Promise<string | null> {
  await page.evaluate("document.fonts.ready");
  const png = await page.screenshot({ animations: "disabled", caret: "hide", mask, maskColor: "#888888" });
  mkdirSync(SCREENSHOTS, { recursive: true });
  writeFileSync(path.join(SCREENSHOTS, `baseline-${name}.png`), png);
  const file = path.join(BASELINES, `${name}.png`);
  if (UPDATE) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, png);
    return null;
  }
  if (!existsSync(file)) return `${name}: no baseline (run with UPDATE_BASELINES=1 and commit it)`;
  const expected = PNG.sync.read(readFileSync(file));
  const actual = PNG.sync.read(png);
  if (expected.width !== actual.width || expected.height !== actual.height)
    return `${name}: ${actual.width}×${actual.height}, the baseline is ${expected.width}×${expected.height}`;
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: THRESHOLD,
  });
  const share = differing / (actual.width * actual.height);
  if (share <= MAX_DIFF) return null;
  writeFileSync(path.join(SCREENSHOTS, `baseline-${name}-diff.png`), PNG.sync.write(diff));
  return `${name}: ${(share * 100).toFixed(2)}% of pixels differ (at most ${MAX_DIFF * 100}%); see baseline-${name}-diff.png`;
}

/** Issues, a blocker, labels, an assignee, a cycle, a milestone and a mention: the same on every run. */
async function seedData(env: AppEnv) {
  env.clock.set(MADE_AT);
  const bobId = await addPerson(env.core, "bob@example.com", "Bob Builder");
  await addMember(env.core, { workspace: "acme", email: "bob@example.com", role: "member" });
  const bob = await mintPat(env.core, { workspace: "acme", email: "bob@example.com", name: "baseline" });
  const cycle = await env.rest("POST", "/cycles", {
    space: "ENG",
    name: "Cycle 9",
    starts_on: "2026-02-23",
    ends_on: "2026-03-08",
  });
  assert.equal(cycle.status, 201, JSON.stringify(cycle.body));
  const milestone = await env.rest("POST", "/milestones", { name: "Public beta", target_date: "2026-04-01" });
  assert.equal(milestone.status, 201, JSON.stringify(milestone.body));
  const issues: Record<string, unknown>[] = [
    {
      title: "Fix login redirect after the session expires",
      status: "in_progress",
      priority: "urgent",
      labels: ["bug", "auth"],
      assignee: "ada@example.com",
      cycle: cycle.body.id,
      description:
        "Signed-out people land on **/issues** instead of the page they asked for.\n\n- keep the path\n- keep the query",
    },
    {
      title: "Design the saved views menu",
      status: "todo",
      priority: "high",
      labels: ["design"],
      cycle: cycle.body.id,
    },
    {
      title: "Import issues from the old tracker",
      status: "backlog",
      priority: "medium",
      milestone: milestone.body.id,
    },
    { title: "Write the migration guide", status: "todo", priority: "low", milestone: milestone.body.id },
    {
      title: "Rate limit the sign-in codes",
      status: "in_review",
      priority: "high",
      labels: ["auth"],
      cycle: cycle.body.id,
    },
    { title: "Ship the phone layout", status: "done", priority: "medium", cycle: cycle.body.id },
    { title: "Agent loop reads its bundle", status: "todo", priority: "none" },
  ];
  for (const issue of issues) {
    const made = await env.rest("POST", "/issues", issue);
    assert.equal(made.status, 201, JSON.stringify(made.body));
  }
  // ENG-2 waits for ENG-1
  const dep = await env.rest("POST", "/issues/ENG-2/dependencies", { blockedBy: ["ENG-1"] });
  assert.ok(dep.status < 300, JSON.stringify(dep.body));
  // Bob mentions Ada: her inbox has an item
  const said = await fetch(`${env.baseUrl}/v1/issues/ENG-1/comments`, {
    method: "POST",
    headers: { authorization: `Bearer ${bob.token}`, "content-type": "application/json" },
    body: JSON.stringify({ body: "@ada@example.com the redirect drops the query too; see ENG-5." }),
  });
  assert.equal(said.status, 201, await said.text());
  return { bobId, cycleId: cycle.body.id as string };
}

async function contextFor(browser: Browser, env: AppEnv, size: Size, scheme: "light" | "dark") {
  const { cookie } = await createSession(env.core, { personId: env.ada.id });
  const context = await browser.newContext({
    viewport: SIZES[size],
    colorScheme: scheme,
    timezoneId: "UTC",
    locale: "en-US",
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
  });
  await context.addCookies([
    { name: SESSION_COOKIE, value: cookie, url: env.baseUrl, httpOnly: true, sameSite: "Lax" },
  ]);
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(SHOWN_AT));
  return { context, page, errors: watch(page) };
}

test("the main views look as their baselines, at 1440 and 390 wide, light and dark", async (t) => {
  const env = await appEnv(t, { REST_RATE_LIMIT: "100000" });
  const { cycleId } = await seedData(env);
  const browser = await launch(t);
  const failures: string[] = [];

  for (const size of ["desktop", "phone"] as Size[]) {
    for (const scheme of ["light", "dark"] as const) {
      const { context, page, errors } = await contextFor(browser, env, size, scheme);
      const at = (view: string) => `${view}-${size}-${scheme}`;
      const live = () => page.getByRole("status", { name: "Live updates on" }).waitFor();
      const check = async (view: string, mask: Locator[] = []) => {
        const problem = await compare(page, at(view), mask);
        if (problem) failures.push(problem);
      };

      await page.goto(`${env.baseUrl}/acme/issues`);
      await page.locator("li.il-row").nth(6).waitFor();
      await live();
      const heights: number[] = await page.evaluate(
        `[...document.querySelectorAll("li.il-row")].map((li) => li.getBoundingClientRect().height)`,
      );
      for (const h of heights) assert.ok(h <= 36, `${at("list")}: a row is ${h} px, taller than its 36`);
      await check("list");

      await page.keyboard.press("Control+k");
      await page.getByRole("dialog", { name: "Command palette" }).waitFor();
      await check("palette");
      await page.keyboard.press("Escape");

      await page.keyboard.press("c");
      const create = page.getByRole("dialog", { name: "New issue" });
      await create.waitFor();
      await check("new-issue");
      await page.keyboard.press("Escape");
      await create.waitFor({ state: "detached" });

      await page.goto(`${env.baseUrl}/acme/board`);
      await page.locator("[data-card-id='ENG-7']").waitFor();
      await live();
      await check("board");

      await page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
      await page.getByRole("heading", { name: "Fix login redirect after the session expires" }).waitFor();
      await page.getByText("the redirect drops the query too").waitFor();
      await page.locator("figure.graph svg").waitFor();
      await page.getByText("Drawing…").waitFor({ state: "detached" });
      await live();
      await check("issue");

      await page.goto(`${env.baseUrl}/acme/cycles/${cycleId}`);
      await page.getByRole("heading", { name: "Cycle 9", level: 1 }).waitFor();
      await page.getByText("Ship the phone layout").first().waitFor();
      await page.locator("figure.burn-down canvas").waitFor();
      await page.waitForTimeout(200); // the chart's first paint
      await live();
      await check("cycle");

      await page.goto(`${env.baseUrl}/acme/inbox`);
      await page.getByText("the redirect drops the query too").first().waitFor();
      await live();
      await check("inbox");

      await page.goto(`${env.baseUrl}/acme/agents`);
      await page.getByRole("heading", { name: "Agents", level: 1 }).waitFor();
      await live();
      // the service's address (a free port each run) is shown in the set-up commands
      await check("agents", [page.locator("code, pre")]);

      await page.goto(`${env.baseUrl}/acme/settings/members`);
      await page.getByRole("heading", { name: "Members", level: 1 }).waitFor();
      await page.getByText("bob@example.com", { exact: true }).waitFor();
      await page.getByText("No invitation is waiting.").waitFor();
      await live();
      // when each joined: Ada's membership is made at the real time, before the fixed clock
      await check("members", [page.locator(".team-joined")]);

      await page.goto(`${env.baseUrl}/acme/settings/profile`);
      await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
      await page.getByLabel("Email about your inbox").waitFor();
      await live();
      await check("profile");

      await page.goto(`${env.baseUrl}/settings`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      // and the time the test's own token was made (now, not the fixed clock)
      await check("settings", [
        page.locator("code, pre"),
        page.locator("dd", { hasText: /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/ }),
      ]);

      assertNoErrors(errors);
      await context.close();
    }
  }
  assert.deepEqual(failures, [], "views differ from their baselines");
});

test("an issue's agent run and the Runs view look as their baselines, at 1440 and 390 wide, light and dark", async (t) => {
  const env = await appEnv(t, { REST_RATE_LIMIT: "100000" });
  env.clock.set(MADE_AT);
  for (const issue of [
    { title: "Fix login redirect after the session expires", status: "todo", priority: "urgent" },
    { title: "Rate limit the sign-in codes", status: "todo", priority: "high" },
  ]) {
    const made = await env.rest("POST", "/issues", issue);
    assert.equal(made.status, 201, JSON.stringify(made.body));
  }
  const bot = await runAgent(env, "builder");
  const id = await startedRun(bot, "ENG-1");
  await bot.call("POST", `/sessions/${id}/activities`, {
    activities: [
      {
        id: "q1",
        kind: "elicitation",
        body: "Keep the hash fragment in the redirect too?",
        options: ["Keep it", "Drop it"],
      },
    ],
  });
  const other = await bot.call("POST", "/sessions", { issue: "ENG-2" }, 201);
  await bot.call("POST", `/sessions/${other.session.id}/activities`, {
    activities: [{ id: "e1", kind: "error", body: "The test database is unreachable.", usage: usage(300) }],
  });
  await bot.call("PATCH", `/sessions/${other.session.id}`, {
    status: "error",
    summary: "Could not run the tests.",
  });

  const browser = await launch(t);
  const failures: string[] = [];
  for (const size of ["desktop", "phone"] as Size[]) {
    for (const scheme of ["light", "dark"] as const) {
      const { context, page, errors } = await contextFor(browser, env, size, scheme);
      const at = (view: string) => `${view}-${size}-${scheme}`;
      const live = () => page.getByRole("status", { name: "Live updates on" }).waitFor();

      // the Runs link scrolls the issue's page to its runs
      await page.goto(`${env.baseUrl}/acme/issue/ENG-1?run=${id}`);
      const run = page.getByRole("article", { name: "Run of builder" });
      await run.locator("[data-status='awaiting_input']").waitFor();
      await run.getByText("Keep the hash fragment in the redirect too?").waitFor();
      await live();
      await page.evaluate(`document.querySelector(".runs-section").scrollIntoView({ block: "start" })`);
      const problem = await compare(page, at("run"));
      if (problem) failures.push(problem);

      await page.goto(`${env.baseUrl}/acme/runs`);
      await page.getByRole("heading", { name: "Runs", level: 1 }).waitFor();
      await page
        .getByRole("region", { name: /Errored/ })
        .getByText("Rate limit the sign-in codes")
        .waitFor();
      await live();
      const runs = await compare(page, at("runs"));
      if (runs) failures.push(runs);

      assertNoErrors(errors);
      await context.close();
    }
  }
  assert.deepEqual(failures, [], "views differ from their baselines");
});
