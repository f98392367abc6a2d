/** The workspace's agent connections: who they act for, what they work on, Revoke. */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { AgentsPage } from "./AgentsPage.tsx";

export const agentsRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "agents",
  component: AgentsPage,
});
export const agentRoutes = [agentsRoute] as const;
