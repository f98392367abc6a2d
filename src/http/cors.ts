import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DocketError } from "../errors.ts";

/**
 * Cross-origin access, the way public token APIs grant it: any origin may call, with a token in
 * `Authorization`, never with cookies. Answers carry `Access-Control-Allow-Origin: *` and never
 * `Access-Control-Allow-Credentials`, so a browser sends no cookies along and shows a page the answer
 * only to a credential the page itself holds. A cross-origin request that carries one of the service's
 * own cookies anyway (a page on another origin sending the person's session) is refused before anything
 * else looks at it: the API's answer to cookies is reserved for its own origin.
 *
 * One policy covers a set of paths; `installCors(app, policy)` applies it to the whole app, so it also
 * reaches answers no route makes (404, 405, maintenance, rate limits). To open another set of paths
 * (the MCP endpoint, discovery documents), install another policy with its own `paths`.
 */
export interface CorsPolicy {
  /** the paths (without query) the policy covers */
  paths: (path: string) => boolean;
  /** the service's own origin (BASE_URL's); requests from it are not cross-origin */
  origin: string;
  /** methods a preflight may ask for */
  methods: readonly string[];
  /** request headers a preflight may ask for, beyond the CORS-safelisted ones */
  allowHeaders: readonly string[];
  /** answer headers a page may read, beyond the CORS-safelisted ones */
  exposeHeaders: readonly string[];
  /** cookies that a cross-origin request may not carry */
  refusedCookies: readonly string[];
  /** how long a browser may keep a preflight's answer, in seconds */
  maxAgeSeconds?: number;
  /**
   * When set, only these origins are served: their own origin is echoed (with `Vary: Origin`) instead
   * of `*`, and a preflight from any other origin is not answered here (it falls through to the
   * route, which refuses it). Left out, every origin is served with `*`.
   */
  allowOrigin?: (origin: string) => boolean;
}

/**
 * The OAuth documents and endpoints a browser-based MCP client calls before it holds a token, or with
 * one it holds itself: both well-known metadata documents, the JWKS, token, registration and
 * revocation. Any origin: they hold nothing a page could steal (public clients, PKCE).
 */
export function oauthCorsPolicy(baseUrl: string, sessionCookie: string): CorsPolicy {
  const paths = new Set([
    "/.well-known/oauth-protected-resource/api/mcp",
    "/.well-known/oauth-authorization-server/api/auth",
    "/api/auth/.well-known/oauth-authorization-server",
    "/api/auth/jwks",
    "/api/auth/oauth2/token",
    "/api/auth/oauth2/register",
    "/api/auth/oauth2/revoke",
  ]);
  return {
    paths: (path) => paths.has(path),
    origin: new URL(baseUrl).origin,
    methods: ["GET", "POST"],
    allowHeaders: ["Authorization", "Content-Type", "MCP-Protocol-Version", "X-Request-Id"],
    exposeHeaders: [
      "WWW-Authenticate",
      "Retry-After",
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "X-Request-Id",
    ],
    refusedCookies: [sessionCookie],
    maxAgeSeconds: 7200,
  };
}

/**
 * The MCP endpoint: BASE_URL's own origin and the operator's `MCP_ALLOWED_ORIGINS` only; every other
 * origin stays refused by the endpoint's Host/Origin check (DNS rebinding).
 */
export function mcpCorsPolicy(
  baseUrl: string,
  sessionCookie: string,
  allowedOrigins: readonly string[],
): CorsPolicy {
  const base = new URL(baseUrl);
  const own = base.origin;
  const loopback = ["localhost", "127.0.0.1", "[::1]"];
  // As the endpoint's Origin check: a loopback BASE_URL also takes any loopback origin of its scheme.
  const local = (origin: string) => {
    if (!loopback.includes(base.hostname)) return false;
    try {
      const o = new URL(origin);
      return o.protocol === base.protocol && loopback.includes(o.hostname);
    } catch {
      return false;
    }
  };
  return {
    paths: (path) => path === "/api/mcp",
    origin: own,
    methods: ["POST"],
    allowHeaders: [
      "Authorization",
      "Content-Type",
      "Accept",
      "MCP-Protocol-Version",
      "MCP-Method",
      "MCP-Name",
      "Mcp-Session-Id",
      "Last-Event-ID",
      "X-MCP-Toolsets",
      "X-MCP-Readonly",
      "X-Request-Id",
    ],
    exposeHeaders: [
      "WWW-Authenticate",
      "Mcp-Session-Id",
      "Retry-After",
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "X-Request-Id",
    ],
    refusedCookies: [sessionCookie],
    maxAgeSeconds: 7200,
    allowOrigin: (origin) => origin === own || allowedOrigins.includes(origin) || local(origin),
  };
}

