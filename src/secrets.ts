import { hash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `length` characters drawn uniformly from base62 (no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function toBase62(n: number, width: number): string {
  let out = "";
  let v = n;
  for (let i = 0; i < width; i++) {
    out = BASE62[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

/** Six-character checksum of a token body, so scanners can tell a real token from a look-alike. */
export function checksum(body: string): string {
  return toBase62(crc32(body), 6);
}

/** SHA-256 in hex: how every secret is stored. Secrets are high-entropy, so no slow hash is needed. */
export function hashSecret(secret: string): string {
  // one-shot: no Hash object per call (every authenticated request hashes its token)
  return hash("sha256", secret, "hex");
}

let lastTime = -1;
let lastRandom: number[] = [];

/**
 * A ULID: 48-bit time then 80 random bits, 26 Crockford base32 characters, sortable by time. Within
 * one millisecond (or when the clock stands still or steps back) the random part counts up instead,
 * so ids made one after another by this process sort in the order they were made.
 */
export function ulid(now: Date = new Date()): string {
  let ms = now.getTime();
  if (ms <= lastTime) {
    ms = lastTime;
    let i = lastRandom.length - 1;
    while (i >= 0 && lastRandom[i] === 31) lastRandom[i--] = 0;
    if (i >= 0) lastRandom[i]! += 1;
  } else {
    lastTime = ms;
    lastRandom = Array.from(randomBytes(16), (b) => b % 32);
  }
  let time = ms;
  let head = "";
  for (let i = 0; i < 10; i++) {
    head = CROCKFORD[time % 32] + head;
    time = Math.floor(time / 32);
  }
  return head + lastRandom.map((d) => CROCKFORD[d]).join("");
}

/** An object id such as `ws_01J…`: a type prefix then a ULID. */
export function newId(prefix: string, now?: Date): string {
  return `${prefix}_${ulid(now)}`;
}
