import { randomBytes } from "node:crypto";
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from "jose";
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

interface Verified {
  sub: string;
  jti: string;
  /** seconds since the epoch */
  exp: number;
}

/**
 * Assertions whose signature, issuer, audience and type already held, by their exact text, per
 * database (whose keys signed them). An agent renews with the same assertion for 30 days; checking its
 * signature once per instance rather than on every renewal takes the costliest step off the hot path.
 * Expiry is still checked on every use, and whether the assertion is still the connection's (its jti)
 * is the token endpoint's database lookup, so a replaced or revoked assertion fails at once.
 */
const verifiedByDb = new WeakMap<Core["db"], Map<string, Verified>>();
const VERIFIED_CACHE_SIZE = 10_000;

function verifiedCache(core: Core): Map<string, Verified> {
  let cache = verifiedByDb.get(core.db);
  if (!cache) {
    cache = new Map();
    verifiedByDb.set(core.db, cache);
  }
  return cache;
}

function remember(cache: Map<string, Verified>, token: string, v: Verified): void {
  if (cache.size >= VERIFIED_CACHE_SIZE) {
    // the oldest entry goes first (a Map keeps insertion order)
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(token, v);
}

/**
 * The subject and jti of an assertion whose signature, issuer, audience, type and time hold; else null.
 * A database that cannot be reached (loading keys) is thrown, not taken for a bad assertion.
 */
export async function verifyAssertion(
  core: Core,
  token: string,
): Promise<{ sub: string; jti: string; expired: boolean } | null> {
  const cache = verifiedCache(core);
  const known = cache.get(token);
  if (known) {
    const expired = known.exp <= core.clock.now().getTime() / 1000;
    if (expired) cache.delete(token);
    return { sub: known.sub, jti: known.jti, expired };
  }
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
    const { sub, jti, exp } = payload;
    if (typeof sub !== "string" || typeof jti !== "string" || typeof exp !== "number") return null;
    remember(cache, token, { sub, jti, exp });
    return { sub, jti, expired: false };
  } catch (error) {
    // Signature, issuer, audience and type held; only the time ran out (jose checks time last).
    if (error instanceof errors.JWTExpired) {
      const { sub, jti } = error.payload;
      if (typeof sub === "string" && typeof jti === "string") return { sub, jti, expired: true };
    }
    return null;
  }
}
