import {
  createImportInput,
  getImport,
  importParams,
  importView,
  listImports,
  listImportsQuery,
  startImport,
} from "../../tracker/imports/index.ts";
import {
  listPlaceholders,
  listPlaceholdersQuery,
  mapPlaceholder,
  mapPlaceholderInput,
  mappedPlaceholderView,
  placeholderParams,
  placeholderView,
} from "../../tracker/imports/placeholders.ts";
import { op, page } from "./route.ts";

op({
  method: "POST",
  path: "/imports",
  operationId: "createImport",
  tag: "Imports",
  summary: "Import another tracker's export (GitHub, Linear, Jira) or a Docket archive",
  description:
    "Upload the file first (POST /v1/files/upload-url, the PUT, POST /v1/files), then name it here with its `source` and the `space` its issues go to. Answers the job at once (`queued`, 201); read GET /v1/imports/{id} for its progress and report. The job reads the whole file before writing anything: a file that is not the documented shape is refused then and nothing is written. With `dry_run` it stops there, with the mapping (statuses, priorities, labels, milestones, cycles, people), the counts and the problems. Otherwise it writes in batches keyed on (source, source id): a second run of the same file changes nothing and says so, changed rows update just those, and a run killed midway resumes where it stopped when run again. People are matched by email to members; anyone else becomes a placeholder person (see /v1/placeholders). An import writes no inbox items or mails and publishes only `import.started` and `import.completed` (or `import.failed`). `docket` restores an archive into this workspace, which must be empty. Admins and the Owner only (403 otherwise, and for every agent); 409 while another import of the workspace runs.",
  scope: "workspace.write",
  status: 201,
  body: createImportInput,
  response: importView,
  handler: async ({ ctx, body }) => startImport(ctx, body),
});

op({
  method: "GET",
  path: "/imports/:id",
  operationId: "getImport",
  tag: "Imports",
  summary: "One import: its progress, and its report once done",
  description:
    "The job's `status` (`queued`, `running`, `completed`, `failed`), its `phase` and `progress`, and the report: `counts` (created, updated, unchanged), `mapping`, the first 1,000 `problems` (each with its row and issue) and a one-sentence `summary`. A job whose server stopped midway shows as failed: run the same file again and it resumes. Admins and the Owner only.",
  scope: "workspace.read",
  params: importParams,
  response: importView,
  handler: async ({ ctx, params }) => getImport(ctx, params.id),
});

op({
  method: "GET",
  path: "/imports",
  operationId: "listImports",
  tag: "Imports",
  summary: "The workspace's imports, newest first",
  description:
    "Every import and dry run of the workspace, newest first, a page at a time. Admins and the Owner only.",
  scope: "workspace.read",
  query: listImportsQuery,
  response: page(importView),
  handler: async ({ ctx, query }) => listImports(ctx, query),
});

op({
  method: "GET",
  path: "/placeholders",
  operationId: "listPlaceholders",
  tag: "Imports",
  summary: "Placeholder people imports made, by name",
  description:
    'People another tracker named who are not members here: each import makes one per person of its source, shown as "name (imported)". They cannot sign in. Each comes with who they are in the source and how many issues and comments are theirs. Admins and the Owner only.',
  scope: "workspace.read",
  query: listPlaceholdersQuery,
  response: page(placeholderView),
  handler: async ({ ctx, query }) => listPlaceholders(ctx, query),
});

op({
  method: "POST",
  path: "/placeholders/:id/map",
  operationId: "mapPlaceholder",
  tag: "Imports",
  summary: "Map a placeholder person to a member, moving their work over",
  description:
    "The issues the placeholder created or is assigned, their comments and their activity become the member's (each issue one version on), later imports of the same source name the member, and the placeholder is removed. `member` is a member's email or id; one who is not a member is 400. Admins and the Owner only.",
  scope: "workspace.write",
  params: placeholderParams,
  body: mapPlaceholderInput,
  response: mappedPlaceholderView,
  handler: async ({ ctx, params, body }) => mapPlaceholder(ctx, params.id, body),
});
