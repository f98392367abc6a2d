import { Worker } from "node:worker_threads";
import type { CompiledQuery } from "kysely";

/**
 * Reads off the event loop (SQLite): node:sqlite runs a statement on the thread that calls it, so a
 * long read (a full-text search over common words) would hold every other request back for its whole
 * length. Such reads go to a worker thread with its own connection to the same file instead; the
 * service's thread only waits for the answer. It sees what is committed, which every answered write is.
 */
/**
 * The worker's code: the TypeScript beside this file, or in the built server (dist/, which this file is
 * bundled into) the JavaScript built from it, so the built server never loads the type stripper.
 */
const WORKER = new URL(
  import.meta.url.endsWith(".ts") ? "./sqlite-reader-worker.ts" : "./sqlite-reader-worker.mjs",
  import.meta.url,
);

export class SqliteReader {
  readonly #file: string;
  #worker: Worker | undefined;
  readonly #pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  #next = 0;
  #closed = false;

  constructor(file: string) {
    this.#file = file;
  }

  /** The worker, started on the first read. */
  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER, {
      workerData: { file: this.#file },
      // It holds a statement's rows at a time (a page of search results): a small young generation
      // keeps the memory it takes under load near what it takes idle.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.#worker = worker;
    worker.on("message", (m: { id: number; rows?: unknown[]; error?: { message: string } }) => {
      const waiting = this.#pending.get(m.id);
      if (!waiting) return;
      this.#pending.delete(m.id);
      if (m.error) waiting.reject(Object.assign(new Error(m.error.message), m.error));
      else waiting.resolve(m.rows ?? []);
    });
    worker.on("error", (error) => this.#failAll(error));
    worker.on("exit", () => {
      if (this.#worker === worker) this.#worker = undefined;
      this.#failAll(new Error("The SQLite reader stopped"));
    });
    return worker;
  }

  #failAll(error: Error): void {
    for (const w of this.#pending.values()) w.reject(error);
    this.#pending.clear();
  }

  /** Runs a compiled read-only query in the worker; its rows as plain objects. */
  query<R>(query: CompiledQuery<R>): Promise<R[]> {
    if (this.#closed) return Promise.reject(new Error("The SQLite database is closed"));
    const id = ++this.#next;
    const parameters = query.parameters.map((v) =>
      typeof v === "boolean" ? (v ? 1 : 0) : v instanceof Date ? v.toISOString() : v === undefined ? null : v,
    );
    const worker = this.#start();
    return new Promise<R[]>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      // the worker keeps the process alive only while a read is under way
      worker.ref();
      worker.postMessage({ id, sql: query.sql, parameters });
    }).finally(() => {
      if (this.#pending.size === 0) worker.unref();
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }
}
