import { z } from "zod";
import { LimiterUnavailable } from "../auth/limits.ts";
import type { Principal, Scope } from "../auth/tokens.ts";
import { isUnavailable } from "../db/store.ts";
import { DocketError, invalid } from "../errors.ts";
import type { Ctx } from "../tracker/context.ts";
import { parse } from "../validate.ts";

/**
 * MCP tools over the tracker: each is one tracker function with the REST operation's zod schemas. A
 * tool's JSON Schemas, its `tools/list` entry and its argument parsing are built once, when this module
 * loads; a call only parses its arguments and runs.
 */

// biome-ignore lint/suspicious/noExplicitAny: any object schema
type AnyObject = z.ZodObject<any>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type JsonSchema = Record<string, unknown>;

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolArgs<P, I> {
  /** the arguments that name the object acted on (the REST path's parameters) */
  params: Out<P>;
  /** the rest (the REST body or query) */
  input: Out<I>;
  /** `expected_version`, as the REST If-Match gives it; undefined when not sent */
  ifMatch: number[] | undefined;
  /** `fencing_token`, as the REST Docket-Fencing-Token header gives it; undefined when not sent */
  fencingToken: number | undefined;
  /** aborts when the client goes away (a tool that waits stops waiting) */
  signal?: AbortSignal | undefined;
}

export interface ToolSpec<
  P extends AnyObject | undefined,
  I extends z.ZodType | undefined,
  O extends z.ZodType,
> {
  name: string;
  title: string;
  description: string;
  scope: Scope;
  params?: P;
  input?: I;
  /** `input` is a REST query schema: lists and booleans sent as JSON are put into query form first */
  query?: boolean;
  /** takes `expected_version` (the REST If-Match) */
  versioned?: boolean;
  /** takes `fencing_token` (the REST Docket-Fencing-Token): a write to a claimed issue */
  fenced?: boolean;
  output: O;
  /** behaviour hints beyond readOnlyHint, which follows from the scope */
  hints?: Omit<ToolAnnotations, "readOnlyHint" | "title">;
  run(ctx: Ctx, args: ToolArgs<P, I>, principal: Principal): Promise<z.output<O>>;
  /** the compact text shown beside the structured result */
  text(result: z.output<O>): string;
  /** what goes into `structuredContent` when it is not the whole result (e.g. without what the text carries) */
  structured?(result: z.output<O>): Record<string, unknown>;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  /** advertised only where a client benefits from it (none today: `structuredContent` is the REST JSON) */
  outputSchema?: JsonSchema;
  annotations: Omit<ToolAnnotations, "title">;
}

export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface Tool {
  name: string;
  scope: Scope;
  definition: ToolDefinition;
  call(
    ctx: Ctx,
    principal: Principal,
    args: unknown,
    log?: ToolLogger,
    signal?: AbortSignal,
  ): Promise<ToolResult>;
}

export const EXPECTED_VERSION = "expected_version";
export const FENCING_TOKEN = "fencing_token";

