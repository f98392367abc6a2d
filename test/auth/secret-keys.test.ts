import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, type TestContext, test } from "node:test";
import { importJWK, type JWK, SignJWT } from "jose";
import { signAssertion, verifyAssertion } from "../../src/auth/agent/assertions.ts";
import { ASSERTION_TYP } from "../../src/auth/agent/constants.ts";
import { publicJwks } from "../../src/auth/agent/keys.ts";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { type Core, createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import {
  GENERATED_KEY_FILE,
  openSecretBox,
  SecretBox,
  SecretKeyError,
  sealStoredSecrets,
  secretKeyId,
} from "../../src/secret-box.ts";
import { signingKey as fileSigningKey } from "../../src/tracker/files/local.ts";
import { createTestDatabase, REPO, TEST_SECRET_KEY, testConfig } from "../support.ts";
import { type AgentEnv, agentSetup, connectedAgent, renew } from "./agent-support.ts";

const OTHER_KEY = Buffer.alloc(32, 9).toString("base64");
const THIRD_KEY = Buffer.alloc(32, 11).toString("base64");

/** A core over the same store as `env` but with other secret keys: what a copy of the database gives. */
function coreWith(env: AgentEnv, key: string, previous?: string): Core {
  const config = testConfig(env.databaseUrl, {
    BASE_URL: "https://docket.test",
    DOCKET_SECRET_KEY: key,
    ...(previous ? { DOCKET_SECRET_KEY_PREVIOUS: previous } : {}),
  });
  return createCore(config, env.store, { clock: env.clock, limiter: new MemoryRateLimiter(env.clock) });
}

/** A second database holding a copy of every row of the key tables and the connections of `env`. */
async function copyOf(t: TestContext, env: AgentEnv, key: string): Promise<Core> {
  const database = await createTestDatabase();
  const config = testConfig(database.url, { BASE_URL: "https://docket.test", DOCKET_SECRET_KEY: key });
  const store = openStore(config.database, { poolSize: 2 });
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  await store.migrate();
  for (const table of ["signing_keys", "service_secrets"] as const) {
    const rows = await env.core.db.selectFrom(table).selectAll().execute();
    if (rows.length) await store.db.insertInto(table).values(rows).execute();
  }
  return createCore(config, store, { clock: env.clock, limiter: new MemoryRateLimiter(env.clock) });
}

/** What a holder of the private key does: an assertion for a live connection, with its current jti. */
async function forge(env: AgentEnv, privateJwk: JWK, connectionId: string): Promise<string> {
  const row = await env.core.db
    .selectFrom("connections")
    .select(["assertion_jti", "scopes"])
    .where("id", "=", connectionId)
    .executeTakeFirstOrThrow();
  const issuer = `${env.config.baseUrl}/api/auth`;
  const now = Math.floor(env.clock.now().getTime() / 1000);
  return new SignJWT({ scope: row.scopes })
    .setProtectedHeader({ alg: "EdDSA", kid: privateJwk.kid!, typ: ASSERTION_TYP })
    .setIssuer(issuer)
    .setAudience(issuer)
    .setSubject(connectionId)
    .setJti(row.assertion_jti!)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(privateJwk, "EdDSA"));
}

