import { SECOND } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { Db } from "../../db/store.ts";
import { checksum, hashSecret, newId, randomBase62 } from "../../secrets.ts";
import {
  connectionHolds,
  connectionsWithHolder,
  type IssuedAccessToken,
  isLive,
  isMcpResource,
  issueAccessToken,
  mcpResource,
  revokeConnection,
} from "../connections.ts";
import { parseScopes, SCOPES, type Scope } from "../tokens.ts";
import { IDLE_LIFETIME_MS, s256 } from "./authorize.ts";

/**
 * The token endpoint's two browser OAuth grants: `authorization_code` with PKCE (RFC 6749 §4.1.3,
 * RFC 7636 §4.6, RFC 8707) and `refresh_token` with rotation and reuse detection (OAuth 2.1 §4.3,
 * RFC 9700 §4.14.2). Both answer `{ status, body, headers }`, which the token endpoint sends as it is.
 * Refusals name the OAuth error; invalid_grant is a bare `{ error }`, as everywhere on the token endpoint.
 */

export const REFRESH_TOKEN_PREFIX = "docket_rt_";
const REFRESH_TOKEN_BODY = 43;
const REFRESH_TOKEN_PATTERN = new RegExp(
  `^${REFRESH_TOKEN_PREFIX}([0-9A-Za-z]{${REFRESH_TOKEN_BODY}})([0-9A-Za-z]{6})$`,
);
export const AUTHORIZATION_CODE_PATTERN = /^docket_ac_[0-9A-Za-z]{43}$/;
/**
 * A rotated refresh token presented again within this long of its rotation is taken as the client
 * retrying an answer it lost: it gets a fresh pair, and the pair it lost stops. Later, it is reuse.
 */
export const ROTATION_GRACE_MS = 10 * SECOND;
/**
 * Rotated refresh tokens are kept this long, so presenting one ends the connection; older ones are
 * deleted as the connection rotates (one is made every hour of use) and are then merely unknown.
 */
export const ROTATED_KEPT_MS = IDLE_LIFETIME_MS;

/** The form's parameters: as URLSearchParams, as a map of name to every value given, or as an object. */
export type GrantParams =
  | URLSearchParams
  | ReadonlyMap<string, readonly string[]>
  | Record<string, string | readonly string[] | undefined>;

export interface GrantAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface TokenAnswer extends IssuedAccessToken {
  refresh_token: string;
}

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

function ok(body: TokenAnswer): GrantAnswer {
  return { status: 200, body: { ...body }, headers: NO_STORE };
}

function refuse(error: string, description?: string): GrantAnswer {
  return {
    status: 400,
    body: description === undefined ? { error } : { error, error_description: description },
    headers: NO_STORE,
  };
}

const invalidGrant = (): GrantAnswer => refuse("invalid_grant");

export function generateRefreshToken(): string {
  const body = randomBase62(REFRESH_TOKEN_BODY);
  return `${REFRESH_TOKEN_PREFIX}${body}${checksum(body)}`;
}

export function isWellFormedRefreshToken(token: string): boolean {
  const m = REFRESH_TOKEN_PATTERN.exec(token);
  return m !== null && checksum(m[1]!) === m[2];
}

/** Reads one parameter: missing is undefined, given twice (or more) is "repeated". */
function param(params: GrantParams, name: string): string | undefined | "repeated" {
  if (params instanceof URLSearchParams || params instanceof Map) {
    const all: readonly string[] =
      params instanceof URLSearchParams
        ? params.getAll(name)
        : ((params as ReadonlyMap<string, readonly string[]>).get(name) ?? []);
    if (all.length > 1) return "repeated";
    return all[0] === "" ? undefined : all[0];
  }
  const v = (params as Record<string, string | readonly string[] | undefined>)[name];
  if (Array.isArray(v))
    return v.length > 1 ? "repeated" : v[0] === "" ? undefined : (v[0] as string | undefined);
  return v === "" ? undefined : (v as string | undefined);
}

