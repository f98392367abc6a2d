import type { Core } from "../core.ts";

interface Entry<T> {
  value: T;
  /** the store's change version read before the lookup: the entry holds while it is still the version */
  version: string;
  /** performance.now() of the lookup */
  at: number;
}

/**
 * Lookups of credentials that held, kept per store while the store's change version stays what it was
 * before the lookup. Whatever can end a credential (a revocation, a suspension, a member removed, a
 * person or workspace deleted) calls `core.events.accessChanged()`, which announces a change on that
 * signal; on SQLite a commit of another process (`docket admin`) also changes the file's data_version;
 * on PostgreSQL an announcement resolves only once every instance's version has moved or stopped
 * vouching (src/db/changes.ts). So a request, which reads the version once it has arrived, never uses a
 * lookup older than an end of access that had been answered, on any instance. An entry is also dropped
 * `ttlMs` after its lookup whatever the version says (a backstop), and the oldest go first beyond `max`.
 */
export class KnownLookups<T> {
  readonly #stores = new WeakMap<object, Map<string, Entry<T>>>();
  readonly #max: number;
  readonly #ttlMs: number;

  constructor(max: number, ttlMs: number) {
    this.#max = max;
    this.#ttlMs = ttlMs;
  }

  /** The version a lookup made now holds to: the request's (`changeVersion`), else read now. */
  static async version(core: Core, changeVersion?: string): Promise<string | undefined> {
    const changes = core.store.changes;
    return changes.exact() ? (changeVersion ?? (await changes.version())) : undefined;
  }

  #of(core: Core): Map<string, Entry<T>> {
    let known = this.#stores.get(core.store);
    if (!known) {
      known = new Map();
      this.#stores.set(core.store, known);
    }
    return known;
  }

  /** The kept lookup of `key`, if it still holds under `version`. */
  get(core: Core, key: string, version: string | undefined): T | undefined {
    const known = this.#of(core);
    const entry = known.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || performance.now() - entry.at > this.#ttlMs) {
      known.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a lookup made at `at` (performance.now()) under `version`; none without a version. */
  set(core: Core, key: string, version: string | undefined, at: number, value: T): void {
    if (version === undefined) return;
    const known = this.#of(core);
    if (known.size >= this.#max) known.delete(known.keys().next().value!);
    known.set(key, { value, version, at });
  }

  delete(core: Core, key: string): void {
    this.#of(core).delete(key);
  }
}
