import { type RawBuilder, type SqlBool, sql } from "kysely";
import { z } from "zod";
import type { IssueStatus } from "../db/schema.ts";
import { conflict, type DocketError, preconditionFailed } from "../errors.ts";
import { displayName } from "../validate.ts";

/**
 * Field schemas shared by the tracker's inputs. Each carries its limit and an error that says what is
 * expected; the OpenAPI document and the MCP tools read the same schemas.
 */
export const LIMITS = {
  title: 255,
  markdown: 100_000,
  label: 50,
  labels: 20,
  refs: 100,
  name: 120,
} as const;

export const title = displayName(LIMITS.title).describe("A one-line title, 1 to 255 characters.");

export const markdown = z
  .string({ error: "must be a string" })
  .max(LIMITS.markdown, { error: `must be at most ${LIMITS.markdown} characters` })
  .describe("Markdown text, at most 100,000 characters.");

export const name = displayName(LIMITS.name);

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const date = z
  .string({ error: "must be a string" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date as YYYY-MM-DD" })
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      error: "must be a real calendar date",
    },
  )
  .describe("A calendar day, YYYY-MM-DD.")
  .meta({ format: "date" });

/** An issue reference: its identifier (`ENG-42`, any case) or its id (`iss_…`). */
export const issueRef = z
  .string({ error: "must be an issue identifier such as ENG-42" })
  .trim()
  .regex(/^([A-Za-z][A-Za-z0-9]{1,9}-[1-9][0-9]{0,9}|iss_[0-9A-Z]{26})$/, {
    error: "must be an issue identifier such as ENG-42",
  })
  .transform((s) => (s.startsWith("iss_") ? s : s.toUpperCase()))
  .describe("An issue identifier such as ENG-42 (or its id, iss_…).");

export const issueRefs = z
  .array(issueRef, { error: "must be an array of issue identifiers" })
  .max(LIMITS.refs, { error: `must hold at most ${LIMITS.refs} issues` });

/** An object id with the given prefix, e.g. `dec_01J…`. */
export const objectId = (prefix: string, what: string) =>
  z
    .string({ error: `must be a ${what} id` })
    .trim()
    .regex(new RegExp(`^${prefix}_[0-9A-Z]{26}$`), { error: `must be a ${what} id (${prefix}_…)` });

export const label = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(LIMITS.label, { error: `must be at most ${LIMITS.label} characters` })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((s) => !/[\u0000-\u001f\u007f,]/.test(s), {
    error: "must not contain commas or control characters",
  });

export const labels = z
  .array(label, { error: "must be an array of strings" })
  .max(LIMITS.labels, { error: `must hold at most ${LIMITS.labels} labels` })
  .transform((ls) => [...new Set(ls)]);

/** Query-string booleans: `true`/`false` (also 1/0). */
export const queryBool = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/** A comma-separated list in a query string, each item checked by `item`. */
export const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string({ error: "must be a string" })
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== ""),
    )
    .pipe(z.array(item).max(50, { error: "must list at most 50 values" }));

/** An ISO 8601 time with a zone, normalised to UTC. */
export const time = z
  .string({ error: "must be a string" })
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
    {
      error: "must be an ISO 8601 time with a zone, e.g. 2026-03-01T09:00:00Z",
    },
  )
  .transform((s) => new Date(s).toISOString())
  .meta({ format: "date-time" });

/** A title search as lists take it: trimmed, 1 to 200 characters. */
export const titleQuery = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(200, { error: "must be at most 200 characters" });

/**
 * `column` contains `text`, ignoring case (ILIKE on PostgreSQL; LIKE on SQLite, which ignores ASCII
 * case). LIKE wildcards in `text` match themselves.
 */
export function containsText(kind: "sqlite" | "postgres", column: string, text: string): RawBuilder<SqlBool> {
  return containsPattern(kind, column, likePattern(text));
}

/** The LIKE pattern of "contains `text`", its wildcards escaped with a backslash. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` matches the LIKE `pattern` (see likePattern), whatever its case. */
export function containsPattern(
  kind: "sqlite" | "postgres",
  column: string,
  pattern: string,
): RawBuilder<SqlBool> {
  return kind === "postgres"
    ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

export const PRIORITIES = ["none", "low", "medium", "high", "urgent"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const STATUSES = ["backlog", "todo", "in_progress", "in_review", "done", "canceled", "iced"] as const;
/** Statuses a client sets directly; `iced` is set by the ice operation only. */
export const SETTABLE_STATUSES = ["backlog", "todo", "in_progress", "in_review", "done", "canceled"] as const;
export const CLOSED_STATUSES: readonly IssueStatus[] = ["done", "canceled"];

// ---------------------------------------------------------------------------------------------------
// What answers hold. The OpenAPI document and the MCP tools' output schemas are made from these, so a
// generated client gets whole numbers as integers and times as date-times.

/** A time in an answer: ISO 8601 in UTC, e.g. `2026-03-01T09:00:00.000Z`. */
export const timeOut = z.iso.datetime();
/** A calendar day in an answer, `YYYY-MM-DD`. */
export const dateOut = z.iso.date();
/** A count or a sum of estimates: a whole number, 0 or more. */
export const countOut = z.int().min(0);
/** An object's version: 1 when made, one more on each change; ETags start with it. */
export const versionOut = z
  .int()
  .min(1)
  .describe("1 when made, one more on each change; the ETag starts with it.");
/** A percentage, 0 to 100, rounded down to 0.1. */
export const percentOut = z.number().min(0).max(100);
// Concurrent changes

/**
 * The If-Match check of a write, inside its transaction: 412 unless the object is at one of the
 * versions the client read (`ifMatch` undefined: no If-Match, or `*`). `what` names the object.
 */
export function checkIfMatch(ifMatch: readonly number[] | undefined, version: number, what: string): void {
  if (ifMatch && !ifMatch.includes(version)) {
    throw preconditionFailed(
      `${what} changed since you read it (it is now at version ${version}); read it again and reapply your change.`,
    );
  }
}

/**
 * A compare-and-set write (`… WHERE version = <the version read>`) that met no row: someone changed the
 * object between the read and the write. With If-Match that is 412; without, the caller may retry.
 */
export function lostRace(ifMatch: readonly number[] | undefined, what: string): DocketError {
  return ifMatch
    ? preconditionFailed(`${what} changed since you read it; read it again and reapply your change.`)
    : conflict(`${what} is being changed by others right now; try again.`);
}

/** The rows a Kysely update or delete reached. */
export function touched(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): number {
  return Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);
}
/** Statuses of issues that can be ready work (neither closed nor iced). */
export const OPEN_STATUSES: readonly IssueStatus[] = ["backlog", "todo", "in_progress", "in_review"];
