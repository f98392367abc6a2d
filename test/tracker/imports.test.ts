import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { test } from "node:test";
import { sql } from "kysely";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { signInWithVerifiedEmail } from "../../src/auth/web/signin.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import type { Core } from "../../src/core.ts";
import type { Ctx } from "../../src/tracker/context.ts";
import { fileStore } from "../../src/tracker/files/store.ts";
import { createUploadUrl, registerFile } from "../../src/tracker/files.ts";
import { readGithubJson } from "../../src/tracker/imports/github.ts";
import {
  getImport,
  type ImportView,
  importDone,
  READERS,
  startImport,
} from "../../src/tracker/imports/index.ts";
import { listPlaceholders, mapPlaceholder } from "../../src/tracker/imports/placeholders.ts";
import type { ReadItem } from "../../src/tracker/imports/rows.ts";
import { fitCycles } from "../../src/tracker/imports/write.ts";
import { type Api, api, bearer } from "../support.ts";

const ctxOf = (core: Core, workspaceId: string, personId: string, via = "admin"): Ctx => ({
  core,
  workspaceId,
  actor: { personId, via },
});

async function upload(ctx: Ctx, text: string, name = "issues.json"): Promise<string> {
  const bytes = Buffer.from(text);
  const up = await createUploadUrl(ctx, { content_type: "application/json", size: bytes.length });
  await fileStore(ctx.core).write(
    `uploads/${ctx.workspaceId}/${up.upload_id}`,
    [bytes] as never,
    bytes.length,
  );
  const file = await registerFile(ctx, {
    upload_id: up.upload_id,
    name,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  });
  return file.id;
}

/** Runs an import to its end and answers its report. */
async function run(
  ctx: Ctx,
  text: string,
  options: { dry_run?: boolean; source?: "github" | "linear" | "jira" } = {},
): Promise<ImportView> {
  const file = await upload(ctx, text);
  const job = await startImport(ctx, {
    source: options.source ?? "github",
    space: "ENG",
    file,
    ...(options.dry_run ? { dry_run: true } : {}),
  });
  await importDone(job.id);
  return getImport(ctx, job.id);
}

// ---------------------------------------------------------------------------------------------------
// Fixtures, written from the documented shapes: `gh issue list --json …` (GraphQL) and REST issues

const REPO = "https://github.com/acme/app/issues";
const gh = (n: number, extra: Record<string, unknown> = {}) => ({
  number: n,
  title: `Issue ${n}`,
  body: `Body of ${n}`,
  state: "OPEN",
  stateReason: "",
  labels: [],
  assignees: [],
  milestone: null,
  comments: [],
  createdAt: `2024-01-${String(n % 28 || 1).padStart(2, "0")}T10:00:00Z`,
  closedAt: null,
  author: { id: "MDQ6VXNlcjE=", is_bot: false, login: "octocat", name: "The Octocat" },
  parent: null,
  subIssues: [],
  blockedBy: [],
  blocking: [],
  url: `${REPO}/${n}`,
  ...extra,
});

const GRAPHQL = [
  gh(1, {
    title: "Login fails on Safari",
    labels: [{ id: "LA_1", name: "bug", description: "", color: "d73a4a" }, { name: "frontend" }],
    assignees: [{ id: "U_2", login: "hubot", name: "Hubot" }],
    milestone: { number: 1, title: "v1.0", description: "", dueOn: null },
    comments: [
      {
        id: "IC_1",
        author: { login: "hubot" },
        authorAssociation: "MEMBER",
        body: "I can reproduce this.",
        createdAt: "2024-01-02T11:00:00Z",
        url: `${REPO}/1#issuecomment-1`,
      },
      {
        id: "IC_2",
        author: { login: "octocat" },
        body: "Fixed in #2.",
        createdAt: "2024-01-03T12:00:00Z",
        url: `${REPO}/1#issuecomment-2`,
      },
    ],
    blockedBy: [{ number: 2, title: "Issue 2", url: `${REPO}/2` }],
  }),
  gh(2, {
    state: "CLOSED",
    stateReason: "COMPLETED",
    closedAt: "2024-02-01T09:30:00Z",
    blocking: [{ number: 1, url: `${REPO}/1` }],
    subIssues: [{ number: 4, url: `${REPO}/4` }],
  }),
  gh(3, { state: "CLOSED", stateReason: "NOT_PLANNED", closedAt: "2024-02-02T09:30:00Z" }),
  gh(4, { parent: { number: 2, url: `${REPO}/2` }, labels: [{ name: "Bug" }] }),
  gh(5, { blockedBy: [{ number: 99, url: `${REPO}/99` }] }),
];

