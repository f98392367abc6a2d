/** Decisions, notes in folders, and search across everything (each page loaded when first shown). */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";

const DECISION_STATUS = new Set(["proposed", "accepted", "rejected", "superseded"]);

export const decisionsRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "decisions",
  validateSearch: (s: Record<string, unknown>): { status?: string } =>
    typeof s.status === "string" && DECISION_STATUS.has(s.status) ? { status: s.status } : {},
  component: lazyRouteComponent(() => import("./DecisionsPage.tsx"), "DecisionsPage"),
});
export const decisionRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "decisions/$id",
  component: lazyRouteComponent(() => import("./DecisionPage.tsx"), "DecisionPage"),
});
export const notesRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "notes",
  component: lazyRouteComponent(() => import("./NotesPage.tsx"), "NotesPage"),
});
/** The open note (or `new`): shown by NotesPage, which stays mounted (tree, focus) from note to note. */
export const noteRoute = createRoute({
  getParentRoute: () => notesRoute,
  path: "$id",
  validateSearch: (s: Record<string, unknown>): { folder?: string } =>
    typeof s.folder === "string" && s.folder ? { folder: s.folder } : {},
  component: () => null,
});
const notesIndexRoute = createRoute({
  getParentRoute: () => notesRoute,
  path: "/",
  component: () => null,
});
export const searchRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "search",
  validateSearch: (s: Record<string, unknown>): { q?: string; type?: string } => ({
    q: typeof s.q === "string" ? s.q : undefined,
    type: typeof s.type === "string" && s.type ? s.type : undefined,
  }),
  component: lazyRouteComponent(() => import("./SearchPage.tsx"), "SearchPage"),
});
export const knowledgeRoutes = [
  decisionsRoute,
  decisionRoute,
  notesRoute.addChildren([notesIndexRoute, noteRoute]),
  searchRoute,
] as const;
