import { type Kysely, SqliteAdapter, sql } from "kysely";
import { z } from "zod";
import { prepared } from "../db/prepared.ts";
import type { Database, MilestonesTable } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { countTokens } from "../tokens.ts";
import { approvalView, openApprovals } from "./approvals.ts";
import { commentView, recentComments } from "./comments.ts";
import { issueRef, objectId, timeOut } from "./common.ts";
import { actorView, type Ctx } from "./context.ts";
import { type CycleRow, cycleView, cycleViewOf } from "./cycles.ts";
import { type LinkedDecisionView, linkedDecisionView } from "./decisions.ts";
import { emitEvent } from "./events.ts";
import { type LinkedFileView, linkedFileView } from "./files.ts";
import { assigneeLabel, getIssue, issueView } from "./issues.ts";
import { milestoneView, milestoneViewOf, progressFrom } from "./milestones.ts";
import { type LinkedNoteView, linkedNoteView } from "./notes.ts";
import { byCreation, type Page, pageQuery, paginate } from "./pagination.ts";
import { type DoneRequires, finishingFrom, finishingView } from "./spaces.ts";

/**
 * The execution bundle of an issue: everything an agent or a person needs to work on it, in one read —
 * the issue, its blockers and what it blocks (with live status), related issues, the decisions, notes
 * and files linked to it, and its cycle and milestone. `preview` computes it; `create` keeps an
 * immutable snapshot; a bundle is read back by snapshot id, or live by issue identifier.
 */

export const bundleIdSchema = objectId("bnd", "bundle");

export const bundleInput = z.strictObject({
  issue: issueRef.describe("The issue whose bundle to make, e.g. ENG-42."),
});
export type BundleInput = z.output<typeof bundleInput>;

/** The smallest and largest token budget a bundle takes; the budget `claim_next_issue` uses by default. */
export const BUNDLE_MIN_TOKENS = 1_000;
export const BUNDLE_MAX_TOKENS = 200_000;
export const BUNDLE_DEFAULT_MAX_TOKENS = 8_000;

export const maxTokensField = z.coerce
  .number({ error: "must be a whole number of tokens" })
  .int({ error: "must be a whole number of tokens" })
  .min(BUNDLE_MIN_TOKENS, { error: `must be at least ${BUNDLE_MIN_TOKENS}` })
  .max(BUNDLE_MAX_TOKENS, { error: `must be at most ${BUNDLE_MAX_TOKENS}` })
  .optional()
  .describe(
    "Cut the bundle to fit this many tokens (o200k_base, of its Markdown); what is left out is listed at its end.",
  );

/** `POST /v1/bundles/preview` (and the MCP preview): the issue and an optional token budget. */
export const previewBundleInput = bundleInput.extend({ max_tokens: maxTokensField });
export const bundleQuery = z.strictObject({ max_tokens: maxTokensField });

/** `GET /v1/bundles/{id}`: a snapshot id (`bnd_…`) or an issue identifier for the live bundle. */
export const bundleRef = z.union([bundleIdSchema, issueRef], {
  error: "must be a bundle id (bnd_…) or an issue identifier such as ENG-42",
});

export const omissionView = z.object({
  kind: z
    .enum(["comment", "note_body", "decision_text", "related", "file", "blocks", "description"])
    .describe(
      "What was left out: older comments, a note's body, a decision's text, a related issue, a file, an issue it blocks, or the rest of the description.",
    ),
  id: z
    .string()
    .describe(
      "The object left out (or whose text was): note_…, dec_…, an issue identifier (its description, or for `comment` its older comments), file_…",
    ),
  title: z.string(),
  tokens: z.number().int().describe("About how many tokens it took."),
  fetch: z.string().describe("How to read it in full."),
});
export type Omission = z.output<typeof omissionView>;

