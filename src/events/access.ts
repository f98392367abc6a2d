import type { Db } from "../db/store.ts";
import { rateLimited } from "../errors.ts";

/**
 * Who an open stream reads for, kept so that the stream can be checked again after it opened: the
 * request's principal, plus what finds its credential's row.
 */
export interface StreamPrincipal {
  kind: "pat" | "connection" | "session";
  /** `pat_…`, the connection's `con_…`, or `web:<person>:<workspace>` */
  tokenId: string;
  personId: string;
  workspaceId: string;
  /**
   * The row of the credential itself: the PAT's id; the hash of the connection's access token (it
   * expires after 60 minutes and can be revoked alone); the web session's `id_hash`.
   */
  credential: string;
}

/** Why a stream's access ended; the stream's last message says so. */
export type AccessEnded =
  | "revoked"
  | "expired"
  | "connection_ended"
  | "session_ended"
  | "suspended"
  | "not_a_member";

const ENDED_TEXT: Record<AccessEnded, string> = {
  revoked: "The stream's token has been revoked.",
  expired: "The stream's token has expired.",
  connection_ended: "The stream's agent connection has been revoked.",
  session_ended: "The stream's session has ended (signed out or expired).",
  suspended: "The account this stream reads for is suspended.",
  not_a_member: "The account this stream reads for is no longer a member of the workspace.",
};

/**
 * The last message of a stream whose access ended: an `error` event whose data is the error shape of
 * a 401 (`invalid_token`), so a client knows to authenticate again rather than reconnect blindly.
 */
export function accessEndedFrame(reason: AccessEnded): string {
  const body = { error: "invalid_token", error_description: ENDED_TEXT[reason], reason };
  return `event: error\ndata: ${JSON.stringify(body)}\n\n`;
}

/** Ids per query: well under either store's limit on bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Checks the principals of open streams against the store, the same rules as authenticating a request
 * (a PAT: not revoked or expired; a connection's access token: it and its connection not revoked, the
 * token not expired; a session: still stored and unexpired, for the same person; always: the person
 * not suspended and still a member of the workspace). One query per credential kind (per 500 streams),
 * whatever the number of streams. Returns why access ended, for each principal whose access did.
 */
export async function endedAccess(
  db: Db,
  principals: readonly StreamPrincipal[],
  now: Date,
): Promise<Map<StreamPrincipal, AccessEnded>> {
  const nowIso = now.toISOString();
  const ended = new Map<StreamPrincipal, AccessEnded>();
  const byKind = {
    pat: [] as StreamPrincipal[],
    connection: [] as StreamPrincipal[],
    session: [] as StreamPrincipal[],
  };
  for (const p of principals) byKind[p.kind].push(p);
  const keys = (list: StreamPrincipal[]) => chunks([...new Set(list.map((p) => p.credential))]);

  for (const ids of keys(byKind.pat)) {
    const asked = new Set(ids);
    const rows = await db
      .selectFrom("personal_access_tokens as t")
      .innerJoin("people as p", "p.id", "t.person_id")
      .leftJoin("memberships as m", (j) =>
        j.onRef("m.workspace_id", "=", "t.workspace_id").onRef("m.person_id", "=", "t.person_id"),
      )
      .select(["t.id", "t.expires_at", "t.revoked_at", "p.suspended_at", "m.role"])
      .where("t.id", "in", ids)
      .execute();
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const p of byKind.pat) {
      if (!asked.has(p.credential)) continue;
      const row = found.get(p.credential);
      const reason: AccessEnded | undefined = !row
        ? "revoked"
        : row.revoked_at
          ? "revoked"
          : row.expires_at && new Date(row.expires_at) <= now
            ? "expired"
            : row.suspended_at
              ? "suspended"
              : !row.role
                ? "not_a_member"
                : undefined;
      if (reason) ended.set(p, reason);
    }
  }

  for (const hashes of keys(byKind.connection)) {
    const asked = new Set(hashes);
    const rows = await db
      .selectFrom("access_tokens as t")
      .innerJoin("connections as c", "c.id", "t.connection_id")
      .innerJoin("people as p", "p.id", "c.person_id")
      .leftJoin("memberships as m", (j) =>
        j.onRef("m.workspace_id", "=", "c.workspace_id").onRef("m.person_id", "=", "c.person_id"),
      )
      .select([
        "t.token_hash",
        "t.expires_at",
        "t.revoked_at",
        "c.id as connection_id",
        "c.revoked_at as connection_revoked_at",
        "p.suspended_at",
        "m.role",
      ])
      .where("t.token_hash", "in", hashes)
      .execute();
    const found = new Map(rows.map((r) => [r.token_hash, r]));
    for (const p of byKind.connection) {
      if (!asked.has(p.credential)) continue;
      const row = found.get(p.credential);
      const reason: AccessEnded | undefined =
        !row || row.revoked_at
          ? "revoked"
          : row.connection_revoked_at || row.connection_id !== p.tokenId
            ? "connection_ended"
            : row.expires_at <= nowIso
              ? "expired"
              : row.suspended_at
                ? "suspended"
                : !row.role
                  ? "not_a_member"
                  : undefined;
      if (reason) ended.set(p, reason);
    }
  }

  for (const hashes of keys(byKind.session)) {
    const asked = new Set(hashes);
    // every membership of each session's person: a person belongs to few workspaces
    const rows = await db
      .selectFrom("web_sessions as s")
      .leftJoin("people as p", "p.id", "s.person_id")
      .leftJoin("memberships as m", "m.person_id", "s.person_id")
      .select(["s.id_hash", "s.person_id", "s.expires_at", "p.suspended_at", "m.workspace_id"])
      .where("s.id_hash", "in", hashes)
      .execute();
    const found = new Map<string, { row: (typeof rows)[number]; workspaces: Set<string> }>();
    for (const r of rows) {
      const entry = found.get(r.id_hash) ?? { row: r, workspaces: new Set<string>() };
      if (r.workspace_id) entry.workspaces.add(r.workspace_id);
      found.set(r.id_hash, entry);
    }
    for (const p of byKind.session) {
      if (!asked.has(p.credential)) continue;
      const entry = found.get(p.credential);
      const reason: AccessEnded | undefined =
        !entry || entry.row.person_id !== p.personId || entry.row.expires_at <= nowIso
          ? "session_ended"
          : entry.row.suspended_at
            ? "suspended"
            : !entry.workspaces.has(p.workspaceId)
              ? "not_a_member"
              : undefined;
      if (reason) ended.set(p, reason);
    }
  }
  return ended;
}

