import type { Transaction } from "kysely";
import { Webhook } from "standardwebhooks";
import type { Core } from "../core.ts";
import type { Database, WebhookDeliveriesTable, WebhooksTable } from "../db/schema.ts";
import { outsideUnitOfWork } from "../db/unit.ts";
import { OutboundError, outboundRequest } from "../net/outbound.ts";
import { inSpan, telemetryHooks } from "../ops/hooks.ts";
import { placeOf } from "../secret-box.ts";
import { newId } from "../secrets.ts";
import { eventViews, readEventsAfter, typeMatches } from "./events.ts";
import { disableWebhooksOf, RECEIVER_FAILING } from "./webhook-access.ts";

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a delivery is retried before it is given up (and its webhook disabled). */
export const RETRY_WINDOW_MS = 3 * 86_400_000;
/**
 * A claimed delivery not finished in this long (its worker died) is taken again: more than an attempt
 * takes (the timeout and 5 s more, when a shorter timeout is given).
 */
const CLAIM_MS = 15_000;
/** Waits after each failed attempt, before jitter: about 3 days in all. */
export const BACKOFF_MS = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000,
  43_200_000, 43_200_000, 43_200_000, 43_200_000, 43_200_000,
];
/**
 * How many deliveries one instance has in flight at once: to one webhook, to one workspace's webhooks,
 * and in all. A slot taken by a slow receiver holds back only its own webhook and workspace.
 */
export const DELIVERY_BOUNDS = { perWebhook: 4, perWorkspace: 16, total: 64 };
/** Attempts in a row that timed out or found no connection before a webhook is parked. */
export const PARK_AFTER = 5;
/** The first park; each failed probe after it doubles the next, up to PARK_MAX_MS. */
export const PARK_MS = 30_000;
export const PARK_MAX_MS = 3_600_000;

export interface DeliveryOptions {
  /** How long an attempt may take, from resolving the name to the last byte (default 10 s). */
  timeoutMs?: number;
  /** In-flight bounds (default DELIVERY_BOUNDS). */
  bounds?: Partial<typeof DELIVERY_BOUNDS>;
}

/** The most of a receiver's answer read; a longer answer is a failed attempt (receivers answer briefly). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** What an attempt's log says when the guard or the network stopped it. */
function refusalOrFailure(error: OutboundError): string {
  if (error.reason === "forbidden_address" || error.reason === "invalid_url")
    return `refused: ${refusal(error)}`;
  const cause = (error.cause as { code?: string; message?: string } | undefined) ?? undefined;
  const detail = cause?.code ?? cause?.message;
  return detail ? `${error.message} (${detail})` : error.message;
}

/** Where a webhook's signing secret is sealed (its row), so a sealed secret moved to another row does not open. */
export const secretPlace = (id: string) => placeOf("webhooks", "secret", id);

/** The webhook's rules the guard does not make: https, no credentials (checked again at each delivery). */
export function schemeProblem(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an https URL";
  if (url.username || url.password) return "must not carry a user name or password";
  if (!allowPrivate && url.protocol !== "https:") return "must be an https URL (plain http is refused)";
  return undefined;
}