export const bundleView = z
  .object({
    id: z.string().nullable().describe("The snapshot's id; null for a live bundle."),
    snapshot: z
      .boolean()
      .describe("true for a kept snapshot, which never changes; false for the live bundle."),
    generated_at: timeOut,
    created_by: z.object({ person_id: z.string(), via: z.string() }).nullable(),
    issue: issueView,
    blockers: issueView.shape.blockedBy.describe(
      "Issues blocking this one, with their status when generated.",
    ),
    blocks: issueView.shape.blocks,
    related: issueView.shape.relatesTo,
    decisions: z.array(linkedDecisionView),
    notes: z.array(linkedNoteView),
    files: z.array(linkedFileView),
    cycle: cycleView.nullable(),
    milestone: milestoneView.nullable(),
    // snapshots kept before a bundle said how its issue finishes have none
    finishing: finishingView.optional(),
    approvals: z.array(approvalView).describe("Approvals asked on the issue and still open, oldest first."),
    comments: z
      .array(commentView)
      .describe(
        "The issue's comments (the newest 50, not deleted), newest first; a budget cuts the oldest first.",
      ),
    omitted: z
      .array(omissionView)
      .optional()
      .describe("Present when the bundle was cut to fit max_tokens: what was left out, in the order cut."),
  })
  .meta({ id: "Bundle" });
export type BundleView = z.output<typeof bundleView>;

export const bundleSummary = z.object({
  id: z.string(),
  issue: z.string(),
  created_by: z.object({ person_id: z.string(), via: z.string() }),
  created_at: timeOut,
});

export const listBundlesQuery = z.strictObject({
  ...pageQuery,
  issue: issueRef.describe("Snapshots of this issue."),
});

/** The live bundle of an issue. */
export async function liveBundle(ctx: Ctx, ref: string): Promise<BundleView> {
  const issue = await getIssue(ctx, ref);
  const [row] = (await readContext(ctx.core.db, {
    workspaceId: ctx.workspaceId,
    issueId: issue.id,
    prefix: issue.space,
    cycleId: issue.cycle?.id ?? null,
    milestoneId: issue.milestone?.id ?? null,
  })) as ContextRow[];
  if (!row || row.done_requires === null) throw notFound(`No space ${issue.space} in this workspace.`);
  const cycleRow = json<CycleTuple | null>(row.cycle);
  if (issue.cycle && !cycleRow) throw notFound(`No cycle ${issue.cycle.id} in this workspace.`);
  const milestoneRow = json<MilestoneTuple | null>(row.milestone);
  if (issue.milestone && !milestoneRow)
    throw notFound(`No milestone ${issue.milestone.id} in this workspace.`);
  // approvals and comments are read apart only when the issue has any (their views name people)
  const [approvals, comments] = await Promise.all([
    truthy(row.has_approvals) ? openApprovals(ctx, issue.id) : [],
    truthy(row.has_comments) ? recentComments(ctx, issue) : [],
  ]);
  return {
    id: null,
    snapshot: false,
    generated_at: ctx.core.clock.now().toISOString(),
    created_by: null,
    issue,
    blockers: issue.blockedBy,
    blocks: issue.blocks,
    related: issue.relatesTo,
    decisions: json<DecisionTuple[]>(row.decisions).map(
      ([id, title, status, decision, updatedAt]): LinkedDecisionView => ({
        id,
        title,
        status,
        decision,
        updated_at: iso(updatedAt),
      }),
    ),
    notes: json<NoteTuple[]>(row.notes).map(
      ([id, title, folderId, folderName, body, updatedAt]): LinkedNoteView => ({
        id,
        title,
        folder: folderId ? { id: folderId, name: folderName ?? "" } : null,
        body,
        updated_at: iso(updatedAt),
      }),
    ),
    files: json<FileTuple[]>(row.files).map(
      ([id, name, contentType, size, sha256, createdAt]): LinkedFileView => ({
        id,
        name,
        content_type: contentType,
        size: Number(size),
        sha256,
        created_at: iso(createdAt),
      }),
    ),
    cycle: cycleRow ? cycleViewOf(ctx, cycleOf(cycleRow)) : null,
    milestone: milestoneRow
      ? milestoneViewOf(
          milestoneOf(milestoneRow),
          progressFrom(json<[string, number, number | null][]>(row.progress)),
          json<EdgeTuple[]>(row.milestone_edges).map(([id, from, to, fromName, toName]) => ({
            id,
            from_milestone_id: from,
            to_milestone_id: to,
            from_name: fromName,
            to_name: toName,
          })),
        )
      : null,
    finishing: finishingFrom(
      row.done_requires,
      json<[string, string, string][]>(row.reviewers).map(([id, name, email]) => ({ id, name, email })),
    ),
    approvals,
    comments,
  };
}

