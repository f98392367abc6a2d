import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config.ts";
import { type ChangeSignal, postgresChanges, sqliteChanges } from "./changes.ts";
import { type MigrationReport, migrateToLatest } from "./migrations.ts";
import { preparedName } from "./prepared.ts";
import type { Database } from "./schema.ts";
import { NodeSqliteDialect } from "./sqlite.ts";

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

/** The one store interface: a typed Kysely instance over SQLite or PostgreSQL, and its housekeeping. */
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
  /** Resolves when the database answers a trivial query within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    switch (oid) {
      case 20: // int8: counts and sums fit a double here
        return (v: string) => Number(v);
      case 1184: // timestamptz -> the same ISO string SQLite stores
      case 1114:
        return (v: string) => new Date(v.includes("+") || v.endsWith("Z") ? v : `${v}Z`).toISOString();
      case 1082: // date stays YYYY-MM-DD
        return (v: string) => v;
      default:
        // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
        return (pg.types.getTypeParser as any)(oid, format);
    }
  },
};

/** A pg client that runs the store's prepared queries as named statements (see prepared.ts). */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this forwards them all
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === "string" ? preparedName(config) : undefined;
    if (name !== undefined && typeof values !== "function") {
      return super.query({ name, text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}

export function openStore(config: DatabaseConfig, options: { poolSize?: number } = {}): Store {
  let db: Db;
  let changes: ChangeSignal;
  const commitListeners = new Set<() => void>();
  if (config.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: options.poolSize ?? 10,
      types: pgTypes,
      Client: PreparingClient,
      connectionTimeoutMillis: 5000,
      // Short requests: parallel workers and JIT compilation cost more to start than these queries take,
      // and generic plans of prepared statements (limits unknown) would otherwise reach for them.
      options: "-c max_parallel_workers_per_gather=0 -c jit=off",
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on("error", () => {});
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    changes = postgresChanges(db, config.url);
  } else {
    if (config.path !== ":memory:") mkdirSync(path.dirname(path.resolve(config.path)), { recursive: true });
    db = new Kysely<Database>({
      dialect: new NodeSqliteDialect(config.path, () => {
        for (const l of commitListeners) l();
      }),
    });
    changes = sqliteChanges(db);
  }
  let closed = false;
  return {
    kind: config.kind,
    db,
    changes,
    onCommit(listener) {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    migrate: () => migrateToLatest(db, config.kind),
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
    async close() {
      if (closed) return;
      closed = true;
      await changes.close();
      await db.destroy();
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

/** PostgreSQL error classes that mean "the database is not there right now", not "the query is wrong". */
const PG_UNAVAILABLE = /^(08|57P|53|3D000)/;

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
  if (e.errcode === 5 || e.errcode === 6) return true; // SQLITE_BUSY, SQLITE_LOCKED
  return /Connection terminated|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end|database is closed|store is closed|driver has already been destroyed/i.test(
    e.message ?? "",
  );
}