/** The guard's reason in the words of a `url` field: "The URL points at …" → "it points at …". */
export function refusal(error: OutboundError): string {
  return error.message
    .replace(/^The URL(?:'s)? /, (m) => (m.endsWith("'s ") ? "its " : "it "))
    .replace(/^The /, "the ")
    .replace(/\.$/, "");
}

// ---------------------------------------------------------------------------------------------------
// Fan-out and delivery (the running service; several instances share the work through the database)

/**
 * Turns new events into deliveries for the webhooks that want them, reading the feed from a cursor kept
 * in the database and moved in the same transaction (locked on PostgreSQL): each event becomes each
 * delivery once, whichever instance does it, and a crash only means the next run does it.
 */
export async function fanOut(core: Core, options: { sequence?: boolean } = {}): Promise<number> {
  if (options.sequence !== false) await core.events.sequenceNow();
  // a plain read first: nothing new after the cursor needs no transaction
  const cursor = await core.db
    .selectFrom("event_cursors")
    .select("position")
    .where("name", "=", "webhooks")
    .executeTakeFirst();
  const next = await core.db
    .selectFrom("events")
    .select("position")
    .where("position", ">", Number(cursor?.position ?? 0))
    .limit(1)
    .executeTakeFirst();
  if (!next) return 0;
  let made = 0;
  for (;;) {
    const { count, more } = await core.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom("event_cursors").select("position").where("name", "=", "webhooks");
      if (core.store.kind === "postgres") q = q.forUpdate().skipLocked();
      const cursor = await q.executeTakeFirst();
      if (!cursor) return { count: 0, more: false };
      const rows = await readEventsAfter(trx, Number(cursor.position), 500);
      if (rows.length === 0) return { count: 0, more: false };
      const workspaces = [...new Set(rows.map((r) => r.workspace_id))];
      const hooks = await trx
        .selectFrom("webhooks")
        .select(["id", "workspace_id", "events", "created_at"])
        .where("status", "=", "enabled")
        .where("workspace_id", "in", workspaces)
        .execute();
      let n = 0;
      if (hooks.length > 0) {
        const views = await eventViews(trx, rows);
        const now = core.clock.now().toISOString();
        const values = [];
        for (const [i, row] of rows.entries()) {
          for (const h of hooks) {
            if (h.workspace_id !== row.workspace_id || h.created_at > row.created_at) continue;
            if (!typeMatches(row.type, JSON.parse(h.events))) continue;
            const body = { type: row.type, timestamp: row.created_at, data: views[i] };
            values.push({
              id: newId("msg"),
              webhook_id: h.id,
              workspace_id: row.workspace_id,
              event_id: row.id,
              event_type: row.type,
              payload: JSON.stringify(body),
              status: "pending" as const,
              attempts: 0,
              next_attempt_at: now,
              created_at: now,
            });
          }
        }
        for (let i = 0; i < values.length; i += 100) {
          await trx
            .insertInto("webhook_deliveries")
            .values(values.slice(i, i + 100))
            .onConflict((oc) => oc.columns(["webhook_id", "event_id"]).doNothing())
            .execute();
        }
        n = values.length;
      }
      await trx
        .updateTable("event_cursors")
        .set({ position: Number(rows.at(-1)!.position) })
        .where("name", "=", "webhooks")
        .execute();
      return { count: n, more: rows.length === 500 };
    });
    made += count;
    if (!more) return made;
  }
}

