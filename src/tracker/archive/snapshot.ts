import { DatabaseSync } from "node:sqlite";
import { Kysely, SqliteDialect } from "kysely";
import type { Core } from "../../core.ts";
import type { Database } from "../../db/schema.ts";

/**
 * Runs `read` over one consistent view of the database while writes go on, so an export never holds an
 * edge to an issue created after the issues were read. PostgreSQL: a read-only REPEATABLE READ
 * transaction. SQLite: a connection of its own, read-only, in one deferred transaction (in WAL mode a
 * reader sees the database as of its first read and blocks no writer; the service's own connection
 * takes its writes as usual). An in-memory SQLite database has no second connection: it is read as is.
 */
export async function inSnapshot<T>(core: Core, read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const config = core.config.database;
  if (config.kind === "postgres") {
    return core.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute((trx) => read(trx));
  }
  if (config.path === ":memory:" || config.path.startsWith("file::memory:")) return read(core.db);
  const file = config.path.replace(/^sqlite:/, "");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: () => {
        const sqlite = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
        return {
          close: () => sqlite.close(),
          prepare: (text: string) => {
            const statement = sqlite.prepare(text);
            return {
              reader: statement.columns().length > 0,
              all: (parameters: readonly unknown[]) => statement.all(...(parameters as never[])),
              run: (parameters: readonly unknown[]) => {
                const r = statement.run(...(parameters as never[]));
                return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
              },
              iterate: (parameters: readonly unknown[]) => statement.iterate(...(parameters as never[])),
            };
          },
        } as never;
      },
    }),
  });
  try {
    return await db.transaction().execute((trx) => read(trx));
  } finally {
    await db.destroy();
  }
}
