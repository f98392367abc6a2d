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
import { telemetryHooks } from "../ops/hooks.ts";

/**
 * Kysely over `node:sqlite` (built into Node 24, FTS5 included, nothing native to compile).
 * One connection, handed out to one query or transaction at a time.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #file: string;
  readonly #health: WriteHealthLike | undefined;
  readonly #onCommit: (() => void) | undefined;
  #driver: NodeSqliteDriver | undefined;
  /** writes to a table not known, and rollbacks: they count as writes to every table */
  #writes = 0;
  readonly #tableWrites = new Map<string, number>();
  /** `onCommit` is called after every COMMIT (the event stream wakes on it). */
  constructor(file: string, health?: WriteHealthLike, onCommit?: () => void) {
    this.#file = file;
    this.#health = health;
    this.#onCommit = onCommit;
  }
  /** Folds the write-ahead log into the database and truncates it to nothing (see docs/decisions.md). */
  async checkpoint(): Promise<void> {
    await this.#driver?.checkpoint();
  }
  /**
   * The service's connection's `PRAGMA data_version`, read at once, outside the turns on the connection
   * (it reads no table and changes nothing, so it may run between another holder's statements); undefined
   * before the connection is open or after it is closed.
   */
  dataVersion(): number | undefined {
    return this.#driver?.dataVersion();
  }
  /**
   * A count that moves after every write of this process to any of `tables`: each statement that changed
   * rows of one of them (inside a transaction or not; a statement with RETURNING counts whether it changed
   * any or not), and each write whose table is not known and each rollback, which count for every table.
   * It holds across reopenings of the connection. With `dataVersion` (other processes' commits) it tells
   * a reader whether what it read of those tables may have changed since. Rows a write removes from
   * other tables through a foreign key's ON DELETE are not counted.
   */
  writes(tables: readonly string[]): number {
    let n = this.#writes;
    for (const t of tables) n += this.#tableWrites.get(t) ?? 0;
    return n;
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    this.#driver = new NodeSqliteDriver(this.#file, this.#health, this.#onCommit, (table) => {
      if (table === undefined) this.#writes++;
      else this.#tableWrites.set(table, (this.#tableWrites.get(table) ?? 0) + 1);
    });
    return this.#driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/** Told of every failed statement and every committed write (the store's disk-full tracking). */
export interface WriteHealthLike {
  observe(error: unknown): void;
  wrote(): void;
}

/**
 * The write-ahead log is checkpointed automatically every WAL_AUTOCHECKPOINT_PAGES pages; after each
 * checkpoint that resets it, the file is cut back to at most JOURNAL_SIZE_LIMIT_BYTES, so a burst of
 * writes does not leave a large WAL behind for good. Housekeeping also runs a TRUNCATE checkpoint.
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;
const JOURNAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * SQLite's page cache for the service's connection, in KiB: it is resident memory of the service, and
 * the operating system caches the file too, so a page SQLite no longer holds costs a read from memory,
 * not from disk. 16 MiB holds the interior pages of every index at a million issues.
 */
const CACHE_KIB = 16 * 1024;

/** Most transactions one group commit holds, and longest it stays open, before it commits. */
const GROUP_MAX_MEMBERS = 64;
const GROUP_MAX_MS = 10;

/** One holder's turn on the connection; released once, by whoever gets there first. */
class Lease implements DatabaseConnection {
  readonly connection: NodeSqliteConnection;
  #release: (() => void) | undefined;
  constructor(connection: NodeSqliteConnection, release: () => void) {
    this.connection = connection;
    this.#release = release;
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.connection.executeQuery<R>(query);
  }
  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query);
  }
  /** whether this holder still has the connection */
  get held(): boolean {
    return this.#release !== undefined;
  }
  release(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}

/** Transactions whose work is in the open outer transaction, waiting for its COMMIT. */
interface Group {
  startedAt: number;
  members: number;
  waiting: { resolve: () => void; reject: (error: unknown) => void }[];
  /** whether a turn on the connection to commit the group has been asked for */
  flushing: boolean;
}

/**
 * One connection, handed to one query or transaction at a time. Transactions commit in groups: each
 * runs in a savepoint of an outer transaction, and the outer transaction stays open for more until the
 * event loop has taken in what else has arrived (a turn on the connection asked for with setImmediate:
 * every request whose bytes came in the same turn of the loop writes into the same group), at most
 * GROUP_MAX_MEMBERS transactions or GROUP_MAX_MS. One COMMIT (one set of WAL pages) then serves many. A transaction's commit resolves only once the outer COMMIT is done, so nothing is
 * answered as saved before it is; a failed member rolls back its own savepoint alone. Queries outside
 * transactions run in the open group and see its work.
 *
 * Waiting only while others were queued for the connection (as before) almost never made a group:
 * node:sqlite answers synchronously, so a transaction ran start to end before any other request reached
 * the connection, and every creation paid a COMMIT of its own (0.7 ms of 1.9 at 100,000 issues).
 */
