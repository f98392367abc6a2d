import { mkdirSync, statfsSync } from "node:fs";
import path from "node:path";
import { type CompiledQuery, Kysely, type LogEvent, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import { type DatabaseConfig, type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from "../config.ts";
import { telemetryHooks } from "../ops/hooks.ts";
import { type ChangeSignal, postgresChanges, sqliteChanges } from "./changes.ts";
import { type MigrationReport, migrateToLatest } from "./migrations.ts";
import { statementName } from "./prepared.ts";
import type { Database } from "./schema.ts";
import { SearchIndexer } from "./search-pending.ts";
import { NodeSqliteDialect } from "./sqlite.ts";
import { SqliteReader } from "./sqlite-reader.ts";
import { UnitOfWorkDialect } from "./unit.ts";

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

/**
 * The one store interface: a typed Kysely instance over SQLite or PostgreSQL, and its housekeeping. Its
 * dialect takes part in units of work (see unit.ts): inside `unitOfWork(db, …)` every query and
 * transaction joins one transaction.
 */
export interface Store {
  readonly kind: "sqlite" | "postgres";
  readonly db: Db;
  /** Says when another instance has changed shared state (feature switches, for one). */
  readonly changes: ChangeSignal;
  /**
   * Calls `listener` after each commit of this process (SQLite; PostgreSQL tells of commits through
   * NOTIFY instead and never calls it). Returns the unsubscribe function.
   */
  onCommit(listener: () => void): () => void;
  migrate(): Promise<MigrationReport>;
  /**
   * Brings the full-text index up to date with every committed change, and resolves once that is
   * committed: a search calls it before it reads. SQLite writes its index after the answer, from a
   * pending table the change's transaction wrote (src/db/search-pending.ts); PostgreSQL's is written
   * with the change, and this does nothing there.
   */
  indexPending(): Promise<void>;
  /**
   * Long reads (full-text search) off the event loop: on a SQLite file, a worker thread with its own
   * connection; absent on PostgreSQL (its queries never run on the event loop) and in-memory SQLite.
   */
  readonly offLoop?: { query<R>(query: CompiledQuery<R>): Promise<R[]> };
  /** Resolves when the database answers a trivial query within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Why writes fail right now, or undefined when they do not: the disk (or the SQLite size limit) is
   * full, or a write failed for want of space and none has succeeded since (for at most
   * DISK_FULL_MEMORY_MS, so an instance taken out of rotation comes back to try again).
   */
  writeProblem(): Promise<string | undefined>;
  /** SQLite: folds the write-ahead log back into the database and truncates it; PostgreSQL: nothing. */
  checkpoint(): Promise<void>;
  /** The connections the store holds now, in use and idle (db.client.connection.count). */
  connections?(): { used: number; idle: number };
  close(): Promise<void>;
}

const logOption = (options: StoreOptions): { log?: (event: LogEvent) => void } =>
  options.log ? { log: options.log } : {};

export interface StoreOptions {
  /** PostgreSQL connections in the pool (10 by default) */
  poolSize?: number;
  /** Called with every query run and its duration (tests read query plans with it) */
  log?: (event: LogEvent) => void;
  /** Bounds on waiting for PostgreSQL; the defaults are DEFAULT_DATABASE_TIMEOUTS. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** Told when a connection the store holds fails (it is then discarded; requests on it get a 503). */
  onConnectionError?: (error: Error) => void;
}

/** How long a write that failed for want of space keeps the store "not ready" unless a write succeeds. */
export const DISK_FULL_MEMORY_MS = 30_000;
/** Less free space than this on the SQLite file's file system counts as full. */
const MIN_FREE_BYTES = 1024 * 1024;

/** What the store has seen of writes failing for want of space. */
export class WriteHealth {
  diskFullAt: number | undefined;
  observe(error: unknown): void {
    if (isDiskFull(error)) this.diskFullAt = Date.now();
  }
  wrote(): void {
    this.diskFullAt = undefined;
  }
  get recentlyFull(): boolean {
    return this.diskFullAt !== undefined && Date.now() - this.diskFullAt < DISK_FULL_MEMORY_MS;
  }
}

/**
 * A PostgreSQL timestamp as text (`2026-11-27 14:34:11.123456+00`, or without a zone for `timestamp`)
 * as the ISO string SQLite stores (`2026-11-27T14:34:11.123Z`, milliseconds cut, not rounded, as Date
 * does). A session in UTC, the usual case, is rewritten by hand: a list of 50 issues has a couple of
 * hundred timestamps, and parsing each with Date cost about 0.7 µs against 0.1. Anything else (another
 * zone, a year past 9999, BC, infinity) goes through Date.
 */
export function isoFromPostgres(v: string): string {
  if (v.length >= 22 && v.charCodeAt(4) === 45 && v.charCodeAt(10) === 32 && v.endsWith("+00")) {
    const millis = v.charCodeAt(19) === 46 ? `${v.slice(20, v.length - 3)}000`.slice(0, 3) : "000";
    return `${v.slice(0, 10)}T${v.slice(11, 19)}.${millis}Z`;
  }
  // a zone behind UTC (`-05`, `-03:30`) counts as a zone too: only a `timestamp` has none, and is UTC here
  return new Date(ZONED.test(v.slice(19)) ? v : `${v}Z`).toISOString();
}
const ZONED = /(?:[+-]\d\d(?::\d\d){0,2}|Z)$/;

const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    switch (oid) {
      case 20: // int8: counts and sums fit a double here
        return (v: string) => Number(v);
      case 1184: // timestamptz -> the same ISO string SQLite stores
      case 1114:
        return isoFromPostgres;
      case 1082: // date stays YYYY-MM-DD
        return (v: string) => v;
      default:
        // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
        return (pg.types.getTypeParser as any)(oid, format);
    }
  },
};

