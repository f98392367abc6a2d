import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Scope } from "../../auth/tokens.ts";
import type { Core } from "../../core.ts";
import { DocketError, invalid } from "../../errors.ts";
import { type Ctx, WEB_VIA } from "../../tracker/context.ts";
import { fencingToken as fencingTokenSchema } from "../../tracker/leases.ts";
import { type Place, parse, placeFields } from "../../validate.ts";
import { requireScope } from "../auth.ts";
import { runIdempotent } from "./idempotency.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** the version of the object the answer shows, for its ETag */
    objectVersion?: number;
    /** what the ETag of a read covers when not the answer's bytes (see `etagCovers`) */
    etagBasis?: string;
  }
}

/**
 * Makes the ETag of a read cover `state` instead of the bytes of the answer: for answers that carry the
 * moment they were made (`as_of`, `generated_at`), which would otherwise give a new ETag on every read
 * though nothing changed. `variant` tells representations of the same state apart (JSON, Markdown).
 */
export function etagCovers(request: FastifyRequest, state: unknown, variant = "json"): void {
  request.etagBasis = `${variant}\n${JSON.stringify(state)}`;
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
  /** the Docket-Fencing-Token header of a fenced operation, if sent */
  fencingToken: number | undefined;
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
  /** one line, for lists of operations */
  summary: string;
  /** what it does and answers, in full: every operation has one (the document's readers need it) */
  description: string;
  scope: Scope;
  params?: P;
  query?: Q;
  body?: B;
  /** the answer's shape, for the OpenAPI document */
  response?: z.ZodType;
  /**
   * Takes If-Match: the handler compares it with the object's version inside its write (412 when stale).
   * A write without it refuses an If-Match header (400) rather than ignore the guard the client meant.
   */
  conditional?: boolean;
  /** Takes `Docket-Fencing-Token` (a write to an issue): the handler passes it to the tracker function. */
  fenced?: boolean;
  /** the success status; 200 unless given (202: a job was started) */
  status?: 200 | 201 | 202;
  /** answers with raw bytes of this media type (a download) rather than JSON */
  binary?: { type: string; description: string };
  /** also answers in Markdown for Accept: text/markdown */
  markdown?: boolean;
  /** answers with Server-Sent Events (text/event-stream) rather than JSON */
  eventStream?: boolean;
  /** takes the upload's raw bytes rather than JSON */
  rawBody?: boolean;
  /**
   * The handler waits on slow work outside the database (reading file bytes back), so a request with an
   * Idempotency-Key is not run as one unit of work (which would hold a transaction, and on SQLite the
   * one connection, that long): its answer is recorded just after. The handler must itself be safe to
   * run again after a crash between the two.
   */
  slowOutsideDatabase?: boolean;
  /**
   * The answer shows a secret once (a webhook's signing secret): the copy kept for Idempotency-Key
   * replays is sealed with the service's secret key, like the secret itself.
   */
  secretAnswer?: boolean;
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
    // a change made in the web app records `web`: the person themselves, told apart from their agents
    actor: { personId: principal.personId, via: principal.kind === "session" ? WEB_VIA : principal.tokenId },
  };
}

/** The names each place of an operation defines, for `placed`. */
function placesOf(o: Operation): [Place, ReadonlySet<string>][] {
  const names = (schema: unknown) =>
    new Set(schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : []);
  return [
    ["path", names(o.params)],
    ["query", names(o.query)],
    ["body", names(o.body)],
  ];
}

/**
 * A validation error a tracker function raised names its fields bare (`parent`, `blocks[1]`): here they
 * get their place (`body.parent`), as the request's own validation names them. Names the operation does
 * not define belong to the body of a write and to the query of a read.
 */
function placed(error: unknown, places: [Place, ReadonlySet<string>][]): unknown {
  if (!(error instanceof DocketError) || !error.fields) return error;
  const fallback: Place = places[2]![1].size > 0 ? "body" : "query";
  const fields = placeFields(error.fields, places, fallback);
  // the description names the fields as `fields` does: "parent: …" becomes "body.parent: …"
  let description = error.description;
  const bare = Object.keys(error.fields);
  Object.keys(fields).forEach((key, i) => {
    const name = bare[i]!;
    description = description.replace(
      new RegExp(`(^|; |: )${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `),
      (_m, lead: string) => `${lead}${key}: `,
    );
  });
  return new DocketError(error.status, error.code, description, {
    fields,
    ...(error.headers ? { headers: error.headers } : {}),
  });
}

/** Mounts operations on a Fastify instance (under /v1): scope, validation, handler, answer. */
export function mount(app: FastifyInstance, core: Core, ops: readonly Operation[]): void {
  for (const o of ops) {
    const places = placesOf(o);
    app.route({
      method: o.method,
      url: o.path,
      handler: async (request, reply) => {
        requireScope(request, o.scope);
        const params = o.params ? parse(o.params as AnyObject, request.params ?? {}, "path") : undefined;
        const query = o.query ? parse(o.query as AnyObject, request.query ?? {}, "query") : undefined;
        const body = o.body
          ? parse(o.body as z.ZodType, o.rawBody ? request.body : (request.body ?? {}), "body")
          : undefined;
        const ifMatchHeader = request.headers["if-match"];
        const ifMatch = parseIfMatch(typeof ifMatchHeader === "string" ? ifMatchHeader : undefined);
        if (ifMatch && !o.conditional && o.method !== "GET") {
          const why = "this operation does not take If-Match (it changes no versioned object)";
          throw invalid(`If-Match: ${why}; send it without.`, { "header.If-Match": why });
        }
        const fenceHeader = request.headers["docket-fencing-token"];
        let fencingToken: number | undefined;
        if (fenceHeader !== undefined) {
          if (!o.fenced) {
            const why = "this operation does not take a fencing token (it writes to no claimed issue)";
            throw invalid(`Docket-Fencing-Token: ${why}; send it without.`, {
              "header.Docket-Fencing-Token": why,
            });
          }
          const parsed = fencingTokenSchema.safeParse(fenceHeader);
          if (!parsed.success) {
            const why = "must be the fencing token of your claim (a whole number from 1)";
            throw invalid(`Docket-Fencing-Token: ${why}.`, { "header.Docket-Fencing-Token": why });
          }
          fencingToken = parsed.data;
        }
        const answer = async () => {
          let result: unknown;
          try {
            result = await o.handler({
              ctx: ctxOf(core, request),
              params: params as never,
              query: query as never,
              body: body as never,
              ifMatch,
              fencingToken,
              request,
              reply,
            });
          } catch (error) {
            throw placed(error, places);
          }
          if (reply.sent) return reply;
          if (result && typeof result === "object") {
            const r = result as Record<string, unknown>;
            if ("next_cursor" in r && typeof r.next_cursor === "string")
              linkNext(request, reply, core, r.next_cursor);
            if (typeof r.version === "number") request.objectVersion = r.version;
          }
          reply.code(reply.statusCode !== 200 ? reply.statusCode : (o.status ?? 200));
          return result;
        };
        // A request with an Idempotency-Key runs as one unit of work with its recorded answer.
        return o.slowOutsideDatabase
          ? answer()
          : runIdempotent(core, request, reply, answer, { sealAnswer: o.secretAnswer === true });
      },
    });
  }
}

/** The empty object schema, for operations without a body that still refuse stray fields. */
export const noBody = z.strictObject({});

/** A list's answer: one page of `item`s and the cursor of the next page (null on the last). */
export const page = (item: z.ZodType) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });
