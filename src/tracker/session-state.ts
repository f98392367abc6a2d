import type { Kysely, Selectable, Transaction } from "kysely";
import type { AgentSessionsTable, ClaimsTable, Database, SessionStatus } from "../db/schema.ts";
import { DocketError } from "../errors.ts";
import { newId } from "../secrets.ts";
import { CLOSED_STATUSES } from "./common.ts";
import type { Ctx } from "./context.ts";
import { type EmitInput, emitEvent } from "./events.ts";
import { excerptOf, notify } from "./inbox.ts";

/**
 * What other tracker modules need of agent runs (sessions), kept apart from sessions.ts so that leases.ts
 * (a claim that ends ends its run), claims.ts (a claim adopts or starts a run), issues.ts (assigning an
 * issue to an agent delegates it) and budgets.ts (a spent budget stops runs) can call it without an
 * import cycle: this module imports none of them.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type SessionRow = Selectable<AgentSessionsTable>;
type ClaimRow = Selectable<ClaimsTable>;

export const SESSION_STATUSES = [
  "pending",
  "active",
  "awaiting_input",
  "stopping",
  "stale",
  "stopped",
  "complete",
  "error",
] as const satisfies readonly SessionStatus[];
/** A live run has not ended (`ended_at` is null). */
export const LIVE_STATUSES = ["pending", "active", "awaiting_input", "stopping", "stale"] as const;
export const ENDED_STATUSES = ["stopped", "complete", "error"] as const;

/** How long a stopping run has for its last word before the service ends it and releases its claim. */
export const STOP_GRACE_MS = 60_000;
/** No activity this long after its creation makes a live run `unresponsive` (shown, not a status). */
export const UNRESPONSIVE_MS = 10_000;

/**
 * The agent the caller is: its connection (`con_…`) or, for a scripted agent, its personal access token
 * (`pat_…`); null for a person in the web app or the operator's tool.
 */
export function agentOf(ctx: Ctx): string | null {
  const via = ctx.actor.via;
  return via.startsWith("con_") || via.startsWith("pat_") ? via : null;
}

// ---------------------------------------------------------------------------------------------------
// Errors

/** 409 `session_stopped`: a person stopped the run; the agent's writes under it change nothing. */
export const sessionStopped = (session: Pick<SessionRow, "id" | "stop_requested_at">, identifier: string) =>
  new DocketError(
    409,
    "session_stopped",
    `A person stopped your run ${session.id} on ${identifier}${session.stop_requested_at ? ` at ${session.stop_requested_at}` : ""}; your writes under it are refused and nothing changed. End it now: post your final response or error activity (POST /v1/sessions/${session.id}/activities), or PATCH it with status complete or error; else the service ends it within 60 seconds and releases the claim.`,
    { body: { session: session.id } },
  );

/** 409 `session_active`: the issue has a live run already (one per issue). */
export const sessionActive = (session: Pick<SessionRow, "id" | "status" | "agent_id">, identifier: string) =>
  new DocketError(
    409,
    "session_active",
    `${identifier} has a live run already (${session.id}, ${session.status}, agent ${session.agent_id}); one live run per issue. Wait for it to end, or ask a person to stop it.`,
    { body: { session: session.id } },
  );

// ---------------------------------------------------------------------------------------------------
// Reading

export async function liveSessionOfIssue(db: Db, issueId: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom("agent_sessions")
    .selectAll()
    .where("issue_id", "=", issueId)
    .where("ended_at", "is", null)
    .executeTakeFirst();
}

export async function liveSessionOfClaim(db: Db, claimId: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom("agent_sessions")
    .selectAll()
    .where("claim_id", "=", claimId)
    .where("ended_at", "is", null)
    .executeTakeFirst();
}

/** The agent's name: its connection's, or its token's; the id when neither is found. */
export async function agentName(db: Db, agentId: string): Promise<string> {
  const row = agentId.startsWith("con_")
    ? await db.selectFrom("connections").select("name").where("id", "=", agentId).executeTakeFirst()
    : await db
        .selectFrom("personal_access_tokens")
        .select("name")
        .where("id", "=", agentId)
        .executeTakeFirst();
  return row?.name ?? agentId;
}

