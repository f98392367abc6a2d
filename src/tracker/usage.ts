import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import { DAY } from "../clock.ts";
import type { Database } from "../db/schema.ts";
import { invalid } from "../errors.ts";
import { parse } from "../validate.ts";
import { countOut, time, timeOut } from "./common.ts";
import type { Ctx } from "./context.ts";
import { pageQuery, paginate } from "./pagination.ts";

/**
 * Usage: what agents' runs cost, as the agents report it with their activities (tokens in and out,
 * cache reads and writes, cost in micro-units of the currency). An activity's usage counts at the time
 * it was stored; usage over a range sums the activities stored in it, grouped by the run's agent, space,
 * issue or accountable person. `tokens` is always the sum of the four kinds of token: every token a model
 * read or wrote, cached or not (the same figure a budget's `token_limit` counts).
 *
 * Months are calendar months in UTC: a month's usage is what was stored from its first day 00:00 UTC up
 * to the next month's first day (budgets.ts counts a month the same way).
 */

type Db = Kysely<Database> | Transaction<Database>;

export const USAGE_GROUPS = ["agent", "space", "issue", "person"] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

/** The longest range one usage read covers. */
export const MAX_USAGE_DAYS = 366;

// ---------------------------------------------------------------------------------------------------
// Months (UTC)

/** The calendar month (UTC) of `at` as `YYYY-MM`. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The first moment of the month (UTC) of `at`, and of the month after it. */
export function monthBounds(at: Date): { start: string; end: string } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start: start.toISOString(), end: end.toISOString() };
}

// ---------------------------------------------------------------------------------------------------
// Sums

/** The usage figures every sum has: each kind of token, all tokens, and the cost. */
export interface UsageSums {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  /** input + output + cache reads + cache writes */
  tokens: number;
  cost_micros: number;
}

export const ZERO_USAGE: UsageSums = {
  input_tokens: 0,
  output_tokens: 0,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  tokens: 0,
  cost_micros: 0,
};

/** Adds two sums. */
export const addUsage = (a: UsageSums, b: UsageSums): UsageSums => ({
  input_tokens: a.input_tokens + b.input_tokens,
  output_tokens: a.output_tokens + b.output_tokens,
  cache_read_tokens: a.cache_read_tokens + b.cache_read_tokens,
  cache_write_tokens: a.cache_write_tokens + b.cache_write_tokens,
  tokens: a.tokens + b.tokens,
  cost_micros: a.cost_micros + b.cost_micros,
});

/** `sum(alias.column)` as a whole number on both stores (PostgreSQL's sum of bigint is numeric). */
const total = (alias: string, column: string) =>
  sql<number>`cast(coalesce(sum(${sql.ref(`${alias}.${column}`)}), 0) as bigint)`;

/** The sum columns of `alias`'s usage columns (an activity's deltas, or a session's totals). */
export const usageSums = (alias: string) =>
  [
    total(alias, "input_tokens").as("input_tokens"),
    total(alias, "output_tokens").as("output_tokens"),
    total(alias, "cache_read_tokens").as("cache_read_tokens"),
    total(alias, "cache_write_tokens").as("cache_write_tokens"),
    sql<number>`cast(coalesce(sum(${sql.ref(`${alias}.input_tokens`)} + ${sql.ref(`${alias}.output_tokens`)} + ${sql.ref(`${alias}.cache_read_tokens`)} + ${sql.ref(`${alias}.cache_write_tokens`)}), 0) as bigint)`.as(
      "tokens",
    ),
    total(alias, "cost_micros").as("cost_micros"),
  ] as const;

/** A row's sums as numbers (a driver may hand back a whole number as a string). */
export const sumsOf = (r: Record<string, unknown>): UsageSums => ({
  input_tokens: Number(r.input_tokens ?? 0),
  output_tokens: Number(r.output_tokens ?? 0),
  cache_read_tokens: Number(r.cache_read_tokens ?? 0),
  cache_write_tokens: Number(r.cache_write_tokens ?? 0),
  tokens: Number(r.tokens ?? 0),
  cost_micros: Number(r.cost_micros ?? 0),
});