const rest = (n: number, extra: Record<string, unknown> = {}) => ({
  url: `https://api.github.com/repos/acme/api/issues/${n}`,
  html_url: `https://github.com/acme/api/issues/${n}`,
  number: n,
  title: `REST ${n}`,
  body: null,
  state: "open",
  state_reason: null,
  user: { login: "bo-gh", id: 7, email: "bo@example.com" },
  labels: [{ name: "api" }],
  assignee: null,
  assignees: [],
  milestone: null,
  comments: 3,
  created_at: "2023-05-01T08:00:00Z",
  updated_at: "2023-05-02T08:00:00Z",
  closed_at: null,
  ...extra,
});

const REST = [
  rest(10),
  rest(11, { state: "closed", state_reason: "not_planned", closed_at: "2023-06-01T00:00:00Z" }),
  rest(12, { pull_request: { url: "https://api.github.com/repos/acme/api/pulls/12" } }),
  rest(13, { state: "closed", state_reason: "completed", closed_at: "2023-06-02T00:00:00Z" }),
];

async function collect(text: string): Promise<ReadItem[]> {
  const out: ReadItem[] = [];
  for await (const item of readGithubJson(Readable.from([Buffer.from(text)]), {})) out.push(item);
  return out;
}

const issuesOf = (items: ReadItem[]) => items.flatMap((i) => ("issue" in i ? [i.issue] : []));

