import { iso } from "../clock.ts";
import type { Core } from "../core.ts";
import { prepared } from "../db/prepared.ts";
import type { Connection } from "../db/schema.ts";
import type { Db } from "../db/store.ts";
import { checksum, hashSecret, newId, randomBase62 } from "../secrets.ts";
import { releaseClaimsOf } from "../tracker/leases.ts";
import { ACCESS_ENDED_REASONS, disableWebhooksOf } from "../tracker/webhook-access.ts";
import { KnownLookups } from "./known.ts";
import { type Principal, parseScopes, type Scope } from "./tokens.ts";

/**
 * Connections and their access tokens. A connection is what a person approved for one workspace: an
 * agent registration or a browser OAuth sign-in. Its access tokens (`docket_at_…`, 60 minutes) are bound
 * to one resource, stored only as SHA-256, and stop at once when the connection is revoked, its person is
 * suspended or leaves the workspace.
 */

export const ACCESS_TOKEN_PREFIX = "docket_at_";
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ACCESS_TOKEN_BODY = 43;
const ACCESS_TOKEN_PATTERN = new RegExp(
  `^${ACCESS_TOKEN_PREFIX}([0-9A-Za-z]{${ACCESS_TOKEN_BODY}})([0-9A-Za-z]{6})$`,
);
/** How stale `last_used_at` may be before a use writes it again. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** The resource every access token is bound to: the MCP endpoint. */
export function mcpResource(core: Core): string {
  return `${core.config.baseUrl}/api/mcp`;
}

/**
 * Whether `given` names the MCP endpoint after RFC 3986 §6.2.2 normalisation (scheme and host case,
 * default port, percent-encoding case, dot segments), as the browser OAuth grants compare it. No fragment
 * (RFC 8707 §2). The agent jwt-bearer renewal keeps the exact comparison.
 */
export function isMcpResource(core: Core, given: string): boolean {
  if (given.includes("#")) return false;
  try {
    return new URL(given).href === new URL(mcpResource(core)).href;
  } catch {
    return false;
  }
}

export function generateAccessToken(): string {
  const body = randomBase62(ACCESS_TOKEN_BODY);
  return `${ACCESS_TOKEN_PREFIX}${body}${checksum(body)}`;
}

/** True when the string has the access-token shape and its checksum holds. */
export function isWellFormedAccessToken(token: string): boolean {
  const m = ACCESS_TOKEN_PATTERN.exec(token);
  return m !== null && checksum(m[1]!) === m[2];
}

export interface NewConnection {
  kind: Connection["kind"];
  workspaceId: string;
  personId: string;
  name: string;
  scopes: readonly Scope[];
  registrationId?: string | null;
  clientId?: string | null;
  idleExpiresAt?: string | null;
}

/** Creates a connection row (inside the caller's transaction when `db` is one). */
export async function createConnection(
  core: Core,
  input: NewConnection,
  db: Db = core.db,
): Promise<Connection> {
  const now = core.clock.now();
  const row: Connection = {
    id: newId("con", now),
    kind: input.kind,
    workspace_id: input.workspaceId,
    person_id: input.personId,
    name: input.name,
    scopes: input.scopes.join(" "),
    registration_id: input.registrationId ?? null,
    client_id: input.clientId ?? null,
    assertion_jti: null,
    assertion_expires_at: null,
    idle_expires_at: input.idleExpiresAt ?? null,
    last_used_at: null,
    revoked_at: null,
    revoked_reason: null,
    created_at: now.toISOString(),
  };
  await db.insertInto("connections").values(row).execute();
  return row;
}

export interface IssuedAccessToken {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
}

/** Every renewal writes one of these: compiled once, a named prepared statement on PostgreSQL. */
const insertAccessToken = prepared(
  ["id", "hash", "connection", "scopes", "resource", "expires", "created"],
  (
    db: Db,
    a: {
      id: string;
      hash: string;
      connection: string;
      scopes: string;
      resource: string;
      expires: string;
      created: string;
    },
  ) =>
    db.insertInto("access_tokens").values({
      id: a.id,
      token_hash: a.hash,
      connection_id: a.connection,
      scopes: a.scopes,
      resource: a.resource,
      expires_at: a.expires,
      revoked_at: null,
      created_at: a.created,
    }),
);

