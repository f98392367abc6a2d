import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { sql } from "kysely";
import { migrateTo } from "../../src/db/migrations.ts";
import { openStore } from "../../src/db/store.ts";
import {
  type Api,
  api,
  createTestDatabase,
  ON_POSTGRES,
  personAndWorkspace,
  testConfig,
} from "../support.ts";

/**
 * The full-text index may be written after the answer (SQLite: from search_fts_pending, which the
 * change's own transaction writes); a search indexes what is pending first, so it stays exact.
 */

async function found(a: Api, q: string): Promise<string[]> {
  const res = await a.call("GET", `/v1/search?${new URLSearchParams({ q })}`);
  assert.equal(res.status, 200, res.text);
  return res.body.data.map((r: { id: string }) => r.id);
}

const pending = async (a: Api): Promise<number> =>
  ON_POSTGRES
    ? 0
    : Number(
        (await sql<{ n: number }>`select count(*) as n from search_fts_pending`.execute(a.env.core.db))
          .rows[0]!.n,
      );

/** FTS5's own check of an external-content index against its documents (it throws when they differ). */
async function ftsInStep(a: Api): Promise<void> {
  if (ON_POSTGRES) return;
  await sql`insert into search_fts(search_fts, rank) values ('integrity-check', 1)`.execute(a.env.core.db);
}

test("a creation, an edit and a deletion are what the very next search sees", async (t) => {
  const a = await api(t);
  const created = await a.call("POST", "/v1/issues", {
    title: "Quarterly ledger mismatch",
    description: "The ledger totals drift after the export.",
  });
  assert.equal(created.status, 201, created.text);
  const { id, identifier } = created.body;
  assert.deepEqual(await found(a, "ledger"), [id]);

  const edited = await a.call("PATCH", `/v1/issues/${identifier}`, {
    title: "Quarterly journal mismatch",
    description: "The journal totals drift.",
  });
  assert.equal(edited.status, 200, edited.text);
  assert.deepEqual(await found(a, "ledger"), []);
  assert.deepEqual(await found(a, "journal"), [id]);

  const deleted = await a.call("DELETE", `/v1/issues/${identifier}`);
  assert.ok(deleted.status === 200 || deleted.status === 204, deleted.text);
  assert.deepEqual(await found(a, "journal"), []);

  // from the trash it comes back, and is found again
  const restored = await a.call("POST", `/v1/issues/${identifier}/restore`);
  assert.ok(restored.status < 300, restored.text);
  assert.deepEqual(await found(a, "journal"), [id]);
  assert.equal(await pending(a), 0);
  await ftsInStep(a);
});

test("an edit that leaves the words alone writes nothing to index (SQLite)", {
  skip: ON_POSTGRES ? "SQLite only" : false,
}, async (t) => {
  const a = await api(t);
  const created = await a.call("POST", "/v1/issues", { title: "Status only", description: "words" });
  assert.equal(created.status, 201, created.text);
  await a.env.store.indexPending();
  assert.equal(await pending(a), 0);
  const moved = await a.call("PATCH", `/v1/issues/${created.body.identifier}`, { status: "todo" });
  assert.equal(moved.status, 200, moved.text);
  assert.equal(await pending(a), 0);
});

