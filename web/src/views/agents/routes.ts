/** The workspace's agent connections: who they act for, what they work on, their runs and budgets, Revoke (loaded when first opened). */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";

export const agentsRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "agents",
  component: lazyRouteComponent(() => import("./AgentsPage.tsx"), "AgentsPage"),
});
export const agentRoutes = [agentsRoute] as const;