// ---------------------------------------------------------------------------------------------------
// What the live bundle shows beside its issue, in one statement

/**
 * Everything the live bundle shows beside its issue, read in one statement compiled once: on
 * PostgreSQL one round trip instead of ten. Each part is the JSON of the rows the part's own read
 * takes, in its order (`finishingOf`, `linkedDecisions`, `linkedNotes`, `linkedFiles`, `getCycle`,
 * `getMilestone`; test/tracker/bundles.test.ts holds them to it); approvals and comments only say
 * whether there are any, as most issues have none and their views name people.
 */
const readContext = prepared(
  ["workspaceId", "issueId", "prefix", "cycleId", "milestoneId"] as const,
  (db: Kysely<Database>, a: ContextArgs) => {
    const lite = db.getExecutor().adapter instanceof SqliteAdapter;
    // a JSON array of the rows' tuples in `order`, [] when there are none
    const rows = (tuple: string, order: string) =>
      lite
        ? `json_group_array(json_array(${tuple}) order by ${order})`
        : `coalesce(json_agg(json_build_array(${tuple}) order by ${order}), '[]')`;
    const one = (tuple: string) => (lite ? `json_array(${tuple})` : `json_build_array(${tuple})`);
    const { workspaceId: ws, issueId: issue, prefix, cycleId, milestoneId } = a;
    const named = lite
      ? sql`case when json_array_length(s.reviewers) > 0
          then m.person_id in (select value from json_each(s.reviewers)) else m.role in ('owner', 'admin') end`
      : sql`case when json_array_length(s.reviewers::json) > 0
          then m.person_id in (select json_array_elements_text(s.reviewers::json)) else m.role in ('owner', 'admin') end`;
    const progress = lite
      ? sql`(select ${sql.raw(rows("status, issues, estimate", "status"))} from milestone_progress
          where milestone_id = ${milestoneId} and issues > 0)`
      : // The milestone's id through a subquery, whose value the planner does not know. PostgreSQL plans
        // a prepared statement for each of its first five runs' values, then keeps one plan for any
        // value if that costs no more than theirs did; bound directly, an issue without a milestone
        // made this part look nearly free, and the statement was planned again on every run (about
        // 0.7 ms of the database's CPU a bundle, more than running it takes). Through the subquery
        // every milestone, or none, is estimated alike.
        sql`(select ${sql.raw(rows("status, issues, estimate", "status"))} from (
          select status, count(*) as issues, sum(estimate) as estimate from issues
          where milestone_id = (select m.id from milestones m where m.id = ${milestoneId}) group by status) p)`;
    return db.selectNoFrom([
      sql<DoneRequires | null>`(select done_requires from spaces
        where workspace_id = ${ws} and prefix = ${prefix})`.as("done_requires"),
      sql<unknown>`(select ${sql.raw(rows("p.id, p.name, p.email", "p.email"))}
        from spaces s join memberships m on m.workspace_id = s.workspace_id join people p on p.id = m.person_id
        where s.workspace_id = ${ws} and s.prefix = ${prefix} and ${named})`.as("reviewers"),
      sql<unknown>`(select ${sql.raw(rows("d.id, d.title, d.status, d.decision, d.updated_at", "d.created_at, d.id"))}
        from issue_links l join decisions d on d.id = l.object_id
        where l.workspace_id = ${ws} and d.workspace_id = ${ws} and l.object_type = 'decision'
          and l.issue_id = ${issue})`.as("decisions"),
      sql<unknown>`(select ${sql.raw(rows("n.id, n.title, n.folder_id, f.name, n.body, n.updated_at", "n.created_at, n.id"))}
        from issue_links l join notes n on n.id = l.object_id left join folders f on f.id = n.folder_id
        where l.workspace_id = ${ws} and n.workspace_id = ${ws} and l.object_type = 'note'
          and l.issue_id = ${issue})`.as("notes"),
      sql<unknown>`(select ${sql.raw(rows("f.id, f.name, f.content_type, f.size, f.sha256, f.created_at", "f.created_at, f.id"))}
        from issue_links l join files f on f.id = l.object_id
        where l.workspace_id = ${ws} and f.workspace_id = ${ws} and l.object_type = 'file'
          and l.issue_id = ${issue})`.as("files"),
      sql<unknown>`(select ${sql.raw(one(CYCLE_COLUMNS.map((c) => (c === "space_prefix" ? "s.prefix" : `c.${c}`)).join(", ")))}
        from cycles c join spaces s on s.id = c.space_id
        where c.workspace_id = ${ws} and c.id = ${cycleId})`.as("cycle"),
      sql<unknown>`(select ${sql.raw(one(MILESTONE_COLUMNS.map((c) => `m.${c}`).join(", ")))}
        from milestones m where m.workspace_id = ${ws} and m.id = ${milestoneId})`.as("milestone"),
      progress.as("progress"),
      sql<unknown>`(select ${sql.raw(rows("d.id, d.from_milestone_id, d.to_milestone_id, f.name, t.name", "d.id"))}
        from milestone_dependencies d join milestones f on f.id = d.from_milestone_id
          join milestones t on t.id = d.to_milestone_id
        where d.workspace_id = ${ws} and (d.from_milestone_id = ${milestoneId} or d.to_milestone_id = ${milestoneId}))`.as(
        "milestone_edges",
      ),
      sql<unknown>`exists (select 1 from approvals
        where workspace_id = ${ws} and issue_id = ${issue} and status = 'open')`.as("has_approvals"),
      sql<unknown>`exists (select 1 from comments
        where workspace_id = ${ws} and subject_id = ${issue} and deleted_at is null)`.as("has_comments"),
    ]);
  },
);

