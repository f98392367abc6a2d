/** Agent runs for the browser tests: an agent connection that starts a run and reports through REST. */
import assert from "node:assert/strict";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import type { AppEnv } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each test reads what it needs
type Json = any;

export interface RunAgent {
  id: string;
  /** Calls /v1 as the agent; asserts a 2xx answer unless `expect` names another status. */
  call(method: string, url: string, body?: unknown, expect?: number): Promise<Json>;
}

/** An agent connection of Ada's in acme, with read and write access. */
export async function runAgent(env: AppEnv, name: string): Promise<RunAgent> {
  const connection = await createConnection(env.core, {
    kind: "agent",
    workspaceId: env.acme.id,
    personId: env.ada.id,
    name,
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(env.core, connection);
  return {
    id: connection.id,
    async call(method, url, body, expect) {
      const res = await fetch(`${env.baseUrl}/v1${url}`, {
        method,
        headers: {
          authorization: `Bearer ${access_token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (expect !== undefined) assert.equal(res.status, expect, `${method} ${url}: ${text}`);
      else assert.ok(res.status >= 200 && res.status < 300, `${method} ${url}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
  };
}

/** A usage delta: `n` input tokens, twice as many out, `n * 30` micro-units of cost. */
export const usage = (n: number) => ({
  input_tokens: n,
  output_tokens: n * 2,
  cost_micros: n * 30,
  model: "m-1",
});

/** The agent starts a run on the issue, plans it, names a branch and logs a thought and an action. */
export async function startedRun(agent: RunAgent, issue: string): Promise<string> {
  const started = await agent.call("POST", "/sessions", { issue }, 201);
  const id = started.session.id as string;
  await agent.call("PATCH", `/sessions/${id}`, {
    plan: [
      { content: "Reproduce the redirect", status: "done" },
      { content: "Keep the path and query", status: "in_progress" },
      { content: "Add a test", status: "pending" },
    ],
    artifacts: [
      {
        kind: "branch",
        url: "https://git.example.com/acme/web/tree/fix-login-redirect",
        title: "fix-login-redirect",
      },
    ],
  });
  await agent.call("POST", `/sessions/${id}/activities`, {
    activities: [
      { id: "t1", kind: "thought", body: "The redirect drops the query string.", usage: usage(1200) },
      {
        id: "a1",
        kind: "action",
        action: { name: "run_tests", parameter: "npm test -- login", result: "2 passed, 1 failed" },
        usage: usage(800),
      },
    ],
  });
  return id;
}
