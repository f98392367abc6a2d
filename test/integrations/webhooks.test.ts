import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { type TestContext, test } from "node:test";
import { type Api, api, seed } from "../support.ts";
import {
  githubCreate,
  githubHeaders,
  githubPing,
  githubPullRequestEvent,
  githubPush,
  githubReviewEvent,
  gitlabHeaders,
  gitlabMergeRequest,
  gitlabPush,
  REPO,
} from "./fixtures.ts";

/**
 * Code hosts' webhooks, end to end: signed deliveries from GitHub's and GitLab's documented payloads,
 * the links they make, and the automation they drive (on SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */

interface Hook {
  a: Api;
  id: string;
  secret: string;
  url: string;
}

async function connect(
  t: TestContext,
  provider: "github" | "gitlab" = "github",
  extra: Record<string, unknown> = {},
) {
  const a = await api(t);
  return { a, ...(await integration(a, provider, extra)) };
}

async function integration(a: Api, provider: "github" | "gitlab", extra: Record<string, unknown> = {}) {
  const r = await a.call("POST", "/v1/integrations", { provider, ...extra });
  assert.equal(r.status, 201, r.text);
  return {
    id: r.body.id as string,
    secret: r.body.secret as string,
    url: new URL(r.body.webhook_url).pathname,
  };
}

async function issue(a: Api, title: string, status = "todo"): Promise<string> {
  const r = await a.call("POST", "/v1/issues", { title, status });
  assert.equal(r.status, 201, r.text);
  return r.body.identifier;
}

