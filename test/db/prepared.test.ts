import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { sql } from "kysely";
import {
  MAX_FOLLOWED_TEXTS,
  MAX_PREPARED_PER_CONNECTION,
  PLAN_EACH_TIME,
  prepared,
  shapedQuery,
  statementName,
} from "../../src/db/prepared.ts";
import type { Db } from "../../src/db/store.ts";
import { openStore } from "../../src/db/store.ts";
import { createTestDatabase, ON_POSTGRES, seed, setup, testConfig } from "../support.ts";

/** A store of one connection on a fresh PostgreSQL database (and its URL), both gone after the test. */
async function storeOfOneConnection(t: TestContext) {
  const database = await createTestDatabase();
  const store = openStore(testConfig(database.url).database, { poolSize: 1 });
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  return { store, url: database.url };
}

test("a prepared query runs with each call's values, and keeps the values it was built with", async (t) => {
  const { core } = await setup(t);
  await seed(core, "alpha", "ada@example.com");
  await seed(core, "bravo", "bob@example.com");
  const byEmail = prepared(["email"], (db: Db, { email }: { email: string }) =>
    db
      .selectFrom("people")
      .select(["email", "name"])
      .where("email", "=", email)
      .where("name", "!=", "nobody"),
  );
  assert.deepEqual(await byEmail(core.db, { email: "ada@example.com" }), [
    { email: "ada@example.com", name: "Ada" },
  ]);
  assert.deepEqual(await byEmail(core.db, { email: "bob@example.com" }), [
    { email: "bob@example.com", name: "Ada" },
  ]);
  assert.deepEqual(await byEmail(core.db, { email: "nobody@example.com" }), []);
});

test("a prepared query that does not bind an argument is refused when first run", async (t) => {
  const { core } = await setup(t);
  const broken = prepared(["slug"], (db: Db, _args: { slug: string }) =>
    db.selectFrom("workspaces").select("id"),
  );
  await assert.rejects(broken(core.db, { slug: "x" }), /does not bind "slug"/);
});

test("on PostgreSQL a prepared query is a named statement of the connection", {
  skip: ON_POSTGRES ? false : "PostgreSQL only",
}, async (t) => {
  const { store } = await storeOfOneConnection(t);
  await store.migrate();
  const query = prepared(["slug"], (db: Db, { slug }: { slug: string }) =>
    db.selectFrom("workspaces").select("id").where("slug", "=", slug),
  );
  await query(store.db, { slug: "a" });
  await query(store.db, { slug: "b" });
  const rows = await sql<{
    name: string;
    statement: string;
  }>`select name, statement from pg_prepared_statements`.execute(store.db);
  const mine = rows.rows.filter((r) => r.name.startsWith("docket_q"));
  assert.equal(mine.length, 1, "prepared once, run twice");
  assert.match(mine[0]!.statement, /from "workspaces" where "slug" = \$1/);
});

test("a statement with values is named once it has run three times, on each connection up to a bound", () => {
  const text = `select id from workspaces where slug = $1 -- ${Math.random()}`;
  const one = new Set<string>();
  const two = new Set<string>();
  assert.equal(statementName(text, true, one), undefined, "first run: unnamed");
  assert.equal(statementName(text, true, two), undefined, "second run, on another connection: unnamed");
  const name = statementName(text, true, one);
  assert.match(name ?? "", /^docket_s\d+$/, "third run: named");
  assert.equal(statementName(text, true, two), name, "the same name on every connection");
  assert.deepEqual([...one], [name]);
  assert.deepEqual([...two], [name]);
  // never named: no values (BEGIN, COMMIT), planned each time, or named by prepared()
  const bare = `begin -- ${Math.random()}`;
  for (let i = 0; i < 5; i++) assert.equal(statementName(bare, false, one), undefined);
  const searched = `${PLAN_EACH_TIME}select 1 where $1 -- ${Math.random()}`;
  for (let i = 0; i < 5; i++) assert.equal(statementName(searched, true, one), undefined);
  assert.equal(statementName("/* docket:docket_q99 */ select $1", false, one), "docket_q99");
  // a connection holding its bound of statements sends new texts unnamed, and keeps naming its own
  const full = new Set(Array.from({ length: MAX_PREPARED_PER_CONNECTION }, (_, i) => `held_${i}`));
  const other = `select id from people where email = $1 -- ${Math.random()}`;
  for (let i = 0; i < 3; i++) statementName(other, true, new Set());
  assert.equal(statementName(other, true, full), undefined);
  assert.equal(full.size, MAX_PREPARED_PER_CONNECTION);
  assert.equal(statementName(text, true, new Set(["held"])), name);
  // texts seen once fill what is followed; the next text is still named in time, and named texts keep
  // their names
  for (let i = 0; i < MAX_FOLLOWED_TEXTS; i++)
    statementName(`select $1 -- once ${i} ${Math.random()}`, true, one);
  const later = `select id from spaces where prefix = $1 -- ${Math.random()}`;
  for (let i = 0; i < 2; i++) assert.equal(statementName(later, true, one), undefined);
  assert.match(statementName(later, true, one) ?? "", /^docket_s\d+$/);
  assert.equal(statementName(text, true, one), name);
});

