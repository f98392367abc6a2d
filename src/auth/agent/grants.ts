import type { Core } from "../../core.ts";
import { prepared } from "../../db/prepared.ts";
import type { AgentRegistration } from "../../db/schema.ts";
import type { Db } from "../../db/store.ts";
import {
  type ConnectionState,
  connectionHolds,
  connectionsWithHolder,
  issueAccessToken,
  mcpResource,
} from "../connections.ts";
import { parseScopes, SCOPES, type Scope } from "../tokens.ts";
import { signAssertion, verifyAssertion } from "./assertions.ts";
import {
  INTERVAL_CEILING_SECONDS,
  INTERVAL_STEP_SECONDS,
  REPEAT_REDEMPTION_WINDOW_MS,
  TOKEN_RESPONSES_PER_REGISTRATION_PER_HOUR,
  WRONG_TRIES_PER_CODE,
} from "./constants.ts";
import { expireIfDue, findByClaimToken } from "./registration.ts";

/**
 * The two grants of the agent registration flow at the token endpoint: the claim grant (poll and
 * redeem) and the jwt-bearer renewal. Each returns the HTTP answer to send, so the token endpoint's
 * dispatch stays one table whatever grant it hands a request to.
 */

/** The parameters of a form body (application/x-www-form-urlencoded), repeated names kept. */
export type GrantParams = URLSearchParams;

