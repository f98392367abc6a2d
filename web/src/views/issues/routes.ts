/** Issue lists: all issues, My work, Ready work and the board. */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { IssuesPage } from "./IssuesPage.tsx";

export const issuesRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "issues",
  component: () => IssuesPage({ view: "all" }),
});
export const myWorkRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "my-work",
  component: () => IssuesPage({ view: "mine" }),
});
export const readyRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "ready",
  component: () => IssuesPage({ view: "ready" }),
});
export const boardRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "board",
  component: () => IssuesPage({ view: "board" }),
});

export const issuesRoutes = [issuesRoute, myWorkRoute, readyRoute, boardRoute] as const;