const WRITES = /^(INSERT|UPDATE|DELETE|COMMIT|MERGE)\b/;
/** PostgreSQL's error (0A000) for a prepared statement whose result's columns changed since. */
const REPLANNED_TYPE = "cached plan must not change result type";

/**
 * A pg client that runs the store's prepared queries, and any statement run often, as named statements
 * (see prepared.ts, `statementName`), gives up on a query the server does not answer in time, and notes
 * writes that fail for want of space.
 */
class PreparingClient extends pg.Client {
  health: WriteHealth | undefined;
  /** the names of the statements this connection prepared by their text (statementName) */
  readonly #named = new Set<string>();
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this forwards them all
  override query(config: any, values?: any, callback?: any): any {
    // timed and traced when telemetry is on (src/ops/telemetry.ts): the statements Kysely sends
    const observe = telemetryHooks.db;
    if (observe && typeof config === "string" && typeof values !== "function" && callback === undefined) {
      return observe("postgresql", config, () => this.#query(config, values));
    }
    return this.#query(config, values, callback);
  }

  // biome-ignore lint/suspicious/noExplicitAny: as query
  #query(config: any, values?: any, callback?: any): any {
    const name =
      typeof config === "string" && typeof values !== "function"
        ? statementName(config, Array.isArray(values) && values.length > 0, this.#named)
        : undefined;
    const result =
      name !== undefined
        ? super.query({ name, text: config, values }, callback)
        : super.query(config, values, callback);
    if (!(result instanceof Promise)) return result;
    return result.then(
      (r: pg.QueryResult) => {
        if (r && typeof r.command === "string" && WRITES.test(r.command)) this.health?.wrote();
        return r;
      },
      (error: unknown) => {
        // The server did not answer in time (frozen, partitioned): the query is still on the wire and
        // would block every later one, so the connection is dropped; the pool discards it on release.
        if (error instanceof Error && error.message === "Query read timeout") this.end().catch(() => {});
        // A statement this connection prepared whose table changed since (a migration by a newer
        // instance added a column under `select *`) fails so on every run: the connection is dropped, and
        // the next one prepares it afresh.
        if (name !== undefined && error instanceof Error && error.message === REPLANNED_TYPE) {
          this.end().catch(() => {});
        }
        this.health?.observe(error);
        throw error;
      },
    );
  }
}

/**
 * Extra time the client waits for an answer beyond the server's own statement_timeout: a live server
 * cancels a slow statement itself (and the connection stays usable); only a server that does not answer
 * at all meets the client-side limit, and that connection is dropped.
 */
const CLIENT_GRACE_MS = 500;

export function openStore(config: DatabaseConfig, options: StoreOptions = {}): Store {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  const health = new WriteHealth();
  let db: Db;
  let changes: ChangeSignal;
  let reader: SqliteReader | undefined;
  let sqlite: NodeSqliteDialect | undefined;
  let pgPool: pg.Pool | undefined;
  const commitListeners = new Set<() => void>();
  let indexer: SearchIndexer | undefined;
  if (config.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: options.poolSize ?? 10,
      types: pgTypes,
      Client: PreparingClient,
      // Both the wait for a new connection and the wait for a free one in the pool.
      connectionTimeoutMillis: timeouts.connectMs,
      // Short requests: parallel workers and JIT compilation cost more to start than these queries take,
      // and generic plans of prepared statements (limits unknown) would otherwise reach for them.
      // A statement that runs longer than the bound is cancelled by the server (57014, a 503).
      options: `-c max_parallel_workers_per_gather=0 -c jit=off -c statement_timeout=${timeouts.statementMs}`,
      query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    const failed = (error: Error) => options.onConnectionError?.(error);
    // Every client the pool holds, checked out or idle, has a listener for its connection failing: a
    // client's `error` event with no listener would end the process. The query running on it (if any)
    // fails too, its request gets a 503, and the pool discards the client when it is released.
    pool.on("connect", (client) => {
      (client as unknown as PreparingClient).health = health;
      client.on("error", failed);
    });
    // An idle client losing its connection: the pool removes it; the next query opens a new one.
    pool.on("error", () => {});
    pgPool = pool;
    db = new Kysely<Database>({
      dialect: new UnitOfWorkDialect(new PostgresDialect({ pool })),
      ...logOption(options),
    });
    changes = postgresChanges(db, config.url, { connectTimeoutMs: timeouts.connectMs, onError: failed });
  } else {
    if (config.path !== ":memory:") mkdirSync(path.dirname(path.resolve(config.path)), { recursive: true });
    sqlite = new NodeSqliteDialect(config.path, health, () => {
      for (const l of commitListeners) l();
    });
    db = new Kysely<Database>({
      dialect: new UnitOfWorkDialect(sqlite),
      ...logOption(options),
    });
    const dialect = sqlite;
    changes = sqliteChanges(
      db,
      () => dialect.dataVersion(),
      (tables) => dialect.writes(tables),
    );
    if (config.path !== ":memory:") reader = new SqliteReader(config.path);
    const searchIndexer = new SearchIndexer(db);
    indexer = searchIndexer;
    commitListeners.add(() => searchIndexer.later());
  }
  let closed = false;
  const sqliteProblem = async (file: string): Promise<string | undefined> => {
    const pages = await sql<{ page_count: number; max_page_count: number }>`
      select (select page_count from pragma_page_count()) as page_count,
             (select max_page_count from pragma_max_page_count()) as max_page_count`.execute(db);
    const row = pages.rows[0];
    if (row && row.page_count >= row.max_page_count) return "the database has reached its size limit";
    if (file !== ":memory:") {
      const fs = statfsSync(path.dirname(path.resolve(file)));
      if (fs.bavail * fs.bsize < MIN_FREE_BYTES) return "the disk holding the database is full";
    }
    return undefined;
  };
  return {
    kind: config.kind,
    db,
    changes,
    ...(reader ? { offLoop: reader } : {}),
    onCommit(listener) {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    async migrate() {
      if (config.kind !== "postgres") {
        const report = await migrateToLatest(db, config.kind);
        // what a crash left pending is indexed now, and drains follow commits from here on
        indexer?.start();
        return report;
      }
      // Migrations may build indexes over large tables: they run on a connection of their own, without
      // the statement bounds that keep requests short.
      const pool = new pg.Pool({
        connectionString: config.url,
        max: 1,
        types: pgTypes,
        connectionTimeoutMillis: timeouts.connectMs,
      });
      pool.on("connect", (client) => client.on("error", () => {}));
      pool.on("error", () => {});
      const migrator = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      try {
        return await migrateToLatest(migrator, config.kind);
      } finally {
        await migrator.destroy();
      }
    },
    async indexPending() {
      if (!closed) await indexer?.drain();
    },
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error("store is closed");
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("database did not answer in time")), timeoutMs);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async writeProblem() {
      if (closed) return "the store is closed";
      if (config.kind === "sqlite") {
        const problem = await sqliteProblem(config.path);
        if (problem) return problem;
      }
      return health.recentlyFull ? "writes are failing: the database is out of space" : undefined;
    },
    connections() {
      if (pgPool) return { used: pgPool.totalCount - pgPool.idleCount, idle: pgPool.idleCount };
      // SQLite: one connection, busy only inside a statement (never seen from here), and the readers'
      return closed ? { used: 0, idle: 0 } : { used: 0, idle: 1 + (reader?.threads ?? 0) };
    },
    async checkpoint() {
      if (closed || !sqlite) return;
      await sqlite.checkpoint();
    },
    async close() {
      if (closed) return;
      closed = true;
      await indexer?.close();
      await changes.close();
      await reader?.close();
      await db.destroy();
      // Kysely's destroy does nothing to a dialect it never used (migrations run on a pool of their
      // own): end the pool itself, so that a query after close fails instead of opening it again.
      if (pgPool && !pgPool.ending && !pgPool.ended) await pgPool.end();
    },
  };
}