export interface GrantResult {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const HOUR_MS = 60 * 60 * 1000;

export const oauthError = (error: string, description: string, status = 400): GrantResult => ({
  status,
  body: { error, error_description: description },
});

/** The spec's bare invalid_grant: no description, so nothing is learnt from a failure. */
export const invalidGrant = (): GrantResult => ({ status: 400, body: { error: "invalid_grant" } });

/**
 * Where a refusal whose body the spec pins bare says why: a response header, beside the body and not in
 * it. Only a renewal with a genuine assertion that a later redemption replaced gets one (its holder learns
 * nothing it could not know: it was given that assertion), so every other invalid_grant stays silent.
 */
export const ERROR_DESCRIPTION_HEADER = "docket-error-description";

/** invalid_grant, bare, for an assertion that a repeated redemption replaced; the header says `superseded`. */
export const supersededGrant = (): GrantResult => ({
  ...invalidGrant(),
  headers: {
    [ERROR_DESCRIPTION_HEADER]:
      "superseded: a later redemption of this registration replaced this identity assertion (and its access tokens); renew with the newest assertion, or register again.",
  },
});

export const unsupportedGrantType = (grant: string): GrantResult =>
  oauthError("unsupported_grant_type", `The grant type ${grant} is not offered on this service.`);

/** The one value of a parameter; an error answer when it is repeated or (if required) missing. */
export function single(
  params: GrantParams,
  name: string,
  required: boolean,
): { value: string | undefined } | { error: GrantResult } {
  const values = params.getAll(name);
  if (values.length > 1)
    return { error: oauthError("invalid_request", `The parameter ${name} is repeated.`) };
  if (values.length === 0 || values[0] === "") {
    return required
      ? { error: oauthError("invalid_request", `The parameter ${name} is required.`) }
      : { value: undefined };
  }
  return { value: values[0] };
}

/** The state of a connection that renewal and redemption both check. */
const liveConnectionBy = (column: "c.id" | "c.assertion_jti") =>
  prepared(["key"], (db: Db, { key }: { key: string }) => connectionsWithHolder(db).where(column, "=", key));
const connectionById = liveConnectionBy("c.id");
const connectionByJti = liveConnectionBy("c.assertion_jti");

/** The registration's code in force: the newest claim attempt not superseded. */
const currentAttempt = prepared(["registration"], (db: Db, { registration }: { registration: string }) =>
  db
    .selectFrom("claim_attempts")
    .select(["expires_at", "wrong_tries"])
    .where("registration_id", "=", registration)
    .where("superseded_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1),
);

const recordPoll = prepared(
  ["id", "at", "interval"],
  (db: Db, a: { id: string; at: string; interval: number }) =>
    db
      .updateTable("agent_registrations")
      .set({ last_polled_at: a.at, interval_seconds: a.interval })
      .where("id", "=", a.id),
);

const holds = (c: ConnectionState | undefined): c is ConnectionState => connectionHolds(c, "agent");

/** Counts one token response against the registration's hourly allowance; an answer when it is spent. */
async function tokenAllowance(core: Core, c: ConnectionState): Promise<GrantResult | undefined> {
  const limit = TOKEN_RESPONSES_PER_REGISTRATION_PER_HOUR;
  const r = await core.limiter.hit(`agent:tok:${c.registration_id ?? c.id}`, limit, HOUR_MS);
  if (r.allowed) return undefined;
  const seconds = Math.max(1, Math.ceil(r.resetMs / 1000));
  return {
    status: 429,
    body: {
      error: "rate_limited",
      error_description: `More than ${limit} token responses an hour for this registration; retry after ${seconds} seconds.`,
      retryAfter: seconds,
    },
    headers: { "retry-after": String(seconds) },
  };
}

/** Redeems an approved registration (or repeats a redemption within 30 seconds): a fresh pair. */
async function redeem(core: Core, reg: AgentRegistration, now: Date, repeat: boolean): Promise<GrantResult> {
  if (!reg.connection_id) return invalidGrant();
  const [connection] = await connectionById(core.db, { key: reg.connection_id });
  if (!holds(connection)) return invalidGrant();
  const spent = await tokenAllowance(core, connection);
  if (spent) return spent;
  const signed = await signAssertion(core, connection);
  const nowIso = now.toISOString();
  const issued = await core.db.transaction().execute(async (tx) => {
    if (repeat) {
      // The earlier pair ends: its access tokens now, its assertion by the jti no longer matching.
      await tx
        .updateTable("access_tokens")
        .set({ revoked_at: nowIso })
        .where("connection_id", "=", connection.id)
        .where("revoked_at", "is", null)
        .execute();
    } else {
      const moved = await tx
        .updateTable("agent_registrations")
        .set({ status: "redeemed", redeemed_at: nowIso })
        .where("id", "=", reg.id)
        .where("status", "=", "approved")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return undefined;
    }
    const updated = await tx
      .updateTable("connections")
      .set({ assertion_jti: signed.jti, assertion_expires_at: signed.expiresAt.toISOString() })
      .where("id", "=", connection.id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return undefined;
    return issueAccessToken(core, connection, { db: tx });
  });
  if (!issued) return invalidGrant();
  // the earlier pair's access tokens were revoked: the lookups kept of them go, on every instance
  if (repeat) await core.events.accessChanged();
  return {
    status: 200,
    body: {
      ...issued,
      identity_assertion: signed.assertion,
      assertion_expires: signed.expiresAt.toISOString(),
    },
  };
}

/** grant_type=urn:docket:agent-auth:grant-type:claim — poll, then redeem. */
export async function claimGrant(core: Core, params: GrantParams): Promise<GrantResult> {
  const p = single(params, "claim_token", true);
  if ("error" in p) return p.error;
  const reg = await findByClaimToken(core.db, p.value!);
  if (!reg) return invalidGrant();
  const now = core.clock.now();
  switch (reg.status) {
    case "denied":
      return oauthError(
        "access_denied",
        "The person denied this registration; ask them before registering again.",
      );
    case "revoked":
      return invalidGrant();
    case "redeemed": {
      const at = reg.redeemed_at ? new Date(reg.redeemed_at).getTime() : 0;
      if (now.getTime() - at > REPEAT_REDEMPTION_WINDOW_MS) return invalidGrant();
      return redeem(core, reg, now, true);
    }
    default:
      break;
  }
  if (await expireIfDue(core, reg, now)) {
    return oauthError("expired_token", "The registration expired (60 minutes); register again.");
  }
  if (reg.status === "approved") {
    const outcome = await redeem(core, reg, now, false);
    if (outcome.status !== 400) return outcome;
    // A redemption that raced another: within the window it is a repeat.
    const again = await findByClaimToken(core.db, p.value!);
    if (again?.status === "redeemed") return redeem(core, again, now, true);
    return outcome;
  }

  // pending
  const [attempt] = await currentAttempt(core.db, { registration: reg.id });
  const early =
    reg.last_polled_at !== null &&
    now.getTime() - new Date(reg.last_polled_at).getTime() < reg.interval_seconds * 1000;
  const interval = early
    ? Math.min(reg.interval_seconds + INTERVAL_STEP_SECONDS, INTERVAL_CEILING_SECONDS)
    : reg.interval_seconds;
  await recordPoll(core.db, { id: reg.id, at: now.toISOString(), interval });
  if (!attempt || attempt.expires_at <= now.toISOString()) {
    return oauthError(
      "expired_token",
      "The code expired (10 minutes); request a new one from the claim endpoint (re-initiate).",
    );
  }
  if (attempt.wrong_tries >= WRONG_TRIES_PER_CODE) {
    return oauthError(
      "expired_token",
      `The code can no longer be used (${WRONG_TRIES_PER_CODE} wrong tries); request a new one from the claim endpoint (re-initiate).`,
    );
  }
  if (early) {
    return oauthError("slow_down", `Polled too soon; the interval is now ${interval} seconds between polls.`);
  }
  return oauthError("authorization_pending", `Nobody has decided yet; poll again in ${interval} seconds.`);
}

/** Parses a requested scope: known scopes only, workspace.read included; else undefined. */
function requestedScopes(raw: string): Scope[] | undefined {
  const asked = raw.split(" ").filter((s) => s !== "");
  if (asked.length === 0) return undefined;
  if (!asked.every((s) => (SCOPES as readonly string[]).includes(s))) return undefined;
  if (!asked.includes("workspace.read")) return undefined;
  return SCOPES.filter((s) => asked.includes(s));
}

/** grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer — a new access token for the assertion. */
export async function jwtBearerGrant(core: Core, params: GrantParams): Promise<GrantResult> {
  const assertion = single(params, "assertion", true);
  if ("error" in assertion) return assertion.error;
  const resource = single(params, "resource", false);
  if ("error" in resource) return resource.error;
  const scope = single(params, "scope", false);
  if ("error" in scope) return scope.error;
  if (resource.value !== undefined && resource.value !== mcpResource(core)) {
    return oauthError("invalid_target", `resource must be exactly ${mcpResource(core)}.`);
  }
  let scopes: Scope[] | undefined;
  if (scope.value !== undefined) {
    scopes = requestedScopes(scope.value);
    if (!scopes) {
      return oauthError(
        "invalid_scope",
        "scope must name workspace.read and may add workspace.write, space-separated.",
      );
    }
  }
  const claims = await verifyAssertion(core, assertion.value!);
  if (!claims) return invalidGrant();
  const [connection] = await connectionByJti(core.db, { key: claims.jti });
  if (!connection) {
    // a genuine assertion of a connection that still holds, whose jti a repeated redemption replaced
    const [current] = await connectionById(core.db, { key: claims.sub });
    const replaced =
      !claims.expired &&
      holds(current) &&
      current.assertion_jti !== null &&
      current.assertion_jti !== claims.jti &&
      current.assertion_expires_at !== null &&
      current.assertion_expires_at > core.clock.now().toISOString();
    return replaced ? supersededGrant() : invalidGrant();
  }
  if (!holds(connection) || connection.id !== claims.sub) return invalidGrant();
  if (
    claims.expired ||
    !connection.assertion_expires_at ||
    connection.assertion_expires_at <= core.clock.now().toISOString()
  ) {
    // 30 days after redemption: the registration's state says so too (spec: States and transitions).
    if (connection.registration_id) {
      await core.db
        .updateTable("agent_registrations")
        .set({ status: "expired" })
        .where("id", "=", connection.registration_id)
        .where("status", "=", "redeemed")
        .execute();
    }
    return invalidGrant();
  }
  if (scopes) {
    const approved = parseScopes(connection.scopes);
    if (!scopes.every((s) => approved.includes(s))) {
      return oauthError("invalid_scope", `scope may not exceed what was approved: ${approved.join(" ")}.`);
    }
  }
  const spent = await tokenAllowance(core, connection);
  if (spent) return spent;
  const issued = await issueAccessToken(core, connection, scopes ? { scopes } : {});
  return { status: 200, body: { ...issued } };
}