/**
 * Issues an access token for a connection, bound to `resource` (the MCP endpoint unless given), with
 * `scopes` (the connection's own unless narrowed by the caller). `id` names the token's row, for a
 * caller that records it (a refresh token names the access token issued beside it).
 */
export async function issueAccessToken(
  core: Core,
  connection: Pick<Connection, "id" | "scopes">,
  options: { scopes?: readonly Scope[]; resource?: string; db?: Db; id?: string } = {},
): Promise<IssuedAccessToken> {
  const now = core.clock.now();
  const token = generateAccessToken();
  const scope = options.scopes ? options.scopes.join(" ") : connection.scopes;
  await insertAccessToken(options.db ?? core.db, {
    id: options.id ?? newId("at", now),
    hash: hashSecret(token),
    connection: connection.id,
    scopes: scope,
    resource: options.resource ?? mcpResource(core),
    expires: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString(),
    created: now.toISOString(),
  });
  return { access_token: token, token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS, scope };
}

export type AccessTokenFailure =
  | "malformed"
  | "unknown"
  | "expired"
  | "revoked"
  | "wrong_resource"
  | "connection_ended"
  | "suspended"
  | "not_a_member"
  | "switched_off";

const FAILURE_TEXT: Record<AccessTokenFailure, string> = {
  malformed: "The bearer token is not a Docket access token.",
  unknown: "The access token is not recognised.",
  expired: "The access token has expired; renew it.",
  revoked: "The access token has been revoked.",
  wrong_resource: "The access token was not issued for this resource.",
  connection_ended: "The connection this token belongs to has ended; ask the person to approve again.",
  suspended: "The account behind this connection is suspended.",
  not_a_member: "The person behind this connection is no longer a member of its workspace.",
  switched_off: "Sign-in of this kind is switched off on this service.",
};

export function describeAccessTokenFailure(reason: AccessTokenFailure): string {
  return FAILURE_TEXT[reason];
}

const accessTokenByHash = prepared(["hash"], (db: Db, { hash }: { hash: string }) =>
  db
    .selectFrom("access_tokens as t")
    .innerJoin("connections as c", "c.id", "t.connection_id")
    .innerJoin("people as p", "p.id", "c.person_id")
    .leftJoin("memberships as m", (j) =>
      j.onRef("m.workspace_id", "=", "c.workspace_id").onRef("m.person_id", "=", "c.person_id"),
    )
    .select([
      "t.id as token_id",
      "t.scopes",
      "t.resource",
      "t.expires_at",
      "t.revoked_at",
      "c.id as connection_id",
      "c.kind",
      "c.workspace_id",
      "c.person_id",
      "c.revoked_at as connection_revoked_at",
      "c.assertion_expires_at",
      "c.idle_expires_at",
      "c.last_used_at",
      "p.suspended_at",
      "m.role",
    ])
    .where("t.token_hash", "=", hash),
);

/** An access token that held when it was looked up, with what its checks at use need. */
interface KnownAccessToken {
  connectionId: string;
  kind: string;
  workspaceId: string;
  personId: string;
  resource: string;
  scopes: ReadonlySet<Scope>;
  /** ISO time */
  expiresAt: string;
  /** epoch ms of the connection's last use written, or null */
  lastUsedAt: number | null;
}

/** Access tokens kept per store (the oldest go first beyond 10,000), at most 30 s whatever happens. */
const knownAccessTokens = new KnownLookups<KnownAccessToken>(10_000, 30_000);