interface ContextArgs extends Record<string, unknown> {
  workspaceId: string;
  issueId: string;
  prefix: string;
  cycleId: string | null;
  milestoneId: string | null;
}

/** Each JSON part is text on SQLite and parsed already on PostgreSQL. */
interface ContextRow {
  done_requires: DoneRequires | null;
  reviewers: unknown;
  decisions: unknown;
  notes: unknown;
  files: unknown;
  cycle: unknown;
  milestone: unknown;
  progress: unknown;
  milestone_edges: unknown;
  has_approvals: unknown;
  has_comments: unknown;
}

const CYCLE_COLUMNS = [
  "id",
  "space_prefix",
  "name",
  "starts_on",
  "ends_on",
  "version",
  "created_by",
  "created_via",
  "created_at",
  "updated_by",
  "updated_via",
  "updated_at",
] as const;
const MILESTONE_COLUMNS = [
  "id",
  "name",
  "description",
  "target_date",
  "version",
  "created_by",
  "created_via",
  "created_at",
  "updated_by",
  "updated_via",
  "updated_at",
] as const;

type DecisionTuple = [string, string, LinkedDecisionView["status"], string, string];
type NoteTuple = [string, string, string | null, string | null, string, string];
type FileTuple = [string, string, string, number, string, string];
type CycleTuple = unknown[];
type MilestoneTuple = unknown[];
type EdgeTuple = [string, string, string, string, string];

