import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Core } from "../core.ts";
import type { Database, SessionActivitiesTable } from "../db/schema.ts";
import { conflict, DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { afterUsage, assertWithinBudget } from "./budgets.ts";
import { claimIssue, claimView, ttlSeconds } from "./claims.ts";
import {
  CLOSED_STATUSES,
  checkIfMatch,
  countOut,
  csv,
  issueRef,
  objectId,
  STATUSES,
  timeOut,
  versionOut,
} from "./common.ts";
import type { Ctx } from "./context.ts";
import { emitEvents } from "./events.ts";
import { excerptOf, notify } from "./inbox.ts";
import { resolveIssue } from "./issues.ts";
import { endClaim, leaseLost } from "./leases.ts";
import { type Page, pageQuery, paginate } from "./pagination.ts";
import {
  type AttachedSession,
  agentName,
  agentOf,
  ENDED_STATUSES,
  endSession,
  insertSession,
  LIVE_STATUSES,
  liveSessionOfIssue,
  requestStop,
  SESSION_STATUSES,
  type SessionRow,
  STOP_GRACE_MS,
  sessionActive,
  sessionEvent,
  sessionEventInput,
  sessionStopped,
  setLiveStatus,
  UNRESPONSIVE_MS,
} from "./session-state.ts";
import { isAdminRole, roleIn } from "./webhook-access.ts";

export { ENDED_STATUSES, LIVE_STATUSES, requestStop, SESSION_STATUSES };

/**
 * Agent runs (sessions): one run of one agent on one issue, always under a claim once it runs. An agent
 * starts its own (which claims the issue, or adopts its live claim on it), or a person delegates one
 * (`pending` until the agent claims the issue or posts to it). The run's log is its activities, each
 * with the agent's own id so a retried batch stores each once; usage reported with them is summed on
 * the run. A person's Stop is enforced: from then on the agent's writes under the run and its claim are
 * refused (409 `session_stopped`) until its last word, or 60 seconds, end it.
 *
 * Events: `session.created`, `session.updated` (status, plan, summary, artifacts), `session.stop_requested`,
 * `session.ended`, `session.activity` (each kept activity that is not ephemeral).
 */

type Db = Kysely<Database> | Transaction<Database>;
type ActivityRow = Selectable<SessionActivitiesTable>;

/** At most this many activities in one batch. */
export const MAX_BATCH = 50;
/** An activity's text (and an action's parameter and result) is at most this many bytes of UTF-8. */
export const MAX_BODY_BYTES = 65_536;

export const sessionId = objectId("ses", "session");
export const sessionParams = z.strictObject({ id: sessionId });

const AGENT_KINDS = ["thought", "action", "response", "error", "elicitation"] as const;
export const ACTIVITY_KINDS = [...AGENT_KINDS, "prompt"] as const;
export const PLAN_STATUSES = ["pending", "in_progress", "done", "canceled"] as const;
export const ARTIFACT_KINDS = ["pull_request", "branch", "commit", "file", "link"] as const;

// ---------------------------------------------------------------------------------------------------
// Inputs

const text64k = z
  .string({ error: "must be a string" })
  .max(MAX_BODY_BYTES, { error: "must be at most 64 KiB (65,536 bytes of UTF-8)" })
  .refine((s) => Buffer.byteLength(s, "utf8") <= MAX_BODY_BYTES, {
    error: "must be at most 64 KiB (65,536 bytes of UTF-8)",
  });

const clientId = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .max(100, { error: "must be at most 100 characters" })
  .regex(/^[A-Za-z0-9._:-]+$/, { error: "must be letters, digits and . _ : - only" })
  .describe(
    "Your own id for the activity (1 to 100 letters, digits, `.`, `_`, `:`, `-`), unique in the run: sending it again stores nothing new.",
  );

const tokens = (what: string) =>
  z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be 0 or more" })
    .max(1_000_000_000_000, { error: "must be at most 10^12" })
    .default(0)
    .describe(what);

export const usageInput = z
  .strictObject({
    input_tokens: tokens("Input (prompt) tokens used since the last report."),
    output_tokens: tokens("Output tokens."),
    cache_read_tokens: tokens("Tokens read from a prompt cache."),
    cache_write_tokens: tokens("Tokens written to a prompt cache."),
    cost_micros: tokens("What it cost, in millionths of the currency unit (1500000 is 1.50)."),
    model: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, { error: "must not be empty" })
      .max(200, { error: "must be at most 200 characters" })
      .optional()
      .describe("The model that used it."),
  })
  .describe("What this step used (a delta, summed onto the run's totals).");

export const activityInput = z.strictObject({
  id: clientId,
  kind: z
    .enum(AGENT_KINDS, {
      error: `must be one of ${AGENT_KINDS.join(", ")} (a prompt is a person's: POST /v1/sessions/{id}/prompts)`,
    })
    .describe(
      "thought (what the agent is thinking), action (a step: `action` names it), response (its answer), error, elicitation (a question for a person; the run waits: awaiting_input).",
    ),
  body: text64k.default("").describe("The text, Markdown, at most 64 KiB."),
  action: z
    .strictObject({
      name: z
        .string({ error: "must be a string" })
        .trim()
        .min(1, { error: "must not be empty" })
        .max(200, { error: "must be at most 200 characters" })
        .describe("What the step does, e.g. run_tests."),
      parameter: text64k.optional().describe("Its input, at most 64 KiB."),
      result: text64k.optional().describe("Its outcome, at most 64 KiB."),
    })
    .optional()
    .describe("An action's name, parameter and result; for kind action only (and needed there)."),
  options: z
    .array(
      z
        .string({ error: "must be a string" })
        .trim()
        .min(1, { error: "must not be empty" })
        .max(200, { error: "must be at most 200 characters" }),
      { error: "must be an array of strings" },
    )
    .min(1, { error: "must hold at least one choice" })
    .max(20, { error: "must hold at most 20 choices" })
    .optional()
    .describe("An elicitation's choices for the person, if any (at most 20)."),
  ephemeral: z
    .boolean({ error: "must be true or false" })
    .default(false)
    .describe(
      "thought and action only: kept only until the next ephemeral one (a progress line); carries no usage and emits no event.",
    ),
  usage: usageInput.optional(),
});
export type ActivityInput = z.input<typeof activityInput>;

