import { z } from "zod";
import { invalid } from "./errors.ts";

/** Where a request carries a value: the place names that start every REST `fields` key. */
export type Place = "path" | "query" | "body" | "header";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * A field's path as `fields` names it: the place first when there is one, then each step, a name as
 * `.name` and an array index as `[i]` (`body.blockedBy[0]`, `query.limit`, `body.folder.name`). A name
 * that is not a plain identifier is quoted in brackets (`body["a.b"]`), so every key reads back
 * unambiguously. Without a place (tool arguments, the CLI's flags) the path starts at its first name.
 */
export function fieldPath(steps: readonly PropertyKey[], place?: Place | string): string {
  let out = place ?? "";
  for (const step of steps) {
    if (typeof step === "number") out += `[${step}]`;
    else {
      const name = String(step);
      if (IDENTIFIER.test(name)) out += out === "" ? name : `.${name}`;
      else out += `[${JSON.stringify(name)}]`;
    }
  }
  return out === "" ? "(input)" : out;
}

/** The value at `steps` inside `input`, or undefined when any step is missing. */
function valueAt(input: unknown, steps: readonly PropertyKey[]): unknown {
  let at: unknown = input;
  for (const step of steps) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[step as string];
  }
  return at;
}

/**
 * Parses input with a zod schema; on failure throws 400 invalid_request whose description names each
 * bad field and why, with the same in `fields` (one message per field, the first found). The rules,
 * the same on every surface: a missing field "is required"; a field or parameter nobody defined "is
 * not a known field" ("… parameter" in a query or path); a body that is not an object "must be a JSON
 * object". `place` prefixes every key (see `fieldPath`).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, place?: Place): z.output<S> {
  const result = schema.safeParse(wellFormedText(input, place));
  if (result.success) return result.data;
  throw invalid(...describeIssues(result.error.issues, input, place));
}

const NUL_MESSAGE = "must not contain the NUL character (U+0000)";
/** No input nests deeper than this; deeper JSON is refused before anything walks it. */
export const MAX_NESTING = 64;

/**
 * Text as every surface takes it, before any schema reads it: a string holding U+0000 is refused (400
 * naming each such field: PostgreSQL cannot store it, and no text a person writes holds it), and a
 * lone surrogate (half of a UTF-16 pair, which no UTF-8 text can hold) is replaced by U+FFFD, so what
 * the answer shows is what either database keeps. Returns the input itself when nothing needed
 * replacing (the usual case: nothing is copied).
 */
export function wellFormedText(input: unknown, place?: Place): unknown {
  const nul: PropertyKey[][] = [];
  const out = walkText(input, [], nul);
  if (out === TOO_DEEP) {
    const key = place ?? "(input)";
    const why = `nests deeper than ${MAX_NESTING} levels`;
    throw invalid(`Invalid input: ${key}: ${why}`, { [key]: why });
  }
  if (nul.length > 0) {
    const fields = Object.fromEntries(nul.map((steps) => [fieldPath(steps, place), NUL_MESSAGE]));
    const summary = Object.keys(fields)
      .map((k) => `${k}: ${NUL_MESSAGE}`)
      .join("; ");
    throw invalid(`Invalid input: ${summary}`, fields);
  }
  return out;
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read in one pass without parsing
 * (brackets inside strings do not count). The body parser refuses such text before anything walks it:
 * JSON.parse builds it, but every recursive reader after it (a hash of the body, a schema) would
 * overflow the stack on a few thousand levels.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

const TOO_DEEP = Symbol("too deep");

/** `walkText`'s work: `path` is the steps to `value` (a stack, pushed and popped). */
function walkText(value: unknown, path: PropertyKey[], nul: PropertyKey[][]): unknown {
  if (path.length > MAX_NESTING) return TOO_DEEP;
  if (typeof value === "string") {
    if (value.includes("\u0000")) nul.push([...path]);
    return value.isWellFormed() ? value : value.toWellFormed();
  }
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const v = walkText(value[i], path, nul);
      path.pop();
      if (v === TOO_DEEP) return v;
      if (v !== value[i]) {
        copy ??= [...value];
        copy[i] = v;
      }
    }
    return copy ?? value;
  }
  // bytes (a raw body) and dates are not text; other objects (a query's null-prototype one) are read
  if (ArrayBuffer.isView(value) || value instanceof Date) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    path.push(k);
    if (k.includes("\u0000")) nul.push([...path]);
    const w = walkText(v, path, nul);
    path.pop();
    if (w === TOO_DEEP) return w;
    if (w !== v) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[k] = w;
    }
  }
  return copy ?? value;
}

/** The description and `fields` of a failed parse (see `parse`). */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  place?: Place,
): [string, Record<string, string>] {
  const fields: Record<string, string> = {};
  const add = (key: string, message: string) => {
    if (!(key in fields)) fields[key] = message;
  };
  const unknown = place === "query" || place === "path" || place === "header" ? "parameter" : "field";
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(fieldPath([...issue.path, key], place), `is not a known ${unknown}`);
      continue;
    }
    const key = fieldPath(issue.path, place);
    if (issue.code === "invalid_type" && issue.path.length === 0 && issue.expected === "object") {
      add(key, place === "body" ? "must be a JSON object" : "must be an object");
    } else if (issue.code === "invalid_type" && valueAt(input, issue.path) === undefined) {
      add(key, "is required");
    } else add(key, issue.message);
  }
  const summary = Object.entries(fields)
    .map(([k, m]) => `${k}: ${m}`)
    .join("; ");
  return [`Invalid input: ${summary}`, fields];
}

/**
 * Names the place of every field of a validation error that a domain function raised with bare names
 * (`parent`, `blocks[1]`; domain functions do not know which surface called them): the first step is looked up in the places the operation reads, in the order
 * given, and the first place that defines it wins; names no place defines go to `fallback`.
 */
export function placeFields(
  fields: Record<string, string>,
  places: readonly [Place, ReadonlySet<string>][],
  fallback: Place,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const first = /^[^.[]*/.exec(key)![0];
    const place = places.find(([, names]) => names.has(first))?.[0] ?? fallback;
    out[first === "" || key.startsWith("(") ? place : `${place}.${key}`] = message;
  }
  return out;
}

export const email = z
  .string({ error: "must be a string" })
  .trim()
  .toLowerCase()
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be an email address" }));

/**
 * First path segments that belong to the service, never to a workspace: the web app's pages are at
 * `/{workspace-slug}/…`, so no workspace may take one of these as its slug. Holds every first segment
 * of the server's routes (a test keeps it so) and names kept for later.
 */
export const RESERVED_SLUGS: readonly string[] = [
  "v1",
  "api",
  "assets",
  "docs",
  "sign-in",
  "sign-out",
  "sign-up",
  "settings",
  "claim",
  "welcome",
  "healthz",
  "readyz",
  "files",
  "terms",
  "privacy",
  "oauth",
  "auth",
  "mcp",
  "admin",
  "login",
  "logout",
  "static",
  "app",
  "new",
  "help",
  "status",
  "inbox",
  "invite",
  "join",
];

export const slug = z
  .string({ error: "must be a string" })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, {
    error: "must be 1 to 48 lowercase letters, digits or hyphens, not starting or ending with a hyphen",
  });

export const prefix = z
  .string({ error: "must be a string" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{1,9}$/, { error: "must be 2 to 10 letters or digits, starting with a letter" });

export const displayName = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(max, { error: `must be at most ${max} characters` })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: "must not contain control characters" });

/** Derives a slug from a name: "Acme Robotics!" -> "acme-robotics". */
export function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48)
      .replace(/-+$/, "") || "workspace"
  );
}