async function gh(h: Hook, event: string, payload: unknown, delivery?: string) {
  const body = JSON.stringify(payload);
  const res = await h.a.app.inject({
    method: "POST",
    url: h.url,
    headers: githubHeaders(event, body, h.secret, delivery),
    payload: body,
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

async function gl(h: Hook, event: string, payload: unknown, uuid?: string) {
  const res = await h.a.app.inject({
    method: "POST",
    url: h.url,
    headers: gitlabHeaders(event, h.secret, uuid),
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

async function status(a: Api, id: string): Promise<string> {
  return (await a.call("GET", `/v1/issues/${id}`)).body.status;
}
async function links(a: Api, id: string) {
  const r = await a.call("GET", `/v1/issues/${id}/links`);
  assert.equal(r.status, 200, r.text);
  return r.body.data as Record<string, unknown>[];
}

test("an admin connects GitHub: webhook URL and secret once, list, read, rotate, remove; members may not", async (t) => {
  const a = await api(t);
  const made = await a.call("POST", "/v1/integrations", { provider: "github", repositories: ["acme/web"] });
  assert.equal(made.status, 201, made.text);
  assert.match(made.body.id, /^int_/);
  assert.equal(made.body.name, "GitHub");
  assert.match(made.body.secret, /^[0-9a-f]{64}$/);
  assert.match(made.body.webhook_url, new RegExp(`/api/integrations/${made.body.id}/webhook$`));
  assert.deepEqual(made.body.repositories, ["acme/web"]);
  const stored = await a.env.core.db.selectFrom("integrations").select("secret").executeTakeFirstOrThrow();
  assert.ok(!stored.secret.includes(made.body.secret), "the secret is sealed at rest");

  const read = await a.call("GET", `/v1/integrations/${made.body.id}`);
  assert.equal(read.status, 200);
  assert.equal(read.body.secret, undefined, "never shown again");
  assert.deepEqual(read.body.deliveries, []);
  const list = await a.call("GET", "/v1/integrations");
  assert.deepEqual(
    list.body.data.map((i: { id: string }) => i.id),
    [made.body.id],
  );

  const rotated = await a.call("PATCH", `/v1/integrations/${made.body.id}`, {
    rotate_secret: true,
    name: "Main",
  });
  assert.equal(rotated.status, 200, rotated.text);
  assert.equal(rotated.body.name, "Main");
  assert.notEqual(rotated.body.secret, made.body.secret);
  // the old secret no longer signs
  const h = { a, id: made.body.id, secret: made.body.secret, url: new URL(made.body.webhook_url).pathname };
  assert.equal((await gh(h, "ping", githubPing())).status, 401);
  assert.equal((await gh({ ...h, secret: rotated.body.secret }, "ping", githubPing())).status, 202);

  // a member (not an admin) is refused
  const { mintPat } = await import("../../src/auth/tokens.ts");
  const { createPerson } = await import("../../src/auth/people.ts");
  await createPerson(a.env.core, { email: "bo@example.com", name: "Bo" });
  await a.env.core.db
    .insertInto("memberships")
    .values({
      workspace_id: a.workspaceId,
      person_id: (
        await a.env.core.db
          .selectFrom("people")
          .select("id")
          .where("email", "=", "bo@example.com")
          .executeTakeFirstOrThrow()
      ).id,
      role: "member",
      created_at: new Date().toISOString(),
    })
    .execute();
  const bo = await mintPat(a.env.core, { workspace: "acme", email: "bo@example.com", name: "bo" });
  const refused = await a.call(
    "POST",
    "/v1/integrations",
    { provider: "gitlab" },
    { authorization: `Bearer ${bo.token}` },
  );
  assert.equal(refused.status, 403);

  assert.equal((await a.call("DELETE", `/v1/integrations/${made.body.id}`)).status, 200);
  assert.equal((await gh({ ...h, secret: rotated.body.secret }, "ping", githubPing())).status, 404);
});

test("a pull request's life on GitHub: draft, ready, reviewed, merged; links and automation", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const eng = await issue(a, "Fix login redirect");
  const branch = `${eng.toLowerCase()}-fix-login-redirect`;

  // opened as a draft from the issue's branch: todo → in_progress
  const opened = await gh(h, "pull_request", githubPullRequestEvent("opened", { branch, draft: true }));
  assert.equal(opened.status, 202, JSON.stringify(opened.body));
  assert.equal(opened.body.outcome, "linked");
  assert.equal(await status(a, eng), "in_progress");
  let [link] = await links(a, eng);
  assert.equal(link!.kind, "pull_request");
  assert.equal(link!.state, "draft");
  assert.equal(link!.number, 12);
  assert.equal(link!.closes, true, "a branch named for the issue closes it on merge");
  assert.equal(link!.author_login, "octocat");
  assert.equal(link!.url, `https://github.com/${REPO}/pull/12`);

  // ready for review: in_review
  await gh(h, "pull_request", githubPullRequestEvent("ready_for_review", { branch }));
  assert.equal(await status(a, eng), "in_review");
  [link] = await links(a, eng);
  assert.equal(link!.state, "open");

  // converted back to a draft: the link says so, the issue stays where it is
  await gh(h, "pull_request", githubPullRequestEvent("converted_to_draft", { branch, draft: true }));
  [link] = await links(a, eng);
  assert.equal(link!.state, "draft");
  assert.equal(await status(a, eng), "in_review");

  await gh(h, "pull_request", githubPullRequestEvent("ready_for_review", { branch }));
  await gh(h, "pull_request_review", githubReviewEvent("changes_requested", { branch }));
  [link] = await links(a, eng);
  assert.equal(link!.review_state, "changes_requested");
  await gh(h, "pull_request_review", githubReviewEvent("approved", { branch }));
  [link] = await links(a, eng);
  assert.equal(link!.review_state, "approved");
  const commented = await gh(h, "pull_request_review", githubReviewEvent("commented", { branch }));
  assert.equal(commented.body.outcome, "ignored");

  // an edit that changes nothing of ours
  const edited = await gh(
    h,
    "pull_request",
    githubPullRequestEvent("edited", { branch, body: "More words." }),
  );
  assert.equal(edited.status, 202);

  // merged: done (the space's policy is anyone), by the integration, with what caused it
  const merged = await gh(h, "pull_request", githubPullRequestEvent("closed", { branch, merged: true }));
  assert.match(merged.body.summary, /→ done/);
  assert.equal(await status(a, eng), "done");
  [link] = await links(a, eng);
  assert.equal(link!.state, "merged");
  assert.ok(link!.merged_at);

  const activity = (await a.call("GET", `/v1/issues/${eng}/activity`)).body.data;
  const done = activity.find(
    (x: { changes: { status?: { to: string } } }) => x.changes.status?.to === "done",
  );
  assert.equal(done.actor.via, h.id);
  assert.equal(done.actor.person_id, a.personId, "accountable: the admin who connected it");
  assert.deepEqual(done.via_integration, {
    provider: "github",
    kind: "pull_request",
    number: 12,
    author_login: "octocat",
    url: `https://github.com/${REPO}/pull/12`,
  });
  const events = (await a.call("GET", "/v1/events?type=issue.updated")).body.data;
  const doneEvent = events.find(
    (e: { data: { changes: { status?: { to: string } } } }) => e.data.changes.status?.to === "done",
  );
  assert.equal(doneEvent.actor.via, h.id);
  assert.equal(doneEvent.data.via_integration.number, 12);
  const linkEvents = (await a.call("GET", "/v1/events?type=code_link.*")).body.data;
  assert.equal(linkEvents[0].type, "code_link.created");
  assert.equal(linkEvents[0].data.issue, eng);
  assert.ok(linkEvents.some((e: { type: string }) => e.type === "code_link.updated"));
  // the event's url reads the link
  const one = await a.call("GET", linkEvents[0].object.url);
  assert.equal(one.status, 200, one.text);
  assert.equal(one.body.issue, eng);
  assert.equal(one.body.state, "merged");

  // the integration's log
  const read = await a.call("GET", `/v1/integrations/${h.id}`);
  assert.ok(read.body.last_delivery_at);
  assert.equal(read.body.deliveries[0].event, "pull_request");
  assert.equal(read.body.deliveries[0].action, "closed");
  assert.equal(read.body.deliveries[0].outcome, "linked");
});

test("closing words, refs and plain mentions: only a closing word (or the branch) finishes on merge", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const closing = await issue(a, "Closing");
  const referred = await issue(a, "Referred");
  const mentioned = await issue(a, "Mentioned");
  await gh(
    h,
    "pull_request",
    githubPullRequestEvent("opened", {
      number: 30,
      title: "Tidy the settings page",
      body: `Resolves ${closing.toLowerCase()}.\n\nRefs ${referred}; see also ${mentioned}.`,
    }),
  );
  for (const id of [closing, referred, mentioned]) assert.equal(await status(a, id), "in_review");
  assert.equal((await links(a, closing))[0]!.closes, true);
  assert.equal((await links(a, referred))[0]!.closes, false);
  assert.equal((await links(a, mentioned))[0]!.closes, false);
  await gh(
    h,
    "pull_request",
    githubPullRequestEvent("closed", {
      number: 30,
      merged: true,
      title: "Tidy the settings page",
      body: `Resolves ${closing}.\n\nRefs ${referred}; see also ${mentioned}.`,
    }),
  );
  assert.equal(await status(a, closing), "done");
  assert.equal(await status(a, referred), "in_review");
  assert.equal(await status(a, mentioned), "in_review");
});

test("a pull request closed without merge moves nothing back and says so; reopened comes back", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const eng = await issue(a, "Abandoned");
  await gh(h, "pull_request", githubPullRequestEvent("opened", { title: `Fixes ${eng}` }));
  assert.equal(await status(a, eng), "in_review");
  const closed = await gh(
    h,
    "pull_request",
    githubPullRequestEvent("closed", { title: `Fixes ${eng}`, state: "closed" }),
  );
  assert.match(closed.body.summary, /closed without merge/);
  assert.equal(await status(a, eng), "in_review");
  assert.equal((await links(a, eng))[0]!.state, "closed");
  const activity = (await a.call("GET", `/v1/issues/${eng}/activity`)).body.data;
  assert.ok(activity.some((x: { action: string }) => x.action === "pull_request_closed"));
  await gh(h, "pull_request", githubPullRequestEvent("reopened", { title: `Fixes ${eng}` }));
  assert.equal((await links(a, eng))[0]!.state, "open");
});

test("a merge under each review policy: anyone finishes; person and not_author ask the reviewers", async (t) => {
  const h = await connect(t);
  const a = h.a;
  for (const [policy, number] of [
    ["person", 41],
    ["not_author", 42],
  ] as const) {
    assert.equal((await a.call("PATCH", "/v1/spaces/ENG", { done_requires: policy })).status, 200);
    const eng = await issue(a, `Under ${policy}`);
    await gh(h, "pull_request", githubPullRequestEvent("opened", { number, title: `Fixes ${eng}` }));
    const merged = await gh(
      h,
      "pull_request",
      githubPullRequestEvent("closed", { number, title: `Fixes ${eng}`, merged: true }),
    );
    assert.match(merged.body.summary, /ready to finish/, JSON.stringify(merged.body));
    assert.equal(await status(a, eng), "in_review", policy);
    const approvals = (await a.call("GET", `/v1/issues/${eng}/approvals`)).body.data;
    assert.equal(approvals.length, 1);
    assert.equal(approvals[0].marks_done, true);
    assert.match(approvals[0].question, /GitHub \(pull request #\d+ by octocat\) was merged/);
    const activity = (await a.call("GET", `/v1/issues/${eng}/activity`)).body.data;
    assert.ok(activity.some((x: { action: string }) => x.action === "ready_to_finish"));
    // the reviewers (the workspace's admins: Ada) are told, and Ada's approval finishes it
    const inbox = (await a.call("GET", "/v1/inbox")).body.data;
    assert.ok(
      inbox.some((i: { kind: string; title: string }) => i.kind === "approval" && i.title.startsWith(eng)),
    );
    if (policy === "person") {
      const answered = await a.call("POST", `/v1/approvals/${approvals[0].id}/answer`, { approve: true });
      assert.equal(answered.status, 200, answered.text);
      assert.equal(await status(a, eng), "done");
    }
  }
  assert.equal((await a.call("PATCH", "/v1/spaces/ENG", { done_requires: "anyone" })).status, 200);
  const eng = await issue(a, "Under anyone");
  await gh(
    h,
    "pull_request",
    githubPullRequestEvent("closed", { number: 43, title: `Closes ${eng}`, merged: true }),
  );
  assert.equal(await status(a, eng), "done");
});

test("automation switches: each off, the link is made and nothing moves", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const set = await a.call("PATCH", "/v1/spaces/ENG", {
    auto_start_on_branch: false,
    auto_review_on_pr: false,
    auto_done_on_merge: false,
  });
  assert.equal(set.status, 200, set.text);
  assert.equal(set.body.auto_done_on_merge, false);
  const eng = await issue(a, "Manual");
  await gh(h, "create", githubCreate(`${eng.toLowerCase()}-manual`));
  await gh(h, "pull_request", githubPullRequestEvent("opened", { title: `Fixes ${eng}` }));
  await gh(h, "pull_request", githubPullRequestEvent("closed", { title: `Fixes ${eng}`, merged: true }));
  assert.equal(await status(a, eng), "todo");
  assert.equal((await links(a, eng)).length, 2);
});

test("push: a branch starts its issue, a commit naming two issues links both, a closing commit on main finishes", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const one = await issue(a, "One");
  const two = await issue(a, "Two", "backlog");
  const branch = `${one.toLowerCase()}-one`;
  const pushed = await gh(
    h,
    "push",
    githubPush(branch, [{ message: `Work on ${one} and ${two}\n\nA longer body.` }], { created: true }),
  );
  assert.equal(pushed.status, 202);
  assert.equal(await status(a, one), "in_progress", "the branch started it");
  const oneLinks = await links(a, one);
  assert.deepEqual(oneLinks.map((l) => l.kind).sort(), ["branch", "commit"]);
  const commit = oneLinks.find((l) => l.kind === "commit")!;
  assert.equal(commit.title, `Work on ${one} and ${two}`);
  assert.equal(commit.state, null);
  assert.equal(commit.branch, branch);
  assert.deepEqual(
    (await links(a, two)).map((l) => l.kind),
    ["commit"],
  );
  assert.equal(await status(a, two), "backlog", "a commit alone starts nothing");

  // a closing commit pushed to the default branch is a merge
  await gh(h, "push", githubPush("main", [{ message: `fix ${two}: the crash` }]));
  assert.equal(await status(a, two), "done");
  // tags are not acted on
  const tag = await gh(h, "create", githubCreate("v1.0.0", "tag"));
  assert.equal(tag.body.outcome, "ignored");
});

test("a branch renamed: the new name links, the old one is closed", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const eng = await issue(a, "Rename");
  const old = `${eng.toLowerCase()}-first-name`;
  await gh(h, "create", githubCreate(old));
  await gh(h, "create", githubCreate(`feature/${eng}-second-name`));
  await gh(h, "delete", { ...githubCreate(old), pusher_type: "user" });
  const list = await links(a, eng);
  assert.equal(list.length, 2);
  const byTitle = Object.fromEntries(list.map((l) => [l.title, l.state]));
  assert.equal(byTitle[old], "closed");
  assert.equal(byTitle[`feature/${eng}-second-name`], "open");
  // a pull request whose head branch was renamed keeps its link and gains the new issue's
  const other = await issue(a, "Other");
  await gh(h, "pull_request", githubPullRequestEvent("opened", { number: 50, branch: old, title: "Work" }));
  await gh(
    h,
    "pull_request",
    githubPullRequestEvent("edited", { number: 50, branch: `${other.toLowerCase()}-work`, title: "Work" }),
  );
  assert.ok((await links(a, eng)).some((l) => l.number === 50));
  assert.ok((await links(a, other)).some((l) => l.number === 50));
});

test("many links on one issue, pull requests first", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const eng = await issue(a, "Busy");
  for (let n = 1; n <= 12; n++)
    assert.equal(
      (
        await gh(
          h,
          "pull_request",
          githubPullRequestEvent("opened", { number: n, title: `Part ${n} of ${eng}` }),
        )
      ).status,
      202,
    );
  await gh(
    h,
    "push",
    githubPush(
      "work",
      Array.from({ length: 20 }, (_, i) => ({ message: `refs ${eng}: step ${i}` })),
    ),
  );
  const list = await links(a, eng);
  assert.equal(list.length, 32);
  assert.deepEqual([...new Set(list.map((l) => l.kind))], ["pull_request", "commit"]);
  // a page at a time, in the same order
  const paged: unknown[] = [];
  for (let cursor: string | null = null, pages = 0; pages === 0 || cursor; pages++) {
    const q: string = cursor ? `limit=10&cursor=${encodeURIComponent(cursor)}` : "limit=10";
    const r = await a.call("GET", `/v1/issues/${eng}/links?${q}`);
    assert.equal(r.status, 200, r.text);
    assert.ok(r.body.data.length <= 10);
    paged.push(...r.body.data);
    cursor = r.body.next_cursor;
  }
  assert.deepEqual(paged, list);
  const got = await a.call("GET", `/v1/issues/${eng}`);
  assert.equal(got.status, 200);
});

test("redelivery answers 200 and changes nothing; wrong or missing signature is 401 and writes nothing", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const eng = await issue(a, "Once");
  const delivery = randomUUID();
  const payload = githubPullRequestEvent("opened", { title: `Fixes ${eng}` });
  const first = await gh(h, "pull_request", payload, delivery);
  assert.equal(first.status, 202);
  const eventsBefore = (await a.call("GET", "/v1/events")).body.data.length;
  const again = await gh(h, "pull_request", payload, delivery);
  assert.equal(again.status, 200);
  assert.equal(again.body.duplicate, true);
  assert.equal((await a.call("GET", "/v1/events")).body.data.length, eventsBefore);

  const other = await issue(a, "Never");
  const body = JSON.stringify(githubPullRequestEvent("opened", { number: 99, title: `Fixes ${other}` }));
  const deliveriesBefore = await a.env.core.db.selectFrom("integration_deliveries").selectAll().execute();
  const wrong = await a.app.inject({
    method: "POST",
    url: h.url,
    headers: githubHeaders("pull_request", body, "not-the-secret"),
    payload: body,
  });
  assert.equal(wrong.statusCode, 401);
  const headers = githubHeaders("pull_request", body, h.secret) as Record<string, string>;
  delete headers["x-hub-signature-256"];
  const missing = await a.app.inject({ method: "POST", url: h.url, headers, payload: body });
  assert.equal(missing.statusCode, 401);
  const tampered = await a.app.inject({
    method: "POST",
    url: h.url,
    headers: githubHeaders("pull_request", body, h.secret),
    payload: body.replace("99", "98"),
  });
  assert.equal(tampered.statusCode, 401);
  assert.deepEqual(await links(a, other), []);
  assert.equal(await status(a, other), "todo");
  assert.deepEqual(
    await a.env.core.db.selectFrom("integration_deliveries").selectAll().execute(),
    deliveriesBefore,
  );

  // unknown integration, oversized body, unknown event
  const unknown = await a.app.inject({
    method: "POST",
    url: "/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook",
    headers: githubHeaders("ping", "{}", h.secret),
    payload: "{}",
  });
  assert.equal(unknown.statusCode, 404);
  const big = JSON.stringify({ padding: "x".repeat(1024 * 1024 + 10) });
  const tooBig = await a.app.inject({
    method: "POST",
    url: h.url,
    headers: githubHeaders("push", big, h.secret),
    payload: big,
  });
  assert.equal(tooBig.statusCode, 413);
  const odd = await gh(h, "deployment_status", { action: "created", repository: { full_name: REPO } });
  assert.equal(odd.status, 202);
  assert.equal(odd.body.ignored, true);
  const ping = await gh(h, "ping", githubPing());
  assert.equal(ping.status, 202);
});

