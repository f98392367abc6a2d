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
  call(ctx: Ctx, principal: Principal, args: unknown, log?: ToolLogger): Promise<ToolResult>;
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
  description:
    "The version you last read (the object's `version`). The change is made only if nobody changed the object since; else the call fails with precondition_failed.",
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
        properties[key]!.description = rest.description.replace(/^Comma-separated /, "");
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
const ISSUE_DEF: JsonSchema = { type: "string", description: "ENG-42 (or iss_…)" };

/** Descriptions that only restate the limits and default the schema itself states. */
const RESTATED = [
  /^(Items|Results) per page, \d+ to \d+; \d+ by default\.$/,
  /^A one-line title, 1 to 255 characters\.$/,
];

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
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(o)) {
      if (k === "description" && typeof v === "string" && RESTATED.some((r) => r.test(v))) continue;
      if (k === "pattern" && typeof v === "string") {
        const m = PREFIXED_ID.exec(v);
        if (m) {
          if (o.description === undefined) out.description = `${m[1]}_…`;
          continue;
        }
      }
      out[k] = k === "properties" || k === "$defs" ? mapValues(v as JsonSchema, walk) : walk(v);
    }
    return out;
  };
  const lean = walk(schema) as JsonSchema;
  if (issueRefs > 0) lean.$defs = { ...(lean.$defs as JsonSchema | undefined), issue: ISSUE_DEF };
  return lean;
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

function textResult(text: string, isError = false): ToolResult {
  return isError
    ? { content: [{ type: "text", text }], isError: true }
    : { content: [{ type: "text", text }] };
}

/** A DocketError as a tool error: its code and description, for the model to read and act on. */
export function errorResult(error: DocketError): ToolResult {
  return textResult(`${error.code}: ${error.description}`, true);
}

export interface ToolLogger {
  error(object: unknown, message: string): void;
}

/** Failures that are nobody's fault become temporarily_unavailable; the rest a server_error that reveals nothing. */
function unexpectedResult(error: unknown, log: ToolLogger | undefined): ToolResult {
  if (error instanceof LimiterUnavailable || isUnavailable(error)) {
    log?.error({ err: error }, "tool call failed: a store is unavailable");
    return textResult(
      "temporarily_unavailable: The service cannot reach its store; try again shortly.",
      true,
    );
  }
  log?.error({ err: error }, "tool call failed");
  return textResult("server_error: Something went wrong on our side; the error is logged.", true);
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
    annotations: {
      readOnlyHint: readOnly,
      ...(readOnly ? {} : { destructiveHint: false, idempotentHint: false }),
      ...spec.hints,
      openWorldHint: false,
    },
  };

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
      const summary = Object.entries(fields)
        .map(([k, m]) => `${k}: ${m}`)
        .join("; ");
      throw invalid(`Invalid input: ${summary}`, fields);
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
    async call(ctx, principal, raw, log) {
      if (!principal.scopes.has(spec.scope)) {
        return textResult(`insufficient_scope: ${readOnlyRefusal(spec.name, spec.scope)}`, true);
      }
      try {
        const result = await spec.run(ctx, parseArgs(raw), principal);
        return {
          content: [{ type: "text", text: spec.text(result) }],
          structuredContent: result as Record<string, unknown>,
        };
      } catch (error) {
        if (error instanceof DocketError) return errorResult(error);
        return unexpectedResult(error, log);
      }
    },
  };
}
