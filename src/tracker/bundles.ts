import { z } from "zod";
import { notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { issueRef, objectId, timeOut } from "./common.ts";
import { actorView, type Ctx } from "./context.ts";
import { type CycleView, cycleView, getCycle } from "./cycles.ts";
import { linkedDecisions, linkedDecisionView } from "./decisions.ts";
import { emitEvent } from "./events.ts";
import { linkedFiles, linkedFileView } from "./files.ts";
import { getIssue, issueView } from "./issues.ts";
import { getMilestone, type MilestoneView, milestoneView } from "./milestones.ts";
import { linkedNotes, linkedNoteView } from "./notes.ts";
import { byCreation, type Page, pageQuery, paginate } from "./pagination.ts";

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

/** `GET /v1/bundles/{id}`: a snapshot id (`bnd_…`) or an issue identifier for the live bundle. */
export const bundleRef = z.union([bundleIdSchema, issueRef], {
  error: "must be a bundle id (bnd_…) or an issue identifier such as ENG-42",
});

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
  const [decisions, notes, files, cycle, milestone] = await Promise.all([
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

const line = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();
const check = (status: string) => (status === "done" || status === "canceled" ? "x" : " ");

/** The bundle as Markdown, for people and for agents that read prose best. */
export function bundleMarkdown(b: BundleView): string {
  const i = b.issue;
  const out: string[] = [];
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
    i.assignee ? `Assignee: ${i.assignee.name || i.assignee.email}` : "Assignee: none",
  ];
  if (i.estimate !== null) facts.push(`Estimate: ${i.estimate}`);
  if (i.due_date) facts.push(`Due: ${i.due_date}`);
  if (i.labels.length) facts.push(`Labels: ${i.labels.join(", ")}`);
  if (i.parent) facts.push(`Parent: ${i.parent.identifier}`);
  out.push(...facts.map((f) => `- ${f}`), "");
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
  out.push("## Description", "", i.description.trim() || "_No description._", "");
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
      d.decision.trim() || "_No decision text._",
      "",
    );
  out.push("## Notes", "");
  if (b.notes.length === 0) out.push("_None._", "");
  for (const n of b.notes) out.push(`### ${line(n.title)} (${n.id})`, "", n.body.trim() || "_Empty._", "");
  out.push("## Files", "");
  if (b.files.length === 0) out.push("_None._");
  for (const f of b.files)
    out.push(`- ${line(f.name)} (${f.content_type}, ${f.size} bytes, sha256 ${f.sha256}, ${f.id})`);
  out.push("");
  return out.join("\n");
}
