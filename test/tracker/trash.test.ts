import assert from "node:assert/strict";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import { DAY } from "../../src/clock.ts";
import { sweepExpired } from "../../src/housekeeping.ts";
import { type Api, api, bearer } from "../support.ts";

async function ok(a: Api, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

async function member(a: Api, email: string, role: "admin" | "member" = "member") {
  await createPerson(a.env.core, { email, name: email.split("@")[0]! });
  await addMember(a.env.core, { workspace: "acme", email, role });
  const { token } = await mintPat(a.env.core, { workspace: "acme", email, name: "t" });
  return bearer(token);
}

async function agentHeaders(a: Api) {
  const connection = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId: a.personId,
    name: "Build Bot",
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(a.env.core, connection);
  return bearer(access_token);
}

const ids = (page: { data: { identifier: string }[] }) => page.data.map((i) => i.identifier);
const eventTypes = async (a: Api) =>
  (
    await a.env.core.db.selectFrom("events").select(["type", "object_id"]).orderBy("created_at").execute()
  ).map((e) => `${e.type} ${e.object_id}`);

test("trash: a deleted issue leaves lists, search, ready work and its dependents' blockers; restore brings it all back", async (t) => {
  const a = await api(t);
  const blocker = await ok(a, "POST", "/v1/issues", {
    title: "Migrate the importer schema",
    labels: ["backend"],
    description: "zebrafish",
  });
  const blocked = await ok(a, "POST", "/v1/issues", {
    title: "Run the import",
    blockedBy: [blocker.identifier],
  });
  const child = await ok(a, "POST", "/v1/issues", { title: "A child", parent: blocker.identifier });
  await ok(a, "POST", `/v1/issues/${blocker.identifier}/comments`, { body: "a comment about zebrafish" });
  assert.equal((await ok(a, "GET", "/v1/search?q=zebrafish")).data.length, 2);
  assert.equal((await ok(a, "GET", `/v1/issues/${blocked.identifier}`)).ready, false);

  const entry = await ok(a, "DELETE", `/v1/issues/${blocker.identifier}`);
  assert.match(entry.id, /^trs_/);
  assert.equal(entry.type, "issue");
  assert.equal(entry.object_id, blocker.id);
  assert.equal(entry.ref, blocker.identifier);
  assert.equal(entry.title, "Migrate the importer schema");
  assert.equal(entry.deleted_at, "2026-03-01T09:00:00.000Z");
  assert.equal(entry.purge_at, "2026-03-31T09:00:00.000Z");
  assert.equal(entry.restore, `POST /v1/issues/${blocker.identifier}/restore`);

  // reads are 404, saying where it is and how to get it back
  const read = await a.call("GET", `/v1/issues/${blocker.identifier}`);
  assert.equal(read.status, 404);
  assert.equal(read.body.error, "not_found");
  assert.match(
    read.body.error_description,
    /is in the trash .*POST \/v1\/issues\/ENG-1\/restore brings it back/,
  );
  assert.equal((await a.call("PATCH", `/v1/issues/${blocker.identifier}`, { title: "x" })).status, 404);
  // gone from lists, search, the label's count; a deleted blocker no longer blocks
  assert.deepEqual(ids(await ok(a, "GET", "/v1/issues")), [child.identifier, blocked.identifier]);
  assert.deepEqual((await ok(a, "GET", "/v1/search?q=zebrafish")).data, []);
  assert.equal((await ok(a, "GET", "/v1/labels")).data[0].issue_count, 0);
  const nowBlocked = await ok(a, "GET", `/v1/issues/${blocked.identifier}`);
  assert.equal(nowBlocked.ready, true);
  assert.deepEqual(nowBlocked.blockedBy, []);
  assert.ok(ids(await ok(a, "GET", "/v1/issues?ready=true")).includes(blocked.identifier));
  assert.equal((await ok(a, "GET", `/v1/issues/${child.identifier}`)).parent, null);
  // the trash lists it
  const trash = await ok(a, "GET", "/v1/trash");
  assert.deepEqual(
    trash.data.map((x: { ref: string }) => x.ref),
    [blocker.identifier],
  );
  // deleting twice is the trash's 404
  assert.equal((await a.call("DELETE", `/v1/issues/${blocker.identifier}`)).status, 404);

  a.env.clock.advance(DAY);
  const restored = await ok(a, "POST", `/v1/issues/${blocker.identifier.toLowerCase()}/restore`);
  assert.equal(restored.object_id, blocker.id);
  const back = await ok(a, "GET", `/v1/issues/${blocker.identifier}`);
  assert.equal(back.id, blocker.id);
  assert.deepEqual(back.labels, ["backend"]);
  assert.equal(back.version, blocker.version);
  assert.deepEqual(
    back.blocks.map((n: { identifier: string }) => n.identifier),
    [blocked.identifier],
  );
  assert.equal((await ok(a, "GET", `/v1/issues/${blocked.identifier}`)).ready, false);
  assert.equal((await ok(a, "GET", `/v1/issues/${child.identifier}`)).parent.identifier, blocker.identifier);
  assert.equal((await ok(a, "GET", "/v1/search?q=zebrafish")).data.length, 2, "the issue and its comment");
  assert.deepEqual((await ok(a, "GET", "/v1/trash")).data, []);
  const again = await a.call("POST", `/v1/issues/${blocker.identifier}/restore`);
  assert.equal(again.status, 409);

  const events = await eventTypes(a);
  assert.ok(events.includes(`issue.deleted ${blocker.id}`));
  assert.ok(events.includes(`issue.restored ${blocker.id}`));
  assert.ok(events.includes(`issue.ready ${blocked.id}`), "the blocked issue became ready on the deletion");
});

test("trash: purged 30 days after deletion by housekeeping, then 404 and no restore", async (t) => {
  const a = await api(t);
  const issue = await ok(a, "POST", "/v1/issues", { title: "Old" });
  await ok(a, "DELETE", `/v1/issues/${issue.identifier}`);
  a.env.clock.advance(30 * DAY - 1000);
  assert.equal((await sweepExpired(a.env.core)).trash, 0, "not before its 30 days");
  assert.equal((await ok(a, "GET", "/v1/trash")).data.length, 1);
  a.env.clock.advance(1000);
  assert.equal((await sweepExpired(a.env.core)).trash, 1);
  assert.deepEqual((await ok(a, "GET", "/v1/trash")).data, []);
  const read = await a.call("GET", `/v1/issues/${issue.identifier}`);
  assert.equal(read.status, 404);
  assert.doesNotMatch(read.body.error_description, /trash/);
  const restore = await a.call("POST", `/v1/issues/${issue.identifier}/restore`);
  assert.equal(restore.status, 404);
  assert.match(restore.body.error_description, /purged after 30 days/);
  // the identifier is never given out again
  assert.equal((await ok(a, "POST", "/v1/issues", { title: "New" })).identifier, "ENG-2");
});

test("trash: who may delete and restore; agents are refused on every path", async (t) => {
  const a = await api(t);
  const bob = await member(a, "bob@example.com");
  const cara = await member(a, "cara@example.com", "admin");
  const agent = await agentHeaders(a);
  const adas = await ok(a, "POST", "/v1/issues", { title: "Ada's" });
  const bobs = await ok(a, "POST", "/v1/issues", { title: "Bob's" }, bob);

  const refused = await a.call("DELETE", `/v1/issues/${adas.identifier}`, undefined, bob);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error, "forbidden");
  assert.match(refused.body.error_description, /author or a workspace admin/);
  const byAgent = await a.call("DELETE", `/v1/issues/${bobs.identifier}`, undefined, agent);
  assert.equal(byAgent.status, 403);
  assert.match(byAgent.body.error_description, /Agents may not delete/);
  assert.equal((await ok(a, "GET", `/v1/issues/${bobs.identifier}`)).title, "Bob's");
  // the author may; an admin may
  await ok(a, "DELETE", `/v1/issues/${bobs.identifier}`, undefined, bob);
  await ok(a, "DELETE", `/v1/issues/${adas.identifier}`, undefined, cara);
  const agentRestore = await a.call("POST", `/v1/issues/${bobs.identifier}/restore`, undefined, agent);
  assert.equal(agentRestore.status, 403);
  assert.equal((await a.call("POST", `/v1/issues/${adas.identifier}/restore`, undefined, bob)).status, 403);
  await ok(a, "POST", `/v1/issues/${adas.identifier}/restore`);
  // a read-only token may list the trash but not delete
  const ro = bearer(a.readOnlyToken);
  assert.equal((await a.call("GET", "/v1/trash", undefined, ro)).status, 200);
  assert.equal((await a.call("DELETE", `/v1/issues/${adas.identifier}`, undefined, ro)).status, 403);
  // agents may read the trash
  assert.equal((await a.call("GET", "/v1/trash", undefined, agent)).status, 200);
});

