import type { Clock } from "../clock.ts";
import { iso } from "../clock.ts";
import type { Db } from "../db/store.ts";
import { invalid } from "../errors.ts";

/** Feature switches, stored in the database so that every instance sees a change. */
export const SWITCHES = {
  agent_registration: { default: true, about: "agents may register themselves on behalf of a person" },
  browser_oauth: { default: true, about: "MCP clients may use the browser OAuth sign-in" },
  maintenance: { default: false, about: "every path under /api and /v1 answers 503 with Retry-After" },
} as const;

export type SwitchName = keyof typeof SWITCHES;
export type SwitchState = Record<SwitchName, boolean>;

export function switchName(raw: string): SwitchName {
  const name = raw.trim().toLowerCase().replaceAll("-", "_");
  if (!(name in SWITCHES)) {
    throw invalid(
      `Unknown switch "${raw}"; the switches are ${Object.keys(SWITCHES)
        .map((s) => s.replaceAll("_", "-"))
        .join(", ")}.`,
    );
  }
  return name as SwitchName;
}

/**
 * Reads switches with a short cache, so a hot path costs no query while a change made by any instance
 * (or by `docket admin`) is seen by all within `ttlMs`.
 */
export class Switches {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #ttlMs: number;
  #cached: { state: SwitchState; at: number } | undefined;

  constructor(db: Db, clock: Clock, ttlMs = 1000) {
    this.#db = db;
    this.#clock = clock;
    this.#ttlMs = ttlMs;
  }

  async all(): Promise<SwitchState> {
    const now = Date.now();
    if (this.#cached && now - this.#cached.at < this.#ttlMs) return this.#cached.state;
    const rows = await this.#db.selectFrom("feature_switches").select(["name", "enabled"]).execute();
    const state = Object.fromEntries(
      Object.entries(SWITCHES).map(([name, s]) => [name, s.default]),
    ) as SwitchState;
    for (const row of rows) if (row.name in SWITCHES) state[row.name as SwitchName] = row.enabled === 1;
    this.#cached = { state, at: now };
    return state;
  }

  async isOn(name: SwitchName): Promise<boolean> {
    return (await this.all())[name];
  }

  async set(name: SwitchName, enabled: boolean): Promise<SwitchState> {
    const now = iso(this.#clock);
    await this.#db
      .insertInto("feature_switches")
      .values({ name, enabled: enabled ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }))
      .execute();
    this.#cached = undefined;
    return this.all();
  }
}
