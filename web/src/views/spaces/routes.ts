/** A new space (workspace admins). */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { NewSpacePage } from "./SpaceForms.tsx";

export const newSpaceRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "new-space",
  component: NewSpacePage,
});
export const spaceRoutes = [newSpaceRoute] as const;
