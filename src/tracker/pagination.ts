import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import { z } from "zod";
import { invalid } from "../errors.ts";

/** One page of a list: the items and the cursor of the next page (null on the last). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

/** `limit` and `cursor`, as every list takes them. */
export const pageQuery = {
  limit: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(MAX_LIMIT, { error: `must be at most ${MAX_LIMIT}` })
    .default(DEFAULT_LIMIT)
    .describe(`Items per page, 1 to ${MAX_LIMIT}; ${DEFAULT_LIMIT} by default.`),
  cursor: z
    .string({ error: "must be a string" })
    .max(512, { error: "is not a cursor this API gave out" })
    .optional()
    .describe("The next_cursor of the previous page."),
};

export interface PageInput {
  limit: number;
  cursor?: string | undefined;
}

/**
 * Cursors are opaque: the sort's name and the last item's sort key, base64url-encoded. A cursor only
 * works with the sort it was made for.
 */
export function encodeCursor(sort: string, key: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify([sort, ...key])).toString("base64url");
}

export function decodeCursor(cursor: string, sort: string, arity: number): (string | number | null)[] {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value[0] === sort && value.length === arity + 1) {
      const key = value.slice(1);
      if (key.every((k) => k === null || typeof k === "string" || typeof k === "number")) return key;
    }
  } catch {
    // fall through
  }
  throw invalid("cursor: is not a cursor of this list and sort; start again without one", {
    cursor: "is not a cursor of this list and sort",
  });
}

export interface SortKey {
  /** a column reference as the query knows it, e.g. `i.created_at` */
  column: string;
  direction: "asc" | "desc";
}

/**
 * Keyset pagination: orders by `keys` (the last must be unique, e.g. the id) and, after a cursor, keeps
 * only rows strictly after it. Rows inserted meanwhile land before or after the cursor, never across
 * it, so a walk neither skips nor repeats rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: works over any query
export function keyset<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  keys: readonly SortKey[],
  after: readonly (string | number | null)[] | undefined,
  limit: number,
): Q {
  let q = query;
  for (const k of keys) q = q.orderBy(sql.ref(k.column), k.direction) as Q;
  if (after) {
    // Implied by the condition below, but a plain range on the first key: the index seeks to the cursor
    // rather than reading every entry before it (a deep page would otherwise cost its depth).
    const first = keys[0]!;
    if (after[0] !== null && after[0] !== undefined) {
      q = q.where(sql.ref(first.column), first.direction === "asc" ? ">=" : "<=", after[0]) as Q;
    }
    // biome-ignore lint/suspicious/noExplicitAny: works over any query
    q = q.where((eb: ExpressionBuilder<any, any>) => {
      const ors = keys.map((k, i) => {
        const ands = keys.slice(0, i).map((p, j) => eb(sql.ref(p.column), "=", after[j]));
        ands.push(eb(sql.ref(k.column), k.direction === "asc" ? ">" : "<", after[i]));
        return eb.and(ands);
      });
      return eb.or(ors);
    }) as Q;
  }
  // a literal, not a parameter: a prepared statement's generic plan then knows how few rows it needs
  return q.limit(sql.lit(limit + 1)) as Q;
}

/** Cuts the extra row `keyset` fetched and makes the next cursor from the last row kept. */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  sort: string,
  keyOf: (row: R) => (string | number | null)[],
  view: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return {
    data: kept.map(view),
    next_cursor: more && last !== undefined ? encodeCursor(sort, keyOf(last)) : null,
  };
}

/** The value of a sort key's column in a row: `i.created_at` is the row's `created_at`. */
function keyValue(row: unknown, column: string): string | number | null {
  return (row as Record<string, string | number | null>)[column.slice(column.lastIndexOf(".") + 1)] ?? null;
}

/** Oldest first (`asc`) or newest first (`desc`) by creation time, the id breaking ties. */
export const byCreation = (alias: string, direction: "asc" | "desc"): SortKey[] => [
  { column: `${alias}.created_at`, direction },
  { column: `${alias}.id`, direction },
];

/**
 * One page of `query` in the order of `keys` (the last unique): reads the cursor, fetches the rows
 * after it, and makes the next cursor from the last row kept. `run` executes the query (plainly unless
 * told otherwise).
 */
export async function paginate<R>(
  // biome-ignore lint/suspicious/noExplicitAny: works over any query
  query: SelectQueryBuilder<any, any, R>,
  sort: string,
  keys: readonly SortKey[],
  page: PageInput,
  // biome-ignore lint/suspicious/noExplicitAny: works over any query
  run: (q: SelectQueryBuilder<any, any, R>) => Promise<R[]> = (q) => q.execute(),
): Promise<Page<R>> {
  const after = page.cursor ? decodeCursor(page.cursor, sort, keys.length) : undefined;
  return pageOfRows(await run(keyset(query, keys, after, page.limit)), page.limit, sort, keys);
}

/** The page `keyset`'s rows make (limit + 1 fetched), its cursor made of `keys`. */
export function pageOfRows<R>(rows: R[], limit: number, sort: string, keys: readonly SortKey[]): Page<R> {
  return toPage(
    rows,
    limit,
    sort,
    (r) => keys.map((k) => keyValue(r, k.column)),
    (r) => r,
  );
}
