import assert from "node:assert/strict";
import { test } from "node:test";
import { emitEvent } from "../../src/tracker/events.ts";
import { type Api, api, bearer, seed } from "../support.ts";

async function post(a: Api, url: string, body: unknown, status = 201) {
  const res = await a.call("POST", url, body);
  assert.equal(res.status, status, res.text);
  return res.body;
}

/** Every event of the workspace, oldest first, walking the pages. */
async function allEvents(a: Api, query = "", headers?: Record<string, string>) {
  const out: { id: string; type: string; object: { id: string }; data: Record<string, unknown> }[] = [];
  let url = `/v1/events?limit=100${query}`;
  for (;;) {
    const res = await a.call("GET", url, undefined, headers);
    assert.equal(res.status, 200, res.text);
    out.push(...res.body.data);
    if (!res.body.next_cursor) return out;
    url = `/v1/events?limit=100${query}&cursor=${res.body.next_cursor}`;
  }
}

test("every change emits its event once, in commit order, with the actor by name", async (t) => {
  const a = await api(t);
  const one = await post(a, "/v1/issues", { title: "One" });
  const two = await post(a, "/v1/issues", { title: "Two", status: "todo" });
  assert.equal((await a.call("PATCH", "/v1/issues/ENG-1", { title: "One!" })).status, 200);
  assert.equal((await a.call("POST", "/v1/issues/ENG-2/ice", {})).status, 200);
  const deps = await post(a, "/v1/issues/ENG-2/dependencies", { blockedBy: ["ENG-1"] }, 200);
  const depId = deps.blockedBy?.[0]?.dependency_id ?? deps.data?.[0]?.id;
  assert.ok(depId, JSON.stringify(deps));
  assert.equal((await a.call("PATCH", `/v1/dependencies/${depId}`, { note: "why" })).status, 200);
  assert.equal((await a.call("DELETE", `/v1/dependencies/${depId}`)).status, 200);
  const decision = await post(a, "/v1/decisions", { title: "Use SSE" });
  assert.equal(
    (await a.call("PATCH", `/v1/decisions/${decision.id}`, { title: "Use SSE, not WS" })).status,
    200,
  );
  const folder = await post(a, "/v1/folders", { name: "Docs" });
  assert.equal((await a.call("PATCH", `/v1/folders/${folder.id}`, { name: "Docs2" })).status, 200);
  const note = await post(a, "/v1/notes", { title: "N" });
  assert.equal((await a.call("PATCH", `/v1/notes/${note.id}`, { title: "N2" })).status, 200);
  const cycle = await post(a, "/v1/cycles", { starts_on: "2026-03-02", ends_on: "2026-03-15" });
  assert.equal((await a.call("PATCH", `/v1/cycles/${cycle.id}`, { name: "C" })).status, 200);
  const m1 = await post(a, "/v1/milestones", { name: "M1" });
  const m2 = await post(a, "/v1/milestones", { name: "M2" });
  assert.equal((await a.call("PATCH", `/v1/milestones/${m1.id}`, { name: "M1!" })).status, 200);
  const mdeps = await post(a, `/v1/milestones/${m2.id}/dependencies`, { blockedBy: [m1.id] }, 200);
  const mdepId = mdeps.data[0].id;
  assert.equal((await a.call("DELETE", `/v1/milestone-dependencies/${mdepId}`)).status, 200);
  const bundle = await post(a, "/v1/bundles", { issue: "ENG-1" });

  const events = await allEvents(a);
  const seen = events.map((e) => `${e.type} ${e.object.id}`);
  assert.deepEqual(seen, [
    `issue.created ${one.id}`,
    `issue.created ${two.id}`,
    `issue.updated ${one.id}`,
    `issue.iced ${two.id}`,
    `dependency.created ${depId}`,
    `dependency.updated ${depId}`,
    `dependency.deleted ${depId}`,
    `decision.created ${decision.id}`,
    `decision.updated ${decision.id}`,
    `folder.created ${folder.id}`,
    `folder.updated ${folder.id}`,
    `note.created ${note.id}`,
    `note.updated ${note.id}`,
    `cycle.created ${cycle.id}`,
    `cycle.updated ${cycle.id}`,
    `milestone.created ${m1.id}`,
    `milestone.created ${m2.id}`,
    `milestone.updated ${m1.id}`,
    `milestone_dependency.created ${mdepId}`,
    `milestone_dependency.deleted ${mdepId}`,
    `bundle.created ${bundle.id}`,
  ]);
  const updated = events[2]!;
  assert.deepEqual((updated.data as { changes: unknown }).changes, { title: { from: "One", to: "One!" } });
  const full = (await a.call("GET", "/v1/events?limit=1")).body.data[0];
  assert.match(full.id, /^evt_/);
  assert.equal(full.actor.person_id, a.personId);
  assert.equal(full.actor.person_name, "Ada");
  assert.equal(full.actor.via_type, "token");
  assert.equal(full.actor.via_name, "rw");
  assert.equal(full.object.url, `/v1/issues/${one.id}`);
  assert.equal(full.workspace_id, a.workspaceId);
});

