import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { REGISTRATION_BODY_LIMIT_BYTES } from "../../auth/agent/constants.ts";
import { register, reinitiate, serviceAuthNotEnabled } from "../../auth/agent/registration.ts";
import { skillDocument } from "../../auth/agent/skill.ts";
import type { Core } from "../../core.ts";
import { DocketError, invalid } from "../../errors.ts";
import { errorReply, sendError } from "../errors.ts";

/**
 * `/api/agent-auth/…`: registration, re-initiation and the skill document. Every refusal here is the
 * spec's `{ error, error_description }` with `Cache-Control: no-store`: 400 invalid_request for bodies
 * that are not a JSON object, 413 invalid_request past 4 KiB, 404 / 405 invalid_request for unknown
 * paths and methods, 404 service_auth_not_enabled while registration is off.
 */

export const AGENT_AUTH_PREFIX = "/api/agent-auth";
const ROUTES: Record<string, string> = {
  [`${AGENT_AUTH_PREFIX}/identity`]: "POST",
  [`${AGENT_AUTH_PREFIX}/identity/claim`]: "POST",
  [`${AGENT_AUTH_PREFIX}/skill.md`]: "GET",
};

/** The JSON object of a request body, or invalid_request. */
function jsonBody(request: FastifyRequest): unknown {
  const type = String(request.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (type !== "application/json") throw invalid("Send the body as application/json.");
  const raw = request.body;
  if (!Buffer.isBuffer(raw) || raw.length === 0) throw invalid("The body is empty; send a JSON object.");
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw invalid("The body is not valid JSON.");
  }
}

function refusal(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const fe = error as FastifyError;
  if (!(error instanceof DocketError) && typeof fe?.statusCode === "number" && fe.statusCode < 500) {
    if (fe.statusCode === 413) {
      return sendError(reply, 413, {
        error: "invalid_request",
        error_description: `The body is larger than ${REGISTRATION_BODY_LIMIT_BYTES / 1024} KiB.`,
      });
    }
    return sendError(reply, 400, {
      error: "invalid_request",
      error_description: "The request is malformed.",
    });
  }
  return errorReply(error, request, reply);
}

export function agentAuthRoutes(core: Core) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: REGISTRATION_BODY_LIMIT_BYTES },
      (_r, body, done) => done(null, body),
    );
    app.setErrorHandler(refusal);
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split("?")[0]!;
      const method = ROUTES[path];
      if (method) {
        return sendError(
          reply,
          405,
          {
            error: "invalid_request",
            error_description: `${request.method} is not allowed on ${path}; use ${method}.`,
          },
          { allow: method === "GET" ? "GET, HEAD" : method },
        );
      }
      return sendError(reply, 404, {
        error: "invalid_request",
        error_description: `Nothing is at ${path}; the endpoints are ${Object.keys(ROUTES).join(", ")}.`,
      });
    });

    const opts = { bodyLimit: REGISTRATION_BODY_LIMIT_BYTES };
    app.post("/identity", opts, async (request, reply) => {
      if (!(await core.switches.isOn("agent_registration"))) throw serviceAuthNotEnabled();
      const answer = await register(core, jsonBody(request), request.ip);
      return reply.header("cache-control", "no-store").send(answer);
    });
    app.post("/identity/claim", opts, async (request, reply) => {
      if (!(await core.switches.isOn("agent_registration"))) throw serviceAuthNotEnabled();
      const answer = await reinitiate(core, jsonBody(request));
      return reply.header("cache-control", "no-store").send(answer);
    });
    app.get("/skill.md", async (_request, reply) => {
      if (!(await core.switches.isOn("agent_registration"))) throw serviceAuthNotEnabled();
      return reply
        .type("text/markdown; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(skillDocument(core));
    });
  };
}
