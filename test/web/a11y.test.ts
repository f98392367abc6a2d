/**
 * Accessibility across the app's main views, as a person with a screen reader or a keyboard meets them:
 * every control has a name, focus is always visible when moving by Tab, and nothing is announced by
 * colour alone where the views show state (checked in each view's own tests).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { runAgent, startedRun } from "./runs-support.ts";
import { appEnv, assertNoErrors, launch, signedIn } from "./support.ts";

/** Controls without an accessible name: buttons, links, fields, menus, tabs, tree items… */
async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // this file is typed without the DOM's types; the page has them
    // biome-ignore lint/suspicious/noExplicitAny: the page's globals
    const { document }: any = globalThis;
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="treeitem"], [role="option"], [role="checkbox"], [role="radio"], [role="combobox"], [role="switch"]';
    const out: string[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: a DOM element
    for (const el of Array.from(document.querySelectorAll(selector)) as any[]) {
      if (el.closest('[aria-hidden="true"]') || el.offsetParent === null) continue;
      const labelledBy = (el.getAttribute("aria-labelledby") ?? "")
        .split(/\s+/)
        .map((id: string) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      // biome-ignore lint/suspicious/noExplicitAny: a label element
      const labels = "labels" in el ? Array.from(el.labels ?? []).map((l: any) => l.textContent ?? "") : [];
      const name = [
        el.getAttribute("aria-label") ?? "",
        labelledBy,
        ...labels,
        el.tagName === "INPUT" ? "" : (el.textContent ?? ""),
        el.getAttribute("title") ?? "",
        el.querySelector("img[alt]")?.getAttribute("alt") ?? "",
        el.type === "submit" || el.type === "button" ? el.value : "",
      ]
        .join("")
        .trim();
      if (!name) out.push(el.outerHTML.slice(0, 160));
    }
    return out;
  });
}

/** Tabs through the page; every element that takes focus shows it (an outline or a ring). */
async function focusAlwaysVisible(page: Page, presses = 25): Promise<string[]> {
  const invisible: string[] = [];
  await page
    .locator("body")
    .click({ position: { x: 1, y: 1 } })
    .catch(() => undefined);
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const seen = await page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's globals
      const { document, getComputedStyle }: any = globalThis;
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== "none";
      return outline || ring ? "" : el.outerHTML.slice(0, 160);
    });
    if (seen) invisible.push(seen);
  }
  return [...new Set(invisible)];
}

test("every main view: each control is named and keyboard focus is always visible", async (t) => {
  const env = await appEnv(t);
  const one = await env.rest("POST", "/issues", {
    space: "ENG",
    title: "Design the schema",
    status: "in_progress",
    labels: ["backend"],
  });
  const two = await env.rest("POST", "/issues", {
    space: "ENG",
    title: "Import issues",
    blockedBy: [one.body.id],
  });
  assert.equal(two.status, 201);
  const cycle = await env.rest("POST", "/cycles", {
    space: "ENG",
    name: "Sprint 1",
    starts_on: new Date().toISOString().slice(0, 10),
    ends_on: new Date(Date.now() + 13 * 864e5).toISOString().slice(0, 10),
  });
  const milestone = await env.rest("POST", "/milestones", { name: "Beta" });
  const decision = await env.rest("POST", "/decisions", {
    title: "Use PostgreSQL",
    decision: "We use **PostgreSQL**.",
  });
  // a code host connected: the Integrations page shows its card
  assert.equal((await env.rest("POST", "/integrations", { provider: "github" })).status, 201);
  // an agent's run on ENG-1: its page shows the run, the Runs view lists it
  await startedRun(await runAgent(env, "builder"), "ENG-1");
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  const views = [
    "/acme/issues",
    "/acme/board",
    "/acme/my-work",
    "/acme/ready",
    "/acme/issue/ENG-2",
    "/acme/issue/ENG-1",
    "/acme/cycles",
    ...(cycle.status === 201 ? [`/acme/cycles/${cycle.body.id}`] : []),
    "/acme/milestones",
    ...(milestone.status === 201 ? [`/acme/milestones/${milestone.body.id}`] : []),
    "/acme/decisions",
    ...(decision.status === 201 ? [`/acme/decisions/${decision.body.id}`] : []),
    "/acme/notes",
    "/acme/search?q=schema",
    "/acme/runs",
    "/acme/agents",
    "/acme/settings/members",
    "/acme/settings/profile",
    "/acme/settings/integrations",
    "/acme/spaces/ENG",
  ];
  for (const view of views) {
    await page.goto(`${env.baseUrl}${view}`);
    await page.getByRole("heading").first().waitFor();
    // the page has answered its reads (the event stream never ends, so not "network idle")
    await page.waitForTimeout(400);
    assert.deepEqual(await unnamedControls(page), [], `controls without a name on ${view}`);
    assert.deepEqual(await focusAlwaysVisible(page), [], `focus not visible on ${view}`);
  }
  assertNoErrors(errors);
});
