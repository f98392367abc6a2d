import { createHash } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { Core } from "../../core.ts";
import { PACKAGE_VERSION } from "../../paths.ts";
import { exampleOf } from "./examples.ts";
import { type Operation, operations } from "./route.ts";

/** A JSON value inside the document (schemas, parameters, responses). */
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
export type Json = Record<string, any>;

/** The OpenAPI 3.1 document: what `/v1/openapi.json` serves and `/docs` renders. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Json>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, Json>;
    parameters: Record<string, Json>;
    headers: Record<string, Json>;
    securitySchemes: Record<string, Json>;
  };
}

export interface DocumentOptions {
  baseUrl: string;
  /** requests a minute per token; 0 when unlimited */
  rateLimit: number;
}

/** Plain-text notes on how every operation behaves; `code` in backticks. The docs page shows them too. */
export function conventions(options: DocumentOptions): { title: string; text: string }[] {
  const limit =
    options.rateLimit > 0
      ? `Each token may make ${options.rateLimit} requests a minute.`
      : "Requests are not rate limited on this server.";
  return [
    {
      title: "Authentication",
      text: "Send a bearer token, either kind: a personal access token made in your settings (`Authorization: Bearer docket_pat_…`), or the access token of a connection a person approved for an agent or app (`Authorization: Bearer docket_at_…`, valid 60 minutes, renewed with its refresh token). A token sees one workspace. Reads need the `workspace.read` scope and writes `workspace.write` (each operation's `x-scope`); a read-only token that writes gets 403 `insufficient_scope`. The optional `Docket-Workspace` header (the workspace's slug or id) guards against using the wrong token: if it names another workspace the answer is 404. The web app on this origin uses the signed-in person's session cookie instead of a token (only when no `Authorization` header is sent; a request with both uses the token): it acts as the person with both scopes, in the workspace `Docket-Workspace` names (else their first), and every POST, PATCH and DELETE must carry `X-CSRF-Token` with the `csrf_token` of `GET /v1/me` (else 403 `csrf_refused`, and nothing changes). `GET /v1/me` tells any caller who it is and which workspaces it reaches.",
    },
    {
      title: "Errors",
      text: 'Every error is JSON: `{"error": code, "error_description": text}`, plus `fields` when the request was invalid. Each key of `fields` names where the problem is: the place (`path`, `query`, `body` or `header`), then the field, `.name` for a property and `[i]` for an array item (`query.limit`, `body.title`, `body.blockedBy[0]`, `header.If-Match`; a name that is not a plain identifier is quoted, `body["a.b"]`). Each value says what is wrong: `is required` for a missing field, `is not a known field` (or `parameter`) for one the operation does not define. An object of another workspace answers 404 exactly like a missing one. Every answer, errors included, carries `X-Request-Id`; quote it when reporting a problem.',
    },
    {
      title: "Pagination",
      text: 'Lists take `limit` (1 to 100, 50 by default) and `cursor`, and answer `{"data": […], "next_cursor": …}`. While more pages remain, `next_cursor` is a string and the `Link: <…>; rel="next"` header holds the next page\'s URL; on the last page `next_cursor` is null.',
    },
    {
      title: "Caching and concurrent changes",
      text: "Reads answer with an `ETag` that describes what the answer shows: the same state gives the same ETag, so `If-None-Match` gets 304 Not Modified while nothing changed. Moments an answer carries about itself (`as_of` of cycle stats, `generated_at` of a live bundle) are left out of it; download URLs of files are signed per 15-minute window (each good until the end of the next window), so a file's ETag changes only when the file or the window does. The ETag of a versioned object (issues, decisions, notes, folders, cycles, milestones, dependencies) starts with its `version`: send it in `If-Match` on a change (PATCH, icing an issue, removing a dependency) and the change is made only if nobody changed the object since, else 412 `precondition_failed` and nothing changes. Writes that change no versioned object refuse an `If-Match` (400) rather than ignore it.",
    },
    {
      title: "Retries",
      text: "Send an `Idempotency-Key` (1 to 255 visible ASCII characters) with a POST to make it safe to retry: for 24 hours the same key with the same request gets the first answer again, with its status, body, `ETag`, `Location` and `Link`, marked `Idempotent-Replayed: true` (the change and its answer are saved together, so this holds across a crash of the service); the same key with a different request is refused with 422, and a retry while the first is still running (or, if the service stopped mid-request, until its lease ends) with 409 and `Retry-After`.",
    },
    {
      title: "Rate limits",
      text: `${limit} Answers carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds); past the limit the answer is 429 with \`Retry-After\` and \`retry_after\` in the body. During maintenance every request gets 503 with \`Retry-After\`.`,
    },
    {
      title: "Calling from a browser",
      text: "Pages of any origin may call the API with a token: preflights are answered and every answer carries `Access-Control-Allow-Origin: *`, exposing `ETag`, `Link`, `Location`, `Retry-After`, the `RateLimit-*` headers, `X-Request-Id`, `Idempotent-Replayed` and `WWW-Authenticate`. Cookies are never accepted from another origin: a cross-origin request that carries the service's session cookie is refused with 403 `forbidden`, and answers never carry `Access-Control-Allow-Credentials`.",
    },
  ];
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Workspace: "The caller, its workspace and the workspace's members.",
  Connections:
    "Agents and apps the members connected to the workspace: who approved each, its access, its status; revoked by the member who approved it.",
  Issues:
    "Issues: identified per space (`ENG-42`), with status, priority, labels, assignee, cycle, milestone and dependencies.",
  Dependencies:
    "Typed edges between issues: `blocks` (read back as `blockedBy`) and `relatesTo`. A `blocks` edge that would close a cycle is refused.",
  Decisions: "Decision records: context, decision, consequences, linked issues.",
  Notes: "Markdown notes in folders, linked to issues.",
  Folders: "The tree notes are kept in.",
  Cycles: "Time-boxed sets of issues in a space, with stats and a burn-down series.",
  Milestones: "Target dates with their issues, progress and dependencies on other milestones.",
  Trash:
    "Deleted issues, decisions, notes, folders, cycles and milestones, kept 30 days with restore, then purged. People only: agents may not delete.",
  Labels:
    "The workspace's labels: a name (unique ignoring case), a colour and a description, with how many issues carry each. Renaming to another label's name merges the two.",
  "Saved views":
    "Named filters of the issue list (its URL query): personal, seen by their author only, or shared with every member; a shared view is changed by its author, the admins and the Owner.",
  Files: "Files uploaded through a signed URL, then registered and linked to issues.",
  Search: "Full-text search across issues, decisions, notes and files.",
  Bundles: "Everything needed to work on an issue, live or as a saved snapshot.",
  Claims:
    "Leases on issues: claim an issue (or the next ready one), renew by heartbeat, release. Each claim carries a fencing token that grows per issue.",
  "Agent runs":
    "Sessions: one run of one agent on one issue, under a claim. Agents start their own or take up one a person delegated, log activities with their usage, and end it; people watch, answer its questions (prompts) and stop it. A Stop is enforced: the agent's writes under the run are refused (409 `session_stopped`) on every instance until its last word, or 60 seconds, end it.",
  Events:
    "Every committed change as an event, kept 30 days: a feed to read from where you left off, and a live Server-Sent Events stream.",
  Comments:
    "Markdown comments on issues, decisions and notes, one level of replies, with edit history; `@email` and `@agent-name` mention.",
  Approvals:
    "Questions asked on an issue (typically by an agent) that only a person answers; `approval.requested` and `approval.resolved`.",
  Inbox:
    "Each person's mentions, assignments, approvals and reviews, read and unread, with optional mail (immediate or a daily digest).",
  Spaces: "Spaces and their review policy: who may mark an issue done, and who reviews.",
  Templates:
    "New-issue templates of a space: a name and the fields a new issue starts with (title, description, status, priority, labels, estimate). Members read them; the Owner and admins write them.",
  Webhooks:
    "Event deliveries to your URLs, signed per Standard Webhooks, retried for about 3 days, with a log of every attempt.",
  "Code hosts":
    "Connections to GitHub and GitLab: their signed webhooks link pull requests, branches and commits to the issues they name, and move those issues per each space's automation switches. The Owner and admins connect them.",
  Exports:
    "The workspace as one archive file (manifest with a SHA-256 per part, JSONL per type, files' bytes): asked for as a job, watched, then downloaded for 7 days. Restored into an empty workspace with an import of source `docket`. The Owner and admins only.",
  Imports:
    "Moving in: another tracker's export (GitHub's `gh --json` or REST JSON, Linear's CSV, Jira's CSV or REST JSON) or a Docket archive, imported as a job with a dry run first; safe to run again (keyed on source and source id). Placeholder people stand for those who are not members until an admin maps them. The Owner and admins only.",
  "Usage and budgets":
    "What agents' runs used (tokens, cache, cost) over any range, by agent, space, issue or person; monthly budgets per agent and per space that warn at 80% and, at 100%, stop the runs and refuse new claims (403 `budget_exceeded`).",
};

