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
    async close() {},
  };
}

/**
 * PostgreSQL: LISTEN/NOTIFY on a connection of its own. Until that connection is up (or after it is
 * lost) the version changes every second, so caches fall back to a one-second lifetime.
 */
// biome-ignore lint/suspicious/noExplicitAny: works over any schema
export function postgresChanges(db: Kysely<any>, url: string): ChangeSignal {
  let local = 0;
  let heard = 0;
  let listener: pg.Client | undefined;
  let listening = false;
  let lastAttempt = 0;
  let closed = false;

  const connect = () => {
    lastAttempt = Date.now();
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    listener = client;
    const lost = () => {
      listening = false;
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", () => {
      heard++;
    });
    client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(() => {
        if (closed) return client.end();
        listening = true;
        heard++;
      })
      .catch(lost);
  };

  return {
    async version() {
      if (!listening && !listener && !closed && Date.now() - lastAttempt >= 1000) connect();
      return listening ? `${local}:${heard}` : `${local}:t${Math.floor(Date.now() / 1000)}`;
    },
    async announce() {
      local++;
      await sql`select pg_notify(${CHANNEL}, '')`.execute(db);
    },
    async close() {
      closed = true;
      listening = false;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}