async function count(
  core: Core,
  table: "issues" | "comments" | "dependencies" | "people" | "labels" | "milestones",
) {
  const row = await core.db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function setupBo(a: Api) {
  await createPerson(a.env.core, { email: "bo@example.com", name: "Bo" });
  await addMember(a.env.core, { workspace: "acme", email: "bo@example.com", role: "member" });
  const pat = await mintPat(a.env.core, { workspace: "acme", email: "bo@example.com", name: "bo" });
  return pat.token;
}

// ---------------------------------------------------------------------------------------------------
// The reader

test("GitHub reader: the gh --json (GraphQL) shape, every mapped field", async () => {
  const items = await collect(JSON.stringify(GRAPHQL));
  const issues = issuesOf(items);
  assert.equal(issues.length, 5);
  const [one, two, three, four, five] = issues;
  assert.equal(one!.sourceId, "acme/app#1");
  assert.equal(one!.sourceUrl, `${REPO}/1`);
  assert.equal(one!.status, "todo");
  assert.equal(one!.statusName, "open");
  assert.deepEqual(one!.labels, ["bug", "frontend"]);
  assert.deepEqual(one!.assignee, { sourceId: "hubot", name: "Hubot", email: null });
  assert.deepEqual(one!.author, { sourceId: "octocat", name: "The Octocat", email: null });
  assert.equal(one!.milestone, "v1.0");
  assert.equal(one!.priority, "none");
  assert.deepEqual(one!.blockedBySourceIds, ["acme/app#2"]);
  assert.equal(one!.createdAt, "2024-01-01T10:00:00.000Z");
  assert.deepEqual(
    one!.comments.map((c) => [c.sourceId, c.author?.sourceId, c.body, c.createdAt]),
    [
      ["IC_1", "hubot", "I can reproduce this.", "2024-01-02T11:00:00.000Z"],
      ["IC_2", "octocat", "Fixed in #2.", "2024-01-03T12:00:00.000Z"],
    ],
  );
  assert.equal(two!.status, "done");
  assert.equal(two!.statusName, "closed (completed)");
  assert.equal(two!.closedAt, "2024-02-01T09:30:00.000Z");
  assert.equal(three!.status, "canceled");
  assert.equal(three!.statusName, "closed (not planned)");
  assert.equal(four!.parentSourceId, "acme/app#2");
  assert.deepEqual(five!.blockedBySourceIds, ["acme/app#99"]);
});

test("GitHub reader: REST issues (snake_case, state_reason), pull requests skipped", async () => {
  const issues = issuesOf(await collect(JSON.stringify(REST)));
  assert.deepEqual(
    issues.map((i) => [i.sourceId, i.status, i.statusName]),
    [
      ["acme/api#10", "todo", "open"],
      ["acme/api#11", "canceled", "closed (not planned)"],
      ["acme/api#13", "done", "closed (completed)"],
    ],
  );
  assert.deepEqual(issues[0]!.author, { sourceId: "bo-gh", name: "bo-gh", email: "bo@example.com" });
  assert.equal(issues[0]!.description, "");
  assert.deepEqual(issues[0]!.comments, [], "a REST issue's comments is a count, not the comments");
  assert.equal(issues[0]!.updatedAt, "2023-05-02T08:00:00.000Z");
});

test("GitHub reader: what is not the documented shape is refused before any row", async () => {
  await assert.rejects(collect("this is not json"), /malformed/);
  await assert.rejects(collect(JSON.stringify({ issues: [] })), /not a GitHub issues export/);
  await assert.rejects(collect(JSON.stringify([{ id: 1, name: "x" }])), /not a GitHub issues export/);
  const items = await collect(JSON.stringify([gh(1), "nonsense", gh(1)]));
  assert.deepEqual(
    items.flatMap((i) => ("problem" in i ? [[i.problem.row, i.problem.skipped]] : [])),
    [
      [2, true],
      [3, true],
    ],
  );
});

// ---------------------------------------------------------------------------------------------------
// The import

test("a dry run shows the mapping and writes nothing; the real run writes it all, as the dry run said", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const issuesBefore = await count(core, "issues");
  const peopleBefore = await count(core, "people");
  const dry = await run(ctx, JSON.stringify(GRAPHQL), { dry_run: true });
  assert.equal(dry.status, "completed", dry.error ?? "");
  assert.equal(dry.dry_run, true);
  assert.deepEqual(
    dry.mapping!.statuses.map((s) => [s.source, s.status, s.issues]),
    [
      ["open", "todo", 3],
      ["closed (completed)", "done", 1],
      ["closed (not planned)", "canceled", 1],
    ],
  );
  assert.deepEqual(dry.mapping!.priorities, [{ source: "none", priority: "none", issues: 5 }]);
  assert.deepEqual(
    dry.mapping!.labels.map((l) => [l.name, l.issues, l.exists]),
    [
      ["bug", 2, false],
      ["frontend", 1, false],
    ],
  );
  assert.deepEqual(dry.mapping!.milestones, [{ name: "v1.0", issues: 1, exists: false }]);
  assert.deepEqual(
    dry.mapping!.people.map((p) => [p.source_id, p.member]),
    [
      ["octocat", null],
      ["hubot", null],
    ],
  );
  // 2 blocks 1 (said on both sides: one edge), 99 blocks 5
  assert.deepEqual(dry.mapping!.edges, { parents: 1, blocks: 2, related: 0, duplicates: 0 });
  assert.deepEqual(dry.counts!.issues, { created: 5, updated: 0, unchanged: 0, skipped: 0 });
  assert.equal(dry.counts!.comments.created, 2);
  assert.equal(dry.counts!.people.placeholders, 2);
  assert.ok(
    dry.problems.some(
      (p) => p.source_id === "acme/app#5" && /acme\/app#99 is not in the file/.test(p.message),
    ),
  );
  assert.equal(await count(core, "issues"), issuesBefore, "a dry run writes no issue");
  assert.equal(await count(core, "people"), peopleBefore, "nor any person");
  assert.equal(await count(core, "labels"), 0);

  const real = await run(ctx, JSON.stringify(GRAPHQL));
  assert.equal(real.status, "completed", real.error ?? "");
  assert.deepEqual(real.counts!.issues, dry.counts!.issues);
  assert.deepEqual(real.counts!.comments, dry.counts!.comments);
  assert.equal(
    real.counts!.dependencies.created,
    1,
    "2 blocks 1 (said on both sides: one edge); 99 is not in the file",
  );
  assert.equal(real.counts!.parents.set, 1);

  const issues = await core.db
    .selectFrom("issues")
    .selectAll()
    .where("workspace_id", "=", a.workspaceId)
    .orderBy("number")
    .execute();
  const bySource = new Map(issues.map((i) => [i.source_url, i]));
  const one = bySource.get(`${REPO}/1`)!;
  assert.equal(one.title, "Login fails on Safari");
  assert.equal(one.source, "github");
  assert.equal(one.status, "todo");
  assert.equal(one.created_at, "2024-01-01T10:00:00.000Z");
  assert.ok(one.description.endsWith(`\n\n---\nImported from GitHub: ${REPO}/1`), one.description);
  assert.deepEqual(JSON.parse(one.labels), ["bug", "frontend"]);
  // the API shows where it came from; a native issue says null
  const shown = (await a.call("GET", `/v1/issues/${one.identifier}`)).body;
  assert.deepEqual([shown.source, shown.source_url], ["github", `${REPO}/1`]);
  const two = bySource.get(`${REPO}/2`)!;
  assert.equal(two.status, "done");
  assert.equal(two.completed_at, "2024-02-01T09:30:00.000Z");
  assert.equal(bySource.get(`${REPO}/3`)!.status, "canceled");
  assert.equal(bySource.get(`${REPO}/4`)!.parent_id, two.id);
  assert.deepEqual(
    JSON.parse(bySource.get(`${REPO}/4`)!.labels),
    ["bug"],
    "Bug is the label bug, as spelled first",
  );
  // one blocks 1 (2 is done, so 1 is ready): open_blockers counts open blockers only
  assert.equal(one.open_blockers, 0);
  const edges = await core.db.selectFrom("dependencies").selectAll().execute();
  assert.ok(edges.some((e) => e.kind === "blocks" && e.from_issue_id === two.id && e.to_issue_id === one.id));
  const milestone = await core.db.selectFrom("milestones").select(["id", "name"]).executeTakeFirstOrThrow();
  assert.equal(one.milestone_id, milestone.id);

  // people: placeholders, shown "name (imported)", who cannot sign in
  const hubot = await core.db
    .selectFrom("people")
    .selectAll()
    .where("id", "=", one.assignee_id!)
    .executeTakeFirstOrThrow();
  assert.equal(hubot.name, "Hubot (imported)");
  assert.equal(hubot.placeholder_workspace_id, a.workspaceId);
  await assert.rejects(
    signInWithVerifiedEmail(core, { provider: "github", subject: "1", email: hubot.email }),
    /placeholder/,
  );
  const comments = await core.db
    .selectFrom("comments")
    .selectAll()
    .where("subject_id", "=", one.id)
    .orderBy("created_at")
    .execute();
  assert.deepEqual(
    comments.map((c) => [c.body, c.created_at, c.created_by === hubot.id]),
    [
      ["I can reproduce this.", "2024-01-02T11:00:00.000Z", true],
      ["Fixed in #2.", "2024-01-03T12:00:00.000Z", false],
    ],
  );
  // searchable by its source address, through the API like anything else
  const found = await a.call("GET", `/v1/search?q=${encodeURIComponent("Safari")}`);
  assert.equal(found.status, 200, found.text);

  // events: started and completed twice (the dry run and the run), nothing else; no inbox items
  const types = (
    await core.db.selectFrom("events").select("type").where("workspace_id", "=", a.workspaceId).execute()
  )
    .map((e) => e.type)
    .filter((ty) => !ty.startsWith("file."));
  assert.deepEqual(types.sort(), [
    "import.completed",
    "import.completed",
    "import.started",
    "import.started",
  ]);
  const inbox = await core.db.selectFrom("inbox_items").select("id").execute();
  assert.equal(inbox.length, 0);
});

