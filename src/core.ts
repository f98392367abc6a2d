import { createRateLimiter, MemoryRateLimiter, type RateLimiter } from "./auth/limits.ts";
import { Switches } from "./auth/switches.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db, Store } from "./db/store.ts";

/** What every domain function is handed: the store, the clock and the shared services. No HTTP in here. */
export interface Core {
  readonly config: Config;
  readonly store: Store;
  readonly db: Db;
  readonly clock: Clock;
  readonly switches: Switches;
  /** Limits shared by every instance: Redis with REDIS_URL, else the database (`limit_counters`). */
  readonly limiter: RateLimiter;
  /**
   * The REST per-token request limit: Redis with REDIS_URL, else in memory per instance (a database
   * write on every /v1 request would cost more than the request; see docs/decisions.md).
   */
  readonly restLimiter: RateLimiter;
}

export function createCore(
  config: Config,
  store: Store,
  options: { clock?: Clock; limiter?: RateLimiter; restLimiter?: RateLimiter } = {},
): Core {
  const clock = options.clock ?? systemClock;
  const limiter = options.limiter ?? createRateLimiter(config.redisUrl, clock, store);
  const restLimiter =
    options.restLimiter ?? (options.limiter || config.redisUrl ? limiter : new MemoryRateLimiter(clock));
  return {
    config,
    store,
    db: store.db,
    clock,
    switches: new Switches(store.db, store.changes, clock),
    limiter,
    restLimiter,
  };
}

/** Releases what a core holds; the store is closed by its opener. */
export async function closeCore(core: Core): Promise<void> {
  await core.limiter.close();
  if (core.restLimiter !== core.limiter) await core.restLimiter.close();
}
