import type { Readable } from "node:stream";
import type { Core } from "../../core.ts";
import { LocalFileStore } from "./local.ts";
import { S3FileStore } from "./s3.ts";

/** Where a client sends an upload's bytes: a signed URL and the headers it must send with them. */
export interface PutTarget {
  url: string;
  headers: Record<string, string>;
}

/**
 * Where files' bytes live. The service never carries uploads through /v1: it hands out signed URLs
 * (PUT for an upload, GET for a download) that the store itself honours, and reads an object back only
 * to check its SHA-256 when it is registered. Keys are `uploads/<workspace id>/<upload id>` for bytes
 * not registered yet (an S3 lifecycle rule on `uploads/` can sweep abandoned ones) and
 * `files/<workspace id>/<file id>` for registered files.
 */
export interface FileStore {
  readonly kind: "local" | "s3";
  /** A URL that takes exactly `size` bytes of type `contentType` for `key` until `expiresAt`. */
  presignPut(
    key: string,
    options: { contentType: string; size: number; now: Date; expiresAt: Date },
  ): Promise<PutTarget>;
  /** A URL that serves `key` as an attachment called `name` until `expiresAt`. */
  presignGet(
    key: string,
    options: { name: string; contentType: string; now: Date; expiresAt: Date },
  ): Promise<string>;
  /** The object's size, or undefined when there is none. */
  head(key: string): Promise<{ size: number } | undefined>;
  /** The object's bytes, as a stream. */
  read(key: string): Promise<Readable>;
  /**
   * Writes exactly `size` bytes from `body` at `key` (restoring an archive); the object appears only
   * when all of them arrived.
   */
  write(key: string, body: AsyncIterable<Buffer>, size: number): Promise<void>;
  /** Moves an object to a new key; false when there was nothing at `from`. */
  move(from: string, to: string): Promise<boolean>;
  /** Deletes an object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

const stores = new WeakMap<Core, FileStore>();

/** The core's file store, made on first use from `config.files.store`. */
export function fileStore(core: Core): FileStore {
  let store = stores.get(core);
  if (!store) {
    const config = core.config.files.store;
    store = config.kind === "s3" ? new S3FileStore(config, core.clock) : new LocalFileStore(core, config.dir);
    stores.set(core, store);
  }
  return store;
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(
  `^(${TOKEN})/(${TOKEN})((?:\\s*;\\s*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\u0000-\\u001f\\u007f]*"))*)\\s*$`,
);
const PARAMETER = new RegExp(`;\\s*(${TOKEN})=(${TOKEN}|"[^"]*")`, "g");

/**
 * A media type (`type/subtype`, optionally with parameters) in one spelling: type, subtype and parameter
 * names in lower case, parameters as `; name=value`. Undefined when the text is not one, or is a
 * wildcard such as `image/*`.
 */
export function normalizeMediaType(text: string): string | undefined {
  const m = MEDIA_TYPE.exec(text.trim());
  if (!m || m[1] === "*" || m[2] === "*") return undefined;
  const params = [...(m[3] ?? "").matchAll(PARAMETER)].map(([, k, v]) => `; ${k!.toLowerCase()}=${v}`);
  return `${m[1]!.toLowerCase()}/${m[2]!.toLowerCase()}${params.join("")}`;
}

/**
 * `Content-Disposition: attachment` with the name twice: a plain-ASCII fallback and the exact name in
 * RFC 5987 form, so every browser saves the file rather than showing it.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )}`;
}
