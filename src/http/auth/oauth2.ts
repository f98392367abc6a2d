import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CLAIM_GRANT, JWT_BEARER_GRANT } from "../../auth/agent/constants.ts";
import {
  claimGrant,
  type GrantParams,
  type GrantResult,
  jwtBearerGrant,
  oauthError,
  single,
  unsupportedGrantType,
} from "../../auth/agent/grants.ts";
import { publicJwks } from "../../auth/agent/keys.ts";
import {
  authorizationServerMetadata,
  type MetadataContribution,
  protectedResourceMetadata,
} from "../../auth/agent/metadata.ts";
import { ACCESS_TOKEN_PREFIX, revokeAccessToken } from "../../auth/connections.ts";
import {
  authorizationCodeGrant,
  REFRESH_TOKEN_PREFIX,
  refreshTokenGrant,
  revokeRefreshToken,
} from "../../auth/oauth/grants.ts";
import { browserOAuthMetadata } from "../../auth/oauth/metadata.ts";
import type { SwitchState } from "../../auth/switches.ts";
import type { Core } from "../../core.ts";
import { DocketError } from "../../errors.ts";
import { errorReply, sendError } from "../errors.ts";

/**
 * The authorization server under `/api/auth`: the token endpoint, revocation (RFC 7009), the public
 * keys of identity assertions, and the discovery documents (RFC 8414, RFC 9728).
 */

/** A grant: the parameters in, the answer out; `switches` as read once for the request. */
export type Grant = (core: Core, params: GrantParams, switches: SwitchState) => Promise<GrantResult>;

/** A grant of the agent registration flow: unsupported_grant_type while registration is off. */
const agentGrant =
  (grant: (core: Core, params: GrantParams) => Promise<GrantResult>, name: string): Grant =>
  async (core, params, switches) =>
    switches.agent_registration ? grant(core, params) : unsupportedGrantType(name);

// ── Grant dispatch ──────────────────────────────────────────────────────────────────────────────────
// authorization_code and refresh_token are the browser OAuth's (src/auth/oauth/grants.ts).
export const GRANTS: Record<string, Grant> = {
  [CLAIM_GRANT]: agentGrant(claimGrant, CLAIM_GRANT),
  [JWT_BEARER_GRANT]: agentGrant(jwtBearerGrant, JWT_BEARER_GRANT),
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
};

// ── Revocation by token prefix ──────────────────────────────────────────────────────────────────────
// Access tokens end here; the browser OAuth adds its refresh tokens (`docket_rt_…`) to this table.
export const REVOCATIONS: Record<string, (core: Core, token: string) => Promise<void>> = {
  [ACCESS_TOKEN_PREFIX]: revokeAccessToken,
  [REFRESH_TOKEN_PREFIX]: revokeRefreshToken,
};

// ── Metadata contributions ──────────────────────────────────────────────────────────────────────────
// The browser OAuth adds its fields (authorization_endpoint, registration_endpoint, …) here.
export const METADATA_CONTRIBUTIONS: MetadataContribution[] = [browserOAuthMetadata];

const FORM = "application/x-www-form-urlencoded";
const NOT_A_FORM = Symbol("not a form");
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

function formParams(request: FastifyRequest): URLSearchParams | undefined {
  return request.body instanceof URLSearchParams ? request.body : undefined;
}

function send(reply: FastifyReply, result: GrantResult): FastifyReply {
  reply.code(result.status).header("cache-control", "no-store").header("pragma", "no-cache");
  for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
  return reply.type("application/json; charset=utf-8").send(result.body);
}

function refusal(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const fe = error as FastifyError;
  if (!(error instanceof DocketError) && typeof fe?.statusCode === "number" && fe.statusCode < 500) {
    return sendError(reply, 400, {
      error: "invalid_request",
      error_description: fe.statusCode === 413 ? "The body is too large." : "The request is malformed.",
    });
  }
  return errorReply(error, request, reply);
}

export function authServerRoutes(core: Core) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      FORM,
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_r, body, done) => done(null, new URLSearchParams(body as string)),
    );
    app.addContentTypeParser("*", { bodyLimit: FORM_BODY_LIMIT_BYTES }, (_r, _payload, done) =>
      done(null, NOT_A_FORM),
    );
    app.setErrorHandler(refusal);

    app.post("/oauth2/token", async (request, reply) => {
      const switches = await core.switches.all();
      // Both sign-ins off: the token endpoint is not there at all (spec: Authentication).
      if (!switches.agent_registration && !switches.browser_oauth) {
        return sendError(reply, 404, {
          error: "not_found",
          error_description: "Sign-in is switched off on this service.",
        });
      }
      const params = formParams(request);
      if (!params) return send(reply, oauthError("invalid_request", `Send the body as ${FORM}.`));
      const grantType = single(params, "grant_type", true);
      if ("error" in grantType) return send(reply, grantType.error);
      const grant = Object.hasOwn(GRANTS, grantType.value!) ? GRANTS[grantType.value!] : undefined;
      if (!grant) return send(reply, unsupportedGrantType(grantType.value!));
      return send(reply, await grant(core, params, switches));
    });

    app.post("/oauth2/revoke", async (request, reply) => {
      const params = formParams(request);
      if (!params) return send(reply, oauthError("invalid_request", `Send the body as ${FORM}.`));
      const token = single(params, "token", true);
      if ("error" in token) return send(reply, token.error);
      for (const [prefix, revoke] of Object.entries(REVOCATIONS)) {
        if (token.value!.startsWith(prefix)) await revoke(core, token.value!);
      }
      return reply.code(200).header("cache-control", "no-store").send();
    });

    app.get("/jwks", async (_request, reply) =>
      reply
        .type("application/jwk-set+json; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(await publicJwks(core)),
    );

    app.get("/.well-known/oauth-authorization-server", async (_request, reply) =>
      reply
        .header("cache-control", "no-cache")
        .send(authorizationServerMetadata(core, await core.switches.all(), METADATA_CONTRIBUTIONS)),
    );
  };
}

/** The two well-known documents at the root (RFC 8414 §3 and RFC 9728 §3 path insertion). */
export function wellKnownRoutes(core: Core) {
  return async (app: FastifyInstance) => {
    app.get("/.well-known/oauth-authorization-server/api/auth", async (_request, reply) =>
      reply
        .header("cache-control", "no-cache")
        .send(authorizationServerMetadata(core, await core.switches.all(), METADATA_CONTRIBUTIONS)),
    );
    app.get("/.well-known/oauth-protected-resource/api/mcp", async (_request, reply) =>
      reply.header("cache-control", "no-cache").send(protectedResourceMetadata(core)),
    );
  };
}
