/** Import from GitHub, Linear, Jira or a Docket archive (workspace admins). */
import { createRoute } from "@tanstack/react-router";
import { wsRoute } from "../../routes/base.ts";
import { ImportPage } from "./ImportPage.tsx";

export const importRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "settings/import",
  component: ImportPage,
});
export const importRoutes = [importRoute] as const;