// ---------------------------------------------------------------------------------------------------
// GET /v1/usage

const usageFigures = {
  input_tokens: countOut.describe("Input tokens (not read from a cache)."),
  output_tokens: countOut.describe("Output tokens."),
  cache_read_tokens: countOut.describe("Input tokens read from the model's cache."),
  cache_write_tokens: countOut.describe("Input tokens written to the model's cache."),
  tokens: countOut.describe(
    "All tokens: input + output + cache reads + cache writes (what a budget's token_limit counts).",
  ),
  cost_micros: countOut.describe(
    "Cost in millionths of the currency unit the agents report in (1,000,000 = 1 USD when they report dollars).",
  ),
  sessions: countOut.describe("Runs (sessions) with at least one activity stored in the range."),
};

export const usageQuery = z
  .strictObject({
    group_by: z
      .enum(USAGE_GROUPS, { error: `must be one of ${USAGE_GROUPS.join(", ")}` })
      .default("agent")
      .describe(
        "agent: by the run's agent (its connection con_…, or a scripted agent's token pat_…); space: by the issue's space; issue: by issue; person: by the run's accountable person. agent by default.",
      ),
    from: time
      .optional()
      .describe(
        "Start of the range (ISO 8601, included); the first day of the current month 00:00 UTC by default.",
      )
      .meta({ examples: ["2026-11-01T00:00:00Z"] }),
    to: time
      .optional()
      .describe(
        `End of the range (ISO 8601, not included); the first day of the next month 00:00 UTC by default. At most ${MAX_USAGE_DAYS} days after from.`,
      )
      .meta({ examples: ["2026-12-01T00:00:00Z"] }),
    ...pageQuery,
  })
  .describe("The range and grouping of a usage read.");
export type UsageQuery = z.input<typeof usageQuery>;

export const usageRow = z
  .object({
    key: z
      .string()
      .describe(
        "What the row sums: the agent's id (con_… or pat_…), the space's (spc_…), the issue's (iss_…) or the person's (usr_…).",
      ),
    name: z
      .string()
      .nullable()
      .describe(
        "Its name: the agent connection's or token's name, the space's name, the issue's title, the person's name; null for one that is gone (an issue in the trash).",
      ),
    identifier: z
      .string()
      .nullable()
      .describe("The issue's identifier (ENG-42) or the space's prefix (ENG); null for agents and people."),
    ...usageFigures,
  })
  .meta({ id: "UsageRow" });
export type UsageRow = z.output<typeof usageRow>;

export const usageTotals = z
  .object({ ...usageFigures })
  .describe("The sums over the whole range, every row together (not only this page).")
  .meta({ id: "UsageTotals" });

export const usageView = z
  .object({
    group_by: z.enum(USAGE_GROUPS),
    from: timeOut.describe("The range's start (included)."),
    to: timeOut.describe("The range's end (not included)."),
    data: z
      .array(usageRow)
      .describe("One row per agent, space, issue or person, the highest cost first, then the most tokens."),
    totals: usageTotals,
    next_cursor: z.string().nullable(),
  })
  .meta({ id: "Usage" });
export type UsageView = z.output<typeof usageView>;

const GROUP_COLUMN: Record<UsageGroup, "agent_id" | "space_id" | "issue_id" | "person_id"> = {
  agent: "agent_id",
  space: "space_id",
  issue: "issue_id",
  person: "person_id",
};

/** The range a usage read covers: `from` and `to` as given, else the current month (UTC). */
function rangeOf(
  ctx: Ctx,
  q: { from?: string | undefined; to?: string | undefined },
): {
  from: string;
  to: string;
} {
  const month = monthBounds(ctx.core.clock.now());
  const from = q.from ?? month.start;
  const to = q.to ?? month.end;
  if (Date.parse(to) <= Date.parse(from)) {
    const why = `must be after from (${from})`;
    throw invalid(`to: ${why}.`, { to: why });
  }
  if (Date.parse(to) - Date.parse(from) > MAX_USAGE_DAYS * DAY) {
    const why = `must be at most ${MAX_USAGE_DAYS} days after from (${from}); read a longer time in parts`;
    throw invalid(`to: ${why}.`, { to: why });
  }
  return { from, to };
}

