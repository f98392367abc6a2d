import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { MIGRATION_NAMES } from "../../src/db/migrations.ts";
import { openStore } from "../../src/db/store.ts";
import { createTestDatabase, ON_POSTGRES, testConfig } from "../support.ts";

/** The schema every store must have after migration, table by table: the same on SQLite and PostgreSQL. */
const EXPECTED: Record<string, string[]> = {
  feature_switches: ["enabled", "name", "updated_at"],
  memberships: ["created_at", "person_id", "role", "workspace_id"],
  people: ["created_at", "email", "email_verified_at", "id", "name", "suspended_at", "updated_at"],
  personal_access_tokens: [
    "created_at",
    "expires_at",
    "id",
    "last_used_at",
    "name",
    "person_id",
    "revoked_at",
    "scopes",
    "token_hash",
    "token_hint",
    "workspace_id",
  ],
  spaces: ["created_at", "id", "name", "next_issue_number", "prefix", "updated_at", "workspace_id"],
  workspaces: [
    "agent_connection_limit",
    "created_at",
    "id",
    "name",
    "owner_id",
    "plan",
    "slug",
    "updated_at",
  ],
};

test(`migrations from empty, then re-run (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const database = await createTestDatabase();
  const store = openStore(testConfig(database.url).database);
  t.after(async () => {
    await store.close();
    await database.drop();
  });

  const first = await store.migrate();
  assert.deepEqual(first.applied, MIGRATION_NAMES);
  assert.deepEqual(first.current, MIGRATION_NAMES);

  const tables = await store.db.introspection.getTables();
  const actual = Object.fromEntries(
    tables
      .filter((tb) => !tb.name.startsWith("kysely_"))
      .map((tb) => [tb.name, tb.columns.map((c) => c.name).sort()]),
  );
  assert.deepEqual(actual, EXPECTED);

  const again = await store.migrate();
  assert.deepEqual(again.applied, [], "a second run applies nothing");
  assert.deepEqual(again.current, MIGRATION_NAMES);
});

test("SQLite runs with WAL and foreign keys on", { skip: ON_POSTGRES ? "SQLite only" : false }, async (t) => {
  const database = await createTestDatabase();
  const store = openStore(testConfig(database.url).database);
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
  assert.equal(mode.rows[0]?.journal_mode, "wal");
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
  assert.equal(fk.rows[0]?.foreign_keys, 1);
  const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(store.db);
  assert.equal(busy.rows[0]?.timeout, 5000);
});

test("a transaction that fails writes nothing", async (t) => {
  const database = await createTestDatabase();
  const store = openStore(testConfig(database.url).database);
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  await store.migrate();
  const now = new Date().toISOString();
  await assert.rejects(
    store.db.transaction().execute(async (tx) => {
      await tx
        .insertInto("people")
        .values({
          id: "usr_1",
          email: "a@example.com",
          name: "A",
          email_verified_at: null,
          suspended_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      throw new Error("boom");
    }),
    /boom/,
  );
  const rows = await store.db.selectFrom("people").selectAll().execute();
  assert.equal(rows.length, 0);
});
