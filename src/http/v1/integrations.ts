import { z } from "zod";
import { issueRef } from "../../tracker/common.ts";
import {
  codeLinkView,
  createdIntegrationView,
  createIntegration,
  createIntegrationInput,
  deleteIntegration,
  getCodeLink,
  getIntegration,
  integrationDetailView,
  integrationId,
  integrationView,
  linkId,
  listIntegrations,
  listIntegrationsQuery,
  listIssueLinks,
  listIssueLinksQuery,
  updatedIntegrationView,
  updateIntegration,
  updateIntegrationInput,
} from "../../tracker/integrations/store.ts";
import { op, page } from "./route.ts";

const params = z.strictObject({ id: integrationId });
const RECEIVING =
  "The code host sends its webhooks to `webhook_url` (`POST /api/integrations/{id}/webhook`, no token: GitHub's `X-Hub-Signature-256` or GitLab's `X-Gitlab-Token` is checked against the secret before the body is read; 401 when missing or wrong, 413 over 1 MiB, 200 `{duplicate: true}` for a redelivery, 202 for an event it does not act on). Pull requests, branches and commits naming an issue (`ENG-42`) are linked to it, and move it per the space's automation switches.";

op({
  method: "POST",
  path: "/integrations",
  operationId: "createIntegration",
  tag: "Code hosts",
  summary: "Connect GitHub or GitLab: the webhook URL to paste and its secret",
  description: `The workspace's Owner and admins only (403 otherwise). Answers with the integration, its \`webhook_url\` and its \`secret\` (given, or 32 random bytes in hex), shown only here: paste both in the repository's (or organization's, group's) webhook settings, content type application/json. ${RECEIVING}`,
  scope: "workspace.write",
  status: 201,
  secretAnswer: true,
  body: createIntegrationInput,
  response: createdIntegrationView,
  handler: async ({ ctx, body }) => createIntegration(ctx, body),
});

op({
  method: "GET",
  path: "/integrations",
  operationId: "listIntegrations",
  tag: "Code hosts",
  summary: "List the workspace's code host integrations",
  description: "Oldest first; their secrets are never shown again. The Owner and admins only.",
  scope: "workspace.write",
  query: listIntegrationsQuery,
  response: page(integrationView),
  handler: async ({ ctx, query }) => listIntegrations(ctx, query),
});

op({
  method: "GET",
  path: "/integrations/:id",
  operationId: "getIntegration",
  tag: "Code hosts",
  summary: "One integration, with the last deliveries it received",
  description:
    "Its webhook URL, repositories and the last 20 deliveries (event, action, outcome and what was done), newest first; never its secret. The Owner and admins only.",
  scope: "workspace.write",
  params,
  response: integrationDetailView,
  handler: async ({ ctx, params }) => getIntegration(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/integrations/:id",
  operationId: "updateIntegration",
  tag: "Code hosts",
  summary: "Rename an integration, change its repositories, or rotate its secret",
  description:
    "Only the fields sent change. `rotate_secret: true` (or a `secret` of your own) replaces the secret, shown in this answer only: deliveries signed with the old one are refused from now on. With If-Match only if nobody changed it since (else 412). The Owner and admins only.",
  scope: "workspace.write",
  conditional: true,
  secretAnswer: true,
  params,
  body: updateIntegrationInput,
  response: updatedIntegrationView,
  handler: async ({ ctx, params, body, ifMatch }) => updateIntegration(ctx, params.id, body, ifMatch),
});

op({
  method: "DELETE",
  path: "/integrations/:id",
  operationId: "deleteIntegration",
  tag: "Code hosts",
  summary: "Remove an integration and its delivery log",
  description:
    "Its webhooks are answered 404 from now on; the links it made stay on their issues. The Owner and admins only.",
  scope: "workspace.write",
  params,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async ({ ctx, params }) => deleteIntegration(ctx, params.id),
});

op({
  method: "GET",
  path: "/issues/:id/links",
  operationId: "listIssueCodeLinks",
  tag: "Code hosts",
  summary: "An issue's pull requests, branches and commits",
  description:
    "Linked by a code host integration when their title, body, branch name or commit message named the issue: pull requests first (with state open, draft, merged or closed, and review state), then branches, then commits, each most recently updated first, a page at a time.",
  scope: "workspace.read",
  params: z.strictObject({ id: issueRef }),
  query: listIssueLinksQuery,
  response: page(codeLinkView),
  handler: async ({ ctx, params, query }) => listIssueLinks(ctx, params.id, query),
});

op({
  method: "GET",
  path: "/links/:id",
  operationId: "getCodeLink",
  tag: "Code hosts",
  summary: "One pull request, branch or commit linked to an issue",
  description:
    "The link as the issue's links show it, with the issue's identifier: where a `code_link.created` or `code_link.updated` event's `url` points.",
  scope: "workspace.read",
  params: z.strictObject({ id: linkId }),
  response: codeLinkView
    .extend({ issue: z.string().meta({ examples: ["ENG-42"] }) })
    .meta({ id: "CodeLinkWithIssue" }),
  handler: async ({ ctx, params }) => getCodeLink(ctx, params.id),
});