test("another workspace's identifier never links; a repository not in the list is ignored", async (t) => {
  const h = await connect(t, "github", {
    repositories: ["acme/web", "acme/tools-*".replace("-*", "/*").replace("acme/tools/*", "tools/*")],
  });
  const a = h.a;
  // another workspace, also with a space ENG, has ENG-1 … ENG-3
  const other = await seed(a.env.core, "globex", "gil@example.com");
  const { createIssue } = await import("../../src/tracker/issues.ts");
  const octx = {
    core: a.env.core,
    workspaceId: other.workspaceId,
    actor: { personId: other.personId, via: "web" },
  };
  for (let i = 0; i < 3; i++) await createIssue(octx, { title: `Theirs ${i}` });
  const mine = await issue(a, "Mine"); // ENG-1 here
  const r = await gh(h, "pull_request", githubPullRequestEvent("opened", { title: "Fixes ENG-3 and ENG-1" }));
  assert.equal(r.status, 202);
  assert.equal(mine, "ENG-1");
  const rows = await a.env.core.db.selectFrom("code_links").select(["workspace_id", "issue_id"]).execute();
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.workspace_id, a.workspaceId);

  const elsewhere = await gh(
    h,
    "pull_request",
    githubPullRequestEvent("opened", { number: 2, title: `Fixes ${mine}`, repo: "evil/fork" }),
  );
  assert.equal(elsewhere.status, 202);
  assert.equal(elsewhere.body.outcome, "ignored");
  assert.match(elsewhere.body.summary, /not one of this integration's repositories/);
  assert.equal((await links(a, mine)).length, 1);
  const pattern = await gh(
    h,
    "pull_request",
    githubPullRequestEvent("opened", { number: 3, title: `Refs ${mine}`, repo: "tools/cli" }),
  );
  assert.equal(pattern.body.outcome, "linked");
});

