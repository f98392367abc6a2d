import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";

/**
 * The worker behind SqliteReader: a connection of its own to the same SQLite file (WAL lets it read
 * beside the service's writer), answering one read-only statement at a time.
 */
let db: DatabaseSync | undefined;
const statements = new Map<string, StatementSync>();

/** Opened on the first statement, once the service has made the file. */
function connection(): DatabaseSync {
  if (db) return db;
  db = new DatabaseSync((workerData as { file: string }).file, { timeout: 5000 });
  db.exec("PRAGMA query_only = ON");
  db.exec("PRAGMA cache_size = -8192");
  return db;
}

parentPort!.on("message", (m: { id: number; sql: string; parameters: SQLInputValue[] }) => {
  try {
    let statement = statements.get(m.sql);
    if (!statement) {
      statement = connection().prepare(m.sql);
      if (statements.size >= 200) statements.clear();
      statements.set(m.sql, statement);
    }
    parentPort!.postMessage({ id: m.id, rows: statement.all(...m.parameters) });
  } catch (error) {
    const e = error as { message?: string; code?: string; errcode?: number };
    parentPort!.postMessage({
      id: m.id,
      error: { message: e.message ?? String(error), code: e.code, errcode: e.errcode },
    });
  }
});
