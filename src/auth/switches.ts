import type { Clock } from "../clock.ts";
import { iso } from "../clock.ts";
import type { ChangeSignal } from "../db/changes.ts";
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
 * Reads switches through a cache that holds until any instance (or `docket admin`) announces a change
 * on the database, so a hot path costs no query and every instance sees a change at once.
 */
export class Switches {
  readonly #db: Db;
  readonly #changes: ChangeSignal;
  readonly #clock: Clock;
  #cached: { state: SwitchState; version: string } | undefined;

  constructor(db: Db, changes: ChangeSignal, clock: Clock) {
    this.#db = db;
    this.#changes = changes;
    this.#clock = clock;
  }

  /** Every switch; `version` is the change signal's, when the caller has just read it (a request does). */
  async all(version?: string): Promise<SwitchState> {
    version ??= await this.#changes.version();
    if (this.#cached?.version === version) return this.#cached.state;
    const rows = await this.#db.selectFrom("feature_switches").select(["name", "enabled"]).execute();
    const state = Object.fromEntries(
      Object.entries(SWITCHES).map(([name, s]) => [name, s.default]),
    ) as SwitchState;
    for (const row of rows) if (row.name in SWITCHES) state[row.name as SwitchName] = row.enabled === 1;
    this.#cached = { state, version };
    return state;
  }

  async isOn(name: SwitchName, version?: string): Promise<boolean> {
    return (await this.all(version))[name];
  }

  async set(name: SwitchName, enabled: boolean): Promise<SwitchState> {
    const now = iso(this.#clock);
    await this.#db
      .insertInto("feature_switches")
      .values({ name, enabled: enabled ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }))
      .execute();
    await this.#changes.announce();
    return this.all();
  }
}
