import { createHash } from "node:crypto";
import { DAY, MINUTE } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { Workspace } from "../../db/schema.ts";
import { hashSecret, newId, randomBase62 } from "../../secrets.ts";
import { countLiveConnections, createConnection, isMcpResource, mcpResource } from "../connections.ts";
import type { Scope } from "../tokens.ts";
import { ClientError, type ClientView, isRegisteredRedirectUri, resolveClient } from "./clients.ts";

/**
 * The authorization endpoint's protocol (RFC 6749 §4.1 with PKCE, RFC 8707 resource indicators and
 * RFC 9207 `iss`): checking a request, and what the person's approval or denial makes of it. No HTTP
 * in here; the consent page lives in src/http/auth/oauth-authorize.ts.
 */

/** An authorization code is good for this long after the person approves (RFC 6749 §4.1.2: at most 10 min). */
export const CODE_TTL_MS = 5 * MINUTE;
/** A browser OAuth connection lives while it is used at least this often. */
export const IDLE_LIFETIME_MS = 30 * DAY;
export const STATE_MAX_LENGTH = 1000;

/** Spent and expired codes are kept this long (a late replay still ends its connection), then deleted. */
export const CODE_KEPT_MS = DAY;

/** The issuer: the authorization server's identifier, sent back as `iss` (RFC 9207). */
export function issuer(core: Core): string {
  return `${core.config.baseUrl}/api/auth`;
}

export interface AuthorizationRequest {
  client: ClientView;
  redirectUri: string;
  codeChallenge: string;
  /** what the client asked for; the person may grant less */
  scopes: Scope[];
  state: string | undefined;
  resource: string;
}

/** The outcome of checking a request: usable, an error to show as a page, or one to send back. */
export type CheckedRequest =
  | { kind: "ok"; request: AuthorizationRequest }
  | { kind: "page"; error: string; description: string }
  | { kind: "redirect"; location: string; error: string; description: string };

/** Where the answer goes: the redirect URI with `params`, `state` and `iss` added to its query. */
export function redirectLocation(
  core: Core,
  redirectUri: string,
  params: Record<string, string>,
  state: string | undefined,
): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.append(k, v);
  if (state !== undefined) url.searchParams.append("state", state);
  url.searchParams.append("iss", issuer(core));
  return url.toString();
}

type Query = Record<string, unknown>;

function single(query: Query, name: string): { value: string | undefined; repeated: boolean } {
  const v = query[name];
  if (Array.isArray(v)) return { value: undefined, repeated: true };
  if (v === undefined || v === "") return { value: undefined, repeated: false };
  return { value: String(v), repeated: false };
}

/**
 * Checks an authorization request. The client and its redirect URI are checked first: until both hold,
 * an error is shown to the person as a page and never sent to the URI (RFC 6749 §4.1.2.1). After that,
 * errors go back to the client's redirect URI with `state` and `iss`.
 */
export async function checkAuthorizationRequest(core: Core, query: Query): Promise<CheckedRequest> {
  const clientId = single(query, "client_id");
  if (clientId.repeated || !clientId.value) {
    return {
      kind: "page",
      error: "invalid_request",
      description: "The request names no client (client_id), or names it twice.",
    };
  }
  let client: ClientView;
  try {
    client = await resolveClient(core, clientId.value);
  } catch (error) {
    if (error instanceof ClientError)
      return { kind: "page", error: "invalid_client", description: error.message };
    throw error;
  }
  const redirect = single(query, "redirect_uri");
  if (redirect.repeated || !redirect.value) {
    return {
      kind: "page",
      error: "invalid_request",
      description: "The request names no redirect_uri, or names it twice.",
    };
  }
  if (!isRegisteredRedirectUri(client.redirect_uris, redirect.value)) {
    return {
      kind: "page",
      error: "invalid_request",
      description:
        "The redirect_uri is not one the client registered; it must match exactly (a loopback http address may differ only in its port).",
    };
  }
  const redirectUri = redirect.value;
  const stateParam = single(query, "state");
  const state = stateParam.repeated ? undefined : stateParam.value;
  const fail = (error: string, description: string): CheckedRequest => ({
    kind: "redirect",
    error,
    description,
    location: redirectLocation(core, redirectUri, { error, error_description: description }, state),
  });
  const names = ["response_type", "code_challenge", "code_challenge_method", "resource", "scope", "state"];
  for (const name of names) {
    if (single(query, name).repeated)
      return fail("invalid_request", `The parameter ${name} is given more than once.`);
  }
  if (state !== undefined && state.length > STATE_MAX_LENGTH) {
    return fail("invalid_request", `state may be at most ${STATE_MAX_LENGTH} characters.`);
  }
  const responseType = single(query, "response_type").value;
  if (!responseType) return fail("invalid_request", "response_type is required and must be code.");
  if (responseType !== "code")
    return fail("unsupported_response_type", "Only response_type=code is offered.");
  const challenge = single(query, "code_challenge").value;
  const method = single(query, "code_challenge_method").value;
  if (!challenge)
    return fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.");
  if (method !== "S256") {
    return fail(
      "invalid_request",
      method === undefined || method === "plain"
        ? "code_challenge_method must be S256; plain is not accepted."
        : `code_challenge_method ${method} is not supported; use S256.`,
    );
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    return fail(
      "invalid_request",
      "code_challenge must be the base64url SHA-256 of the verifier (43 characters).",
    );
  }
  const resource = single(query, "resource").value;
  if (!resource) return fail("invalid_target", `resource is required and must be ${mcpResource(core)}.`);
  if (!isMcpResource(core, resource)) return fail("invalid_target", `resource must be ${mcpResource(core)}.`);
  const scopeParam = single(query, "scope").value;
  // Scopes Docket does not define (offline_access, openid, profile…) are ignored, not refused: many
  // clients always send them. Naming none of Docket's is the same as leaving scope out.
  const known = (scopeParam ?? "")
    .split(" ")
    .filter((s) => s === "workspace.read" || s === "workspace.write");
  const asked = known.length === 0 ? ["workspace.read", "workspace.write"] : known;
  const scopes: Scope[] = asked.includes("workspace.write")
    ? ["workspace.read", "workspace.write"]
    : ["workspace.read"];
  // Kept in its canonical form, whatever spelling named it.
  return {
    kind: "ok",
    request: { client, redirectUri, codeChallenge: challenge, scopes, state, resource: mcpResource(core) },
  };
}

