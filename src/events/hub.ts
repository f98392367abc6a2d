import { sql } from "kysely";
import pg from "pg";
import { type Clock, systemClock } from "../clock.ts";
import { DEFAULT_DATABASE_TIMEOUTS } from "../config.ts";
import type { Db, Store } from "../db/store.ts";
import { outsideUnitOfWork } from "../db/unit.ts";
import { telemetryHooks } from "../ops/hooks.ts";
import {
  actorMatches,
  type EventRow,
  type EventView,
  eventViews,
  lastPosition,
  POSITIONED_CHANNEL,
  readEventsAfter,
  sequenceEvents,
  typeMatches,
} from "../tracker/events.ts";
import {
  accessEndedFrame,
  DEFAULT_STREAM_LIMITS,
  endedAccess,
  StreamCounts,
  type StreamLimits,
  type StreamPrincipal,
} from "./access.ts";

/** One open stream as the hub sees it: a few fields and a function to write to it. */
export interface Subscriber {
  workspaceId: string;
  types: readonly string[] | undefined;
  object: string | undefined;
  /** only events of this actor (see `actorMatches`) */
  actor?: string | undefined;
  /** the last position this subscriber has been given (or skipped, as not matching) */
  cursor: number;
  /** false while it catches up from the feed; events dispatched meanwhile set `missed` */
  live: boolean;
  missed: boolean;
  push(event: EventView, position: number): void;
  /** a comment line, so proxies and clients know the stream is alive */
  heartbeat(): void;
  /** who the stream reads for: checked again when access changes and at each heartbeat */
  principal?: StreamPrincipal | undefined;
  /**
   * ends the stream (the instance is shutting down, its lifetime is over, or its access ended: then
   * `final` is its last message)
   */
  end(final?: string): void;
}

/** How often every open stream gets a heartbeat comment. */
export const HEARTBEAT_MS = 15_000;

/** The channel on which instances tell each other that access ended somewhere (PostgreSQL). */
export const ACCESS_CHANNEL = "docket_access";

/** How often the hub looks for events anyway (lost notifications, other processes on one SQLite file). */
const TICK_MS = 1000;
/** How often an instance with readers looks for committed events without a position (PostgreSQL). */
const POLL_MS = 25;

/**
 * Moves committed events from the outbox to this instance's open streams and webhook fan-out. On
 * PostgreSQL, while it has readers, it runs the sequencer every 25 ms (an index-only look, most times)
 * and just after its own writes, and reads on when any instance's sequencer says it positioned some
 * (LISTEN on POSITIONED_CHANNEL); writers send no NOTIFY. On SQLite it wakes after each commit of this
 * process that wrote events. One read of the outbox
 * per wake serves every stream: a stream costs a small object, not a query.
 */
export class EventHub {
  readonly #store: Store;
  readonly #db: Db;
  readonly #url: string | undefined;
  readonly #byWorkspace = new Map<string, Set<Subscriber>>();
  readonly #onNewEvents = new Set<() => void>();
  /** set when this process wrote events (SQLite), so only those commits wake the hub */
  #written = false;
  /** no stream was open at the last wake, so `#last` may be behind the feed's end */
  #stale = false;
  #count = 0;
  #started = false;
  #closed = false;
  #last = 0;
  #init: Promise<void> | undefined;
  #dispatching = false;
  #again = false;
  #sequencing = false;
  #sequenceAgain = false;
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #poll: NodeJS.Timeout | undefined;
  #listener: pg.Client | undefined;
  #unsubscribeCommit: (() => void) | undefined;

  readonly #connectTimeoutMs: number;
  readonly #clock: Clock;
  /** This instance's open streams by credential, person and workspace, against their caps. */
  readonly streams: StreamCounts;

  /**
   * `connectTimeoutMs`: the store's bound on opening a connection, for the LISTEN connection too;
   * `streams`: the caps on open streams and their lifetime; `clock`: what "expired" is measured by.
   */
  constructor(
    store: Store,
    url: string | undefined,
    options: { connectTimeoutMs?: number; streams?: StreamLimits; clock?: Clock } = {},
  ) {
    this.#store = store;
    this.#db = store.db;
    this.#url = url;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectMs;
    this.#clock = options.clock ?? systemClock;
    this.streams = new StreamCounts(options.streams ?? DEFAULT_STREAM_LIMITS);
  }

