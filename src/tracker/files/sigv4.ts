import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for S3, with node:crypto: presigned URLs (the signature in the query) and
 * signed requests (the signature in the Authorization header). Written here rather than taken from a
 * library because presigned uploads must sign `content-type` and `content-length`, which the small
 * signing libraries leave out, so that the store itself refuses another type or size.
 */
export interface SigningKeys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** What is signed: the method, where (origin plus the path as already encoded), the query and headers. */
export interface SignableRequest {
  method: string;
  /** scheme, host and port, e.g. `https://bucket.s3.amazonaws.com` */
  origin: string;
  /** the path, each segment encoded with `encodeKeyPath`, e.g. `/bucket/ws_1/upl_2` */
  path: string;
  query?: Record<string, string>;
  /** lower-case names; `host` is added from the origin */
  headers?: Record<string, string>;
  now: Date;
}

export const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const ALGORITHM = "AWS4-HMAC-SHA256";
const SERVICE = "s3";

/** RFC 3986 encoding: everything but A-Z a-z 0-9 - . _ ~ is percent-encoded. */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An object key as an S3 path: each segment encoded once, the slashes between them kept. */
export function encodeKeyPath(key: string): string {
  return key.split("/").map(encodeRfc3986).join("/");
}

/** `2013-05-24T00:00:00.000Z` → `20130524T000000Z` */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256Hex = (data: string) => createHash("sha256").update(data).digest("hex");

function canonicalQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

function canonicalHeaders(headers: Record<string, string>): { block: string; names: string } {
  const entries = Object.entries(headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, " ")] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    block: entries.map(([k, v]) => `${k}:${v}\n`).join(""),
    names: entries.map(([k]) => k).join(";"),
  };
}

function signature(keys: SigningKeys, now: Date, canonicalRequest: string): string {
  const day = amzDate(now).slice(0, 8);
  const scope = `${day}/${keys.region}/${SERVICE}/aws4_request`;
  const toSign = [ALGORITHM, amzDate(now), scope, sha256Hex(canonicalRequest)].join("\n");
  const kDate = hmac(`AWS4${keys.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, keys.region), SERVICE), "aws4_request");
  return hmac(kSigning, toSign).toString("hex");
}

const credential = (keys: SigningKeys, now: Date) =>
  `${keys.accessKeyId}/${amzDate(now).slice(0, 8)}/${keys.region}/${SERVICE}/aws4_request`;

/**
 * A presigned URL valid for `expiresSeconds` (1 to 604,800) from `now`. Every header given is signed,
 * so the client must send exactly those values; the body is not (UNSIGNED-PAYLOAD).
 */
export function presignUrl(keys: SigningKeys, request: SignableRequest, expiresSeconds: number): string {
  const host = new URL(request.origin).host;
  const headers = canonicalHeaders({ ...request.headers, host });
  const query: Record<string, string> = {
    ...request.query,
    "X-Amz-Algorithm": ALGORITHM,
    "X-Amz-Credential": credential(keys, request.now),
    "X-Amz-Date": amzDate(request.now),
    "X-Amz-Expires": String(Math.max(1, Math.min(604_800, Math.floor(expiresSeconds)))),
    "X-Amz-SignedHeaders": headers.names,
  };
  const canonical = [
    request.method,
    request.path,
    canonicalQuery(query),
    headers.block,
    headers.names,
    UNSIGNED_PAYLOAD,
  ].join("\n");
  const signed = `${canonicalQuery(query)}&X-Amz-Signature=${signature(keys, request.now, canonical)}`;
  return `${request.origin}${request.path}?${signed}`;
}

/**
 * The headers that sign a request (`authorization`, `x-amz-date`, `x-amz-content-sha256`) plus the ones
 * given; `payloadHash` is the body's SHA-256 in hex, EMPTY_SHA256 for none or UNSIGNED_PAYLOAD.
 */
export function signRequest(
  keys: SigningKeys,
  request: SignableRequest,
  payloadHash: string = EMPTY_SHA256,
): Record<string, string> {
  const host = new URL(request.origin).host;
  const sent: Record<string, string> = {
    ...request.headers,
    "x-amz-date": amzDate(request.now),
    "x-amz-content-sha256": payloadHash,
  };
  const headers = canonicalHeaders({ ...sent, host });
  const canonical = [
    request.method,
    request.path,
    canonicalQuery(request.query ?? {}),
    headers.block,
    headers.names,
    payloadHash,
  ].join("\n");
  const sig = signature(keys, request.now, canonical);
  return {
    ...sent,
    authorization: `${ALGORITHM} Credential=${credential(keys, request.now)}, SignedHeaders=${headers.names}, Signature=${sig}`,
  };
}
