import { randomBytes } from "node:crypto";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from "fastify";
import { SESSION_COOKIE } from "../auth/web/sessions.ts";
import type { Core } from "../core.ts";
import { unavailable } from "../errors.ts";
import { mcpRoutes } from "../mcp/endpoint.ts";
import { instrumentApp } from "../ops/telemetry.ts";
import { MAX_NESTING, nestsDeeperThan } from "../validate.ts";
import { AGENT_AUTH_PREFIX, agentAuthRoutes } from "./auth/agent-auth.ts";
import { oauthAuthorizeRoutes } from "./auth/oauth-authorize.ts";
import { oauthRegisterRoutes } from "./auth/oauth-register.ts";
import { authServerRoutes, wellKnownRoutes } from "./auth/oauth2.ts";
import { installCors, mcpCorsPolicy, oauthCorsPolicy, v1CorsPolicy } from "./cors.ts";
import { docsRoutes } from "./docs.ts";
import { frameworkErrorReply, installErrorHandling, JSON_TOO_DEEP } from "./errors.ts";
import { fileRoutes } from "./files.ts";
import { integrationRoutes } from "./integrations.ts";
import { pageRoutes } from "./pages/index.ts";
import { v1Routes } from "./v1/index.ts";
import { openApiRoutes } from "./v1/openapi.ts";
import { DEFAULT_WEB_DIST, reservedSegments, webApp } from "./web-app.ts";

export interface AppOptions {
  logger: FastifyBaseLogger;
  /** False while the service waits for its database at start-up: then only /healthz answers 200. */
  ready?: () => boolean;
  /**
   * Once shutdown has begun: the seconds a client should wait before trying again (by then this
   * instance has stopped taking connections); undefined before. Every request then gets 503 with that
   * `Retry-After` and `Connection: close` (see startServer's drain).
   */
  draining?: () => number | undefined;
  /** where the built web app is (index.html, assets/); `web/dist` of the repository unless given */
  webDist?: string;
}

/** Longest the request line and headers may take to arrive (Node's headersTimeout). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** Longest a connection may sit without a byte in either direction (the socket's idle timeout). */
export const IDLE_TIMEOUT_MS = 30_000;
/** How often Node checks requests against those bounds: the bounds hold to within this. */
const TIMEOUT_CHECK_EVERY_MS = 1000;

/** Largest accepted request body; endpoints that take more (file uploads) set their own. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const MAINTENANCE_RETRY_AFTER_SECONDS = 120;
/** A full disk is not freed in seconds: clients are asked to wait longer than for a lost connection. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 30;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Request ids: a random part per process and a counter, unique across instances without a syscall each. */
const PROCESS_PART = randomBytes(6).toString("base64url");
let requestCounter = 0;
function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `req_${PROCESS_PART}${requestCounter.toString(36).padStart(8, "0")}`;
}

function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "content-security-policy":
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
  if (https) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img" aria-label="Docket"><title>Docket</title><rect width="32" height="32" rx="7" fill="#5b5bd6"/><path d="M10 8h7a8 8 0 0 1 0 16h-7z" fill="none" stroke="#fff" stroke-width="3"/></svg>';

/** True for the paths that maintenance closes: the APIs, not the health checks. */
function isApiPath(url: string): boolean {
  return /^\/(api|v1)(\/|\?|$)/.test(url);
}