/** The wait before the next attempt after `attempts` failed ones, with ±20% jitter. */
export function backoff(attempts: number, random = Math.random): number {
  const base = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** How long a webhook stays parked after `failures` attempts in a row found no answer. */
export function parkFor(failures: number): number {
  return Math.min(PARK_MAX_MS, PARK_MS * 2 ** Math.min(20, Math.max(0, failures - PARK_AFTER)));
}

/** Deliveries in flight on this instance, by webhook and by workspace. */
interface Busy {
  hooks: Map<string, number>;
  spaces: Map<string, number>;
  total: number;
}
const newBusy = (): Busy => ({ hooks: new Map(), spaces: new Map(), total: 0 });

/** A delivery this instance has claimed, with its webhook; `probe` when it is the one try after a park. */
interface Claimed {
  delivery: WebhookDeliveriesTable;
  hook: WebhooksTable;
  probe: boolean;
}

const claimLength = (timeoutMs: number) => Math.max(CLAIM_MS, timeoutMs + 5_000);

/**
 * Claims due deliveries into the free slots, fairly: the candidates are webhooks (not parked, not at
 * their bound, their workspace not at its bound) ordered by their oldest due delivery, each read with
 * one index probe of its own pending deliveries (webhook, next attempt) — so a webhook with 10,000 due
 * costs what one with one does and cannot fill the slots of others. Each webhook then gets at most its
 * free slots, claimed with one statement (`FOR UPDATE SKIP LOCKED` on PostgreSQL; one writer on
 * SQLite), which sets `locked_until`: instances never claim one delivery at once, and a claim whose
 * worker died lapses and is taken again. A parked webhook whose park is over gets one delivery, the
 * probe, claimed by moving `parked_until` past the claim (one instance wins it).
 */
async function claimDue(
  core: Core,
  bounds: typeof DELIVERY_BOUNDS,
  busy: Busy,
  timeoutMs: number,
): Promise<{ claimed: Claimed[]; more: boolean }> {
  const free = bounds.total - busy.total;
  if (free <= 0) return { claimed: [], more: false };
  const now = core.clock.now();
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + claimLength(timeoutMs)).toISOString();
  // a plain read first: most wakes find nothing due
  const any = await core.db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", nowIso)
    .limit(1)
    .executeTakeFirst();
  if (!any) return { claimed: [], more: false };
  const fullHooks = [...busy.hooks].filter(([, n]) => n >= bounds.perWebhook).map(([id]) => id);
  const fullSpaces = [...busy.spaces].filter(([, n]) => n >= bounds.perWorkspace).map(([id]) => id);
  let hooks = core.db
    .selectFrom("webhooks as w")
    .selectAll("w")
    .select((eb) =>
      eb
        .selectFrom("webhook_deliveries as d")
        .select("d.next_attempt_at")
        .whereRef("d.webhook_id", "=", "w.id")
        .where("d.status", "=", "pending")
        .where("d.next_attempt_at", "<=", nowIso)
        .where((e) => e.or([e("d.locked_until", "is", null), e("d.locked_until", "<", nowIso)]))
        .orderBy("d.next_attempt_at")
        .limit(1)
        .as("due_at"),
    )
    .where((eb) => eb.or([eb("w.parked_until", "is", null), eb("w.parked_until", "<=", nowIso)]));
  if (fullHooks.length > 0) hooks = hooks.where("w.id", "not in", fullHooks);
  if (fullSpaces.length > 0) hooks = hooks.where("w.workspace_id", "not in", fullSpaces);
  const candidates = await core.db
    .selectFrom(hooks.as("c"))
    .selectAll()
    .where("c.due_at", "is not", null)
    .orderBy("c.due_at")
    .orderBy("c.id")
    .limit(free)
    .execute();
  const claimed: Claimed[] = [];
  for (const { due_at: _, ...hook } of candidates) {
    const room = Math.min(
      bounds.perWebhook - (busy.hooks.get(hook.id) ?? 0),
      bounds.perWorkspace - (busy.spaces.get(hook.workspace_id) ?? 0),
      bounds.total - busy.total,
    );
    if (room <= 0) continue;
    const probe = hook.parked_until !== null;
    if (probe) {
      // the park is over: one delivery tries the receiver, and only one instance sends it
      const won = await core.db
        .updateTable("webhooks")
        .set({ parked_until: until })
        .where("id", "=", hook.id)
        .where("parked_until", "<=", nowIso)
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) === 0) continue;
    }
    let pick = core.db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("webhook_id", "=", hook.id)
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", nowIso)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
      .orderBy("next_attempt_at")
      .limit(probe ? 1 : room);
    if (core.store.kind === "postgres") pick = pick.forUpdate().skipLocked();
    const rows = await core.db
      .updateTable("webhook_deliveries")
      .set({ locked_until: until })
      .where("id", "in", pick)
      .returningAll()
      .execute();
    if (probe && rows.length === 0) {
      // nothing to probe with after all (another instance took it): the park ends as it was
      await core.db
        .updateTable("webhooks")
        .set({ parked_until: hook.parked_until })
        .where("id", "=", hook.id)
        .where("parked_until", "=", until)
        .execute();
    }
    for (const delivery of rows) {
      busy.hooks.set(hook.id, (busy.hooks.get(hook.id) ?? 0) + 1);
      busy.spaces.set(hook.workspace_id, (busy.spaces.get(hook.workspace_id) ?? 0) + 1);
      busy.total++;
      claimed.push({ delivery, hook, probe });
    }
  }
  return { claimed, more: candidates.length === free };
}

function release(busy: Busy, c: Claimed): void {
  for (const [map, key] of [
    [busy.hooks, c.hook.id],
    [busy.spaces, c.hook.workspace_id],
  ] as const) {
    const n = (map.get(key) ?? 1) - 1;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  }
  busy.total--;
}

const boundsOf = (options: DeliveryOptions) => ({ ...DELIVERY_BOUNDS, ...options.bounds });

/**
 * Claims what is due now (fairly, within the bounds), sends it and waits for every attempt: one pass,
 * for tests and one-off runs (the service runs a WebhookWorker). Answers how many were claimed.
 */
