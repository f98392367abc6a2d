import { type Kysely, type SqlBool, SqliteAdapter, sql, type Transaction } from "kysely";
import { z } from "zod";
import { insertRows } from "../db/insert.ts";
import { prepared, shapedQuery } from "../db/prepared.ts";
import type {
  CycleEventsTable,
  Database,
  IssueStatus,
  IssuesTable,
  SearchDocumentsTable,
} from "../db/schema.ts";
import { conflict, invalid, preconditionFailed } from "../errors.ts";
import { newId } from "../secrets.ts";
import { activityRecord, type Changes, diff, recordActivity, writeRecorded } from "./activity.ts";
import {
  CLOSED_STATUSES,
  containsPattern,
  countOut,
  csv,
  date,
  dateOut,
  issueRef,
  issueRefs,
  label,
  labels,
  likePattern,
  markdown,
  objectId,
  PRIORITIES,
  queryBool,
  SETTABLE_STATUSES,
  STATUSES,
  time,
  timeOut,
  title,
  titleQuery,
  versionOut,
} from "./common.ts";
import { actorView, authoredBy, type Ctx, touchedBy } from "./context.ts";

export { CLOSED_STATUSES, PRIORITIES, type Priority, SETTABLE_STATUSES, STATUSES } from "./common.ts";

import { branchName } from "./branch.ts";
import {
  addEdges,
  type EdgeRequest,
  edgeColumns,
  edgesOfNewIssue,
  lockGraph,
  neighboursFromJson,
  type ResolvedEdges,
  readyEvent,
  recountOpenBlockers,
  resolveEdges,
} from "./dependencies.ts";
import { emitEvent, eventRow } from "./events.ts";
import {
  actingIdentity,
  excerptOf,
  mentionHandles,
  type Notice,
  notify,
  recordMentions,
  reviewersOf,
} from "./inbox.ts";
import { codeLinkView, linksColumn, linksFromJson } from "./integrations/links.ts";
import { ASSIGNEE_NAMES_PG, takeNumberReading, writeCreation } from "./issue-creation.ts";
import { ensureLabels, spelledLabels, spelledWhenAllExist, wantedLabels } from "./labels.ts";
import { CLEARED_CLAIM, endClaimOnClose, endTakenOver, guardClaimedWrite } from "./leases.ts";
import {
  byCreation,
  DEFAULT_LIMIT,
  decodeCursor,
  keyset,
  type Page,
  pageOfRows,
  pageQuery,
  type SortKey,
} from "./pagination.ts";
import { isReadyRow, readySql, startableSql } from "./readiness.ts";
import { indexDocument } from "./search-index.ts";
import { delegateOnAssign } from "./session-state.ts";
import { checkDonePolicy } from "./spaces.ts";
import { missing } from "./trashed.ts";

export const MAX_ESTIMATE = 1000;

type Db = Kysely<Database> | Transaction<Database>;
export type IssueRow = IssuesTable;

// ---------------------------------------------------------------------------------------------------
// Schemas

export const priority = z.enum(PRIORITIES, { error: `must be one of ${PRIORITIES.join(", ")}` });
const settableStatus = z.enum(SETTABLE_STATUSES, {
  error: `must be one of ${SETTABLE_STATUSES.join(", ")} (use the ice operation to put an issue on ice)`,
});
const estimate = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(0, { error: "must be at least 0" })
  .max(MAX_ESTIMATE, { error: `must be at most ${MAX_ESTIMATE}` });
export const spaceRef = z
  .string({ error: "must be a space prefix such as ENG" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{1,9}$/, { error: "must be a space prefix such as ENG" });
/**
 * An assignee: a member person by email or id (`usr_…`), an agent connection of the workspace by its id
 * (`con_…`), or `me`, the caller (a personal access token's person, or the agent connection itself).
 */
const assigneeRef = z
  .string({ error: "must be a member's email or id, an agent connection's id (con_…) or me" })
  .trim()
  .min(1, { error: "must be a member's email or id, an agent connection's id (con_…) or me" })
  .max(254, { error: "must be at most 254 characters" })
  .describe("A member's email or id (usr_…), an agent connection's id (con_…), or `me`.");
const cycleId = objectId("cyc", "cycle");
const milestoneId = objectId("ms", "milestone");
/** A list filter: an id, or `none` for the issues without one. */
const idOrNone = (prefix: string, what: string) =>
  z
    .string({ error: `must be a ${what} id (${prefix}_…) or none` })
    .trim()
    .regex(new RegExp(`^(none|${prefix}_[0-9A-Z]{26})$`), {
      error: `must be a ${what} id (${prefix}_…) or none`,
    });
const cycleFilter = idOrNone("cyc", "cycle");
const milestoneFilter = idOrNone("ms", "milestone");

const issueFields = {
  description: markdown.optional(),
  status: settableStatus.optional().describe("backlog for a new issue when left out."),
  priority: priority.optional().describe("none for a new issue when left out."),
  labels: labels.optional().describe("Label names: the whole set, replacing the issue's labels."),
  assignee: assigneeRef.nullable().optional(),
  estimate: estimate.nullable().optional().describe("Points."),
  due_date: date.nullable().optional(),
  parent: issueRef.nullable().optional().describe("The issue this one is part of."),
  cycle: cycleId.nullable().optional().describe("The cycle (cyc_…) it is planned in."),
  milestone: milestoneId.nullable().optional().describe("The milestone (ms_…) it counts toward."),
};

export const createIssueInput = z.strictObject({
  title,
  space: spaceRef.optional().describe("The space's prefix; the workspace's first space when left out."),
  ...issueFields,
  blocks: issueRefs.optional().describe("Issues this one blocks."),
  blockedBy: issueRefs.optional().describe("Issues that block this one."),
  relatesTo: issueRefs.optional().describe("Related issues."),
});
export type CreateIssueInput = z.output<typeof createIssueInput>;

export const updateIssueInput = z.strictObject({ title: title.optional(), ...issueFields });
export type UpdateIssueInput = z.output<typeof updateIssueInput>;

export const ISSUE_SORTS = ["created", "-created", "updated", "-updated", "priority", "-priority"] as const;

export const listIssuesQuery = z.strictObject({
  ...pageQuery,
  space: spaceRef.optional().describe("A space prefix."),
  status: csv(z.enum(STATUSES, { error: `must be one of ${STATUSES.join(", ")}` }))
    .optional()
    .describe("Comma-separated statuses; an issue in any of them matches."),
  priority: csv(priority).optional().describe("Comma-separated priorities; an issue of any of them matches."),
  label: csv(label).optional().describe("Comma-separated labels; an issue with any of them matches."),
  assignee: assigneeRef
    .optional()
    .describe("A member's email or id (usr_…), an agent connection's id (con_…), `me`, or `none`."),
  cycle: cycleFilter.optional(),
  milestone: milestoneFilter.optional(),
  parent: issueRef.optional(),
  ready: queryBool
    .optional()
    .describe("true: only issues ready to work on (open, not iced, no open blocker)."),
  startable: queryBool
    .optional()
    .describe("true: only issues an agent may start: ready, in backlog or todo, and not claimed."),
  iced: queryBool.optional().describe("true: only iced issues; false: none."),
  q: titleQuery.optional().describe("Text in the title (case-insensitive)."),
  updated_since: time.optional(),
  sort: z
    .enum(ISSUE_SORTS, { error: `must be one of ${ISSUE_SORTS.join(", ")}` })
    .default("-created")
    .describe("created/updated oldest first, -created/-updated newest first, priority most urgent first."),
});
/** A parsed list query; `limit` and `sort` take their defaults when left out. */
export type ListIssuesQuery = Partial<z.output<typeof listIssuesQuery>>;

const actorSchema = z.object({ person_id: z.string(), via: z.string() });

/**
 * Who an issue is assigned to: a person, or an agent connection shown with the person it acts for
 * ("agent name (for person)").
 */
export const assigneeView = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("person"),
      id: z.string().describe("The person's id, usr_…"),
      name: z.string(),
      email: z.email(),
    }),
    z.object({
      type: z.literal("agent"),
      id: z.string().describe("The agent connection's id, con_…"),
      name: z.string().describe("The agent's own name for itself."),
      for: z.object({ person_id: z.string(), name: z.string() }).describe("The person the agent acts for."),
    }),
  ])
  .meta({ id: "Assignee" });