test("what a crash left pending is indexed by the next search, and by the next start (SQLite)", {
  skip: ON_POSTGRES ? "SQLite only" : false,
}, async (t) => {
  const a = await api(t);
  await a.env.store.indexPending();
  // another connection writes, as a process that died before its drain would have: the rows are
  // committed and pending, and this process was told of no commit
  const file = a.env.config.database.kind === "sqlite" ? a.env.config.database.path : "";
  const other = new DatabaseSync(file);
  const put = (id: string, title: string) =>
    other
      .prepare(
        `insert into search_documents (object_id, workspace_id, object_type, title, body, updated_at)
         values (?, ?, 'note', ?, 'left behind', '2026-03-01T09:00:00.000Z')`,
      )
      .run(id, a.workspaceId, title);
  put("note_01JCRASH000000000000000001", "Orphaned pelican");
  other
    .prepare("update search_documents set title = 'Orphaned albatross' where object_id = ?")
    .run("note_01JCRASH000000000000000001");
  assert.equal(await pending(a), 3);
  assert.deepEqual(await found(a, "albatross"), ["note_01JCRASH000000000000000001"]);
  assert.deepEqual(await found(a, "pelican"), []);
  assert.equal(await pending(a), 0);
  await ftsInStep(a);

  // the same after a restart: opening and migrating the store drains what is pending
  put("note_01JCRASH000000000000000002", "Stranded heron");
  other.close();
  await a.env.store.close();
  const reopened = openStore(a.env.config.database);
  t.after(() => reopened.close());
  await reopened.migrate();
  await reopened.indexPending();
  const left = await sql<{ n: number }>`select count(*) as n from search_fts_pending`.execute(reopened.db);
  assert.equal(Number(left.rows[0]!.n), 0);
  const hit = await sql<{
    rowid: number;
  }>`select rowid from search_fts where search_fts match 'heron'`.execute(reopened.db);
  assert.equal(hit.rows.length, 1);
});

test("a drain soon after a write commits leaves nothing pending (SQLite)", {
  skip: ON_POSTGRES ? "SQLite only" : false,
}, async (t) => {
  const a = await api(t);
  for (let i = 0; i < 5; i++) {
    const res = await a.call("POST", "/v1/issues", { title: `Batch ${i} cormorant` });
    assert.equal(res.status, 201, res.text);
  }
  for (let waited = 0; (await pending(a)) > 0 && waited < 5000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(await pending(a), 0);
  const hits = await sql<{
    rowid: number;
  }>`select rowid from search_fts where search_fts match 'cormorant'`.execute(a.env.core.db);
  assert.equal(hits.rows.length, 5);
  await ftsInStep(a);
});

test("0033_search_pending goes up and down over documents, with changes left pending (SQLite)", {
  skip: ON_POSTGRES ? "SQLite only" : false,
}, async (t) => {
  const database = await createTestDatabase();
  const config = testConfig(database.url);
  const store = openStore(config.database);
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  const db = store.db;
  await migrateTo(db, "sqlite", "0032_search_recency");
  const at = "2026-03-01T09:00:00.000Z";
  await personAndWorkspace(db, at);
  const doc = (object_id: string, title: string) => ({
    object_id,
    workspace_id: "wks_1",
    object_type: "note" as const,
    title,
    body: "ledger entries",
    updated_at: at,
  });
  await db
    .insertInto("search_documents")
    .values([doc("note_1", "Kestrel"), doc("note_2", "Osprey")])
    .execute();
  const matches = async (word: string) =>
    (await sql<{ rowid: number }>`select rowid from search_fts where search_fts match ${word}`.execute(db))
      .rows.length;
  const inStep = () =>
    sql`insert into search_fts(search_fts, rank) values ('integrity-check', 1)`.execute(db);

  await migrateTo(db, "sqlite", "0033_search_pending");
  assert.equal(await matches("kestrel"), 1);
  // changes made now wait in the pending table
  await db.insertInto("search_documents").values(doc("note_3", "Merlin")).execute();
  await db
    .updateTable("search_documents")
    .set({ title: "Harrier" })
    .where("object_id", "=", "note_2")
    .execute();
  await db.deleteFrom("search_documents").where("object_id", "=", "note_1").execute();
  assert.equal(await matches("merlin"), 0);
  await store.indexPending();
  assert.deepEqual(
    [await matches("kestrel"), await matches("osprey"), await matches("harrier"), await matches("merlin")],
    [0, 0, 1, 1],
  );
  await inStep();

  // down with changes still pending: the index is read again from the documents, and written with them
  await db.insertInto("search_documents").values(doc("note_4", "Buzzard")).execute();
  await migrateTo(db, "sqlite", "0032_search_recency");
  assert.equal(await matches("buzzard"), 1);
  await inStep();
  await db.insertInto("search_documents").values(doc("note_5", "Goshawk")).execute();
  assert.equal(await matches("goshawk"), 1);
  await inStep();

  // and up again
  await store.migrate();
  await db.insertInto("search_documents").values(doc("note_6", "Falcon")).execute();
  await store.indexPending();
  assert.equal(await matches("falcon"), 1);
  await inStep();
});
