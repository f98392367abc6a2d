import { z } from "zod";
import {
  createTemplate,
  createTemplateInput,
  deletedTemplateView,
  deleteTemplate,
  getTemplate,
  listTemplates,
  listTemplatesQuery,
  MAX_TEMPLATES_PER_SPACE,
  spaceTemplatesParams,
  templateParams,
  templateView,
  updateTemplate,
  updateTemplateInput,
} from "../../tracker/templates.ts";
import { op } from "./route.ts";

const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

op({
  method: "GET",
  path: "/spaces/:prefix/templates",
  operationId: "listTemplates",
  tag: "Templates",
  summary: "A space's new-issue templates by name",
  description:
    "The space's templates in name order (ignoring case), a page at a time: each a name and the fields a new issue starts with (`title`, the start of its title; `description`; `status`; `priority`; `labels`; `estimate`). Every member reads them. Another workspace's space is 404.",
  scope: "workspace.read",
  params: spaceTemplatesParams,
  query: listTemplatesQuery,
  response: page(templateView),
  handler: async ({ ctx, params, query }) => listTemplates(ctx, params.prefix, query),
});

op({
  method: "POST",
  path: "/spaces/:prefix/templates",
  operationId: "createTemplate",
  tag: "Templates",
  summary: "Create a new-issue template in a space (workspace admins)",
  description: `Makes a template: \`name\` (1 to 80 characters, unique in the space ignoring case, else 409 \`conflict\`) and the fields a new issue starts with, each optional: \`title\` (what the title starts with, e.g. "Bug: "), \`description\` (Markdown), \`status\` (null for backlog), \`priority\`, \`labels\` (names; at most 20) and \`estimate\`. A space has at most ${MAX_TEMPLATES_PER_SPACE} templates (400 \`invalid_request\` past it). Only the Owner and admins, as themselves: members and every agent connection get 403 \`forbidden\`.`,
  scope: "workspace.write",
  status: 201,
  params: spaceTemplatesParams,
  body: createTemplateInput,
  response: templateView,
  handler: async ({ ctx, params, body }) => createTemplate(ctx, params.prefix, body),
});

op({
  method: "GET",
  path: "/templates/:id",
  operationId: "getTemplate",
  tag: "Templates",
  summary: "One new-issue template",
  description:
    "The template with its space's prefix and the fields a new issue starts with. Its ETag starts with the version. Another workspace's template is 404.",
  scope: "workspace.read",
  params: templateParams,
  response: templateView,
  handler: async ({ ctx, params }) => getTemplate(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/templates/:id",
  operationId: "updateTemplate",
  tag: "Templates",
  summary: "Change a new-issue template (workspace admins)",
  description:
    "Only the fields sent change; a name another template of the space has (ignoring case) is 409 `conflict`. With If-Match the change is made only if nobody changed the template since; else 412. Only the Owner and admins, as themselves (403 `forbidden` otherwise).",
  scope: "workspace.write",
  conditional: true,
  params: templateParams,
  body: updateTemplateInput,
  response: templateView,
  handler: async ({ ctx, params, body, ifMatch }) => updateTemplate(ctx, params.id, body, ifMatch),
});

op({
  method: "DELETE",
  path: "/templates/:id",
  operationId: "deleteTemplate",
  tag: "Templates",
  summary: "Delete a new-issue template (workspace admins)",
  description:
    "Deletes the template; issues made from it keep their fields. With If-Match only if nobody changed it since (else 412). Only the Owner and admins, as themselves (403 `forbidden` otherwise).",
  scope: "workspace.write",
  conditional: true,
  params: templateParams,
  response: deletedTemplateView,
  handler: async ({ ctx, params, ifMatch }) => deleteTemplate(ctx, params.id, ifMatch),
});
