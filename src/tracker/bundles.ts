import { z } from "zod";
import { notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { countTokens } from "../tokens.ts";
import { approvalView, openApprovals } from "./approvals.ts";
import { commentView, recentComments } from "./comments.ts";
import { issueRef, objectId, timeOut } from "./common.ts";
import { actorView, type Ctx } from "./context.ts";
import { type CycleView, cycleView, getCycle } from "./cycles.ts";
import { linkedDecisions, linkedDecisionView } from "./decisions.ts";
import { emitEvent } from "./events.ts";
import { linkedFiles, linkedFileView } from "./files.ts";
import { assigneeLabel, getIssue, issueView } from "./issues.ts";
import { getMilestone, type MilestoneView, milestoneView } from "./milestones.ts";
import { linkedNotes, linkedNoteView } from "./notes.ts";
import { byCreation, type Page, pageQuery, paginate } from "./pagination.ts";
import { finishingOf, finishingView } from "./spaces.ts";

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
  const [finishing, approvals, comments, decisions, notes, files, cycle, milestone] = await Promise.all([
    finishingOf(ctx, issue.space),
    openApprovals(ctx, issue.id),
    recentComments(ctx, issue),
    linkedDecisions(ctx, issue.id),
    linkedNotes(ctx, issue.id),
    linkedFiles(ctx, issue.id),
    issue.cycle ? getCycle(ctx, issue.cycle.id) : Promise.resolve<CycleView | null>(null),
    issue.milestone ? getMilestone(ctx, issue.milestone.id) : Promise.resolve<MilestoneView | null>(null),
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
    decisions,
    notes,
    files,
    cycle,
    milestone,
    finishing,
    approvals,
    comments,
  };
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