const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
const truthy = (v: unknown) => v === true || Number(v) === 1;

/**
 * A time from the JSON of a row: SQLite's is the ISO string stored; PostgreSQL's JSON writes a
 * `timestamptz` as `2026-11-27T10:00:00.123+00:00` (its zone the session's), made here the ISO string
 * a row read gives (`…Z`, milliseconds), as `isoFromPostgres` does.
 */
function iso(v: string): string {
  if (v.endsWith("Z")) return v;
  if (v.length >= 25 && v.charCodeAt(10) === 84 && v.endsWith("+00:00")) {
    const millis = v.charCodeAt(19) === 46 ? `${v.slice(20, v.length - 6)}000`.slice(0, 3) : "000";
    return `${v.slice(0, 19)}.${millis}Z`;
  }
  return new Date(v).toISOString();
}

function cycleOf(t: CycleTuple): CycleRow {
  const r = Object.fromEntries(CYCLE_COLUMNS.map((c, i) => [c, t[i]])) as unknown as CycleRow;
  r.created_at = iso(r.created_at);
  r.updated_at = iso(r.updated_at);
  return r;
}

function milestoneOf(t: MilestoneTuple): MilestonesTable {
  const r = Object.fromEntries(MILESTONE_COLUMNS.map((c, i) => [c, t[i]])) as unknown as MilestonesTable;
  r.created_at = iso(r.created_at);
  r.updated_at = iso(r.updated_at);
  return r;
}

/** Keeps the issue's bundle as it is now, under a new id; later edits do not change it. */
export async function createBundle(ctx: Ctx, input: BundleInput): Promise<BundleView> {
  const live = await liveBundle(ctx, input.issue);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("bnd", new Date(at));
  const view: BundleView = {
    ...live,
    id,
    snapshot: true,
    generated_at: at,
    created_by: actorView(ctx.actor.personId, ctx.actor.via),
  };
  await ctx.core.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("bundles")
      .values({
        id,
        workspace_id: ctx.workspaceId,
        issue_id: live.issue.id,
        content: JSON.stringify(view),
        created_by: ctx.actor.personId,
        created_via: ctx.actor.via,
        created_at: at,
      })
      .execute();
    await emitEvent(trx, ctx, {
      type: "bundle.created",
      object: { type: "bundle", id },
      data: { issue: live.issue.identifier, issue_id: live.issue.id },
      at,
    });
  });
  return view;
}

/** A snapshot by id, or the live bundle of an issue by identifier. */
export async function getBundle(ctx: Ctx, ref: string): Promise<BundleView> {
  if (!ref.startsWith("bnd_")) return liveBundle(ctx, ref);
  const row = await ctx.core.db
    .selectFrom("bundles")
    .select("content")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", ref)
    .executeTakeFirst();
  if (!row) throw notFound(`No bundle ${ref} in this workspace.`);
  return JSON.parse(row.content) as BundleView;
}

/** The snapshots kept of an issue, newest first. */
export async function listBundles(
  ctx: Ctx,
  query: z.output<typeof listBundlesQuery>,
): Promise<Page<z.output<typeof bundleSummary>>> {
  const issue = await getIssue(ctx, query.issue);
  const { data, next_cursor } = await paginate(
    ctx.core.db
      .selectFrom("bundles as b")
      .select(["b.id", "b.created_by", "b.created_via", "b.created_at"])
      .where("b.workspace_id", "=", ctx.workspaceId)
      .where("b.issue_id", "=", issue.id),
    "bundles",
    byCreation("b", "desc"),
    query,
  );
  return {
    data: data.map((r) => ({
      id: r.id,
      issue: issue.identifier,
      created_by: actorView(r.created_by, r.created_via),
      created_at: r.created_at,
    })),
    next_cursor,
  };
}