export async function deliverDue(core: Core, options: DeliveryOptions = {}): Promise<number> {
  const bounds = boundsOf(options);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const busy = newBusy();
  const all: Claimed[] = [];
  for (;;) {
    const { claimed, more } = await claimDue(core, bounds, busy, timeoutMs);
    all.push(...claimed);
    if (claimed.length === 0 || !more) break;
  }
  await Promise.all(all.map((c) => attempt(core, c, timeoutMs)));
  return all.length;
}

/**
 * Sends one pending delivery now, parked webhook or not (a redelivery, a ping), unless a worker has it
 * in flight; resolves when the attempt is logged.
 */
export async function deliverNow(core: Core, deliveryId: string, options: DeliveryOptions = {}) {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const now = core.clock.now();
  const nowIso = now.toISOString();
  const delivery = await core.db
    .updateTable("webhook_deliveries")
    .set({ locked_until: new Date(now.getTime() + claimLength(timeoutMs)).toISOString() })
    .where("id", "=", deliveryId)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
    .returningAll()
    .executeTakeFirst();
  if (!delivery) return;
  const hook = await core.db
    .selectFrom("webhooks")
    .selectAll()
    .where("id", "=", delivery.webhook_id)
    .executeTakeFirst();
  await attempt(core, { delivery, hook: hook!, probe: false }, timeoutMs);
}

/** Whether an attempt's error means the receiver could not be reached in time (what parks it). */
const unreachable = (e: unknown) =>
  e instanceof OutboundError &&
  (e.reason === "timeout" || e.reason === "network" || e.reason === "dns_failed");

/** One attempt, as a trace of its own when tracing is on: the POST and what is written of it. */
function attempt(core: Core, c: Claimed, timeoutMs: number): Promise<void> {
  return inSpan(
    "webhook deliver",
    "internal",
    { "docket.webhook.id": c.delivery.webhook_id, "docket.event.type": c.delivery.event_type },
    () => attemptNow(core, c, timeoutMs),
  );
}

async function attemptNow(core: Core, c: Claimed, timeoutMs: number): Promise<void> {
  const { delivery: d, probe } = c;
  const hook: WebhooksTable | undefined = c.hook;
  const started = core.clock.now();
  let status: number | null = null;
  let error: string | null = null;
  let noAnswer = false;
  let response = "";
  let duration = 0;
  const t0 = performance.now();
  if (hook?.status !== "enabled") {
    error = hook ? "the webhook is disabled" : "the webhook is gone";
  } else {
    try {
      const secret = core.secrets.open(hook.secret, secretPlace(hook.id));
      const signature = new Webhook(secret).sign(d.id, started, d.payload);
      // the one outbound guard: a public address (checked on what DNS answers, and connected to), no
      // redirect followed, the whole exchange within the timeout
      const problem = schemeProblem(hook.url, core.config.webhookAllowPrivate);
      if (problem) throw new Error(`refused: the URL ${problem}`);
      const url = hook.url;
      const r = await inSpan(
        "POST",
        "client",
        { "http.request.method": "POST", "server.address": new URL(url).hostname },
        () =>
          outboundRequest(url, {
            method: "POST",
            allowPrivate: core.config.webhookAllowPrivate,
            headers: {
              "content-type": "application/json",
              "webhook-id": d.id,
              "webhook-timestamp": String(Math.floor(started.getTime() / 1000)),
              "webhook-signature": signature,
              "user-agent": "Docket-Webhooks/1",
            },
            body: d.payload,
            timeoutMs,
            maxBytes: MAX_ANSWER_BYTES,
          }),
      );
      status = r.status;
      response = r.body.subarray(0, 1024).toString("utf8");
    } catch (e) {
      noAnswer = unreachable(e);
      error = e instanceof OutboundError ? refusalOrFailure(e) : (e as Error).message || String(e);
    }
    duration = Math.round(performance.now() - t0);
  }
  const ok = status !== null && status >= 200 && status < 300;
  if (!ok) {
    telemetryHooks.webhookFailed?.(
      status !== null
        ? "status"
        : noAnswer
          ? "unreachable"
          : hook?.status === "enabled"
            ? "refused"
            : "disabled",
    );
  }
  const attempts = Number(d.attempts) + 1;
  const now = core.clock.now();
  const nextAt = new Date(now.getTime() + backoff(attempts));
  const expired = nextAt.getTime() - new Date(d.created_at).getTime() > RETRY_WINDOW_MS;
  const final = ok || expired || !hook;
  await core.db.transaction().execute(async (trx) => {
    let note: string | undefined;
    if (hook?.status === "enabled") {
      if (noAnswer) note = await countFailure(trx, hook.id, probe, now, error!);
      else if (status !== null || probe) {
        // it answered (any status), or the probe ended some other way: the park is over
        await trx
          .updateTable("webhooks")
          .set({ failures_in_row: 0, parked_until: null, parked_reason: null })
          .where("id", "=", hook.id)
          .where((eb) => eb.or([eb("failures_in_row", ">", 0), eb("parked_until", "is not", null)]))
          .execute();
      }
    }
    await trx
      .insertInto("webhook_attempts")
      .values({
        id: newId("wha", now),
        delivery_id: d.id,
        status_code: status,
        error: note ? `${error}; ${note}` : error,
        duration_ms: duration,
        response,
        attempted_at: started.toISOString(),
      })
      .execute();
    await trx
      .updateTable("webhook_deliveries")
      .set({
        status: ok ? "succeeded" : final ? "failed" : "pending",
        attempts,
        last_status_code: status,
        next_attempt_at: final ? null : nextAt.toISOString(),
        locked_until: null,
        finished_at: final ? now.toISOString() : null,
      })
      .where("id", "=", d.id)
      .execute();
    if (!ok && expired && hook && hook.status === "enabled") {
      // the one way a webhook is disabled: with a webhook.disabled event and the Owner told in the app
      await disableWebhooksOf(
        core,
        trx,
        { ids: [hook.id] },
        `Deliveries failed for 3 days (last: ${status ?? error}); fix the receiver and enable it again.`,
        RECEIVER_FAILING,
      );
    }
  });
}

