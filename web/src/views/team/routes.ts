/** The team's settings: members, roles, invitations and self-join domains; the person's own profile. */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { MembersPage } from "./MembersPage.tsx";
import { ProfilePage } from "./ProfilePage.tsx";

export const membersRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "settings/members",
  component: MembersPage,
});
export const profileRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "settings/profile",
  component: ProfilePage,
});
export const teamRoutes = [membersRoute, profileRoute] as const;
