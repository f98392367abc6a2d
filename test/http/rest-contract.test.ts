import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, type TestContext, test } from "node:test";
import { createConnection } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { createSession, SESSION_COOKIE } from "../../src/auth/web/sessions.ts";
import { addMember, createSpace } from "../../src/auth/workspaces.ts";
import { operations } from "../../src/http/v1/route.ts";
import { newId } from "../../src/secrets.ts";
import { createBudget } from "../../src/tracker/budgets.ts";
import { createIssue } from "../../src/tracker/issues.ts";
import { createLabel } from "../../src/tracker/labels.ts";
import { createMilestone } from "../../src/tracker/milestones.ts";
import { createSavedView } from "../../src/tracker/saved-views.ts";
import { postActivities, startSession } from "../../src/tracker/sessions.ts";
import { createTemplate } from "../../src/tracker/templates.ts";
import { trashObject } from "../../src/tracker/trash.ts";
import { fanOut } from "../../src/tracker/webhook-delivery.ts";
import { type Api, type ApiCall, api, bearer } from "../support.ts";

/**
 * The REST contract, across every operation: If-Match guards every versioned write, every read that
 * sends an ETag answers If-None-Match with 304, validation errors name their place, every list pages
 * the same way, and browsers of other origins may call with a token but never with the session cookie.
 */

const OTHER_ORIGIN = "https://app.example.net";