const expectedVersion = z
  .number({ error: "must be a version number" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be at least 1" });

const expectedVersionJson: JsonSchema = {
  type: "integer",
  minimum: 1,
  description: "The `version` you read: refused (precondition_failed) if the object changed since.",
};

const fencingTokenArg = z
  .number({ error: "must be a fencing token (a whole number)" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be at least 1" });

const fencingTokenJson: JsonSchema = {
  type: "integer",
  minimum: 1,
  description: "Your claim's fencing_token (lease_lost if a later claim took the issue).",
};

// ---------------------------------------------------------------------------------------------------
// JSON Schemas, built once per tool

function jsonOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
}

// biome-ignore lint/suspicious/noExplicitAny: walking zod's definitions
type Def = any;

/** Optional and default wrappers peeled off a field schema. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema as Def;
  while (s?.def && (s.def.type === "optional" || s.def.type === "default" || s.def.type === "nullable"))
    s = s.def.innerType;
  return s;
}

/** A query field in comma-separated form (`csv()` in the tracker): the array it becomes. */
function csvItems(schema: z.ZodType): z.ZodType | undefined {
  const s = unwrap(schema) as Def;
  if (s?.def?.type !== "pipe") return undefined;
  const out = s.def.out as Def;
  const inner = s.def.in as Def;
  if (out?.def?.type === "array" && inner?.def?.type === "pipe") return out.def.element;
  return undefined;
}

/** A query-string boolean (`queryBool` in the tracker). */
function isQueryBool(schema: z.ZodType): boolean {
  const s = unwrap(schema) as Def;
  if (s?.def?.type !== "pipe") return false;
  const inner = s.def.in as Def;
  return inner?.def?.type === "enum" && Array.isArray(inner.options) && inner.options.includes("true");
}

function objectJson(schema: AnyObject, query: boolean): JsonSchema {
  const json = jsonOf(schema, "input");
  if (!query) return json;
  const properties = json.properties as Record<string, JsonSchema>;
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const prop = properties[key];
    if (!prop) continue;
    const items = csvItems(field);
    if (items) {
      const { type: _t, ...rest } = prop;
      const itemJson = jsonOf(items, "input");
      delete itemJson.$schema;
      properties[key] = { ...rest, type: "array", items: itemJson, maxItems: 50 };
      if (typeof rest.description === "string")
        properties[key]!.description = rest.description
          .replace(/^Comma-separated (\w+)\.$/, "Any of these $1.")
          .replace(/^Comma-separated (\w)/, (_, c: string) => c.toUpperCase());
    } else if (isQueryBool(field)) {
      const { type: _t, enum: _e, ...rest } = prop;
      properties[key] = { ...rest, type: "boolean" };
    }
  }
  return json;
}

function inputSchemaOf(
  params: AnyObject | undefined,
  input: z.ZodType | undefined,
  query: boolean,
  versioned: boolean,
  fenced = false,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let defs: Record<string, JsonSchema> | undefined;
  for (const part of [params, input]) {
    if (!part) continue;
    const json = part instanceof z.ZodObject ? objectJson(part, query) : jsonOf(part, "input");
    Object.assign(properties, json.properties as Record<string, JsonSchema>);
    required.push(...((json.required as string[] | undefined) ?? []));
    if (json.$defs) defs = { ...defs, ...(json.$defs as Record<string, JsonSchema>) };
  }
  if (versioned) properties[EXPECTED_VERSION] = expectedVersionJson;
  if (fenced) properties[FENCING_TOKEN] = fencingTokenJson;
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(defs ? { $defs: defs } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------
// Lean schemas: every token of tools/list is paid by every agent on every turn

const ISSUE_REF_PATTERN = "^([A-Za-z][A-Za-z0-9]{1,9}-[1-9][0-9]{0,9}|iss_[0-9A-Z]{26})$";
const PREFIXED_ID = /^\^([a-z]+)_\[0-9A-Z\]\{26\}\$$/;
/** A list filter's id or `none` (`^(none|cyc_[0-9A-Z]{26})$`). */
const PREFIXED_ID_OR_NONE = /^\^\(none\|([a-z]+)_\[0-9A-Z\]\{26\}\)\$$/;
/** A space prefix's pattern: a description names the space (its upper-case letters are checked on the call). */
const SPACE_PATTERN = "^[A-Z][A-Z0-9]{1,9}$";
const ISSUE_DEF: JsonSchema = { type: "string", description: "ENG-42 (or iss_…)" };

/** Descriptions that only restate the limits and default the schema itself states. */
const RESTATED = [
  /^(Items|Results) per page, \d+ to \d+; \d+ by default\.$/,
  /^A one-line title, 1 to 255 characters\.$/,
  // every page's text says how to ask for the next one
  /^The next_cursor of the previous page\.$/,
];

/** A Markdown field's description that restates its maxLength. */
const MARKDOWN = /^Markdown text, at most [\d,]+ characters\.$/;

/**
 * `anyOf: [X, {type: "null"}]` (zod's nullable) as X with `"null"` added to its type, when X is a plain
 * typed schema: the same meaning in fewer tokens.
 */
function nullableOf(o: JsonSchema): JsonSchema | undefined {
  const any = o.anyOf;
  if (!Array.isArray(any) || any.length !== 2) return undefined;
  const nullAt = any.findIndex(
    (x) => (x as JsonSchema)?.type === "null" && Object.keys(x as object).length === 1,
  );
  if (nullAt < 0) return undefined;
  const other = any[1 - nullAt] as JsonSchema;
  if (typeof other?.type !== "string") return undefined;
  const { anyOf: _a, ...rest } = o;
  if (other.pattern === ISSUE_REF_PATTERN) {
    // an issue reference, or null: said in its description rather than through `$defs`
    const said = typeof o.description === "string" ? o.description.replace(/\.$/, "") : "An issue";
    return { type: ["string", "null"], description: `${said} (ENG-42).` };
  }
  return { ...other, ...rest, type: [other.type, "null"] };
}

/**
 * A tool's input schema made lean for `tools/list`: an issue reference, however often it appears, is one
 * shared `$defs/issue` (the pattern stays in the zod schema that parses the call); a prefixed id's pattern
 * becomes its prefix (`cyc_…`); a description that only restates the limits beside it goes. Limits, enums
 * and the other descriptions stay.
 */
export function leanSchema(schema: JsonSchema): JsonSchema {
  let issueRefs = 0;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const o = node as JsonSchema;
    if (o.type === "string" && o.pattern === ISSUE_REF_PATTERN) {
      issueRefs++;
      const { type: _t, pattern: _p, description, ...rest } = o;
      const generic = typeof description === "string" && /^An issue identifier such as/.test(description);
      return { $ref: "#/$defs/issue", ...rest, ...(description && !generic ? { description } : {}) };
    }
    const nullable = nullableOf(o);
    if (nullable) return walk(nullable);
    const oneString = stringsOf(o);
    if (oneString) return oneString;
    const out: JsonSchema = {};
    let idFormat: string | undefined;
    for (const [k, v] of Object.entries(o)) {
      if (k === "description" && typeof v === "string" && RESTATED.some((r) => r.test(v))) continue;
      if (k === "description" && typeof v === "string" && MARKDOWN.test(v)) {
        out.description = "Markdown.";
        continue;
      }
      // a date or time's format says what its pattern says; the zod schema still checks the pattern
      if (k === "pattern" && typeof o.format === "string") continue;
      if (k === "pattern" && typeof v === "string") {
        const id = PREFIXED_ID.exec(v);
        const idOrNone = PREFIXED_ID_OR_NONE.exec(v);
        if (id || idOrNone) {
          idFormat = id ? `${id[1]}_…` : `${idOrNone![1]}_… or none`;
          continue;
        }
        if (v === SPACE_PATTERN && typeof o.description === "string") continue;
      }
      // An empty string, a text past its cap or a list past its length is refused with a clear message
      // naming the cap; stating the obvious and the generous caps on every field costs more than it helps.
      if (k === "minLength" && v === 1) continue;
      if (k === "maxLength" && typeof v === "number" && v >= 200) continue;
      if (k === "maxItems" && typeof v === "number" && v >= 50) continue;
      out[k] = k === "properties" || k === "$defs" ? mapValues(v as JsonSchema, walk) : walk(v);
    }
    // a prefixed id says its format: alone, or after a description that does not name it
    if (idFormat) {
      const d = out.description;
      if (typeof d !== "string") out.description = idFormat;
      else if (!d.includes(idFormat.slice(0, idFormat.indexOf("…"))))
        out.description = `${d.replace(/\.$/, "")} (${idFormat}).`;
    }
    return out;
  };
  const lean = walk(schema) as JsonSchema;
  if (issueRefs === 1) return inlineIssueRef(lean);
  if (issueRefs > 0) lean.$defs = { ...(lean.$defs as JsonSchema | undefined), issue: ISSUE_DEF };
  return lean;
}

/** The MCP spec's defaults: a hint equal to its default is not sent (every agent pays for each token). */
const HINT_DEFAULTS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/**
 * Annotations without the hints that say what the spec's defaults say. `destructiveHint` and
 * `idempotentHint` mean something only for a tool that writes, so a read sends neither.
 */
export function leanAnnotations(hints: Omit<ToolAnnotations, "title">): Omit<ToolAnnotations, "title"> {
  const out: Omit<ToolAnnotations, "title"> = {};
  for (const [k, v] of Object.entries(hints) as [keyof typeof HINT_DEFAULTS, boolean | undefined][]) {
    if (v === undefined || v === HINT_DEFAULTS[k]) continue;
    if (hints.readOnlyHint && (k === "destructiveHint" || k === "idempotentHint")) continue;
    out[k as Exclude<keyof ToolAnnotations, "title">] = v;
  }
  return out;
}

/** A schema's one issue reference written in place: shorter than a `$ref` and its `$defs` entry. */
function inlineIssueRef(schema: JsonSchema): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const o = node as JsonSchema;
    if (o.$ref === "#/$defs/issue") {
      const { $ref: _r, ...rest } = o;
      return { ...ISSUE_DEF, ...rest };
    }
    return mapValues(o, walk);
  };
  return walk(schema) as JsonSchema;
}

/** `anyOf` of plain strings (an id of one kind or another) as one string, its description saying which. */
function stringsOf(o: JsonSchema): JsonSchema | undefined {
  const any = o.anyOf;
  if (!Array.isArray(any) || typeof o.description !== "string") return undefined;
  // a string (an id's pattern at most) or an issue reference, nothing else: no limits to keep
  const plain = (x: JsonSchema) =>
    (x.type === "string" || x.$ref === "#/$defs/issue") &&
    Object.keys(x).every((k) => ["type", "pattern", "description", "$ref"].includes(k));
  if (!any.every((x) => plain(x as JsonSchema))) return undefined;
  const { anyOf: _a, ...rest } = o;
  return { type: "string", ...rest };
}

function mapValues(o: JsonSchema, fn: (v: unknown) => unknown): JsonSchema {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fn(v)]));
}