test("a second run of the same file changes nothing and says so; changed and added rows update just those", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const first = await run(ctx, JSON.stringify(GRAPHQL));
  assert.equal(first.status, "completed", first.error ?? "");
  const snapshot = async () => ({
    issues: await core.db.selectFrom("issues").selectAll().orderBy("id").execute(),
    comments: await core.db.selectFrom("comments").selectAll().orderBy("id").execute(),
    deps: await count(core, "dependencies"),
    people: await count(core, "people"),
  });
  const before = await snapshot();
  const again = await run(ctx, JSON.stringify(GRAPHQL));
  assert.equal(again.status, "completed", again.error ?? "");
  assert.deepEqual(again.counts!.issues, { created: 0, updated: 0, unchanged: 5, skipped: 0 });
  assert.deepEqual(again.counts!.comments, { created: 0, updated: 0, unchanged: 2 });
  assert.equal(again.counts!.dependencies.created, 0);
  assert.equal(again.counts!.people.placeholders, 0);
  assert.match(again.summary, /^Nothing changed/);
  assert.deepEqual(await snapshot(), before, "not one row changed");

  // a changed title, a new comment on issue 3 and a new issue 6
  const changed = structuredClone(GRAPHQL) as ReturnType<typeof gh>[];
  changed[0]!.title = "Login fails on Safari 17";
  (changed[2]!.comments as unknown[]).push({
    id: "IC_3",
    author: { login: "hubot" },
    body: "Closing: not planned.",
    createdAt: "2024-02-02T09:00:00Z",
  });
  changed.push(gh(6));
  const third = await run(ctx, JSON.stringify(changed));
  assert.deepEqual(third.counts!.issues, { created: 1, updated: 1, unchanged: 4, skipped: 0 });
  assert.deepEqual(third.counts!.comments, { created: 1, updated: 0, unchanged: 2 });
  const after = await snapshot();
  assert.equal(after.issues.length, before.issues.length + 1);
  const one = after.issues.find((i) => i.source_url === `${REPO}/1`)!;
  const oneBefore = before.issues.find((i) => i.source_url === `${REPO}/1`)!;
  assert.equal(one.title, "Login fails on Safari 17");
  assert.equal(one.version, oneBefore.version + 1);
  assert.equal(one.identifier, oneBefore.identifier);
  const untouched = after.issues.filter((i) => ![`${REPO}/1`, `${REPO}/6`].includes(i.source_url!));
  assert.deepEqual(
    untouched,
    before.issues.filter((i) => i.source_url !== `${REPO}/1`),
  );
});

