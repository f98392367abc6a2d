import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { openApprovals } from "../../src/tracker/approvals.ts";
import { liveBundle } from "../../src/tracker/bundles.ts";
import { recentComments } from "../../src/tracker/comments.ts";
import type { Ctx } from "../../src/tracker/context.ts";
import { getCycle } from "../../src/tracker/cycles.ts";
import { linkedDecisions } from "../../src/tracker/decisions.ts";
import { linkedFiles } from "../../src/tracker/files.ts";
import { takeNumberReading } from "../../src/tracker/issue-creation.ts";
import { getMilestone } from "../../src/tracker/milestones.ts";
import { linkedNotes } from "../../src/tracker/notes.ts";
import { finishingOf } from "../../src/tracker/spaces.ts";
import { type Api, api, bearer, ON_POSTGRES, seed } from "../support.ts";

async function post(a: Api, url: string, body: unknown) {
  const res = await a.call("POST", url, body);
  assert.ok(res.status === 200 || res.status === 201, `${url}: ${res.text}`);
  return res.body;
}

/** ENG-1 blocks ENG-3, ENG-2 relates to it, ENG-3 blocks ENG-4; a decision, a note and a file on ENG-3. */
async function world(a: Api) {
  const cycle = await post(a, "/v1/cycles", {
    name: "Sprint 1",
    starts_on: "2026-03-01",
    ends_on: "2026-03-14",
  });
  const milestone = await post(a, "/v1/milestones", { name: "Beta", target_date: "2026-04-01" });
  await post(a, "/v1/issues", { title: "Design the schema", status: "in_progress" });
  await post(a, "/v1/issues", { title: "Write the docs" });
  await post(a, "/v1/issues", {
    title: "Ship the API",
    description: "Everything under `/v1`.",
    priority: "high",
    labels: ["api"],
    blockedBy: ["ENG-1"],
    relatesTo: ["ENG-2"],
    cycle: cycle.id,
    milestone: milestone.id,
  });
  await post(a, "/v1/issues", { title: "Announce", blockedBy: ["ENG-3"] });
  const decision = await post(a, "/v1/decisions", {
    title: "REST before MCP",
    status: "accepted",
    decision: "We ship REST first.",
    issues: ["ENG-3"],
  });
  const note = await post(a, "/v1/notes", {
    title: "Launch checklist",
    body: "- [ ] docs\n- [ ] changelog",
    issues: ["ENG-3"],
  });
  // a registered file, linked as the files API links it
  const issue = (await a.call("GET", "/v1/issues/ENG-3")).body;
  const at = a.env.clock.now().toISOString();
  await a.env.core.db
    .insertInto("files")
    .values({
      id: "file_01HZZZZZZZZZZZZZZZZZZZZZZZ",
      workspace_id: a.workspaceId,
      name: "diagram.png",
      content_type: "image/png",
      size: 1234,
      sha256: "a".repeat(64),
      storage_key: "test/diagram.png",
      created_by: a.personId,
      created_via: "pat_test",
      created_at: at,
    })
    .execute();
  await a.env.core.db
    .insertInto("issue_links")
    .values({
      workspace_id: a.workspaceId,
      object_type: "file",
      object_id: "file_01HZZZZZZZZZZZZZZZZZZZZZZZ",
      issue_id: issue.id,
      created_at: at,
    })
    .execute();
  return { cycle, milestone, decision, note };
}

test("the live bundle gathers the issue, its graph, decisions, notes, files, cycle and milestone", async (t) => {
  const a = await api(t);
  const w = await world(a);
  const res = await a.call("GET", "/v1/bundles/eng-3");
  assert.equal(res.status, 200, res.text);
  const b = res.body;
  assert.equal(b.id, null);
  assert.equal(b.snapshot, false);
  assert.equal(b.issue.identifier, "ENG-3");
  assert.equal(b.issue.description, "Everything under `/v1`.");
  assert.equal(b.issue.ready, false);
  assert.deepEqual(
    b.blockers.map((n: { identifier: string; status: string }) => [n.identifier, n.status]),
    [["ENG-1", "in_progress"]],
  );
  assert.deepEqual(
    b.blocks.map((n: { identifier: string }) => n.identifier),
    ["ENG-4"],
  );
  assert.deepEqual(
    b.related.map((n: { identifier: string }) => n.identifier),
    ["ENG-2"],
  );
  assert.deepEqual(
    b.decisions.map((d: { id: string; decision: string }) => [d.id, d.decision]),
    [[w.decision.id, "We ship REST first."]],
  );
  assert.deepEqual(
    b.notes.map((n: { id: string }) => n.id),
    [w.note.id],
  );
  assert.deepEqual(
    b.files.map((f: { name: string }) => f.name),
    ["diagram.png"],
  );
  assert.equal(b.cycle.id, w.cycle.id);
  assert.equal(b.milestone.id, w.milestone.id);
  assert.equal(b.milestone.progress.total, 1);

  const preview = await a.call("POST", "/v1/bundles/preview", { issue: "ENG-3" });
  assert.equal(preview.status, 200);
  assert.deepEqual({ ...preview.body, generated_at: null }, { ...b, generated_at: null });
});