class NodeSqliteDriver implements Driver {
  readonly #file: string;
  readonly #health: WriteHealthLike | undefined;
  #connection: NodeSqliteConnection | undefined;
  #queue: Promise<void> = Promise.resolve();
  #group: Group | undefined;
  readonly #onCommit: (() => void) | undefined;
  readonly #onWrite: Wrote | undefined;

  constructor(file: string, health: WriteHealthLike | undefined, onCommit?: () => void, onWrite?: Wrote) {
    this.#file = file;
    this.#health = health;
    this.#onCommit = onCommit;
    this.#onWrite = onWrite;
  }

  async init(): Promise<void> {
    const db = new DatabaseSync(this.#file, { enableForeignKeyConstraints: true, timeout: 5000 });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec(`PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    db.exec(`PRAGMA journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
    db.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("PRAGMA busy_timeout = 5000");
    this.#connection = new NodeSqliteConnection(db, this.#health, this.#onWrite);
  }

  dataVersion(): number | undefined {
    return this.#connection?.dataVersion();
  }

  /** Takes its turn on the connection, commits any open group, and runs a TRUNCATE checkpoint. */
  async checkpoint(): Promise<void> {
    const lease = (await this.acquireConnection()) as Lease;
    try {
      if (this.#group) this.#commit(lease.connection);
      lease.connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } finally {
      lease.release();
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    if (!this.#connection) {
      release();
      throw new Error("The SQLite database is closed");
    }
    return new Lease(this.#connection, release);
  }

  async beginTransaction(lease: DatabaseConnection): Promise<void> {
    const { connection } = lease as Lease;
    if (!this.#group) {
      connection.exec("BEGIN IMMEDIATE");
      this.#group = { startedAt: performance.now(), members: 0, waiting: [], flushing: false };
    }
    this.#group.members++;
    connection.exec("SAVEPOINT member");
  }

  async commitTransaction(lease: DatabaseConnection): Promise<void> {
    const l = lease as Lease;
    const group = this.#group!;
    l.connection.exec("RELEASE member");
    if (!this.#shouldWait(group)) {
      this.#commit(l.connection);
      return;
    }
    // Let others add to the group; whoever holds the connection when it is full or old, or the turn
    // asked for here, commits it for everyone.
    const done = new Promise<void>((resolve, reject) => group.waiting.push({ resolve, reject }));
    this.#flushLater(group);
    l.release();
    await done;
  }

  /** Asks for a turn on the connection, after the loop's pending I/O, to commit `group` if still open. */
  #flushLater(group: Group): void {
    if (group.flushing) return;
    group.flushing = true;
    setImmediate(() => {
      this.acquireConnection().then(
        (lease) => {
          try {
            if (this.#group === group && this.#connection) this.#commit(this.#connection);
          } catch {
            // the members waiting on the group have been told
          } finally {
            (lease as Lease).release();
          }
        },
        (error: unknown) => {
          if (this.#group === group) this.#fail(error);
        },
      );
    });
  }

  async rollbackTransaction(lease: DatabaseConnection): Promise<void> {
    const { connection } = lease as Lease;
    if (!connection.inTransaction) {
      // SQLite rolled the whole group back itself (some errors do): every member's work is gone.
      this.#fail(new Error("The transaction was rolled back by the database"));
      return;
    }
    connection.exec("ROLLBACK TO member");
    connection.exec("RELEASE member");
  }

  async releaseConnection(lease: DatabaseConnection): Promise<void> {
    const l = lease as Lease;
    try {
      // A holder commits a full or old group before letting go; a young one is left for its turn.
      if (l.held && this.#group && this.#connection) {
        if (this.#shouldWait(this.#group)) this.#flushLater(this.#group);
        else this.#commit(this.#connection);
      }
    } finally {
      l.release();
    }
  }

  /** Settles every waiting member of the open group with `error`. */
  #fail(error: unknown): void {
    const group = this.#group;
    this.#group = undefined;
    for (const w of group?.waiting ?? []) w.reject(error);
  }

  #shouldWait(group: Group): boolean {
    return group.members < GROUP_MAX_MEMBERS && performance.now() - group.startedAt < GROUP_MAX_MS;
  }

  /** Commits the open group and settles every transaction waiting on it. */
  #commit(connection: NodeSqliteConnection): void {
    const group = this.#group!;
    this.#group = undefined;
    try {
      connection.exec("COMMIT");
    } catch (error) {
      if (connection.inTransaction) connection.exec("ROLLBACK");
      for (const w of group.waiting) w.reject(error);
      throw error;
    }
    this.#health?.wrote();
    for (const w of group.waiting) w.resolve();
    this.#onCommit?.();
  }

  async destroy(): Promise<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    if (this.#group && connection) this.#commit(connection);
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
  /** a row object from a row's values (rowMaker) */
  row: (values: readonly unknown[]) => Record<string, unknown>;
  reader: boolean;
  /** what a run of it writes to: null for a plain SELECT, a table's name, or undefined when not known */
  writes: string | null | undefined;
}

/** Told after a write to `table` (undefined: a table not known, or a rollback: any table may have changed). */
type Wrote = (table: string | undefined) => void;

/** A plain SELECT, after the optional comment that names a prepared query. */
const PLAIN_SELECT = /^\s*(\/\*[^*]*\*\/\s*)?select\b/i;
/** The table an INSERT, UPDATE or DELETE writes to (a name with its schema is left unknown). */
const WRITE_TARGET =
  /^\s*(?:\/\*[^*]*\*\/\s*)?(?:(?:insert|replace)(?:\s+or\s+\w+)?\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?(\w+)"?(?=[\s(]|$)/i;
/** Statements run as such that change no rows and undo nothing. */
const NO_CHANGE = /^\s*(begin|savepoint|release|commit)\b/i;

function writesOf(sql: string): string | null | undefined {
  if (PLAIN_SELECT.test(sql)) return null;
  return WRITE_TARGET.exec(sql)?.[1];
}

/**
 * Makes a statement's rows from the arrays node:sqlite returns: an object literal with the statement's
 * columns, compiled once per statement. Setting a wide row's columns one by one left V8 an object in
 * dictionary mode, about forty times slower to make (50 rows of the list's 33 columns: 105 µs against
 * 2.5) and slower to read afterwards. A later column of the same name wins, as it would by assignment.
 */
function rowMaker(columns: readonly string[]): (values: readonly unknown[]) => Record<string, unknown> {
  const fields = columns.map((c, i) => `${JSON.stringify(c)}: v[${i}]`);
  return new Function("v", `return { ${fields.join(", ")} };`) as (
    values: readonly unknown[],
  ) => Record<string, unknown>;
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #health: WriteHealthLike | undefined;
  readonly #statements = new Map<string, Prepared>();
  /** told after each statement that changed rows, and each `exec` but BEGIN, SAVEPOINT, RELEASE, COMMIT */
  readonly #wrote: Wrote | undefined;

  constructor(db: DatabaseSync, health: WriteHealthLike | undefined, wrote?: Wrote) {
    this.#db = db;
    this.#health = health;
    this.#wrote = wrote;
  }

  exec(sql: string): void {
    try {
      this.#db.exec(sql);
      if (!NO_CHANGE.test(sql)) this.#wrote?.(undefined);
    } catch (error) {
      this.#health?.observe(error);
      throw error;
    }
  }

  get inTransaction(): boolean {
    return this.#db.isTransaction;
  }

  #dataVersion: StatementSync | undefined;
  dataVersion(): number {
    this.#dataVersion ??= this.#db.prepare("pragma data_version");
    return (this.#dataVersion.get() as { data_version: number }).data_version;
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
      const reader = columns.length > 0;
      entry = { statement, row: rowMaker(columns), reader, writes: writesOf(sql) };
      if (this.#statements.size >= 500) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(sql, entry);
    }
    return entry;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const observe = telemetryHooks.db;
    return observe ? observe("sqlite", query.sql, () => this.#execute<R>(query)) : this.#execute<R>(query);
  }

  async #execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const { statement, reader, row, writes } = this.#prepare(query.sql);
      const params = query.parameters.map(bind);
      if (reader) {
        const rows = statement.all(...params) as unknown as unknown[][];
        if (writes !== null) this.#wrote?.(writes);
        return { rows: rows.map(row) as R[] };
      }
      const { changes, lastInsertRowid } = statement.run(...params);
      if (changes > 0) {
        this.#wrote?.(writes ?? undefined);
        if (!this.#db.isTransaction) this.#health?.wrote();
      }
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
    } catch (error) {
      this.#health?.observe(error);
      throw error;
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement, row, writes } = this.#prepare(query.sql);
    try {
      for (const values of statement.iterate(...query.parameters.map(bind))) {
        yield { rows: [row(values as unknown as unknown[]) as R] };
      }
    } finally {
      if (writes !== null) this.#wrote?.(writes);
    }
  }
}