export type AssigneeView = z.output<typeof assigneeView>;

/** "agent name (for person)" for an agent, the name (or email) for a person. */
export function assigneeLabel(a: AssigneeView): string {
  return a.type === "agent" ? `${a.name} (for ${a.for.name})` : a.name || a.email;
}
const ref = z.object({ id: z.string(), name: z.string() });
export const issueSummary = z
  .object({
    id: z.string(),
    identifier: z.string(),
    number: z.int().min(1),
    space: z.string(),
    title: z.string(),
    status: z.enum(STATUSES),
    priority: priority,
    labels: z.array(z.string()),
    assignee: assigneeView.nullable(),
    estimate: countOut.nullable(),
    due_date: dateOut.nullable(),
    parent: z.object({ id: z.string(), identifier: z.string() }).nullable(),
    cycle: ref.nullable(),
    milestone: ref.nullable(),
    ready: z.boolean(),
    completed_at: timeOut.nullable(),
    created_by: actorSchema,
    updated_by: actorSchema,
    created_at: timeOut,
    updated_at: timeOut,
    version: versionOut,
  })
  .meta({ id: "IssueSummary" });
export type IssueSummary = z.output<typeof issueSummary>;

const neighbour = z.object({
  dependency_id: z.string(),
  id: z.string(),
  identifier: z.string(),
  title: z.string(),
  status: z.enum(STATUSES),
});
export const issueView = issueSummary
  .extend({
    description: z.string(),
    blocks: z.array(neighbour),
    blockedBy: z.array(neighbour),
    relatesTo: z.array(neighbour),
    source: z
      .enum(["github", "linear", "jira"])
      .nullable()
      .describe("Where an imported issue came from (null for one made here)."),
    source_url: z
      .string()
      .nullable()
      .describe("The imported issue's address in its source, when it had one."),
    branch_name: z
      .string()
      .describe(
        "The git branch name to work on it in (eng-42-fix-login-redirect): a code host integration links a branch or pull request named so to the issue.",
      ),
    code_links: z
      .array(codeLinkView)
      .describe(
        "Its pull requests, branches and commits from code hosts: pull requests first, newest first.",
      ),
  })
  .meta({ id: "Issue" });
export type IssueView = z.output<typeof issueView>;

// ---------------------------------------------------------------------------------------------------
// Reading

/**
 * The columns of an issue row with what its views show by name.
 *
 * On PostgreSQL the names are scalar subqueries, not joins: each is one index lookup per row returned,
 * and PostgreSQL plans the statement in about a millisecond, where the same names as seven joins took it
 * 7 to 14 ms to plan (it searched their orders on every run of a list, whose plan it keeps per run). The
 * assignee's names are one of them (`ASSIGNEE_NAMES_PG`), not five; a list joins the space and the
 * cycle, and a read does not (namedBySubqueries says why).
 * SQLite plans joins by a cheap rule, and there the joins read a page of 50 issues in 70–80 µs less than
 * the subqueries (211 against 293 µs for the bench's filtered list, 109 against 181 for ready work).
 */
function summaryQuery(
  db: Db,
  workspaceId: string,
  columns: "row" | "summary" = "row",
): ReturnType<typeof namedBySubqueries> {
  // Kysely's builders are immutable: the selection is built once per database and kind, and each query
  // only adds its conditions to it (building the joins and names cost more than compiling a list)
  let built = summarySelects.get(db);
  if (!built) {
    built = { row: summarySelect(db, "row"), summary: summarySelect(db, "summary") };
    summarySelects.set(db, built);
  }
  return built[columns].where("i.workspace_id", "=", workspaceId);
}
const summarySelects = new WeakMap<Db, Record<"row" | "summary", ReturnType<typeof namedBySubqueries>>>();

function summarySelect(db: Db, columns: "row" | "summary"): ReturnType<typeof namedBySubqueries> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return namedBySubqueries(db, columns);
  // The same columns, named by joins (cast: Kysely types the joined tables' columns apart). All of them
  // are left joins, so SQLite always reads the issues first, by the index the filters and sort pick.
  const joined = db
    .selectFrom("issues as i")
    .leftJoin("spaces as s", "s.id", "i.space_id")
    .leftJoin("people as ap", "ap.id", "i.assignee_id")
    .leftJoin("connections as ac", "ac.id", "i.assignee_id")
    .leftJoin("people as acp", "acp.id", "ac.person_id")
    .leftJoin("issues as pa", "pa.id", "i.parent_id")
    .leftJoin("cycles as cy", "cy.id", "i.cycle_id")
    .leftJoin("milestones as ms", "ms.id", "i.milestone_id");
  const all = () => joined.selectAll("i");
  return (columns === "row"
    ? all()
    : (joined.select(SUMMARY_COLUMNS) as unknown as ReturnType<typeof all>)
  ).select([
    "s.prefix as space_prefix",
    "ap.name as assignee_name",
    "ap.email as assignee_email",
    "ac.name as agent_name",
    "ac.person_id as agent_person_id",
    "acp.name as agent_person_name",
    "pa.identifier as parent_identifier",
    "cy.name as cycle_name",
    "ms.name as milestone_name",
  ]) as unknown as ReturnType<typeof namedBySubqueries>;
}

