import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { openStore } from "../../src/db/store.ts";
import { createTestDatabase, ON_POSTGRES, testConfig } from "../support.ts";

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

test("a change announced by one store is seen by another on the same database", async (t) => {
  const database = await createTestDatabase();
  const config = testConfig(database.url);
  const a = openStore(config.database);
  const b = openStore(config.database);
  t.after(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });
  await a.migrate();
  if (ON_POSTGRES) {
    // Once its listener is up, a's version no longer moves with the clock: only a NOTIFY moves it.
    assert.ok(await eventually(async () => !(await a.changes.version()).includes(":t"), 3000), "listening");
  }
  const before = await a.changes.version();
  assert.equal(await a.changes.version(), before, "nothing changed, nothing moves");
  await b.db
    .insertInto("feature_switches")
    .values({ name: "maintenance", enabled: 1, updated_at: new Date().toISOString() })
    .execute();
  await b.changes.announce();
  assert.ok(await eventually(async () => (await a.changes.version()) !== before, 2000), "a heard b");
  const own = await a.changes.version();
  await a.changes.announce();
  assert.notEqual(await a.changes.version(), own, "a store hears its own announcements at once");
});

test("a LISTEN connection that is terminated is reopened, and what was cached meanwhile counts as changed", {
  skip: ON_POSTGRES ? false : "PostgreSQL's LISTEN connection",
}, async (t) => {
  const database = await createTestDatabase();
  const config = testConfig(database.url);
  const errors: Error[] = [];
  const a = openStore(config.database, { onConnectionError: (e) => errors.push(e) });
  const b = openStore(config.database);
  t.after(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });
  await a.migrate();
  assert.ok(await eventually(async () => !(await a.changes.version()).includes(":t"), 3000), "listening");
  const before = await a.changes.version();
  // Terminate the listener's backend (only this test's database, and not the connection asking).
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like 'listen %'`.execute(b.db);
  assert.ok(await eventually(async () => errors.length > 0, 3000), "the loss was reported, not thrown");
  assert.ok(await eventually(async () => (await a.changes.version()) !== before, 3000), "counts as changed");
  // Listening again: an announcement from another store is heard.
  assert.ok(
    await eventually(async () => !(await a.changes.version()).includes(":t"), 5000),
    "listening again",
  );
  const again = await a.changes.version();
  await b.changes.announce();
  assert.ok(await eventually(async () => (await a.changes.version()) !== again, 2000), "a hears b again");
});
