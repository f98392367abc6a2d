import { Redis } from "ioredis";
import { sql } from "kysely";
import type { Clock } from "../clock.ts";
import { prepared } from "../db/prepared.ts";
import type { Db } from "../db/store.ts";

export interface LimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** Thrown when the limits cannot be counted; callers refuse with 503 rather than allow the call. */
export class LimiterUnavailable extends Error {
  constructor(cause: unknown) {
    super("rate limits could not be checked", { cause });
    this.name = "LimiterUnavailable";
  }
}

/**
 * Fixed-window counters: `hit` counts `cost` events (one by default) against `key` and says whether they
 * fit within `limit` per `windowMs`; a refused hit stays counted. In memory for one instance; in Redis (REDIS_URL) when several instances share limits.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number, cost?: number): Promise<LimitResult>;
  close(): Promise<void>;
}

function result(
  count: number,
  limit: number,
  windowStart: number,
  windowMs: number,
  now: number,
): LimitResult {
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetMs: windowStart + windowMs - now,
  };
}

export class MemoryRateLimiter implements RateLimiter {
  readonly #clock: Clock;
  readonly #windows = new Map<string, { start: number; count: number; windowMs: number }>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  async hit(key: string, limit: number, windowMs: number, cost = 1): Promise<LimitResult> {
    const now = this.#clock.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    let entry = this.#windows.get(key);
    if (!entry || entry.start !== start) {
      if (this.#windows.size >= 50_000) this.#sweep(now);
      entry = { start, count: 0, windowMs };
      this.#windows.set(key, entry);
    }
    entry.count += cost;
    return result(entry.count, limit, start, windowMs, now);
  }

  #sweep(now: number): void {
    for (const [key, e] of this.#windows) if (e.start + e.windowMs <= now) this.#windows.delete(key);
  }

  async close(): Promise<void> {
    this.#windows.clear();
  }
}

export class RedisRateLimiter implements RateLimiter {
  readonly #clock: Clock;
  readonly #redis: Redis;

  constructor(url: string, clock: Clock) {
    this.#clock = clock;
    // No retries per command: when Redis is away, fail fast so the caller can answer 503.
    this.#redis = new Redis(url, {
      lazyConnect: true,
      // Named, so that an operator (or a test) can tell this process's connections from others'.
      connectionName: `docket-${process.pid}`,
      enableOfflineQueue: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      commandTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.#redis.on("error", () => {});
  }

  async hit(key: string, limit: number, windowMs: number, cost = 1): Promise<LimitResult> {
    const now = this.#clock.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    const redisKey = `docket:limit:${key}:${start}`;
    try {
      if (this.#redis.status === "wait") await this.#redis.connect();
      const replies = await this.#redis
        .multi()
        .incrby(redisKey, cost)
        .pexpire(redisKey, windowMs + 1000)
        .exec();
      const [err, count] = replies?.[0] ?? [new Error("no reply"), 0];
      if (err) throw err;
      return result(Number(count), limit, start, windowMs, now);
    } catch (error) {
      throw new LimiterUnavailable(error);
    }
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}

const bumpCounter = prepared(
  ["key", "start", "expires", "cost"],
  (db: Db, a: { key: string; start: number; expires: number; cost: number }) =>
    db
      .insertInto("limit_counters")
      .values({ key: a.key, window_start: a.start, count: a.cost, expires_at: a.expires })
      .onConflict((oc) =>
        oc
          .columns(["key", "window_start"])
          .doUpdateSet((eb) => ({ count: eb("limit_counters.count", "+", eb.ref("excluded.count")) })),
      )
      .returning("count"),
);

/**
 * PostgreSQL: the same upsert, committed without waiting for the write-ahead log to reach the disk, in
 * one statement. `set_config(…, true)` lasts to the end of the statement's own transaction, and
 * PostgreSQL records a commit before it puts such settings back, so the commit is an asynchronous one:
 * one round trip, where BEGIN, SET LOCAL, the upsert and COMMIT were four.
 */
const bumpCounterRelaxed = prepared(
  ["key", "start", "expires", "cost"],
  (db: Db, a: { key: string; start: number; expires: number; cost: number }) => {
    const query = sql<{ count: number }>`insert into limit_counters (key, window_start, count, expires_at)
      select cast(${a.key} as text), cast(${a.start} as bigint), cast(${a.cost} as integer), cast(${a.expires} as bigint)
      from (select set_config('synchronous_commit', 'off', true)) relaxed
      on conflict (key, window_start) do update set count = limit_counters.count + excluded.count
      returning count`;
    return { compile: () => query.compile(db) };
  },
);

/** How often (in hits) a database limiter deletes windows that have ended. */
const SWEEP_EVERY = 1000;

/**
 * Fixed-window counters in the service's own database (table `limit_counters`): one upsert per hit,
 * shared by every instance on the same database, so several instances count one limit together without
 * Redis. A database that cannot be reached is reported as LimiterUnavailable, never counted as allowed.
 */
export class DatabaseRateLimiter implements RateLimiter {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #relaxedCommit: boolean;
  #hits = 0;

  /**
   * `relaxedCommit` (PostgreSQL): counter writes do not wait for the write-ahead log to reach the disk.
   * A crash of the database server may forget the last few milliseconds of counts, which a limit can
   * afford; waiting for the disk on every hit cost 2.4 ms a hit here, against about 0.3 ms without.
   */
  constructor(db: Db, clock: Clock, options: { relaxedCommit?: boolean } = {}) {
    // a relaxed hit's setting lasts to the end of its transaction: inside another's, it would relax that
    if (options.relaxedCommit && db.isTransaction) {
      throw new Error("a limiter with relaxed commits counts in a transaction of its own, not in another's");
    }
    this.#db = db;
    this.#clock = clock;
    this.#relaxedCommit = options.relaxedCommit ?? false;
  }

  async #bump(a: { key: string; start: number; expires: number; cost: number }) {
    return this.#relaxedCommit ? bumpCounterRelaxed(this.#db, a) : bumpCounter(this.#db, a);
  }

  async hit(key: string, limit: number, windowMs: number, cost = 1): Promise<LimitResult> {
    const now = this.#clock.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    try {
      const [row] = await this.#bump({ key, start, expires: start + windowMs, cost });
      if (!row) throw new Error("the counter was not returned");
      if (++this.#hits % SWEEP_EVERY === 0) await this.sweep();
      return result(Number(row.count), limit, start, windowMs, now);
    } catch (error) {
      throw new LimiterUnavailable(error);
    }
  }

  /** Deletes the windows that have ended; returns how many. */
  async sweep(): Promise<number> {
    const r = await this.#db
      .deleteFrom("limit_counters")
      .where("expires_at", "<=", this.#clock.now().getTime())
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async close(): Promise<void> {}
}

/**
 * The limiter shared by every instance: Redis when REDIS_URL is set, else the database. Without a
 * database (tools that count nothing) an in-memory one.
 */
export function createRateLimiter(
  redisUrl: string | undefined,
  clock: Clock,
  store?: { db: Db; kind: "sqlite" | "postgres" },
): RateLimiter {
  if (redisUrl) return new RedisRateLimiter(redisUrl, clock);
  if (!store) return new MemoryRateLimiter(clock);
  return new DatabaseRateLimiter(store.db, clock, { relaxedCommit: store.kind === "postgres" });
}