/** `/issues/:id` (Fastify) → `/issues/{id}` (OpenAPI); a parameter's regex, if any, is dropped. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, "{$1}");
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** Component names must match `^[a-zA-Z0-9._-]+$`. */
function componentName(raw: string): string {
  return raw.replace(/[^A-Za-z0-9._-]+/g, "_") || "Schema";
}

function rewriteRefs(value: unknown, rename: (ref: string) => string | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, rename));
  if (value === null || typeof value !== "object") return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "$ref" && typeof v === "string") out[k] = rename(v) ?? v;
    else out[k] = rewriteRefs(v, rename);
  }
  return out;
}

/**
 * A zod schema as a JSON Schema 2020-12 object (the dialect of OpenAPI 3.1): `io` "input" for what a
 * request may send (before transforms and defaults), "output" for what an answer holds. What JSON Schema
 * cannot say (custom checks, transforms' results) becomes `{}`; nothing throws. Shared or recursive
 * parts (`$defs`, `$ref: "#"`) are moved to `components.schemas` so every `$ref` resolves in the document;
 * a part equal to one already there (same name, same content) is shared.
 */
export function toOpenApiSchema(
  schema: z.ZodType,
  io: "input" | "output",
  hint: string,
  components: Record<string, Json>,
): Json {
  let raw: Json;
  try {
    raw = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  } catch {
    return {};
  }
  delete raw.$schema;
  const defs: Record<string, Json> = raw.$defs ?? {};
  delete raw.$defs;
  const selfRef = JSON.stringify(raw).includes('"$ref":"#"');
  if (Object.keys(defs).length === 0 && !selfRef) return raw;

  const ROOT = "#";
  const parts: [string, Json][] = Object.entries(defs);
  if (selfRef) parts.push([ROOT, raw]);
  // A part named by its zod id keeps that name (`…Input` for the request side, which may differ from
  // the answer side); unnamed parts are named after the operation.
  const base = (key: string) =>
    componentName(
      key === ROOT
        ? hint
        : key.startsWith("__")
          ? `${hint}${key.replace(/^__schema/, "_")}`
          : io === "input"
            ? `${key}Input`
            : key,
    );
  const place = (names: Map<string, string>) => {
    const rename = (r: string) => {
      if (r === "#") return `#/components/schemas/${names.get(ROOT)}`;
      const m = /^#\/\$defs\/(.+)$/.exec(r);
      const name = m ? names.get(decodeURIComponent(m[1]!)) : undefined;
      return name ? `#/components/schemas/${name}` : undefined;
    };
    return {
      bodies: parts.map(([, body]) => rewriteRefs(body, rename) as Json),
      root: rewriteRefs(raw, rename) as Json,
    };
  };
  // Each part takes its name, or shares an equal component of that name; a name held by something
  // different moves the part to `name_2`, `name_3`… (which changes what refers to it: go again).
  const tries = parts.map(() => 1);
  for (;;) {
    const names = new Map(
      parts.map(([key], i) => [key, tries[i]! === 1 ? base(key) : `${base(key)}_${tries[i]}`]),
    );
    const placed = place(names);
    const used = new Set<string>();
    let clash = false;
    parts.forEach(([key], i) => {
      const name = names.get(key)!;
      const existing = components[name];
      if (
        used.has(name) ||
        (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(placed.bodies[i]))
      ) {
        tries[i]!++;
        clash = true;
      }
      used.add(name);
    });
    if (clash) continue;
    parts.forEach(([key], i) => {
      components[names.get(key)!] = placed.bodies[i]!;
    });
    return selfRef ? { $ref: `#/components/schemas/${names.get(ROOT)}` } : placed.root;
  }
}

