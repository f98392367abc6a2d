import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { promisify } from "node:util";
import { createConnection } from "../../src/auth/connections.ts";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { systemClock } from "../../src/clock.ts";
import { createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { hashSecret, newId } from "../../src/secrets.ts";
import { createTestDatabase, REPO, testConfig } from "../support.ts";

const run = promisify(execFile);

async function docket(databaseUrl: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["src/cli/main.ts", "admin", ...args], {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function ok(db: string, ...args: string[]): Promise<string> {
  const r = await docket(db, ...args);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

test("members remove, people delete and workspaces delete end the connections they touch at once", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const db = database.url;
  await ok(db, "migrate");
  for (const email of ["ada@example.com", "grace@example.com", "mallory@example.com"]) {
    await ok(db, "people", "create", "--email", email);
  }
  await ok(
    db,
    "workspaces",
    "create",
    "--name",
    "Acme",
    "--owner",
    "ada@example.com",
    "--space-prefix",
    "ENG",
  );
  await ok(
    db,
    "workspaces",
    "create",
    "--name",
    "Beta",
    "--owner",
    "ada@example.com",
    "--space-prefix",
    "BET",
  );
  await ok(db, "members", "add", "--workspace", "acme", "--email", "grace@example.com");
  await ok(db, "members", "add", "--workspace", "acme", "--email", "mallory@example.com");

  // Agent connections as an approval leaves them, each behind a redeemed registration.
  const store = openStore(testConfig(db).database, { poolSize: 2 });
  t.after(() => store.close());
  const core = createCore(testConfig(db), store, { limiter: new MemoryRateLimiter(systemClock) });
  const people = Object.fromEntries(
    (await store.db.selectFrom("people").select(["id", "email"]).execute()).map((p) => [
      p.email.split("@")[0]!,
      p.id,
    ]),
  );
  const spaces = Object.fromEntries(
    (await store.db.selectFrom("workspaces").select(["id", "slug"]).execute()).map((w) => [w.slug, w.id]),
  );
  async function agent(
    person: string,
    workspace: string,
  ): Promise<{ connection: string; registration: string }> {
    const c = await createConnection(core, {
      kind: "agent",
      workspaceId: spaces[workspace]!,
      personId: people[person]!,
      name: "Agent",
      scopes: ["workspace.read"],
    });
    const now = new Date().toISOString();
    const registration = newId("reg");
    await store.db
      .insertInto("agent_registrations")
      .values({
        id: registration,
        claim_token_hash: hashSecret(registration),
        login_hint: `${person}@example.com`,
        client_name: null,
        status: "redeemed",
        ip: null,
        interval_seconds: 5,
        last_polled_at: null,
        codes_issued: 1,
        person_id: people[person]!,
        workspace_id: spaces[workspace]!,
        scopes: "workspace.read",
        connection_id: c.id,
        decided_at: now,
        redeemed_at: now,
        created_at: now,
        expires_at: now,
      })
      .execute();
    return { connection: c.id, registration };
  }
  const status = async (id: string) =>
    (
      await store.db
        .selectFrom("agent_registrations")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;
  const revoked = async (id: string) =>
    (await store.db
      .selectFrom("connections")
      .select(["revoked_at", "revoked_reason"])
      .where("id", "=", id)
      .executeTakeFirst()) ?? null;

  const grace = await agent("grace", "acme");
  const graceBeta = await agent("grace", "beta");
  const mallory = await agent("mallory", "acme");
  const ada = await agent("ada", "beta");

  // members remove
  const removed = await ok(db, "members", "remove", "--workspace", "acme", "--email", "grace@example.com");
  assert.match(removed, /grace@example\.com is no longer a member of acme/);
  assert.equal((await revoked(grace.connection))?.revoked_reason, "left_workspace");
  assert.equal(await status(grace.registration), "revoked");
  assert.equal((await revoked(graceBeta.connection))?.revoked_at, null, "only that workspace's connections");
  const again = await docket(db, "members", "remove", "--workspace", "acme", "--email", "grace@example.com");
  assert.equal(again.code, 4);
  assert.match(again.stderr, /not a member of acme/);
  const owner = await docket(db, "members", "remove", "--workspace", "acme", "--email", "ada@example.com");
  assert.equal(owner.code, 1);
  assert.match(owner.stderr, /the Owner cannot be removed/);

  // people delete
  const refusedOwner = await docket(db, "people", "delete", "--email", "ada@example.com");
  assert.equal(refusedOwner.code, 1);
  assert.match(refusedOwner.stderr, /owns acme, beta; delete those workspaces first/);
  assert.equal((await revoked(ada.connection))?.revoked_at, null, "a refusal changes nothing");
  const deleted = JSON.parse(await ok(db, "people", "delete", "--email", "mallory@example.com", "--json"));
  assert.equal(deleted.email, "mallory@example.com");
  assert.equal(await revoked(mallory.connection), null, "the connection is gone with the account");
  assert.equal(await status(mallory.registration), "revoked");
  assert.equal((await docket(db, "people", "delete", "--email", "mallory@example.com")).code, 4);

  // workspaces delete
  const gone = await ok(db, "workspaces", "delete", "--workspace", "beta");
  assert.match(gone, /Workspace beta .* is deleted/);
  assert.equal(await status(ada.registration), "revoked");
  assert.equal(await status(graceBeta.registration), "revoked");
  assert.equal(await revoked(ada.connection), null);
  assert.equal((await docket(db, "workspaces", "delete", "--workspace", "beta")).code, 4);
  const list = JSON.parse(await ok(db, "workspaces", "list", "--json"));
  assert.deepEqual(
    list.map((w: { slug: string }) => w.slug),
    ["acme"],
  );
  const help = await ok(db, "--help");
  for (const command of ["members remove", "people delete", "workspaces delete"])
    assert.ok(help.includes(command));
});