describe("the service's keys at rest", () => {
  test("the signing key and the file URL key are stored sealed, never in clear", async (t) => {
    const env = await agentSetup(t);
    await connectedAgent(env);
    await fileSigningKey(env.core);
    const id = secretKeyId(Buffer.from(TEST_SECRET_KEY, "base64"));
    const [key] = await env.core.db.selectFrom("signing_keys").selectAll().execute();
    assert.ok(key!.private_jwk.startsWith(`enc:v1:${id}:`), key!.private_jwk);
    assert.ok(!key!.private_jwk.includes('"d"'));
    assert.throws(() => JSON.parse(key!.private_jwk));
    const [file] = await env.core.db.selectFrom("service_secrets").selectAll().execute();
    assert.ok(file!.value.startsWith(`enc:v1:${id}:`), file!.value);
  });

  test("a copy of the database cannot mint a working assertion without the secret key", async (t) => {
    const env = await agentSetup(t);
    const { connectionId } = await connectedAgent(env);
    await fileSigningKey(env.core);

    // The copy with another secret key: nothing opens, so nothing can be signed.
    const thief = await copyOf(t, env, OTHER_KEY);
    await assert.rejects(sealStoredSecrets(thief), SecretKeyError);
    await assert.rejects(
      signAssertion(thief, { id: connectionId, scopes: "workspace.read" }),
      (error: unknown) =>
        error instanceof SecretKeyError &&
        /neither DOCKET_SECRET_KEY .* nor DOCKET_SECRET_KEY_PREVIOUS/.test(error.message),
    );
    await assert.rejects(fileSigningKey(thief), SecretKeyError);
    // The stored value itself is no key: an attacker reading the row has ciphertext only.
    const [row] = await thief.db.selectFrom("signing_keys").selectAll().execute();
    assert.throws(() => JSON.parse(row!.private_jwk));
    // A key the attacker makes under the same kid signs an assertion the service refuses.
    const { generateKeyPair, exportJWK } = await import("jose");
    const fake = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
    const fakeJwk = { ...(await exportJWK(fake.privateKey)), kid: row!.kid };
    const refused = await renew(env.app, await forge(env, fakeJwk, connectionId));
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error, "invalid_grant");

    // The control: the same copy with the right secret key opens the key, and that key's assertion works,
    // so the secret key is exactly what the copy lacks.
    const rightful = await copyOf(t, env, TEST_SECRET_KEY);
    const place = `signing_keys.private_jwk:${row!.kid}`;
    const privateJwk = JSON.parse(rightful.secrets.open(row!.private_jwk, place)) as JWK;
    const accepted = await renew(env.app, await forge(env, privateJwk, connectionId));
    assert.equal(accepted.status, 200, accepted.text);
    const use = await env.app.inject({
      url: "/v1/workspace",
      headers: { authorization: `Bearer ${accepted.body.access_token}` },
    });
    assert.equal(use.statusCode, 200);
  });

  test("a sealed value moved to another row does not open", async (t) => {
    const env = await agentSetup(t);
    await connectedAgent(env);
    const [row] = await env.core.db.selectFrom("signing_keys").selectAll().execute();
    assert.throws(
      () => env.core.secrets.open(row!.private_jwk, "signing_keys.private_jwk:another"),
      /changed or moved/,
    );
    // One bit of the tag flipped. (Rewriting the text's last characters, as this did before, sometimes
    // changed only base64's padding bits or nothing at all, and the value still opened.)
    const cut = row!.private_jwk.lastIndexOf(":") + 1;
    const body = Buffer.from(row!.private_jwk.slice(cut), "base64url");
    body[body.length - 1]! ^= 1;
    const tampered = `${row!.private_jwk.slice(0, cut)}${body.toString("base64url")}`;
    assert.throws(
      () => env.core.secrets.open(tampered, `signing_keys.private_jwk:${row!.kid}`),
      SecretKeyError,
    );
  });

  test("rotation: the previous key still opens, start-up seals again with the new one, then the old key is not needed", async (t) => {
    const env = await agentSetup(t);
    const { redeemed } = await connectedAgent(env);
    const fileKey = await fileSigningKey(env.core);
    const jwks = await publicJwks(env.core);

    const rotating = coreWith(env, OTHER_KEY, `${THIRD_KEY},${TEST_SECRET_KEY}`);
    assert.deepEqual(await sealStoredSecrets(rotating), { sealed: 0, resealed: 2 });
    const newId = secretKeyId(Buffer.from(OTHER_KEY, "base64"));
    for (const r of await env.core.db.selectFrom("signing_keys").select("private_jwk").execute()) {
      assert.ok(r.private_jwk.startsWith(`enc:v1:${newId}:`));
    }
    const [file] = await env.core.db.selectFrom("service_secrets").selectAll().execute();
    assert.ok(file!.value.startsWith(`enc:v1:${newId}:`));

    // Only the new key from now on: the same signing key and file key, the old assertion still holds.
    const rotated = coreWith(env, OTHER_KEY);
    assert.deepEqual(await sealStoredSecrets(rotated), { sealed: 0, resealed: 0 });
    assert.deepEqual(await publicJwks(rotated), jwks);
    assert.deepEqual(await fileSigningKey(rotated), fileKey);
    const signed = await signAssertion(rotated, { id: "con_x", scopes: "workspace.read" });
    assert.equal((await verifyAssertion(env.core, signed.assertion))?.sub, "con_x");
    assert.equal((await verifyAssertion(rotated, redeemed.body.identity_assertion))?.expired, false);

    // The old key alone opens nothing any more.
    await assert.rejects(sealStoredSecrets(coreWith(env, TEST_SECRET_KEY)), /neither DOCKET_SECRET_KEY/);
  });

  test("keys stored in clear by an earlier version are sealed at start-up and keep working", async (t) => {
    const env = await agentSetup(t);
    const { generateKeyPair, exportJWK } = await import("jose");
    const pair = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
    const kid = "clearkey";
    const now = env.clock.now().toISOString();
    await env.core.db
      .insertInto("signing_keys")
      .values({
        kid,
        alg: "EdDSA",
        private_jwk: JSON.stringify({ ...(await exportJWK(pair.privateKey)), kid, alg: "EdDSA" }),
        public_jwk: JSON.stringify({ ...(await exportJWK(pair.publicKey)), kid, alg: "EdDSA", use: "sig" }),
        created_at: now,
        retired_at: null,
      })
      .execute();
    const clearFileKey = Buffer.alloc(32, 5).toString("base64url");
    await env.core.db
      .insertInto("service_secrets")
      .values({ name: "file_signing_key", value: clearFileKey, created_at: now })
      .execute();

    const started = coreWith(env, TEST_SECRET_KEY);
    assert.deepEqual(await sealStoredSecrets(started), { sealed: 2, resealed: 0 });
    const [key] = await env.core.db.selectFrom("signing_keys").selectAll().execute();
    assert.ok(SecretBox.isSealed(key!.private_jwk));
    const signed = await signAssertion(started, { id: "con_y", scopes: "workspace.read" });
    assert.equal(JSON.parse(Buffer.from(signed.assertion.split(".")[0]!, "base64url").toString()).kid, kid);
    assert.equal((await verifyAssertion(started, signed.assertion))?.sub, "con_y");
    assert.deepEqual(await fileSigningKey(started), Buffer.from(clearFileKey, "base64url"));
  });
});

