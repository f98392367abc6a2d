/** Cycles and milestones. */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { PlanningPage } from "./PlanningPage.tsx";

export const cyclesRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "cycles",
  component: () => PlanningPage({ what: "cycles" }),
});
export const cycleRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "cycles/$id",
  component: () => PlanningPage({ what: "cycle" }),
});
export const milestonesRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "milestones",
  component: () => PlanningPage({ what: "milestones" }),
});
export const milestoneRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "milestones/$id",
  component: () => PlanningPage({ what: "milestone" }),
});
export const planningRoutes = [cyclesRoute, cycleRoute, milestonesRoute, milestoneRoute] as const;