// ---------------------------------------------------------------------------------------------------
// Arguments

const emptyInput = z.strictObject({});

/** JSON lists and booleans in the comma-separated and `true`/`false` form REST query schemas read. */
function toQueryForm(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (Array.isArray(v) && v.every((x) => typeof x === "string")) out[k] = v.join(",");
    else if (typeof v === "boolean") out[k] = v ? "true" : "false";
    else out[k] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Did you mean

/** Levenshtein distance between two short strings. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** Names compared without case, `_` or `-`: `blocked_by` is `blockedBy`. */
const fold = (name: string) => name.toLowerCase().replace(/[_-]/g, "");

/**
 * The candidate nearest to `name` by edit distance (ignoring case, `_` and `-`), when it is near enough
 * to be what was meant: at most a third of the name's letters away (at least 1; a name of fewer than 4
 * letters must match outright), or one name inside the other (`issue` for `issue_id`). Ties go to the
 * earlier candidate.
 */
export function nearest(name: string, candidates: Iterable<string>): string | undefined {
  const folded = fold(name);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const c = fold(candidate);
    const inside = c.length >= 3 && folded.length >= 3 && (folded.includes(c) || c.includes(folded));
    const d = inside ? Math.min(distance(folded, c), 1) : distance(folded, c);
    if (!inside && d > (folded.length < 4 ? 0 : Math.max(1, Math.floor(folded.length / 3)))) continue;
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Runs `fn`, collecting the field messages of a validation failure into `fields`. */
function collect<T>(fields: Record<string, string>, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    if (error instanceof DocketError && error.fields) {
      for (const [k, m] of Object.entries(error.fields)) {
        const key = k === "(input)" ? "(arguments)" : k;
        if (!(key in fields)) fields[key] = m;
      }
      return undefined;
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Results

/** Why a read-only connection cannot call a write tool, and what to do about it. */
export function readOnlyRefusal(tool: string, scope: string): string {
  return `This connection is read-only; ${tool} needs the ${scope} scope. Ask the person to approve read-and-write access.`;
}

/** Members of a nested object of an error body that a tool error also gives at its top. */
const LIFTED: [string, string[]][] = [
  ["claim", ["holder", "expires_at"]],
  ["review", ["may_finish", "next"]],
];

/**
 * The structured form of a tool error: the REST error body (`error`, `error_description`, `fields` and
 * whatever else the error carries, such as a claim's `holder` and `expires_at`, `may_finish` or `next`),
 * with `retry_after` in seconds when the error says when to try again.
 */
export function errorContent(error: DocketError): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...error.body,
    error: error.code,
    error_description: error.description,
  };
  // the members an agent acts on, at the top whatever object of the body holds them
  for (const [holder, keys] of LIFTED) {
    const inner = error.body?.[holder];
    if (inner === null || typeof inner !== "object") continue;
    for (const key of keys)
      if (!(key in out) && key in inner) out[key] = (inner as Record<string, unknown>)[key];
  }
  if (error.fields) out.fields = error.fields;
  const retry = Number(error.headers?.["retry-after"]);
  if (Number.isFinite(retry) && retry > 0) out.retry_after = retry;
  return out;
}

/** A structured error's one line for the model: `code: description`, and the next call when there is one. */
export function errorText(content: Record<string, unknown>): string {
  let line = `${content.error}: ${content.error_description}`;
  const next = content.next as { tool?: unknown; arguments?: unknown } | undefined;
  if (next && typeof next.tool === "string" && !line.includes(next.tool)) {
    // the arguments when they are short; structuredContent.next has them whole
    const args = next.arguments ? JSON.stringify(next.arguments) : "";
    line += ` Next: ${next.tool}${args && args.length <= 200 ? ` ${args}` : ""}.`;
  }
  if (typeof content.retry_after === "number" && !/retry after|try again/i.test(line))
    line += ` Retry after ${content.retry_after} seconds.`;
  return line.replace(/\s*\n\s*/g, " ");
}

/** A tool error from its structured content: the one-line text beside it. */
export function structuredError(content: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text: errorText(content) }], structuredContent: content, isError: true };
}

