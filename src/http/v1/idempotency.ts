import { createHash, randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Core } from "../../core.ts";
import type { Tx } from "../../db/store.ts";
import { isUniqueViolation } from "../../db/store.ts";
import { unitOfWork } from "../../db/unit.ts";
import { DocketError, invalid } from "../../errors.ts";
import { SecretBox } from "../../secret-box.ts";
import { etagOf } from "./etag.ts";

/** How long a key's first answer is kept for replays. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The headers of an answer that describe it and so come back with a replay. Date, rate-limit, request-id
 * and the like describe the exchange, not the answer, and are the replay's own.
 */
const KEPT_HEADERS = ["content-type", "etag", "location", "content-location", "link", "last-modified"];

/** A key this request holds: `owner` names the request, so only it may record the answer. */
interface HeldKey {
  key: string;
  owner: string;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotency?: HeldKey;
  }
}

function fingerprint(request: FastifyRequest): string {
  const body = typeof request.body === "string" ? request.body : JSON.stringify(request.body ?? null);
  return createHash("sha256").update(`${request.method} ${request.url}\n${body}`).digest("hex");
}

const inUse = () =>
  new DocketError(
    409,
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is still being answered; retry in a moment.",
    { headers: { "retry-after": "1" } },
  );

/**
 * `Idempotency-Key` on POST: the first request with a key runs and its answer is kept for 24 hours; a
 * retry with the same key and the same request gets that answer again, status, body and the headers
 * that describe it (`Idempotent-Replayed: true`); a different request with the same key is refused
 * (422), and a retry while the first still runs gets 409. Keys belong to the token that sent them.
 *
 * A request holds its key for a lease (`IDEMPOTENCY_LEASE_SECONDS`). Its change and its answer commit in
 * one transaction (see {@link runIdempotent}), so a key still pending once the lease has passed belongs
 * to a request that died before changing anything: the next retry takes the key over and runs.
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
  const leaseUntil = new Date(now.getTime() + core.config.idempotencyLeaseMs).toISOString();
  const owner = randomUUID();
  const db = core.db;
  for (let attempt = 0; attempt < 3; attempt++) {
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
        .where("created_at", "=", row.created_at)
        .execute();
      continue;
    }
    if (row) {
      if (row.fingerprint !== print) {
        throw new DocketError(
          422,
          "idempotency_key_reused",
          "This Idempotency-Key was already used with a different request; use a new key for a new request.",
        );
      }
      if (row.status === null) {
        const until = row.lease_until
          ? Date.parse(row.lease_until)
          : Date.parse(row.created_at) + core.config.idempotencyLeaseMs;
        if (until > now.getTime()) throw inUse();
        // The request that took the key died before its change committed: this one runs it instead.
        const taken = await db
          .updateTable("idempotency_keys")
          .set({ owner, lease_until: leaseUntil })
          .where("token_id", "=", tokenId)
          .where("key", "=", key)
          .where("status", "is", null)
          .where((eb) => (row.owner === null ? eb("owner", "is", null) : eb("owner", "=", row.owner)))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) {
          request.idempotency = { key, owner };
          return false;
        }
        continue; // another retry took it first, or the answer has just been recorded: read again
      }
      const headers = row.headers ? (JSON.parse(row.headers) as Record<string, string | string[]>) : {};
      reply.code(row.status);
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      if (headers["content-type"] === undefined) reply.type(row.content_type ?? JSON_TYPE);
      reply.header("idempotent-replayed", "true");
      // an answer that showed a secret once (a webhook's signing secret) was kept sealed
      const body =
        row.body && SecretBox.isSealed(row.body)
          ? core.secrets.open(row.body, answerPlace(tokenId, key))
          : (row.body ?? "");
      await reply.send(body);
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
          headers: null,
          owner,
          lease_until: leaseUntil,
          created_at: now.toISOString(),
        })
        .execute();
      request.idempotency = { key, owner };
      return false;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // another request took the key between our read and insert: read again
    }
  }
  throw inUse();
}

/** Where a sealed answer belongs: its token and key, so it opens nowhere else. */
const answerPlace = (tokenId: string, key: string) => `idempotency_keys.body:${tokenId}:${key}`;

/** The headers of the answer that a replay repeats. */
function keptHeaders(reply: FastifyReply): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === "string" || Array.isArray(value)) kept[name] = value;
    else if (typeof value === "number") kept[name] = String(value);
  }
  return kept;
}

/** Records the answer of the key `request` holds, in `db` (the answer's own transaction, when it has one). */
async function record(
  db: Core["db"] | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  seal?: SecretBox,
): Promise<boolean> {
  const held = request.idempotency!;
  const tokenId = request.principal!.tokenId;
  const headers = keptHeaders(reply);
  const contentType = headers["content-type"];
  const result = await db
    .updateTable("idempotency_keys")
    .set({
      status: reply.statusCode,
      body: seal ? seal.seal(body, answerPlace(tokenId, held.key)) : body,
      content_type: typeof contentType === "string" ? contentType : JSON_TYPE,
      headers: JSON.stringify(headers),
    })
    .where("token_id", "=", tokenId)
    .where("key", "=", held.key)
    .where("owner", "=", held.owner)
    .where("status", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Runs a keyed request's operation (`run`, which calls the tracker and sets status and headers) as one
 * unit of work: every write it makes and the key's answer commit in one transaction. A crash before that
 * commit leaves nothing changed and the key pending (run again once its lease passes); after it, the
 * retry gets the recorded answer. Without a key, `run` runs as it is.
 *
 * Returns what the route answers: for a keyed request, the serialized body. With `sealAnswer` (the
 * answer shows a secret once) the kept copy is sealed with the service's secret key.
 */
export async function runIdempotent(
  core: Core,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
  options: { sealAnswer?: boolean } = {},
): Promise<unknown> {
  if (!request.idempotency) return run();
  return unitOfWork(core.db, async (tx) => {
    const result = await run();
    if (reply.sent) return result;
    let body: string;
    if (typeof result === "string") body = result;
    else if (Buffer.isBuffer(result)) body = result.toString();
    else {
      body = JSON.stringify(result) ?? "";
      if (!reply.hasHeader("content-type")) reply.type(JSON_TYPE);
    }
    if (reply.statusCode < 300 && request.objectVersion !== undefined)
      reply.header("etag", etagOf(body, request.objectVersion));
    // Someone took the key over (this request outlived its lease): the change is undone, theirs stands.
    const seal = options.sealAnswer && reply.statusCode < 300 ? core.secrets : undefined;
    if (!(await record(tx, request, reply, body, seal))) {
      // the 409 shows no object: the ETag set for the answer that was not kept goes too
      reply.removeHeader("etag");
      throw inUse();
    }
    request.idempotency = undefined;
    return body;
  });
}

/**
 * Keeps an answer the operation's own transaction did not record: a refusal (4xx, which changed nothing)
 * is kept like any answer; a server failure frees the key for a retry.
 */
export async function finishIdempotent(
  core: Core,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const held = request.idempotency;
  if (!held) return;
  if (reply.statusCode >= 500 || (typeof payload !== "string" && !Buffer.isBuffer(payload))) {
    request.idempotency = undefined;
    await core.db
      .deleteFrom("idempotency_keys")
      .where("token_id", "=", request.principal!.tokenId)
      .where("key", "=", held.key)
      .where("owner", "=", held.owner)
      .where("status", "is", null)
      .execute();
    return;
  }
  await record(core.db, request, reply, payload.toString());
  request.idempotency = undefined;
}
