import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  type BundleView,
  bundleInput,
  bundleMarkdown,
  bundleQuery,
  bundleRef,
  bundleSummary,
  bundleView,
  createBundle,
  fitBundle,
  getBundle,
  listBundles,
  listBundlesQuery,
  liveBundle,
  previewBundleInput,
} from "../../tracker/bundles.ts";
import { op } from "./route.ts";

/** JSON by default; Markdown when the client asks for text/markdown before JSON. */
function wantsMarkdown(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? "";
  const md = accept.indexOf("text/markdown");
  const json = accept.indexOf("application/json");
  return md >= 0 && (json < 0 || md < json);
}

function answer(request: FastifyRequest, reply: FastifyReply, bundle: BundleView): BundleView | string {
  reply.header("vary", "Accept");
  const markdown = wantsMarkdown(request);
  if (!bundle.snapshot) {
    // the live bundle's ETag covers what it shows, not the moment it was generated
    const { generated_at: generatedAt, ...state } = bundle;
    const stateJson = JSON.stringify(state);
    // what etagCovers(request, state, variant) makes, from the JSON made once here
    request.etagBasis = `${markdown ? "markdown" : "json"}\n${stateJson}`;
    if (!markdown) {
      // the answer is that JSON with generated_at put back in its place (after id and snapshot): the
      // bundle is serialized once, not twice
      const lead = `{"id":${JSON.stringify(bundle.id)},"snapshot":false,`;
      const [k0, k1, k2] = Object.keys(bundle);
      if (k0 === "id" && k1 === "snapshot" && k2 === "generated_at" && stateJson.startsWith(lead)) {
        reply.type("application/json; charset=utf-8");
        return `${lead}"generated_at":${JSON.stringify(generatedAt)},${stateJson.slice(lead.length)}`;
      }
    }
  }
  if (!markdown) return bundle;
  reply.type("text/markdown; charset=utf-8");
  return bundleMarkdown(bundle);
}

const description =
  "The issue, its blockers (with their live status), what it blocks, related issues, linked decisions, notes and files, and its cycle and milestone. JSON by default; Markdown for Accept: text/markdown. With max_tokens (o200k_base tokens of the Markdown) what does not fit is left out in this order, largest first within each step: note bodies, decision texts, related issues, files, the issues it blocks, then the description is shortened; `omitted` (and the Markdown's last section) lists what was left out and how to fetch it.";

op({
  method: "POST",
  path: "/bundles/preview",
  operationId: "previewBundle",
  tag: "Bundles",
  summary: "Compute an issue's execution bundle without keeping it",
  description,
  scope: "workspace.read",
  body: previewBundleInput,
  response: bundleView,
  markdown: true,
  handler: async ({ ctx, body, request, reply }) =>
    answer(request, reply, fitBundle(await liveBundle(ctx, body.issue), body.max_tokens)),
});

op({
  method: "POST",
  path: "/bundles",
  operationId: "createBundle",
  tag: "Bundles",
  summary: "Keep a snapshot of an issue's execution bundle",
  description: `${description} The snapshot never changes; read it back by its id.`,
  scope: "workspace.write",
  status: 201,
  body: bundleInput,
  response: bundleView,
  markdown: true,
  handler: async ({ ctx, body, request, reply }) => answer(request, reply, await createBundle(ctx, body)),
});

op({
  method: "GET",
  path: "/bundles/:id",
  operationId: "getBundle",
  tag: "Bundles",
  summary: "A snapshot by id (bnd_…), or the live bundle of an issue by identifier (ENG-42)",
  description: `${description} A live bundle's ETag covers its content, not \`generated_at\`: If-None-Match answers 304 while nothing in it changed.`,
  scope: "workspace.read",
  params: z.strictObject({ id: bundleRef }),
  query: bundleQuery,
  response: bundleView,
  markdown: true,
  handler: async ({ ctx, params, query, request, reply }) =>
    answer(request, reply, fitBundle(await getBundle(ctx, params.id), query.max_tokens)),
});

op({
  method: "GET",
  path: "/bundles",
  operationId: "listBundles",
  tag: "Bundles",
  summary: "The snapshots kept of an issue, newest first",
  description:
    "The snapshots kept of one issue (`issue=ENG-42`), newest first, a page at a time; each answers in full at `GET /bundles/{id}`.",
  scope: "workspace.read",
  query: listBundlesQuery,
  response: z.object({ data: z.array(bundleSummary), next_cursor: z.string().nullable() }),
  handler: async ({ ctx, query }) => listBundles(ctx, query),
});
