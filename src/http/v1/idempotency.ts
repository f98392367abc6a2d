import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Core } from "../../core.ts";
import { isUniqueViolation } from "../../db/store.ts";
import { DocketError, invalid } from "../../errors.ts";

/** How long a key's first answer is kept for replays. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;

declare module "fastify" {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

function fingerprint(request: FastifyRequest): string {
  const body = typeof request.body === "string" ? request.body : JSON.stringify(request.body ?? null);
  return createHash("sha256").update(`${request.method} ${request.url}\n${body}`).digest("hex");
}

/**
 * `Idempotency-Key` on POST: the first request with a key runs and its answer is kept for 24 hours; a
 * retry with the same key and the same request gets that answer again (`Idempotent-Replayed: true`),
 * a different request with the same key is refused (422), and a retry while the first still runs
 * gets 409. Keys belong to the token that sent them.
 *
 * Returns true when the answer has been sent from the store.
 */
export async function beginIdempotent(
  core: Core,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const header = request.headers["idempotency-key"];
  if (request.method !== "POST" || header === undefined) return false;
  const key = Array.isArray(header) ? undefined : header.trim();
  if (!key || !KEY.test(key)) {
    throw invalid("Idempotency-Key must be 1 to 255 visible ASCII characters.", {
      "Idempotency-Key": "must be 1 to 255 visible ASCII characters",
    });
  }
  const tokenId = request.principal!.tokenId;
  const print = fingerprint(request);
  const now = core.clock.now();
  const db = core.db;
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("token_id", "=", tokenId)
      .where("key", "=", key)
      .executeTakeFirst();
    if (row && now.getTime() - Date.parse(row.created_at) > IDEMPOTENCY_WINDOW_MS) {
      await db
        .deleteFrom("idempotency_keys")
        .where("token_id", "=", tokenId)
        .where("key", "=", key)
        .execute();
    } else if (row) {
      if (row.fingerprint !== print) {
        throw new DocketError(
          422,
          "idempotency_key_reused",
          "This Idempotency-Key was already used with a different request; use a new key for a new request.",
        );
      }
      if (row.status === null) {
        throw new DocketError(
          409,
          "idempotency_key_in_use",
          "A request with this Idempotency-Key is still being answered; retry in a moment.",
          { headers: { "retry-after": "1" } },
        );
      }
      reply
        .code(row.status)
        .header("idempotent-replayed", "true")
        .type(row.content_type ?? "application/json; charset=utf-8");
      await reply.send(row.body ?? "");
      return true;
    }
    try {
      await db
        .insertInto("idempotency_keys")
        .values({
          token_id: tokenId,
          key,
          fingerprint: print,
          status: null,
          body: null,
          content_type: null,
          created_at: now.toISOString(),
        })
        .execute();
      request.idempotencyKey = key;
      return false;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // another request took the key between our read and insert: read again
    }
  }
  throw new DocketError(
    409,
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is still being answered.",
  );
}

/** Keeps the answer of a keyed request (anything but a server failure, which frees the key for a retry). */
export async function finishIdempotent(
  core: Core,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const key = request.idempotencyKey;
  if (!key) return;
  request.idempotencyKey = undefined;
  const tokenId = request.principal!.tokenId;
  const where = core.db
    .updateTable("idempotency_keys")
    .where("token_id", "=", tokenId)
    .where("key", "=", key);
  if (reply.statusCode >= 500 || (typeof payload !== "string" && !Buffer.isBuffer(payload))) {
    await core.db
      .deleteFrom("idempotency_keys")
      .where("token_id", "=", tokenId)
      .where("key", "=", key)
      .execute();
    return;
  }
  const contentType = reply.getHeader("content-type");
  await where
    .set({
      status: reply.statusCode,
      body: payload.toString(),
      content_type: typeof contentType === "string" ? contentType : "application/json; charset=utf-8",
    })
    .execute();
}
