import { z } from "zod";
import {
  answerApproval,
  answerApprovalInput,
  approvalParams,
  approvalView,
  getApproval,
  listApprovals,
  listApprovalsQuery,
  requestApproval,
  requestApprovalInput,
} from "../../tracker/approvals.ts";
import {
  addComment,
  commentDetail,
  commentId,
  createCommentInput,
  deleteComment,
  getComment,
  listComments,
  listCommentsQuery,
  threadView,
  updateComment,
  updateCommentInput,
} from "../../tracker/comments.ts";
import { issueRef } from "../../tracker/common.ts";
import { decisionId } from "../../tracker/decisions.ts";
import {
  getInboxItem,
  getInboxSettings,
  inboxItemId,
  inboxItemView,
  inboxSettingsInput,
  inboxSettingsView,
  listInbox,
  listInboxQuery,
  markAllRead,
  markRead,
  readAllInput,
  readResult,
  setInboxSettings,
} from "../../tracker/inbox.ts";
import { noteId } from "../../tracker/notes.ts";
import {
  createSpace,
  createSpaceBody,
  getSpace,
  listSpaces,
  listSpacesQuery,
  spaceParams,
  spaceView,
  updateSpace,
  updateSpaceInput,
} from "../../tracker/spaces.ts";
import { noBody, op, page } from "./route.ts";

// ---------------------------------------------------------------------------------------------------
// Comments

const SUBJECTS = [
  {
    path: "issues",
    tag: "Issues",
    name: "Issue",
    what: "an issue",
    params: z.strictObject({ id: issueRef }),
  },
  {
    path: "decisions",
    tag: "Decisions",
    name: "Decision",
    what: "a decision",
    params: z.strictObject({ id: decisionId }),
  },
  { path: "notes", tag: "Notes", name: "Note", what: "a note", params: z.strictObject({ id: noteId }) },
] as const;

for (const s of SUBJECTS) {
  op({
    method: "GET",
    path: `/${s.path}/:id/comments`,
    operationId: `list${s.name}Comments`,
    tag: "Comments",
    summary: `The comments on ${s.what}, thread by thread`,
    description: `Top-level comments a page at a time, oldest first (\`order=newest\` for the latest threads first), each with all its replies, oldest first. A deleted comment stays in its thread with \`deleted: true\` and an empty body; an edited one has \`edited: true\` (its earlier texts are in GET /v1/comments/{id}). Each author is a person or an agent shown as “agent (for person)” (\`author.label\`).`,
    scope: "workspace.read",
    params: s.params,
    query: listCommentsQuery,
    response: page(threadView),
    handler: async ({ ctx, params, query }) => listComments(ctx, params.id, query),
  });
  op({
    method: "POST",
    path: `/${s.path}/:id/comments`,
    operationId: `add${s.name}Comment`,
    tag: "Comments",
    summary: `Comment on ${s.what}`,
    description:
      "Adds a Markdown comment, or with `parent` a reply to a top-level comment (replies are one level deep). `@email` mentions a member and `@agent-name` an agent connection (its name in lower case, other characters as hyphens): a mentioned member gets an inbox item, and each mention is a `mention.created` event. Emits `comment.created`.",
    scope: "workspace.write",
    status: 201,
    params: s.params,
    body: createCommentInput,
    response: commentDetail,
    handler: async ({ ctx, params, body }) => addComment(ctx, params.id, body),
  });
}

const commentParams = z.strictObject({ id: commentId });

