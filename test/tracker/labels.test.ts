import assert from "node:assert/strict";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { LABEL_PALETTE } from "../../src/tracker/labels.ts";
import { type Api, api, bearer, seed } from "../support.ts";

async function ok(a: Api, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
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

const eventsOf = async (a: Api, type: string) =>
  a.env.core.db.selectFrom("events").selectAll().where("type", "=", type).orderBy("created_at").execute();

test("labels: create, read, list with issue counts, colours from the palette", async (t) => {
  const a = await api(t);
  const bug = await ok(a, "POST", "/v1/labels", { name: " Bug ", color: "#EB5757", description: "Broken." });
  assert.match(bug.id, /^lab_[0-9A-Z]{26}$/);
  assert.equal(bug.name, "Bug");
  assert.equal(bug.color, "#eb5757");
  assert.equal(bug.description, "Broken.");
  assert.equal(bug.issue_count, 0);
  assert.equal(bug.version, 1);
  // no colour given: the palette's next (one label exists, so the second colour)
  const spaced = await ok(a, "POST", "/v1/labels", { name: "needs design" });
  assert.equal(spaced.name, "needs design", "names with spaces are fine");
  assert.equal(spaced.color, LABEL_PALETTE[1]);
  assert.equal(spaced.description, "");

  await ok(a, "POST", "/v1/issues", { title: "One", labels: ["bug"] });
  await ok(a, "POST", "/v1/issues", { title: "Two", labels: ["Bug", "needs design"] });
  const got = await ok(a, "GET", `/v1/labels/${bug.id}`);
  assert.equal(got.issue_count, 2);

  const list = await ok(a, "GET", "/v1/labels?limit=1");
  assert.deepEqual(
    list.data.map((l: { name: string }) => l.name),
    ["Bug"],
  );
  assert.ok(list.next_cursor);
  const rest = await ok(a, "GET", `/v1/labels?limit=1&cursor=${list.next_cursor}`);
  assert.deepEqual(
    rest.data.map((l: { name: string; issue_count: number }) => [l.name, l.issue_count]),
    [["needs design", 1]],
  );
  assert.equal(rest.next_cursor, null);
  const found = await ok(a, "GET", "/v1/labels?q=DESIGN");
  assert.deepEqual(
    found.data.map((l: { name: string }) => l.name),
    ["needs design"],
  );
  assert.equal((await eventsOf(a, "label.created")).length, 2);

  // another workspace sees none of them
  const other = await seed(a.env.core, "globex", "gus@example.com");
  const theirs = await a.call("GET", "/v1/labels", undefined, bearer(other.token));
  assert.deepEqual(theirs.body.data, []);
  assert.equal((await a.call("GET", `/v1/labels/${bug.id}`, undefined, bearer(other.token))).status, 404);
});

test("labels: validation of names, colours and descriptions, each refused with its field", async (t) => {
  const a = await api(t);
  const refused = async (body: unknown, field: string) => {
    const res = await a.call("POST", "/v1/labels", body);
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error, "invalid_request");
    assert.ok(res.body.fields?.[`body.${field}`], `${JSON.stringify(body)}: ${res.text}`);
  };
  await refused({ name: "" }, "name");
  await refused({ name: "   " }, "name");
  await refused({ name: "a,b" }, "name");
  await refused({ name: "tab\there" }, "name");
  await refused({ name: "x".repeat(51) }, "name");
  await ok(a, "POST", "/v1/labels", { name: "x".repeat(50) });
  await refused({ name: "ok", color: "red" }, "color");
  await refused({ name: "ok", color: "#12345" }, "color");
  await refused({ name: "ok", color: "#1234567" }, "color");
  await refused({ name: "ok", color: "#12345g" }, "color");
  await refused({ name: "ok", description: "d".repeat(501) }, "description");
  await ok(a, "POST", "/v1/labels", { name: "ok", description: "d".repeat(500) });
  await refused({ name: "extra", colour: "#000000" }, "colour");

  // one name per workspace, ignoring case
  const dup = await a.call("POST", "/v1/labels", { name: "OK" });
  assert.equal(dup.status, 409);
  assert.equal(dup.body.error, "conflict");
  assert.match(dup.body.error_description, /exists already/);
  // issues refuse bad label names as before
  const bad = await a.call("POST", "/v1/issues", { title: "t", labels: ["a,b"] });
  assert.equal(bad.status, 400);
  assert.equal((await a.call("GET", "/v1/labels/lab_01JZZZZZZZZZZZZZZZZZZZZZZZ")).status, 404);
  assert.equal((await a.call("GET", "/v1/labels/bug")).status, 400);
});

