import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { BudgetsTable, Database } from "../db/schema.ts";
import { isUniqueViolation } from "../db/store.ts";
import { conflict, DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { checkIfMatch, countOut, lostRace, objectId, timeOut, touched, versionOut } from "./common.ts";
import { actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";
import { emitEvent } from "./events.ts";
import { notify } from "./inbox.ts";
import { byCreation, type Page, pageQuery, paginate } from "./pagination.ts";
import { requestStop } from "./session-state.ts";
import {
  addUsage,
  monthBounds,
  monthOf,
  namesOf,
  sumsOf,
  type UsageSums,
  usageSums,
  ZERO_USAGE,
} from "./usage.ts";
import { isAdminRole, roleIn } from "./webhook-access.ts";

/**
 * Budgets: a monthly limit on what one agent (its connection `con_…`, or the token `pat_…` of a scripted
 * agent) or one space may spend, in cost (`cost_micros_limit`, millionths of the currency unit) and/or
 * tokens (`token_limit`: input + output + cache reads + cache writes). A month is a calendar month in
 * UTC; what a budget has spent is the usage the agents reported with their activities since the first of
 * the month 00:00 UTC, so each month starts from nothing.
 *
 * At 80% of a limit (either limit: the budget's percent is the larger share) the budget gives a
 * `budget.warning` event and an inbox item, once a month; at 100% a `budget.exceeded` event and an inbox
 * item, once a month, and from then on the agent's (or, for a space, every agent's in that space) new
 * claims and runs are refused with 403 `budget_exceeded` and its live runs are asked to stop. The item
 * goes to the agent's accountable person (the person who approved the connection, or the token's
 * person) for an agent's budget, and to the workspace's admins and Owner for a space's.
 *
 * One budget per agent and per space. The workspace's admins and its Owner make, change and delete
 * budgets, as themselves: an agent connection may not (it could raise its own limit), nor a token
 * change its own budget. Every member and agent reads them.
 */

type Db = Kysely<Database> | Transaction<Database>;
type BudgetRow = Selectable<BudgetsTable>;

export const budgetId = objectId("bud", "budget");

/** The share of a limit at which a budget warns, in percent. */
export const WARNING_PERCENT = 80;

export const BUDGET_STATES = ["ok", "warning", "exceeded"] as const;
export type BudgetState = (typeof BUDGET_STATES)[number];

const agentRef = z
  .string({ error: "must be an agent connection's id (con_…) or a personal access token's id (pat_…)" })
  .trim()
  .regex(/^(con|pat)_[0-9A-Z]{26}$/, {
    error: "must be an agent connection's id (con_…) or a personal access token's id (pat_…)",
  })
  .meta({ examples: ["con_01JQ3Z8X4K7M2N5P6R8S9T0V1W"] });

const spaceRef = z
  .string({ error: "must be a space prefix such as ENG, or a space id (spc_…)" })
  .trim()
  .regex(/^([A-Za-z][A-Za-z0-9]{1,9}|spc_[0-9A-Z]{26})$/, {
    error: "must be a space prefix such as ENG, or a space id (spc_…)",
  })
  .transform((s) => (s.startsWith("spc_") ? s : s.toUpperCase()));

const limit = (what: string) =>
  z
    .number({ error: "must be a positive whole number" })
    .int({ error: "must be a positive whole number" })
    .min(1, { error: "must be a positive whole number (leave it out, or null on a change, for no limit)" })
    .max(Number.MAX_SAFE_INTEGER, { error: `must be at most ${Number.MAX_SAFE_INTEGER}` })
    .describe(what);

const COST_LIMIT = limit(
  "The month's limit on cost, in millionths of the currency unit the agents report in (15000000 = 15.00).",
).meta({ examples: [15_000_000] });
const TOKEN_LIMIT = limit(
  "The month's limit on tokens: input + output + cache reads + cache writes, all counted.",
).meta({ examples: [20_000_000] });

export const createBudgetInput = z
  .strictObject({
    agent: agentRef
      .optional()
      .describe(
        "The agent the budget limits: its connection (con_…), or the personal access token (pat_…) a scripted agent uses. Give agent or space, not both.",
      ),
    space: spaceRef
      .optional()
      .describe(
        "The space the budget limits (its prefix, or spc_…): every agent's runs on its issues together.",
      ),
    cost_micros_limit: COST_LIMIT.optional(),
    token_limit: TOKEN_LIMIT.optional(),
  })
  .meta({
    examples: [
      { agent: "con_01JQ3Z8X4K7M2N5P6R8S9T0V1W", cost_micros_limit: 15_000_000, token_limit: 20_000_000 },
    ],
  });
export type CreateBudgetInput = z.input<typeof createBudgetInput>;

export const updateBudgetInput = z.strictObject({
  cost_micros_limit: COST_LIMIT.nullable()
    .optional()
    .describe(
      "The month's limit on cost in millionths of the currency unit; null removes it (the other limit must remain).",
    ),
  token_limit: TOKEN_LIMIT.nullable()
    .optional()
    .describe("The month's limit on tokens (all four kinds); null removes it (the other limit must remain)."),
});
export type UpdateBudgetInput = z.input<typeof updateBudgetInput>;

export const listBudgetsQuery = z.strictObject({
  agent: agentRef.optional().describe("Only the budget of this agent (con_… or pat_…)."),
  space: spaceRef.optional().describe("Only the budget of this space (its prefix, or spc_…)."),
  ...pageQuery,
});
export type ListBudgetsQuery = z.input<typeof listBudgetsQuery>;

export const budgetParams = z.strictObject({ id: budgetId });

const spentView = z
  .object({
    cost_micros: countOut.describe("Cost this month, in millionths of the currency unit."),
    tokens: countOut.describe("Tokens this month: input + output + cache reads + cache writes."),
    input_tokens: countOut,
    output_tokens: countOut,
    cache_read_tokens: countOut,
    cache_write_tokens: countOut,
  })
  .describe("What the agent (or the space's agents) reported since the first of the month 00:00 UTC.");

export const budgetView = z
  .object({
    id: z.string().describe("The budget's id, bud_…"),
    scope: z
      .object({
        type: z.enum(["agent", "space"]),
        id: z.string().describe("The agent's id (con_… or pat_…) or the space's (spc_…)."),
        name: z.string().nullable().describe("The agent connection's or token's name, or the space's name."),
        prefix: z.string().nullable().describe("The space's prefix (ENG); null for an agent."),
      })
      .describe("What the budget limits: one agent, or one space's agents together."),
    cost_micros_limit: z
      .int()
      .min(1)
      .nullable()
      .describe("The month's limit on cost, in millionths of the currency unit; null: no limit on cost."),
    token_limit: z
      .int()
      .min(1)
      .nullable()
      .describe("The month's limit on tokens (all four kinds); null: no limit on tokens."),
    month: z.string().describe("The month the figures are for, YYYY-MM (UTC): the current one."),
    resets_at: timeOut.describe("When the month ends and spending starts again from nothing (UTC)."),
    spent: spentView,
    percent: z
      .number()
      .min(0)
      .describe(
        "How much of the budget is spent, in percent, rounded down to 0.1: the larger of cost/cost_micros_limit and tokens/token_limit. Above 100 once overspent (runs stop at their next report, so a little may be spent past the limit).",
      ),
    state: z
      .enum(BUDGET_STATES)
      .describe(
        `ok; warning: at least ${WARNING_PERCENT}% spent; exceeded: a limit reached (the agent's new claims and runs are refused with 403 budget_exceeded and its live runs are stopped until the month ends or the limit is raised).`,
      ),
    version: versionOut,
    created_by: z.object({ person_id: z.string(), via: z.string() }),
    updated_by: z.object({ person_id: z.string(), via: z.string() }),
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "Budget" });
export type BudgetView = z.output<typeof budgetView>;

export const deletedBudgetView = z.object({ id: z.string(), deleted: z.literal(true) });

// ---------------------------------------------------------------------------------------------------
// What a budget has spent this month

interface Scope {
  type: "agent" | "space";
  id: string;
}

const scopeKey = (s: Scope) => `${s.type}:${s.id}`;

/**
 * What each scope spent in the month of `at` (UTC): the totals of the runs that started in the month,
 * plus the activities stored in the month of runs that started before it and were live at its start. The
 * same sum as the month's activities, read from the runs' totals so a check costs the number of runs,
 * not of activities (an agent reports thousands of activities a day).
 */
export async function monthSpent(
  db: Db,
  ctx: Ctx,
  scopes: readonly Scope[],
  at: Date,
): Promise<Map<string, UsageSums>> {
  const { start, end } = monthBounds(at);
  const out = new Map<string, UsageSums>();
  for (const s of scopes) out.set(scopeKey(s), ZERO_USAGE);
  for (const type of ["agent", "space"] as const) {
    const ids = [...new Set(scopes.filter((s) => s.type === type).map((s) => s.id))];
    if (ids.length === 0) continue;
    const column = type === "agent" ? "agent_id" : "space_id";
    const started = await db
      .selectFrom("agent_sessions as s")
      .select([sql.ref<string>(`s.${column}`).as("key"), ...usageSums("s")])
      .where("s.workspace_id", "=", ctx.workspaceId)
      .where(`s.${column}`, "in", ids)
      .where("s.created_at", ">=", start)
      .where("s.created_at", "<", end)
      .groupBy(`s.${column}`)
      .execute();
    const carried = await db
      .selectFrom("session_activities as a")
      .innerJoin("agent_sessions as s", "s.id", "a.session_id")
      .select([sql.ref<string>(`s.${column}`).as("key"), ...usageSums("a")])
      .where("s.workspace_id", "=", ctx.workspaceId)
      .where(`s.${column}`, "in", ids)
      .where("s.created_at", "<", start)
      .where((eb) => eb.or([eb("s.ended_at", "is", null), eb("s.ended_at", ">=", start)]))
      .where("a.created_at", ">=", start)
      .where("a.created_at", "<", end)
      .groupBy(`s.${column}`)
      .execute();
    for (const r of [...started, ...carried]) {
      const key = scopeKey({ type, id: String(r.key) });
      out.set(key, addUsage(out.get(key) ?? ZERO_USAGE, sumsOf(r)));
    }
  }
  return out;
}

interface Standing {
  percent: number;
  state: BudgetState;
}

/** How much of `b` the spending `spent` uses: the larger share of its limits, and its state. */
export function standing(
  b: Pick<BudgetRow, "cost_micros_limit" | "token_limit">,
  spent: UsageSums,
): Standing {
  const pairs: [number, number][] = [];
  if (b.cost_micros_limit !== null) pairs.push([spent.cost_micros, Number(b.cost_micros_limit)]);
  if (b.token_limit !== null) pairs.push([spent.tokens, Number(b.token_limit)]);
  let percent = 0;
  let state: BudgetState = "ok";
  for (const [used, max] of pairs) {
    percent = Math.max(percent, Math.floor((used * 1000) / max) / 10);
    // whole-number comparisons: no rounding decides a refusal
    if (used >= max) state = "exceeded";
    else if (state === "ok" && used * 100 >= max * WARNING_PERCENT) state = "warning";
  }
  return { percent, state };
}

// ---------------------------------------------------------------------------------------------------
// Views

async function views(db: Db, ctx: Ctx, rows: readonly BudgetRow[]): Promise<BudgetView[]> {
  const at = ctx.core.clock.now();
  const { end } = monthBounds(at);
  const month = monthOf(at);
  const spent = await monthSpent(
    db,
    ctx,
    rows.map((r) => ({ type: r.scope_type, id: r.scope_id })),
    at,
  );
  const agents = await namesOf(
    db,
    ctx,
    "agent",
    rows.filter((r) => r.scope_type === "agent").map((r) => r.scope_id),
  );
  const spaces = await namesOf(
    db,
    ctx,
    "space",
    rows.filter((r) => r.scope_type === "space").map((r) => r.scope_id),
  );
  return rows.map((r) => {
    const s = spent.get(scopeKey({ type: r.scope_type, id: r.scope_id })) ?? ZERO_USAGE;
    const named = (r.scope_type === "agent" ? agents : spaces).get(r.scope_id);
    const { percent, state } = standing(r, s);
    return {
      id: r.id,
      scope: {
        type: r.scope_type,
        id: r.scope_id,
        name: named?.name ?? null,
        prefix: r.scope_type === "space" ? (named?.identifier ?? null) : null,
      },
      cost_micros_limit: r.cost_micros_limit === null ? null : Number(r.cost_micros_limit),
      token_limit: r.token_limit === null ? null : Number(r.token_limit),
      month,
      resets_at: end,
      spent: {
        cost_micros: s.cost_micros,
        tokens: s.tokens,
        input_tokens: s.input_tokens,
        output_tokens: s.output_tokens,
        cache_read_tokens: s.cache_read_tokens,
        cache_write_tokens: s.cache_write_tokens,
      },
      percent,
      state,
      version: Number(r.version),
      created_by: actorView(r.created_by, r.created_via),
      updated_by: actorView(r.updated_by, r.updated_via),
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

async function viewOf(db: Db, ctx: Ctx, row: BudgetRow): Promise<BudgetView> {
  return (await views(db, ctx, [row]))[0]!;
}

// ---------------------------------------------------------------------------------------------------
// Reading

async function budgetRow(db: Db, ctx: Ctx, id: string): Promise<BudgetRow> {
  const row = await db
    .selectFrom("budgets")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No budget ${id} in this workspace.`);
  return row;
}

/** The workspace's space with this prefix or id, or undefined. */
async function spaceOf(db: Db, ctx: Ctx, ref: string) {
  return db
    .selectFrom("spaces")
    .select(["id", "prefix"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where(ref.startsWith("spc_") ? "id" : "prefix", "=", ref)
    .executeTakeFirst();
}

/** The workspace's budgets, oldest first, with what each spent this month. */
export async function listBudgets(ctx: Ctx, input: ListBudgetsQuery = {}): Promise<Page<BudgetView>> {
  const q = parse(listBudgetsQuery, input);
  const db = ctx.core.db;
  let query = db.selectFrom("budgets as b").selectAll("b").where("b.workspace_id", "=", ctx.workspaceId);
  if (q.agent !== undefined)
    query = query.where("b.scope_type", "=", "agent").where("b.scope_id", "=", q.agent);
  if (q.space !== undefined) {
    const space = await spaceOf(db, ctx, q.space);
    if (!space) return { data: [], next_cursor: null };
    query = query.where("b.scope_type", "=", "space").where("b.scope_id", "=", space.id);
  }
  const page = await paginate(query, "budgets:created", byCreation("b", "asc"), q);
  return { data: await views(db, ctx, page.data), next_cursor: page.next_cursor };
}

export async function getBudget(ctx: Ctx, id: string): Promise<BudgetView> {
  const db = ctx.core.db;
  return viewOf(db, ctx, await budgetRow(db, ctx, parse(budgetId, id)));
}

// ---------------------------------------------------------------------------------------------------
// Writing

/** Budgets are set by people who are the workspace's admins or its Owner, acting as themselves. */
async function mayWrite(db: Db, ctx: Ctx, scope?: Scope): Promise<void> {
  if (ctx.actor.via.startsWith("con_"))
    throw new DocketError(
      403,
      "forbidden",
      "Agents may not set budgets (an agent could raise its own limit); a workspace admin sets them, in the web app or with a personal access token.",
    );
  if (!isAdminRole(await roleIn(ctx, db)))
    throw new DocketError(
      403,
      "forbidden",
      "Only the workspace's admins and its Owner set budgets; ask one of them. Members read them.",
    );
  if (scope?.type === "agent" && scope.id === ctx.actor.via)
    throw new DocketError(
      403,
      "forbidden",
      `Token ${scope.id} may not change its own budget; use another token, or the web app.`,
    );
}

/** The agent or space `data` names, checked to be this workspace's (400 naming the field otherwise). */
async function scopeOf(db: Db, ctx: Ctx, data: z.output<typeof createBudgetInput>): Promise<Scope> {
  if ((data.agent === undefined) === (data.space === undefined)) {
    const why = "give either agent or space (a budget limits one agent or one space)";
    throw invalid(`${why}.`, { agent: why, space: why });
  }
  if (data.agent !== undefined) {
    const id = data.agent;
    const row = id.startsWith("con_")
      ? await db
          .selectFrom("connections")
          .select(["id", "revoked_at"])
          .where("workspace_id", "=", ctx.workspaceId)
          .where("id", "=", id)
          .executeTakeFirst()
      : await db
          .selectFrom("personal_access_tokens")
          .select(["id", "revoked_at"])
          .where("workspace_id", "=", ctx.workspaceId)
          .where("id", "=", id)
          .executeTakeFirst();
    const what = id.startsWith("con_") ? "agent connection" : "personal access token";
    if (!row) {
      const why = `no ${what} ${id} in this workspace`;
      throw invalid(`agent: ${why}.`, { agent: why });
    }
    if (row.revoked_at !== null) {
      const why = `${what} ${id} is revoked; it cannot spend anything`;
      throw invalid(`agent: ${why}.`, { agent: why });
    }
    return { type: "agent", id };
  }
  const space = await spaceOf(db, ctx, data.space!);
  if (!space) {
    const why = `no space ${data.space} in this workspace`;
    throw invalid(`space: ${why}.`, { space: why });
  }
  return { type: "space", id: space.id };
}

function needsALimit(cost: number | null | undefined, tokens: number | null | undefined): void {
  if ((cost ?? null) === null && (tokens ?? null) === null) {
    const why = "a budget needs at least one limit: cost_micros_limit, token_limit or both";
    throw invalid(`${why}.`, { cost_micros_limit: why, token_limit: why });
  }
}

const scopeText = (b: BudgetView) =>
  b.scope.type === "agent"
    ? `agent ${b.scope.name ?? b.scope.id}`
    : `space ${b.scope.prefix ?? b.scope.name ?? b.scope.id}`;

function alreadyBudgeted(existing: BudgetRow): DocketError {
  const what = existing.scope_type === "agent" ? `Agent ${existing.scope_id}` : `Space ${existing.scope_id}`;
  return new DocketError(
    409,
    "conflict",
    `${what} has a budget already (${existing.id}); change that one (PATCH /v1/budgets/${existing.id}).`,
    { body: { budget_id: existing.id } },
  );
}

export async function createBudget(ctx: Ctx, input: CreateBudgetInput): Promise<BudgetView> {
  const data = parse(createBudgetInput, input);
  const db = ctx.core.db;
  await mayWrite(db, ctx);
  const scope = await scopeOf(db, ctx, data);
  await mayWrite(db, ctx, scope);
  needsALimit(data.cost_micros_limit, data.token_limit);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("bud");
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("budgets")
        .selectAll()
        .where("workspace_id", "=", ctx.workspaceId)
        .where("scope_type", "=", scope.type)
        .where("scope_id", "=", scope.id)
        .executeTakeFirst();
      if (existing) throw alreadyBudgeted(existing);
      await trx
        .insertInto("budgets")
        .values({
          id,
          workspace_id: ctx.workspaceId,
          scope_type: scope.type,
          scope_id: scope.id,
          cost_micros_limit: data.cost_micros_limit ?? null,
          token_limit: data.token_limit ?? null,
          warned_month: null,
          exceeded_month: null,
          version: 1,
          ...authoredBy(ctx, at),
        })
        .execute();
      // a budget made already spent (or nearly) warns, or stops the runs, at once
      await review(trx, ctx, await budgetRow(trx, ctx, id), ctx.core.clock.now());
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = await db
        .selectFrom("budgets")
        .selectAll()
        .where("workspace_id", "=", ctx.workspaceId)
        .where("scope_type", "=", scope.type)
        .where("scope_id", "=", scope.id)
        .executeTakeFirst();
      if (existing) throw alreadyBudgeted(existing);
      throw conflict("Someone else is setting this budget right now; read the budgets and try again.");
    }
    throw error;
  }
  return getBudget(ctx, id);
}

export async function updateBudget(
  ctx: Ctx,
  id: string,
  input: UpdateBudgetInput,
  ifMatch?: number[],
): Promise<BudgetView> {
  const budget = parse(budgetId, id);
  const data = parse(updateBudgetInput, input);
  const db = ctx.core.db;
  await db.transaction().execute(async (trx) => {
    const row = await budgetRow(trx, ctx, budget);
    await mayWrite(trx, ctx, { type: row.scope_type, id: row.scope_id });
    checkIfMatch(ifMatch, Number(row.version), `Budget ${budget}`);
    const cost = data.cost_micros_limit === undefined ? row.cost_micros_limit : data.cost_micros_limit;
    const tokens = data.token_limit === undefined ? row.token_limit : data.token_limit;
    needsALimit(cost, tokens);
    const now = ctx.core.clock.now();
    const scope = { type: row.scope_type, id: row.scope_id };
    const spent = (await monthSpent(trx, ctx, [scope], now)).get(scopeKey(scope)) ?? ZERO_USAGE;
    const { state } = standing({ cost_micros_limit: cost, token_limit: tokens }, spent);
    // a limit raised above the spending warns (and stops) again when the spending reaches it
    const done = await trx
      .updateTable("budgets")
      .set({
        cost_micros_limit: cost,
        token_limit: tokens,
        warned_month: state === "ok" ? null : row.warned_month,
        exceeded_month: state === "exceeded" ? row.exceeded_month : null,
        version: Number(row.version) + 1,
        ...touchedBy(ctx, now.toISOString()),
      })
      .where("workspace_id", "=", ctx.workspaceId)
      .where("id", "=", budget)
      .where("version", "=", Number(row.version))
      .executeTakeFirst();
    if (touched(done) !== 1) throw lostRace(ifMatch, `Budget ${budget}`);
    await review(trx, ctx, await budgetRow(trx, ctx, budget), now);
  });
  return getBudget(ctx, budget);
}

export async function deleteBudget(
  ctx: Ctx,
  id: string,
  ifMatch?: number[],
): Promise<{ id: string; deleted: true }> {
  const budget = parse(budgetId, id);
  const db = ctx.core.db;
  await db.transaction().execute(async (trx) => {
    const row = await budgetRow(trx, ctx, budget);
    await mayWrite(trx, ctx, { type: row.scope_type, id: row.scope_id });
    checkIfMatch(ifMatch, Number(row.version), `Budget ${budget}`);
    const done = await trx
      .deleteFrom("budgets")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("id", "=", budget)
      .where("version", "=", Number(row.version))
      .executeTakeFirst();
    if (touched(done) !== 1) throw lostRace(ifMatch, `Budget ${budget}`);
  });
  return { id: budget, deleted: true };
}

// ---------------------------------------------------------------------------------------------------
// Enforcing

/** The budgets that limit an agent and a space (either may be null), in this workspace. */
async function budgetsFor(
  db: Db,
  ctx: Ctx,
  target: { agentId: string | null; spaceId: string | null },
): Promise<BudgetRow[]> {
  if (target.agentId === null && target.spaceId === null) return [];
  return db
    .selectFrom("budgets")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where((eb) =>
      eb.or([
        ...(target.agentId !== null
          ? [eb.and([eb("scope_type", "=", "agent"), eb("scope_id", "=", target.agentId)])]
          : []),
        ...(target.spaceId !== null
          ? [eb.and([eb("scope_type", "=", "space"), eb("scope_id", "=", target.spaceId)])]
          : []),
      ]),
    )
    .orderBy("scope_type")
    .execute();
}

/**
 * What limits a claim of the caller's in a space: an agent connection's own budget and the space's; a
 * personal access token's own budget, if it has one (a scripted agent's), and not the space's (a person
 * claiming with their token is not an agent); nothing for a person in the web app.
 */
function claimTarget(ctx: Ctx, spaceId: string): { agentId: string | null; spaceId: string | null } {
  const via = ctx.actor.via;
  if (via.startsWith("con_")) return { agentId: via, spaceId };
  if (via.startsWith("pat_")) return { agentId: via, spaceId: null };
  return { agentId: null, spaceId: null };
}

/** Refuses (403 `budget_exceeded`) a claim in `spaceId` by an agent whose budget, or the space's, is spent. */
export async function assertMayClaim(db: Db, ctx: Ctx, spaceId: string): Promise<void> {
  await assertWithinBudget(db, ctx, claimTarget(ctx, spaceId));
}

/**
 * The spaces whose budget is spent this month, where an agent connection may not claim (the next ready
 * issue is looked for elsewhere); none for other callers.
 */
export async function spentSpaces(db: Db, ctx: Ctx): Promise<string[]> {
  if (!ctx.actor.via.startsWith("con_")) return [];
  const rows = await db
    .selectFrom("budgets")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("scope_type", "=", "space")
    .execute();
  if (rows.length === 0) return [];
  const spent = await monthSpent(
    db,
    ctx,
    rows.map((r) => ({ type: r.scope_type, id: r.scope_id })),
    ctx.core.clock.now(),
  );
  return rows
    .filter(
      (r) =>
        standing(r, spent.get(scopeKey({ type: "space", id: r.scope_id })) ?? ZERO_USAGE).state ===
        "exceeded",
    )
    .map((r) => r.scope_id);
}

/**
 * Refuses (403 `budget_exceeded`, with the budget in the body) when the agent's budget or the space's
 * is spent for this month. Claims by agents and the start of runs call it; either id may be null.
 */
export async function assertWithinBudget(
  db: Db,
  ctx: Ctx,
  target: { agentId: string | null; spaceId: string | null },
): Promise<void> {
  const rows = await budgetsFor(db, ctx, target);
  if (rows.length === 0) return;
  const now = ctx.core.clock.now();
  const spent = await monthSpent(
    db,
    ctx,
    rows.map((r) => ({ type: r.scope_type, id: r.scope_id })),
    now,
  );
  for (const r of rows) {
    const s = spent.get(scopeKey({ type: r.scope_type, id: r.scope_id })) ?? ZERO_USAGE;
    if (standing(r, s).state !== "exceeded") continue;
    const view = await viewOf(db, ctx, r);
    throw new DocketError(
      403,
      "budget_exceeded",
      `The budget of ${scopeText(view)} is spent for ${view.month} (${view.percent}%): new claims and runs ${r.scope_type === "agent" ? "of this agent" : "of agents in this space"} are refused until ${view.resets_at}, when the month ends, or until a workspace admin raises the limit (${r.id}).`,
      { body: { budget: view } },
    );
  }
}

/**
 * After a batch of activities with usage is stored (in its transaction, `at` its time): a budget of the
 * agent or the space that reached 80% this month warns (once a month), one that reached 100% says so
 * (once a month) and asks the live runs it limits to stop.
 */
export async function afterUsage(
  trx: Transaction<Database>,
  ctx: Ctx,
  target: { agentId: string | null; spaceId: string | null; at?: string | Date },
): Promise<void> {
  const now = ctx.core.clock.now();
  // usage stored for a month already gone (a late report) changes nothing now
  if (target.at !== undefined && monthOf(new Date(target.at)) !== monthOf(now)) return;
  const rows = await budgetsFor(trx, ctx, target);
  for (const r of rows) await review(trx, ctx, r, now);
}

/** Warns, or says a budget is spent and stops its runs, once in the month of `at`. */
async function review(trx: Transaction<Database>, ctx: Ctx, row: BudgetRow, at: Date): Promise<void> {
  const month = monthOf(at);
  const scope = { type: row.scope_type, id: row.scope_id };
  const spent = (await monthSpent(trx, ctx, [scope], at)).get(scopeKey(scope)) ?? ZERO_USAGE;
  const { state } = standing(row, spent);
  if (state === "ok") return;
  if (state === "exceeded") {
    // once a month: the first to mark the month tells; the warning is then moot
    const marked = await trx
      .updateTable("budgets")
      .set({ exceeded_month: month, warned_month: month })
      .where("id", "=", row.id)
      .where((eb) => eb.or([eb("exceeded_month", "is", null), eb("exceeded_month", "<>", month)]))
      .executeTakeFirst();
    if (touched(marked) === 1) await tell(trx, ctx, row, "exceeded");
    await stopRuns(trx, ctx, row);
    return;
  }
  const marked = await trx
    .updateTable("budgets")
    .set({ warned_month: month })
    .where("id", "=", row.id)
    .where((eb) => eb.or([eb("warned_month", "is", null), eb("warned_month", "<>", month)]))
    .executeTakeFirst();
  if (touched(marked) === 1) await tell(trx, ctx, row, "warning");
}

/** Who hears of a budget: the agent's accountable person, or the workspace's admins and Owner. */
async function recipients(trx: Transaction<Database>, ctx: Ctx, row: BudgetRow): Promise<string[]> {
  if (row.scope_type === "agent") {
    const holder = row.scope_id.startsWith("con_")
      ? await trx
          .selectFrom("connections")
          .select("person_id")
          .where("id", "=", row.scope_id)
          .executeTakeFirst()
      : await trx
          .selectFrom("personal_access_tokens")
          .select("person_id")
          .where("id", "=", row.scope_id)
          .executeTakeFirst();
    return holder ? [holder.person_id] : [];
  }
  const admins = await trx
    .selectFrom("memberships")
    .select("person_id")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("role", "in", ["owner", "admin"])
    .orderBy("person_id")
    .execute();
  return admins.map((a) => a.person_id);
}

const money = (micros: number) => (micros / 1_000_000).toFixed(2);

/** The `budget.warning` or `budget.exceeded` event and the inbox items. */
async function tell(
  trx: Transaction<Database>,
  ctx: Ctx,
  row: BudgetRow,
  what: "warning" | "exceeded",
): Promise<void> {
  const view = await viewOf(trx, ctx, row);
  const figures = [
    view.cost_micros_limit !== null
      ? `cost ${money(view.spent.cost_micros)} of ${money(view.cost_micros_limit)}`
      : null,
    view.token_limit !== null ? `${view.spent.tokens} of ${view.token_limit} tokens` : null,
  ]
    .filter(Boolean)
    .join("; ");
  await emitEvent(trx, ctx, {
    type: `budget.${what}`,
    object: { type: "budget", id: row.id },
    data: {
      scope: view.scope,
      month: view.month,
      percent: view.percent,
      spent: view.spent,
      cost_micros_limit: view.cost_micros_limit,
      token_limit: view.token_limit,
    },
  });
  const title =
    what === "warning"
      ? `Budget of ${scopeText(view)}: ${view.percent}% of ${view.month} spent`
      : `Budget of ${scopeText(view)} spent for ${view.month}`;
  const excerpt =
    what === "warning"
      ? `${figures}. At 100% its runs stop and new ones are refused until the month ends (${view.resets_at}).`
      : `${figures}. The live runs it limits are stopping; new claims and runs are refused until the month ends (${view.resets_at}) or an admin raises the limit.`;
  await notify(
    trx,
    ctx,
    (await recipients(trx, ctx, row)).map((personId) => ({
      personId,
      kind: what === "warning" ? "budget_warning" : "budget_exceeded",
      subject: { type: "budget", id: row.id },
      title,
      excerpt,
    })),
    // the service tells them, whoever's report crossed the line (their own token's included)
    { evenSelf: true },
  );
}

/**
 * Asks the live runs a spent budget limits to stop (reason `budget_exceeded`, by the service): the
 * agent's, or every agent's in the space. Runs already stopping are left alone; a run that started
 * since the budget was spent (it could not: starts are refused) or kept reporting is caught here too.
 */
async function stopRuns(trx: Transaction<Database>, ctx: Ctx, row: BudgetRow): Promise<void> {
  const live = await trx
    .selectFrom("agent_sessions")
    .select("id")
    .where("workspace_id", "=", ctx.workspaceId)
    .where(row.scope_type === "agent" ? "agent_id" : "space_id", "=", row.scope_id)
    .where("ended_at", "is", null)
    .where("status", "<>", "stopping")
    .orderBy("id")
    .execute();
  for (const s of live) await requestStop(trx, ctx, s.id, "budget_exceeded", null);
}