test("the live bundle's one statement gives what each part's own read gives", async (t) => {
  const a = await api(t);
  const w = await world(a);
  const ctx: Ctx = {
    core: a.env.core,
    workspaceId: a.workspaceId,
    actor: { personId: a.personId, via: "admin" },
  };
  // more of each part: a note in a folder, a milestone on each side of Beta, issues of Beta done and
  // canceled with estimates, an open approval and a comment
  const folder = await post(a, "/v1/folders", { name: "Runbooks" });
  await post(a, "/v1/notes", { title: "Rollback", body: "Steps.", folder: folder.id, issues: ["ENG-3"] });
  await post(a, "/v1/decisions", { title: "版本 2", decision: "Later.", issues: ["ENG-3"] });
  const ga = await post(a, "/v1/milestones", { name: "GA" });
  const alpha = await post(a, "/v1/milestones", { name: "Alpha" });
  await post(a, `/v1/milestones/${w.milestone.id}/dependencies`, { blocks: [ga.id], blockedBy: [alpha.id] });
  for (const status of ["done", "canceled", "todo"])
    await post(a, "/v1/issues", {
      title: `In Beta, ${status}`,
      status,
      estimate: 3,
      milestone: w.milestone.id,
    });
  await post(a, "/v1/issues/ENG-3/approvals", { question: "Ship it?" });
  await post(a, "/v1/issues/ENG-3/comments", { body: "Looks good." });

  const parts = async () => {
    const issue = (await a.call("GET", "/v1/issues/ENG-3")).body;
    return {
      finishing: await finishingOf(ctx, "ENG"),
      approvals: await openApprovals(ctx, issue.id),
      comments: await recentComments(ctx, issue),
      decisions: await linkedDecisions(ctx, issue.id),
      notes: await linkedNotes(ctx, issue.id),
      files: await linkedFiles(ctx, issue.id),
      cycle: await getCycle(ctx, w.cycle.id),
      milestone: await getMilestone(ctx, w.milestone.id),
    };
  };
  const check = async () => {
    const b = await liveBundle(ctx, "ENG-3");
    const want = await parts();
    for (const [key, value] of Object.entries(want)) {
      const got = b[key as keyof typeof b];
      assert.deepEqual(got, value, key);
      assert.equal(JSON.stringify(got), JSON.stringify(value), `${key}: the same JSON, key order included`);
    }
    return b;
  };
  const b = await check();
  assert.equal(b.notes.length, 2);
  assert.equal(b.decisions.length, 2);
  assert.equal(b.approvals.length, 1);
  assert.equal(b.comments.length, 1);
  assert.deepEqual([b.milestone?.blocks.length, b.milestone?.blockedBy.length], [1, 1]);
  assert.equal(b.milestone?.progress.total, 4);
  assert.equal(b.finishing?.reviewers.length, 1);
  // the space names its reviewers
  await a.call("PATCH", "/v1/spaces/ENG", { reviewers: ["ada@example.com"], done_requires: "person" });
  const later = await check();
  assert.equal(later.finishing?.done_requires, "person");
  // an issue with none of them
  const bare = await liveBundle(ctx, "ENG-2");
  assert.deepEqual(
    [bare.decisions, bare.notes, bare.files, bare.cycle, bare.milestone, bare.approvals, bare.comments],
    [[], [], [], null, null, [], []],
  );
});

