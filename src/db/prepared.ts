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
  return (await db.executeQuery<R>({ ...compiled, sql: namedByText(db, compiled.sql) })).rows;
}

/**
 * A statement's text named by a hash of itself on PostgreSQL (so each connection prepares it once);
 * as it is on SQLite, which keeps its statements by text already (naming them would only cost a hash).
 */
// biome-ignore lint/suspicious/noExplicitAny: works over any schema
function namedByText(db: Kysely<any>, text: string): string {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return text;
  return `${PREPARED_MARK}docket_n${createHash("sha1").update(text).digest("base64url").slice(0, 20)} */ ${text}`;
}

/** A value of a shaped query's parameters: a leaf is bound; booleans and nulls are part of the shape. */
type Shaped = string | number | boolean | null | undefined | readonly Shaped[] | { [key: string]: Shaped };

/**
 * The values of `params` (its strings and numbers, in the order met) and its shape: the same keys, arrays
 * of the same lengths, the same booleans and nulls.
 */
function describe(params: Shaped, values: unknown[], shape: string[]): void {
  if (typeof params === "string" || typeof params === "number") {
    values.push(params);
    shape.push("?");
  } else if (params === null || params === undefined || typeof params === "boolean") {
    shape.push(String(params));
  } else if (Array.isArray(params)) {
    shape.push(`[${params.length}`);
    for (const p of params) describe(p, values, shape);
    shape.push("]");
  } else {
    shape.push("{");
    for (const key of Object.keys(params)) {
      shape.push(key);
      describe((params as Record<string, Shaped>)[key], values, shape);
    }
    shape.push("}");
  }
}

const standInFor = (i: number) => `\u0000shaped:${i}\u0000`;

/** `params` with each of its values replaced by its stand-in, numbered in the order describe meets them. */
function standIn(params: Shaped, next: { i: number }): Shaped {
  if (typeof params === "string" || typeof params === "number") return standInFor(next.i++);
  if (params === null || params === undefined || typeof params === "boolean") return params;
  if (Array.isArray(params)) return params.map((p) => standIn(p, next));
  const out: Record<string, Shaped> = {};
  for (const key of Object.keys(params)) out[key] = standIn((params as Record<string, Shaped>)[key], next);
  return out;
}

/** Shapes kept per query kind and database; past it the oldest goes. */
const MAX_SHAPES = 200;

/**
 * A query whose text depends on the shape of its parameters (which filters a list has, how many values
 * each) and whose values vary: built and compiled once per shape and database, then run with each
 * call's values, as a prepared statement named by its text on PostgreSQL (see runNamed). Building and
 * compiling a list's Kysely query cost about a tenth of a list's time on SQLite.
 *
 * `variant` is part of the shape and reaches `build` as it is (a sort's name, a page's size).
 * `build` receives `params` with every string and number replaced by a stand-in, and must bind each
 * as a value (never inline it in raw SQL); booleans, nulls, missing keys and array lengths decide the
 * shape and may be used as such. A stand-in that is not bound is refused when the shape is first built.
 */
