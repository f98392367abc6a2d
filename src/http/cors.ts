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
      reply
        .code(204)
        .header("x-request-id", request.id)
        .header("access-control-allow-origin", "*")
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
    if (!reply.hasHeader("access-control-allow-origin")) {
      reply.header("access-control-allow-origin", "*");
      reply.header("access-control-expose-headers", exposeHeaders);
    }
    return payload;
  });
}