/**
 * The issue's own columns a list's summaries need (`summaryView` and the sort keys): a read takes the
 * whole row, a list not the description, which is most of a row's bytes.
 */
const SUMMARY_COLUMNS = [
  "i.id",
  "i.workspace_id",
  "i.space_id",
  "i.number",
  "i.identifier",
  "i.title",
  "i.status",
  "i.priority",
  "i.labels",
  "i.assignee_id",
  "i.estimate",
  "i.due_date",
  "i.parent_id",
  "i.cycle_id",
  "i.milestone_id",
  "i.completed_at",
  "i.open_blockers",
  "i.version",
  "i.created_by",
  "i.created_via",
  "i.created_at",
  "i.updated_by",
  "i.updated_via",
  "i.updated_at",
] as const;

function namedBySubqueries(db: Db, columns: "row" | "summary") {
  /** `column` of the `table` row whose id is `key` of the issue, as `as` (null when there is none). */
  const named = <A extends string>(table: string, column: string, key: string, as: A) =>
    sql<string | null>`(select ${sql.ref(column)} from ${sql.table(table)} where id = ${sql.ref(key)})`.as(
      as,
    );
  // the names a read and a list both take by subquery
  const others = [
    sql<string[] | null>`${sql.raw(ASSIGNEE_NAMES_PG)}`.as("assignee_names"),
    named("issues", "identifier", "i.parent_id", "parent_identifier"),
    named("milestones", "name", "i.milestone_id", "milestone_name"),
  ] as const;
  // One issue (its read): the space and the cycle by subqueries too. Joining them would make PostgreSQL
  // hash the cycles and scan the spaces for the one row, 12 µs more of its 120.
  const one = db
    .selectFrom("issues as i")
    .selectAll("i")
    .select([
      named("spaces", "prefix", "i.space_id", "space_prefix"),
      named("cycles", "name", "i.cycle_id", "cycle_name"),
      ...others,
    ]);
  if (columns === "row") return one;
  // A list: spaces and cycles are joined, tables of a few pages, which PostgreSQL reads whole rather than
  // by index for each row's subquery (the space's row, rewritten by every creation's number, spans
  // several pages of old versions between vacuums: 20 µs a row), and which two joins add little to planning
  return db
    .selectFrom("issues as i")
    .leftJoin("spaces as s", "s.id", "i.space_id")
    .leftJoin("cycles as cy", "cy.id", "i.cycle_id")
    .select(SUMMARY_COLUMNS)
    .select(["s.prefix as space_prefix", "cy.name as cycle_name", ...others]) as unknown as typeof one;
}

/**
 * What an issue's views show by name beside its own columns (summarySelect's and the creation's): on
 * SQLite the assignee's names one column each (joins), on PostgreSQL all in `assignee_names`.
 */
export type IssueNames = {
  space_prefix: string;
  assignee_name?: string | null;
  assignee_email?: string | null;
  agent_name?: string | null;
  agent_person_id?: string | null;
  agent_person_name?: string | null;
  assignee_names?: (string | null)[] | null;
  parent_identifier: string | null;
  cycle_name: string | null;
  milestone_name: string | null;
};
type SummaryRow = IssueRow & IssueNames;

/** Ready: open, not iced, and no open issue blocks it (the count every write keeps; see readiness.ts). */
const isReady = (r: Pick<IssueRow, "status" | "open_blockers">) => isReadyRow(r);

function summaryView(r: SummaryRow): IssueSummary {
  return {
    id: r.id,
    identifier: r.identifier,
    number: r.number,
    space: r.space_prefix,
    title: r.title,
    status: r.status,
    priority: PRIORITIES[r.priority] ?? "none",
    labels: JSON.parse(r.labels),
    assignee: assigneeOf(r),
    estimate: r.estimate,
    due_date: r.due_date,
    parent: r.parent_id ? { id: r.parent_id, identifier: r.parent_identifier ?? "" } : null,
    cycle: r.cycle_id ? { id: r.cycle_id, name: r.cycle_name ?? "" } : null,
    milestone: r.milestone_id ? { id: r.milestone_id, name: r.milestone_name ?? "" } : null,
    ready: isReady(r),
    completed_at: r.completed_at,
    created_by: actorView(r.created_by, r.created_via),
    updated_by: actorView(r.updated_by, r.updated_via),
    created_at: r.created_at,
    updated_at: r.updated_at,
    version: r.version,
  };
}

function assigneeOf(r: SummaryRow): AssigneeView | null {
  if (!r.assignee_id) return null;
  const names = r.assignee_names;
  if (r.assignee_id.startsWith("con_")) {
    const [name, personId, personName] = names ?? [r.agent_name, r.agent_person_id, r.agent_person_name];
    return {
      type: "agent",
      id: r.assignee_id,
      name: name ?? "",
      for: { person_id: personId ?? "", name: personName ?? "" },
    };
  }
  const [name, email] = names ?? [r.assignee_name, r.assignee_email];
  return { type: "person", id: r.assignee_id, name: name ?? "", email: email ?? "" };
}

const byRef = (ref: string) => (ref.startsWith("iss_") ? "id" : "identifier");

/** An issue of the workspace by identifier (`ENG-42`) or id; 404 when there is none. */
export async function resolveIssue(ctx: Ctx, ref: string, db: Db = ctx.core.db): Promise<IssueRow> {
  const key = ref.startsWith("iss_") ? ref : ref.toUpperCase();
  const row = await db
    .selectFrom("issues")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where(byRef(key), "=", key)
    .executeTakeFirst();
  if (!row) throw await missing(db, ctx, "issue", ref, `No issue ${ref} in this workspace.`);
  return row;
}

/**
 * Issues named in a request body, in order; an unknown one (or another workspace's) is 400 naming
 * `field[i]`.
 */
