import { z } from "zod";
import { activityView, listActivity } from "../../tracker/activity.ts";
import { issueRef } from "../../tracker/common.ts";
import {
  addDependencies,
  addDependenciesInput,
  deleteDependency,
  dependencyId,
  dependencyView,
  getDependency,
  updateDependency,
  updateDependencyInput,
} from "../../tracker/dependencies.ts";
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
} from "../../tracker/issues.ts";
import { pageQuery } from "../../tracker/pagination.ts";
import { noBody, op } from "./route.ts";

const issueParams = z.strictObject({ id: issueRef });
const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

op({
  method: "GET",
  path: "/issues",
  operationId: "listIssues",
  tag: "Issues",
  summary: "List the workspace's issues",
  description:
    "Filters combine with AND. `ready=true` gives the issues ready to work on: not done, canceled or iced, and every issue blocking them done or canceled. `startable=true` gives those an agent may start: ready, in `backlog` or `todo`, and not claimed (what a claim of the next issue takes).",
  scope: "workspace.read",
  query: listIssuesQuery,
  response: page(issueSummary),
  handler: async ({ ctx, query }) => listIssues(ctx, query),
});

op({
  method: "POST",
  path: "/issues",
  operationId: "createIssue",
  tag: "Issues",
  summary: "Create an issue",
  description:
    "The `blocks`, `blockedBy` and `relatesTo` edges are created in the same transaction: all or nothing.",
  scope: "workspace.write",
  status: 201,
  body: createIssueInput,
  response: issueView,
  handler: async ({ ctx, body }) => createIssue(ctx, body),
});

op({
  method: "GET",
  path: "/issues/:id",
  operationId: "getIssue",
  tag: "Issues",
  summary: "One issue by identifier (ENG-42), with its dependencies and whether it is ready",
  description:
    "Answers the issue by its identifier (`ENG-42`, any case) or its id, with its description, its `blocks`, `blockedBy` and `relatesTo` edges, and `ready` (open, not iced, nothing open blocking it). Its ETag starts with the version, for If-Match on PATCH.",
  scope: "workspace.read",
  params: issueParams,
  response: issueView,
  handler: async ({ ctx, params }) => getIssue(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/issues/:id",
  operationId: "updateIssue",
  tag: "Issues",
  summary: "Change some fields of an issue",
  description:
    "Only the fields sent change. An assignee is a member (email or usr_…), an agent connection (con_…) or `me` (the caller: a token's person, or the agent connection itself). With Docket-Fencing-Token, a write whose claim was superseded is refused with 409 `lease_lost`. Completing or canceling the issue ends its claim. With If-Match (the ETag of a read) the change is made only if nobody changed the issue since; else 412. A status change thaws an iced issue.",
  scope: "workspace.write",
  conditional: true,
  fenced: true,
  params: issueParams,
  body: updateIssueInput,
  response: issueView,
  handler: async ({ ctx, params, body, ifMatch, fencingToken }) =>
    updateIssue(ctx, params.id, body, ifMatch, { fencingToken }),
});

op({
  method: "POST",
  path: "/issues/:id/ice",
  operationId: "iceIssue",
  tag: "Issues",
  summary: "Put an issue on ice: out of ready work until its status next changes",
  description:
    "An iced issue stays in its status but leaves ready work (`ready=true` lists) until its status next changes. Only open issues can be put on ice: one that is done or canceled is refused with 409. With If-Match (the ETag of a read) the issue is iced only if nobody changed it since; else 412.",
  scope: "workspace.write",
  conditional: true,
  fenced: true,
  params: issueParams,
  body: noBody,
  response: issueView,
  handler: async ({ ctx, params, ifMatch, fencingToken }) =>
    iceIssue(ctx, params.id, ifMatch, { fencingToken }),
});

op({
  method: "GET",
  path: "/issues/:id/activity",
  operationId: "listIssueActivity",
  tag: "Issues",
  summary: "An issue's changes, oldest first, with who made each",
  description:
    "Every recorded change of the issue, oldest first, a page at a time: what changed (each field from its old value to its new one), who made it and with which token or connection.",
  scope: "workspace.read",
  params: issueParams,
  query: z.strictObject({ ...pageQuery }),
  response: page(activityView),
  handler: async ({ ctx, params, query }) => {
    const issue = await resolveIssue(ctx, params.id);
    return listActivity(ctx, issue.id, query);
  },
});

op({
  method: "POST",
  path: "/issues/:id/dependencies",
  operationId: "addIssueDependencies",
  tag: "Dependencies",
  summary: "Add blockedBy, blocks and relatesTo edges to an issue in one call, all or nothing",
  description:
    "An edge to the issue itself, to an unknown issue or to another workspace's issue is refused (400). A `blocks` edge that would close a cycle is refused with 409 and the cycle's path. An edge that exists already is returned, not duplicated.",
  scope: "workspace.write",
  params: issueParams,
  fenced: true,
  body: addDependenciesInput,
  response: z.object({ data: z.array(dependencyView) }),
  handler: async ({ ctx, params, body, fencingToken }) =>
    addDependencies(ctx, params.id, body, { fencingToken }),
});

const depParams = z.strictObject({ id: dependencyId });

op({
  method: "GET",
  path: "/dependencies/:id",
  operationId: "getDependency",
  tag: "Dependencies",
  summary: "One dependency edge",
  description:
    "Answers one edge: its type (`blocks` or `relatesTo`), the issues at each end, its note and who made it.",
  scope: "workspace.read",
  params: depParams,
  response: dependencyView,
  handler: async ({ ctx, params }) => getDependency(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/dependencies/:id",
  operationId: "updateDependency",
  tag: "Dependencies",
  summary: "Change an edge's type, direction or note",
  description:
    "Changes the edge's type, turns it around, or changes its note. A change that would make a `blocks` edge close a cycle is refused with 409. With If-Match (the ETag of a read) the change is made only if nobody changed the edge since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params: depParams,
  body: updateDependencyInput,
  response: dependencyView,
  handler: async ({ ctx, params, body, ifMatch }) => updateDependency(ctx, params.id, body, ifMatch),
});

op({
  method: "DELETE",
  path: "/dependencies/:id",
  operationId: "deleteDependency",
  tag: "Dependencies",
  summary: "Remove an edge",
  description:
    "Removes the edge between the two issues; the issues themselves do not change. Answers the removed edge's id. With If-Match (the ETag of a read) the edge is removed only if nobody changed it since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params: depParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async ({ ctx, params, ifMatch }) => deleteDependency(ctx, params.id, ifMatch),
});
