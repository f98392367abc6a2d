import { DocketError } from "../../errors.ts";
import { send, USER_AGENT } from "./api.ts";

/**
 * The agent registration flow, from the client's side: register on behalf of a person, show them the
 * link and code, poll the token endpoint until they decide, and redeem an access token and an identity
 * assertion; later, renew access tokens with the assertion (the jwt-bearer grant).
 */

export const CLAIM_GRANT = "urn:docket:agent-auth:grant-type:claim";
export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";
export const CLIENT_NAME = "docket CLI";
/** The ceiling of the polling interval, in seconds. */
const MAX_INTERVAL_S = 30;

interface ClaimAttempt {
  user_code: string;
  expires_in: number;
  verification_uri: string;
  interval: number;
}

interface Registration {
  registration_id: string;
  claim_token: string;
  claim_token_expires: string;
  claim: ClaimAttempt;
}

export interface Redemption {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  identity_assertion: string;
  assertion_expires: string;
}

export interface Renewal {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: { error?: string; error_description?: string; [k: string]: unknown };
}

async function post(url: string, body: string, type: string): Promise<Answer> {
  const res = await send(url, {
    method: "POST",
    headers: { "content-type": type, accept: "application/json", "user-agent": USER_AGENT },
    body,
  });
  const text = await res.text();
  let parsed: Answer["body"] = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { error: `http_${res.status}`, error_description: text.slice(0, 200) };
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

const postJson = (url: string, body: unknown) => post(url, JSON.stringify(body), "application/json");
const postForm = (url: string, params: Record<string, string>) =>
  post(url, new URLSearchParams(params).toString(), "application/x-www-form-urlencoded");

function refusal(a: Answer, advice = ""): DocketError {
  const code = a.body.error ?? `http_${a.status}`;
  const description = a.body.error_description ?? `The service answered ${a.status}.`;
  return new DocketError(a.status, code, `${description}${advice ? ` ${advice}` : ""}`);
}

export interface FlowIo {
  /** tells the person what to do (stderr) */
  say(text: string): void;
  sleep(ms: number): Promise<void>;
}

function showAttempt(io: FlowIo, attempt: ClaimAttempt): void {
  const minutes = Math.round(attempt.expires_in / 60);
  io.say(
    [
      "To connect the docket CLI to your workspace, open this link and sign in:",
      "",
      `  ${attempt.verification_uri}`,
      "",
      `then type this code (valid ${minutes} minutes): ${attempt.user_code}`,
      "",
      "Waiting for you to approve…",
    ].join("\n"),
  );
}

/**
 * Registers on behalf of `email` and waits for the person to approve; returns what the token endpoint
 * redeemed. A code that expires is replaced (the person is shown the new one); the registration's own
 * end, a denial or a refusal stops the flow with the service's words.
 */
export async function registerAgent(baseUrl: string, email: string, io: FlowIo): Promise<Redemption> {
  const registered = await postJson(`${baseUrl}/api/agent-auth/identity`, {
    type: "service_auth",
    login_hint: email,
    client_name: CLIENT_NAME,
  });
  if (registered.status !== 200) throw refusal(registered);
  const registration = registered.body as unknown as Registration;
  let attempt = registration.claim;
  showAttempt(io, attempt);
  let interval = attempt.interval;
  for (;;) {
    await io.sleep(interval * 1000);
    const polled = await postForm(`${baseUrl}/api/auth/oauth2/token`, {
      grant_type: CLAIM_GRANT,
      claim_token: registration.claim_token,
    });
    if (polled.status === 200) return polled.body as unknown as Redemption;
    const retryAfter = Number(polled.headers.get("retry-after"));
    if ((polled.status === 429 || polled.status === 503) && Number.isFinite(retryAfter)) {
      await io.sleep(retryAfter * 1000);
      continue;
    }
    switch (polled.body.error) {
      case "authorization_pending":
        continue;
      case "slow_down":
        interval = Math.min(MAX_INTERVAL_S, interval + 5);
        continue;
      case "expired_token": {
        // The service says which: the code ran out (ask for another) or the registration did (stop).
        if (/registration expired/i.test(polled.body.error_description ?? ""))
          throw refusal(polled, "Run docket login --agent again to start over.");
        const again = await postJson(`${baseUrl}/api/agent-auth/identity/claim`, {
          claim_token: registration.claim_token,
          email,
        });
        if (again.status !== 200) throw refusal(again, "Run docket login --agent again to start over.");
        attempt = (again.body as unknown as { claim_attempt: ClaimAttempt }).claim_attempt;
        io.say("The code expired; here is a new one.");
        showAttempt(io, attempt);
        interval = attempt.interval;
        continue;
      }
      case "access_denied":
        throw refusal(polled, "Ask the person before registering again.");
      case "invalid_grant":
        throw new DocketError(
          400,
          "invalid_grant",
          "The registration no longer holds (already redeemed, revoked or unknown); run docket login --agent again.",
        );
      case "unsupported_grant_type":
        throw refusal(
          polled,
          "Agent registration is off on this service; sign in with a personal access token.",
        );
      default:
        throw refusal(polled);
    }
  }
}

/** Ends one access token (RFC 7009); the assertion still renews. The service answers 200 whatever it knew. */
export async function revokeAccessToken(baseUrl: string, token: string): Promise<void> {
  await postForm(`${baseUrl}/api/auth/oauth2/revoke`, { token });
}

/**
 * A fresh access token for the connection, by the jwt-bearer grant with the identity assertion. A
 * refused assertion (revoked, expired, replaced) is a 401 for the caller: the person must approve again.
 */
export async function renewAccessToken(baseUrl: string, assertion: string): Promise<Renewal> {
  const answer = await postForm(`${baseUrl}/api/auth/oauth2/token`, {
    grant_type: JWT_BEARER_GRANT,
    assertion,
    resource: `${baseUrl}/api/mcp`,
  });
  if (answer.status === 200) return answer.body as unknown as Renewal;
  if (answer.body.error === "invalid_grant") {
    // the body stays bare (the spec); a superseded assertion says so in a header beside it
    const why = answer.headers.get("docket-error-description");
    throw new DocketError(
      401,
      "invalid_grant",
      why?.startsWith("superseded")
        ? "This identity assertion was replaced by a later redemption of the same registration; use the newest one, or sign in again with docket login --agent."
        : "The agent connection no longer holds (revoked, expired or replaced); sign in again with docket login --agent.",
    );
  }
  throw refusal(answer);
}
