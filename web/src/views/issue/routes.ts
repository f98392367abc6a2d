/** One issue's page, by its identifier (ENG-42). */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { IssuePage } from "./IssuePage.tsx";

export const issueRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "issue/$key",
  component: IssuePage,
});
export const issueRoutes = [issueRoute] as const;
