/**
 * Issue lists: all issues, My work, Ready work and the board; their filters live in the URL. A view is
 * made anew for another workspace (keyed by it), so nothing of one workspace is shown in another.
 */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { createElement } from "react";
import { wsRoute } from "../../routes/base.ts";
import { validateIssueSearch } from "./filters.ts";
import { IssuesPage } from "./IssuesPage.tsx";

export const issuesRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "issues",
  validateSearch: validateIssueSearch,
  component: function AllIssues() {
    const { ws } = issuesRoute.useParams();
    return createElement(IssuesPage, { key: ws, ws, view: "all", search: issuesRoute.useSearch() });
  },
});
export const myWorkRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "my-work",
  validateSearch: validateIssueSearch,
  component: function MyWork() {
    const { ws } = myWorkRoute.useParams();
    return createElement(IssuesPage, { key: ws, ws, view: "mine", search: myWorkRoute.useSearch() });
  },
});
export const readyRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "ready",
  validateSearch: validateIssueSearch,
  component: function ReadyWork() {
    const { ws } = readyRoute.useParams();
    return createElement(IssuesPage, { key: ws, ws, view: "ready", search: readyRoute.useSearch() });
  },
});
export const boardRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "board",
  validateSearch: validateIssueSearch,
  // drag and drop is loaded with the board, not with the app
  component: lazyRouteComponent(() => import("./Board.tsx"), "BoardRoute"),
});

export const issuesRoutes = [issuesRoute, myWorkRoute, readyRoute, boardRoute] as const;
