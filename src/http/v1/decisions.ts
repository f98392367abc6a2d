import { z } from "zod";
import { activityView } from "../../tracker/activity.ts";
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
} from "../../tracker/decisions.ts";
import { pageQuery } from "../../tracker/pagination.ts";
import { op, page } from "./route.ts";

const params = z.strictObject({ id: decisionId });

op({
  method: "GET",
  path: "/decisions",
  operationId: "listDecisions",
  tag: "Decisions",
  summary: "List the workspace's decisions",
  description:
    "Filters combine with AND: `status` (comma-separated), `issue` (decisions linked to it), `q` (text in the title). Items leave out the context, decision and consequences texts; read one decision for them.",
  scope: "workspace.read",
  query: listDecisionsQuery,
  response: page(decisionSummary),
  handler: async ({ ctx, query }) => listDecisions(ctx, query),
});

op({
  method: "POST",
  path: "/decisions",
  operationId: "createDecision",
  tag: "Decisions",
  summary: "Record a decision",
  description:
    "With `supersedes`, the earlier decision is marked `superseded` in the same transaction. `issues` links the decision to issues of this workspace.",
  scope: "workspace.write",
  status: 201,
  body: createDecisionInput,
  response: decisionView,
  handler: async ({ ctx, body }) => createDecision(ctx, body),
});

op({
  method: "GET",
  path: "/decisions/:id",
  operationId: "getDecision",
  tag: "Decisions",
  summary: "One decision, with its texts, linked issues and what it supersedes or is superseded by",
  description:
    "Answers the decision with its context, decision and consequences texts, its status, the issues it is linked to, and the decisions it supersedes or is superseded by. Its ETag starts with the version.",
  scope: "workspace.read",
  params,
  response: decisionView,
  handler: async ({ ctx, params }) => getDecision(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/decisions/:id",
  operationId: "updateDecision",
  tag: "Decisions",
  summary: "Change some fields of a decision",
  description:
    "Only the fields sent change; `issues` replaces the whole set of linked issues. With If-Match (the ETag of a read) the change is made only if nobody changed the decision since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params,
  body: updateDecisionInput,
  response: decisionView,
  handler: async ({ ctx, params, body, ifMatch }) => updateDecision(ctx, params.id, body, ifMatch),
});

op({
  method: "GET",
  path: "/decisions/:id/activity",
  operationId: "listDecisionActivity",
  tag: "Decisions",
  summary: "A decision's changes, oldest first, with who made each",
  description:
    "Every recorded change of the decision, oldest first, a page at a time: what changed (each field from its old value to its new one), who made it and with which token or connection.",
  scope: "workspace.read",
  params,
  query: z.strictObject({ ...pageQuery }),
  response: page(activityView),
  handler: async ({ ctx, params, query }) => listDecisionActivity(ctx, params.id, query),
});
