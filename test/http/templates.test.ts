import assert from "node:assert/strict";
import { test } from "node:test";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember, MAX_SPACES } from "../../src/auth/workspaces.ts";
import { createLabel, MAX_LABELS } from "../../src/tracker/labels.ts";
import { createTemplate, MAX_TEMPLATES_PER_SPACE } from "../../src/tracker/templates.ts";
import { type Api, type ApiCall, api, bearer, seed } from "../support.ts";

/**
 * New-issue templates per space (admins write, members read), the workspace's limits on spaces and
 * labels (at the limit and one past it, and two creations racing for the last place), and the events of
 * a space's creation and rename.
 */

async function member(a: Api, email: string, role: "admin" | "member" = "member") {
  await createPerson(a.env.core, { email, name: email.split("@")[0]! });
  await addMember(a.env.core, { workspace: "acme", email, role });
  const pat = await mintPat(a.env.core, { workspace: "acme", email, name: "t" });
  return bearer(pat.token);
}

function refused(res: ApiCall, status: number, code: string, field?: string) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error, code, res.text);
  if (field) assert.ok(res.body.fields?.[field], `${field} named: ${res.text}`);
}

const names = (res: ApiCall) => (res.body.data as { name: string }[]).map((v) => v.name);
const ctxOf = (a: Api, via = "web") => ({
  core: a.env.core,
  workspaceId: a.workspaceId,
  actor: { personId: a.personId, via },
});