test("PostgreSQL keeps one plan for the live bundle's context and for taking an issue number, whatever the values", {
  skip: ON_POSTGRES ? false : "PostgreSQL's plan cache",
}, async (t) => {
  const a = await api(t);
  const w = await world(a);
  await post(a, "/v1/labels", { name: "bug" });
  // plans follow the tables' statistics: a workspace of some thousands of issues, a quarter of them in
  // the milestone
  // (in four statements: each stays well inside the statement timeout on a busy machine)
  for (let from = 1; from <= 4000; from += 1000) {
    await sql`insert into issues select (jsonb_populate_record(null::issues, to_jsonb(i) || jsonb_build_object(
        'id', 'iss_bulk' || g, 'number', 100 + g, 'identifier', 'ENG-' || (100 + g),
        'milestone_id', case when g % 4 = 0 then ${w.milestone.id} end))).*
      from issues i cross join generate_series(${from}::int, ${from + 999}::int) g where i.identifier = 'ENG-2'`.execute(
      a.env.core.db,
    );
  }
  await sql`analyze`.execute(a.env.core.db);
  // PostgreSQL plans a prepared statement for each of its first five runs' values, then keeps one plan
  // for any value only if that is estimated to cost no more than those did: five bundles of an issue
  // without a milestone, and lists of one issue, once made it plan again on every run
  await a.env.core.db.connection().execute(async (db) => {
    const ctx: Ctx = {
      core: { ...a.env.core, db },
      workspaceId: a.workspaceId,
      actor: { personId: a.personId, via: "admin" },
    };
    for (const ref of ["ENG-2", "ENG-1", "ENG-4", "ENG-2", "ENG-1", "ENG-3", "ENG-2", "ENG-3", "ENG-1"]) {
      const bundle = await liveBundle(ctx, ref);
      assert.equal(bundle.milestone !== null, ref === "ENG-3", ref);
    }
    for (const [identifiers, labels] of [
      [["ENG-1"], ["bug"]],
      [["ENG-2"], []],
      [[], ["bug"]],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const taken = await takeNumberReading(db, a.workspaceId, "ENG", [...identifiers], [], [...labels]);
        assert.ok(taken.taken, "a number is taken");
        assert.equal(taken.issues.size, identifiers.length * 2);
        assert.equal(taken.labels.length, labels.length);
      }
    }
    // an edge to an issue that does not exist takes no number
    assert.equal((await takeNumberReading(db, a.workspaceId, "ENG", ["ENG-99999"], [], [])).taken, undefined);
    const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
      select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(db);
    for (const [what, pattern] of [
      ["the bundle's context", /select done_requires from spaces/],
      ["taking a number", /docket_take_number_in/],
    ] as const) {
      const row = rows.find((r) => pattern.test(r.statement));
      assert.ok(row, `${what} is a prepared statement`);
      assert.ok(
        Number(row.generic_plans) >= 3,
        `${what}: ${row.generic_plans} runs on the one plan, ${row.custom_plans} planned`,
      );
    }
  });
});

test("the live bundle's JSON: serialized once with generated_at in its place; its ETag ignores generated_at", async (t) => {
  const a = await api(t);
  await world(a);
  const first = await a.call("GET", "/v1/bundles/ENG-3");
  assert.equal(first.status, 200, first.text);
  assert.match(String(first.headers["content-type"]), /^application\/json; charset=utf-8$/);
  assert.equal(first.text, JSON.stringify(first.body), "the bytes are the bundle's JSON");
  assert.deepEqual(Object.keys(first.body).slice(0, 4), ["id", "snapshot", "generated_at", "created_by"]);
  assert.equal(first.body.generated_at, a.env.clock.now().toISOString());
  a.env.clock.advance(60_000);
  const later = await a.call("GET", "/v1/bundles/ENG-3");
  assert.notEqual(later.body.generated_at, first.body.generated_at);
  assert.equal(later.headers.etag, first.headers.etag, "nothing changed but the moment");
  const cached = await a.call("GET", "/v1/bundles/ENG-3", undefined, {
    "if-none-match": String(first.headers.etag),
  });
  assert.equal(cached.status, 304);
  // with a token budget too
  const fitted = await a.call("GET", "/v1/bundles/ENG-3?max_tokens=1000");
  assert.equal(fitted.status, 200, fitted.text);
  assert.equal(fitted.text, JSON.stringify(fitted.body));
  await a.call("PATCH", "/v1/issues/ENG-3", { title: "Ship the API now" });
  assert.notEqual((await a.call("GET", "/v1/bundles/ENG-3")).headers.etag, first.headers.etag);
});