export const postActivitiesInput = z.strictObject({
  activities: z
    .array(activityInput, { error: "must be an array of activities" })
    .min(1, { error: "must hold at least one activity" })
    .max(MAX_BATCH, { error: `must hold at most ${MAX_BATCH} activities` }),
});
export type PostActivitiesInput = z.input<typeof postActivitiesInput>;

export const startSessionInput = z.strictObject({
  issue: issueRef.describe("The issue to run on (ENG-42 or iss_…): it is claimed for you."),
  ttl_seconds: ttlSeconds.optional(),
});
export type StartSessionInput = z.input<typeof startSessionInput>;

export const delegateSessionInput = z.strictObject({
  agent: objectId("con", "agent connection").describe("The agent connection to run it (con_…)."),
  prompt: text64k
    .refine((s) => s.trim().length > 0, { error: "must not be empty" })
    .describe("What you ask the agent to do: the run's first activity (a prompt), at most 64 KiB."),
});
export type DelegateSessionInput = z.input<typeof delegateSessionInput>;

export const planItem = z.strictObject({
  content: z
    .string({ error: "must be a string" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(500, { error: "must be at most 500 characters" }),
  status: z.enum(PLAN_STATUSES, { error: `must be one of ${PLAN_STATUSES.join(", ")}` }),
});

export const artifact = z.strictObject({
  kind: z.enum(ARTIFACT_KINDS, { error: `must be one of ${ARTIFACT_KINDS.join(", ")}` }),
  url: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL" })
    .max(2000, { error: "must be at most 2,000 characters" }),
  title: z
    .string({ error: "must be a string" })
    .trim()
    .max(255, { error: "must be at most 255 characters" })
    .default(""),
  state: z
    .string({ error: "must be a string" })
    .trim()
    .max(50, { error: "must be at most 50 characters" })
    .nullable()
    .default(null)
    .describe("e.g. open, merged, closed for a pull request."),
});

export const updateSessionInput = z.strictObject({
  plan: z
    .array(planItem, { error: "must be an array of {content, status}" })
    .max(50, { error: "must hold at most 50 steps" })
    .optional()
    .describe("The plan, replaced whole: steps of {content, status: pending|in_progress|done|canceled}."),
  summary: z
    .string({ error: "must be a string" })
    .max(10_000, { error: "must be at most 10,000 characters" })
    .optional()
    .describe("What the run did, in a few lines of Markdown."),
  artifacts: z
    .array(artifact, { error: "must be an array of {kind, url, title, state}" })
    .max(50, { error: "must hold at most 50 artifacts" })
    .optional()
    .describe(
      "What the run made, replaced whole: {kind: pull_request|branch|commit|file|link, url, title, state}.",
    ),
  status: z
    .enum(["complete", "error"], { error: "must be complete or error (the agent ends its run)" })
    .optional()
    .describe(
      "Ends the run: complete (needs a response activity, or `response` here) or error. A stopping run ends stopped either way.",
    ),
  response: text64k
    .refine((s) => s.trim().length > 0, { error: "must not be empty" })
    .optional()
    .describe("The run's answer, stored as a response activity before the change."),
});
export type UpdateSessionInput = z.input<typeof updateSessionInput>;

export const postPromptInput = z.strictObject({
  body: text64k
    .refine((s) => s.trim().length > 0, { error: "must not be empty" })
    .describe("What you tell the agent (an answer to its question, or a steer), at most 64 KiB."),
  id: clientId.optional(),
});
export type PostPromptInput = z.input<typeof postPromptInput>;

const sessionStatusFilter = z.enum([...SESSION_STATUSES, "live"], {
  error: `must be live or one of ${SESSION_STATUSES.join(", ")}`,
});

export const listSessionsQuery = z.strictObject({
  ...pageQuery,
  issue: issueRef.optional().describe("Only the runs on this issue."),
  agent: z
    .string({ error: "must be an agent connection's id, a token's id or me" })
    .trim()
    .regex(/^(me|con_[0-9A-Z]{26}|pat_[0-9A-Z]{26})$/, {
      error: "must be an agent connection's id (con_…), a token's id (pat_…) or me",
    })
    .optional()
    .describe(
      "Only the runs of this agent: its connection (con_…), a scripted agent's token (pat_…), or me.",
    ),
  status: csv(sessionStatusFilter)
    .optional()
    .describe(
      `Only runs in these statuses, comma-separated (${SESSION_STATUSES.join(", ")}); live: every live one.`,
    ),
  person: z
    .string({ error: "must be a member's email or id, or me" })
    .trim()
    .min(1, { error: "must be a member's email or id, or me" })
    .max(254, { error: "must be at most 254 characters" })
    .optional()
    .describe("Only the runs this person is accountable for: a member's email or id, or me."),
});
/** The list's query as parsed (surfaces parse `listSessionsQuery` themselves). */
export type ListSessionsQuery = Partial<z.output<typeof listSessionsQuery>>;

export const listActivitiesQuery = z.strictObject({
  ...pageQuery,
  after: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be 0 or more" })
    .optional()
    .describe("Only activities after this position (to follow a run: the last position you saw)."),
});
/** The list's query as parsed (surfaces parse `listActivitiesQuery` themselves). */
export type ListActivitiesQuery = Partial<z.output<typeof listActivitiesQuery>>;

// ---------------------------------------------------------------------------------------------------
// Views

const usageTotals = z.object({
  input_tokens: countOut,
  output_tokens: countOut,
  cache_read_tokens: countOut,
  cache_write_tokens: countOut,
  cost_micros: countOut.describe("Millionths of the currency unit."),
});

const named = z.object({ id: z.string(), name: z.string() });

export const sessionView = z
  .object({
    id: z.string().describe("The run's id, ses_…"),
    issue: z.object({
      id: z.string(),
      identifier: z.string(),
      title: z.string(),
      status: z.enum(STATUSES),
    }),
    claim: z.string().nullable().describe("The claim it runs under (clm_…); null while pending."),
    agent: named.describe("The agent: its connection (con_…), or a scripted agent's token (pat_…)."),
    person: named.describe("The accountable person: the connection's approver, or the token's person."),
    started_by: z
      .object({ type: z.enum(["person", "agent"]), id: z.string(), name: z.string() })
      .describe("A person who delegated it, or the agent itself."),
    status: z
      .enum(SESSION_STATUSES)
      .describe(
        "pending (delegated, not picked up), active, awaiting_input (the agent asked a person), stopping (a person stopped it; the agent's writes are refused), stale (silent too long; revives on its next activity); ended: stopped, complete, error.",
      ),
    status_reason: z
      .string()
      .nullable()
      .describe(
        "Why it is in its status, e.g. stop_requested, budget_exceeded, lease_lost, claim_released, taken_over_by_person, issue_closed, agent_error, silent, agent_gone.",
      ),
    unresponsive: z
      .boolean()
      .describe(
        "Live, and the agent posted nothing in the 10 seconds since the run began (shown, not a status).",
      ),
    plan: z.array(z.object({ content: z.string(), status: z.enum(PLAN_STATUSES) })),
    summary: z.string(),
    artifacts: z.array(
      z.object({
        kind: z.enum(ARTIFACT_KINDS),
        url: z.string(),
        title: z.string(),
        state: z.string().nullable(),
      }),
    ),
    usage: usageTotals.describe("The run's totals of what its activities reported."),
    activity_count: countOut.describe("Activities in its log."),
    last_activity_at: timeOut.nullable().describe("The agent's last activity."),
    stop_requested_at: timeOut.nullable(),
    stop_requested_by: z.string().nullable().describe("The person who stopped it; null for the service."),
    version: versionOut.describe(
      "1 when made, one more on each change of status, plan, summary or artifacts.",
    ),
    created_at: timeOut,
    updated_at: timeOut,
    ended_at: timeOut.nullable().describe("null while live."),
  })
  .meta({ id: "Session" });
export type SessionView = z.output<typeof sessionView>;

export const activityView = z
  .object({
    id: z.string().describe("The activity's id, sac_…"),
    client_id: z.string().describe("The id its author gave it."),
    position: z.int().min(1).describe("Its place in the run's log, growing; follow a run with `after`."),
    kind: z.enum(ACTIVITY_KINDS),
    body: z.string(),
    action: z
      .object({ name: z.string(), parameter: z.string().nullable(), result: z.string().nullable() })
      .nullable(),
    options: z.array(z.string()).nullable().describe("An elicitation's choices."),
    ephemeral: z.boolean(),
    usage: usageTotals.extend({ model: z.string().nullable() }),
    author: z
      .object({ type: z.enum(["agent", "person"]), id: z.string(), name: z.string() })
      .describe("The agent, or the person who prompted."),
    created_at: timeOut,
  })
  .meta({ id: "SessionActivity" });
export type ActivityView = z.output<typeof activityView>;

export const startedSessionView = z.object({
  session: sessionView,
  claim: claimView.describe("The claim the run is under, with its fencing token."),
  resumed: z.boolean().describe("true when you already had this live run on the issue (a retry)."),
});
export type StartedSessionView = z.output<typeof startedSessionView>;

export const postedActivitiesView = z.object({
  session: sessionView,
  activities: z.array(
    activityView.extend({
      created: z
        .boolean()
        .describe("true when this call stored it; false when its id was stored before (a retry)."),
    }),
  ),
});
export type PostedActivitiesView = z.output<typeof postedActivitiesView>;

export const promptedView = z.object({ session: sessionView, activity: activityView });

// ---------------------------------------------------------------------------------------------------
// Errors

const notSessionAgent = (row: SessionRow) =>
  new DocketError(
    403,
    "not_session_agent",
    `Run ${row.id} is ${row.agent_id}'s; only its own agent writes its activities, plan, summary, artifacts and status. People prompt it (POST /v1/sessions/${row.id}/prompts) or stop it.`,
  );

const forbidden = (description: string) => new DocketError(403, "forbidden", description);

const ended = (row: SessionRow) =>
  conflict(
    `Run ${row.id} ended (${row.status}${row.status_reason ? `, ${row.status_reason}` : ""}) at ${row.ended_at}; it takes no more changes.`,
  );

// ---------------------------------------------------------------------------------------------------
// Reading

const json = <T>(text: string | null, fallback: T): T => {
  if (text === null || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

async function namesOf(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const all = [...new Set(ids)];
  const out = new Map<string, string>();
  const cons = all.filter((i) => i.startsWith("con_"));
  const pats = all.filter((i) => i.startsWith("pat_"));
  const people = all.filter((i) => !i.startsWith("con_") && !i.startsWith("pat_"));
  if (cons.length)
    for (const r of await db
      .selectFrom("connections")
      .select(["id", "name"])
      .where("id", "in", cons)
      .execute())
      out.set(r.id, r.name);
  if (pats.length)
    for (const r of await db
      .selectFrom("personal_access_tokens")
      .select(["id", "name"])
      .where("id", "in", pats)
      .execute())
      out.set(r.id, r.name);
  if (people.length)
    for (const r of await db.selectFrom("people").select(["id", "name"]).where("id", "in", people).execute())
      out.set(r.id, r.name);
  return out;
}

async function sessionViews(ctx: Ctx, db: Db, rows: readonly SessionRow[]): Promise<SessionView[]> {
  if (rows.length === 0) return [];
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.agent_id, r.person_id, r.started_by]),
  );
  const issues = new Map(
    (
      await db
        .selectFrom("issues")
        .select(["id", "identifier", "title", "status"])
        .where("id", "in", [...new Set(rows.map((r) => r.issue_id))])
        .execute()
    ).map((i) => [i.id, i] as const),
  );
  const now = ctx.core.clock.now().getTime();
  return rows.map((r) => {
    const issue = issues.get(r.issue_id);
    const byAgent = r.started_by === r.agent_id;
    return {
      id: r.id,
      issue: issue
        ? { id: issue.id, identifier: issue.identifier, title: issue.title, status: issue.status }
        : { id: r.issue_id, identifier: "", title: "", status: "canceled" as const },
      claim: r.claim_id,
      agent: { id: r.agent_id, name: names.get(r.agent_id) ?? "" },
      person: { id: r.person_id, name: names.get(r.person_id) ?? "" },
      started_by: {
        type: byAgent ? "agent" : "person",
        id: r.started_by,
        name: names.get(r.started_by) ?? "",
      },
      status: r.status,
      status_reason: r.status_reason,
      unresponsive:
        r.ended_at === null &&
        r.last_activity_at === null &&
        now - Date.parse(r.created_at) > UNRESPONSIVE_MS,
      plan: json(r.plan, []),
      summary: r.summary,
      artifacts: json(r.artifacts, []),
      usage: {
        input_tokens: Number(r.input_tokens),
        output_tokens: Number(r.output_tokens),
        cache_read_tokens: Number(r.cache_read_tokens),
        cache_write_tokens: Number(r.cache_write_tokens),
        cost_micros: Number(r.cost_micros),
      },
      activity_count: Number(r.activity_count),
      last_activity_at: r.last_activity_at,
      stop_requested_at: r.stop_requested_at,
      stop_requested_by: r.stop_requested_by,
      version: Number(r.version),
      created_at: r.created_at,
      updated_at: r.updated_at,
      ended_at: r.ended_at,
    } satisfies SessionView;
  });
}

async function activityViews(db: Db, rows: readonly ActivityRow[]): Promise<ActivityView[]> {
  if (rows.length === 0) return [];
  const names = await namesOf(
    db,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => ({
    id: r.id,
    client_id: r.client_id,
    position: Number(r.position),
    kind: r.kind,
    body: r.body as string,
    action: r.action === null ? null : json(r.action, { name: "", parameter: null, result: null }),
    options: r.options === null ? null : json(r.options, []),
    ephemeral: Number(r.ephemeral) === 1,
    usage: {
      input_tokens: Number(r.input_tokens),
      output_tokens: Number(r.output_tokens),
      cache_read_tokens: Number(r.cache_read_tokens),
      cache_write_tokens: Number(r.cache_write_tokens),
      cost_micros: Number(r.cost_micros),
      model: r.model,
    },
    author: {
      type: r.author_id.startsWith("con_") || r.author_id.startsWith("pat_") ? "agent" : "person",
      id: r.author_id,
      name: names.get(r.author_id) ?? "",
    },
    created_at: r.created_at,
  }));
}

async function sessionRow(db: Db, ctx: Ctx, id: string, lock = false): Promise<SessionRow> {
  let q = db
    .selectFrom("agent_sessions")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id);
  if (lock && ctx.core.store.kind === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(`No session ${id} in this workspace.`);
  return row;
}

/** One run, live or ended. */
export async function getSession(ctx: Ctx, id: string): Promise<SessionView> {
  const db = ctx.core.db;
  const [view] = await sessionViews(ctx, db, [await sessionRow(db, ctx, parse(sessionId, id, "path"))]);
  return view!;
}

/** The workspace's runs, newest first, a page at a time, narrowed by issue, agent, status and person. */
export async function listSessions(ctx: Ctx, input: ListSessionsQuery = {}): Promise<Page<SessionView>> {
  const q = input;
  const db = ctx.core.db;
  let query = db
    .selectFrom("agent_sessions as s")
    .selectAll("s")
    .where("s.workspace_id", "=", ctx.workspaceId);
  if (q.issue) {
    const issue = await resolveIssue(ctx, q.issue).catch(() => undefined);
    query = query.where("s.issue_id", "=", issue?.id ?? "");
  }
  if (q.agent) query = query.where("s.agent_id", "=", q.agent === "me" ? (agentOf(ctx) ?? "") : q.agent);
  if (q.status?.length) {
    const wanted = new Set<string>(q.status.flatMap((s) => (s === "live" ? [...LIVE_STATUSES] : [s])));
    query = query.where("s.status", "in", [...wanted] as SessionRow["status"][]);
  }
  if (q.person) {
    let personId = q.person;
    if (q.person === "me") personId = ctx.actor.personId;
    else if (q.person.includes("@")) {
      const p = await db
        .selectFrom("people")
        .select("id")
        .where("email", "=", q.person.toLowerCase())
        .executeTakeFirst();
      personId = p?.id ?? "";
    }
    query = query.where("s.person_id", "=", personId);
  }
  const page = await paginate(
    query,
    "sessions",
    [
      { column: "s.created_at", direction: "desc" },
      { column: "s.id", direction: "desc" },
    ],
    { limit: q.limit ?? 50, cursor: q.cursor },
  );
  return { data: await sessionViews(ctx, db, page.data as SessionRow[]), next_cursor: page.next_cursor };
}

/** A run's log, oldest first by position, a page at a time; `after` a position follows a live run. */
export async function listActivities(
  ctx: Ctx,
  id: string,
  input: ListActivitiesQuery = {},
): Promise<Page<ActivityView>> {
  const q = input;
  const db = ctx.core.db;
  const row = await sessionRow(db, ctx, parse(sessionId, id, "path"));
  let query = db.selectFrom("session_activities as a").selectAll("a").where("a.session_id", "=", row.id);
  if (q.after !== undefined) query = query.where("a.position", ">", q.after);
  const page = await paginate(query, "session_activities", [{ column: "a.position", direction: "asc" }], {
    limit: q.limit ?? 50,
    cursor: q.cursor,
  });
  return { data: await activityViews(db, page.data as ActivityRow[]), next_cursor: page.next_cursor };
}

// ---------------------------------------------------------------------------------------------------
// Starting and delegating

/**
 * An agent starts its own run on an issue: the issue is claimed for it (or its live claim on it
 * adopted), and the run goes `active` under that claim, in one transaction. A run delegated to it and
 * waiting (`pending`) is taken up; its own live run is answered again (`resumed`). Another agent's live
 * run: 409 `session_active`. People delegate instead (403 `forbidden`).
 */
export async function startSession(ctx: Ctx, input: StartSessionInput): Promise<StartedSessionView> {
  const data = parse(startSessionInput, input, "body");
  if (agentOf(ctx) === null) {
    throw forbidden(
      "Only an agent starts its own run (with its connection or token); a person delegates one: POST /v1/issues/{id}/sessions with the agent and a prompt.",
    );
  }
  let attached: AttachedSession | undefined;
  const claim = await claimIssue(
    ctx,
    { issue: data.issue, ...(data.ttl_seconds !== undefined ? { ttl_seconds: data.ttl_seconds } : {}) },
    { session: "start", attached: (a) => (attached = a) },
  );
  if (!attached) throw conflict("The run could not be started; try again.");
  const session = await getSession(ctx, attached.id);
  const { resumed: _r, ...claimOut } = claim;
  return { session, claim: claimOut, resumed: attached.how === "resumed" };
}

/**
 * A person delegates an issue to an agent connection with a prompt: a `pending` run, the prompt its
 * first activity, until the agent claims the issue or posts to the run. The issue must be open and have
 * no live run (409 `session_active`); the agent's budget must not be spent (403 `budget_exceeded`).
 */
export async function delegateSession(
  ctx: Ctx,
  issueRefText: string,
  input: DelegateSessionInput,
): Promise<SessionView> {
  const data = parse(delegateSessionInput, input, "body");
  if (ctx.actor.via.startsWith("con_")) {
    throw forbidden("Only people delegate runs; an agent starts its own (POST /v1/sessions).");
  }
  const db = ctx.core.db;
  const id = await db.transaction().execute(async (trx) => {
    const issue = await resolveIssue(ctx, issueRefText, trx);
    if (CLOSED_STATUSES.includes(issue.status) || issue.status === "iced") {
      throw conflict(
        `${issue.identifier} is ${issue.status}; only open issues that are not iced can be delegated.`,
      );
    }
    const connection = await trx
      .selectFrom("connections")
      .select(["id", "person_id", "revoked_at"])
      .where("id", "=", data.agent)
      .where("workspace_id", "=", ctx.workspaceId)
      .executeTakeFirst();
    if (!connection || connection.revoked_at !== null) {
      throw invalid(`agent: no live agent connection ${data.agent} in this workspace`, {
        agent: `no live agent connection ${data.agent} in this workspace`,
      });
    }
    const live = await liveSessionOfIssue(trx, issue.id);
    if (live) throw sessionActive(live, issue.identifier);
    await assertWithinBudget(trx, ctx, { agentId: connection.id, spaceId: issue.space_id });
    const now = ctx.core.clock.now().toISOString();
    const row = await insertSession(trx, ctx, {
      issue,
      claimId: null,
      agentId: connection.id,
      personId: connection.person_id,
      startedBy: ctx.actor.personId,
      status: "pending",
      now,
    });
    await storeActivity(trx, ctx, row, {
      clientId: `prompt-${row.id}`,
      kind: "prompt",
      body: data.prompt,
      author: ctx.actor.personId,
      now,
    });
    await trx
      .updateTable("agent_sessions")
      .set({ next_position: 2, activity_count: 1 })
      .where("id", "=", row.id)
      .execute();
    return row.id;
  });
  return getSession(ctx, id);
}

/** Inserts one activity at the run's next position (the caller moves `next_position` on). */
async function storeActivity(
  trx: Transaction<Database>,
  ctx: Ctx,
  row: SessionRow,
  a: {
    clientId: string;
    kind: ActivityRow["kind"];
    body: string;
    author: string;
    now: string;
    position?: number;
  },
): Promise<ActivityRow> {
  const activity: ActivityRow = {
    id: newId("sac", new Date(a.now)),
    workspace_id: ctx.workspaceId,
    session_id: row.id,
    client_id: a.clientId,
    position: a.position ?? Number(row.next_position),
    kind: a.kind,
    body: a.body,
    action: null,
    options: null,
    ephemeral: 0,
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    cost_micros: 0,
    model: null,
    author_id: a.author,
    author_via: ctx.actor.via,
    created_at: a.now,
  };
  await trx.insertInto("session_activities").values(activity).execute();
  await sessionEvent(
    trx,
    ctx,
    "session.activity",
    row,
    { activity_id: activity.id, kind: activity.kind, position: activity.position },
    a.now,
  );
  return activity;
}

// ---------------------------------------------------------------------------------------------------
// The agent's writes

/** The run, checked to be the caller's own (403 `not_session_agent` otherwise). */
async function ownSession(ctx: Ctx, id: string): Promise<SessionRow> {
  const row = await sessionRow(ctx.core.db, ctx, parse(sessionId, id, "path"));
  if (agentOf(ctx) !== row.agent_id) throw notSessionAgent(row);
  return row;
}

/** A run delegated to the caller and still waiting is taken up first: it claims the issue. */
async function pickUp(ctx: Ctx, row: SessionRow): Promise<void> {
  if (row.status !== "pending") return;
  await claimIssue(ctx, { issue: row.issue_id }, { session: "adopt" });
}

async function identifierOf(db: Db, issueId: string): Promise<string> {
  const r = await db.selectFrom("issues").select("identifier").where("id", "=", issueId).executeTakeFirst();
  return r?.identifier ?? issueId;
}

/**
 * Renews the lease of the run's claim (as a heartbeat would, for the claim's own time to live), or
 * refuses: a claim ended or run out is 409 `lease_lost`.
 */
async function renewLease(trx: Transaction<Database>, row: SessionRow, now: string): Promise<void> {
  const claim = row.claim_id
    ? await trx.selectFrom("claims").selectAll().where("id", "=", row.claim_id).executeTakeFirst()
    : undefined;
  if (!claim || claim.ended_at !== null || claim.expires_at <= now) {
    throw leaseLost(
      `The claim of run ${row.id} ${claim?.ended_at ? `ended (${claim.end_reason})` : "ran out"}; nothing was stored. Start a new run (POST /v1/sessions) if the issue is still yours to work on.`,
    );
  }
  const ttl = Date.parse(claim.expires_at) - Date.parse(claim.heartbeat_at ?? claim.created_at);
  const expires = new Date(Date.parse(now) + ttl).toISOString();
  await trx
    .updateTable("claims")
    .set({ expires_at: expires, heartbeat_at: now })
    .where("id", "=", claim.id)
    .where("ended_at", "is", null)
    .execute();
  await trx
    .updateTable("issues")
    .set({ claim_expires_at: expires })
    .where("id", "=", claim.issue_id)
    .where("claim_id", "=", claim.id)
    .execute();
}

/**
 * Ends the run as the agent's last word says and gives its claim back: `stopped` when a person had
 * stopped it, else `complete` or `error`.
 */
async function finish(
  trx: Transaction<Database>,
  ctx: Ctx,
  row: SessionRow,
  status: "complete" | "error",
  now: string,
  changes: Partial<SessionRow> = {},
): Promise<void> {
  const stopping = row.status === "stopping";
  await endSession(
    trx,
    ctx,
    row.id,
    stopping ? "stopped" : status,
    stopping ? row.status_reason : status === "error" ? "agent_error" : null,
    now,
    changes,
  );
  if (row.claim_id) await endClaim(ctx, trx, row.claim_id, stopping ? "stopped" : "released", now);
}

function checkBatch(activities: z.output<typeof postActivitiesInput>["activities"]): void {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  activities.forEach((a, i) => {
    const at = `activities[${i}]`;
    if (seen.has(a.id)) fields[`${at}.id`] = `repeats ${a.id} of an earlier activity in this batch`;
    seen.add(a.id);
    if (a.ephemeral && a.kind !== "thought" && a.kind !== "action")
      fields[`${at}.ephemeral`] = "only a thought or an action may be ephemeral";
    if (a.ephemeral && a.usage)
      fields[`${at}.usage`] =
        "an ephemeral activity is replaced by the next one and cannot carry usage; report it on a kept activity";
    if (a.kind === "action" && !a.action) fields[`${at}.action`] = "is required for kind action";
    if (a.kind !== "action" && a.action) fields[`${at}.action`] = "is for kind action only";
    if (a.kind !== "elicitation" && a.options) fields[`${at}.options`] = "is for kind elicitation only";
  });
  const keys = Object.keys(fields);
  if (keys.length > 0) throw invalid(keys.map((k) => `${k}: ${fields[k]}`).join("; "), fields);
}

/**
 * The agent posts a batch of activities (1 to 50) to its run. An id stored before is not stored again
 * (a retried batch); the answer lists every activity of the batch, saying which this call stored. Usage
 * reported with them is summed onto the run; the claim's lease is renewed. A pending run is taken up
 * first (it claims the issue); a stale one revives; an elicitation makes it `awaiting_input` and tells
 * the accountable person. While stopping, only the last word is taken (response or error activities
 * alone), which ends the run `stopped` and releases the claim; anything else is 409 `session_stopped`.
 */
export async function postActivities(
  ctx: Ctx,
  id: string,
  input: PostActivitiesInput,
): Promise<PostedActivitiesView> {
  const data = parse(postActivitiesInput, input, "body");
  checkBatch(data.activities);
  const first = await ownSession(ctx, id);
  await pickUp(ctx, first);
  const db = ctx.core.db;
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await sessionRow(trx, ctx, first.id, true);
    if (row.ended_at !== null) throw ended(row);
    const ids = data.activities.map((a) => a.id);
    const before = await trx
      .selectFrom("session_activities")
      .selectAll()
      .where("session_id", "=", row.id)
      .where("client_id", "in", ids)
      .execute();
    const known = new Map(before.map((a) => [a.client_id, a] as const));
    const fresh = data.activities.filter((a) => !known.has(a.id));
    if (fresh.length === 0) return { row, stored: new Map<string, ActivityRow>(), known };
    const now = ctx.core.clock.now().toISOString();
    const stopping = row.status === "stopping";
    if (stopping) {
      if (fresh.some((a) => a.kind !== "response" && a.kind !== "error"))
        throw sessionStopped(row, await identifierOf(trx, row.issue_id));
    } else {
      await renewLease(trx, row, now);
    }
    const stored = new Map<string, ActivityRow>();
    let position = Number(row.next_position);
    const sums = {
      input_tokens: 0,
      output_tokens: 0,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      cost_micros: 0,
    };
    for (const a of fresh) {
      const u = a.usage;
      const activity: ActivityRow = {
        id: newId("sac", new Date(now)),
        workspace_id: ctx.workspaceId,
        session_id: row.id,
        client_id: a.id,
        position: position++,
        kind: a.kind,
        body: a.body,
        action: a.action
          ? JSON.stringify({
              name: a.action.name,
              parameter: a.action.parameter ?? null,
              result: a.action.result ?? null,
            })
          : null,
        options: a.options ? JSON.stringify(a.options) : null,
        ephemeral: a.ephemeral ? 1 : 0,
        input_tokens: u?.input_tokens ?? 0,
        output_tokens: u?.output_tokens ?? 0,
        cache_read_tokens: u?.cache_read_tokens ?? 0,
        cache_write_tokens: u?.cache_write_tokens ?? 0,
        cost_micros: u?.cost_micros ?? 0,
        model: u?.model ?? null,
        author_id: row.agent_id,
        author_via: ctx.actor.via,
        created_at: now,
      };
      for (const k of Object.keys(sums) as (keyof typeof sums)[]) sums[k] += Number(activity[k]);
      stored.set(a.id, activity);
    }
    await trx
      .insertInto("session_activities")
      .values([...stored.values()])
      .execute();
    // only the latest ephemeral activity is kept
    let deleted = 0;
    const lastEphemeral = [...stored.values()].filter((a) => a.ephemeral === 1).at(-1);
    if (lastEphemeral) {
      const gone = await trx
        .deleteFrom("session_activities")
        .where("session_id", "=", row.id)
        .where("ephemeral", "=", 1)
        .where("id", "<>", lastEphemeral.id)
        .executeTakeFirst();
      deleted = Number(gone.numDeletedRows);
    }
    await trx
      .updateTable("agent_sessions")
      .set((eb) => ({
        input_tokens: eb("input_tokens", "+", sums.input_tokens),
        output_tokens: eb("output_tokens", "+", sums.output_tokens),
        cache_read_tokens: eb("cache_read_tokens", "+", sums.cache_read_tokens),
        cache_write_tokens: eb("cache_write_tokens", "+", sums.cache_write_tokens),
        cost_micros: eb("cost_micros", "+", sums.cost_micros),
        activity_count: eb("activity_count", "+", stored.size - deleted),
        next_position: position,
        last_activity_at: now,
        updated_at: now,
      }))
      .where("id", "=", row.id)
      .execute();
    // one insert for the batch's events (one statement, where an insert each cost a round trip each)
    await emitEvents(
      trx,
      ctx,
      [...stored.values()]
        .filter((a) => a.ephemeral !== 1)
        .map((a) =>
          sessionEventInput(
            "session.activity",
            row,
            { activity_id: a.id, kind: a.kind, position: a.position },
            now,
          ),
        ),
    );
    const current = { ...row, next_position: position, last_activity_at: now };
    if (stopping) {
      await finish(trx, ctx, current, fresh.some((a) => a.kind === "error") ? "error" : "complete", now);
    } else {
      const question = fresh.filter((a) => a.kind === "elicitation").at(-1);
      if (question) {
        if (await setLiveStatus(trx, ctx, current, "awaiting_input", null, now)) {
          const identifier = await identifierOf(trx, row.issue_id);
          await notify(
            trx,
            ctx,
            [
              {
                personId: row.person_id,
                kind: "session_awaiting_input",
                subject: { type: "session", id: row.id },
                issueId: row.issue_id,
                title: `${await agentName(trx, row.agent_id)} waits for your answer on ${identifier}`,
                excerpt: excerptOf(question.body || "(a question without text)"),
              },
            ],
            { evenSelf: true },
          );
        }
      } else if (row.status === "stale") {
        await setLiveStatus(trx, ctx, current, "active", null, now);
      }
      if (Object.values(sums).some((n) => n > 0))
        await afterUsage(trx, ctx, { agentId: row.agent_id, spaceId: row.space_id, at: now });
    }
    return { row, stored, known };
  });
  const views = await activityViews(db, [...outcome.known.values(), ...outcome.stored.values()]);
  const byClient = new Map(views.map((v) => [v.client_id, v] as const));
  return {
    session: await getSession(ctx, first.id),
    activities: data.activities.map((a) => ({ ...byClient.get(a.id)!, created: outcome.stored.has(a.id) })),
  };
}