op({
  method: "GET",
  path: "/comments/:id",
  operationId: "getComment",
  tag: "Comments",
  summary: "One comment, with its earlier texts",
  description:
    "The comment and its `history`: each earlier text, oldest first, with who wrote it and when it was replaced. A deleted comment shows neither text nor history. Its ETag starts with the version.",
  scope: "workspace.read",
  params: commentParams,
  response: commentDetail,
  handler: async ({ ctx, params }) => getComment(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/comments/:id",
  operationId: "updateComment",
  tag: "Comments",
  summary: "Edit a comment (its author or a workspace admin)",
  description:
    "Replaces the text; the earlier one is kept in the comment's history. Only the author (the person, through any of their tokens or agents) or a workspace admin acting as themself may; others get 403 `forbidden`. A deleted comment cannot be edited (409). New mentions reach their inbox. With If-Match, only if nobody changed it since (412). Emits `comment.updated`.",
  scope: "workspace.write",
  conditional: true,
  params: commentParams,
  body: updateCommentInput,
  response: commentDetail,
  handler: async ({ ctx, params, body, ifMatch }) => updateComment(ctx, params.id, body, ifMatch),
});

op({
  method: "DELETE",
  path: "/comments/:id",
  operationId: "deleteComment",
  tag: "Comments",
  summary: "Delete a comment (its author or a workspace admin)",
  description:
    "Marks the comment deleted: it stays in its thread, shown as deleted, and its replies stay; its text is kept for the record but no longer shown or searched. Deleting it again changes nothing. The same people as for an edit may; others get 403. Emits `comment.deleted`.",
  scope: "workspace.write",
  conditional: true,
  params: commentParams,
  response: commentDetail,
  handler: async ({ ctx, params, ifMatch }) => deleteComment(ctx, params.id, ifMatch),
});

// ---------------------------------------------------------------------------------------------------
// Approvals

const issueParams = z.strictObject({ id: issueRef });

op({
  method: "POST",
  path: "/issues/:id/approvals",
  operationId: "requestApproval",
  tag: "Approvals",
  summary: "Ask a person to approve or choose",
  description:
    'Asks `question` on the issue, with `options` (e.g. ["Ship it", "Hold"]) or approve/reject, of the person `from` names or else the space\'s reviewers; they find it in their inbox. Anyone who may write can ask (typically an agent); only a person can answer. Emits `approval.requested`; wait for `approval.resolved` on the event stream (`GET /v1/events/stream?type=approval.resolved&object=apr_…`) or read `GET /v1/approvals/{id}`. With `mark_done: true` it asks "mark this done?" (approve or reject; `question` defaults to "Mark ENG-42 done? <title>"; 409 on a closed issue; one open per issue, so asking again answers it): a person\'s approval marks the issue done as that person, in the same transaction, or is refused when that person may not (the space\'s review policy); a rejection changes nothing else.',
  scope: "workspace.write",
  status: 201,
  params: issueParams,
  body: requestApprovalInput,
  response: approvalView,
  handler: async ({ ctx, params, body }) => requestApproval(ctx, params.id, body),
});

op({
  method: "GET",
  path: "/issues/:id/approvals",
  operationId: "listIssueApprovals",
  tag: "Approvals",
  summary: "An issue's approval requests, newest first",
  description: "Every approval asked on the issue, newest first; `status=open` for those still waiting.",
  scope: "workspace.read",
  params: issueParams,
  query: listApprovalsQuery,
  response: page(approvalView),
  handler: async ({ ctx, params, query }) => listApprovals(ctx, params.id, query),
});

op({
  method: "GET",
  path: "/approvals/:id",
  operationId: "getApproval",
  tag: "Approvals",
  summary: "One approval request: open, or answered and how",
  description:
    "The question, its options, who was asked, and once answered the answer (`approved` for a yes/no question), the comment, who answered and when.",
  scope: "workspace.read",
  params: approvalParams,
  response: approvalView,
  handler: async ({ ctx, params }) => getApproval(ctx, params.id),
});

op({
  method: "POST",
  path: "/approvals/:id/answer",
  operationId: "answerApproval",
  tag: "Approvals",
  summary: "Answer an approval (people only)",
  description:
    "Send `option` (one of the approval's options) or `approve` (true or false, for a yes/no question), and an optional `comment`. Only a person answers: an agent connection gets 403 `forbidden`. An approval already answered is 409. Emits `approval.resolved`; the approval's inbox items are marked read.",
  scope: "workspace.write",
  conditional: true,
  params: approvalParams,
  body: answerApprovalInput,
  response: approvalView,
  handler: async ({ ctx, params, body, ifMatch }) => answerApproval(ctx, params.id, body, ifMatch),
});

// ---------------------------------------------------------------------------------------------------
// Inbox

op({
  method: "GET",
  path: "/inbox",
  operationId: "listInbox",
  tag: "Inbox",
  summary: "Your inbox: mentions, assignments, approvals and reviews",
  description:
    "The caller's inbox in this workspace (an agent connection reads its person's), newest first: mentions of you, issues assigned to you, approvals waiting for your answer and issues waiting for your review. `unread=true` for unread ones, `kind` for one kind. `unread_count` counts every unread item.",
  scope: "workspace.read",
  query: listInboxQuery,
  response: page(inboxItemView).extend({
    unread_count: z.int().min(0).describe("How many of your items in this workspace are unread."),
  }),
  handler: async ({ ctx, query }) => listInbox(ctx, query),
});

op({
  method: "GET",
  path: "/inbox/settings",
  operationId: "getInboxSettings",
  tag: "Inbox",
  summary: "Your mail about the inbox",
  description: "Whether new inbox items are mailed to you: off, immediate, or daily (a digest).",
  scope: "workspace.read",
  response: inboxSettingsView,
  handler: async ({ ctx }) => getInboxSettings(ctx),
});

op({
  method: "PATCH",
  path: "/inbox/settings",
  operationId: "updateInboxSettings",
  tag: "Inbox",
  summary: "Choose mail about the inbox: off, immediate or daily",
  description:
    "immediate mails each new item; daily mails one digest a day of the items still unread; off mails nothing. Each mail has a link that turns it off. A person's own choice: an agent connection gets 403.",
  scope: "workspace.write",
  body: inboxSettingsInput,
  response: inboxSettingsView,
  handler: async ({ ctx, body }) => setInboxSettings(ctx, body),
});

op({
  method: "GET",
  path: "/inbox/:id",
  operationId: "getInboxItem",
  tag: "Inbox",
  summary: "One item of your inbox",
  description: "One of the caller's inbox items; another person's answers 404.",
  scope: "workspace.read",
  params: z.strictObject({ id: inboxItemId }),
  response: inboxItemView,
  handler: async ({ ctx, params }) => getInboxItem(ctx, params.id),
});

op({
  method: "POST",
  path: "/inbox/:id/read",
  operationId: "markInboxItemRead",
  tag: "Inbox",
  summary: "Mark one inbox item read",
  description: "Marks one of the caller's items read (again: no change); answers how many are still unread.",
  scope: "workspace.write",
  params: z.strictObject({ id: inboxItemId }),
  body: noBody,
  response: readResult,
  handler: async ({ ctx, params }) => markRead(ctx, params.id),
});

op({
  method: "POST",
  path: "/inbox/read-all",
  operationId: "markInboxRead",
  tag: "Inbox",
  summary: "Mark every inbox item read",
  description: "Marks all the caller's unread items in this workspace read, or only those of `kind`.",
  scope: "workspace.write",
  body: readAllInput,
  response: readResult,
  handler: async ({ ctx, body }) => markAllRead(ctx, body),
});

// ---------------------------------------------------------------------------------------------------
// Spaces and their review policy

op({
  method: "GET",
  path: "/spaces",
  operationId: "listSpaces",
  tag: "Spaces",
  summary: "The workspace's spaces with their review policies",
  description:
    "The workspace's spaces by prefix, a page at a time, each with `done_requires` and its reviewers.",
  scope: "workspace.read",
  query: listSpacesQuery,
  response: page(spaceView),
  handler: async ({ ctx, query }) => listSpaces(ctx, query),
});

op({
  method: "POST",
  path: "/spaces",
  operationId: "createSpace",
  tag: "Spaces",
  summary: "Create a space (workspace admins)",
  description:
    "Makes a space with a name and a prefix (2 to 10 letters or digits, starting with a letter: the ENG of ENG-42; it cannot be changed later, since issue identifiers are made from it). A prefix or a name the workspace has already is 409 `conflict`. Only the Owner and admins, as themselves: others and every agent connection get 403.",
  scope: "workspace.write",
  status: 201,
  body: createSpaceBody,
  response: spaceView,
  handler: async ({ ctx, body }) => createSpace(ctx, body),
});

op({
  method: "GET",
  path: "/spaces/:prefix",
  operationId: "getSpace",
  tag: "Spaces",
  summary: "One space and its review policy",
  description: "The space, who may mark its issues done (`done_requires`), and its reviewers.",
  scope: "workspace.read",
  params: spaceParams,
  response: spaceView,
  handler: async ({ ctx, params }) => getSpace(ctx, params.prefix),
});

op({
  method: "PATCH",
  path: "/spaces/:prefix",
  operationId: "updateSpace",
  tag: "Spaces",
  summary: "Rename a space, or set its review policy and reviewers (workspace admins)",
  description:
    "`name`: a new name (unique in the workspace, else 409; the prefix stays). `done_requires`: anyone (the default); not_author (someone other than whoever last changed the issue's title or description; an agent and its person count apart); person (an agent may move an issue to in_review, only a person marks it done). A refused change to done is 403 `review_required`, naming who may finish it and that POST /v1/issues/{id}/approvals asks for it. `reviewers` (emails or ids of members; [] for the workspace's admins) are told when an issue moves to in_review. `session_stale_minutes` (5 to 10,080): how long a live agent run on the space's issues may be silent before it is `stale` (30 by default). Only the Owner and admins, as themselves, may: others and every agent connection get 403.",
  scope: "workspace.write",
  params: spaceParams,
  body: updateSpaceInput,
  response: spaceView,
  handler: async ({ ctx, params, body }) => updateSpace(ctx, params.prefix, body),
});
