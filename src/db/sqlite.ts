import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

/**
 * Kysely over `node:sqlite` (built into Node 24, FTS5 included, nothing native to compile).
 * One connection, handed out to one query or transaction at a time.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #file: string;
  constructor(file: string) {
    this.#file = file;
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new NodeSqliteDriver(this.#file);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

class NodeSqliteDriver implements Driver {
  readonly #file: string;
  #connection: NodeSqliteConnection | undefined;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  async init(): Promise<void> {
    const db = new DatabaseSync(this.#file, { enableForeignKeyConstraints: true, timeout: 5000 });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA wal_autocheckpoint = 10000");
    db.exec("PRAGMA cache_size = -65536");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("PRAGMA busy_timeout = 5000");
    this.#connection = new NodeSqliteConnection(db);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    if (!this.#connection) throw new Error("The SQLite database is closed");
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as NodeSqliteConnection).exec("BEGIN IMMEDIATE");
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as NodeSqliteConnection).exec("COMMIT");
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as NodeSqliteConnection).exec("ROLLBACK");
  }
  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  async destroy(): Promise<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    connection?.close();
  }
}

function bind(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

interface Prepared {
  statement: StatementSync;
  columns: string[];
  reader: boolean;
}

function toObject(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
  return row;
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, Prepared>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  exec(sql: string): void {
    this.#db.exec(sql);
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }

  #prepare(sql: string): Prepared {
    let entry = this.#statements.get(sql);
    if (!entry) {
      const statement = this.#db.prepare(sql);
      const columns = statement.columns().map((c) => c.name);
      // Rows come as arrays and become plain objects here: node:sqlite's own row objects have a null
      // prototype, and copying them into plain ones costs several times the query on wide rows.
      if (columns.length > 0) statement.setReturnArrays(true);
      entry = { statement, columns, reader: columns.length > 0 };
      if (this.#statements.size >= 500) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(sql, entry);
    }
    return entry;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, reader, columns } = this.#prepare(query.sql);
    const params = query.parameters.map(bind);
    if (reader) {
      return {
        rows: (statement.all(...params) as unknown as unknown[][]).map((row) =>
          toObject(columns, row),
        ) as R[],
      };
    }
    const { changes, lastInsertRowid } = statement.run(...params);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement, columns } = this.#prepare(query.sql);
    for (const row of statement.iterate(...query.parameters.map(bind))) {
      yield { rows: [toObject(columns, row as unknown as unknown[]) as R] };
    }
  }
}
