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

  return { core, ctx, seeded, clock, assertIndexed, planOf };
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

test("a list filtered by space, status and priority is read from its own index and returns exactly the issues the filter names", async (t) => {
  const { core, ctx, clock, planOf } = await planEnv(t);
  const statuses = ["todo", "in_progress", "done"] as const;
  const priorities = ["urgent", "high", "medium", "low", "none"] as const;
  const made: IssueView[] = [];
  for (let i = 0; i < 60; i++) {
    made.push(
      await createIssue(ctx, {
        title: `Filtered ${i}`,
        status: statuses[i % statuses.length],
        priority: priorities[(i * 7) % priorities.length],
        ...(i % 4 === 0 ? { parent: made[0]?.identifier } : {}),
        ...(i % 3 === 0 ? { assignee: "me" } : {}),
      }),
    );
    clock.advance(1000);
  }
  const filter = { space: "ENG", status: ["todo", "in_progress"], priority: ["high", "urgent"] } as const;
  const expected = made
    .filter((i) => (filter.status as readonly string[]).includes(i.status))
    .filter((i) => (filter.priority as readonly string[]).includes(i.priority))
    .sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
    );
  assert.ok(expected.length >= 10, "the data has enough matches to page through");
  // page through in fives: the same issues, in the same order, each with the view a read of it shows
  const seen: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await listIssues(ctx, {
      ...filter,
      status: [...filter.status],
      priority: [...filter.priority],
      limit: 5,
      ...(cursor ? { cursor } : {}),
    });
    seen.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  assert.deepEqual(
    seen.map((s) => (s as IssueView).identifier),
    expected.map((e) => e.identifier),
  );
  for (const s of seen as IssueView[]) {
    const {
      description: _d,
      blockedBy: _b,
      blocks: _k,
      relatesTo: _r,
      source: _s,
      source_url: _u,
      branch_name: _n,
      code_links: _l,
      ...summary
    } = made.find((m) => m.id === s.id)! as IssueView & Record<string, unknown>;
    assert.deepEqual(s, summary, `${s.identifier} is listed as a read shows it`);
  }
  if (core.store.kind === "sqlite") {
    const plan = await planOf("issues", () =>
      listIssues(ctx, { space: "ENG", status: ["todo"], priority: ["high"], limit: 5 }),
    );
    assert.match(plan, /issues_space_priority_idx/, plan);
    assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
  }
});
