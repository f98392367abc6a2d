import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { Core } from "../core.ts";
import type { Database as DB, ExportsTable, ImportsTable } from "../db/schema.ts";

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

interface Jobs {
  imports: ImportsTable;
  exports: ExportsTable;
}

/**
 * Claims a job to run (this one, or the oldest waiting) in one statement, so one process wins it: a
 * queued one, or one whose worker died (running, silent for JOB_RETAKE_MS). One silent for longer than
 * `staleMs` shows as failed and stays so. `set` is what else the claim writes (the job's first phase).
 * A plain read comes first: most looks find nothing to take, and cost no transaction. `alongside` runs in
 * one transaction with the claim, on the row claimed (an import's started event), and its answer is
 * the claim's.
 */
export async function claimJob<T extends keyof Jobs, R = Jobs[T]>(
  core: Core,
  table: T,
  options: {
    id?: string;
    staleMs: number;
    set: Record<string, unknown>;
    alongside?: (trx: Transaction<DB>, row: Jobs[T]) => Promise<R>;
  },
): Promise<R | undefined> {
  const now = core.clock.now();
  const at = now.toISOString();
  const retake = new Date(now.getTime() - JOB_RETAKE_MS).toISOString();
  const gone = new Date(now.getTime() - options.staleMs).toISOString();
  // one table's columns are the other's where the claim is concerned: written against imports
  const jobs = table as "imports";
  const { id } = options;
  let any = core.db
    .selectFrom(jobs)
    .select("id")
    .where("status", "in", ["queued", "running"])
    .where("heartbeat_at", ">=", gone);
  if (id !== undefined) any = any.where("id", "=", id);
  if (!(await any.limit(1).executeTakeFirst())) return undefined;
  const { alongside } = options;
  if (!alongside) return (await claimIn(core.db)) as R | undefined;
  return core.db.transaction().execute(async (trx) => {
    const row = await claimIn(trx);
    return row ? alongside(trx, row) : undefined;
  });

  async function claimIn(db: Kysely<DB>): Promise<Jobs[T] | undefined> {
    const takeable = (eb: ExpressionBuilder<DB, "imports">) =>
      eb.or([
        eb("status", "=", "queued"),
        eb.and([eb("status", "=", "running"), eb("heartbeat_at", "<", retake)]),
      ]);
    let pick = db
      .selectFrom(jobs)
      .select("id")
      .where(takeable)
      // one shown as failed (silent past staleMs) stays so
      .where((eb) => eb.or([eb("heartbeat_at", "is", null), eb("heartbeat_at", ">=", gone)]))
      .orderBy("created_at")
      .orderBy("id")
      .limit(1);
    if (id !== undefined) pick = pick.where("id", "=", id);
    if (core.store.kind === "postgres") pick = pick.forUpdate().skipLocked();
    const row = await db
      .updateTable(jobs)
      .set({
        ...options.set,
        status: "running",
        started_at: sql<string>`coalesce(started_at, ${at})`,
        heartbeat_at: at,
      })
      .where("id", "in", pick)
      .where(takeable)
      .returningAll()
      .executeTakeFirst();
    return row as Jobs[T] | undefined;
  }
}
