import { z } from "zod";
import { getWorkspaceIdentity } from "../auth/workspaces.ts";
import { DocketError } from "../errors.ts";
import { listActivity } from "../tracker/activity.ts";
import {
  type ApprovalView,
  approvalParams,
  approvalView,
  getApproval,
  requestApproval,
  requestApprovalInput,
} from "../tracker/approvals.ts";
import {
  BUNDLE_DEFAULT_MAX_TOKENS,
  type BundleView,
  bundleInput,
  bundleMarkdown,
  bundleQuery,
  bundleRef,
  bundleSummary,
  bundleView,
  createBundle,
  fitBundle,
  getBundle,
  listBundles,
  listBundlesQuery,
  liveBundle,
  maxTokensField,
  previewBundleInput,
} from "../tracker/bundles.ts";
import {
  type ClaimView,
  claimIssue,
  claimRefInput,
  claimView,
  createClaimInput,
  getClaim,
  heartbeatClaim,
  heartbeatClaimInput,
  listClaims,
  releaseClaim,
} from "../tracker/claims.ts";
import {
  addComment,
  type CommentView,
  commentDetail,
  commentId,
  createCommentInput,
  deleteComment,
  listComments,
  listCommentsQuery,
  subjectRef,
  threadView,
  updateComment,
  updateCommentInput,
} from "../tracker/comments.ts";
import { issueRef } from "../tracker/common.ts";
import type { Ctx } from "../tracker/context.ts";
import {
  createCycle,
  createCycleInput,
  cycleId,
  cycleIssuesQuery,
  cycleStats,
  cycleStatsView,
  cycleView,
  listCycleIssues,
  listCycles,
  listCyclesQuery,
  updateCycle,
  updateCycleInput,
} from "../tracker/cycles.ts";
import {
  createDecision,
  createDecisionInput,
  decisionId,
  decisionSummary,
  decisionView,
  getDecision,
  listDecisionActivity,
  listDecisions,
  listDecisionsQuery,
  updateDecision,
  updateDecisionInput,
} from "../tracker/decisions.ts";
import {
  addDependencies,
  addDependenciesInput,
  deleteDependency,
  dependencyId,
  dependencyView,
  updateDependency,
  updateDependencyInput,
} from "../tracker/dependencies.ts";
import { eventView, listEvents, listEventsQuery } from "../tracker/events.ts";
import {
  createUploadUrl,
  createUploadUrlInput,
  fileId,
  fileView,
  getFile,
  listFiles,
  listFilesQuery,
  registerFile,
  registerFileInput,
  uploadUrlView,
} from "../tracker/files.ts";
import { inboxItemView, listInbox, listInboxQuery } from "../tracker/inbox.ts";
import {
  createIssue,
  createIssueInput,
  getIssue,
  iceIssue,
  issueSummary,
  issueView,
  listIssues,
  listIssuesQuery,
  resolveIssue,
  updateIssue,
  updateIssueInput,
} from "../tracker/issues.ts";
import { labelView, listLabels, listLabelsQuery } from "../tracker/labels.ts";
import {
  addMilestoneDependencies,
  addMilestoneDependenciesInput,
  createMilestone,
  createMilestoneInput,
  deleteMilestoneDependency,
  listMilestoneIssues,
  listMilestones,
  listMilestonesQuery,
  milestoneDependencyId,
  milestoneDependencyView,
  milestoneId,
  milestoneIssuesQuery,
  milestoneProgress,
  milestoneView,
  updateMilestone,
  updateMilestoneInput,
} from "../tracker/milestones.ts";
import {
  createFolder,
  createFolderInput,
  createNote,
  createNoteInput,
  folderId,
  folderView,
  getNote,
  listFolders,
  listFoldersQuery,
  listNoteActivity,
  listNotes,
  listNotesQuery,
  noteId,
  noteSummary,
  noteView,
  updateFolder,
  updateFolderInput,
  updateNote,
  updateNoteInput,
} from "../tracker/notes.ts";
import { pageQuery } from "../tracker/pagination.ts";
import { search, searchPage, searchQuery } from "../tracker/search.ts";
import { liveSessionOfClaim } from "../tracker/session-state.ts";
import {
  activityInput,
  getSession,
  listActivities,
  listActivitiesQuery,
  listSessions,
  listSessionsQuery,
  postActivities,
  type SessionView,
  sessionParams,
  sessionView,
  updateSession,
  updateSessionInput,
} from "../tracker/sessions.ts";
import { finishingView } from "../tracker/spaces.ts";
import {
  listTemplates,
  listTemplatesQuery,
  spaceTemplatesParams,
  templateView,
} from "../tracker/templates.ts";
import {
  listTrash,
  listTrashQuery,
  restoreObject,
  TRASH_TYPES,
  trashItemView,
  trashObject,
} from "../tracker/trash.ts";
import { type Tool, tool } from "./catalog.ts";
import { idempotencyKeyArg, onceByKey } from "./idempotency.ts";
import { waitFor, waitForInput, waitForText, waitForView } from "./wait.ts";

// ---------------------------------------------------------------------------------------------------
// Compact texts: one line per object, the fields an agent acts on

interface IssueLike {
  identifier: string;
  title: string;
  status: string;
  priority: string;
  ready: boolean;
  labels: string[];
  assignee: { type: "person"; email: string } | { type: "agent"; name: string; for: { name: string } } | null;
}
interface Neighbour {
  identifier: string;
  status: string;
}

const issueLine = (i: IssueLike) =>
  `${i.identifier} [${i.status}, ${i.priority}${i.ready ? ", ready" : ""}] ${i.title}` +
  (i.labels.length ? ` #${i.labels.join(" #")}` : "") +
  (i.assignee
    ? ` @${i.assignee.type === "agent" ? `${i.assignee.name} (for ${i.assignee.for.name})` : i.assignee.email}`
    : "");

const neighbours = (list: Neighbour[]) =>
  list.length ? list.map((n) => `${n.identifier} (${n.status})`).join(", ") : "none";

function issueText(i: z.output<typeof issueView>): string {
  const lines = [
    issueLine(i),
    `blocked by: ${neighbours(i.blockedBy)}; blocks: ${neighbours(i.blocks)}; relates to: ${neighbours(i.relatesTo)}`,
  ];
  if (i.cycle || i.milestone)
    lines.push(
      [i.cycle ? `cycle: ${i.cycle.name}` : "", i.milestone ? `milestone: ${i.milestone.name}` : ""]
        .filter(Boolean)
        .join("; "),
    );
  lines.push(`branch: ${i.branch_name}`);
  if (i.code_links.length) lines.push(`code: ${i.code_links.map(codeLinkText).join("; ")}`);
  lines.push(`version ${i.version}, updated ${i.updated_at}`);
  if (i.description) lines.push("", i.description);
  return lines.join("\n");
}

/** "PR #12 merged (approved) https://…", "branch eng-42-x", "commit 1a2b3c4 Fix …". */
function codeLinkText(l: z.output<typeof issueView>["code_links"][number]): string {
  if (l.kind === "pull_request")
    return `PR #${l.number} ${l.state}${l.review_state ? ` (${l.review_state.replace("_", " ")})` : ""} ${l.url}`;
  if (l.kind === "branch") return `branch ${l.branch ?? l.title}${l.state === "closed" ? " (deleted)" : ""}`;
  return `commit ${l.url.split("/").at(-1)?.slice(0, 7) ?? ""} ${l.title}`;
}

