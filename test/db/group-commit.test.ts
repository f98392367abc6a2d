import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { openStore } from "../../src/db/store.ts";
import { createTestDatabase, ON_POSTGRES, testConfig } from "../support.ts";

const sqliteOnly = { skip: ON_POSTGRES ? "SQLite only: PostgreSQL commits each transaction itself" : false };

async function openScratch(t: import("node:test").TestContext) {
  const database = await createTestDatabase();
  const store = openStore(testConfig(database.url).database);
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  await sql`create table t (id integer primary key, v text not null)`.execute(store.db);
  return store;
}

test(
  "concurrent transactions commit together; a failed one takes only its own work back",
  sqliteOnly,
  async (t) => {
    const store = await openScratch(t);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        store.db.transaction().execute(async (trx) => {
          await sql`insert into t (id, v) values (${i}, ${`row ${i}`})`.execute(trx);
          if (i % 7 === 3) throw new Error(`member ${i} fails`);
          await sql`update t set v = v || '!' where id = ${i}`.execute(trx);
        }),
      ),
    );
    const failed = outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []));
    assert.deepEqual(failed, [3, 10, 17, 24, 31, 38]);
    const { rows } = await sql<{ id: number; v: string }>`select id, v from t order by id`.execute(store.db);
    assert.deepEqual(
      rows.map((r) => r.id),
      Array.from({ length: 40 }, (_, i) => i).filter((i) => !failed.includes(i)),
    );
    assert.ok(rows.every((r) => r.v === `row ${r.id}!`));
  },
);

test(
  "a transaction is answered only once its work is committed, as another connection sees",
  sqliteOnly,
  async (t) => {
    const store = await openScratch(t);
    // Each finished transaction must already be visible to a second, independent connection.
    const { DatabaseSync } = await import("node:sqlite");
    const file = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(store.db)
    ).rows[0]!.file;
    const reader = new DatabaseSync(file, { readOnly: true });
    t.after(() => reader.close());
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        await store.db.transaction().execute(async (trx) => {
          await sql`insert into t (id, v) values (${i}, 'x')`.execute(trx);
        });
        const row = reader.prepare("select count(*) as n from t where id = ?").get(i) as { n: number };
        seen.push(row.n);
      }),
    );
    assert.equal(seen.length, 30);
    assert.ok(
      seen.every((n) => n === 1),
      "every answered transaction is committed",
    );
  },
);

test(
  "transactions that arrive in one turn of the event loop share one COMMIT, though none waited for another",
  sqliteOnly,
  async (t) => {
    const store = await openScratch(t);
    let commits = 0;
    const stop = store.onCommit(() => commits++);
    t.after(stop);
    // Each starts in a timer callback of its own (as requests arrive in I/O callbacks): microtasks run
    // between them, so each transaction reaches its end before the next begins.
    const finished = await Promise.all(
      Array.from(
        { length: 10 },
        (_, i) =>
          new Promise<number>((resolve, reject) =>
            setTimeout(() => {
              store.db
                .transaction()
                .execute(async (trx) => {
                  await sql`insert into t (id, v) values (${i}, 'x')`.execute(trx);
                })
                .then(() => resolve(commits), reject);
            }, 0),
          ),
      ),
    );
    // each was answered after a COMMIT, and the ten shared far fewer than ten
    assert.ok(
      finished.every((n) => n >= 1),
      "no transaction is answered before a COMMIT",
    );
    assert.ok(commits < 5, `${commits} COMMITs for 10 transactions`);
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(store.db);
    assert.equal(Number(rows[0]!.n), 10);
  },
);
