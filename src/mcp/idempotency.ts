import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import type { Core } from "../core.ts";
import { unitOfWork } from "../db/unit.ts";
import { DocketError } from "../errors.ts";
import { IDEMPOTENCY_WINDOW_MS } from "../http/v1/idempotency.ts";

/**
 * `idempotency_key` on an MCP tool call: the REST Idempotency-Key for clients that cannot set headers.
 * Keys live in the same table, belong to the same credential (an agent connection's id) and last the
 * same 24 hours. The first call with a key runs, and its result commits in one transaction with the key;
 * a retry with the same key and the same arguments gets that result again (`replay` may refresh it), the
 * same key with other arguments is refused (422 `idempotency_key_reused`), and a retry while the first
 * call still runs gets 409 `idempotency_key_in_use`. A call that fails keeps nothing: its retry runs.
 */

export const idempotencyKeyArg = z
  .string({ error: "must be a string" })
  .max(255, { error: "must be 1 to 255 visible ASCII characters" })
  .refine((k) => /^[\x21-\x7e]{1,255}$/.test(k), { error: "must be 1 to 255 visible ASCII characters" })
  .describe("A retry with the same key answers the first call.");

export async function onceByKey<T>(
  core: Core,
  tokenId: string,
  key: string,
  call: { tool: string; args: unknown },
  run: () => Promise<T>,
  replay: (first: T) => Promise<T>,
): Promise<T> {
  const fingerprint = createHash("sha256")
    .update(`mcp ${call.tool}\n${JSON.stringify(call.args ?? null)}`)
    .digest("hex");
  const now = core.clock.now();
  // a key older than the window is forgotten, so its next use runs afresh
  await core.db
    .deleteFrom("idempotency_keys")
    .where("token_id", "=", tokenId)
    .where("key", "=", key)
    .where("created_at", "<", new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString())
    .execute();
  return unitOfWork(core.db, async (tx) => {
    const inserted = await tx
      .insertInto("idempotency_keys")
      .values({
        token_id: tokenId,
        key,
        fingerprint,
        status: null,
        body: null,
        content_type: null,
        headers: null,
        owner: randomUUID(),
        lease_until: new Date(now.getTime() + core.config.idempotencyLeaseMs).toISOString(),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(["token_id", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      const row = await tx
        .selectFrom("idempotency_keys")
        .select(["fingerprint", "status", "body"])
        .where("token_id", "=", tokenId)
        .where("key", "=", key)
        .executeTakeFirst();
      if (row && row.fingerprint !== fingerprint) {
        throw new DocketError(
          422,
          "idempotency_key_reused",
          "This idempotency_key was already used with other arguments; use a new key for a new call.",
          { fields: { idempotency_key: "was used with other arguments" } },
        );
      }
      if (!row || row.status === null || row.body === null) {
        throw new DocketError(
          409,
          "idempotency_key_in_use",
          "A call with this idempotency_key is still being answered; retry in a moment.",
          { headers: { "retry-after": "1" } },
        );
      }
      return replay(JSON.parse(row.body) as T);
    }
    const result = await run();
    await tx
      .updateTable("idempotency_keys")
      .set({ status: 200, body: JSON.stringify(result), content_type: "application/json", headers: "{}" })
      .where("token_id", "=", tokenId)
      .where("key", "=", key)
      .execute();
    return result;
  });
}
