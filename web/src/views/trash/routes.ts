/** The workspace's trash, with restore. */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { TrashPage } from "./TrashPage.tsx";

export const trashRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "trash",
  component: TrashPage,
});
export const trashRoutes = [trashRoute] as const;
