import type { FastifyPluginAsync } from "fastify";
import { getWorkspaceIdentity } from "../auth/workspaces.ts";
import type { Core } from "../core.ts";
import { rateLimited } from "../errors.ts";
import { authenticateRequest, requireScope } from "./auth.ts";

const WINDOW_MS = 60_000;

/**
 * The REST API under /v1: every request carries a personal access token, is limited per token, and sees
 * one workspace. Routes stay thin: parse, call a domain function, answer.
 */
export function v1Routes(core: Core): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", async (request, reply) => {
      const principal = await authenticateRequest(core, request);
      const limit = core.config.restRateLimit;
      if (limit > 0) {
        const r = await core.limiter.hit(`rest:${principal.tokenId}`, limit, WINDOW_MS);
        const reset = Math.max(1, Math.ceil(r.resetMs / 1000));
        reply.header("ratelimit-limit", String(limit));
        reply.header("ratelimit-remaining", String(r.remaining));
        reply.header("ratelimit-reset", String(reset));
        if (!r.allowed)
          throw rateLimited(
            reset,
            `More than ${limit} requests a minute with this token; retry after ${reset} seconds.`,
          );
      }
    });

    app.get("/workspace", async (request) => {
      const principal = requireScope(request, "workspace.read");
      return getWorkspaceIdentity(core, principal.workspaceId);
    });
  };
}