/** The properties and required names of an object schema (merging `allOf` parts). */
function objectParts(schema: Json): { properties: Record<string, Json>; required: string[] } {
  const properties: Record<string, Json> = { ...(schema.properties ?? {}) };
  const required: string[] = [...(schema.required ?? [])];
  for (const part of (schema.allOf ?? []) as Json[]) {
    const inner = objectParts(part);
    Object.assign(properties, inner.properties);
    required.push(...inner.required);
  }
  return { properties, required };
}

/** A parameter from a property schema: its description moves up to the parameter. */
function parameter(name: string, where: "path" | "query", required: boolean, schema: Json): Json {
  const { description, ...rest } = schema;
  const p: Json = { name, in: where, required, schema: rest };
  if (typeof description === "string") p.description = description;
  return p;
}

function parametersOf(o: Operation, components: Record<string, Json>): Json[] {
  const out: Json[] = [];
  const params = o.params
    ? objectParts(toOpenApiSchema(o.params, "input", `${o.operationId}_params`, components))
    : { properties: {}, required: [] };
  for (const name of pathParamNames(o.path)) {
    out.push(parameter(name, "path", true, params.properties[name] ?? { type: "string" }));
  }
  if (o.query) {
    const query = objectParts(toOpenApiSchema(o.query, "input", `${o.operationId}_query`, components));
    for (const [name, schema] of Object.entries(query.properties)) {
      out.push(parameter(name, "query", query.required.includes(name), schema));
    }
  }
  // a stream is never revalidated (no ETag); it resumes after the event a reconnecting client names
  // a download is sent whole each time, with no ETag to revalidate
  if (o.method === "GET" && !o.eventStream && !o.binary)
    out.push({ $ref: "#/components/parameters/IfNoneMatch" });
  if (o.eventStream)
    out.push({
      name: "Last-Event-ID",
      in: "header",
      required: false,
      description:
        "Resume after this event (its id, evt_…), as browsers send on reconnect; wins over `last_event_id`.",
      schema: { type: "string", pattern: "^evt_[0-9A-Z]{26}$" },
      example: "evt_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
    });
  if (o.conditional) out.push({ $ref: "#/components/parameters/IfMatch" });
  if (o.fenced) out.push({ $ref: "#/components/parameters/DocketFencingToken" });
  if (o.method === "POST") out.push({ $ref: "#/components/parameters/IdempotencyKey" });
  if (o.method !== "GET") out.push({ $ref: "#/components/parameters/XCsrfToken" });
  out.push({ $ref: "#/components/parameters/DocketWorkspace" });
  return out;
}

