import { randomBytes } from "node:crypto";
import { generateClaimToken } from "../../../src/auth/agent/registration.ts";
import { MINUTE } from "../../../src/clock.ts";
import type { Core } from "../../../src/core.ts";
import { hashSecret, newId } from "../../../src/secrets.ts";

/**
 * A pending agent registration and its first claim attempt, inserted exactly as the agent branch's
 * registration endpoint does by the contract: `reg_` + ULID, claim token `docket_claim_` + 32 random bytes
 * base64url, view token `docket_view_` + random, a six-digit code, all stored as hashSecret() only;
 * registration 60 minutes, code 10 minutes.
 */
export interface TestRegistration {
  registrationId: string;
  claimToken: string;
  attemptId: string;
  viewToken: string;
  userCode: string;
  verificationUri: string;
}

function code(): string {
  return String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, "0");
}

async function insertAttempt(core: Core, registrationId: string, expiresAt: Date) {
  const now = core.clock.now();
  const viewToken = `docket_view_${randomBytes(24).toString("base64url")}`;
  const userCode = code();
  const attemptId = newId("cla", now);
  await core.db
    .insertInto("claim_attempts")
    .values({
      id: attemptId,
      registration_id: registrationId,
      code_hash: hashSecret(userCode),
      view_token_hash: hashSecret(viewToken),
      wrong_tries: 0,
      expires_at: expiresAt.toISOString(),
      superseded_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return {
    attemptId,
    viewToken,
    userCode,
    verificationUri: `${core.config.baseUrl}/claim?claim_attempt_token=${viewToken}`,
  };
}

export async function createTestRegistration(
  core: Core,
  options: { loginHint: string; clientName?: string | null },
): Promise<TestRegistration> {
  const now = core.clock.now();
  const registrationId = newId("reg", now);
  const claimToken = generateClaimToken();
  const expires = new Date(now.getTime() + 60 * MINUTE);
  await core.db
    .insertInto("agent_registrations")
    .values({
      id: registrationId,
      claim_token_hash: hashSecret(claimToken),
      login_hint: options.loginHint.trim().toLowerCase(),
      client_name: options.clientName ?? null,
      status: "pending",
      ip: "127.0.0.1",
      interval_seconds: 5,
      last_polled_at: null,
      codes_issued: 1,
      person_id: null,
      workspace_id: null,
      scopes: null,
      connection_id: null,
      decided_at: null,
      redeemed_at: null,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute();
  const attempt = await insertAttempt(core, registrationId, new Date(now.getTime() + 10 * MINUTE));
  return { registrationId, claimToken, ...attempt };
}

/** A re-initiation: the previous attempt superseded, a new code that never outlives the registration. */
export async function reinitiate(core: Core, registration: TestRegistration): Promise<TestRegistration> {
  const now = core.clock.now();
  const reg = await core.db
    .selectFrom("agent_registrations")
    .selectAll()
    .where("id", "=", registration.registrationId)
    .executeTakeFirstOrThrow();
  await core.db
    .updateTable("claim_attempts")
    .set({ superseded_at: now.toISOString() })
    .where("registration_id", "=", reg.id)
    .where("superseded_at", "is", null)
    .execute();
  await core.db
    .updateTable("agent_registrations")
    .set({ codes_issued: reg.codes_issued + 1 })
    .where("id", "=", reg.id)
    .execute();
  const expires = Math.min(now.getTime() + 10 * MINUTE, new Date(reg.expires_at).getTime());
  const attempt = await insertAttempt(core, reg.id, new Date(expires));
  return { ...registration, ...attempt };
}