test("a parent the source took away is cleared on the next run; a parent set here to an issue of our own stays", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const first = await run(ctx, JSON.stringify(GRAPHQL));
  assert.equal(first.status, "completed", first.error ?? "");
  const bySource = async () =>
    new Map(
      (
        await core.db.selectFrom("issues").selectAll().where("workspace_id", "=", a.workspaceId).execute()
      ).map((i) => [i.source_url, i]),
    );
  const before = await bySource();
  assert.equal(before.get(`${REPO}/4`)!.parent_id, before.get(`${REPO}/2`)!.id);
  // a person makes issue 5 a child of an issue made here, not imported
  const own = await a.call("POST", "/v1/issues", { space: "ENG", title: "Our own epic" });
  assert.equal(own.status, 201, JSON.stringify(own.body));
  const five = before.get(`${REPO}/5`)!;
  const set = await a.call(
    "PATCH",
    `/v1/issues/${five.id}`,
    { parent: own.body.id },
    { "if-match": `"${five.version}"` },
  );
  assert.equal(set.status, 200, JSON.stringify(set.body));

  // the source: issue 4 has no parent any more (neither side says so), issue 5's title changed
  const changed = structuredClone(GRAPHQL) as ReturnType<typeof gh>[];
  changed[1]!.subIssues = [];
  changed[3]!.parent = null;
  changed[4]!.title = "Issue 5, renamed";
  const second = await run(ctx, JSON.stringify(changed));
  assert.equal(second.status, "completed", second.error ?? "");
  assert.deepEqual(second.counts!.parents, { set: 0, cleared: 1 });
  const after = await bySource();
  assert.equal(after.get(`${REPO}/4`)!.parent_id, null, "the parent the source took away is gone");
  assert.equal(
    after.get(`${REPO}/4`)!.version,
    before.get(`${REPO}/4`)!.version + 2,
    "one version for the row, one for the parent",
  );
  assert.equal(after.get(`${REPO}/5`)!.parent_id, own.body.id, "a parent set here stays");

  // the same file again: nothing to clear, nothing changed
  const third = await run(ctx, JSON.stringify(changed));
  assert.match(third.summary, /^Nothing changed/);
});

test("a run killed midway resumes when run again: nothing doubled, nothing missing", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const many = Array.from({ length: 1200 }, (_, i) =>
    gh(i + 1, {
      comments: [
        {
          id: `IC_${i + 1}`,
          author: { login: "octocat" },
          body: `c${i + 1}`,
          createdAt: "2024-03-01T00:00:00Z",
        },
      ],
      blockedBy: i > 0 ? [{ number: i, url: `${REPO}/${i}` }] : [],
    }),
  );
  const text = JSON.stringify(many);
  // the writing pass stops after 700 rows, as a killed process would: its first batch of 500 is in
  const original = READERS.github;
  let calls = 0;
  READERS.github = (input, options) => {
    calls += 1;
    if (calls === 1) return original(input, options);
    return (async function* () {
      let n = 0;
      for await (const item of original(input, options)) {
        if (++n > 700) throw new Error("killed");
        yield item;
      }
    })();
  };
  let killed: ImportView;
  try {
    killed = await run(ctx, text);
  } finally {
    READERS.github = original;
  }
  assert.equal(killed.status, "failed");
  assert.equal(await count(core, "issues"), 500, "one whole batch, never half of one");
  assert.equal(await count(core, "comments"), 500);

  const resumed = await run(ctx, text);
  assert.equal(resumed.status, "completed", resumed.error ?? "");
  assert.deepEqual(resumed.counts!.issues, { created: 700, updated: 0, unchanged: 500, skipped: 0 });
  assert.equal(await count(core, "issues"), 1200);
  assert.equal(await count(core, "comments"), 1200);
  assert.equal(await count(core, "dependencies"), 1199);
  const numbers = await core.db.selectFrom("issues").select("identifier").execute();
  assert.equal(new Set(numbers.map((n) => n.identifier)).size, 1200);
  const ready = await core.db.selectFrom("issues").select("id").where("open_blockers", "=", 0).execute();
  assert.equal(ready.length, 1, "only the first of the chain is unblocked");
});

