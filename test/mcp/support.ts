import type { TestContext } from "node:test";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { FastifyInstance } from "fastify";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import type { Scope } from "../../src/auth/tokens.ts";
import { app, type Seeded, seed, setup, type TestEnv } from "../support.ts";

/** The two protocol eras the endpoint serves, as a client pins them. */
export const ERAS = {
  current: "2026-07-28",
  older: "2025-06-18",
} as const;
export type Era = keyof typeof ERAS;

/** Toolsets and read-only mode, sent as headers or (with `query`) as parameters of the endpoint URL. */
export interface ConnectOptions {
  toolsets?: string;
  readonly?: boolean;
  query?: boolean;
}

export interface McpEnv extends Seeded {
  env: TestEnv;
  app: FastifyInstance;
  /** the endpoint's URL on the listening server */
  url: URL;
  /** a new connection of Ada's with these scopes, and an access token for it */
  mint(scopes?: Scope[]): Promise<{ token: string; connectionId: string }>;
  /** a real MCP client over Streamable HTTP, connected in the given era with `token` */
  connect(token: string, era?: Era, options?: ConnectOptions): Promise<Client>;
}

/** A migrated store, Ada's workspace "acme" (space ENG), and the service listening on a port of its own. */
export async function mcpEnv(t: TestContext, extraEnv: Record<string, string> = {}): Promise<McpEnv> {
  const env = await setup(t, { BASE_URL: "http://127.0.0.1", ...extraEnv });
  const seeded = await seed(env.core);
  const instance = await app(t, env.core);
  await instance.listen({ port: 0, host: "127.0.0.1" });
  const address = instance.server.address();
  if (!address || typeof address === "string") throw new Error("the server did not listen on a port");
  const url = new URL(`http://127.0.0.1:${address.port}/api/mcp`);
  const clients: Client[] = [];
  t.after(async () => {
    for (const c of clients) await c.close().catch(() => {});
  });
  return {
    ...seeded,
    env,
    app: instance,
    url,
    async mint(scopes = ["workspace.read", "workspace.write"]) {
      const connection = await createConnection(env.core, {
        kind: "agent",
        workspaceId: seeded.workspaceId,
        personId: seeded.personId,
        name: "Test agent",
        scopes,
      });
      const issued = await issueAccessToken(env.core, connection);
      return { token: issued.access_token, connectionId: connection.id };
    },
    async connect(token, era = "current", options = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      const endpoint = new URL(url);
      const put = (header: string, param: string, value: string) => {
        if (options.query) endpoint.searchParams.set(param, value);
        else headers[header] = value;
      };
      if (options.toolsets !== undefined) put("x-mcp-toolsets", "toolsets", options.toolsets);
      if (options.readonly !== undefined) put("x-mcp-readonly", "readonly", String(options.readonly));
      const client = new Client(
        { name: "docket-tests", version: "1.0.0" },
        era === "current"
          ? { versionNegotiation: { mode: { pin: ERAS.current } } }
          : { supportedProtocolVersions: [ERAS.older] },
      );
      const transport = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers } });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
  };
}
