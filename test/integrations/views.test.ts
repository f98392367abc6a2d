import assert from "node:assert/strict";
import { test } from "node:test";
import { mcpEnv } from "../mcp/support.ts";
import { githubHeaders, githubPullRequestEvent } from "./fixtures.ts";

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