/** An issue in a few lines, without its description: the answer to a change, which need not echo it. */
function compactIssueText(i: z.output<typeof issueView>): string {
  return issueText({ ...i, description: "" });
}

/** The issue view without its description (the caller changed it, or can read it with get_issue). */
const withoutDescription = ({ description: _description, ...rest }: z.output<typeof issueView>) => rest;

function pageText<T>(
  page: { data: T[]; next_cursor: string | null },
  line: (item: T) => string,
  none: string,
) {
  const lines = page.data.length ? page.data.map(line) : [none];
  if (page.next_cursor) lines.push(`More: call again with cursor "${page.next_cursor}".`);
  return lines.join("\n");
}

const issueList = (page: { data: IssueLike[]; next_cursor: string | null }) =>
  pageText(page, issueLine, "No issues match.");

const linked = (issues: { identifier: string }[]) =>
  issues.length ? ` (issues: ${issues.map((i) => i.identifier).join(", ")})` : "";

const decisionLine = (d: z.output<typeof decisionSummary>) =>
  `${d.id} [${d.status}] ${d.title}${linked(d.issues)}`;

const noteLine = (n: z.output<typeof noteSummary>) =>
  `${n.id} ${n.title}${n.folder ? ` in ${n.folder.name}` : ""}${linked(n.issues)}`;

const cycleLine = (c: z.output<typeof cycleView>) =>
  `${c.id} ${c.space} ${c.name} [${c.state}] ${c.starts_on} to ${c.ends_on}`;

const milestoneLine = (m: z.output<typeof milestoneView>) =>
  `${m.id} ${m.name}${m.target_date ? ` (target ${m.target_date})` : ""}: ${m.progress.done} of ${m.progress.total} done`;

const fileLine = (f: z.output<typeof fileView>) =>
  `${f.id} ${f.name} (${f.content_type}, ${f.size} bytes)${linked(f.issues)}`;

const folderLine = (f: z.output<typeof folderView>) =>
  `${f.id} ${f.name} (${f.note_count} notes)${f.parent_id ? ` in ${f.parent_id}` : ""}`;

const dependencyLine = (d: z.output<typeof dependencyView>) =>
  `${d.id}: ${d.from.identifier} ${d.type === "blocks" ? "blocks" : "relates to"} ${d.to.identifier}` +
  (d.created === false ? " (already there)" : "");

const milestoneDependencyLine = (d: z.output<typeof milestoneDependencyView>) =>
  `${d.id}: ${d.from.name} blocks ${d.to.name}${d.created ? "" : " (already there)"}`;

const bundleText = (b: BundleView) => bundleMarkdown(b);

const deletedText = (r: { id: string }) => `Removed ${r.id}.`;

const commentLine = (c: CommentView, indent = "") =>
  `${indent}${c.id} ${c.author.label}, ${c.created_at}${c.edited ? " (edited)" : ""}: ${c.deleted ? "[deleted]" : c.body}`;

const approvalLine = (a: ApprovalView) =>
  `${a.id} on ${a.issue.identifier} [${a.status}${a.answer ? `: ${a.answer}` : ""}] ${a.question} (options: ${a.options.join(", ")})${a.comment ? ` comment: ${a.comment}` : ""}`;

// ---------------------------------------------------------------------------------------------------
// Shared argument and result schemas

const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });

const idOf = <S extends z.ZodType>(schema: S, description: string) =>
  z.strictObject({ id: schema.describe(description) as S });
const issueParams = idOf(issueRef, "An issue identifier such as ENG-42.");
/** What a comment is on, lean in tools/list (a plain string), checked as REST checks it. */
const subjectParams = z.strictObject({ id: z.string().describe("ENG-42, dec_… or note_…").pipe(subjectRef) });
const commentsInput = z.strictObject({ cursor: listCommentsQuery.shape.cursor });

