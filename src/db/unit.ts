import { AsyncLocalStorage } from "node:async_hooks";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type Transaction,
  type TransactionSettings,
} from "kysely";

/**
 * A unit of work: one transaction that every query and every transaction started inside it (in the same
 * async context) joins, the inner transactions as savepoints. It commits once, at its end, so the work
 * done inside and whatever the caller adds to it last are saved together or not at all.
 *
 * Code inside needs no change: `db.transaction().execute(...)` and plain queries find the unit through
 * AsyncLocalStorage and run on its connection. Outside a unit they behave as always.
 */
interface Unit {
  /** the connection the unit's transaction runs on, once it has begun */
  connection: DatabaseConnection | undefined;
  /** the driver that connection belongs to: another store's queries inside the unit are not part of it */
  driver: Driver | undefined;
  /** whether queries join the unit (between its BEGIN and the start of its COMMIT) */
  open: boolean;
  /** savepoints made so far, to name the next */
  savepoints: number;
  /** what `afterCommit` left to run once the unit has committed */
  committed: (() => void)[];
}

const units = new AsyncLocalStorage<Unit>();

/** A connection handed out inside a unit: the unit's own, whose release does not let it go. */
class Joined implements DatabaseConnection {
  savepoint: string | undefined;
  readonly inner: DatabaseConnection;
  readonly unit: Unit;
  constructor(inner: DatabaseConnection, unit: Unit) {
    this.inner = inner;
    this.unit = unit;
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.stillOpen();
    return this.inner.executeQuery<R>(query);
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.stillOpen();
    return this.inner.streamQuery<R>(query, chunkSize);
  }
  /**
   * Work that joined the unit and outlived it (a timer set inside it, say) must not go on over its
   * connection: that connection is back in the pool, and maybe in another request's transaction, which
   * a stray statement (or a savepoint it does not have) would break.
   */
  stillOpen(): void {
    if (!this.unit.open)
      throw new Error("a query joined a unit of work that has ended; run background work outside units");
  }
}

/** Wraps a dialect so that its connections and transactions take part in units of work. */
export class UnitOfWorkDialect implements Dialect {
  readonly #inner: Dialect;
  constructor(inner: Dialect) {
    this.#inner = inner;
  }
  createAdapter(): DialectAdapter {
    return this.#inner.createAdapter();
  }
  createDriver(): Driver {
    return new UnitOfWorkDriver(this.#inner.createDriver());
  }
  createQueryCompiler(): QueryCompiler {
    return this.#inner.createQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.#inner.createIntrospector(db);
  }
}

const raw = (text: string) => CompiledQuery.raw(text);

class UnitOfWorkDriver implements Driver {
  readonly #inner: Driver;
  constructor(inner: Driver) {
    this.#inner = inner;
  }
  init(): Promise<void> {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const unit = units.getStore();
    if (unit?.open && unit.connection && unit.driver === this) return new Joined(unit.connection, unit);
    return this.#inner.acquireConnection();
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (connection instanceof Joined) {
      connection.stillOpen();
      connection.savepoint = `unit_${++connection.unit.savepoints}`;
      await connection.inner.executeQuery(raw(`savepoint ${connection.savepoint}`));
      return;
    }
    await this.#inner.beginTransaction(connection, settings);
    const unit = units.getStore();
    // The unit's own transaction is the first to begin in its context.
    if (unit && !unit.open && !unit.connection) {
      unit.connection = connection;
      unit.driver = this;
    }
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof Joined) {
      connection.stillOpen();
      await connection.inner.executeQuery(raw(`release savepoint ${connection.savepoint}`));
      return;
    }
    await this.#inner.commitTransaction(connection);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof Joined) {
      // the unit ended: its transaction (and this savepoint in it) is gone already, and the connection
      // is not the unit's any more
      if (!connection.unit.open) return;
      await connection.inner.executeQuery(raw(`rollback to savepoint ${connection.savepoint}`));
      await connection.inner.executeQuery(raw(`release savepoint ${connection.savepoint}`));
      return;
    }
    await this.#inner.rollbackTransaction(connection);
  }
  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.#inner.savepoint?.(
      connection instanceof Joined ? connection.inner : connection,
      name,
      compile,
    );
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.#inner.rollbackToSavepoint?.(
      connection instanceof Joined ? connection.inner : connection,
      name,
      compile,
    );
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    await this.#inner.releaseSavepoint?.(
      connection instanceof Joined ? connection.inner : connection,
      name,
      compile,
    );
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof Joined) return;
    await this.#inner.releaseConnection(connection);
  }
  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/**
 * Runs `fn` outside any unit of work: for work that a request starts but that is not the request's (a
 * timer, a wake-up of a background loop), which would otherwise carry the request's unit along and run
 * its queries inside the request's transaction, or after it on a connection no longer its own.
 */
export function outsideUnitOfWork<T>(fn: () => T): T {
  return units.exit(fn);
}

/** Whether the caller runs inside a unit of work. */
function inUnitOfWork(): boolean {
  return units.getStore()?.open === true;
}

/**
 * Runs `work` as one unit of work on `db` (a Kysely over a {@link UnitOfWorkDialect}): every query and
 * transaction it starts joins one transaction, which commits when `work` resolves and rolls back when
 * it throws. `work` gets that transaction, to add its last writes to it. Inside another unit it simply
 * joins that one.
 */
export async function unitOfWork<DB, T>(
  db: Kysely<DB>,
  work: (tx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  if (inUnitOfWork()) return db.transaction().execute(work);
  const unit: Unit = { connection: undefined, driver: undefined, open: false, savepoints: 0, committed: [] };
  const result = await units.run(unit, () =>
    db.transaction().execute(async (tx) => {
      if (!unit.connection) throw new Error("units of work need a store opened over UnitOfWorkDialect");
      unit.open = true;
      try {
        return await work(tx);
      } finally {
        unit.open = false;
      }
    }),
  );
  for (const fn of unit.committed) outsideUnitOfWork(fn);
  return result;
}

/**
 * Runs `fn` once what the caller wrote has committed: at once outside a unit of work, and inside one
 * after the unit commits (never if it rolls back), outside it. For telling others of a change, who must
 * not read the data before it is there. `fn` must not throw.
 */
export function afterCommit(fn: () => void): void {
  const unit = units.getStore();
  if (unit?.open) unit.committed.push(fn);
  else fn();
}
