import assert from "node:assert/strict";
import { test } from "node:test";
import { newId } from "../../src/secrets.ts";
import type { Ctx } from "../../src/tracker/context.ts";
import { FOLDER_LIMITS, linkedNotes } from "../../src/tracker/notes.ts";
import { type Api, api, bearer, seed } from "../support.ts";

async function issue(a: Api, title: string, headers: Record<string, string> = {}) {
  const res = await a.call("POST", "/v1/issues", { title }, headers);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function note(a: Api, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await a.call("POST", "/v1/notes", body, headers);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function folder(a: Api, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await a.call("POST", "/v1/folders", body, headers);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

const ctxOf = (a: Api): Ctx => ({
  core: a.env.core,
  workspaceId: a.workspaceId,
  actor: { personId: a.personId, via: "admin" },
});

const ids = (list: { id: string }[]) => list.map((x) => x.id);

interface Node {
  name: string;
  note_count: number;
  children: Node[];
}
const shape = (nodes: Node[]): unknown =>
  nodes.map((n) => (n.children.length ? [n.name, n.note_count, shape(n.children)] : [n.name, n.note_count]));

interface Flat {
  id: string;
  name: string;
  parent_id: string | null;
  note_count: number;
}
/** A flat folder list (GET /v1/folders) as a tree, each level sorted by name ignoring case. */
const treeOf = (list: Flat[], parent: string | null = null): Node[] =>
  list
    .filter((f) => f.parent_id === parent)
    .sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()))
    .map((f) => ({ name: f.name, note_count: f.note_count, children: treeOf(list, f.id) }));

test("write a note in a folder with linked issues, read it back, find it in the search documents", async (t) => {
  const a = await api(t);
  await issue(a, "Onboarding");
  const docs = await folder(a, { name: "Runbooks" });
  assert.match(docs.id, /^fld_[0-9A-Z]{26}$/);
  assert.deepEqual(docs, {
    id: docs.id,
    name: "Runbooks",
    parent_id: null,
    note_count: 0,
    version: 1,
    created_at: "2026-03-01T09:00:00.000Z",
    updated_at: "2026-03-01T09:00:00.000Z",
  });
  const res = await a.call("POST", "/v1/notes", {
    title: "How to deploy",
    body: "# Deploy\n\n1. `make release`",
    folder: docs.id,
    issues: ["ENG-1", "eng-1"],
  });
  assert.equal(res.status, 201, res.text);
  const n = res.body;
  assert.match(n.id, /^note_[0-9A-Z]{26}$/);
  assert.equal(n.title, "How to deploy");
  assert.equal(n.body, "# Deploy\n\n1. `make release`");
  assert.deepEqual(n.folder, { id: docs.id, name: "Runbooks" });
  assert.deepEqual(n.issues, [
    { id: n.issues[0].id, identifier: "ENG-1", title: "Onboarding", status: "backlog" },
  ]);
  assert.equal(n.version, 1);
  assert.equal(n.created_by.person_id, a.personId);
  assert.match(n.created_by.via, /^pat_/);
  assert.match(String(res.headers.etag), /^"1-/);

  const got = await a.call("GET", `/v1/notes/${n.id}`);
  assert.equal(got.status, 200);
  assert.deepEqual(got.body, n);
  assert.equal((await a.call("GET", `/v1/folders/${docs.id}`)).body.note_count, 1);

  const loose = await note(a, { title: "Scratch" });
  assert.equal(loose.folder, null);
  assert.equal(loose.body, "");

  const doc = await a.env.core.db
    .selectFrom("search_documents")
    .selectAll()
    .where("object_id", "=", n.id)
    .executeTakeFirstOrThrow();
  assert.equal(doc.object_type, "note");
  assert.equal(doc.workspace_id, a.workspaceId);
  assert.equal(doc.title, "How to deploy");
  assert.equal(doc.body, "# Deploy\n\n1. `make release`");
});

test("bad note input is 400 naming the fields, and writes nothing", async (t) => {
  const a = await api(t);
  await issue(a, "Exists");
  const cases: [unknown, string][] = [
    [{}, "body.title"],
    [{ title: " " }, "body.title"],
    [{ title: "x".repeat(256) }, "body.title"],
    [{ title: "ok", body: "x".repeat(100_001) }, "body.body"],
    [{ title: "ok", body: null }, "body.body"],
    [{ title: "ok", folder: "docs" }, "body.folder"],
    [{ title: "ok", folder: "fld_01HZZZZZZZZZZZZZZZZZZZZZZZ" }, "body.folder"],
    [{ title: "ok", issues: ["ENG-404"] }, "body.issues[0]"],
    [{ title: "ok", issues: [42] }, "body.issues[0]"],
    [{ title: "ok", tags: [] }, "body.tags"],
  ];
  for (const [body, field] of cases) {
    const res = await a.call("POST", "/v1/notes", body);
    assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${res.text.slice(0, 200)}`);
    assert.equal(res.body.error, "invalid_request");
    assert.ok(field in res.body.fields, `${JSON.stringify(body).slice(0, 80)} names ${field}: ${res.text}`);
  }
  assert.deepEqual((await a.call("GET", "/v1/notes")).body.data, []);
  assert.equal((await a.call("POST", "/v1/notes", { title: "ok", body: "x".repeat(100_000) })).status, 201);

  assert.equal((await a.call("GET", "/v1/notes/note_x")).status, 400);
  const unknown = "note_01HZZZZZZZZZZZZZZZZZZZZZZZ";
  assert.equal((await a.call("GET", `/v1/notes/${unknown}`)).status, 404);
  assert.equal((await a.call("PATCH", `/v1/notes/${unknown}`, { title: "x" })).status, 404);
  assert.equal((await a.call("GET", `/v1/notes/${unknown}/activity`)).status, 404);
});

test("another workspace's notes and folders are out of reach; read-only tokens cannot write", async (t) => {
  const a = await api(t);
  await issue(a, "Mine");
  const myFolder = await folder(a, { name: "Shared name" });
  const mine = await note(a, { title: "Mine", folder: myFolder.id });
  const other = await seed(a.env.core, "globex", "bob@example.com");
  const theirIssue = await issue(a, "Theirs", bearer(other.token));
  const theirFolder = await folder(a, { name: "Shared name" }, bearer(other.token));
  const theirs = await note(
    a,
    { title: "Theirs", folder: theirFolder.id, issues: ["ENG-1"] },
    bearer(other.token),
  );

  assert.equal((await a.call("GET", `/v1/notes/${theirs.id}`)).status, 404);
  assert.equal((await a.call("PATCH", `/v1/notes/${theirs.id}`, { title: "x" })).status, 404);
  assert.equal((await a.call("GET", `/v1/notes/${theirs.id}/activity`)).status, 404);
  assert.equal((await a.call("GET", `/v1/folders/${theirFolder.id}`)).status, 404);
  assert.equal((await a.call("PATCH", `/v1/folders/${theirFolder.id}`, { name: "x" })).status, 404);
  assert.deepEqual(ids((await a.call("GET", "/v1/notes")).body.data), [mine.id]);
  assert.deepEqual(ids((await a.call("GET", "/v1/folders")).body.data), [myFolder.id]);

  const cases: [string, string, unknown, string][] = [
    ["POST", "/v1/notes", { title: "x", folder: theirFolder.id }, "body.folder"],
    ["POST", "/v1/notes", { title: "x", issues: [theirIssue.id] }, "body.issues[0]"],
    ["PATCH", `/v1/notes/${mine.id}`, { folder: theirFolder.id }, "body.folder"],
    ["PATCH", `/v1/notes/${mine.id}`, { issues: ["ENG-1", theirIssue.id] }, "body.issues[1]"],
    ["POST", "/v1/folders", { name: "x", parent: theirFolder.id }, "body.parent"],
    ["PATCH", `/v1/folders/${myFolder.id}`, { parent: theirFolder.id }, "body.parent"],
  ];
  for (const [method, url, body, field] of cases) {
    const res = await a.call(method, url, body);
    assert.equal(res.status, 400, `${method} ${url} ${JSON.stringify(body)} → ${res.text}`);
    assert.ok(field in res.body.fields, `${method} ${url} names ${field}: ${res.text}`);
  }
  assert.equal((await a.call("GET", `/v1/notes?folder=${theirFolder.id}`)).status, 400);
  assert.equal((await a.call("GET", `/v1/notes?issue=${theirIssue.id}`)).status, 400);
  const theirTree = (await a.call("GET", "/v1/folders", undefined, bearer(other.token))).body.data;
  assert.deepEqual(shape(treeOf(theirTree)), [["Shared name", 1]]);

  const ro = bearer(a.readOnlyToken);
  for (const url of ["/v1/notes", `/v1/notes/${mine.id}`, `/v1/notes/${mine.id}/activity`, "/v1/folders"]) {
    assert.equal((await a.call("GET", url, undefined, ro)).status, 200, url);
  }
  assert.equal((await a.call("GET", `/v1/folders/${myFolder.id}`, undefined, ro)).status, 200);
  for (const [method, url, body] of [
    ["POST", "/v1/notes", { title: "no" }],
    ["PATCH", `/v1/notes/${mine.id}`, { title: "no" }],
    ["POST", "/v1/folders", { name: "no" }],
    ["PATCH", `/v1/folders/${myFolder.id}`, { name: "no" }],
  ] as const) {
    const res = await a.call(method, url, body, ro);
    assert.equal(res.status, 403, `${method} ${url}`);
    assert.equal(res.body.error, "insufficient_scope");
  }
  assert.equal((await a.call("GET", `/v1/notes/${mine.id}`)).body.title, "Mine");
  assert.equal((await a.call("GET", `/v1/folders/${myFolder.id}`)).body.name, "Shared name");
});

test("note PATCH changes only what is sent, moves and relinks, honours If-Match and records activity", async (t) => {
  const a = await api(t);
  for (const title of ["One", "Two"]) await issue(a, title);
  const f = await folder(a, { name: "Specs" });
  const n = await note(a, { title: "Draft", body: "v1", folder: f.id, issues: ["ENG-1"] });
  const etag = String((await a.call("GET", `/v1/notes/${n.id}`)).headers.etag);

  a.env.clock.advance(60_000);
  const patched = await a.call(
    "PATCH",
    `/v1/notes/${n.id}`,
    { body: "v2", issues: ["ENG-2"] },
    { "if-match": etag },
  );
  assert.equal(patched.status, 200, patched.text);
  assert.equal(patched.body.title, "Draft");
  assert.equal(patched.body.body, "v2");
  assert.deepEqual(patched.body.folder, { id: f.id, name: "Specs" });
  assert.deepEqual(
    patched.body.issues.map((i: { identifier: string }) => i.identifier),
    ["ENG-2"],
  );
  assert.equal(patched.body.version, 2);
  assert.equal(patched.body.updated_at, "2026-03-01T09:01:00.000Z");

  const stale = await a.call("PATCH", `/v1/notes/${n.id}`, { title: "Lost" }, { "if-match": etag });
  assert.equal(stale.status, 412);
  assert.equal(stale.body.error, "precondition_failed");
  assert.equal((await a.call("GET", `/v1/notes/${n.id}`)).body.title, "Draft");

  const moved = await a.call("PATCH", `/v1/notes/${n.id}`, { folder: null, title: "Final" });
  assert.equal(moved.body.folder, null);
  assert.equal(moved.body.title, "Final");
  assert.equal(moved.body.version, 3);
  assert.equal((await a.call("GET", `/v1/folders/${f.id}`)).body.note_count, 0);
  const same = await a.call("PATCH", `/v1/notes/${n.id}`, { title: "Final", issues: ["eng-2"] });
  assert.equal(same.body.version, 3, "nothing changed, no new version");

  const doc = await a.env.core.db
    .selectFrom("search_documents")
    .selectAll()
    .where("object_id", "=", n.id)
    .executeTakeFirstOrThrow();
  assert.equal(doc.title, "Final");
  assert.equal(doc.body, "v2");

  const activity = (await a.call("GET", `/v1/notes/${n.id}/activity`)).body.data;
  assert.deepEqual(
    activity.map((e: { action: string }) => e.action),
    ["created", "updated", "updated"],
  );
  assert.deepEqual(activity[1].changes, {
    body: { from: "v1", to: "v2" },
    issues: { from: ["ENG-1"], to: ["ENG-2"] },
  });
  assert.deepEqual(activity[2].changes, {
    title: { from: "Draft", to: "Final" },
    folder: { from: f.id, to: null },
  });
  const page = await a.call("GET", `/v1/notes/${n.id}/activity?limit=2`);
  assert.equal(page.body.data.length, 2);
  const rest = await a.call("GET", `/v1/notes/${n.id}/activity?limit=2&cursor=${page.body.next_cursor}`);
  assert.deepEqual(ids(rest.body.data), [activity[2].id]);
  assert.equal(rest.body.next_cursor, null);
});

test("note list filters by folder, linked issue and title; pages walk every note once", async (t) => {
  const a = await api(t);
  await issue(a, "Linked");
  const f = await folder(a, { name: "Specs" });
  const sub = await folder(a, { name: "Old", parent: f.id });
  const made = [];
  for (let i = 0; i < 5; i++) {
    made.push(
      await note(a, {
        title: i % 2 === 0 ? `API Design ${i}` : `Meeting ${i}`,
        folder: i < 2 ? f.id : i === 2 ? sub.id : null,
        issues: i === 1 || i === 4 ? ["ENG-1"] : [],
      }),
    );
    a.env.clock.advance(1000);
  }
  const all = await a.call("GET", "/v1/notes");
  assert.deepEqual(ids(all.body.data), ids(made).reverse());
  assert.equal(all.body.data[0].body, undefined, "list items leave out the body");
  assert.deepEqual(ids((await a.call("GET", "/v1/notes?sort=created")).body.data), ids(made));
  assert.deepEqual(ids((await a.call("GET", `/v1/notes?folder=${f.id}&sort=created`)).body.data), [
    made[0].id,
    made[1].id,
  ]);
  assert.deepEqual(ids((await a.call("GET", "/v1/notes?folder=none&sort=created")).body.data), [
    made[3].id,
    made[4].id,
  ]);
  assert.deepEqual(ids((await a.call("GET", "/v1/notes?issue=ENG-1&sort=created")).body.data), [
    made[1].id,
    made[4].id,
  ]);
  assert.deepEqual(ids((await a.call("GET", "/v1/notes?q=api%20design&sort=created")).body.data), [
    made[0].id,
    made[2].id,
    made[4].id,
  ]);
  assert.deepEqual(ids((await a.call("GET", "/v1/notes?q=design&folder=none&issue=ENG-1")).body.data), [
    made[4].id,
  ]);

  const seen: string[] = [];
  let url = "/v1/notes?limit=2&sort=created";
  for (let pages = 0; pages < 5; pages++) {
    const res = await a.call("GET", url);
    seen.push(...ids(res.body.data));
    if (!res.body.next_cursor) break;
    assert.match(String(res.headers.link), /rel="next"/);
    url = `/v1/notes?limit=2&sort=created&cursor=${res.body.next_cursor}`;
  }
  assert.deepEqual(seen, ids(made));

  for (const [query, field] of [
    ["folder=docs", "query.folder"],
    ["folder=fld_01HZZZZZZZZZZZZZZZZZZZZZZZ", "query.folder"],
    ["issue=ENG-9", "query.issue"],
    ["q=", "query.q"],
    ["sort=-title", "query.sort"],
    ["cursor=zzz", "query.cursor"],
    ["folder_id=x", "query.folder_id"],
  ] as const) {
    const res = await a.call("GET", `/v1/notes?${query}`);
    assert.equal(res.status, 400, `${query} → ${res.text}`);
    assert.ok(field in res.body.fields, `${query} names ${field}: ${res.text}`);
  }
});

test("folders form a tree sorted by name with note counts; renames and moves keep it sound", async (t) => {
  const a = await api(t);
  const eng = await folder(a, { name: "engineering" });
  const adr = await folder(a, { name: "ADRs", parent: eng.id });
  const api_ = await folder(a, { name: "api", parent: eng.id });
  const v1 = await folder(a, { name: "v1", parent: api_.id });
  const hr = await folder(a, { name: "HR" });
  assert.equal(adr.parent_id, eng.id);
  await note(a, { title: "n1", folder: adr.id });
  await note(a, { title: "n2", folder: adr.id });
  await note(a, { title: "n3", folder: v1.id });
  await note(a, { title: "top" });

  const tree = await a.call("GET", "/v1/folders");
  assert.equal(tree.status, 200);
  assert.deepEqual(shape(treeOf(tree.body.data)), [
    [
      "engineering",
      0,
      [
        ["ADRs", 2],
        ["api", 0, [["v1", 1]]],
      ],
    ],
    ["HR", 0],
  ]);
  assert.equal(tree.body.data[0].id, eng.id, "oldest first");
  assert.equal(tree.body.next_cursor, null);
  assert.equal(tree.body.data.find((f: Flat) => f.name === "v1").parent_id, api_.id);
  assert.equal((await a.call("GET", "/v1/folders?depth=2")).status, 400);
  // parent= keeps one folder's children; none the top level; pages of one
  const inEng = await a.call("GET", `/v1/folders?parent=${eng.id}`);
  assert.deepEqual(inEng.body.data.map((f: Flat) => f.name).sort(), ["ADRs", "api"]);
  const topLevel = await a.call("GET", "/v1/folders?parent=none");
  assert.deepEqual(
    topLevel.body.data.map((f: Flat) => f.name),
    ["engineering", "HR"],
  );
  const first = await a.call("GET", "/v1/folders?parent=none&limit=1");
  assert.deepEqual(
    first.body.data.map((f: Flat) => f.name),
    ["engineering"],
  );
  assert.match(String(first.headers.link), /rel="next"/);
  const second = await a.call("GET", `/v1/folders?parent=none&limit=1&cursor=${first.body.next_cursor}`);
  assert.deepEqual(
    second.body.data.map((f: Flat) => f.name),
    ["HR"],
  );
  assert.equal(second.body.next_cursor, null);
  const unknownParent = await a.call("GET", "/v1/folders?parent=fld_01HZZZZZZZZZZZZZZZZZZZZZZZ");
  assert.equal(unknownParent.status, 400);
  assert.ok("query.parent" in unknownParent.body.fields, unknownParent.text);

  // sibling names are unique, ignoring case; the same name elsewhere is fine
  for (const body of [{ name: "hr" }, { name: "adrs", parent: eng.id }]) {
    const res = await a.call("POST", "/v1/folders", body);
    assert.equal(res.status, 409, JSON.stringify(body));
    assert.equal(res.body.error, "conflict");
  }
  await folder(a, { name: "HR", parent: eng.id });
  assert.equal((await a.call("PATCH", `/v1/folders/${hr.id}`, { name: "ENGINEERING" })).status, 409);
  assert.equal((await a.call("PATCH", `/v1/folders/${adr.id}`, { parent: null, name: "hr" })).status, 409);

  // renaming, including a change of case only
  a.env.clock.advance(1000);
  const renamed = await a.call("PATCH", `/v1/folders/${hr.id}`, { name: "hr" });
  assert.equal(renamed.status, 200, renamed.text);
  assert.equal(renamed.body.name, "hr");
  assert.equal(renamed.body.updated_at, "2026-03-01T09:00:01.000Z");

  // moving a folder into itself or anything under it is refused
  for (const parent of [eng.id, api_.id, v1.id]) {
    const res = await a.call("PATCH", `/v1/folders/${eng.id}`, { parent });
    assert.equal(res.status, 409, parent);
    assert.match(res.body.error_description, /itself/);
  }
  assert.equal((await a.call("PATCH", `/v1/folders/${api_.id}`, { parent: v1.id })).status, 409);

  // a move carries the subtree; to the top level with null
  const moved = await a.call("PATCH", `/v1/folders/${api_.id}`, { parent: hr.id });
  assert.equal(moved.status, 200, moved.text);
  assert.equal(moved.body.parent_id, hr.id);
  const top = await a.call("PATCH", `/v1/folders/${adr.id}`, { parent: null });
  assert.equal(top.body.parent_id, null);
  assert.equal(top.body.note_count, 2);
  assert.deepEqual(shape(treeOf((await a.call("GET", "/v1/folders")).body.data)), [
    ["ADRs", 2],
    ["engineering", 0, [["HR", 0]]],
    ["hr", 0, [["api", 0, [["v1", 1]]]]],
  ]);
  const notesInAdr = await a.call("GET", `/v1/notes?folder=${adr.id}`);
  assert.equal(notesInAdr.body.data.length, 2, "notes move with their folder");

  const activity = await a.env.core.db
    .selectFrom("activity")
    .select(["action", "changes"])
    .where("subject_id", "=", api_.id)
    .orderBy("id")
    .execute();
  assert.deepEqual(
    activity.map((r) => [r.action, JSON.parse(r.changes)]),
    [
      ["created", {}],
      ["updated", { parent: { from: eng.id, to: hr.id } }],
    ],
  );

  for (const [method, url, body, field] of [
    ["POST", "/v1/folders", {}, "body.name"],
    ["POST", "/v1/folders", { name: "" }, "body.name"],
    ["POST", "/v1/folders", { name: "x".repeat(121) }, "body.name"],
    ["POST", "/v1/folders", { name: "ok", parent: "root" }, "body.parent"],
    ["POST", "/v1/folders", { name: "ok", parent: "fld_01HZZZZZZZZZZZZZZZZZZZZZZZ" }, "body.parent"],
    ["POST", "/v1/folders", { name: "ok", colour: "red" }, "body.colour"],
    ["PATCH", `/v1/folders/${hr.id}`, { name: 5 }, "body.name"],
    ["PATCH", `/v1/folders/${hr.id}`, { parent: "fld_01HZZZZZZZZZZZZZZZZZZZZZZZ" }, "body.parent"],
  ] as const) {
    const res = await a.call(method, url, body);
    assert.equal(res.status, 400, `${method} ${JSON.stringify(body)} → ${res.text}`);
    assert.ok(field in res.body.fields, `${JSON.stringify(body)} names ${field}: ${res.text}`);
  }
  assert.equal((await a.call("GET", "/v1/folders/fld_01HZZZZZZZZZZZZZZZZZZZZZZZ")).status, 404);
  assert.equal(
    (await a.call("PATCH", "/v1/folders/fld_01HZZZZZZZZZZZZZZZZZZZZZZZ", { name: "x" })).status,
    404,
  );
});

test("folders nest at most 10 deep, by creation or by a move", async (t) => {
  const a = await api(t);
  let parent: string | null = null;
  const chain: string[] = [];
  for (let depth = 1; depth <= FOLDER_LIMITS.depth; depth++) {
    const f = await folder(a, { name: `level ${depth}`, parent });
    chain.push(f.id);
    parent = f.id;
  }
  const tooDeep = await a.call("POST", "/v1/folders", { name: "level 11", parent });
  assert.equal(tooDeep.status, 409);
  assert.match(tooDeep.body.error_description, /10 deep/);

  // a two-level subtree fits under level 8 but not under level 9
  const branch = await folder(a, { name: "branch" });
  await folder(a, { name: "leaf", parent: branch.id });
  const refused = await a.call("PATCH", `/v1/folders/${branch.id}`, { parent: chain[8] });
  assert.equal(refused.status, 409);
  const fits = await a.call("PATCH", `/v1/folders/${branch.id}`, { parent: chain[7] });
  assert.equal(fits.status, 200, fits.text);
});

test("a workspace holds at most 1,000 folders", async (t) => {
  const a = await api(t);
  const at = "2026-03-01T09:00:00.000Z";
  const rows = Array.from({ length: FOLDER_LIMITS.count - 1 }, (_, i) => ({
    id: newId("fld"),
    workspace_id: a.workspaceId,
    parent_id: null,
    name: `folder ${i}`,
    version: 1,
    created_by: a.personId,
    created_at: at,
    updated_at: at,
  }));
  for (let i = 0; i < rows.length; i += 250) {
    await a.env.core.db
      .insertInto("folders")
      .values(rows.slice(i, i + 250))
      .execute();
  }
  const last = await a.call("POST", "/v1/folders", { name: "the thousandth" });
  assert.equal(last.status, 201, last.text);
  const past = await a.call("POST", "/v1/folders", { name: "one too many" });
  assert.equal(past.status, 409);
  assert.match(past.body.error_description, /1000/);
  let listed = 0;
  for (let cursor = ""; ; ) {
    const page = await a.call("GET", `/v1/folders?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
    assert.equal(page.status, 200, page.text);
    listed += page.body.data.length;
    if (!page.body.next_cursor) break;
    cursor = page.body.next_cursor;
  }
  assert.equal(listed, FOLDER_LIMITS.count);

  // another workspace has its own allowance
  const other = await seed(a.env.core, "globex", "bob@example.com");
  assert.equal((await a.call("POST", "/v1/folders", { name: "mine" }, bearer(other.token))).status, 201);
});

test("linkedNotes gives an issue's notes, compact, for its execution bundle", async (t) => {
  const a = await api(t);
  const target = await issue(a, "Target");
  await issue(a, "Other");
  const f = await folder(a, { name: "Specs" });
  const first = await note(a, { title: "First", body: "Alpha", folder: f.id, issues: ["ENG-1"] });
  a.env.clock.advance(1000);
  const second = await note(a, { title: "Second", body: "Beta", issues: ["ENG-2", "ENG-1"] });
  await note(a, { title: "Unrelated", issues: ["ENG-2"] });
  const linked = await linkedNotes(ctxOf(a), target.id);
  assert.deepEqual(linked, [
    {
      id: first.id,
      title: "First",
      folder: { id: f.id, name: "Specs" },
      body: "Alpha",
      updated_at: first.updated_at,
    },
    { id: second.id, title: "Second", folder: null, body: "Beta", updated_at: second.updated_at },
  ]);
  const other = await seed(a.env.core, "globex", "bob@example.com");
  assert.deepEqual(await linkedNotes({ ...ctxOf(a), workspaceId: other.workspaceId }, target.id), []);
});

test("concurrent writes: one folder per sibling name, one winner per If-Match", async (t) => {
  const a = await api(t);
  const made = await Promise.all(
    ["Plans", "plans", "PLANS"].map((name) => a.call("POST", "/v1/folders", { name })),
  );
  assert.deepEqual(made.map((r) => r.status).sort(), [201, 409, 409]);
  assert.equal((await a.call("GET", "/v1/folders")).body.data.length, 1);

  const n = await note(a, { title: "Contended" });
  const etag = String((await a.call("GET", `/v1/notes/${n.id}`)).headers.etag);
  const results = await Promise.all(
    ["one", "two", "three"].map((title) =>
      a.call("PATCH", `/v1/notes/${n.id}`, { title }, { "if-match": etag }),
    ),
  );
  assert.deepEqual(results.map((r) => r.status).sort(), [200, 412, 412]);
  const final = await a.call("GET", `/v1/notes/${n.id}`);
  assert.equal(final.body.version, 2);
  assert.equal(final.body.title, results.find((r) => r.status === 200)!.body.title);
});