/** True when a write failed on a UNIQUE constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string } | undefined;
  if (!e) return false;
  return (
    e.code === "23505" ||
    e.errcode === 2067 ||
    e.errcode === 1555 ||
    /UNIQUE constraint failed/.test(e.message ?? "")
  );
}

/**
 * PostgreSQL error classes that mean "the database is not there right now", not "the query is wrong":
 * connection exceptions (08), shutdown and termination (57P), insufficient resources such as a full
 * disk (53), a statement cancelled by statement_timeout (57014), a missing database (3D000).
 */
const PG_UNAVAILABLE = /^(08|57P|53|57014|3D000)/;

/** SQLite's primary result codes (extended codes keep them in the low byte). */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_FULL = 13;

/** True when a write failed for want of space: SQLite's SQLITE_FULL, PostgreSQL's class 53100. */
export function isDiskFull(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number } | undefined;
  if (!e) return false;
  return e.code === "53100" || (typeof e.errcode === "number" && (e.errcode & 0xff) === SQLITE_FULL);
}

/**
 * True when an error means the database cannot be reached or is busy (connection refused or lost, pool
 * exhausted, database gone, store closed, SQLite busy): the request may succeed later, so it is a 503.
 */
export function isUnavailable(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string } | undefined;
  if (!e) return false;
  if (
    typeof e.code === "string" &&
    (PG_UNAVAILABLE.test(e.code) ||
      ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE"].includes(e.code))
  ) {
    return true;
  }
  if (typeof e.errcode === "number" && [SQLITE_BUSY, SQLITE_LOCKED, SQLITE_FULL].includes(e.errcode & 0xff)) {
    return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end|database is closed|store is closed|driver has already been destroyed/i.test(
    e.message ?? "",
  );
}
