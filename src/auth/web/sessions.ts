import { randomBytes } from "node:crypto";
import { DAY, HOUR } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { Db } from "../../db/store.ts";
import { hashSecret } from "../../secrets.ts";

/**
 * Web sessions of the person's pages. The cookie carries 32 random bytes (base64url); the database keeps
 * only their SHA-256. A session starts anonymous (it holds the CSRF token and the state of a sign-in in
 * progress) and is replaced by a new one, with a new cookie, when the person signs in.
 *
 * An anonymous session is not stored until it has something to keep: showing the sign-in page writes
 * nothing. Until then its CSRF token is a MAC of the cookie's hash under a key derived from
 * DOCKET_SECRET_KEY (`anonymousCsrfToken`), so the form it renders can be checked without a row; the
 * first form posted stores it (`storeSession`), with that same token.
 */

export const SESSION_COOKIE = "docket_session";
/** An anonymous session: long enough to receive and type a sign-in code or come back from a provider. */
export const ANONYMOUS_SESSION_TTL_MS = 2 * HOUR;
/** A signed-in session ends after this long without use, and after SESSION_MAX_AGE_MS in any case. */
export const SESSION_IDLE_TTL_MS = 14 * DAY;
export const SESSION_MAX_AGE_MS = 30 * DAY;
/** How stale `last_seen_at` may be before a visit writes it (and the idle expiry) again. */
const TOUCH_GRANULARITY_MS = HOUR;

/** A provider sign-in under way: what the callback must find to accept the answer. */
export interface PendingProviderSignIn {
  provider: string;
  state: string;
  verifier: string;
  nonce?: string;
  returnTo: string;
  startedAt: string;
}

export interface SessionData {
  /** the email a sign-in code was last sent to from this session */
  codeEmail?: string;
  /** where to go once signed in */
  returnTo?: string;
  provider?: PendingProviderSignIn;
}

