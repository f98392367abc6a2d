import assert from "node:assert/strict";
import { StatementSync } from "node:sqlite";
import { test } from "node:test";
import { sql } from "kysely";
import { createConnection } from "../../src/auth/connections.ts";
import type { Principal } from "../../src/auth/tokens.ts";
import { createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { sessionNotices } from "../../src/mcp/notices.ts";
import { createIssue } from "../../src/tracker/issues.ts";
import { delegateSession, stopSession } from "../../src/tracker/sessions.ts";
import { ON_POSTGRES, seed, setup } from "../support.ts";

/** How many times SQLite runs the notices' first query (over agent_sessions) while `f` runs. */
async function noticeQueries(f: () => Promise<unknown>): Promise<number> {
  const all = StatementSync.prototype.all;
  let n = 0;
  StatementSync.prototype.all = function (this: StatementSync, ...args: unknown[]) {
    if (this.sourceSQL.includes('from "agent_sessions"')) n++;
    return (all as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof all;
  try {
    await f();
  } finally {
    StatementSync.prototype.all = all;
  }
  return n;
}

test("an agent's nothing-to-tell is kept only until a run or its log is written, here or by another process or instance", async (t) => {
  const env = await setup(t);
  const { workspaceId, personId } = await seed(env.core);
  // another instance on the same database (on SQLite another connection to the file, as another process has)
  const other = openStore(env.config.database);
  t.after(() => other.close());
  const elsewhere = {
    core: createCore(env.config, other, { clock: env.clock }),
    workspaceId,
    actor: { personId, via: "pat_test" },
  };
  const here = { ...elsewhere, core: env.core };
  const connection = await createConnection(env.core, {
    kind: "agent",
    workspaceId,
    personId,
    name: "agent",
    scopes: ["workspace.read", "workspace.write"],
  });
  const agent: Principal = {
    kind: "connection",
    tokenId: connection.id,
    personId,
    workspaceId,
    scopes: new Set(["workspace.read", "workspace.write"]),
  };
  // as a request does: the store's change version read when it arrives, then the notices
  const notices = async () => sessionNotices(env.core, agent, await env.core.store.changes.version());
  const statuses = async () => (await notices()).map((n) => [n.session, n.status]);
  const first = await createIssue(here, { space: "ENG", title: "First" });
  const second = await createIssue(here, { space: "ENG", title: "Second" });

  assert.equal(await noticeQueries(async () => assert.deepEqual(await notices(), [])), ON_POSTGRES ? 0 : 1);
  // SQLite keeps the answer while nothing is written; PostgreSQL asks again (its queries are not counted here)
  assert.equal(await noticeQueries(async () => assert.deepEqual(await notices(), [])), 0);

  // delegated through the other instance (process): told at the next call
  const run = await delegateSession(elsewhere, first.identifier, { agent: connection.id, prompt: "Go." });
  assert.deepEqual(await statuses(), [[run.id, "pending"]]);
  // stopped here (a pending run ends at once): nothing to tell, kept again
  await stopSession(here, run.id);
  assert.deepEqual(await notices(), []);
  assert.deepEqual(await notices(), []);
  // delegated here after that was kept: told at the next call
  const next = await delegateSession(here, second.identifier, { agent: connection.id, prompt: "Go on." });
  assert.deepEqual(await statuses(), [[next.id, "pending"]]);
  // stopped through the other instance: the next call reads again and finds nothing
  await stopSession(elsewhere, next.id);
  assert.deepEqual(await notices(), []);
  // writes to other tables leave a kept answer standing on SQLite
  await createIssue(here, { space: "ENG", title: "Third" });
  assert.equal(await noticeQueries(async () => assert.deepEqual(await notices(), [])), 0);
});

test("SQLite's count of writes moves with each write of the process to the tables asked about, and a rollback", {
  skip: ON_POSTGRES ? "PostgreSQL has no count of writes" : false,
}, async (t) => {
  const env = await setup(t);
  const count = env.core.store.changes.writes!;
  const workspaces = () => count(["workspaces"]);
  const runs = () => count(["agent_sessions", "session_activities"]);
  const db = env.core.db;
  const { workspaceId } = await seed(env.core);
  const [w0, r0] = [workspaces(), runs()];
  await db.selectFrom("workspaces").selectAll().execute();
  assert.deepEqual([workspaces(), runs()], [w0, r0], "a read moves nothing");
  await db.updateTable("workspaces").set({ name: "renamed" }).where("id", "=", "ws_none").execute();
  assert.deepEqual([workspaces(), runs()], [w0, r0], "a statement that changed no rows moves nothing");
  await db.updateTable("workspaces").set({ name: "renamed" }).where("id", "=", workspaceId).execute();
  assert.deepEqual([workspaces(), runs()], [w0 + 1, r0], "outside a transaction, the table written only");
  await db
    .updateTable("workspaces")
    .set({ name: "again" })
    .where("id", "=", workspaceId)
    .returning("id")
    .execute();
  assert.deepEqual([workspaces(), runs()], [w0 + 2, r0], "a statement with RETURNING");
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("workspaces")
      .set({ name: "in a transaction" })
      .where("id", "=", workspaceId)
      .execute();
  });
  assert.deepEqual(
    [workspaces(), runs()],
    [w0 + 3, r0],
    "in a transaction, and its commit moves nothing more",
  );
  await assert.rejects(
    db.transaction().execute(async (trx) => {
      await trx.updateTable("workspaces").set({ name: "undone" }).where("id", "=", workspaceId).execute();
      throw new Error("undo");
    }),
  );
  assert.ok(workspaces() > w0 + 4 && runs() > r0, "a rollback moves the count of every table");
  const [w1, r1] = [workspaces(), runs()];
  await sql`update main.workspaces set name = 'named with its schema' where id = ${workspaceId}`.execute(db);
  assert.ok(
    workspaces() > w1 && runs() > r1,
    "a write to a table named with its schema counts for every table",
  );
});
