import assert from "node:assert/strict";
import type { TestContext } from "node:test";
import { test } from "node:test";
import { CompiledQuery, type LogEvent, sql } from "kysely";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { ManualClock } from "../../src/clock.ts";
import { createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { listActivity } from "../../src/tracker/activity.ts";
import { createBundle, listBundles } from "../../src/tracker/bundles.ts";
import type { Ctx } from "../../src/tracker/context.ts";
import { CYCLE_SORTS, createCycle, listCycles } from "../../src/tracker/cycles.ts";
import { createDecision, DECISION_SORTS, listDecisions } from "../../src/tracker/decisions.ts";
import { listFiles } from "../../src/tracker/files.ts";
import {
  createIssue,
  ISSUE_SORTS,
  type IssueView,
  listIssues,
  updateIssue,
} from "../../src/tracker/issues.ts";
import { createMilestone, listMilestones } from "../../src/tracker/milestones.ts";
import { createNote, listNotes, NOTE_SORTS } from "../../src/tracker/notes.ts";
import type { Page } from "../../src/tracker/pagination.ts";
import { createTestDatabase, seed, testConfig } from "../support.ts";

/**
 * Every sort every list offers is read from an index in its own order: no page sorts the workspace's
 * rows (on SQLite such a sort runs on the event loop and stalls every other request). On SQLite the
 * plan of each list query, first page and a page after a cursor, must have no "USE TEMP B-TREE"; on
 * PostgreSQL, with sorting priced out (enable_sort off), no Sort node may be left in the plan — one
 * that is left has no index to take its place.
 */

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

async function planEnv(t: TestContext) {
  const database = await createTestDatabase();
  const config = testConfig(database.url);
  const log: Captured[] = [];
  let capturing = false;
  const store = openStore(config.database, {
    poolSize: 2,
    log: (event: LogEvent) => {
      if (capturing && event.level === "query") {
        log.push({ sql: event.query.sql, parameters: event.query.parameters });
      }
    },
  });
  const clock = new ManualClock("2026-03-01T09:00:00.000Z");
  const core = createCore(config, store, { clock, limiter: new MemoryRateLimiter(clock) });
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  await store.migrate();
  const seeded = await seed(core);
  const ctx: Ctx = {
    core,
    workspaceId: seeded.workspaceId,
    actor: { personId: seeded.personId, via: "test" },
  };

  /** The query `run` sends to `table` with an ORDER BY, as the database would plan it. */
  async function planOf(table: string, run: () => Promise<unknown>): Promise<string> {
    log.length = 0;
    capturing = true;
    try {
      await run();
    } finally {
      capturing = false;
    }
    const query = log.find((q) => q.sql.includes(`from "${table}"`) && /order by/i.test(q.sql));
    assert.ok(query, `no ordered query on ${table}: ${log.map((q) => q.sql).join("\n")}`);
    const text = query.sql.replace(/^\/\* docket:[^*]* \*\/ /, "");
    if (store.kind === "sqlite") {
      const plan = await core.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...query.parameters]),
      );
      return plan.rows.map((r) => r.detail).join("\n");
    }
    return core.db.transaction().execute(async (trx) => {
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_incremental_sort = off`.execute(trx);
      const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${text}`, [...query.parameters]),
      );
      return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
  }

  /** Asserts the list's first page and the page after its first item are planned without a sort. */
  async function assertIndexed(
    label: string,
    table: string,
    list: (cursor: string | undefined, limit: number) => Promise<Page<unknown>>,
  ): Promise<void> {
    const first = await list(undefined, 1);
    assert.ok(first.next_cursor, `${label}: the test data has more than one item`);
    for (const [which, cursor] of [
      ["first page", undefined],
      ["after a cursor", first.next_cursor],
    ] as const) {
      const plan = await planOf(table, () => list(cursor, 1));
      const sorted = store.kind === "sqlite" ? /TEMP B-TREE/.test(plan) : /\bSort\b/.test(plan);
      assert.ok(!sorted, `${label} (${which}) sorts instead of reading an index in order:\n${plan}`);
    }
  }

  return { core, ctx, seeded, clock, assertIndexed };
}

test("every sort of every list is read from an index in its own order (no sort in the query plan)", async (t) => {
  const { core, ctx, seeded, clock, assertIndexed } = await planEnv(t);
  // two of everything, so a first page of one has a cursor
  const issues: IssueView[] = [];
  for (let i = 0; i < 3; i++) {
    issues.push(await createIssue(ctx, { title: `Issue ${i}`, priority: i === 0 ? "high" : "low" }));
    await createDecision(ctx, { title: `Decision ${i}` });
    await createNote(ctx, { title: `Note ${i}` });
    await createMilestone(ctx, { name: `Milestone ${i}` });
    await createCycle(ctx, { starts_on: `2026-0${i + 3}-01`, ends_on: `2026-0${i + 3}-14` });
    await createBundle(ctx, { issue: issues[0]!.identifier } as never);
    await core.db
      .insertInto("files")
      .values({
        id: `file_test${i}`,
        workspace_id: seeded.workspaceId,
        name: `f${i}.txt`,
        content_type: "text/plain",
        size: 1,
        sha256: "0".repeat(64),
        storage_key: `k${i}`,
        created_by: seeded.personId,
        created_via: "test",
        created_at: clock.now().toISOString(),
      })
      .execute();
    clock.advance(1000);
  }
  const page = (cursor: string | undefined, limit: number) => ({ limit, ...(cursor ? { cursor } : {}) });

  for (const sort of ISSUE_SORTS) {
    await assertIndexed(`issues sort=${sort}`, "issues", (c, l) => listIssues(ctx, { sort, ...page(c, l) }));
  }
  await assertIndexed("issues ready=true", "issues", (c, l) =>
    listIssues(ctx, { ready: true, ...page(c, l) }),
  );
  for (const sort of DECISION_SORTS) {
    await assertIndexed(`decisions sort=${sort}`, "decisions", (c, l) =>
      listDecisions(ctx, { sort, ...page(c, l) }),
    );
  }
  for (const sort of NOTE_SORTS) {
    await assertIndexed(`notes sort=${sort}`, "notes", (c, l) => listNotes(ctx, { sort, ...page(c, l) }));
  }
  for (const sort of CYCLE_SORTS) {
    await assertIndexed(`cycles sort=${sort}`, "cycles", (c, l) => listCycles(ctx, { sort, ...page(c, l) }));
    await assertIndexed(`cycles sort=${sort} space=ENG`, "cycles", (c, l) =>
      listCycles(ctx, { sort, space: "ENG", ...page(c, l) }),
    );
  }
  await assertIndexed("milestones", "milestones", (c, l) => listMilestones(ctx, page(c, l)));
  await assertIndexed("files", "files", (c, l) => listFiles(ctx, page(c, l)));
  await assertIndexed("bundles of an issue", "bundles", (c, l) =>
    listBundles(ctx, { issue: issues[0]!.identifier, ...page(c, l) }),
  );
  await updateIssue(ctx, issues[0]!.identifier, { title: "Issue 0, renamed" });
  await assertIndexed("activity of an issue", "activity", (c, l) =>
    listActivity(ctx, issues[0]!.id, page(c, l)),
  );
});
