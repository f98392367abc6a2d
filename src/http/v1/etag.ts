import { createHash } from "node:crypto";

/** An ETag for an answer: the object's version (for If-Match) and a hash of the bytes (for If-None-Match). */
export function etagOf(payload: string | Buffer, version: number | undefined): string {
  const hash = createHash("sha1").update(payload).digest("base64url").slice(0, 16);
  return version === undefined ? `"${hash}"` : `"${version}-${hash}"`;
}
