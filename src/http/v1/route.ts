import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Scope } from "../../auth/tokens.ts";
import type { Core } from "../../core.ts";
import type { Ctx } from "../../tracker/context.ts";
import { parse } from "../../validate.ts";
import { requireScope } from "../auth.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** the version of the object the answer shows, for its ETag */
    objectVersion?: number;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any object schema
type AnyObject = z.ZodObject<any>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<P, Q, B> {
  ctx: Ctx;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** versions the client's If-Match accepts; undefined when it sent none (or `*`) */
  ifMatch: number[] | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One REST operation: its path, the scope it needs, the zod schemas of its parameters, query and body
 * (which validate the request and make the OpenAPI document), and a handler that calls one tracker
 * function. Routes stay this thin.
 */
export interface Operation<P = AnyObject | undefined, Q = AnyObject | undefined, B = z.ZodType | undefined> {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Fastify form, e.g. `/issues/:id` */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  scope: Scope;
  params?: P;
  query?: Q;
  body?: B;
  /** the answer's shape, for the OpenAPI document */
  response?: z.ZodType;
  /** the success status; 200 unless given */
  status?: 200 | 201;
  /** also answers in Markdown for Accept: text/markdown */
  markdown?: boolean;
  /** answers with Server-Sent Events (text/event-stream) rather than JSON */
  eventStream?: boolean;
  /** takes the upload's raw bytes rather than JSON */
  rawBody?: boolean;
  handler: (input: HandlerInput<P, Q, B>) => Promise<unknown>;
}

/** Every operation defined, in order: the OpenAPI document is made from this list. */
export const operations: Operation[] = [];

/** Defines an operation (types flow from the schemas into the handler) and lists it for OpenAPI. */
export function op<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(definition: Operation<P, Q, B>): Operation<P, Q, B> {
  operations.push(definition as unknown as Operation);
  return definition;
}

/** `If-Match: "3-…"` → [3]. Our ETags start with the object's version; `*` matches any. */
export function parseIfMatch(header: string | undefined): number[] | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  if (trimmed === "*" || trimmed === "") return undefined;
  const versions: number[] = [];
  for (const tag of trimmed.split(",")) {
    const m = /^\s*"(\d+)(?:-[^"]*)?"\s*$/.exec(tag);
    if (m) versions.push(Number(m[1]));
  }
  return versions;
}

/** A list answer: adds the `Link: <…>; rel="next"` header for the next page. */
function linkNext(request: FastifyRequest, reply: FastifyReply, core: Core, next: string): void {
  const url = new URL(request.url, core.config.baseUrl);
  url.searchParams.set("cursor", next);
  reply.header("link", `<${url.toString()}>; rel="next"`);
}

export function ctxOf(core: Core, request: FastifyRequest): Ctx {
  const principal = request.principal!;
  return {
    core,
    workspaceId: principal.workspaceId,
    actor: { personId: principal.personId, via: principal.tokenId },
  };
}

/** Mounts operations on a Fastify instance (under /v1): scope, validation, handler, answer. */
export function mount(app: FastifyInstance, core: Core, ops: readonly Operation[]): void {
  for (const o of ops) {
    app.route({
      method: o.method,
      url: o.path,
      handler: async (request, reply) => {
        requireScope(request, o.scope);
        const params = o.params ? parse(o.params as AnyObject, request.params ?? {}) : undefined;
        const query = o.query ? parse(o.query as AnyObject, request.query ?? {}) : undefined;
        const body = o.body
          ? parse(o.body as z.ZodType, o.rawBody ? request.body : (request.body ?? {}))
          : undefined;
        const ifMatchHeader = request.headers["if-match"];
        const result = await o.handler({
          ctx: ctxOf(core, request),
          params: params as never,
          query: query as never,
          body: body as never,
          ifMatch: parseIfMatch(typeof ifMatchHeader === "string" ? ifMatchHeader : undefined),
          request,
          reply,
        });
        if (reply.sent) return reply;
        if (result && typeof result === "object") {
          const r = result as Record<string, unknown>;
          if ("next_cursor" in r && typeof r.next_cursor === "string")
            linkNext(request, reply, core, r.next_cursor);
          if (typeof r.version === "number") request.objectVersion = r.version;
        }
        reply.code(reply.statusCode !== 200 ? reply.statusCode : (o.status ?? 200));
        return result;
      },
    });
  }
}

/** The empty object schema, for operations without a body that still refuse stray fields. */
export const noBody = z.strictObject({});
