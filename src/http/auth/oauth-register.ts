import type { FastifyInstance } from "fastify";
import { ClientError, REGISTRATIONS_PER_ADDRESS_PER_HOUR, registerClient } from "../../auth/oauth/clients.ts";
import { HOUR } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { sendError } from "../errors.ts";

/** Largest registration request accepted. */
export const REGISTRATION_BODY_MAX_BYTES = 16 * 1024;

/**
 * Dynamic client registration (RFC 7591) at POST /api/auth/oauth2/register: public clients only. While
 * browser OAuth is switched off the endpoint answers 404.
 */
export function oauthRegisterRoutes(core: Core) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.post(
      "/api/auth/oauth2/register",
      { bodyLimit: REGISTRATION_BODY_MAX_BYTES },
      async (request, reply) => {
        if (!(await core.switches.isOn("browser_oauth"))) {
          return sendError(reply, 404, {
            error: "not_found",
            error_description: "The browser OAuth sign-in is switched off on this service.",
          });
        }
        const hit = await core.limiter.hit(
          `oauth-register:${request.ip}`,
          REGISTRATIONS_PER_ADDRESS_PER_HOUR,
          HOUR,
        );
        if (!hit.allowed) {
          const retryAfter = Math.max(1, Math.ceil(hit.resetMs / 1000));
          return sendError(
            reply,
            429,
            {
              error: "rate_limited",
              error_description: `At most ${REGISTRATIONS_PER_ADDRESS_PER_HOUR} client registrations an hour from one address; retry after ${retryAfter} seconds.`,
              retryAfter,
            },
            { "retry-after": String(retryAfter) },
          );
        }
        try {
          const registered = await registerClient(core, request.body, request.ip);
          return reply.code(201).header("cache-control", "no-store").send(registered);
        } catch (error) {
          if (error instanceof ClientError) {
            return sendError(reply, 400, { error: error.code, error_description: error.message });
          }
          throw error;
        }
      },
    );
  };
}