test("templates: made in a space, listed by name, read, changed (If-Match), deleted", async (t) => {
  const a = await api(t);
  const made = await a.call("POST", "/v1/spaces/eng/templates", {
    name: "  Bug report ",
    title: "Bug: ",
    description: "## Steps\n\n1.",
    priority: "high",
    labels: ["bug", "triage"],
    estimate: 2,
  });
  assert.equal(made.status, 201, made.text);
  assert.match(made.body.id, /^tpl_[0-9A-Z]{26}$/);
  assert.equal(made.body.space, "ENG");
  assert.equal(made.body.name, "Bug report");
  assert.equal(made.body.title, "Bug: ", "the title is kept as written, its space included");
  assert.equal(made.body.status, null);
  assert.deepEqual(made.body.labels, ["bug", "triage"]);
  assert.equal(made.body.estimate, 2);
  assert.equal(made.body.version, 1);
  const bare = await a.call("POST", "/v1/spaces/ENG/templates", { name: "another" });
  assert.equal(bare.status, 201, bare.text);
  assert.deepEqual(
    { title: bare.body.title, description: bare.body.description, priority: bare.body.priority },
    { title: "", description: "", priority: "none" },
  );

  const list = await a.call("GET", "/v1/spaces/ENG/templates");
  assert.equal(list.status, 200, list.text);
  assert.deepEqual(names(list), ["another", "Bug report"], "by name, ignoring case");
  const first = await a.call("GET", "/v1/spaces/ENG/templates?limit=1");
  assert.deepEqual(names(first), ["another"]);
  const second = await a.call(
    "GET",
    `/v1/spaces/ENG/templates?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`,
  );
  assert.deepEqual(names(second), ["Bug report"]);
  // the space by its id, as its events name it
  const space = (await a.call("GET", "/v1/spaces/ENG")).body;
  assert.deepEqual(names(await a.call("GET", `/v1/spaces/${space.id}/templates`)), names(list));

  const read = await a.call("GET", `/v1/templates/${made.body.id}`);
  assert.equal(read.status, 200);
  assert.match(String(read.headers.etag), /^"1-/);
  const changed = await a.call(
    "PATCH",
    `/v1/templates/${made.body.id}`,
    { status: "todo", labels: [], estimate: null },
    { "if-match": String(read.headers.etag) },
  );
  assert.equal(changed.status, 200, changed.text);
  assert.deepEqual(
    [changed.body.status, changed.body.labels, changed.body.estimate, changed.body.version],
    ["todo", [], null, 2],
  );
  assert.equal(changed.body.name, "Bug report", "fields not sent are kept");
  const stale = await a.call(
    "PATCH",
    `/v1/templates/${made.body.id}`,
    { name: "Stale" },
    { "if-match": String(read.headers.etag) },
  );
  refused(stale, 412, "precondition_failed");
  assert.equal((await a.call("GET", `/v1/templates/${made.body.id}`)).body.name, "Bug report");

  const gone = await a.call("DELETE", `/v1/templates/${made.body.id}`);
  assert.deepEqual(gone.body, { id: made.body.id, deleted: true });
  refused(await a.call("GET", `/v1/templates/${made.body.id}`), 404, "not_found");
  refused(await a.call("DELETE", `/v1/templates/${made.body.id}`), 404, "not_found");
  assert.deepEqual(names(await a.call("GET", "/v1/spaces/ENG/templates")), ["another"]);
});

test("templates: validation of every field at its limit and past it; bad input changes nothing", async (t) => {
  const a = await api(t);
  const post = (body: unknown) => a.call("POST", "/v1/spaces/ENG/templates", body);
  refused(await post({}), 400, "invalid_request", "body.name");
  refused(await post({ name: "   " }), 400, "invalid_request", "body.name");
  refused(await post({ name: "a\u0007b" }), 400, "invalid_request", "body.name");
  assert.equal((await post({ name: "n".repeat(80) })).status, 201);
  refused(await post({ name: "n".repeat(81) }), 400, "invalid_request", "body.name");
  assert.equal((await post({ name: "long title", title: "t".repeat(255) })).status, 201);
  refused(await post({ name: "x", title: "t".repeat(256) }), 400, "invalid_request", "body.title");
  refused(await post({ name: "x", title: "a\nb" }), 400, "invalid_request", "body.title");
  refused(
    await post({ name: "x", description: "d".repeat(100_001) }),
    400,
    "invalid_request",
    "body.description",
  );
  refused(await post({ name: "x", status: "iced" }), 400, "invalid_request", "body.status");
  refused(await post({ name: "x", priority: "p1" }), 400, "invalid_request", "body.priority");
  refused(await post({ name: "x", estimate: 1001 }), 400, "invalid_request", "body.estimate");
  refused(await post({ name: "x", estimate: 1.5 }), 400, "invalid_request", "body.estimate");
  refused(await post({ name: "x", labels: ["a,b"] }), 400, "invalid_request", "body.labels[0]");
  const many = Array.from({ length: 21 }, (_, i) => `l${i}`);
  refused(await post({ name: "x", labels: many }), 400, "invalid_request", "body.labels");
  refused(await post({ name: "x", colour: "red" }), 400, "invalid_request", "body.colour");
  refused(await post({ name: "N".repeat(80) }), 409, "conflict");
  refused(await a.call("POST", "/v1/spaces/NOPE/templates", { name: "x" }), 404, "not_found");
  refused(await a.call("GET", "/v1/spaces/e/templates"), 400, "invalid_request", "path.prefix");
  refused(await a.call("GET", "/v1/templates/tpl_nope"), 400, "invalid_request", "path.id");
  assert.deepEqual(names(await a.call("GET", "/v1/spaces/ENG/templates")), ["long title", "n".repeat(80)]);

  const one = (await a.call("GET", "/v1/spaces/ENG/templates")).body.data[0];
  refused(await a.call("PATCH", `/v1/templates/${one.id}`, { name: "N".repeat(80) }), 409, "conflict");
  refused(await a.call("PATCH", `/v1/templates/${one.id}`, { priority: "p1" }), 400, "invalid_request");
  const after = await a.call("GET", `/v1/templates/${one.id}`);
  assert.equal(after.body.version, 1, "nothing changed");
  // a name is unique per space: another space may use it
  await a.call("POST", "/v1/spaces", { name: "Operations", prefix: "OPS" });
  assert.equal((await a.call("POST", "/v1/spaces/OPS/templates", { name: "long title" })).status, 201);
});

test("templates: members read, only admins and the Owner write (403), agents never; another workspace's are 404", async (t) => {
  const a = await api(t);
  const made = (await a.call("POST", "/v1/spaces/ENG/templates", { name: "Bug" })).body;
  const bob = await member(a, "bob@example.com");
  const list = await a.call("GET", "/v1/spaces/ENG/templates", undefined, bob);
  assert.deepEqual(names(list), ["Bug"]);
  assert.equal((await a.call("GET", `/v1/templates/${made.id}`, undefined, bob)).status, 200);
  refused(await a.call("POST", "/v1/spaces/ENG/templates", { name: "Mine" }, bob), 403, "forbidden");
  refused(await a.call("PATCH", `/v1/templates/${made.id}`, { name: "Mine" }, bob), 403, "forbidden");
  refused(await a.call("DELETE", `/v1/templates/${made.id}`, undefined, bob), 403, "forbidden");
  const lin = await member(a, "lin@example.com", "admin");
  assert.equal(
    (await a.call("PATCH", `/v1/templates/${made.id}`, { description: "By an admin" }, lin)).status,
    200,
  );
  await assert.rejects(
    createTemplate(ctxOf(a, "con_01J00000000000000000000000"), "ENG", { name: "Agent's" }),
    (e: { status: number; code: string }) => e.status === 403 && e.code === "forbidden",
  );
  refused(
    await a.call("POST", "/v1/spaces/ENG/templates", { name: "x" }, bearer(a.readOnlyToken)),
    403,
    "insufficient_scope",
  );

  const side = await seed(a.env.core, "side", "zed@example.com");
  const zed = bearer(side.token);
  refused(await a.call("GET", `/v1/templates/${made.id}`, undefined, zed), 404, "not_found");
  refused(await a.call("PATCH", `/v1/templates/${made.id}`, { name: "Theirs" }, zed), 404, "not_found");
  refused(await a.call("DELETE", `/v1/templates/${made.id}`, undefined, zed), 404, "not_found");
  // their ENG is their own space: ours is not in it
  assert.deepEqual(names(await a.call("GET", "/v1/spaces/ENG/templates", undefined, zed)), []);
  const ours = (await a.call("GET", "/v1/spaces/ENG")).body.id;
  refused(await a.call("GET", `/v1/spaces/${ours}/templates`, undefined, zed), 404, "not_found");
  assert.equal((await a.call("GET", `/v1/templates/${made.id}`)).body.description, "By an admin");
});

test(`templates: at most ${MAX_TEMPLATES_PER_SPACE} per space; two creations racing for the last place, one wins`, async (t) => {
  const a = await api(t);
  const ctx = ctxOf(a);
  for (let i = 0; i < MAX_TEMPLATES_PER_SPACE - 1; i++) await createTemplate(ctx, "ENG", { name: `t${i}` });
  const race = await Promise.all([
    a.call("POST", "/v1/spaces/ENG/templates", { name: "last one" }),
    a.call("POST", "/v1/spaces/ENG/templates", { name: "one too many" }),
  ]);
  assert.deepEqual(race.map((r) => r.status).sort(), [201, 400], race.map((r) => r.text).join("\n"));
  const past = race.find((r) => r.status === 400)!;
  assert.match(past.body.error_description, /has 50 templates, the most a space may have; delete one first/);
  const all = await a.call("GET", "/v1/spaces/ENG/templates?limit=100");
  assert.equal(all.body.data.length, MAX_TEMPLATES_PER_SPACE);
  refused(await a.call("POST", "/v1/spaces/ENG/templates", { name: "again" }), 400, "invalid_request");
  // deleting one makes room
  await a.call("DELETE", `/v1/templates/${all.body.data[0].id}`);
  assert.equal((await a.call("POST", "/v1/spaces/ENG/templates", { name: "again" })).status, 201);
});

test(`spaces: at most ${MAX_SPACES} per workspace, counted atomically; the answer says so and nothing is made`, async (t) => {
  const a = await api(t);
  // ENG is the first; make all but one more straight in the store (fast), then race for the last place
  const now = new Date().toISOString();
  const rows = Array.from({ length: MAX_SPACES - 2 }, (_, i) => ({
    id: `spc_01J${String(i).padStart(23, "0")}`,
    workspace_id: a.workspaceId,
    name: `Space ${i}`,
    prefix: `S${i}`,
    next_issue_number: 1,
    done_requires: "anyone" as const,
    reviewers: "[]",
    created_at: now,
    updated_at: now,
  }));
  await a.env.core.db.insertInto("spaces").values(rows).execute();
  const race = await Promise.all([
    a.call("POST", "/v1/spaces", { name: "Ninety-nine", prefix: "NN" }),
    a.call("POST", "/v1/spaces", { name: "One hundred", prefix: "HH" }),
  ]);
  assert.deepEqual(race.map((r) => r.status).sort(), [201, 400], race.map((r) => r.text).join("\n"));
  const past = race.find((r) => r.status === 400)!;
  assert.equal(past.body.error, "invalid_request");
  assert.match(past.body.error_description, /has 100 spaces, the most a workspace may have/);
  const count = await a.env.core.db
    .selectFrom("spaces")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", a.workspaceId)
    .executeTakeFirstOrThrow();
  assert.equal(Number(count.n), MAX_SPACES);
  refused(await a.call("POST", "/v1/spaces", { name: "More", prefix: "MORE" }), 400, "invalid_request");
  // the limit is the workspace's: another workspace makes spaces as before
  const side = await seed(a.env.core, "side", "zed@example.com");
  const made = await a.call("POST", "/v1/spaces", { name: "Ops", prefix: "OPS" }, bearer(side.token));
  assert.equal(made.status, 201, made.text);
});

test(`labels: at most ${MAX_LABELS} per workspace, by POST and by an issue naming a new one; racing, one wins`, async (t) => {
  const a = await api(t);
  const now = new Date().toISOString();
  const by = { created_by: a.personId, created_via: "web", updated_by: a.personId, updated_via: "web" };
  const rows = Array.from({ length: MAX_LABELS - 1 }, (_, i) => ({
    id: `lab_01J${String(i).padStart(23, "0")}`,
    workspace_id: a.workspaceId,
    name: `label ${i}`,
    name_key: `label ${i}`,
    color: "#5e6ad2",
    description: "",
    version: 1,
    ...by,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await a.env.core.db
      .insertInto("labels")
      .values(rows.slice(i, i + 100))
      .execute();
  const race = await Promise.all([
    a.call("POST", "/v1/labels", { name: "last" }),
    a.call("POST", "/v1/issues", { title: "Names a new label", labels: ["brand new"] }),
  ]);
  assert.deepEqual(race.map((r) => r.status).sort(), [201, 400], race.map((r) => r.text).join("\n"));
  const past = race.find((r) => r.status === 400)!;
  assert.match(past.body.error_description, /has 500 labels, the most a workspace may have/);
  const count = async () =>
    Number(
      (
        await a.env.core.db
          .selectFrom("labels")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("workspace_id", "=", a.workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  assert.equal(await count(), MAX_LABELS);
  refused(await a.call("POST", "/v1/labels", { name: "more" }), 400, "invalid_request");
  refused(
    await a.call("POST", "/v1/issues", { title: "Another new label", labels: ["more"] }),
    400,
    "invalid_request",
  );
  assert.equal((await a.call("GET", "/v1/issues?q=Another")).body.data.length, 0, "no issue was made");
  // a label the workspace has is used as before, and a name already taken is still the 409 it was
  const ok = await a.call("POST", "/v1/issues", { title: "Existing label", labels: ["LABEL 7"] });
  assert.equal(ok.status, 201, ok.text);
  assert.deepEqual(ok.body.labels, ["label 7"]);
  refused(await a.call("POST", "/v1/labels", { name: "label 8" }), 409, "conflict");
  await assert.rejects(createLabel(ctxOf(a), { name: "more" }), /the most a workspace may have/);
  assert.equal(await count(), MAX_LABELS);
  // deleting one makes room
  const one = (await a.call("GET", "/v1/labels?q=label%2012")).body.data[0];
  await a.call("DELETE", `/v1/labels/${one.id}`);
  assert.equal((await a.call("POST", "/v1/labels", { name: "more" })).status, 201);
});

test("events: space.created and space.updated on the feed, with what changed and where to read the space", async (t) => {
  const a = await api(t);
  const made = await a.call("POST", "/v1/spaces", { name: "Operations", prefix: "OPS" });
  assert.equal(made.status, 201, made.text);
  const renamed = await a.call("PATCH", "/v1/spaces/OPS", { name: "Ops team" });
  assert.equal(renamed.status, 200, renamed.text);
  // a change to nothing new is no event
  await a.call("PATCH", "/v1/spaces/OPS", { name: "Ops team" });
  await a.call("PATCH", "/v1/spaces/OPS", { done_requires: "person" });
  const feed = await a.call("GET", "/v1/events?type=space.*&limit=100");
  assert.equal(feed.status, 200, feed.text);
  const events = feed.body.data as {
    type: string;
    object: { type: string; id: string; url: string };
    data: { changes: Record<string, { from: unknown; to: unknown }> };
  }[];
  assert.deepEqual(
    events.map((e) => e.type),
    ["space.created", "space.updated", "space.updated"],
  );
  const [created, rename, policy] = events;
  assert.equal(created!.object.type, "space");
  assert.equal(created!.object.id, made.body.id);
  assert.deepEqual(created!.data.changes, {
    name: { from: null, to: "Operations" },
    prefix: { from: null, to: "OPS" },
  });
  assert.deepEqual(rename!.data.changes, { name: { from: "Operations", to: "Ops team" } });
  assert.deepEqual(policy!.data.changes, { done_requires: { from: "anyone", to: "person" } });
  // the event names where the space is read
  const read = await a.call("GET", created!.object.url);
  assert.equal(read.status, 200, read.text);
  assert.equal(read.body.prefix, "OPS");
  // a webhook may subscribe to them
  const hook = await a.call("POST", "/v1/webhooks", {
    url: "https://93.184.216.34/hook",
    events: ["space.created", "space.updated"],
  });
  assert.equal(hook.status, 201, hook.text);
  // a refused creation is no event
  refused(await a.call("POST", "/v1/spaces", { name: "Ops team", prefix: "OPX" }), 409, "conflict");
  const after = await a.call("GET", "/v1/events?type=space.created&limit=100");
  assert.equal(after.body.data.length, 1);
});