export function shapedQuery<P extends { [key: string]: Shaped }, R>(
  // biome-ignore lint/suspicious/noExplicitAny: works over any schema
  build: (db: Kysely<any>, variant: string, params: P) => Compilable<R>,
  // biome-ignore lint/suspicious/noExplicitAny: works over any schema
): (db: Kysely<any>, variant: string, params: P) => Promise<R[]> {
  // biome-ignore lint/suspicious/noExplicitAny: keyed by database instance
  const caches = new WeakMap<Kysely<any>, Map<string, { query: CompiledQuery<R>; slots: number[] }>>();
  return async (db, variant, params) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    const values: unknown[] = [];
    const shape: string[] = [variant];
    describe(params, values, shape);
    const key = shape.join(" ");
    let entry = cache.get(key);
    if (!entry) {
      const compiled = build(db, variant, standIn(params, { i: 0 }) as P).compile();
      const standIns = new Map(values.map((_, i) => [standInFor(i), i]));
      // a slot is the index of the value a parameter binds, or -1 for a constant of the query's own
      const slots = compiled.parameters.map((p) => (typeof p === "string" ? (standIns.get(p) ?? -1) : -1));
      for (let i = 0; i < values.length; i++) {
        if (!slots.includes(i)) throw new Error(`shaped query does not bind value ${i} of shape ${key}`);
      }
      entry = { query: { ...compiled, sql: namedByText(db, compiled.sql) }, slots };
      if (cache.size >= MAX_SHAPES) cache.delete(cache.keys().next().value!);
      cache.set(key, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i]! < 0 ? p : values[slots[i]!]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}

/**
 * Opens a statement that PostgreSQL should plan for its values every time it runs, never from a plan
 * kept for the statement (see `statementName`): one whose best plan depends on how common its values
 * are, such as a full-text search over a whole workspace.
 */
export const PLAN_EACH_TIME = "/* planned each time */ ";

/** Runs of one text in this process after which it is prepared on every connection it runs on. */
const PREPARE_AFTER_RUNS = 3;
/**
 * Texts followed at once. When it is reached, the texts not yet named are forgotten (a text seen once
 * or twice and never again, such as a list of ids of one length, should not keep a later hot statement
 * from being followed); past it, texts not yet followed are sent unnamed.
 */
export const MAX_FOLLOWED_TEXTS = 4096;
/** Statements one connection prepares this way; past it, texts new to the connection are sent unnamed. */
export const MAX_PREPARED_PER_CONNECTION = 128;

/** For each text seen: its runs, and once it has run PREPARE_AFTER_RUNS times, its name. */
const followed = new Map<string, { runs: number; name: string | undefined }>();
let texts = 0;

/**
 * The name a statement runs under on a PostgreSQL connection that has prepared `named` (its names so
 * far), adding to it, or undefined to send it unnamed: parsed and planned for this run only.
 *
 * Each unnamed statement is parsed and planned on every run, and on PostgreSQL that is most of a short
 * statement's time: in a claim answered from the caller's live claim, each of five lookups by key spent
 * about 0.05 ms parsing and 0.11 to 0.17 planning against 0.02 to 0.03 executing. So, as JDBC's driver
 * does past its prepare threshold and pgx with its statement cache, a text with values that has run
 * PREPARE_AFTER_RUNS times in this process is prepared on each connection it runs on, up to
 * MAX_PREPARED_PER_CONNECTION texts a connection (a whole bench run, every scenario, named 49; the hot
 * ones run first). PostgreSQL plans such a statement for its values on its first five runs, and then
 * keeps a generic plan only when that costs no more than the plans for values did.
 *
 * Left unnamed: statements without values (BEGIN, COMMIT; one round trip as they are), those that
 * open with PLAN_EACH_TIME, and the queries of `prepared` and `runNamed`, which carry names of their own.
 */
export function statementName(text: string, hasValues: boolean, named: Set<string>): string | undefined {
  const own = preparedName(text);
  if (own !== undefined) return own;
  if (!hasValues || text.startsWith(PLAN_EACH_TIME)) return undefined;
  const seen = followed.get(text);
  if (seen === undefined) {
    if (followed.size >= MAX_FOLLOWED_TEXTS) {
      for (const [t, f] of followed) if (f.name === undefined) followed.delete(t);
    }
    if (followed.size < MAX_FOLLOWED_TEXTS) followed.set(text, { runs: 1, name: undefined });
    return undefined;
  }
  if (seen.name === undefined) {
    if (++seen.runs < PREPARE_AFTER_RUNS) return undefined;
    // never reused for another text: a connection keeps what it prepared under a name
    seen.name = `docket_s${++texts}`;
  }
  if (!named.has(seen.name)) {
    if (named.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
    named.add(seen.name);
  }
  return seen.name;
}