async function issueOf(db: Db, issueId: string) {
  return db
    .selectFrom("issues")
    .select(["id", "identifier", "title", "status"])
    .where("id", "=", issueId)
    .executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------------
// Writing

/** A `session.*` event's kind. */
type SessionEventType =
  | "session.created"
  | "session.updated"
  | "session.stop_requested"
  | "session.ended"
  | "session.activity";

/** A `session.*` event for the run, with what a reader needs to decide whether to read it. */
export function sessionEventInput(
  type: SessionEventType,
  row: Pick<SessionRow, "id" | "issue_id" | "agent_id" | "person_id" | "status" | "status_reason">,
  data: Record<string, unknown> = {},
  at?: string,
): EmitInput {
  return {
    type,
    object: { type: "session", id: row.id },
    data: {
      issue_id: row.issue_id,
      agent_id: row.agent_id,
      person_id: row.person_id,
      status: row.status,
      status_reason: row.status_reason,
      ...data,
    },
    ...(at ? { at } : {}),
  };
}

/** Writes one `session.*` event for the run (sessionEventInput). */
export async function sessionEvent(
  trx: Transaction<Database>,
  ctx: Ctx,
  type: SessionEventType,
  row: Pick<SessionRow, "id" | "issue_id" | "agent_id" | "person_id" | "status" | "status_reason">,
  data: Record<string, unknown> = {},
  at?: string,
): Promise<void> {
  await emitEvent(trx, ctx, sessionEventInput(type, row, data, at));
}

/** A new run's row; `claim_id` null while it waits (`pending`). */
export async function insertSession(
  trx: Transaction<Database>,
  ctx: Ctx,
  fields: {
    issue: { id: string; space_id: string };
    claimId: string | null;
    agentId: string;
    personId: string;
    startedBy: string;
    status: "pending" | "active";
    now: string;
  },
): Promise<SessionRow> {
  const row: SessionRow = {
    id: newId("ses", new Date(fields.now)),
    workspace_id: ctx.workspaceId,
    space_id: fields.issue.space_id,
    issue_id: fields.issue.id,
    claim_id: fields.claimId,
    agent_id: fields.agentId,
    person_id: fields.personId,
    started_by: fields.startedBy,
    status: fields.status,
    status_reason: null,
    plan: "[]",
    summary: "",
    artifacts: "[]",
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    cost_micros: 0,
    activity_count: 0,
    next_position: 1,
    last_activity_at: null,
    stop_requested_at: null,
    stop_requested_by: null,
    version: 1,
    created_at: fields.now,
    updated_at: fields.now,
    ended_at: null,
  };
  await trx.insertInto("agent_sessions").values(row).execute();
  await sessionEvent(trx, ctx, "session.created", row, { started_by: row.started_by }, fields.now);
  return row;
}

/**
 * Moves a live run to another live status (`changes` may set more columns); emits `session.updated`.
 * Returns the row as written, or undefined when it had ended meanwhile.
 */
export async function setLiveStatus(
  trx: Transaction<Database>,
  ctx: Ctx,
  row: SessionRow,
  status: (typeof LIVE_STATUSES)[number],
  reason: string | null,
  now: string,
  changes: Partial<SessionRow> = {},
): Promise<SessionRow | undefined> {
  const updated = await trx
    .updateTable("agent_sessions")
    .set((eb) => ({
      ...changes,
      status,
      status_reason: reason,
      updated_at: now,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", row.id)
    .where("ended_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!updated) return undefined;
  await sessionEvent(trx, ctx, "session.updated", updated, { from: row.status }, now);
  return updated;
}

/**
 * Ends a live run (once: one already ended is left alone) as `stopped`, `complete` or `error` with its
 * reason; emits `session.ended`, and an `error` puts an item in the accountable person's inbox. The claim
 * is not touched here (see sessions.ts, which releases it, and leases.ts, which calls this as it ends).
 */
export async function endSession(
  trx: Transaction<Database>,
  ctx: Ctx,
  sessionId: string,
  status: (typeof ENDED_STATUSES)[number],
  reason: string | null,
  now: string,
  changes: Partial<SessionRow> = {},
): Promise<SessionRow | undefined> {
  const ended = await trx
    .updateTable("agent_sessions")
    .set((eb) => ({
      ...changes,
      status,
      status_reason: reason,
      ended_at: now,
      updated_at: now,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", sessionId)
    .where("ended_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!ended) return undefined;
  await sessionEvent(trx, ctx, "session.ended", ended, { ended_at: now }, now);
  if (status === "error") {
    const issue = await issueOf(trx, ended.issue_id);
    await notify(
      trx,
      ctx,
      [
        {
          personId: ended.person_id,
          kind: "session_error",
          subject: { type: "session", id: ended.id },
          issueId: ended.issue_id,
          title: `${await agentName(trx, ended.agent_id)}'s run on ${issue.identifier} ended in an error`,
          excerpt: excerptOf(
            [reason ? `Reason: ${reason}.` : "", ended.summary].filter(Boolean).join(" ") || issue.title,
          ),
        },
      ],
      { evenSelf: true },
    );
  }
  return ended;
}

/**
 * How a claim's end ends the live run under it (called by leases.ts `endClaim` in its transaction): a
 * release by its holder `stopped` (`claim_released`; a run that was stopping keeps its reason); a lease
 * that ran out, or a connection revoked, `error` (`lease_lost`); a person's takeover `stopped`
 * (`taken_over_by_person`); the issue done or canceled `complete` (`issue_closed`).
 */
export async function endSessionOfClaim(
  trx: Transaction<Database>,
  ctx: Ctx,
  claimId: string,
  claimReason: string,
  now: string,
): Promise<void> {
  const live = await liveSessionOfClaim(trx, claimId);
  if (!live) return;
  if (live.status === "stopping") {
    await endSession(trx, ctx, live.id, "stopped", live.status_reason, now);
    return;
  }
  switch (claimReason) {
    case "expired":
    case "revoked":
      await endSession(trx, ctx, live.id, "error", "lease_lost", now);
      return;
    case "taken_over_by_person":
      await endSession(trx, ctx, live.id, "stopped", "taken_over_by_person", now);
      return;
    case "completed":
    case "canceled":
      await endSession(trx, ctx, live.id, "complete", "issue_closed", now);
      return;
    default:
      await endSession(trx, ctx, live.id, "stopped", "claim_released", now);
  }
}

/**
 * Asks a live run to stop, with `reason` (`stop_requested` for a person's Stop, `budget_exceeded`):
 * status `stopping`, the time and who (`byPersonId`, null for the service), and the claim under it
 * marked stopped, so every write of its holder under it is refused (409 `session_stopped`) from now on,
 * on any instance. A run still `pending` (no claim yet) ends `stopped` at once. A run already stopping
 * or ended is left alone. Returns whether it changed the run. In the caller's transaction.
 */
export async function requestStop(
  trx: Transaction<Database>,
  ctx: Ctx,
  sessionId: string,
  reason: string,
  byPersonId: string | null,
): Promise<boolean> {
  const now = ctx.core.clock.now().toISOString();
  let read = trx.selectFrom("agent_sessions").selectAll().where("id", "=", sessionId);
  if (ctx.core.store.kind === "postgres") read = read.forUpdate();
  const row = await read.executeTakeFirst();
  if (!row || row.ended_at !== null || row.status === "stopping") return false;
  const stopFields = { stop_requested_at: now, stop_requested_by: byPersonId };
  if (row.status === "pending" || row.claim_id === null) {
    await sessionEvent(
      trx,
      ctx,
      "session.stop_requested",
      { ...row, status_reason: reason },
      {
        stop_requested_by: byPersonId,
      },
    );
    return (await endSession(trx, ctx, row.id, "stopped", reason, now, stopFields)) !== undefined;
  }
  const stopping = await trx
    .updateTable("agent_sessions")
    .set((eb) => ({
      ...stopFields,
      status: "stopping",
      status_reason: reason,
      updated_at: now,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", row.id)
    .where("ended_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!stopping) return false;
  await trx
    .updateTable("claims")
    .set({ stopped_at: now })
    .where("id", "=", row.claim_id)
    .where("ended_at", "is", null)
    .execute();
  await sessionEvent(trx, ctx, "session.stop_requested", stopping, { stop_requested_by: byPersonId }, now);
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Claims and assignments

/** What a claim did to the run on its issue. */
export interface AttachedSession {
  id: string;
  how: "started" | "adopted" | "resumed";
}

/**
 * In a claim's transaction, once the caller holds `claim` on `issue`: the run it works in. A run of this
 * agent already under the claim is resumed (a stopped one refuses: 409 `session_stopped`); one waiting
 * for it (`pending`, delegated) is adopted: it takes the claim and goes `active`. With `start` (starting
 * a run, the MCP claim tools) an issue without a live run gets a new `active` one; a live run of another
 * agent is 409 `session_active`. Callers that are not agents get none. Without `start` a claim answers
 * the run it adopted or resumed, if any.
 */
export async function attachSession(
  trx: Transaction<Database>,
  ctx: Ctx,
  claim: ClaimRow,
  issue: { id: string; space_id: string; identifier: string },
  start: boolean,
): Promise<AttachedSession | undefined> {
  const agentId = agentOf(ctx);
  const live = await liveSessionOfIssue(trx, issue.id);
  if (claim.stopped_at !== null) {
    throw sessionStopped(live ?? { id: "(ended)", stop_requested_at: claim.stopped_at }, issue.identifier);
  }
  if (agentId === null) return undefined;
  const now = ctx.core.clock.now().toISOString();
  if (live) {
    if (live.agent_id !== agentId) {
      if (start) throw sessionActive(live, issue.identifier);
      return undefined;
    }
    if (live.status === "stopping") throw sessionStopped(live, issue.identifier);
    if (live.claim_id === claim.id && live.status !== "pending") return { id: live.id, how: "resumed" };
    const revived = await setLiveStatus(trx, ctx, live, "active", null, now, { claim_id: claim.id });
    return revived ? { id: live.id, how: "adopted" } : undefined;
  }
  if (!start) return undefined;
  const row = await insertSession(trx, ctx, {
    issue,
    claimId: claim.id,
    agentId,
    personId: ctx.actor.personId,
    startedBy: agentId,
    status: "active",
    now,
  });
  return { id: row.id, how: "started" };
}

/**
 * Assigning an open issue to an agent connection (a person's write: the web app or a personal access
 * token, not an agent connection) delegates it: a `pending` run for
 * that agent, accountable to the connection's person, unless the issue has a live run already. In the
 * assigning write's transaction; returns the new run, if any.
 */
export async function delegateOnAssign(
  trx: Transaction<Database>,
  ctx: Ctx,
  issue: { id: string; space_id: string; status: string },
  agentId: string,
): Promise<SessionRow | undefined> {
  // an agent connection assigning delegates nothing (a personal access token is a person's here)
  if (ctx.actor.via.startsWith("con_")) return undefined;
  if (CLOSED_STATUSES.includes(issue.status as never) || issue.status === "iced") return undefined;
  if (await liveSessionOfIssue(trx, issue.id)) return undefined;
  const connection = await trx
    .selectFrom("connections")
    .select(["id", "person_id", "revoked_at"])
    .where("id", "=", agentId)
    .where("workspace_id", "=", ctx.workspaceId)
    .executeTakeFirst();
  if (!connection || connection.revoked_at !== null) return undefined;
  return insertSession(trx, ctx, {
    issue,
    claimId: null,
    agentId,
    personId: connection.person_id,
    startedBy: ctx.actor.personId,
    status: "pending",
    now: ctx.core.clock.now().toISOString(),
  });
}