/**
 * The named parameters, each present at most once (`required` ones present): else the refusal
 * (RFC 6749 §5.2 invalid_request).
 */
function readParams<N extends string>(
  params: GrantParams,
  required: readonly N[],
  optional: readonly string[],
): { values: Record<N, string> & Record<string, string | undefined> } | { refusal: GrantAnswer } {
  const values: Record<string, string | undefined> = {};
  for (const name of [...required, ...optional]) {
    const v = param(params, name);
    if (v === "repeated")
      return { refusal: refuse("invalid_request", `The parameter ${name} is given more than once.`) };
    if (v === undefined && (required as readonly string[]).includes(name)) {
      return { refusal: refuse("invalid_request", `The parameter ${name} is required.`) };
    }
    values[name] = v;
  }
  return { values: values as Record<N, string> & Record<string, string | undefined> };
}

/**
 * The client authenticates as a public client does: by a `client_id` the service knows (registered, or a
 * metadata document it has fetched), and no secret. Else invalid_client (RFC 6749 §5.2).
 */
async function checkClient(
  core: Core,
  params: GrantParams,
  clientId: string,
): Promise<GrantAnswer | undefined> {
  if (param(params, "client_secret") !== undefined || param(params, "client_assertion") !== undefined) {
    return refuse(
      "invalid_client",
      "Clients of this service are public: send client_id alone, no secret or assertion.",
    );
  }
  const known = await core.db
    .selectFrom("oauth_clients")
    .select("id")
    .where("id", "=", clientId)
    .executeTakeFirst();
  return known ? undefined : refuse("invalid_client", "No client is registered with this client_id.");
}

async function switchedOff(core: Core): Promise<GrantAnswer | undefined> {
  if (await core.switches.isOn("browser_oauth")) return undefined;
  return refuse("unsupported_grant_type", "The browser OAuth sign-in is switched off on this service.");
}

/** The connection still holds: live, its person not suspended and still a member of its workspace. */
async function liveConnection(core: Core, db: Db, connectionId: string) {
  const row = await connectionsWithHolder(db).where("c.id", "=", connectionId).executeTakeFirst();
  return connectionHolds(row, "oauth") && isLive(row, core.clock.now()) ? row : undefined;
}

