import { HOUR } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { AgentRegistration, Person, Role } from "../../db/schema.ts";
import type { Db, Tx } from "../../db/store.ts";
import { DocketError, invalid, rateLimited } from "../../errors.ts";
import { hashSecret } from "../../secrets.ts";
import { displayName, parse, slugify } from "../../validate.ts";
import { countLiveConnections, createConnection } from "../connections.ts";
import type { Scope } from "../tokens.ts";
import { createWorkspaceWithin } from "../workspaces.ts";
import { sameHash } from "./signin.ts";
import { acceptTerms, hasAcceptedTerms } from "./terms.ts";

/**
 * The person's side of agent registration: the claim page opened from `verification_uri`. The person
 * signs in as the registration's login_hint, types the six-digit code the agent shows, picks one
 * workspace (or names a first one) and read-only or read-and-write, accepts the Terms, and approves or
 * denies. Approval and denial each happen in one transaction and change nothing when refused.
 */

export const VIEW_TOKEN_PREFIX = "docket_view_";
/** The spec's limits: wrong tries per code, and per person per hour. */
export const WRONG_TRIES_PER_CODE = 5;
export const WRONG_TRIES_PER_PERSON_PER_HOUR = 20;
/** The connection name when the agent gave no client_name: the flow's generic agent name. */
export const GENERIC_AGENT_NAME = "Agent";

export type Access = "read" | "read-write";

export function scopesFor(access: Access): Scope[] {
  return access === "read-write" ? ["workspace.read", "workspace.write"] : ["workspace.read"];
}

/** `ada@example.com` → `a***@e***.com`: enough to recognise one's own address, not to learn someone's. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split(".");
  const tld = labels.length > 1 ? `.${labels.at(-1)}` : "";
  return `${local[0]}***@${(labels[0] ?? "")[0] ?? ""}***${tld}`;
}

export interface ClaimWorkspace {
  id: string;
  name: string;
  slug: string;
  role: Role;
  /** live agent and browser OAuth connections, against the plan's limit */
  used: number;
  limit: number;
}

export type ClaimView =
  | { state: "not_found" }
  | { state: "expired" }
  | { state: "superseded" }
  | { state: "code_expired" }
  | { state: "locked" }
  | { state: "decided"; status: "approved" | "denied" | "redeemed" | "revoked" }
  | { state: "wrong_account"; maskedHint: string }
  | {
      state: "open";
      registrationId: string;
      /** the agent's own, unverified name; null when it gave none */
      clientName: string | null;
      loginHint: string;
      codeExpiresAt: string;
      triesLeft: number;
      workspaces: ClaimWorkspace[];
      termsAccepted: boolean;
    };

const MESSAGES: Record<Exclude<ClaimView["state"], "open" | "decided" | "wrong_account">, string> = {
  not_found: "This link is not a valid agent sign-in link. Ask the agent for its current link.",
  expired:
    "This registration has expired (an agent has 60 minutes to be approved). Ask the agent to register again.",
  superseded: "This link was replaced by a newer one. Ask the agent for its current link and code.",
  code_expired: "This code has expired (codes last 10 minutes). Ask the agent for a new code.",
  locked: "This code was typed wrong 5 times and can no longer be used. Ask the agent for a new code.",
};

const DECIDED: Record<"approved" | "denied" | "redeemed" | "revoked", string> = {
  approved: "This agent was already approved; it can now finish connecting.",
  redeemed: "This agent was already approved and has connected.",
  denied: "This agent was denied. It must register again to ask once more.",
  revoked: "This agent's connection was approved and later revoked. It must register again.",
};

/** The sentence a page shows for a claim that cannot be acted on. */
export function describeClaim(view: ClaimView): string {
  if (view.state === "open") return "";
  if (view.state === "decided") return DECIDED[view.status];
  if (view.state === "wrong_account") {
    return `This agent asked to connect to the account ${view.maskedHint}, and you are signed in with another email. Sign out and sign in as ${view.maskedHint} to continue.`;
  }
  return MESSAGES[view.state];
}

