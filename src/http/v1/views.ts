import { z } from "zod";
import {
  createSavedView,
  createSavedViewInput,
  deletedSavedViewOut,
  deleteSavedView,
  getSavedView,
  listSavedViews,
  listSavedViewsQuery,
  MAX_VIEWS_PER_PERSON,
  savedViewOut,
  savedViewParams,
  updateSavedView,
  updateSavedViewInput,
} from "../../tracker/saved-views.ts";
import { op } from "./route.ts";

const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

op({
  method: "GET",
  path: "/views",
  operationId: "listSavedViews",
  tag: "Saved views",
  summary: "The saved views the caller sees: their own and the workspace's shared ones",
  description:
    "Named filters of the issue list, by name (ignoring case), a page at a time: the caller's personal views and every view shared with the workspace. Another member's personal views are never listed.",
  scope: "workspace.read",
  query: listSavedViewsQuery,
  response: page(savedViewOut),
  handler: async ({ ctx, query }) => listSavedViews(ctx, query),
});

op({
  method: "POST",
  path: "/views",
  operationId: "createSavedView",
  tag: "Saved views",
  summary: "Save a view of the issue list",
  description: `Saves a name (1 to 80 characters), the issue list's URL query as \`filters\` (only the keys the list reads; stored with its keys in order) and \`shared\`: false keeps it the caller's own, true shows it to every member. A person keeps at most ${MAX_VIEWS_PER_PERSON} views per workspace (400 past it).`,
  scope: "workspace.write",
  status: 201,
  body: createSavedViewInput,
  response: savedViewOut,
  handler: async ({ ctx, body }) => createSavedView(ctx, body),
});

op({
  method: "GET",
  path: "/views/:id",
  operationId: "getSavedView",
  tag: "Saved views",
  summary: "One saved view",
  description: "A view the caller sees; another member's personal view is 404, as one that never was.",
  scope: "workspace.read",
  params: savedViewParams,
  response: savedViewOut,
  handler: async ({ ctx, params }) => getSavedView(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/views/:id",
  operationId: "updateSavedView",
  tag: "Saved views",
  summary: "Rename a saved view, change its filters, or share it",
  description:
    "Only the fields sent change. A personal view is changed by its author only; a shared one by its author, the workspace's admins and its Owner (else 403 `forbidden`). Only the author makes a shared view personal again.",
  scope: "workspace.write",
  params: savedViewParams,
  body: updateSavedViewInput,
  response: savedViewOut,
  handler: async ({ ctx, params, body }) => updateSavedView(ctx, params.id, body),
});

op({
  method: "DELETE",
  path: "/views/:id",
  operationId: "deleteSavedView",
  tag: "Saved views",
  summary: "Delete a saved view",
  description:
    "Deletes the view for everyone who sees it. The same people who may change it may delete it (else 403 `forbidden`).",
  scope: "workspace.write",
  params: savedViewParams,
  response: deletedSavedViewOut,
  handler: async ({ ctx, params }) => deleteSavedView(ctx, params.id),
});