/** A DocketError as a tool error: the structured body, and a one-line text for the model to act on. */
export function errorResult(error: DocketError): ToolResult {
  return structuredError(errorContent(error));
}

/** A tool error made here, not by the tracker: a code and a description. */
export function codeError(
  code: string,
  description: string,
  extra: Record<string, unknown> = {},
): ToolResult {
  return structuredError({ error: code, error_description: description, ...extra });
}

export interface ToolLogger {
  error(object: unknown, message: string): void;
}

/** Failures that are nobody's fault become temporarily_unavailable; the rest a server_error that reveals nothing. */
function unexpectedResult(error: unknown, log: ToolLogger | undefined): ToolResult {
  if (error instanceof LimiterUnavailable || isUnavailable(error)) {
    log?.error({ err: error }, "tool call failed: a store is unavailable");
    return codeError("temporarily_unavailable", "The service cannot reach its store; try again shortly.", {
      retry_after: 5,
    });
  }
  log?.error({ err: error }, "tool call failed");
  return codeError("server_error", "Something went wrong on our side; the error is logged.");
}

// ---------------------------------------------------------------------------------------------------
// Defining a tool

/** Builds a tool from its spec: JSON Schemas and the `tools/list` entry once, here. */
export function tool<
  P extends AnyObject | undefined = undefined,
  I extends z.ZodType | undefined = undefined,
  O extends z.ZodType = z.ZodType,
