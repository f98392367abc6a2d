import {
  budgetParams,
  budgetView,
  createBudget,
  createBudgetInput,
  deleteBudget,
  deletedBudgetView,
  getBudget,
  listBudgets,
  listBudgetsQuery,
  updateBudget,
  updateBudgetInput,
} from "../../tracker/budgets.ts";
import { getUsage, MAX_USAGE_DAYS, usageQuery, usageView } from "../../tracker/usage.ts";
import { op, page } from "./route.ts";

op({
  method: "GET",
  path: "/usage",
  operationId: "getUsage",
  tag: "Usage and budgets",
  summary: "What agents' runs used over a time range, by agent, space, issue or person",
  description: `Sums the usage the agents reported with their runs' activities (tokens in and out, cache reads and writes, cost in millionths of the currency unit) over [from, to): the current calendar month (UTC) unless given, at most ${MAX_USAGE_DAYS} days. \`group_by\` is agent (the run's connection, or a scripted agent's token), space, issue or person (the run's accountable person). Rows come the highest cost first, then the most tokens, a page at a time; \`totals\` covers the whole range. An activity counts at the time it was stored. \`to\` not after \`from\`, or more than ${MAX_USAGE_DAYS} days after it, is 400.`,
  scope: "workspace.read",
  query: usageQuery,
  response: usageView,
  handler: async ({ ctx, query }) => getUsage(ctx, query),
});

op({
  method: "GET",
  path: "/budgets",
  operationId: "listBudgets",
  tag: "Usage and budgets",
  summary: "The workspace's budgets, each with what it spent this month",
  description:
    "Every budget of the workspace, oldest first, a page at a time: its scope (an agent or a space), its limits, what it spent this calendar month (UTC), its `percent` and `state` (ok, warning from 80%, exceeded at 100%). `agent` or `space` keeps the one budget of that agent or space. Every member and agent reads them.",
  scope: "workspace.read",
  query: listBudgetsQuery,
  response: page(budgetView),
  handler: async ({ ctx, query }) => listBudgets(ctx, query),
});

op({
  method: "POST",
  path: "/budgets",
  operationId: "createBudget",
  tag: "Usage and budgets",
  summary: "Set a monthly budget on an agent or a space (admins)",
  description:
    "Limits what one agent (`agent`: its connection con_…, or the personal access token pat_… of a scripted agent) or one space (`space`: its prefix or spc_…; every agent's runs on its issues together) spends in a calendar month (UTC): `cost_micros_limit` (millionths of the currency unit the agents report in; 15000000 is 15.00) and/or `token_limit` (input + output + cache reads + cache writes), at least one, positive whole numbers. At 80% of either limit a `budget.warning` event and an inbox item (the agent's accountable person; for a space the admins and the Owner), once a month; at 100% `budget.exceeded` and an item, once a month, the live runs it limits are asked to stop, and the agent's new claims and runs are refused with 403 `budget_exceeded` until the month ends or the limit is raised. A budget set already spent takes effect at once. One budget per agent or space (409 `conflict` naming the existing one); an agent or space that is not this workspace's is 400. Admins and the Owner only, as themselves (else 403 `forbidden`; an agent connection never, and a token never on its own budget).",
  scope: "workspace.write",
  status: 201,
  body: createBudgetInput,
  response: budgetView,
  handler: async ({ ctx, body }) => createBudget(ctx, body),
});

op({
  method: "GET",
  path: "/budgets/:id",
  operationId: "getBudget",
  tag: "Usage and budgets",
  summary: "One budget, with what it spent this month",
  description:
    "The budget's scope and limits, what it spent this calendar month (UTC), `percent` (the larger share of its limits, rounded down to 0.1) and `state`. Its ETag starts with the version.",
  scope: "workspace.read",
  params: budgetParams,
  response: budgetView,
  handler: async ({ ctx, params }) => getBudget(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/budgets/:id",
  operationId: "updateBudget",
  tag: "Usage and budgets",
  summary: "Change a budget's limits (admins)",
  description:
    "Only the limits sent change; null removes one, but one must remain (400). Raising a limit above what was spent re-arms its warning and lifts the refusal at once; lowering it below takes effect at once (warning, or stop). The scope does not change: delete the budget and set a new one. Admins and the Owner only (else 403 `forbidden`). With If-Match the change is made only if nobody changed the budget since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params: budgetParams,
  body: updateBudgetInput,
  response: budgetView,
  handler: async ({ ctx, params, body, ifMatch }) => updateBudget(ctx, params.id, body, ifMatch),
});

op({
  method: "DELETE",
  path: "/budgets/:id",
  operationId: "deleteBudget",
  tag: "Usage and budgets",
  summary: "Delete a budget (admins)",
  description:
    "The agent or space has no limit from then on (runs already stopping still stop). Admins and the Owner only (else 403 `forbidden`). With If-Match only if nobody changed the budget since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params: budgetParams,
  response: deletedBudgetView,
  handler: async ({ ctx, params, ifMatch }) => deleteBudget(ctx, params.id, ifMatch),
});
