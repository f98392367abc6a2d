import {
  createExportInput,
  exportParams,
  exportView,
  getExport,
  listExports,
  listExportsQuery,
  openExport,
  startExport,
} from "../../tracker/archive/jobs.ts";
import { attachmentDisposition } from "../../tracker/files/store.ts";
import { op, page } from "./route.ts";

const WHO =
  "The workspace's Owner and admins only, as themselves: others and every agent connection get 403.";

op({
  method: "POST",
  path: "/exports",
  operationId: "createExport",
  tag: "Exports",
  summary: "Export the workspace as one archive (a job)",
  description: `Starts writing the workspace (or the spaces named) as one archive file and answers 202 with the job, \`queued\`: poll \`GET /v1/exports/{id}\` until \`status\` is \`succeeded\`, then download it from \`download_url\` (\`GET /v1/exports/{id}/download\`) within 7 days. The archive is a gzip-compressed tar file holding \`manifest.json\` (format version, service version, workspace, and the count, size and SHA-256 of every part), one JSONL file per type in dependency order (spaces, people with their role, labels, cycles, milestones, issues, edges, decisions, folders, notes, comments with their revisions, activity, cycle history, files) and each file's bytes. No secrets: no tokens, connections, webhooks or sign-in data. Importing it (source \`docket\`) into an empty workspace, here or on another server, restores it whole, with ids, identifiers, numbers, versions and times. With \`spaces\`, only those spaces' issues (and what hangs on them) go in; workspace-wide objects (labels, milestones, decisions, notes, files) always do. 409 while another export of the workspace is running. ${WHO}`,
  scope: "workspace.write",
  body: createExportInput,
  status: 202,
  response: exportView,
  handler: async ({ ctx, body, request }) =>
    startExport(ctx, body, (error) => request.log.error({ err: error }, "export failed")),
});

op({
  method: "GET",
  path: "/exports/:id",
  operationId: "getExport",
  tag: "Exports",
  summary: "An export and how far it is",
  description: `The export job: its \`status\` (\`queued\`, \`running\`, \`succeeded\`, \`failed\` with \`error\`, or \`expired\` 7 days after it was asked for), \`progress\` (the part being written, rows written of the rows in all), the archive's \`size\` and, once it succeeded, \`download_url\`. An export whose server stopped mid-way shows \`failed\`: ask again. ${WHO}`,
  scope: "workspace.read",
  params: exportParams,
  response: exportView,
  handler: async ({ ctx, params }) => getExport(ctx, params.id),
});

op({
  method: "GET",
  path: "/exports",
  operationId: "listExports",
  tag: "Exports",
  summary: "The workspace's exports, newest first",
  description: `Every export of the workspace asked for in the last 7 days (older ones are deleted with their archives), newest first, a page at a time, each as \`GET /v1/exports/{id}\` answers it. ${WHO}`,
  scope: "workspace.read",
  query: listExportsQuery,
  response: page(exportView),
  handler: async ({ ctx, query }) => listExports(ctx, query),
});

op({
  method: "GET",
  path: "/exports/:id/download",
  operationId: "downloadExport",
  tag: "Exports",
  summary: "Download an export's archive",
  description: `The archive of a succeeded export, as \`application/gzip\` with \`Content-Disposition: attachment\` (\`<workspace slug>-<date>.docket\`). 409 while the export is not \`succeeded\` (still running, failed, or expired after 7 days). ${WHO}`,
  scope: "workspace.read",
  params: exportParams,
  binary: {
    type: "application/gzip",
    description: "The archive: a gzip-compressed tar file (see createExport).",
  },
  handler: async ({ ctx, params, reply }) => {
    const archive = await openExport(ctx, params.id);
    return reply
      .header("content-type", "application/gzip")
      .header("content-length", String(archive.size))
      .header("content-disposition", attachmentDisposition(archive.name))
      .header("cache-control", "no-store")
      .send(archive.stream);
  },
});
