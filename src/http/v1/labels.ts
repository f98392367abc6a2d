import { z } from "zod";
import {
  createLabel,
  createLabelInput,
  deletedLabelView,
  deleteLabel,
  getLabel,
  labelParams,
  labelView,
  listLabels,
  listLabelsQuery,
  updateLabel,
  updateLabelInput,
} from "../../tracker/labels.ts";
import { op } from "./route.ts";

const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

op({
  method: "GET",
  path: "/labels",
  operationId: "listLabels",
  tag: "Labels",
  summary: "The workspace's labels by name, each with how many issues carry it",
  description:
    "Every label of the workspace in name order (ignoring case), a page at a time, each with its colour, description and `issue_count`. `q` keeps the labels whose name contains the text.",
  scope: "workspace.read",
  query: listLabelsQuery,
  response: page(labelView),
  handler: async ({ ctx, query }) => listLabels(ctx, query),
});

op({
  method: "POST",
  path: "/labels",
  operationId: "createLabel",
  tag: "Labels",
  summary: "Create a label",
  description:
    "Makes a label: a name of 1 to 50 characters (trimmed; spaces allowed; no commas or control characters), a colour as #rrggbb (the palette's next colour when left out) and a description of at most 500 characters. A name the workspace has already, ignoring case, is 409 `conflict` naming that label's id. Writing an issue with a label name no label has also makes the label.",
  scope: "workspace.write",
  status: 201,
  body: createLabelInput,
  response: labelView,
  handler: async ({ ctx, body }) => createLabel(ctx, body),
});

op({
  method: "GET",
  path: "/labels/:id",
  operationId: "getLabel",
  tag: "Labels",
  summary: "One label",
  description:
    "The label with its colour, description and how many issues carry it. Its ETag starts with the version.",
  scope: "workspace.read",
  params: labelParams,
  response: labelView,
  handler: async ({ ctx, params }) => getLabel(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/labels/:id",
  operationId: "updateLabel",
  tag: "Labels",
  summary: "Rename, recolour or describe a label; a rename to another label's name merges them",
  description:
    "Only the fields sent change. A rename changes the label's name on every issue that carries it (an `issue.updated` each). A rename to another label's name (ignoring case) merges this label into that one: issues carrying either carry that one, this label is deleted (`label.deleted` with `merged_into`) and the answer is the label merged into, with the colour and description sent. With If-Match the change is made only if nobody changed the label since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params: labelParams,
  body: updateLabelInput,
  response: labelView,
  handler: async ({ ctx, params, body, ifMatch }) => updateLabel(ctx, params.id, body, ifMatch),
});

op({
  method: "DELETE",
  path: "/labels/:id",
  operationId: "deleteLabel",
  tag: "Labels",
  summary: "Delete a label and take it off every issue (people only)",
  description:
    "Deletes the label and takes it off every issue that carries it (an `issue.updated` each, and `label.deleted`). Answers how many issues changed. Agents may not delete: an agent connection gets 403 `forbidden`.",
  scope: "workspace.write",
  conditional: true,
  params: labelParams,
  response: deletedLabelView,
  handler: async ({ ctx, params, ifMatch }) => deleteLabel(ctx, params.id, ifMatch),
});
