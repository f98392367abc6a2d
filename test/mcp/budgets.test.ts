import assert from "node:assert/strict";
import { test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { type McpEnv, mcpEnv } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: results are checked field by field
type Any = any;

/**
 * Budgets over MCP (both stores): an agent reports usage with `log_session`; once its month's budget is
 * spent its run is stopping and `claim_issue` / `claim_next_issue` are refused with `budget_exceeded`,
 * the budget in the structured error.
 */

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Any> {
  return (await client.callTool({ name, arguments: args })) as Any;
}

async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<Any> {
  const r = await call(client, name, args);
  assert.ok(!r.isError, `${name}: ${JSON.stringify(r.content)}`);
  return r.structuredContent;
}

/** A REST call as Ada (the workspace's Owner), through the listening service. */
async function rest(m: McpEnv, method: string, path: string, body?: unknown): Promise<Any> {
  const res = await fetch(new URL(path, m.url), {
    method,
    headers: {
      authorization: `Bearer ${m.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const raw = await res.text();
  assert.ok(res.status === 200 || res.status === 201, `${method} ${path}: ${res.status} ${raw}`);
  return JSON.parse(raw);
}

test("over MCP: usage logged with the run spends the agent's budget; then its run stops and its claims are refused with budget_exceeded", async (t) => {
  const m = await mcpEnv(t);
  const { token, connectionId } = await m.mint();
  const agent = await m.connect(token);
  await rest(m, "POST", "/v1/issues", { title: "First", status: "todo" });
  await rest(m, "POST", "/v1/issues", { title: "Second", status: "todo" });
  const budget = await rest(m, "POST", "/v1/budgets", { agent: connectionId, token_limit: 1000 });

  const claimed = await ok(agent, "claim_issue", { issue: "ENG-1" });
  const id = claimed.session;
  assert.match(id, /^ses_/);
  await ok(agent, "log_session", {
    id,
    activities: [
      { id: "1", kind: "thought", body: "Reading", usage: { input_tokens: 700, output_tokens: 100 } },
    ],
  });
  assert.equal((await rest(m, "GET", `/v1/budgets/${budget.id}`)).state, "warning");
  await ok(agent, "log_session", {
    id,
    activities: [{ id: "2", kind: "thought", body: "Writing", usage: { output_tokens: 250 } }],
  });
  const read = await rest(m, "GET", `/v1/budgets/${budget.id}`);
  assert.equal(read.state, "exceeded");
  assert.equal(read.spent.tokens, 1050);
  assert.equal((await rest(m, "GET", `/v1/sessions/${id}`)).status, "stopping");

  for (const [tool, args] of [
    ["claim_issue", { issue: "ENG-2" }],
    ["claim_next_issue", {}],
  ] as const) {
    const r = await call(agent, tool, args);
    assert.equal(r.isError, true, `${tool}: ${JSON.stringify(r.content)}`);
    assert.equal(r.structuredContent.error, "budget_exceeded");
    assert.equal(r.structuredContent.budget.id, budget.id);
    assert.match(r.content[0].text, /^budget_exceeded: The budget of agent Test agent is spent/);
  }
  assert.equal((await rest(m, "GET", "/v1/issues/ENG-2")).status, "todo", "nothing was claimed");
});
