import { CompiledQuery, type Kysely, sql } from "kysely";
import pg from "pg";

/**
 * Tells an instance that another one (or `docket admin`) has changed shared state, so that caches of
 * such state are exact rather than a few seconds stale.
 */
export interface ChangeSignal {
  /** A value that differs from the previous one whenever shared state may have changed since. */
  version(): Promise<string>;
  /**
   * Tells every instance on this database, this one included, that shared state has changed; called
   * after the write that changed it (on SQLite that committed write is what other processes see).
   */
  announce(): Promise<void>;
  /**
   * True when every announcement, this instance's or another process's, has changed `version` by the
   * time it is made: on SQLite (its own are counted at once, another process's commit is in the file's
   * data_version). Not on PostgreSQL, whose instances hear a NOTIFY a moment after it is made: a cache
   * that must be exact there, such as the tokens', cannot rely on it.
   */
  exact(): boolean;
  close(): Promise<void>;
}

const CHANNEL = "docket_changes";

/**
 * SQLite: `PRAGMA data_version` changes whenever another connection (another process) commits; this
 * connection's own changes are counted locally.
 */
// biome-ignore lint/suspicious/noExplicitAny: works over any schema
export function sqliteChanges(db: Kysely<any>): ChangeSignal {
  let local = 0;
  const dataVersion = CompiledQuery.raw("pragma data_version");
  return {
    async version() {
      const { rows } = await db.executeQuery<{ data_version: number }>(dataVersion);
      return `${local}:${rows[0]?.data_version ?? 0}`;
    },
    async announce() {
      local++;
    },
    exact: () => true,
    async close() {},
  };
}

/** Waits between attempts to (re)open the LISTEN connection: doubling from the first to the last. */
const RECONNECT_FIRST_MS = 1000;
const RECONNECT_MAX_MS = 10_000;

/**
 * PostgreSQL: LISTEN/NOTIFY on a connection of its own. Until that connection is up (or after it is
 * lost) the version changes every second, so caches fall back to a one-second lifetime; a lost
 * connection is reopened (on the next call, after a wait that doubles with each failed attempt), and
 * once it listens again the version changes, so whatever was cached meanwhile is read again.
 */
export function postgresChanges(
  // biome-ignore lint/suspicious/noExplicitAny: works over any schema
  db: Kysely<any>,
  url: string,
  options: { connectTimeoutMs?: number; onError?: (error: Error) => void } = {},
): ChangeSignal {
  let local = 0;
  let heard = 0;
  let listener: pg.Client | undefined;
  let listening = false;
  let lastAttempt = 0;
  let failures = 0;
  let closed = false;

  const connect = () => {
    lastAttempt = Date.now();
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    });
    listener = client;
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (!listening) failures++;
      listening = false;
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
    };
    // The connection failing (the server restarting, the backend terminated) must never go unheard.
    client.on("error", (error) => {
      options.onError?.(error);
      lost();
    });
    client.on("end", lost);
    client.on("notification", () => {
      heard++;
    });
    client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(() => {
        if (closed || gone) return client.end();
        listening = true;
        failures = 0;
        heard++;
      })
      .catch(lost);
  };
  const wait = () => Math.min(RECONNECT_FIRST_MS * 2 ** Math.max(0, failures - 1), RECONNECT_MAX_MS);

  return {
    async version() {
      if (!listening && !listener && !closed && Date.now() - lastAttempt >= wait()) connect();
      return listening ? `${local}:${heard}` : `${local}:t${Math.floor(Date.now() / 1000)}`;
    },
    async announce() {
      local++;
      await sql`select pg_notify(${CHANNEL}, '')`.execute(db);
    },
    exact: () => false,
    async close() {
      closed = true;
      listening = false;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}