/**
 * Usage over [from, to), grouped: sums of the activities stored in the range, by the run's agent, space,
 * issue or accountable person, the highest cost first (then the most tokens, then the key), a page at a
 * time, with the totals of the whole range.
 */
export async function getUsage(ctx: Ctx, input: UsageQuery = {}): Promise<UsageView> {
  const q = parse(usageQuery, input);
  const { from, to } = rangeOf(ctx, q);
  const db = ctx.core.db;
  const column = GROUP_COLUMN[q.group_by];
  const inRange = db
    .selectFrom("session_activities as a")
    .innerJoin("agent_sessions as s", "s.id", "a.session_id")
    .where("a.workspace_id", "=", ctx.workspaceId)
    .where("a.created_at", ">=", from)
    .where("a.created_at", "<", to);
  const sessions = sql<number>`count(distinct ${sql.ref("a.session_id")})`;
  const grouped = inRange
    .select([sql.ref<string>(`s.${column}`).as("key"), ...usageSums("a"), sessions.as("sessions")])
    .groupBy(`s.${column}`);
  const page = await paginate(
    db.selectFrom(grouped.as("u")).selectAll(),
    `usage:${q.group_by}`,
    [
      { column: "u.cost_micros", direction: "desc" },
      { column: "u.tokens", direction: "desc" },
      { column: "u.key", direction: "asc" },
    ],
    q,
  );
  const all = await inRange.select([...usageSums("a"), sessions.as("sessions")]).executeTakeFirst();
  const names = await namesOf(
    db,
    ctx,
    q.group_by,
    page.data.map((r) => String(r.key)),
  );
  return {
    group_by: q.group_by,
    from,
    to,
    data: page.data.map((r) => {
      const key = String(r.key);
      const named = names.get(key);
      return {
        key,
        name: named?.name ?? null,
        identifier: named?.identifier ?? null,
        ...sumsOf(r),
        sessions: Number(r.sessions),
      };
    }),
    totals: { ...sumsOf(all ?? {}), sessions: Number(all?.sessions ?? 0) },
    next_cursor: page.next_cursor,
  };
}

/** Names of the agents, spaces, issues or people `keys` are, in this workspace. */
export async function namesOf(
  db: Db,
  ctx: Ctx,
  group: UsageGroup,
  keys: readonly string[],
): Promise<Map<string, { name: string; identifier: string | null }>> {
  const out = new Map<string, { name: string; identifier: string | null }>();
  if (keys.length === 0) return out;
  const ws = ctx.workspaceId;
  if (group === "agent") {
    const cons = keys.filter((k) => k.startsWith("con_"));
    const pats = keys.filter((k) => k.startsWith("pat_"));
    if (cons.length)
      for (const r of await db
        .selectFrom("connections")
        .select(["id", "name"])
        .where("workspace_id", "=", ws)
        .where("id", "in", cons)
        .execute())
        out.set(r.id, { name: r.name, identifier: null });
    if (pats.length)
      for (const r of await db
        .selectFrom("personal_access_tokens")
        .select(["id", "name"])
        .where("workspace_id", "=", ws)
        .where("id", "in", pats)
        .execute())
        out.set(r.id, { name: r.name, identifier: null });
  } else if (group === "space") {
    for (const r of await db
      .selectFrom("spaces")
      .select(["id", "name", "prefix"])
      .where("workspace_id", "=", ws)
      .where("id", "in", keys)
      .execute())
      out.set(r.id, { name: r.name, identifier: r.prefix });
  } else if (group === "issue") {
    for (const r of await db
      .selectFrom("issues")
      .select(["id", "title", "identifier"])
      .where("workspace_id", "=", ws)
      .where("id", "in", keys)
      .execute())
      out.set(r.id, { name: r.title, identifier: r.identifier });
  } else {
    for (const r of await db.selectFrom("people").select(["id", "name"]).where("id", "in", keys).execute())
      out.set(r.id, { name: r.name, identifier: null });
  }
  return out;
}