export async function resolveIssueIds(
  db: Db,
  ctx: Ctx,
  refs: readonly string[],
  field: string,
): Promise<{ id: string; identifier: string; status: IssueStatus; title: string }[]> {
  if (refs.length === 0) return [];
  const keys = refs.map((r) => (r.startsWith("iss_") ? r : r.toUpperCase()));
  const identifiers = keys.filter((k) => !k.startsWith("iss_"));
  const ids = keys.filter((k) => k.startsWith("iss_"));
  // two plain lookups rather than one OR, so each uses its index
  const lookup = (column: "identifier" | "id", values: string[]) =>
    values.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("issues")
          .select(["id", "identifier", "status", "title"])
          .where("workspace_id", "=", ctx.workspaceId)
          .where(column, "in", values)
          .execute();
  const rows = [...(await lookup("identifier", identifiers)), ...(await lookup("id", ids))];
  const found = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    found.set(r.identifier, r);
    found.set(r.id, r);
  }
  const fields: Record<string, string> = {};
  const out = keys.map((k, i) => {
    const row = found.get(k);
    if (!row) fields[`${field}[${i}]`] = `no issue ${refs[i]} in this workspace`;
    return row!;
  });
  if (Object.keys(fields).length > 0) {
    throw invalid(
      `Unknown issues: ${Object.entries(fields)
        .map(([f, m]) => `${f}: ${m}`)
        .join("; ")}`,
      fields,
    );
  }
  return out;
}

/**
 * The issue row and the names its view shows, with its edges and code links as JSON, by identifier or
 * by id: one statement, compiled once (the hot read; on PostgreSQL one round trip instead of three).
 */
const readQuery = (db: Db, workspaceId: string) => {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return summaryQuery(db, workspaceId).select([...edgeColumns(sqlite), linksColumn(sqlite)]);
};
const readByIdentifier = prepared(
  ["workspaceId", "key"] as const,
  (db, a: { workspaceId: string; key: string }) =>
    readQuery(db, a.workspaceId).where("i.identifier", "=", a.key),
);
const readById = prepared(["workspaceId", "key"] as const, (db, a: { workspaceId: string; key: string }) =>
  readQuery(db, a.workspaceId).where("i.id", "=", a.key),
);
type ReadRow = SummaryRow & { edges_out: unknown; edges_in: unknown; code_links: unknown };

/** One issue with its blockers, what it blocks and related issues (each with its live status). */
export async function getIssue(ctx: Ctx, ref: string, db: Db = ctx.core.db): Promise<IssueView> {
  const key = ref.startsWith("iss_") ? ref : ref.toUpperCase();
  const read = key.startsWith("iss_") ? readById : readByIdentifier;
  const [row] = (await read(db, { workspaceId: ctx.workspaceId, key })) as ReadRow[];
  if (!row) throw await missing(db, ctx, "issue", ref, `No issue ${ref} in this workspace.`);
  return readView(row);
}

/** An issue's view from its read row (getIssue's statement, or a creation's: writeCreation). */
function readView(row: ReadRow): IssueView {
  return {
    ...summaryView(row),
    description: row.description,
    ...neighboursFromJson(row.edges_out, row.edges_in),
    source: (row.source ?? null) as IssueView["source"],
    source_url: row.source_url ?? null,
    branch_name: branchName(row.identifier, row.title),
    code_links: linksFromJson(row.code_links),
  };
}

const SORT_KEYS: Record<(typeof ISSUE_SORTS)[number], SortKey[]> = {
  created: byCreation("i", "asc"),
  "-created": byCreation("i", "desc"),
  updated: [
    { column: "i.updated_at", direction: "asc" },
    { column: "i.id", direction: "asc" },
  ],
  "-updated": [
    { column: "i.updated_at", direction: "desc" },
    { column: "i.id", direction: "desc" },
  ],
  priority: [
    { column: "i.priority", direction: "desc" },
    { column: "i.created_at", direction: "asc" },
    { column: "i.id", direction: "asc" },
  ],
  "-priority": [
    { column: "i.priority", direction: "asc" },
    { column: "i.created_at", direction: "asc" },
    { column: "i.id", direction: "asc" },
  ],
};

/** What a list of issues is filtered by, each value bound (see listQuery). */
type ListParams = {
  workspaceId: string;
  space?: string;
  status?: string[];
  priority?: number[];
  labels?: string[];
  /** null: unassigned */
  assignee?: string | null;
  /** null: in none */
  cycle?: string | null;
  milestone?: string | null;
  parent?: string;
  iced?: boolean;
  ready?: boolean;
  startable?: boolean;
  /** a LIKE pattern (likePattern) the title must match */
  title?: string;
  updatedSince?: string;
  /** the cursor's sort key */
  after?: (string | number | null)[];
};

/**
 * A list's statement, built and compiled once per shape (which filters, how many values each, the
 * sort and page size) and database: building and compiling it cost about a tenth of a list.
 */
const listQuery = shapedQuery((db: Db, variant: string, p: ListParams) => {
  const [sort, limit] = variant.split(":") as [(typeof ISSUE_SORTS)[number], string];
  let query = summaryQuery(db, p.workspaceId, "summary");
  const prefix = p.space;
  if (prefix !== undefined) {
    // the space by its prefix inside the list's own statement (one statement, not two); whether it
    // exists is asked apart only when the page comes back empty
    query = query.where("i.space_id", "=", (eb) =>
      eb
        .selectFrom("spaces as sp")
        .select("sp.id")
        .where("sp.workspace_id", "=", p.workspaceId)
        .where("sp.prefix", "=", prefix),
    );
  }
  if (p.status) query = query.where("i.status", "in", p.status as IssueStatus[]);
  if (p.priority) query = query.where("i.priority", "in", p.priority);
  const labels = p.labels;
  if (labels) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("issue_labels as l")
          .select("l.issue_id")
          .whereRef("l.issue_id", "=", "i.id")
          .where("l.label", "in", labels),
      ),
    );
  }
  if (p.assignee === null) query = query.where("i.assignee_id", "is", null);
  else if (p.assignee !== undefined) query = query.where("i.assignee_id", "=", p.assignee);
  if (p.cycle === null) query = query.where("i.cycle_id", "is", null);
  else if (p.cycle !== undefined) query = query.where("i.cycle_id", "=", p.cycle);
  if (p.milestone === null) query = query.where("i.milestone_id", "is", null);
  else if (p.milestone !== undefined) query = query.where("i.milestone_id", "=", p.milestone);
  if (p.parent !== undefined) query = query.where("i.parent_id", "=", p.parent);
  if (p.iced === true) query = query.where("i.status", "=", "iced");
  if (p.iced === false) query = query.where("i.status", "!=", "iced");
  if (p.ready !== undefined) {
    // the condition of the partial index issues_ready_idx, so ready work is read from it
    const ready = readySql("i");
    query = query.where(p.ready ? ready : sql<SqlBool>`not ${ready}`);
  }
  if (p.startable !== undefined) {
    // the condition of the partial index issues_claimable_idx
    const startable = startableSql("i");
    query = query.where(p.startable ? startable : sql<SqlBool>`not ${startable}`);
  }
  const kind = db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
  if (p.title !== undefined) query = query.where(containsPattern(kind, "i.title", p.title));
  if (p.updatedSince !== undefined) query = query.where("i.updated_at", ">=", p.updatedSince);
  return keyset(query, SORT_KEYS[sort], p.after, Number(limit));
});

