import { hash as digest } from "node:crypto";

/** An ETag for an answer: the object's version (for If-Match) and a hash of the bytes (for If-None-Match). */
export function etagOf(payload: string | Buffer, version: number | undefined): string {
  // one-shot: no Hash object per answer
  const hash = digest("sha1", payload, "base64url").slice(0, 16);
  return version === undefined ? `"${hash}"` : `"${version}-${hash}"`;
}
