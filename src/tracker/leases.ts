import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { Core } from "../core.ts";
import type { Database, IssuesTable as IssueRow } from "../db/schema.ts";
import { DocketError, invalid } from "../errors.ts";
import { recordActivity } from "./activity.ts";
import type { Ctx } from "./context.ts";
import { endSessionOfClaim, sessionStopped } from "./session-state.ts";

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

/** Who holds a claim, as error bodies show it: an agent connection (for its person) or a person. */
export type ClaimHolder =
  | { type: "agent"; id: string; name: string; for: { person_id: string; name: string } }
  | { type: "person"; id: string; name: string; email: string };

export const holderText = (h: ClaimHolder) =>
  h.type === "agent" ? `${h.name} (for ${h.for.name})` : h.name || h.email;

/** The holder of a claim by its id (`con_…` or a person's id). */
export async function claimHolder(db: Db, holderId: string): Promise<ClaimHolder> {
  if (holderId.startsWith("con_")) {
    const r = await db
      .selectFrom("connections as c")
      .innerJoin("people as p", "p.id", "c.person_id")
      .select(["c.id", "c.name", "c.person_id", "p.name as person_name"])
      .where("c.id", "=", holderId)
      .executeTakeFirst();
    if (r)
      return { type: "agent", id: r.id, name: r.name, for: { person_id: r.person_id, name: r.person_name } };
  } else {
    const r = await db
      .selectFrom("people")
      .select(["id", "name", "email"])
      .where("id", "=", holderId)
      .executeTakeFirst();
    if (r) return { type: "person", id: r.id, name: r.name, email: r.email };
  }
  return { type: "person", id: holderId, name: "", email: "unknown@invalid" };
}

/**
 * 409 `claimed`: a write to an issue another connection holds. The body names the holder and the expiry
 * (`holder`, `expires_at`, and `claim` with its id) so a client can wait, or pick other work.
 */
export const claimedError = (
  identifier: string,
  claim: { id: string; holder: ClaimHolder; expires_at: string },
) =>
  new DocketError(
    409,
    "claimed",
    `${identifier} is claimed by ${holderText(claim.holder)} until ${claim.expires_at}; only that connection may change it. Pick other work (claim the next issue), or ask a person to take it over.`,
    { body: { holder: claim.holder, expires_at: claim.expires_at, claim } },
  );

/** Whether the caller acts as a person (web app, personal access token, operator), not an agent. */
export const actsAsPerson = (ctx: Ctx) => !ctx.actor.via.startsWith("con_");

/** The holder the caller would be: its agent connection, or else its person. */
const callerHolder = (ctx: Ctx) => (actsAsPerson(ctx) ? ctx.actor.personId : ctx.actor.via);

/** Why a claim ended (`claims.end_reason`, and `reason` of `claim.released`). */
export const END_REASONS = [
  "released",
  "expired",
  "revoked",
  "completed",
  "canceled",
  "taken_over_by_person",
  "stopped",
] as const;
export type EndReason = (typeof END_REASONS)[number] | (string & {});

/**
 * Ends a claim (once: a claim already ended is left alone) and, when it is still the issue's live claim,
 * frees the issue: it gets back the status and assignee it had before the claim, unless its holder
 * changed them since (an issue its holder moved to in_review stays there, with its assignee). Claims made before these were
 * kept go back to `todo`, unassigned.
 * `reason`: `released`, `expired`, `revoked` (the holder's connection ended), `completed`, `canceled`,
 * `taken_over_by_person` (a person changed the issue; the issue keeps their change), `stopped` (a person
 * stopped the run under it, and the run ended).
 * Records `claim.expired` for an expiry, `claim.released` otherwise; the live run under the claim, if
 * any, ends with it (session-state.ts). Returns whether it ended it.
 */
