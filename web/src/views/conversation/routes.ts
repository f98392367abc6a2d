/** The conversation's pages: the inbox, and a space's settings (its review policy). */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { InboxPage } from "./InboxPage.tsx";
import { SpacePage } from "./SpacePage.tsx";

export const inboxRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "inbox",
  component: InboxPage,
});

export const spaceRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "spaces/$prefix",
  component: SpacePage,
});

export const conversationRoutes = [inboxRoute, spaceRoute] as const;
