import assert from "node:assert/strict";
import { test } from "node:test";
import { createSpace } from "../../src/auth/workspaces.ts";
import { type Api, api, assertOpenBlockersAgree, bearer, seed } from "../support.ts";

async function issue(a: Api, body: Record<string, unknown>) {
  const res = await a.call("POST", "/v1/issues", body);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

test("create an issue as in the spec's sample, read it by identifier", async (t) => {
  const a = await api(t);
  const target = await issue(a, { title: "Target" });
  assert.equal(target.identifier, "ENG-1");
  const res = await a.call("POST", "/v1/issues", {
    title: "Fix login",
    priority: "high",
    blocks: ["ENG-1"],
    labels: ["auth", "bug", "auth"],
  });
  assert.equal(res.status, 201);
  const created = res.body;
  assert.equal(created.identifier, "ENG-2");
  assert.equal(created.space, "ENG");
  assert.equal(created.priority, "high");
  assert.equal(created.status, "backlog");
  assert.deepEqual(created.labels, ["auth", "bug"]);
  assert.equal(created.blocks.length, 1);
  assert.equal(created.blocks[0].identifier, "ENG-1");
  assert.equal(created.blocks[0].status, "backlog");
  assert.match(created.blocks[0].dependency_id, /^dep_/);
  assert.equal(created.ready, true);
  assert.equal(created.created_by.person_id, a.personId);
  assert.match(created.created_by.via, /^pat_/);
  assert.equal(created.version, 1);
  assert.match(String(res.headers.etag), /^"1-/);

  const got = await a.call("GET", "/v1/issues/eng-1");
  assert.equal(got.status, 200);
  assert.equal(got.body.blockedBy[0].identifier, "ENG-2");
  assert.equal(got.body.ready, false, "ENG-1 is blocked by an open issue");
  assert.equal((await a.call("GET", `/v1/issues/${created.id}`)).body.identifier, "ENG-2");
});

test("issues can be created in any space of the workspace, with every field", async (t) => {
  const a = await api(t);
  await createSpace(a.env.core, { workspace: "acme", name: "Operations", prefix: "OPS" });
  const parent = await issue(a, { title: "Epic" });
  const res = await a.call("POST", "/v1/issues", {
    title: "Rotate keys",
    space: "ops",
    description: "# Steps\n\n1. rotate",
    status: "todo",
    priority: "urgent",
    assignee: "ada@example.com",
    estimate: 3,
    due_date: "2026-04-01",
    parent: parent.identifier,
  });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.identifier, "OPS-1");
  assert.equal(res.body.assignee.email, "ada@example.com");
  assert.equal(res.body.estimate, 3);
  assert.equal(res.body.due_date, "2026-04-01");
  assert.equal(res.body.parent.identifier, "ENG-1");
  const children = await a.call("GET", "/v1/issues?parent=ENG-1");
  assert.deepEqual(
    children.body.data.map((i: { identifier: string }) => i.identifier),
    ["OPS-1"],
  );
});

test("bad input is 400 naming the fields, and creates nothing", async (t) => {
  const a = await api(t);
  const cases: [unknown, string][] = [
    [{ title: "" }, "body.title"],
    [{ title: "x".repeat(256) }, "body.title"],
    [{ title: "ok", priority: "critical" }, "body.priority"],
    [{ title: "ok", status: "iced" }, "body.status"],
    [{ title: "ok", labels: "bug" }, "body.labels"],
    [{ title: "ok", estimate: -1 }, "body.estimate"],
    [{ title: "ok", estimate: 1.5 }, "body.estimate"],
    [{ title: "ok", due_date: "2026-02-30" }, "body.due_date"],
    [{ title: "ok", colour: "red" }, "body.colour"],
    [{ title: "ok", blocks: ["ENG-404"] }, "body.blocks[0]"],
    [{ title: "ok", blocks: ["not an id"] }, "body.blocks[0]"],
    [{ title: "ok", assignee: "nobody@example.com" }, "body.assignee"],
    [{ title: "ok", space: "NOPE" }, "body.space"],
    [{ title: "ok", cycle: "cyc_01HZZZZZZZZZZZZZZZZZZZZZZZ" }, "body.cycle"],
    [{ title: 42 }, "body.title"],
  ];
  for (const [body, field] of cases) {
    const res = await a.call("POST", "/v1/issues", body);
    assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.text}`);
    assert.equal(res.body.error, "invalid_request");
    assert.ok(field in res.body.fields, `${JSON.stringify(body)} names ${field}: ${res.text}`);
  }
  const list = await a.call("GET", "/v1/issues");
  assert.deepEqual(list.body.data, []);
  // numbering did not advance either
  assert.equal((await issue(a, { title: "first" })).identifier, "ENG-1");
});

test("unknown issues and other workspaces' issues are 404; read-only tokens cannot write", async (t) => {
  const a = await api(t);
  await issue(a, { title: "Mine" });
  const other = await seed(a.env.core, "globex", "bob@example.com");
  const theirs = await a.call("POST", "/v1/issues", { title: "Theirs" }, bearer(other.token));
  assert.equal(theirs.body.identifier, "ENG-1");

  assert.equal((await a.call("GET", "/v1/issues/ENG-2")).status, 404);
  assert.equal((await a.call("GET", `/v1/issues/${theirs.body.id}`)).status, 404);
  assert.equal((await a.call("PATCH", `/v1/issues/${theirs.body.id}`, { title: "x" })).status, 404);
  const mine = await a.call("GET", "/v1/issues/ENG-1");
  assert.equal(mine.body.title, "Mine");
  // an edge to another workspace's issue is refused like an unknown one
  const cross = await a.call("POST", "/v1/issues/ENG-1/dependencies", { blocks: [theirs.body.id] });
  assert.equal(cross.status, 400);
  assert.ok("body.blocks[0]" in cross.body.fields);

  const ro = bearer(a.readOnlyToken);
  assert.equal((await a.call("GET", "/v1/issues/ENG-1", undefined, ro)).status, 200);
  for (const [method, url, body] of [
    ["POST", "/v1/issues", { title: "no" }],
    ["PATCH", "/v1/issues/ENG-1", { title: "no" }],
    ["POST", "/v1/issues/ENG-1/ice", {}],
    ["POST", "/v1/issues/ENG-1/dependencies", { relatesTo: ["ENG-1"] }],
  ] as const) {
    const res = await a.call(method, url, body, ro);
    assert.equal(res.status, 403, `${method} ${url}`);
    assert.equal(res.body.error, "insufficient_scope");
  }
  assert.equal((await a.call("GET", "/v1/issues/ENG-1")).body.title, "Mine");
});

test("PATCH changes only what is sent, honours If-Match, and records activity", async (t) => {
  const a = await api(t);
  await issue(a, { title: "Draft", labels: ["a"], estimate: 2 });
  const read = await a.call("GET", "/v1/issues/ENG-1");
  const etag = String(read.headers.etag);

  a.env.clock.advance(60_000);
  const patched = await a.call(
    "PATCH",
    "/v1/issues/ENG-1",
    { status: "in_progress", labels: ["b"] },
    { "if-match": etag },
  );
  assert.equal(patched.status, 200, patched.text);
  assert.equal(patched.body.status, "in_progress");
  assert.deepEqual(patched.body.labels, ["b"]);
  assert.equal(patched.body.title, "Draft");
  assert.equal(patched.body.estimate, 2);
  assert.equal(patched.body.version, 2);
  assert.notEqual(patched.body.updated_at, patched.body.created_at);

  const stale = await a.call("PATCH", "/v1/issues/ENG-1", { title: "Lost" }, { "if-match": etag });
  assert.equal(stale.status, 412);
  assert.equal(stale.body.error, "precondition_failed");
  assert.equal((await a.call("GET", "/v1/issues/ENG-1")).body.title, "Draft");

  const bad = await a.call("PATCH", "/v1/issues/ENG-1", { estimate: "three" });
  assert.equal(bad.status, 400);
  assert.ok("body.estimate" in bad.body.fields);

  const labelled = await a.call("GET", "/v1/issues?label=b");
  assert.equal(labelled.body.data.length, 1);
  assert.equal((await a.call("GET", "/v1/issues?label=a")).body.data.length, 0);

  const activity = await a.call("GET", "/v1/issues/ENG-1/activity");
  assert.equal(activity.status, 200);
  assert.deepEqual(
    activity.body.data.map((e: { action: string }) => e.action),
    ["created", "updated"],
  );
  const change = activity.body.data[1];
  assert.deepEqual(change.changes.status, { from: "backlog", to: "in_progress" });
  assert.deepEqual(change.changes.labels, { from: ["a"], to: ["b"] });
  assert.equal(change.actor.person_id, a.personId);
  assert.match(change.actor.via, /^pat_/);
});

test("two concurrent PATCHes with the same If-Match: exactly one is 412", async (t) => {
  const a = await api(t);
  await issue(a, { title: "Contended" });
  const etag = String((await a.call("GET", "/v1/issues/ENG-1")).headers.etag);
  const results = await Promise.all(
    ["one", "two", "three"].map((title) =>
      a.call("PATCH", "/v1/issues/ENG-1", { title }, { "if-match": etag }),
    ),
  );
  const statuses = results.map((r) => r.status).sort();
  assert.deepEqual(statuses, [200, 412, 412]);
  const final = await a.call("GET", "/v1/issues/ENG-1");
  assert.equal(final.body.version, 2);
  assert.equal(final.body.title, results.find((r) => r.status === 200)!.body.title);
});

test("ETag and If-None-Match give 304 until the issue or a neighbour changes", async (t) => {
  const a = await api(t);
  await issue(a, { title: "A" });
  await issue(a, { title: "B", blocks: ["ENG-1"] });
  const first = await a.call("GET", "/v1/issues/ENG-1");
  const etag = String(first.headers.etag);
  const again = await a.call("GET", "/v1/issues/ENG-1", undefined, { "if-none-match": etag });
  assert.equal(again.status, 304);
  assert.equal(again.text, "");
  await a.call("PATCH", "/v1/issues/ENG-2", { status: "done" });
  const changed = await a.call("GET", "/v1/issues/ENG-1", undefined, { "if-none-match": etag });
  assert.equal(changed.status, 200, "the blocker's live status is part of the representation");
  assert.equal(changed.body.blockedBy[0].status, "done");
  assert.equal(changed.body.ready, true);
  // the issue's own version did not change, so If-Match with the old tag still holds
  const write = await a.call("PATCH", "/v1/issues/ENG-1", { title: "A2" }, { "if-match": etag });
  assert.equal(write.status, 200);
});

test("ice takes an issue out of ready work; any later status change thaws it", async (t) => {
  const a = await api(t);
  await issue(a, { title: "Someday", status: "todo" });
  const iced = await a.call("POST", "/v1/issues/ENG-1/ice", {});
  assert.equal(iced.status, 200, iced.text);
  assert.equal(iced.body.status, "iced");
  assert.equal(iced.body.ready, false);
  assert.equal(
    (await a.call("POST", "/v1/issues/ENG-1/ice")).body.version,
    iced.body.version,
    "icing twice is a no-op",
  );
  assert.equal((await a.call("GET", "/v1/issues?ready=true")).body.data.length, 0);
  assert.equal((await a.call("GET", "/v1/issues?iced=true")).body.data.length, 1);
  assert.equal((await a.call("GET", "/v1/issues?iced=false")).body.data.length, 0);
  const thawed = await a.call("PATCH", "/v1/issues/ENG-1", { status: "todo" });
  assert.equal(thawed.body.status, "todo");
  assert.equal(thawed.body.ready, true);
  const actions = (await a.call("GET", "/v1/issues/ENG-1/activity")).body.data.map(
    (e: { action: string }) => e.action,
  );
  assert.deepEqual(actions, ["created", "iced", "updated"]);

  await a.call("PATCH", "/v1/issues/ENG-1", { status: "done" });
  const refused = await a.call("POST", "/v1/issues/ENG-1/ice", {});
  assert.equal(refused.status, 409);
  assert.equal((await a.call("POST", "/v1/issues/ENG-404/ice", {})).status, 404);
});

test("ready work on a graph with chains and diamonds", async (t) => {
  const a = await api(t);
  // chain: 1 → 2 → 3 ; diamond: 4 → 5, 4 → 6, 5 → 7, 6 → 7 ; 8 alone
  for (let i = 1; i <= 8; i++) await issue(a, { title: `I${i}`, status: "todo" });
  const edges: [number, number][] = [
    [1, 2],
    [2, 3],
    [4, 5],
    [4, 6],
    [5, 7],
    [6, 7],
  ];
  for (const [from, to] of edges) {
    const res = await a.call("POST", `/v1/issues/ENG-${from}/dependencies`, { blocks: [`ENG-${to}`] });
    assert.equal(res.status, 200, res.text);
  }
  const ready = async () =>
    (await a.call("GET", "/v1/issues?ready=true&sort=created")).body.data.map(
      (i: { number: number }) => i.number,
    );
  assert.deepEqual(await ready(), [1, 4, 8]);
  await a.call("PATCH", "/v1/issues/ENG-4", { status: "done" });
  assert.deepEqual(await ready(), [1, 5, 6, 8]);
  await a.call("PATCH", "/v1/issues/ENG-5", { status: "done" });
  assert.deepEqual(await ready(), [1, 6, 8], "7 still waits for 6");
  await a.call("PATCH", "/v1/issues/ENG-6", { status: "canceled" });
  assert.deepEqual(await ready(), [1, 7, 8]);
  await a.call("POST", "/v1/issues/ENG-1/ice", {});
  assert.deepEqual(await ready(), [7, 8], "an iced blocker still blocks; the iced issue is not ready");
  const notReady = (await a.call("GET", "/v1/issues?ready=false&sort=created")).body.data.map(
    (i: { number: number }) => i.number,
  );
  assert.deepEqual(notReady, [1, 2, 3, 4, 5, 6]);

  // the kept count of open blockers agrees with a count made afresh, after edge changes too
  const edge = (await a.call("GET", "/v1/issues/ENG-7")).body.blockedBy[0];
  await a.call("PATCH", `/v1/dependencies/${edge.dependency_id}`, { type: "relatesTo" });
  await a.call("PATCH", "/v1/issues/ENG-4", { status: "todo" });
  const five = (await a.call("GET", "/v1/issues/ENG-5")).body.blockedBy[0];
  await a.call("DELETE", `/v1/dependencies/${five.dependency_id}`);
  await a.call("POST", "/v1/issues", { title: "late", blockedBy: ["ENG-3"], blocks: ["ENG-8"] });
  await assertOpenBlockersAgree(a);
  assert.deepEqual(await ready(), [4, 7], "8 now waits for the new ENG-9, which waits for 3");
});

test("dependencies: one call, all or nothing; repeats not duplicated; self, unknown and cycles refused", async (t) => {
  const a = await api(t);
  for (let i = 1; i <= 5; i++) await issue(a, { title: `I${i}` });
  const set = await a.call("POST", "/v1/issues/ENG-2/dependencies", {
    blockedBy: ["ENG-1"],
    blocks: ["ENG-3"],
    relatesTo: ["ENG-5"],
  });
  assert.equal(set.status, 200, set.text);
  assert.equal(set.body.data.length, 3);
  for (const edge of set.body.data) {
    assert.match(edge.id, /^dep_/);
    assert.equal(edge.created, true);
  }
  const [blockedBy, blocks, relates] = set.body.data;
  assert.deepEqual(
    [blockedBy.type, blockedBy.from.identifier, blockedBy.to.identifier],
    ["blocks", "ENG-1", "ENG-2"],
  );
  assert.deepEqual([blocks.type, blocks.from.identifier, blocks.to.identifier], ["blocks", "ENG-2", "ENG-3"]);
  assert.equal(relates.type, "relatesTo");

  const again = await a.call("POST", "/v1/issues/ENG-2/dependencies", {
    blocks: ["ENG-3"],
    relatesTo: ["ENG-5"],
  });
  assert.deepEqual(
    again.body.data.map((e: { id: string; created: boolean }) => [e.id, e.created]),
    [
      [blocks.id, false],
      [relates.id, false],
    ],
  );
  // the related issue sees the relation from its side, and a repeat from there is not duplicated
  const fromFive = await a.call("POST", "/v1/issues/ENG-5/dependencies", { relatesTo: ["ENG-2"] });
  assert.equal(fromFive.body.data[0].id, relates.id);

  const self = await a.call("POST", "/v1/issues/ENG-2/dependencies", { blocks: ["ENG-4", "ENG-2"] });
  assert.equal(self.status, 400);
  assert.ok("body.blocks[1]" in self.body.fields);

  // 1 → 2 → 3; 3 blocks 1 would close the cycle
  const cycle = await a.call("POST", "/v1/issues/ENG-3/dependencies", { blocks: ["ENG-4", "ENG-1"] });
  assert.equal(cycle.status, 409);
  assert.equal(cycle.body.error, "dependency_cycle");
  assert.match(cycle.body.error_description, /ENG-3 → ENG-1 → ENG-2 → ENG-3/);
  const two = await a.call("POST", "/v1/issues/ENG-3/dependencies", { blocks: ["ENG-2"] });
  assert.equal(two.status, 409, "a two-issue cycle too");

  const unknown = await a.call("POST", "/v1/issues/ENG-4/dependencies", {
    blockedBy: ["ENG-1"],
    blocks: ["ENG-99"],
  });
  assert.equal(unknown.status, 400);
  assert.ok("body.blocks[0]" in unknown.body.fields);
  const empty = await a.call("POST", "/v1/issues/ENG-4/dependencies", {});
  assert.equal(empty.status, 400);
  assert.equal((await a.call("POST", "/v1/issues/ENG-99/dependencies", { blocks: ["ENG-1"] })).status, 404);

  // none of the refused calls left an edge behind (ENG-4 got nothing)
  const four = await a.call("GET", "/v1/issues/ENG-4");
  assert.deepEqual([four.body.blocks, four.body.blockedBy, four.body.relatesTo], [[], [], []]);
  const one = await a.call("GET", "/v1/issues/ENG-1");
  assert.deepEqual(one.body.blockedBy, []);

  // a relation cannot silently become a block: it is changed with PATCH
  const clash = await a.call("POST", "/v1/issues/ENG-2/dependencies", { blocks: ["ENG-5"] });
  assert.equal(clash.status, 409);
  assert.match(clash.body.error_description, new RegExp(relates.id));
});

test("PATCH and DELETE a dependency; a reversal that would close a cycle is refused", async (t) => {
  const a = await api(t);
  for (let i = 1; i <= 3; i++) await issue(a, { title: `I${i}` });
  const ab = (await a.call("POST", "/v1/issues/ENG-1/dependencies", { blocks: ["ENG-2"] })).body.data[0];
  await a.call("POST", "/v1/issues/ENG-2/dependencies", { blocks: ["ENG-3"] });
  const rel = (await a.call("POST", "/v1/issues/ENG-3/dependencies", { relatesTo: ["ENG-1"] })).body.data[0];

  const noted = await a.call("PATCH", `/v1/dependencies/${ab.id}`, { note: "API first" });
  assert.equal(noted.status, 200, noted.text);
  assert.equal(noted.body.note, "API first");

  // ENG-1 relates to ENG-3; making it "ENG-3 blocks ENG-1" closes 1 → 2 → 3 → 1
  const from = rel.from.identifier;
  const body = from === "ENG-3" ? { type: "blocks" } : { type: "blocks", reverse: true };
  const refused = await a.call("PATCH", `/v1/dependencies/${rel.id}`, body);
  assert.equal(refused.status, 409, refused.text);
  assert.equal((await a.call("GET", `/v1/dependencies/${rel.id}`)).body.type, "relatesTo", "unchanged");
  const other = from === "ENG-3" ? { type: "blocks", reverse: true } : { type: "blocks" };
  const ok = await a.call("PATCH", `/v1/dependencies/${rel.id}`, other);
  assert.equal(ok.status, 200, ok.text);
  assert.deepEqual(
    [ok.body.type, ok.body.from.identifier, ok.body.to.identifier],
    ["blocks", "ENG-1", "ENG-3"],
  );

  assert.equal((await a.call("PATCH", `/v1/dependencies/${ab.id}`, {})).status, 400);
  assert.equal((await a.call("PATCH", `/v1/dependencies/${ab.id}`, { type: "duplicates" })).status, 400);
  const gone = await a.call("DELETE", `/v1/dependencies/${ab.id}`);
  assert.deepEqual(gone.body, { id: ab.id, deleted: true });
  assert.equal((await a.call("DELETE", `/v1/dependencies/${ab.id}`)).status, 404);
  assert.deepEqual((await a.call("GET", "/v1/issues/ENG-2")).body.blockedBy, []);
  const actions = (await a.call("GET", "/v1/issues/ENG-2/activity")).body.data.map(
    (e: { action: string }) => e.action,
  );
  assert.deepEqual(actions, ["created", "dependency_added", "dependency_added", "dependency_removed"]);

  const other2 = await seed(a.env.core, "globex", "bob@example.com");
  assert.equal(
    (await a.call("GET", `/v1/dependencies/${rel.id}`, undefined, bearer(other2.token))).status,
    404,
  );
  assert.equal(
    (await a.call("DELETE", `/v1/dependencies/${rel.id}`, undefined, bearer(other2.token))).status,
    404,
  );
});

test("list filters, sorts and cursor pagination that neither skips nor repeats under inserts", async (t) => {
  const a = await api(t);
  for (let i = 1; i <= 12; i++) {
    a.env.clock.advance(1000);
    await issue(a, {
      title: i % 2 ? `Odd task ${i}` : `Even chore ${i}`,
      priority: i % 3 === 0 ? "high" : "low",
      status: i % 4 === 0 ? "done" : "todo",
      labels: i % 2 ? ["odd"] : ["even"],
      assignee: i === 5 ? "ada@example.com" : undefined,
    });
  }
  const ids = async (url: string) =>
    (await a.call("GET", url)).body.data.map((i: { number: number }) => i.number);
  assert.deepEqual(await ids("/v1/issues?priority=high&sort=created"), [3, 6, 9, 12]);
  assert.deepEqual(await ids("/v1/issues?status=done&sort=created"), [4, 8, 12]);
  assert.deepEqual(await ids("/v1/issues?status=todo,done&label=even&priority=high&sort=created"), [6, 12]);
  assert.deepEqual(await ids("/v1/issues?assignee=me"), [5]);
  assert.deepEqual(await ids("/v1/issues?assignee=ada@example.com"), [5]);
  assert.equal((await ids("/v1/issues?assignee=none")).length, 11);
  assert.deepEqual(await ids("/v1/issues?q=CHORE%201&sort=created"), [10, 12]);
  assert.deepEqual((await ids("/v1/issues?space=ENG&sort=-created")).slice(0, 2), [12, 11]);
  assert.deepEqual((await ids("/v1/issues?sort=priority")).slice(0, 4), [3, 6, 9, 12]);
  a.env.clock.advance(1000);
  const since = a.env.clock.now().toISOString();
  await a.call("PATCH", "/v1/issues/ENG-2", { title: "changed" });
  assert.deepEqual(await ids(`/v1/issues?updated_since=${encodeURIComponent(since)}`), [2]);
  assert.deepEqual((await ids("/v1/issues?sort=-updated")).slice(0, 1), [2]);

  const badQueries: [string, string][] = [
    ["status=open", "query.status"],
    ["priority=p1", "query.priority"],
    ["limit=0", "query.limit"],
    ["limit=101", "query.limit"],
    ["sort=title", "query.sort"],
    ["ready=maybe", "query.ready"],
    ["updated_since=yesterday", "query.updated_since"],
    ["colour=red", "query.colour"],
    ["cursor=garbage", "query.cursor"],
  ];
  for (const [query, field] of badQueries) {
    const res = await a.call("GET", `/v1/issues?${query}`);
    assert.equal(res.status, 400, `${query}: ${res.text}`);
    const named = Object.keys(res.body.fields ?? {}).some((k) => k === field || k.startsWith(`${field}[`));
    assert.ok(named, `${query} names ${field}: ${res.text}`);
  }

  for (const sort of ["created", "-created", "priority", "-updated"]) {
    const seen: number[] = [];
    let url: string | null = `/v1/issues?limit=5&sort=${sort}`;
    let inserted = 0;
    while (url) {
      const res = await a.call("GET", url);
      assert.equal(res.status, 200, res.text);
      seen.push(...res.body.data.map((i: { number: number }) => i.number));
      if (res.body.next_cursor) {
        assert.match(String(res.headers.link), /rel="next"/);
        const link = /<([^>]+)>/.exec(String(res.headers.link))![1]!;
        url = new URL(link).pathname + new URL(link).search;
        a.env.clock.advance(1000);
        await issue(a, { title: `inserted while paging ${sort} ${++inserted}`, priority: "urgent" });
      } else {
        assert.equal(res.headers.link, undefined);
        url = null;
      }
    }
    assert.equal(new Set(seen).size, seen.length, `${sort}: no repeats`);
    const before = Array.from({ length: 12 }, (_, i) => i + 1);
    for (const n of before) assert.ok(seen.includes(n), `${sort}: ${n} not skipped`);
  }
  const other = await seed(a.env.core, "globex", "bob@example.com");
  const theirs = await a.call("GET", "/v1/issues", undefined, bearer(other.token));
  assert.deepEqual(theirs.body.data, [], "another workspace sees none of these");
});

test("Idempotency-Key: a retry gets the first answer; another body with the same key is refused", async (t) => {
  const a = await api(t);
  const key = { "idempotency-key": "create-login-1" };
  const first = await a.call("POST", "/v1/issues", { title: "Once" }, key);
  assert.equal(first.status, 201);
  const retry = await a.call("POST", "/v1/issues", { title: "Once" }, key);
  assert.equal(retry.status, 201);
  assert.equal(retry.headers["idempotent-replayed"], "true");
  assert.deepEqual(retry.body, first.body);
  const list = await a.call("GET", "/v1/issues");
  assert.equal(list.body.data.length, 1, "created once");

  const reused = await a.call("POST", "/v1/issues", { title: "Twice" }, key);
  assert.equal(reused.status, 422);
  assert.equal(reused.body.error, "idempotency_key_reused");

  const failing = { "idempotency-key": "bad-1" };
  const bad = await a.call("POST", "/v1/issues", { title: "" }, failing);
  assert.equal(bad.status, 400);
  assert.equal(
    (await a.call("POST", "/v1/issues", { title: "" }, failing)).headers["idempotent-replayed"],
    "true",
  );

  assert.equal((await a.call("POST", "/v1/issues", { title: "x" }, { "idempotency-key": "" })).status, 400);
  assert.equal(
    (await a.call("POST", "/v1/issues", { title: "x" }, { "idempotency-key": "k".repeat(256) })).status,
    400,
  );
  // keys belong to the token that used them
  const other = await seed(a.env.core, "globex", "bob@example.com");
  const theirs = await a.call("POST", "/v1/issues", { title: "Once" }, { ...key, ...bearer(other.token) });
  assert.equal(theirs.status, 201);
  assert.equal(theirs.headers["idempotent-replayed"], undefined);
  // after 24 hours the key is free again
  a.env.clock.advance(24 * 60 * 60 * 1000 + 1000);
  const later = await a.call("POST", "/v1/issues", { title: "Twice" }, key);
  assert.equal(later.status, 201);
  assert.equal(later.headers["idempotent-replayed"], undefined);
});

test("issue numbers: a creation that fails after taking its number leaves a gap; concurrent creations never share one", async (t) => {
  const a = await api(t);
  const one = await issue(a, { title: "One" });
  const two = await issue(a, { title: "Two", blocks: [one.identifier] });
  assert.deepEqual([one.identifier, two.identifier], ["ENG-1", "ENG-2"]);
  // the number is taken in a transaction of its own; the creation (a cycle ENG-1 → new → ENG-2 → ENG-1)
  // then fails and writes nothing, but its number stays taken
  const failed = await a.call("POST", "/v1/issues", {
    title: "Closes a cycle",
    blockedBy: [one.identifier],
    blocks: [two.identifier],
  });
  assert.equal(failed.status, 409, failed.text);
  assert.equal(failed.body.error, "dependency_cycle");
  assert.equal((await a.call("GET", "/v1/issues/ENG-3")).status, 404);
  const db = a.env.core.db;
  const titled = await db.selectFrom("issues").select("id").where("title", "=", "Closes a cycle").execute();
  assert.deepEqual(titled, [], "nothing of the failed creation is kept");
  const three = await issue(a, { title: "Three" });
  assert.equal(three.identifier, "ENG-4", "the next creation gets the following number");
  const activity = await db
    .selectFrom("activity")
    .select("subject_id")
    .where("action", "=", "created")
    .execute();
  assert.equal(activity.length, 3, "activity only of the issues made");

  // a replayed Idempotency-Key answer takes no number
  const key = { "idempotency-key": "numbered-once" };
  const keyed = await a.call("POST", "/v1/issues", { title: "Keyed" }, key);
  assert.equal(keyed.body.identifier, "ENG-5");
  const replay = await a.call("POST", "/v1/issues", { title: "Keyed" }, key);
  assert.equal(replay.headers["idempotent-replayed"], "true");
  assert.equal(replay.body.identifier, "ENG-5");
  assert.equal((await issue(a, { title: "After the replay" })).identifier, "ENG-6");

  // creations at once, some of them failing after taking their number: no two share a number
  const bodies = Array.from({ length: 24 }, (_, i) =>
    i % 4 === 3
      ? { title: `Fails ${i}`, blockedBy: [one.identifier], blocks: [two.identifier] }
      : { title: `At once ${i}`, labels: ["race"], blocks: [one.identifier] },
  );
  const answers = await Promise.all(bodies.map((b) => a.call("POST", "/v1/issues", b)));
  const made = answers.filter((r) => r.status === 201).map((r) => r.body.number as number);
  assert.equal(made.length, 18, answers.map((r) => r.text).join("\n"));
  assert.equal(answers.filter((r) => r.status === 409).length, 6);
  assert.equal(new Set(made).size, made.length, `numbers shared: ${made.join(", ")}`);
  for (const n of made) assert.ok(n >= 7 && n <= 30, `number ${n} within those taken`);
  assert.equal((await issue(a, { title: "Last" })).identifier, "ENG-31", "every creation took one number");
  const numbers = await db.selectFrom("issues").select("number").execute();
  assert.equal(new Set(numbers.map((r) => r.number)).size, numbers.length);
  await assertOpenBlockersAgree(a);
});

test("a list by space: the space's issues; a space without matches is an empty page; an unknown space is 400", async (t) => {
  const a = await api(t);
  await createSpace(a.env.core, { workspace: "acme", name: "Operations", prefix: "OPS" });
  await a.call("POST", "/v1/issues", { title: "In ENG" });
  await a.call("POST", "/v1/issues", { title: "In OPS", space: "OPS" });
  const eng = await a.call("GET", "/v1/issues?space=ENG");
  assert.equal(eng.status, 200, eng.text);
  assert.deepEqual(
    eng.body.data.map((i: { identifier: string }) => i.identifier),
    ["ENG-1"],
  );
  const none = await a.call("GET", "/v1/issues?space=OPS&status=done");
  assert.equal(none.status, 200, none.text);
  assert.deepEqual(none.body, { data: [], next_cursor: null });
  const unknown = await a.call("GET", "/v1/issues?space=NOPE");
  assert.equal(unknown.status, 400);
  assert.match(unknown.text, /no space NOPE in this workspace/);
  assert.equal(unknown.body.fields["query.space"], "no such space");
  // another workspace's space is unknown here too, with or without issues of ours matching
  const other = await seed(a.env.core, "globex", "bob@example.com");
  await createSpace(a.env.core, { workspace: "globex", name: "Sales", prefix: "SAL" });
  assert.equal((await a.call("GET", "/v1/issues?space=SAL")).status, 400);
  assert.equal((await a.call("GET", "/v1/issues?space=ENG", undefined, bearer(other.token))).status, 200);
});
