import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Database, IssuesTable as IssueRow } from "../db/schema.ts";
import { conflict, DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { activityRecord, writeRecorded } from "./activity.ts";
import { assertMayClaim, assertWithinBudget, spentSpaces } from "./budgets.ts";
import { actsAsPerson, END_REASONS, endClaim, fencingToken, holderText, leaseLost } from "./leases.ts";
import { STARTABLE_STATUSES, startableSql } from "./readiness.ts";
import {
  type AttachedSession,
  agentOf,
  attachSession,
  liveSessionOfIssue,
  sessionActive,
  sessionStopped,
} from "./session-state.ts";

export { fencingToken };

import { CLOSED_STATUSES, issueRef, label, objectId, STATUSES, timeOut } from "./common.ts";
import type { Ctx } from "./context.ts";
import {
  type AssigneeView,
  assigneeView,
  callerAssignee,
  findAssignee,
  PRIORITIES,
  priority,
  resolveIssue,
  spaceRef,
} from "./issues.ts";
import { byCreation, type Page, pageQuery, paginate } from "./pagination.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Claims: a lease on one issue, held by the caller (an agent connection, or a person), for a time to
 * live renewed by heartbeat. Taking one is a compare-and-swap on the issue row (its `claim_id` is empty
 * or its lease ran out), so exactly one caller wins a race, on SQLite and PostgreSQL, on one instance or
 * several. Each claim takes the issue's next fencing token; a write that sends a smaller one is refused.
 *
 * Activity written (subject `claim`, the claim's id): `created`, `released` (by its holder, by revoking
 * the holder's connection, by closing the issue, or by a person's change to it; `changes.reason` says
 * which) and `expired`. What a claim does to the issue (status, assignee) is recorded on the issue as
 * `updated`; a release or expiry gives the issue back the status and assignee it had before the claim.
 *
 * A claim binds: while it is live, writes to its issue by anyone but its holder are refused (409
 * `claimed`), except a person's, which end it (see leases.ts). Only the holding connection renews it;
 * only it (or its person, acting themself) releases it.
 */

export const CLAIM_TTL = { min: 60, max: 86_400, default: 1_800 } as const;

export const ttlSeconds = z
  .number({ error: "must be a number of seconds" })
  .int({ error: "must be a whole number of seconds" })
  .min(CLAIM_TTL.min, { error: `must be at least ${CLAIM_TTL.min} seconds` })
  .max(CLAIM_TTL.max, { error: `must be at most ${CLAIM_TTL.max} seconds (a day)` })
  .describe(`How long the lease lasts without a heartbeat, ${CLAIM_TTL.min} to ${CLAIM_TTL.max} seconds.`);

export const claimId = objectId("clm", "claim");

export const createClaimInput = z.strictObject({
  issue: issueRef.optional().describe("The issue to claim; leave out to claim the next ready issue."),
  space: spaceRef.optional().describe("Next ready issue only: in this space (its prefix)."),
  label: z
    .array(label, { error: "must be an array of labels" })
    .max(20, { error: "must hold at most 20 labels" })
    .optional()
    .describe("Next ready issue only: with any of these labels."),
  priority: z
    .array(priority, { error: `must be an array of ${PRIORITIES.join(", ")}` })
    .max(5, { error: "must hold at most 5 priorities" })
    .optional()
    .describe("Next ready issue only: of one of these priorities."),
  milestone: objectId("ms", "milestone").optional().describe("Next ready issue only: in this milestone."),
  cycle: objectId("cyc", "cycle").optional().describe("Next ready issue only: in this cycle."),
  ttl_seconds: ttlSeconds.default(CLAIM_TTL.default),
  take_over: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe(
      "Named issue only: take over an issue a person has in progress (else 409 assigned_to_person); the release gives it back to them.",
    ),
  force: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("Named issue only: claim an issue that open issues block (else 409 not_ready)."),
});
export type CreateClaimInput = z.input<typeof createClaimInput>;

/** A claim named by its id, as the MCP tools `heartbeat_claim` and `release_claim` take it. */
export const claimRefInput = z.strictObject({ id: claimId.describe("The claim's id, clm_…") });

export const heartbeatClaimInput = z.strictObject({
  ttl_seconds: ttlSeconds
    .optional()
    .describe("The new time to live from now; the claim's own time to live when left out."),
});
export type HeartbeatClaimInput = z.input<typeof heartbeatClaimInput>;

export const listClaimsQuery = z.strictObject({
  ...pageQuery,
  holder: z
    .string({ error: "must be a member's email or id, an agent connection's id or me" })
    .trim()
    .min(1, { error: "must be a member's email or id, an agent connection's id or me" })
    .max(254, { error: "must be at most 254 characters" })
    .optional()
    .describe(
      "Only claims of this holder: a member's email or id, an agent connection's id (con_…), or `me`.",
    ),
  issue: issueRef.optional().describe("Only the claim on this issue."),
});
export type ListClaimsQuery = Partial<z.output<typeof listClaimsQuery>>;

export const claimView = z
  .object({
    id: z.string().describe("The claim's id, clm_…"),
    issue: z.object({
      id: z.string(),
      identifier: z.string(),
      title: z.string(),
      status: z.enum(STATUSES),
    }),
    holder: assigneeView.describe("Who holds the lease: the agent connection (for its person), or a person."),
    fencing_token: z
      .int()
      .min(1)
      .describe(
        "Larger than any earlier claim's on this issue; send it with writes as Docket-Fencing-Token.",
      ),
    expires_at: timeOut.describe("When the lease runs out unless renewed by a heartbeat."),
    created_at: timeOut,
    heartbeat_at: timeOut.nullable().describe("The last heartbeat, if any."),
    ended: z
      .enum(END_REASONS)
      .nullable()
      .describe(
        "null while live; else why it ended: released, expired, revoked (its connection ended), completed or canceled (the issue was closed), taken_over_by_person.",
      ),
    ended_at: timeOut.nullable().describe("When it ended, if it has."),
    resumed: z
      .boolean()
      .optional()
      .describe(
        "true when a claim answered one you already held (the issue named, or the same filters) instead of taking another.",
      ),
    session: z
      .string()
      .optional()
      .describe(
        "An agent's claim: the run (ses_…) it works in, when it has one: a run delegated to the agent and waiting is taken up by its claim.",
      ),
  })
  .meta({ id: "Claim" });
export type ClaimView = z.output<typeof claimView>;

// ---------------------------------------------------------------------------------------------------
// Errors

const alreadyClaimed = (identifier: string, claim: ClaimView) =>
  new DocketError(
    409,
    "already_claimed",
    `${identifier} is claimed by ${holderText(claim.holder)} until ${claim.expires_at}; claim another issue, or wait.`,
    {
      body: {
        holder: claim.holder,
        expires_at: claim.expires_at,
        claim: { holder: claim.holder, expires_at: claim.expires_at },
      },
    },
  );

const noReadyIssue = () =>
  new DocketError(
    404,
    "no_ready_issue",
    "No startable issue matches (ready, in backlog or todo, not claimed); try again later.",
  );

const notReady = (identifier: string, blockers: { identifier: string; status: string }[]) =>
  new DocketError(
    409,
    "not_ready",
    `${identifier} is blocked by ${blockers.map((b) => `${b.identifier} (${b.status})`).join(", ")}; work on those first, or claim it with force: true.`,
    { body: { blocked_by: blockers } },
  );

const assignedToPerson = (identifier: string, person: AssigneeView) =>
  new DocketError(
    409,
    "assigned_to_person",
    `${identifier} is in progress with ${holderText(person)}; pick other work, or claim it with take_over: true (a release gives it back to them).`,
    { body: { assignee: person } },
  );

const notHolder = (id: string, holder: AssigneeView, what: string) =>
  new DocketError(
    403,
    "not_holder",
    `Claim ${id} is held by ${holderText(holder)}, not by this connection; only the connection that holds a claim may ${what} it.`,
    { body: { holder } },
  );

// ---------------------------------------------------------------------------------------------------
// Reading

type ClaimRow = Database["claims"];

async function holderViews(db: Db, ids: readonly string[]): Promise<Map<string, AssigneeView>> {
  const out = new Map<string, AssigneeView>();
  const agents = [...new Set(ids.filter((i) => i.startsWith("con_")))];
  const people = [...new Set(ids.filter((i) => !i.startsWith("con_")))];
  if (agents.length) {
    const rows = await db
      .selectFrom("connections as c")
      .innerJoin("people as p", "p.id", "c.person_id")
      .select(["c.id", "c.name", "c.person_id", "p.name as person_name"])
      .where("c.id", "in", agents)
      .execute();
    for (const r of rows)
      out.set(r.id, {
        type: "agent",
        id: r.id,
        name: r.name,
        for: { person_id: r.person_id, name: r.person_name },
      });
  }
  if (people.length) {
    const rows = await db
      .selectFrom("people")
      .select(["id", "name", "email"])
      .where("id", "in", people)
      .execute();
    for (const r of rows) out.set(r.id, { type: "person", id: r.id, name: r.name, email: r.email });
  }
  return out;
}

async function claimViews(
  db: Db,
  rows: readonly ClaimRow[],
  known: ReadonlyMap<string, Pick<IssueRow, "id" | "identifier" | "title" | "status">> = new Map(),
): Promise<ClaimView[]> {
  if (rows.length === 0) return [];
  const holders = await holderViews(
    db,
    rows.map((r) => r.holder_id),
  );
  const unknown = [...new Set(rows.map((r) => r.issue_id).filter((id) => !known.has(id)))];
  const issues = unknown.length
    ? await db
        .selectFrom("issues")
        .select(["id", "identifier", "title", "status"])
        .where("id", "in", unknown)
        .execute()
    : [];
  const byId = new Map<string, Pick<IssueRow, "id" | "identifier" | "title" | "status">>([
    ...known,
    ...issues.map((i) => [i.id, i] as const),
  ]);
  return rows.map((r) => {
    const i = byId.get(r.issue_id)!;
    return {
      id: r.id,
      issue: { id: i.id, identifier: i.identifier, title: i.title, status: i.status },
      holder: holders.get(r.holder_id) ?? {
        type: "person",
        id: r.holder_id,
        name: "",
        email: "unknown@invalid",
      },
      fencing_token: Number(r.fencing_token),
      expires_at: r.expires_at,
      created_at: r.created_at,
      heartbeat_at: r.heartbeat_at,
      ended: (r.end_reason as ClaimView["ended"]) ?? null,
      ended_at: r.ended_at,
    };
  });
}

async function claimRow(db: Db, ctx: Ctx, id: string): Promise<ClaimRow> {
  const row = await db
    .selectFrom("claims")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No claim ${id} in this workspace.`);
  return row;
}

/** One claim, live or ended. */
export async function getClaim(ctx: Ctx, id: string): Promise<ClaimView> {
  const [view] = await claimViews(ctx.core.db, [await claimRow(ctx.core.db, ctx, id)]);
  return view!;
}

/** The live claims of the workspace (not ended, not run out), oldest first, a page at a time. */
export async function listClaims(ctx: Ctx, input: ListClaimsQuery): Promise<Page<ClaimView>> {
  const db = ctx.core.db;
  const now = ctx.core.clock.now().toISOString();
  let query = db
    .selectFrom("claims as c")
    .selectAll("c")
    .where("c.workspace_id", "=", ctx.workspaceId)
    .where("c.ended_at", "is", null)
    .where("c.expires_at", ">", now);
  if (input.holder) {
    const who = await findAssignee(ctx, db, input.holder);
    query = query.where("c.holder_id", "=", who?.id ?? "");
  }
  if (input.issue) {
    const issue = await resolveIssue(ctx, input.issue).catch(() => undefined);
    query = query.where("c.issue_id", "=", issue?.id ?? "");
  }
  const { data, next_cursor } = await paginate(query, "claims", byCreation("c", "asc"), {
    limit: input.limit ?? 50,
    cursor: input.cursor,
  });
  return { data: await claimViews(db, data as ClaimRow[]), next_cursor };
}

// ---------------------------------------------------------------------------------------------------
// Claiming

const FILTERS = ["space", "label", "priority", "milestone", "cycle"] as const;
const NAMED_ONLY = ["take_over", "force"] as const;
const MAX_ATTEMPTS = 8;
const isLive = (issue: Pick<IssueRow, "claim_id" | "claim_expires_at">, now: string) =>
  issue.claim_id !== null && issue.claim_expires_at !== null && issue.claim_expires_at > now;

type ClaimData = z.output<typeof createClaimInput>;

/**
 * The filters of a claim of the next issue as canonical JSON (lists sorted, duplicates and absent
 * filters left out): two claims asked "the same filters" when these are equal.
 */
function filtersKey(data: ClaimData): string {
  const sorted = (list: readonly string[] | undefined) =>
    list?.length ? [...new Set(list)].sort() : undefined;
  return JSON.stringify({
    space: data.space,
    label: sorted(data.label),
    priority: sorted(data.priority),
    milestone: data.milestone,
    cycle: data.cycle,
  });
}

/** Up to five open issues that block `issueId`, for `not_ready`. */
async function openBlockers(trx: Db, issueId: string) {
  return trx
    .selectFrom("dependencies as d")
    .innerJoin("issues as b", "b.id", "d.from_issue_id")
    .select(["b.identifier", "b.status"])
    .where("d.to_issue_id", "=", issueId)
    .where("d.kind", "=", "blocks")
    .where("b.status", "not in", ["done", "canceled"])
    .orderBy("b.identifier")
    .limit(5)
    .execute();
}

/**
 * Claims an issue for the caller: the one named, or the next startable issue matching the filters (most
 * urgent first, then oldest). The issue becomes `in_progress` and assigned to the caller; the claim keeps
 * the status and assignee it had, for the release.
 *
 * Safe to retry: claiming an issue the caller holds answers its current claim (same fencing token), and
 * a claim of the next issue while the caller holds a live claim it took with the same filters answers
 * that claim (`resumed: true`) instead of taking a second issue. A named issue a person has in progress
 * is refused (409 `assigned_to_person`) unless `take_over`, a blocked one (409 `not_ready`) unless
 * `force`.
 */
export async function claimIssue(
  ctx: Ctx,
  input: CreateClaimInput,
  options: ClaimOptions = {},
): Promise<ClaimView> {
  const data = createClaimInput.parse(input);
  if (data.issue !== undefined) {
    const mixed = FILTERS.filter((f) => data[f] !== undefined);
    if (mixed.length > 0) {
      const fields = Object.fromEntries(
        mixed.map((f) => [f, "picks the next ready issue; leave it out when naming an issue"]),
      );
      throw invalid(
        `${mixed.join(", ")}: filters pick the next ready issue; leave them out when naming one.`,
        fields,
      );
    }
  } else {
    const named = NAMED_ONLY.filter((f) => data[f] !== undefined);
    if (named.length > 0) {
      throw invalid(
        `${named.join(", ")}: only for a named issue; the next issue is always startable.`,
        Object.fromEntries(named.map((f) => [f, "only with issue"])),
      );
    }
  }
  const holder = callerAssignee(ctx);
  const key = data.issue === undefined ? filtersKey(data) : null;
  const db = ctx.core.db;
  const start = options.session === "start";
  let attached: AttachedSession | undefined;
  const made = await db.transaction().execute(async (trx) => {
    const taken = await takeClaim(trx);
    const [row, seen] = taken;
    // the run it works in: taken up (pending, delegated), resumed, or (starting one) begun
    const issue =
      seen ??
      (await trx.selectFrom("issues").selectAll().where("id", "=", row.issue_id).executeTakeFirstOrThrow());
    if (start) await assertWithinBudget(trx, ctx, { agentId: agentOf(ctx), spaceId: issue.space_id });
    attached = await attachSession(trx, ctx, row, issue, start);
    // the issue as this transaction read it, so that the view need not read it again
    return [row, issue, taken[2]] as const;
  });
  async function takeClaim(trx: Transaction<Database>): Promise<[ClaimRow, IssueRow | undefined, boolean]> {
    {
      if (key !== null) {
        const now = ctx.core.clock.now().toISOString();
        const mine = await trx
          .selectFrom("claims")
          .selectAll()
          .where("workspace_id", "=", ctx.workspaceId)
          .where("holder_id", "=", holder)
          .where("next_filters", "=", key)
          .where("ended_at", "is", null)
          .where("expires_at", ">", now)
          .orderBy("created_at", "desc")
          .executeTakeFirst();
        if (mine) return [mine, undefined, true];
      }
      // an agent looks for the next issue outside spaces whose budget is spent this month
      const skipSpaces = data.issue === undefined ? await spentSpaces(trx, ctx) : [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const now = ctx.core.clock.now().toISOString();
        let issue: IssueRow;
        if (data.issue !== undefined) {
          issue = await resolveIssue(ctx, data.issue, trx);
          if (start) {
            // starting a run: another agent's live run on the issue is named, whatever holds its claim,
            // unless that run's claim ran out (taking the issue ends the claim, and the run with it)
            const live = await liveSessionOfIssue(trx, issue.id);
            const lapsed = live?.claim_id != null && live.claim_id === issue.claim_id && !isLive(issue, now);
            if (live && live.agent_id !== agentOf(ctx) && !lapsed)
              throw sessionActive(live, issue.identifier);
          }
          if (isLive(issue, now)) {
            const current = await claimRow(trx, ctx, issue.claim_id!);
            if (current.holder_id === holder) return [current, issue, true];
            const [view] = await claimViews(trx, [current]);
            throw alreadyClaimed(issue.identifier, view!);
          }
          if (CLOSED_STATUSES.includes(issue.status) || issue.status === "iced") {
            throw conflict(
              `${issue.identifier} is ${issue.status}; only open issues that are not iced can be claimed.`,
            );
          }
          if (Number(issue.open_blockers) > 0 && !data.force) {
            throw notReady(issue.identifier, await openBlockers(trx, issue.id));
          }
          const assignee = issue.assignee_id;
          if (
            issue.status === "in_progress" &&
            assignee !== null &&
            !assignee.startsWith("con_") &&
            assignee !== holder &&
            issue.claim_id === null &&
            !data.take_over
          ) {
            const person = (await holderViews(trx, [assignee])).get(assignee);
            if (person) throw assignedToPerson(issue.identifier, person);
          }
        } else {
          const next = await nextStartable(ctx, trx, data, now, skipSpaces);
          if (!next) throw noReadyIssue();
          issue = next;
        }
        // a new claim by an agent whose budget (or the space's) is spent this month: 403 budget_exceeded
        await assertMayClaim(trx, ctx, issue.space_id);
        const taken = await take(ctx, trx, issue, holder, data.ttl_seconds, now, key);
        if (taken) return [taken[0], taken[1], false];
      }
      throw conflict("Too many others are claiming issues right now; try again.");
    }
  }
  if (attached) options.attached?.(attached);
  // the view from what the transaction saw: only the holder's names are read
  const [row, issue, resumed] = made;
  const [view] = await claimViews(db, [row], new Map([[issue.id, issue]]));
  const out = resumed ? { ...view!, resumed: true } : view!;
  return attached ? { ...out, session: attached.id } : out;
}

/** How a claim treats agent runs (sessions). */
export interface ClaimOptions {
  /**
   * `adopt` (the default): an agent's claim takes up a run delegated to it and waiting, or answers the
   * run it has under the claim; `start` (starting a run, the MCP claim tools): an issue without a live run
   * gets one, and another agent's live run on it is 409 `session_active`.
   */
  session?: "adopt" | "start";
  /** told of the run the claim works in, if any */
  attached?: (session: AttachedSession) => void;
}

/**
 * The next startable issue (see readiness.ts), locked for this transaction on PostgreSQL (others skip
 * it): the best of two index walks, startable issues (`issues_claimable_idx`, whose condition is
 * startableSql) and issues whose lease ran out (`issues_lease_idx`) that are startable once that claim
 * ends (their status before it was backlog or todo, or their holder set it back), most urgent first,
 * then oldest.
 */
async function nextStartable(
  ctx: Ctx,
  trx: Transaction<Database>,
  data: ClaimData,
  now: string,
  skipSpaces: readonly string[],
): Promise<IssueRow | undefined> {
  let spaceId: string | undefined;
  if (data.space) {
    const space = await trx
      .selectFrom("spaces")
      .select("id")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("prefix", "=", data.space)
      .executeTakeFirst();
    if (!space) throw invalid(`space: no space ${data.space} in this workspace`, { space: "no such space" });
    spaceId = space.id;
    if (skipSpaces.includes(spaceId)) await assertMayClaim(trx, ctx, spaceId);
  }
  const pick = async (nobodyOn: RawBuilder<SqlBool>) => {
    let q = trx
      .selectFrom("issues as i")
      .selectAll("i")
      .where("i.workspace_id", "=", ctx.workspaceId)
      .where(nobodyOn);
    if (spaceId) q = q.where("i.space_id", "=", spaceId);
    if (skipSpaces.length > 0) q = q.where("i.space_id", "not in", skipSpaces);
    // an issue delegated to another agent (its run waits for that agent) is not the next for anyone else
    const me = agentOf(ctx) ?? "";
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("agent_sessions as s")
            .select("s.id")
            .whereRef("s.issue_id", "=", "i.id")
            .where("s.ended_at", "is", null)
            .where("s.status", "=", "pending")
            .where("s.agent_id", "<>", me),
        ),
      ),
    );
    if (data.label?.length) {
      const wanted = data.label;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom("issue_labels as l")
            .select("l.issue_id")
            .whereRef("l.issue_id", "=", "i.id")
            .where("l.label", "in", wanted),
        ),
      );
    }
    if (data.priority?.length)
      q = q.where(
        "i.priority",
        "in",
        data.priority.map((p) => PRIORITIES.indexOf(p)),
      );
    if (data.milestone) q = q.where("i.milestone_id", "=", data.milestone);
    if (data.cycle) q = q.where("i.cycle_id", "=", data.cycle);
    q = q.orderBy("i.priority", "desc").orderBy("i.created_at", "asc").orderBy("i.id", "asc").limit(1);
    if (ctx.core.store.kind === "postgres") q = q.forUpdate().skipLocked();
    return (await q.executeTakeFirst()) as IssueRow | undefined;
  };
  const fresh = await pick(startableSql("i"));
  // a lease that ran out: startable once it ends, when the status it gives back is backlog or todo
  const startable = sql.join(STARTABLE_STATUSES.map((s) => sql.lit(s)));
  const lapsed = await pick(
    sql<SqlBool>`(i.claim_id is not null and i.claim_expires_at <= ${now} and i.open_blockers = 0 and (i.status in (${startable}) or (i.status = 'in_progress' and exists (select 1 from claims c where c.id = i.claim_id and coalesce(c.prior_status, 'todo') in (${startable})))))`,
  );
  if (!fresh || !lapsed) return fresh ?? lapsed;
  const before = (a: IssueRow, b: IssueRow) =>
    a.priority !== b.priority
      ? a.priority > b.priority
      : a.created_at !== b.created_at
        ? a.created_at < b.created_at
        : a.id < b.id;
  return before(fresh, lapsed) ? fresh : lapsed;
}

/**
 * The compare-and-swap that takes the lease: one UPDATE of the issue that only matches while nobody
 * holds it (and nobody changed it since it was read). Undefined when it lost; the caller reads again.
 * A lease that ran out is first ended as `expired` in the same transaction, which gives the issue back
 * its status and assignee from before that claim: what this claim keeps for its own release.
 */
async function take(
  ctx: Ctx,
  trx: Transaction<Database>,
  read: IssueRow,
  holder: string,
  ttl: number,
  now: string,
  nextFilters: string | null,
): Promise<[ClaimRow, IssueRow] | undefined> {
  let issue = read;
  if (issue.claim_id) {
    await endClaim(ctx, trx, issue.claim_id, "expired", now);
    const again = await trx.selectFrom("issues").selectAll().where("id", "=", issue.id).executeTakeFirst();
    if (!again) return undefined;
    issue = again as IssueRow;
  }
  const id = newId("clm", new Date(now));
  const expires = new Date(Date.parse(now) + ttl * 1000).toISOString();
  const taken = await trx
    .updateTable("issues")
    .set((eb) => ({
      claim_id: id,
      claim_expires_at: expires,
      fencing_token: eb("fencing_token", "+", 1),
      status: "in_progress",
      assignee_id: holder,
      version: eb("version", "+", 1),
      updated_by: ctx.actor.personId,
      updated_via: ctx.actor.via,
      updated_at: now,
    }))
    .where("id", "=", issue.id)
    .where("version", "=", issue.version)
    .where((eb) => eb.or([eb("claim_id", "is", null), eb("claim_expires_at", "<=", now)]))
    .returning("fencing_token")
    .executeTakeFirst();
  if (!taken) return undefined;
  const row: ClaimRow = {
    id,
    workspace_id: ctx.workspaceId,
    issue_id: issue.id,
    holder_id: holder,
    person_id: ctx.actor.personId,
    via: ctx.actor.via,
    fencing_token: Number(taken.fencing_token),
    expires_at: expires,
    created_at: now,
    heartbeat_at: null,
    ended_at: null,
    end_reason: null,
    prior_status: issue.status,
    prior_assignee_id: issue.assignee_id,
    next_filters: nextFilters,
    stopped_at: null,
  };
  await trx.insertInto("claims").values(row).execute();
  // the claim's activity and event, then the issue's, written together (one statement on PostgreSQL)
  const recorded = activityRecord(
    ctx,
    { type: "claim", id },
    "created",
    {
      issue: { from: null, to: issue.identifier },
      holder: { from: null, to: holder },
      fencing_token: { from: null, to: Number(taken.fencing_token) },
      expires_at: { from: null, to: expires },
    },
    now,
  );
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (issue.status !== "in_progress") changes.status = { from: issue.status, to: "in_progress" };
  if (issue.assignee_id !== holder) changes.assignee = { from: issue.assignee_id, to: holder };
  if (Object.keys(changes).length) {
    const updated = activityRecord(ctx, { type: "issue", id: issue.id }, "updated", changes, now);
    recorded.activity.push(...updated.activity);
    recorded.events.push(...updated.events);
  }
  await writeRecorded(trx, ctx, recorded);
  return [row, { ...issue, status: "in_progress" }];
}

// ---------------------------------------------------------------------------------------------------
// Renewing and releasing

/** The claim, checked to belong to the caller: its holding connection (or, to release, its person). */
async function ownClaim(
  ctx: Ctx,
  trx: Transaction<Database>,
  id: string,
  what: "renew" | "release",
): Promise<ClaimRow> {
  const row = await claimRow(trx, ctx, id);
  const holder = callerAssignee(ctx);
  const own =
    row.holder_id === holder ||
    (what === "release" && actsAsPerson(ctx) && row.person_id === ctx.actor.personId);
  if (!own) {
    const view = (await holderViews(trx, [row.holder_id])).get(row.holder_id);
    throw notHolder(
      id,
      view ?? { type: "person", id: row.holder_id, name: "", email: "unknown@invalid" },
      what,
    );
  }
  return row;
}

/** Ended by closing the issue: a heartbeat or release after that is a success that says so. */
const CLOSED_BY_ISSUE = new Set(["completed", "canceled"]);

/**
 * Why a claim that is not live cannot be renewed or released, naming the next step: after an expiry,
 * claim the issue again if it is free, else pick other work; after a person took it over or the
 * connection was revoked, leave it.
 */
async function notLive(ctx: Ctx, trx: Db, row: ClaimRow, now: string): Promise<DocketError> {
  const issue = await trx
    .selectFrom("issues")
    .select(["identifier", "status", "claim_id", "claim_expires_at"])
    .where("id", "=", row.issue_id)
    .executeTakeFirst();
  const name = issue?.identifier ?? row.issue_id;
  if (row.end_reason === "taken_over_by_person") {
    return leaseLost(
      `Claim ${row.id} ended at ${row.ended_at}: a person took ${name} over; leave it and pick other work (claim_next_issue).`,
    );
  }
  if (row.end_reason && row.end_reason !== "expired") {
    return leaseLost(
      `Claim ${row.id} ended (${row.end_reason}) at ${row.ended_at}; it cannot be renewed. Claim ${name} again to go on with it.`,
    );
  }
  const ranOut = row.ended_at ?? row.expires_at;
  if (issue?.claim_id && issue.claim_id !== row.id && isLive(issue, now)) {
    const other = await claimRow(trx, ctx, issue.claim_id);
    const holder = (await holderViews(trx, [other.holder_id])).get(other.holder_id);
    return leaseLost(
      `Claim ${row.id} ran out at ${ranOut} and ${name} is now claimed by ${holder ? holderText(holder) : other.holder_id} until ${issue.claim_expires_at}; pick other work (claim_next_issue).`,
    );
  }
  if (issue && (CLOSED_STATUSES.includes(issue.status) || issue.status === "iced")) {
    return leaseLost(`Claim ${row.id} ran out at ${ranOut} and ${name} is ${issue.status}; pick other work.`);
  }
  return leaseLost(
    `Claim ${row.id} ran out at ${ranOut}; ${name} is free: claim it again (claim_issue) to go on with it.`,
  );
}

/**
 * Renews a live claim: it now runs out `ttl_seconds` (else its own time to live) from now. Only its
 * holding connection may. A claim that ended because its issue was closed answers as it is (`ended`).
 */
export async function heartbeatClaim(
  ctx: Ctx,
  id: string,
  input: HeartbeatClaimInput = {},
): Promise<ClaimView> {
  const data = heartbeatClaimInput.parse(input);
  await ctx.core.db.transaction().execute(async (trx) => {
    const now = ctx.core.clock.now().toISOString();
    const row = await ownClaim(ctx, trx, id, "renew");
    if (row.end_reason && CLOSED_BY_ISSUE.has(row.end_reason)) return;
    if (row.stopped_at !== null && row.ended_at === null) {
      // a person stopped the run under this claim: it is not renewed (the run's last word ends it)
      const run = await trx
        .selectFrom("agent_sessions")
        .select(["id", "stop_requested_at"])
        .where("claim_id", "=", row.id)
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      const issue = await trx
        .selectFrom("issues")
        .select("identifier")
        .where("id", "=", row.issue_id)
        .executeTakeFirst();
      throw sessionStopped(
        run ?? { id: "(none)", stop_requested_at: row.stopped_at },
        issue?.identifier ?? row.issue_id,
      );
    }
    if (row.ended_at || row.expires_at <= now) throw await notLive(ctx, trx, row, now);
    const ttl =
      data.ttl_seconds ??
      Math.round((Date.parse(row.expires_at) - Date.parse(row.heartbeat_at ?? row.created_at)) / 1000);
    const expires = new Date(Date.parse(now) + ttl * 1000).toISOString();
    // compare-and-swap on both rows: still live, still the issue's claim
    const renewed = await trx
      .updateTable("claims")
      .set({ expires_at: expires, heartbeat_at: now })
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    const issue = await trx
      .updateTable("issues")
      .set({ claim_expires_at: expires })
      .where("id", "=", row.issue_id)
      .where("claim_id", "=", id)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 0 || Number(issue.numUpdatedRows) === 0) {
      throw await notLive(ctx, trx, await claimRow(trx, ctx, id), now);
    }
  });
  return getClaim(ctx, id);
}

/**
 * Releases a claim: the issue gets back the status and assignee it had before the claim (unless its
 * holder changed them; one left in_review stays there). Only its holding connection, or its person
 * acting themself, may. Releasing a claim already released, or ended because its issue was closed,
 * answers it as it is (`ended`).
 */
export async function releaseClaim(ctx: Ctx, id: string): Promise<ClaimView> {
  await ctx.core.db.transaction().execute(async (trx) => {
    const now = ctx.core.clock.now().toISOString();
    const row = await ownClaim(ctx, trx, id, "release");
    if (row.end_reason === "released" || (row.end_reason && CLOSED_BY_ISSUE.has(row.end_reason))) return;
    if (row.ended_at || row.expires_at <= now) throw await notLive(ctx, trx, row, now);
    if (!(await endClaim(ctx, trx, id, "released", now))) {
      throw await notLive(ctx, trx, await claimRow(trx, ctx, id), now);
    }
  });
  return getClaim(ctx, id);
}
