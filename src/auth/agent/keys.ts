import { randomBytes } from "node:crypto";
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Core } from "../../core.ts";
import type { Db } from "../../db/store.ts";
import { placeOf, sealStoredSecrets } from "../../secret-box.ts";

/**
 * The service's signing keys for identity assertions, kept in `signing_keys` so every instance signs and
 * verifies with the same ones. EdDSA (Ed25519): small signatures, fast to verify. Imported keys are
 * cached per database; a key id this instance has not seen (made by another instance) reloads the table.
 * The private key is stored sealed with DOCKET_SECRET_KEY (src/secret-box.ts), so a copy of the
 * database cannot sign an assertion.
 */
export const ASSERTION_ALG = "EdDSA";

interface LoadedKey {
  kid: string;
  alg: string;
  retired: boolean;
  publicJwk: JWK;
  privateKey: CryptoKey | Uint8Array | null;
  publicKey: CryptoKey | Uint8Array;
}

interface KeyRing {
  signing: LoadedKey;
  byKid: Map<string, LoadedKey>;
}

const rings = new WeakMap<Db, Promise<KeyRing>>();

const privatePlace = (kid: string) => placeOf("signing_keys", "private_jwk", kid);

async function load(core: Core): Promise<KeyRing | undefined> {
  await sealStoredSecrets(core);
  const rows = await core.db
    .selectFrom("signing_keys")
    .selectAll()
    .orderBy("created_at")
    .orderBy("kid")
    .execute();
  if (rows.length === 0) return undefined;
  const byKid = new Map<string, LoadedKey>();
  let signing: LoadedKey | undefined;
  for (const row of rows) {
    const publicJwk = JSON.parse(row.public_jwk) as JWK;
    const key: LoadedKey = {
      kid: row.kid,
      alg: row.alg,
      retired: row.retired_at !== null,
      publicJwk,
      privateKey: null,
      publicKey: await importJWK(publicJwk, row.alg),
    };
    if (!key.retired && !signing) {
      const privateJwk = JSON.parse(core.secrets.open(row.private_jwk, privatePlace(row.kid))) as JWK;
      key.privateKey = await importJWK(privateJwk, row.alg);
      signing = key;
    }
    byKid.set(row.kid, key);
  }
  return signing ? { signing, byKid } : undefined;
}

async function create(core: Core): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair(ASSERTION_ALG, {
    crv: "Ed25519",
    extractable: true,
  });
  const kid = randomBytes(12).toString("base64url");
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ASSERTION_ALG, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ASSERTION_ALG };
  await core.db
    .insertInto("signing_keys")
    .values({
      kid,
      alg: ASSERTION_ALG,
      private_jwk: core.secrets.seal(JSON.stringify(privateJwk), privatePlace(kid)),
      public_jwk: JSON.stringify(publicJwk),
      created_at: core.clock.now().toISOString(),
      retired_at: null,
    })
    .execute();
}

async function ring(core: Core, reload = false): Promise<KeyRing> {
  let pending = reload ? undefined : rings.get(core.db);
  if (!pending) {
    pending = (async () => {
      const loaded = await load(core);
      if (loaded) return loaded;
      // Two instances starting together may both create one; both then sign with the oldest.
      await create(core);
      const made = await load(core);
      if (!made) throw new Error("no signing key could be made");
      return made;
    })();
    rings.set(core.db, pending);
    pending.catch(() => rings.delete(core.db));
  }
  return pending;
}

/** The key new assertions are signed with. */
export async function signingKey(
  core: Core,
): Promise<{ kid: string; alg: string; key: CryptoKey | Uint8Array }> {
  const { signing } = await ring(core);
  return { kid: signing.kid, alg: signing.alg, key: signing.privateKey! };
}

/** The public key for `kid`, or undefined when no such key exists (after one reload). */
export async function verificationKey(
  core: Core,
  kid: string,
): Promise<{ alg: string; key: CryptoKey | Uint8Array } | undefined> {
  let found = (await ring(core)).byKid.get(kid);
  if (!found) found = (await ring(core, true)).byKid.get(kid);
  return found ? { alg: found.alg, key: found.publicKey } : undefined;
}

/** The public JSON Web Key Set served at `{base_url}/api/auth/jwks`. */
export async function publicJwks(core: Core): Promise<{ keys: JWK[] }> {
  const { byKid } = await ring(core);
  return { keys: [...byKid.values()].map((k) => k.publicJwk) };
}