test("labels: issues name labels in any case and carry the label's spelling; unknown names make labels", async (t) => {
  const a = await api(t);
  await ok(a, "POST", "/v1/labels", { name: "Frontend", color: "#4cb782" });
  const issue = await ok(a, "POST", "/v1/issues", { title: "t", labels: ["frontend", "FRONTEND", "infra"] });
  assert.deepEqual(issue.labels, ["Frontend", "infra"]);
  const labels = await ok(a, "GET", "/v1/labels");
  assert.deepEqual(
    labels.data.map((l: { name: string; issue_count: number }) => [l.name, l.issue_count]),
    [
      ["Frontend", 1],
      ["infra", 1],
    ],
  );
  const changed = await ok(a, "PATCH", `/v1/issues/${issue.identifier}`, { labels: ["INFRA", "Later"] });
  assert.deepEqual(changed.labels, ["infra", "Later"]);
  // the list's filter ignores case too
  const filtered = await ok(a, "GET", "/v1/issues?label=later");
  assert.deepEqual(
    filtered.data.map((i: { identifier: string }) => i.identifier),
    [issue.identifier],
  );
});

test("labels: rename changes every issue; a rename to another label's name merges them", async (t) => {
  const a = await api(t);
  const bug = await ok(a, "POST", "/v1/labels", { name: "bug", color: "#eb5757" });
  const defect = await ok(a, "POST", "/v1/labels", { name: "defect", color: "#f2994a", description: "Old" });
  const one = await ok(a, "POST", "/v1/issues", { title: "one", labels: ["bug"] });
  const two = await ok(a, "POST", "/v1/issues", { title: "two", labels: ["defect", "ui"] });
  const both = await ok(a, "POST", "/v1/issues", { title: "both", labels: ["defect", "bug"] });

  // a plain rename (and a change of case alone is a rename too)
  const renamed = await ok(a, "PATCH", `/v1/labels/${bug.id}`, { name: "Bug report" }, { "if-match": '"1"' });
  assert.equal(renamed.name, "Bug report");
  assert.equal(renamed.version, 2);
  assert.deepEqual((await ok(a, "GET", `/v1/issues/${one.identifier}`)).labels, ["Bug report"]);
  const stale = await a.call("PATCH", `/v1/labels/${bug.id}`, { color: "#000000" }, { "if-match": '"1"' });
  assert.equal(stale.status, 412);

  // defect merges into "Bug report": issues with either carry it once
  const merged = await ok(a, "PATCH", `/v1/labels/${defect.id}`, {
    name: "BUG REPORT",
    description: "Broken.",
  });
  assert.equal(merged.id, bug.id);
  assert.equal(merged.name, "Bug report");
  assert.equal(merged.color, "#eb5757");
  assert.equal(merged.description, "Broken.");
  assert.equal(merged.issue_count, 3);
  assert.equal((await a.call("GET", `/v1/labels/${defect.id}`)).status, 404);
  assert.deepEqual((await ok(a, "GET", `/v1/issues/${two.identifier}`)).labels, ["Bug report", "ui"]);
  assert.deepEqual((await ok(a, "GET", `/v1/issues/${both.identifier}`)).labels, ["Bug report"]);
  const deleted = await eventsOf(a, "label.deleted");
  assert.equal(deleted.length, 1);
  assert.deepEqual(JSON.parse(deleted[0]!.data).merged_into, { id: bug.id, name: "Bug report" });
  // each issue changed has its issue.updated with the labels before and after
  const updates = (await eventsOf(a, "issue.updated")).filter((e) => e.object_id === both.id);
  assert.deepEqual(JSON.parse(updates.at(-1)!.data).changes.labels, {
    from: ["defect", "Bug report"],
    to: ["Bug report"],
  });
});

