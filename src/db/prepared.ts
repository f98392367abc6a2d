import { createHash } from "node:crypto";
import { type Compilable, type CompiledQuery, type Kysely, SqliteAdapter } from "kysely";

/**
 * Prepared queries open with this comment and a name. SQLite ignores it (its statements are cached by
 * text anyway); on PostgreSQL the store turns it into a named prepared statement, parsed and planned
 * once per connection instead of on every run.
 */
export const PREPARED_MARK = "/* docket:";
let definitions = 0;

/** The statement name a prepared query's SQL carries, or undefined for any other SQL. */
export function preparedName(sql: string): string | undefined {
  if (!sql.startsWith(PREPARED_MARK)) return undefined;
  const end = sql.indexOf(" */", PREPARED_MARK.length);
  return end > 0 ? sql.slice(PREPARED_MARK.length, end) : undefined;
}

/**
 * A query compiled once per database and run many times with new values: for hot paths, where building
 * and compiling a Kysely query costs more than SQLite takes to answer it.
 *
 * `build` receives a stand-in for each argument; every stand-in must appear as a bound value (not inside
 * raw SQL), and the compiled query's other values stay as built.
 */
export function prepared<A extends Record<string, unknown>, R>(
  names: readonly (keyof A & string)[],
  // biome-ignore lint/suspicious/noExplicitAny: works over any schema
  build: (db: Kysely<any>, args: A) => Compilable<R>,
  // biome-ignore lint/suspicious/noExplicitAny: works over any schema
): (db: Kysely<any>, args: A) => Promise<R[]> {
  const name = `docket_q${++definitions}`;
  // biome-ignore lint/suspicious/noExplicitAny: keyed by database instance
  const cache = new WeakMap<Kysely<any>, { query: CompiledQuery<R>; slots: (keyof A | undefined)[] }>();
  return async (db, args) => {
    let entry = cache.get(db);
    if (!entry) {
      const stand = Object.fromEntries(names.map((n) => [n, `\u0000prepared:${n}\u0000`])) as unknown as A;
      const query = build(db, stand).compile();
      const slots = query.parameters.map((p) => names.find((n) => p === (stand[n] as unknown)));
      for (const n of names) {
        if (!slots.includes(n)) throw new Error(`prepared query does not bind "${n}"`);
      }
      entry = { query: { ...query, sql: `${PREPARED_MARK}${name} */ ${query.sql}` }, slots };
      cache.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : args[slots[i]!]));
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}

/**
 * Runs a query whose shape repeats but whose values vary (a list with the filters of the day) as a
 * prepared statement named by its text: on PostgreSQL each shape is parsed and planned once per
 * connection rather than on every run. For queries whose best plan depends on their values (full-text
 * search), run them plainly instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: works over any schema
export async function runNamed<R>(db: Kysely<any>, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  // SQLite keeps its statements by text already: naming them would only cost a hash of the text
  if (db.getExecutor().adapter instanceof SqliteAdapter) return (await db.executeQuery<R>(compiled)).rows;
  const name = `docket_n${createHash("sha1").update(compiled.sql).digest("base64url").slice(0, 20)}`;
  const result = await db.executeQuery<R>({ ...compiled, sql: `${PREPARED_MARK}${name} */ ${compiled.sql}` });
  return result.rows;
}
