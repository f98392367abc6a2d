import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { getWorkspaceIdentity, workspaceIdentityView } from "../../auth/workspaces.ts";
import type { Core } from "../../core.ts";
import { rateLimited } from "../../errors.ts";
import { authenticateRequest } from "../auth.ts";
import { etagOf } from "./etag.ts";
import { beginIdempotent, finishIdempotent } from "./idempotency.ts";
import "./conversation.ts";
import "./cycles.ts";
import "./decisions.ts";
import "./events.ts";
import "./exports.ts";
import "./files.ts";
import "./imports.ts";
import "./integrations.ts";
import "./issues.ts";
import "./labels.ts";
import "./budgets.ts";
import "./bundles.ts";
import "./claims.ts";
import "./me.ts";
import "./milestones.ts";
import "./notes.ts";
import "./search.ts";
import "./sessions.ts";
import "./trash.ts";
import "./team.ts";
import "./templates.ts";
import "./views.ts";
import "./webhooks.ts";
import { mount, op, operations } from "./route.ts";

const WINDOW_MS = 60_000;

op({
  method: "GET",
  path: "/workspace",
  operationId: "getWorkspace",
  tag: "Workspace",
  summary: "The token's workspace: its id, name, slug and spaces",
  description:
    "The workspace the token belongs to (a token sees exactly one): its id, name and slug, and its spaces with their prefixes (the `ENG` of `ENG-42`). A good first call to check a token.",
  scope: "workspace.read",
  response: workspaceIdentityView,
  handler: async ({ ctx, request }) => getWorkspaceIdentity(ctx.core, ctx.workspaceId, request.changeVersion),
});

function matchesNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/** Sets the ETag (and answers 304 for a matching If-None-Match on a read); returns the payload to send. */
function withEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const status = reply.statusCode;
  if (status >= 300 || (typeof payload !== "string" && !Buffer.isBuffer(payload))) return payload;
  if (request.method === "GET" || request.method === "HEAD") {
    // the body's UTF-8 bytes are made once, for the hash and for the socket (a string would be encoded
    // for each)
    if (typeof payload === "string") payload = Buffer.from(payload);
    const etag = etagOf(request.etagBasis ?? (payload as Buffer), request.objectVersion);
    reply.header("etag", etag);
    reply.header("cache-control", "private, no-cache");
    const inm = request.headers["if-none-match"];
    if (matchesNoneMatch(typeof inm === "string" ? inm : undefined, etag)) {
      reply.code(304);
      reply.removeHeader("content-type");
      reply.removeHeader("content-length");
      // a list's next page is the body's business: a 304 carries no Link (the document declares none)
      reply.removeHeader("link");
      return "";
    }
  } else if (request.objectVersion !== undefined) {
    reply.header("etag", etagOf(payload, request.objectVersion));
  }
  return payload;
}

/**
 * The REST API under /v1: every request carries a personal access token, is limited per token, and sees
 * one workspace. Routes stay thin: parse, call a tracker function, answer.
 */
export function v1Routes(core: Core): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", async (request, reply) => {
      const principal = await authenticateRequest(core, request);
      const limit = core.config.restRateLimit;
      if (limit > 0) {
        // per token, and per person for the web app (all their sessions and workspaces together)
        const key = principal.kind === "session" ? `person:${principal.personId}` : principal.tokenId;
        const r = await core.requestLimiter.hit(`rest:${key}`, limit, WINDOW_MS);
        const reset = Math.max(1, Math.ceil(r.resetMs / 1000));
        reply.header("ratelimit-limit", String(limit));
        reply.header("ratelimit-remaining", String(r.remaining));
        reply.header("ratelimit-reset", String(reset));
        if (!r.allowed)
          throw rateLimited(
            reset,
            `More than ${limit} requests a minute with this ${principal.kind === "session" ? "account" : "token"}; retry after ${reset} seconds.`,
          );
      }
    });

    app.addHook("preHandler", async (request, reply) => {
      if (await beginIdempotent(core, request, reply)) return reply;
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const answer = withEtag(request, reply, payload);
      // A keyed answer not recorded with its change (a refusal, say) is kept now, headers and all.
      await finishIdempotent(core, request, reply, answer);
      return answer;
    });

    mount(app, core, operations);
  };
}
