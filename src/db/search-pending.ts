import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";
import { outsideUnitOfWork } from "./unit.ts";

/**
 * SQLite's full-text index (search_fts) is written after the answer (migration 0033): the triggers on
 * search_documents append to search_fts_pending, in the change's own transaction, what FTS5 must add or
 * take out, and this applies it in order. FTS5 writes its pending words out as a new segment (and does
 * merge work) at every savepoint, and each write transaction is a savepoint of the group commit, so
 * indexing in the change cost a segment per document: about 1 ms of CPU of a creation at 100,000 issues.
 * One drain statement writes one segment for the whole batch: about 0.05 ms a document.
 *
 * The pending rows commit with the change, so nothing acknowledged is lost to a crash: the next drain
 * (one runs when the store is migrated, and before every search) indexes them. A search first waits for
 * a drain under way and then drains what is left, so a search after a write finds it.
 */

/** How long after the first commit that left something pending the drain runs (a batch gathers). */
export const DRAIN_DELAY_MS = 100;
/** Most pending rows one drain transaction applies: a long backlog (an import) goes in several turns. */
const DRAIN_CHUNK = 500;

export class SearchIndexer {
  readonly #db: Kysely<Database>;
  readonly #delayMs: number;
  #timer: NodeJS.Timeout | undefined;
  /** the drain under way: its work is visible to other connections only once it resolves */
  #running: Promise<void> | undefined;
  #closed = false;
  /** false until the pending table is known to exist (before migrations, it may not) */
  #ready = false;

  constructor(db: Kysely<Database>, delayMs = DRAIN_DELAY_MS) {
    this.#db = db;
    this.#delayMs = delayMs;
  }

  /** The store is migrated: the pending table exists, and what a crash left pending is indexed now. */
  start(): void {
    this.#ready = true;
    this.later(0);
  }

  /** After a commit: drains once a batch has had time to gather (one timer at a time). */
  later(delayMs = this.#delayMs): void {
    if (!this.#ready || this.#closed || this.#timer) return;
    this.#timer = outsideUnitOfWork(() =>
      setTimeout(() => {
        this.#timer = undefined;
        this.drain().catch(() => {
          // a failed drain leaves its rows pending; the next search or commit tries again
        });
      }, delayMs),
    );
    this.#timer.unref();
  }

  /**
   * Indexes everything pending that is committed, and resolves once that is committed too. Waits first
   * for a drain under way (what it took out of the pending table is not yet in the committed index).
   */
  async drain(): Promise<void> {
    if (this.#closed) return;
    while (this.#running) await this.#running.catch(() => {});
    const run = this.#drainAll();
    this.#running = run;
    try {
      await run;
    } finally {
      if (this.#running === run) this.#running = undefined;
    }
  }

  async #drainAll(): Promise<void> {
    for (;;) {
      // the cheap look first: no transaction (and no commit) when nothing is pending
      const top = await sql<{ id: number | null }>`select max(id) as id from search_fts_pending`.execute(
        this.#db,
      );
      if (top.rows[0]?.id == null) return;
      const applied = await this.#db.transaction().execute(async (trx) => drainPending(trx, DRAIN_CHUNK));
      if (applied < DRAIN_CHUNK) return;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => {});
  }
}

/**
 * Applies up to `limit` pending rows to search_fts, oldest first, and deletes them; returns how many.
 * One statement: a row whose command column is null is an ordinary insert into FTS5, 'delete' takes the
 * words given out of the document. Run it inside a transaction.
 */
export async function drainPending(db: Kysely<Database>, limit: number): Promise<number> {
  const last = await sql<{ id: number | null; n: number }>`
    select max(id) as id, count(*) as n from (select id from search_fts_pending order by id limit ${limit})`.execute(
    db,
  );
  const row = last.rows[0];
  if (!row || row.id == null) return 0;
  await sql`insert into search_fts(search_fts, rowid, title, body)
    select iif(op = 'delete', 'delete', null), doc, title, body from search_fts_pending where id <= ${row.id} order by id`.execute(
    db,
  );
  await sql`delete from search_fts_pending where id <= ${row.id}`.execute(db);
  return row.n;
}
