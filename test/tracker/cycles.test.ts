import assert from "node:assert/strict";
import { test } from "node:test";
import { createSpace } from "../../src/auth/workspaces.ts";
import { newId } from "../../src/secrets.ts";
import { type Api, api, bearer, seed } from "../support.ts";

async function cycle(a: Api, body: Record<string, unknown>) {
  const res = await a.call("POST", "/v1/cycles", body);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function issue(a: Api, body: Record<string, unknown>) {
  const res = await a.call("POST", "/v1/issues", body);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function patchIssue(a: Api, ref: string, body: Record<string, unknown>) {
  const res = await a.call("PATCH", `/v1/issues/${ref}`, body);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function stats(a: Api, id: string) {
  const res = await a.call("GET", `/v1/cycles/${id}/stats`);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** The burn-down rows as compact tuples: date, scope, completed and remaining (count/estimate). */
const rows = (s: { burn_down: Record<string, number | string>[] }) =>
  s.burn_down.map((d) => [
    d.date,
    `${d.scope_count}/${d.scope_estimate}`,
    `${d.completed_count}/${d.completed_estimate}`,
    `${d.remaining_count}/${d.remaining_estimate}`,
  ]);

test("create a cycle with defaults, read it, its state follows the clock", async (t) => {
  const a = await api(t);
  const created = await cycle(a, { starts_on: "2026-03-02", ends_on: "2026-03-15" });
  assert.match(created.id, /^cyc_[0-9A-Z]{26}$/);
  assert.equal(created.space, "ENG");
  assert.equal(created.name, "Cycle 1");
  assert.equal(created.state, "upcoming");
  assert.equal(created.version, 1);
  assert.equal(created.created_by.person_id, a.personId);
  assert.match(created.created_by.via, /^pat_/);
  assert.equal(created.created_at, "2026-03-01T09:00:00.000Z");

  const second = await cycle(a, { space: "eng", starts_on: "2026-03-16", ends_on: "2026-03-29" });
  assert.equal(second.name, "Cycle 2");
  const named = await cycle(a, { name: "  Launch week ", starts_on: "2026-03-30", ends_on: "2026-03-30" });
  assert.equal(named.name, "Launch week", "a one-day cycle is fine; names are trimmed");

  const got = await a.call("GET", `/v1/cycles/${created.id}`);
  assert.equal(got.status, 200);
  assert.deepEqual(got.body, created);
  assert.match(String(got.headers.etag), /^"1-/);

  a.env.clock.set("2026-03-02T00:00:00.000Z");
  assert.equal((await a.call("GET", `/v1/cycles/${created.id}`)).body.state, "active");
  a.env.clock.set("2026-03-15T23:59:59.999Z");
  assert.equal((await a.call("GET", `/v1/cycles/${created.id}`)).body.state, "active");
  a.env.clock.set("2026-03-16T00:00:00.000Z");
  assert.equal((await a.call("GET", `/v1/cycles/${created.id}`)).body.state, "completed");
  assert.equal((await a.call("GET", `/v1/cycles/${second.id}`)).body.state, "active");

  const activity = await a.env.core.db
    .selectFrom("activity")
    .selectAll()
    .where("subject_id", "=", created.id)
    .execute();
  assert.equal(activity.length, 1);
  assert.equal(activity[0]?.action, "created");
  assert.deepEqual(JSON.parse(activity[0]!.changes).ends_on, { from: null, to: "2026-03-15" });
});

test("bad cycle input is 400 naming the field", async (t) => {
  const a = await api(t);
  const cases: [unknown, string][] = [
    [{ starts_on: "2026-03-02" }, "body.ends_on"],
    [{ ends_on: "2026-03-02" }, "body.starts_on"],
    [{ starts_on: "2026-02-30", ends_on: "2026-03-10" }, "body.starts_on"],
    [{ starts_on: "2026/03/02", ends_on: "2026-03-10" }, "body.starts_on"],
    [{ starts_on: "2026-03-10", ends_on: "2026-03-09" }, "body.ends_on"],
    [{ starts_on: "2026-03-01", ends_on: "2026-08-31" }, "body.ends_on"],
    [{ starts_on: "2026-03-01", ends_on: "2026-03-10", name: "" }, "body.name"],
    [{ starts_on: "2026-03-01", ends_on: "2026-03-10", name: "x".repeat(121) }, "body.name"],
    [{ starts_on: "2026-03-01", ends_on: "2026-03-10", space: "e" }, "body.space"],
    [{ starts_on: "2026-03-01", ends_on: "2026-03-10", space: "OPS" }, "body.space"],
    [{ starts_on: "2026-03-01", ends_on: "2026-03-10", goal: "x" }, "body.goal"],
  ];
  for (const [body, field] of cases) {
    const res = await a.call("POST", "/v1/cycles", body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.body.error, "invalid_request");
    assert.ok(field in res.body.fields, `${JSON.stringify(body)} → ${JSON.stringify(res.body.fields)}`);
  }
  const long = await a.call("POST", "/v1/cycles", { starts_on: "2026-03-01", ends_on: "2026-08-31" });
  assert.match(long.body.fields["body.ends_on"], /26 weeks/);
  const list = await a.call("GET", "/v1/cycles");
  assert.deepEqual(list.body.data, [], "nothing was created");
  // exactly 26 weeks, first and last day included, is allowed
  const max = await a.call("POST", "/v1/cycles", { starts_on: "2026-03-01", ends_on: "2026-08-29" });
  assert.equal(max.status, 201, max.text);
  for (const bad of ["/v1/cycles/cyc_123", "/v1/cycles/ENG-1", "/v1/cycles/cyc_123/stats"]) {
    const res = await a.call("GET", bad);
    assert.equal(res.status, 400, bad);
    assert.ok("path.id" in res.body.fields);
  }
});

test("cycles of one space must not overlap; other spaces may", async (t) => {
  const a = await api(t);
  await createSpace(a.env.core, { workspace: "acme", name: "Operations", prefix: "OPS" });
  const first = await cycle(a, { name: "Sprint A", starts_on: "2026-03-02", ends_on: "2026-03-15" });
  for (const [starts_on, ends_on] of [
    ["2026-03-15", "2026-03-20"],
    ["2026-02-20", "2026-03-02"],
    ["2026-03-05", "2026-03-06"],
    ["2026-02-01", "2026-04-01"],
  ]) {
    const res = await a.call("POST", "/v1/cycles", { starts_on, ends_on });
    assert.equal(res.status, 409, `${starts_on}..${ends_on}`);
    assert.equal(res.body.error, "cycle_overlap");
    assert.match(res.body.error_description, /"Sprint A"/);
    assert.ok(res.body.error_description.includes(first.id));
    assert.match(res.body.error_description, /2026-03-02 to 2026-03-15/);
  }
  const next = await cycle(a, { starts_on: "2026-03-16", ends_on: "2026-03-29" });
  assert.equal(next.name, "Cycle 2");
  const before = await cycle(a, { starts_on: "2026-02-16", ends_on: "2026-03-01" });
  assert.equal(before.state, "active");
  const ops = await cycle(a, { space: "OPS", starts_on: "2026-03-02", ends_on: "2026-03-15" });
  assert.equal(ops.space, "OPS");
  assert.equal(ops.name, "Cycle 1");
});

test("concurrent overlapping creates: exactly one wins", async (t) => {
  const a = await api(t);
  const results = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      a.call("POST", "/v1/cycles", { name: `C${i}`, starts_on: "2026-03-02", ends_on: `2026-03-1${i}` }),
    ),
  );
  assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409]);
  assert.equal((await a.call("GET", "/v1/cycles")).body.data.length, 1);
});

test("PATCH a cycle: fields sent change, If-Match guards, overlap and range are checked", async (t) => {
  const a = await api(t);
  const c1 = await cycle(a, { starts_on: "2026-03-02", ends_on: "2026-03-15" });
  const c2 = await cycle(a, { starts_on: "2026-03-16", ends_on: "2026-03-29" });
  a.env.clock.advance(60_000);

  const renamed = await a.call(
    "PATCH",
    `/v1/cycles/${c1.id}`,
    { name: "Hardening" },
    { "if-match": '"1-x"' },
  );
  assert.equal(renamed.status, 200, renamed.text);
  assert.equal(renamed.body.name, "Hardening");
  assert.equal(renamed.body.version, 2);
  assert.equal(renamed.body.starts_on, "2026-03-02");
  assert.equal(renamed.body.updated_at, "2026-03-01T09:01:00.000Z");
  assert.match(String(renamed.headers.etag), /^"2-/);

  const stale = await a.call("PATCH", `/v1/cycles/${c1.id}`, { name: "Other" }, { "if-match": '"1-x"' });
  assert.equal(stale.status, 412);
  assert.equal(stale.body.error, "precondition_failed");
  assert.match(stale.body.error_description, /version 2/);

  const same = await a.call("PATCH", `/v1/cycles/${c1.id}`, { name: "Hardening" });
  assert.equal(same.body.version, 2, "a change to the same value is no change");

  const overlap = await a.call("PATCH", `/v1/cycles/${c1.id}`, { ends_on: "2026-03-16" });
  assert.equal(overlap.status, 409);
  assert.ok(overlap.body.error_description.includes(c2.id));

  const shrink = await a.call("PATCH", `/v1/cycles/${c2.id}`, { starts_on: "2026-03-20" });
  assert.equal(shrink.status, 200);
  const grow = await a.call("PATCH", `/v1/cycles/${c1.id}`, { ends_on: "2026-03-19" });
  assert.equal(grow.status, 200, "moving into the freed days is fine");
  assert.equal(grow.body.version, 3);

  const backwards = await a.call("PATCH", `/v1/cycles/${c1.id}`, { starts_on: "2026-03-25" });
  assert.equal(backwards.status, 400);
  assert.match(backwards.body.fields["body.starts_on"], /on or before ends_on \(2026-03-19\)/);
  const both = await a.call("PATCH", `/v1/cycles/${c1.id}`, {
    starts_on: "2026-01-01",
    ends_on: "2026-12-31",
  });
  assert.equal(both.status, 400);
  assert.match(both.body.fields["body.ends_on"], /26 weeks/);
  for (const body of [{}, { space: "ENG" }, { name: "" }, { ends_on: "tomorrow" }]) {
    const res = await a.call("PATCH", `/v1/cycles/${c1.id}`, body);
    assert.equal(res.status, 400, JSON.stringify(body));
  }
  const missing = await a.call("PATCH", `/v1/cycles/${newId("cyc")}`, { name: "x" });
  assert.equal(missing.status, 404);

  const activity = await a.env.core.db
    .selectFrom("activity")
    .select(["action", "changes"])
    .where("subject_id", "=", c1.id)
    .orderBy("id")
    .execute();
  assert.deepEqual(
    activity.map((r) => [r.action, JSON.parse(r.changes)]),
    [
      [
        "created",
        {
          name: { from: null, to: "Cycle 1" },
          starts_on: { from: null, to: "2026-03-02" },
          ends_on: { from: null, to: "2026-03-15" },
        },
      ],
      ["updated", { name: { from: "Cycle 1", to: "Hardening" } }],
      ["updated", { ends_on: { from: "2026-03-15", to: "2026-03-19" } }],
    ],
  );
});

test("list cycles: space and state filters, both sorts, pagination without skips", async (t) => {
  const a = await api(t);
  await createSpace(a.env.core, { workspace: "acme", name: "Operations", prefix: "OPS" });
  const ranges = [
    ["2026-02-02", "2026-02-13"],
    ["2026-02-16", "2026-02-27"],
    ["2026-03-02", "2026-03-13"],
    ["2026-03-16", "2026-03-27"],
    ["2026-03-30", "2026-04-10"],
  ];
  const eng = [];
  for (const [starts_on, ends_on] of ranges) eng.push(await cycle(a, { starts_on, ends_on }));
  const ops = await cycle(a, { space: "OPS", starts_on: "2026-03-01", ends_on: "2026-03-01" });
  a.env.clock.set("2026-03-05T12:00:00.000Z");

  const names = (r: { body: { data: { name: string; space: string }[] } }) =>
    r.body.data.map((c) => `${c.space}:${c.name}`);
  const all = await a.call("GET", "/v1/cycles");
  assert.deepEqual(names(all), [
    "ENG:Cycle 1",
    "ENG:Cycle 2",
    "OPS:Cycle 1",
    "ENG:Cycle 3",
    "ENG:Cycle 4",
    "ENG:Cycle 5",
  ]);
  assert.equal(all.body.next_cursor, null);
  assert.deepEqual(names(await a.call("GET", "/v1/cycles?space=ops")), ["OPS:Cycle 1"]);
  assert.deepEqual(names(await a.call("GET", "/v1/cycles?state=active")), ["ENG:Cycle 3"]);
  assert.deepEqual(names(await a.call("GET", "/v1/cycles?state=upcoming,active&space=ENG")), [
    "ENG:Cycle 3",
    "ENG:Cycle 4",
    "ENG:Cycle 5",
  ]);
  assert.deepEqual(names(await a.call("GET", "/v1/cycles?state=completed&sort=-starts_on")), [
    "OPS:Cycle 1",
    "ENG:Cycle 2",
    "ENG:Cycle 1",
  ]);
  const states = (await a.call("GET", "/v1/cycles")).body.data.map((c: { state: string }) => c.state);
  assert.deepEqual(states, ["completed", "completed", "completed", "active", "upcoming", "upcoming"]);

  const seen: string[] = [];
  let url = "/v1/cycles?limit=2&sort=-starts_on";
  for (let i = 0; i < 5; i++) {
    const res = await a.call("GET", url);
    assert.equal(res.status, 200);
    seen.push(...res.body.data.map((c: { id: string }) => c.id));
    if (!res.body.next_cursor) break;
    assert.match(String(res.headers.link), /rel="next"/);
    url = `/v1/cycles?limit=2&sort=-starts_on&cursor=${res.body.next_cursor}`;
    if (i === 0) await cycle(a, { space: "OPS", starts_on: "2026-01-01", ends_on: "2026-01-02" });
  }
  assert.equal(seen.length, 7, "the cycle made mid-walk sorts last and is seen once");
  assert.equal(new Set(seen).size, 7);
  assert.equal(seen[0], eng[4].id);
  assert.ok(seen.includes(ops.id));

  const cursor = (await a.call("GET", "/v1/cycles?limit=1")).body.next_cursor;
  const wrongSort = await a.call("GET", `/v1/cycles?sort=-starts_on&cursor=${cursor}`);
  assert.equal(wrongSort.status, 400);
  assert.ok("query.cursor" in wrongSort.body.fields);
  for (const q of ["state=done", "space=XX9", "limit=0", "sort=name", "color=red"]) {
    const res = await a.call("GET", `/v1/cycles?${q}`);
    assert.equal(res.status, 400, q);
  }
});

test("a cycle's issues: the issue list's filters and pagination, only that cycle", async (t) => {
  const a = await api(t);
  const c = await cycle(a, { starts_on: "2026-03-02", ends_on: "2026-03-15" });
  const other = await cycle(a, { starts_on: "2026-03-16", ends_on: "2026-03-29" });
  for (let i = 1; i <= 5; i++) {
    await issue(a, { title: `In ${i}`, cycle: c.id, status: i <= 2 ? "todo" : "backlog" });
    a.env.clock.advance(1000);
  }
  await issue(a, { title: "Elsewhere", cycle: other.id });
  await issue(a, { title: "Nowhere" });

  const all = await a.call("GET", `/v1/cycles/${c.id}/issues`);
  assert.equal(all.status, 200, all.text);
  assert.deepEqual(
    all.body.data.map((i: { identifier: string }) => i.identifier),
    ["ENG-5", "ENG-4", "ENG-3", "ENG-2", "ENG-1"],
  );
  assert.ok(all.body.data.every((i: { cycle: { id: string } }) => i.cycle.id === c.id));
  const todo = await a.call("GET", `/v1/cycles/${c.id}/issues?status=todo&sort=created`);
  assert.deepEqual(
    todo.body.data.map((i: { identifier: string }) => i.identifier),
    ["ENG-1", "ENG-2"],
  );
  const seen: string[] = [];
  let url = `/v1/cycles/${c.id}/issues?limit=2`;
  while (url) {
    const res = await a.call("GET", url);
    seen.push(...res.body.data.map((i: { identifier: string }) => i.identifier));
    url = res.body.next_cursor ? `/v1/cycles/${c.id}/issues?limit=2&cursor=${res.body.next_cursor}` : "";
  }
  assert.deepEqual(seen, ["ENG-5", "ENG-4", "ENG-3", "ENG-2", "ENG-1"]);

  assert.equal((await a.call("GET", `/v1/cycles/${c.id}/issues?cycle=${other.id}`)).status, 400);
  // the workspace's list filters by cycle, or by no cycle at all
  const byCycle = async (q: string) =>
    (await a.call("GET", `/v1/issues?cycle=${q}`)).body.data.map((i: { title: string }) => i.title);
  assert.deepEqual(await byCycle(other.id), ["Elsewhere"]);
  assert.deepEqual(await byCycle("none"), ["Nowhere"]);
  const bad = await a.call("GET", "/v1/issues?cycle=nothing");
  assert.equal(bad.status, 400);
  assert.match(bad.body.fields["query.cycle"], /cycle id \(cyc_…\) or none/);
  assert.equal((await a.call("GET", `/v1/cycles/${c.id}/issues?status=open`)).status, 400);
  assert.equal((await a.call("GET", `/v1/cycles/${newId("cyc")}/issues`)).status, 404);
});

test("another workspace's cycles are 404 and never listed; read-only tokens read but cannot write", async (t) => {
  const a = await api(t);
  const mine = await cycle(a, { starts_on: "2026-03-02", ends_on: "2026-03-15" });
  const bob = await seed(a.env.core, "other", "bob@example.com");
  const asBob = bearer(bob.token);
  const theirs = await a.call(
    "POST",
    "/v1/cycles",
    { starts_on: "2026-03-02", ends_on: "2026-03-15" },
    asBob,
  );
  assert.equal(theirs.status, 201, "the same dates in another workspace do not overlap");

  for (const path of ["", "/issues", "/stats"]) {
    const res = await a.call("GET", `/v1/cycles/${mine.id}${path}`, undefined, asBob);
    assert.equal(res.status, 404, path);
    assert.equal(res.body.error, "not_found");
  }
  const patch = await a.call("PATCH", `/v1/cycles/${mine.id}`, { name: "Mine now" }, asBob);
  assert.equal(patch.status, 404);
  assert.deepEqual(
    (await a.call("GET", "/v1/cycles", undefined, asBob)).body.data.map((c: { id: string }) => c.id),
    [theirs.body.id],
  );
  const foreignIssue = await a.call("POST", "/v1/issues", { title: "x", cycle: mine.id }, asBob);
  assert.equal(foreignIssue.status, 400);

  const ro = bearer(a.readOnlyToken);
  assert.equal((await a.call("GET", `/v1/cycles/${mine.id}`, undefined, ro)).status, 200);
  assert.equal((await a.call("GET", `/v1/cycles/${mine.id}/stats`, undefined, ro)).status, 200);
  assert.equal((await a.call("GET", "/v1/cycles", undefined, ro)).status, 200);
  const post = await a.call("POST", "/v1/cycles", { starts_on: "2026-04-01", ends_on: "2026-04-02" }, ro);
  assert.equal(post.status, 403);
  assert.equal(post.body.error, "insufficient_scope");
  const ropatch = await a.call("PATCH", `/v1/cycles/${mine.id}`, { name: "x" }, ro);
  assert.equal(ropatch.status, 403);
  assert.equal((await a.call("GET", `/v1/cycles/${mine.id}`)).body.name, "Cycle 1");
});

test("stats from standing events written directly: burn-down, scope changes, ideal line", async (t) => {
  const a = await api(t);
  const c = await cycle(a, { starts_on: "2026-03-02", ends_on: "2026-03-08" });
  const ids: Record<string, string> = {};
  for (const n of ["A", "B", "C", "D", "E"]) ids[n] = (await issue(a, { title: n })).id;
  const db = a.env.core.db;
  const event = (at: string, who: string, in_scope: number, completed: number, estimate: number | null) =>
    db
      .insertInto("cycle_events")
      .values({
        id: newId("cev", new Date(at)),
        cycle_id: c.id,
        issue_id: ids[who]!,
        in_scope,
        completed,
        estimate,
        created_at: new Date(at).toISOString(),
      })
      .execute();
  await event("2026-03-01T10:00:00Z", "A", 1, 0, 3);
  await event("2026-03-01T10:00:00Z", "B", 1, 0, 5);
  await event("2026-03-01T11:00:00Z", "C", 1, 0, 2);
  await event("2026-03-02T12:00:00Z", "A", 1, 1, 3);
  await event("2026-03-03T00:00:00Z", "D", 1, 0, 8); // the first instant of 03-03 belongs to 03-03
  await event("2026-03-03T15:00:00Z", "B", 1, 0, 8);
  await event("2026-03-04T10:00:00Z", "C", 0, 0, 2);
  await event("2026-03-04T11:00:00Z", "E", 1, 0, null);
  await event("2026-03-04T12:00:00Z", "E", 0, 0, null);
  await event("2026-03-05T08:00:00Z", "B", 1, 1, 8);
  await event("2026-03-05T09:00:00Z", "A", 1, 0, 3);
  await event("2026-03-06T10:00:00Z", "D", 1, 1, 8); // after "now" below: not yet counted

  a.env.clock.set("2026-03-01T20:00:00Z");
  let s = await stats(a, c.id);
  assert.equal(s.cycle.state, "upcoming");
  assert.deepEqual(s.burn_down, []);
  assert.deepEqual(s.scope_added, { count: 0, estimate: 0 });
  assert.deepEqual(s.ideal[0], { date: "2026-03-02", remaining_count: 3, remaining_estimate: 10 });
  assert.equal(s.ideal.length, 7);

  a.env.clock.set("2026-03-05T18:00:00Z");
  s = await stats(a, c.id);
  assert.equal(s.as_of, "2026-03-05T18:00:00.000Z");
  assert.equal(s.cycle.state, "active");
  assert.deepEqual(rows(s), [
    ["2026-03-02", "3/10", "1/3", "2/7"],
    ["2026-03-03", "4/21", "1/3", "3/18"],
    ["2026-03-04", "3/19", "1/3", "2/16"],
    ["2026-03-05", "3/19", "1/8", "2/11"],
  ]);
  assert.deepEqual(s.scope_added, { count: 2, estimate: 8 }, "D (8) and E (none)");
  assert.deepEqual(s.scope_removed, { count: 2, estimate: 2 }, "C (2) and E (none)");
  assert.deepEqual(
    s.ideal.map((d: Record<string, number>) => [d.remaining_count, d.remaining_estimate]),
    [
      [3, 10],
      [2.5, 8.33],
      [2, 6.67],
      [1.5, 5],
      [1, 3.33],
      [0.5, 1.67],
      [0, 0],
    ],
  );
  assert.deepEqual(
    s.ideal.map((d: { date: string }) => d.date),
    ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"],
  );

  a.env.clock.set("2026-03-06T12:00:00Z");
  s = await stats(a, c.id);
  assert.deepEqual(rows(s).at(-1), ["2026-03-06", "3/19", "2/16", "1/3"]);

  a.env.clock.set("2026-04-01T00:00:00Z");
  s = await stats(a, c.id);
  assert.equal(s.cycle.state, "completed");
  assert.equal(s.burn_down.length, 7, "the series stops at ends_on");
  assert.deepEqual(rows(s).at(-1), ["2026-03-08", "3/19", "2/16", "1/3"]);
  assert.deepEqual(s.ideal[0], { date: "2026-03-02", remaining_count: 3, remaining_estimate: 10 });
});

test("stats end to end through issue writes, the clock moving day by day", async (t) => {
  const a = await api(t);
  const c = await cycle(a, { name: "Week 10", starts_on: "2026-03-02", ends_on: "2026-03-06" });
  await issue(a, { title: "One", cycle: c.id, estimate: 3 });
  await issue(a, { title: "Two", cycle: c.id, estimate: 5 });
  await issue(a, { title: "Three", cycle: c.id, estimate: 2 });
  await issue(a, { title: "Four", estimate: 1 });

  let s = await stats(a, c.id);
  assert.equal(s.cycle.name, "Week 10");
  assert.deepEqual(s.total, { count: 3, estimate: 10 });
  assert.deepEqual(s.by_status.backlog, { count: 3, estimate: 10 });
  assert.deepEqual(s.by_status.done, { count: 0, estimate: 0 });
  assert.deepEqual(Object.keys(s.by_status), [
    "backlog",
    "todo",
    "in_progress",
    "in_review",
    "done",
    "canceled",
    "iced",
  ]);
  assert.equal(s.completion.percent, 0);
  assert.deepEqual(s.burn_down, []);
  assert.deepEqual(
    s.ideal.map((d: Record<string, number>) => [d.remaining_count, d.remaining_estimate]),
    [
      [3, 10],
      [2.25, 7.5],
      [1.5, 5],
      [0.75, 2.5],
      [0, 0],
    ],
  );

  a.env.clock.set("2026-03-02T10:00:00Z");
  await patchIssue(a, "ENG-1", { status: "done" });
  s = await stats(a, c.id);
  assert.deepEqual(rows(s), [["2026-03-02", "3/10", "1/3", "2/7"]]);
  assert.deepEqual(s.completion, {
    done_count: 1,
    done_estimate: 3,
    canceled_count: 0,
    canceled_estimate: 0,
    percent: 33.3,
    estimate_percent: 30,
  });
  assert.deepEqual(s.remaining, { count: 2, estimate: 7 });

  a.env.clock.set("2026-03-03T10:00:00Z");
  await patchIssue(a, "ENG-4", { cycle: c.id });
  await patchIssue(a, "ENG-3", { status: "canceled" });
  s = await stats(a, c.id);
  assert.deepEqual(s.by_status.canceled, { count: 1, estimate: 2 });
  assert.deepEqual(s.by_status.backlog, { count: 2, estimate: 6 });
  assert.equal(s.completion.percent, 33.3, "1 done of 3 still wanted");
  assert.equal(s.completion.estimate_percent, 33.3, "3 of 9 points still wanted");
  assert.deepEqual(s.scope_added, { count: 1, estimate: 1 });
  assert.deepEqual(rows(s).at(-1), ["2026-03-03", "4/11", "2/5", "2/6"]);

  a.env.clock.set("2026-03-04T10:00:00Z");
  await patchIssue(a, "ENG-2", { estimate: 8, status: "in_progress" });
  await patchIssue(a, "ENG-4", { cycle: null });
  s = await stats(a, c.id);
  assert.deepEqual(s.scope_removed, { count: 1, estimate: 1 });
  assert.deepEqual(s.by_status.in_progress, { count: 1, estimate: 8 });
  assert.deepEqual(rows(s).at(-1), ["2026-03-04", "3/13", "2/5", "1/8"]);

  a.env.clock.set("2026-03-05T10:00:00Z");
  await patchIssue(a, "ENG-2", { status: "done" });
  a.env.clock.set("2026-03-10T10:00:00Z");
  s = await stats(a, c.id);
  assert.equal(s.cycle.state, "completed");
  assert.deepEqual(rows(s), [
    ["2026-03-02", "3/10", "1/3", "2/7"],
    ["2026-03-03", "4/11", "2/5", "2/6"],
    ["2026-03-04", "3/13", "2/5", "1/8"],
    ["2026-03-05", "3/13", "3/13", "0/0"],
    ["2026-03-06", "3/13", "3/13", "0/0"],
  ]);
  assert.equal(s.completion.percent, 100);
  assert.equal(s.completion.estimate_percent, 100);
  assert.deepEqual(s.total, { count: 3, estimate: 13 });
  assert.deepEqual(s.remaining, { count: 0, estimate: 0 });
});
