import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Core } from "../../core.ts";
import { conflict, DocketError, invalid, notFound } from "../../errors.ts";
import { placeOf, sealStoredSecrets } from "../../secret-box.ts";
import { type FileStore, normalizeMediaType, type PutTarget } from "./store.ts";

const SECRET_NAME = "file_signing_key";
const UPLOAD_KEY = /^uploads\/ws_[0-9A-Z]{26}\/upl_[0-9A-Z]{26}$/;
const FILE_KEY = /^files\/ws_[0-9A-Z]{26}\/file_[0-9A-Z]{26}$/;
/** A workspace export's archive (src/tracker/archive/jobs.ts). */
const EXPORT_KEY = /^exports\/ws_[0-9A-Z]{26}\/exp_[0-9A-Z]{26}\.docket$/;

const keys = new WeakMap<Core, Promise<Buffer>>();

/**
 * The installation's key for signing file URLs, kept in `service_secrets` so every instance signs and
 * checks alike, sealed with DOCKET_SECRET_KEY (src/secret-box.ts). The first instance to need it
 * creates it; insert-if-absent settles a race.
 */
export function signingKey(core: Core): Promise<Buffer> {
  let key = keys.get(core);
  if (!key) {
    key = (async () => {
      const place = placeOf("service_secrets", "value", SECRET_NAME);
      await sealStoredSecrets(core);
      await core.db
        .insertInto("service_secrets")
        .values({
          name: SECRET_NAME,
          value: core.secrets.seal(randomBytes(32).toString("base64url"), place),
          created_at: core.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      const row = await core.db
        .selectFrom("service_secrets")
        .select("value")
        .where("name", "=", SECRET_NAME)
        .executeTakeFirstOrThrow();
      return Buffer.from(core.secrets.open(row.value, place), "base64url");
    })();
    key.catch(() => keys.delete(core));
    keys.set(core, key);
  }
  return key;
}

const sign = (key: Buffer, parts: (string | number)[]) =>
  createHmac("sha256", key).update(parts.join("\n")).digest("hex");

function sameSignature(given: string, expected: string): boolean {
  return (
    /^[0-9a-f]{64}$/.test(given) && timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"))
  );
}

const badSignature = () =>
  new DocketError(403, "invalid_signature", "This file URL is not valid: its signature does not match.");
const expired = () =>
  new DocketError(403, "expired_signature", "This file URL has expired; ask the API for a new one.");

function expiresParam(value: unknown): number {
  if (typeof value !== "string" || !/^\d{1,12}$/.test(value)) throw badSignature();
  return Number(value);
}

/**
 * Files on the service's own disk, under `${DOCKET_DATA_DIR}/files`. The signed URLs point at the
 * service itself: `/files/upload/<workspace>/<upload>` for key `uploads/<workspace>/<upload>` and
 * `/files/download/<workspace>/<file>` for `files/<workspace>/<file>` (see src/http/files.ts); they
 * carry an HMAC-SHA256 over the method, key, expiry and what the URL allows (type and size, or name and
 * type).
 */
export class LocalFileStore implements FileStore {
  readonly kind = "local";
  readonly #core: Core;
  readonly #dir: string;

  constructor(core: Core, dir: string) {
    this.#core = core;
    this.#dir = dir;
  }

  /** The object's path on disk; refuses any key this store did not make. */
  pathOf(key: string): string {
    if (!UPLOAD_KEY.test(key) && !FILE_KEY.test(key) && !EXPORT_KEY.test(key))
      throw new Error(`not a file store key: ${JSON.stringify(key)}`);
    return path.join(this.#dir, key);
  }

  async presignPut(
    key: string,
    o: { contentType: string; size: number; expiresAt: Date },
  ): Promise<PutTarget> {
    const expires = Math.floor(o.expiresAt.getTime() / 1000);
    const signature = sign(await signingKey(this.#core), ["PUT", key, expires, o.contentType, o.size]);
    return {
      url: `${this.#core.config.baseUrl}/files/upload/${key.slice("uploads/".length)}?expires=${expires}&signature=${signature}`,
      headers: { "content-type": o.contentType },
    };
  }

  async presignGet(key: string, o: { name: string; contentType: string; expiresAt: Date }): Promise<string> {
    const expires = Math.floor(o.expiresAt.getTime() / 1000);
    const signature = sign(await signingKey(this.#core), ["GET", key, expires, o.name, o.contentType]);
    const query = new URLSearchParams({
      expires: String(expires),
      name: o.name,
      type: o.contentType,
      signature,
    });
    return `${this.#core.config.baseUrl}/files/download/${key.slice("files/".length)}?${query}`;
  }

  async head(key: string): Promise<{ size: number } | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    const handle = await open(this.pathOf(key), "r");
    return handle.createReadStream();
  }

  async write(key: string, body: AsyncIterable<Buffer>, size: number): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(
      path.dirname(target),
      `.${path.basename(key)}.${randomBytes(6).toString("hex")}.part`,
    );
    let received = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > size) return done(new Error(`${key}: more than the ${size} bytes expected`));
        done(null, chunk);
      },
    });
    try {
      const file = await open(temp, "wx");
      await pipeline(body, meter, file.createWriteStream());
      if (received !== size) throw new Error(`${key}: ${received} bytes, not the ${size} expected`);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async move(from: string, to: string): Promise<boolean> {
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(this.pathOf(from), target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Takes an upload's bytes from a signed PUT: checks the signature, expiry and that the upload is not
   * registered yet, then the type and size, and streams the body to a temporary file that is renamed
   * into place only when exactly the promised number of bytes arrived.
   */
  async receive(
    key: string,
    query: Record<string, unknown>,
    headers: { contentType: string | undefined; contentLength: string | undefined },
    body: Readable,
  ): Promise<{ size: number; sha256: string }> {
    if (!UPLOAD_KEY.test(key)) throw notFound("There is no upload at this URL.");
    const expires = expiresParam(query.expires);
    const upload = await this.#core.db
      .selectFrom("file_uploads")
      .select(["id", "content_type", "max_size", "used_at"])
      .where("storage_key", "=", key)
      .executeTakeFirst();
    if (!upload) throw badSignature();
    const expected = sign(await signingKey(this.#core), [
      "PUT",
      key,
      expires,
      upload.content_type,
      upload.max_size,
    ]);
    if (!sameSignature(String(query.signature ?? ""), expected)) throw badSignature();
    if (expires * 1000 <= this.#core.clock.now().getTime()) throw expired();
    if (upload.used_at) {
      throw conflict(`Upload ${upload.id} is already registered as a file; ask for a new upload URL.`);
    }
    const type = headers.contentType === undefined ? undefined : normalizeMediaType(headers.contentType);
    if (type !== upload.content_type) {
      throw new DocketError(
        415,
        "unsupported_media_type",
        `This upload URL takes Content-Type: ${upload.content_type} only.`,
      );
    }
    const size = upload.max_size;
    const declared = headers.contentLength === undefined ? undefined : Number(headers.contentLength);
    if (declared !== undefined && declared > size) throw tooLarge(size);
    if (declared !== undefined && declared < size) throw tooSmall(declared, size);

    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(
      path.dirname(target),
      `.${path.basename(key)}.${randomBytes(6).toString("hex")}.part`,
    );
    const hash = createHash("sha256");
    let received = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > size) return done(tooLarge(size));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      const file = await open(temp, "wx");
      await pipeline(body, meter, file.createWriteStream());
      if (received < size) throw tooSmall(received, size);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size: received, sha256: hash.digest("hex") };
  }

  /** Opens a file for a signed download link, or refuses the link. */
  async download(
    key: string,
    query: Record<string, unknown>,
  ): Promise<{ stream: Readable; size: number; name: string; contentType: string }> {
    if (!FILE_KEY.test(key)) throw notFound("There is no file at this URL.");
    const expires = expiresParam(query.expires);
    const name = typeof query.name === "string" ? query.name : "";
    const contentType = typeof query.type === "string" ? query.type : "";
    const expected = sign(await signingKey(this.#core), ["GET", key, expires, name, contentType]);
    if (!sameSignature(String(query.signature ?? ""), expected)) throw badSignature();
    if (expires * 1000 <= this.#core.clock.now().getTime()) throw expired();
    try {
      const handle = await open(this.pathOf(key), "r");
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size, name, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw notFound("This file no longer exists.");
      throw error;
    }
  }
}

const tooLarge = (size: number) =>
  new DocketError(
    413,
    "request_too_large",
    `This upload URL takes exactly ${size} bytes; the body is larger.`,
  );

const tooSmall = (got: number, size: number) =>
  invalid(`This upload URL takes exactly ${size} bytes; the body has ${got}.`);
