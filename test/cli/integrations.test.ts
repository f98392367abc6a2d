/**
 * `docket integrations add|list|show|remove`, `docket issues branch` and the code links in `docket issues
 * show`, against a real service. Deliveries and links are written to the store as the webhook endpoint
 * would leave them, so these tests read what people read, not how deliveries are taken.
 */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import path from "node:path";
import { after, before, test } from "node:test";
import { docket, type Outcome, type Service, startService } from "./support.ts";

let service: Service;
let config: string;
const run = (args: string[], env: Record<string, string> = {}) =>
  docket(args, { env: { DOCKET_CONFIG: config, ...env } });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
}

before(async () => {
  service = await startService();
  config = path.join(service.dir, "home", "docket", "config.json");
  expectCode(
    await docket(["login", "--url", service.url], {
      env: { DOCKET_CONFIG: config },
      input: `${service.token}\n`,
    }),
    0,
  );
});
after(() => service?.stop());

test("docket integrations add prints the webhook URL and the secret once, with where they go; list, show and remove", async () => {
  const none = await run(["integrations", "list"]);
  expectCode(none, 0);
  assert.match(none.stdout, /No code hosts yet: docket integrations add github/);

  const gh = await run(["integrations", "add", "github", "--repo", "acme/web", "--repo", "acme/api"]);
  expectCode(gh, 0);
  const id = /Integration:\s+(int_\w+)/.exec(gh.stdout)?.[1];
  assert.ok(id, gh.stdout);
  const url = `${service.url}/api/integrations/${id}/webhook`;
  assert.match(gh.stdout, new RegExp(`Webhook URL:\\s+${url.replace(/[./]/g, "\\$&")}`));
  assert.match(gh.stdout, /Repositories:\s+acme\/web, acme\/api/);
  const secret = /^Secret: ([0-9a-f]{64})$/m.exec(gh.stdout)?.[1];
  assert.ok(secret, `a 32-byte secret in hex:\n${gh.stdout}`);
  assert.match(gh.stdout, /Shown only now/);
  assert.match(gh.stdout, /Settings → Webhooks → Add webhook/);
  assert.ok(gh.stdout.includes(`Payload URL:   ${url}`), gh.stdout);
  assert.match(gh.stdout, /Content type:\s+application\/json/);
  assert.ok(gh.stdout.includes(`Secret:        ${secret}`));
  assert.match(gh.stdout, /Pull requests, Pull request reviews,/);

  // a secret of one's own, a name, and GitLab's steps; --json has the secret for scripts
  const gl = await run([
    "integrations",
    "add",
    "GitLab",
    "--name",
    "GitLab (platform)",
    "--repo",
    "platform/backend/api",
    "--secret",
    "correct-horse-battery",
    "--json",
  ]);
  expectCode(gl, 0);
  const made = JSON.parse(gl.stdout);
  assert.equal(made.provider, "gitlab");
  assert.equal(made.name, "GitLab (platform)");
  assert.equal(made.secret, "correct-horse-battery");
  assert.equal(made.webhook_url, `${service.url}/api/integrations/${made.id}/webhook`);
  const glText = await run(["integrations", "add", "gitlab", "--secret", "another-secret-1"]);
  expectCode(glText, 0);
  assert.match(glText.stdout, /Settings → Webhooks → Add new webhook/);
  assert.match(glText.stdout, /Secret token:\s+another-secret-1/);
  assert.match(glText.stdout, /Push events, Merge request events/);

  // wrong input is said before or by the service
  const host = await run(["integrations", "add", "bitbucket"]);
  expectCode(host, 2);
  assert.match(host.stderr, /github or gitlab \(got "bitbucket"\)/);
  const badRepo = await run(["integrations", "add", "github", "--repo", "not a repo"]);
  assert.notEqual(badRepo.code, 0);
  assert.match(badRepo.stderr, /repositor/);
  const short = await run(["integrations", "add", "github", "--secret", "short"]);
  assert.notEqual(short.code, 0);
  assert.match(short.stderr, /at least 8 characters/);

  const list = await run(["integrations", "list"]);
  expectCode(list, 0);
  assert.match(list.stdout, /^ID\s+HOST\s+NAME\s+REPOSITORIES\s+LAST DELIVERY/);
  assert.match(list.stdout, new RegExp(`^${id}\\s+GitHub\\s+GitHub\\s+acme/web,acme/api\\s+none yet$`, "m"));
  assert.match(list.stdout, /GitLab \(platform\)\s+platform\/backend\/api/);

  // the last deliveries, newest first, with their outcome; the secret is never shown again
  const core = await service.core();
  await core.db
    .insertInto("integration_deliveries")
    .values([
      {
        id: "dlv_test_1",
        integration_id: id,
        delivery_id: "72d3162e-cc78-11e3-81ab-4c9367dc0958",
        event: "ping",
        action: null,
        outcome: "ignored",
        summary: "ping: the webhook works",
        received_at: "2026-03-02T09:00:00.000Z",
      },
      {
        id: "dlv_test_2",
        integration_id: id,
        delivery_id: "72d3162e-cc78-11e3-81ab-4c9367dc0959",
        event: "pull_request",
        action: "opened",
        outcome: "linked",
        summary: "PR #12 linked to ENG-1; ENG-1 → in_progress",
        received_at: "2026-03-02T09:05:00.000Z",
      },
    ])
    .execute();
  const show = await run(["integrations", "show", id]);
  expectCode(show, 0);
  assert.match(show.stdout, /Webhook URL:/);
  assert.doesNotMatch(show.stdout, /Secret/);
  assert.ok(!show.stdout.includes(secret));
  assert.match(show.stdout, /Last deliveries \(2\)/);
  assert.match(show.stdout, /RECEIVED\s+EVENT\s+OUTCOME\s+SUMMARY/);
  const rows = show.stdout.split("\n").filter((l) => /ping|pull_request/.test(l));
  assert.equal(rows.length, 2, show.stdout);
  assert.match(rows[0]!, /pull_request\.opened\s+linked\s+PR #12 linked to ENG-1; ENG-1 → in_progress/);
  assert.match(rows[1]!, /ping\s+ignored\s+ping: the webhook works/);
  const fresh = await run(["integrations", "show", made.id]);
  expectCode(fresh, 0);
  assert.match(fresh.stdout, /None yet: the code host sends a first one/);

  const gone = await run(["integrations", "remove", made.id]);
  expectCode(gone, 0);
  assert.match(gone.stdout, new RegExp(`Removed ${made.id}\\. Delete the webhook on the code host too`));
  const after = JSON.parse((await run(["integrations", "list", "--json"])).stdout);
  assert.ok(!after.data.some((i: { id: string }) => i.id === made.id));
  const missing = await run(["integrations", "show", made.id]);
  assert.equal(missing.code, 4, missing.stderr);

  // a read-only token reads nothing of it: integrations are the admins'
  const ro = await docket(["integrations", "list"], {
    env: { DOCKET_URL: service.url, DOCKET_TOKEN: service.readOnlyToken, DOCKET_CONFIG: `${config}.none` },
  });
  assert.notEqual(ro.code, 0);
});

test("docket issues branch prints the branch name the linker finds, and issues show lists the code links", async () => {
  const made = JSON.parse(
    (await run(["issues", "create", "--title", "Fix login redirect after the session expires", "--json"]))
      .stdout,
  );
  const branch = await run(["issues", "branch", made.identifier.toLowerCase()]);
  expectCode(branch, 0);
  const expected = `${made.identifier.toLowerCase()}-fix-login-redirect-after-the-session-expires`;
  assert.equal(branch.stdout, `${expected}\n`);
  const json = JSON.parse((await run(["issues", "branch", made.identifier, "--json"])).stdout);
  assert.deepEqual(json, { identifier: made.identifier, branch_name: expected });

  // lower case ASCII, at most 60 characters, cut at a word's end
  const long = JSON.parse(
    (
      await run([
        "issues",
        "create",
        "--title",
        "Ünïcode façade: make the “export to CSV” button work when the workspace has 10,000 issues",
        "--json",
      ])
    ).stdout,
  );
  const longName = (await run(["issues", "branch", long.identifier])).stdout.trim();
  assert.ok(longName.length <= 60, longName);
  assert.match(longName, /^[a-z0-9-]+$/);
  assert.ok(longName.startsWith(`${long.identifier.toLowerCase()}-unicode-facade-make-the-export-to-csv`));
  assert.ok(!longName.endsWith("-"));

  // no links: nothing said about code
  const bare = await run(["issues", "show", made.identifier, "--no-comments"]);
  expectCode(bare, 0);
  assert.doesNotMatch(bare.stdout, /^Code/m);

  const core = await service.core();
  const issue = await core.db
    .selectFrom("issues")
    .select(["id", "workspace_id"])
    .where("id", "=", made.id)
    .executeTakeFirstOrThrow();
  const at = "2026-03-02T09:00:00.000Z";
  const link = {
    workspace_id: issue.workspace_id,
    issue_id: issue.id,
    integration_id: null,
    provider: "github",
    author_login: "octocat",
    repository: "acme/web",
    created_at: at,
    updated_at: at,
    merged_at: null,
    closed_at: null,
    review_state: null,
    number: null,
    closes: 0,
  };
  await core.db
    .insertInto("code_links")
    .values([
      {
        ...link,
        id: "lnk_test_pr",
        kind: "pull_request",
        external_id: "acme/web#12",
        url: "https://github.com/acme/web/pull/12",
        title: `Fix the login redirect (fixes ${made.identifier})`,
        number: 12,
        state: "open",
        review_state: "approved",
        closes: 1,
        branch: expected,
      },
      {
        ...link,
        id: "lnk_test_mr",
        provider: "gitlab",
        kind: "pull_request",
        external_id: "platform/api#7",
        url: "https://gitlab.example.com/platform/api/-/merge_requests/7",
        title: "Draft: the session check",
        repository: "platform/api",
        number: 7,
        state: "draft",
        branch: "session-check",
        updated_at: "2026-03-02T08:00:00.000Z",
      },
      {
        ...link,
        id: "lnk_test_branch",
        kind: "branch",
        external_id: `acme/web:${expected}`,
        url: `https://github.com/acme/web/tree/${expected}`,
        title: expected,
        state: "open",
        branch: expected,
      },
      {
        ...link,
        id: "lnk_test_commit",
        kind: "commit",
        external_id: "acme/web@3f2c1ab9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3",
        url: "https://github.com/acme/web/commit/3f2c1ab9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3",
        title: `Keep the redirect target (refs ${made.identifier})`,
        state: null,
        branch: expected,
      },
    ])
    .execute();

  const shown = await run(["issues", "show", made.identifier]);
  expectCode(shown, 0);
  assert.match(shown.stdout, /^Code \(4\)$/m);
  const lines = shown.stdout.split("\n");
  const from = lines.indexOf("Code (4)");
  const code = lines.slice(from + 1, from + 5);
  assert.match(
    code[0]!,
    new RegExp(
      `^ {2}PR acme/web#12 {2}open {2}approved {2}Fix the login redirect \\(fixes ${made.identifier}\\) {2}by octocat {2}\\(closes\\)$`,
    ),
  );
  assert.match(code[1]!, /^ {2}MR platform\/api!7 {2}draft {2}Draft: the session check {2}by octocat$/);
  assert.equal(code[2], `  branch acme/web:${expected}  open  by octocat`);
  assert.match(
    code[3]!,
    /^ {2}commit acme\/web@3f2c1ab {2}Keep the redirect target \(refs ENG-\d+\) {2}by octocat$/,
  );
  // the comments still follow
  assert.ok(shown.stdout.indexOf("Comments (0)") > shown.stdout.indexOf("Code (4)"));
  const asJson = JSON.parse(
    (await run(["issues", "show", made.identifier, "--json", "--no-comments"])).stdout,
  );
  assert.deepEqual(
    asJson.code_links.map((l: { id: string }) => l.id),
    ["lnk_test_pr", "lnk_test_mr", "lnk_test_branch", "lnk_test_commit"],
  );
  assert.equal(asJson.code_links[0].state, "open");
  assert.equal(asJson.code_links[0].closes, true);
});

test("a signed GitHub delivery shows in docket integrations show, and the change it made in docket issues activity", async () => {
  const issue = JSON.parse(
    (await run(["issues", "create", "--title", "Fix the logout", "--status", "todo", "--json"])).stdout,
  );
  const made = JSON.parse((await run(["integrations", "add", "github", "--json"])).stdout);
  const body = JSON.stringify({
    action: "opened",
    number: 31,
    pull_request: {
      number: 31,
      html_url: "https://github.com/acme/web/pull/31",
      state: "open",
      draft: false,
      merged: false,
      title: `Fix the logout (fixes ${issue.identifier})`,
      body: "",
      user: { login: "octocat" },
      head: { ref: "logout", sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e" },
      base: { ref: "main" },
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      merged_at: null,
      closed_at: null,
    },
    repository: { full_name: "acme/web", html_url: "https://github.com/acme/web", default_branch: "main" },
    sender: { login: "octocat" },
  });
  const res = await fetch(`${service.url}/api/integrations/${made.id}/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "pull_request",
      "x-github-delivery": "0b4a4a3e-0000-4000-8000-000000000031",
      "x-hub-signature-256": `sha256=${createHmac("sha256", made.secret).update(body).digest("hex")}`,
    },
    body,
  });
  assert.ok(res.status < 300, `${res.status} ${await res.text()}`);

  const show = await run(["integrations", "show", made.id]);
  expectCode(show, 0);
  assert.match(show.stdout, /Last deliveries \(1\)/);
  assert.match(show.stdout, /pull_request\.opened\s+linked\s+.*#31.*ENG-\d+/);
  const code = await run(["issues", "show", issue.identifier, "--no-comments"]);
  assert.match(code.stdout, /^ {2}PR acme\/web#31 {2}open {2}Fix the logout/m);
  const activity = await run(["issues", "activity", issue.identifier]);
  expectCode(activity, 0);
  assert.match(activity.stdout, /GitHub \(pull request #31 by octocat\)/);
});

test("docket integrations update renames, changes the repositories and makes a new secret, printed once", async () => {
  const made = JSON.parse(
    (await run(["integrations", "add", "github", "--repo", "acme/web", "--json"])).stdout,
  );
  const renamed = await run(["integrations", "update", made.id, "--name", "GitHub (acme)", "--all-repos"]);
  expectCode(renamed, 0);
  assert.match(renamed.stdout, /Name:\s+GitHub \(acme\)/);
  assert.match(renamed.stdout, /Repositories:\s+all/);
  assert.doesNotMatch(renamed.stdout, /Secret/);
  const rotated = await run(["integrations", "update", made.id, "--rotate-secret"]);
  expectCode(rotated, 0);
  const secret = /^Secret: ([0-9a-f]{64})$/m.exec(rotated.stdout)?.[1];
  assert.ok(secret && secret !== made.secret, rotated.stdout);
  assert.match(rotated.stdout, /Settings → Webhooks/);
  // a delivery signed with the old secret is refused now
  const body = JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 });
  const sign = (key: string) => `sha256=${createHmac("sha256", key).update(body).digest("hex")}`;
  const send = (key: string, delivery: string) =>
    fetch(`${service.url}/api/integrations/${made.id}/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "ping",
        "x-github-delivery": delivery,
        "x-hub-signature-256": sign(key),
      },
      body,
    });
  assert.equal((await send(made.secret, "d-old")).status, 401);
  assert.ok((await send(secret!, "d-new")).status < 300);
  // --if-version: only if nobody changed it since that version
  const stale = await run(["integrations", "update", made.id, "--name", "Old", "--if-version", "1"]);
  assert.notEqual(stale.code, 0);
  assert.match(stale.stderr, /changed|412|version/i);
  const current = JSON.parse((await run(["integrations", "show", made.id, "--json"])).stdout);
  const kept = await run([
    "integrations",
    "update",
    made.id,
    "--name",
    "GitHub",
    "--if-version",
    String(current.version),
  ]);
  expectCode(kept, 0);
  const nothing = await run(["integrations", "update", made.id]);
  expectCode(nothing, 2);
  assert.match(nothing.stderr, /nothing to change/);
});
