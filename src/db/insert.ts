import { CompiledQuery, type Insertable, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * The SQL of an INSERT of whole rows, compiled by Kysely once per database dialect, table, column list
 * and number of rows, then run with each call's values: the hot writes (a new issue, its labels, its
 * activity) skip building and compiling a Kysely query every time, as the hot reads do (prepared.ts).
 * Keyed by the dialect's adapter, which a database and its transactions share.
 */
const compiled = new WeakMap<object, Map<string, string>>();

/**
 * Inserts `rows` (plain values only: every row with the same columns, in the same order, and no SQL
 * expressions among the values) into `table`, in the transaction or database given.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const adapter = db.getExecutor().adapter;
  let byShape = compiled.get(adapter);
  if (!byShape) {
    byShape = new Map();
    compiled.set(adapter, byShape);
  }
  const shape = `${table}(${columns.join(",")})×${rows.length}`;
  let text = byShape.get(shape);
  if (text === undefined) {
    // compiled with stand-in values, so the statement is the same whatever the first call's values were,
    // and checked to bind each row's columns in order, one value each
    const stand = (c: string) => `\u0000insert:${c}`;
    const query = db
      .insertInto(table)
      .values(rows.map(() => Object.fromEntries(columns.map((c) => [c, stand(c)]))) as never)
      .compile();
    const expected = rows.flatMap(() => columns.map(stand));
    if (query.parameters.length !== expected.length || query.parameters.some((p, i) => p !== expected[i]))
      throw new Error(`insertRows(${table}): the compiled insert does not bind one value per column`);
    text = query.sql;
    byShape.set(shape, text);
  }
  const parameters: unknown[] = [];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (const c of columns) {
      if (!(c in values) || values[c] === undefined)
        throw new Error(`insertRows(${table}): every row needs a value for ${c}`);
      parameters.push(values[c]);
    }
  }
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}
