import { createRateLimiter, type RateLimiter } from "./auth/limits.ts";
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
  readonly limiter: RateLimiter;
}

export function createCore(
  config: Config,
  store: Store,
  options: { clock?: Clock; limiter?: RateLimiter } = {},
): Core {
  const clock = options.clock ?? systemClock;
  return {
    config,
    store,
    db: store.db,
    clock,
    switches: new Switches(store.db, store.changes, clock),
    limiter: options.limiter ?? createRateLimiter(config.redisUrl, clock),
  };
}

/** Releases what a core holds; the store is closed by its opener. */
export async function closeCore(core: Core): Promise<void> {
  await core.limiter.close();
}
