/**
 * The issue page as a person uses it: editing in place, properties by keyboard, dependencies and the
 * blocker graph, ice and thaw, files dropped on the page, live changes, a 412 conflict settled with
 * nothing lost, and stored script never running.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

test("the issue page shows an issue with its properties, dependencies and graph (light and dark)", async (t) => {
  const env = await appEnv(t);
  const blocker = await env.rest("POST", "/issues", { title: "Design the schema", status: "in_progress" });
  const issue = await env.rest("POST", "/issues", {
    title: "Import issues from the old tracker",
    description: "Move the **1,200** open issues over.\n\n- keep history\n- keep `labels`",
    priority: "high",
    labels: ["backend", "import"],
    estimate: 3,
    blockedBy: [blocker.body.id],
  });
  assert.equal(issue.status, 201);
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/issue/${issue.body.identifier}`);
  await page.getByRole("heading", { name: /Import issues from the old tracker/ }).waitFor();
  await page.getByRole("button", { name: "Status: Backlog" }).waitFor();
  await page.getByRole("complementary", { name: "Properties" }).getByText("Blocked by 1").waitFor();
  await page.locator(".graph svg").waitFor();
  await shot(page, "issue-page");
  assertNoErrors(errors);
});
