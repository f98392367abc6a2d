import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { describe, test } from "node:test";
import { promisify } from "node:util";
import { createTestDatabase, REPO } from "../support.ts";

const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `docket admin` process against a database. */
async function docket(databaseUrl: string, ...args: string[]): Promise<Outcome> {
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

/** Runs a command that must fail with `code`, saying what `message` matches on stderr. */
async function refused(
  db: string,
  code: number,
  message: RegExp | undefined,
  ...args: string[]
): Promise<void> {
  const r = await docket(db, ...args);
  assert.equal(r.code, code, r.stderr);
  if (message) assert.match(r.stderr, message);
}

async function json<T = Record<string, unknown>>(db: string, ...args: string[]): Promise<T> {
  const r = await docket(db, ...args, "--json");
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as T;
}

describe("docket admin", () => {
  test("the operator's whole path: person, workspace, member, space, limit, token, revoke, switches", async (t) => {
    const database = await createTestDatabase();
    t.after(() => database.drop());
    const db = database.url;

    const migrated = await json<{ applied: string[] }>(db, "migrate");
    // a new database: the command names what it applied (the migration service's log in compose.yaml)
    assert.ok(migrated.applied.length > 0, "a new database gets every migration");
    const again = await docket(db, "migrate");
    assert.equal(again.code, 0);
    assert.match(again.stdout, /Schema is up to date/);

    const ada = await json(db, "people", "create", "--email", "  Ada@Example.COM ", "--name", "Ada Lovelace");
    assert.equal(ada.email, "ada@example.com");
    assert.equal(ada.name, "Ada Lovelace");
    assert.match(String(ada.id), /^usr_[0-9A-Z]{26}$/);
    const grace = await docket(db, "people", "create", "--email", "grace@example.com");
    assert.equal(grace.code, 0);
    assert.match(grace.stdout, /Created grace@example\.com/);

    await refused(
      db,
      1,
      /conflict: A person with email ada@example\.com already exists/,
      "people",
      "create",
      "--email",
      "ADA@example.com",
    );

    const bad = await docket(db, "people", "create", "--email", "not-an-email");
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /email: must be an email address/);

    const ws = await json(
      db,
      "workspaces",
      "create",
      "--name",
      "Acme Robotics",
      "--owner",
      "ada@example.com",
      "--space-name",
      "Engineering",
      "--space-prefix",
      "eng",
    );
    assert.equal(ws.slug, "acme-robotics");
    assert.equal(ws.agent_connection_limit, 3, "the free plan's default");
    assert.deepEqual(
      (ws.spaces as { prefix: string }[]).map((s) => s.prefix),
      ["ENG"],
    );
    assert.deepEqual(ws.owner, { id: ada.id, email: "ada@example.com" });

    await refused(
      db,
      1,
      /slug "acme-robotics" is taken/,
      "workspaces",
      "create",
      "--name",
      "Acme Robotics",
      "--owner",
      "ada@example.com",
      "--space-prefix",
      "ENG",
    );
    await refused(
      db,
      4,
      /No person has the email nobody@example\.com/,
      "workspaces",
      "create",
      "--name",
      "X",
      "--owner",
      "nobody@example.com",
      "--space-prefix",
      "X1",
    );
    await refused(
      db,
      1,
      /space_prefix: must be 2 to 10 letters or digits/,
      "workspaces",
      "create",
      "--name",
      "Y",
      "--owner",
      "ada@example.com",
      "--space-prefix",
      "1-bad",
    );

    const space = await json(
      db,
      "spaces",
      "create",
      "--workspace",
      "acme-robotics",
      "--name",
      "Design",
      "--prefix",
      "des",
    );
    assert.equal(space.prefix, "DES");
    await refused(
      db,
      1,
      /already has a space with the prefix DES/,
      "spaces",
      "create",
      "--workspace",
      "acme-robotics",
      "--name",
      "Devices",
      "--prefix",
      "DES",
    );

    const member = await json(
      db,
      "members",
      "add",
      "--workspace",
      "acme-robotics",
      "--email",
      "grace@example.com",
      "--role",
      "admin",
    );
    assert.equal(member.role, "admin");
    const twice = await docket(
      db,
      "members",
      "add",
      "--workspace",
      "acme-robotics",
      "--email",
      "grace@example.com",
    );
    assert.equal(twice.code, 1);
    assert.match(twice.stderr, /already a member/);
    const owner = await docket(
      db,
      "members",
      "add",
      "--workspace",
      "acme-robotics",
      "--email",
      "grace@example.com",
      "--role",
      "owner",
    );
    assert.equal(owner.code, 1);
    assert.match(owner.stderr, /role: must be "admin" or "member"/);
    const members = await json<{ email: string; role: string }[]>(
      db,
      "members",
      "list",
      "--workspace",
      "acme-robotics",
    );
    assert.deepEqual(
      members.map((m) => [m.email, m.role]),
      [
        ["ada@example.com", "owner"],
        ["grace@example.com", "admin"],
      ],
    );

    const limited = await json(
      db,
      "workspaces",
      "set-limit",
      "--workspace",
      "acme-robotics",
      "--agent-connections",
      "10",
    );
    assert.equal(limited.agent_connection_limit, 10);
    await refused(
      db,
      2,
      undefined,
      "workspaces",
      "set-limit",
      "--workspace",
      "acme-robotics",
      "--agent-connections",
      "-2",
    );
    await refused(
      db,
      4,
      undefined,
      "workspaces",
      "set-limit",
      "--workspace",
      "nope",
      "--agent-connections",
      "2",
    );

    const list = await json<{ slug: string; members: number; spaces: unknown[] }[]>(db, "workspaces", "list");
    assert.equal(list.length, 1);
    assert.equal(list[0]!.members, 2);
    assert.equal(list[0]!.spaces.length, 2);
    const table = await docket(db, "workspaces", "list");
    assert.match(table.stdout, /^SLUG\s+NAME\s+OWNER/);
    assert.match(table.stdout, /acme-robotics\s+Acme Robotics\s+ada@example\.com/);

    const minted = await json<{ token: string; id: string; scopes: string[]; expires_at: string | null }>(
      db,
      "tokens",
      "create",
      "--workspace",
      "acme-robotics",
      "--email",
      "grace@example.com",
      "--name",
      "CI",
      "--read-only",
      "--expires-in-days",
      "30",
    );
    assert.match(minted.token, /^docket_pat_[0-9A-Za-z]{42}$/);
    assert.deepEqual(minted.scopes, ["workspace.read"]);
    assert.ok(minted.expires_at);
    const human = await docket(
      db,
      "tokens",
      "create",
      "--workspace",
      "acme-robotics",
      "--email",
      "ada@example.com",
      "--name",
      "laptop",
    );
    assert.equal(human.code, 0);
    assert.match(human.stdout, /will not be shown again/);
    assert.match(human.stdout, /^docket_pat_[0-9A-Za-z]{42}$/m);

    const listed = await docket(db, "tokens", "list", "--json");
    assert.ok(!listed.stdout.includes(minted.token), "a listing never shows a token");
    const tokens = JSON.parse(listed.stdout) as { id: string; status: string; hint: string }[];
    assert.equal(tokens.length, 2);
    assert.ok(tokens.every((tk) => tk.status === "active" && tk.hint.startsWith("docket_pat_…")));

    assert.equal((await docket(db, "people", "create", "--email", "eve@example.com")).code, 0);
    await refused(
      db,
      1,
      /not a member/,
      "tokens",
      "create",
      "--workspace",
      "acme-robotics",
      "--email",
      "eve@example.com",
      "--name",
      "x",
    );
    await refused(
      db,
      1,
      /must be in the future/,
      "tokens",
      "create",
      "--workspace",
      "acme-robotics",
      "--email",
      "ada@example.com",
      "--name",
      "x",
      "--expires-at",
      "2001-01-01T00:00:00Z",
    );

    const revoked = await json(db, "tokens", "revoke", minted.id);
    assert.equal(revoked.status, "revoked");
    const revokedAgain = await json(db, "tokens", "revoke", minted.id);
    assert.equal(revokedAgain.revoked_at, revoked.revoked_at, "revoking twice changes nothing");
    await refused(db, 4, undefined, "tokens", "revoke", "pat_NOPE");

    const switches = await json(db, "switches", "list");
    assert.deepEqual(switches, { agent_registration: true, browser_oauth: true, maintenance: false });
    for (const name of ["maintenance", "agent-registration", "browser-oauth"]) {
      const flipped = await json<Record<string, boolean>>(
        db,
        "switches",
        "set",
        name,
        name === "maintenance" ? "on" : "off",
      );
      assert.equal(flipped[name.replaceAll("-", "_")], name === "maintenance");
    }
    assert.deepEqual(await json(db, "switches", "list"), {
      agent_registration: false,
      browser_oauth: false,
      maintenance: true,
    });
    const back = await json(db, "switches", "set", "maintenance", "off");
    assert.equal(back.maintenance, false);
    await refused(db, 1, /Unknown switch "turbo"/, "switches", "set", "turbo", "on");
    await refused(db, 2, undefined, "switches", "set", "maintenance", "maybe");

    const suspended = await json(db, "people", "suspend", "--email", "grace@example.com");
    assert.equal(suspended.suspended, true);
    const people = await json<{ email: string; suspended: boolean }[]>(db, "people", "list");
    assert.deepEqual(
      people.map((p) => [p.email, p.suspended]),
      [
        ["ada@example.com", false],
        ["eve@example.com", false],
        ["grace@example.com", true],
      ],
    );
    await refused(
      db,
      1,
      /suspended/,
      "tokens",
      "create",
      "--workspace",
      "acme-robotics",
      "--email",
      "grace@example.com",
      "--name",
      "y",
    );
  });

  test("usage errors exit 2 and point to help; --help shows examples; --json errors are JSON", async (t) => {
    const database = await createTestDatabase();
    t.after(() => database.drop());
    const db = database.url;
    const unknown = await docket(db, "frobnicate");
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown admin command "frobnicate"/);
    const group = await docket(db, "people");
    assert.equal(group.code, 2);
    assert.match(group.stderr, /"docket admin people" needs a command; the people commands are:/);
    assert.match(group.stderr, /docket admin people suspend/);
    await refused(db, 2, /unknown command "tokens burn"/, "tokens", "burn");
    await refused(db, 2, /--email is required/, "people", "create");
    await refused(db, 2, /Unknown option '--colour'/, "people", "list", "--colour");
    const help = await docket(db, "tokens", "create", "--help");
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Examples:\n {2}docket admin tokens create/);
    const overview = await docket(db, "--help");
    assert.equal(overview.code, 0);
    assert.match(overview.stdout, /switches set <switch> <on\|off>/);
    const jsonError = await docket(db, "people", "suspend", "--email", "nobody@example.com", "--json");
    assert.equal(jsonError.code, 4);
    assert.deepEqual(JSON.parse(jsonError.stderr), {
      error: "not_found",
      error_description: "No person has the email nobody@example.com.",
    });
    const badConfig = await run(process.execPath, ["src/cli/main.ts", "admin", "people", "list"], {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: "mysql://db/x" },
    }).catch((e: { code: number; stderr: string }) => e);
    assert.equal((badConfig as { code: number }).code, 2);
    assert.match((badConfig as { stderr: string }).stderr, /DATABASE_URL/);
  });
});
