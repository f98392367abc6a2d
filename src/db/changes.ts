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
   * time it resolves (by the time its commit is seen, for another process on SQLite): on SQLite its own
   * are counted at once and another process's commit is in the file's data_version; on PostgreSQL an
   * announcement waits out every instance's lease (see `postgresChanges`). A cache that must be exact,
   * such as the tokens', relies on it.
   */
  exact(): boolean;
  /**
   * SQLite: a count that moves after every write of this process to any of `tables` (and every write to
   * a table not known, and every rollback), read at once. Together with `version` read before it, which
   * moves with other processes' commits, it says whether those tables may have changed since: a cache of
   * what is read from them alone (an agent's run notices, src/mcp/notices.ts) holds to both. Absent on
   * PostgreSQL, where another instance's writes are heard of only later.
   */
  writes?(tables: readonly string[]): number;
  close(): Promise<void>;
}

const CHANNEL = "docket_changes";

/**
 * SQLite: `PRAGMA data_version` changes whenever another connection (another process) commits; this
 * connection's own changes are counted locally. Every API request reads it once: `direct` reads it on the
 * service's connection at once (src/db/sqlite.ts), without waiting for a turn on it as a query would.
 */
export function sqliteChanges(
  // biome-ignore lint/suspicious/noExplicitAny: works over any schema
  db: Kysely<any>,
  direct?: () => number | undefined,
  writes?: (tables: readonly string[]) => number,
): ChangeSignal {
  let local = 0;
  const dataVersion = CompiledQuery.raw("pragma data_version");
  return {
    ...(writes ? { writes } : {}),
    async version() {
      const now = direct?.();
      if (now !== undefined) return `${local}:${now}`;
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
/** How often the listening connection reads the change counter (EPOCH_SEQUENCE). */
const EPOCH_POLL_MS = 50;
/**
 * How long a read of the change counter vouches for this instance's caches: a version is stable only
 * while the last read that came back was sent less than this long ago. An announcement waits a little
 * longer than this before it resolves, so by then every instance has read the new count, or stopped
 * trusting its caches.
 */
export const EPOCH_LEASE_MS = 200;
const ANNOUNCE_WAIT_MS = EPOCH_LEASE_MS + 10;
/** The PostgreSQL sequence every announcement advances (migration 0036); its value is the change count. */
const EPOCH_SEQUENCE = "docket_change_epoch";
/** The listening connection's application_name in pg_stat_activity. */
export const LISTENER_APPLICATION = "docket-changes";

/**
 * PostgreSQL: exact, through a counter and a lease. An announcement advances a sequence (which is not
 * transactional, so every session sees the new value once `nextval` returns), sends a NOTIFY, and then
 * waits EPOCH_LEASE_MS and a little more. Each instance reads the sequence on a connection of its own,
 * which also LISTENs, every EPOCH_POLL_MS; its version is stable only while the last read that came back
 * was sent within the lease. So a request that arrives after an announcement has resolved finds either a
 * version that moved (the read was sent after `nextval`) or no stable version at all (no read that
 * recent): no instance keeps using what it cached before the change, without a query per request. The
 * NOTIFY makes the others hear at once rather than at their next read. Until that connection is up (or
 * after it is lost) every version differs from the last, so nothing is cached; a lost connection is
 * reopened (on the next call, after a wait that doubles with each failed attempt).
 */
export function postgresChanges(
  // biome-ignore lint/suspicious/noExplicitAny: works over any schema
  db: Kysely<any>,
  url: string,
  options: { connectTimeoutMs?: number; onError?: (error: Error) => void } = {},
): ChangeSignal {
  let local = 0;
  let heard = 0;
  /** the change count the last read returned, and when (performance.now()) that read was sent */
  let epoch = "";
  let epochSentAt = Number.NEGATIVE_INFINITY;
  /** versions handed out while no read vouches: each one new, so none matches a cached entry */
  let unvouched = 0;
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
      application_name: LISTENER_APPLICATION,
    });
    listener = client;
    let gone = false;
    let poll: NodeJS.Timeout | undefined;
    const lost = () => {
      if (gone) return;
      gone = true;
      clearTimeout(poll);
      if (!listening) failures++;
      listening = false;
      epochSentAt = Number.NEGATIVE_INFINITY;
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
    };
    const read = async () => {
      const sentAt = performance.now();
      const { rows } = await client.query<{ n: string }>(
        `select last_value::text as n from ${EPOCH_SEQUENCE}`,
      );
      if (gone) return;
      epoch = rows[0]!.n;
      epochSentAt = sentAt;
    };
    const next = () => {
      poll = setTimeout(() => {
        read().then(next, lost);
      }, EPOCH_POLL_MS);
      poll.unref();
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
      .then(read)
      .then(() => {
        if (closed || gone) return client.end();
        listening = true;
        failures = 0;
        heard++;
        next();
      })
      .catch(lost);
  };
  const wait = () => Math.min(RECONNECT_FIRST_MS * 2 ** Math.max(0, failures - 1), RECONNECT_MAX_MS);

  return {
    async version() {
      if (!listening && !listener && !closed && Date.now() - lastAttempt >= wait()) connect();
      if (listening && performance.now() - epochSentAt < EPOCH_LEASE_MS) return `${local}:${heard}:${epoch}`;
      return `${local}:u${++unvouched}`;
    },
    async announce() {
      local++;
      await sql`select nextval(${EPOCH_SEQUENCE}), pg_notify(${CHANNEL}, '')`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_WAIT_MS));
    },
    exact: () => true,
    async close() {
      closed = true;
      listening = false;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}