/** The `/v1` policy: the REST API's headers, for pages of any origin holding a token. */
export function v1CorsPolicy(baseUrl: string, sessionCookie: string): CorsPolicy {
  return {
    paths: (path) => /^\/v1(\/|$)/.test(path),
    origin: new URL(baseUrl).origin,
    methods: ["GET", "HEAD", "POST", "PATCH", "DELETE"],
    allowHeaders: [
      "Authorization",
      "Content-Type",
      "If-Match",
      "If-None-Match",
      "Idempotency-Key",
      "Docket-Workspace",
      "X-Request-Id",
    ],
    exposeHeaders: [
      "ETag",
      "Link",
      "Location",
      "Retry-After",
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "X-Request-Id",
      "Idempotent-Replayed",
      "WWW-Authenticate",
    ],
    refusedCookies: [sessionCookie],
    maxAgeSeconds: 7200,
  };
}

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}

/** True when the request's Cookie header holds one of `names`. */
function carriesCookie(request: FastifyRequest, names: readonly string[]): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  return header.split(";").some((part) => {
    const name = part.slice(0, part.indexOf("=")).trim();
    return names.includes(name);
  });
}

/** The request's Origin when it names another origin than the service's own (`null` counts as other). */
export function foreignOrigin(request: FastifyRequest, ownOrigin: string): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin !== "string" || origin === "") return undefined;
  return origin === ownOrigin ? undefined : origin;
}

/**
 * Applies `policy`: answers preflights (`OPTIONS` with `Access-Control-Request-Method`) with 204 before
 * any token check; refuses a cross-origin request that carries a refused cookie (403 `forbidden`); and
 * adds `Access-Control-Allow-Origin: *` with the exposed headers to every answer, errors included. Install it before the hooks that may refuse a request, so a
 * preflight is answered even during maintenance.
 */
export function installCors(app: FastifyInstance, policy: CorsPolicy): void {
  const methods = policy.methods.join(", ");
  const allowHeaders = policy.allowHeaders.join(", ");
  const exposeHeaders = policy.exposeHeaders.join(", ");

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!policy.paths(pathOf(request.url))) return;
    const origin = request.headers.origin;
    if (typeof origin !== "string") return;
    const asked = request.headers["access-control-request-method"];
    if (request.method === "OPTIONS" && typeof asked === "string") {
      if (policy.allowOrigin && !policy.allowOrigin(origin)) return;
      reply
        .code(204)
        .header("x-request-id", request.id)
        .header("access-control-allow-origin", policy.allowOrigin ? origin : "*")
        .header("access-control-allow-methods", methods)
        .header("access-control-allow-headers", allowHeaders)
        .header("access-control-max-age", String(policy.maxAgeSeconds ?? 600))
        .header("cache-control", "no-store");
      return reply.send();
    }
    if (
      foreignOrigin(request, policy.origin) !== undefined &&
      carriesCookie(request, policy.refusedCookies)
    ) {
      throw new DocketError(
        403,
        "forbidden",
        "A request from another origin may not carry this service's cookies; send a token in Authorization instead.",
      );
    }
  });

  // On every answer of the paths, with or without Origin: the same headers for all, so a cache never
  // hands a page an answer made without them (and no `Vary: Origin` is needed).
  app.addHook("onSend", async (request, reply, payload) => {
    if (!policy.paths(pathOf(request.url))) return payload;
    if (policy.allowOrigin) {
      // Per origin: the answer differs by Origin, so caches must key on it.
      reply.header("vary", "Origin");
      const origin = request.headers.origin;
      if (typeof origin === "string" && policy.allowOrigin(origin)) {
        reply.header("access-control-allow-origin", origin);
        reply.header("access-control-expose-headers", exposeHeaders);
      }
      return payload;
    }
    if (!reply.hasHeader("access-control-allow-origin")) {
      reply.header("access-control-allow-origin", "*");
      reply.header("access-control-expose-headers", exposeHeaders);
    }
    return payload;
  });
}
