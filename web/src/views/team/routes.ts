/** The team's settings: members, roles, invitations and self-join domains; the person's own profile. */
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";

// loaded when opened, as every other view: the profile's mail setting comes with the inbox's code
export const membersRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "settings/members",
  component: lazyRouteComponent(() => import("./MembersPage.tsx"), "MembersPage"),
});
export const profileRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "settings/profile",
  component: lazyRouteComponent(() => import("./ProfilePage.tsx"), "ProfilePage"),
});
export const teamRoutes = [membersRoute, profileRoute] as const;
