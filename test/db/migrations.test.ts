import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { sql } from "kysely";
import { MIGRATION_NAMES, migrateTo } from "../../src/db/migrations.ts";
import { openStore, type Store } from "../../src/db/store.ts";
import { lastPosition, nextPositionSqlite, sequenceEvents } from "../../src/tracker/events.ts";
import { SEARCH_INDEXED } from "../../src/tracker/search.ts";
import { createTestDatabase, ON_POSTGRES, personAndWorkspace, testConfig } from "../support.ts";

/** The schema every store must have after migration, table by table: the same on SQLite and PostgreSQL. */
/** A store on a database of the test's own, both gone when the test ends; not migrated yet. */
async function storeFor(t: TestContext): Promise<Store> {
  const database = await createTestDatabase();
  const store = openStore(testConfig(database.url).database);
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  return store;
}

const EXPECTED: Record<string, string[]> = {
  activity: [
    "action",
    "actor_id",
    "actor_via",
    "changes",
    "created_at",
    "id",
    "subject_id",
    "subject_type",
    "workspace_id",
  ],
  budgets: [
    "cost_micros_limit",
    "created_at",
    "created_by",
    "created_via",
    "exceeded_month",
    "id",
    "scope_id",
    "scope_type",
    "token_limit",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "warned_month",
    "workspace_id",
  ],
  bundles: ["content", "created_at", "created_by", "created_via", "id", "issue_id", "workspace_id"],
  cycle_events: ["completed", "created_at", "cycle_id", "estimate", "id", "in_scope", "issue_id"],
  cycles: [
    "created_at",
    "created_by",
    "created_via",
    "ends_on",
    "id",
    "name",
    "space_id",
    "starts_on",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  decisions: [
    "consequences",
    "context",
    "created_at",
    "created_by",
    "created_via",
    "decision",
    "id",
    "status",
    "supersedes_id",
    "title",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  dependencies: [
    "created_at",
    "created_by",
    "created_via",
    "from_issue_id",
    "id",
    "kind",
    "note",
    "to_issue_id",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  exports: [
    "created_at",
    "created_by",
    "created_via",
    "done",
    "error",
    "expires_at",
    "finished_at",
    "heartbeat_at",
    "id",
    "part",
    "size",
    "spaces",
    "started_at",
    "status",
    "total",
    "workspace_id",
  ],
  feature_switches: ["enabled", "name", "updated_at"],
  file_uploads: [
    "content_type",
    "created_at",
    "created_by",
    "expires_at",
    "id",
    "max_size",
    "storage_key",
    "used_at",
    "workspace_id",
  ],
  files: [
    "content_type",
    "created_at",
    "created_by",
    "created_via",
    "id",
    "name",
    "sha256",
    "size",
    "storage_key",
    "workspace_id",
  ],
  folders: ["created_at", "created_by", "id", "name", "parent_id", "updated_at", "version", "workspace_id"],
  idempotency_keys: [
    "body",
    "content_type",
    "created_at",
    "fingerprint",
    "headers",
    "key",
    "lease_until",
    "owner",
    "status",
    "token_id",
  ],
  issue_labels: ["issue_id", "label", "workspace_id"],
  issue_links: ["created_at", "issue_id", "object_id", "object_type", "workspace_id"],
  issues: [
    "assignee_id",
    "claim_expires_at",
    "claim_id",
    "completed_at",
    "created_at",
    "created_by",
    "created_via",
    "cycle_id",
    "description",
    "due_date",
    "estimate",
    "fencing_token",
    "id",
    "identifier",
    "labels",
    "milestone_id",
    "number",
    "open_blockers",
    "parent_id",
    "priority",
    "source",
    "source_url",
    "space_id",
    "status",
    "substance_by",
    "title",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  labels: [
    "color",
    "created_at",
    "created_by",
    "created_via",
    "description",
    "id",
    "name",
    "name_key",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  memberships: ["created_at", "person_id", "role", "workspace_id"],
  saved_views: [
    "created_at",
    "created_by",
    "created_via",
    "filters",
    "id",
    "name",
    "name_key",
    "shared",
    "updated_at",
    "updated_by",
    "updated_via",
    "workspace_id",
  ],
  issue_templates: [
    "created_at",
    "created_by",
    "created_via",
    "description",
    "estimate",
    "id",
    "labels",
    "name",
    "name_key",
    "priority",
    "space_id",
    "status",
    "title",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  milestone_dependencies: [
    "created_at",
    "created_by",
    "created_via",
    "from_milestone_id",
    "id",
    "to_milestone_id",
    "workspace_id",
  ],
  milestones: [
    "created_at",
    "created_by",
    "created_via",
    "description",
    "id",
    "name",
    "target_date",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  notes: [
    "body",
    "created_at",
    "created_by",
    "created_via",
    "folder_id",
    "id",
    "title",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  people: [
    "created_at",
    "digest_sent_at",
    "email",
    "email_verified_at",
    "id",
    "inbox_email",
    "name",
    "placeholder_workspace_id",
    "suspended_at",
    "terms_accepted_at",
    "terms_version",
    "updated_at",
  ],
  connections: [
    "assertion_expires_at",
    "assertion_jti",
    "client_id",
    "created_at",
    "id",
    "idle_expires_at",
    "kind",
    "last_used_at",
    "name",
    "person_id",
    "registration_id",
    "revoked_at",
    "revoked_reason",
    "scopes",
    "workspace_id",
  ],
  access_tokens: [
    "connection_id",
    "created_at",
    "expires_at",
    "id",
    "resource",
    "revoked_at",
    "scopes",
    "token_hash",
  ],
  agent_registrations: [
    "claim_token_hash",
    "client_name",
    "codes_issued",
    "connection_id",
    "created_at",
    "decided_at",
    "expires_at",
    "id",
    "interval_seconds",
    "ip",
    "last_polled_at",
    "login_hint",
    "person_id",
    "redeemed_at",
    "scopes",
    "status",
    "workspace_id",
  ],
  claims: [
    "created_at",
    "end_reason",
    "ended_at",
    "expires_at",
    "fencing_token",
    "heartbeat_at",
    "holder_id",
    "id",
    "issue_id",
    "next_filters",
    "person_id",
    "prior_assignee_id",
    "prior_status",
    "stopped_at",
    "via",
    "workspace_id",
  ],
  claim_attempts: [
    "code_hash",
    "created_at",
    "expires_at",
    "id",
    "registration_id",
    "superseded_at",
    "view_token_hash",
    "wrong_tries",
  ],
  signing_keys: ["alg", "created_at", "kid", "private_jwk", "public_jwk", "retired_at"],
  web_sessions: ["created_at", "csrf_token", "data", "expires_at", "id_hash", "last_seen_at", "person_id"],
  session_activities: [
    "action",
    "author_id",
    "author_via",
    "body",
    "cache_read_tokens",
    "cache_write_tokens",
    "client_id",
    "cost_micros",
    "created_at",
    "ephemeral",
    "id",
    "input_tokens",
    "kind",
    "model",
    "options",
    "output_tokens",
    "position",
    "session_id",
    "workspace_id",
  ],
  sign_in_codes: [
    "code_hash",
    "created_at",
    "email",
    "expires_at",
    "id",
    "session_hash",
    "used_at",
    "wrong_tries",
  ],
  identities: ["created_at", "email", "person_id", "provider", "subject"],
  invitations: [
    "accepted_at",
    "accepted_by",
    "created_at",
    "email",
    "expires_at",
    "id",
    "invited_by",
    "revoked_at",
    "role",
    "token_hash",
    "workspace_id",
  ],
  limit_counters: ["count", "expires_at", "key", "window_start"],
  oauth_clients: [
    "client_name",
    "created_at",
    "fetched_at",
    "fresh_until",
    "id",
    "kind",
    "metadata",
    "redirect_uris",
    "registered_ip",
  ],
  authorization_codes: [
    "client_id",
    "code_challenge",
    "code_hash",
    "connection_id",
    "created_at",
    "expires_at",
    "id",
    "redirect_uri",
    "resource",
    "scopes",
    "used_at",
  ],
  refresh_tokens: [
    "access_token_id",
    "client_id",
    "connection_id",
    "created_at",
    "id",
    "revoked_at",
    "rotated_at",
    "scopes",
    "successor_id",
    "token_hash",
  ],
  personal_access_tokens: [
    "created_at",
    "expires_at",
    "id",
    "last_used_at",
    "name",
    "person_id",
    "revoked_at",
    "scopes",
    "token_hash",
    "token_hint",
    "workspace_id",
  ],
  event_cursors: ["name", "position"],
  event_sequence: ["id", "position"],
  event_sweeps: ["event_id", "position", "workspace_id"],
  events: [
    "actor_id",
    "actor_via",
    "created_at",
    "data",
    "id",
    "object_id",
    "object_type",
    "position",
    "seq",
    "type",
    "workspace_id",
  ],
  trash: [
    "deleted_at",
    "deleted_by",
    "deleted_via",
    "id",
    "object_id",
    "object_type",
    "purge_at",
    "ref",
    "snapshot",
    "title",
    "workspace_id",
  ],
  webhook_attempts: ["attempted_at", "delivery_id", "duration_ms", "error", "id", "response", "status_code"],
  webhook_deliveries: [
    "attempts",
    "created_at",
    "event_id",
    "event_type",
    "finished_at",
    "id",
    "last_status_code",
    "locked_until",
    "next_attempt_at",
    "payload",
    "status",
    "webhook_id",
    "workspace_id",
  ],
  webhooks: [
    "created_at",
    "created_by",
    "created_via",
    "description",
    "disabled_cause",
    "disabled_reason",
    "events",
    "failures_in_row",
    "id",
    "parked_reason",
    "parked_until",
    "secret",
    "status",
    "updated_at",
    "url",
    "workspace_id",
  ],
  search_documents: ["body", "object_id", "object_type", "title", "updated_at", "workspace_id"],
  service_secrets: ["created_at", "name", "value"],
  spaces: [
    "auto_done_on_merge",
    "auto_review_on_pr",
    "auto_start_on_branch",
    "created_at",
    "done_requires",
    "id",
    "name",
    "next_issue_number",
    "prefix",
    "reviewers",
    "session_stale_minutes",
    "updated_at",
    "workspace_id",
  ],
  comments: [
    "body",
    "created_at",
    "created_by",
    "created_via",
    "deleted_at",
    "deleted_by",
    "deleted_via",
    "id",
    "parent_id",
    "source",
    "source_url",
    "subject_id",
    "subject_type",
    "updated_at",
    "updated_by",
    "updated_via",
    "version",
    "workspace_id",
  ],
  comment_revisions: [
    "body",
    "comment_id",
    "id",
    "replaced_at",
    "version",
    "written_at",
    "written_by",
    "written_via",
  ],
  agent_sessions: [
    "activity_count",
    "agent_id",
    "artifacts",
    "cache_read_tokens",
    "cache_write_tokens",
    "claim_id",
    "cost_micros",
    "created_at",
    "ended_at",
    "id",
    "input_tokens",
    "issue_id",
    "last_activity_at",
    "next_position",
    "output_tokens",
    "person_id",
    "plan",
    "space_id",
    "started_by",
    "status",
    "status_reason",
    "stop_requested_at",
    "stop_requested_by",
    "summary",
    "updated_at",
    "version",
    "workspace_id",
  ],
  approvals: [
    "answer",
    "answered_at",
    "answered_by",
    "answered_via",
    "asked_of",
    "comment",
    "created_at",
    "created_by",
    "created_via",
    "id",
    "issue_id",
    "marks_done",
    "options",
    "question",
    "status",
    "version",
    "workspace_id",
  ],
  imports: [
    "counts",
    "created_at",
    "created_by",
    "created_via",
    "dry_run",
    "error",
    "file_id",
    "file_name",
    "finished_at",
    "heartbeat_at",
    "id",
    "mapping",
    "options",
    "phase",
    "problem_count",
    "problems",
    "processed",
    "source",
    "space_id",
    "started_at",
    "status",
    "total",
    "updated_at",
    "workspace_id",
  ],
  integrations: [
    "created_at",
    "created_by",
    "created_via",
    "id",
    "last_delivery_at",
    "name",
    "provider",
    "repositories",
    "secret",
    "space_rules",
    "updated_at",
    "version",
    "workspace_id",
  ],
  integration_deliveries: [
    "action",
    "delivery_id",
    "event",
    "id",
    "integration_id",
    "outcome",
    "received_at",
    "summary",
  ],
  code_links: [
    "author_login",
    "branch",
    "closed_at",
    "closes",
    "created_at",
    "external_id",
    "id",
    "integration_id",
    "issue_id",
    "kind",
    "merged_at",
    "number",
    "provider",
    "repository",
    "review_state",
    "state",
    "title",
    "updated_at",
    "url",
    "workspace_id",
  ],
  import_keys: [
    "content_hash",
    "created_at",
    "import_id",
    "object_id",
    "object_type",
    "source",
    "source_id",
    "updated_at",
    "workspace_id",
  ],
  inbox_items: [
    "actor_id",
    "actor_via",
    "created_at",
    "emailed_at",
    "excerpt",
    "id",
    "issue_id",
    "kind",
    "person_id",
    "read_at",
    "subject_id",
    "subject_type",
    "title",
    "workspace_id",
  ],
  workspaces: [
    "agent_connection_limit",
    "allowed_domains",
    "created_at",
    "id",
    "name",
    "owner_id",
    "plan",
    "slug",
    "updated_at",
  ],
};

test(`migrations from empty, then re-run (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const store = await storeFor(t);

  const first = await store.migrate();
  assert.deepEqual(first.applied, MIGRATION_NAMES);
  assert.deepEqual(first.current, MIGRATION_NAMES);

  const tables = await store.db.introspection.getTables();
  const actual = Object.fromEntries(
    tables
      // the full-text index differs by design: FTS5 tables on SQLite, a tsvector column and the
      // documents' places (SQLite's rowid) on PostgreSQL; milestones' progress is kept by triggers on
      // SQLite only (src/db/milestone-progress.ts)
      .filter(
        (tb) =>
          !tb.name.startsWith("kysely_") &&
          !tb.name.startsWith("search_fts") &&
          tb.name !== "milestone_progress",
      )
      .map((tb) => [
        tb.name,
        tb.columns
          .map((c) => c.name)
          .filter((c) => c !== "tsv" && !(tb.name === "search_documents" && c === "seq"))
          .sort(),
      ]),
  );
  assert.deepEqual(Object.keys(actual).sort(), Object.keys(EXPECTED).sort());
  for (const [table, columns] of Object.entries(EXPECTED)) assert.deepEqual(actual[table], columns, table);

  const again = await store.migrate();
  assert.deepEqual(again.applied, [], "a second run applies nothing");
  assert.deepEqual(again.current, MIGRATION_NAMES);
});

test("SQLite runs with WAL and foreign keys on", { skip: ON_POSTGRES ? "SQLite only" : false }, async (t) => {
  const store = await storeFor(t);
  const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
  assert.equal(mode.rows[0]?.journal_mode, "wal");
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
  assert.equal(fk.rows[0]?.foreign_keys, 1);
  const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(store.db);
  assert.equal(busy.rows[0]?.timeout, 5000);
});

test("a transaction that fails writes nothing", async (t) => {
  const store = await storeFor(t);
  await store.migrate();
  const now = new Date().toISOString();
  await assert.rejects(
    store.db.transaction().execute(async (tx) => {
      await tx
        .insertInto("people")
        .values({
          id: "usr_1",
          email: "a@example.com",
          name: "A",
          email_verified_at: null,
          suspended_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      throw new Error("boom");
    }),
    /boom/,
  );
  const rows = await store.db.selectFrom("people").selectAll().execute();
  assert.equal(rows.length, 0);
});

test(`0012_web: the events feed has its index by actor (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const store = await storeFor(t);
  await store.migrate();
  assert.ok(MIGRATION_NAMES.includes("0012_web"));
  const { rows } = ON_POSTGRES
    ? await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where tablename = 'events'`.execute(store.db)
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'events'`.execute(store.db);
  assert.ok(
    rows.some((r) => r.name === "events_actor_via_idx"),
    rows.map((r) => r.name).join(", "),
  );
});

test(`0014_event_sequence: the floor of positions starts at the feed's top and every stored cursor (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const kind = ON_POSTGRES ? "postgres" : "sqlite";
  // [positions in the feed, the webhook cursor] → [the floor, the cursor after the migration]
  const cases: [number[], number, number, number][] = [
    // the finding: the feed emptied by retention, positions restarted below the cursor, never fanned
    // out: positions go on above the cursor, and the cursor goes back so those events are fanned out
    [[1, 2, 3], 10, 10, 0],
    // an ordinary feed: the floor is its top, the cursor stays
    [[1, 2, 3, 4, 5], 3, 5, 3],
    // a feed emptied by retention, nothing written since: the floor is the cursor
    [[], 7, 7, 7],
  ];
  for (const [feed, cursor, counter, cursorAfter] of cases) {
    const store = await storeFor(t);
    await migrateTo(store.db, kind, "0013_space_priority_index");
    const at = "2026-03-01T09:00:00.000Z";
    const db = store.db;
    await personAndWorkspace(db, at);
    const event = (id: string, position: number | null) => ({
      id,
      position,
      workspace_id: "wks_1",
      type: "issue.created",
      object_type: "issue",
      object_id: "iss_1",
      actor_id: "usr_1",
      actor_via: "admin",
      data: "{}",
      created_at: at,
    });
    for (const p of feed)
      await db
        .insertInto("events")
        .values(event(`evt_${p}`, p))
        .execute();
    await db.updateTable("event_cursors").set({ position: cursor }).where("name", "=", "webhooks").execute();

    await store.migrate();
    const label = `feed [${feed.join(", ")}], cursor ${cursor}`;
    const seq = await db.selectFrom("event_sequence").select("position").executeTakeFirstOrThrow();
    assert.equal(Number(seq.position), counter, label);
    const moved = await db.selectFrom("event_cursors").select("position").executeTakeFirstOrThrow();
    assert.equal(Number(moved.position), cursorAfter, label);

    // the next event is positioned above the floor, and the feed's end is there
    if (ON_POSTGRES) {
      await db.insertInto("events").values(event("evt_next", null)).execute();
      assert.equal(await sequenceEvents(db), 1);
    } else {
      await db
        .insertInto("events")
        .values(event("evt_next", nextPositionSqlite as never))
        .execute();
    }
    const next = await db
      .selectFrom("events")
      .select("position")
      .where("id", "=", "evt_next")
      .executeTakeFirstOrThrow();
    assert.equal(Number(next.position), counter + 1, label);
    assert.equal(await lastPosition(db), counter + 1, label);
  }
});

test(`labels migration: free-string labels become label objects, one per name ignoring case (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const kind = ON_POSTGRES ? "postgres" : "sqlite";
  const store = await storeFor(t);
  const mine = MIGRATION_NAMES.find((n) => n.endsWith("_labels"))!;
  await migrateTo(store.db, kind, MIGRATION_NAMES[MIGRATION_NAMES.indexOf(mine) - 1]!);
  const at = "2026-03-01T09:00:00.000Z";
  const db = store.db;
  await db
    .insertInto("people")
    .values({ id: "usr_1", email: "a@example.com", name: "A", created_at: at, updated_at: at })
    .execute();
  for (const ws of ["wks_1", "wks_2"]) {
    await db
      .insertInto("workspaces")
      .values({
        id: ws,
        name: ws,
        slug: ws.replace("_", "-"),
        owner_id: "usr_1",
        plan: "free",
        agent_connection_limit: 5,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto("spaces")
      .values({
        id: `spc_${ws}`,
        workspace_id: ws,
        name: "Eng",
        prefix: "ENG",
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  // [workspace, issue number, labels]: "Bug" on two issues and "bug" on one become one label "Bug"
  const issues: [string, number, string[]][] = [
    ["wks_1", 1, ["Bug", "infra"]],
    ["wks_1", 2, ["Bug"]],
    ["wks_1", 3, ["bug", "needs design"]],
    ["wks_1", 4, ["infra", "bug", "Bug"]],
    ["wks_1", 5, []],
    ["wks_2", 1, ["bug"]],
  ];
  for (const [ws, n, labels] of issues) {
    const id = `iss_${ws}_${n}`;
    await db
      .insertInto("issues")
      .values({
        id,
        workspace_id: ws,
        space_id: `spc_${ws}`,
        number: n,
        identifier: `ENG-${n}`,
        title: `issue ${n}`,
        status: "todo",
        labels: JSON.stringify(labels),
        created_by: "usr_1",
        created_via: "admin",
        created_at: at,
        updated_by: "usr_1",
        updated_via: "admin",
        updated_at: at,
      } as never)
      .execute();
    for (const label of labels)
      await db.insertInto("issue_labels").values({ issue_id: id, workspace_id: ws, label }).execute();
  }

  await store.migrate();
  const labels = await db
    .selectFrom("labels")
    .select(["workspace_id", "name", "name_key", "color", "description", "version", "created_by"])
    .orderBy("workspace_id")
    .orderBy("name_key")
    .execute();
  assert.deepEqual(
    labels.map((l) => [l.workspace_id, l.name, l.name_key]),
    [
      ["wks_1", "Bug", "bug"],
      ["wks_1", "infra", "infra"],
      ["wks_1", "needs design", "needs design"],
      ["wks_2", "bug", "bug"],
    ],
  );
  for (const l of labels) {
    assert.match(l.color, /^#[0-9a-f]{6}$/);
    assert.equal(l.description, "");
    assert.equal(Number(l.version), 1);
    assert.equal(l.created_by, "usr_1", "made in the name of the workspace's Owner");
  }
  assert.equal(new Set(labels.filter((l) => l.workspace_id === "wks_1").map((l) => l.color)).size, 3);
  const carried = async (id: string) => {
    const row = await db.selectFrom("issues").select("labels").where("id", "=", id).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom("issue_labels")
      .select("label")
      .where("issue_id", "=", id)
      .orderBy("label")
      .execute();
    return { json: JSON.parse(row.labels), rows: rows.map((r) => r.label) };
  };
  assert.deepEqual(await carried("iss_wks_1_3"), {
    json: ["Bug", "needs design"],
    rows: ["Bug", "needs design"],
  });
  assert.deepEqual(await carried("iss_wks_1_4"), { json: ["infra", "Bug"], rows: ["Bug", "infra"] });
  assert.deepEqual(await carried("iss_wks_1_1"), { json: ["Bug", "infra"], rows: ["Bug", "infra"] });
  assert.deepEqual(await carried("iss_wks_2_1"), { json: ["bug"], rows: ["bug"] });
});

test("0032_search_recency: documents take places in their ids' order, their tsvector names their block, and it goes back (PostgreSQL)", {
  skip: ON_POSTGRES ? false : "PostgreSQL only",
}, async (t) => {
  const store = await storeFor(t);
  const db = store.db;
  await migrateTo(db, "postgres", "0031_integrations");
  const at = "2026-03-01T09:00:00.000Z";
  await personAndWorkspace(db, at);
  const doc = (object_id: string, object_type: "issue" | "note", title: string) => ({
    object_id,
    workspace_id: "wks_1",
    object_type,
    title,
    body: "ledger entries",
    updated_at: at,
  });
  // written out of their ids' order: the migration places them by the ULID after the kind's prefix
  await db
    .insertInto("search_documents")
    .values([
      doc("note_01J00000000000000000000003", "note", "Third"),
      doc("iss_01J00000000000000000000001", "issue", "First"),
      doc("iss_01J00000000000000000000002", "issue", "Second"),
    ])
    .execute();
  await store.migrate();
  const placed = async () =>
    (
      await sql<{ title: string; seq: string; tsv: string }>`
        select title, seq, tsv::text as tsv from search_documents order by seq`.execute(db)
    ).rows;
  const after = await placed();
  assert.deepEqual(
    after.map((r) => [r.title, Number(r.seq)]),
    [
      ["First", 1],
      ["Second", 2],
      ["Third", 3],
    ],
  );
  for (const r of after) assert.match(r.tsv, /' 0'/);
  // the next document indexed is the newest, and is found by its words as before
  await db
    .insertInto("search_documents")
    .values(doc("iss_01H00000000000000000000009", "issue", "Fourth"))
    .execute();
  assert.deepEqual((await placed()).map((r) => [r.title, Number(r.seq)]).at(-1), ["Fourth", 4]);
  const found = await sql<{ n: number }>`
    select count(*)::int as n from search_documents where tsv @@ to_tsquery('english', 'ledger')`.execute(db);
  assert.equal(found.rows[0]!.n, 4);

  await migrateTo(db, "postgres", "0031_integrations");
  const { rows } = await sql<{ tsv: string }>`select tsv::text as tsv from search_documents`.execute(db);
  assert.equal(rows.length, 4);
  for (const r of rows) assert.doesNotMatch(r.tsv, /' 0'/);
});

test("0035_search_inline: documents already there keep their tsvector in the row, and it goes back (PostgreSQL)", {
  skip: ON_POSTGRES ? false : "PostgreSQL only",
}, async (t) => {
  const store = await storeFor(t);
  const db = store.db;
  await migrateTo(db, "postgres", "0034_milestone_progress");
  const at = "2026-03-01T09:00:00.000Z";
  await personAndWorkspace(db, at);
  // a body of 4,000 characters of distinct words: title, body and tsvector come to about 9 KB
  const body = Array.from({ length: 500 }, (_, i) => `w${i}q${(i * 7919) % 997}`).join(" ");
  await db
    .insertInto("search_documents")
    .values({
      object_id: "note_01J00000000000000000000001",
      workspace_id: "wks_1",
      object_type: "note",
      title: "Ledger",
      body: `ledger ${body.slice(0, 3000)}`,
      updated_at: at,
    })
    .execute();
  const outOfLine = async () => {
    const toast = await sql<{ name: string }>`
      select reltoastrelid::regclass::text as name from pg_class where relname = 'search_documents'`.execute(
      db,
    );
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.raw(toast.rows[0]!.name)}`.execute(db);
    return rows[0]!.n;
  };
  const storage = async () =>
    (
      await sql<{ s: string }>`select attstorage as s from pg_attribute
        where attrelid = 'search_documents'::regclass and attname = 'tsv'`.execute(db)
    ).rows[0]!.s;
  assert.ok((await outOfLine()) > 0, "before: stored out of line");
  assert.equal(await storage(), "x");
  await store.migrate();
  assert.equal(await outOfLine(), 0, "after: in the row");
  assert.equal(await storage(), "m");
  const found = await sql<{ n: number }>`
    select count(*)::int as n from search_documents where tsv @@ to_tsquery('english', 'ledger')`.execute(db);
  assert.equal(found.rows[0]!.n, 1);

  await migrateTo(db, "postgres", "0034_milestone_progress");
  assert.equal(await storage(), "x");
  const options = await sql<{ o: string[] | null }>`
    select reloptions as o from pg_class where relname = 'search_documents'`.execute(db);
  assert.equal(options.rows[0]!.o, null);
});

/** The nth search document of personAndWorkspace's workspace, an issue about a ledger (n from 1 to 9). */
const ledgerDocument = (at: string, n: number) => ({
  object_id: `iss_01H0000000000000000000000${n}`,
  workspace_id: "wks_1",
  object_type: "issue" as const,
  title: "Ledger drift",
  body: "The ledger and the journal disagree",
  updated_at: at,
});

test("0037_search_pending_list: the full-text index's pending list is kept to 256 KiB, and a search still finds what is pending (PostgreSQL)", {
  skip: ON_POSTGRES ? false : "PostgreSQL only",
}, async (t) => {
  const store = await storeFor(t);
  const db = store.db;
  await store.migrate();
  const limit = async (index: string) =>
    (
      await sql<{ o: string[] | null }>`
        select reloptions as o from pg_class where relname = ${index}`.execute(db)
    ).rows[0]!.o;
  // (the index is search_documents_recency_idx from 0040 on)
  assert.deepEqual(await limit("search_documents_recency_idx"), ["gin_pending_list_limit=256"]);
  // a document written goes to the pending list, and a search finds it there
  const at = "2026-03-01T09:00:00.000Z";
  await personAndWorkspace(db, at);
  await db.insertInto("search_documents").values(ledgerDocument(at, 1)).execute();
  const found = await sql<{ n: number }>`
    select count(*)::int as n from search_documents where tsv @@ to_tsquery('english', 'ledger')`.execute(db);
  assert.equal(found.rows[0]!.n, 1);

  await migrateTo(db, "postgres", "0039_neighbour_indexes");
  assert.deepEqual(await limit("search_documents_tsv_idx"), ["gin_pending_list_limit=256"]);
  await migrateTo(db, "postgres", "0036_change_epoch");
  assert.equal(await limit("search_documents_tsv_idx"), null);
});

test("0040_search_fine_blocks: search's conditions name the full-text index's expression, which holds each document's block of 512 places (PostgreSQL)", {
  skip: ON_POSTGRES ? false : "PostgreSQL only",
}, async (t) => {
  const store = await storeFor(t);
  const db = store.db;
  await store.migrate();
  const at = "2026-03-01T09:00:00.000Z";
  await personAndWorkspace(db, at);
  for (const [n, seq] of [
    [1, 5],
    [2, 600],
    [3, 5_000],
  ] as const) {
    await db
      .insertInto("search_documents")
      .values({ ...ledgerDocument(at, n), seq } as never)
      .execute();
  }
  const found = async (blocks: string) =>
    (
      await sql<{ seq: string }>`select d.seq from search_documents d
        where ${SEARCH_INDEXED} @@ to_tsquery('english', 'ledger') and ${SEARCH_INDEXED} @@ ${blocks}::tsquery
        order by d.seq`.execute(db)
    ).rows.map((r) => Number(r.seq));
  // fine blocks (two spaces) and the tsvector's coarse ones (one) are told apart
  assert.deepEqual(await found("'  0'"), [5]);
  assert.deepEqual(await found("'  1' | '  9'"), [600, 5_000]);
  assert.deepEqual(await found("' 0'"), [5, 600]);
  assert.deepEqual(await found("' 1'"), [5_000]);
  // the planner takes the index for the expression search names (a table this small is otherwise read whole)
  await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await sql<{ "QUERY PLAN": string }>`explain select d.object_id from search_documents d
      where ${SEARCH_INDEXED} @@ to_tsquery('english', 'ledger') and ${SEARCH_INDEXED} @@ ${"'  0'"}::tsquery`.execute(
      trx,
    );
    assert.match(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"), /search_documents_recency_idx/);
  });
  const indexes = async () =>
    (
      await sql<{ name: string }>`select indexname as name from pg_indexes
        where tablename = 'search_documents' and indexdef like '%gin%' order by 1`.execute(db)
    ).rows.map((r) => r.name);
  assert.deepEqual(await indexes(), ["search_documents_recency_idx"]);
  await migrateTo(db, "postgres", "0039_neighbour_indexes");
  assert.deepEqual(await indexes(), ["search_documents_tsv_idx"]);
  const ledgers = await sql<{ n: number }>`select count(*)::int as n from search_documents
    where tsv @@ to_tsquery('english', 'ledger')`.execute(db);
  assert.equal(ledgers.rows[0]!.n, 3);
});

test("milestone progress migration: SQLite counts the issues already in each milestone by status, with their estimates", async (t) => {
  if (ON_POSTGRES)
    return t.skip("PostgreSQL counts progress from its index; the migration changes nothing there");
  const store = await storeFor(t);
  const mine = MIGRATION_NAMES.find((n) => n.endsWith("_milestone_progress"))!;
  await migrateTo(store.db, "sqlite", MIGRATION_NAMES[MIGRATION_NAMES.indexOf(mine) - 1]!);
  const at = "2026-03-01T09:00:00.000Z";
  const db = store.db;
  const by = {
    created_by: "usr_1",
    created_via: "admin",
    created_at: at,
    updated_by: "usr_1",
    updated_via: "admin",
    updated_at: at,
  };
  await personAndWorkspace(db, at);
  await db
    .insertInto("spaces")
    .values({
      id: "spc_1",
      workspace_id: "wks_1",
      name: "Eng",
      prefix: "ENG",
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const id of ["ms_1", "ms_2"])
    await db
      .insertInto("milestones")
      .values({ id, workspace_id: "wks_1", name: id, description: "", target_date: null, version: 1, ...by })
      .execute();
  // [milestone, status, estimate]
  const issues: [string | null, string, number | null][] = [
    ["ms_1", "todo", 3],
    ["ms_1", "todo", null],
    ["ms_1", "done", 5],
    ["ms_2", "canceled", 2],
    [null, "done", 8],
  ];
  for (const [n, [milestone, status, estimate]] of issues.entries()) {
    await db
      .insertInto("issues")
      .values({
        id: `iss_${n}`,
        workspace_id: "wks_1",
        space_id: "spc_1",
        number: n + 1,
        identifier: `ENG-${n + 1}`,
        title: `issue ${n}`,
        status,
        estimate,
        milestone_id: milestone,
        labels: "[]",
        ...by,
      } as never)
      .execute();
  }
  await store.migrate();
  const rows = await sql<{ milestone_id: string; status: string; issues: number; estimate: number }>`
    select milestone_id, status, issues, estimate from milestone_progress order by milestone_id, status`.execute(
    db,
  );
  assert.deepEqual(
    rows.rows.map((r) => ({ ...r })),
    [
      { milestone_id: "ms_1", status: "done", issues: 1, estimate: 5 },
      { milestone_id: "ms_1", status: "todo", issues: 2, estimate: 3 },
      { milestone_id: "ms_2", status: "canceled", issues: 1, estimate: 2 },
    ],
  );
});
