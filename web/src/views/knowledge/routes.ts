/** Decisions, notes in folders, and search across everything. */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { KnowledgePage } from "./KnowledgePage.tsx";

export const decisionsRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "decisions",
  component: () => KnowledgePage({ what: "decisions" }),
});
export const decisionRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "decisions/$id",
  component: () => KnowledgePage({ what: "decision" }),
});
export const notesRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "notes",
  component: () => KnowledgePage({ what: "notes" }),
});
export const noteRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "notes/$id",
  component: () => KnowledgePage({ what: "note" }),
});
export const searchRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "search",
  validateSearch: (s: Record<string, unknown>): { q?: string } => ({
    q: typeof s.q === "string" ? s.q : undefined,
  }),
  component: () => KnowledgePage({ what: "search" }),
});
export const knowledgeRoutes = [decisionsRoute, decisionRoute, notesRoute, noteRoute, searchRoute] as const;
