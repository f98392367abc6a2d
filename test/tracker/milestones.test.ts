import assert from "node:assert/strict";
import { test } from "node:test";
import { newId } from "../../src/secrets.ts";
import { type Api, api, bearer, seed } from "../support.ts";

async function milestone(a: Api, body: Record<string, unknown>, headers?: Record<string, string>) {
  const res = await a.call("POST", "/v1/milestones", body, headers);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function link(a: Api, id: string, body: Record<string, unknown>) {
  return a.call("POST", `/v1/milestones/${id}/dependencies`, body);
}

const edgeCount = async (a: Api) =>
  Number(
    (
      await a.env.core.db
        .selectFrom("milestone_dependencies")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const names = (list: { name: string }[]) => list.map((m) => m.name);

test("create a milestone, read it, change it with If-Match", async (t) => {
  const a = await api(t);
  const m = await milestone(a, {
    name: " Public beta ",
    description: "# Scope\n\nAll of it.",
    target_date: "2026-06-30",
  });
  assert.match(m.id, /^ms_[0-9A-Z]{26}$/);
  assert.equal(m.name, "Public beta");
  assert.equal(m.description, "# Scope\n\nAll of it.");
  assert.equal(m.target_date, "2026-06-30");
  assert.deepEqual(m.progress, {
    total: 0,
    done: 0,
    canceled: 0,
    percent: 0,
    estimate_total: 0,
    estimate_done: 0,
  });
  assert.deepEqual(m.blocks, []);
  assert.deepEqual(m.blockedBy, []);
  assert.equal(m.version, 1);
  assert.equal(m.created_by.person_id, a.personId);
  assert.equal(m.created_at, "2026-03-01T09:00:00.000Z");
  const bare = await milestone(a, { name: "GA" });
  assert.equal(bare.description, "");
  assert.equal(bare.target_date, null);

  const got = await a.call("GET", `/v1/milestones/${m.id}`);
  assert.equal(got.status, 200);
  assert.deepEqual(got.body, m);
  const etag = String(got.headers.etag);
  assert.match(etag, /^"1-/);
  assert.equal(
    (await a.call("GET", `/v1/milestones/${m.id}`, undefined, { "if-none-match": etag })).status,
    304,
  );

  a.env.clock.advance(60_000);
  const changed = await a.call(
    "PATCH",
    `/v1/milestones/${m.id}`,
    { target_date: null, name: "Beta" },
    { "if-match": etag },
  );
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.target_date, null);
  assert.equal(changed.body.name, "Beta");
  assert.equal(changed.body.description, "# Scope\n\nAll of it.", "fields not sent stay");
  assert.equal(changed.body.version, 2);
  assert.equal(changed.body.updated_at, "2026-03-01T09:01:00.000Z");

  const stale = await a.call("PATCH", `/v1/milestones/${m.id}`, { name: "Gamma" }, { "if-match": etag });
  assert.equal(stale.status, 412);
  assert.match(stale.body.error_description, /version 2/);
  const same = await a.call("PATCH", `/v1/milestones/${m.id}`, { name: "Beta" });
  assert.equal(same.body.version, 2, "no change, no new version");

  const activity = await a.env.core.db
    .selectFrom("activity")
    .select(["action", "changes"])
    .where("subject_id", "=", m.id)
    .orderBy("id")
    .execute();
  assert.deepEqual(
    activity.map((r) => [r.action, JSON.parse(r.changes)]),
    [
      [
        "created",
        {
          name: { from: null, to: "Public beta" },
          description: { from: null, to: "# Scope\n\nAll of it." },
          target_date: { from: null, to: "2026-06-30" },
        },
      ],
      [
        "updated",
        { name: { from: "Public beta", to: "Beta" }, target_date: { from: "2026-06-30", to: null } },
      ],
    ],
  );
});

test("bad milestone input is 400 naming the field; unknown ids are 404", async (t) => {
  const a = await api(t);
  const cases: [unknown, string][] = [
    [{}, "body.name"],
    [{ name: "" }, "body.name"],
    [{ name: "x".repeat(121) }, "body.name"],
    [{ name: "ok", target_date: "2026-13-01" }, "body.target_date"],
    [{ name: "ok", description: 5 }, "body.description"],
    [{ name: "ok", description: "x".repeat(100_001) }, "body.description"],
    [{ name: "ok", owner: "me" }, "body.owner"],
  ];
  for (const [body, field] of cases) {
    const res = await a.call("POST", "/v1/milestones", body);
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
    assert.ok(field in res.body.fields, JSON.stringify(res.body.fields));
  }
  assert.deepEqual((await a.call("GET", "/v1/milestones")).body.data, []);
  const m = await milestone(a, { name: "M" });
  for (const body of [{}, { name: null }, { target_date: "soon" }, { version: 3 }]) {
    assert.equal((await a.call("PATCH", `/v1/milestones/${m.id}`, body)).status, 400, JSON.stringify(body));
  }
  const ghost = newId("ms");
  for (const [method, path, body] of [
    ["GET", `/v1/milestones/${ghost}`, undefined],
    ["PATCH", `/v1/milestones/${ghost}`, { name: "x" }],
    ["GET", `/v1/milestones/${ghost}/issues`, undefined],
    ["POST", `/v1/milestones/${ghost}/dependencies`, { blocks: [m.id] }],
    ["DELETE", `/v1/milestone-dependencies/${newId("mdep")}`, undefined],
  ] as const) {
    const res = await a.call(method, path, body);
    assert.equal(res.status, 404, `${method} ${path}`);
    assert.equal(res.body.error, "not_found");
  }
  assert.equal((await a.call("GET", "/v1/milestones/ms_nope")).status, 400);
  assert.equal((await a.call("DELETE", "/v1/milestone-dependencies/dep_nope")).status, 400);
});

test("progress counts done, leaves canceled out of the percent; the issues list carries it", async (t) => {
  const a = await api(t);
  const m = await milestone(a, { name: "Launch" });
  const other = await milestone(a, { name: "Later" });
  const specs: [string, number | null][] = [
    ["done", 3],
    ["done", 2],
    ["canceled", 5],
    ["in_progress", 8],
    ["todo", null],
  ];
  for (const [status, estimate] of specs) {
    const res = await a.call("POST", "/v1/issues", { title: status, status, estimate, milestone: m.id });
    assert.equal(res.status, 201, res.text);
    a.env.clock.advance(1000);
  }
  await a.call("POST", "/v1/issues", { title: "elsewhere", milestone: other.id, estimate: 40 });
  await a.call("POST", "/v1/issues", { title: "nowhere", status: "done" });

  const expected = { total: 5, done: 2, canceled: 1, percent: 50, estimate_total: 13, estimate_done: 5 };
  assert.deepEqual((await a.call("GET", `/v1/milestones/${m.id}`)).body.progress, expected);

  const titles = async (url: string) =>
    (await a.call("GET", url)).body.data.map((i: { title: string }) => i.title);
  assert.deepEqual(await titles(`/v1/issues?milestone=${other.id}`), ["elsewhere"]);
  assert.deepEqual(await titles("/v1/issues?milestone=none"), ["nowhere"]);
  assert.equal((await a.call("GET", "/v1/issues?milestone=ms_1")).status, 400);

  const issues = await a.call("GET", `/v1/milestones/${m.id}/issues`);
  assert.equal(issues.status, 200, issues.text);
  assert.deepEqual(issues.body.progress, expected);
  assert.deepEqual(
    issues.body.data.map((i: { identifier: string }) => i.identifier),
    ["ENG-5", "ENG-4", "ENG-3", "ENG-2", "ENG-1"],
  );
  assert.ok(issues.body.data.every((i: { milestone: { name: string } }) => i.milestone.name === "Launch"));
  const done = await a.call("GET", `/v1/milestones/${m.id}/issues?status=done&sort=created`);
  assert.deepEqual(
    done.body.data.map((i: { identifier: string }) => i.identifier),
    ["ENG-1", "ENG-2"],
  );
  assert.deepEqual(done.body.progress, expected, "progress is the milestone's, not the filtered page's");

  const seen: string[] = [];
  let url = `/v1/milestones/${m.id}/issues?limit=2`;
  while (url) {
    const res = await a.call("GET", url);
    assert.equal(res.status, 200);
    assert.ok(res.body.data.length <= 2);
    seen.push(...res.body.data.map((i: { identifier: string }) => i.identifier));
    url = res.body.next_cursor ? `/v1/milestones/${m.id}/issues?limit=2&cursor=${res.body.next_cursor}` : "";
  }
  assert.deepEqual(seen, ["ENG-5", "ENG-4", "ENG-3", "ENG-2", "ENG-1"]);
  assert.equal((await a.call("GET", `/v1/milestones/${m.id}/issues?milestone=${other.id}`)).status, 400);

  // moving the in-progress issue out and finishing the todo one updates the progress
  await a.call("PATCH", "/v1/issues/ENG-4", { milestone: null });
  await a.call("PATCH", "/v1/issues/ENG-5", { status: "done" });
  assert.deepEqual((await a.call("GET", `/v1/milestones/${m.id}`)).body.progress, {
    total: 4,
    done: 3,
    canceled: 1,
    percent: 100,
    estimate_total: 5,
    estimate_done: 5,
  });
  const list = await a.call("GET", "/v1/milestones");
  assert.deepEqual(
    list.body.data.map((x: { name: string; progress: { total: number } }) => [x.name, x.progress.total]),
    [
      ["Launch", 4],
      ["Later", 1],
    ],
  );
});

test("dependencies: blocks and blockedBy in one call, shown on both ends, never duplicated", async (t) => {
  const a = await api(t);
  const [alpha, beta, gamma, delta] = [
    await milestone(a, { name: "Alpha" }),
    await milestone(a, { name: "Beta" }),
    await milestone(a, { name: "Gamma" }),
    await milestone(a, { name: "Delta" }),
  ];
  const res = await link(a, beta.id, { blockedBy: [alpha.id], blocks: [gamma.id, delta.id, gamma.id] });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.data.length, 3, "the repeated gamma is one edge");
  assert.deepEqual(
    res.body.data.map((e: { from: { name: string }; to: { name: string }; created: boolean }) => [
      e.from.name,
      e.to.name,
      e.created,
    ]),
    [
      ["Alpha", "Beta", true],
      ["Beta", "Gamma", true],
      ["Beta", "Delta", true],
    ],
  );
  for (const e of res.body.data) {
    assert.match(e.id, /^mdep_/);
    assert.equal(e.type, "blocks");
    assert.equal(e.created_by.person_id, a.personId);
  }

  const b = (await a.call("GET", `/v1/milestones/${beta.id}`)).body;
  assert.deepEqual(names(b.blocks), ["Delta", "Gamma"]);
  assert.deepEqual(names(b.blockedBy), ["Alpha"]);
  assert.equal(b.blockedBy[0].dependency_id, res.body.data[0].id);
  assert.equal(b.blockedBy[0].id, alpha.id);
  const g = (await a.call("GET", `/v1/milestones/${gamma.id}`)).body;
  assert.deepEqual(names(g.blockedBy), ["Beta"]);
  assert.deepEqual(g.blocks, []);
  const ga = (await a.call("GET", `/v1/milestones/${alpha.id}`)).body;
  assert.deepEqual(names(ga.blocks), ["Beta"]);

  // the same edge again, asked from the other end: returned as it is
  const again = await link(a, gamma.id, { blockedBy: [beta.id] });
  assert.equal(again.status, 200);
  assert.equal(again.body.data.length, 1);
  assert.equal(again.body.data[0].id, res.body.data[1].id);
  assert.equal(again.body.data[0].created, false);
  assert.equal(await edgeCount(a), 3);

  const activity = await a.env.core.db
    .selectFrom("activity")
    .select(["action", "changes"])
    .where("subject_id", "=", gamma.id)
    .where("action", "=", "dependency_added")
    .execute();
  assert.equal(activity.length, 1);
  assert.deepEqual(JSON.parse(activity[0]!.changes), { dependency: { from: null, to: "Beta blocks Gamma" } });

  // removing an edge
  const del = await a.call("DELETE", `/v1/milestone-dependencies/${res.body.data[1].id}`);
  assert.equal(del.status, 200, del.text);
  assert.deepEqual(del.body, { id: res.body.data[1].id, deleted: true });
  assert.deepEqual(names((await a.call("GET", `/v1/milestones/${beta.id}`)).body.blocks), ["Delta"]);
  assert.deepEqual((await a.call("GET", `/v1/milestones/${gamma.id}`)).body.blockedBy, []);
  assert.equal((await a.call("DELETE", `/v1/milestone-dependencies/${res.body.data[1].id}`)).status, 404);
  assert.equal(await edgeCount(a), 2);
});

test("dependency refusals: self, unknown, another workspace's, empty; all or nothing", async (t) => {
  const a = await api(t);
  const m = await milestone(a, { name: "Mine" });
  const n = await milestone(a, { name: "Next" });
  const bob = await seed(a.env.core, "other", "bob@example.com");
  const theirs = await milestone(a, { name: "Theirs" }, bearer(bob.token));
  const ghost = newId("ms");

  const self = await link(a, m.id, { blocks: [n.id, m.id] });
  assert.equal(self.status, 400);
  assert.match(self.body.fields["body.blocks[1]"], /itself \(Mine\)/);
  const unknown = await link(a, m.id, { blockedBy: [n.id, ghost, theirs.id] });
  assert.equal(unknown.status, 400);
  assert.match(unknown.body.fields["body.blockedBy[1]"], new RegExp(`no milestone ${ghost}`));
  assert.match(unknown.body.fields["body.blockedBy[2]"], /no milestone/);
  assert.ok(!("body.blockedBy[0]" in unknown.body.fields));
  for (const body of [{}, { blocks: [] }, { blocks: "ms_x" }, { blocks: ["ENG-1"] }, { relatesTo: [n.id] }]) {
    const res = await link(a, m.id, body);
    assert.equal(res.status, 400, JSON.stringify(body));
  }
  const tooMany = await link(a, m.id, { blocks: Array.from({ length: 101 }, () => n.id) });
  assert.equal(tooMany.status, 400);
  assert.equal(await edgeCount(a), 0, "a refused request adds nothing, not even its valid edges");

  // a cycle inside one request: both directions with the same milestone
  const both = await link(a, m.id, { blocks: [n.id], blockedBy: [n.id] });
  assert.equal(both.status, 409);
  assert.equal(await edgeCount(a), 0);
});

test("an edge that would close a cycle is 409 showing the path, however long", async (t) => {
  const a = await api(t);
  const ms = [];
  for (const name of ["M1", "M2", "M3", "M4", "M5"]) ms.push(await milestone(a, { name }));
  const [m1, m2, m3, m4, m5] = ms;
  assert.equal((await link(a, m1.id, { blocks: [m2.id] })).status, 200);

  const two = await link(a, m2.id, { blocks: [m1.id] });
  assert.equal(two.status, 409);
  assert.equal(two.body.error, "dependency_cycle");
  assert.equal(two.body.error_description, "M2 cannot block M1: that would close a cycle M2 → M1 → M2.");

  assert.equal((await link(a, m3.id, { blockedBy: [m2.id], blocks: [m4.id] })).status, 200);
  assert.equal((await link(a, m5.id, { blockedBy: [m4.id] })).status, 200);
  const long = await link(a, m1.id, { blockedBy: [m5.id] });
  assert.equal(long.status, 409);
  assert.equal(
    long.body.error_description,
    "M5 cannot block M1: that would close a cycle M5 → M1 → M2 → M3 → M4 → M5.",
  );
  const three = await link(a, m4.id, { blocks: [m3.id] });
  assert.match(three.body.error_description, /M4 → M3 → M4/);
  // a shortcut along the direction of the chain is no cycle
  const shortcut = await link(a, m1.id, { blocks: [m5.id, m3.id] });
  assert.equal(shortcut.status, 200, shortcut.text);
  // a refused edge in a request undoes the request's other edges
  const m6 = await milestone(a, { name: "M6" });
  const mixed = await link(a, m6.id, { blockedBy: [m5.id], blocks: [m1.id] });
  assert.equal(mixed.status, 409);
  assert.match(
    mixed.body.error_description,
    /M6 cannot block M1: that would close a cycle M6 → M1 → .*→ M6\./,
  );
  assert.deepEqual((await a.call("GET", `/v1/milestones/${m6.id}`)).body.blockedBy, []);
  assert.equal(await edgeCount(a), 6);

  // once an edge of the chain is removed, the edge that closed the cycle is accepted
  const m1view = (await a.call("GET", `/v1/milestones/${m1.id}`)).body;
  for (const e of m1view.blocks) {
    assert.equal((await a.call("DELETE", `/v1/milestone-dependencies/${e.dependency_id}`)).status, 200);
  }
  const now = await link(a, m1.id, { blockedBy: [m5.id] });
  assert.equal(now.status, 200, now.text);
  assert.equal(now.body.data[0].created, true);
});

test("concurrent opposite edges: one is refused, the graph stays acyclic", async (t) => {
  const a = await api(t);
  const x = await milestone(a, { name: "X" });
  const y = await milestone(a, { name: "Y" });
  const z = await milestone(a, { name: "Z" });
  await link(a, y.id, { blocks: [z.id] });
  const results = await Promise.all([link(a, x.id, { blocks: [y.id] }), link(a, z.id, { blocks: [x.id] })]);
  assert.deepEqual(results.map((r) => r.status).sort(), [200, 409]);
  assert.equal(await edgeCount(a), 2);
});

test("list milestones: oldest first, target date range, pagination", async (t) => {
  const a = await api(t);
  const dates = ["2026-04-01", null, "2026-05-01", "2026-06-01", "2026-07-01"];
  for (let i = 0; i < dates.length; i++) {
    await milestone(a, { name: `M${i + 1}`, target_date: dates[i] });
    a.env.clock.advance(1000);
  }
  const all = await a.call("GET", "/v1/milestones");
  assert.deepEqual(names(all.body.data), ["M1", "M2", "M3", "M4", "M5"]);
  assert.equal(all.body.next_cursor, null);
  assert.deepEqual(
    names((await a.call("GET", "/v1/milestones?target_from=2026-05-01&target_to=2026-06-30")).body.data),
    ["M3", "M4"],
  );
  assert.deepEqual(names((await a.call("GET", "/v1/milestones?target_to=2026-04-01")).body.data), ["M1"]);

  const seen: string[] = [];
  let url = "/v1/milestones?limit=2";
  while (url) {
    const res = await a.call("GET", url);
    assert.equal(res.status, 200);
    seen.push(...names(res.body.data));
    if (res.body.next_cursor) assert.match(String(res.headers.link), /rel="next"/);
    url = res.body.next_cursor ? `/v1/milestones?limit=2&cursor=${res.body.next_cursor}` : "";
  }
  assert.deepEqual(seen, ["M1", "M2", "M3", "M4", "M5"]);
  for (const q of [
    "target_from=2026-07-01&target_to=2026-06-01",
    "target_from=july",
    "cursor=abc",
    "limit=101",
    "name=M1",
  ]) {
    assert.equal((await a.call("GET", `/v1/milestones?${q}`)).status, 400, q);
  }
});

test("another workspace's milestones are 404 and never listed; read-only tokens read but cannot write", async (t) => {
  const a = await api(t);
  const mine = await milestone(a, { name: "Mine" });
  const next = await milestone(a, { name: "Next" });
  const edge = (await link(a, mine.id, { blocks: [next.id] })).body.data[0];
  const bob = await seed(a.env.core, "other", "bob@example.com");
  const asBob = bearer(bob.token);
  const theirs = await milestone(a, { name: "Theirs" }, asBob);

  for (const [method, path, body] of [
    ["GET", `/v1/milestones/${mine.id}`, undefined],
    ["GET", `/v1/milestones/${mine.id}/issues`, undefined],
    ["PATCH", `/v1/milestones/${mine.id}`, { name: "Taken" }],
    ["POST", `/v1/milestones/${mine.id}/dependencies`, { blocks: [theirs.id] }],
    ["DELETE", `/v1/milestone-dependencies/${edge.id}`, undefined],
  ] as const) {
    const res = await a.call(method, path, body, asBob);
    assert.equal(res.status, 404, `${method} ${path}`);
  }
  const fromTheirs = await a.call(
    "POST",
    `/v1/milestones/${theirs.id}/dependencies`,
    { blocks: [mine.id] },
    asBob,
  );
  assert.equal(fromTheirs.status, 400);
  assert.deepEqual(names((await a.call("GET", "/v1/milestones", undefined, asBob)).body.data), ["Theirs"]);
  const foreignIssue = await a.call("POST", "/v1/issues", { title: "x", milestone: mine.id }, asBob);
  assert.equal(foreignIssue.status, 400);

  const ro = bearer(a.readOnlyToken);
  for (const path of ["/v1/milestones", `/v1/milestones/${mine.id}`, `/v1/milestones/${mine.id}/issues`]) {
    assert.equal((await a.call("GET", path, undefined, ro)).status, 200, path);
  }
  for (const [method, path, body] of [
    ["POST", "/v1/milestones", { name: "RO" }],
    ["PATCH", `/v1/milestones/${mine.id}`, { name: "RO" }],
    ["POST", `/v1/milestones/${next.id}/dependencies`, { blocks: [mine.id] }],
    ["DELETE", `/v1/milestone-dependencies/${edge.id}`, undefined],
  ] as const) {
    const res = await a.call(method, path, body, ro);
    assert.equal(res.status, 403, `${method} ${path}`);
    assert.equal(res.body.error, "insufficient_scope");
  }
  const after = (await a.call("GET", `/v1/milestones/${mine.id}`)).body;
  assert.equal(after.name, "Mine");
  assert.equal(after.blocks.length, 1);
});

test("progress stays exact through every change to a milestone's issues: moves, estimates, statuses, trash, restore, writes straight to the table", async (t) => {
  const a = await api(t);
  const one = await milestone(a, { name: "One" });
  const two = await milestone(a, { name: "Two" });
  // what the issues themselves say, counted from scratch
  const counted = async (id: string) => {
    const rows = await a.env.core.db
      .selectFrom("issues")
      .select(["status", "estimate"])
      .where("milestone_id", "=", id)
      .execute();
    const done = rows.filter((r) => r.status === "done");
    const canceled = rows.filter((r) => r.status === "canceled");
    const sum = (list: typeof rows) => list.reduce((s, r) => s + Number(r.estimate ?? 0), 0);
    const open = rows.length - canceled.length;
    return {
      total: rows.length,
      done: done.length,
      canceled: canceled.length,
      percent: open === 0 ? 0 : Math.floor((1000 * done.length) / open) / 10,
      estimate_total: sum(rows) - sum(canceled),
      estimate_done: sum(done),
    };
  };
  const check = async (step: string) => {
    for (const m of [one, two]) {
      const res = await a.call("GET", `/v1/milestones/${m.id}`);
      if (res.status === 404) continue; // in the trash
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.progress, await counted(m.id), `${m.name} after ${step}`);
    }
  };
  const made: string[] = [];
  for (const [i, status] of ["todo", "in_progress", "done", "canceled", "backlog", "done"].entries()) {
    const res = await a.call("POST", "/v1/issues", {
      title: `issue ${i}`,
      status,
      estimate: i === 4 ? null : i + 1,
      milestone: i % 2 === 0 ? one.id : two.id,
    });
    assert.equal(res.status, 201, res.text);
    made.push(res.body.identifier);
  }
  await check("creation");
  const patch = async (id: string, body: Record<string, unknown>) =>
    assert.equal((await a.call("PATCH", `/v1/issues/${id}`, body)).status, 200);
  await patch(made[0]!, { status: "done" });
  await check("a status change");
  await patch(made[0]!, { estimate: 13 });
  await patch(made[4]!, { estimate: 2 });
  await patch(made[2]!, { estimate: null });
  await check("estimate changes");
  await patch(made[1]!, { milestone: one.id });
  await patch(made[3]!, { milestone: null });
  await check("moves between milestones");
  await patch(made[5]!, { milestone: two.id, status: "todo", estimate: 8 });
  await patch(made[5]!, { milestone: one.id, status: "canceled", estimate: 1 });
  await check("several fields at once");
  await patch(made[1]!, { title: "only the title" });
  await check("a change progress does not count");
  assert.equal((await a.call("POST", `/v1/issues/${made[4]}/ice`, {})).status, 200);
  await check("icing");
  assert.equal((await a.call("DELETE", `/v1/issues/${made[0]}`)).status, 200);
  await check("an issue to the trash");
  assert.equal((await a.call("POST", `/v1/issues/${made[0]}/restore`, {})).status, 200);
  await check("its restore");
  assert.equal((await a.call("DELETE", `/v1/milestones/${two.id}`)).status, 200);
  await check("a milestone to the trash");
  const restored = await a.call("POST", `/v1/milestones/${two.id}/restore`, {});
  assert.equal(restored.status, 200, restored.text);
  await patch(made[3]!, { milestone: two.id });
  await check("a milestone's restore");
  // writes straight to the table, not through the tracker's functions, are counted too
  await a.env.core.db.updateTable("issues").set({ milestone_id: two.id, status: "done" }).execute();
  await check("a bulk update");
  await a.env.core.db.deleteFrom("issues").where("identifier", "=", made[1]!).execute();
  await check("a row deleted");
});
