import { z } from "zod";
import { issueSummary } from "../../tracker/issues.ts";
import {
  addMilestoneDependencies,
  addMilestoneDependenciesInput,
  createMilestone,
  createMilestoneInput,
  deleteMilestoneDependency,
  getMilestone,
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
} from "../../tracker/milestones.ts";
import { op } from "./route.ts";

const params = z.strictObject({ id: milestoneId });
const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

op({
  method: "GET",
  path: "/milestones",
  operationId: "listMilestones",
  tag: "Milestones",
  summary: "List the workspace's milestones, oldest first, each with its progress and dependencies",
  description:
    "Every milestone of the workspace, oldest first, a page at a time, each with its progress (issues done out of those not canceled) and the milestones it blocks and is blocked by.",
  scope: "workspace.read",
  query: listMilestonesQuery,
  response: page(milestoneView),
  handler: async ({ ctx, query }) => listMilestones(ctx, query),
});

op({
  method: "POST",
  path: "/milestones",
  operationId: "createMilestone",
  tag: "Milestones",
  summary: "Create a milestone",
  description:
    "Makes a milestone with a name, an optional target date and description. Send an Idempotency-Key to make the request safe to retry.",
  scope: "workspace.write",
  status: 201,
  body: createMilestoneInput,
  response: milestoneView,
  handler: async ({ ctx, body }) => createMilestone(ctx, body),
});

op({
  method: "GET",
  path: "/milestones/:id",
  operationId: "getMilestone",
  tag: "Milestones",
  summary: "One milestone with its progress and its blocks / blockedBy milestones",
  description:
    "Answers the milestone with its target date, its progress, and its `blocks` / `blockedBy` milestones. Its ETag starts with the version, for If-Match on PATCH.",
  scope: "workspace.read",
  params,
  response: milestoneView,
  handler: async ({ ctx, params }) => getMilestone(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/milestones/:id",
  operationId: "updateMilestone",
  tag: "Milestones",
  summary: "Change a milestone's name, description or target date",
  description:
    "Only the fields sent change. With If-Match (the ETag of a read) the change is made only if nobody changed the milestone since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params,
  body: updateMilestoneInput,
  response: milestoneView,
  handler: async ({ ctx, params, body, ifMatch }) => updateMilestone(ctx, params.id, body, ifMatch),
});

op({
  method: "GET",
  path: "/milestones/:id/issues",
  operationId: "listMilestoneIssues",
  tag: "Milestones",
  summary: "The issues in a milestone, with the issue list's filters and pagination, and its progress",
  description:
    "Takes the same filters, sort and pagination as `GET /issues`, limited to the issues in the milestone, and adds the milestone's progress.",
  scope: "workspace.read",
  params,
  query: milestoneIssuesQuery,
  response: page(issueSummary).extend({ progress: milestoneProgress }),
  handler: async ({ ctx, params, query }) => listMilestoneIssues(ctx, params.id, query),
});

op({
  method: "POST",
  path: "/milestones/:id/dependencies",
  operationId: "addMilestoneDependencies",
  tag: "Dependencies",
  summary: "Add blockedBy and blocks edges to a milestone in one call, all or nothing",
  description:
    "An edge to the milestone itself or to an unknown milestone is refused (400 naming the element). An edge that would close a cycle is refused with 409 and the cycle's path. An edge that exists already is returned (created: false), not duplicated.",
  scope: "workspace.write",
  params,
  body: addMilestoneDependenciesInput,
  response: z.object({ data: z.array(milestoneDependencyView) }),
  handler: async ({ ctx, params, body }) => addMilestoneDependencies(ctx, params.id, body),
});

op({
  method: "DELETE",
  path: "/milestone-dependencies/:id",
  operationId: "deleteMilestoneDependency",
  tag: "Dependencies",
  summary: "Remove an edge between two milestones",
  description:
    "Removes the `blocks` edge between two milestones; the milestones themselves do not change. Answers the removed edge's id.",
  scope: "workspace.write",
  params: z.strictObject({ id: milestoneDependencyId }),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async ({ ctx, params }) => deleteMilestoneDependency(ctx, params.id),
});
