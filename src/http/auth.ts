import type { FastifyRequest } from "fastify";
import {
  ACCESS_TOKEN_PREFIX,
  authenticateAccessToken,
  describeAccessTokenFailure,
} from "../auth/connections.ts";
import { authenticatePat, describePatFailure, type Principal, type Scope } from "../auth/tokens.ts";
import type { Core } from "../core.ts";
import { DocketError, insufficientScope, notFound } from "../errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const REALM = 'Bearer realm="docket"';

/** RFC 6750 §3: error_description is printable ASCII without `"` or `\`. */
function headerSafe(text: string): string {
  return text.replaceAll("…", "...").replace(/[^\x20-\x7e]|["\\]/g, "");
}

function unauthorized(description: string, tokenPresented: boolean): DocketError {
  // RFC 6750 §3.1: no error code in the challenge when the request carried no token at all.
  const challenge = tokenPresented
    ? `${REALM}, error="invalid_token", error_description="${headerSafe(description)}"`
    : REALM;
  return new DocketError(401, "invalid_token", description, { headers: { "www-authenticate": challenge } });
}

/** Extracts the bearer token from `Authorization`, or explains why there is none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) {
    throw unauthorized("Send a personal access token as Authorization: Bearer docket_pat_….", false);
  }
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  if (!match) throw unauthorized("The Authorization header must be of the form Bearer <token>.", true);
  return match[1]!;
}

/** A personal access token or a connection's access token, checked; 401 when it does not hold. */
async function authenticateBearer(core: Core, token: string): Promise<Principal> {
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
    const outcome = await authenticateAccessToken(core, token);
    if (!outcome.ok) throw unauthorized(describeAccessTokenFailure(outcome.reason), true);
    return outcome.principal;
  }
  const outcome = await authenticatePat(core, token);
  if (!outcome.ok) throw unauthorized(describePatFailure(outcome.reason), true);
  return outcome.principal;
}

/**
 * Authenticates a `/v1` request by its personal access token (or a connection's access token) and fixes
 * its workspace. A request that names another workspace in `Docket-Workspace` gets 404, as every object
 * of another workspace does.
 */
export async function authenticateRequest(core: Core, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  const principal = await authenticateBearer(core, token);
  const asked = request.headers["docket-workspace"];
  if (typeof asked === "string" && asked.trim() !== "") {
    const ws = await core.db
      .selectFrom("workspaces")
      .select(["id", "slug"])
      .where("id", "=", principal.workspaceId)
      .executeTakeFirst();
    const wanted = asked.trim().toLowerCase();
    if (!ws || (ws.slug !== wanted && ws.id.toLowerCase() !== wanted)) {
      throw notFound(`No workspace "${asked.trim()}" is reachable with this token.`);
    }
  }
  request.principal = principal;
  return principal;
}

/** The principal of an authenticated request, refused with 403 insufficient_scope when it lacks `scope`. */
export function requireScope(request: FastifyRequest, scope: Scope): Principal {
  const principal = request.principal;
  if (!principal) throw unauthorized("Authentication is required.", false);
  if (!principal.scopes.has(scope)) throw insufficientScope(scope);
  return principal;
}
