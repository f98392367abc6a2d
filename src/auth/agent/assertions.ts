import { randomBytes } from "node:crypto";
import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import type { Core } from "../../core.ts";
import { ASSERTION_LIFETIME_MS, ASSERTION_TYP } from "./constants.ts";
import { signingKey, verificationKey } from "./keys.ts";

/**
 * Identity assertions: JWTs signed by the service (`typ` oauth-id-jag+jwt), `iss` {base_url}/api/auth,
 * `aud` the same, `sub` the connection, a unique `jti`, 30 days. The token endpoint verifies the
 * signature and then looks the `jti` up on the connection, so a replaced or revoked assertion fails at
 * once although its signature still holds.
 */
export function issuer(core: Core): string {
  return `${core.config.baseUrl}/api/auth`;
}

export interface SignedAssertion {
  assertion: string;
  jti: string;
  expiresAt: Date;
}

export async function signAssertion(
  core: Core,
  connection: { id: string; scopes: string },
): Promise<SignedAssertion> {
  const now = core.clock.now();
  const expiresAt = new Date(now.getTime() + ASSERTION_LIFETIME_MS);
  const jti = randomBytes(16).toString("base64url");
  const { kid, alg, key } = await signingKey(core);
  const assertion = await new SignJWT({ scope: connection.scopes })
    .setProtectedHeader({ alg, kid, typ: ASSERTION_TYP })
    .setIssuer(issuer(core))
    .setAudience(issuer(core))
    .setSubject(connection.id)
    .setJti(jti)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
  return { assertion, jti, expiresAt };
}

/**
 * The subject and jti of an assertion whose signature, issuer, audience, type and time hold; else null.
 * A database that cannot be reached (loading keys) is thrown, not taken for a bad assertion.
 */
export async function verifyAssertion(
  core: Core,
  token: string,
): Promise<{ sub: string; jti: string } | null> {
  if (token.length > 4096 || token.split(".").length !== 3) return null;
  let kid: unknown;
  let typ: unknown;
  try {
    ({ kid, typ } = decodeProtectedHeader(token));
  } catch {
    return null;
  }
  if (typeof kid !== "string" || typ !== ASSERTION_TYP) return null;
  const found = await verificationKey(core, kid);
  if (!found) return null;
  try {
    const { payload } = await jwtVerify(token, found.key, {
      algorithms: [found.alg],
      issuer: issuer(core),
      audience: issuer(core),
      typ: ASSERTION_TYP,
      currentDate: core.clock.now(),
      clockTolerance: 0,
      requiredClaims: ["sub", "jti", "exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.jti !== "string") return null;
    return { sub: payload.sub, jti: payload.jti };
  } catch {
    return null;
  }
}