/** True when the body schema accepts `{}`, i.e. the body may be left out (routes parse a missing body as `{}`). */
function bodyOptional(schema: z.ZodType): boolean {
  try {
    return schema.safeParse({}).success;
  } catch {
    return false;
  }
}

function requestBodyOf(o: Operation, components: Record<string, Json>): Json | undefined {
  if (!o.body) return undefined;
  if (o.rawBody) {
    return {
      required: true,
      description: "The file's bytes, exactly as many as the upload URL was made for.",
      content: {
        "application/octet-stream": {
          schema: { type: "string", contentMediaType: "application/octet-stream" },
          example: "%PDF-1.7 …",
        },
      },
    };
  }
  const schema = toOpenApiSchema(o.body, "input", `${o.operationId}_body`, components);
  return {
    required: !bodyOptional(o.body),
    content: { "application/json": { schema, example: exampleOf(schema, components) } },
  };
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = {
  "RateLimit-Limit": ref("RateLimitLimit"),
  "RateLimit-Remaining": ref("RateLimitRemaining"),
  "RateLimit-Reset": ref("RateLimitReset"),
};

/** A stream of one message, as the service writes it: the item's id, then the item as JSON. */
function sseExample(item: unknown): string {
  const id = item && typeof item === "object" && "id" in item ? String(item.id) : "";
  return `retry: 2000\n\n${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(item)}\n\n: heartbeat\n\n`;
}

function hasProperty(schema: Json, name: string, components: Record<string, Json>): boolean {
  const target =
    typeof schema.$ref === "string" ? components[schema.$ref.replace("#/components/schemas/", "")] : schema;
  return Boolean(target && objectParts(target).properties[name]);
}

function responsesOf(o: Operation, components: Record<string, Json>): Json {
  const status = String(o.status ?? 200);
  const schema = o.response
    ? toOpenApiSchema(o.response, "output", `${o.operationId}_response`, components)
    : {};
  const content: Json = o.binary
    ? {
        [o.binary.type]: {
          schema: { type: "string", format: "binary", description: o.binary.description },
          // the bytes themselves; an example can only say what they are
          example: `<the ${o.binary.type} bytes>`,
        },
      }
    : o.eventStream
      ? {
          "text/event-stream": {
            schema: {
              type: "string",
              description: "Server-Sent Events; each `data:` line holds one item as JSON.",
            },
            "x-item-schema": schema,
            example: sseExample(exampleOf(schema, components)),
          },
        }
      : { "application/json": { schema, example: exampleOf(schema, components) } };
  if (o.markdown)
    content["text/markdown"] = {
      schema: { type: "string" },
      example: "# ENG-42 Import issues from the old tracker\n\nStatus: in_progress · Priority: high\n",
    };
  const headers: Json = { ...RATE_HEADERS, "X-Request-Id": ref("XRequestId") };
  const versioned = hasProperty(schema, "version", components);
  // a stream has no ETag (it is never the same twice) and is never cached
  if ((o.method === "GET" && !o.eventStream && !o.binary) || versioned) headers.ETag = ref("ETag");
  if (o.binary)
    headers["Content-Disposition"] = {
      description: "`attachment` with the file's name.",
      schema: { type: "string" },
    };
  if (o.method === "GET")
    headers["Cache-Control"] = o.binary
      ? { description: "`no-store`: a download, not to be kept by caches.", schema: { type: "string" } }
      : o.eventStream
        ? {
            description: "`no-cache, no-transform`: a live stream, not to be kept.",
            schema: { type: "string" },
          }
        : ref("CacheControl");
  const isList =
    hasProperty(schema, "next_cursor", components) ||
    (o.query instanceof z.ZodObject && "cursor" in o.query.shape);
  if (isList) headers.Link = ref("Link");
  if (o.method === "POST") headers["Idempotent-Replayed"] = ref("IdempotentReplayed");

  const answers: Json = {
    [status]: {
      description: status === "201" ? "Created" : status === "202" ? "Accepted" : "OK",
      headers,
      content,
    },
  };
  const errors = (name: string) => ({ $ref: `#/components/responses/${name}` });
  const write = o.method !== "GET";
  if (o.method === "GET" && !o.binary) answers["304"] = errors("NotModified");
  answers["400"] = errors("BadRequest");
  answers["401"] = errors("Unauthorized");
  // every operation: a request from another origin carrying the session cookie is refused (403)
  answers["403"] = errors("Forbidden");
  answers["404"] = errors("NotFound");
  // a download is refused while what it downloads is not ready (or no longer kept)
  if (write || o.binary) answers["409"] = errors("Conflict");
  if (o.conditional) answers["412"] = errors("PreconditionFailed");
  if (o.body && !o.rawBody) {
    answers["413"] = errors("TooLarge");
    answers["415"] = errors("UnsupportedMediaType");
  }
  if (o.method === "POST") answers["422"] = errors("IdempotencyKeyReused");
  answers["429"] = errors("TooManyRequests");
  answers["503"] = errors("Unavailable");
  return answers;
}

function operationOf(o: Operation, components: Record<string, Json>): Json {
  const out: Json = {
    operationId: o.operationId,
    tags: [o.tag],
    summary: o.summary,
  };
  out.description = `${o.description}\n\nNeeds the \`${o.scope}\` scope.`;
  // Both kinds of token are plain bearer tokens; the scope an operation needs is in `x-scope`. The web
  // app's session cookie works too (same origin only, writes with X-CSRF-Token).
  out.security = [{ personalAccessToken: [] }, { connectionAccessToken: [] }, { webSession: [] }];
  out["x-scope"] = o.scope;
  out.parameters = parametersOf(o, components);
  const body = requestBodyOf(o, components);
  if (body) out.requestBody = body;
  out.responses = responsesOf(o, components);
  return out;
}

/**
 * An error answer. Every answer carries X-Request-Id; those given after the token was checked carry the
 * RateLimit headers too (not 401, and not 503, which maintenance sends before any check). An error answer
 * to a POST with an Idempotency-Key is kept and replayed like any other answer.
 */
const errorResponse = (description: string, example: Json, headers: Json = {}, limited = true) => ({
  description,
  headers: {
    ...headers,
    ...(limited ? RATE_HEADERS : {}),
    "Idempotent-Replayed": ref("IdempotentReplayed"),
    "X-Request-Id": ref("XRequestId"),
  },
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example } },
});
const errorExample = (error: string, error_description: string, more: Json = {}) => ({
  error,
  error_description,
  ...more,
});