const activityView = z.object({
  id: z.string(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  actor: z.object({
    person_id: z.string(),
    via: z.string(),
    name: z.string(),
    agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  at: z.string(),
});

const activitySubject = z.union([issueRef, decisionId, noteId], {
  error: "must be an issue identifier such as ENG-42, a decision id (dec_…) or a note id (note_…)",
});

const deleted = z.object({ id: z.string(), deleted: z.literal(true) });

const identityView = z.object({
  id: z.string(),
  name: z.string().describe("The workspace's name: tell the person which workspace you are connected to."),
  slug: z.string(),
  spaces: z.array(z.object({ id: z.string(), name: z.string(), prefix: z.string() })),
  scopes: z.array(z.enum(["workspace.read", "workspace.write"])),
  read_only: z.boolean().describe("true when this connection may read but not write."),
  connection_id: z.string(),
  toolsets: z
    .record(z.string(), z.string())
    .describe(
      "The opt-in toolsets and what each adds; a client enables them with the header X-MCP-Toolsets or ?toolsets= (comma-separated, or all).",
    ),
});

const trashToolInput = z.strictObject({
  type: z.enum(TRASH_TYPES, { error: `must be one of ${TRASH_TYPES.join(", ")}` }),
  id: z
    .string({ error: "must be an id or an issue identifier" })
    .trim()
    .min(1, { error: "must be an id or an issue identifier" })
    .max(64, { error: "must be at most 64 characters" })
    .describe("ENG-42 for an issue, else the object's id (dec_…, note_…, fld_…, cyc_…, ms_…)."),
});

/** The opt-in toolsets, as the identity tool's answer names them. */
const TOOLSET_MENU: Record<string, string> = {
  issues: "icing, history, dependency edits, snapshots",
  knowledge: "edit decisions, notes, folders",
  planning: "cycles, milestones",
  files: "upload, read and list files",
  events: "the event feed",
  conversation: "inbox, comment edits, get_approval",
  labels: "the workspace's labels, a space's issue templates",
  trash: "the trash (people only delete and restore)",
  sessions: "agent runs and their logs, your claims, heartbeat_claim (log_session renews a claim too)",
};

/** search's arguments with the REST texts shortened: every agent pays for tools/list on every turn. */
const searchArgs = searchQuery.extend({
  q: searchQuery.shape.q.describe(
    'Words, all must match; "a phrase", prefix*, -leave_out, a OR b. ENG-42 puts that issue first.',
  ),
  cursor: searchQuery.shape.cursor.describe("The next_cursor of the previous page (same q and type)."),
});

const claimLine = (c: ClaimView) =>
  c.ended
    ? `${c.id} on ${c.issue.identifier} ended (${c.ended}) at ${c.ended_at}; nothing more to do.`
    : `${c.id} on ${c.issue.identifier} "${c.issue.title}" [${c.issue.status}], fencing_token ${c.fencing_token}, expires ${c.expires_at}${c.resumed ? " (already yours)" : ""}${c.session ? `; session ${c.session} (log_session as you work, end_session to finish)` : ""}`;

const claimNextInput = z.strictObject({
  space: createClaimInput.shape.space.describe("In this space (prefix)."),
  label: createClaimInput.shape.label.describe("With any of these labels."),
  priority: createClaimInput.shape.priority.describe("Of these priorities."),
  milestone: createClaimInput.shape.milestone.describe("In this milestone."),
  cycle: createClaimInput.shape.cycle.describe("In this cycle."),
  ttl_seconds: createClaimInput.shape.ttl_seconds,
  max_tokens: maxTokensField.describe("The bundle's budget (8,000 unless given)."),
  idempotency_key: idempotencyKeyArg.optional(),
});
const claimNamedInput = z.strictObject({
  issue: issueRef.describe("The issue to claim (ENG-42)."),
  ttl_seconds: createClaimInput.shape.ttl_seconds,
  take_over: createClaimInput.shape.take_over.describe("Take over a person's in-progress issue."),
  force: createClaimInput.shape.force.describe("Claim it though open issues block it."),
});
const claimWithBundle = z.object({
  claim: claimView,
  bundle: z.string().describe("The claimed issue's bundle, in Markdown."),
  finishing: finishingView,
});

/**
 * `review_required` as an MCP caller acts on it: the next tools in order, not REST paths (the tracker's
 * description names those). Other errors pass unchanged.
 */
function reviewRequiredForMcp(error: unknown, identifier: string): unknown {
  if (!(error instanceof DocketError) || error.code !== "review_required") return error;
  const review = (error.body?.review ?? {}) as { may_finish?: string };
  const why = error.description.split(": ")[0];
  return new DocketError(
    403,
    "review_required",
    `${why}. Next: move it to in_review with update_issue, then request_approval with mark_done: true; a person's approval marks it done.`,
    {
      body: {
        may_finish: review.may_finish,
        next: { tool: "update_issue", arguments: { id: identifier, status: "in_review" } },
        steps: [
          { tool: "update_issue", arguments: { id: identifier, status: "in_review" } },
          { tool: "request_approval", arguments: { id: identifier, mark_done: true } },
        ],
      },
    },
  );
}

// ---------------------------------------------------------------------------------------------------
// Agent runs (sessions): the claim tools start one; log_session and end_session write to it

/** The MCP claim tools start the caller's run on the issue (or take up one delegated to it). */
const START_RUN = { session: "start" } as const;

/** The live run under a claim, as a claim view names it (a replayed claim_next_issue). */
async function runOf(ctx: Ctx, claim: ClaimView): Promise<{ session?: string }> {
  const run = await liveSessionOfClaim(ctx.core.db, claim.id);
  return run ? { session: run.id } : {};
}

const count = z.number().min(0);

/** An activity's arguments, lean for tools/list; the tracker checks every limit again with its messages. */
const logActivity = z.strictObject({
  id: z.string().describe("Yours; a resent id is stored once."),
  kind: activityInput.shape.kind.describe("elicitation: ask a person."),
  body: z.string().optional(),
  action: z
    .strictObject({ name: z.string(), parameter: z.string().optional(), result: z.string().optional() })
    .optional()
    .describe("For kind action."),
  options: z.array(z.string()).optional().describe("An elicitation's choices."),
  ephemeral: z.boolean().optional().describe("Kept until the next ephemeral one."),
  usage: z
    .strictObject({
      input_tokens: count.optional(),
      output_tokens: count.optional(),
      cache_read_tokens: count.optional(),
      cache_write_tokens: count.optional(),
      cost_micros: count.optional(),
      model: z.string().optional(),
    })
    .optional()
    .describe("Since your last report; cost_micros: millionths."),
});
const logSessionInput = z.strictObject({
  activities: z.array(logActivity).min(1).max(50),
});

const endSessionInput = z.strictObject({
  status: updateSessionInput.shape.status.unwrap().describe("complete needs a response."),
  response: z.string().optional().describe("Your answer, or what failed."),
  summary: updateSessionInput.shape.summary.describe("What it did, briefly."),
});

const usageLine = (u: SessionView["usage"]) =>
  `${u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens} tokens, cost_micros ${u.cost_micros}`;

const sessionLine = (v: SessionView) =>
  `${v.id} on ${v.issue.identifier} [${v.status}${v.status_reason ? `: ${v.status_reason}` : ""}] ${v.agent.name}, ${v.activity_count} activities, ${usageLine(v.usage)}${v.ended_at ? `, ended ${v.ended_at}` : ""}`;

const loggedView = z.object({
  session: z.object({ id: z.string(), status: z.string(), activity_count: z.int(), usage: z.unknown() }),
  activities: z.array(
    z.object({ id: z.string(), client_id: z.string(), position: z.int(), created: z.boolean() }),
  ),
});

const sessionActivityLine = (a: Awaited<ReturnType<typeof listActivities>>["data"][number]) =>
  `${a.position}. ${a.kind}${a.ephemeral ? " (ephemeral)" : ""} by ${a.author.name}, ${a.created_at}: ${a.action ? `${a.action.name} ` : ""}${a.body}`;

// ---------------------------------------------------------------------------------------------------
// The tools, in the order tools/list shows them

const write = { destructiveHint: false, idempotentHint: false };
const idempotentWrite = { destructiveHint: false, idempotentHint: true };

export const TOOLS: readonly Tool[] = [
  tool({
    name: "get_workspace_identity",
    title: "Workspace identity",
    description:
      "Call first: the workspace (tell the person its name), its spaces' prefixes, whether you may write. " +
      "More tools (X-MCP-Toolsets or ?toolsets=): issues, knowledge, planning, files, events, conversation, labels, trash, sessions, all.",
    scope: "workspace.read",
    output: identityView,
    run: async (ctx, _args, principal) => {
      const ws = await getWorkspaceIdentity(ctx.core, ctx.workspaceId);
      const scopes = [...principal.scopes].sort();
      return {
        ...ws,
        scopes,
        read_only: !principal.scopes.has("workspace.write"),
        connection_id: principal.tokenId,
        toolsets: TOOLSET_MENU,
      };
    },
    text: (w) =>
      `Connected to the workspace "${w.name}" (${w.slug}), ${w.read_only ? "read-only" : "read and write"}.\n` +
      `Spaces: ${w.spaces.map((s) => `${s.prefix} (${s.name})`).join(", ") || "none"}.\n` +
      `Opt-in toolsets (header X-MCP-Toolsets or ?toolsets=, comma-separated, or all): ${Object.entries(
        w.toolsets,
      )
        .map(([k, v]) => `${k} (${v})`)
        .join(", ")}.`,
  }),

  // Issues
  tool({
    name: "list_issues",
    title: "Find issues",
    description:
      "The issues that match every filter given, newest first unless `sort` says otherwise. `q` matches titles (`search` for full text). Pass `next_cursor` back as `cursor` for more.",
    scope: "workspace.read",
    input: listIssuesQuery,
    query: true,
    output: page(issueSummary),
    run: (ctx, { input }) => listIssues(ctx, input),
    text: issueList,
  }),
  tool({
    name: "get_issue",
    title: "Read an issue",
    description:
      "One issue by identifier (ENG-42): its fields, description, whether it is ready, and its blockedBy / blocks / relatesTo issues with their status and dependency ids.",
    scope: "workspace.read",
    params: issueParams,
    output: issueView,
    run: (ctx, { params }) => getIssue(ctx, params.id),
    text: issueText,
  }),
  tool({
    name: "create_issue",
    title: "Create an issue",
    description:
      "Create an issue with its dependencies (`blocks`, `blockedBy`, `relatesTo`), all or nothing; a `blocks` cycle is refused.",
    scope: "workspace.write",
    input: createIssueInput,
    output: issueView,
    hints: write,
    run: (ctx, { input }) => createIssue(ctx, input),
    text: issueText,
  }),
  tool({
    name: "update_issue",
    title: "Change an issue",
    description:
      "Change the fields sent (null clears one); a status change thaws an iced issue. Answers the issue without its description.",
    scope: "workspace.write",
    params: issueParams,
    input: updateIssueInput,
    versioned: true,
    output: issueView,
    hints: idempotentWrite,
    fenced: true,
    run: (ctx, { params, input, ifMatch, fencingToken }) =>
      updateIssue(ctx, params.id, input, ifMatch, { fencingToken }).catch((e) => {
        throw reviewRequiredForMcp(e, params.id);
      }),
    text: compactIssueText,
    structured: withoutDescription,
  }),
  // Claims: a lease on one issue, so two agents never work on the same one
  tool({
    name: "claim_next_issue",
    title: "Claim the next ready issue",
    description:
      "Take the most urgent startable issue (ready, backlog or todo, unclaimed): in_progress and yours for ttl_seconds. Answers the claim, your run's session id and the issue's bundle; log_session renews the claim. A retry with the same filters answers your live claim. no_ready_issue when none.",
    scope: "workspace.write",
    input: claimNextInput,
    output: claimWithBundle,
    hints: write,
    run: async (ctx, { input }, principal) => {
      const { max_tokens, idempotency_key, ...filters } = input;
      const claim = idempotency_key
        ? await onceByKey(
            ctx.core,
            principal.tokenId,
            idempotency_key,
            { tool: "claim_next_issue", args: filters },
            () => claimIssue(ctx, filters, START_RUN),
            async (first) => ({
              ...(await getClaim(ctx, first.id)),
              resumed: true,
              ...(await runOf(ctx, first)),
            }),
          )
        : await claimIssue(ctx, filters, START_RUN);
      const live = await liveBundle(ctx, claim.issue.identifier);
      const bundle = fitBundle(live, max_tokens ?? BUNDLE_DEFAULT_MAX_TOKENS);
      return { claim, bundle: bundleMarkdown(bundle), finishing: live.finishing! };
    },
    text: (r) => `${claimLine(r.claim)}\n\n${r.bundle}`,
    // the bundle's Markdown is for the model, in the text; the structured answer is the rest, once
    structured: ({ bundle: _bundle, ...rest }) => rest,
  }),
  tool({
    name: "claim_issue",
    title: "Claim an issue",
    description:
      "Take a lease on a named issue: it becomes in_progress and yours. already_claimed when another holds it; one you hold gives your claim back. A person's in-progress issue needs take_over, a blocked one force.",
    scope: "workspace.write",
    input: claimNamedInput,
    output: claimView,
    hints: idempotentWrite,
    run: (ctx, { input }) => claimIssue(ctx, input, START_RUN),
    text: claimLine,
  }),
  tool({
    name: "heartbeat_claim",
    title: "Renew a claim",
    description:
      "Extend your claim by ttl_seconds from now (its own ttl unless given). lease_lost once it ran out (the error says what next).",
    scope: "workspace.write",
    params: claimRefInput,
    input: heartbeatClaimInput,
    output: claimView,
    hints: idempotentWrite,
    run: (ctx, { params, input }) => heartbeatClaim(ctx, params.id, input),
    text: claimLine,
  }),
  tool({
    name: "release_claim",
    title: "Release a claim",
    description:
      "End your claim: the issue gets back its status and assignee from before it, unless you changed them. Done or canceled ends it too.",
    scope: "workspace.write",
    params: claimRefInput,
    output: claimView,
    hints: idempotentWrite,
    run: (ctx, { params }) => releaseClaim(ctx, params.id),
    text: (c) => (c.ended === "released" ? `Released ${c.id} on ${c.issue.identifier}.` : claimLine(c)),
  }),
  tool({
    name: "log_session",
    title: "Log your run",
    description: "Log your run's steps and usage (the session id your claim gave). Renews the claim.",
    scope: "workspace.write",
    params: sessionParams,
    input: logSessionInput,
    output: loggedView,
    hints: idempotentWrite,
    run: async (ctx, { params, input }) => {
      const r = await postActivities(ctx, params.id, input);
      return {
        session: {
          id: r.session.id,
          status: r.session.status,
          activity_count: r.session.activity_count,
          usage: r.session.usage,
        },
        activities: r.activities.map((a) => ({
          id: a.id,
          client_id: a.client_id,
          position: a.position,
          created: a.created,
        })),
      };
    },
    text: (r) =>
      `Logged ${r.activities.filter((a) => a.created).length} of ${r.activities.length} to ${r.session.id} [${r.session.status}]; ${usageLine(r.session.usage as SessionView["usage"])} so far.`,
  }),
  tool({
    name: "end_session",
    title: "End your run",
    description: "End your run; releases its claim.",
    scope: "workspace.write",
    params: sessionParams,
    input: endSessionInput,
    output: sessionView,
    hints: idempotentWrite,
    run: (ctx, { params, input }) => updateSession(ctx, params.id, input),
    text: sessionLine,
  }),
  tool({
    name: "list_sessions",
    title: "Find agent runs",
    description: "Agent runs (sessions), newest first; filters issue, agent (me), status (live), person.",
    scope: "workspace.read",
    input: listSessionsQuery,
    query: true,
    output: page(sessionView),
    run: (ctx, { input }) => listSessions(ctx, input),
    text: (p) => pageText(p, sessionLine, "No runs match."),
  }),
  tool({
    name: "get_session",
    title: "Read an agent run",
    description: "One run: status, plan, summary, artifacts, usage.",
    scope: "workspace.read",
    params: sessionParams,
    output: sessionView,
    run: (ctx, { params }) => getSession(ctx, params.id),
    text: (v) =>
      [
        sessionLine(v),
        ...v.plan.map((p) => `- [${p.status}] ${p.content}`),
        ...(v.summary ? ["", v.summary] : []),
        ...v.artifacts.map((a) => `${a.kind}: ${a.title || a.url} ${a.url}${a.state ? ` (${a.state})` : ""}`),
      ].join("\n"),
  }),
  tool({
    name: "list_session_activities",
    title: "Read a run's log",
    description: "A run's activities by position; `after` a position for what came since.",
    scope: "workspace.read",
    params: sessionParams,
    input: listActivitiesQuery,
    query: true,
    output: page(z.unknown()),
    run: (ctx, { params, input }) => listActivities(ctx, params.id, input),
    text: (p) =>
      pageText(p as Awaited<ReturnType<typeof listActivities>>, sessionActivityLine, "No activities."),
  }),
  tool({
    name: "list_my_claims",
    title: "Your claims",
    description: "Your live claims, oldest first.",
    scope: "workspace.read",
    input: z.strictObject({ cursor: pageQuery.cursor }),
    query: true,
    output: page(claimView),
    run: (ctx, { input }) => listClaims(ctx, { ...input, holder: "me" }),
    text: (p) => pageText(p, claimLine, "You hold no claims."),
  }),
  tool({
    name: "ice_issue",
    title: "Put an issue on ice",
    description:
      "Put an open issue on ice: it leaves ready work until its status next changes. Icing an iced issue changes nothing; a done or canceled issue cannot be iced.",
    scope: "workspace.write",
    params: issueParams,
    versioned: true,
    output: issueView,
    hints: idempotentWrite,
    fenced: true,
    run: (ctx, { params, ifMatch, fencingToken }) => iceIssue(ctx, params.id, ifMatch, { fencingToken }),
    text: compactIssueText,
    structured: withoutDescription,
  }),
  tool({
    name: "list_activity",
    title: "Read an object's history",
    description:
      "The changes made to an issue (ENG-42), a decision (dec_…) or a note (note_…), oldest first, each with who made it and through which token or connection.",
    scope: "workspace.read",
    params: idOf(
      activitySubject,
      "An issue identifier (ENG-42), a decision id (dec_…) or a note id (note_…).",
    ),
    input: z.strictObject({ ...pageQuery }),
    query: true,
    output: page(activityView),
    run: async (ctx, { params, input }) => {
      const id = params.id;
      if (id.startsWith("dec_")) return listDecisionActivity(ctx, id, input);
      if (id.startsWith("note_")) return listNoteActivity(ctx, id, input);
      const issue = await resolveIssue(ctx, id);
      return listActivity(ctx, issue.id, input);
    },
    text: (p) =>
      pageText(
        p,
        (a) =>
          `${a.at} ${a.action} by ${a.actor.agent ? `${a.actor.agent.name} (for ${a.actor.name})` : a.actor.name || a.actor.via}${Object.keys(a.changes).length ? `: ${Object.keys(a.changes).join(", ")}` : ""}`,
        "No activity.",
      ),
  }),

  // Dependencies
  tool({
    name: "set_dependencies",
    title: "Add dependencies to an issue",
    description:
      "Add blockedBy, blocks and relatesTo edges, all or nothing; a `blocks` cycle is refused with its path. An edge already there is answered with created: false.",
    scope: "workspace.write",
    params: issueParams,
    input: addDependenciesInput,
    output: z.object({ data: z.array(dependencyView) }),
    hints: idempotentWrite,
    fenced: true,
    run: (ctx, { params, input, fencingToken }) => addDependencies(ctx, params.id, input, { fencingToken }),
    text: (r) => r.data.map(dependencyLine).join("\n"),
  }),
  tool({
    name: "update_dependency",
    title: "Change a dependency",
    description:
      "Change a dependency edge (dep_… from an issue's blockedBy / blocks / relatesTo): its type (blocks or relatesTo), its direction (`reverse: true`) or its note. With `expected_version` the change is made only if nobody changed the edge since you read it.",
    scope: "workspace.write",
    params: idOf(dependencyId, "The dependency's id (dep_…)."),
    input: updateDependencyInput,
    versioned: true,
    output: dependencyView,
    hints: write,
    run: (ctx, { params, input, ifMatch }) => updateDependency(ctx, params.id, input, ifMatch),
    text: dependencyLine,
  }),
  tool({
    name: "remove_dependency",
    title: "Remove a dependency",
    description:
      "Remove a dependency edge between two issues by its id (dep_…). With `expected_version` it is removed only if nobody changed it since you read it.",
    scope: "workspace.write",
    params: idOf(dependencyId, "The dependency's id (dep_…)."),
    versioned: true,
    output: deleted,
    hints: { destructiveHint: true, idempotentHint: false },
    run: (ctx, { params, ifMatch }) => deleteDependency(ctx, params.id, ifMatch),
    text: deletedText,
  }),

  // Decisions
  tool({
    name: "list_decisions",
    title: "List decisions",
    description:
      "The workspace's decisions (ADR-like records), newest first, without their texts (get_decision reads one). Filter by `status`, linked `issue` or title text (`q`).",
    scope: "workspace.read",
    input: listDecisionsQuery,
    query: true,
    output: page(decisionSummary),
    run: (ctx, { input }) => listDecisions(ctx, input),
    text: (p) => pageText(p, decisionLine, "No decisions match."),
  }),
  tool({
    name: "get_decision",
    title: "Read a decision",
    description:
      "One decision with its context, decision and consequences, linked issues and what it supersedes.",
    scope: "workspace.read",
    params: idOf(decisionId, "The decision's id (dec_…)."),
    output: decisionView,
    run: (ctx, { params }) => getDecision(ctx, params.id),
    text: (d) => [decisionLine(d), "", d.context, "", d.decision, "", d.consequences].join("\n").trim(),
  }),
  tool({
    name: "create_decision",
    title: "Record a decision",
    description:
      "Record a decision. With `supersedes`, the earlier decision is marked superseded in the same transaction; `issues` links it to issues.",
    scope: "workspace.write",
    input: createDecisionInput,
    output: decisionView,
    hints: write,
    run: (ctx, { input }) => createDecision(ctx, input),
    text: decisionLine,
  }),
  tool({
    name: "update_decision",
    title: "Change a decision",
    description:
      "Change some fields of a decision; `issues` replaces the whole set of linked issues. With `expected_version` the change is made only if nobody changed it since you read it.",
    scope: "workspace.write",
    params: idOf(decisionId, "The decision's id (dec_…)."),
    input: updateDecisionInput,
    versioned: true,
    output: decisionView,
    hints: idempotentWrite,
    run: (ctx, { params, input, ifMatch }) => updateDecision(ctx, params.id, input, ifMatch),
    text: decisionLine,
  }),

  // Notes and folders
  tool({
    name: "list_notes",
    title: "List notes",
    description:
      "The workspace's notes, newest first, without their bodies (get_note reads one). Filter by `folder`, linked `issue` or title text (`q`).",
    scope: "workspace.read",
    input: listNotesQuery,
    query: true,
    output: page(noteSummary),
    run: (ctx, { input }) => listNotes(ctx, input),
    text: (p) => pageText(p, noteLine, "No notes match."),
  }),
  tool({
    name: "get_note",
    title: "Read a note",
    description: "One note with its Markdown body, folder and linked issues.",
    scope: "workspace.read",
    params: idOf(noteId, "The note's id (note_…)."),
    output: noteView,
    run: (ctx, { params }) => getNote(ctx, params.id),
    text: (n) => `${noteLine(n)}\n\n${n.body}`.trim(),
  }),
  tool({
    name: "create_note",
    title: "Write a note",
    description: "Write a note (Markdown), optionally in a folder and linked to issues.",
    scope: "workspace.write",
    input: createNoteInput,
    output: noteView,
    hints: write,
    run: (ctx, { input }) => createNote(ctx, input),
    text: noteLine,
  }),
  tool({
    name: "update_note",
    title: "Change a note",
    description:
      "Change some fields of a note; `issues` replaces the whole set of linked issues and `folder: null` moves it to the top level. With `expected_version` the change is made only if nobody changed it since you read it.",
    scope: "workspace.write",
    params: idOf(noteId, "The note's id (note_…)."),
    input: updateNoteInput,
    versioned: true,
    output: noteView,
    hints: idempotentWrite,
    run: (ctx, { params, input, ifMatch }) => updateNote(ctx, params.id, input, ifMatch),
    text: noteLine,
  }),
  tool({
    name: "list_folders",
    title: "List folders",
    description:
      "The workspace's note folders, oldest first, each with its parent_id and note count, a page at a time (`limit`, `cursor`). `parent` keeps the folders directly in one folder (`none`: the top level).",
    scope: "workspace.read",
    input: listFoldersQuery,
    query: true,
    output: page(folderView),
    run: (ctx, { input }) => listFolders(ctx, input),
    text: (p) => pageText(p, folderLine, "No folders."),
  }),
  tool({
    name: "create_folder",
    title: "Create a folder",
    description:
      "Create a note folder at the top level or in `parent`. Sibling names are unique ignoring case; at most 1,000 folders, nested at most 10 deep.",
    scope: "workspace.write",
    input: createFolderInput,
    output: folderView,
    hints: write,
    run: (ctx, { input }) => createFolder(ctx, input),
    text: (f) => `${f.id} ${f.name}`,
  }),
  tool({
    name: "update_folder",
    title: "Rename or move a folder",
    description:
      "Rename a folder or move it, with everything in it (`parent: null` for the top level). With `expected_version` the change is made only if nobody changed the folder since you read it.",
    scope: "workspace.write",
    params: idOf(folderId, "The folder's id (fld_…)."),
    input: updateFolderInput,
    versioned: true,
    output: folderView,
    hints: idempotentWrite,
    run: (ctx, { params, input, ifMatch }) => updateFolder(ctx, params.id, input, ifMatch),
    text: (f) => `${f.id} ${f.name}`,
  }),

  // Cycles
  tool({
    name: "list_cycles",
    title: "List cycles",
    description:
      "List the workspace's cycles (time-boxed sets of issues in a space), earliest first. Filter by `space` and `state` (upcoming, active, completed).",
    scope: "workspace.read",
    input: listCyclesQuery,
    query: true,
    output: page(cycleView),
    run: (ctx, { input }) => listCycles(ctx, input),
    text: (p) => pageText(p, cycleLine, "No cycles match."),
  }),
  tool({
    name: "create_cycle",
    title: "Create a cycle",
    description:
      'Create a cycle in a space: `ends_on` on or after `starts_on`, at most 26 weeks later, not overlapping another cycle of the space. The name defaults to "Cycle N". Put issues in it with update_issue (`cycle`).',
    scope: "workspace.write",
    input: createCycleInput,
    output: cycleView,
    hints: write,
    run: (ctx, { input }) => createCycle(ctx, input),
    text: cycleLine,
  }),
  tool({
    name: "update_cycle",
    title: "Change a cycle",
    description:
      "Rename a cycle or move its dates (the rules of creation apply). With `expected_version` the change is made only if nobody changed it since you read it.",
    scope: "workspace.write",
    params: idOf(cycleId, "The cycle's id (cyc_…)."),
    input: updateCycleInput,
    versioned: true,
    output: cycleView,
    hints: idempotentWrite,
    run: (ctx, { params, input, ifMatch }) => updateCycle(ctx, params.id, input, ifMatch),
    text: cycleLine,
  }),
  tool({
    name: "list_cycle_issues",
    title: "Issues in a cycle",
    description: "The issues in a cycle, with the filters and pages of list_issues.",
    scope: "workspace.read",
    params: idOf(cycleId, "The cycle's id (cyc_…)."),
    input: cycleIssuesQuery,
    query: true,
    output: page(issueSummary),
    run: (ctx, { params, input }) => listCycleIssues(ctx, params.id, input),
    text: issueList,
  }),
  tool({
    name: "get_cycle_stats",
    title: "A cycle's numbers",
    description:
      "A cycle with its numbers: counts and estimates by status, completion (canceled issues leave the denominator), scope added and removed since it started, and a day-by-day burn-down.",
    scope: "workspace.read",
    params: idOf(cycleId, "The cycle's id (cyc_…)."),
    output: cycleStatsView,
    run: (ctx, { params }) => cycleStats(ctx, params.id),
    text: (s) =>
      `${cycleLine(s.cycle)}\n${s.completion.done_count} of ${s.total.count} issues done (${s.completion.percent}%), ${s.remaining.count} remaining.`,
  }),

  // Milestones
  tool({
    name: "list_milestones",
    title: "List milestones",
    description:
      "List the workspace's milestones, oldest first, each with its progress and its blocks / blockedBy milestones. Filter by target date.",
    scope: "workspace.read",
    input: listMilestonesQuery,
    query: true,
    output: page(milestoneView),
    run: (ctx, { input }) => listMilestones(ctx, input),
    text: (p) => pageText(p, milestoneLine, "No milestones match."),
  }),
  tool({
    name: "create_milestone",
    title: "Create a milestone",
    description:
      "Create a milestone with an optional description and target date. Put issues in it with update_issue (`milestone`).",
    scope: "workspace.write",
    input: createMilestoneInput,
    output: milestoneView,
    hints: write,
    run: (ctx, { input }) => createMilestone(ctx, input),
    text: milestoneLine,
  }),
  tool({
    name: "update_milestone",
    title: "Change a milestone",
    description:
      "Change a milestone's name, description or target date (null clears it). With `expected_version` the change is made only if nobody changed it since you read it.",
    scope: "workspace.write",
    params: idOf(milestoneId, "The milestone's id (ms_…)."),
    input: updateMilestoneInput,
    versioned: true,
    output: milestoneView,
    hints: idempotentWrite,
    run: (ctx, { params, input, ifMatch }) => updateMilestone(ctx, params.id, input, ifMatch),
    text: milestoneLine,
  }),
  tool({
    name: "list_milestone_issues",
    title: "Issues in a milestone",
    description: "The issues in a milestone, with the filters and pages of list_issues, and its progress.",
    scope: "workspace.read",
    params: idOf(milestoneId, "The milestone's id (ms_…)."),
    input: milestoneIssuesQuery,
    query: true,
    output: page(issueSummary).extend({ progress: milestoneProgress }),
    run: (ctx, { params, input }) => listMilestoneIssues(ctx, params.id, input),
    text: (p) => `${p.progress.done} of ${p.progress.total} done.\n${issueList(p)}`,
  }),
  tool({
    name: "set_milestone_dependencies",
    title: "Add dependencies to a milestone",
    description:
      "Add blockedBy and blocks edges between milestones in one call, all or nothing. An edge to the milestone itself or an unknown one is refused; one that would close a cycle is refused with the cycle's path; one that exists is returned (created: false).",
    scope: "workspace.write",
    params: idOf(milestoneId, "The milestone's id (ms_…)."),
    input: addMilestoneDependenciesInput,
    output: z.object({ data: z.array(milestoneDependencyView) }),
    hints: idempotentWrite,
    run: (ctx, { params, input }) => addMilestoneDependencies(ctx, params.id, input),
    text: (r) => r.data.map(milestoneDependencyLine).join("\n"),
  }),
  tool({
    name: "remove_milestone_dependency",
    title: "Remove a milestone dependency",
    description: "Remove an edge between two milestones by its id (mdep_…).",
    scope: "workspace.write",
    params: idOf(milestoneDependencyId, "The milestone dependency's id (mdep_…)."),
    output: deleted,
    hints: { destructiveHint: true, idempotentHint: false },
    run: (ctx, { params }) => deleteMilestoneDependency(ctx, params.id),
    text: deletedText,
  }),

  // Files
  tool({
    name: "create_file_upload_url",
    title: "Start a file upload",
    description:
      "Step 1 of 2 to attach a file: get a signed URL, then PUT exactly `size` bytes to it with the headers given, within 15 minutes. Then call register_file with the upload_id, a name and the SHA-256 of the bytes.",
    scope: "workspace.write",
    input: createUploadUrlInput,
    output: uploadUrlView,
    hints: write,
    run: (ctx, { input }) => createUploadUrl(ctx, input),
    text: (u) =>
      `PUT ${u.size} bytes to ${u.url} before ${u.expires_at}, with headers ${JSON.stringify(u.headers)}; then register_file with upload_id ${u.upload_id}.`,
  }),
  tool({
    name: "register_file",
    title: "Register an uploaded file",
    description:
      "Step 2 of 2: register the uploaded bytes as a file, optionally linked to issues. The service checks the SHA-256 (a mismatch deletes the bytes); an upload registers once.",
    scope: "workspace.write",
    input: registerFileInput,
    output: fileView,
    hints: write,
    run: (ctx, { input }) => registerFile(ctx, input),
    text: fileLine,
  }),
  tool({
    name: "get_file",
    title: "Read a file's details",
    description:
      "One file's name, type, size, checksum and linked issues, with a download URL good for 15 minutes.",
    scope: "workspace.read",
    params: idOf(fileId, "The file's id (file_…)."),
    output: fileView,
    run: (ctx, { params }) => getFile(ctx, params.id),
    text: (f) => `${fileLine(f)}\nDownload (until ${f.download_url_expires_at}): ${f.download_url}`,
  }),
  tool({
    name: "list_files",
    title: "List files",
    description:
      "List the workspace's files, newest first, each with a download URL good for 15 minutes. Filter by linked `issue`, `content_type` (`image/` for every image type) or text in the name (`q`).",
    scope: "workspace.read",
    input: listFilesQuery,
    query: true,
    output: page(fileView),
    run: (ctx, { input }) => listFiles(ctx, input),
    text: (p) => pageText(p, fileLine, "No files match."),
  }),

  // Search
  // Conversation
  tool({
    name: "list_comments",
    title: "Read comments",
    description: "Comment threads on an issue, decision or note, oldest first, with replies.",
    scope: "workspace.read",
    params: subjectParams,
    input: commentsInput,
    query: true,
    output: page(threadView),
    run: (ctx, { params, input }) =>
      listComments(ctx, params.id, input.cursor ? { cursor: input.cursor } : {}),
    text: (p) =>
      pageText(
        p,
        (t) => [commentLine(t), ...t.replies.map((r) => commentLine(r, "  "))].join("\n"),
        "No comments.",
      ),
  }),
  tool({
    name: "add_comment",
    title: "Comment",
    description: "Comment on an issue, decision or note; @email or @agent-name mentions.",
    scope: "workspace.write",
    params: subjectParams,
    input: z.strictObject({
      body: createCommentInput.shape.body.describe("Markdown."),
      parent: createCommentInput.shape.parent.describe("A top-level comment to reply to."),
    }),
    output: commentDetail,
    hints: write,
    run: (ctx, { params, input }) => addComment(ctx, params.id, input),
    text: (c) => commentLine(c),
  }),
  tool({
    name: "update_comment",
    title: "Edit a comment",
    description: "Replace the text of your comment; the earlier text is kept in its history.",
    scope: "workspace.write",
    params: idOf(commentId, "The comment (cmt_…)."),
    input: updateCommentInput,
    versioned: true,
    output: commentDetail,
    hints: idempotentWrite,
    run: (ctx, { params, input, ifMatch }) => updateComment(ctx, params.id, input, ifMatch),
    text: (c) => commentLine(c),
  }),
  tool({
    name: "delete_comment",
    title: "Delete a comment",
    description: "Mark your comment deleted: it stays in its thread, shown as deleted.",
    scope: "workspace.write",
    params: idOf(commentId, "The comment (cmt_…)."),
    versioned: true,
    output: commentDetail,
    hints: { destructiveHint: true, idempotentHint: true },
    run: (ctx, { params, ifMatch }) => deleteComment(ctx, params.id, ifMatch),
    text: (c) => `Deleted ${c.id}.`,
  }),
  tool({
    name: "request_approval",
    title: "Ask a person to approve",
    description:
      "Ask a person (`from`, else the space's reviewers) a question on an issue: approve/reject, or your `options`. With mark_done: true, approving marks the issue done (how to finish when a person must). Then wait_for the approval's id.",
    scope: "workspace.write",
    params: issueParams,
    input: requestApprovalInput,
    output: approvalView,
    hints: write,
    run: (ctx, { params, input }) => requestApproval(ctx, params.id, input),
    text: approvalLine,
  }),
  tool({
    name: "get_approval",
    title: "Read an approval",
    description: "An approval request: open, or the person's answer and comment.",
    scope: "workspace.read",
    params: approvalParams,
    output: approvalView,
    run: (ctx, { params }) => getApproval(ctx, params.id),
    text: approvalLine,
  }),
  tool({
    name: "wait_for",
    title: "Wait for a person",
    description:
      "Wait up to timeout_seconds for an approval to be answered or an issue to become ready; at once if it already is. On timed_out, call again.",
    scope: "workspace.read",
    input: waitForInput,
    output: waitForView,
    run: (ctx, { input, signal }, principal) => waitFor(ctx, principal, input, signal),
    text: waitForText,
  }),
  tool({
    name: "list_inbox",
    title: "Read the inbox",
    description:
      "Your person's inbox, newest first: mentions, assignments, approvals and reviews. Mentions of you (the agent) are mention.created events naming your connection.",
    scope: "workspace.read",
    input: listInboxQuery,
    query: true,
    output: page(inboxItemView).extend({ unread_count: z.int().min(0) }),
    run: (ctx, { input }) => listInbox(ctx, input),
    text: (p) =>
      `${p.unread_count} unread.\n${pageText(p, (n) => `${n.id} [${n.kind}${n.read ? "" : ", unread"}] ${n.title} by ${n.actor.label}: ${n.excerpt}`, "Nothing in the inbox.")}`,
  }),
  tool({
    name: "search",
    title: "Search",
    description:
      "Ranked full-text search over issues, decisions, notes, comments and file names; title matches rank above body matches (`q` says how words match). Snippets mark matches with <mark>…</mark>.",
    scope: "workspace.read",
    input: searchArgs,
    query: true,
    output: searchPage,
    run: (ctx, { input }) => search(ctx, input),
    text: (p) =>
      pageText(
        p,
        (r) =>
          `${r.type} ${r.identifier ?? r.id}${r.status ? ` [${r.status}]` : ""} ${r.title}: ${r.snippet}`,
        "Nothing matches.",
      ),
  }),

  // Bundles
  tool({
    name: "preview_bundle",
    title: "An issue's execution bundle",
    description:
      "Everything needed to work on an issue, as Markdown and as data: the issue, its blockers with their live status, what it blocks, related issues, linked decisions, notes and files, and its cycle and milestone. Nothing is kept.",
    scope: "workspace.read",
    input: previewBundleInput,
    output: bundleView,
    run: async (ctx, { input }) => fitBundle(await liveBundle(ctx, input.issue), input.max_tokens),
    text: bundleText,
  }),
  tool({
    name: "create_bundle",
    title: "Keep a bundle snapshot",
    description:
      "Keep an immutable snapshot of an issue's execution bundle (as preview_bundle gives it), with an id (bnd_…) to read it back by.",
    scope: "workspace.write",
    input: bundleInput,
    output: bundleView,
    hints: write,
    run: (ctx, { input }) => createBundle(ctx, input),
    text: bundleText,
  }),
  tool({
    name: "get_bundle",
    title: "Read a bundle",
    description:
      "An issue's bundle: everything needed to work on it in one Markdown read (the issue, its blockers' live status, linked decisions, notes and files, its cycle and milestone). Live for an identifier (ENG-42); a kept snapshot for bnd_….",
    scope: "workspace.read",
    params: idOf(bundleRef, "A snapshot id (bnd_…) or an issue identifier (ENG-42)."),
    input: bundleQuery,
    output: bundleView,
    run: async (ctx, { params, input }) => fitBundle(await getBundle(ctx, params.id), input.max_tokens),
    text: bundleText,
  }),
  tool({
    name: "list_bundles",
    title: "List an issue's snapshots",
    description: "The bundle snapshots kept of an issue, newest first.",
    scope: "workspace.read",
    input: listBundlesQuery,
    query: true,
    output: page(bundleSummary),
    run: (ctx, { input }) => listBundles(ctx, input),
    text: (p) => pageText(p, (b) => `${b.id} of ${b.issue}, taken ${b.created_at}`, "No snapshots."),
  }),
  tool({
    name: "list_events",
    title: "List events",
    description:
      "The workspace's events (committed changes), oldest first: `issue.created`, `issue.updated` (with `changes`), `issue.ready` (an issue became ready work), `dependency.*`, `decision.*`, `note.*`, … Filter by `type` (comma-separated, `issue.*` patterns), `object` id, `after` (the last event id you saw) or `since` (a time).",
    scope: "workspace.read",
    input: listEventsQuery,
    query: true,
    output: page(eventView),
    run: (ctx, { input }) => listEvents(ctx, input),
    text: (p) =>
      pageText(
        p,
        (e) =>
          `${e.id} ${e.created_at} ${e.type} ${e.object.id} by ${e.actor.person_name ?? e.actor.person_id}`,
        "No events match.",
      ),
  }),
  tool({
    name: "list_labels",
    title: "List labels",
    description:
      "The workspace's labels by name, each with its colour, description and issue_count, a page at a time (`limit`, `cursor`); `q` keeps names containing the text. Issues take label names; an unknown name makes the label.",
    scope: "workspace.read",
    input: listLabelsQuery,
    query: true,
    output: page(labelView),
    run: (ctx, { input }) => listLabels(ctx, input),
    text: (p) =>
      pageText(
        p,
        (l) => `${l.name} (${l.color}, ${l.issue_count} issues)${l.description ? `: ${l.description}` : ""}`,
        "No labels.",
      ),
  }),
  tool({
    name: "list_templates",
    title: "List a space's issue templates",
    description:
      "A space's new-issue templates by name: what a new issue of that kind starts with (title start, description, status, priority, labels, estimate). Fill create_issue from one to file an issue the way the team does.",
    scope: "workspace.read",
    input: listTemplatesQuery.extend({
      space: spaceTemplatesParams.shape.prefix.describe("The space's prefix, e.g. ENG."),
    }),
    query: true,
    output: page(templateView),
    run: (ctx, { input }) => listTemplates(ctx, input.space, { limit: input.limit, cursor: input.cursor }),
    text: (p) =>
      pageText(
        p,
        (t) =>
          `${t.name} (${t.space}): title "${t.title}", ${t.priority}${t.status ? `, ${t.status}` : ""}${t.labels.length ? `, labels ${t.labels.join(", ")}` : ""}${t.estimate !== null ? `, estimate ${t.estimate}` : ""}${t.description ? `\n${t.description}` : ""}`,
        "No templates in this space.",
      ),
  }),
  tool({
    name: "list_trash",
    title: "List the trash",
    description:
      "What was deleted in the workspace, newest first, with when each is purged (30 days after) and the request that restores it. Agents may read the trash, never delete or restore.",
    scope: "workspace.read",
    input: listTrashQuery,
    query: true,
    output: page(trashItemView),
    run: (ctx, { input }) => listTrash(ctx, input),
    text: (p) =>
      pageText(
        p,
        (x) => `${x.type} ${x.ref} ${x.title} (purged ${x.purge_at.slice(0, 10)})`,
        "The trash is empty.",
      ),
  }),
  tool({
    name: "delete_object",
    title: "Move to the trash",
    description:
      "Move an issue, decision, note, folder, cycle or milestone to the trash (30 days). People only: an agent connection is refused (403), always.",
    scope: "workspace.write",
    input: trashToolInput,
    output: trashItemView,
    hints: { destructiveHint: true, idempotentHint: false },
    run: (ctx, { input }) => trashObject(ctx, input.type, input.id),
    text: (x) => `Moved ${x.type} ${x.ref} to the trash; purged ${x.purge_at.slice(0, 10)}.`,
  }),
  tool({
    name: "restore_object",
    title: "Restore from the trash",
    description:
      "Restore an object from the trash. People only: an agent connection is refused (403), always.",
    scope: "workspace.write",
    input: trashToolInput,
    output: trashItemView,
    hints: idempotentWrite,
    run: (ctx, { input }) => restoreObject(ctx, input.type, input.id),
    text: (x) => `Restored ${x.type} ${x.ref}.`,
  }),
];

export const TOOLS_BY_NAME: ReadonlyMap<string, Tool> = new Map(TOOLS.map((t) => [t.name, t]));

// ---------------------------------------------------------------------------------------------------
// Toolsets: what a client sees in tools/list. The default covers an agent's loop; the rest are opt-in
// (X-MCP-Toolsets: planning,files or ?toolsets=…; `all` for every one). Every tool is in exactly one.
// A new tool is one line here, in its toolset's list; tools/list keeps the order of TOOLS above.

export const TOOLSETS = {
  default: [
    "get_workspace_identity",
    "list_issues",
    "get_issue",
    "create_issue",
    "update_issue",
    "claim_next_issue",
    "claim_issue",
    "release_claim",
    "log_session",
    "end_session",
    "set_dependencies",
    "list_decisions",
    "get_decision",
    "create_decision",
    "list_notes",
    "get_note",
    "create_note",
    "list_comments",
    "add_comment",
    "search",
    "get_bundle",
    "request_approval",
    "wait_for",
  ],
  conversation: ["update_comment", "delete_comment", "list_inbox", "get_approval"],
  issues: [
    "ice_issue",
    "list_activity",
    "update_dependency",
    "remove_dependency",
    "preview_bundle",
    "create_bundle",
    "list_bundles",
  ],
  knowledge: ["update_decision", "update_note", "list_folders", "create_folder", "update_folder"],
  planning: [
    "list_cycles",
    "create_cycle",
    "update_cycle",
    "list_cycle_issues",
    "get_cycle_stats",
    "list_milestones",
    "create_milestone",
    "update_milestone",
    "list_milestone_issues",
    "set_milestone_dependencies",
    "remove_milestone_dependency",
  ],
  files: ["create_file_upload_url", "register_file", "get_file", "list_files"],
  events: ["list_events"],
  labels: ["list_labels", "list_templates"],
  trash: ["list_trash", "delete_object", "restore_object"],
  sessions: ["heartbeat_claim", "list_my_claims", "list_sessions", "get_session", "list_session_activities"],
} as const satisfies Record<string, readonly string[]>;

export type ToolsetName = keyof typeof TOOLSETS;
export const TOOLSET_NAMES = Object.keys(TOOLSETS) as ToolsetName[];

/** Each tool's toolset. */
export const TOOLSET_OF: ReadonlyMap<string, ToolsetName> = new Map(
  TOOLSET_NAMES.flatMap((set) => (TOOLSETS[set] as readonly string[]).map((name) => [name, set] as const)),
);
