import type { Logger } from "pino";
import { sweepSessions } from "./auth/web/sessions.ts";
import { DAY, MINUTE } from "./clock.ts";
import type { Core } from "./core.ts";
import { IDEMPOTENCY_WINDOW_MS } from "./http/v1/idempotency.ts";
import { sweepExports } from "./tracker/archive/jobs.ts";
import { sweepEvents } from "./tracker/events.ts";
import { expireClaims } from "./tracker/leases.ts";
import { sweepRuns } from "./tracker/sessions.ts";
import { purgeTrash } from "./tracker/trash.ts";
import { disableWebhooksOfLapsedCredentials } from "./tracker/webhook-access.ts";

/** How often a running service deletes what has run out. */
export const HOUSEKEEPING_EVERY_MS = 10 * MINUTE;
/**
 * How often agent runs are looked at: a stopped run ends 60 seconds after its Stop at the latest (plus
 * this), a silent one goes stale, one delegated to an agent that is gone ends.
 */
export const RUNS_SWEEP_EVERY_MS = 10_000;
/** How long rows that ran out are kept before they go (to answer questions about them for a while). */
const KEEP_EXPIRED_TOKENS_MS = DAY;
const KEEP_FINISHED_REGISTRATIONS_MS = 7 * DAY;

export type SweepReport = Record<
  | "access_tokens"
  | "agent_registrations"
  | "sign_in_codes"
  | "web_sessions"
  | "idempotency_keys"
  | "expired_claims"
  | "events"
  | "lapsed_webhooks"
  | "trash"
  | "exports",
  number
>;

/**
 * Deletes what has run out and will never be used again: access tokens a day past their expiry,
 * registrations that never became a connection a week after their 60 minutes (their codes go with them),
 * sign-in codes a day past theirs, expired web sessions, idempotency keys past their 24 hours, and
 * events past their 30 days. Redeemed registrations stay: their connection names them. Claims whose
 * lease ran out are ended, and webhooks made through a credential that ran out (a token past its
 * `expires_at`, a connection past its assertion or idle time) are disabled, as a revocation would.
 * Deleted objects are purged from the trash 30 days after their deletion, and workspace exports (their
 * archives) 7 days after they were asked for.
 */
export async function sweepExpired(core: Core): Promise<SweepReport> {
  const now = core.clock.now().getTime();
  const before = (ms: number) => new Date(now - ms).toISOString();
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const db = core.db;
  return {
    access_tokens: count(
      await db
        .deleteFrom("access_tokens")
        .where("expires_at", "<", before(KEEP_EXPIRED_TOKENS_MS))
        .executeTakeFirst(),
    ),
    agent_registrations: count(
      await db
        .deleteFrom("agent_registrations")
        .where("expires_at", "<", before(KEEP_FINISHED_REGISTRATIONS_MS))
        .where("status", "in", ["pending", "denied", "expired"])
        .executeTakeFirst(),
    ),
    sign_in_codes: count(
      await db
        .deleteFrom("sign_in_codes")
        .where("expires_at", "<", before(KEEP_EXPIRED_TOKENS_MS))
        .executeTakeFirst(),
    ),
    web_sessions: await sweepSessions(core),
    idempotency_keys: count(
      await db
        .deleteFrom("idempotency_keys")
        .where("created_at", "<", before(IDEMPOTENCY_WINDOW_MS))
        .executeTakeFirst(),
    ),
    // not deleted: ended, so their issues return to ready work and `claim.expired` is recorded
    expired_claims: await expireClaims(core),
    events: await sweepEvents(db, core.clock.now()),
    lapsed_webhooks: await disableWebhooksOfLapsedCredentials(core),
    // deleted objects 30 days in the trash go for good
    trash: await purgeTrash(core),
    // export archives past their 7 days; exports whose process ended mid-way are marked failed
    exports: await sweepExports(core),
  };
}

/**
 * Sweeps now and then while the service runs (agent runs every 10 seconds); a failed sweep is logged and
 * tried again next time.
 */
export function startHousekeeping(core: Core, logger: Logger, everyMs = HOUSEKEEPING_EVERY_MS): () => void {
  let sweepingRuns = false;
  const runsTimer = setInterval(() => {
    if (sweepingRuns) return;
    sweepingRuns = true;
    sweepRuns(core)
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) logger.info({ runs: report }, "agent runs swept");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "agent runs sweep failed; trying again later"))
      .finally(() => {
        sweepingRuns = false;
      });
  }, RUNS_SWEEP_EVERY_MS);
  runsTimer.unref();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpired(core)
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) logger.info({ deleted: report }, "housekeeping");
      })
      // SQLite: fold the write-ahead log into the database and cut it to nothing (see docs/decisions.md).
      .then(() => core.store.checkpoint())
      .catch((error: unknown) => logger.warn({ err: error }, "housekeeping failed; trying again later"))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(runsTimer);
  };
}
