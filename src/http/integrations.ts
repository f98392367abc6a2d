import type { FastifyPluginAsync } from "fastify";
import type { Core } from "../core.ts";
import { receiveDelivery, Unauthorized } from "../tracker/integrations/receive.ts";

/** Largest delivery taken (GitHub caps its payloads at 25 MB, but pushes and pull requests are far smaller). */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Code hosts' webhooks, outside /v1: no token, the delivery's signature (checked on the raw bytes
 * before anything is parsed) is the authority. Bodies are kept as bytes, up to 1 MiB (413 beyond).
 * GitHub's form-encoded deliveries (`payload=…`) are taken too.
 */
export function integrationRoutes(core: Core): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post<{ Params: { id: string } }>(
      "/api/integrations/:id/webhook",
      { bodyLimit: BODY_LIMIT_BYTES },
      async (request, reply) => {
        let body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const answer = await receiveDelivery(core, request.params.id, {
            headers: request.headers,
            body,
            form: isForm(request.headers["content-type"]),
          });
          reply.header("cache-control", "no-store");
          return reply.code(answer.status).send(answer.body);
        } catch (error) {
          if (error instanceof Unauthorized)
            // logged without the body: it is not trusted, and may carry anything
            request.log.warn(
              { integration: request.params.id, reason: error.reason, bytes: body.length },
              "code host delivery refused: signature",
            );
          body = Buffer.alloc(0);
          throw error;
        }
      },
    );
  };
}

const isForm = (type: string | undefined) =>
  (type ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