test("placeholder people: listed, mapped to a member with their issues, comments and activity", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const boToken = await setupBo(a);
  const bo = await core.db
    .selectFrom("people")
    .selectAll()
    .where("email", "=", "bo@example.com")
    .executeTakeFirstOrThrow();
  await run(ctx, JSON.stringify(GRAPHQL));
  const listed = await a.call("GET", "/v1/placeholders");
  assert.equal(listed.status, 200, listed.text);
  const names = listed.body.data.map((p: { name: string }) => p.name);
  assert.deepEqual(names, ["Hubot (imported)", "The Octocat (imported)"]);
  const hubot = listed.body.data[0];
  assert.deepEqual(hubot.sources, [{ source: "github", source_id: "hubot" }]);
  assert.equal(hubot.issues, 1);
  assert.equal(hubot.comments, 1);

  const denied = await a.call(
    "POST",
    `/v1/placeholders/${hubot.id}/map`,
    { member: "bo@example.com" },
    bearer(boToken),
  );
  assert.equal(denied.status, 403);
  const notMember = await a.call("POST", `/v1/placeholders/${hubot.id}/map`, {
    member: "nobody@example.com",
  });
  assert.equal(notMember.status, 400);
  const mapped = await a.call("POST", `/v1/placeholders/${hubot.id}/map`, { member: "bo@example.com" });
  assert.equal(mapped.status, 200, mapped.text);
  assert.deepEqual(mapped.body.moved, { issues: 1, comments: 1, activity: 1 });
  const issue = await core.db
    .selectFrom("issues")
    .selectAll()
    .where("source_url", "=", `${REPO}/1`)
    .executeTakeFirstOrThrow();
  assert.equal(issue.assignee_id, bo.id);
  const view = await a.call("GET", `/v1/issues/${issue.identifier}`);
  assert.equal(view.body.assignee.name, "Bo");
  assert.equal(
    await core.db.selectFrom("people").select("id").where("id", "=", hubot.id).executeTakeFirst(),
    undefined,
  );
  const gone = await a.call("POST", `/v1/placeholders/${hubot.id}/map`, { member: "bo@example.com" });
  assert.equal(gone.status, 404);

  // a re-run names the member: nothing changes and no placeholder comes back
  const again = await run(ctx, JSON.stringify(GRAPHQL));
  assert.equal(again.counts!.people.placeholders, 0);
  assert.equal((await listPlaceholders(ctx, {})).data.length, 1);
  const still = await core.db
    .selectFrom("issues")
    .selectAll()
    .where("id", "=", issue.id)
    .executeTakeFirstOrThrow();
  assert.equal(still.assignee_id, bo.id);
  await assert.rejects(
    mapPlaceholder(ctxOf(core, a.workspaceId, bo.id), hubot.id, { member: "ada@example.com" }),
    /Owner and admins/,
  );
});

test("people matched by email to members; REST issues import with their states", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  await setupBo(a);
  const report = await run(ctx, JSON.stringify(REST));
  assert.equal(report.status, "completed", report.error ?? "");
  assert.equal(report.counts!.people.matched, 1);
  assert.equal(report.counts!.people.placeholders, 0);
  assert.equal(report.mapping!.people[0]!.member!.name, "Bo");
  const rows = await core.db.selectFrom("issues").selectAll().orderBy("number").execute();
  assert.deepEqual(
    rows.map((r) => [r.source_url, r.status]),
    [
      ["https://github.com/acme/api/issues/10", "todo"],
      ["https://github.com/acme/api/issues/11", "canceled"],
      ["https://github.com/acme/api/issues/13", "done"],
    ],
  );
  const bo = await core.db
    .selectFrom("people")
    .select("id")
    .where("email", "=", "bo@example.com")
    .executeTakeFirstOrThrow();
  assert.ok(rows.every((r) => r.created_by === bo.id));
});