/**
 * Counts an attempt that found no answer against its webhook, and parks the webhook at PARK_AFTER in a
 * row (or longer, after a failed probe); answers what the attempt's log says of it. Attempts already in
 * flight when the webhook was parked do not count again (a park does not grow with the bound).
 */
async function countFailure(
  trx: Transaction<Database>,
  hookId: string,
  probe: boolean,
  now: Date,
  error: string,
): Promise<string | undefined> {
  let counted = trx
    .updateTable("webhooks")
    .set((eb) => ({ failures_in_row: eb("failures_in_row", "+", 1) }))
    .where("id", "=", hookId);
  if (!probe) counted = counted.where("parked_until", "is", null);
  const row = await counted.returning("failures_in_row").executeTakeFirst();
  const failures = Number(row?.failures_in_row ?? 0);
  if (!row || failures < PARK_AFTER) return undefined;
  const until = new Date(now.getTime() + parkFor(failures)).toISOString();
  let park = trx
    .updateTable("webhooks")
    .set({
      parked_until: until,
      parked_reason: `${failures} attempts in a row found no answer (last: ${error}); deliveries wait until ${until}, then one is tried first.`,
    })
    .where("id", "=", hookId);
  if (!probe) park = park.where("parked_until", "is", null);
  await park.execute();
  return probe
    ? `the probe after a park found no answer: the webhook stays parked until ${until}`
    : `the webhook is parked until ${until} after ${failures} attempts in a row found no answer`;
}

/**
 * The running service's webhook work, as two loops that never wait for each other:
 * - fan-out, after new events and every second: events → deliveries (see fanOut);
 * - delivery, a pool: due deliveries are claimed as slots free up (within DELIVERY_BOUNDS), each sent on
 *   its own; a finished one frees its slot and takes the next. Woken by fan-out, by each finished
 *   delivery, and every second (retries, parks that ended).
 */
export class WebhookWorker {
  readonly #core: Core;
  readonly #log: { warn(o: object, m: string): void };
  readonly #bounds: typeof DELIVERY_BOUNDS;
  readonly #timeoutMs: number;
  readonly #busy = newBusy();
  #filling = false;
  #fillAgain = false;
  #fanning = false;
  #fanAgain = false;
  #stopped = true;
  #off = () => {};
  #timer: NodeJS.Timeout | undefined;
  #idle: (() => void)[] = [];
  // whether any webhook is enabled, read at most once a second: without one, new events cost nothing here
  #known: { at: number; any: boolean } | undefined;

