import assert from "node:assert/strict";
import { test } from "node:test";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import { MAX_VIEW_FILTERS, MAX_VIEW_NAME, MAX_VIEWS_PER_PERSON } from "../../src/tracker/saved-views.ts";
import { type Api, type ApiCall, api, bearer, seed } from "../support.ts";

/** A person added to acme with `role`, and their token's headers. */
async function member(a: Api, email: string, role: "admin" | "member" = "member") {
  const p = await createPerson(a.env.core, { email, name: email.split("@")[0]! });
  await addMember(a.env.core, { workspace: "acme", email, role });
  const pat = await mintPat(a.env.core, { workspace: "acme", email, name: "t" });
  return { id: p.id, headers: bearer(pat.token) };
}

function refused(res: ApiCall, status: number, code: string, field?: string) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error, code, res.text);
  if (field) assert.ok(res.body.fields?.[`body.${field}`], `${field} named: ${res.text}`);
}

async function save(a: Api, body: unknown, headers: Record<string, string> = {}) {
  const res = await a.call("POST", "/v1/views", body, headers);
  assert.equal(res.status, 201, res.text);
  return res.body as { id: string; name: string; filters: string; shared: boolean };
}

const names = (res: ApiCall) => (res.body.data as { name: string }[]).map((v) => v.name);

test("saved views: made with a name and the list's query (keys in order), listed by name, changed, deleted", async (t) => {
  const a = await api(t);
  const view = await save(a, {
    name: "  My bugs ",
    filters: "?status=todo,in_progress&assignee=me&label=bug",
  });
  assert.match(view.id, /^view_[0-9A-Z]{26}$/);
  assert.equal(view.name, "My bugs");
  assert.equal(view.filters, "assignee=me&label=bug&status=todo%2Cin_progress");
  assert.equal(view.shared, false);
  await save(a, { name: "all open", filters: "", shared: true });

  const list = await a.call("GET", "/v1/views");
  assert.equal(list.status, 200, list.text);
  assert.deepEqual(names(list), ["all open", "My bugs"]);
  assert.equal(list.body.next_cursor, null);
  const paged = await a.call("GET", "/v1/views?limit=1");
  assert.deepEqual(names(paged), ["all open"]);
  const next = await a.call("GET", `/v1/views?limit=1&cursor=${encodeURIComponent(paged.body.next_cursor)}`);
  assert.deepEqual(names(next), ["My bugs"]);

  const renamed = await a.call("PATCH", `/v1/views/${view.id}`, { name: "Bugs", filters: "group=priority" });
  assert.equal(renamed.status, 200, renamed.text);
  assert.equal(renamed.body.name, "Bugs");
  assert.equal(renamed.body.filters, "group=priority");
  assert.equal(renamed.body.shared, false);
  assert.equal((await a.call("GET", `/v1/views/${view.id}`)).body.name, "Bugs");

  const gone = await a.call("DELETE", `/v1/views/${view.id}`);
  assert.deepEqual(gone.body, { id: view.id, deleted: true });
  refused(await a.call("GET", `/v1/views/${view.id}`), 404, "not_found");
  refused(await a.call("DELETE", `/v1/views/${view.id}`), 404, "not_found");
});

test("saved views: validation of the name, the filters, shared and the id, each at its limit and past it", async (t) => {
  const a = await api(t);
  refused(await a.call("POST", "/v1/views", { filters: "" }), 400, "invalid_request", "name");
  refused(await a.call("POST", "/v1/views", { name: "   ", filters: "" }), 400, "invalid_request", "name");
  refused(
    await a.call("POST", "/v1/views", { name: "a\u0007b", filters: "" }),
    400,
    "invalid_request",
    "name",
  );
  await save(a, { name: "n".repeat(MAX_VIEW_NAME), filters: "" });
  refused(
    await a.call("POST", "/v1/views", { name: "n".repeat(MAX_VIEW_NAME + 1), filters: "" }),
    400,
    "invalid_request",
    "name",
  );
  refused(await a.call("POST", "/v1/views", { name: "x" }), 400, "invalid_request", "filters");
  const unknown = await a.call("POST", "/v1/views", { name: "x", filters: "status=todo&colour=red" });
  refused(unknown, 400, "invalid_request", "filters");
  assert.match(unknown.text, /colour/);
  const at = `q=${"a".repeat(MAX_VIEW_FILTERS - 2)}`;
  assert.equal(at.length, MAX_VIEW_FILTERS);
  await save(a, { name: "long", filters: at });
  refused(
    await a.call("POST", "/v1/views", { name: "x", filters: `${at}a` }),
    400,
    "invalid_request",
    "filters",
  );
  refused(
    await a.call("POST", "/v1/views", { name: "x", filters: "", shared: "yes" }),
    400,
    "invalid_request",
    "shared",
  );
  refused(await a.call("POST", "/v1/views", { name: "x", filters: "", owner: "me" }), 400, "invalid_request");
  refused(await a.call("GET", "/v1/views/not-an-id"), 400, "invalid_request");
  refused(
    await a.call("PATCH", "/v1/views/view_01ARZ3NDEKTSV4RRFFQ69G5FAV", { name: "x" }),
    404,
    "not_found",
  );
});