// ---------------------------------------------------------------------------------------------------
// Markdown

const OMISSION_LABEL: Record<Omission["kind"], string> = {
  comment: "older comments of",
  note_body: "the body of note",
  decision_text: "the text of decision",
  related: "related issue",
  file: "file",
  blocks: "issue it blocks:",
  description: "the rest of the description of",
};

const line = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();
const check = (status: string) => (status === "done" || status === "canceled" ? "x" : " ");

/** The bundle as Markdown, for people and for agents that read prose best. */
export function bundleMarkdown(b: BundleView): string {
  const i = b.issue;
  const out: string[] = [];
  const left = new Set((b.omitted ?? []).map((o) => o.id));
  out.push(`# ${i.identifier}: ${line(i.title)}`, "");
  out.push(
    b.snapshot
      ? `Snapshot ${b.id}, taken ${b.generated_at}. It does not change when the issue does.`
      : `Live bundle, generated ${b.generated_at}.`,
    "",
  );
  const facts = [
    `Status: ${i.status}`,
    `Priority: ${i.priority}`,
    `Ready: ${i.ready ? "yes" : "no"}`,
    i.assignee ? `Assignee: ${assigneeLabel(i.assignee)}` : "Assignee: none",
  ];
  if (i.estimate !== null) facts.push(`Estimate: ${i.estimate}`);
  if (i.due_date) facts.push(`Due: ${i.due_date}`);
  if (i.labels.length) facts.push(`Labels: ${i.labels.join(", ")}`);
  if (i.parent) facts.push(`Parent: ${i.parent.identifier}`);
  // a snapshot taken before code hosts has neither
  if (i.branch_name) facts.push(`Branch: ${i.branch_name}`);
  out.push(...facts.map((f) => `- ${f}`), "");
  const links = i.code_links ?? [];
  if (links.length) {
    out.push("## Code", "");
    for (const l of links)
      out.push(
        l.kind === "pull_request"
          ? `- Pull request #${l.number} ${line(l.title)} (${l.state}${l.review_state ? `, ${l.review_state.replace("_", " ")}` : ""}): ${l.url}`
          : l.kind === "branch"
            ? `- Branch ${l.branch ?? l.title} (${l.state === "closed" ? "deleted" : "open"}): ${l.url}`
            : `- Commit ${line(l.title)}: ${l.url}`,
      );
    out.push("");
  }
  if (b.finishing && b.finishing.done_requires !== "anyone") {
    const who = b.finishing.reviewers.map((r) => r.email).join(", ");
    out.push(`Finishing: ${b.finishing.how}${who ? ` Reviewers: ${who}.` : ""}`, "");
  }
  if (b.cycle)
    out.push(
      `Cycle: ${line(b.cycle.name)} (${b.cycle.starts_on} to ${b.cycle.ends_on}, ${b.cycle.state})`,
      "",
    );
  if (b.milestone) {
    const m = b.milestone;
    const target = m.target_date ? `, target ${m.target_date}` : "";
    out.push(`Milestone: ${line(m.name)} (${m.progress.percent}% done${target})`, "");
  }
  out.push(
    "## Description",
    "",
    i.description.trim() || (left.has(i.identifier) ? "_Left out (see the end)._" : "_No description._"),
    "",
  );
  const edges = (title: string, list: BundleView["blockers"]) => {
    out.push(`## ${title}`, "");
    if (list.length === 0) out.push("_None._");
    for (const n of list) out.push(`- [${check(n.status)}] ${n.identifier} ${line(n.title)} (${n.status})`);
    out.push("");
  };
  edges("Blocked by", b.blockers);
  edges("Blocks", b.blocks);
  edges("Related", b.related);
  out.push("## Decisions", "");
  if (b.decisions.length === 0) out.push("_None._", "");
  for (const d of b.decisions)
    out.push(
      `### ${line(d.title)} (${d.status}, ${d.id})`,
      "",
      d.decision.trim() || (left.has(d.id) ? "_Text left out (see the end)._" : "_No decision text._"),
      "",
    );
  out.push("## Notes", "");
  if (b.notes.length === 0) out.push("_None._", "");
  for (const n of b.notes)
    out.push(
      `### ${line(n.title)} (${n.id})`,
      "",
      n.body.trim() || (left.has(n.id) ? "_Body left out (see the end)._" : "_Empty._"),
      "",
    );
  out.push("## Files", "");
  if (b.files.length === 0) out.push("_None._");
  for (const f of b.files)
    out.push(`- ${line(f.name)} (${f.content_type}, ${f.size} bytes, sha256 ${f.sha256}, ${f.id})`);
  out.push("");
  // snapshots kept before comments and approvals existed have neither
  const approvals = b.approvals ?? [];
  if (approvals.length) {
    out.push("## Open approvals", "");
    for (const a of approvals)
      out.push(
        `- ${a.id}, asked by ${a.asked_by.label}: ${line(a.question)} (options: ${a.options.join(", ")})`,
      );
    out.push("");
  }
  const comments = b.comments ?? [];
  out.push("## Comments (newest first)", "");
  if (comments.length === 0) out.push("_None._", "");
  for (const c of comments)
    out.push(
      `### ${c.author.label}, ${c.created_at}${c.parent_id ? ` (reply to ${c.parent_id})` : ""}${c.edited ? " (edited)" : ""} (${c.id})`,
      "",
      c.body.trim(),
      "",
    );
  if (b.omitted?.length) {
    out.push("## Left out", "", "Cut to fit the token budget; in the order cut:", "");
    for (const o of b.omitted)
      out.push(`- ${OMISSION_LABEL[o.kind]} ${o.id} ${line(o.title)} (~${o.tokens} tokens): ${o.fetch}`);
    out.push("");
  }
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------------
// Fitting a token budget

/**
 * The bundle cut to fit `maxTokens` tokens of its Markdown. What does not fit is left out in this order,
 * each step the largest first, until the rest fits: note bodies; decision texts; related issues; files;
 * the issues it blocks; then the description is shortened. The header, the issue's facts and its
 * blockers are never cut. The bundle's `omitted` lists what was left out and how to fetch it; its
 * Markdown ends with the same list. A bundle that fits is returned as it is.
 */
export function fitBundle(b: BundleView, maxTokens: number | undefined): BundleView {
  if (maxTokens === undefined) return b;
  const markdown = bundleMarkdown(b);
  // a token is at least one byte: a bundle of no more bytes than the budget fits without the tokenizer
  if (Buffer.byteLength(markdown) <= maxTokens) return b;
  let total = countTokens(markdown);
  if (total <= maxTokens) return b;
  const out: BundleView = structuredClone({ ...b, omitted: [] as Omission[] });
  // The whole Markdown is counted only when it has changed since its last count: a step that cuts
  // nothing would otherwise tokenize it all again (about 15 ms for 48 KB)
  let last = { markdown, tokens: total };
  const measure = (): number => {
    const markdown = bundleMarkdown(out);
    if (last.markdown !== markdown) last = { markdown, tokens: countTokens(markdown) };
    return last.tokens;
  };
  const omitted = out.omitted!;
  const issueId = b.issue.identifier;
  // an omission line at the end costs about this many tokens
  const LINE = 30;

  type Cut = { size: number; apply(): Omission };
  const steps: (() => Cut[])[] = [
    () =>
      out.notes.map((n) => ({
        size: countTokens(n.body),
        apply: () => {
          const tokens = countTokens(n.body);
          n.body = "";
          return { kind: "note_body", id: n.id, title: n.title, tokens, fetch: fetchNote(n.id) };
        },
      })),
    () =>
      out.decisions.map((d) => ({
        size: countTokens(d.decision),
        apply: () => {
          const tokens = countTokens(d.decision);
          d.decision = "";
          return { kind: "decision_text", id: d.id, title: d.title, tokens, fetch: fetchDecision(d.id) };
        },
      })),
    () => edgeCuts(out.related, "related"),
    () =>
      out.files.map((f) => ({
        size: countTokens(f.name) + 40,
        apply: () => {
          out.files = out.files.filter((x) => x.id !== f.id);
          return {
            kind: "file",
            id: f.id,
            title: f.name,
            tokens: countTokens(f.name) + 40,
            fetch: `get_file ${f.id}, or GET /v1/files/${f.id}`,
          };
        },
      })),
    () => edgeCuts(out.blocks, "blocks"),
  ];
  function edgeCuts(list: BundleView["related"], kind: "related" | "blocks"): Cut[] {
    return list.map((n) => ({
      size: countTokens(n.title) + 12,
      apply: () => {
        if (kind === "related") out.related = out.related.filter((x) => x.identifier !== n.identifier);
        else out.blocks = out.blocks.filter((x) => x.identifier !== n.identifier);
        return {
          kind,
          id: n.identifier,
          title: n.title,
          tokens: countTokens(n.title) + 12,
          fetch: fetchIssue(n.identifier),
        };
      },
    }));
  }

  if (total > maxTokens && out.comments.length > 0) {
    // comments go first, the oldest first, as one entry: the newest stay longest
    const entry: Omission = {
      kind: "comment",
      id: issueId,
      title: "",
      tokens: 0,
      fetch: `list_comments ${issueId}, or GET /v1/issues/${issueId}/comments`,
    };
    omitted.push(entry);
    let cut = 0;
    let estimate = total + LINE;
    while (out.comments.length > 0 && estimate > maxTokens) {
      const c = out.comments.pop()!;
      const size = countTokens(c.body) + 25;
      cut++;
      entry.tokens += size;
      estimate -= size;
      if (estimate <= maxTokens) estimate = measure();
    }
    entry.title = `${cut} older comment${cut === 1 ? "" : "s"}`;
    total = measure();
  }
  for (const step of steps) {
    const cuts = step()
      .filter((c) => c.size > LINE)
      .sort((a, c) => c.size - a.size);
    let estimate = total;
    for (const cut of cuts) {
      if (total <= maxTokens) break;
      omitted.push(cut.apply());
      // counted again only once the estimate fits: a count of the whole Markdown per cut would cost more
      estimate -= cut.size - LINE;
      if (estimate <= maxTokens) estimate = total = measure();
    }
    total = measure();
    if (total <= maxTokens) break;
  }
  if (total > maxTokens && out.issue.description) {
    // shorten the description to what is left, then by a tenth more at a time until it fits
    const full = out.issue.description;
    const fullTokens = countTokens(full);
    let keep = Math.max(0, fullTokens - (total - maxTokens) - LINE);
    const tokens = full.length / Math.max(1, fullTokens);
    const entry: Omission = {
      kind: "description",
      id: issueId,
      title: b.issue.title,
      tokens: 0,
      fetch: fetchIssue(issueId),
    };
    omitted.push(entry);
    while (total > maxTokens) {
      const cut = Math.max(0, Math.floor(keep * tokens));
      out.issue = { ...out.issue, description: cut > 0 ? `${full.slice(0, cut).trimEnd()} …` : "" };
      entry.tokens = fullTokens - countTokens(out.issue.description);
      total = measure();
      if (cut === 0) break;
      keep = Math.floor(keep * 0.9) - 1;
    }
  }
  return out;
}

const fetchNote = (id: string) => `get_note ${id}, docket://notes/${id}, or GET /v1/notes/${id}`;
const fetchDecision = (id: string) =>
  `get_decision ${id}, docket://decisions/${id}, or GET /v1/decisions/${id}`;
const fetchIssue = (id: string) => `get_issue ${id}, docket://issues/${id}, or GET /v1/issues/${id}`;
