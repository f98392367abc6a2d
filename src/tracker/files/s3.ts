import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { Clock } from "../../clock.ts";
import type { FileStoreConfig } from "../../config.ts";
import { unavailable } from "../../errors.ts";
import { encodeKeyPath, presignUrl, type SigningKeys, signRequest } from "./sigv4.ts";
import { attachmentDisposition, type FileStore, type PutTarget } from "./store.ts";

type S3Config = Extract<FileStoreConfig, { kind: "s3" }>;

/**
 * Files in an S3-compatible bucket. Uploads and downloads go straight between the client and the
 * bucket with presigned URLs; the service itself only asks for an object's size, reads it once to
 * check its SHA-256, copies it to its final key and deletes what it no longer needs.
 */
export class S3FileStore implements FileStore {
  readonly kind = "s3";
  readonly #config: S3Config;
  readonly #keys: SigningKeys;
  readonly #clock: Clock;

  constructor(config: S3Config, clock: Clock) {
    this.#config = config;
    this.#keys = {
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
    };
    this.#clock = clock;
  }

  /** The origin and encoded path of an object, path-style or virtual-hosted as configured. */
  #where(key: string): { origin: string; path: string } {
    const endpoint = new URL(this.#config.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, "");
    if (this.#config.forcePathStyle) {
      return { origin: endpoint.origin, path: `${base}/${this.#config.bucket}/${encodeKeyPath(key)}` };
    }
    return {
      origin: `${endpoint.protocol}//${this.#config.bucket}.${endpoint.host}`,
      path: `${base}/${encodeKeyPath(key)}`,
    };
  }

  async presignPut(
    key: string,
    o: { contentType: string; size: number; now: Date; expiresAt: Date },
  ): Promise<PutTarget> {
    const url = presignUrl(
      this.#keys,
      {
        method: "PUT",
        ...this.#where(key),
        headers: { "content-type": o.contentType, "content-length": String(o.size) },
        now: o.now,
      },
      secondsBetween(o.now, o.expiresAt),
    );
    return { url, headers: { "content-type": o.contentType } };
  }

  async presignGet(
    key: string,
    o: { name: string; contentType: string; now: Date; expiresAt: Date },
  ): Promise<string> {
    return presignUrl(
      this.#keys,
      {
        method: "GET",
        ...this.#where(key),
        query: {
          "response-content-disposition": attachmentDisposition(o.name),
          "response-content-type": o.contentType,
        },
        now: o.now,
      },
      secondsBetween(o.now, o.expiresAt),
    );
  }

  async head(key: string): Promise<{ size: number } | undefined> {
    const res = await this.#send("HEAD", key);
    if (res.status === 404) return undefined;
    await expectOk(res, "HEAD", key);
    return { size: Number(res.headers.get("content-length") ?? 0) };
  }

  async read(key: string): Promise<Readable> {
    const res = await this.#send("GET", key);
    await expectOk(res, "GET", key);
    if (!res.body) return Readable.from([]);
    return Readable.fromWeb(res.body as import("node:stream/web").ReadableStream<Uint8Array>);
  }

  /** One PUT with the bytes (at most the service's file size limit, so held in memory for it). */
  async write(key: string, body: AsyncIterable<Buffer>, size: number): Promise<void> {
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of body) {
      received += chunk.length;
      if (received > size) throw new Error(`${key}: more than the ${size} bytes expected`);
      chunks.push(chunk);
    }
    if (received !== size) throw new Error(`${key}: ${received} bytes, not the ${size} expected`);
    const bytes = Buffer.concat(chunks);
    const where = this.#where(key);
    const headers = signRequest(
      this.#keys,
      { method: "PUT", ...where, headers: {}, now: this.#clock.now() },
      createHash("sha256").update(bytes).digest("hex"),
    );
    let res: Response;
    try {
      res = await fetch(`${where.origin}${where.path}`, { method: "PUT", headers, body: bytes });
    } catch {
      throw unavailable("The file store cannot be reached; try again shortly.");
    }
    await expectOk(res, "PUT", key);
  }

  /** S3 has no rename: a server-side copy, then the source is deleted. */
  async move(from: string, to: string): Promise<boolean> {
    const source = `/${this.#config.bucket}/${encodeKeyPath(from)}`;
    const res = await this.#send("PUT", to, { "x-amz-copy-source": source });
    const text = await res.text();
    if (res.status === 404) return false;
    // A copy can fail after its 200 has been sent; the error is then in the body.
    if (!res.ok || /<Error>/.test(text)) {
      if (/<Code>NoSuchKey<\/Code>/.test(text)) return false;
      throw new Error(`S3 copy of ${from} to ${to} failed (${res.status}): ${text.slice(0, 300)}`);
    }
    await this.delete(from);
    return true;
  }

  async delete(key: string): Promise<void> {
    const res = await this.#send("DELETE", key);
    if (res.status === 404) return;
    await expectOk(res, "DELETE", key);
  }

  async #send(method: string, key: string, extra: Record<string, string> = {}): Promise<Response> {
    const where = this.#where(key);
    const headers = signRequest(this.#keys, { method, ...where, headers: extra, now: this.#clock.now() });
    try {
      return await fetch(`${where.origin}${where.path}`, { method, headers });
    } catch {
      throw unavailable("The file store cannot be reached; try again shortly.");
    }
  }
}

function secondsBetween(from: Date, to: Date): number {
  return Math.max(1, Math.round((to.getTime() - from.getTime()) / 1000));
}

async function expectOk(res: Response, method: string, key: string): Promise<void> {
  if (res.ok) return;
  if (res.status >= 500) throw unavailable("The file store is unavailable; try again shortly.");
  const text = method === "HEAD" ? "" : await res.text().catch(() => "");
  throw new Error(`S3 ${method} ${key} answered ${res.status}: ${text.slice(0, 300)}`);
}
