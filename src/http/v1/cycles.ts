import { z } from "zod";
import {
  createCycle,
  createCycleInput,
  cycleId,
  cycleIssuesQuery,
  cycleStats,
  cycleStatsView,
  cycleView,
  getCycle,
  listCycleIssues,
  listCycles,
  listCyclesQuery,
  updateCycle,
  updateCycleInput,
} from "../../tracker/cycles.ts";
import { issueSummary } from "../../tracker/issues.ts";
import { etagCovers, op, page } from "./route.ts";

const params = z.strictObject({ id: cycleId });

op({
  method: "GET",
  path: "/cycles",
  operationId: "listCycles",
  tag: "Cycles",
  summary: "List the workspace's cycles",
  description: "Filter by space and state (upcoming, active, completed: from today's date in UTC).",
  scope: "workspace.read",
  query: listCyclesQuery,
  response: page(cycleView),
  handler: async ({ ctx, query }) => listCycles(ctx, query),
});

op({
  method: "POST",
  path: "/cycles",
  operationId: "createCycle",
  tag: "Cycles",
  summary: "Create a cycle: a time-boxed set of issues in a space",
  description:
    'ends_on is on or after starts_on and at most 26 weeks later. Cycles of one space must not overlap: 409 naming the cycle in the way. The name defaults to "Cycle N".',
  scope: "workspace.write",
  status: 201,
  body: createCycleInput,
  response: cycleView,
  handler: async ({ ctx, body }) => createCycle(ctx, body),
});

op({
  method: "GET",
  path: "/cycles/:id",
  operationId: "getCycle",
  tag: "Cycles",
  summary: "One cycle",
  description:
    "Answers the cycle with its dates, goal and version. Its ETag starts with the version: send it in If-Match to change the cycle only if nobody changed it since.",
  scope: "workspace.read",
  params,
  response: cycleView,
  handler: async ({ ctx, params }) => getCycle(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/cycles/:id",
  operationId: "updateCycle",
  tag: "Cycles",
  summary: "Rename a cycle or move its dates",
  description:
    "Only the fields sent change; new dates follow the rules of creation. With If-Match (the ETag of a read) the change is made only if nobody changed the cycle since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params,
  body: updateCycleInput,
  response: cycleView,
  handler: async ({ ctx, params, body, ifMatch }) => updateCycle(ctx, params.id, body, ifMatch),
});

op({
  method: "GET",
  path: "/cycles/:id/issues",
  operationId: "listCycleIssues",
  tag: "Cycles",
  summary: "The issues in a cycle, with the issue list's filters and pagination",
  description:
    "Takes the same filters, sort and pagination as `GET /issues`, limited to the issues in the cycle. 404 when the cycle is not in the token's workspace.",
  scope: "workspace.read",
  params,
  query: cycleIssuesQuery,
  response: page(issueSummary),
  handler: async ({ ctx, params, query }) => listCycleIssues(ctx, params.id, query),
});

op({
  method: "GET",
  path: "/cycles/:id/stats",
  operationId: "getCycleStats",
  tag: "Cycles",
  summary: "A cycle's numbers: by status, completion, scope changes and the day-by-day burn-down",
  description:
    "Completion counts done issues; canceled ones leave the denominator. The burn-down has one entry per day from starts_on to today (or ends_on), each the cycle at the end of that day in UTC. The ETag covers the numbers, not `as_of`: If-None-Match answers 304 while the numbers are unchanged (the `as_of` kept is then when they were first read).",
  scope: "workspace.read",
  params,
  response: cycleStatsView,
  handler: async ({ ctx, params, request }) => {
    const stats = await cycleStats(ctx, params.id);
    const { as_of: _asOf, ...numbers } = stats;
    etagCovers(request, numbers);
    return stats;
  },
});