test(`saved views: a person keeps at most ${MAX_VIEWS_PER_PERSON} per workspace; another person's count is their own`, async (t) => {
  const a = await api(t);
  const bob = await member(a, "bob@example.com");
  for (let i = 0; i < MAX_VIEWS_PER_PERSON; i++)
    await save(a, { name: `view ${i}`, filters: "", shared: i % 2 === 0 });
  const past = await a.call("POST", "/v1/views", { name: "one more", filters: "" });
  refused(past, 400, "invalid_request");
  assert.match(past.text, /50 saved views/);
  await save(a, { name: "bob's", filters: "" }, bob.headers);
  const first = (await a.call("GET", "/v1/views?limit=1")).body.data[0];
  await a.call("DELETE", `/v1/views/${first.id}`);
  await save(a, { name: "room again", filters: "" });
});

test("saved views: personal ones are their author's only; shared ones every member sees; the author or an admin changes a shared one", async (t) => {
  const a = await api(t);
  const bob = await member(a, "bob@example.com");
  const cy = await member(a, "cy@example.com", "admin");
  const dee = await member(a, "dee@example.com");

  const bobsOwn = await save(a, { name: "Bob's own", filters: "assignee=me" }, bob.headers);
  const bobsShared = await save(a, { name: "Team bugs", filters: "label=bug", shared: true }, bob.headers);

  // Dee sees the shared one only; Bob's personal view is as absent as one that never was
  assert.deepEqual(names(await a.call("GET", "/v1/views", undefined, dee.headers)), ["Team bugs"]);
  assert.deepEqual(names(await a.call("GET", "/v1/views", undefined, bob.headers)), [
    "Bob's own",
    "Team bugs",
  ]);
  refused(await a.call("GET", `/v1/views/${bobsOwn.id}`, undefined, dee.headers), 404, "not_found");
  refused(await a.call("PATCH", `/v1/views/${bobsOwn.id}`, { name: "mine" }, dee.headers), 404, "not_found");
  // not even the Owner or an admin sees another's personal view
  refused(await a.call("GET", `/v1/views/${bobsOwn.id}`), 404, "not_found");
  refused(await a.call("DELETE", `/v1/views/${bobsOwn.id}`, undefined, cy.headers), 404, "not_found");

  // a member who is not the author may not change or delete a shared view
  refused(
    await a.call("PATCH", `/v1/views/${bobsShared.id}`, { name: "Dee's" }, dee.headers),
    403,
    "forbidden",
  );
  refused(await a.call("DELETE", `/v1/views/${bobsShared.id}`, undefined, dee.headers), 403, "forbidden");
  // an admin and the Owner may; only the author makes it personal again
  const byAdmin = await a.call("PATCH", `/v1/views/${bobsShared.id}`, { name: "Open bugs" }, cy.headers);
  assert.equal(byAdmin.status, 200, byAdmin.text);
  assert.equal(byAdmin.body.updated_by.person_id, cy.id);
  refused(
    await a.call("PATCH", `/v1/views/${bobsShared.id}`, { shared: false }, cy.headers),
    403,
    "forbidden",
  );
  refused(await a.call("PATCH", `/v1/views/${bobsShared.id}`, { shared: false }), 403, "forbidden");
  const personal = await a.call("PATCH", `/v1/views/${bobsShared.id}`, { shared: false }, bob.headers);
  assert.equal(personal.body.shared, false);
  assert.deepEqual(names(await a.call("GET", "/v1/views", undefined, dee.headers)), []);
  // shared again by its author, then deleted by the Owner
  await a.call("PATCH", `/v1/views/${bobsShared.id}`, { shared: true }, bob.headers);
  const deleted = await a.call("DELETE", `/v1/views/${bobsShared.id}`);
  assert.equal(deleted.status, 200, deleted.text);
  assert.deepEqual(names(await a.call("GET", "/v1/views", undefined, bob.headers)), ["Bob's own"]);
});

test("saved views: another workspace's views, shared or not, are not seen from this one", async (t) => {
  const a = await api(t);
  const view = await save(a, { name: "Shared", filters: "", shared: true });
  const side = await seed(a.env.core, "side", "zed@example.com");
  const zed = bearer(side.token);
  refused(await a.call("GET", `/v1/views/${view.id}`, undefined, zed), 404, "not_found");
  refused(await a.call("PATCH", `/v1/views/${view.id}`, { name: "x" }, zed), 404, "not_found");
  assert.deepEqual(names(await a.call("GET", "/v1/views", undefined, zed)), []);
  // a read-only token reads views but does not save them
  const ro = bearer(a.readOnlyToken);
  assert.deepEqual(names(await a.call("GET", "/v1/views", undefined, ro)), ["Shared"]);
  refused(await a.call("POST", "/v1/views", { name: "x", filters: "" }, ro), 403, "insufficient_scope");
});
