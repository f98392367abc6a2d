import { Webhook } from "standardwebhooks";
import type { Core } from "../core.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "../db/schema.ts";
import { OutboundError, outboundRequest } from "../net/outbound.ts";
import { placeOf } from "../secret-box.ts";
import { newId } from "../secrets.ts";
import { eventViews, readEventsAfter, typeMatches } from "./events.ts";

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a delivery is retried before it is given up (and its webhook disabled). */
export const RETRY_WINDOW_MS = 3 * 86_400_000;
/** A claimed delivery not finished in this long (its worker died) is taken again: more than an attempt takes. */
const CLAIM_MS = 15_000;
/** Waits after each failed attempt, before jitter: about 3 days in all. */
export const BACKOFF_MS = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000,
  43_200_000, 43_200_000, 43_200_000, 43_200_000, 43_200_000,
];
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

/**
 * Takes due deliveries (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so instances never take the same one;
 * one writer on SQLite) for a while, sends them, logs each attempt, and schedules a retry or ends them.
 * A claim lasts CLAIM_MS: a worker that dies mid-delivery leaves it to be taken again.
 */
export async function deliverDue(core: Core, batch = 20): Promise<number> {
  const now = core.clock.now();
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_MS).toISOString();
  // a plain read first: most wakes find nothing due, and need no transaction
  const any = await core.db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", nowIso)
    .limit(1)
    .executeTakeFirst();
  if (!any) return 0;
  const claimed = await core.db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", nowIso)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
      .orderBy("next_attempt_at")
      .limit(batch);
    if (core.store.kind === "postgres") due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable("webhook_deliveries")
      .set({ locked_until: until })
      .where("id", "in", ids)
      .returningAll()
      .execute();
  });
  if (claimed.length === 0) return 0;
  const hooks = new Map(
    (
      await core.db
        .selectFrom("webhooks")
        .selectAll()
        .where("id", "in", [...new Set(claimed.map((d) => d.webhook_id))])
        .execute()
    ).map((h) => [h.id, h]),
  );
  await Promise.all(claimed.map((d) => attempt(core, d, hooks.get(d.webhook_id))));
  return claimed.length;
}

async function attempt(
  core: Core,
  d: WebhookDeliveriesTable,
  hook: WebhooksTable | undefined,
): Promise<void> {
  const started = core.clock.now();
  let status: number | null = null;
  let error: string | null = null;
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
      const r = await outboundRequest(hook.url, {
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
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      });
      status = r.status;
      response = r.body.subarray(0, 1024).toString("utf8");
    } catch (e) {
      error = e instanceof OutboundError ? refusalOrFailure(e) : (e as Error).message || String(e);
    }
    duration = Math.round(performance.now() - t0);
  }
  const ok = status !== null && status >= 200 && status < 300;
  const attempts = Number(d.attempts) + 1;
  const now = core.clock.now();
  const nextAt = new Date(now.getTime() + backoff(attempts));
  const expired = nextAt.getTime() - new Date(d.created_at).getTime() > RETRY_WINDOW_MS;
  const final = ok || expired || !hook;
  await core.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_attempts")
      .values({
        id: newId("wha", now),
        delivery_id: d.id,
        status_code: status,
        error,
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
      await trx
        .updateTable("webhooks")
        .set({
          status: "disabled",
          disabled_reason: `Deliveries failed for 3 days (last: ${status ?? error}); fix the receiver and enable it again.`,
          updated_at: now.toISOString(),
        })
        .where("id", "=", hook.id)
        .execute();
    }
  });
}

/** Runs fan-out and delivery while the service runs: after new events, and every second for retries. */
export function startWebhookWorker(core: Core, log: { warn(o: object, m: string): void }): () => void {
  let running = false;
  let again = false;
  // whether any webhook is enabled, read at most once a second: without one, new events cost nothing here
  let known: { at: number; any: boolean } | undefined;
  const anyEnabled = async () => {
    if (!known || Date.now() - known.at > 1000) {
      const row = await core.db
        .selectFrom("webhooks")
        .select("id")
        .where("status", "=", "enabled")
        .limit(1)
        .executeTakeFirst();
      known = { at: Date.now(), any: row !== undefined };
      core.events.wantSequencing(known.any);
    }
    return known.any;
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    (async () => {
      // nothing at all while no webhook is enabled (pings and redeliveries send their own)
      if (!(await anyEnabled())) return;
      // the hub has positioned what it tells of; the 1-second tick positions the rest
      await fanOut(core, { sequence: false });
      while ((await deliverDue(core)) > 0) {
        // keep going while work is due
      }
    })()
      .catch((error: unknown) => log.warn({ err: error }, "webhook delivery failed; trying again shortly"))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const off = core.events.onNewEvents(run);
  core.events.start();
  const timer = setInterval(run, 1000);
  timer.unref();
  return () => {
    off();
    clearInterval(timer);
  };
}