describe("DOCKET_SECRET_KEY", () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error;
    }
    assert.fail("expected a ConfigError");
  };

  test("production mode (PostgreSQL, or NODE_ENV=production) refuses to start without it, saying how to make one", () => {
    const envs: Record<string, string>[] = [
      { DATABASE_URL: "postgres://docket@db/docket" },
      { NODE_ENV: "production" },
      { NODE_ENV: "production", DOCKET_SECRET_KEY: "  " },
    ];
    for (const env of envs) {
      const error = refusal(env);
      assert.equal(error.variable, "DOCKET_SECRET_KEY");
      assert.match(error.message, /must be set in production mode/);
      assert.match(error.message, /openssl rand -base64 32/);
    }
    const ok = loadConfig({
      DATABASE_URL: "postgres://docket@db/docket",
      DOCKET_SECRET_KEY: TEST_SECRET_KEY,
    });
    assert.equal(ok.production, true);
    assert.equal(loadConfig({}).production, false);
  });

  test("docket serve in production mode without it exits 2 with the message, never listening", () => {
    const r = spawnSync(process.execPath, ["src/cli/main.ts", "serve"], {
      cwd: REPO,
      env: { ...process.env, NODE_ENV: "production", DOCKET_SECRET_KEY: "", PORT: "0", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 30_000,
    });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /configuration error: DOCKET_SECRET_KEY must be set in production mode/);
    assert.match(r.stderr, /openssl rand -base64 32/);
  });

  test("a key must be 32 bytes of base64; previous keys need a current one", () => {
    for (const bad of [
      "short",
      Buffer.alloc(31).toString("base64"),
      Buffer.alloc(33).toString("base64"),
      "*".repeat(44),
    ]) {
      assert.match(refusal({ DOCKET_SECRET_KEY: bad }).message, /32 random bytes in base64/);
    }
    assert.equal(
      refusal({ DOCKET_SECRET_KEY: TEST_SECRET_KEY, DOCKET_SECRET_KEY_PREVIOUS: `${OTHER_KEY},nope` })
        .variable,
      "DOCKET_SECRET_KEY_PREVIOUS",
    );
    assert.equal(refusal({ DOCKET_SECRET_KEY_PREVIOUS: OTHER_KEY }).variable, "DOCKET_SECRET_KEY");
    const url = Buffer.alloc(32, 250).toString("base64url");
    assert.equal(loadConfig({ DOCKET_SECRET_KEY: url }).secretKeys.current?.length, 32, "base64url too");
  });

  test("the embedded default generates one into the data folder, readable by its owner only, and keeps it", (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), "docket-key-"));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({ DOCKET_DATA_DIR: path.join(dir, "data") });
    const first = openSecretBox(config);
    const file = path.join(dir, "data", GENERATED_KEY_FILE);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(openSecretBox(config).keyId, first.keyId, "the same key on the next start");
    const sealed = first.seal("x", "here");
    assert.equal(openSecretBox(config).open(sealed, "here"), "x");
  });
});
