import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { CompiledQuery } from "kysely";
import { telemetryHooks } from "../ops/hooks.ts";

/**
 * Reads off the event loop (SQLite): node:sqlite runs a statement on the thread that calls it, so a
 * long read (a full-text search over common words) would hold every other request back for its whole
 * length. Such reads go to a worker thread with its own connection to the same file instead; the
 * service's thread only waits for the answer. It sees what is committed, which every answered write is.
 * Searches at once go to as many threads as the machine has cores besides the service's own, from one to
 * MAX_READERS.
 */
/**
 * The worker's code: the TypeScript beside this file, or in the built server (dist/, which this file is
 * bundled into) the JavaScript built from it, so the built server never loads the type stripper.
 */
const WORKER = new URL(
  import.meta.url.endsWith(".ts") ? "./sqlite-reader-worker.ts" : "./sqlite-reader-worker.mjs",
  import.meta.url,
);

/**
 * Most reader threads: one for each core beyond the one the service's own thread keeps busy, at least
 * one and at most two, each started only when needed. On two cores a second reader shares them with the
 * service's thread: 32 searches at once (100,000 issues, bench on SQLite) were answered 37 % faster with
 * it, at the same p99 at 4 connections (10 to 12 ms) and CPU a search, and its isolate and page cache
 * added 26 MiB to the peak RSS, which took a whole run past its 250 MiB aim; at 1,000,000 issues it
 * answered 58 % more searches, with a p99 at 4 connections of 37 ms against 47 (docs/decisions.md,
 * "Speed: what the remaining aims would take").
 */
export const MAX_READERS = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * How long a reader thread may stay idle: beyond the first, a short while (READER_IDLE_MS); the last
 * one left, a minute (LAST_READER_IDLE_MS), so that a person's searches a few seconds apart do not each
 * pay for starting it again (200–350 ms on a busy 2-core machine, once). A stopped one is started again
 * by the next read that needs it. Each holds a V8 isolate and a page cache of its own
 * (sqlite-reader-worker.ts): kept for good, the second thread that a burst of searches started stayed
 * resident under every load that came after, searches or not (100,000 issues, bench on SQLite: a second
 * reader adds 13 MiB to the search scenario's peak RSS, and the run's later scenarios grow on top of it).
 */
export const READER_IDLE_MS = 5_000;
export const LAST_READER_IDLE_MS = 60_000;

interface Reader {
  worker: Worker;
  pending: Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>;
  /** the stop that is due once the reader has been idle long enough */
  idle: NodeJS.Timeout | undefined;
}

export class SqliteReader {
  readonly #file: string;
  readonly #readers: Reader[] = [];
  readonly #max: number;
  #next = 0;
  #closed = false;

  readonly #idleMs: number;
  readonly #lastIdleMs: number;

  constructor(file: string, max = MAX_READERS, idleMs = READER_IDLE_MS, lastIdleMs = LAST_READER_IDLE_MS) {
    this.#file = file;
    this.#max = max;
    this.#idleMs = idleMs;
    this.#lastIdleMs = Math.max(idleMs, lastIdleMs);
  }

  /**
   * A reader for the next read: an idle one, else a new one while there may be more, else the least
   * busy. Each holds its own connection; reads are independent, so any reader serves any read.
   */
  #pick(): Reader {
    let best: Reader | undefined;
    for (const r of this.#readers) if (!best || r.pending.size < best.pending.size) best = r;
    if (best && (best.pending.size === 0 || this.#readers.length >= this.#max)) return best;
    return this.#start();
  }

  #start(): Reader {
    const worker = new Worker(WORKER, {
      workerData: { file: this.#file },
      // It holds a statement's rows at a time (a page of search results): a small young generation
      // keeps the memory it takes under load near what it takes idle.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    const reader: Reader = { worker, pending: new Map(), idle: undefined };
    this.#readers.push(reader);
    worker.on("message", (m: { id: number; rows?: unknown[]; error?: { message: string } }) => {
      const waiting = reader.pending.get(m.id);
      if (!waiting) return;
      reader.pending.delete(m.id);
      if (m.error) waiting.reject(Object.assign(new Error(m.error.message), m.error));
      else waiting.resolve(m.rows ?? []);
    });
    worker.on("error", (error) => this.#failAll(reader, error));
    worker.on("exit", () => {
      clearTimeout(reader.idle);
      const at = this.#readers.indexOf(reader);
      if (at !== -1) this.#readers.splice(at, 1);
      this.#failAll(reader, new Error("The SQLite reader stopped"));
    });
    return reader;
  }

  #failAll(reader: Reader, error: Error): void {
    for (const w of reader.pending.values()) w.reject(error);
    reader.pending.clear();
  }

  /** How many reader threads are running. */
  get threads(): number {
    return this.#readers.length;
  }

  /** Runs a compiled read-only query on a reader thread; its rows as plain objects. */
  query<R>(query: CompiledQuery<R>): Promise<R[]> {
    const observe = telemetryHooks.db;
    return observe ? observe("sqlite", query.sql, () => this.#query(query)) : this.#query(query);
  }

  #query<R>(query: CompiledQuery<R>): Promise<R[]> {
    if (this.#closed) return Promise.reject(new Error("The SQLite database is closed"));
    const id = ++this.#next;
    const parameters = query.parameters.map((v) =>
      typeof v === "boolean" ? (v ? 1 : 0) : v instanceof Date ? v.toISOString() : v === undefined ? null : v,
    );
    const reader = this.#pick();
    const { worker, pending } = reader;
    clearTimeout(reader.idle);
    reader.idle = undefined;
    return new Promise<R[]>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      // a reader keeps the process alive only while a read is under way
      worker.ref();
      worker.postMessage({ id, sql: query.sql, parameters });
    }).finally(() => {
      if (pending.size > 0) return;
      worker.unref();
      this.#stopWhenIdle(reader);
    });
  }

  /**
   * Stops `reader` once it has had nothing to do for #idleMs, or for #lastIdleMs when it is the only
   * thread left by then (`idleFor`: how long it has been idle already). The timers keep no process alive.
   */
  #stopWhenIdle(reader: Reader, idleFor = 0): void {
    clearTimeout(reader.idle);
    const wait = (idleFor === 0 ? this.#idleMs : this.#lastIdleMs) - idleFor;
    reader.idle = setTimeout(() => {
      reader.idle = undefined;
      if (reader.pending.size > 0 || this.#closed) return;
      const idle = idleFor + wait;
      if (this.#readers.length === 1 && idle < this.#lastIdleMs) {
        this.#stopWhenIdle(reader, idle);
        return;
      }
      // out of the list at once, so no read is handed to a thread that is stopping
      const at = this.#readers.indexOf(reader);
      if (at !== -1) this.#readers.splice(at, 1);
      void reader.worker.terminate();
    }, wait);
    reader.idle.unref();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const readers = this.#readers.splice(0);
    for (const r of readers) clearTimeout(r.idle);
    await Promise.all(readers.map((r) => r.worker.terminate()));
  }
}
