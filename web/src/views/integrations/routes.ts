/** Code hosts (GitHub, GitLab) connected to the workspace (admins); loaded when first opened. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";

export const integrationsRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "settings/integrations",
  component: lazyRouteComponent(() => import("./IntegrationsPage.tsx"), "IntegrationsPage"),
});
export const integrationRoutes = [integrationsRoute] as const;