/** Issues of the workspace, filtered and sorted, a page at a time. */
export async function listIssues(ctx: Ctx, input: ListIssuesQuery): Promise<Page<IssueSummary>> {
  const q = { ...input, limit: input.limit ?? DEFAULT_LIMIT, sort: input.sort ?? "-created" };
  const db = ctx.core.db;
  const keys = SORT_KEYS[q.sort];
  const sortName = `issues:${q.sort}`;
  const p: ListParams = { workspaceId: ctx.workspaceId };
  const prefix = q.space;
  if (prefix) p.space = prefix;
  if (q.status?.length) p.status = q.status;
  if (q.priority?.length) p.priority = q.priority.map((x) => PRIORITIES.indexOf(x));
  if (q.label?.length) p.labels = await spelledLabels(db, ctx.workspaceId, q.label);
  if (q.assignee) {
    if (q.assignee === "none") p.assignee = null;
    else p.assignee = (await findAssignee(ctx, db, q.assignee))?.id ?? "";
  }
  if (q.cycle) p.cycle = q.cycle === "none" ? null : q.cycle;
  if (q.milestone) p.milestone = q.milestone === "none" ? null : q.milestone;
  if (q.parent) p.parent = (await resolveIssue(ctx, q.parent, db).catch(() => undefined))?.id ?? "";
  if (q.iced !== undefined) p.iced = q.iced;
  if (q.ready !== undefined) p.ready = q.ready;
  if (q.startable !== undefined) p.startable = q.startable;
  if (q.q) p.title = likePattern(q.q);
  if (q.updated_since) p.updatedSince = q.updated_since;
  if (q.cursor) p.after = decodeCursor(q.cursor, sortName, keys.length);

  const rows = (await listQuery(db, `${q.sort}:${q.limit}`, p)) as SummaryRow[];
  const { data, next_cursor } = pageOfRows(rows, q.limit, sortName, keys);
  if (prefix && data.length === 0) {
    const space = await db
      .selectFrom("spaces")
      .select("id")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("prefix", "=", prefix)
      .executeTakeFirst();
    if (!space) throw invalid(`space: no space ${prefix} in this workspace`, { space: "no such space" });
  }
  return { data: data.map(summaryView), next_cursor };
}

// ---------------------------------------------------------------------------------------------------
// Writing

/**
 * The assignee the caller is: the agent connection it acts through, or else its person. Claims and
 * `assignee: me` use this, so an agent's work shows as the agent's (for its person).
 */
export function callerAssignee(ctx: Ctx): string {
  return ctx.actor.via.startsWith("con_") ? ctx.actor.via : ctx.actor.personId;
}

/**
 * An assignee by reference: `me`, a live connection of the workspace (`con_…`), or a member person by
 * email or id. Undefined when there is none.
 */