export interface WebSession {
  idHash: string;
  /** false for an anonymous session that has no row yet (nothing posted from it) */
  stored: boolean;
  personId: string | null;
  csrfToken: string;
  data: SessionData;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** Anonymous sessions stored (by a first form post) per network address per hour. */
export const ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR = 100;

const ANONYMOUS_CSRF = "anonymous session csrf";
const ANONYMOUS_TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The CSRF token of an anonymous session that is not stored: the time it was issued and a MAC of the
 * session's id hash and that time, so it works for ANONYMOUS_SESSION_TTL_MS like a stored session.
 */
export function anonymousCsrfToken(core: Core, idHash: string, issuedAt: Date): string {
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  return `${seconds}.${core.secrets.mac(ANONYMOUS_CSRF, `${idHash}.${seconds}`)}`;
}

/**
 * Checks the CSRF token of an unstored anonymous session (made with the current or a previous secret
 * key): "ok" with the time it was issued, "expired" past ANONYMOUS_SESSION_TTL_MS, else "wrong".
 */
export function checkAnonymousCsrfToken(
  core: Core,
  idHash: string,
  token: string,
): { result: "ok"; issuedAt: Date } | { result: "expired" | "wrong" } {
  const m = ANONYMOUS_TOKEN.exec(token);
  if (!m || !core.secrets.macMatches(ANONYMOUS_CSRF, `${idHash}.${m[1]}`, m[2]!)) return { result: "wrong" };
  const issuedAt = new Date(Number(m[1]) * 1000);
  const age = core.clock.now().getTime() - issuedAt.getTime();
  if (age >= ANONYMOUS_SESSION_TTL_MS || age < -5 * 60_000) return { result: "expired" };
  return { result: "ok", issuedAt };
}

/** An anonymous session that exists only in its cookie until a form is posted; nothing is written. */
export function unstoredSession(core: Core, cookie?: string): { cookie: string; session: WebSession } {
  const value = cookie && COOKIE_VALUE.test(cookie) ? cookie : newSecret();
  const now = core.clock.now();
  const idHash = hashSecret(value);
  return {
    cookie: value,
    session: {
      idHash,
      stored: false,
      personId: null,
      csrfToken: anonymousCsrfToken(core, idHash, now),
      data: {},
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: expiry(null, now, now),
    },
  };
}

/** True when a cookie value has the form of a session cookie (whether or not a row exists for it). */
export function isSessionCookie(cookie: string | undefined): cookie is string {
  return cookie !== undefined && COOKIE_VALUE.test(cookie);
}

/**
 * Stores an anonymous session that so far lived only in its cookie, keeping the CSRF token its form
 * carried (`csrfToken`, issued at `issuedAt`); it ends ANONYMOUS_SESSION_TTL_MS after that. The caller
 * counts it against the per-address limit first.
 */
export async function storeSession(
  core: Core,
  session: WebSession,
  csrf: { token: string; issuedAt: Date },
): Promise<void> {
  if (session.stored) return;
  session.csrfToken = csrf.token;
  session.createdAt = csrf.issuedAt.toISOString();
  session.lastSeenAt = core.clock.now().toISOString();
  session.expiresAt = expiry(null, csrf.issuedAt, csrf.issuedAt);
  await core.db
    .insertInto("web_sessions")
    .values({
      id_hash: session.idHash,
      person_id: session.personId,
      csrf_token: session.csrfToken,
      data: JSON.stringify(session.data),
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
    })
    .onConflict((oc) => oc.column("id_hash").doNothing())
    .execute();
  session.stored = true;
}

function expiry(personId: string | null, createdAt: Date, now: Date): string {
  if (!personId) return new Date(now.getTime() + ANONYMOUS_SESSION_TTL_MS).toISOString();
  const idle = now.getTime() + SESSION_IDLE_TTL_MS;
  const max = createdAt.getTime() + SESSION_MAX_AGE_MS;
  return new Date(Math.min(idle, max)).toISOString();
}

/** Starts a session; returns the cookie value (to send once) and the session. */
export async function createSession(
  core: Core,
  options: { personId?: string | null; data?: SessionData; db?: Db } = {},
): Promise<{ cookie: string; session: WebSession }> {
  const now = core.clock.now();
  const cookie = newSecret();
  const personId = options.personId ?? null;
  const session: WebSession = {
    idHash: hashSecret(cookie),
    stored: true,
    personId,
    csrfToken: newSecret(),
    data: options.data ?? {},
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: expiry(personId, now, now),
  };
  await (options.db ?? core.db)
    .insertInto("web_sessions")
    .values({
      id_hash: session.idHash,
      person_id: personId,
      csrf_token: session.csrfToken,
      data: JSON.stringify(session.data),
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
    })
    .execute();
  return { cookie, session };
}

/**
 * The session a cookie names, if it exists and has not expired. A signed-in session's idle expiry moves
 * forward on use (written at most once an hour).
 */
export async function loadSession(core: Core, cookie: string | undefined): Promise<WebSession | undefined> {
  if (!cookie || !COOKIE_VALUE.test(cookie)) return undefined;
  const row = await core.db
    .selectFrom("web_sessions")
    .selectAll()
    .where("id_hash", "=", hashSecret(cookie))
    .executeTakeFirst();
  if (!row) return undefined;
  const now = core.clock.now();
  if (row.expires_at <= now.toISOString()) {
    await core.db.deleteFrom("web_sessions").where("id_hash", "=", row.id_hash).execute();
    return undefined;
  }
  let data: SessionData = {};
  try {
    data = JSON.parse(row.data) as SessionData;
  } catch {
    data = {};
  }
  const session: WebSession = {
    idHash: row.id_hash,
    stored: true,
    personId: row.person_id,
    csrfToken: row.csrf_token,
    data,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
  if (session.personId && now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_GRANULARITY_MS) {
    session.lastSeenAt = now.toISOString();
    session.expiresAt = expiry(session.personId, new Date(row.created_at), now);
    await core.db
      .updateTable("web_sessions")
      .set({ last_seen_at: session.lastSeenAt, expires_at: session.expiresAt })
      .where("id_hash", "=", row.id_hash)
      .execute();
  }
  return session;
}

/** Writes the session's data; the session must be stored (`storeSession`) first. */
export async function saveSessionData(core: Core, session: WebSession, data: SessionData): Promise<void> {
  if (!session.stored) throw new Error("an unstored session's data cannot be saved; store it first");
  session.data = data;
  await core.db
    .updateTable("web_sessions")
    .set({ data: JSON.stringify(data) })
    .where("id_hash", "=", session.idHash)
    .execute();
}

/**
 * Signs a person in: a new session (new cookie, new CSRF token) replaces the old one, which is deleted,
 * so a session id known before sign-in is worth nothing after it.
 */
export async function rotateSession(
  core: Core,
  previous: WebSession | undefined,
  personId: string,
): Promise<{ cookie: string; session: WebSession }> {
  return core.db.transaction().execute(async (tx) => {
    if (previous) await tx.deleteFrom("web_sessions").where("id_hash", "=", previous.idHash).execute();
    return createSession(core, { personId, db: tx });
  });
}

/** Ends a session (sign out). */
export async function destroySession(core: Core, session: WebSession): Promise<void> {
  await core.db.deleteFrom("web_sessions").where("id_hash", "=", session.idHash).execute();
  // the app's open event streams on this session end too, on every instance
  await core.events.accessChanged();
}

/** Deletes expired sessions; called now and then so abandoned anonymous sessions do not pile up. */
export async function sweepSessions(core: Core): Promise<number> {
  const result = await core.db
    .deleteFrom("web_sessions")
    .where("expires_at", "<=", core.clock.now().toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
