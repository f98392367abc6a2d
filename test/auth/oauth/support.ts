import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestContext } from "node:test";
import { approveAuthorization, checkAuthorizationRequest, s256 } from "../../../src/auth/oauth/authorize.ts";
import { registerClient } from "../../../src/auth/oauth/clients.ts";
import type { Core } from "../../../src/core.ts";

export const REDIRECT = "http://127.0.0.1:8765/callback";

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: s256(verifier) };
}

export async function registered(core: Core, extra: Record<string, unknown> = {}): Promise<string> {
  const c = await registerClient(
    core,
    {
      client_name: "Test Client",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      ...extra,
    },
    "127.0.0.1",
  );
  return c.client_id;
}

export function authorizeQuery(
  core: Core,
  clientId: string,
  challenge: string,
  extra: Record<string, unknown> = {},
) {
  return {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: `${core.config.baseUrl}/api/mcp`,
    scope: "workspace.read workspace.write",
    state: "st-123",
    ...extra,
  };
}

/** Runs the authorization to the code: the client registered, the person approved. */
export async function approvedCode(
  core: Core,
  who: { personId: string; workspaceId: string },
  options: { access?: "read" | "write"; clientId?: string } = {},
): Promise<{ code: string; verifier: string; clientId: string; connectionId: string }> {
  const clientId = options.clientId ?? (await registered(core));
  const { verifier, challenge } = pkce();
  const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, challenge));
  if (checked.kind !== "ok") throw new Error(`authorization request refused: ${checked.description}`);
  const approved = await approveAuthorization(core, {
    request: checked.request,
    personId: who.personId,
    workspaceId: who.workspaceId,
    access: options.access ?? "write",
  });
  const code = new URL(approved.location).searchParams.get("code");
  if (!code) throw new Error("no code in the redirect");
  return { code, verifier, clientId, connectionId: approved.connectionId };
}

export function tokenParams(
  core: Core,
  code: { code: string; verifier: string; clientId: string },
  extra: Record<string, string> = {},
) {
  return {
    grant_type: "authorization_code",
    code: code.code,
    code_verifier: code.verifier,
    client_id: code.clientId,
    redirect_uri: REDIRECT,
    resource: `${core.config.baseUrl}/api/mcp`,
    ...extra,
  };
}

/** A local http server answering every request with `handler`; its base URL. */
export async function localServer(
  t: TestContext,
  handler: (req: IncomingMessage, res: ServerResponse, hits: number) => void,
): Promise<{ base: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    handler(req, res, hits);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
}