test("trash: decisions, notes, folders, cycles and milestones go to the trash and come back", async (t) => {
  const a = await api(t);
  const issue = await ok(a, "POST", "/v1/issues", { title: "Work" });
  const decision = await ok(a, "POST", "/v1/decisions", {
    title: "Use SQLite",
    context: "c",
    decision: "d",
    consequences: "e",
    issues: [issue.identifier],
  });
  const folder = await ok(a, "POST", "/v1/folders", { name: "Specs" });
  const note = await ok(a, "POST", "/v1/notes", { title: "Spec", body: "b", folder: folder.id });
  const milestone = await ok(a, "POST", "/v1/milestones", { name: "Beta" });
  const cycle = await ok(a, "POST", "/v1/cycles", {
    space: "ENG",
    name: "Week 1",
    starts_on: "2026-03-02",
    ends_on: "2026-03-08",
  });
  await ok(a, "PATCH", `/v1/issues/${issue.identifier}`, { milestone: milestone.id, cycle: cycle.id });

  for (const [path, id] of [
    ["decisions", decision.id],
    ["notes", note.id],
    ["milestones", milestone.id],
    ["cycles", cycle.id],
  ] as const) {
    const entry = await ok(a, "DELETE", `/v1/${path}/${id}`);
    assert.equal(entry.object_id, id);
    const read = await a.call("GET", `/v1/${path}/${id}`);
    assert.equal(read.status, 404, `${path} read after delete`);
  }
  const bare = await ok(a, "GET", `/v1/issues/${issue.identifier}`);
  assert.equal(bare.milestone, null);
  assert.equal(bare.cycle, null);
  // a folder holding a deleted note is empty: it goes too
  await ok(a, "DELETE", `/v1/folders/${folder.id}`);
  const trash = await ok(a, "GET", "/v1/trash?limit=2");
  assert.equal(trash.data.length, 2);
  const rest = await ok(a, "GET", `/v1/trash?cursor=${trash.next_cursor}`);
  assert.deepEqual(
    [...trash.data, ...rest.data].map((x: { type: string }) => x.type),
    ["folder", "cycle", "milestone", "note", "decision"],
  );
  assert.deepEqual(
    (await ok(a, "GET", "/v1/trash?type=note")).data.map((x: { object_id: string }) => x.object_id),
    [note.id],
  );
  assert.equal((await a.call("GET", "/v1/trash?type=label")).status, 400);

  for (const [path, id] of [
    ["folders", folder.id],
    ["notes", note.id],
    ["decisions", decision.id],
    ["milestones", milestone.id],
    ["cycles", cycle.id],
  ] as const)
    await ok(a, "POST", `/v1/${path}/${id}/restore`);
  const restoredNote = await ok(a, "GET", `/v1/notes/${note.id}`);
  assert.equal(restoredNote.folder?.id ?? restoredNote.folder_id ?? restoredNote.folder, folder.id);
  const back = await ok(a, "GET", `/v1/issues/${issue.identifier}`);
  assert.equal(back.milestone.id, milestone.id);
  assert.equal(back.cycle.id, cycle.id);
  const events = await eventTypes(a);
  for (const type of ["decision", "note", "folder", "cycle", "milestone"]) {
    assert.ok(
      events.some((e) => e.startsWith(`${type}.deleted `)),
      `${type}.deleted`,
    );
    assert.ok(
      events.some((e) => e.startsWith(`${type}.restored `)),
      `${type}.restored`,
    );
  }
});

test("trash: two deletes of one issue at once are one delete and one 404; two restores, one restore and one 409", async (t) => {
  const a = await api(t);
  const issue = await ok(a, "POST", "/v1/issues", { title: "Raced" });
  const deletes = await Promise.all([
    a.call("DELETE", `/v1/issues/${issue.identifier}`),
    a.call("DELETE", `/v1/issues/${issue.identifier}`),
  ]);
  assert.deepEqual(deletes.map((r) => r.status).sort(), [200, 404]);
  const restores = await Promise.all([
    a.call("POST", `/v1/issues/${issue.identifier}/restore`),
    a.call("POST", `/v1/issues/${issue.identifier}/restore`),
  ]);
  assert.deepEqual(restores.map((r) => r.status).sort(), [200, 409]);
  assert.equal((await ok(a, "GET", `/v1/issues/${issue.identifier}`)).title, "Raced");
  assert.equal(
    (await a.env.core.db.selectFrom("events").select("type").where("type", "=", "issue.deleted").execute())
      .length,
    1,
  );
});
