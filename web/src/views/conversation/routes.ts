/** The conversation's pages: the inbox, and a space's settings (its review policy); loaded when opened. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";

export const inboxRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "inbox",
  component: lazyRouteComponent(() => import("./InboxPage.tsx"), "InboxPage"),
});

export const spaceRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "spaces/$prefix",
  component: lazyRouteComponent(() => import("./SpacePage.tsx"), "SpacePage"),
});

export const conversationRoutes = [inboxRoute, spaceRoute] as const;