test("space rules: a repository links only its space's identifiers", async (t) => {
  const a = await api(t);
  assert.equal((await a.call("POST", "/v1/spaces", { name: "Ops", prefix: "OPS" })).status, 201);
  const hook = await integration(a, "github", { space_rules: { "acme/web": "ENG" } });
  const h = { a, ...hook };
  const eng = await issue(a, "Web");
  const ops = (await a.call("POST", "/v1/issues", { title: "Ops", space: "OPS", status: "todo" })).body
    .identifier;
  await gh(h, "pull_request", githubPullRequestEvent("opened", { title: `Fixes ${eng} and ${ops}` }));
  assert.equal((await links(a, eng)).length, 1);
  assert.equal((await links(a, ops)).length, 0);
});

test("GitLab: merge request opened, drafted, approved and merged; a push with commits; token checked", async (t) => {
  const h = await connect(t, "gitlab");
  const a = h.a;
  const eng = await issue(a, "GitLab work");
  const branch = `${eng.toLowerCase()}-gitlab-work`;
  const opened = await gl(h, "Merge Request Hook", gitlabMergeRequest("open", { branch, draft: true }));
  assert.equal(opened.status, 202, JSON.stringify(opened.body));
  assert.equal(await status(a, eng), "in_progress");
  let [link] = await links(a, eng);
  assert.equal(link!.provider, "gitlab");
  assert.equal(link!.state, "draft");
  assert.equal(link!.number, 7);
  assert.equal(link!.author_login, "root");
  await gl(
    h,
    "Merge Request Hook",
    gitlabMergeRequest("update", { branch, changes: { draft: { previous: true, current: false } } }),
  );
  assert.equal(await status(a, eng), "in_review");
  await gl(h, "Merge Request Hook", gitlabMergeRequest("approved", { branch }));
  [link] = await links(a, eng);
  assert.equal(link!.review_state, "approved");
  await gl(h, "Merge Request Hook", gitlabMergeRequest("merge", { branch, state: "merged" }));
  assert.equal(await status(a, eng), "done");
  [link] = await links(a, eng);
  assert.equal(link!.state, "merged");
  const activity = (await a.call("GET", `/v1/issues/${eng}/activity`)).body.data;
  assert.equal(activity.at(-1).via_integration.provider, "gitlab");

  const two = await issue(a, "Pushed");
  const pushed = await gl(
    h,
    "Push Hook",
    gitlabPush("topic", [{ message: `Closes ${two}` }, { message: `part of ${eng}` }]),
  );
  assert.equal(pushed.status, 202);
  assert.equal((await links(a, two))[0]!.kind, "commit");
  assert.equal((await links(a, two))[0]!.closes, true);
  assert.equal(await status(a, two), "todo", "not on the default branch: not a merge");

  const uuid = randomUUID();
  await gl(h, "Push Hook", gitlabPush("main", [{ message: `Closes ${two}` }]), uuid);
  assert.equal(await status(a, two), "done");
  assert.equal(
    (await gl(h, "Push Hook", gitlabPush("main", [{ message: `Closes ${two}` }]), uuid)).status,
    200,
  );

  const wrong = await a.app.inject({
    method: "POST",
    url: h.url,
    headers: gitlabHeaders("Push Hook", "wrong"),
    payload: JSON.stringify(gitlabPush("main", [])),
  });
  assert.equal(wrong.statusCode, 401);
});

