import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO } from "../support.ts";
import { cleanEnv, docket, type Outcome, type Service, startService } from "./support.ts";

// A new person's first hour with the CLI: names instead of ids, a whoami that says who, typos
// answered with the nearest command, times as people read them and hints that name real commands.

let service: Service;
let config: string;
const env = () => ({ DOCKET_CONFIG: config });
const run = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  docket(args, { ...options, env: { ...env(), ...options.env } });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  assert.doesNotMatch(r.stderr, /\n\s+at .+:\d+:\d+/, "never a stack trace");
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
async function json<T = any>(args: string[], options: { env?: Record<string, string> } = {}): Promise<T> {
  const r = await run([...args, "--json"], options);
  expectCode(r, 0);
  return JSON.parse(r.stdout) as T;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

before(async () => {
  service = await startService();
  config = path.join(service.dir, "home", "docket", "config.json");
  expectCode(await run(["login", "--url", service.url], { input: `${service.token}\n` }), 0);
});
after(() => service?.stop());

describe("cycles, milestones and folders by name", () => {
  test("flags and arguments take a name (any case) as well as an id", async () => {
    const sprint = await json([
      "cycles",
      ...["create", "--space", "ENG", "--name", "Sprint 3", "--starts", day(-2), "--ends", day(5)],
    ]);
    const beta = await json(["milestones", "create", "--name", "Beta"]);
    const ga = await json(["milestones", "create", "--name", "GA"]);
    const runbooks = await json(["folders", "create", "--name", "Runbooks"]);

    const made = await json([
      "issues",
      ...["create", "--title", "Named", "--cycle", "sprint 3", "--milestone", "BETA"],
    ]);
    assert.equal(made.cycle.id, sprint.id);
    assert.equal(made.milestone.id, beta.id);
    const listed = await json(["issues", "list", "--cycle", "Sprint 3", "--milestone", "Beta"]);
    assert.deepEqual(
      listed.data.map((i: { identifier: string }) => i.identifier),
      [made.identifier],
    );
    const moved = await json(["issues", "update", made.identifier, "--milestone", "GA"]);
    assert.equal(moved.milestone.id, ga.id);
    assert.equal((await json(["issues", "update", made.identifier, "--cycle", "none"])).cycle, null);
    // ids still work, and are sent as they are
    assert.equal(
      (await json(["issues", "update", made.identifier, "--cycle", sprint.id])).cycle.id,
      sprint.id,
    );

    // the claim command takes them too: the next issue of that cycle
    const next = await json([
      "issues",
      ...["create", "--title", "Claim me", "--status", "todo", "--priority", "urgent", "--cycle", "Sprint 3"],
    ]);
    const claim = await json(["claim", "--cycle", "sprint 3"]);
    assert.equal(claim.issue.identifier, next.identifier);
    expectCode(await run(["claim", "release", claim.id]), 0);
    const unknown = await run(["claim", "--milestone", "Gamma"]);
    expectCode(unknown, 2);
    assert.match(unknown.stderr, /--milestone: no milestone is named "Gamma"/);

    assert.equal((await json(["cycles", "show", "Sprint 3"])).id, sprint.id);
    assert.equal((await json(["cycles", "stats", "sprint 3"])).cycle.id, sprint.id);
    assert.deepEqual(
      (await json(["cycles", "issues", "Sprint 3", "--milestone", "GA"])).data.map(
        (i: { identifier: string }) => i.identifier,
      ),
      [made.identifier],
    );
    assert.equal((await json(["milestones", "show", "ga"])).id, ga.id);
    assert.equal((await json(["milestones", "issues", "GA", "--cycle", "Sprint 3"])).data.length, 1);
    const dep = await json(["milestones", "deps", "add", "GA", "--blocked-by", "Beta"]);
    assert.equal(dep.data[0].from.id, beta.id);
    assert.equal(dep.data[0].to.id, ga.id);
    assert.equal((await json(["milestones", "update", "Beta", "--target", day(30)])).target_date, day(30));

    const note = await json([
      "notes",
      "create",
      "--title",
      "Restarts",
      "--body",
      "x",
      "--folder",
      "runbooks",
    ]);
    assert.equal(note.folder.id, runbooks.id);
    const inFolder = await json(["notes", "list", "--folder", "Runbooks"]);
    assert.deepEqual(
      inFolder.data.map((n: { id: string }) => n.id),
      [note.id],
    );
    const sub = await json(["folders", "create", "--name", "Databases", "--parent", "Runbooks"]);
    assert.equal(sub.parent_id, runbooks.id);
    assert.equal((await json(["folders", "update", "Databases", "--parent", "none"])).parent_id, null);
    assert.equal((await json(["notes", "update", note.id, "--folder", "databases"])).folder.id, sub.id);
  });

  test("an unknown name is a usage error listing the candidates, nearest first", async () => {
    const r = await run(["issues", "list", "--cycle", "Sprint 9"]);
    expectCode(r, 2);
    assert.match(
      r.stderr,
      /^docket: --cycle: no cycle is named "Sprint 9"; the cycles are: "Sprint 3" \(cyc_\w+, ENG, /,
    );
    const m = await run(["issues", "create", "--title", "x", "--milestone", "Gamma"]);
    expectCode(m, 2);
    assert.match(m.stderr, /--milestone: no milestone is named "Gamma"; the milestones are: "GA" \(ms_\w+\)/);
    assert.equal((await json(["issues", "list", "--q", "x", "--all"])).data.length, 0, "nothing was created");
    const f = await run(["notes", "create", "--title", "x", "--folder", "Playbooks"]);
    expectCode(f, 2);
    assert.match(f.stderr, /--folder: no folder is named "Playbooks"; the folders are: /);
    const shown = await run(["cycles", "show", "Nope"]);
    expectCode(shown, 2);
    assert.match(shown.stderr, /^docket: cycle: no cycle is named "Nope"/);
    const json2 = await run(["milestones", "show", "Nope", "--json"]);
    expectCode(json2, 2);
    assert.equal(JSON.parse(json2.stderr).error, "usage");
  });

  test("an ambiguous name is a usage error listing each with its id; a space or identifier narrows cycles", async () => {
    const ops = await run(
      ["admin", "spaces", "create", "--workspace", "acme", "--name", "Ops", "--prefix", "OPS"],
      {
        env: { DATABASE_URL: service.databaseUrl, DOCKET_DATA_DIR: service.dir },
      },
    );
    expectCode(ops, 0);
    const eng = await json([
      "cycles",
      ...["create", "--space", "ENG", "--name", "Hardening", "--starts", day(10), "--ends", day(12)],
    ]);
    const other = await json([
      "cycles",
      ...["create", "--space", "OPS", "--name", "hardening", "--starts", day(10), "--ends", day(12)],
    ]);
    const both = await run(["cycles", "show", "Hardening"]);
    expectCode(both, 2);
    assert.match(both.stderr, /cycle: 2 cycles are named "Hardening": /);
    assert.ok(both.stderr.includes(eng.id) && both.stderr.includes(other.id), both.stderr);
    assert.match(both.stderr, /; give the id$/m);
    const inOps = await json([
      "issues",
      "create",
      "--title",
      "Ops work",
      "--space",
      "OPS",
      "--cycle",
      "Hardening",
    ]);
    assert.equal(inOps.cycle.id, other.id, "--space chooses among cycles of the same name");
    const engIssue = await json(["issues", "create", "--title", "Eng work"]);
    const updated = await json(["issues", "update", engIssue.identifier, "--cycle", "Hardening"]);
    assert.equal(updated.cycle.id, eng.id, "the issue's identifier chooses the space");

    const top = await json(["folders", "create", "--name", "Guides"]);
    await json(["folders", "create", "--name", "Guides", "--parent", "Runbooks"]);
    const two = await run(["notes", "create", "--title", "x", "--folder", "guides"]);
    expectCode(two, 2);
    assert.match(
      two.stderr,
      /--folder: 2 folders are named "guides": "Guides" \(fld_\w+\), "Guides" \(fld_\w+, in Runbooks\)|"Guides" \(fld_\w+, in Runbooks\), "Guides" \(fld_\w+\)/,
    );
    assert.equal((await json(["notes", "create", "--title", "x", "--folder", top.id])).folder.id, top.id);
  });
});

describe("who, when and what next", () => {
  test("whoami names the person, the workspace with the role, and the credential", async () => {
    const r = await run(["whoami"]);
    expectCode(r, 0);
    assert.match(r.stdout, /^You:\s+Ada Lovelace <ada@example\.com>$/m);
    assert.match(r.stdout, /^Workspace:\s+Acme \(acme, ws_\w+\), as owner$/m);
    assert.match(
      r.stdout,
      /^Signed in with:\s+personal access token "rw" \(pat_\w+, …\w{4}, read and write\)$/m,
    );
    const ro = await run(["whoami"], {
      env: { DOCKET_URL: service.url, DOCKET_TOKEN: service.readOnlyToken },
    });
    expectCode(ro, 0);
    assert.match(ro.stdout, /personal access token "ro" \(pat_\w+, …\w{4}, read only\)/);
  });

  test("times as people read them in text, ISO 8601 with --json", async () => {
    const made = await json(["issues", "create", "--title", "Timed"]);
    assert.match(made.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    const shown = await run(["issues", "show", made.identifier, "--no-comments"]);
    expectCode(shown, 0);
    assert.match(shown.stdout, /^Created:\s+just now$/m);
    assert.match(shown.stdout, /^Updated:\s+just now$/m);
    const listed = await run(["issues", "list", "--q", "Timed"]);
    assert.match(listed.stdout, /Timed\s+-\s+-\s+just now$/m);
    const listedJson = await json(["issues", "list", "--q", "Timed"]);
    assert.equal(listedJson.data[0].updated_at, made.updated_at);
  });

  test("the title column takes the width the others leave", async () => {
    const title = "A title long enough to want the whole width of an eighty-column terminal";
    await json([
      "issues",
      ...["create", "--title", title, "--label", "a-rather-long-label-name,another-rather-long-label"],
    ]);
    const r = await run(["issues", "list", "--q", "eighty-column"], { env: { COLUMNS: "100" } });
    expectCode(r, 0);
    const [head, row] = r.stdout.trimEnd().split("\n");
    for (const line of [head!, row!]) assert.ok(line.length <= 100, `"${line}" is ${line.length} wide`);
    const cells = row!.split(/\s{2,}/);
    assert.equal(cells[5], "a-rather-long-l…", "labels are cut to 16 first");
    assert.equal(row!.length, 100, "the title gets every column the others leave");
    assert.ok(cells[3]!.length >= 32, `the title keeps the most: "${cells[3]}"`);
  });

  test("a typo gets the nearest command (exit 2)", async () => {
    const top = await run(["isues", "list"]);
    expectCode(top, 2);
    assert.equal(top.stderr, 'docket: unknown command "isues". Did you mean "issues"? (see docket --help)\n');
    const sub = await run(["issues", "lsit"]);
    expectCode(sub, 2);
    assert.match(
      sub.stderr,
      /^docket: unknown command "issues lsit"\. Did you mean "issues list"\? The issues commands are:/,
    );
    const flag = await run(["issues", "create", "--tilte", "x"]);
    expectCode(flag, 2);
    assert.match(flag.stderr, /Unknown option '--tilte'\. Did you mean --title\?/);
    const admin = await run(["admin", "peple", "list"]);
    expectCode(admin, 2);
    assert.match(admin.stderr, /Did you mean "admin people"\?/);
    const far = await run(["frobnicate"]);
    expectCode(far, 2);
    assert.equal(
      far.stderr,
      'docket: unknown command "frobnicate"; see docket --help\n',
      "nothing near: no guess",
    );
  });

  test("approvals request names a command that waits for the answer, and it does", async () => {
    // Bob joins Acme to answer (one does not answer one's own question)
    const admin = { env: { DATABASE_URL: service.databaseUrl, DOCKET_DATA_DIR: service.dir } };
    expectCode(
      await run(["admin", "members", "add", "--workspace", "acme", "--email", "bob@example.com"], admin),
      0,
    );
    const minted = await run(
      ["admin", "tokens", "create", "--workspace", "acme", "--email", "bob@example.com", "--name", "bob"],
      admin,
    );
    expectCode(minted, 0);
    const bob = { env: { DOCKET_URL: service.url, DOCKET_TOKEN: /docket_pat_\S+/.exec(minted.stdout)![0] } };
    const issue = await json(["issues", "create", "--title", "Deploy"]);
    const asked = await run([
      "approvals",
      "request",
      issue.identifier,
      "--question",
      "Ship?",
      "--from",
      "bob@example.com",
    ]);
    expectCode(asked, 0);
    const hinted = /docket (events tail [^()\n]+?)\s*\(/.exec(asked.stdout)?.[1];
    assert.ok(hinted, asked.stdout);
    const id = /apr_\w+/.exec(asked.stdout)![0];
    assert.equal(hinted, `events tail --type approval.resolved --object ${id}`);
    // run the hinted command as printed; answer; it prints the resolution
    const tail = spawn(
      process.execPath,
      [path.join(REPO, "src/cli/main.ts"), ...hinted.split(" "), "--json"],
      { cwd: REPO, env: cleanEnv(env()), stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    tail.stdout.setEncoding("utf8").on("data", (c: string) => {
      out += c;
    });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      expectCode(await run(["approvals", "answer", id, "--approve"], bob), 0);
      for (let i = 0; i < 100 && !out.includes("\n"); i++) await new Promise((r) => setTimeout(r, 100));
      const event = JSON.parse(out.split("\n")[0]!);
      assert.equal(event.type, "approval.resolved");
      assert.equal(event.object.id, id);
    } finally {
      tail.kill("SIGTERM");
      await new Promise((r) => tail.once("exit", r));
    }
  });
});

describe("npx docket from the checkout", () => {
  // A new person's shell: the system's Node first (20 on many machines), not the project's.
  const path0 = (process.env.PATH ?? "").split(":").filter((p) => !p.includes("node_modules"));
  const npx = spawnSync("sh", ["-c", "command -v npx"], { env: { PATH: path0.join(":") }, encoding: "utf8" });
  test("runs the CLI with the project's Node", { skip: npx.status !== 0 && "no npx on the path" }, () => {
    const r = spawnSync("npx", ["--yes", "docket", "--version"], {
      cwd: REPO,
      env: { ...cleanEnv(), PATH: path0.join(":"), npm_config_update_notifier: "false" },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.equal(r.stdout.trim(), "docket 0.1.0");
    const help = spawnSync("npx", ["--yes", "docket", "--help"], {
      cwd: REPO,
      env: { ...cleanEnv(), PATH: path0.join(":"), npm_config_update_notifier: "false" },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^docket — an issue tracker for people and AI agents/);
  });

  const system = spawnSync("node", ["-p", "process.versions.node"], {
    env: { PATH: path0.join(":") },
    encoding: "utf8",
  });
  const older = system.status === 0 && Number(system.stdout.split(".")[0]) < 24;
  test("without the pinned Node, an older node says what to do (exit 2)", {
    skip: !older && "no older node on the path",
  }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "docket-bin-"));
    try {
      mkdirSync(path.join(dir, "bin"));
      copyFileSync(path.join(REPO, "bin", "docket.mjs"), path.join(dir, "bin", "docket.mjs"));
      const r = spawnSync("node", [path.join(dir, "bin", "docket.mjs"), "--help"], {
        env: { ...cleanEnv(), PATH: path0.join(":") },
        encoding: "utf8",
      });
      assert.equal(r.status, 2);
      assert.match(
        r.stderr,
        /^docket: Node\.js 24 or later is required \(this is v\d+\.\d+\.\d+\); run npm install in the checkout .*then npx docket …/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
