import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { revokeConnection } from "../../src/auth/connections.ts";
import { CLIENT_COMMANDS, runClient } from "../../src/cli/client/index.ts";
import { approve } from "../auth/agent-support.ts";
import { checkedFetch } from "../contract.ts";
import { REPO } from "../support.ts";
import { cleanEnv, docket, type Outcome, type Service, startService } from "./support.ts";

let service: Service;
/** The configuration file every command here uses unless it says otherwise. */
let config: string;
const env = () => ({ DOCKET_CONFIG: config });

/** Runs docket with the test's configuration file. */
const run = (args: string[], options: { env?: Record<string, string>; input?: string; cwd?: string } = {}) =>
  docket(args, { ...options, env: { ...env(), ...options.env } });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  assert.doesNotMatch(r.stderr, /\n\s+at .+:\d+:\d+/, "never a stack trace");
}

/** Runs a command with --json that must succeed, and parses what it printed. */
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
async function json<T = any>(
  args: string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<T> {
  const r = await run([...args, "--json"], options);
  expectCode(r, 0);
  return JSON.parse(r.stdout) as T;
}

before(async () => {
  service = await startService();
  config = path.join(service.dir, "home", "docket", "config.json");
});
after(() => service?.stop());

describe("sign-in and profiles", () => {
  test("a command before signing in exits 3 and says how to sign in", async () => {
    const r = await run(["issues", "list"]);
    expectCode(r, 3);
    assert.match(r.stderr, /not_signed_in: Not signed in \(profile "default"\); run docket login --url/);
    const j = await run(["whoami", "--json"]);
    expectCode(j, 3);
    assert.equal(JSON.parse(j.stderr).error, "not_signed_in");
  });

  test("login reads the token from stdin, checks it, and keeps it in a 0600 file in a 0700 folder", async () => {
    const r = await run(["login", "--url", `${service.url}/`], { input: `${service.token}\n` });
    expectCode(r, 0);
    assert.match(
      r.stdout,
      /Signed in to Acme \(acme\), spaces ENG at http:\/\/127\.0\.0\.1:\d+ as profile "default"/,
    );
    assert.equal(statSync(config).mode & 0o777, 0o600);
    assert.equal(statSync(path.dirname(config)).mode & 0o777, 0o700);
    const saved = JSON.parse(readFileSync(config, "utf8"));
    assert.equal(saved.profiles.default.url, service.url, "kept without the trailing slash");
    assert.deepEqual(saved.profiles.default.credentials, { type: "pat", token: service.token });
    assert.equal(saved.profiles.default.workspace.slug, "acme");

    const who = await json(["whoami"]);
    assert.equal(who.profile, "default");
    assert.equal(who.url, service.url);
    assert.deepEqual(who.person, {
      id: who.person.id,
      email: "ada@example.com",
      name: "Ada Lovelace",
    });
    assert.equal(who.role, "owner");
    assert.deepEqual(who.credentials, {
      type: "pat",
      id: who.credentials.id,
      name: "rw",
      scopes: ["workspace.read", "workspace.write"],
    });
    assert.match(who.credentials.id, /^pat_/);
    assert.equal(who.workspace.slug, "acme");
    assert.deepEqual(
      who.workspace.spaces.map((s: { prefix: string }) => s.prefix),
      ["ENG"],
    );
    const text = await run(["whoami"]);
    expectCode(text, 0);
    assert.match(text.stdout, /^You:\s+Ada Lovelace <ada@example\.com>$/m);
    assert.match(text.stdout, /Workspace:\s+Acme \(acme, ws_\w+\), as owner$/m);
    assert.match(
      text.stdout,
      new RegExp(
        `Signed in with:\\s+personal access token "rw" \\(pat_\\w+, …${service.token.slice(-4)}, read and write\\)`,
      ),
    );
    assert.ok(!text.stdout.includes(service.token), "whoami never prints the token");
  });

  test("login takes DOCKET_TOKEN into a named profile; --profile and DOCKET_PROFILE switch between them", async () => {
    const r = await run(["login", "--url", service.url, "--profile", "beta", "--json"], {
      env: { DOCKET_TOKEN: service.otherToken },
    });
    expectCode(r, 0);
    assert.equal(JSON.parse(r.stdout).workspace.slug, "beta");
    assert.equal((await json(["whoami", "--profile", "beta"])).workspace.slug, "beta");
    assert.equal((await json(["whoami"], { env: { DOCKET_PROFILE: "beta" } })).workspace.slug, "beta");
    const before = await run(["--profile", "beta", "--json", "whoami"]);
    expectCode(before, 0);
    assert.equal(JSON.parse(before.stdout).workspace.slug, "beta", "the client's flags may come first");
    assert.equal((await json(["whoami"])).workspace.slug, "acme", "the default profile is untouched");
    assert.equal(
      (await json(["whoami", "--profile", "default"], { env: { DOCKET_PROFILE: "beta" } })).workspace.slug,
      "acme",
      "--profile wins over DOCKET_PROFILE",
    );
    const list = await json(["profiles", "list"], { env: { DOCKET_PROFILE: "beta" } });
    assert.deepEqual(
      list.map((p: { name: string; current: boolean }) => [p.name, p.current]),
      [
        ["default", false],
        ["beta", true],
      ],
    );
    // Another workspace's issue is not found from this profile.
    expectCode(await run(["issues", "show", "ENG-1", "--profile", "beta"]), 4);
  });

  const hasScript = spawnSync("script", ["--version"]).status === 0;
  test("on a terminal, login asks for the token at a prompt that does not echo it", {
    skip: hasScript ? false : "needs script(1) to give the command a terminal",
  }, async () => {
    const command = `${JSON.stringify(process.execPath)} ${path.join(REPO, "src/cli/main.ts")} login --url ${service.url} --profile tty`;
    const child = spawn("script", ["-qec", command, "/dev/null"], {
      env: cleanEnv({ DOCKET_CONFIG: config }),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    const prompted = new Promise<void>((resolve) => {
      child.stdout.setEncoding("utf8").on("data", (c: string) => {
        output += c;
        if (output.includes("Personal access token: ")) resolve();
      });
    });
    await prompted;
    child.stdin.write(`${service.token}\r`);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end();
    assert.equal(code, 0, output);
    assert.match(output, /Signed in to Acme \(acme\)/);
    assert.ok(!output.includes(service.token), "the token is not echoed");
    assert.equal((await json(["whoami", "--profile", "tty"])).workspace.slug, "acme");
    expectCode(await run(["logout", "--profile", "tty"]), 0);
  });

  test("a wrong token is refused with exit 3 and nothing is stored; logout forgets a profile", async () => {
    const wrong = await run(["login", "--url", service.url, "--profile", "wrong"], {
      input: "docket_pat_not-a-real-token\n",
    });
    expectCode(wrong, 3);
    assert.match(wrong.stderr, /invalid_token: The service refused this token/);
    assert.equal(JSON.parse(readFileSync(config, "utf8")).profiles.wrong, undefined);

    expectCode(await run(["login", "--url", service.url, "--profile", "x"], { input: "" }), 2);
    const noUrl = await run(["login", "--profile", "new"], { input: service.token });
    expectCode(noUrl, 2);
    assert.match(noUrl.stderr, /--url is required/);
    expectCode(await run(["login", "--url", "ftp://example.com"], { input: service.token }), 2);
    expectCode(await run(["whoami", "--profile", "bad name!"]), 2);

    const out = await run(["logout", "--profile", "beta"]);
    expectCode(out, 0);
    assert.match(out.stdout, /Signed out of profile "beta"/);
    expectCode(await run(["whoami", "--profile", "beta"]), 3);
    assert.match((await run(["logout", "--profile", "beta"])).stdout, /was not signed in/);
    assert.equal(statSync(config).mode & 0o777, 0o600, "still 0600 after a rewrite");
  });

  test("a token revoked after sign-in gives exit 3 and a hint to sign in again", async () => {
    expectCode(
      await run(["login", "--url", service.url, "--profile", "spare"], { input: service.spare.token }),
      0,
    );
    expectCode(await run(["whoami", "--profile", "spare"]), 0);
    const revoke = spawnSync(
      process.execPath,
      ["src/cli/main.ts", "admin", "tokens", "revoke", service.spare.id],
      {
        cwd: REPO,
        env: { ...process.env, DATABASE_URL: service.databaseUrl, LOG_LEVEL: "silent" },
        encoding: "utf8",
      },
    );
    assert.equal(revoke.status, 0, revoke.stderr);
    const r = await run(["issues", "list", "--profile", "spare"]);
    expectCode(r, 3);
    assert.match(r.stderr, /docket: invalid_token: /);
    assert.match(r.stderr, /Sign in again: docket login --profile spare --url <base_url>/);
  });

  test("DOCKET_URL with DOCKET_TOKEN stand in for a profile; an unreachable service is exit 1", async () => {
    const who = await json(["whoami"], {
      env: {
        DOCKET_CONFIG: path.join(service.dir, "none.json"),
        DOCKET_URL: service.url,
        DOCKET_TOKEN: service.token,
      },
    });
    assert.equal(who.workspace.slug, "acme");
    const down = await run(["issues", "list"], {
      env: { DOCKET_URL: "http://127.0.0.1:9", DOCKET_TOKEN: service.token },
    });
    expectCode(down, 1);
    assert.match(down.stderr, /could not reach http:\/\/127\.0\.0\.1:9/);
  });
});

describe("issues", () => {
  test("create from flags, stdin and $EDITOR; show with blockers and readiness", async () => {
    const first = await json([
      "issues",
      "create",
      "--title",
      "Fix login",
      "--priority",
      "high",
      "--label",
      "auth,bug",
    ]);
    assert.equal(first.identifier, "ENG-1");
    assert.deepEqual(first.labels, ["auth", "bug"]);
    const second = await json(
      ["issues", "create", "--title", "Ship login", "--blocked-by", "ENG-1", "--description-file", "-"],
      { input: "Deploy *after* the fix.\n" },
    );
    assert.equal(second.identifier, "ENG-2");
    assert.equal(second.description, "Deploy *after* the fix.\n");
    assert.equal(second.ready, false);

    const editor = `${JSON.stringify(process.execPath)} -e "require('fs').writeFileSync(process.argv[1], 'Written in the editor')"`;
    const third = await json(["issues", "create", "--title", "Announce", "--blocked-by", "ENG-2", "--edit"], {
      env: { EDITOR: editor },
    });
    assert.equal(third.description, "Written in the editor");

    const text = await run(["issues", "create", "--title", "Plain", "--description", "inline text"]);
    expectCode(text, 0);
    assert.match(text.stdout, /^Created ENG-4: Plain$/m);

    const show = await run(["issues", "show", "eng-3"]);
    expectCode(show, 0);
    assert.match(show.stdout, /^ENG-3 {2}Announce$/m);
    assert.match(show.stdout, /Readiness: not ready \(blocked by ENG-2\)/);
    assert.match(show.stdout, /Blocked by\n {2}ENG-2 {2}backlog {2}Ship login/);
    assert.match(show.stdout, /Written in the editor/);
    const shown = await json(["issues", "show", "ENG-2"]);
    assert.deepEqual(
      shown.blocks.map((n: { identifier: string }) => n.identifier),
      ["ENG-3"],
    );
    assert.deepEqual(
      shown.blockedBy.map((n: { identifier: string }) => n.identifier),
      ["ENG-1"],
    );
  });

  test("list: filters, table, --json", async () => {
    const ready = await json(["issues", "list", "--ready", "--sort", "priority"]);
    assert.deepEqual(
      ready.data.map((i: { identifier: string }) => i.identifier),
      ["ENG-1", "ENG-4"],
    );
    assert.equal(ready.next_cursor, null);
    const bugs = await json(["issues", "list", "--label", "bug", "--priority", "high,urgent"]);
    assert.deepEqual(
      bugs.data.map((i: { identifier: string }) => i.identifier),
      ["ENG-1"],
    );
    const blocked = await json(["issues", "list", "--no-ready", "--q", "login"]);
    assert.deepEqual(
      blocked.data.map((i: { identifier: string }) => i.identifier),
      ["ENG-2"],
    );
    const none = await json([
      "issues",
      "list",
      "--space",
      "ENG",
      "--status",
      "done",
      "--updated-since",
      "2020-01-01T00:00:00Z",
    ]);
    assert.deepEqual(none.data, []);

    const table = await run(["issues", "list", "--sort", "created"]);
    expectCode(table, 0);
    const lines = table.stdout.trimEnd().split("\n");
    assert.match(lines[0]!, /^ID\s+STATUS\s+PRIORITY\s+TITLE\s+ASSIGNEE\s+LABELS\s+UPDATED$/);
    assert.match(
      lines[1]!,
      /^ENG-1\s+backlog\s+high\s+Fix login\s+-\s+auth,bug\s+(just now|\d+ minutes? ago)$/,
    );
    assert.equal(lines.length, 5);
    assert.equal(table.stderr, "", "no note when nothing more exists");
  });

  test("update, labels, clearing with none, ice, activity", async () => {
    const updated = await json([
      "issues",
      "update",
      "ENG-4",
      "--status",
      "todo",
      "--assignee",
      "ada@example.com",
      "--estimate",
      "3",
      "--due",
      "2030-01-31",
      "--add-label",
      "docs",
    ]);
    assert.equal(updated.status, "todo");
    assert.equal(updated.assignee.email, "ada@example.com");
    assert.equal(updated.estimate, 3);
    assert.deepEqual(updated.labels, ["docs"]);
    const cleared = await json([
      "issues",
      "update",
      "ENG-4",
      "--assignee",
      "none",
      "--estimate",
      "none",
      "--remove-label",
      "docs",
    ]);
    assert.equal(cleared.assignee, null);
    assert.equal(cleared.estimate, null);
    assert.deepEqual(cleared.labels, []);
    const edited = await json(["issues", "update", "ENG-4", "--edit"], {
      env: {
        EDITOR: `${JSON.stringify(process.execPath)} -e "const f=process.argv[1];const fs=require('fs');fs.writeFileSync(f, fs.readFileSync(f,'utf8')+' and more')"`,
      },
    });
    assert.equal(edited.description, "inline text and more", "the editor starts from the current text");

    const iced = await run(["issues", "ice", "ENG-4"]);
    expectCode(iced, 0);
    assert.match(iced.stdout, /ENG-4 is on ice/);
    assert.equal((await json(["issues", "show", "ENG-4"])).status, "iced");
    const icedList = await json(["issues", "list", "--iced"]);
    assert.deepEqual(
      icedList.data.map((i: { identifier: string }) => i.identifier),
      ["ENG-4"],
    );
    const activity = await json(["issues", "activity", "ENG-4"]);
    assert.deepEqual(activity.data.map((a: { action: string }) => a.action).slice(0, 1), ["created"]);
    assert.ok(activity.data.length >= 4);
    const activityText = await run(["issues", "activity", "ENG-4"]);
    assert.match(activityText.stdout, /status: "backlog" → "todo"/);
  });

  test("deps add, show as a tree with statuses, rm", async () => {
    const added = await json([
      "issues",
      "deps",
      "add",
      "ENG-3",
      "--blocked-by",
      "ENG-1",
      "--relates-to",
      "ENG-4",
    ]);
    assert.equal(added.data.length, 2);
    const tree = await run(["issues", "deps", "show", "ENG-3"]);
    expectCode(tree, 0);
    assert.equal(
      tree.stdout.split("\n").slice(0, 4).join("\n"),
      [
        "ENG-3 [backlog] Announce",
        "├── ENG-1 [backlog] ready Fix login",
        "└── ENG-2 [backlog] Ship login",
        "    └── ENG-1 [backlog] Fix login (see above)",
      ].join("\n"),
    );
    assert.match(tree.stdout, /Related\n {2}ENG-4 {2}iced {2}Plain/);
    const jsonTree = await json(["issues", "deps", "show", "ENG-3", "--depth", "1"]);
    assert.equal(jsonTree.identifier, "ENG-3");
    assert.deepEqual(
      jsonTree.blockedBy.map((n: { identifier: string; cut?: boolean }) => [n.identifier, n.cut]),
      [
        ["ENG-1", true],
        ["ENG-2", true],
      ],
    );
    const cycle = await run(["issues", "deps", "add", "ENG-1", "--blocked-by", "ENG-3"]);
    expectCode(cycle, 1);
    assert.match(cycle.stderr, /dependency_cycle: /);

    const rm = await run(["issues", "deps", "rm", "ENG-3", "ENG-1"]);
    expectCode(rm, 0);
    assert.match(rm.stdout, /^Removed dep_/);
    assert.equal((await json(["issues", "show", "ENG-3"])).blockedBy.length, 1);
    const depId = (await json(["issues", "show", "ENG-3"])).relatesTo[0].dependency_id;
    const changed = await json(["issues", "deps", "update", depId, "--note", "same topic"]);
    assert.equal(changed.note, "same topic");
    assert.equal((await json(["issues", "deps", "rm", depId])).deleted, true);
    expectCode(await run(["issues", "deps", "rm", "ENG-3", "ENG-4"]), 2);
    expectCode(await run(["issues", "deps", "add", "ENG-3"]), 2);
  });

  test("exit codes: 2 for usage, 4 for not found, 1 for the service's refusals, errors as JSON with --json", async () => {
    const local = await run(["issues", "create", "--title", "x", "--priority", "nope", "--estimate", "5000"]);
    expectCode(local, 2);
    assert.match(
      local.stderr,
      /--priority: must be one of none, low, medium, high, urgent; --estimate: must be at most 1000/,
    );
    expectCode(await run(["issues", "create"]), 2);
    const flag = await run(["issues", "list", "--colour"]);
    expectCode(flag, 2);
    assert.match(flag.stderr, /Unknown option '--colour'.*see docket issues list --help/);
    expectCode(await run(["issues", "show"]), 2);
    expectCode(await run(["issues", "show", "ENG-1", "ENG-2"]), 2);
    expectCode(await run(["issues", "update", "ENG-1"]), 2);
    expectCode(await run(["issues", "list", "--limit", "0"]), 2);
    const unknown = await run(["frobnicate"]);
    expectCode(unknown, 2);
    const group = await run(["issues"]);
    expectCode(group, 2);
    assert.match(group.stderr, /"docket issues" needs a command; the issues commands are:/);
    expectCode(await run(["issues", "deps", "frob"]), 2);

    const missing = await run(["issues", "show", "ENG-999"]);
    expectCode(missing, 4);
    assert.equal(missing.stderr.trim(), "docket: not_found: No issue ENG-999 in this workspace.");
    const missingJson = await run(["issues", "show", "ENG-999", "--json"]);
    expectCode(missingJson, 4);
    assert.deepEqual(JSON.parse(missingJson.stderr), {
      error: "not_found",
      error_description: "No issue ENG-999 in this workspace.",
    });

    const refused = await run(["issues", "list", "--status", "bogus"]);
    expectCode(refused, 1);
    assert.match(
      refused.stderr,
      /^docket: invalid_request: Invalid input: query\.status\[0\]: must be one of/,
    );
    const refusedJson = await run(["issues", "list", "--status", "bogus", "--json"]);
    expectCode(refusedJson, 1);
    const body = JSON.parse(refusedJson.stderr);
    assert.equal(body.error, "invalid_request");
    assert.ok(body.fields["query.status[0]"]);

    const { version } = await json(["issues", "show", "ENG-1"]);
    const stale = await run([
      "issues",
      "update",
      "ENG-1",
      "--priority",
      "high",
      "--if-version",
      String(version - 1),
    ]);
    expectCode(stale, 1);
    assert.match(stale.stderr, /^docket: precondition_failed: /);
    expectCode(
      await run(["issues", "update", "ENG-1", "--priority", "high", "--if-version", String(version)]),
      0,
    );
    expectCode(await run(["issues", "update", "ENG-1", "--priority", "high", "--if-version", "v1"]), 2);

    const readOnly = await run(["issues", "create", "--title", "Nope"], {
      env: { DOCKET_URL: service.url, DOCKET_TOKEN: service.readOnlyToken },
    });
    expectCode(readOnly, 1);
    assert.match(readOnly.stderr, /insufficient_scope: /);
  });

  test("lists stop at --limit with a note, and --all follows next_cursor to the end", async () => {
    const made = await Promise.all(
      Array.from({ length: 105 }, async (_, i) => {
        const res = await checkedFetch(`${service.url}/v1/issues`, {
          method: "POST",
          headers: { authorization: `Bearer ${service.token}`, "content-type": "application/json" },
          body: JSON.stringify({ title: `Bulk ${i}`, labels: ["bulk"] }),
        });
        return res.status;
      }),
    );
    assert.ok(made.every((s) => s === 201));
    const two = await run(["issues", "list", "--label", "bulk", "--limit", "2"]);
    expectCode(two, 0);
    assert.equal(two.stdout.trimEnd().split("\n").length, 3);
    assert.match(
      two.stderr,
      /2 shown; more exist: add --all for every one, or --limit N \(--cursor \S+ continues here\)/,
    );
    const cursor = /--cursor (\S+)/.exec(two.stderr)![1]!;
    const next = await json(["issues", "list", "--label", "bulk", "--limit", "2", "--cursor", cursor]);
    assert.equal(next.data.length, 2);
    const page = await json(["issues", "list", "--label", "bulk"]);
    assert.equal(page.data.length, 50, "50 unless told");
    assert.notEqual(page.next_cursor, null);
    const many = await json(["issues", "list", "--label", "bulk", "--limit", "102"]);
    assert.equal(many.data.length, 102);
    assert.notEqual(many.next_cursor, null);
    const all = await json(["issues", "list", "--label", "bulk", "--all"]);
    assert.equal(all.data.length, 105);
    assert.equal(all.next_cursor, null);
    assert.equal(new Set(all.data.map((i: { id: string }) => i.id)).size, 105, "no repeats across pages");
  });
});

describe("decisions, notes and folders", () => {
  test("decisions: create, list, show, update (three texts in one editor file), supersede, activity", async () => {
    const d = await json([
      "decisions",
      "create",
      "--title",
      "Use PostgreSQL",
      "--issue",
      "ENG-1",
      "--context",
      "We need a database.",
      "--decision",
      "PostgreSQL 16.",
    ]);
    assert.match(d.id, /^dec_/);
    assert.equal(d.status, "proposed");
    assert.deepEqual(
      d.issues.map((i: { identifier: string }) => i.identifier),
      ["ENG-1"],
    );
    const editor = `${JSON.stringify(process.execPath)} -e "const f=process.argv[1];const fs=require('fs');fs.writeFileSync(f, fs.readFileSync(f,'utf8').replace('## Consequences\\n','## Consequences\\n\\nOne more server.'))"`;
    const updated = await json(["decisions", "update", d.id, "--status", "accepted", "--edit"], {
      env: { EDITOR: editor },
    });
    assert.equal(updated.status, "accepted");
    assert.equal(updated.context, "We need a database.");
    assert.equal(updated.decision, "PostgreSQL 16.");
    assert.equal(updated.consequences, "One more server.");
    const next = await json(["decisions", "create", "--title", "Use PostgreSQL 17", "--supersedes", d.id]);
    assert.equal((await json(["decisions", "show", d.id])).status, "superseded");
    const list = await json(["decisions", "list", "--status", "superseded"]);
    assert.deepEqual(
      list.data.map((x: { id: string }) => x.id),
      [d.id],
    );
    const show = await run(["decisions", "show", d.id]);
    expectCode(show, 0);
    assert.match(show.stdout, /Superseded by: dec_/);
    assert.match(show.stdout, /Consequences\nOne more server\./);
    const table = await run(["decisions", "list"]);
    assert.match(table.stdout, new RegExp(`${next.id}\\s+proposed\\s+Use PostgreSQL 17`));
    assert.ok((await json(["decisions", "activity", d.id])).data.length >= 2);
    expectCode(await run(["decisions", "create", "--title", "x", "--status", "maybe"]), 2);
    expectCode(await run(["decisions", "show", "dec_00000000000000000000000000"]), 4);
  });

  test("notes and folders: a folder tree, notes in it, bodies from stdin, moves", async () => {
    const top = await json(["folders", "create", "--name", "Runbooks"]);
    const sub = await json(["folders", "create", "--name", "Databases", "--parent", top.id]);
    await json(["folders", "create", "--name", "Archive"]);
    const note = await json(
      ["notes", "create", "--title", "Failover", "--folder", sub.id, "--issue", "ENG-1", "--body-file", "-"],
      { input: "1. Promote the replica.\n" },
    );
    assert.equal(note.body, "1. Promote the replica.\n");
    assert.equal(note.folder.id, sub.id);
    const tree = await run(["folders", "list"]);
    expectCode(tree, 0);
    assert.match(
      tree.stdout.trimEnd(),
      /^Archive {2}\(0 notes, fld_\w+\)\nRunbooks {2}\(0 notes, fld_\w+\)\n└── Databases {2}\(1 note, fld_\w+\)$/,
    );
    const treeJson = await json(["folders", "list"]);
    // --json prints the API's list: every folder, flat, with its parent
    assert.equal(treeJson.next_cursor, null);
    assert.equal(treeJson.data.length, 3);
    assert.equal(treeJson.data.find((f: { id: string }) => f.id === sub.id).parent_id, top.id);
    const inTop = await run(["folders", "list", "--parent", top.id]);
    assert.match(inTop.stdout.trimEnd(), /^Databases {2}\(1 note, fld_\w+\)$/);

    const inFolder = await json(["notes", "list", "--folder", sub.id]);
    assert.deepEqual(
      inFolder.data.map((n: { id: string }) => n.id),
      [note.id],
    );
    const moved = await json(["notes", "update", note.id, "--folder", "none", "--title", "Failover runbook"]);
    assert.equal(moved.folder, null);
    assert.equal(moved.title, "Failover runbook");
    const show = await run(["notes", "show", note.id]);
    assert.match(show.stdout, /Folder:\s+\(top level\)/);
    assert.match(show.stdout, /1\. Promote the replica\./);
    const renamed = await json(["folders", "update", sub.id, "--name", "DBs", "--parent", "none"]);
    assert.equal(renamed.parent_id, null);
    assert.ok((await json(["notes", "activity", note.id])).data.length >= 2);
    const dup = await run(["folders", "create", "--name", "runbooks"]);
    expectCode(dup, 1);
    assert.match(dup.stderr, /conflict: /);
  });
});

describe("cycles and milestones", () => {
  test("cycles: create, list, show, update, issues, stats with a burn-down chart", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const cycle = await json([
      "cycles",
      "create",
      "--space",
      "ENG",
      "--starts",
      start,
      "--ends",
      end,
      "--name",
      "Sprint 1",
    ]);
    assert.equal(cycle.state, "active");
    await json(["issues", "update", "ENG-1", "--cycle", cycle.id, "--estimate", "5"]);
    await json(["issues", "update", "ENG-2", "--cycle", cycle.id, "--estimate", "3"]);
    await json(["issues", "update", "ENG-1", "--status", "done"]);
    const list = await json(["cycles", "list", "--state", "active"]);
    assert.deepEqual(
      list.data.map((c: { id: string }) => c.id),
      [cycle.id],
    );
    assert.equal((await json(["cycles", "show", cycle.id])).name, "Sprint 1");
    assert.equal((await json(["cycles", "update", cycle.id, "--name", "Sprint one"])).name, "Sprint one");
    const issues = await json(["cycles", "issues", cycle.id, "--sort", "created"]);
    assert.deepEqual(
      issues.data.map((i: { identifier: string }) => i.identifier),
      ["ENG-1", "ENG-2"],
    );
    const stats = await json(["cycles", "stats", cycle.id]);
    assert.equal(stats.total.count, 2);
    assert.equal(stats.completion.done_count, 1);
    const chart = await run(["cycles", "stats", cycle.id, "--points"]);
    expectCode(chart, 0);
    assert.match(chart.stdout, /Completion:\s+50% of issues/);
    assert.match(chart.stdout, /Burn-down \(points remaining; · ideal\)/);
    const rows = chart.stdout.split("\n");
    const axis = rows.findIndex((l) => l.includes("└"));
    assert.ok(axis > 0);
    assert.match(rows[axis - 8]!, /^\d+ ┤/, "the scale on top");
    assert.match(rows[axis - 1]!, /^\s*0 ┤.*█/, "a bar for the work remaining");
    assert.match(rows[axis + 1]!, new RegExp(`${start}\\s+${end}`));
    assert.ok(chart.stdout.includes(today) || rows[axis + 1]!.includes(end));
    const overlap = await run(["cycles", "create", "--space", "ENG", "--starts", today, "--ends", today]);
    expectCode(overlap, 1);
    assert.match(overlap.stderr, /cycle_overlap|conflict/);
    expectCode(await run(["cycles", "create", "--starts", end, "--ends", start]), 2);
  });

  test("milestones: create, deps, show, list, issues with progress", async () => {
    const beta = await json(["milestones", "create", "--name", "Beta", "--target", "2030-06-01"]);
    const ga = await json(["milestones", "create", "--name", "GA", "--description", "Everyone"]);
    const dep = await json(["milestones", "deps", "add", ga.id, "--blocked-by", beta.id]);
    assert.equal(dep.data[0].from.id, beta.id);
    await json(["issues", "update", "ENG-1", "--milestone", beta.id]);
    await json(["issues", "update", "ENG-2", "--milestone", beta.id]);
    const issues = await run(["milestones", "issues", beta.id]);
    expectCode(issues, 0);
    assert.match(issues.stdout, /^Progress: 50% \(1\/2 done\)/);
    const show = await run(["milestones", "show", ga.id]);
    assert.match(show.stdout, new RegExp(`Blocked by: Beta \\(${beta.id}\\)`));
    const list = await json(["milestones", "list", "--target-from", "2030-01-01"]);
    assert.deepEqual(
      list.data.map((m: { id: string }) => m.id),
      [beta.id],
    );
    assert.equal((await json(["milestones", "update", beta.id, "--target", "none"])).target_date, null);
    const loop = await run(["milestones", "deps", "add", beta.id, "--blocked-by", ga.id]);
    expectCode(loop, 1);
    assert.equal((await json(["milestones", "deps", "rm", dep.data[0].id])).deleted, true);
  });
});

describe("files, search and bundles", () => {
  test("upload registers the bytes with their sha256; download checks it", async () => {
    const bytes = randomBytes(300_000);
    const sha = createHash("sha256").update(bytes).digest("hex");
    const source = path.join(service.dir, "report.bin");
    writeFileSync(source, bytes);
    const file = await json(["files", "upload", source, "--issue", "ENG-1"]);
    assert.match(file.id, /^file_/);
    assert.equal(file.sha256, sha);
    assert.equal(file.size, bytes.length);
    assert.equal(file.name, "report.bin");
    assert.equal(file.content_type, "application/octet-stream");
    const text = await run(["files", "upload", source, "--name", "notes.txt", "--type", "text/plain"]);
    expectCode(text, 0);
    assert.match(text.stdout, /^Uploaded notes\.txt as file_\w+ \(293 KiB, sha256 [0-9a-f]{64}\)\.$/m);
    assert.equal(text.stderr, "", "no progress bar when stderr is not a terminal");

    const list = await json(["files", "list", "--issue", "ENG-1"]);
    assert.deepEqual(
      list.data.map((f: { id: string }) => f.id),
      [file.id],
    );
    const show = await run(["files", "show", file.id]);
    assert.match(show.stdout, new RegExp(`SHA-256:\\s+${sha}`));

    const got = await run(["files", "download", file.id, "-o", "copy.bin"], { cwd: service.dir });
    expectCode(got, 0);
    assert.match(got.stdout, /sha256 verified/);
    assert.deepEqual(readFileSync(path.join(service.dir, "copy.bin")), bytes);
    const again = await run(["files", "download", file.id, "-o", "copy.bin"], { cwd: service.dir });
    expectCode(again, 2);
    assert.match(again.stderr, /exists; add --force/);
    const forced = await json([
      "files",
      "download",
      file.id,
      "-o",
      path.join(service.dir, "copy.bin"),
      "--force",
    ]);
    assert.equal(forced.verified_sha256, sha);
    const folder = path.join(service.dir, "downloads");
    mkdirSync(folder);
    const own = await run(["files", "download", file.id], { cwd: folder });
    expectCode(own, 0);
    assert.deepEqual(
      readFileSync(path.join(folder, "report.bin")),
      bytes,
      "its own name in the current folder",
    );

    expectCode(await run(["files", "download", "file_00000000000000000000000000"]), 4);
    expectCode(await run(["files", "upload", path.join(service.dir, "missing.bin")]), 2);
  });

  test("search finds issues, decisions and notes; --type narrows", async () => {
    const all = await json(["search", "PostgreSQL"]);
    assert.ok(all.data.some((r: { type: string }) => r.type === "decision"));
    const issues = await json(["search", "login", "--type", "issue"]);
    assert.ok(issues.data.length >= 2);
    assert.ok(issues.data.every((r: { type: string }) => r.type === "issue"));
    const text = await run(["search", "Failover"]);
    expectCode(text, 0);
    assert.match(text.stdout, /^TYPE\s+ID\s+TITLE\s+STATUS\s+MATCH/);
    assert.match(text.stdout, /note\s+note_\w+\s+Failover runbook/);
    assert.ok(!text.stdout.includes("<mark>"), "snippets are shown as text");
    expectCode(await run(["search"]), 2);
  });

  test("bundle: Markdown by default, JSON with --json, snapshots with create and list", async () => {
    const md = await run(["bundle", "ENG-2"]);
    expectCode(md, 0);
    assert.match(md.stdout, /^# ENG-2: Ship login\n\nLive bundle, generated /);
    assert.match(md.stdout, /## Blocked by\n\n- \[x\] ENG-1 Fix login \(done\)/);
    const live = JSON.parse((await run(["bundle", "--json", "ENG-1"])).stdout);
    assert.equal(live.snapshot, false);
    assert.equal(live.issue.identifier, "ENG-1");
    assert.equal(live.files[0].sha256.length, 64);
    const preview = await run(["bundle", "preview", "ENG-1"]);
    assert.match(preview.stdout, /^# ENG-1: Fix login/);
    const snap = await json(["bundle", "create", "ENG-1"]);
    assert.match(snap.id, /^bnd_/);
    assert.equal(snap.snapshot, true);
    const again = await run(["bundle", "show", snap.id]);
    assert.match(again.stdout, new RegExp(`Snapshot ${snap.id}`));
    const list = await json(["bundle", "list", "ENG-1"]);
    assert.deepEqual(
      list.data.map((b: { id: string }) => b.id),
      [snap.id],
    );
    expectCode(await run(["bundle", "ENG-999"]), 4);
  });
});

describe("output for people and scripts", () => {
  test("tables fit COLUMNS, cutting long cells with …", async () => {
    await json([
      "issues",
      "create",
      "--title",
      "A very long title that will never fit in a narrow terminal window at all",
      "--label",
      "wide",
    ]);
    const r = await run(["issues", "list", "--label", "wide"], { env: { COLUMNS: "80" } });
    expectCode(r, 0);
    for (const line of r.stdout.trimEnd().split("\n"))
      assert.ok(line.length <= 80, `"${line}" is ${line.length} wide`);
    assert.match(r.stdout, /A very long title th[^…]*…/);
    const narrow = await run(["issues", "list", "--label", "wide"], { env: { COLUMNS: "60" } });
    for (const line of narrow.stdout.trimEnd().split("\n"))
      assert.ok(line.length <= 60, `"${line}" is ${line.length} wide`);
    assert.match(r.stdout, /ENG-\d+ /, "identifiers are never cut");
    const wide = await run(["issues", "list", "--label", "wide"]);
    assert.match(
      wide.stdout,
      /never fit in a narrow terminal window at all/,
      "no cut without a terminal or COLUMNS",
    );
  });

  test("colour only when asked for a terminal, and never with NO_COLOR", async () => {
    const plain = await run(["issues", "list", "--limit", "3"]);
    assert.ok(!plain.stdout.includes("\u001b["));
    const coloured = await run(["issues", "list", "--limit", "3"], { env: { FORCE_COLOR: "1" } });
    assert.ok(coloured.stdout.includes("\u001b[1m"), "bold headers");
    const none = await run(["issues", "list", "--limit", "3"], { env: { FORCE_COLOR: "1", NO_COLOR: "1" } });
    assert.ok(!none.stdout.includes("\u001b["));
    assert.ok(!none.stderr.includes("\u001b["));
  });

  test("every command and group has --help with examples", async () => {
    for (const c of CLIENT_COMMANDS) {
      const out: string[] = [];
      const code = await runClient([...c.name.split(" "), "--help"], {
        out: (t) => out.push(t),
        err: (t) => out.push(t),
      });
      assert.equal(code, 0, c.name);
      assert.match(
        out.join(""),
        new RegExp(
          `^docket ${c.name}.* — .+\\n\\nUsage: docket ${c.name}.*\\[--json\\]\\n\\nExamples:\\n {2}\\S`,
        ),
        c.name,
      );
    }
    const group = await run(["issues", "deps", "--help"]);
    expectCode(group, 0);
    assert.match(group.stdout, /issues deps show <id>\s+The issue's blockers as a tree/);
    const top = await run(["--help"]);
    expectCode(top, 0);
    assert.match(top.stdout, /issues list\s+List issues/);
    assert.match(
      top.stdout,
      /Exit codes: 0 ok, 1 the service refused .* 2 usage error,\n3 not signed in or token refused, 4 not found/,
    );
  });

  test("completion scripts for bash, zsh and fish", async () => {
    const bash = await run(["completion", "bash"]);
    expectCode(bash, 0);
    const script = path.join(service.dir, "docket.bash");
    writeFileSync(script, bash.stdout);
    const complete = (words: string[]) =>
      spawnSync(
        "bash",
        [
          "-c",
          `source ${script}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _docket; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: "utf8" },
      ).stdout.trim();
    assert.equal(complete(["docket", "iss"]), "issues");
    assert.equal(complete(["docket", "issues", "deps", ""]), "add rm update show");
    assert.equal(complete(["docket", "issues", "list", "--status", "todo", "--re"]), "--ready");
    assert.equal(complete(["docket", "files", "download", "x", "--o"]), "--output");
    const zsh = await run(["completion", "zsh"]);
    expectCode(zsh, 0);
    assert.match(zsh.stdout, /^#compdef docket\n/);
    assert.match(zsh.stdout, /" issues list "\*\) items=\('--space' '--status'/);
    const fish = await run(["completion", "fish"]);
    expectCode(fish, 0);
    assert.match(
      fish.stdout,
      /complete -c docket -n '__docket_at issues' -a list -d 'List issues, with every filter the API has'/,
    );
    assert.match(fish.stdout, /complete -c docket -n '__docket_in issues list' -l status -r/);
    expectCode(await run(["completion", "tcsh"]), 2);
  });

  test("docket serve and docket admin still answer as before", async () => {
    const serve = await run(["serve", "--help"]);
    expectCode(serve, 0);
    assert.match(serve.stdout, /docket serve — run the Docket service/);
    const admin = await run(["admin", "--help"]);
    expectCode(admin, 0);
    assert.match(admin.stdout, /tokens revoke <token-id>/);
  });
});

describe("agent sign-in", () => {
  test("login --agent shows the link and code, waits for approval; the profile renews its token silently", async () => {
    const child = spawn(
      process.execPath,
      [
        path.join(REPO, "src/cli/main.ts"),
        "login",
        "--agent",
        "--email",
        "ada@example.com",
        "--url",
        service.url,
        "--profile",
        "agent",
      ],
      { env: cleanEnv({ DOCKET_CONFIG: config }), stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    const shown = new Promise<void>((resolve) => {
      child.stderr.setEncoding("utf8").on("data", (c: string) => {
        stderr += c;
        if (/code \(valid 10 minutes\): \d{6}/.test(stderr)) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    await shown;
    assert.match(
      stderr,
      new RegExp(`open this link and sign in:\\n\\n {2}${service.url}/claim\\?claim_attempt_token=`),
    );

    // What the person does on the claim page.
    const core = await service.core();
    const reg = await core.db
      .selectFrom("agent_registrations")
      .select(["id"])
      .where("login_hint", "=", "ada@example.com")
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    const acme = await core.db
      .selectFrom("workspaces")
      .select("id")
      .where("slug", "=", "acme")
      .executeTakeFirstOrThrow();
    await approve(core, reg.id, { workspaceId: acme.id });
    assert.equal(await exited, 0, stderr);
    assert.match(
      stdout,
      /Signed in to Acme \(acme\), spaces ENG at .* as profile "agent"\nwith agent connection for ada@example\.com \(read and write; renews until \d{4}-\d\d-\d\d\)\./,
    );
    const stored = () => JSON.parse(readFileSync(config, "utf8")).profiles.agent;
    const first = stored().credentials;
    assert.equal(first.type, "agent");
    assert.match(first.access_token, /^docket_at_/);
    assert.equal(typeof first.identity_assertion, "string");
    assert.equal(statSync(config).mode & 0o777, 0o600, "the assertion is kept like a password");

    const who = await json(["whoami", "--profile", "agent"]);
    assert.match(who.credentials.id, /^con_/);
    assert.equal(who.person.email, "ada@example.com", "the person the agent acts for");
    const whoText = await run(["whoami", "--profile", "agent"]);
    assert.match(whoText.stdout, /^Acting for:\s+Ada Lovelace <ada@example\.com>$/m);
    assert.match(
      whoText.stdout,
      /^Signed in with:\s+agent connection for ada@example\.com \(read and write; renews until \d{4}-\d\d-\d\d\), con_\w+$/m,
    );
    assert.deepEqual(
      { ...who.credentials, assertion_expires: undefined },
      {
        type: "agent",
        id: who.credentials.id,
        name: "docket CLI",
        email: "ada@example.com",
        scope: "workspace.read workspace.write",
        assertion_expires: undefined,
      },
    );
    expectCode(await run(["issues", "show", "ENG-1", "--profile", "agent"]), 0);

    const change = (edit: (c: Record<string, string>) => void) => {
      const file = JSON.parse(readFileSync(config, "utf8"));
      edit(file.profiles.agent.credentials);
      writeFileSync(config, JSON.stringify(file));
    };
    // An access token past its time is renewed before use.
    change((c) => {
      c.access_token_expires_at = new Date(Date.now() - 1000).toISOString();
    });
    expectCode(await run(["issues", "show", "ENG-1", "--profile", "agent"]), 0);
    const second = stored().credentials;
    assert.notEqual(second.access_token, first.access_token);
    assert.ok(Date.parse(second.access_token_expires_at) > Date.now() + 50 * 60_000);
    // One the service refuses is renewed after the 401, and the request made again.
    change((c) => {
      c.access_token = "docket_at_no-longer-valid";
    });
    expectCode(await run(["issues", "show", "ENG-1", "--profile", "agent"]), 0);
    assert.match(stored().credentials.access_token, /^docket_at_[0-9A-Za-z]{49}$/);

    // Revoked by the person: renewal is refused, and that is "sign in again" (exit 3).
    const connection = await core.db
      .selectFrom("agent_registrations")
      .select("connection_id")
      .where("id", "=", reg.id)
      .executeTakeFirstOrThrow();
    await revokeConnection(core, connection.connection_id!, "revoked in a test");
    const refused = await run(["issues", "list", "--profile", "agent"]);
    expectCode(refused, 3);
    assert.match(
      refused.stderr,
      /invalid_grant: The agent connection no longer holds .* docket login --agent/,
    );

    const out = await run(["logout", "--profile", "agent"]);
    expectCode(out, 0);
    assert.match(out.stdout, /stays in the person's settings on the service until revoked there/);
  });

  test("--agent needs --email, and --email needs --agent", async () => {
    const noEmail = await run(["login", "--agent", "--url", service.url]);
    expectCode(noEmail, 2);
    assert.match(noEmail.stderr, /--agent needs --email/);
    expectCode(
      await run(["login", "--email", "ada@example.com", "--url", service.url], { input: service.token }),
      2,
    );
  });
});