export async function endClaim(
  ctx: Ctx,
  trx: Transaction<Database>,
  claimId: string,
  reason: EndReason,
  now: string,
  touchIssue = reason !== "completed" && reason !== "canceled" && reason !== "taken_over_by_person",
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
      const priorStatus = ended.prior_status ?? "todo";
      const priorAssignee = ended.prior_status === null ? null : ended.prior_assignee_id;
      // an issue its holder moved on (to in_review, say) keeps its status and assignee
      const asClaimed = issue.status === "in_progress";
      const backToTodo = asClaimed && priorStatus !== "in_progress";
      const unassign =
        asClaimed && issue.assignee_id === ended.holder_id && priorAssignee !== ended.holder_id;
      const freed = await trx
        .updateTable("issues")
        .set((eb) => ({
          claim_id: null,
          claim_expires_at: null,
          ...(backToTodo ? { status: priorStatus } : {}),
          ...(unassign ? { assignee_id: priorAssignee } : {}),
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
        if (backToTodo) changes.status = { from: "in_progress", to: priorStatus };
        if (unassign) changes.assignee = { from: ended.holder_id, to: priorAssignee };
        await recordActivity(trx, ctx, { type: "issue", id: issue.id }, "updated", changes, now);
      }
    }
  }
  await endSessionOfClaim(trx, ctx, claimId, reason, now);
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

type GuardedRow = Pick<IssueRow, "id" | "identifier" | "fencing_token" | "claim_id" | "claim_expires_at">;

/**
 * What a claim allows of a write to its issue, checked in the write's transaction:
 * - a fencing token that a later claim superseded: 409 `lease_lost`; one never given out: 400;
 * - no live claim, or the caller holds it (its own writes need no token): the write goes ahead, unless a
 *   person stopped the run under the claim (409 `session_stopped`, through the credential that claimed);
 * - a person (web app, personal access token) may always act: with `takeOver` their write ends the
 *   claim (returned here: the write clears the issue's claim columns and calls {@link endTakenOver});
 *   without it (a comment, a dependency) the claim stays;
 * - anyone else (another agent connection, even one of the same person): 409 `claimed`, naming the
 *   holder and the expiry, changing nothing.
 * Returns the id of the claim a person's write takes over, if any.
 */
export async function guardClaimedWrite(
  ctx: Ctx,
  db: Db,
  row: GuardedRow,
  token: number | undefined,
  takeOver: boolean,
): Promise<string | undefined> {
  fenceOk(row, token);
  const now = ctx.core.clock.now().toISOString();
  if (row.claim_id === null || row.claim_expires_at === null || row.claim_expires_at <= now) return undefined;
  const claim = await db
    .selectFrom("claims")
    .select(["id", "holder_id", "expires_at", "via", "stopped_at"])
    .where("id", "=", row.claim_id)
    .executeTakeFirst();
  if (!claim) return undefined;
  if (claim.holder_id === callerHolder(ctx)) {
    // a person stopped the run under this claim: its holder's writes are refused from then on (the
    // person's own writes through another credential are not the run's)
    if (claim.stopped_at !== null && claim.via === ctx.actor.via) {
      const run = await db
        .selectFrom("agent_sessions")
        .select(["id", "stop_requested_at"])
        .where("claim_id", "=", claim.id)
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      throw sessionStopped(run ?? { id: "(none)", stop_requested_at: claim.stopped_at }, row.identifier);
    }
    return undefined;
  }
  // a code host integration moves a claimed issue along (a pull request opened, merged) without taking
  // it from the agent or person holding it
  if (ctx.actor.via.startsWith("int_")) return undefined;
  if (actsAsPerson(ctx)) return takeOver ? claim.id : undefined;
  throw claimedError(row.identifier, {
    id: claim.id,
    holder: await claimHolder(db, claim.holder_id),
    expires_at: row.claim_expires_at,
  });
}

/** Ends a claim a person's write took over (the write has cleared the issue's claim columns). */
export async function endTakenOver(ctx: Ctx, trx: Transaction<Database>, claimId: string): Promise<void> {
  await endClaim(ctx, trx, claimId, "taken_over_by_person", ctx.core.clock.now().toISOString(), false);
}

/**
 * {@link guardClaimedWrite} for a write that touches an issue by its id without changing its fields (a
 * comment on it, a dependency of it): reads the row in the write's transaction (locked on PostgreSQL,
 * so no claim can slip in before the write commits). A person's such write leaves the claim alone.
 */
export async function checkFence(
  ctx: Ctx,
  trx: Transaction<Database>,
  issueId: string,
  token: number | undefined,
): Promise<void> {
  let q = trx
    .selectFrom("issues")
    .select(["id", "identifier", "fencing_token", "claim_id", "claim_expires_at"])
    .where("id", "=", issueId);
  if (ctx.core.store.kind === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return;
  await guardClaimedWrite(ctx, trx, row, token, false);
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
    // a number the client got wrong, not a lost lease: 400, without `fields` (it may come in a header)
    throw invalid(
      `The fencing token ${token} was never given out for ${row.identifier} (its latest is ${current}); send your claim's fencing_token, or none.`,
    );
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
