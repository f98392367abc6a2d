import assert from "node:assert/strict";
import { test } from "node:test";
import { prepared } from "../../src/db/prepared.ts";
import type { Db } from "../../src/db/store.ts";
import { seed, setup } from "../support.ts";

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
