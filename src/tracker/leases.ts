import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { Core } from "../core.ts";
import type { Database, IssuesTable as IssueRow } from "../db/schema.ts";
import { DocketError } from "../errors.ts";
import { recordActivity } from "./activity.ts";
import type { Ctx } from "./context.ts";

/**
 * How a claim ends and what other writes check of it: kept apart from claims.ts (which reads issues) so
 * issue, dependency and connection writes can call it without an import cycle.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A fencing token as a write sends it in the `Docket-Fencing-Token` header: a whole number from 1,
 * written in plain decimal digits. Nothing else is read as one (` 1`, `0x1`, `1e3`, `+1`, `01`, `1.0`
 * are refused), so a client's mistake is not taken for another token.
 */
export const fencingToken = z
  .string({ error: "must be a fencing token (a whole number)" })
  .regex(/^[1-9][0-9]*$/, { error: "must be a fencing token (a whole number from 1, in digits only)" })
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, { error: "is not a fencing token this service gave out" }))
  .describe(
    "The fencing token of your claim on the issue: the write is refused (409 lease_lost) if a later claim superseded it.",
  );

export const leaseLost = (description: string) => new DocketError(409, "lease_lost", description);

/**
 * Ends a claim (once: a claim already ended is left alone) and, when it is still the issue's live claim,
 * frees the issue: back to `todo` and unassigned, unless its holder changed its status or assignee since.
 * `reason`: `released`, `expired`, `revoked` (the holder's connection ended), `completed`, `canceled`.
 * Records `claim.expired` for an expiry, `claim.released` otherwise. Returns whether it ended it.
 */
export async function endClaim(
  ctx: Ctx,
  trx: Transaction<Database>,
  claimId: string,
  reason: string,
  now: string,
  touchIssue = reason !== "completed" && reason !== "canceled",
): Promise<boolean> {
  let end = trx
    .updateTable("claims")
    .set({ ended_at: now, end_reason: reason })
    .where("id", "=", claimId)
    .where("ended_at", "is", null);
  // an expiry only ends a claim that still ran out (a heartbeat may have come in meanwhile)
  if (reason === "expired") end = end.where("expires_at", "<=", now);
  const ended = await end.returningAll().executeTakeFirst();
  if (!ended) return false;
  if (touchIssue) {
    let read = trx.selectFrom("issues").selectAll().where("id", "=", ended.issue_id);
    if (ctx.core.store.kind === "postgres") read = read.forUpdate();
    const issue = await read.executeTakeFirst();
    if (issue && issue.claim_id === claimId) {
      const backToTodo = issue.status === "in_progress";
      const unassign = issue.assignee_id === ended.holder_id;
      const freed = await trx
        .updateTable("issues")
        .set((eb) => ({
          claim_id: null,
          claim_expires_at: null,
          ...(backToTodo ? { status: "todo" as const } : {}),
          ...(unassign ? { assignee_id: null } : {}),
          ...(backToTodo || unassign
            ? {
                version: eb("version", "+", 1),
                updated_by: ctx.actor.personId,
                updated_via: ctx.actor.via,
                updated_at: now,
              }
            : {}),
        }))
        .where("id", "=", issue.id)
        .where("claim_id", "=", claimId)
        .executeTakeFirst();
      if (Number(freed.numUpdatedRows) > 0 && (backToTodo || unassign)) {
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        if (backToTodo) changes.status = { from: "in_progress", to: "todo" };
        if (unassign) changes.assignee = { from: ended.holder_id, to: null };
        await recordActivity(trx, ctx, { type: "issue", id: issue.id }, "updated", changes, now);
      }
    }
  }
  await recordActivity(
    trx,
    ctx,
    { type: "claim", id: claimId },
    reason === "expired" ? "expired" : "released",
    reason === "expired"
      ? { expires_at: { from: ended.expires_at, to: ended.expires_at } }
      : { reason: { from: null, to: reason } },
    now,
  );
  return true;
}

