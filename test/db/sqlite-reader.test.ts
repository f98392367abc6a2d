import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { SqliteReader } from "../../src/db/sqlite-reader.ts";
import { ON_POSTGRES, setup } from "../support.ts";

/** A read that keeps SQLite busy for a while: counting to a few million in a recursive query. */
const slowCount = sql<{
  n: number;
}>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000)
  select count(*) as n from c`;

test("long reads run in a worker: the event loop keeps turning meanwhile", {
  skip: ON_POSTGRES,
}, async (t) => {
  const env = await setup(t);
  const offLoop = env.store.offLoop;
  assert.ok(offLoop, "a SQLite file store reads off the event loop");
  // the largest gap between ticks of a 5 ms timer while the read runs
  let last = performance.now();
  let widest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    widest = Math.max(widest, now - last);
    last = now;
  }, 5);
  const began = performance.now();
  const [row] = await offLoop.query(slowCount.compile(env.store.db));
  const took = performance.now() - began;
  clearInterval(timer);
  assert.equal(Number(row!.n), 3_000_000);
  assert.ok(
    widest < Math.max(100, took / 2),
    `the loop stood still ${widest.toFixed(0)} ms of a ${took.toFixed(0)} ms read`,
  );
});

test("the reader sees committed rows, refuses writes and stops with the store", {
  skip: ON_POSTGRES,
}, async (t) => {
  const env = await setup(t);
  const offLoop = env.store.offLoop!;
  await env.store.db
    .insertInto("service_secrets")
    .values({ name: "reader-test", value: "v", created_at: env.clock.now().toISOString() })
    .execute();
  const rows = await offLoop.query(
    sql<{ value: string }>`select value from service_secrets where name = ${"reader-test"}`.compile(
      env.store.db,
    ),
  );
  assert.deepEqual(rows, [{ value: "v" }]);
  await assert.rejects(
    offLoop.query(sql`delete from service_secrets`.compile(env.store.db)),
    /readonly|query_only|attempt to write/i,
  );
  await assert.rejects(
    offLoop.query(sql`select * from no_such_table`.compile(env.store.db)),
    /no such table/,
  );
  await env.store.close();
  await assert.rejects(offLoop.query(sql`select 1`.compile(env.store.db)), /closed/);
});

test("reads at once go to a second reader thread, never to more than the most allowed", {
  skip: ON_POSTGRES,
}, async (t) => {
  const env = await setup(t);
  const file = env.config.database;
  assert.equal(file.kind, "sqlite");
  const reader = new SqliteReader(file.path, 2);
  t.after(() => reader.close());
  // one at a time: one thread serves them all
  for (let i = 0; i < 3; i++) await reader.query(sql`select 1 as one`.compile(env.store.db));
  assert.equal(reader.threads, 1);
  // three at once: a second thread starts, and no third
  const counts = await Promise.all([1, 2, 3].map(() => reader.query(slowCount.compile(env.store.db))));
  assert.deepEqual(
    counts.map((r) => Number(r[0]!.n)),
    [3_000_000, 3_000_000, 3_000_000],
  );
  assert.equal(reader.threads, 2);
  const single = new SqliteReader(file.path, 1);
  t.after(() => single.close());
  await Promise.all([1, 2].map(() => single.query(sql`select 1 as one`.compile(env.store.db))));
  assert.equal(single.threads, 1);
});

test("an idle second reader thread stops soon, the last one later, and a read starts one again", {
  skip: ON_POSTGRES,
}, async (t) => {
  const env = await setup(t);
  const file = env.config.database;
  assert.equal(file.kind, "sqlite");
  const reader = new SqliteReader(file.path, 2, 50, 3000);
  t.after(() => reader.close());
  const until = async (threads: number) => {
    const deadline = performance.now() + 10_000;
    while (reader.threads !== threads && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal(reader.threads, threads);
  };
  // two reads at once: two threads; a read under way keeps its thread, however long it takes
  const [a, b] = await Promise.all([1, 2].map(() => reader.query(slowCount.compile(env.store.db))));
  assert.equal(Number(a![0]!.n) + Number(b![0]!.n), 6_000_000);
  // the second stops after a short idle; the last one left is kept for the longer time
  await until(1);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(reader.threads, 1, "the last thread waits out the longer idle time");
  await until(0);
  assert.deepEqual(await reader.query(sql`select 2 as two`.compile(env.store.db)), [{ two: 2 }]);
  assert.equal(reader.threads, 1);
});