test("a rolled-back transaction emits nothing", async (t) => {
  const a = await api(t);
  await post(a, "/v1/issues", { title: "One" });
  const before = await allEvents(a);
  // a refused change (a dependency cycle) rolls back after writing part of its work
  await post(a, "/v1/issues", { title: "Two", blockedBy: ["ENG-1"] });
  const cyc = await a.call("POST", "/v1/issues/ENG-2/dependencies", { blocks: ["ENG-1"] });
  assert.equal(cyc.status, 409, cyc.text);
  // and one rolled back by hand, with an event written inside it
  const ctx = {
    core: a.env.core,
    workspaceId: a.workspaceId,
    actor: { personId: a.personId, via: "admin" },
  };
  await assert.rejects(
    a.env.core.db.transaction().execute(async (trx) => {
      await emitEvent(trx, ctx, { type: "issue.updated", object: { type: "issue", id: "iss_x" } });
      throw new Error("roll back");
    }),
    /roll back/,
  );
  const after = await allEvents(a);
  assert.deepEqual(
    after.slice(before.length).map((e) => e.type),
    ["issue.created", "dependency.created"],
  );
});

async function readyIds(a: Api, after: string | undefined) {
  const events = await allEvents(a, `&type=issue.ready${after ? `&after=${after}` : ""}`);
  return events.map((e) => (e.data as { identifier: string }).identifier);
}

async function lastId(a: Api) {
  const events = await allEvents(a);
  return events.at(-1)?.id;
}

test("issue.ready fires for a chain and a diamond exactly when the last blocker closes", async (t) => {
  const a = await api(t);
  // chain: ENG-1 blocks ENG-2 blocks ENG-3
  await post(a, "/v1/issues", { title: "A" });
  await post(a, "/v1/issues", { title: "B", blockedBy: ["ENG-1"] });
  await post(a, "/v1/issues", { title: "C", blockedBy: ["ENG-2"] });
  let mark = await lastId(a);
  assert.deepEqual(await readyIds(a, undefined), [], "a new issue is issue.created only");
  await a.call("PATCH", "/v1/issues/ENG-1", { status: "done" });
  assert.deepEqual(await readyIds(a, mark), ["ENG-2"]);
  mark = await lastId(a);
  await a.call("PATCH", "/v1/issues/ENG-2", { status: "canceled" });
  assert.deepEqual(await readyIds(a, mark), ["ENG-3"]);

  // diamond: ENG-4 blocks ENG-5 and ENG-6, both block ENG-7
  await post(a, "/v1/issues", { title: "top" });
  await post(a, "/v1/issues", { title: "left", blockedBy: ["ENG-4"] });
  await post(a, "/v1/issues", { title: "right", blockedBy: ["ENG-4"] });
  await post(a, "/v1/issues", { title: "bottom", blockedBy: ["ENG-5", "ENG-6"] });
  mark = await lastId(a);
  await a.call("PATCH", "/v1/issues/ENG-4", { status: "done" });
  assert.deepEqual(await readyIds(a, mark), ["ENG-5", "ENG-6"]);
  mark = await lastId(a);
  await a.call("PATCH", "/v1/issues/ENG-5", { status: "done" });
  assert.deepEqual(await readyIds(a, mark), [], "one blocker of the bottom is still open");
  await a.call("PATCH", "/v1/issues/ENG-6", { status: "done" });
  assert.deepEqual(await readyIds(a, mark), ["ENG-7"]);
  // no event for a change that leaves readiness as it was
  mark = await lastId(a);
  await a.call("PATCH", "/v1/issues/ENG-7", { title: "bottom!" });
  assert.deepEqual(await readyIds(a, mark), []);
});

