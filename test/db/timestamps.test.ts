import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { isoFromPostgres, openStore } from "../../src/db/store.ts";
import { createTestDatabase, ON_POSTGRES, testConfig } from "../support.ts";

test("a PostgreSQL timestamp reads as the ISO string SQLite stores, milliseconds cut as Date cuts them", () => {
  for (const [text, iso] of [
    ["2026-11-27 14:34:11+00", "2026-11-27T14:34:11.000Z"],
    ["2026-11-27 14:34:11.1+00", "2026-11-27T14:34:11.100Z"],
    ["2026-11-27 14:34:11.12+00", "2026-11-27T14:34:11.120Z"],
    ["2026-11-27 14:34:11.123+00", "2026-11-27T14:34:11.123Z"],
    ["2026-11-27 14:34:11.999999+00", "2026-11-27T14:34:11.999Z"],
    ["2026-01-01 00:00:00.0005+00", "2026-01-01T00:00:00.000Z"],
    // another zone (behind UTC too, which was once read as UTC), a timestamp without one
    ["2026-11-27 16:34:11.5+02", "2026-11-27T14:34:11.500Z"],
    ["2026-11-27 09:04:11.5-05:30", "2026-11-27T14:34:11.500Z"],
    ["2026-11-27 14:34:11.25", "2026-11-27T14:34:11.250Z"],
  ] as const) {
    assert.equal(isoFromPostgres(text), iso, text);
  }
});

test("timestamps read back the same whatever the session's time zone (PostgreSQL)", {
  skip: ON_POSTGRES ? false : "PostgreSQL's text timestamps",
}, async (t) => {
  const database = await createTestDatabase();
  const store = openStore(testConfig(database.url).database);
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  const written = ["2026-11-27T14:34:11.123Z", "1999-12-31T23:59:59.999Z", "2026-03-29T01:30:00.000Z"];
  for (const zone of ["UTC", "Europe/Berlin", "America/St_Johns"]) {
    const rows = await store.db.connection().execute(async (db) => {
      await sql`select set_config('TimeZone', ${zone}, false)`.execute(db);
      const read = await sql<{ at: string; micro: string }>`
        select x::timestamptz as at, (x::timestamptz + interval '456 microseconds') as micro
        from unnest(${written}::text[]) as x`.execute(db);
      await sql`select set_config('TimeZone', 'UTC', false)`.execute(db);
      return read.rows;
    });
    assert.deepEqual(
      rows.map((r) => r.at),
      written,
      zone,
    );
    assert.deepEqual(
      rows.map((r) => r.micro),
      written.map((w) => w.replace(/\.(\d{3})Z$/, (_, ms) => `.${String(Number(ms)).padStart(3, "0")}Z`)),
      `${zone}: microseconds past the millisecond are cut`,
    );
  }
});
