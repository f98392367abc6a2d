import assert from "node:assert/strict";
import { test } from "node:test";
import { mcpEnv } from "../mcp/support.ts";
import { githubHeaders, githubPullRequestEvent, githubPush } from "./fixtures.ts";

/** An issue's code links and branch name where people and agents read it: REST, the bundle, MCP get_issue. */
test("code_links and branch_name in the issue, its bundle and MCP get_issue", async (t) => {
  const m = await mcpEnv(t);
  const { createIssue } = await import("../../src/tracker/issues.ts");
  const { createIntegration } = await import("../../src/tracker/integrations/store.ts");
  const ctx = { core: m.env.core, workspaceId: m.workspaceId, actor: { personId: m.personId, via: "web" } };
  const issue = await createIssue(ctx, { title: "Fix login redirect", status: "todo" });
  assert.equal(issue.branch_name, "eng-1-fix-login-redirect");
  assert.deepEqual(issue.code_links, []);
  const hook = await createIntegration(ctx, { provider: "github" });
  const body = JSON.stringify(
    githubPullRequestEvent("opened", { number: 5, branch: issue.branch_name, title: "Login redirect" }),
  );
  const res = await m.app.inject({
    method: "POST",
    url: new URL(hook.webhook_url).pathname,
    headers: githubHeaders("pull_request", body, hook.secret),
    payload: body,
  });
  assert.equal(res.statusCode, 202, res.body);

  // a commit pushed to the branch naming the issue: the read carries every link, in the list's order
  const push = JSON.stringify(githubPush(issue.branch_name, [{ message: "Redirect after sign-in, ENG-1" }]));
  const pushed = await m.app.inject({
    method: "POST",
    url: new URL(hook.webhook_url).pathname,
    headers: githubHeaders("push", push, hook.secret),
    payload: push,
  });
  assert.equal(pushed.statusCode, 202, pushed.body);
  const { getIssue } = await import("../../src/tracker/issues.ts");
  const { listIssueLinks } = await import("../../src/tracker/integrations/store.ts");
  const blocker = await createIssue(ctx, { title: "Session store", status: "todo", blocks: ["ENG-1"] });
  const read = await getIssue(ctx, "ENG-1");
  const listed = await listIssueLinks(ctx, "ENG-1", { limit: 50 });
  assert.ok(read.code_links.length >= 2, `a pull request and more (${read.code_links.map((l) => l.kind)})`);
  assert.deepEqual(read.code_links, listed.data, "the read's links are the list's, field for field");
  for (const link of read.code_links) {
    assert.match(link.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.match(link.updated_at, /Z$/);
  }
  assert.deepEqual(
    read.blockedBy.map((b) => [b.identifier, b.title, b.status]),
    [[blocker.identifier, "Session store", "todo"]],
  );
  assert.deepEqual(read.blocks, []);
  assert.deepEqual(
    (await getIssue(ctx, blocker.id)).blocks.map((b) => b.identifier),
    ["ENG-1"],
  );

  const { token } = await m.mint();
  const client = await m.connect(token);
  const got = (await client.callTool({ name: "get_issue", arguments: { id: "ENG-1" } })) as {
    structuredContent: {
      branch_name: string;
      code_links: { number: number; state: string }[];
      status: string;
    };
    content: { text: string }[];
  };
  assert.equal(got.structuredContent.branch_name, "eng-1-fix-login-redirect");
  assert.equal(got.structuredContent.code_links[0]!.number, 5);
  assert.equal(got.structuredContent.status, "in_review");
  assert.match(got.content[0]!.text, /branch: eng-1-fix-login-redirect/);
  assert.match(got.content[0]!.text, /PR #5 open https:\/\/github.com\/acme\/web\/pull\/5/);

  const bundle = await m.app.inject({
    method: "GET",
    url: "/v1/bundles/ENG-1",
    headers: { authorization: `Bearer ${m.token}`, accept: "text/markdown" },
  });
  assert.equal(bundle.statusCode, 200, bundle.body);
  assert.match(bundle.body, /- Branch: eng-1-fix-login-redirect/);
  assert.match(
    bundle.body,
    /## Code\n\n- Pull request #5 Login redirect \(open\): https:\/\/github.com\/acme\/web\/pull\/5/,
  );
});
