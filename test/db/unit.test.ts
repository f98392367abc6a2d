import assert from "node:assert/strict";
import { test } from "node:test";
import type { Db } from "../../src/db/store.ts";
import { afterCommit, outsideUnitOfWork, unitOfWork } from "../../src/db/unit.ts";
import { ON_POSTGRES, setup } from "../support.ts";

const row = (key: string) => ({
  token_id: "tok",
  key,
  fingerprint: "f",
  status: null,
  body: null,
  content_type: null,
  headers: null,
  owner: null,
  lease_until: null,
  created_at: "2026-03-01T09:00:00.000Z",
});

async function keys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("idempotency_keys").select("key").orderBy("key").execute();
  return rows.map((r) => r.key);
}

test(`a unit of work: the transactions and queries inside commit together or not at all (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const { core } = await setup(t);
  const db = core.db;

  // Everything inside is undone when the work throws, transactions that "committed" included.
  await assert.rejects(
    unitOfWork(db, async () => {
      await db.transaction().execute((tx) => tx.insertInto("idempotency_keys").values(row("a")).execute());
      await db.insertInto("idempotency_keys").values(row("b")).execute();
      assert.deepEqual(await keys(db), ["a", "b"], "the work sees its own writes");
      throw new Error("the work fails after its writes");
    }),
    /the work fails/,
  );
  assert.deepEqual(await keys(db), []);

  // An inner transaction that fails undoes only itself; the rest commits, with the caller's last write.
  const result = await unitOfWork(db, async (tx) => {
    await db
      .transaction()
      .execute((inner) => inner.insertInto("idempotency_keys").values(row("c")).execute());
    await assert.rejects(
      db.transaction().execute(async (inner) => {
        await inner.insertInto("idempotency_keys").values(row("d")).execute();
        await inner.insertInto("idempotency_keys").values(row("c")).execute(); // a duplicate key
      }),
    );
    // nested units join the outer one
    await unitOfWork(db, (nested) => nested.insertInto("idempotency_keys").values(row("e")).execute());
    await tx.insertInto("idempotency_keys").values(row("f")).execute();
    return "done";
  });
  assert.equal(result, "done");
  assert.deepEqual(await keys(db), ["c", "e", "f"]);

  // Outside a unit, transactions are their own again.
  await assert.rejects(
    db.transaction().execute(async (tx) => {
      await tx.insertInto("idempotency_keys").values(row("g")).execute();
      throw new Error("rolled back");
    }),
  );
  await db.transaction().execute((tx) => tx.insertInto("idempotency_keys").values(row("h")).execute());
  assert.deepEqual(await keys(db), ["c", "e", "f", "h"]);
});

test(`work a unit of work started and that outlives it never runs on the unit's connection (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const { core } = await setup(t);
  const db = core.db;

  // a transaction that joined the unit and goes on after the unit committed is refused, rather than
  // sending its statements over a connection that is no longer the unit's
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  let straggler!: Promise<unknown>;
  await unitOfWork(db, async () => {
    await db.insertInto("idempotency_keys").values(row("mine")).execute();
    straggler = db.transaction().execute(async (tx) => {
      await held;
      await tx.insertInto("idempotency_keys").values(row("stray")).execute();
    });
    // the straggler has begun (its savepoint) before the unit ends
    await new Promise((r) => setTimeout(r, 20));
  });
  release();
  await assert.rejects(straggler, /joined a unit of work that has ended/);
  assert.deepEqual(await keys(db), ["mine"]);

  // work started inside a unit but run outside it has a transaction of its own, committed on its own
  // (not awaited inside: on SQLite it waits for the unit's write to end, as any other writer does)
  let outside!: Promise<unknown>;
  await assert.rejects(
    unitOfWork(db, async () => {
      outside = outsideUnitOfWork(() =>
        db.transaction().execute((tx) => tx.insertInto("idempotency_keys").values(row("own")).execute()),
      );
      throw new Error("the unit fails");
    }),
    /the unit fails/,
  );
  await outside;
  assert.deepEqual(await keys(db), ["mine", "own"], "the outside work stays when the unit rolls back");
});

test(`afterCommit: at once outside a unit; inside one after its commit, outside it, and never after a rollback (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const { core } = await setup(t);
  const db = core.db;
  const ran: string[] = [];
  afterCommit(() => ran.push("outside"));
  assert.deepEqual(ran, ["outside"], "outside a unit it runs at once");

  await unitOfWork(db, async (tx) => {
    await tx
      .insertInto("feature_switches")
      .values({ name: "a", enabled: 1, updated_at: "2026-01-01T00:00:00.000Z" })
      .execute();
    afterCommit(() => {
      ran.push("committed");
      // it runs outside the unit, so a query it makes is its own, and sees what the unit wrote
      void db
        .selectFrom("feature_switches")
        .select("name")
        .where("name", "=", "a")
        .executeTakeFirst()
        .then((row) => {
          ran.push(`read ${row?.name}`);
        });
    });
    assert.deepEqual(ran, ["outside"], "not while the unit is open");
  });
  assert.deepEqual(ran, ["outside", "committed"]);
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(ran, ["outside", "committed", "read a"]);

  await assert.rejects(
    unitOfWork(db, async () => {
      afterCommit(() => ran.push("rolled back"));
      throw new Error("no");
    }),
    /no/,
  );
  assert.ok(!ran.includes("rolled back"), "never after a rollback");
});