test("on PostgreSQL a statement run often is prepared once on its connection; BEGIN and searches are not", {
  skip: ON_POSTGRES ? false : "PostgreSQL only",
}, async (t) => {
  const { store } = await storeOfOneConnection(t);
  await store.migrate();
  const mark = `often_${Date.now()}`;
  for (let i = 0; i < 5; i++) {
    await store.db.transaction().execute(async (trx) => {
      await trx.selectFrom("workspaces").select("id").where("slug", "=", `${mark}-${i}`).execute();
    });
    await sql`${sql.raw(PLAN_EACH_TIME)}select ${`${mark}-plain`}::text as v`.execute(store.db);
  }
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements`.execute(store.db);
  const often = rows.filter((r) => /from "workspaces" where "slug" = \$1/.test(r.statement));
  assert.equal(often.length, 1, "one named statement for the five runs");
  assert.match(often[0]!.name, /^docket_s\d+$/);
  assert.equal(rows.filter((r) => /^\s*(begin|commit)/i.test(r.statement)).length, 0);
  assert.equal(rows.filter((r) => r.statement.includes("planned each time")).length, 0);
});

test("on PostgreSQL a prepared statement whose table changed fails once, and the next run prepares it again", {
  skip: ON_POSTGRES ? false : "PostgreSQL only",
}, async (t) => {
  const { store, url } = await storeOfOneConnection(t);
  await sql`create table shelf (id text primary key, label text)`.execute(store.db);
  await sql`insert into shelf values ('a', 'first')`.execute(store.db);
  const read = async () =>
    (await sql<Record<string, unknown>>`select * from shelf where id = ${"a"}`.execute(store.db)).rows;
  for (let i = 0; i < 4; i++) assert.deepEqual(await read(), [{ id: "a", label: "first" }]);
  // another instance's migration adds a column under the kept `select *`
  const other = openStore(testConfig(url).database, { poolSize: 1 });
  t.after(() => other.close());
  await sql`alter table shelf add column size integer`.execute(other.db);
  await assert.rejects(read(), /cached plan must not change result type/);
  assert.deepEqual(await read(), [{ id: "a", label: "first", size: null }]);
  assert.deepEqual(await read(), [{ id: "a", label: "first", size: null }]);
});

test("a shaped query is built once per shape and runs with each call's values", async (t) => {
  const { core } = await setup(t);
  await seed(core, "alpha", "ada@example.com");
  await seed(core, "bravo", "bob@example.com");
  let builds = 0;
  const people = shapedQuery(
    (db: Db, order: string, p: { emails?: string[]; named?: string | null; any?: boolean }) => {
      builds++;
      let q = db.selectFrom("people").select(["email", "name"]);
      if (p.emails) q = q.where("email", "in", p.emails);
      if (p.named === null) q = q.where("name", "is", null);
      else if (p.named !== undefined) q = q.where("name", "=", p.named);
      if (p.any === false) q = q.where(sql<boolean>`1 = 0`);
      return q.orderBy("email", order === "desc" ? "desc" : "asc");
    },
  );
  const emails = async (order: string, p: Parameters<typeof people>[2]) =>
    (await people(core.db, order, p)).map((r) => r.email);
  assert.deepEqual(await emails("asc", { emails: ["ada@example.com"] }), ["ada@example.com"]);
  assert.deepEqual(await emails("asc", { emails: ["bob@example.com"] }), ["bob@example.com"]);
  assert.equal(builds, 1, "the same shape with other values is built once");
  assert.deepEqual(await emails("asc", { emails: ["bob@example.com", "ada@example.com"] }), [
    "ada@example.com",
    "bob@example.com",
  ]);
  assert.deepEqual(await emails("desc", { emails: ["bob@example.com", "ada@example.com"] }), [
    "bob@example.com",
    "ada@example.com",
  ]);
  assert.equal(builds, 3, "another array length, another variant: each a shape of its own");
  assert.deepEqual(await emails("asc", { named: "Ada" }), ["ada@example.com", "bob@example.com"]);
  assert.deepEqual(await emails("asc", { named: null }), []);
  assert.deepEqual(await emails("asc", { emails: ["ada@example.com"], any: false }), []);
  assert.deepEqual(await emails("asc", { emails: ["ada@example.com"], any: true }), ["ada@example.com"]);
  assert.equal(builds, 7, "null and a value, false and true, are shapes apart");
});

test("a shaped query that inlines a value instead of binding it is refused when its shape is built", async (t) => {
  const { core } = await setup(t);
  const broken = shapedQuery((db: Db, _v: string, p: { slug: string }) =>
    db
      .selectFrom("workspaces")
      .select("id")
      .where(sql<boolean>`slug = ${sql.lit(p.slug)}`),
  );
  await assert.rejects(broken(core.db, "", { slug: "x" }), /does not bind value 0/);
});
