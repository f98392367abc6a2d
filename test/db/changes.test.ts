import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { sql } from "kysely";
import { EPOCH_LEASE_MS, LISTENER_APPLICATION } from "../../src/db/changes.ts";
import { openStore, type Store } from "../../src/db/store.ts";
import { createTestDatabase, eventually, ON_POSTGRES, testConfig } from "../support.ts";

/** Two stores on one new database, migrated; closed and dropped after the test. */
async function twoStores(
  t: TestContext,
  options: { onConnectionError?: (error: Error) => void } = {},
): Promise<{ a: Store; b: Store }> {
  const database = await createTestDatabase();
  const config = testConfig(database.url);
  const a = openStore(config.database, options);
  const b = openStore(config.database);
  t.after(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });
  await a.migrate();
  return { a, b };
}

test("a change announced by one store is seen by another on the same database", async (t) => {
  const { a, b } = await twoStores(t);
  if (ON_POSTGRES) {
    // Once its listener reads the change counter, a's version holds still until something changes.
    assert.ok(await eventually(async () => !(await a.changes.version()).includes(":u"), 3000), "listening");
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
  const errors: Error[] = [];
  const { a, b } = await twoStores(t, { onConnectionError: (e) => errors.push(e) });
  assert.ok(await eventually(async () => !(await a.changes.version()).includes(":u"), 3000), "listening");
  const before = await a.changes.version();
  // Terminate the listener's backend (only this test's database, and not the connection asking).
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION}`.execute(b.db);
  assert.ok(await eventually(async () => errors.length > 0, 3000), "the loss was reported, not thrown");
  assert.ok(await eventually(async () => (await a.changes.version()) !== before, 3000), "counts as changed");
  // Listening again: an announcement from another store is heard.
  assert.ok(
    await eventually(async () => !(await a.changes.version()).includes(":u"), 5000),
    "listening again",
  );
  const again = await a.changes.version();
  await b.changes.announce();
  assert.ok(await eventually(async () => (await a.changes.version()) !== again, 2000), "a hears b again");
});

test("an announcement resolves only once every store's version has moved, or no longer vouches for a cache", {
  skip: ON_POSTGRES ? false : "PostgreSQL's change counter",
}, async (t) => {
  const { a, b } = await twoStores(t);
  assert.equal(a.changes.exact(), true);
  assert.ok(await eventually(async () => !(await a.changes.version()).includes(":u"), 3000), "listening");
  for (let round = 0; round < 3; round++) {
    const before = await a.changes.version();
    const started = performance.now();
    await b.changes.announce();
    assert.ok(performance.now() - started >= EPOCH_LEASE_MS, "the announcement waited out the lease");
    // no eventually: by the time it resolved, a's version had moved
    assert.notEqual(await a.changes.version(), before, `round ${round}`);
  }
  // A store whose last read of the counter is older than the lease vouches for nothing: every version
  // it gives is new, so nothing cached holds (here its event loop was held up past the lease).
  assert.ok(await eventually(async () => !(await a.changes.version()).includes(":u"), 3000), "vouching");
  const until = performance.now() + EPOCH_LEASE_MS + 20;
  while (performance.now() < until) {}
  const first = await a.changes.version();
  assert.match(first, /:u\d+$/);
  assert.notEqual(await a.changes.version(), first);
  assert.ok(
    await eventually(async () => !(await a.changes.version()).includes(":u"), 3000),
    "vouching again",
  );
});