test("a pull request found for an agent's run becomes the run's artifact", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const eng = await issue(a, "Agent work");
  const { findIssueId } = {
    findIssueId: async () => (await a.call("GET", `/v1/issues/${eng}`)).body.id as string,
  };
  const issueId = await findIssueId();
  const space = await a.env.core.db
    .selectFrom("spaces")
    .select("id")
    .where("workspace_id", "=", a.workspaceId)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await a.env.core.db
    .insertInto("agent_sessions")
    .values({
      id: "ses_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
      workspace_id: a.workspaceId,
      space_id: space.id,
      issue_id: issueId,
      claim_id: null,
      agent_id: "pat_test",
      person_id: a.personId,
      started_by: a.personId,
      status: "active",
      status_reason: null,
      last_activity_at: null,
      stop_requested_at: null,
      stop_requested_by: null,
      created_at: now,
      updated_at: now,
      ended_at: null,
    } as never)
    .execute();
  await gh(h, "pull_request", githubPullRequestEvent("opened", { number: 77, title: `Fixes ${eng}` }));
  const run = await a.env.core.db.selectFrom("agent_sessions").select("artifacts").executeTakeFirstOrThrow();
  assert.deepEqual(JSON.parse(run.artifacts), [
    { kind: "pull_request", url: `https://github.com/${REPO}/pull/77`, title: `Fixes ${eng}`, state: "open" },
  ]);
  await gh(
    h,
    "pull_request",
    githubPullRequestEvent("closed", { number: 77, title: `Fixes ${eng}`, merged: true }),
  );
  const after = await a.env.core.db
    .selectFrom("agent_sessions")
    .select("artifacts")
    .executeTakeFirstOrThrow();
  assert.equal(JSON.parse(after.artifacts)[0].state, "merged");
});