test("issue.ready fires on thaw and on removal of the last blocking edge", async (t) => {
  const a = await api(t);
  await post(a, "/v1/issues", { title: "A" });
  await post(a, "/v1/issues", { title: "B", blockedBy: ["ENG-1"] });
  await a.call("POST", "/v1/issues/ENG-1/ice", {});
  let mark = await lastId(a);
  await a.call("PATCH", "/v1/issues/ENG-1", { status: "todo" });
  const thawed = await allEvents(a, `&type=issue.ready&after=${mark}`);
  assert.deepEqual(
    thawed.map((e) => [
      (e.data as { identifier: string }).identifier,
      (e.data as { because: string }).because,
    ]),
    [["ENG-1", "thawed"]],
  );
  mark = await lastId(a);
  const deps = (await a.call("GET", "/v1/issues/ENG-2")).body;
  const edge = deps.blockedBy?.[0]?.dependency_id ?? deps.data?.[0]?.id;
  assert.ok(edge, JSON.stringify(deps));
  assert.equal((await a.call("DELETE", `/v1/dependencies/${edge}`)).status, 200);
  assert.deepEqual(await readyIds(a, mark), ["ENG-2"]);
});

test("the feed pages, filters by type pattern, object, after and since, and refuses bad filters", async (t) => {
  const a = await api(t);
  for (let i = 1; i <= 7; i++) await post(a, "/v1/issues", { title: `I${i}`, status: "backlog" });
  a.env.clock.advance(60_000);
  const later = a.env.clock.now().toISOString();
  await a.call("PATCH", "/v1/issues/ENG-3", { title: "three" });
  const note = await post(a, "/v1/notes", { title: "N" });

  const page1 = await a.call("GET", "/v1/events?limit=5&type=issue.created");
  assert.equal(page1.body.data.length, 5);
  assert.ok(page1.body.next_cursor);
  assert.match(String(page1.headers.link), /rel="next"/);
  const page2 = await a.call("GET", `/v1/events?limit=5&type=issue.created&cursor=${page1.body.next_cursor}`);
  assert.equal(page2.body.data.length, 2);
  assert.equal(page2.body.next_cursor, null);

  const issueEvents = await allEvents(a, "&type=issue.*");
  assert.equal(issueEvents.length, 7 + 1);
  assert.ok(issueEvents.every((e) => e.type.startsWith("issue.")));
  assert.deepEqual(
    (await allEvents(a, "&type=note.*,issue.updated")).map((e) => e.type),
    ["issue.updated", "note.created"],
  );
  const three = issueEvents.find((e) => e.type === "issue.updated")!;
  assert.deepEqual(
    (await allEvents(a, `&object=${three.object.id}`)).map((e) => e.type),
    ["issue.created", "issue.updated"],
  );
  assert.deepEqual(
    (await allEvents(a, `&since=${later}`)).map((e) => e.object.id),
    [three.object.id, note.id],
  );
  assert.deepEqual(
    (await allEvents(a, `&after=${three.id}`)).map((e) => e.type),
    ["note.created"],
  );

  for (const [query, field] of [
    ["type=issue", "type"],
    ["type=issue.*x", "type"],
    ["object=nope", "object"],
    ["after=evt_nope", "after"],
    ["after=evt_01HZZZZZZZZZZZZZZZZZZZZZZZ", "after"],
    ["since=yesterday", "since"],
    ["limit=101", "limit"],
    ["cursor=abc", "cursor"],
    ["colour=red", "colour"],
  ] as const) {
    const res = await a.call("GET", `/v1/events?${query}`);
    assert.equal(res.status, 400, `${query}: ${res.text}`);
    assert.ok(JSON.stringify(res.body).includes(field), `${query}: ${res.text}`);
  }
});

test("another workspace's events are never in the feed; old events are swept after 30 days", async (t) => {
  const a = await api(t);
  await post(a, "/v1/issues", { title: "Mine" });
  const other = await seed(a.env.core, "globex", "bob@example.com");
  const theirs = await a.call("POST", "/v1/issues", { title: "Theirs" }, bearer(other.token));
  assert.equal(theirs.status, 201);
  const mine = await allEvents(a);
  assert.ok(mine.every((e) => e.object.id !== theirs.body.id));
  const theirEvents = await allEvents(a, "", bearer(other.token));
  assert.ok(theirEvents.length > 0);
  assert.ok(theirEvents.every((e) => e.object.id === theirs.body.id));
  // their event id is not a cursor into my feed
  const cross = await a.call("GET", `/v1/events?after=${theirEvents[0]!.id}`);
  assert.equal(cross.status, 400);
  // the read-only token reads the feed
  assert.equal((await a.call("GET", "/v1/events", undefined, bearer(a.readOnlyToken))).status, 200);

  const { sweepEvents } = await import("../../src/tracker/events.ts");
  a.env.clock.advance(29 * 86_400_000);
  assert.equal(await sweepEvents(a.env.core.db, a.env.clock.now()), 0);
  a.env.clock.advance(2 * 86_400_000);
  assert.ok((await sweepEvents(a.env.core.db, a.env.clock.now())) > 0);
  assert.deepEqual(await allEvents(a), []);
});