/** The approval was refused because the workspace's plan has no free connection slot. */
export class PlanLimitReached extends Error {
  readonly limit: number;
  constructor(workspace: Pick<Workspace, "name" | "agent_connection_limit">) {
    super(
      `${workspace.name} already has ${workspace.agent_connection_limit} live connection${workspace.agent_connection_limit === 1 ? "" : "s"}, all its plan allows. Revoke one in settings, or choose another workspace.`,
    );
    this.name = "PlanLimitReached";
    this.limit = workspace.agent_connection_limit;
  }
}

/** The person is not a member of the workspace they chose (or it does not exist). */
export class NotAMember extends Error {
  constructor() {
    super("You are not a member of that workspace.");
    this.name = "NotAMember";
  }
}

export interface Approval {
  request: AuthorizationRequest;
  personId: string;
  workspaceId: string;
  /** read-only, or read-and-write when the client asked for write */
  access: "read" | "write";
}

/**
 * The person approves: in one transaction, checks membership and the plan limit, creates the connection
 * and a one-time authorization code, and answers where to send the browser. The connection takes a plan
 * slot only until the code expires unless the code is redeemed, which extends it to 30 days of use.
 */
export async function approveAuthorization(
  core: Core,
  approval: Approval,
): Promise<{ location: string; connectionId: string }> {
  const { request } = approval;
  const now = core.clock.now();
  const code = `docket_ac_${randomBase62(43)}`;
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS).toISOString();
  const scopes: Scope[] =
    approval.access === "write" && request.scopes.includes("workspace.write")
      ? ["workspace.read", "workspace.write"]
      : ["workspace.read"];
  const connectionId = await core.db.transaction().execute(async (tx) => {
    let q = tx
      .selectFrom("workspaces as w")
      .innerJoin("memberships as m", "m.workspace_id", "w.id")
      .select(["w.id", "w.name", "w.agent_connection_limit"])
      .where("w.id", "=", approval.workspaceId)
      .where("m.person_id", "=", approval.personId);
    // Approvals for one workspace take turns on PostgreSQL, so two at once cannot both take the last
    // slot (SQLite runs one write transaction at a time anyway).
    if (core.store.kind === "postgres") q = q.forUpdate("w");
    const ws = await q.executeTakeFirst();
    if (!ws) throw new NotAMember();
    if ((await countLiveConnections(core, ws.id, tx)) >= ws.agent_connection_limit)
      throw new PlanLimitReached(ws);
    await tx
      .deleteFrom("authorization_codes")
      .where("expires_at", "<", new Date(now.getTime() - CODE_KEPT_MS).toISOString())
      .execute();
    const connection = await createConnection(
      core,
      {
        kind: "oauth",
        workspaceId: ws.id,
        personId: approval.personId,
        name: request.client.client_name ?? "MCP client",
        scopes,
        clientId: request.client.client_id,
        idleExpiresAt: expiresAt,
      },
      tx,
    );
    await tx
      .insertInto("authorization_codes")
      .values({
        id: newId("acd", now),
        code_hash: hashSecret(code),
        client_id: request.client.client_id,
        connection_id: connection.id,
        redirect_uri: request.redirectUri,
        code_challenge: request.codeChallenge,
        scopes: scopes.join(" "),
        resource: request.resource,
        expires_at: expiresAt,
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    return connection.id;
  });
  return { location: redirectLocation(core, request.redirectUri, { code }, request.state), connectionId };
}

/** The person denies: the client hears access_denied. Nothing is stored. */
export function denyAuthorization(core: Core, request: AuthorizationRequest): string {
  return redirectLocation(
    core,
    request.redirectUri,
    { error: "access_denied", error_description: "The person denied the request." },
    request.state,
  );
}

/** The S256 code challenge of a verifier (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