test("a snapshot keeps what it saw; the live bundle follows edits", async (t) => {
  const a = await api(t);
  const w = await world(a);
  const created = await a.call("POST", "/v1/bundles", { issue: "ENG-3" });
  assert.equal(created.status, 201, created.text);
  const snap = created.body;
  assert.match(snap.id, /^bnd_/);
  assert.equal(snap.snapshot, true);
  assert.equal(snap.created_by.person_id, a.personId);

  a.env.clock.advance(60_000);
  await a.call("PATCH", "/v1/issues/ENG-1", { status: "done" });
  await a.call("PATCH", "/v1/issues/ENG-3", { title: "Ship the REST API" });
  await a.call("PATCH", `/v1/decisions/${w.decision.id}`, { decision: "We ship REST first, MCP next." });
  await a.call("PATCH", `/v1/notes/${w.note.id}`, { issues: [] });

  const live = (await a.call("GET", "/v1/bundles/ENG-3")).body;
  assert.equal(live.issue.title, "Ship the REST API");
  assert.equal(live.blockers[0].status, "done");
  assert.equal(live.issue.ready, true);
  assert.equal(live.decisions[0].decision, "We ship REST first, MCP next.");
  assert.deepEqual(live.notes, []);

  const kept = await a.call("GET", `/v1/bundles/${snap.id}`);
  assert.equal(kept.status, 200);
  assert.deepEqual(kept.body, snap, "the snapshot did not change");
  assert.equal(kept.body.issue.title, "Ship the API");
  assert.equal(kept.body.blockers[0].status, "in_progress");
  assert.equal(kept.body.notes.length, 1);

  const list = await a.call("GET", "/v1/bundles?issue=ENG-3");
  assert.deepEqual(
    list.body.data.map((s: { id: string }) => s.id),
    [snap.id],
  );
});

test("bundles in Markdown for Accept: text/markdown", async (t) => {
  const a = await api(t);
  await world(a);
  const md = await a.call("GET", "/v1/bundles/ENG-3", undefined, { accept: "text/markdown" });
  assert.equal(md.status, 200);
  assert.match(String(md.headers["content-type"]), /^text\/markdown/);
  assert.match(md.text, /^# ENG-3: Ship the API/);
  assert.match(md.text, /## Blocked by\n\n- \[ \] ENG-1 Design the schema \(in_progress\)/);
  assert.match(md.text, /## Decisions\n\n### REST before MCP \(accepted, dec_/);
  assert.match(md.text, /- \[ \] docs/);
  assert.match(md.text, /diagram\.png \(image\/png, 1234 bytes/);
  assert.match(md.text, /Cycle: Sprint 1 \(2026-03-01 to 2026-03-14/);
  assert.match(md.text, /Milestone: Beta \(0% done, target 2026-04-01\)/);
  const created = await a.call("POST", "/v1/bundles", { issue: "ENG-3" }, { accept: "text/markdown" });
  assert.equal(created.status, 201);
  assert.match(created.text, /^# ENG-3/);
  assert.match(created.text, /Snapshot bnd_/);
  const json = await a.call("GET", "/v1/bundles/ENG-3", undefined, {
    accept: "application/json, text/markdown",
  });
  assert.equal(json.body.issue.identifier, "ENG-3");
});

test("bundle errors: unknown issue or snapshot, bad ids, another workspace, read-only tokens", async (t) => {
  const a = await api(t);
  await world(a);
  const snap = (await a.call("POST", "/v1/bundles", { issue: "ENG-3" })).body;
  assert.equal((await a.call("GET", "/v1/bundles/ENG-99")).status, 404);
  assert.equal((await a.call("GET", "/v1/bundles/bnd_01HZZZZZZZZZZZZZZZZZZZZZZZ")).status, 404);
  const bad = await a.call("GET", "/v1/bundles/nonsense");
  assert.equal(bad.status, 400);
  assert.ok("path.id" in bad.body.fields);
  for (const body of [{}, { issue: 42 }, { issue: "ENG-3", extra: true }]) {
    const res = await a.call("POST", "/v1/bundles", body);
    assert.equal(res.status, 400, JSON.stringify(body));
  }
  assert.equal((await a.call("POST", "/v1/bundles/preview", { issue: "ENG-99" })).status, 404);

  const other = await seed(a.env.core, "globex", "bob@example.com");
  const theirs = bearer(other.token);
  assert.equal((await a.call("GET", `/v1/bundles/${snap.id}`, undefined, theirs)).status, 404);
  assert.equal((await a.call("GET", "/v1/bundles/ENG-3", undefined, theirs)).status, 404);

  const ro = bearer(a.readOnlyToken);
  assert.equal((await a.call("POST", "/v1/bundles/preview", { issue: "ENG-3" }, ro)).status, 200);
  assert.equal((await a.call("GET", `/v1/bundles/${snap.id}`, undefined, ro)).status, 200);
  const refused = await a.call("POST", "/v1/bundles", { issue: "ENG-3" }, ro);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error, "insufficient_scope");
});