function components(): OpenApiDocument["components"] {
  const header = (description: string, schema: Json) => ({ description, schema });
  return {
    schemas: {
      Error: {
        type: "object",
        description: "The one error shape of the API.",
        properties: {
          error: { type: "string", description: "A machine-readable code, e.g. `invalid_request`." },
          error_description: { type: "string", description: "What went wrong and what to do, for people." },
          fields: {
            type: "object",
            description:
              'For invalid requests: where each problem is and what it is. A key is the place (`path`, `query`, `body`, `header`) then the field: `.name` for a property, `[i]` for an array item, a quoted `["name"]` for a name that is not a plain identifier (`query.limit`, `body.blockedBy[0]`). A value is the reason: `is required` for a missing field, `is not a known field` / `is not a known parameter` for one not defined, otherwise what is expected.',
            additionalProperties: { type: "string" },
          },
          retry_after: { type: "integer", description: "With 429: seconds to wait before retrying." },
          review: {
            type: "object",
            description:
              "With 403 `review_required`: who may mark the issue done, the request that asks them (an approval), and the steps in order: move the issue to in_review, then ask for a `mark_done` approval, which marks it done when a person approves.",
            properties: {
              may_finish: { type: "string" },
              ask: { type: "string" },
              steps: {
                type: "array",
                items: {
                  type: "object",
                  properties: {
                    method: { type: "string" },
                    path: { type: "string" },
                    body: { type: "object" },
                  },
                  required: ["method", "path", "body"],
                },
              },
            },
            required: ["may_finish", "ask", "steps"],
          },
          holder: {
            type: "object",
            description:
              'With 409 `claimed` and `already_claimed`, and 403 `not_holder`: who holds the claim, an `Assignee` (`{"type": "agent", "id", "name", "for": {"person_id", "name"}}` or `{"type": "person", "id", "name", "email"}`).',
          },
          expires_at: {
            type: "string",
            format: "date-time",
            description:
              "With 409 `claimed` and `already_claimed`: when the holder's claim runs out unless renewed.",
          },
          blocked_by: {
            type: "array",
            description: "With 409 `not_ready`: open issues that block the one named (up to five).",
            items: {
              type: "object",
              properties: { identifier: { type: "string" }, status: { type: "string" } },
              required: ["identifier", "status"],
            },
          },
          assignee: {
            type: "object",
            description:
              "With 409 `assigned_to_person`: the person who has the issue in progress (an `Assignee`).",
          },
          budget: {
            type: "object",
            description:
              "With 403 `budget_exceeded`: the budget that is spent (a `Budget`: its scope, limits, what it spent this month, `percent`, `state`).",
          },
          budget_id: {
            type: "string",
            description:
              "With 409 `conflict` on setting a budget: the agent's or space's budget that exists already.",
          },
          session: {
            type: "string",
            description:
              "With 409 `session_active`: the issue's live run (ses_…); with 409 `session_stopped`: the run a person stopped.",
          },
          claim: {
            type: "object",
            description:
              "With 409 `already_claimed` and `claimed`: who holds the issue (an `Assignee`) and until when (`claimed` adds the claim's `id`).",
            properties: {
              holder: {
                type: "object",
                description:
                  'An `Assignee`: `{"type": "agent", "id", "name", "for": {"person_id", "name"}}` or `{"type": "person", "id", "name", "email"}`.',
              },
              expires_at: { type: "string", format: "date-time" },
            },
            required: ["holder", "expires_at"],
          },
        },
        required: ["error", "error_description"],
      },
    },
    parameters: {
      IfNoneMatch: {
        name: "If-None-Match",
        in: "header",
        required: false,
        description: "An ETag of an earlier answer: 304 Not Modified when it still matches.",
        schema: { type: "string", maxLength: 1024 },
      },
      IfMatch: {
        name: "If-Match",
        in: "header",
        required: false,
        description:
          "The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412.",
        schema: { type: "string", maxLength: 1024 },
      },
      IdempotencyKey: {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422).",
        schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
      },
      DocketFencingToken: {
        name: "Docket-Fencing-Token",
        in: "header",
        required: false,
        description:
          "The fencing token of your claim on the issue: the write is refused with 409 `lease_lost` (and changes nothing) when a later claim superseded it.",
        schema: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      },
      DocketWorkspace: {
        name: "Docket-Workspace",
        in: "header",
        required: false,
        description:
          "The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to).",
        schema: { type: "string", maxLength: 64 },
      },
      XCsrfToken: {
        name: "X-CSRF-Token",
        in: "header",
        required: false,
        description:
          "Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token.",
        schema: { type: "string", maxLength: 256 },
      },
    },
    headers: {
      RateLimitLimit: header("Requests a minute allowed for this token.", { type: "integer" }),
      RateLimitRemaining: header("Requests left in the current window.", { type: "integer" }),
      RateLimitReset: header("Seconds until the window resets.", { type: "integer" }),
      RetryAfter: header("Seconds to wait before trying again.", { type: "integer" }),
      ETag: header("The answer's entity tag; for versioned objects it starts with the version.", {
        type: "string",
      }),
      CacheControl: header("`private, no-cache`: keep the answer, but revalidate with If-None-Match.", {
        type: "string",
      }),
      Link: header('`<url>; rel="next"` while more pages remain.', { type: "string" }),
      IdempotentReplayed: header(
        "`true` when this answer is the replay of an earlier request with the key.",
        {
          type: "string",
          enum: ["true"],
        },
      ),
      WWWAuthenticate: header("The bearer challenge (RFC 6750).", { type: "string" }),
      XRequestId: header(
        "The request's id: the caller's own `X-Request-Id` (up to 64 of `A-Za-z0-9._:-`) or one made for it. Quote it when reporting a problem.",
        { type: "string", maxLength: 64 },
      ),
    },
    responses: {
      NotModified: {
        description: "Not Modified: the If-None-Match still matches; there is no body.",
        headers: {
          ETag: ref("ETag"),
          "Cache-Control": ref("CacheControl"),
          ...RATE_HEADERS,
          "X-Request-Id": ref("XRequestId"),
        },
      },
      BadRequest: errorResponse(
        "`invalid_request`: a parameter, query or body field is invalid or unknown; `fields` names each.",
        errorExample("invalid_request", "Invalid input: query.limit: must be at most 100", {
          fields: { "query.limit": "must be at most 100" },
        }),
      ),
      Unauthorized: errorResponse(
        "`invalid_token`: no access token, or one that is unknown, expired or revoked.",
        errorExample("invalid_token", "This token has been revoked."),
        { "WWW-Authenticate": ref("WWWAuthenticate") },
        false,
      ),
      Forbidden: errorResponse(
        "`insufficient_scope`: the token lacks the scope the operation needs; `csrf_refused`: a change made with the session cookie without the right `X-CSRF-Token` or from another site; `forbidden`: a request from another origin carrying the session cookie, or an action the caller may not take; `not_session_agent`: a write to an agent run by anyone but its own agent; `budget_exceeded`: the agent's (or the space's) budget is spent for this month, so it takes no new claims or runs until the month ends (UTC) or an admin raises the limit (`budget` names it).",
        errorExample("insufficient_scope", "This token lacks the workspace.write scope."),
        { "WWW-Authenticate": ref("WWWAuthenticate") },
      ),
      NotFound: errorResponse(
        "`not_found`: no such object in the token's workspace (another workspace's objects answer the same).",
        errorExample("not_found", "No issue ENG-42 in this workspace."),
      ),
      Conflict: errorResponse(
        "The request conflicts with the current state (e.g. a dependency that would close a cycle), or a request with the same Idempotency-Key is still running. `already_claimed`: another holds the issue (`holder`, `expires_at`); `claimed`: a write to an issue another connection holds (`holder`, `expires_at`; a person's write is never refused); `assigned_to_person`: a named claim of a person's work in progress without `take_over` (`assignee`); `not_ready`: a named claim of a blocked issue without `force` (`blocked_by`); `lease_lost`: a later claim superseded the fencing token sent, or the claim ran out or was taken over (the description names the next step); `session_active`: the issue has a live agent run already (`session`); `session_stopped`: a person stopped the agent's run, so its writes under the run and its claim are refused until its last word (`session`).",
        errorExample("conflict", "ENG-42 already blocks ENG-7: this edge would close a cycle."),
        { "Retry-After": ref("RetryAfter") },
      ),
      PreconditionFailed: errorResponse(
        "`precondition_failed`: the object changed since the read whose ETag was sent in If-Match; nothing was changed.",
        errorExample(
          "precondition_failed",
          "ENG-42 changed since your read (it is at version 4); read it again.",
        ),
      ),
      TooLarge: errorResponse(
        "`request_too_large`: the body is larger than the endpoint accepts.",
        errorExample("request_too_large", "The body is larger than 1 MB."),
      ),
      UnsupportedMediaType: errorResponse(
        "`unsupported_media_type`: send the body as application/json.",
        errorExample("unsupported_media_type", "Send the body as application/json."),
      ),
      IdempotencyKeyReused: errorResponse(
        "`idempotency_key_reused`: the Idempotency-Key was used with a different request.",
        errorExample(
          "idempotency_key_reused",
          "This Idempotency-Key was already used with a different request; use a new key for a new request.",
        ),
      ),
      TooManyRequests: errorResponse(
        "`rate_limited`: too many requests with this token; `retry_after` in the body repeats Retry-After.",
        errorExample(
          "rate_limited",
          "More than 600 requests a minute with this token; retry after 12 seconds.",
          {
            retry_after: 12,
          },
        ),
        { "Retry-After": ref("RetryAfter") },
      ),
      Unavailable: errorResponse(
        "`temporarily_unavailable`: maintenance or a passing failure.",
        errorExample("temporarily_unavailable", "Docket is under maintenance; retry in a minute."),
        { "Retry-After": ref("RetryAfter") },
        false,
      ),
    },
    securitySchemes: {
      personalAccessToken: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "docket_pat_…",
        description:
          "A personal access token (`docket_pat_…`) made in your settings, for scripts and integrations. Its scopes are `workspace.read` and, unless read-only, `workspace.write`; each operation names the one it needs in `x-scope`.",
      },
      connectionAccessToken: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "docket_at_…",
        description:
          "A connection's access token (`docket_at_…`, valid 60 minutes), issued to an agent or an app a person connected to one workspace (agent sign-in or OAuth). It carries the connection's scopes, checked like a personal access token's; it stops working at once when the connection is revoked.",
      },
      webSession: {
        type: "apiKey",
        in: "cookie",
        name: "docket_session",
        description:
          "The web app's session: the cookie set when a person signs in at /sign-in, used when a request has no Authorization header, from BASE_URL's own origin only. It acts as the person with both scopes, in the workspace `Docket-Workspace` names (else their first). Every POST, PATCH and DELETE must carry `X-CSRF-Token` (the `csrf_token` of `GET /v1/me`) and come from the same origin: else 403 `csrf_refused`. Rate limits count per person.",
      },
    },
  };
}

