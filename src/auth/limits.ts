import { Redis } from "ioredis";
import type { Clock } from "../clock.ts";

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
 * Fixed-window counters: `hit` counts one event against `key` and says whether it fits within `limit`
 * per `windowMs`. In memory for one instance; in Redis (REDIS_URL) when several instances share limits.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
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

  async hit(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const now = this.#clock.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    let entry = this.#windows.get(key);
    if (!entry || entry.start !== start) {
      if (this.#windows.size >= 50_000) this.#sweep(now);
      entry = { start, count: 0, windowMs };
      this.#windows.set(key, entry);
    }
    entry.count++;
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
      enableOfflineQueue: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      commandTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.#redis.on("error", () => {});
  }

  async hit(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const now = this.#clock.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    const redisKey = `docket:limit:${key}:${start}`;
    try {
      if (this.#redis.status === "wait") await this.#redis.connect();
      const replies = await this.#redis
        .multi()
        .incr(redisKey)
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

export function createRateLimiter(redisUrl: string | undefined, clock: Clock): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, clock) : new MemoryRateLimiter(clock);
}