export const claimRefused = (view: ClaimView) =>
  new DocketError(view.state === "wrong_account" ? 403 : 409, `claim_${view.state}`, describeClaim(view));

interface Loaded {
  registration: AgentRegistration;
  attempt: {
    id: string;
    code_hash: string;
    wrong_tries: number;
    expires_at: string;
    superseded_at: string | null;
  };
}

async function load(db: Db, viewToken: string, lock: boolean): Promise<Loaded | undefined> {
  if (!viewToken.startsWith(VIEW_TOKEN_PREFIX) || viewToken.length > 200) return undefined;
  let attemptQuery = db
    .selectFrom("claim_attempts")
    .select(["id", "registration_id", "code_hash", "wrong_tries", "expires_at", "superseded_at"])
    .where("view_token_hash", "=", hashSecret(viewToken));
  if (lock) attemptQuery = attemptQuery.forUpdate();
  const attempt = await attemptQuery.executeTakeFirst();
  if (!attempt) return undefined;
  let regQuery = db.selectFrom("agent_registrations").selectAll().where("id", "=", attempt.registration_id);
  if (lock) regQuery = regQuery.forUpdate();
  const registration = await regQuery.executeTakeFirst();
  return registration ? { registration, attempt } : undefined;
}

/** The state of the claim, before anything about the person is considered. */
function stateOf(loaded: Loaded | undefined, now: string): ClaimView | undefined {
  if (!loaded) return { state: "not_found" };
  const { registration: r, attempt: a } = loaded;
  if (
    r.status === "expired" ||
    ((r.status === "pending" || r.status === "approved") && r.expires_at <= now)
  ) {
    return { state: "expired" };
  }
  if (r.status !== "pending") return { state: "decided", status: r.status };
  if (a.superseded_at) return { state: "superseded" };
  if (a.expires_at <= now) return { state: "code_expired" };
  if (a.wrong_tries >= WRONG_TRIES_PER_CODE) return { state: "locked" };
  return undefined;
}

function emailsMatch(person: Pick<Person, "email">, loginHint: string): boolean {
  return person.email.toLowerCase() === loginHint.trim().toLowerCase();
}

async function workspacesOf(core: Core, personId: string): Promise<ClaimWorkspace[]> {
  const rows = await core.db
    .selectFrom("memberships as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["w.id", "w.name", "w.slug", "m.role", "w.agent_connection_limit"])
    .where("m.person_id", "=", personId)
    .orderBy("w.name")
    .execute();
  const out: ClaimWorkspace[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      name: r.name,
      slug: r.slug,
      role: r.role,
      used: await countLiveConnections(core, r.id),
      limit: r.agent_connection_limit,
    });
  }
  return out;
}

/** What the claim page shows to `person` for a view token. Reads only. */
export async function viewClaim(core: Core, viewToken: string, person: Person): Promise<ClaimView> {
  const now = core.clock.now().toISOString();
  const loaded = await load(core.db, viewToken, false);
  const dead = stateOf(loaded, now);
  if (dead) return dead;
  const { registration: r, attempt: a } = loaded!;
  if (!emailsMatch(person, r.login_hint))
    return { state: "wrong_account", maskedHint: maskEmail(r.login_hint) };
  return {
    state: "open",
    registrationId: r.id,
    clientName: r.client_name,
    loginHint: r.login_hint,
    codeExpiresAt: a.expires_at,
    triesLeft: WRONG_TRIES_PER_CODE - a.wrong_tries,
    workspaces: await workspacesOf(core, person.id),
    termsAccepted: hasAcceptedTerms(person),
  };
}

export interface ApproveInput {
  viewToken: string;
  code: string;
  /** one of the person's workspaces, by id */
  workspaceId?: string;
  /** a person with no workspace names a first one here instead */
  newWorkspaceName?: string;
  access: string;
  acceptTerms: boolean;
}