test("labels: delete takes the label off every issue, with events; agents may not delete", async (t) => {
  const a = await api(t);
  const ui = await ok(a, "POST", "/v1/labels", { name: "ui" });
  const issue = await ok(a, "POST", "/v1/issues", { title: "t", labels: ["ui", "api"] });
  const agent = await agentHeaders(a);
  // an agent may make and change labels, but not delete one
  await ok(a, "PATCH", `/v1/labels/${ui.id}`, { color: "#123abc" }, agent);
  const refused = await a.call("DELETE", `/v1/labels/${ui.id}`, undefined, agent);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error, "forbidden");
  assert.deepEqual((await ok(a, "GET", `/v1/issues/${issue.identifier}`)).labels, ["ui", "api"]);

  const gone = await ok(a, "DELETE", `/v1/labels/${ui.id}`);
  assert.deepEqual(gone, { id: ui.id, deleted: true, issues_changed: 1 });
  const after = await ok(a, "GET", `/v1/issues/${issue.identifier}`);
  assert.deepEqual(after.labels, ["api"]);
  assert.equal(after.version, issue.version + 1);
  assert.deepEqual((await ok(a, "GET", "/v1/issues?label=ui")).data, []);
  assert.equal((await a.call("DELETE", `/v1/labels/${ui.id}`)).status, 404);
  const events = await eventsOf(a, "label.deleted");
  assert.equal(events.length, 1);
  assert.equal(JSON.parse(events[0]!.data).issues_changed, 1);
  const updated = (await eventsOf(a, "issue.updated")).filter((e) => e.object_id === issue.id);
  assert.deepEqual(JSON.parse(updated.at(-1)!.data).changes.labels, { from: ["ui", "api"], to: ["api"] });
  // a read-only token may list but not write
  const ro = bearer(a.readOnlyToken);
  assert.equal((await a.call("GET", "/v1/labels", undefined, ro)).status, 200);
  assert.equal((await a.call("POST", "/v1/labels", { name: "x" }, ro)).status, 403);
});

test("labels: a delete and an issue write at once leave the issue's labels whole and each a label", async (t) => {
  const a = await api(t);
  const ui = await ok(a, "POST", "/v1/labels", { name: "ui" });
  for (let round = 0; round < 5; round++) {
    const issue = await ok(a, "POST", "/v1/issues", { title: `t${round}`, labels: ["ui", "api"] });
    const [patched, deleted] = await Promise.all([
      a.call("PATCH", `/v1/issues/${issue.identifier}`, { labels: ["api", "x"] }),
      a.call(
        "DELETE",
        `/v1/labels/${round === 0 ? ui.id : ((await ok(a, "GET", "/v1/labels?q=ui")).data[0]?.id ?? ui.id)}`,
      ),
    ]);
    assert.equal(patched.status, 200, patched.text);
    assert.ok([200, 404].includes(deleted.status), deleted.text);
    const row = await a.env.core.db
      .selectFrom("issues")
      .select("labels")
      .where("id", "=", issue.id)
      .executeTakeFirstOrThrow();
    const rows = await a.env.core.db
      .selectFrom("issue_labels")
      .select("label")
      .where("issue_id", "=", issue.id)
      .execute();
    assert.deepEqual(JSON.parse(row.labels), ["api", "x"]);
    assert.deepEqual(rows.map((r) => r.label).sort(), ["api", "x"]);
    await ok(a, "POST", "/v1/labels", { name: "ui" }).catch(() => undefined);
  }
});
