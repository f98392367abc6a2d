/** The workspace's trash, with restore. */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { LabelsPage } from "../../ui/LabelsPage.tsx";
import { TrashPage } from "./TrashPage.tsx";

export const trashRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "trash",
  component: TrashPage,
});
/** The workspace's labels (kept beside the trash's route: both are reached from the account menu). */
export const labelsRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "labels",
  component: LabelsPage,
});
export const trashRoutes = [trashRoute, labelsRoute] as const;