/** Caps on the event streams open at once on one instance (EVENT_STREAMS_* in the configuration). */
export interface StreamLimits {
  /** per credential: one PAT, one agent connection, one web session */
  perCredential: number;
  /** per person, over all their credentials */
  perPerson: number;
  /** per workspace, over all its people */
  perWorkspace: number;
  /** the longest a stream stays open before the server ends it (the client resumes with Last-Event-ID) */
  maxLifetimeMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perCredential: 20,
  perPerson: 50,
  perWorkspace: 1000,
  maxLifetimeMs: 3_600_000,
};

/** How long a client refused a stream by a cap is asked to wait. */
export const STREAM_CAP_RETRY_AFTER_SECONDS = 30;

/** The credential a stream counts against: the PAT, the connection, the web session. */
function credentialKey(p: StreamPrincipal): string {
  return p.kind === "session" ? `session:${p.credential}` : p.tokenId;
}

/**
 * Counts this instance's open streams by credential, person and workspace, and refuses one past a cap
 * with 429 `rate_limited`. Per instance: the caps protect an instance's memory and file descriptors.
 */
export class StreamCounts {
  readonly #limits: StreamLimits;
  readonly #open = new Map<string, number>();

  constructor(limits: StreamLimits) {
    this.#limits = limits;
  }

  get limits(): StreamLimits {
    return this.#limits;
  }

  /** Takes a place for a new stream, or throws 429; the returned function gives it back (once). */
  admit(p: StreamPrincipal): () => void {
    const keys: [string, number, string][] = [
      [
        `c:${credentialKey(p)}`,
        this.#limits.perCredential,
        "per credential (token, agent connection or session)",
      ],
      [`p:${p.personId}`, this.#limits.perPerson, "per person"],
      [`w:${p.workspaceId}`, this.#limits.perWorkspace, "per workspace"],
    ];
    for (const [key, cap, what] of keys) {
      if ((this.#open.get(key) ?? 0) >= cap) {
        throw rateLimited(
          STREAM_CAP_RETRY_AFTER_SECONDS,
          `Too many open event streams: at most ${cap} ${what} on one server. Close a stream you no longer read, or retry after ${STREAM_CAP_RETRY_AFTER_SECONDS} seconds.`,
        );
      }
    }
    for (const [key] of keys) this.#open.set(key, (this.#open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of keys) {
        const n = (this.#open.get(key) ?? 1) - 1;
        if (n <= 0) this.#open.delete(key);
        else this.#open.set(key, n);
      }
    };
  }
}