test("bad input changes nothing: not JSON, the wrong shape; the job fails saying why", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const tail = [gh(1), gh(2)];
  for (const [text, why] of [
    ["{ not json", /malformed/],
    [JSON.stringify({ total: 2, nodes: tail }), /not a GitHub issues export/],
    [JSON.stringify([{ key: "PROJ-1", fields: {} }, ...tail]), /not a GitHub issues export/],
    [`${JSON.stringify(tail).slice(0, -1)}, {"number": 3,`, /malformed|ends/],
  ] as const) {
    const report = await run(ctx, text);
    assert.equal(report.status, "failed", text);
    assert.match(report.error ?? "", why);
    assert.equal(await count(core, "issues"), 0, "nothing written");
    assert.equal(await count(core, "labels"), 0);
    assert.equal(
      await core.db
        .selectFrom("people")
        .select("id")
        .where("placeholder_workspace_id", "is not", null)
        .executeTakeFirst(),
      undefined,
    );
  }
  const events = await core.db
    .selectFrom("events")
    .select("type")
    .where("type", "=", "import.failed")
    .execute();
  assert.equal(events.length, 4);
});

test("REST: admins import through /v1/imports; members and agents get 403; another workspace's import is 404", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const boToken = await setupBo(a);
  const file = await upload(ctx, JSON.stringify(GRAPHQL));
  const refused = await a.call(
    "POST",
    "/v1/imports",
    { source: "github", space: "ENG", file },
    bearer(boToken),
  );
  assert.equal(refused.status, 403, refused.text);
  const bo = await core.db
    .selectFrom("people")
    .select("id")
    .where("email", "=", "bo@example.com")
    .executeTakeFirstOrThrow();
  await assert.rejects(
    startImport(ctxOf(core, a.workspaceId, a.personId, "con_01J0000000000000000000000"), {
      source: "github",
      space: "ENG",
      file,
    }),
    /never an agent/,
  );
  await assert.rejects(
    startImport(ctxOf(core, a.workspaceId, bo.id), { source: "github", space: "ENG", file }),
    /Owner and admins/,
  );
  const noSpace = await a.call("POST", "/v1/imports", { source: "github", file });
  assert.equal(noSpace.status, 400);
  const badSpace = await a.call("POST", "/v1/imports", { source: "github", space: "NOPE", file });
  assert.equal(badSpace.status, 400);
  const badSource = await a.call("POST", "/v1/imports", { source: "trello", space: "ENG", file });
  assert.equal(badSource.status, 400);

  const started = await a.call("POST", "/v1/imports", {
    source: "github",
    space: "ENG",
    file,
    dry_run: true,
  });
  assert.equal(started.status, 201, started.text);
  assert.equal(started.body.status, "queued");
  await importDone(started.body.id);
  const done = await a.call("GET", `/v1/imports/${started.body.id}`);
  assert.equal(done.status, 200, done.text);
  assert.equal(done.body.status, "completed");
  assert.equal(done.body.counts.issues.created, 5);
  const list = await a.call("GET", "/v1/imports");
  assert.equal(list.status, 200);
  assert.equal(list.body.data[0].id, started.body.id);
  const memberRead = await a.call("GET", `/v1/imports/${started.body.id}`, undefined, bearer(boToken));
  assert.equal(memberRead.status, 403);
  const missing = await a.call("GET", "/v1/imports/imp_01J0000000000000000000000Z");
  assert.equal(missing.status, 404);
});