export function buildApp(core: Core, options: AppOptions): FastifyInstance {
  const isReady = options.ready ?? (() => true);
  const requestTimeout = core.config.requestTimeoutMs;
  const app = Fastify({
    // A request must arrive whole within REQUEST_TIMEOUT_MS and its headers within HEADERS_TIMEOUT_MS
    // (Node answers 408 and closes the connection otherwise), and a silent connection is closed after
    // IDLE_TIMEOUT_MS: a body trickling in a byte at a time cannot hold a socket for ever.
    requestTimeout,
    connectionTimeout: IDLE_TIMEOUT_MS,
    http: {
      headersTimeout: requestTimeout > 0 ? Math.min(HEADERS_TIMEOUT_MS, requestTimeout) : HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_EVERY_MS,
    },
    loggerInstance: options.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : nextRequestId();
    },
    // Requests that arrive on open connections while draining get our own 503 (see the onRequest hook).
    return503OnClosing: false,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // a path that is not UTF-8, or a segment past maxParamLength: the error shape, as for any other 4xx
    frameworkErrors: frameworkErrorReply,
  });
  // metrics and traces of every request, when turned on (src/ops/telemetry.ts); first, to time it all
  instrumentApp(app);
  // The fields requests are given on their way (src/http/auth.ts, v1/route.ts, v1/idempotency.ts) are
  // set on every request object when it is made, so that giving them keeps its shape: one shape of
  // request for every property read in the hooks and handlers, not a chain of them.
  for (const field of [
    "principal",
    "webSession",
    "changeVersion",
    "objectVersion",
    "etagBasis",
    "idempotency",
  ]) {
    app.decorateRequest(field, undefined);
  }

  // The first path segment of every server route: the web app's paths (`/{workspace}/…`) are the rest.
  const reserved = reservedSegments();
  const web = webApp(core, options.webDist ?? DEFAULT_WEB_DIST, reserved);
  installErrorHandling(app, web.fallback);
  app.addHook("onRoute", (route) => {
    const first = route.url.split("/")[1] ?? "";
    if (first !== "" && !first.startsWith(":") && !first.startsWith("*")) reserved.add(first);
  });
  // Bodies are JSON; anything else is 415 (endpoints that take forms register their own parser).
  app.removeContentTypeParser("text/plain");
  // JSON nested deeper than any request needs is refused before it is parsed (see nestsDeeperThan)
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_NESTING)) {
      const error = Object.assign(new Error(`The body nests deeper than ${MAX_NESTING} levels.`), {
        code: JSON_TOO_DEEP,
        statusCode: 400,
      });
      done(error, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  // While draining, answers close their connections, so shutdown need not wait for clients'
  // keep-alive timeouts, and requests that arrive on connections already open are turned away.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    // open event streams would hold the server open; their clients reconnect elsewhere and resume
    core.events.endAll();
  });
  /** seconds to wait before trying again while draining (1 once Fastify itself is closing); else undefined */
  const drainingRetryAfter = () => options.draining?.() ?? (closing ? 1 : undefined);
  const isDraining = () => drainingRetryAfter() !== undefined;
  // An answer given before the request's body has arrived (a 401, a 413, a 503) closes the connection:
  // otherwise the rest of the body, however slowly it comes, would hold the socket to be read and dropped.
  app.addHook("onSend", async (request, reply) => {
    if (isDraining() || !request.raw.complete) reply.header("connection", "close");
  });

  const headers = securityHeaders(core.config.baseUrl.startsWith("https:"));
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.headers(headers);
  });
  // Pages of other origins may call /v1 with a token, never with the session cookie (src/http/cors.ts).
  // Installed here: preflights are answered even while draining or in maintenance.
  installCors(app, v1CorsPolicy(core.config.baseUrl, SESSION_COOKIE));
  installCors(app, oauthCorsPolicy(core.config.baseUrl, SESSION_COOKIE));
  installCors(app, mcpCorsPolicy(core.config.baseUrl, SESSION_COOKIE, core.config.mcpAllowedOrigins));
  app.addHook("onRequest", async (request) => {
    const retryAfter = drainingRetryAfter();
    if (retryAfter !== undefined) {
      throw unavailable("This instance is shutting down; try again.", retryAfter);
    }
    if (!isReady() && request.url !== "/healthz") {
      throw unavailable("Docket is starting and waiting for its database; try again shortly.");
    }
    if (!isApiPath(request.url)) return;
    // read once, after the request arrived: the switches and the token's cached lookup hold to it
    request.changeVersion = await core.store.changes.version();
    if (await core.switches.isOn("maintenance", request.changeVersion)) {
      throw unavailable(
        "Docket is down for maintenance; try again in a few minutes.",
        MAINTENANCE_RETRY_AFTER_SECONDS,
      );
    }
  });

  app.get("/healthz", async () => ({ status: "ok" }));

  // The icon browsers ask every page for (the app's own is a hashed asset; the server's pages use this)
  const icon = (_request: unknown, reply: FastifyReply) =>
    reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(FAVICON_SVG);
  app.get("/favicon.ico", icon);
  app.get("/favicon.svg", icon);

  app.get("/readyz", async (request) => {
    try {
      await core.store.ping();
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed: database unreachable");
      throw unavailable("The database cannot be reached.");
    }
    const problem = await core.store.writeProblem().catch((error: unknown) => {
      request.log.warn({ err: error }, "readiness check could not tell whether writes succeed");
      return undefined;
    });
    if (problem) {
      request.log.warn({ problem }, "readiness check failed: writes fail");
      throw unavailable(`Writes fail: ${problem}.`, DISK_FULL_RETRY_AFTER_SECONDS);
    }
    return { status: "ready", database: core.store.kind };
  });

  app.register(v1Routes(core), { prefix: "/v1" });
  // Public: registered beside the /v1 plugin, so its token check does not apply.
  app.register(openApiRoutes(core));
  app.register(docsRoutes(core));
  // The local file store's signed upload and download URLs: the signature is the authority.
  app.register(fileRoutes(core));
  // Code hosts' webhooks: the delivery's signature is the authority (src/tracker/integrations).
  app.register(integrationRoutes(core));
  // The browser OAuth sign-in of MCP clients: client registration, and authorization with consent.
  app.register(oauthRegisterRoutes(core));
  app.register(oauthAuthorizeRoutes(core));
  // Agent registration, the authorization server and its discovery documents.
  app.register(agentAuthRoutes(core), { prefix: AGENT_AUTH_PREFIX });
  app.register(authServerRoutes(core), { prefix: "/api/auth" });
  app.register(wellKnownRoutes(core));
  // MCP over Streamable HTTP; takes connections' access tokens only (see src/mcp/endpoint.ts).
  app.register(mcpRoutes(core));
  // The person's pages: sign-in, the claim page, settings (server-rendered HTML, forms, a session cookie).
  app.register(pageRoutes(core));
  // The web app: `/`, `/assets/*` and `/{workspace}/…` (src/http/web-app.ts).
  app.register(web.routes);
  return app;
}
