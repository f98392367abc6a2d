import { z } from "zod";
import { DAY, iso } from "../clock.ts";
import type { Core } from "../core.ts";
import { prepared } from "../db/prepared.ts";
import type { PersonalAccessToken } from "../db/schema.ts";
import type { Db } from "../db/store.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { checksum, hashSecret, newId, randomBase62 } from "../secrets.ts";
import { ACCESS_ENDED_REASONS, disableWebhooksOf } from "../tracker/webhook-access.ts";
import { displayName, email, parse } from "../validate.ts";
import { KnownLookups } from "./known.ts";
import { requirePersonByEmail } from "./people.ts";
import { requireWorkspace, roleOf } from "./workspaces.ts";

export const SCOPES = ["workspace.read", "workspace.write"] as const;
export type Scope = (typeof SCOPES)[number];

export const PAT_PREFIX = "docket_pat_";
const PAT_BODY = 36;
const PAT_PATTERN = new RegExp(`^${PAT_PREFIX}([0-9A-Za-z]{${PAT_BODY}})([0-9A-Za-z]{6})$`);
/** How stale `last_used_at` may be before a use writes it again (keeps hot paths free of writes). */
const LAST_USED_GRANULARITY_MS = 60_000;

export interface TokenView {
  id: string;
  name: string;
  workspace: { id: string; slug: string };
  person: { id: string; email: string };
  scopes: Scope[];
  /** The token's last four characters, to tell tokens apart; never the token. */
  hint: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  status: "active" | "expired" | "revoked";
}

/** `docket_pat_` + 36 base62 characters + a 6-character checksum of those. */
export function generatePat(): string {
  const body = randomBase62(PAT_BODY);
  return `${PAT_PREFIX}${body}${checksum(body)}`;
}

/** True when the string has the PAT shape and its checksum holds; no database needed to say no. */
export function isWellFormedPat(token: string): boolean {
  const m = PAT_PATTERN.exec(token);
  return m !== null && checksum(m[1]!) === m[2];
}

export function parseScopes(raw: string): Scope[] {
  return raw.split(" ").filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
}

const scopeList = z
  .array(z.enum(SCOPES, { error: `each scope must be one of ${SCOPES.join(", ")}` }))
  .min(1, { error: "must name at least one scope" })
  .refine((s) => s.includes("workspace.read"), { error: "must include workspace.read" });

export const mintPatInput = z
  .strictObject({
    workspace: z.string().min(1),
    email,
    name: displayName(100),
    scopes: scopeList.optional(),
    expires_at: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }).optional(),
    expires_in_days: z.number().int().min(1).max(3650).optional(),
  })
  .refine((v) => !(v.expires_at && v.expires_in_days), {
    error: "give expires_at or expires_in_days, not both",
    path: ["expires_at"],
  });

function status(row: Pick<PersonalAccessToken, "revoked_at" | "expires_at">, now: Date): TokenView["status"] {
  if (row.revoked_at) return "revoked";
  if (row.expires_at && new Date(row.expires_at) <= now) return "expired";
  return "active";
}

/**
 * Mints a personal access token for a member of a workspace. The token is returned this once and stored
 * only as its SHA-256 hash.
 */
export async function mintPat(
  core: Core,
  input: z.input<typeof mintPatInput>,
): Promise<{ token: string; details: TokenView }> {
  const data = parse(mintPatInput, input);
  const ws = await requireWorkspace(core, data.workspace);
  const person = await requirePersonByEmail(core, data.email);
  if (!(await roleOf(core, ws.id, person.id))) {
    throw conflict(`${person.email} is not a member of ${ws.slug}; add them first.`);
  }
  if (person.suspended_at) throw conflict(`${person.email} is suspended; a token cannot be minted for them.`);
  const now = core.clock.now();
  let expiresAt: string | null = null;
  if (data.expires_at) {
    const at = new Date(data.expires_at);
    if (at <= now)
      throw invalid("expires_at must be in the future.", { expires_at: "must be in the future" });
    expiresAt = at.toISOString();
  } else if (data.expires_in_days) {
    expiresAt = new Date(now.getTime() + data.expires_in_days * DAY).toISOString();
  }
  const scopes = data.scopes ? SCOPES.filter((s) => data.scopes!.includes(s)) : [...SCOPES];
  const token = generatePat();
  const row: PersonalAccessToken = {
    id: newId("pat", now),
    workspace_id: ws.id,
    person_id: person.id,
    name: data.name,
    token_hash: hashSecret(token),
    token_hint: token.slice(-4),
    scopes: scopes.join(" "),
    expires_at: expiresAt,
    last_used_at: null,
    revoked_at: null,
    created_at: now.toISOString(),
  };
  await core.db.insertInto("personal_access_tokens").values(row).execute();
  return {
    token,
    details: viewToken(row, { id: ws.id, slug: ws.slug }, { id: person.id, email: person.email }, now),
  };
}