/**
 * Checks an access token: known, not expired or revoked, bound to `resource` when given, its connection
 * alive, its person neither suspended nor gone from the workspace, and its kind of sign-in not switched
 * off (a browser OAuth token stops when browser OAuth is off; every token stops when both are off). The
 * principal's `tokenId` is the connection's id, which writes record as the credential acted through.
 * The lookup of a token that held is kept while nothing that ends access has happened (`KnownLookups`,
 * src/auth/known.ts): every path that revokes a token or connection, suspends, removes or deletes
 * announces it. Expiry, the resource and the switches are checked at every use.
 */
export async function authenticateAccessToken(
  core: Core,
  token: string,
  resource?: string,
  changeVersion?: string,
): Promise<{ ok: true; principal: Principal } | { ok: false; reason: AccessTokenFailure }> {
  if (!isWellFormedAccessToken(token)) return { ok: false, reason: "malformed" };
  const hash = hashSecret(token);
  const version = await KnownLookups.version(core, changeVersion);
  let known = knownAccessTokens.get(core, hash, version);
  if (!known) {
    const at = performance.now();
    const [row] = await accessTokenByHash(core.db, { hash });
    if (!row) return { ok: false, reason: "unknown" };
    if (row.revoked_at) return { ok: false, reason: "revoked" };
    if (row.expires_at <= core.clock.now().toISOString()) return { ok: false, reason: "expired" };
    if (row.connection_revoked_at) return { ok: false, reason: "connection_ended" };
    if (row.suspended_at) return { ok: false, reason: "suspended" };
    if (!row.role) return { ok: false, reason: "not_a_member" };
    known = {
      connectionId: row.connection_id,
      kind: row.kind,
      workspaceId: row.workspace_id,
      personId: row.person_id,
      resource: row.resource,
      scopes: new Set(parseScopes(row.scopes)),
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at ? new Date(row.last_used_at).getTime() : null,
    };
    // only a version read before the lookup vouches for it
    knownAccessTokens.set(core, hash, version, at, known);
  }
  const now = core.clock.now();
  const nowIso = now.toISOString();
  if (known.expiresAt <= nowIso) {
    knownAccessTokens.delete(core, hash);
    return { ok: false, reason: "expired" };
  }
  if (resource !== undefined && known.resource !== resource) return { ok: false, reason: "wrong_resource" };
  const browserOAuth = await core.switches.isOn("browser_oauth", version);
  if (!browserOAuth) {
    if (known.kind === "oauth") return { ok: false, reason: "switched_off" };
    if (!(await core.switches.isOn("agent_registration", version)))
      return { ok: false, reason: "switched_off" };
  }
  if (known.lastUsedAt === null || now.getTime() - known.lastUsedAt >= LAST_USED_GRANULARITY_MS) {
    known.lastUsedAt = now.getTime();
    await core.db
      .updateTable("connections")
      .set({ last_used_at: nowIso })
      .where("id", "=", known.connectionId)
      .execute();
  }
  return {
    ok: true,
    principal: {
      kind: "connection",
      tokenId: known.connectionId,
      personId: known.personId,
      workspaceId: known.workspaceId,
      scopes: known.scopes,
    },
  };
}

/** Revokes one access token by its value (RFC 7009): unknown, expired or revoked tokens change nothing. */
export async function revokeAccessToken(core: Core, token: string): Promise<void> {
  if (!isWellFormedAccessToken(token)) return;
  const result = await core.db
    .updateTable("access_tokens")
    .set({ revoked_at: iso(core.clock) })
    .where("token_hash", "=", hashSecret(token))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  // its open event streams end too, on every instance
  if (Number(result.numUpdatedRows) > 0) await core.events.accessChanged();
}

/**
 * Ends a connection at once: its access tokens stop (they are checked against the connection on every
 * use), its assertion or refresh tokens no longer renew, its claims end and the webhooks made through it
 * are disabled, all in one transaction (the caller's, when `db` is one: the caller then tells the event
 * hub, `core.events.accessChanged()`, after its commit). Revoking a revoked connection changes nothing.
 */
