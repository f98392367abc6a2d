import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import {
  isReadyRow,
  isStartableRow,
  READY_STATUSES,
  readyCondition,
  STARTABLE_STATUSES,
  startableCondition,
} from "../../src/tracker/readiness.ts";
import { ON_POSTGRES, setup } from "../support.ts";

/**
 * "ready" and "startable" are defined once (src/tracker/readiness.ts); the partial indexes that serve
 * them (issues_ready_idx, issues_claimable_idx in src/db/migrations.ts) must carry the same conditions,
 * or lists would read a different set than the rule says, or no index at all.
 */

const STORE = ON_POSTGRES ? "PostgreSQL" : "SQLite";

test(`the partial indexes carry exactly the ready and startable conditions (${STORE})`, async (t) => {
  const { core } = await setup(t);
  const db = core.db;
  const pairs = [
    ["issues_ready_idx", readyCondition()],
    ["issues_claimable_idx", startableCondition()],
  ] as const;
  if (ON_POSTGRES) {
    // PostgreSQL keeps a predicate in its own normal form: build an index from the definition and
    // compare the two predicates as PostgreSQL writes them
    for (const [index, condition] of pairs) {
      const probe = `${index}_probe`;
      await sql.raw(`create index ${probe} on issues (workspace_id) where ${condition}`).execute(db);
      const rows = await sql<{ name: string; predicate: string }>`
        select c.relname as name, pg_get_expr(i.indpred, i.indrelid) as predicate
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relname in (${index}, ${probe})`.execute(db);
      const of = (name: string) => rows.rows.find((r) => r.name === name)?.predicate;
      assert.ok(of(index), `${index} exists and is partial`);
      assert.equal(of(index), of(probe), `${index} has the condition of its definition`);
      await sql.raw(`drop index ${probe}`).execute(db);
    }
  } else {
    for (const [index, condition] of pairs) {
      const row = await sql<{
        sql: string;
      }>`select sql from sqlite_master where type = 'index' and name = ${index}`.execute(db);
      const text = row.rows[0]?.sql ?? "";
      const where = text.slice(text.toLowerCase().lastIndexOf(" where ") + " where ".length);
      assert.equal(where.trim(), condition, `${index}: ${text}`);
    }
    // and the lists' conditions, as they are written into queries, are read from those indexes
    for (const [index, condition] of [
      ["issues_ready_idx", readyCondition("i")],
      ["issues_claimable_idx", startableCondition("i")],
    ] as const) {
      const plan = await sql<{ detail: string }>`explain query plan
        select i.id from issues i indexed by ${sql.raw(index)}
        where i.workspace_id = 'ws' and (${sql.raw(condition)})`.execute(db);
      assert.ok(
        plan.rows.some((r) => r.detail.includes(index)),
        `${index} serves the condition: ${JSON.stringify(plan.rows)}`,
      );
    }
  }
});

test("startable is ready, not started and not claimed", () => {
  for (const status of STARTABLE_STATUSES) assert.ok(READY_STATUSES.includes(status), status);
  const row = { status: "todo", open_blockers: 0, claim_id: null };
  assert.equal(isReadyRow(row), true);
  assert.equal(isStartableRow(row), true);
  assert.equal(isStartableRow({ ...row, claim_id: "clm_1" }), false);
  assert.equal(isReadyRow({ ...row, status: "in_review" }), true);
  assert.equal(isStartableRow({ ...row, status: "in_review" }), false);
  assert.equal(isReadyRow({ ...row, open_blockers: 1 }), false);
  assert.equal(isStartableRow({ ...row, open_blockers: "1" }), false);
  assert.equal(isReadyRow({ ...row, status: "iced" }), false);
});