// ---------------------------------------------------------------------------------------------------
// What other writes call

/**
 * A write to an issue that sends a fencing token: refused with 409 `lease_lost` (changing nothing) when
 * a later claim superseded it. Run inside the write's transaction, after the issue row is read in it;
 * on PostgreSQL the row is locked so no claim can slip in before the write commits.
 */
export async function checkFence(
  ctx: Ctx,
  trx: Transaction<Database>,
  issueId: string,
  token: number | undefined,
): Promise<void> {
  if (token === undefined) return;
  let q = trx
    .selectFrom("issues")
    .select(["identifier", "fencing_token", "claim_id"])
    .where("id", "=", issueId);
  if (ctx.core.store.kind === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return;
  fenceOk(row, token);
}

/** The fencing check on a row already read in the write's transaction. */
export function fenceOk(
  row: Pick<IssueRow, "identifier" | "fencing_token">,
  token: number | undefined,
): void {
  if (token === undefined) return;
  const current = Number(row.fencing_token);
  if (token < current) {
    throw leaseLost(
      `${row.identifier} was claimed again (fencing token ${current} supersedes your ${token}); your lease is lost and nothing changed.`,
    );
  }
  if (token > current) {
    throw leaseLost(`${row.identifier} never had a claim with fencing token ${token}; nothing changed.`);
  }
}

/** Closing an issue (done or canceled) ends its claim; run in the closing write's transaction. */
export async function endClaimOnClose(
  ctx: Ctx,
  trx: Transaction<Database>,
  issue: Pick<IssueRow, "claim_id">,
  status: "done" | "canceled",
): Promise<void> {
  if (!issue.claim_id) return;
  const now = ctx.core.clock.now().toISOString();
  await endClaim(ctx, trx, issue.claim_id, status === "done" ? "completed" : "canceled", now);
}

/** The issue row's claim columns a closing write clears. */
export const CLEARED_CLAIM = { claim_id: null, claim_expires_at: null } as const;

/**
 * Ends every live claim of a holder (an agent connection that was revoked), freeing its issues; in the
 * revoking transaction. Returns how many ended.
 */
export async function releaseClaimsOf(
  core: Core,
  holderId: string,
  reason: string,
  db: Db = core.db,
): Promise<number> {
  const rows = await db
    .selectFrom("claims")
    .select(["id", "workspace_id", "person_id", "via"])
    .where("holder_id", "=", holderId)
    .where("ended_at", "is", null)
    .execute();
  let ended = 0;
  const now = core.clock.now().toISOString();
  const run = async (trx: Transaction<Database>) => {
    for (const r of rows) {
      const ctx: Ctx = { core, workspaceId: r.workspace_id, actor: { personId: r.person_id, via: r.via } };
      if (await endClaim(ctx, trx, r.id, reason, now)) ended++;
    }
  };
  if (rows.length === 0) return 0;
  if (db.isTransaction) await run(db as Transaction<Database>);
  else await db.transaction().execute(run);
  return ended;
}

/**
 * Ends the claims whose lease ran out (housekeeping calls this; the next claim of such an issue ends it
 * too): each issue goes back to ready work and `claim.expired` is recorded. Returns how many ended.
 */
export async function expireClaims(core: Core, limit = 500): Promise<number> {
  const now = core.clock.now().toISOString();
  const rows = await core.db
    .selectFrom("claims")
    .select(["id", "workspace_id", "person_id", "via"])
    .where("ended_at", "is", null)
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(limit)
    .execute();
  let ended = 0;
  for (const r of rows) {
    const ctx: Ctx = { core, workspaceId: r.workspace_id, actor: { personId: r.person_id, via: r.via } };
    await core.db.transaction().execute(async (trx) => {
      if (await endClaim(ctx, trx, r.id, "expired", now)) ended++;
    });
  }
  return ended;
}
