import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError, SECRET_KEY_COMMAND } from "./config.ts";
import type { Core } from "./core.ts";

/**
 * The service's own secrets at rest (the Ed25519 key that signs identity assertions, the key that signs
 * file URLs) are sealed with AES-256-GCM under a key from the environment, DOCKET_SECRET_KEY, so a copy
 * of the database (a backup, a replica) cannot sign anything. A sealed value is
 *
 *     enc:v1:<key id>:<iv>:<ciphertext and tag>        (base64url parts)
 *
 * where the key id names the secret key it was sealed with (the first 12 characters of a hash of it),
 * so rotation works: the previous keys (DOCKET_SECRET_KEY_PREVIOUS) are still accepted for opening, and
 * start-up seals again with the current key. Each value is sealed for one place (its table, column and
 * row, as additional authenticated data), so a sealed value moved to another row does not open.
 *
 * The same secret key also gives keyed MACs for state the service hands out and takes back (the CSRF
 * token of a browser that has not posted a form yet), each under a key derived for its purpose.
 */

const PREFIX = "enc:v1:";
/** The file the embedded default keeps a generated key in, outside production mode. */
export const GENERATED_KEY_FILE = "secret.key";

export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretKeyError";
  }
}

interface Key {
  id: string;
  seal: Buffer;
  secret: Buffer;
}

/** The id of a secret key: public, and stored beside every value sealed with it. */
export function secretKeyId(secret: Buffer): string {
  return createHash("sha256")
    .update("docket secret key id\0")
    .update(secret)
    .digest("base64url")
    .slice(0, 12);
}

function derive(secret: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), info, 32));
}

function key(secret: Buffer): Key {
  return { id: secretKeyId(secret), seal: derive(secret, "docket at-rest encryption v1"), secret };
}

export class SecretBox {
  readonly #current: Key;
  readonly #byId: Map<string, Key>;

  constructor(current: Buffer, previous: Buffer[] = []) {
    if (current.length !== 32) throw new Error("a secret key is 32 bytes");
    this.#current = key(current);
    this.#byId = new Map([current, ...previous].map((s) => [secretKeyId(s), key(s)] as const).reverse());
  }

  /** The id of the key new values are sealed with. */
  get keyId(): string {
    return this.#current.id;
  }

  /** True when `value` is sealed (by any key); false for a value stored in clear. */
  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }

  /** The key id a sealed value names, or undefined for a clear one. */
  static keyIdOf(value: string): string | undefined {
    return SecretBox.isSealed(value) ? value.slice(PREFIX.length).split(":")[0] : undefined;
  }

  /** Seals `plaintext` for `place` (e.g. `signing_keys.private_jwk:<kid>`). */
  seal(plaintext: string, place: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#current.seal, iv);
    cipher.setAAD(Buffer.from(place));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${this.#current.id}:${iv.toString("base64url")}:${body.toString("base64url")}`;
  }

  /** Opens a sealed value of `place`; SecretKeyError when no key at hand opens it. */
  open(sealed: string, place: string): string {
    if (!SecretBox.isSealed(sealed)) throw new SecretKeyError(`${place} is not sealed.`);
    const [id = "", ivText = "", bodyText = ""] = sealed.slice(PREFIX.length).split(":");
    const k = this.#byId.get(id);
    if (!k) {
      throw new SecretKeyError(
        `${place} is encrypted with secret key ${id}, which neither DOCKET_SECRET_KEY (${this.#current.id}) nor DOCKET_SECRET_KEY_PREVIOUS holds; start with the key it was sealed with.`,
      );
    }
    const body = Buffer.from(bodyText, "base64url");
    if (body.length < 16) throw new SecretKeyError(`${place} is damaged.`);
    try {
      const decipher = createDecipheriv("aes-256-gcm", k.seal, Buffer.from(ivText, "base64url"));
      decipher.setAAD(Buffer.from(place));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
        "utf8",
      );
    } catch {
      throw new SecretKeyError(`${place} does not open with secret key ${id}: it was changed or moved.`);
    }
  }

  /** A MAC of `data` for `purpose`, under the current key. */
  mac(purpose: string, data: string): string {
    return macWith(this.#current, purpose, data);
  }

  /** True when `given` is the MAC of `data` for `purpose` under the current or a previous key. */
  macMatches(purpose: string, data: string, given: string): boolean {
    const g = Buffer.from(given);
    for (const k of this.#byId.values()) {
      const expected = Buffer.from(macWith(k, purpose, data));
      if (g.length === expected.length && timingSafeEqual(g, expected)) return true;
    }
    return false;
  }
}