test("the actor filter: a credential's events, or everything a person did, in the feed and for streams", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const { createPerson } = await import("../../src/auth/people.ts");
  const { addMember } = await import("../../src/auth/workspaces.ts");
  const { createConnection } = await import("../../src/auth/connections.ts");
  const { listEvents, listEventsQuery, actorMatches } = await import("../../src/tracker/events.ts");
  const { createIssue } = await import("../../src/tracker/issues.ts");
  const { WEB_VIA } = await import("../../src/tracker/context.ts");
  const bob = await createPerson(core, { email: "bob@example.com", name: "Bob" });
  await addMember(core, { workspace: "acme", email: "bob@example.com" });
  const agent = await createConnection(core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId: a.personId,
    name: "Helper",
    scopes: ["workspace.read", "workspace.write"],
  });
  const ctx = (personId: string, via: string) => ({
    core,
    workspaceId: a.workspaceId,
    actor: { personId, via },
  });
  await createIssue(ctx(a.personId, WEB_VIA), { title: "By Ada in the app" });
  await createIssue(ctx(a.personId, agent.id), { title: "By Ada's agent" });
  await createIssue(ctx(bob.id, WEB_VIA), { title: "By Bob" });
  await post(a, "/v1/issues", { title: "By Ada's token" });
  const read = (actor: string) =>
    listEvents(ctx(a.personId, WEB_VIA), listEventsQuery.parse({ actor, type: "issue.created" }));
  const titles = async (actor: string) =>
    (await read(actor)).data.map((e) => `${e.actor.via_type}:${e.actor.person_name}`);
  assert.deepEqual(await titles(agent.id), ["agent:Ada"]);
  assert.deepEqual(await titles(a.personId), ["web:Ada", "agent:Ada", "token:Ada"]);
  assert.deepEqual(await titles(bob.id), ["web:Bob"]);
  const pat = (await read(a.personId)).data.at(-1)!.actor.via;
  assert.match(pat, /^pat_/);
  assert.deepEqual(await titles(pat), ["token:Ada"]);
  assert.deepEqual(await titles("con_01JQ2Z8X3V4B5N6M7K8J9H0G1F"), []);
  // the stream's hub uses the same rule
  assert.equal(actorMatches({ actor_id: a.personId, actor_via: agent.id }, agent.id), true);
  assert.equal(actorMatches({ actor_id: a.personId, actor_via: agent.id }, a.personId), true);
  assert.equal(actorMatches({ actor_id: bob.id, actor_via: WEB_VIA }, a.personId), false);
  assert.equal(actorMatches({ actor_id: bob.id, actor_via: WEB_VIA }, undefined), true);
  assert.throws(() => listEventsQuery.parse({ actor: "web" }));
  // newest first: an actor's recent activity, a page at a time, back to `since` or `after`
  const newest = (extra: Record<string, unknown>) =>
    listEvents(
      ctx(a.personId, WEB_VIA),
      listEventsQuery.parse({ type: "issue.created", order: "newest", ...extra }),
    );
  const p1 = await newest({ actor: a.personId, limit: 2 });
  assert.deepEqual(
    p1.data.map((e) => e.actor.via_type),
    ["token", "agent"],
  );
  assert.ok(p1.next_cursor);
  const p2 = await newest({ actor: a.personId, limit: 2, cursor: p1.next_cursor });
  assert.deepEqual(
    p2.data.map((e) => e.actor.via_type),
    ["web"],
  );
  assert.equal(p2.next_cursor, null);
  const all = await newest({});
  assert.equal(all.data.length, 4);
  const sinceSecond = await newest({ after: all.data.at(-1)!.id });
  assert.deepEqual(
    sinceSecond.data.map((e) => e.id),
    all.data.slice(0, 3).map((e) => e.id),
    "after bounds the walk back",
  );
  // a cursor of one order is refused by the other
  await assert.rejects(
    listEvents(ctx(a.personId, WEB_VIA), listEventsQuery.parse({ cursor: p1.next_cursor })),
    /cursor/,
  );
  const rest = await a.call("GET", `/v1/events?order=newest&actor=${agent.id}&limit=1`);
  assert.equal(rest.status, 200, rest.text);
  assert.equal(rest.body.data[0].actor.via, agent.id);
  assert.equal((await a.call("GET", "/v1/events?order=sideways")).status, 400);
});
