import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CommandSpec, Values } from "../command.ts";
import type { Io } from "../output.ts";
import { UsageError } from "../output.ts";
import type { ApiClient, PageWant } from "./api.ts";
import type { Paint, Terminal } from "./render.ts";

/** What a command prints: `json` with --json (the API's answer), `text` for people. */
export interface Result {
  json: unknown;
  text: string;
  /** a line for stderr after the text (e.g. that more items exist); never with --json */
  note?: string;
}

export interface RunContext {
  io: Io;
  env: NodeJS.ProcessEnv;
  term: Terminal;
  paint: Paint;
  json: boolean;
  /** the profile chosen by --profile, DOCKET_PROFILE or default */
  profile: string;
  /** the configuration file */
  configFile: string;
  /** the signed-in client; throws "not signed in" (exit 3) when the profile has no credentials */
  api(): ApiClient;
  /** reads all of stdin as text */
  stdin(): Promise<string>;
}

export interface ClientCommand extends CommandSpec {
  /** false for commands that need no sign-in (login, logout, completion) */
  auth?: boolean;
  run(ctx: RunContext, values: Values, positionals: string[]): Promise<Result>;
}

// ---------------------------------------------------------------------------------------------------
// Flag helpers shared by the commands

/** The flags every list command takes. */
export const LIST_OPTIONS = {
  limit: { type: "string" },
  all: { type: "boolean" },
  cursor: { type: "string" },
} as const;

export function pageWant(v: Values): PageWant {
  const raw = typeof v.limit === "string" ? v.limit.trim() : undefined;
  let limit = 50;
  if (raw !== undefined) {
    if (!/^\d+$/.test(raw) || Number(raw) < 1)
      throw new UsageError(`--limit must be a whole number of at least 1 (got "${raw}")`);
    limit = Number(raw);
  }
  return { all: v.all === true, limit, cursor: typeof v.cursor === "string" ? v.cursor : undefined };
}

/** The stderr note for a list that stopped before the end. */
export function moreNote(nextCursor: string | null, shown: number): string | undefined {
  return nextCursor
    ? `${shown} shown; more exist: add --all for every one, or --limit N (--cursor ${nextCursor} continues here)`
    : undefined;
}

/** `--if-version N`: a write that only goes through if the object is still at version N. */
export const IF_VERSION_OPTION = { "if-version": { type: "string" } } as const;

/**
 * The If-Match of a write: `--if-version`, else the version of `current` when the command read the
 * object to compute the change (labels added, text edited), so a change made meanwhile is not lost
 * but refused (412).
 */
export function ifMatch(v: Values, current?: { version: number }): string | undefined {
  const raw = typeof v["if-version"] === "string" ? v["if-version"].trim() : undefined;
  if (raw !== undefined) {
    if (!/^\d+$/.test(raw)) throw new UsageError(`--if-version must be a version number (got "${raw}")`);
    return `"${raw}"`;
  }
  return current ? `"${current.version}"` : undefined;
}

/** A repeatable flag whose values may also be comma-separated: `--label a,b --label c` → [a, b, c]. */
export function many(v: Values, name: string): string[] | undefined {
  const raw = v[name];
  if (raw === undefined) return undefined;
  const list = (Array.isArray(raw) ? raw : [String(raw)])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter((s) => s !== "");
  return list;
}

/** A flag that clears its field with `none`: `--due none` → null. */
export function orNone(v: Values, name: string): string | null | undefined {
  const raw = v[name];
  if (typeof raw !== "string") return undefined;
  return raw.trim().toLowerCase() === "none" ? null : raw;
}

/** A whole-number flag that `none` clears. */
export function numberOrNone(v: Values, name: string): number | null | undefined {
  const raw = orNone(v, name);
  if (raw === null || raw === undefined) return raw;
  if (!/^-?\d+$/.test(raw.trim()))
    throw new UsageError(`--${name} must be a whole number or none (got "${raw}")`);
  return Number(raw.trim());
}

/** Leaves out the keys whose value is undefined, so a body sends only what was asked. */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The value of a text field given as `--name text`, `--name-file path` (`-` for stdin) — one of the
 * two at most.
 */
export async function textFlag(ctx: RunContext, v: Values, name: string): Promise<string | undefined> {
  const inline = typeof v[name] === "string" ? (v[name] as string) : undefined;
  const file = typeof v[`${name}-file`] === "string" ? (v[`${name}-file`] as string) : undefined;
  if (inline !== undefined && file !== undefined)
    throw new UsageError(`give --${name} or --${name}-file, not both`);
  if (file === undefined) return inline;
  if (file === "-") return ctx.stdin();
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(
      `--${name}-file: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}

/**
 * Checks a body with the tracker's own schema before sending it, so a bad flag is a usage error (exit 2)
 * that names it; the service checks again and has the last word.
 */
export async function checkLocally(
  load: () => Promise<{
    safeParse(input: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  }>,
  body: unknown,
  flagOf: (field: string) => string = (f) => f.replaceAll("_", "-"),
): Promise<void> {
  const schema = await load();
  const result = schema.safeParse(body);
  if (result.success) return;
  const problems = (result.error?.issues ?? []).map((issue) => {
    // named as the service names fields, without the place: `labels[0]`, `folder.name`
    const field = issue.path
      .map((step, i) => (typeof step === "number" ? `[${step}]` : `${i ? "." : ""}${String(step)}`))
      .join("");
    return field
      ? `--${flagOf(String(issue.path[0]))}${issue.path.length > 1 ? ` (${field})` : ""}: ${issue.message}`
      : issue.message;
  });
  throw new UsageError([...new Set(problems)].join("; "));
}

/**
 * Opens `$VISUAL` or `$EDITOR` (else vi) on `initial` and returns what was saved. The editor command may
 * carry arguments (`code --wait`); a non-zero exit changes nothing.
 */
export function editText(env: NodeJS.ProcessEnv, initial: string, what: string): string {
  const editor = env.VISUAL?.trim() || env.EDITOR?.trim() || "vi";
  const dir = mkdtempSync(path.join(tmpdir(), "docket-edit-"));
  const file = path.join(dir, `${what}.md`);
  try {
    writeFileSync(file, initial, { mode: 0o600 });
    const result = spawnSync(`${editor} "${file}"`, { shell: true, stdio: "inherit", env });
    if (result.status !== 0)
      throw new UsageError(
        `the editor (${editor}) ${result.error ? `could not start: ${result.error.message}` : `exited with ${result.status ?? result.signal}`}; nothing was changed`,
      );
    return readFileSync(file, "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A text field from `--name`, `--name-file`, or the editor with `--edit` (starting from `current`). */
export async function textOrEdit(
  ctx: RunContext,
  v: Values,
  name: string,
  current = "",
): Promise<string | undefined> {
  const given = await textFlag(ctx, v, name);
  if (v.edit !== true) return given;
  if (given !== undefined) throw new UsageError(`give --${name}, --${name}-file or --edit, one of them`);
  return editText(ctx.env, current, name);
}
