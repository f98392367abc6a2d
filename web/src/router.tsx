import { createRouter } from "@tanstack/react-router";
import { queryClient } from "./query-client.ts";
import { indexRoute, rootRoute, wsIndexRoute, wsRoute } from "./routes/base.ts";
import { agentRoutes } from "./views/agents/routes.ts";
import { conversationRoutes } from "./views/conversation/routes.ts";
import { importRoutes } from "./views/imports/routes.ts";
import { integrationRoutes } from "./views/integrations/routes.ts";
import { issueRoutes } from "./views/issue/routes.ts";
import { issuesRoutes } from "./views/issues/routes.ts";
import { knowledgeRoutes } from "./views/knowledge/routes.ts";
import { planningRoutes } from "./views/planning/routes.ts";
import { runRoutes } from "./views/runs/routes.ts";
import { spaceRoutes } from "./views/spaces/routes.ts";
import { teamRoutes } from "./views/team/routes.ts";
import { trashRoutes } from "./views/trash/routes.ts";

const routeTree = rootRoute.addChildren([
  indexRoute,
  wsRoute.addChildren([
    wsIndexRoute,
    ...issuesRoutes,
    ...issueRoutes,
    ...planningRoutes,
    ...knowledgeRoutes,
    ...agentRoutes,
    ...runRoutes,
    ...conversationRoutes,
    ...teamRoutes,
    ...trashRoutes,
    ...spaceRoutes,
    ...importRoutes,
    ...integrationRoutes,
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPendingMinMs: 0,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