  get subscribers(): number {
    return this.#count;
  }

  /** Starts listening (idempotent); the running service calls it, and so does the first stream. */
  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    this.#init = this.#readTop();
    this.#init.catch(() => {});
    if (this.#store.kind === "sqlite") {
      this.#unsubscribeCommit = this.#store.onCommit(() => {
        if (!this.#written) return;
        this.#written = false;
        this.wake();
      });
    } else if (this.#url) {
      this.#listen();
    }
    this.#timer = setInterval(() => {
      if (this.#store.kind === "postgres") this.#sequence();
      else this.#sqliteFileChanged();
      this.wake();
    }, TICK_MS);
    this.#timer.unref();
    if (this.#store.kind === "postgres") {
      // commits of other instances: looked for often while someone here reads (an index-only read)
      this.#poll = setInterval(() => this.#sequence(), POLL_MS);
      this.#poll.unref();
    }
    this.#heartbeat = setInterval(() => {
      for (const set of this.#byWorkspace.values()) for (const s of set) s.heartbeat();
      // the fallback for a lost notification, and how passive ends (a token's expiry) are noticed
      this.#recheck();
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
    this.wake();
  }

  /** Ends every open stream (before the server closes, so it need not wait for them). */
  endAll(): void {
    for (const set of [...this.#byWorkspace.values()]) for (const s of [...set]) s.end();
  }

  /** Runs `listener` when new events may be in the feed (the webhook fan-out hangs here). */
  onNewEvents(listener: () => void): () => void {
    this.#onNewEvents.add(listener);
    return () => this.#onNewEvents.delete(listener);
  }

  /**
   * Called by a transaction of this process that writes `count` events (counted in docket.events.written
   * when metrics are on). SQLite: its COMMIT wakes the hub.
   * PostgreSQL: the sequencer looks just after, when the transaction has likely committed (the 25 ms
   * poll catches it otherwise).
   */
  noteEventsWritten(count = 1): void {
    telemetryHooks.eventsWritten?.(count);
    this.#written = true;
    if (this.#store.kind === "postgres" && this.#started && this.#wanted() && !this.#soon) {
      // not in the writer's unit of work (the timer would carry it): the sequencer's transaction is its own
      this.#soon = setTimeout(
        () =>
          outsideUnitOfWork(() => {
            this.#soon = undefined;
            this.#sequence();
          }),
        5,
      );
      this.#soon.unref();
    }
  }

  #soon: NodeJS.Timeout | undefined;

  #listen(): void {
    if (this.#closed) return;
    // A connection of its own; its failure (the server restarting, pg_terminate_backend) is caught by the
    // `error` listener, and the connection is opened again a second later, until the hub closes.
    const client = new pg.Client({
      connectionString: this.#url,
      connectionTimeoutMillis: this.#connectTimeoutMs,
    });
    this.#listener = client;
    let lost = false;
    const retry = () => {
      if (lost) return;
      lost = true;
      if (this.#listener === client) this.#listener = undefined;
      client.end().catch(() => {});
      if (!this.#closed) setTimeout(() => this.#listen(), 1000).unref();
    };
    client.on("error", retry);
    client.on("end", retry);
    client.on("notification", (message) => {
      if (message.channel === ACCESS_CHANNEL) this.#accessHeard();
      else this.wake();
    });
    client
      .connect()
      .then(() => client.query(`listen ${POSITIONED_CHANNEL}; listen ${ACCESS_CHANNEL}`))
      .then(() => {
        if (this.#closed) return client.end();
        // whatever happened while not listening
        this.#sequence();
        this.wake();
        this.#accessHeard();
      })
      .catch(retry);
  }

  /** Runs the sequencer once (PostgreSQL), for a read of the feed that should see every commit so far. */
  async sequenceNow(): Promise<void> {
    if (this.#store.kind !== "postgres") return;
    for (let i = 0; i < 50; i++) {
      const count = await sequenceEvents(this.#db);
      if (count === 1000) continue; // a backlog: on to the next batch
      if (count >= 0) return;
      // another sequencer holds the lock: it will position what we could not see; wait for it briefly
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * Whether this instance has a reader of new events (an open stream, or enabled webhooks to fan out);
   * without one it leaves sequencing to the instances that have, or to the next read of the feed, and
   * a write costs no extra transaction.
   */
  #wanted(): boolean {
    return this.#count > 0 || this.#webhooksWanted;
  }

  #webhooksWanted = false;

  /** The webhook worker says whether any webhook is enabled. */
  wantSequencing(webhooks: boolean): void {
    this.#webhooksWanted = webhooks;
  }

  #sequence(): void {
    if (this.#closed || !this.#wanted()) return;
    if (this.#sequencing) {
      this.#sequenceAgain = true;
      return;
    }
    this.#sequencing = true;
    sequenceEvents(this.#db)
      .then((top) => {
        // busy elsewhere: that sequencer's snapshot may predate our commit, so look again shortly
        if (top < 0) setTimeout(() => this.#sequence(), 20).unref();
        else if (top === 1000) this.#sequenceAgain = true;
      })
      .catch(() => {})
      .finally(() => {
        this.#sequencing = false;
        if (this.#sequenceAgain) {
          this.#sequenceAgain = false;
          this.#sequence();
        }
      });
  }

  /** Reads what is new in the outbox and hands it to the streams; coalesces calls while running. */
  wake(): void {
    if (this.#closed || !this.#started) return;
    if (this.#dispatching) {
      this.#again = true;
      return;
    }
    this.#dispatching = true;
    // the hub's own reads, whoever woke it (a request in a unit of work must not lend it its transaction)
    outsideUnitOfWork(() => this.#dispatch())
      .catch(() => {})
      .finally(() => {
        this.#dispatching = false;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /**
   * Resolves once the hub knows where the outbox ends: every event committed after that is dispatched,
   * so a stream that reads its backlog after this point misses nothing in between.
   */
  async ready(): Promise<void> {
    this.start();
    if (this.#stale && this.#count === 0) {
      this.#stale = false;
      this.#init = this.#readTop();
    }
    await this.#init;
  }

  /**
   * Access ended somewhere (a member removed or suspended, a token or connection revoked): every
   * instance on this database rechecks the credentials of its open streams and ends those that no
   * longer hold. Call it after the change commits (inside a transaction it is also fine: the recheck
   * runs again a moment later, after the commit). PostgreSQL: a NOTIFY on ACCESS_CHANNEL, which every
   * hub LISTENs on; SQLite: this process at once, other processes on the file at their next tick
   * (they see the file change), and every stream at its heartbeat in any case.
   *
   * It also announces the change on the store's change signal, which the cache of token lookups on
   * SQLite (src/auth/tokens.ts) holds to. Resolves once that announcement is made (never rejects).
   */
  accessChanged(): Promise<void> {
    const changes = this.#store.changes;
    const announced = changes.announce().catch(() => {});
    if (this.#store.kind === "sqlite") {
      // told inside a transaction: once more after the next commit, so no lookup made before it stands
      const off = this.#store.onCommit(() => {
        off();
        changes.announce().catch(() => {});
      });
    }
    if (this.#closed) return announced;
    this.#accessHeard();
    if (this.#store.kind === "postgres") {
      sql`select pg_notify(${ACCESS_CHANNEL}, '')`.execute(this.#db).catch(() => {});
    }
    return announced;
  }

  #accessAgain: NodeJS.Timeout | undefined;
  /** when (performance.now()) this instance last heard that access changed */
  #accessHeardAt = Number.NEGATIVE_INFINITY;

  /** Rechecks the streams now, and once more shortly after (a change told before its commit). */
  #accessHeard(): void {
    if (this.#closed) return;
    this.#accessHeardAt = performance.now();
    this.#recheck();
    if (this.#accessAgain) return;
    this.#accessAgain = setTimeout(() => {
      this.#accessAgain = undefined;
      this.#recheck();
    }, 250);
    this.#accessAgain.unref();
  }

  /**
   * A stream just subscribed whose request was authenticated at `since` (performance.now()): if access
   * changed since, its credential may have ended in between, so check again.
   */
  recheckIfChangedSince(since: number): void {
    if (this.#accessHeardAt >= since) this.#recheck();
  }

  #rechecking = false;
  #recheckAgain = false;

  /**
   * Checks the credentials of every open stream of this instance (one query per credential kind) and
   * ends, with a last `error` message, those whose access no longer holds.
   */
  #recheck(): void {
    if (this.#closed) return;
    if (this.#rechecking) {
      this.#recheckAgain = true;
      return;
    }
    const open: Subscriber[] = [];
    for (const set of this.#byWorkspace.values()) for (const s of set) if (s.principal) open.push(s);
    if (open.length === 0) return;
    this.#rechecking = true;
    endedAccess(
      this.#db,
      open.map((s) => s.principal!),
      this.#clock.now(),
    )
      .then((ended) => {
        for (const s of open) {
          const reason = ended.get(s.principal!);
          if (reason) s.end(accessEndedFrame(reason));
        }
      })
      .catch(() => {})
      .finally(() => {
        this.#rechecking = false;
        if (this.#recheckAgain) {
          this.#recheckAgain = false;
          this.#recheck();
        }
      });
  }

  #fileVersion: string | undefined;

  /** SQLite: another process committed to the file (it may have ended someone's access). */
  #sqliteFileChanged(): void {
    if (this.#count === 0) return;
    this.#store.changes
      .version()
      .then((version) => {
        const changed = this.#fileVersion !== undefined && version !== this.#fileVersion;
        this.#fileVersion = version;
        if (changed) this.#recheck();
      })
      .catch(() => {});
  }

  async #readTop(): Promise<void> {
    this.#last = await lastPosition(this.#db);
  }

  async #dispatch(): Promise<void> {
    await this.#init;
    if (this.#count === 0) {
      // nobody to hand events to: no read; a stream that opens later starts from the feed's end
      this.#stale = true;
      for (const l of this.#onNewEvents) l();
      return;
    }
    let any = false;
    for (;;) {
      const rows = await readEventsAfter(this.#db, this.#last, 500);
      if (rows.length === 0) break;
      any = true;
      const interested = rows.filter((r) => this.#byWorkspace.has(r.workspace_id));
      const views = await eventViews(this.#db, interested);
      this.#fanOut(interested, views);
      this.#last = Number(rows.at(-1)!.position);
      if (rows.length < 500) break;
    }
    if (any) for (const l of this.#onNewEvents) l();
  }

  #fanOut(rows: readonly EventRow[], views: readonly EventView[]): void {
    // how long events took from their write to the streams (docket.events.delivery_lag), when measured
    const delivered = telemetryHooks.eventDelivered;
    const now = delivered ? this.#clock.now().getTime() : 0;
    rows.forEach((row, i) => {
      const subs = this.#byWorkspace.get(row.workspace_id);
      if (!subs) return;
      delivered?.((now - Date.parse(row.created_at)) / 1000);
      const position = Number(row.position);
      for (const s of subs) {
        if (!s.live) {
          s.missed = true;
          continue;
        }
        if (position <= s.cursor) continue;
        s.cursor = position;
        if (
          (s.object === undefined || s.object === row.object_id) &&
          actorMatches(row, s.actor) &&
          typeMatches(row.type, s.types)
        )
          s.push(views[i]!, position);
      }
    });
  }

  /** The last position given now (where a stream without a resume point starts). */
  async top(): Promise<number> {
    await this.sequenceNow();
    return lastPosition(this.#db);
  }

  subscribe(s: Subscriber): () => void {
    this.start();
    let set = this.#byWorkspace.get(s.workspaceId);
    if (!set) {
      set = new Set();
      this.#byWorkspace.set(s.workspaceId, set);
    }
    set.add(s);
    this.#count++;
    // events committed while nobody here was reading may wait for a position
    if (this.#store.kind === "postgres") this.#sequence();
    return () => {
      const current = this.#byWorkspace.get(s.workspaceId);
      if (current?.delete(s)) {
        this.#count--;
        if (current.size === 0) this.#byWorkspace.delete(s.workspaceId);
      }
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.endAll();
    clearInterval(this.#timer);
    clearInterval(this.#heartbeat);
    clearInterval(this.#poll);
    clearTimeout(this.#accessAgain);
    this.#unsubscribeCommit?.();
    const client = this.#listener;
    this.#listener = undefined;
    await client?.end().catch(() => {});
  }
}