test("Linear's CSV and Jira's REST JSON go through the same import (the readers are wired in)", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const linear = [
    "ID,Title,Description,Status,Priority,Creator,Assignee,Labels,Created",
    'ENG-1,Linear first,"Some **markdown**",In Progress,Urgent,ada@example.com,,"bug, api",2024-01-01T10:00:00.000Z',
    "ENG-2,Linear second,,Canceled,Low,someone@else.com,,,2024-01-02T10:00:00.000Z",
  ].join("\n");
  const fromLinear = await run(ctx, linear, { source: "linear" });
  assert.equal(fromLinear.status, "completed", fromLinear.error ?? "");
  assert.equal(fromLinear.counts!.issues.created, 2);
  assert.equal(fromLinear.counts!.people.matched, 1, "Ada by her email");
  const jira = JSON.stringify({
    startAt: 0,
    total: 1,
    issues: [
      {
        key: "PROJ-7",
        self: "https://acme.atlassian.net/rest/api/3/issue/10007",
        fields: {
          summary: "Jira issue",
          status: { name: "Done", statusCategory: { key: "done" } },
          priority: { name: "Lowest" },
          created: "2024-01-03T10:00:00.000+0000",
          resolutiondate: "2024-01-04T10:00:00.000+0000",
          labels: ["ops"],
        },
      },
    ],
  });
  const fromJira = await run(ctx, jira, { source: "jira" });
  assert.equal(fromJira.status, "completed", fromJira.error ?? "");
  assert.equal(fromJira.counts!.issues.created, 1);
  const rows = await core.db
    .selectFrom("issues")
    .select(["title", "status", "priority", "source"])
    .orderBy("number")
    .execute();
  assert.deepEqual(
    rows.map((r) => [r.title, r.status, r.priority, r.source]),
    [
      ["Linear first", "in_progress", 4, "linear"],
      ["Linear second", "canceled", 1, "linear"],
      ["Jira issue", "done", 1, "jira"],
    ],
  );
});

test("cycles that would overlap another cycle of the space, or that have no dates, are left out and said so", async (t) => {
  const a = await api(t);
  const core = a.env.core;
  const ctx = ctxOf(core, a.workspaceId, a.personId);
  const made = await a.call("POST", "/v1/cycles", {
    space: "ENG",
    name: "Ours",
    starts_on: "2026-03-01",
    ends_on: "2026-03-14",
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const linear = [
    "ID,Title,Status,Created,Cycle Name,Cycle Start,Cycle End",
    "ENG-1,First,Todo,2024-01-01T10:00:00.000Z,Sprint A,2026-02-01T00:00:00.000Z,2026-02-14T00:00:00.000Z",
    "ENG-2,Second,Todo,2024-01-01T10:00:00.000Z,Sprint B,2026-02-10T00:00:00.000Z,2026-02-24T00:00:00.000Z",
    "ENG-3,Third,Todo,2024-01-01T10:00:00.000Z,Sprint C,2026-03-10T00:00:00.000Z,2026-03-20T00:00:00.000Z",
    "ENG-4,Fourth,Todo,2024-01-01T10:00:00.000Z,Sprint A,2026-02-01T00:00:00.000Z,2026-02-14T00:00:00.000Z",
  ].join("\n");
  const dry = await run(ctx, linear, { source: "linear", dry_run: true });
  assert.equal(dry.status, "completed", dry.error ?? "");
  assert.deepEqual(
    dry.mapping!.cycles.map((c) => [c.name, c.issues, c.exists, c.skipped !== null]),
    [
      ["Sprint A", 2, false, false],
      ["Sprint B", 1, false, true],
      ["Sprint C", 1, false, true],
    ],
  );
  assert.match(dry.mapping!.cycles[1]!.skipped!, /overlaps "Sprint A"/);
  assert.match(dry.mapping!.cycles[2]!.skipped!, /overlaps "Ours"/);
  assert.ok(dry.problems.some((p) => /Cycle "Sprint B".*imported without a cycle/.test(p.message)));
  const real = await run(ctx, linear, { source: "linear" });
  assert.equal(real.status, "completed", real.error ?? "");
  assert.equal(real.counts!.cycles.created, 1);
  const cycles = await core.db
    .selectFrom("cycles")
    .select(["name", "starts_on", "ends_on"])
    .orderBy("name")
    .execute();
  assert.deepEqual(cycles, [
    { name: "Ours", starts_on: "2026-03-01", ends_on: "2026-03-14" },
    { name: "Sprint A", starts_on: "2026-02-01", ends_on: "2026-02-14" },
  ]);
  const issues = await core.db
    .selectFrom("issues")
    .leftJoin("cycles", "cycles.id", "issues.cycle_id")
    .select(["issues.title", "cycles.name"])
    .orderBy("issues.number")
    .execute();
  assert.deepEqual(
    issues.map((i) => [i.title, i.name]),
    [
      ["First", "Sprint A"],
      ["Second", null],
      ["Third", null],
      ["Fourth", "Sprint A"],
    ],
  );
  // Jira's CSV names sprints without dates: left out, not given made-up dates
  const fit = fitCycles([], {
    cycles: new Map([["OPS Sprint 2", { startsAt: null, endsAt: null, issues: 3 }]]),
  });
  assert.deepEqual(fit.create, []);
  assert.equal(fit.skipped.get("OPS Sprint 2"), "the file gives no dates for it");
});
