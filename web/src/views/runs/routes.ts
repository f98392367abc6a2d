/** The workspace's agent runs (/$ws/runs): loaded when first opened. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";

export const runsRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "runs",
  component: lazyRouteComponent(() => import("./RunsPage.tsx"), "RunsPage"),
});
export const runRoutes = [runsRoute] as const;