>(spec: ToolSpec<P, I, O>): Tool {
  const readOnly = spec.scope === "workspace.read";
  const query = spec.query ?? false;
  const versioned = spec.versioned ?? false;
  const fenced = spec.fenced ?? false;
  const paramKeys = new Set(spec.params ? Object.keys(spec.params.shape) : []);
  const inputSchema = (spec.input ?? emptyInput) as z.ZodType;
  const definition: ToolDefinition = {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: leanSchema(inputSchemaOf(spec.params, inputSchema, query, versioned, fenced)),
    annotations: leanAnnotations({
      readOnlyHint: readOnly,
      ...(readOnly ? {} : { destructiveHint: false, idempotentHint: false }),
      ...spec.hints,
      openWorldHint: false,
    }),
  };

  const argumentNames = Object.keys((definition.inputSchema.properties ?? {}) as JsonSchema);

  /**
   * Unknown argument names get the nearest known one ("did you mean"), or the list of arguments there
   * are. When every unknown name has a suggestion, answers the arguments with the names corrected (the
   * call to make next); else undefined.
   */
  function suggestArguments(
    fields: Record<string, string>,
    raw: Record<string, unknown> | undefined,
  ): Record<string, unknown> | undefined {
    const renames = new Map<string, string>();
    let all = true;
    for (const [key, message] of Object.entries(fields)) {
      if (!/^is not a known (field|parameter)$/.test(message) || !raw || !(key in raw)) continue;
      const guess = nearest(key, argumentNames);
      if (guess && !(guess in raw)) {
        renames.set(key, guess);
        fields[key] = `is not an argument of ${spec.name}; did you mean ${guess}?`;
      } else {
        all = false;
        fields[key] = argumentNames.length
          ? `is not an argument of ${spec.name}, which takes ${argumentNames.join(", ")}`
          : `is not an argument of ${spec.name}, which takes none`;
      }
    }
    if (!all || renames.size === 0 || renames.size !== Object.keys(fields).length || !raw) return undefined;
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [renames.get(k) ?? k, v]));
  }

  function parseArgs(raw: unknown): ToolArgs<P, I> {
    if (raw !== undefined && (raw === null || typeof raw !== "object" || Array.isArray(raw))) {
      throw invalid("Invalid input: (arguments): must be an object", { "(arguments)": "must be an object" });
    }
    const params: Record<string, unknown> = {};
    let rest: Record<string, unknown> = {};
    let version: unknown;
    let fence: unknown;
    for (const [k, v] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
      if (paramKeys.has(k)) params[k] = v;
      else if (versioned && k === EXPECTED_VERSION) version = v;
      else if (fenced && k === FENCING_TOKEN) fence = v;
      else rest[k] = v;
    }
    if (query) rest = toQueryForm(rest);
    const fields: Record<string, string> = {};
    const p = spec.params ? collect(fields, () => parse(spec.params as AnyObject, params)) : undefined;
    const i = collect(fields, () => parse(inputSchema, rest));
    const v =
      version === undefined
        ? undefined
        : collect(fields, () => {
            const r = expectedVersion.safeParse(version);
            if (!r.success)
              throw invalid("", { [EXPECTED_VERSION]: r.error.issues[0]?.message ?? "is not valid" });
            return r.data;
          });
    const f =
      fence === undefined
        ? undefined
        : collect(fields, () => {
            const r = fencingTokenArg.safeParse(fence);
            if (!r.success)
              throw invalid("", { [FENCING_TOKEN]: r.error.issues[0]?.message ?? "is not valid" });
            return r.data;
          });
    if (Object.keys(fields).length) {
      const renamed = suggestArguments(fields, raw as Record<string, unknown> | undefined);
      const summary = Object.entries(fields)
        .map(([k, m]) => `${k}: ${m}`)
        .join("; ");
      const error = invalid(`Invalid input: ${summary}`, fields);
      if (!renamed) throw error;
      throw new DocketError(400, "invalid_request", error.description, {
        fields,
        body: { next: { tool: spec.name, arguments: renamed } },
      });
    }
    return {
      params: p as Out<P>,
      input: (spec.input ? i : undefined) as Out<I>,
      ifMatch: v === undefined ? undefined : [v],
      fencingToken: f,
    };
  }

  return {
    name: spec.name,
    scope: spec.scope,
    definition,
    async call(ctx, principal, raw, log, signal) {
      if (!principal.scopes.has(spec.scope)) {
        return codeError("insufficient_scope", readOnlyRefusal(spec.name, spec.scope), {
          scope: "workspace.read workspace.write",
        });
      }
      try {
        const result = await spec.run(ctx, { ...parseArgs(raw), signal }, principal);
        return {
          content: [{ type: "text", text: spec.text(result) }],
          structuredContent: (spec.structured ? spec.structured(result) : result) as Record<string, unknown>,
        };
      } catch (error) {
        if (error instanceof DocketError) return errorResult(error);
        return unexpectedResult(error, log);
      }
    },
  };
}
