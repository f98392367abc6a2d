import assert from "node:assert/strict";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import { api, bearer } from "../support.ts";

test("spaces: admins create and rename them; prefixes and names are unique; members and agents are refused", async (t) => {
  const a = await api(t);
  await createPerson(a.env.core, { email: "bob@example.com", name: "Bob" });
  await addMember(a.env.core, { workspace: "acme", email: "bob@example.com", role: "member" });
  const bob = bearer(
    (await mintPat(a.env.core, { workspace: "acme", email: "bob@example.com", name: "t" })).token,
  );
  const connection = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId: a.personId,
    name: "Bot",
    scopes: ["workspace.read", "workspace.write"],
  });
  const agent = bearer((await issueAccessToken(a.env.core, connection)).access_token);

  const made = await a.call("POST", "/v1/spaces", { name: " Design ", prefix: "des" });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.name, "Design");
  assert.equal(made.body.prefix, "DES");
  assert.equal(made.body.done_requires, "anyone");
  const issue = await a.call("POST", "/v1/issues", { title: "Logo", space: "DES" });
  assert.equal(issue.body.identifier, "DES-1");

  for (const [body, field] of [
    [{ name: "X", prefix: "D" }, "prefix"],
    [{ name: "X", prefix: "1AB" }, "prefix"],
    [{ name: "X", prefix: "ABCDEFGHIJK" }, "prefix"],
    [{ name: "", prefix: "ABC" }, "name"],
    [{ name: "n".repeat(101), prefix: "ABC" }, "name"],
  ] as const) {
    const bad = await a.call("POST", "/v1/spaces", body);
    assert.equal(bad.status, 400, JSON.stringify(body));
    assert.ok(bad.body.fields[`body.${field}`], bad.text);
  }
  assert.equal(
    (await a.call("POST", "/v1/spaces", { name: "n".repeat(100), prefix: "ABCDEFGHIJ" })).status,
    201,
  );
  const samePrefix = await a.call("POST", "/v1/spaces", { name: "Other", prefix: "DES" });
  assert.equal(samePrefix.status, 409);
  assert.match(samePrefix.body.error_description, /prefix DES/);
  const sameName = await a.call("POST", "/v1/spaces", { name: "Design", prefix: "DSN" });
  assert.equal(sameName.status, 409);

  const byMember = await a.call("POST", "/v1/spaces", { name: "Ops", prefix: "OPS" }, bob);
  assert.equal(byMember.status, 403);
  assert.match(byMember.body.error_description, /Owner and admins may create a space/);
  const byAgent = await a.call("POST", "/v1/spaces", { name: "Ops", prefix: "OPS" }, agent);
  assert.equal(byAgent.status, 403);
  assert.match(byAgent.body.error_description, /never an agent/);

  // rename: the prefix stays, identifiers too
  const renamed = await a.call("PATCH", "/v1/spaces/DES", { name: "Brand" });
  assert.equal(renamed.status, 200, renamed.text);
  assert.equal(renamed.body.name, "Brand");
  assert.equal(renamed.body.prefix, "DES");
  assert.equal((await a.call("PATCH", "/v1/spaces/DES", { name: "Brand" })).status, 200, "its own name");
  const clash = await a.call("PATCH", "/v1/spaces/DES", { name: "n".repeat(100) });
  assert.equal(clash.status, 409);
  assert.equal((await a.call("PATCH", "/v1/spaces/DES", { name: "Nope" }, bob)).status, 403);
  assert.equal((await a.call("PATCH", "/v1/spaces/DES", { name: "Nope" }, agent)).status, 403);
  assert.equal((await a.call("GET", "/v1/issues/DES-1")).body.space, "DES");
  const list = await a.call("GET", "/v1/spaces");
  assert.deepEqual(
    list.body.data.map((s: { prefix: string; name: string }) => `${s.prefix} ${s.name}`),
    ["ABCDEFGHIJ " + "n".repeat(100), "DES Brand", "ENG Engineering"].map((x) =>
      x.replace("Engineering", list.body.data[2].name),
    ),
  );
});
