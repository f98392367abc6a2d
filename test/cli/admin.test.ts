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
    assert.ok(Array.isArray(migrated.applied));
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

    const dup = await docket(db, "people", "create", "--email", "ADA@example.com");
    assert.equal(dup.code, 1);
    assert.match(dup.stderr, /conflict: A person with email ada@example\.com already exists/);

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

    const dupSlug = await docket(
      db,
      "workspaces",
      "create",
      "--name",
      "Acme Robotics",
      "--owner",
      "ada@example.com",
      "--space-prefix",
      "ENG",
    );
    assert.equal(dupSlug.code, 1);
    assert.match(dupSlug.stderr, /slug "acme-robotics" is taken/);
    const unknownOwner = await docket(
      db,
      "workspaces",
      "create",
      "--name",
      "X",
      "--owner",
      "nobody@example.com",
      "--space-prefix",
      "X1",
    );
    assert.equal(unknownOwner.code, 4);
    assert.match(unknownOwner.stderr, /No person has the email nobody@example\.com/);
    const badPrefix = await docket(
      db,
      "workspaces",
      "create",
      "--name",
      "Y",
      "--owner",
      "ada@example.com",
      "--space-prefix",
      "1-bad",
    );
    assert.equal(badPrefix.code, 1);
    assert.match(badPrefix.stderr, /space_prefix: must be 2 to 10 letters or digits/);

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
    const dupPrefix = await docket(
      db,
      "spaces",
      "create",
      "--workspace",
      "acme-robotics",
      "--name",
      "Devices",
      "--prefix",
      "DES",
    );
    assert.equal(dupPrefix.code, 1);
    assert.match(dupPrefix.stderr, /already has a space with the prefix DES/);

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
    const badLimit = await docket(
      db,
      "workspaces",
      "set-limit",
      "--workspace",
      "acme-robotics",
      "--agent-connections",
      "-2",
    );
    assert.equal(badLimit.code, 2);
    const noWs = await docket(
      db,
      "workspaces",
      "set-limit",
      "--workspace",
      "nope",
      "--agent-connections",
      "2",
    );
    assert.equal(noWs.code, 4);

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

    const outsider = await docket(db, "people", "create", "--email", "eve@example.com");
    assert.equal(outsider.code, 0);
    const notMember = await docket(
      db,
      "tokens",
      "create",
      "--workspace",
      "acme-robotics",
      "--email",
      "eve@example.com",
      "--name",
      "x",
    );
    assert.equal(notMember.code, 1);
    assert.match(notMember.stderr, /not a member/);
    const badScope = await docket(
      db,
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
    assert.equal(badScope.code, 1);
    assert.match(badScope.stderr, /must be in the future/);

    const revoked = await json(db, "tokens", "revoke", minted.id);
    assert.equal(revoked.status, "revoked");
    const revokedAgain = await json(db, "tokens", "revoke", minted.id);
    assert.equal(revokedAgain.revoked_at, revoked.revoked_at, "revoking twice changes nothing");
    const unknownToken = await docket(db, "tokens", "revoke", "pat_NOPE");
    assert.equal(unknownToken.code, 4);

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
    const unknownSwitch = await docket(db, "switches", "set", "turbo", "on");
    assert.equal(unknownSwitch.code, 1);
    assert.match(unknownSwitch.stderr, /Unknown switch "turbo"/);
    const badWord = await docket(db, "switches", "set", "maintenance", "maybe");
    assert.equal(badWord.code, 2);

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
    const noToken = await docket(
      db,
      "tokens",
      "create",
      "--workspace",
      "acme-robotics",
      "--email",
      "grace@example.com",
      "--name",
      "y",
    );
    assert.equal(noToken.code, 1);
    assert.match(noToken.stderr, /suspended/);
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
    const wrongInGroup = await docket(db, "tokens", "burn");
    assert.equal(wrongInGroup.code, 2);
    assert.match(wrongInGroup.stderr, /unknown command "tokens burn"/);
    const missing = await docket(db, "people", "create");
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--email is required/);
    const badFlag = await docket(db, "people", "list", "--colour");
    assert.equal(badFlag.code, 2);
    assert.match(badFlag.stderr, /Unknown option '--colour'/);
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