/** Issues an access token and a refresh token for a connection, and extends its idle life to 30 days. */
async function issuePair(
  core: Core,
  db: Db,
  connection: { id: string; scopes: string },
  clientId: string,
  grantedScopes: string,
  accessScopes: readonly Scope[],
): Promise<{ answer: TokenAnswer; refreshTokenId: string }> {
  const now = core.clock.now();
  const accessTokenId = newId("at", now);
  const access = await issueAccessToken(core, connection, {
    scopes: accessScopes,
    resource: mcpResource(core),
    db,
    id: accessTokenId,
  });
  const refresh = generateRefreshToken();
  const refreshTokenId = newId("rt", now);
  await db
    .insertInto("refresh_tokens")
    .values({
      id: refreshTokenId,
      token_hash: hashSecret(refresh),
      connection_id: connection.id,
      client_id: clientId,
      scopes: grantedScopes,
      access_token_id: accessTokenId,
      rotated_at: null,
      successor_id: null,
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  await db
    .deleteFrom("refresh_tokens")
    .where("connection_id", "=", connection.id)
    .where("rotated_at", "<=", new Date(now.getTime() - ROTATED_KEPT_MS).toISOString())
    .execute();
  await db
    .updateTable("connections")
    .set({
      idle_expires_at: new Date(now.getTime() + IDLE_LIFETIME_MS).toISOString(),
      last_used_at: now.toISOString(),
    })
    .where("id", "=", connection.id)
    .execute();
  return { answer: { ...access, refresh_token: refresh }, refreshTokenId };
}

/**
 * `grant_type=authorization_code`: the code once only (a second use ends the connection it made, and
 * with it every token issued from it), its client_id and redirect_uri as in the authorization request,
 * the PKCE verifier whose S256 hash is the challenge, and `resource`, when sent, the MCP endpoint.
 * Answers an access token bound to `{base_url}/api/mcp` and a refresh token.
 */
export async function authorizationCodeGrant(core: Core, params: GrantParams): Promise<GrantAnswer> {
  const off = await switchedOff(core);
  if (off) return off;
  const read = readParams(params, ["code", "redirect_uri", "client_id", "code_verifier"] as const, [
    "resource",
  ]);
  if ("refusal" in read) return read.refusal;
  const { code, redirect_uri, client_id, code_verifier, resource } = read.values;
  if (resource !== undefined && !isMcpResource(core, resource)) {
    return refuse("invalid_target", `resource must be ${mcpResource(core)}.`);
  }
  const unknownClient = await checkClient(core, params, client_id);
  if (unknownClient) return unknownClient;
  if (!AUTHORIZATION_CODE_PATTERN.test(code)) return invalidGrant();
  const row = await core.db
    .selectFrom("authorization_codes")
    .selectAll()
    .where("code_hash", "=", hashSecret(code))
    .executeTakeFirst();
  if (!row) return invalidGrant();
  const now = core.clock.now();
  const nowIso = now.toISOString();
  // Whatever follows, this code is spent: marking it used is what makes it one-time.
  const claimed = await core.db
    .updateTable("authorization_codes")
    .set({ used_at: nowIso })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    await revokeConnection(core, row.connection_id, "authorization_code_reused");
    return invalidGrant();
  }
  const valid =
    row.expires_at > nowIso &&
    row.client_id === client_id &&
    row.redirect_uri === redirect_uri &&
    /^[A-Za-z0-9._~-]{43,128}$/.test(code_verifier) &&
    s256(code_verifier) === row.code_challenge &&
    (resource === undefined || row.resource === mcpResource(core));
  if (!valid) {
    await revokeConnection(core, row.connection_id, "authorization_code_refused");
    return invalidGrant();
  }
  const issued = await core.db.transaction().execute(async (tx) => {
    const connection = await liveConnection(core, tx, row.connection_id);
    if (!connection) return undefined;
    return issuePair(core, tx, connection, row.client_id, row.scopes, parseScopes(row.scopes));
  });
  return issued ? ok(issued.answer) : invalidGrant();
}

/**
 * `grant_type=refresh_token` with rotation: each use answers a new refresh token and ends the one
 * presented. A rotated token presented again ends the whole connection, except within 10 seconds of
 * its rotation while its successor is still unused: then the client is taken to be retrying an answer
 * it lost, gets a fresh pair, and the lost pair stops. `scope` may narrow the access token, never
 * widen it, and must include workspace.read; `resource`, when sent, must be the MCP endpoint. Each use
 * keeps the connection alive for 30 more days.
 */
export async function refreshTokenGrant(core: Core, params: GrantParams): Promise<GrantAnswer> {
  const off = await switchedOff(core);
  if (off) return off;
  const read = readParams(params, ["refresh_token", "client_id"] as const, ["scope", "resource"]);
  if ("refusal" in read) return read.refusal;
  const { refresh_token, client_id, scope, resource } = read.values;
  if (resource !== undefined && !isMcpResource(core, resource)) {
    return refuse("invalid_target", `resource must be ${mcpResource(core)}.`);
  }
  const unknownClient = await checkClient(core, params, client_id);
  if (unknownClient) return unknownClient;
  if (!isWellFormedRefreshToken(refresh_token)) return invalidGrant();
  const row = await core.db
    .selectFrom("refresh_tokens")
    .selectAll()
    .where("token_hash", "=", hashSecret(refresh_token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.client_id !== client_id) return invalidGrant();
  const granted = parseScopes(row.scopes);
  let accessScopes: Scope[] = granted;
  if (scope !== undefined) {
    // Scopes Docket does not define (offline_access…) are ignored; naming none of its own keeps the grant.
    const asked = scope.split(" ").filter((s) => (SCOPES as readonly string[]).includes(s));
    if (asked.length === 0) asked.push(...granted);
    if (!asked.includes("workspace.read"))
      return refuse("invalid_scope", "scope must include workspace.read.");
    const wider = asked.filter((s) => !(granted as string[]).includes(s));
    if (wider.length > 0) {
      return refuse(
        "invalid_scope",
        `scope may narrow the approved access, never widen it: ${wider.join(" ")} was not approved.`,
      );
    }
    accessScopes = granted.filter((s) => asked.includes(s));
  }
  // whether a retry within the grace revoked the access token issued to the first try
  let revokedAccess = false;
  const outcome = await core.db.transaction().execute(async (tx): Promise<GrantAnswer | "reuse"> => {
    revokedAccess = false;
    const connection = await liveConnection(core, tx, row.connection_id);
    if (!connection) return invalidGrant();
    const now = core.clock.now();
    const nowIso = now.toISOString();
    const rotated = await tx
      .updateTable("refresh_tokens")
      .set({ rotated_at: nowIso })
      .where("id", "=", row.id)
      .where("rotated_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(rotated.numUpdatedRows) === 1) {
      const issued = await issuePair(core, tx, connection, row.client_id, row.scopes, accessScopes);
      await tx
        .updateTable("refresh_tokens")
        .set({ successor_id: issued.refreshTokenId })
        .where("id", "=", row.id)
        .execute();
      return ok(issued.answer);
    }
    // Presented again after its rotation: a retry within the grace, or reuse.
    const current = await tx
      .selectFrom("refresh_tokens")
      .select(["rotated_at", "successor_id"])
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    const withinGrace =
      current.rotated_at !== null &&
      current.successor_id !== null &&
      now.getTime() - new Date(current.rotated_at).getTime() <= ROTATION_GRACE_MS;
    if (!withinGrace) return "reuse";
    const successor = await tx
      .selectFrom("refresh_tokens")
      .select(["id", "access_token_id"])
      .where("id", "=", current.successor_id!)
      .executeTakeFirstOrThrow();
    // The lost successor ends as if rotated, so presenting it later counts as reuse.
    const replaced = await tx
      .updateTable("refresh_tokens")
      .set({ rotated_at: nowIso })
      .where("id", "=", successor.id)
      .where("rotated_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(replaced.numUpdatedRows) === 0) return "reuse";
    if (successor.access_token_id) {
      const revoked = await tx
        .updateTable("access_tokens")
        .set({ revoked_at: nowIso })
        .where("id", "=", successor.access_token_id)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      revokedAccess = Number(revoked.numUpdatedRows) > 0;
    }
    const issued = await issuePair(core, tx, connection, row.client_id, row.scopes, accessScopes);
    await tx
      .updateTable("refresh_tokens")
      .set({ successor_id: issued.refreshTokenId })
      .where("id", "=", row.id)
      .execute();
    return ok(issued.answer);
  });
  if (outcome === "reuse") {
    await revokeConnection(core, row.connection_id, "refresh_token_reuse");
    return invalidGrant();
  }
  // the lookups kept of that token (src/auth/known.ts) go before this answers, on every instance
  if (revokedAccess) await core.events.accessChanged();
  return outcome;
}

/**
 * Revokes a refresh token (RFC 7009): the grant it belongs to ends, so its connection is revoked and
 * every access token of it stops. Unknown, malformed or already revoked tokens change nothing.
 */
export async function revokeRefreshToken(core: Core, token: string): Promise<void> {
  if (!isWellFormedRefreshToken(token)) return;
  const row = await core.db
    .selectFrom("refresh_tokens")
    .select(["id", "connection_id"])
    .where("token_hash", "=", hashSecret(token))
    .executeTakeFirst();
  if (!row) return;
  await core.db
    .updateTable("refresh_tokens")
    .set({ revoked_at: core.clock.now().toISOString() })
    .where("id", "=", row.id)
    .where("revoked_at", "is", null)
    .execute();
  await revokeConnection(core, row.connection_id, "refresh_token_revoked");
}