export interface Approval {
  registrationId: string;
  connectionId: string;
  workspaceId: string;
  scopes: Scope[];
}

export const planFull = (name: string, used: number, limit: number) =>
  new DocketError(
    409,
    "agent_connection_limit",
    `Every agent-connection slot of ${name} is taken (${used} of ${limit}). Pick another workspace, or free a slot by revoking a connection in settings.`,
  );

/** A space prefix from a workspace name: its first letters and digits, "Acme Robotics" → "ACM". */
export function prefixFrom(name: string): string {
  const letters = name
    .normalize("NFKD")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .replace(/^[0-9]+/, "");
  return letters.length >= 2 ? letters.slice(0, 3) : "WS";
}

async function freeSlug(core: Core, name: string): Promise<string> {
  const base = slugify(name).slice(0, 40).replace(/-+$/, "") || "workspace";
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await core.db
      .selectFrom("workspaces")
      .select("id")
      .where("slug", "=", candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

function checkCode(typed: string): string {
  const code = typed.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) {
    throw invalid("Type the six-digit code the agent shows you.", { code: "must be six digits" });
  }
  return code;
}

/**
 * Approves a pending registration for `person`. Checks, in order, without changing anything when one
 * fails: the claim is open and the emails match; the form is complete (access, workspace, Terms); the
 * workspace has a free agent-connection slot; the person has wrong tries left this hour; the code is
 * right (a wrong one counts against the code and the person). Then, in one transaction: the connection
 * (kind agent, its assertion expiry the registration's, so an approval never redeemed stops taking a
 * slot), the registration approved, the Terms accepted, and a first workspace when one was named.
 */
export async function approveClaim(core: Core, person: Person, input: ApproveInput): Promise<Approval> {
  const view = await viewClaim(core, input.viewToken, person);
  if (view.state !== "open") throw claimRefused(view);
  const code = checkCode(input.code);
  if (input.access !== "read" && input.access !== "read-write") {
    throw invalid("Choose read-only or read-and-write access.", { access: "must be read or read-write" });
  }
  const scopes = scopesFor(input.access);
  if (!view.termsAccepted && !input.acceptTerms) {
    throw invalid("Accept the Terms of Service and Privacy Policy to approve.", {
      accept_terms: "is required",
    });
  }
  let target: ClaimWorkspace | undefined;
  let newName: string | undefined;
  if (view.workspaces.length === 0) {
    newName = parse(displayName(100), input.newWorkspaceName ?? "");
  } else {
    target = view.workspaces.find((w) => w.id === input.workspaceId);
    if (!target) throw invalid("Choose one of your workspaces.", { workspace: "must be one of yours" });
    if (target.used >= target.limit) throw planFull(target.name, target.used, target.limit);
  }

  const perPerson = await core.limiter.hit(
    `claim-code:person:${person.id}`,
    WRONG_TRIES_PER_PERSON_PER_HOUR,
    HOUR,
  );
  if (!perPerson.allowed) {
    const seconds = Math.max(1, Math.ceil(perPerson.resetMs / 1000));
    throw rateLimited(
      seconds,
      `Too many wrong codes (${WRONG_TRIES_PER_PERSON_PER_HOUR} in an hour); try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
  }

  const loaded = (await load(core.db, input.viewToken, false))!;
  if (!sameHash(loaded.attempt.code_hash, hashSecret(code))) {
    const updated = await core.db
      .updateTable("claim_attempts")
      .set((eb) => ({ wrong_tries: eb("wrong_tries", "+", 1) }))
      .where("id", "=", loaded.attempt.id)
      .where("wrong_tries", "<", WRONG_TRIES_PER_CODE)
      .returning("wrong_tries")
      .executeTakeFirst();
    const left = WRONG_TRIES_PER_CODE - (updated?.wrong_tries ?? WRONG_TRIES_PER_CODE);
    throw new DocketError(
      400,
      "invalid_code",
      left > 0
        ? `That code is not the one the agent shows; ${left} ${left === 1 ? "try" : "tries"} left for this code.`
        : "That code is not the one the agent shows, and it was the fifth wrong try: this code can no longer be used. Ask the agent for a new code.",
      { fields: { code: "is not right" } },
    );
  }

  const slug = newName ? await freeSlug(core, newName) : undefined;
  return core.db.transaction().execute(async (tx) => {
    const locked = await load(tx, input.viewToken, core.store.kind === "postgres");
    const now = core.clock.now().toISOString();
    const dead = stateOf(locked, now);
    if (dead) throw claimRefused(dead);
    const { registration } = locked!;
    let workspaceId: string;
    if (newName) {
      const ws = await createWorkspaceWithin(tx, core, person.id, {
        name: newName,
        slug,
        owner_email: person.email,
        space_name: "General",
        space_prefix: prefixFrom(newName),
      });
      workspaceId = ws.id;
    } else {
      workspaceId = target!.id;
      await checkSlot(core, tx, workspaceId, person.id);
    }
    const connection = await createConnection(
      core,
      {
        kind: "agent",
        workspaceId,
        personId: person.id,
        name: registration.client_name ?? GENERIC_AGENT_NAME,
        scopes,
        registrationId: registration.id,
      },
      tx,
    );
    await tx
      .updateTable("connections")
      .set({ assertion_expires_at: registration.expires_at })
      .where("id", "=", connection.id)
      .execute();
    const decided = await tx
      .updateTable("agent_registrations")
      .set({
        status: "approved",
        person_id: person.id,
        workspace_id: workspaceId,
        scopes: scopes.join(" "),
        connection_id: connection.id,
        decided_at: now,
      })
      .where("id", "=", registration.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) {
      throw claimRefused({ state: "decided", status: "approved" });
    }
    if (!hasAcceptedTerms(person)) await acceptTerms(core, person.id, tx);
    return { registrationId: registration.id, connectionId: connection.id, workspaceId, scopes };
  });
}

/** Inside the approving transaction: still a member, and still a free slot (another tab may have taken it). */
async function checkSlot(core: Core, tx: Tx, workspaceId: string, personId: string): Promise<void> {
  let q = tx
    .selectFrom("workspaces as w")
    .innerJoin("memberships as m", "m.workspace_id", "w.id")
    .select(["w.name", "w.agent_connection_limit"])
    .where("w.id", "=", workspaceId)
    .where("m.person_id", "=", personId);
  if (core.store.kind === "postgres") q = q.forUpdate("w");
  const ws = await q.executeTakeFirst();
  if (!ws) throw invalid("Choose one of your workspaces.", { workspace: "must be one of yours" });
  const used = await countLiveConnections(core, workspaceId, tx);
  if (used >= ws.agent_connection_limit) throw planFull(ws.name, used, ws.agent_connection_limit);
}

/** Denies a pending registration: the agent's next poll gets access_denied. */
export async function denyClaim(
  core: Core,
  person: Person,
  viewToken: string,
): Promise<{ registrationId: string }> {
  const view = await viewClaim(core, viewToken, person);
  if (view.state !== "open") throw claimRefused(view);
  return core.db.transaction().execute(async (tx) => {
    const locked = await load(tx, viewToken, core.store.kind === "postgres");
    const dead = stateOf(locked, core.clock.now().toISOString());
    if (dead) throw claimRefused(dead);
    const decided = await tx
      .updateTable("agent_registrations")
      .set({ status: "denied", decided_at: core.clock.now().toISOString() })
      .where("id", "=", locked!.registration.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) throw claimRefused({ state: "decided", status: "denied" });
    return { registrationId: locked!.registration.id };
  });
}
