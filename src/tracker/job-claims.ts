import type { Core } from "../core.ts";

/**
 * Imports and exports are jobs: the request records one (`queued`); the process that runs it claims it
 * in one statement (`queued` → `running`, `FOR UPDATE SKIP LOCKED` on PostgreSQL; one writer on SQLite),
 * so two workers never run one job, and beats its `heartbeat_at` while it runs. A running job silent for
 * JOB_RETAKE_MS was left by a worker that died: the next worker takes it again (an import resumes where
 * it stopped; an export starts over). A job silent for longer than its stale time (10 minutes) shows as
 * failed and is never taken again.
 */

/** How often the process running a job tells its row it is alive. */
export const JOB_BEAT_MS = 10_000;
/** A running job whose row heard nothing for this long is taken again by another worker. */
export const JOB_RETAKE_MS = 60_000;

/** Keeps a running job's `heartbeat_at` fresh until the answered function is called. */
export function beatWhileRunning(core: Core, table: "imports" | "exports", id: string): () => void {
  const timer = setInterval(() => {
    core.db
      .updateTable(table)
      .set({ heartbeat_at: core.clock.now().toISOString() })
      .where("id", "=", id)
      .where("status", "=", "running")
      .execute()
      .catch(() => {});
  }, JOB_BEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