  constructor(core: Core, log: { warn(o: object, m: string): void }, options: DeliveryOptions = {}) {
    this.#core = core;
    this.#log = log;
    this.#bounds = boundsOf(options);
    this.#timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  start(): this {
    this.#stopped = false;
    this.#off = this.#core.events.onNewEvents(() => this.#fan());
    this.#core.events.start();
    this.#timer = setInterval(() => {
      this.#fan();
      this.wake();
    }, 1000);
    this.#timer.unref();
    return this;
  }

  /** Stops taking work; deliveries in flight finish (or their claims lapse). */
  stop(): void {
    this.#stopped = true;
    this.#off();
    clearInterval(this.#timer);
  }

  /** Deliveries this instance has in flight. */
  get inFlight(): number {
    return this.#busy.total;
  }

  /** Resolves once nothing is in flight and no claim is being made. */
  idle(): Promise<void> {
    if (this.#busy.total === 0 && !this.#filling) return Promise.resolve();
    return new Promise((r) => this.#idle.push(r));
  }

  /** Takes due deliveries into the free slots now. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#filling) {
      this.#fillAgain = true;
      return;
    }
    this.#filling = true;
    // the loop's own work, whoever woke it (a request in a unit of work must not lend it its transaction)
    outsideUnitOfWork(() => this.#fill())
      .catch((error: unknown) =>
        this.#log.warn({ err: error }, "webhook delivery failed; trying again shortly"),
      )
      .finally(() => {
        this.#filling = false;
        if (this.#fillAgain) {
          this.#fillAgain = false;
          this.wake();
        } else this.#settle();
      });
  }

  async #fill(): Promise<void> {
    while (!this.#stopped) {
      const { claimed, more } = await claimDue(this.#core, this.#bounds, this.#busy, this.#timeoutMs);
      for (const c of claimed) {
        attempt(this.#core, c, this.#timeoutMs)
          .catch((error: unknown) =>
            this.#log.warn({ err: error }, "webhook delivery failed; its claim lapses and it is tried again"),
          )
          .finally(() => {
            release(this.#busy, c);
            this.wake();
            this.#settle();
          });
      }
      if (claimed.length === 0 || !more) return;
    }
  }

  #settle(): void {
    if (this.#busy.total > 0 || this.#filling) return;
    for (const r of this.#idle.splice(0)) r();
  }

  async #anyEnabled(): Promise<boolean> {
    const known = this.#known;
    if (!known || Date.now() - known.at > 1000) {
      const row = await this.#core.db
        .selectFrom("webhooks")
        .select("id")
        .where("status", "=", "enabled")
        .limit(1)
        .executeTakeFirst();
      this.#known = { at: Date.now(), any: row !== undefined };
      this.#core.events.wantSequencing(this.#known.any);
    }
    return this.#known!.any;
  }

  #fan(): void {
    if (this.#stopped) return;
    if (this.#fanning) {
      this.#fanAgain = true;
      return;
    }
    this.#fanning = true;
    (async () => {
      // nothing at all while no webhook is enabled (pings and redeliveries send their own)
      if (!(await this.#anyEnabled())) return;
      // the hub has positioned what it tells of; the 1-second tick positions the rest
      if ((await fanOut(this.#core, { sequence: false })) > 0) this.wake();
    })()
      .catch((error: unknown) =>
        this.#log.warn({ err: error }, "webhook fan-out failed; trying again shortly"),
      )
      .finally(() => {
        this.#fanning = false;
        if (this.#fanAgain) {
          this.#fanAgain = false;
          this.#fan();
        }
      });
  }
}

/** Runs fan-out and delivery while the service runs (see WebhookWorker); answers how to stop them. */
export function startWebhookWorker(
  core: Core,
  log: { warn(o: object, m: string): void },
  options: DeliveryOptions = {},
): () => void {
  const worker = new WebhookWorker(core, log, options).start();
  return () => worker.stop();
}