test("search: has:pr and pr:STATE find issues by their pull requests, alone or with words", async (t) => {
  const h = await connect(t);
  const a = h.a;
  const merged = await issue(a, "Checkout button");
  const open = await issue(a, "Checkout page");
  const none = await issue(a, "Checkout email");
  await gh(h, "pull_request", githubPullRequestEvent("opened", { number: 1, title: `Fixes ${open}` }));
  await gh(
    h,
    "pull_request",
    githubPullRequestEvent("closed", { number: 2, title: `Fixes ${merged}`, merged: true }),
  );
  const find = async (q: string) => {
    const r = await a.call("GET", `/v1/search?q=${encodeURIComponent(q)}`);
    assert.equal(r.status, 200, r.text);
    return r.body.data.map((x: { identifier?: string }) => x.identifier).sort();
  };
  assert.deepEqual(await find("has:pr"), [open, merged].sort());
  assert.deepEqual(await find("pr:merged"), [merged]);
  assert.deepEqual(await find("PR:OPEN"), [open]);
  assert.deepEqual(await find("pr:closed"), []);
  assert.deepEqual(await find("checkout has:pr"), [open, merged].sort());
  assert.deepEqual(await find("checkout pr:merged"), [merged]);
  assert.deepEqual(await find("checkout"), [merged, open, none].sort());
  assert.deepEqual(await find(`${none} has:pr`), []);
});

test("GitHub's form-encoded deliveries (payload=…) are taken too, signed over the form body", async (t) => {
  const h = await connect(t);
  const eng = await issue(h.a, "Form");
  const form = `payload=${encodeURIComponent(JSON.stringify(githubPullRequestEvent("opened", { title: `Fixes ${eng}` })))}`;
  const headers = {
    ...githubHeaders("pull_request", form, h.secret),
    "content-type": "application/x-www-form-urlencoded",
  };
  const res = await h.a.app.inject({ method: "POST", url: h.url, headers, payload: form });
  assert.equal(res.statusCode, 202, res.body);
  assert.equal(JSON.parse(res.body).outcome, "linked");
  assert.equal(await status(h.a, eng), "in_review");
});
