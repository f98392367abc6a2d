/**
 * One issue's page, by its identifier (ENG-42). Loaded when first opened (its editor, pickers and the
 * graph's layout are not needed for the first page).
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";

export const issueRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "issue/$key",
  component: lazyRouteComponent(() => import("./IssuePage.tsx"), "IssuePage"),
});
export const issueRoutes = [issueRoute] as const;
