import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import FindMyWay, { type HTTPMethod } from "find-my-way";
import { LimiterUnavailable } from "../auth/limits.ts";
import { isDiskFull, isUnavailable } from "../db/store.ts";
import { DocketError, unavailable } from "../errors.ts";
import { MAX_NESTING } from "../validate.ts";

/** The one error body of the service: `{ error, error_description }`, plus `fields` for validation. */
export interface ErrorBody {
  error: string;
  error_description: string;
  fields?: Record<string, string>;
  [extra: string]: unknown;
}

/** Default codes and texts for statuses raised by the framework rather than by our own code. */
const BY_STATUS: Record<number, [string, string]> = {
  400: ["invalid_request", "The request is malformed."],
  401: ["invalid_token", "Authentication is required."],
  403: ["forbidden", "You may not do this."],
  404: ["not_found", "Nothing is here."],
  405: ["method_not_allowed", "This path does not accept that method."],
  406: ["not_acceptable", "No representation matches the Accept header."],
  408: ["request_timeout", "The request took too long to arrive."],
  409: ["conflict", "The request conflicts with the current state."],
  411: ["length_required", "Send a Content-Length header."],
  412: ["precondition_failed", "The object changed since you read it."],
  413: ["request_too_large", "The request body is too large."],
  414: ["uri_too_long", "The request URL is too long."],
  415: ["unsupported_media_type", "Send the body as application/json."],
  422: ["unprocessable", "The request cannot be processed."],
  429: ["rate_limited", "Too many requests."],
  500: ["server_error", "Something went wrong on our side."],
  503: ["temporarily_unavailable", "The service is temporarily unavailable; try again shortly."],
};

/** The body parser's refusal of JSON nested deeper than any request needs (`MAX_NESTING`). */
export const JSON_TOO_DEEP = "DOCKET_JSON_TOO_DEEP";

const FRAMEWORK_TEXT: Record<string, string> = {
  [JSON_TOO_DEEP]: `The body's JSON nests deeper than ${MAX_NESTING} levels; no request needs more.`,
  FST_ERR_CTP_INVALID_JSON_BODY: "The body is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The body is empty; send a JSON object.",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is larger than this endpoint accepts.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "This endpoint accepts bodies of type application/json only.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The Content-Length header does not match the body.",
  FST_ERR_BAD_URL: "The URL's path is not valid: its percent-encoding is not UTF-8.",
};

export function sendError(
  reply: FastifyReply,
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
): FastifyReply {
  reply.code(status).header("cache-control", "no-store").type("application/json; charset=utf-8");
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.send(body);
}

/** Failures that are nobody's fault and may pass: they become 503 with Retry-After, and are logged. */
function asKnown(error: unknown, request: FastifyRequest): DocketError | undefined {
  if (error instanceof DocketError) return error;
  if (error instanceof LimiterUnavailable) {
    request.log.error({ err: error.cause }, "rate limits could not be checked");
    return unavailable("Limits could not be checked; try again shortly.");
  }
  if (isDiskFull(error)) {
    request.log.error({ err: error }, "database out of space");
    return unavailable("The database is out of space and cannot save changes; try again later.", 30);
  }
  if (isUnavailable(error)) {
    request.log.error({ err: error }, "database unavailable");
    return unavailable("The database cannot be reached; try again shortly.");
  }
  return undefined;
}

/**
 * The body field that repeats Retry-After on 429: `retry_after` under `/v1`, whose names are snake_case;
 * `retryAfter` elsewhere, as the spec names it for agent registration and the token endpoint.
 */
export function retryAfterField(url: string): "retry_after" | "retryAfter" {
  return /^\/v1(\/|\?|$)/.test(url) ? "retry_after" : "retryAfter";
}

/**
 * The router's own refusals, before any route runs: a path that is not UTF-8 is 400; a path segment
 * longer than any id or name (`maxParamLength`) names nothing, so it is 404 like any other unknown id.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return sendError(reply, 404, {
      error: "not_found",
      error_description: "Nothing is here: a part of the URL's path is longer than any id or name.",
    });
  return errorReply(error, request, reply);
}

/** Turns anything thrown into the error shape; unexpected errors become a 500 that reveals nothing. */
export function errorReply(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = asKnown(error, request);
  if (known) {
    const body: ErrorBody = { ...known.body, error: known.code, error_description: known.description };
    if (known.fields) body.fields = known.fields;
    if (known.status === 429 && known.headers?.["retry-after"])
      body[retryAfterField(request.url)] = Number(known.headers["retry-after"]);
    return sendError(reply, known.status, body, known.headers);
  }
  const fe = error as FastifyError;
  const status =
    typeof fe?.statusCode === "number" && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, 500, {
      error: "server_error",
      error_description: `Something went wrong on our side. Quote request id ${request.id} when reporting it.`,
    });
  }
  const [code, text] = BY_STATUS[status] ?? ["invalid_request", "The request could not be handled."];
  const description =
    (fe.code && FRAMEWORK_TEXT[fe.code]) || (fe.validation ? `Invalid input: ${fe.message}` : text);
  return sendError(reply, status, { error: code, error_description: description });
}

const METHODS: HTTPMethod[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * Installs the error handler and a not-found handler that tells 405 (the path exists, the method does
 * not) from 404, with an `Allow` header. Must be called before any route is added. `fallback` answers a
 * GET or HEAD no route matched when it can (the web app's own paths), before any 404 or 405.
 */
export function installErrorHandling(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>,
): void {
  const shadow = FindMyWay({ ignoreTrailingSlash: false });
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!METHODS.includes(method as HTTPMethod)) continue;
      try {
        shadow.on(method as HTTPMethod, route.url, () => {});
      } catch {
        // the same method and path registered twice (e.g. HEAD for GET): already known
      }
    }
  });

  app.setErrorHandler((error, request, reply) => errorReply(error, request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    if (
      fallback &&
      (request.method === "GET" || request.method === "HEAD") &&
      (await fallback(request, reply))
    ) {
      return reply;
    }
    const path = request.url.split("?")[0] ?? "/";
    // GET and HEAD go together: a GET route that found nothing (a missing static file) is a 404
    const same = request.method === "GET" || request.method === "HEAD" ? ["GET", "HEAD"] : [request.method];
    const allowed = METHODS.filter((m) => !same.includes(m) && shadow.find(m, path) !== null);
    if (allowed.length > 0) {
      return sendError(
        reply,
        405,
        {
          error: "method_not_allowed",
          error_description: `${request.method} is not allowed on ${path}; use ${allowed.filter((m) => m !== "HEAD").join(" or ")}.`,
        },
        { allow: allowed.join(", ") },
      );
    }
    return sendError(reply, 404, {
      error: "not_found",
      error_description: `Nothing is at ${request.method} ${path}.`,
    });
  });
}