/**
 * The agent changes its run: the plan, summary and artifacts (each replaced whole), and ends it with
 * `status` complete (a response activity must be in the log, or sent here as `response`) or error; the
 * claim is then released. With If-Match only if nobody changed the run since (else 412). While stopping
 * only an ending change is taken (it ends the run `stopped`); anything else is 409 `session_stopped`.
 */
export async function updateSession(
  ctx: Ctx,
  id: string,
  input: UpdateSessionInput,
  ifMatch?: number[],
): Promise<SessionView> {
  const data = parse(updateSessionInput, input, "body");
  const first = await ownSession(ctx, id);
  if (data.response !== undefined && data.status !== "complete" && data.status !== "error") {
    throw invalid("response: ends the run; send it with status complete (or error)", {
      response: "is sent with status complete (or error)",
    });
  }
  await pickUp(ctx, first);
  await ctx.core.db.transaction().execute(async (trx) => {
    const row = await sessionRow(trx, ctx, first.id, true);
    checkIfMatch(ifMatch, Number(row.version), `Session ${row.id}`);
    if (row.ended_at !== null) throw ended(row);
    const now = ctx.core.clock.now().toISOString();
    if (row.status === "stopping" && data.status === undefined)
      throw sessionStopped(row, await identifierOf(trx, row.issue_id));
    const changes: Partial<SessionRow> = {};
    if (data.plan !== undefined) changes.plan = JSON.stringify(data.plan);
    if (data.summary !== undefined) changes.summary = data.summary;
    if (data.artifacts !== undefined) changes.artifacts = JSON.stringify(data.artifacts);
    if (data.status !== undefined) {
      let current = row;
      if (data.response !== undefined) {
        const activity = await storeActivity(trx, ctx, row, {
          clientId: `response-${newId("rsp", new Date(now)).slice(4)}`,
          kind: "response",
          body: data.response,
          author: row.agent_id,
          now,
        });
        current = {
          ...row,
          next_position: activity.position + 1,
          activity_count: Number(row.activity_count) + 1,
          last_activity_at: now,
        };
        changes.next_position = current.next_position;
        changes.activity_count = current.activity_count;
        changes.last_activity_at = now;
      } else if (data.status === "complete" && row.status !== "stopping") {
        const answered = await trx
          .selectFrom("session_activities")
          .select("id")
          .where("session_id", "=", row.id)
          .where("kind", "=", "response")
          .executeTakeFirst();
        if (!answered) {
          throw invalid(
            "status: complete needs the run's answer: post a response activity first, or send response with it",
            { status: "complete needs a response activity (post one, or send response)" },
          );
        }
      }
      await finish(trx, ctx, current, data.status, now, changes);
      return;
    }
    if (Object.keys(changes).length === 0 && row.status !== "stale") return;
    const updated = await trx
      .updateTable("agent_sessions")
      .set((eb) => ({
        ...changes,
        ...(row.status === "stale" ? { status: "active" as const, status_reason: null } : {}),
        updated_at: now,
        version: eb("version", "+", 1),
      }))
      .where("id", "=", row.id)
      .where("ended_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (updated)
      await sessionEvent(
        trx,
        ctx,
        "session.updated",
        updated,
        { changed: Object.keys(changes), from: row.status },
        now,
      );
  });
  return getSession(ctx, first.id);
}

// ---------------------------------------------------------------------------------------------------
// People's writes

/** Whether the caller acts as a person on this run: not an agent connection, not the run's own token. */
const asPerson = (ctx: Ctx, row: SessionRow) =>
  !ctx.actor.via.startsWith("con_") && ctx.actor.via !== row.agent_id;

/**
 * A person tells the agent something: a `prompt` activity (an answer to its question, or a steer). A run
 * awaiting input (or stale) goes back to `active`. Only people (403 `forbidden` for agents); a run that
 * ended or is stopping takes none (409 `conflict`).
 */
export async function postPrompt(
  ctx: Ctx,
  id: string,
  input: PostPromptInput,
): Promise<z.output<typeof promptedView>> {
  const data = parse(postPromptInput, input, "body");
  const first = await sessionRow(ctx.core.db, ctx, parse(sessionId, id, "path"));
  if (!asPerson(ctx, first))
    throw forbidden("Only people prompt a run; an agent posts activities to its own.");
  const activityId = await ctx.core.db.transaction().execute(async (trx) => {
    const row = await sessionRow(trx, ctx, first.id, true);
    if (row.ended_at !== null) throw ended(row);
    if (row.status === "stopping")
      throw conflict(`Run ${row.id} is stopping (${row.status_reason}); it takes no prompts.`);
    const now = ctx.core.clock.now().toISOString();
    const clientId = data.id ?? `prompt-${newId("prm", new Date(now)).slice(4)}`;
    const again = await trx
      .selectFrom("session_activities")
      .select("id")
      .where("session_id", "=", row.id)
      .where("client_id", "=", clientId)
      .executeTakeFirst();
    if (again) return again.id;
    const activity = await storeActivity(trx, ctx, row, {
      clientId,
      kind: "prompt",
      body: data.body,
      author: ctx.actor.personId,
      now,
    });
    const moved = { next_position: activity.position + 1, activity_count: Number(row.activity_count) + 1 };
    if (row.status === "awaiting_input" || row.status === "stale") {
      await setLiveStatus(trx, ctx, row, "active", null, now, moved);
    } else {
      await trx.updateTable("agent_sessions").set(moved).where("id", "=", row.id).execute();
    }
    return activity.id;
  });
  const activity = await ctx.core.db
    .selectFrom("session_activities")
    .selectAll()
    .where("id", "=", activityId)
    .executeTakeFirstOrThrow();
  const [view] = await activityViews(ctx.core.db, [activity]);
  return { session: await getSession(ctx, first.id), activity: view! };
}

/**
 * A person stops a run: the accountable person, the person who delegated it, or a workspace admin;
 * never an agent (403 `forbidden`). It goes `stopping` and every write of the agent under it and its
 * claim is refused from then on (409 `session_stopped`), on every instance; its last word or 60 seconds
 * end it `stopped` and release the claim. A pending run ends `stopped` at once. A run already stopping
 * or ended is answered as it is.
 */
export async function stopSession(ctx: Ctx, id: string): Promise<SessionView> {
  const row = await sessionRow(ctx.core.db, ctx, parse(sessionId, id, "path"));
  if (!asPerson(ctx, row))
    throw forbidden("Only people stop runs; an agent ends its own (PATCH with status).");
  const me = ctx.actor.personId;
  if (row.person_id !== me && row.started_by !== me && !isAdminRole(await roleIn(ctx))) {
    throw forbidden(
      `Only the person accountable for run ${row.id}, the person who delegated it, or a workspace admin may stop it.`,
    );
  }
  await ctx.core.db.transaction().execute((trx) => requestStop(trx, ctx, row.id, "stop_requested", me));
  return getSession(ctx, row.id);
}

// ---------------------------------------------------------------------------------------------------
// Housekeeping

export interface RunsSweep {
  /** stopping runs past their 60 seconds, ended `stopped` with their claim released */
  stopped: number;
  /** silent runs made `stale` */
  stale: number;
  /** pending runs whose agent's connection or token ended, ended `error` */
  orphaned: number;
}

const ctxOfRow = (core: Core, row: SessionRow, personId: string, via: string): Ctx => ({
  core,
  workspaceId: row.workspace_id,
  actor: { personId, via },
});

/**
 * The runs' housekeeping: a stopping run 60 seconds past its Stop ends `stopped` and its claim is
 * released; an active run silent for its space's `session_stale_minutes` goes `stale` (and its person
 * is told); a pending run whose agent connection (or token) ended ends `error` (`agent_gone`).
 */
export async function sweepRuns(core: Core, limit = 500): Promise<RunsSweep> {
  const db = core.db;
  const nowDate = core.clock.now();
  const now = nowDate.toISOString();
  const report: RunsSweep = { stopped: 0, stale: 0, orphaned: 0 };

  const stopping = await db
    .selectFrom("agent_sessions")
    .selectAll()
    .where("ended_at", "is", null)
    .where("status", "=", "stopping")
    .where("stop_requested_at", "<=", new Date(nowDate.getTime() - STOP_GRACE_MS).toISOString())
    .limit(limit)
    .execute();
  for (const row of stopping) {
    const claim = row.claim_id
      ? await db
          .selectFrom("claims")
          .select(["person_id", "via"])
          .where("id", "=", row.claim_id)
          .executeTakeFirst()
      : undefined;
    const ctx = ctxOfRow(core, row, claim?.person_id ?? row.person_id, claim?.via ?? row.agent_id);
    await db.transaction().execute(async (trx) => {
      const done = await endSession(trx, ctx, row.id, "stopped", row.status_reason, now);
      if (!done) return;
      report.stopped++;
      if (row.claim_id) await endClaim(ctx, trx, row.claim_id, "stopped", now);
    });
  }

  const minutes = await db.selectFrom("spaces").select("session_stale_minutes").distinct().execute();
  for (const { session_stale_minutes: m } of minutes) {
    const before = new Date(nowDate.getTime() - Number(m) * 60_000).toISOString();
    const silent = await db
      .selectFrom("agent_sessions as s")
      .innerJoin("spaces as sp", "sp.id", "s.space_id")
      .selectAll("s")
      .where("s.ended_at", "is", null)
      .where("s.status", "=", "active")
      .where("sp.session_stale_minutes", "=", m)
      .where(sql<boolean>`coalesce(s.last_activity_at, s.created_at) <= ${before}`)
      .limit(limit)
      .execute();
    for (const row of silent) {
      const ctx = ctxOfRow(core, row, row.person_id, row.agent_id);
      await db.transaction().execute(async (trx) => {
        let lock = trx.selectFrom("agent_sessions").selectAll().where("id", "=", row.id);
        if (core.store.kind === "postgres") lock = lock.forUpdate();
        const current = await lock.executeTakeFirst();
        if (!current || current.status !== "active" || current.ended_at !== null) return;
        if ((current.last_activity_at ?? current.created_at) > before) return;
        if (!(await setLiveStatus(trx, ctx, current, "stale", "silent", now))) return;
        report.stale++;
        await notify(
          trx,
          ctx,
          [
            {
              personId: row.person_id,
              kind: "session_stale",
              subject: { type: "session", id: row.id },
              issueId: row.issue_id,
              title: `${await agentName(trx, row.agent_id)}'s run on ${await identifierOf(trx, row.issue_id)} went silent`,
              excerpt: `No activity for ${m} minutes (since ${current.last_activity_at ?? current.created_at}).`,
            },
          ],
          { evenSelf: true },
        );
      });
    }
  }

  const orphans = await db
    .selectFrom("agent_sessions as s")
    .leftJoin("connections as c", "c.id", "s.agent_id")
    .leftJoin("personal_access_tokens as t", "t.id", "s.agent_id")
    .selectAll("s")
    .where("s.ended_at", "is", null)
    .where("s.status", "=", "pending")
    .where((eb) =>
      eb.or([
        eb("c.revoked_at", "is not", null),
        eb("t.revoked_at", "is not", null),
        eb.and([eb("t.expires_at", "is not", null), eb("t.expires_at", "<=", now)]),
      ]),
    )
    .limit(limit)
    .execute();
  for (const row of orphans) {
    const ctx = ctxOfRow(core, row, row.person_id, row.agent_id);
    await db.transaction().execute(async (trx) => {
      if (await endSession(trx, ctx, row.id, "error", "agent_gone", now)) report.orphaned++;
    });
  }
  return report;
}