function viewToken(
  row: PersonalAccessToken,
  workspace: TokenView["workspace"],
  person: TokenView["person"],
  now: Date,
): TokenView {
  return {
    id: row.id,
    name: row.name,
    workspace,
    person,
    scopes: parseScopes(row.scopes),
    hint: `${PAT_PREFIX}…${row.token_hint}`,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
    status: status(row, now),
  };
}

export async function listPats(
  core: Core,
  filter: { workspace?: string; email?: string; id?: string; personId?: string } = {},
): Promise<TokenView[]> {
  let query = core.db
    .selectFrom("personal_access_tokens as t")
    .innerJoin("workspaces as w", "w.id", "t.workspace_id")
    .innerJoin("people as p", "p.id", "t.person_id")
    .selectAll("t")
    .select(["w.slug as workspace_slug", "p.email as person_email"])
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc");
  if (filter.id) query = query.where("t.id", "=", filter.id);
  if (filter.personId) query = query.where("t.person_id", "=", filter.personId);
  if (filter.workspace)
    query = query.where("t.workspace_id", "=", (await requireWorkspace(core, filter.workspace)).id);
  if (filter.email)
    query = query.where("t.person_id", "=", (await requirePersonByEmail(core, filter.email)).id);
  const now = core.clock.now();
  const rows = await query.execute();
  return rows.map((r) =>
    viewToken(
      r,
      { id: r.workspace_id, slug: r.workspace_slug },
      { id: r.person_id, email: r.person_email },
      now,
    ),
  );
}

/**
 * Revokes a token by id, and disables the webhooks made with it in the same transaction. Revoking a
 * revoked token changes nothing and is not an error. With `personId` (settings), only that person's own
 * token: anyone else's is not found.
 */
export async function revokePat(
  core: Core,
  id: string,
  options: { personId?: string } = {},
): Promise<TokenView> {
  const tokenId = id.trim();
  const ended = await core.db.transaction().execute(async (tx) => {
    let update = tx
      .updateTable("personal_access_tokens")
      .set({ revoked_at: iso(core.clock) })
      .where("id", "=", tokenId)
      .where("revoked_at", "is", null);
    if (options.personId) update = update.where("person_id", "=", options.personId);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await disableWebhooksOf(core, tx, { via: tokenId }, ACCESS_ENDED_REASONS.token_revoked);
    return true;
  });
  // this instance's cached lookup of the token goes before this answers (others' see the commit)
  if (ended) await core.events.accessChanged();
  const [view] = await listPats(core, {
    id: tokenId,
    ...(options.personId ? { personId: options.personId } : {}),
  });
  if (!view) throw notFound(`No personal access token has the id "${tokenId}".`);
  return view;
}

/** Who is behind an authenticated request, on any surface. */
export interface Principal {
  /**
   * a personal access token, a connection's access token (agent registration or browser OAuth), or the
   * web session of a signed-in person (the web app, on /v1 only)
   */
  kind: "pat" | "connection" | "session";
  /**
   * the credential writes record as acted through: `pat_…` or the connection's `con_…`; for a session,
   * `web:<person>:<workspace>`, which keys what is kept per credential (Idempotency-Key answers), while
   * writes record `web` (WEB_VIA)
   */
  tokenId: string;
  personId: string;
  workspaceId: string;
  scopes: ReadonlySet<Scope>;
}

