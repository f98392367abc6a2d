import { createRateLimiter, MemoryRateLimiter, type RateLimiter } from "./auth/limits.ts";
import { Switches } from "./auth/switches.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db, Store } from "./db/store.ts";
import { EventHub } from "./events/hub.ts";
import { openSecretBox, type SecretBox } from "./secret-box.ts";

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
   * Request rates per credential (REST per token, MCP per connection): Redis with REDIS_URL, else in
   * memory per instance (a database write on every request would cost more than the request; see
   * docs/decisions.md).
   */
  readonly requestLimiter: RateLimiter;
  /** Seals the service's own secrets at rest and keys its MACs (DOCKET_SECRET_KEY; src/secret-box.ts). */
  readonly secrets: SecretBox;
  /** Moves committed events to this instance's open streams and webhook fan-out. */
  readonly events: EventHub;
}

export function createCore(
  config: Config,
  store: Store,
  options: { clock?: Clock; limiter?: RateLimiter; requestLimiter?: RateLimiter; secrets?: SecretBox } = {},
): Core {
  const clock = options.clock ?? systemClock;
  const limiter = options.limiter ?? createRateLimiter(config.redisUrl, clock, store);
  const requestLimiter =
    options.requestLimiter ?? (options.limiter || config.redisUrl ? limiter : new MemoryRateLimiter(clock));
  return {
    config,
    store,
    db: store.db,
    clock,
    switches: new Switches(store.db, store.changes, clock),
    limiter,
    requestLimiter,
    secrets: options.secrets ?? openSecretBox(config),
    events: new EventHub(store, config.database.kind === "postgres" ? config.database.url : undefined, {
      connectTimeoutMs: config.databaseTimeouts.connectMs,
      streams: config.eventStreams,
      clock,
    }),
  };
}

/** Releases what a core holds; the store is closed by its opener. */
export async function closeCore(core: Core): Promise<void> {
  await core.events.close();
  await core.limiter.close();
  if (core.requestLimiter !== core.limiter) await core.requestLimiter.close();
}
