import { randomBytes, randomInt } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import type { Core } from "../../core.ts";
import { prepared } from "../../db/prepared.ts";
import type { AgentRegistration } from "../../db/schema.ts";
import type { Db } from "../../db/store.ts";
import { DocketError, invalid, rateLimited } from "../../errors.ts";
import { hashSecret, newId } from "../../secrets.ts";
import {
  CLAIM_TOKEN_PREFIX,
  CLIENT_NAME_MAX,
  CODE_LIFETIME_MS,
  CODES_PER_REGISTRATION,
  INITIAL_INTERVAL_SECONDS,
  LOGIN_HINT_MAX,
  POST_CLAIM_SCOPES,
  REGISTRATION_LIFETIME_MS,
  REGISTRATION_TYPE,
  REGISTRATIONS_PER_ADDRESS_PER_HOUR,
  REGISTRATIONS_PER_EMAIL_PER_HOUR,
  REGISTRATIONS_PER_HOUR,
  REGISTRATIONS_WAITING,
  VIEW_TOKEN_PREFIX,
} from "./constants.ts";

/**
 * Agent self-registration (spec: POST /api/agent-auth/identity and /identity/claim). A registration is
 * a pending record and nothing more: access exists only after the person named by login_hint signs in,
 * types the code and approves (the web pages do that). The service sends no email and answers the
 * same whether or not the person has an account.
 */

const HOUR_MS = 60 * 60 * 1000;

export const serviceAuthNotEnabled = () =>
  new DocketError(
    404,
    "service_auth_not_enabled",
    "Agent registration is switched off on this service; use the ordinary sign-in instead.",
  );

const invalidClaimToken = () =>
  new DocketError(401, "invalid_claim_token", "The claim token is not recognised; register again.");

export interface ClaimAttemptView {
  user_code: string;
  expires_in: number;
  verification_uri: string;
  interval: number;
}

export interface RegistrationAnswer {
  registration_id: string;
  registration_type: typeof REGISTRATION_TYPE;
  claim_url: string;
  claim_token: string;
  claim_token_expires: string;
  post_claim_scopes: string[];
  claim: ClaimAttemptView;
}

export interface ReinitiationAnswer {
  registration_id: string;
  claim_attempt_id: string;
  status: "initiated";
  expires_at: string;
  claim_attempt: ClaimAttemptView;
}