/**
 * The OpenAPI 3.1 document of `/v1`, made from the operations' own zod schemas (the ones that validate
 * requests), so it cannot drift from what the API accepts.
 */
export function buildOpenApi(ops: readonly Operation[], options: DocumentOptions): OpenApiDocument {
  const comps = components();
  const paths: OpenApiDocument["paths"] = {};
  // Known groups in their usual order, then any others as they come; operations keep their order within.
  const known = Object.keys(TAG_DESCRIPTIONS);
  const rank = (tag: string) => (known.includes(tag) ? known.indexOf(tag) : known.length);
  const sorted = [...ops].sort((a, b) => rank(a.tag) - rank(b.tag));
  const tags: string[] = [];
  for (const o of sorted) {
    if (!tags.includes(o.tag)) tags.push(o.tag);
    const path = openApiPath(o.path);
    paths[path] ??= {};
    paths[path][o.method.toLowerCase()] = operationOf(o, comps.schemas);
  }
  const description = conventions(options)
    .map((c) => `## ${c.title}\n\n${c.text}`)
    .join("\n\n");
  return {
    openapi: "3.1.1",
    info: {
      title: "Docket REST API",
      version: PACKAGE_VERSION,
      description: `Issues, dependencies, decisions, notes, cycles, milestones, files and bundles over JSON. Human-readable reference: ${options.baseUrl}/docs\n\n${description}`,
    },
    servers: [{ url: `${options.baseUrl}/v1` }],
    tags: tags.map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    ),
    paths,
    components: comps,
  };
}