export async function revokeConnection(
  core: Core,
  connectionId: string,
  reason: string,
  db: Db = core.db,
): Promise<boolean> {
  if (!db.isTransaction) {
    const ended = await db.transaction().execute((tx) => revokeConnection(core, connectionId, reason, tx));
    if (ended) await core.events.accessChanged();
    return ended;
  }
  const now = iso(core.clock);
  const result = await db
    .updateTable("connections")
    .set({ revoked_at: now, revoked_reason: reason })
    .where("id", "=", connectionId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  await db
    .updateTable("agent_registrations")
    .set({ status: "revoked" })
    .where("connection_id", "=", connectionId)
    .where("status", "in", ["approved", "redeemed"])
    .execute();
  // its claims end with it: the issues go back to ready work
  if (Number(result.numUpdatedRows) > 0) {
    await releaseClaimsOf(core, connectionId, "revoked", db);
    await disableWebhooksOf(core, db, { via: connectionId }, ACCESS_ENDED_REASONS.connection_revoked);
  }
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Ends every live connection matching the filter (a person who left a workspace, a suspended or
 * deleted account, a deleted workspace). Returns how many ended.
 */
export async function revokeConnectionsWhere(
  core: Core,
  filter: { personId?: string; workspaceId?: string },
  reason: string,
  db: Db = core.db,
): Promise<number> {
  let q = db.selectFrom("connections").select("id").where("revoked_at", "is", null);
  if (filter.personId) q = q.where("person_id", "=", filter.personId);
  if (filter.workspaceId) q = q.where("workspace_id", "=", filter.workspaceId);
  const rows = await q.execute();
  for (const r of rows) await revokeConnection(core, r.id, reason, db);
  return rows.length;
}

/**
 * Connections with what decides whether they still hold: their person's suspension and membership of
 * the connection's workspace. Renewal, redemption and refresh all read this.
 */
export function connectionsWithHolder(db: Db) {
  return db
    .selectFrom("connections as c")
    .innerJoin("people as p", "p.id", "c.person_id")
    .leftJoin("memberships as m", (j) =>
      j.onRef("m.workspace_id", "=", "c.workspace_id").onRef("m.person_id", "=", "c.person_id"),
    )
    .select([
      "c.id",
      "c.kind",
      "c.scopes",
      "c.registration_id",
      "c.assertion_jti",
      "c.assertion_expires_at",
      "c.idle_expires_at",
      "c.revoked_at",
      "p.suspended_at",
      "m.role",
    ]);
}

export type ConnectionState = Awaited<
  ReturnType<ReturnType<typeof connectionsWithHolder>["execute"]>
>[number];

/**
 * True while a connection of `kind` holds: not revoked, its person not suspended and still a member.
 * (Whether its assertion or idle time ran out is the caller's to ask: `isLive`.)
 */
export function connectionHolds(
  c: ConnectionState | undefined,
  kind: Connection["kind"],
): c is ConnectionState {
  return c !== undefined && c.kind === kind && !c.revoked_at && !c.suspended_at && Boolean(c.role);
}

/** True while a connection can still be renewed: not revoked, its assertion or idle time not run out. */
export function isLive(
  connection: Pick<Connection, "revoked_at" | "assertion_expires_at" | "idle_expires_at">,
  now: Date,
): boolean {
  const at = now.toISOString();
  if (connection.revoked_at) return false;
  if (connection.assertion_expires_at && connection.assertion_expires_at <= at) return false;
  if (connection.idle_expires_at && connection.idle_expires_at <= at) return false;
  return true;
}

/**
 * The live connections of a workspace, counted against its plan's agent-connection limit. A connection
 * whose assertion or idle time ran out no longer takes a slot.
 */
export async function countLiveConnections(
  core: Core,
  workspaceId: string,
  db: Db = core.db,
): Promise<number> {
  const now = core.clock.now().toISOString();
  const row = await db
    .selectFrom("connections")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("assertion_expires_at", "is", null), eb("assertion_expires_at", ">", now)]))
    .where((eb) => eb.or([eb("idle_expires_at", "is", null), eb("idle_expires_at", ">", now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