/** `docket_claim_` + base64url of 32 random bytes. */
export function generateClaimToken(): string {
  return `${CLAIM_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** Six digits, uniformly drawn. */
export function generateUserCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

const loginHint = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().min(3).max(LOGIN_HINT_MAX).pipe(z.email()));

/** A login_hint as the spec reads it (trimmed, lowercased, one address, ≤ 254), or undefined. */
export function normalizeLoginHint(raw: unknown): string | undefined {
  const r = loginHint.safeParse(raw);
  return r.success ? r.data : undefined;
}

/** Control characters (C0, DEL, C1): plain text has none. */
const CONTROL = /\p{Cc}/u;

function plainObject(body: unknown, what: string): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalid(`The body must be a JSON object ${what}.`);
  }
  return body as Record<string, unknown>;
}

function refuseUnknown(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw invalid(
      `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}; send only ${allowed.join(", ")}.`,
    );
  }
}

interface RegisterInput {
  loginHint: string;
  clientName: string | null;
}

/** Validates a registration body in the spec's order; throws the spec's errors. */
export function parseRegistration(body: unknown): RegisterInput {
  const b = plainObject(body, "with type, login_hint and optional client_name");
  if (b.type === "anonymous") {
    throw new DocketError(
      400,
      "anonymous_not_enabled",
      "Anonymous registration is not offered; use type service_auth.",
    );
  }
  if (b.type === "identity_assertion") {
    throw new DocketError(
      400,
      "issuer_not_enabled",
      "No identity assertion issuer is trusted here; use type service_auth.",
    );
  }
  refuseUnknown(b, ["type", "login_hint", "client_name"]);
  if (b.type === undefined)
    throw invalid("type is required and must be service_auth.", { type: "is required" });
  if (b.type !== REGISTRATION_TYPE) {
    throw invalid("type must be service_auth.", { type: "must be service_auth" });
  }
  if (b.login_hint === undefined) {
    throw invalid("login_hint is required: the email address of the person the agent acts for.", {
      login_hint: "is required",
    });
  }
  const hint = normalizeLoginHint(b.login_hint);
  if (!hint) {
    throw new DocketError(
      400,
      "invalid_login_hint",
      `login_hint must be exactly one email address of at most ${LOGIN_HINT_MAX} characters.`,
    );
  }
  let clientName: string | null = null;
  if (b.client_name !== undefined) {
    const name = typeof b.client_name === "string" ? b.client_name.trim() : undefined;
    const length = name === undefined ? 0 : [...name].length;
    if (name === undefined || length < 1 || length > CLIENT_NAME_MAX || CONTROL.test(name)) {
      throw invalid(`client_name must be plain text of 1 to ${CLIENT_NAME_MAX} characters.`, {
        client_name: `1 to ${CLIENT_NAME_MAX} characters of plain text`,
      });
    }
    clientName = name;
  }
  return { loginHint: hint, clientName };
}

function verificationUri(core: Core, viewToken: string): string {
  return `${core.config.baseUrl}/claim?claim_attempt_token=${encodeURIComponent(viewToken)}`;
}

/** Makes a claim attempt (code and link) that never outlives its registration. */
async function newAttempt(
  core: Core,
  db: Db,
  registration: Pick<AgentRegistration, "id" | "expires_at" | "interval_seconds">,
  now: Date,
): Promise<{ id: string; view: ClaimAttemptView }> {
  const code = generateUserCode();
  const viewToken = `${VIEW_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const expires = Math.min(now.getTime() + CODE_LIFETIME_MS, new Date(registration.expires_at).getTime());
  const id = newId("cla", now);
  await db
    .insertInto("claim_attempts")
    .values({
      id,
      registration_id: registration.id,
      code_hash: hashSecret(code),
      view_token_hash: hashSecret(viewToken),
      wrong_tries: 0,
      expires_at: new Date(expires).toISOString(),
      superseded_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return {
    id,
    view: {
      user_code: code,
      expires_in: Math.max(0, Math.round((expires - now.getTime()) / 1000)),
      verification_uri: verificationUri(core, viewToken),
      interval: registration.interval_seconds,
    },
  };
}

async function hitLimit(core: Core, key: string, limit: number, what: string): Promise<void> {
  const r = await core.limiter.hit(key, limit, HOUR_MS);
  if (!r.allowed) {
    const seconds = Math.max(1, Math.ceil(r.resetMs / 1000));
    throw rateLimited(seconds, `${what}; retry after ${seconds} seconds.`);
  }
}

/** POST /api/agent-auth/identity. `address` is the caller's network address. */
export async function register(core: Core, body: unknown, address: string): Promise<RegistrationAnswer> {
  if (!(await core.switches.isOn("agent_registration"))) throw serviceAuthNotEnabled();
  const input = parseRegistration(body);
  await hitLimit(
    core,
    `agent:reg:ip:${address}`,
    REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    `More than ${REGISTRATIONS_PER_ADDRESS_PER_HOUR} registrations an hour from this network address`,
  );
  await hitLimit(
    core,
    `agent:reg:email:${input.loginHint}`,
    REGISTRATIONS_PER_EMAIL_PER_HOUR,
    `More than ${REGISTRATIONS_PER_EMAIL_PER_HOUR} registrations an hour for this email address`,
  );
  await hitLimit(
    core,
    "agent:reg:all",
    REGISTRATIONS_PER_HOUR,
    `The service takes at most ${REGISTRATIONS_PER_HOUR} registrations an hour`,
  );
  const now = core.clock.now();
  const nowIso = now.toISOString();
  const claimToken = generateClaimToken();
  const registration: AgentRegistration = {
    id: newId("reg", now),
    claim_token_hash: hashSecret(claimToken),
    login_hint: input.loginHint,
    client_name: input.clientName,
    status: "pending",
    ip: address,
    interval_seconds: INITIAL_INTERVAL_SECONDS,
    last_polled_at: null,
    codes_issued: 1,
    person_id: null,
    workspace_id: null,
    scopes: null,
    connection_id: null,
    decided_at: null,
    redeemed_at: null,
    created_at: nowIso,
    expires_at: new Date(now.getTime() + REGISTRATION_LIFETIME_MS).toISOString(),
  };
  // The count of waiting registrations and the insert are one step: on SQLite the transaction holds the
  // one writer (BEGIN IMMEDIATE) from the count on; on PostgreSQL registrations take one advisory lock in
  // turn, so each counts the ones committed before it. Counting outside let 60 concurrent registrations
  // with 990 waiting through 10 to 55 at a time.
  const attempt = await core.db.transaction().execute(async (tx) => {
    if (core.store.kind === "postgres") {
      await sql`select pg_advisory_xact_lock(hashtext('agent_registrations:waiting'))`.execute(tx);
    }
    const waiting = await tx
      .selectFrom("agent_registrations")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("expires_at").as("first")])
      .where("status", "=", "pending")
      .where("expires_at", ">", nowIso)
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) >= REGISTRATIONS_WAITING) {
      const first = waiting.first ? new Date(waiting.first as string).getTime() : now.getTime() + 60_000;
      const seconds = Math.max(1, Math.ceil((first - now.getTime()) / 1000));
      throw rateLimited(
        seconds,
        `${REGISTRATIONS_WAITING} registrations are already waiting for approval; retry after ${seconds} seconds.`,
      );
    }
    await tx.insertInto("agent_registrations").values(registration).execute();
    return newAttempt(core, tx, registration, now);
  });
  return {
    registration_id: registration.id,
    registration_type: REGISTRATION_TYPE,
    claim_url: `${core.config.baseUrl}/api/agent-auth/identity/claim`,
    claim_token: claimToken,
    claim_token_expires: registration.expires_at,
    post_claim_scopes: [...POST_CLAIM_SCOPES],
    claim: attempt.view,
  };
}