interface Cached {
  count: number;
  document: OpenApiDocument;
  json: string;
  etag: string;
}
const cache = new Map<string, Cached>();

/**
 * The document for this server, made once per process (again only if more operations were defined
 * since), with its JSON text and ETag.
 */
export function openApiFor(core: Core): Cached {
  const options = { baseUrl: core.config.baseUrl, rateLimit: core.config.restRateLimit };
  const key = `${options.baseUrl} ${options.rateLimit}`;
  const hit = cache.get(key);
  if (hit && hit.count === operations.length) return hit;
  const document = buildOpenApi(operations, options);
  const json = JSON.stringify(document);
  const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 22)}"`;
  const made = { count: operations.length, document, json, etag };
  cache.set(key, made);
  return made;
}

/** True when an If-None-Match header lists `etag` (or is `*`). */
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== "string") return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/**
 * `GET /v1/openapi.json`, public like most APIs' descriptions: registered beside the /v1 plugin, not in
 * it, so no token is needed. Any origin may read it (it holds nothing private).
 */
export function openApiRoutes(core: Core): FastifyPluginAsync {
  return async (app) => {
    app.get("/v1/openapi.json", async (request, reply) => {
      const { json, etag } = openApiFor(core);
      reply
        .header("etag", etag)
        .header("cache-control", "public, no-cache")
        .header("access-control-allow-origin", "*");
      if (noneMatch(request.headers["if-none-match"], etag)) return reply.code(304).send();
      return reply.type("application/json; charset=utf-8").send(json);
    });
  };
}
