import assert from "node:assert/strict";
import { test } from "node:test";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { updateWorkspaceSettings } from "../../src/auth/team.ts";
import { createSpace, getWorkspaceIdentity } from "../../src/auth/workspaces.ts";
import { createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { api, eventually } from "../support.ts";

/** The identity's name and its spaces as `PREFIX name`, as GET /v1/workspace answers them. */
async function shown(a: Awaited<ReturnType<typeof api>>): Promise<{ name: string; spaces: string[] }> {
  const res = await a.call("GET", "/v1/workspace");
  assert.equal(res.status, 200, res.text);
  return {
    name: res.body.name,
    spaces: res.body.spaces.map((s: { prefix: string; name: string }) => `${s.prefix} ${s.name}`),
  };
}

test("the workspace identity is kept between reads, and every change to it is seen by the next read", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  // on PostgreSQL a version holds only once the store's listener reads the change counter
  assert.ok(
    await eventually(async () => !(await core.store.changes.version()).includes(":u"), 5000),
    "the change signal vouches for caches",
  );
  const first = await getWorkspaceIdentity(core, a.workspaceId);
  assert.equal(await getWorkspaceIdentity(core, a.workspaceId), first, "the second read is the one kept");
  assert.ok(
    Object.isFrozen(first) && Object.isFrozen(first.spaces),
    "what is kept cannot be changed by a caller",
  );
  assert.deepEqual(await shown(a), { name: "acme", spaces: ["ENG ENG"] });

  const made = await a.call("POST", "/v1/spaces", { name: "Design", prefix: "DES" });
  assert.equal(made.status, 201, made.text);
  assert.deepEqual((await shown(a)).spaces, ["DES Design", "ENG ENG"], "a new space at once");

  const renamed = await a.call("PATCH", "/v1/spaces/DES", { name: "Brand" });
  assert.equal(renamed.status, 200, renamed.text);
  assert.deepEqual((await shown(a)).spaces, ["DES Brand", "ENG ENG"], "a renamed space at once");

  const settings = await a.call("PATCH", "/v1/workspace", { name: "Acme Inc" });
  assert.equal(settings.status, 200, settings.text);
  assert.equal((await shown(a)).name, "Acme Inc", "a renamed workspace at once");

  // inside a unit of work (a request with an Idempotency-Key): seen once the unit has committed
  const keyed = await a.call(
    "POST",
    "/v1/spaces",
    { name: "Ops", prefix: "OPS" },
    { "idempotency-key": "space-ops-1" },
  );
  assert.equal(keyed.status, 201, keyed.text);
  assert.deepEqual((await shown(a)).spaces, ["DES Brand", "ENG ENG", "OPS Ops"]);

  // a change that did not commit changes nothing that is kept: the taken prefix is refused
  const clash = await a.call("POST", "/v1/spaces", { name: "Other", prefix: "OPS" });
  assert.equal(clash.status, 409, clash.text);
  assert.deepEqual((await shown(a)).spaces, ["DES Brand", "ENG ENG", "OPS Ops"]);
});

test("a change made through another store on the same database (another instance, or docket admin) is seen at once", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const other = openStore(a.env.config.database);
  t.after(() => other.close());
  const otherCore = createCore(a.env.config, other, {
    clock: a.env.clock,
    limiter: new MemoryRateLimiter(a.env.clock),
  });
  assert.ok(
    await eventually(async () => !(await core.store.changes.version()).includes(":u"), 5000),
    "the change signal vouches for caches",
  );
  assert.deepEqual(await shown(a), { name: "acme", spaces: ["ENG ENG"] });
  assert.equal(
    await getWorkspaceIdentity(core, a.workspaceId),
    await getWorkspaceIdentity(core, a.workspaceId),
  );

  await createSpace(otherCore, { workspace: "acme", name: "Support", prefix: "SUP" });
  assert.deepEqual((await shown(a)).spaces, ["ENG ENG", "SUP Support"]);

  await updateWorkspaceSettings(
    otherCore,
    { workspaceId: a.workspaceId, personId: a.personId, isAgent: false },
    {
      name: "Renamed elsewhere",
    },
  );
  assert.equal((await shown(a)).name, "Renamed elsewhere");
});