function macWith(k: Key, purpose: string, data: string): string {
  return createHmac("sha256", derive(k.secret, `docket mac v1: ${purpose}`))
    .update(data)
    .digest("base64url");
}

/**
 * The secret box of a configuration: DOCKET_SECRET_KEY (with DOCKET_SECRET_KEY_PREVIOUS), or outside
 * production mode a key generated once into `$DOCKET_DATA_DIR/secret.key` (readable by its owner only).
 * Production mode without DOCKET_SECRET_KEY was already refused by loadConfig.
 */
export function openSecretBox(config: Config): SecretBox {
  const { current, previous } = config.secretKeys;
  if (current) return new SecretBox(current, previous);
  if (config.production) {
    throw new ConfigError(
      "DOCKET_SECRET_KEY",
      `must be set in production mode; generate one with: ${SECRET_KEY_COMMAND}`,
    );
  }
  return new SecretBox(generatedKey(config.dataDir), previous);
}

function generatedKey(dataDir: string): Buffer {
  const file = path.join(dataDir, GENERATED_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const text = readFileSync(file, "utf8").trim();
  const secret = Buffer.from(text, "base64");
  if (secret.length !== 32) {
    throw new ConfigError(
      "DOCKET_SECRET_KEY",
      `is not set and ${file} does not hold a 32-byte base64 key; set DOCKET_SECRET_KEY or remove that file only if nothing was sealed with it`,
    );
  }
  return secret;
}

// ---------------------------------------------------------------------------------------------------
// The secrets the database holds

/** Where a stored secret sits: its table, column and row, which is also what it is sealed for. */
export const placeOf = (table: string, column: string, id: string) => `${table}.${column}:${id}`;

/** Every column that holds a sealed secret, with the column naming its row. */
const SEALED_COLUMNS = [
  { table: "signing_keys", column: "private_jwk", id: "kid" },
  { table: "service_secrets", column: "value", id: "name" },
  { table: "webhooks", column: "secret", id: "id" },
  { table: "integrations", column: "secret", id: "id" },
] as const;

const sealing = new WeakMap<Core, Promise<{ sealed: number; resealed: number }>>();

/**
 * Start-up's migration of stored secrets: a value still in clear (written before sealing existed) is
 * sealed, and a value sealed with a previous key is sealed again with the current one, so once every
 * instance runs with a new key the previous one can be dropped. Runs once per core; a value no key at
 * hand opens stops it with SecretKeyError. Readers call it before they open a value.
 */
export function sealStoredSecrets(core: Core): Promise<{ sealed: number; resealed: number }> {
  let pending = sealing.get(core);
  if (!pending) {
    pending = (async () => {
      let sealed = 0;
      let resealed = 0;
      for (const { table, column, id } of SEALED_COLUMNS) {
        const rows = (await core.db
          .selectFrom(table)
          .select([`${id} as id`, `${column} as value`] as never)
          .execute()) as unknown as { id: string; value: string }[];
        for (const row of rows) {
          const place = placeOf(table, column, row.id);
          const kid = SecretBox.keyIdOf(row.value);
          if (kid === core.secrets.keyId) continue;
          const plain = kid === undefined ? row.value : core.secrets.open(row.value, place);
          await core.db
            .updateTable(table)
            .set({ [column]: core.secrets.seal(plain, place) } as never)
            .where(id as never, "=", row.id as never)
            .where(column as never, "=", row.value as never)
            .execute();
          if (kid === undefined) sealed++;
          else resealed++;
        }
      }
      return { sealed, resealed };
    })();
    sealing.set(core, pending);
    pending.catch(() => sealing.delete(core));
  }
  return pending;
}
