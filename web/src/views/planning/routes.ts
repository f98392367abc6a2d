/**
 * Cycles and milestones. Each page is its own chunk, loaded when first opened; the burn-down chart
 * (uPlot) and the graph layout (elkjs) load later still, when a page shows them.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";

export const cyclesRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "cycles",
  component: lazyRouteComponent(() => import("./CyclesPage.tsx"), "CyclesPage"),
});
export const cycleRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "cycles/$id",
  component: lazyRouteComponent(() => import("./CyclePage.tsx"), "CyclePage"),
});
export const milestonesRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "milestones",
  component: lazyRouteComponent(() => import("./MilestonesPage.tsx"), "MilestonesPage"),
});
export const milestoneRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "milestones/$id",
  component: lazyRouteComponent(() => import("./MilestonePage.tsx"), "MilestonePage"),
});
export const planningRoutes = [cyclesRoute, cycleRoute, milestonesRoute, milestoneRoute] as const;
