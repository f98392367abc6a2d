import pg from "pg";
import type { Logger } from "pino";
import type { Core } from "../core.ts";

/**
 * One leader per cluster, for the work that must run once however many workers there are (the
 * schedules: housekeeping, agent run sweeps). On PostgreSQL a worker leads while it holds a session
 * advisory lock on a connection of its own; the others try for it every couple of seconds. A leader
 * that dies takes its connection with it, the server frees the lock, and another worker leads within a
 * retry. A leader whose connection fails stops leading at once (`onLose`) and tries again like the
 * rest. On SQLite (one process) the only instance always leads.
 */

/** The advisory lock's key: "docket" in ASCII, the same in every installation's database. */
export const LEADER_LOCK_KEY = 0x646f636b6574n;
/** How often a follower tries for the lock, and a leader checks that its connection still answers. */
export const LEADER_RETRY_MS = 2000;

export interface Leadership {
  /** Whether this process leads now. */
  readonly leading: boolean;
  /** The leader connection's server process id (PostgreSQL), while it leads; for tests and logs. */
  readonly backendPid: number | undefined;
  /** Stops leading (the lock goes with the connection) and trying. */
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  onLead: () => void;
  onLose: () => void;
  retryMs?: number;
  key?: bigint;
}

export function startLeadership(core: Core, logger: Logger, options: LeadershipOptions): Leadership {
  const database = core.config.database;
  if (database.kind !== "postgres") {
    options.onLead();
    let leading = true;
    return {
      get leading() {
        return leading;
      },
      backendPid: undefined,
      async stop() {
        if (leading) {
          leading = false;
          options.onLose();
        }
      },
    };
  }
  const retryMs = options.retryMs ?? LEADER_RETRY_MS;
  const key = (options.key ?? LEADER_LOCK_KEY).toString();
  const connectMs = core.config.databaseTimeouts.connectMs;
  const statementMs = core.config.databaseTimeouts.statementMs;
  let stopped = false;
  let leading = false;
  let backendPid: number | undefined;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> = Promise.resolve();

  const lose = (why: string, error?: unknown) => {
    if (!leading) return;
    leading = false;
    backendPid = undefined;
    if (why === "stopping") logger.info("no longer leading the cluster's schedules: stopping");
    else logger.warn({ err: error, why }, "no longer leading the cluster's schedules");
    try {
      options.onLose();
    } catch (e) {
      logger.error({ err: e }, "stopping the schedules failed");
    }
  };
  const drop = (why: string, error?: unknown) => {
    const c = client;
    client = undefined;
    lose(why, error);
    c?.end().catch(() => {});
  };
  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({
      connectionString: database.url,
      connectionTimeoutMillis: connectMs,
      keepAlive: true,
      query_timeout: connectMs + statementMs,
      application_name: "docket-leader",
    });
    c.on("error", (error) => {
      if (client === c) drop("its connection failed", error);
    });
    c.on("end", () => {
      if (client === c) drop("its connection closed");
    });
    await c.connect();
    return c;
  };
  const attempt = async () => {
    if (stopped) return;
    try {
      if (!client) client = await connect();
      const c = client;
      if (leading) {
        // a leader's check that its session (and so its lock) is still there
        await c.query("select 1");
        return;
      }
      const r = await c.query<{ locked: boolean; pid: number }>(
        "select pg_try_advisory_lock($1::bigint) as locked, pg_backend_pid() as pid",
        [key],
      );
      if (stopped || client !== c) {
        if (r.rows[0]?.locked) await c.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
        return;
      }
      if (r.rows[0]?.locked) {
        leading = true;
        backendPid = r.rows[0].pid;
        logger.info({ backend_pid: backendPid }, "leading the cluster's schedules");
        try {
          options.onLead();
        } catch (e) {
          logger.error({ err: e }, "starting the schedules failed");
        }
      }
    } catch (error) {
      if (!stopped) {
        if (leading) drop("its connection stopped answering", error);
        else {
          logger.debug({ err: error }, "could not try for the schedules' lock; trying again");
          drop("could not try", error);
        }
      }
    }
  };
  const tick = () => {
    turn = turn.then(attempt);
  };
  tick();
  timer = setInterval(tick, retryMs);
  timer.unref();
  return {
    get leading() {
      return leading;
    },
    get backendPid() {
      return backendPid;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await turn;
      const c = client;
      client = undefined;
      lose("stopping");
      // closing the session frees the lock for the next leader
      await c?.end().catch(() => {});
    },
  };
}