const registrationByHash = prepared(["hash"], (db: Db, { hash }: { hash: string }) =>
  db.selectFrom("agent_registrations").selectAll().where("claim_token_hash", "=", hash),
);

/** Finds a registration by its claim token (any string; unknown ones give undefined). */
export async function findByClaimToken(db: Db, claimToken: string): Promise<AgentRegistration | undefined> {
  if (!claimToken.startsWith(CLAIM_TOKEN_PREFIX) || claimToken.length > 200) return undefined;
  const [row] = await registrationByHash(db, { hash: hashSecret(claimToken) });
  return row;
}

/** Marks a pending or approved registration whose 60 minutes are over as expired. */
export async function expireIfDue(core: Core, reg: AgentRegistration, now: Date): Promise<boolean> {
  if (reg.status === "expired") return true;
  if ((reg.status === "pending" || reg.status === "approved") && reg.expires_at <= now.toISOString()) {
    await core.db
      .updateTable("agent_registrations")
      .set({ status: "expired" })
      .where("id", "=", reg.id)
      .where("status", "in", ["pending", "approved"])
      .execute();
    return true;
  }
  return false;
}

/** POST /api/agent-auth/identity/claim: a new code and link; the previous ones stop working. */
export async function reinitiate(core: Core, body: unknown): Promise<ReinitiationAnswer> {
  if (!(await core.switches.isOn("agent_registration"))) throw serviceAuthNotEnabled();
  const b = plainObject(body, "with claim_token and email");
  refuseUnknown(b, ["claim_token", "email"]);
  if (typeof b.claim_token !== "string" || b.claim_token === "") {
    throw invalid("claim_token is required.", { claim_token: "is required" });
  }
  if (typeof b.email !== "string" || b.email.trim() === "") {
    throw invalid("email is required: the login_hint the registration was made with.", {
      email: "is required",
    });
  }
  const reg = await findByClaimToken(core.db, b.claim_token);
  if (!reg) throw invalidClaimToken();
  if (b.email.trim().toLowerCase() !== reg.login_hint) {
    throw invalid("email does not match the registration's login_hint.", { email: "does not match" });
  }
  const now = core.clock.now();
  if (await expireIfDue(core, reg, now)) {
    throw new DocketError(410, "claim_expired", "The 60-minute registration is over; register again.");
  }
  if (reg.status !== "pending") throw claimedOrInFlight(reg.status);
  if (reg.codes_issued >= CODES_PER_REGISTRATION) throw tooManyCodes(reg, now);

  const result = await core.db.transaction().execute(async (tx) => {
    const bumped = await tx
      .updateTable("agent_registrations")
      .set((eb) => ({ codes_issued: eb("codes_issued", "+", 1) }))
      .where("id", "=", reg.id)
      .where("status", "=", "pending")
      .where("codes_issued", "<", CODES_PER_REGISTRATION)
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) === 0) return undefined;
    await tx
      .updateTable("claim_attempts")
      .set({ superseded_at: now.toISOString() })
      .where("registration_id", "=", reg.id)
      .where("superseded_at", "is", null)
      .execute();
    return newAttempt(core, tx, reg, now);
  });
  if (!result) {
    // Another request changed it in the meantime: answer from what it is now.
    const current = await core.db
      .selectFrom("agent_registrations")
      .selectAll()
      .where("id", "=", reg.id)
      .executeTakeFirstOrThrow();
    if (current.status !== "pending") throw claimedOrInFlight(current.status);
    throw tooManyCodes(current, now);
  }
  return {
    registration_id: reg.id,
    claim_attempt_id: result.id,
    status: "initiated",
    expires_at: reg.expires_at,
    claim_attempt: result.view,
  };
}

function claimedOrInFlight(status: AgentRegistration["status"]): DocketError {
  const what =
    status === "approved"
      ? "already approved; poll the token endpoint to redeem it"
      : status === "redeemed"
        ? "already approved and redeemed; register again for another connection"
        : status === "expired"
          ? "over; register again"
          : `already ${status}; register again`;
  return new DocketError(409, "claimed_or_in_flight", `This registration is ${what}.`);
}

function tooManyCodes(reg: Pick<AgentRegistration, "expires_at">, now: Date): DocketError {
  const seconds = Math.max(1, Math.ceil((new Date(reg.expires_at).getTime() - now.getTime()) / 1000));
  return rateLimited(
    seconds,
    `This registration has had its ${CODES_PER_REGISTRATION} codes; register again once it is over (in ${seconds} seconds).`,
  );
}