export async function findAssignee(ctx: Ctx, db: Db, ref: string): Promise<{ id: string } | undefined> {
  const key = ref.trim();
  if (key.toLowerCase() === "me") return { id: callerAssignee(ctx) };
  if (key.startsWith("con_")) {
    return db
      .selectFrom("connections")
      .select("id")
      .where("id", "=", key)
      .where("workspace_id", "=", ctx.workspaceId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
  }
  return findMember(ctx, db, key);
}

async function findMember(ctx: Ctx, db: Db, ref: string) {
  const key = ref.trim();
  return db
    .selectFrom("people as p")
    .innerJoin("memberships as m", "m.person_id", "p.id")
    .select(["p.id", "p.email", "p.name"])
    .where("m.workspace_id", "=", ctx.workspaceId)
    .where(key.includes("@") ? "p.email" : "p.id", "=", key.includes("@") ? key.toLowerCase() : key)
    .executeTakeFirst();
}

/** Resolves the references of an issue write to ids, or 400 naming each bad field. */
async function resolveReferences(
  ctx: Ctx,
  db: Db,
  input: Partial<CreateIssueInput>,
  /** the issue's space, which its cycle must be of; undefined when the input names no cycle */
  spaceId: string | undefined,
  self?: IssueRow,
): Promise<Partial<Pick<IssueRow, "assignee_id" | "parent_id" | "cycle_id" | "milestone_id">>> {
  const out: Partial<Pick<IssueRow, "assignee_id" | "parent_id" | "cycle_id" | "milestone_id">> = {};
  const fields: Record<string, string> = {};
  if (input.assignee !== undefined) {
    if (input.assignee === null) out.assignee_id = null;
    else {
      const who = await findAssignee(ctx, db, input.assignee);
      if (who) out.assignee_id = who.id;
      else fields.assignee = `no member or agent connection ${input.assignee} in this workspace`;
    }
  }
  if (input.parent !== undefined) {
    if (input.parent === null) out.parent_id = null;
    else {
      const key = input.parent;
      const parent = await db
        .selectFrom("issues")
        .select(["id", "parent_id"])
        .where("workspace_id", "=", ctx.workspaceId)
        .where(byRef(key), "=", key)
        .executeTakeFirst();
      if (!parent) fields.parent = `no issue ${key} in this workspace`;
      else if (self && (await isAncestorOrSelf(db, self.id, parent.id)))
        fields.parent = "would make the issue its own ancestor";
      else out.parent_id = parent.id;
    }
  }
  if (input.cycle !== undefined) {
    if (input.cycle === null) out.cycle_id = null;
    else {
      const cycle = await db
        .selectFrom("cycles")
        .select(["id", "space_id"])
        .where("workspace_id", "=", ctx.workspaceId)
        .where("id", "=", input.cycle)
        .executeTakeFirst();
      if (!cycle) fields.cycle = `no cycle ${input.cycle} in this workspace`;
      else if (spaceId !== undefined && cycle.space_id !== spaceId)
        fields.cycle = "belongs to another space than the issue";
      else out.cycle_id = cycle.id;
    }
  }
  if (input.milestone !== undefined) {
    if (input.milestone === null) out.milestone_id = null;
    else {
      const ms = await db
        .selectFrom("milestones")
        .select("id")
        .where("workspace_id", "=", ctx.workspaceId)
        .where("id", "=", input.milestone)
        .executeTakeFirst();
      if (ms) out.milestone_id = ms.id;
      else fields.milestone = `no milestone ${input.milestone} in this workspace`;
    }
  }
  if (Object.keys(fields).length > 0) {
    throw invalid(
      `Invalid input: ${Object.entries(fields)
        .map(([f, m]) => `${f}: ${m}`)
        .join("; ")}`,
      fields,
    );
  }
  return out;
}

/** True when `candidate` is `issueId` or one of its descendants (so it cannot become its parent). */
async function isAncestorOrSelf(db: Db, issueId: string, candidate: string): Promise<boolean> {
  let current: string | null = candidate;
  for (let depth = 0; current && depth < 1000; depth++) {
    if (current === issueId) return true;
    const row: { parent_id: string | null } | undefined = await db
      .selectFrom("issues")
      .select("parent_id")
      .where("id", "=", current)
      .executeTakeFirst();
    current = row?.parent_id ?? null;
  }
  return false;
}

/** Writes the issue's standing in the cycles it left or is in, for cycle stats and burn-down. */
async function recordCycleStanding(
  trx: Transaction<Database>,
  before: Pick<IssueRow, "cycle_id" | "status" | "estimate"> | undefined,
  after: IssueRow,
  at: string,
): Promise<void> {
  await insertRows(trx, "cycle_events", cycleStanding(before, after, at));
}

/** The rows of the issue's standing in the cycles it left or is in, oldest first. */
function cycleStanding(
  before: Pick<IssueRow, "cycle_id" | "status" | "estimate"> | undefined,
  after: IssueRow,
  at: string,
): CycleEventsTable[] {
  const done = (s: IssueStatus) => (CLOSED_STATUSES.includes(s) ? 1 : 0);
  const rows = [];
  if (before?.cycle_id && before.cycle_id !== after.cycle_id) {
    rows.push({ cycle_id: before.cycle_id, in_scope: 0 });
  }
  if (
    after.cycle_id &&
    (before === undefined ||
      before.cycle_id !== after.cycle_id ||
      done(before.status) !== done(after.status) ||
      before.estimate !== after.estimate)
  ) {
    rows.push({ cycle_id: after.cycle_id, in_scope: 1 });
  }
  return rows.map((r) => ({
    id: newId("cev", new Date(at)),
    cycle_id: r.cycle_id,
    issue_id: after.id,
    in_scope: r.in_scope,
    completed: done(after.status),
    estimate: after.estimate,
    created_at: at,
  }));
}

async function setLabels(
  trx: Transaction<Database>,
  issue: IssueRow,
  list: readonly string[],
  fresh = false,
): Promise<void> {
  if (!fresh) await trx.deleteFrom("issue_labels").where("issue_id", "=", issue.id).execute();
  if (list.length > 0) {
    await insertRows(
      trx,
      "issue_labels",
      list.map((l) => ({ issue_id: issue.id, workspace_id: issue.workspace_id, label: l })),
    );
  }
}

const indexIssue = (trx: Transaction<Database>, issue: IssueRow) => indexDocument(trx, issueDocument(issue));

/** An issue's search document. */
const issueDocument = (issue: IssueRow): SearchDocumentsTable => ({
  object_id: issue.id,
  workspace_id: issue.workspace_id,
  object_type: "issue",
  title: issue.title,
  body: `${issue.identifier}\n${issue.description}`,
  updated_at: issue.updated_at,
});

const noSpace = (prefix: string | undefined) =>
  prefix
    ? invalid(`space: no space ${prefix} in this workspace`, { space: "no such space" })
    : conflict("This workspace has no space to put issues in; create one first.");

/** The workspace's space named by `prefix`, or its first space without one. */
function spaceOf(db: Db, ctx: Ctx, prefix: string | undefined) {
  const first = db
    .selectFrom("spaces")
    .select("id")
    .where("workspace_id", "=", ctx.workspaceId)
    .orderBy("created_at")
    .orderBy("id")
    .limit(1);
  return prefix ? first.where("prefix", "=", prefix) : first;
}

/**
 * Takes the next issue number of the space `prefix` names (without one, the workspace's first space):
 * the space's lookup and its number in one statement, a transaction of its own before the creation's.
 * So the space's row is held only for that statement, not through the creation (on PostgreSQL its lock
 * held to the creation's commit made every creation in a space wait for the one before), and a creation
 * that then fails leaves a gap in the space's numbers, as a sequence does. On SQLite the statement
 * joins the group commit open at the time, if any (the creation's savepoint rolling back leaves it in
 * place). Inside a unit of work (a request with an Idempotency-Key) it is part of the unit: a keyed
 * creation keeps its number only with everything else, and a replay of its answer takes none.
 */
async function takeIssueNumber(
  ctx: Ctx,
  prefix: string | undefined,
): Promise<{ id: string; prefix: string; number: number }> {
  const db = ctx.core.db;
  const taken = await db
    .updateTable("spaces")
    .set((eb) => ({ next_issue_number: eb("next_issue_number", "+", 1) }))
    .where("id", "=", spaceOf(db, ctx, prefix))
    .returning(["id", "prefix", "next_issue_number"])
    .executeTakeFirst();
  if (!taken) throw noSpace(prefix);
  return { id: taken.id, prefix: taken.prefix, number: taken.next_issue_number - 1 };
}

/**
 * Creates an issue, its labels and the dependency edges it names, all in one transaction, after taking
 * its number in a transaction of its own (takeIssueNumber). On PostgreSQL a creation that reads nothing
 * in its transaction (its labels exist; it is not done, in review, assigned, blocked by anything or
 * mentioning anyone) is written in one statement that also answers it (writeCreation).
 */
export async function createIssue(ctx: Ctx, input: CreateIssueInput): Promise<IssueView> {
  const data = createIssueInput.parse(input);
  const db = ctx.core.db;
  // A cycle must be one of the issue's space: only then is the space looked up before its number is
  // taken, so that a wrong cycle is refused without taking one.
  let cycleSpace: string | undefined;
  if (data.cycle) {
    const space = await spaceOf(db, ctx, data.space).executeTakeFirst();
    if (!space) throw noSpace(data.space);
    cycleSpace = space.id;
  }
  const refs = await resolveReferences(ctx, db, data, cycleSpace);
  const edges: EdgeRequest = {
    blocks: data.blocks ?? [],
    blockedBy: data.blockedBy ?? [],
    relatesTo: data.relatesTo ?? [],
  };
  const hasEdges = edges.blocks.length + edges.blockedBy.length + edges.relatesTo.length > 0;
  const at = ctx.core.clock.now().toISOString();
  const status = data.status ?? "backlog";
  const description = data.description ?? "";
  const inOneStatement =
    ctx.core.store.kind === "postgres" &&
    status !== "done" &&
    status !== "in_review" &&
    edges.blockedBy.length === 0 &&
    !refs.assignee_id &&
    mentionHandles(description).length === 0;
  // The issues its edges name are found (or refused) before the number is taken, as its references are.
  // On PostgreSQL a creation to be written in one statement finds them, and its labels, in the statement
  // that takes its number; when that takes none (an issue or the space unknown), the steps one at a time
  // give the refusal.
  let resolved: ResolvedEdges | undefined;
  let taken: { id: string; prefix: string; number: number } | undefined;
  let known: string[] | undefined;
  if (inOneStatement) {
    const wanted = wantedLabels(data.labels ?? []);
    const keys = (list: string[]) => list.map((r) => (r.startsWith("iss_") ? r : r.toUpperCase()));
    const all = [...keys(edges.blocks), ...keys(edges.relatesTo)];
    const read = await takeNumberReading(
      db,
      ctx.workspaceId,
      data.space,
      all.filter((k) => !k.startsWith("iss_")),
      all.filter((k) => k.startsWith("iss_")),
      [...wanted.keys()],
    );
    if (read.taken) {
      taken = read.taken;
      const found = (list: string[]) => keys(list).map((k) => read.issues.get(k)!);
      resolved = [
        ["blockedBy", []],
        ["blocks", found(edges.blocks)],
        ["relatesTo", found(edges.relatesTo)],
      ];
      known = spelledWhenAllExist(wanted, read.labels);
    }
  }
  if (!taken) {
    resolved = hasEdges ? await resolveEdges(ctx, db, edges) : undefined;
    taken = await takeIssueNumber(ctx, data.space);
  }
  const { number, ...space } = taken;
  const newIssue = (labelNames: string[]): IssueRow => ({
    id: newId("iss", new Date(at)),
    workspace_id: ctx.workspaceId,
    space_id: space.id,
    number,
    identifier: `${space.prefix}-${number}`,
    title: data.title,
    description,
    status,
    priority: PRIORITIES.indexOf(data.priority ?? "none"),
    labels: JSON.stringify(labelNames),
    assignee_id: refs.assignee_id ?? null,
    estimate: data.estimate ?? null,
    due_date: data.due_date ?? null,
    parent_id: refs.parent_id ?? null,
    cycle_id: refs.cycle_id ?? null,
    milestone_id: refs.milestone_id ?? null,
    completed_at: CLOSED_STATUSES.includes(status) ? at : null,
    open_blockers: 0,
    version: 1,
    claim_id: null,
    claim_expires_at: null,
    fencing_token: 0,
    substance_by: actingIdentity(ctx),
    ...authoredBy(ctx, at),
  });

  if (known) {
    // Nothing to read in a transaction (every label exists; a label still to be made is made in the
    // transaction below), so every write goes in one statement, which answers the issue as a read after
    // it would (the names and edges of the moment it commits), and tells nobody (no assignee, review or
    // mention).
    const issue = newIssue(known);
    const recorded = activityRecord(ctx, { type: "issue", id: issue.id }, "created", {}, at);
    const { rows: edgeRows, blocked } = hasEdges
      ? edgesOfNewIssue(ctx, issue, resolved!, at, recorded)
      : { rows: [], blocked: new Map<string, number>() };
    const row = await writeCreation(db, {
      issue,
      labels: known.map((l) => ({ issue_id: issue.id, workspace_id: issue.workspace_id, label: l })),
      document: issueDocument(issue),
      cycleEvents: cycleStanding(undefined, issue, at),
      edges: edgeRows,
      blocked,
      activity: recorded.activity,
      events: recorded.events.map((e) => eventRow(ctx, e)),
    });
    ctx.core.events.noteEventsWritten(recorded.events.length);
    return readView({ ...row, code_links: [] });
  }

  const id = await db.transaction().execute(async (trx) => {
    // Nobody else can see the new issue yet, so a cycle through it needs edges both into and out of it;
    // only then must the graph be held still while it is checked.
    if (edges.blockedBy.length > 0 && edges.blocks.length > 0) await lockGraph(ctx, trx);
    const labelNames = await ensureLabels(trx, ctx, data.labels ?? [], at);
    const issue = newIssue(labelNames);
    if (status === "done") await checkDonePolicy(trx, ctx, issue);
    await insertRows(trx, "issues", [issue]);
    if (labelNames.length) await setLabels(trx, issue, labelNames, true);
    await indexIssue(trx, issue);
    await recordCycleStanding(trx, undefined, issue, at);
    // the creation's activity and event and its edges' go in one insert each
    const recorded = activityRecord(ctx, { type: "issue", id: issue.id }, "created", {}, at);
    if (hasEdges) await addEdges(ctx, trx, issue, edges, at, { fresh: true, resolved, recorded });
    await writeRecorded(trx, ctx, recorded);
    await tellPeople(trx, ctx, undefined, issue);
    return issue.id;
  });
  return getIssue(ctx, id);
}

/**
 * The inbox items a write makes: the new assignee (a person) is told of the assignment, the space's
 * reviewers of a move to in_review, and people mentioned in the description of their mention. A person
 * assigning the issue to an agent connection delegates it: a pending run for that agent (session-state.ts).
 */
async function tellPeople(
  trx: Transaction<Database>,
  ctx: Ctx,
  before: IssueRow | undefined,
  after: IssueRow,
): Promise<void> {
  const title = `${after.identifier}: ${after.title}`;
  const subject = { type: "issue", id: after.id };
  const notices: Notice[] = [];
  if (
    after.assignee_id &&
    !after.assignee_id.startsWith("con_") &&
    after.assignee_id !== before?.assignee_id
  ) {
    notices.push({ personId: after.assignee_id, kind: "assignment", subject, issueId: after.id, title });
  }
  if (after.status === "in_review" && before?.status !== "in_review") {
    for (const personId of await reviewersOf(trx, ctx, after.space_id))
      notices.push({
        personId,
        kind: "review",
        subject,
        issueId: after.id,
        title,
        excerpt: excerptOf(after.description),
      });
  }
  if (notices.length) await notify(trx, ctx, notices);
  if (after.assignee_id?.startsWith("con_") && after.assignee_id !== before?.assignee_id) {
    await delegateOnAssign(trx, ctx, after, after.assignee_id);
  }
  if (after.description !== (before?.description ?? "")) {
    await recordMentions(
      trx,
      ctx,
      { ...subject, issueId: after.id, title },
      after.description,
      before?.description,
    );
  }
}

/** What an issue's fields look like in its activity: names rather than ranks and ids. */
function activityFields(row: IssueRow): Record<string, unknown> {
  return {
    title: row.title,
    description: row.description,
    status: row.status,
    priority: PRIORITIES[row.priority],
    labels: JSON.parse(row.labels),
    assignee: row.assignee_id,
    estimate: row.estimate,
    due_date: row.due_date,
    parent: row.parent_id,
    cycle: row.cycle_id,
    milestone: row.milestone_id,
  };
}

const MAX_WRITE_ATTEMPTS = 3;

/**
 * Options of a write to an issue. `fencingToken`: the token of the caller's claim on the issue; the write
 * is refused with 409 `lease_lost` (changing nothing) when a later claim superseded it.
 */
export interface WriteOptions {
  fencingToken?: number | undefined;
  /**
   * more work for the write's transaction, run after the issue is written (or found unchanged), so both
   * commit or neither does: answering the approval that marked the issue done
   */
  alongside?: ((trx: Transaction<Database>) => Promise<void>) | undefined;
}

/**
 * Applies `change` to the current row and writes it only if nobody wrote in between (compare-and-set
 * on the version); with If-Match, only if the version is one the client named, else 412.
 */
async function writeIssue(
  ctx: Ctx,
  ref: string,
  ifMatch: number[] | undefined,
  options: WriteOptions,
  change: (
    current: IssueRow,
    trx: Transaction<Database>,
  ) => Promise<{ next: Partial<IssueRow>; action?: string } | null>,
): Promise<IssueView> {
  for (let attempt = 1; ; attempt++) {
    const result = await ctx.core.db.transaction().execute(async (trx) => {
      const current = await resolveIssue(ctx, ref, trx);
      // a superseded lease, or another connection's claim, changes nothing (the version compare-and-set
      // below keeps this check true); a person's change takes the issue over from its claim
      const takenOver = await guardClaimedWrite(ctx, trx, current, options.fencingToken, true);
      if (ifMatch && !ifMatch.includes(current.version)) {
        throw preconditionFailed(
          `${current.identifier} changed since you read it (it is now at version ${current.version}); read it again and reapply your change.`,
        );
      }
      const planned = await change(current, trx);
      if (!planned) {
        await options.alongside?.(trx);
        return { id: current.id, lost: false };
      }
      const at = ctx.core.clock.now().toISOString();
      const next: IssueRow = {
        ...current,
        ...planned.next,
        version: current.version + 1,
        ...touchedBy(ctx, at),
      };
      const changes: Changes = diff(activityFields(current), activityFields(next));
      if (Object.keys(changes).length === 0 && !planned.action) {
        await options.alongside?.(trx);
        return { id: current.id, lost: false };
      }
      if (changes.title || changes.description) next.substance_by = actingIdentity(ctx);
      if (next.status === "done" && current.status !== "done") await checkDonePolicy(trx, ctx, next);
      if (CLOSED_STATUSES.includes(next.status) !== CLOSED_STATUSES.includes(current.status)) {
        next.completed_at = CLOSED_STATUSES.includes(next.status) ? at : null;
      }
      // completing or canceling an issue ends its claim
      const closesClaim = current.claim_id !== null && CLOSED_STATUSES.includes(next.status);
      // The lease columns are written by claims alone (a heartbeat moves the expiry without a new
      // version), except that closing the issue clears them.
      const {
        id: _id,
        workspace_id: _w,
        created_at: _c,
        created_by: _cb,
        created_via: _cv,
        claim_id: _ci,
        claim_expires_at: _ce,
        fencing_token: _ft,
        ...set
      } = next;
      const updated = await trx
        .updateTable("issues")
        .set(closesClaim || takenOver ? { ...set, ...CLEARED_CLAIM } : set)
        .where("id", "=", current.id)
        .where("version", "=", current.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        if (ifMatch) {
          throw preconditionFailed(
            `${current.identifier} changed since you read it; read it again and reapply your change.`,
          );
        }
        return { id: current.id, lost: true };
      }
      if (closesClaim) await endClaimOnClose(ctx, trx, current, next.status as "done" | "canceled");
      else if (takenOver) await endTakenOver(ctx, trx, takenOver);
      if (current.labels !== next.labels) await setLabels(trx, next, JSON.parse(next.labels));
      if (current.title !== next.title || current.description !== next.description)
        await indexIssue(trx, next);
      await recordActivity(
        trx,
        ctx,
        { type: "issue", id: current.id },
        planned.action ?? "updated",
        changes,
        at,
      );
      await recordCycleStanding(trx, current, next, at);
      await tellPeople(trx, ctx, current, next);
      if (CLOSED_STATUSES.includes(next.status) !== CLOSED_STATUSES.includes(current.status)) {
        // what this issue blocks gains or loses an open blocker
        const dependents = await trx
          .selectFrom("dependencies")
          .select("to_issue_id")
          .where("from_issue_id", "=", current.id)
          .where("kind", "=", "blocks")
          .execute();
        await recountOpenBlockers(
          trx,
          ctx,
          dependents.map((d) => d.to_issue_id),
          at,
        );
      }
      if (isReady(next) && !isReady(current)) {
        const because = current.status === "iced" ? "thawed" : "reopened";
        await emitEvent(trx, ctx, readyEvent(current, because, at));
      }
      await options.alongside?.(trx);
      return { id: current.id, lost: false };
    });
    if (!result.lost) return getIssue(ctx, result.id);
    if (attempt >= MAX_WRITE_ATTEMPTS) {
      throw conflict(`${ref} is being changed by others right now; try again.`);
    }
  }
}

/** Changes the fields given and leaves the rest; a status change thaws an iced issue. */
export async function updateIssue(
  ctx: Ctx,
  ref: string,
  input: UpdateIssueInput,
  ifMatch?: number[],
  options: WriteOptions = {},
): Promise<IssueView> {
  const data = updateIssueInput.parse(input);
  return writeIssue(ctx, ref, ifMatch, options, async (current, trx) => {
    const refs = await resolveReferences(ctx, trx, data, current.space_id, current);
    const next: Partial<IssueRow> = { ...refs };
    if (data.title !== undefined) next.title = data.title;
    if (data.description !== undefined) next.description = data.description;
    if (data.status !== undefined) next.status = data.status;
    if (data.priority !== undefined) next.priority = PRIORITIES.indexOf(data.priority);
    if (data.labels !== undefined) {
      const at = ctx.core.clock.now().toISOString();
      next.labels = JSON.stringify(await ensureLabels(trx, ctx, data.labels, at));
    }
    if (data.estimate !== undefined) next.estimate = data.estimate;
    if (data.due_date !== undefined) next.due_date = data.due_date;
    return { next };
  });
}

/** Puts an issue on ice: out of ready work until its status is next changed. */
export async function iceIssue(
  ctx: Ctx,
  ref: string,
  ifMatch?: number[],
  options: WriteOptions = {},
): Promise<IssueView> {
  return writeIssue(ctx, ref, ifMatch, options, async (current) => {
    if (current.status === "iced") return null;
    if (CLOSED_STATUSES.includes(current.status)) {
      throw conflict(`${current.identifier} is ${current.status}; only open issues can be put on ice.`);
    }
    return { next: { status: "iced" }, action: "iced" };
  });
}