async function ok(a: Api, method: string, url: string, body?: unknown, headers?: Record<string, string>) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${url} → ${res.status} ${res.text}`);
  return res.body;
}

/** Uploads `bytes` through the local store's signed URL (on the same app) and registers the file. */
async function addFile(a: Api, name: string, bytes: string, issues: string[]) {
  const target = await ok(a, "POST", "/v1/files/upload-url", {
    content_type: "text/plain",
    size: Buffer.byteLength(bytes),
  });
  const url = new URL(target.url);
  const put = await a.app.inject({
    method: "PUT",
    url: `${url.pathname}${url.search}`,
    headers: target.headers,
    payload: bytes,
  });
  assert.equal(put.statusCode, 200, put.body);
  return ok(a, "POST", "/v1/files", {
    upload_id: target.upload_id,
    name,
    sha256: (await import("node:crypto")).createHash("sha256").update(bytes).digest("hex"),
    issues,
  });
}

interface World {
  a: Api;
  ids: Record<string, string>;
}

/** Two (at least) of everything, so every list has a second page. */
async function world(t: TestContext, env: Record<string, string> = {}): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "docket-contract-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const a = await api(t, { DOCKET_DATA_DIR: dataDir, ...env });
  // webhooks first, so every change below is delivered to them (a public address: nothing is sent, as
  // no worker runs here; the deliveries wait, pending)
  const hook = await ok(a, "POST", "/v1/webhooks", { url: "https://93.184.216.34/hook", events: ["*"] });
  await ok(a, "POST", "/v1/webhooks", { url: "https://93.184.216.34/other", events: ["issue.*"] });
  await ok(a, "POST", "/v1/invitations", { email: "grace@example.com" });
  await ok(a, "POST", "/v1/invitations", { email: "lin@example.com", role: "admin" });
  const cycle = await ok(a, "POST", "/v1/cycles", { starts_on: "2026-02-25", ends_on: "2026-03-10" });
  await ok(a, "POST", "/v1/cycles", { starts_on: "2026-03-11", ends_on: "2026-03-20" });
  const milestone = await ok(a, "POST", "/v1/milestones", { name: "Beta" });
  // two labels, and two objects in the trash (made directly: the rate-limit test counts this world's requests)
  const as = { core: a.env.core, workspaceId: a.workspaceId, actor: { personId: a.personId, via: "web" } };
  const label = await createLabel(as, { name: "backend" });
  await createLabel(as, { name: "needs design" });
  // two saved views, so their list has a second page
  const view = await createSavedView(as, { name: "Mine", filters: "assignee=me", shared: false });
  await createSavedView(as, { name: "Urgent", filters: "priority=urgent", shared: true });
  // two new-issue templates of ENG
  const template = await createTemplate(as, "ENG", { name: "Bug report", title: "Bug: " });
  await createTemplate(as, "ENG", { name: "Chore" });
  for (const name of ["Scrapped", "Also scrapped"]) {
    const gone = await createMilestone(as, { name });
    await trashObject(as, "milestone", gone.id);
  }
  const launch = await ok(a, "POST", "/v1/milestones", { name: "Launch" });
  const mdeps = await ok(a, "POST", `/v1/milestones/${milestone.id}/dependencies`, { blocks: [launch.id] });
  const one = await ok(a, "POST", "/v1/issues", {
    title: "Paging one",
    cycle: cycle.id,
    milestone: milestone.id,
    estimate: 3,
  });
  await ok(a, "POST", "/v1/issues", { title: "Paging two", cycle: cycle.id, milestone: milestone.id });
  await ok(a, "POST", "/v1/issues", { title: "Paging three", blockedBy: ["ENG-1"] });
  await ok(a, "PATCH", "/v1/issues/ENG-1", { priority: "high" });
  const deps = await ok(a, "POST", "/v1/issues/ENG-1/dependencies", { relatesTo: ["ENG-2"] });
  const folder = await ok(a, "POST", "/v1/folders", { name: "Runbooks" });
  await ok(a, "POST", "/v1/folders", { name: "Designs" });
  const decision = await ok(a, "POST", "/v1/decisions", { title: "Paging decision", issues: ["ENG-1"] });
  await ok(a, "POST", "/v1/decisions", { title: "Paging decision two" });
  await ok(a, "PATCH", `/v1/decisions/${decision.id}`, { status: "accepted" });
  const note = await ok(a, "POST", "/v1/notes", {
    title: "Paging note",
    folder: folder.id,
    issues: ["ENG-1"],
  });
  await ok(a, "POST", "/v1/notes", { title: "Paging note two" });
  await ok(a, "PATCH", `/v1/notes/${note.id}`, { body: "More." });
  const file = await addFile(a, "paging.txt", "hello", ["ENG-1"]);
  await addFile(a, "paging two.txt", "hello again", []);
  const bundle = await ok(a, "POST", "/v1/bundles", { issue: "ENG-1" });
  await ok(a, "POST", "/v1/bundles", { issue: "ENG-1" });
  await ok(a, "POST", "/v1/issues", { title: "Claimed one", status: "todo" });
  await ok(a, "POST", "/v1/issues", { title: "Claimed two", status: "todo" });
  const claim = await ok(a, "POST", "/v1/claims", { issue: "ENG-4" });
  await ok(a, "POST", "/v1/claims", { issue: "ENG-5" });
  // conversation: comments on each kind of subject, approvals, and two inbox items for Ada from Zed
  await createPerson(a.env.core, { email: "zed@example.com", name: "Zed" });
  await addMember(a.env.core, { workspace: "acme", email: "zed@example.com" });
  const zed = bearer(
    (await mintPat(a.env.core, { workspace: "acme", email: "zed@example.com", name: "z" })).token,
  );
  const comment = await ok(a, "POST", "/v1/issues/ENG-1/comments", { body: "Paging @ada@example.com" }, zed);
  await ok(a, "POST", "/v1/issues/ENG-1/comments", { body: "Paging again @ada@example.com" }, zed);
  for (const subject of [`decisions/${decision.id}`, `notes/${note.id}`]) {
    await ok(a, "POST", `/v1/${subject}/comments`, { body: "Paging comment" });
    await ok(a, "POST", `/v1/${subject}/comments`, { body: "Paging comment two" });
  }
  const approval = await ok(a, "POST", "/v1/issues/ENG-1/approvals", { question: "Paging?" });
  await ok(a, "POST", "/v1/issues/ENG-1/approvals", { question: "Paging again?" });
  const inboxItem = (await ok(a, "GET", "/v1/inbox")).data[0];
  await createSpace(a.env.core, { workspace: "acme", name: "Operations", prefix: "OPS" });
  await fanOut(a.env.core);
  // a second member, and two agent connections
  await createPerson(a.env.core, { email: "bob@example.com", name: "Bob" });
  await addMember(a.env.core, { workspace: "acme", email: "bob@example.com" });
  const connection = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId: a.personId,
    name: "Paging agent",
    scopes: ["workspace.read", "workspace.write"],
  });
  const connectionTwo = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId: a.personId,
    name: "Paging agent two",
    scopes: ["workspace.read"],
  });
  // two agent runs of the first connection, each with two activities (made directly, like the labels)
  const runner = { ...as, actor: { personId: a.personId, via: connection.id } };
  const runs: string[] = [];
  for (const title of ["Run one", "Run two"]) {
    const issue = await createIssue(as, { title, status: "todo" });
    const { session } = await startSession(runner, { issue: issue.identifier });
    await postActivities(runner, session.id, {
      activities: [
        { id: "a", kind: "thought", body: "one" },
        { id: "b", kind: "thought", body: "two" },
      ],
    });
    runs.push(session.id);
  }
  // two budgets, and two ended runs with usage (written directly), so usage has two rows
  const budget = await createBudget(as, { agent: connection.id, cost_micros_limit: 5_000_000 });
  await createBudget(as, { space: "OPS", token_limit: 1_000_000 });
  for (const [n, agentId] of [connection.id, connectionTwo.id].entries()) {
    const issue = await a.env.core.db
      .selectFrom("issues")
      .select(["id", "space_id"])
      .where("identifier", "=", `ENG-${n + 1}`)
      .executeTakeFirstOrThrow();
    const at = a.env.clock.now().toISOString();
    const session = newId("ses");
    const usage = { input_tokens: 100 * (n + 1), output_tokens: 10, cost_micros: 1000 * (n + 1) };
    await a.env.core.db
      .insertInto("agent_sessions")
      .values({
        id: session,
        workspace_id: a.workspaceId,
        space_id: issue.space_id,
        issue_id: issue.id,
        claim_id: null,
        agent_id: agentId,
        person_id: a.personId,
        started_by: agentId,
        status: "complete",
        status_reason: null,
        last_activity_at: at,
        stop_requested_at: null,
        stop_requested_by: null,
        created_at: at,
        updated_at: at,
        ended_at: at,
        activity_count: 1,
        next_position: 2,
        ...usage,
      })
      .execute();
    await a.env.core.db
      .insertInto("session_activities")
      .values({
        id: newId("sac"),
        workspace_id: a.workspaceId,
        session_id: session,
        client_id: "c1",
        position: 1,
        kind: "response",
        body: "Done.",
        action: null,
        options: null,
        author_id: agentId,
        author_via: agentId,
        created_at: at,
        ...usage,
      })
      .execute();
  }
  // a finished export of the workspace, and an older one that failed (written directly: a test here
  // counts the world's requests against a rate limit)
  const exported = await ok(a, "POST", "/v1/exports", {});
  for (let i = 0; i < 400; i++) {
    const job = await a.env.core.db
      .selectFrom("exports")
      .select(["status", "error"])
      .where("id", "=", exported.id)
      .executeTakeFirstOrThrow();
    if (job.status === "succeeded") break;
    assert.ok(job.status === "queued" || job.status === "running", JSON.stringify(job));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  {
    const made = await a.env.core.db
      .selectFrom("exports")
      .selectAll()
      .where("id", "=", exported.id)
      .executeTakeFirstOrThrow();
    await a.env.core.db
      .insertInto("exports")
      .values({
        ...made,
        id: newId("exp"),
        status: "failed",
        error: "the export failed on the server; try again",
        size: null,
        created_at: "2026-03-01T08:59:00.000Z",
      })
      .execute();
  }
  // two imports (finished dry runs, written directly: a run's events would add a page to the feed), and
  // two placeholder people such as an import makes
  const imports: string[] = [];
  for (const at of ["2026-03-01T09:00:00.000Z", "2026-03-01T09:00:01.000Z"]) {
    const id = newId("imp");
    await a.env.core.db
      .insertInto("imports")
      .values({
        id,
        workspace_id: a.workspaceId,
        space_id: null,
        source: "github",
        file_id: file.id,
        file_name: "paging.txt",
        dry_run: 1,
        options: "{}",
        status: "failed",
        phase: "checking",
        processed: 0,
        total: null,
        counts: "{}",
        mapping: "{}",
        problems: "[]",
        problem_count: 0,
        error: "This is not a GitHub issues export.",
        created_by: a.personId,
        created_via: "web",
        created_at: at,
        started_at: at,
        heartbeat_at: at,
        finished_at: at,
        updated_at: at,
      })
      .execute();
    imports.push(id);
  }
  for (const name of ["Grace (imported)", "Lin (imported)"]) {
    const id = newId("usr");
    await a.env.core.db
      .insertInto("people")
      .values({
        id,
        email: `${id.toLowerCase()}@placeholder.invalid`,
        name,
        email_verified_at: null,
        suspended_at: "2026-03-01T09:00:00.000Z",
        placeholder_workspace_id: a.workspaceId,
        created_at: "2026-03-01T09:00:00.000Z",
        updated_at: "2026-03-01T09:00:00.000Z",
      })
      .execute();
  }
  // two code host integrations, and a pull request and its branch linked to ENG-1 (written as a delivery would)
  // (made directly: a test here counts the world's requests against a rate limit)
  const { createIntegration } = await import("../../src/tracker/integrations/store.ts");
  const owner = { core: a.env.core, workspaceId: a.workspaceId, actor: { personId: a.personId, via: "web" } };
  const integration = await createIntegration(owner, { provider: "github" });
  await createIntegration(owner, { provider: "gitlab" });
  const linkId = newId("lnk");
  await a.env.core.db
    .insertInto("code_links")
    .values({
      id: linkId,
      workspace_id: a.workspaceId,
      issue_id: one.id,
      integration_id: integration.id,
      provider: "github",
      kind: "pull_request",
      external_id: "acme/web#12",
      url: "https://github.com/acme/web/pull/12",
      title: "Fix the login redirect",
      number: 12,
      state: "open",
      review_state: null,
      author_login: "octocat",
      closes: 1,
      repository: "acme/web",
      branch: "eng-1-login",
      created_at: "2026-03-01T09:00:00.000Z",
      updated_at: "2026-03-01T09:00:00.000Z",
      merged_at: null,
      closed_at: null,
    })
    .execute();
  // and its branch
  await a.env.core.db
    .insertInto("code_links")
    .values({
      id: newId("lnk"),
      workspace_id: a.workspaceId,
      issue_id: one.id,
      integration_id: integration.id,
      provider: "github",
      kind: "branch",
      external_id: "acme/web:eng-1-login",
      url: "https://github.com/acme/web/tree/eng-1-login",
      title: "eng-1-login",
      number: null,
      state: "open",
      review_state: null,
      author_login: "octocat",
      closes: 1,
      repository: "acme/web",
      branch: "eng-1-login",
      created_at: "2026-03-01T09:00:01.000Z",
      updated_at: "2026-03-01T09:00:01.000Z",
      merged_at: null,
      closed_at: null,
    })
    .execute();
  return {
    a,
    ids: {
      integration: integration.id,
      link: linkId,
      import: imports[0]!,
      export: exported.id,
      comment: comment.id,
      approval: approval.id,
      inboxItem: inboxItem.id,
      cycle: cycle.id,
      milestone: milestone.id,
      label: label.id,
      view: view.id,
      template: template.id,
      milestoneDependency: mdeps.data[0].id,
      issue: one.id,
      dependency: deps.data[0].id,
      folder: folder.id,
      decision: decision.id,
      note: note.id,
      file: file.id,
      bundle: bundle.id,
      claim: claim.id,
      webhook: hook.id,
      connection: connection.id,
      session: runs[0]!,
      budget: budget.id,
    },
  };
}

/** A URL for every GET operation of the API; a GET added without one here fails the tests below. */
function getUrls(ids: Record<string, string>): Record<string, string> {
  return {
    getWorkspace: "/v1/workspace",
    getMe: "/v1/me",
    listMembers: "/v1/members",
    listConnections: "/v1/connections",
    getConnection: `/v1/connections/${ids.connection}`,
    listIssues: "/v1/issues",
    getIssue: "/v1/issues/ENG-1",
    listIssueActivity: "/v1/issues/ENG-1/activity",
    listClaims: "/v1/claims",
    getClaim: `/v1/claims/${ids.claim}`,
    getDependency: `/v1/dependencies/${ids.dependency}`,
    listDecisions: "/v1/decisions",
    getDecision: `/v1/decisions/${ids.decision}`,
    listDecisionActivity: `/v1/decisions/${ids.decision}/activity`,
    listNotes: "/v1/notes",
    getNote: `/v1/notes/${ids.note}`,
    listNoteActivity: `/v1/notes/${ids.note}/activity`,
    listFolders: "/v1/folders",
    getFolder: `/v1/folders/${ids.folder}`,
    listCycles: "/v1/cycles",
    getCycle: `/v1/cycles/${ids.cycle}`,
    listCycleIssues: `/v1/cycles/${ids.cycle}/issues`,
    getCycleStats: `/v1/cycles/${ids.cycle}/stats`,
    listMilestones: "/v1/milestones",
    getMilestone: `/v1/milestones/${ids.milestone}`,
    listMilestoneIssues: `/v1/milestones/${ids.milestone}/issues`,
    listFiles: "/v1/files",
    getFile: `/v1/files/${ids.file}`,
    search: "/v1/search?q=paging",
    getBundle: "/v1/bundles/ENG-1",
    listBundles: "/v1/bundles?issue=ENG-1",
    listEvents: "/v1/events",
    listWebhooks: "/v1/webhooks",
    getWebhook: `/v1/webhooks/${ids.webhook}`,
    listWebhookDeliveries: `/v1/webhooks/${ids.webhook}/deliveries`,
    listIssueComments: "/v1/issues/ENG-1/comments",
    listDecisionComments: `/v1/decisions/${ids.decision}/comments`,
    listNoteComments: `/v1/notes/${ids.note}/comments`,
    getComment: `/v1/comments/${ids.comment}`,
    listIssueApprovals: "/v1/issues/ENG-1/approvals",
    getApproval: `/v1/approvals/${ids.approval}`,
    listInbox: "/v1/inbox",
    getInboxItem: `/v1/inbox/${ids.inboxItem}`,
    getInboxSettings: "/v1/inbox/settings",
    listSpaces: "/v1/spaces",
    getSpace: "/v1/spaces/ENG",
    listInvitations: "/v1/invitations",
    getWorkspaceSettings: "/v1/workspace/settings",
    listLabels: "/v1/labels",
    getExport: `/v1/exports/${ids.export}`,
    getImport: `/v1/imports/${ids.import}`,
    listIntegrations: "/v1/integrations",
    getIntegration: `/v1/integrations/${ids.integration}`,
    listIssueCodeLinks: "/v1/issues/ENG-1/links",
    getCodeLink: `/v1/links/${ids.link}`,
    listImports: "/v1/imports",
    listExports: "/v1/exports",
    listPlaceholders: "/v1/placeholders",
    downloadExport: `/v1/exports/${ids.export}/download`,
    getLabel: `/v1/labels/${ids.label}`,
    listTrash: "/v1/trash",
    listSavedViews: "/v1/views",
    getSavedView: `/v1/views/${ids.view}`,
    getUsage: "/v1/usage?group_by=agent",
    listBudgets: "/v1/budgets",
    getBudget: `/v1/budgets/${ids.budget}`,
    listTemplates: "/v1/spaces/ENG/templates",
    getTemplate: `/v1/templates/${ids.template}`,
    listSessions: "/v1/sessions",
    getSession: `/v1/sessions/${ids.session}`,
    listSessionActivities: `/v1/sessions/${ids.session}/activities`,
  };
}

const withQuery = (url: string, extra: string) => `${url}${url.includes("?") ? "&" : "?"}${extra}`;

describe("REST contract", () => {
  test("a stale If-Match is 412 on every versioned write and changes nothing; the current one goes through", async (t) => {
    const { a, ids } = await world(t);
    const cases: {
      what: string;
      read: string;
      /** a change made by someone else meanwhile */
      other: [string, string, unknown];
      /** the change sent with the stale ETag */
      mine: [string, string, unknown];
    }[] = [
      {
        what: "issue",
        read: "/v1/issues/ENG-2",
        other: ["PATCH", "/v1/issues/ENG-2", { title: "Theirs" }],
        mine: ["PATCH", "/v1/issues/ENG-2", { title: "Mine" }],
      },
      {
        what: "issue (ice)",
        read: "/v1/issues/ENG-3",
        other: ["PATCH", "/v1/issues/ENG-3", { title: "Theirs" }],
        mine: ["POST", "/v1/issues/ENG-3/ice", {}],
      },
      {
        what: "decision",
        read: `/v1/decisions/${ids.decision}`,
        other: ["PATCH", `/v1/decisions/${ids.decision}`, { title: "Theirs" }],
        mine: ["PATCH", `/v1/decisions/${ids.decision}`, { title: "Mine" }],
      },
      {
        what: "note",
        read: `/v1/notes/${ids.note}`,
        other: ["PATCH", `/v1/notes/${ids.note}`, { title: "Theirs" }],
        mine: ["PATCH", `/v1/notes/${ids.note}`, { title: "Mine" }],
      },
      {
        what: "folder",
        read: `/v1/folders/${ids.folder}`,
        other: ["PATCH", `/v1/folders/${ids.folder}`, { name: "Theirs" }],
        mine: ["PATCH", `/v1/folders/${ids.folder}`, { name: "Mine" }],
      },
      {
        what: "cycle",
        read: `/v1/cycles/${ids.cycle}`,
        other: ["PATCH", `/v1/cycles/${ids.cycle}`, { name: "Theirs" }],
        mine: ["PATCH", `/v1/cycles/${ids.cycle}`, { name: "Mine" }],
      },
      {
        what: "milestone",
        read: `/v1/milestones/${ids.milestone}`,
        other: ["PATCH", `/v1/milestones/${ids.milestone}`, { name: "Theirs" }],
        mine: ["PATCH", `/v1/milestones/${ids.milestone}`, { name: "Mine" }],
      },
      {
        what: "dependency",
        read: `/v1/dependencies/${ids.dependency}`,
        other: ["PATCH", `/v1/dependencies/${ids.dependency}`, { note: "theirs" }],
        mine: ["PATCH", `/v1/dependencies/${ids.dependency}`, { type: "blocks", note: "mine" }],
      },
      {
        what: "template",
        read: `/v1/templates/${ids.template}`,
        other: ["PATCH", `/v1/templates/${ids.template}`, { name: "Theirs" }],
        mine: ["PATCH", `/v1/templates/${ids.template}`, { name: "Mine" }],
      },
      {
        what: "budget",
        read: `/v1/budgets/${ids.budget}`,
        other: ["PATCH", `/v1/budgets/${ids.budget}`, { token_limit: 9_000_000 }],
        mine: ["PATCH", `/v1/budgets/${ids.budget}`, { cost_micros_limit: 6_000_000 }],
      },
      {
        what: "dependency (delete)",
        read: `/v1/dependencies/${ids.dependency}`,
        other: ["PATCH", `/v1/dependencies/${ids.dependency}`, { note: "theirs again" }],
        mine: ["DELETE", `/v1/dependencies/${ids.dependency}`, undefined],
      },
    ];
    for (const c of cases) {
      const read = await a.call("GET", c.read);
      assert.equal(read.status, 200, `${c.what}: ${read.text}`);
      const etag = String(read.headers.etag);
      assert.match(
        etag,
        new RegExp(`^"${read.body.version}-`),
        `${c.what}: the ETag starts with the version`,
      );
      await ok(a, ...c.other);
      const before = (await a.call("GET", c.read)).body;
      const stale = await a.call(c.mine[0], c.mine[1], c.mine[2], { "if-match": etag });
      assert.equal(stale.status, 412, `${c.what}: ${stale.text}`);
      assert.equal(stale.body.error, "precondition_failed");
      assert.deepEqual((await a.call("GET", c.read)).body, before, `${c.what}: nothing changed`);
      // a weak or foreign tag never matches either (If-Match compares strongly)
      const weak = await a.call(c.mine[0], c.mine[1], c.mine[2], { "if-match": `W/${etag}` });
      assert.equal(weak.status, 412, `${c.what}: weak`);
      // the current ETag goes through
      const current = String((await a.call("GET", c.read)).headers.etag);
      const fresh = await a.call(c.mine[0], c.mine[1], c.mine[2], { "if-match": current });
      assert.equal(fresh.status, 200, `${c.what}: ${fresh.text}`);
    }
    assert.equal((await a.call("GET", `/v1/dependencies/${ids.dependency}`)).status, 404, "deleted at last");
  });

  test("two changes with the same If-Match: exactly one wins (folders and dependencies)", async (t) => {
    const { a, ids } = await world(t);
    const edge = (await ok(a, "POST", "/v1/issues/ENG-2/dependencies", { blocks: ["ENG-3"] })).data[0];
    for (const [url, bodies] of [
      [`/v1/folders/${ids.folder}`, [{ name: "A" }, { name: "B" }, { name: "C" }]],
      [`/v1/dependencies/${edge.id}`, [{ note: "a" }, { note: "b" }, { note: "c" }]],
    ] as const) {
      const etag = String((await a.call("GET", url)).headers.etag);
      const answers = await Promise.all(bodies.map((b) => a.call("PATCH", url, b, { "if-match": etag })));
      assert.deepEqual(answers.map((r) => r.status).sort(), [200, 412, 412], url);
      const won = answers.find((r) => r.status === 200)!;
      assert.deepEqual((await a.call("GET", url)).body, won.body, `${url}: the winner's change stands`);
      assert.equal(won.body.version, 2);
    }
  });

  test("a write that changes no versioned object refuses If-Match rather than ignore it", async (t) => {
    const { a, ids } = await world(t);
    const etag = String((await a.call("GET", "/v1/issues/ENG-1")).headers.etag);
    for (const [method, url, body] of [
      ["POST", "/v1/issues", { title: "Not made" }],
      ["POST", "/v1/issues/ENG-1/dependencies", { blocks: ["ENG-2"] }],
      ["DELETE", `/v1/milestone-dependencies/${ids.milestoneDependency}`, undefined],
    ] as const) {
      const res = await a.call(method, url, body, { "if-match": etag });
      assert.equal(res.status, 400, `${method} ${url}: ${res.text}`);
      assert.match(res.body.fields["header.If-Match"], /does not take If-Match/);
    }
    assert.equal((await a.call("GET", "/v1/issues?q=Not%20made")).body.data.length, 0);
    assert.equal((await a.call("GET", `/v1/milestones/${ids.milestone}`)).body.blocks.length, 1);
  });

  test("every GET that sends an ETag answers If-None-Match with 304 while its state is unchanged", async (t) => {
    const { a, ids } = await world(t);
    const urls = getUrls(ids);
    // the event stream never ends and sends no ETag: test/http/events-stream.test.ts checks it over HTTP;
    // a download (an export's archive) is bytes sent once, not to be kept (no-store), so it has none
    const gets = operations
      .filter((o) => o.method === "GET" && !o.eventStream && !o.binary)
      .map((o) => o.operationId);
    assert.deepEqual(
      gets.filter((id) => !(id in urls)),
      [],
      "every GET operation has a case here",
    );
    const reads: [string, string, Record<string, string>][] = [
      ...Object.entries(urls)
        .filter(([id]) => gets.includes(id))
        .map(([id, url]) => [id, url, {}] as [string, string, Record<string, string>]),
      ["getBundle (snapshot)", `/v1/bundles/${ids.bundle}`, {}],
      ["getBundle (Markdown)", "/v1/bundles/ENG-1", { accept: "text/markdown" }],
    ];
    for (const [id, url, headers] of reads) {
      const first = await a.call("GET", url, undefined, headers);
      assert.equal(first.status, 200, `${id}: ${first.text}`);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[^"]+"$/, id);
      // time passes (answers that carry a moment or a signed URL must not move their ETag for it)
      a.env.clock.advance(1000);
      const again = await a.call("GET", url, undefined, headers);
      assert.equal(again.headers.etag, etag, `${id}: the same state gives the same ETag`);
      const revalidated = await a.call("GET", url, undefined, { ...headers, "if-none-match": etag });
      assert.equal(revalidated.status, 304, `${id}: ${revalidated.text}`);
      assert.equal(revalidated.text, "");
      assert.equal(revalidated.headers.etag, etag);
    }
    // Markdown and JSON of one live bundle are different answers
    const json = await a.call("GET", "/v1/bundles/ENG-1");
    const md = await a.call("GET", "/v1/bundles/ENG-1", undefined, { accept: "text/markdown" });
    assert.notEqual(json.headers.etag, md.headers.etag);

    // a change moves the ETag of what shows it: cycle stats, the live bundle, the file
    const before = await Promise.all(
      [urls.getCycleStats!, urls.getBundle!, urls.getFile!, urls.listFiles!].map((u) => a.call("GET", u)),
    );
    await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "done" });
    await ok(a, "POST", "/v1/issues", { title: "Also linked to the file" });
    await a.env.core.db
      .updateTable("files")
      .set({ name: "renamed.txt" })
      .where("id", "=", ids.file!)
      .execute();
    for (const [i, u] of [urls.getCycleStats!, urls.getBundle!, urls.getFile!, urls.listFiles!].entries()) {
      const res = await a.call("GET", u, undefined, { "if-none-match": String(before[i]!.headers.etag) });
      assert.equal(res.status, 200, `${u}: changed, so no 304`);
    }
    // a file's download URL is signed per 15-minute window: the next window gives a new URL and ETag
    const inWindow = await a.call("GET", urls.getFile!);
    a.env.clock.advance(15 * 60_000);
    const nextWindow = await a.call("GET", urls.getFile!, undefined, {
      "if-none-match": String(inWindow.headers.etag),
    });
    assert.equal(nextWindow.status, 200);
    assert.notEqual(nextWindow.body.download_url, inWindow.body.download_url);
    assert.ok(
      Date.parse(nextWindow.body.download_url_expires_at) - a.env.clock.now().getTime() >= 15 * 60_000,
    );
  });

  test("validation errors name the place of each field, and say 'is required' for a missing one", async (t) => {
    const { a } = await world(t);
    const cases: [string, string, unknown, Record<string, string | RegExp>][] = [
      ["GET", "/v1/issues?bogus=1&limit=1", undefined, { "query.bogus": "is not a known parameter" }],
      ["GET", "/v1/issues?limit=0", undefined, { "query.limit": /at least 1/ }],
      ["GET", "/v1/issues?status=todo,bogus", undefined, { "query.status[1]": /must be one of/ }],
      ["GET", "/v1/search", undefined, { "query.q": "is required" }],
      ["GET", "/v1/notes/nope", undefined, { "path.id": /note id/ }],
      ["POST", "/v1/issues", {}, { "body.title": "is required" }],
      ["POST", "/v1/issues", { title: "x", colour: "red" }, { "body.colour": "is not a known field" }],
      ["POST", "/v1/issues", { title: "x", blockedBy: ["ENG-1", 42] }, { "body.blockedBy[1]": /./ }],
      [
        "POST",
        "/v1/issues",
        { title: "x", blockedBy: ["ENG-1", "ENG-404"] },
        { "body.blockedBy[1]": /ENG-404/ },
      ],
      ["POST", "/v1/issues", "[1, 2]", { body: "must be a JSON object" }],
      [
        "POST",
        "/v1/folders",
        { name: "x", parent: "fld_01HZZZZZZZZZZZZZZZZZZZZZZZ" },
        { "body.parent": /no folder/ },
      ],
      ["POST", "/v1/decisions", { title: "x", "a.b": 1 }, { 'body["a.b"]': "is not a known field" }],
    ];
    for (const [method, url, body, expected] of cases) {
      const res: ApiCall = await a.call(method, url, body);
      assert.equal(res.status, 400, `${method} ${url}: ${res.text}`);
      assert.deepEqual(Object.keys(res.body.fields), Object.keys(expected), `${method} ${url}: ${res.text}`);
      for (const [key, want] of Object.entries(expected)) {
        if (typeof want === "string") assert.equal(res.body.fields[key], want, `${method} ${url}`);
        else assert.match(res.body.fields[key], want, `${method} ${url}`);
        // the description names each field the same way
        assert.ok(res.body.error_description.includes(`${key}: `), `${method} ${url}: ${res.text}`);
      }
    }
  });

  test("every list takes limit and cursor and answers data, next_cursor and Link the same way", async (t) => {
    const { a, ids } = await world(t);
    const urls = getUrls(ids);
    const lists = operations.filter(
      (o) => o.method === "GET" && o.query && "cursor" in (o.query as never as { shape: object }).shape,
    );
    for (const o of operations.filter((x) => x.method === "GET" && !x.eventStream)) {
      const url = urls[o.operationId]!;
      const res = await a.call("GET", url);
      if (!Array.isArray(res.body?.data)) continue;
      assert.ok(
        lists.includes(o),
        `${o.operationId} answers a list, so it takes limit and cursor like every list`,
      );
      assert.ok("next_cursor" in res.body, `${o.operationId} answers next_cursor`);
    }
    assert.ok(lists.length >= 14, `${lists.length} lists`);
    for (const o of lists) {
      const url = urls[o.operationId]!;
      const everything = await a.call("GET", withQuery(url, "limit=100"));
      assert.equal(everything.status, 200, `${o.operationId}: ${everything.text}`);
      assert.equal(everything.body.next_cursor, null, o.operationId);
      assert.equal(everything.headers.link, undefined, o.operationId);
      const all = everything.body.data.map((x: unknown) => JSON.stringify(x));
      assert.ok(all.length >= 2, `${o.operationId} has ${all.length} items; the world needs two`);
      const seen: string[] = [];
      let next = withQuery(url, "limit=1");
      for (;;) {
        const page = await a.call("GET", next);
        assert.equal(page.status, 200, `${o.operationId}: ${page.text}`);
        assert.equal(page.body.data.length, 1, o.operationId);
        seen.push(...page.body.data.map((x: unknown) => JSON.stringify(x)));
        if (page.body.next_cursor === null) {
          assert.equal(page.headers.link, undefined);
          break;
        }
        const link = String(page.headers.link);
        const m = /^<([^>]+)>; rel="next"$/.exec(link);
        assert.ok(m, `${o.operationId}: Link ${link}`);
        const linked = new URL(m[1]!);
        assert.equal(linked.searchParams.get("cursor"), page.body.next_cursor, o.operationId);
        assert.equal(linked.searchParams.get("limit"), "1");
        next = `${linked.pathname}${linked.search}`;
        assert.ok(seen.length <= all.length, `${o.operationId}: the walk ends`);
      }
      assert.deepEqual(seen, all, `${o.operationId}: pages of one walk every item once, in order`);
      for (const bad of ["limit=0", "limit=101", "cursor=nonsense"]) {
        const res = await a.call("GET", withQuery(url, bad));
        assert.equal(res.status, 400, `${o.operationId} ${bad}`);
        assert.ok(`query.${bad.split("=")[0]}` in res.body.fields, `${o.operationId} ${bad}: ${res.text}`);
      }
    }
  });

  test("retry_after on /v1, like the rest of /v1", async (t) => {
    const { a } = await world(t, { REST_RATE_LIMIT: "40" });
    let limited: ApiCall | undefined;
    for (let i = 0; i < 50 && !limited; i++) {
      const res = await a.call("GET", "/v1/workspace");
      if (res.status === 429) limited = res;
    }
    assert.ok(limited, "the limit was reached");
    assert.equal(limited.body.error, "rate_limited");
    assert.equal(limited.body.retry_after, Number(limited.headers["retry-after"]));
    assert.equal(limited.body.retryAfter, undefined);
    assert.ok(limited.headers["x-request-id"]);
    assert.equal(limited.headers["ratelimit-remaining"], "0");
  });

  test("the MCP endpoint's OPTIONS, GET, HEAD and DELETE agree: 405 with Allow: POST", async (t) => {
    const { a } = await world(t);
    for (const method of ["OPTIONS", "GET", "HEAD", "DELETE", "PUT"] as const) {
      const res = await a.app.inject({ method, url: "/api/mcp" });
      assert.equal(res.statusCode, 405, method);
      assert.equal(res.headers.allow, "POST", method);
    }
  });

  test("CORS: preflights and token requests from any origin; the session cookie from another origin is refused", async (t) => {
    const { a } = await world(t);
    const preflight = await a.app.inject({
      method: "OPTIONS",
      url: "/v1/issues/ENG-1",
      headers: {
        origin: OTHER_ORIGIN,
        "access-control-request-method": "PATCH",
        "access-control-request-headers": "authorization, content-type, if-match, idempotency-key",
      },
    });
    assert.equal(preflight.statusCode, 204, preflight.body);
    assert.equal(preflight.headers["access-control-allow-origin"], "*");
    assert.match(String(preflight.headers["access-control-allow-methods"]), /\bPATCH\b/);
    const allowed = String(preflight.headers["access-control-allow-headers"]).toLowerCase().split(/, */);
    for (const h of ["authorization", "content-type", "if-match", "if-none-match", "idempotency-key"]) {
      assert.ok(allowed.includes(h), `${h} in ${allowed}`);
    }
    assert.equal(preflight.headers["access-control-allow-credentials"], undefined);
    assert.ok(preflight.headers["x-request-id"]);

    // a token request from another origin: answered, with the headers a page needs exposed
    const read = await a.call("GET", "/v1/issues?limit=1", undefined, { origin: OTHER_ORIGIN });
    assert.equal(read.status, 200);
    assert.equal(read.headers["access-control-allow-origin"], "*");
    assert.equal(read.headers["access-control-allow-credentials"], undefined);
    const exposed = String(read.headers["access-control-expose-headers"]).toLowerCase().split(/, */);
    for (const h of [
      "etag",
      "link",
      "location",
      "retry-after",
      "ratelimit-limit",
      "ratelimit-remaining",
      "ratelimit-reset",
      "x-request-id",
    ]) {
      assert.ok(exposed.includes(h), `${h} exposed: ${exposed}`);
    }
    const write = await a.call("POST", "/v1/issues", { title: "From a page" }, { origin: OTHER_ORIGIN });
    assert.equal(write.status, 201);
    assert.equal(write.headers["access-control-allow-origin"], "*");
    // errors are readable by the page too
    const refused = await a.call("GET", "/v1/issues", undefined, { origin: OTHER_ORIGIN, authorization: "" });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers["access-control-allow-origin"], "*");

    // the person's session cookie from another origin: refused before anything else, token or not
    const { cookie } = await createSession(a.env.core, { personId: a.personId });
    const count = async () => (await a.call("GET", "/v1/issues?limit=100")).body.data.length;
    const issues = await count();
    const cookieCases: Record<string, string>[] = [
      { origin: OTHER_ORIGIN, cookie: `${SESSION_COOKIE}=${cookie}`, authorization: "" },
      { origin: OTHER_ORIGIN, cookie: `theme=dark; ${SESSION_COOKIE}=${cookie}` },
      { origin: "null", cookie: `${SESSION_COOKIE}=${cookie}` },
    ];
    for (const headers of cookieCases) {
      const res = await a.call("POST", "/v1/issues", { title: "Riding the cookie" }, headers);
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.equal(res.body.error, "forbidden");
      assert.equal(res.headers["access-control-allow-credentials"], undefined);
      const pre = await a.app.inject({
        method: "OPTIONS",
        url: "/v1/issues",
        headers: { origin: OTHER_ORIGIN, "access-control-request-method": "POST" },
      });
      assert.equal(pre.headers["access-control-allow-credentials"], undefined);
    }
    assert.equal(await count(), issues, "nothing was made");
    // other cookies, or the service's own origin, are not refused for it (the token decides)
    const otherCookie = await a.call("GET", "/v1/workspace", undefined, {
      origin: OTHER_ORIGIN,
      cookie: "theme=dark",
    });
    assert.equal(otherCookie.status, 200);
    const ownOrigin = new URL(a.env.config.baseUrl).origin;
    const sameOrigin = await a.call("GET", "/v1/workspace", undefined, {
      origin: ownOrigin,
      cookie: `${SESSION_COOKIE}=${cookie}`,
    });
    assert.equal(sameOrigin.status, 200);

    // the policy covers /v1 only (MCP and discovery get theirs later)
    const mcp = await a.app.inject({
      method: "OPTIONS",
      url: "/api/mcp",
      headers: { origin: OTHER_ORIGIN, "access-control-request-method": "POST" },
    });
    assert.equal(mcp.statusCode, 405);
    assert.equal(mcp.headers["access-control-allow-origin"], undefined);
  });

  test("the document says it: If-Match and 412 where taken, list parameters, request ids and limits on errors", async (t) => {
    const { a } = await world(t);
    const res = await a.app.inject({ url: "/v1/openapi.json" });
    const doc = JSON.parse(res.body);
    // biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, checked field by field
    const find = (id: string): any => {
      for (const item of Object.values(doc.paths) as Record<string, { operationId: string }>[]) {
        for (const o of Object.values(item)) if (o.operationId === id) return o;
      }
      throw new Error(id);
    };
    const params = (id: string): string[] =>
      find(id).parameters.map((p: { name?: string; $ref?: string }) => p.name ?? p.$ref);
    for (const o of operations) {
      const has = params(o.operationId).includes("#/components/parameters/IfMatch");
      assert.equal(has, o.conditional === true, `${o.operationId}: If-Match declared iff taken`);
      assert.equal("412" in find(o.operationId).responses, o.conditional === true, o.operationId);
    }
    for (const id of ["updateFolder", "updateDependency", "deleteDependency", "iceIssue"]) {
      assert.ok(params(id).includes("#/components/parameters/IfMatch"), id);
    }
    assert.ok(params("listFolders").includes("limit") && params("listFolders").includes("cursor"));
    assert.ok("Link" in find("listFolders").responses["200"].headers);
    const error = doc.components.schemas.Error;
    assert.ok(error.properties.retry_after);
    assert.equal(error.properties.retryAfter, undefined);
    assert.match(error.properties.fields.description, /body\.blockedBy\[0\]/);
    for (const [name, response] of Object.entries(doc.components.responses) as [
      string,
      { headers?: object },
    ][]) {
      assert.ok(response.headers && "X-Request-Id" in response.headers, `${name} declares X-Request-Id`);
    }
    assert.ok("RateLimit-Remaining" in doc.components.responses.BadRequest.headers);
    assert.ok("RateLimit-Remaining" in doc.components.responses.PreconditionFailed.headers);
    assert.ok("X-Request-Id" in find("getIssue").responses["200"].headers);
    // and the token-less answers match
    const unknown = await a.call("GET", "/v1/issues/ENG-404", undefined, bearer(a.readOnlyToken));
    assert.ok(unknown.headers["x-request-id"] && unknown.headers["ratelimit-remaining"]);
  });
});
