/**
 * An agent finishing under a review policy over MCP, and the person who finishes it in the web app: the
 * agent moves its claimed issue to in_review, asks "mark done?" and waits with wait_for; Ada approves in
 * one click from her inbox; the wait ends with her answer, the issue is done and the claim ended.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { updateSpace } from "../../src/tracker/spaces.ts";
import { appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: tool answers, read field by field
type Json = any;

test("the review-policy loop: the agent waits with wait_for, the person approves 'mark done?' in the inbox; the issue is done and the claim ended", async (t) => {
  const env = await appEnv(t);
  await updateSpace(
    { core: env.core, workspaceId: env.acme.id, actor: { personId: env.ada.id, via: "admin" } },
    "ENG",
    { done_requires: "person" },
    { asOperator: true },
  );
  const connection = await createConnection(env.core, {
    kind: "agent",
    workspaceId: env.acme.id,
    personId: env.ada.id,
    name: "Builder",
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(env.core, connection);
  const agent = new Client({ name: "docket-tests", version: "1.0.0" });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(`${env.baseUrl}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${access_token}` } },
    }),
  );
  t.after(() => agent.close());
  const call = async (name: string, args: Record<string, unknown>): Promise<Json> => {
    const r = (await agent.callTool({ name, arguments: args })) as Json;
    assert.ok(!r.isError, `${name}: ${JSON.stringify(r.content)}`);
    return r.structuredContent;
  };

  await call("create_issue", { title: "Migrate the billing tables", priority: "high" });
  const { claim, finishing } = await call("claim_next_issue", {});
  assert.equal(finishing.done_requires, "person");
  await call("update_issue", { id: "ENG-1", status: "in_review" });
  const asked = await call("request_approval", { id: "ENG-1", mark_done: true });
  const waiting = call("wait_for", { id: asked.id, timeout_seconds: 45 });

  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.goto(`${env.baseUrl}/acme/inbox`);
  const item = page.locator(".inbox-item").filter({ hasText: "Mark ENG-1 done?" });
  await item.getByText("Approval requested").waitFor();
  await item.getByText("Builder (for Ada Lovelace) asks").waitFor();
  await item.getByText("Approving marks ENG-1 done, as you.").waitFor();
  await shot(page, "inbox-mark-done");
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await item.getByText("Approving marks ENG-1 done, as you.").waitFor();
  await shot(page, "inbox-mark-done-390");
  if (wide) await page.setViewportSize(wide);
  await page.reload();
  await item.getByRole("button", { name: "Approve" }).waitFor();
  await item.getByRole("button", { name: "Approve" }).click();
  await page.getByText("Answered “Approve” on ENG-1").waitFor();

  const waited = await waiting;
  assert.equal(waited.timed_out, false);
  assert.equal(waited.event.type, "approval.resolved");
  assert.equal(waited.approval.approved, true);
  assert.equal(waited.approval.answered_by.agent, null, "a person answered");
  const issue = await env.rest("GET", "/issues/ENG-1");
  assert.equal(issue.body.status, "done");
  assert.equal(issue.body.updated_by.via, "web", "marked done by Ada in the app");
  const ended = await env.core.db
    .selectFrom("claims")
    .select(["ended_at"])
    .where("id", "=", claim.id)
    .executeTakeFirstOrThrow();
  assert.ok(ended.ended_at, "the claim ended");

  await page.goto(`${env.baseUrl}/acme/issue/ENG-1`);
  await page
    .getByRole("complementary", { name: "Properties" })
    .getByRole("button", { name: "Status: Done" })
    .waitFor();
  await shot(page, "issue-marked-done");
  assertNoErrors(errors);
});
