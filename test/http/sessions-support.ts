import assert from "node:assert/strict";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import type { Core } from "../../src/core.ts";
import { type Api, bearer } from "../support.ts";

/** What the agent-run tests share: agent connections with tokens, and calls that must succeed or fail. */

export interface Agent {
  id: string;
  token: string;
  headers: Record<string, string>;
}

export async function agent(core: Core, workspaceId: string, personId: string, name: string): Promise<Agent> {
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId,
    personId,
    name,
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(core, connection);
  return { id: connection.id, token: access_token, headers: bearer(access_token) };
}

export async function ok(
  a: Api,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

export async function refused(
  a: Api,
  status: number,
  error: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await a.call(method, url, body, headers);
  assert.equal(res.status, status, `${method} ${url}: ${res.text}`);
  assert.equal(res.body.error, error, `${method} ${url}: ${res.text}`);
  return res.body;
}

/** A usage delta of `n` input tokens (twice as many out, 10 micro-units each). */
export const usage = (n: number) => ({
  input_tokens: n,
  output_tokens: n * 2,
  cost_micros: n * 10,
  model: "m-1",
});