export type PatFailure = "malformed" | "unknown" | "revoked" | "expired" | "suspended" | "not_a_member";

const FAILURE_TEXT: Record<PatFailure, string> = {
  malformed: "The bearer token is not a Docket personal access token (docket_pat_…).",
  unknown: "The personal access token is not recognised.",
  revoked: "The personal access token has been revoked.",
  expired: "The personal access token has expired.",
  suspended: "The account that owns this token is suspended.",
  not_a_member: "The token's owner is no longer a member of its workspace.",
};

export function describePatFailure(reason: PatFailure): string {
  return FAILURE_TEXT[reason];
}

const patByHash = prepared(["hash"], (db: Db, { hash }: { hash: string }) =>
  db
    .selectFrom("personal_access_tokens as t")
    .innerJoin("people as p", "p.id", "t.person_id")
    .leftJoin("memberships as m", (j) =>
      j.onRef("m.workspace_id", "=", "t.workspace_id").onRef("m.person_id", "=", "t.person_id"),
    )
    .select([
      "t.id",
      "t.workspace_id",
      "t.person_id",
      "t.scopes",
      "t.expires_at",
      "t.revoked_at",
      "t.last_used_at",
      "p.suspended_at",
      "m.role",
    ])
    .where("t.token_hash", "=", hash),
);

/** A PAT that held when it was looked up, with what its checks at use need. */
interface KnownPat {
  id: string;
  workspaceId: string;
  personId: string;
  scopes: ReadonlySet<Scope>;
  /** epoch ms, or null for a token that does not expire */
  expiresAt: number | null;
  /** epoch ms of the last use written, or null */
  lastUsedAt: number | null;
}

/** PATs kept per store (the oldest go first beyond 10,000), at most 30 s whatever the change signal says. */
const knownPats = new KnownLookups<KnownPat>(10_000, 30_000);

/**
 * Looks a PAT up by its hash and checks it still holds. The lookup of a token that held is kept while
 * nothing that ends access has happened (`KnownLookups`, src/auth/known.ts). Expiry is checked against
 * the clock at every use. A lookup is one indexed query; a write at most once a minute.
 */
export async function authenticatePat(
  core: Core,
  token: string,
  changeVersion?: string,
): Promise<{ ok: true; principal: Principal } | { ok: false; reason: PatFailure }> {
  if (!isWellFormedPat(token)) return { ok: false, reason: "malformed" };
  const hash = hashSecret(token);
  const version = await KnownLookups.version(core, changeVersion);
  let pat = knownPats.get(core, hash, version);
  if (!pat) {
    const at = performance.now();
    const [row] = await patByHash(core.db, { hash });
    if (!row) return { ok: false, reason: "unknown" };
    if (row.revoked_at) return { ok: false, reason: "revoked" };
    if (row.expires_at && new Date(row.expires_at) <= core.clock.now())
      return { ok: false, reason: "expired" };
    if (row.suspended_at) return { ok: false, reason: "suspended" };
    if (!row.role) return { ok: false, reason: "not_a_member" };
    pat = {
      id: row.id,
      workspaceId: row.workspace_id,
      personId: row.person_id,
      scopes: new Set(parseScopes(row.scopes)),
      expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
      lastUsedAt: row.last_used_at ? new Date(row.last_used_at).getTime() : null,
    };
    // only a version read before the lookup vouches for it
    knownPats.set(core, hash, version, at, pat);
  }
  const now = core.clock.now();
  if (pat.expiresAt !== null && pat.expiresAt <= now.getTime()) {
    knownPats.delete(core, hash);
    return { ok: false, reason: "expired" };
  }
  if (pat.lastUsedAt === null || now.getTime() - pat.lastUsedAt >= LAST_USED_GRANULARITY_MS) {
    pat.lastUsedAt = now.getTime();
    await core.db
      .updateTable("personal_access_tokens")
      .set({ last_used_at: now.toISOString() })
      .where("id", "=", pat.id)
      .execute();
  }
  return {
    ok: true,
    principal: {
      kind: "pat",
      tokenId: pat.id,
      personId: pat.personId,
      workspaceId: pat.workspaceId,
      scopes: pat.scopes,
    },
  };
}
