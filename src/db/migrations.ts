import {
  type ColumnDefinitionBuilder as ColumnBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from "kysely";
import { newId } from "../secrets.ts";
import { milestoneProgressMigration } from "./milestone-progress.ts";

/**
 * Versioned migrations, in code so they ship with the binary. Each one builds the same schema on SQLite
 * and PostgreSQL; `t` picks the column types that differ.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema came before
type AnyDb = Kysely<any>;

export interface Dialectal {
  /** timestamptz on PostgreSQL, ISO text on SQLite */
  time: "timestamptz" | "text";
}

function types(kind: "sqlite" | "postgres"): Dialectal {
  return { time: kind === "postgres" ? "timestamptz" : "text" };
}

const migrations: Record<string, (t: Dialectal, kind: "sqlite" | "postgres") => Migration> = {
  "0001_people_workspaces_tokens": (t) => ({
    async up(db: AnyDb) {
      await db.schema
        .createTable("people")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email_verified_at", t.time)
        .addColumn("suspended_at", t.time)
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addColumn("updated_at", t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("workspaces")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("owner_id", "text", (c) => c.notNull().references("people.id"))
        .addColumn("plan", "text", (c) => c.notNull().defaultTo("free"))
        .addColumn("agent_connection_limit", "integer", (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addColumn("updated_at", t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("workspaces_owner_idx").on("workspaces").column("owner_id").execute();

      await db.schema
        .createTable("memberships")
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("person_id", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint("memberships_pk", ["workspace_id", "person_id"])
        .execute();
      await db.schema.createIndex("memberships_person_idx").on("memberships").column("person_id").execute();

      await db.schema
        .createTable("spaces")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("prefix", "text", (c) => c.notNull())
        .addColumn("next_issue_number", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addColumn("updated_at", t.time, (c) => c.notNull())
        .addUniqueConstraint("spaces_workspace_prefix_key", ["workspace_id", "prefix"])
        .addUniqueConstraint("spaces_workspace_name_key", ["workspace_id", "name"])
        .execute();

      await db.schema
        .createTable("personal_access_tokens")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("person_id", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("token_hint", "text", (c) => c.notNull())
        .addColumn("scopes", "text", (c) => c.notNull())
        .addColumn("expires_at", t.time)
        .addColumn("last_used_at", t.time)
        .addColumn("revoked_at", t.time)
        .addColumn("created_at", t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("personal_access_tokens_workspace_idx")
        .on("personal_access_tokens")
        .column("workspace_id")
        .execute();
      await db.schema
        .createIndex("personal_access_tokens_person_idx")
        .on("personal_access_tokens")
        .column("person_id")
        .execute();

      await db.schema
        .createTable("feature_switches")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("enabled", "integer", (c) => c.notNull())
        .addColumn("updated_at", t.time, (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        "feature_switches",
        "personal_access_tokens",
        "spaces",
        "memberships",
        "workspaces",
        "people",
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  }),
  "0002_tracker": (t, kind) => trackerMigration(t, kind),
  "0003_agent_auth": (t) => agentAuthMigration(t),
  "0004_browser_oauth": (t) => browserOAuthMigration(t),
  "0005_idempotency": (t) => idempotencyMigration(t),
  "0006_query_indexes": (_t, kind) => queryIndexesMigration(kind),
  // Folders and dependency edges get a version, so If-Match guards their changes as it does the rest.
  "0007_contract_versions": () => ({
    async up(db: AnyDb) {
      for (const table of ["folders", "dependencies"]) {
        await db.schema
          .alterTable(table)
          .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
          .execute();
      }
    },
    async down(db: AnyDb) {
      for (const table of ["folders", "dependencies"]) {
        await db.schema.alterTable(table).dropColumn("version").execute();
      }
    },
  }),
  "0008_claims": (t) => claimsMigration(t),
  "0009_events": (t, kind) => eventsMigration(t, kind),
  "0011_conversation": (t) => conversationMigration(t),
  // The web app's Agents view reads an agent's (or a token's) recent events: `actor=con_…`, newest first.
  "0012_web": () => ({
    async up(db: AnyDb) {
      await db.schema
        .createIndex("events_actor_via_idx")
        .on("events")
        .columns(["actor_via", "position"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("events_actor_via_idx").execute();
    },
  }),
  // A list filtered by space, status and priority (`?space=ENG&status=todo&priority=high`) reads only the
  // issues it returns, newest first, instead of every issue of that space and status (about five for each
  // one returned in the bench's workspace): on SQLite its page of 50 of 100,000 issues takes 139 µs
  // instead of 227.
  "0013_space_priority_index": (_t, kind) => ({
    async up(db: AnyDb) {
      await db.schema
        .createIndex("issues_space_priority_idx")
        .on("issues")
        .columns(["space_id", "status", "priority", "created_at", "id"])
        .execute();
      // an analyzed database needs this index's statistics too, or SQLite would not weigh it
      if (kind === "sqlite") await analyzeIfAnalyzed(db, ["issues_space_priority_idx"]);
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("issues_space_priority_idx").execute();
    },
  }),
  "0014_event_sequence": () => eventSequenceMigration(),
  "0015_webhook_access": (t, kind) => webhookAccessMigration(t, kind),
  // A receiver that keeps timing out is parked (its deliveries wait, kept); delivery claims due work per
  // webhook, oldest first, with one probe of this index each (see src/tracker/webhook-delivery.ts).
  "0016_webhook_parking": (t) => ({
    async up(db: AnyDb) {
      await db.schema
        .alterTable("webhooks")
        .addColumn("failures_in_row", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("webhooks").addColumn("parked_until", t.time).execute();
      await db.schema.alterTable("webhooks").addColumn("parked_reason", "text").execute();
      await db.schema
        .createIndex("webhook_deliveries_webhook_due_idx")
        .on("webhook_deliveries")
        .columns(["webhook_id", "next_attempt_at"])
        .where(sql.ref("status"), "=", "pending")
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("webhook_deliveries_webhook_due_idx").execute();
      for (const column of ["parked_reason", "parked_until", "failures_in_row"]) {
        await db.schema.alterTable("webhooks").dropColumn(column).execute();
      }
    },
  }),
  "0017_invitations": (t) => invitationsMigration(t),
  "0018_labels": (t) => labelsMigration(t),
  // An approval that asks "mark this done?": approving it marks the issue done as the person who answers.
  "0019_approval_marks_done": () => ({
    async up(db: AnyDb) {
      await db.schema
        .alterTable("approvals")
        .addColumn("marks_done", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable("approvals").dropColumn("marks_done").execute();
    },
  }),
  "0021_trash": (t) => trashMigration(t),
  // Saved views of the issue list: a name, the list's URL query, personal or shared with the workspace.
  "0022_saved_views": (t) => ({
    async up(db: AnyDb) {
      await byColumns(
        db.schema
          .createTable("saved_views")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("workspace_id", "text", (c) =>
            c.notNull().references("workspaces.id").onDelete("cascade"),
          )
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("name_key", "text", (c) => c.notNull())
          .addColumn("filters", "text", (c) => c.notNull())
          .addColumn("shared", "integer", (c) => c.notNull().defaultTo(0)),
        t,
      ).execute();
      await db.schema
        .createIndex("saved_views_workspace_author")
        .on("saved_views")
        .columns(["workspace_id", "created_by"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("saved_views").execute();
    },
  }),
  // A claim keeps what it changed so a release gives it back (the issue's status and assignee before
  // the claim), and the filters of a claim of the next issue, so a retried claim answers the same one.
  "0023_claim_restore": () => ({
    async up(db: AnyDb) {
      for (const column of ["prior_status", "prior_assignee_id", "next_filters"]) {
        await db.schema.alterTable("claims").addColumn(column, "text").execute();
      }
    },
    async down(db: AnyDb) {
      for (const column of ["next_filters", "prior_assignee_id", "prior_status"]) {
        await db.schema.alterTable("claims").dropColumn(column).execute();
      }
    },
  }),
  "0024_agent_sessions": (t) => agentSessionsMigration(t),
  "0025_budgets": (t) => budgetsMigration(t),
  // New-issue templates of a space: a name (unique in the space ignoring case) and the fields a new
  // issue starts with (title, description, status, priority, labels, estimate).
  "0026_issue_templates": (t) => ({
    async up(db: AnyDb) {
      await byColumns(
        db.schema
          .createTable("issue_templates")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("workspace_id", "text", (c) =>
            c.notNull().references("workspaces.id").onDelete("cascade"),
          )
          .addColumn("space_id", "text", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("name_key", "text", (c) => c.notNull())
          .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
          .addColumn("status", "text")
          .addColumn("priority", "text", (c) => c.notNull().defaultTo("none"))
          .addColumn("labels", "text", (c) => c.notNull().defaultTo("[]"))
          .addColumn("estimate", "integer")
          .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
          .addUniqueConstraint("issue_templates_space_name_key", ["space_id", "name_key"]),
        t,
      ).execute();
      await db.schema
        .createIndex("issue_templates_workspace")
        .on("issue_templates")
        .columns(["workspace_id", "space_id"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("issue_templates").execute();
    },
  }),
  // The inbox tells people of agent runs: a run waiting for their answer, gone silent or ended in an
  // error, and a budget at 80% or spent.
  "0027_session_inbox_kinds": (t, kind) => ({
    async up(db: AnyDb) {
      await inboxKinds(db, t, kind, INBOX_KINDS_0027);
    },
    async down(db: AnyDb) {
      await db
        .deleteFrom("inbox_items")
        .where("kind", "in", INBOX_KINDS_0027.slice(INBOX_KINDS_0015.length) as never[])
        .execute();
      await inboxKinds(db, t, kind, INBOX_KINDS_0015);
    },
  }),
  // Imports from other trackers: the jobs, the source keys that make a re-run change nothing (and a
  // killed run resume), where each imported issue and comment came from, and placeholder people.
  "0028_imports": (t) => importsMigration(t),
  // Workspace exports as jobs: how far each one is, and when its archive (kept in the data directory)
  // is deleted.
  "0029_exports": (t) => ({
    async up(db: AnyDb) {
      await db.schema
        .createTable("exports")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("status", "text", (c) =>
          c.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed')`),
        )
        .addColumn("spaces", "text")
        .addColumn("part", "text", (c) => c.notNull())
        .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("size", "bigint")
        .addColumn("error", "text")
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_via", "text", (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addColumn("started_at", t.time)
        .addColumn("finished_at", t.time)
        .addColumn("heartbeat_at", t.time, (c) => c.notNull())
        .addColumn("expires_at", t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("exports_workspace_idx")
        .on("exports")
        .columns(["workspace_id", "created_at"])
        .execute();
      await db.schema.createIndex("exports_expires_idx").on("exports").column("expires_at").execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("exports").execute();
    },
  }),
  // Every MCP answer to an agent looks for its live runs (pending, stopping, or with a person's prompt):
  // by this index it reads those alone, not every run the agent ever had.
  "0030_live_sessions_by_agent": () => ({
    async up(db: AnyDb) {
      await db.schema
        .createIndex("agent_sessions_live_agent_idx")
        .on("agent_sessions")
        .columns(["agent_id", "workspace_id"])
        .where(sql.ref("ended_at"), "is", null)
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("agent_sessions_live_agent_idx").execute();
    },
  }),
  // Code hosts: connections to GitHub and GitLab (their webhook secrets sealed), the deliveries they
  // sent, the pull requests, branches and commits linked to issues, and each space's automation switches.
  "0031_integrations": (t) => integrationsMigration(t),
  // PostgreSQL search reads a common word's newest matches from the GIN index alone: each document has
  // a position in the order documents were indexed (as SQLite's rowid) and its block of 4,096 positions
  // as a lexeme of its tsvector, which no text yields. See rankPostgres in src/tracker/search.ts.
  "0032_search_recency": (_t, kind) => ({
    async up(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`alter table search_documents add column seq bigint`.execute(db);
      // The documents already there, in the order search took as newest until now (their ids' ULIDs).
      await sql`update search_documents d set seq = o.n
        from (select object_id, row_number() over (order by substr(object_id, strpos(object_id, '_') + 1)) as n
          from search_documents) o
        where o.object_id = d.object_id`.execute(db);
      await sql`alter table search_documents alter column seq set not null`.execute(db);
      await sql`alter table search_documents alter column seq add generated by default as identity`.execute(
        db,
      );
      await sql`select setval(pg_get_serial_sequence('search_documents', 'seq'),
        (select coalesce(max(seq), 0) + 1 from search_documents), false)`.execute(db);
      await sql`alter table search_documents drop column tsv`.execute(db);
      await sql`alter table search_documents add column tsv tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
          || array_to_tsvector(array[' ' || (seq >> 12)::text])) stored`.execute(db);
      await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
      await sql`create index search_documents_seq_idx on search_documents (workspace_id, seq)`.execute(db);
    },
    async down(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`drop index search_documents_seq_idx`.execute(db);
      await sql`alter table search_documents drop column tsv`.execute(db);
      await sql`alter table search_documents drop column seq`.execute(db);
      await sql`alter table search_documents add column tsv tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) stored`.execute(
        db,
      );
      await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
    },
  }),
  // SQLite: the full-text index is written after the answer. The triggers on search_documents no longer
  // write search_fts in the change's transaction; they append what FTS5 needs (the document's rowid and
  // the words to add, or to take out again) to search_fts_pending, which commits with the change, and
  // src/db/search-pending.ts applies it in order: soon after, in batches, and at the start of every
  // search. FTS5 writes a segment (and merge work) at every savepoint, so in the change it wrote one per
  // document; a drain writes one per batch. A document whose title and body did not change (an edit of
  // its status) writes nothing now. The index is in step when this runs, so the pending table starts empty.
  "0033_search_pending": (_t, kind) => ({
    async up(db: AnyDb) {
      if (kind !== "sqlite") return;
      await sql`create table search_fts_pending (
        id integer primary key,
        op text not null check (op in ('add', 'delete')),
        doc integer not null,
        title text not null,
        body text not null)`.execute(db);
      await dropSearchTriggers(db);
      await sql`create trigger search_documents_ai after insert on search_documents begin
        insert into search_fts_pending(op, doc, title, body) values ('add', new.rowid, new.title, new.body); end`.execute(
        db,
      );
      await sql`create trigger search_documents_ad after delete on search_documents begin
        insert into search_fts_pending(op, doc, title, body) values ('delete', old.rowid, old.title, old.body); end`.execute(
        db,
      );
      await sql`create trigger search_documents_au after update on search_documents
        when old.title is not new.title or old.body is not new.body or old.rowid is not new.rowid begin
        insert into search_fts_pending(op, doc, title, body) values ('delete', old.rowid, old.title, old.body);
        insert into search_fts_pending(op, doc, title, body) values ('add', new.rowid, new.title, new.body); end`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      if (kind !== "sqlite") return;
      await dropSearchTriggers(db);
      await sql`drop table search_fts_pending`.execute(db);
      await createSearchTriggers(db);
      // what was still pending is taken in by reading every document again
      await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(db);
    },
  }),
  // SQLite: milestones' progress counted by triggers, not per read (src/db/milestone-progress.ts)
  "0034_milestone_progress": (_t, kind) => milestoneProgressMigration(kind),
  // PostgreSQL search ranks a common word's newest 500 matches, reading each one's tsvector. A document
  // past about 2 KB (title, body and tsvector) had its tsvector compressed or moved to the TOAST table,
  // pages read and decompressed on every search: rows are now kept whole in the heap up to a page
  // (toast_tuple_target), and past that the body leaves the row before the tsvector does (storage main).
  // The rows already there are rewritten (CLUSTER, in the order of (workspace_id, seq), which is also
  // the order a search reads its newest blocks in): about 6 s for 120,000 documents, holding the table
  // meanwhile. Past REWRITE_LIMIT documents the rewrite is left for a quiet moment (docs/operators.md):
  // new and changed documents are stored so from now on either way.
  "0035_search_inline": (_t, kind) => ({
    async up(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`alter table search_documents set (toast_tuple_target = 8160)`.execute(db);
      await sql`alter table search_documents alter column tsv set storage main`.execute(db);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from (select 1 from search_documents limit ${REWRITE_LIMIT + 1}) d`.execute(
        db,
      );
      if (rows[0]!.n <= REWRITE_LIMIT) {
        await sql`cluster search_documents using search_documents_seq_idx`.execute(db);
      }
    },
    async down(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`alter table search_documents reset (toast_tuple_target)`.execute(db);
      await sql`alter table search_documents alter column tsv set storage extended`.execute(db);
    },
  }),
  // PostgreSQL: the change counter every announcement advances and every instance reads a few times a
  // second (src/db/changes.ts), so that caches such as the tokens' are exact across instances
  "0036_change_epoch": (_t, kind) => ({
    async up(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`create sequence docket_change_epoch`.execute(db);
    },
    async down(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`drop sequence docket_change_epoch`.execute(db);
    },
  }),
  // PostgreSQL: the full-text index's pending list (GIN's fastupdate) is kept to 256 KiB, from 4 MiB.
  // A document is indexed by adding it to that list, and every search reads the whole list, page by page:
  // with 4 MiB pending (about 17,000 new or edited documents) each search read about 500 pages more, some
  // 1.5 ms, where the list is now at most 32 (0.25 ms). The list is taken into the index when it passes the
  // limit, by the write that does: about 5 ms for 1,000 documents, now once every 1,000 rather than 17,000.
  "0037_search_pending_list": (_t, kind) => ({
    async up(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`alter index search_documents_tsv_idx set (gin_pending_list_limit = 256)`.execute(db);
    },
    async down(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`alter index search_documents_tsv_idx reset (gin_pending_list_limit)`.execute(db);
    },
  }),
  // SQLite: a search's pool is the newest matches of the workspace, each match's workspace read by its
  // rowid. From the table, that was 500 lookups among every document's whole text (96 MB at 100,000
  // issues), about 0.5 ms of a common word's search; from this index (a few MB, keyed by workspace and
  // rowid) about 0.3. See rankSqlite in src/tracker/search.ts.
  "0038_search_workspace_rowids": (_t, kind) => ({
    async up(db: AnyDb) {
      if (kind !== "sqlite") return;
      await sql`create index search_documents_rowid_idx on search_documents (workspace_id)`.execute(db);
    },
    async down(db: AnyDb) {
      if (kind !== "sqlite") return;
      await sql`drop index search_documents_rowid_idx`.execute(db);
    },
  }),
  // An issue's read names its neighbours (each edge's id and kind, the other issue's identifier, title
  // and status) from indexes. SQLite's tables are keyed by rowid, so a text id is one search in its index
  // and a second in the table: an edge cost four searches, and the read's two edge columns were 18 of its
  // 26 µs at 100,000 issues. With these, two: 13 µs, and 15 % less CPU an issue read in the service.
  // PostgreSQL takes only the issue's part, as an index-only scan where its pages are all visible
  // (118 to 105 µs); the edges' indexes gained it nothing (docs/decisions.md, "Speed: an issue's
  // neighbours from indexes").
  "0039_neighbour_indexes": (_t, kind) => ({
    async up(db: AnyDb) {
      if (kind !== "sqlite") {
        await sql`create index issues_neighbour_idx on issues (id) include (identifier, title, status)`.execute(
          db,
        );
        return;
      }
      await db.schema
        .createIndex("dependencies_from_idx")
        .on("dependencies")
        .columns(["from_issue_id", "kind", "to_issue_id", "id"])
        .execute();
      await db.schema.dropIndex("dependencies_to_idx").execute();
      await db.schema
        .createIndex("dependencies_to_idx")
        .on("dependencies")
        .columns(["to_issue_id", "kind", "from_issue_id", "id"])
        .execute();
      await db.schema
        .createIndex("issues_neighbour_idx")
        .on("issues")
        .columns(["id", "identifier", "title", "status"])
        .execute();
      await analyzeIfAnalyzed(db, ["dependencies_from_idx", "dependencies_to_idx", "issues_neighbour_idx"]);
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("issues_neighbour_idx").execute();
      if (kind !== "sqlite") return;
      await db.schema.dropIndex("dependencies_from_idx").execute();
      await db.schema.dropIndex("dependencies_to_idx").execute();
      await db.schema
        .createIndex("dependencies_to_idx")
        .on("dependencies")
        .columns(["to_issue_id", "kind", "from_issue_id"])
        .execute();
    },
  }),
  // PostgreSQL search's newest matches in finer blocks: the full-text index is now over the tsvector and
  // the document's block of 512 places as one more lexeme (two spaces and the number, which neither text
  // nor the tsvector's block of 4,096 yields), instead of the tsvector alone. A common word's pool then
  // reads about the 500 matches it keeps rather than every match of whole blocks of 4,096 (1,600 to
  // 1,800 for a word in a third of the newest documents). Only the index is built again (about 3 s for
  // 120,000 documents, writes to search documents waiting meanwhile); no row changes. See SEARCH_INDEXED
  // and rankPostgres in src/tracker/search.ts.
  "0040_search_fine_blocks": (_t, kind) => ({
    async up(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`create index search_documents_recency_idx on search_documents using gin (
        (tsv || array_to_tsvector(array['  ' || (seq >> 9)::text]))) with (gin_pending_list_limit = 256)`.execute(
        db,
      );
      await sql`drop index search_documents_tsv_idx`.execute(db);
    },
    async down(db: AnyDb) {
      if (kind !== "postgres") return;
      await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)
        with (gin_pending_list_limit = 256)`.execute(db);
      await sql`drop index search_documents_recency_idx`.execute(db);
    },
  }),
};

/** The most search documents migration 0035 rewrites (about 15 s at 250,000): past it, an operator's step. */
const REWRITE_LIMIT = 250_000;

async function dropSearchTriggers(db: AnyDb): Promise<void> {
  for (const name of ["search_documents_ai", "search_documents_ad", "search_documents_au"])
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
}

/** SQLite: the triggers that wrote search_fts in the change's own transaction (migrations 0001 to 0032). */
async function createSearchTriggers(db: AnyDb): Promise<void> {
  await sql`create trigger search_documents_ai after insert on search_documents begin
    insert into search_fts(rowid, title, body) values (new.rowid, new.title, new.body); end`.execute(db);
  await sql`create trigger search_documents_ad after delete on search_documents begin
    insert into search_fts(search_fts, rowid, title, body) values ('delete', old.rowid, old.title, old.body); end`.execute(
    db,
  );
  await sql`create trigger search_documents_au after update on search_documents begin
    insert into search_fts(search_fts, rowid, title, body) values ('delete', old.rowid, old.title, old.body);
    insert into search_fts(rowid, title, body) values (new.rowid, new.title, new.body); end`.execute(db);
}

const integrationsMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("integrations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('github', 'gitlab')`))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("repositories", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("space_rules", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("updated_at", t.time, (c) => c.notNull())
      .addColumn("last_delivery_at", t.time)
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex("integrations_workspace_idx")
      .on("integrations")
      .columns(["workspace_id", "id"])
      .execute();

    await db.schema
      .createTable("integration_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("integration_id", "text", (c) =>
        c.notNull().references("integrations.id").onDelete("cascade"),
      )
      .addColumn("delivery_id", "text", (c) => c.notNull())
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("action", "text")
      .addColumn("outcome", "text", (c) =>
        c.notNull().check(sql`outcome in ('linked', 'ignored', 'rejected', 'error')`),
      )
      .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("received_at", t.time, (c) => c.notNull())
      .addUniqueConstraint("integration_deliveries_key", ["integration_id", "delivery_id"])
      .execute();
    await db.schema
      .createIndex("integration_deliveries_recent_idx")
      .on("integration_deliveries")
      .columns(["integration_id", "received_at"])
      .execute();

    await db.schema
      .createTable("code_links")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
      .addColumn("integration_id", "text")
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('pull_request', 'branch', 'commit')`))
      .addColumn("external_id", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("number", "integer")
      .addColumn("state", "text")
      .addColumn("review_state", "text")
      .addColumn("author_login", "text")
      .addColumn("closes", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("repository", "text", (c) => c.notNull())
      .addColumn("branch", "text")
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("updated_at", t.time, (c) => c.notNull())
      .addColumn("merged_at", t.time)
      .addColumn("closed_at", t.time)
      .addUniqueConstraint("code_links_issue_external_key", ["issue_id", "external_id"])
      .execute();
    await db.schema
      .createIndex("code_links_external_idx")
      .on("code_links")
      .columns(["workspace_id", "external_id"])
      .execute();
    await db.schema
      .createIndex("code_links_state_idx")
      .on("code_links")
      .columns(["workspace_id", "kind", "state", "issue_id"])
      .execute();

    for (const column of ["auto_start_on_branch", "auto_review_on_pr", "auto_done_on_merge"])
      await db.schema
        .alterTable("spaces")
        .addColumn(column, "integer", (c) => c.notNull().defaultTo(1))
        .execute();
  },
  async down(db: AnyDb) {
    for (const column of ["auto_start_on_branch", "auto_review_on_pr", "auto_done_on_merge"])
      await db.schema.alterTable("spaces").dropColumn(column).execute();
    await db.schema.dropTable("code_links").execute();
    await db.schema.dropTable("integration_deliveries").execute();
    await db.schema.dropTable("integrations").execute();
  },
});

const importsMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("imports")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("space_id", "text")
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("file_id", "text", (c) => c.notNull())
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("dry_run", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("options", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('queued', 'running', 'completed', 'failed')`),
      )
      .addColumn("phase", "text", (c) => c.notNull().defaultTo("queued"))
      .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("total", "integer")
      .addColumn("counts", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("mapping", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("problems", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("problem_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("error", "text")
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("started_at", t.time)
      .addColumn("heartbeat_at", t.time)
      .addColumn("finished_at", t.time)
      .addColumn("updated_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("imports_workspace_idx")
      .on("imports")
      .columns(["workspace_id", "created_at", "id"])
      .execute();

    await db.schema
      .createTable("import_keys")
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("object_type", "text", (c) => c.notNull())
      .addColumn("source_id", "text", (c) => c.notNull())
      .addColumn("object_id", "text", (c) => c.notNull())
      .addColumn("content_hash", "text", (c) => c.notNull())
      .addColumn("import_id", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("updated_at", t.time, (c) => c.notNull())
      .addPrimaryKeyConstraint("import_keys_pk", ["workspace_id", "source", "object_type", "source_id"])
      .execute();
    await db.schema.createIndex("import_keys_object_idx").on("import_keys").column("object_id").execute();

    for (const table of ["issues", "comments"]) {
      await db.schema.alterTable(table).addColumn("source", "text").execute();
      await db.schema.alterTable(table).addColumn("source_url", "text").execute();
    }
    await db.schema.alterTable("people").addColumn("placeholder_workspace_id", "text").execute();
    await db.schema
      .createIndex("people_placeholder_idx")
      .on("people")
      .column("placeholder_workspace_id")
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex("people_placeholder_idx").execute();
    await db.schema.alterTable("people").dropColumn("placeholder_workspace_id").execute();
    for (const table of ["comments", "issues"]) {
      await db.schema.alterTable(table).dropColumn("source_url").execute();
      await db.schema.alterTable(table).dropColumn("source").execute();
    }
    await db.schema.dropTable("import_keys").execute();
    await db.schema.dropTable("imports").execute();
  },
});

/** Gathers SQLite's statistics for `indexes` when the database has statistics at all (ANALYZE ran). */
async function analyzeIfAnalyzed(db: AnyDb, indexes: readonly string[]): Promise<void> {
  const stats = await sql<{
    n: number;
  }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(stats.rows[0]?.n ?? 0) === 0) return;
  for (const index of indexes) await sql.raw(`analyze ${index}`).execute(db);
}

/** Who made a row: the person and the credential they acted through (`pat_…`, `con_…`). */
// biome-ignore lint/suspicious/noExplicitAny: the builder of whichever table is being created
function byColumns(table: any, t: Dialectal, which: ("created" | "updated")[] = ["created", "updated"]) {
  let b = table;
  for (const w of which) {
    b = b
      .addColumn(`${w}_by`, "text", (c: ColumnBuilder) => c.notNull())
      .addColumn(`${w}_via`, "text", (c: ColumnBuilder) => c.notNull())
      .addColumn(`${w}_at`, t.time, (c: ColumnBuilder) => c.notNull());
  }
  return b;
}

const trackerMigration = (t: Dialectal, kind: "sqlite" | "postgres"): Migration => ({
  async up(db: AnyDb) {
    const ws = (c: ColumnBuilder) => c.notNull().references("workspaces.id").onDelete("cascade");

    await byColumns(
      db.schema
        .createTable("milestones")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", ws)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("target_date", "text")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1)),
      t,
    ).execute();
    await db.schema
      .createIndex("milestones_workspace_idx")
      .on("milestones")
      .columns(["workspace_id", "created_at", "id"])
      .execute();

    await db.schema
      .createTable("milestone_dependencies")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("from_milestone_id", "text", (c) =>
        c.notNull().references("milestones.id").onDelete("cascade"),
      )
      .addColumn("to_milestone_id", "text", (c) =>
        c.notNull().references("milestones.id").onDelete("cascade"),
      )
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addUniqueConstraint("milestone_dependencies_edge_key", ["from_milestone_id", "to_milestone_id"])
      .execute();
    await db.schema
      .createIndex("milestone_dependencies_to_idx")
      .on("milestone_dependencies")
      .column("to_milestone_id")
      .execute();

    await byColumns(
      db.schema
        .createTable("cycles")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", ws)
        .addColumn("space_id", "text", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("starts_on", "text", (c) => c.notNull())
        .addColumn("ends_on", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1)),
      t,
    ).execute();
    await db.schema
      .createIndex("cycles_space_idx")
      .on("cycles")
      .columns(["workspace_id", "space_id", "starts_on"])
      .execute();

    await byColumns(
      db.schema
        .createTable("issues")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", ws)
        .addColumn("space_id", "text", (c) => c.notNull().references("spaces.id").onDelete("cascade"))
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .check(
              sql`status in ('backlog', 'todo', 'in_progress', 'in_review', 'done', 'canceled', 'iced')`,
            ),
        )
        .addColumn("priority", "integer", (c) =>
          c.notNull().defaultTo(0).check(sql`priority between 0 and 4`),
        )
        .addColumn("labels", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("assignee_id", "text")
        .addColumn("estimate", "integer")
        .addColumn("due_date", "text")
        .addColumn("parent_id", "text", (c) => c.references("issues.id").onDelete("set null"))
        .addColumn("cycle_id", "text", (c) => c.references("cycles.id").onDelete("set null"))
        .addColumn("milestone_id", "text", (c) => c.references("milestones.id").onDelete("set null"))
        .addColumn("completed_at", t.time)
        .addColumn("open_blockers", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint("issues_identifier_key", ["workspace_id", "identifier"])
        .addUniqueConstraint("issues_space_number_key", ["space_id", "number"]),
      t,
    ).execute();
    for (const [name, columns] of [
      ["issues_created_idx", ["workspace_id", "created_at", "id"]],
      ["issues_updated_idx", ["workspace_id", "updated_at", "id"]],
      ["issues_priority_idx", ["workspace_id", "priority", "created_at", "id"]],
      ["issues_status_idx", ["workspace_id", "status", "created_at", "id"]],
      ["issues_space_idx", ["space_id", "status", "created_at", "id"]],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on("issues")
        .columns([...columns])
        .execute();
    }
    // Ready work, newest first, straight from an index: open issues that no open issue blocks.
    await db.schema
      .createIndex("issues_ready_idx")
      .on("issues")
      .columns(["workspace_id", "created_at", "id"])
      .where(sql<boolean>`open_blockers = 0 and status in ('backlog', 'todo', 'in_progress', 'in_review')`)
      .execute();
    // Most issues have no assignee, cycle, milestone or parent: partial indexes keep writes cheap.
    // The milestone index also carries what progress counts, so progress reads only the index.
    for (const [column, more] of [
      ["assignee_id", ["created_at"]],
      ["cycle_id", ["created_at"]],
      ["milestone_id", ["status", "estimate", "created_at"]],
      ["parent_id", ["created_at"]],
    ] as const) {
      await db.schema
        .createIndex(`issues_${column.replace("_id", "")}_idx`)
        .on("issues")
        .columns([column, ...more])
        .where(sql.ref(column), "is not", null)
        .execute();
    }

    await db.schema
      .createTable("issue_labels")
      .addColumn("issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
      .addColumn("workspace_id", "text", ws)
      .addColumn("label", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("issue_labels_pk", ["issue_id", "label"])
      .execute();
    await db.schema
      .createIndex("issue_labels_label_idx")
      .on("issue_labels")
      .columns(["workspace_id", "label", "issue_id"])
      .execute();

    await byColumns(
      db.schema
        .createTable("dependencies")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", ws)
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('blocks', 'relates_to')`))
        .addColumn("from_issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
        .addColumn("to_issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addUniqueConstraint("dependencies_edge_key", ["from_issue_id", "to_issue_id"]),
      t,
    ).execute();
    await db.schema
      .createIndex("dependencies_to_idx")
      .on("dependencies")
      // covers the open-blocker check of ready work without touching the table
      .columns(["to_issue_id", "kind", "from_issue_id"])
      .execute();

    await db.schema
      .createTable("activity")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("subject_type", "text", (c) => c.notNull())
      .addColumn("subject_id", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("changes", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("actor_id", "text", (c) => c.notNull())
      .addColumn("actor_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("activity_subject_idx")
      .on("activity")
      .columns(["subject_id", "id"])
      .execute();

    await db.schema
      .createTable("cycle_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("cycle_id", "text", (c) => c.notNull().references("cycles.id").onDelete("cascade"))
      .addColumn("issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
      .addColumn("in_scope", "integer", (c) => c.notNull())
      .addColumn("completed", "integer", (c) => c.notNull())
      .addColumn("estimate", "integer")
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("cycle_events_cycle_idx")
      .on("cycle_events")
      .columns(["cycle_id", "created_at"])
      .execute();

    await db.schema
      .createTable("folders")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("parent_id", "text", (c) => c.references("folders.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("updated_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("folders_parent_idx")
      .on("folders")
      .columns(["workspace_id", "parent_id"])
      .execute();

    await byColumns(
      db.schema
        .createTable("notes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", ws)
        .addColumn("folder_id", "text", (c) => c.references("folders.id").onDelete("set null"))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1)),
      t,
    ).execute();
    await db.schema
      .createIndex("notes_workspace_idx")
      .on("notes")
      .columns(["workspace_id", "created_at", "id"])
      .execute();
    await db.schema.createIndex("notes_folder_idx").on("notes").column("folder_id").execute();

    await byColumns(
      db.schema
        .createTable("decisions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", ws)
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) =>
          c.notNull().check(sql`status in ('proposed', 'accepted', 'rejected', 'superseded')`),
        )
        .addColumn("context", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("decision", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("consequences", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("supersedes_id", "text", (c) => c.references("decisions.id").onDelete("set null"))
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1)),
      t,
    ).execute();
    await db.schema
      .createIndex("decisions_workspace_idx")
      .on("decisions")
      .columns(["workspace_id", "created_at", "id"])
      .execute();

    await db.schema
      .createTable("files")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("size", "bigint", (c) => c.notNull())
      .addColumn("sha256", "text", (c) => c.notNull())
      .addColumn("storage_key", "text", (c) => c.notNull().unique())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("files_workspace_idx")
      .on("files")
      .columns(["workspace_id", "created_at", "id"])
      .execute();

    await db.schema
      .createTable("file_uploads")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("storage_key", "text", (c) => c.notNull().unique())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("max_size", "bigint", (c) => c.notNull())
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .addColumn("used_at", t.time)
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();

    /** Decisions, notes and files link to issues through one table. */
    await db.schema
      .createTable("issue_links")
      .addColumn("workspace_id", "text", ws)
      .addColumn("object_type", "text", (c) =>
        c.notNull().check(sql`object_type in ('decision', 'note', 'file')`),
      )
      .addColumn("object_id", "text", (c) => c.notNull())
      .addColumn("issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addPrimaryKeyConstraint("issue_links_pk", ["object_id", "issue_id"])
      .execute();
    await db.schema
      .createIndex("issue_links_issue_idx")
      .on("issue_links")
      .columns(["issue_id", "object_type"])
      .execute();

    await db.schema
      .createTable("bundles")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("bundles_issue_idx")
      .on("bundles")
      .columns(["issue_id", "created_at"])
      .execute();

    await db.schema
      .createTable("idempotency_keys")
      .addColumn("token_id", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .addColumn("status", "integer")
      .addColumn("body", "text")
      .addColumn("content_type", "text")
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addPrimaryKeyConstraint("idempotency_keys_pk", ["token_id", "key"])
      .execute();
    await db.schema
      .createIndex("idempotency_keys_created_idx")
      .on("idempotency_keys")
      .column("created_at")
      .execute();

    await db.schema
      .createTable("service_secrets")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();

    /**
     * One row per searchable object (issue, decision, note, file); the full-text index over it is
     * FTS5 on SQLite (kept in step by triggers) and a generated tsvector with a GIN index on PostgreSQL.
     */
    await db.schema
      .createTable("search_documents")
      .addColumn("object_id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("object_type", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("updated_at", t.time, (c) => c.notNull())
      .execute();
    if (kind === "sqlite") {
      await sql`create virtual table search_fts using fts5(title, body, content='search_documents', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2')`.execute(
        db,
      );
      await createSearchTriggers(db);
    } else {
      await sql`alter table search_documents add column tsv tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) stored`.execute(
        db,
      );
      await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
    }
    await db.schema
      .createIndex("search_documents_workspace_idx")
      .on("search_documents")
      .columns(["workspace_id", "object_type"])
      .execute();
  },
  async down(db: AnyDb) {
    if (kind === "sqlite") await sql`drop table if exists search_fts`.execute(db);
    for (const table of [
      "search_documents",
      "service_secrets",
      "idempotency_keys",
      "bundles",
      "issue_links",
      "file_uploads",
      "files",
      "decisions",
      "notes",
      "folders",
      "cycle_events",
      "activity",
      "dependencies",
      "issue_labels",
      "issues",
      "cycles",
      "milestone_dependencies",
      "milestones",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});

/**
 * Connections (an agent registration or a browser OAuth sign-in approved by a person for one workspace),
 * their access tokens, agent registrations and their codes, the service's signing keys, people's web
 * sessions, sign-in codes and external identities, and the counters of limits kept in the database.
 */
const agentAuthMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable("people").addColumn("terms_version", "text").execute();
    await db.schema.alterTable("people").addColumn("terms_accepted_at", t.time).execute();

    await db.schema
      .createTable("connections")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('agent', 'oauth')`))
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("person_id", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("scopes", "text", (c) => c.notNull())
      .addColumn("registration_id", "text")
      .addColumn("client_id", "text")
      .addColumn("assertion_jti", "text")
      .addColumn("assertion_expires_at", t.time)
      .addColumn("idle_expires_at", t.time)
      .addColumn("last_used_at", t.time)
      .addColumn("revoked_at", t.time)
      .addColumn("revoked_reason", "text")
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("connections_person_idx").on("connections").column("person_id").execute();
    await db.schema
      .createIndex("connections_workspace_idx")
      .on("connections")
      .column("workspace_id")
      .execute();
    await db.schema
      .createIndex("connections_assertion_jti_key")
      .on("connections")
      .column("assertion_jti")
      .unique()
      .execute();

    await db.schema
      .createTable("access_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("connection_id", "text", (c) => c.notNull().references("connections.id").onDelete("cascade"))
      .addColumn("scopes", "text", (c) => c.notNull())
      .addColumn("resource", "text", (c) => c.notNull())
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .addColumn("revoked_at", t.time)
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("access_tokens_connection_idx")
      .on("access_tokens")
      .column("connection_id")
      .execute();

    await db.schema
      .createTable("agent_registrations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("claim_token_hash", "text", (c) => c.notNull().unique())
      .addColumn("login_hint", "text", (c) => c.notNull())
      .addColumn("client_name", "text")
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('pending', 'approved', 'denied', 'revoked', 'expired', 'redeemed')`),
      )
      .addColumn("ip", "text")
      .addColumn("interval_seconds", "integer", (c) => c.notNull())
      .addColumn("last_polled_at", t.time)
      .addColumn("codes_issued", "integer", (c) => c.notNull())
      .addColumn("person_id", "text", (c) => c.references("people.id").onDelete("set null"))
      .addColumn("workspace_id", "text", (c) => c.references("workspaces.id").onDelete("set null"))
      .addColumn("scopes", "text")
      .addColumn("connection_id", "text")
      .addColumn("decided_at", t.time)
      .addColumn("redeemed_at", t.time)
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("agent_registrations_waiting_idx")
      .on("agent_registrations")
      .columns(["status", "expires_at"])
      .execute();

    await db.schema
      .createTable("claim_attempts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("registration_id", "text", (c) =>
        c.notNull().references("agent_registrations.id").onDelete("cascade"),
      )
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("view_token_hash", "text", (c) => c.notNull().unique())
      .addColumn("wrong_tries", "integer", (c) => c.notNull())
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .addColumn("superseded_at", t.time)
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("claim_attempts_registration_idx")
      .on("claim_attempts")
      .column("registration_id")
      .execute();

    await db.schema
      .createTable("signing_keys")
      .addColumn("kid", "text", (c) => c.primaryKey())
      .addColumn("alg", "text", (c) => c.notNull())
      .addColumn("private_jwk", "text", (c) => c.notNull())
      .addColumn("public_jwk", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("retired_at", t.time)
      .execute();

    await db.schema
      .createTable("web_sessions")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("person_id", "text", (c) => c.references("people.id").onDelete("cascade"))
      .addColumn("csrf_token", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("last_seen_at", t.time, (c) => c.notNull())
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("web_sessions_person_idx").on("web_sessions").column("person_id").execute();

    await db.schema
      .createTable("sign_in_codes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("session_hash", "text", (c) => c.notNull())
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("wrong_tries", "integer", (c) => c.notNull())
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .addColumn("used_at", t.time)
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("sign_in_codes_session_idx")
      .on("sign_in_codes")
      .column("session_hash")
      .execute();

    await db.schema
      .createTable("identities")
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("person_id", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addPrimaryKeyConstraint("identities_pk", ["provider", "subject"])
      .execute();
    await db.schema.createIndex("identities_person_idx").on("identities").column("person_id").execute();

    await db.schema
      .createTable("limit_counters")
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("window_start", "bigint", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("limit_counters_pk", ["key", "window_start"])
      .execute();
    await db.schema
      .createIndex("limit_counters_expires_idx")
      .on("limit_counters")
      .column("expires_at")
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of [
      "limit_counters",
      "identities",
      "sign_in_codes",
      "web_sessions",
      "signing_keys",
      "claim_attempts",
      "agent_registrations",
      "access_tokens",
      "connections",
    ]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable("people").dropColumn("terms_accepted_at").execute();
    await db.schema.alterTable("people").dropColumn("terms_version").execute();
  },
});

/**
 * The browser OAuth sign-in of MCP clients: registered clients (dynamic registration, and cached client
 * ID metadata documents), one-time authorization codes and rotating refresh tokens. Codes and tokens are
 * stored only as hashes.
 */
const browserOAuthMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("oauth_clients")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('registered', 'metadata_document')`))
      .addColumn("client_name", "text")
      .addColumn("redirect_uris", "text", (c) => c.notNull())
      .addColumn("metadata", "text", (c) => c.notNull())
      .addColumn("registered_ip", "text")
      .addColumn("fetched_at", t.time)
      .addColumn("fresh_until", t.time)
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("authorization_codes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("code_hash", "text", (c) => c.notNull().unique())
      .addColumn("client_id", "text", (c) => c.notNull())
      .addColumn("connection_id", "text", (c) => c.notNull().references("connections.id").onDelete("cascade"))
      .addColumn("redirect_uri", "text", (c) => c.notNull())
      .addColumn("code_challenge", "text", (c) => c.notNull())
      .addColumn("scopes", "text", (c) => c.notNull())
      .addColumn("resource", "text", (c) => c.notNull())
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .addColumn("used_at", t.time)
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("authorization_codes_connection_idx")
      .on("authorization_codes")
      .column("connection_id")
      .execute();
    await db.schema
      .createIndex("authorization_codes_expires_idx")
      .on("authorization_codes")
      .column("expires_at")
      .execute();

    await db.schema
      .createTable("refresh_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("connection_id", "text", (c) => c.notNull().references("connections.id").onDelete("cascade"))
      .addColumn("client_id", "text", (c) => c.notNull())
      .addColumn("scopes", "text", (c) => c.notNull())
      .addColumn("access_token_id", "text")
      .addColumn("rotated_at", t.time)
      .addColumn("successor_id", "text")
      .addColumn("revoked_at", t.time)
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("refresh_tokens_connection_idx")
      .on("refresh_tokens")
      .column("connection_id")
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ["refresh_tokens", "authorization_codes", "oauth_clients"]) {
      await db.schema.dropTable(table).execute();
    }
  },
});

/**
 * Every sort a list offers read straight from an index in its own order, so no page sorts the workspace
 * (on SQLite a sort runs on the event loop: 190–260 ms a page of issues by priority, with 100,000), and
 * prefix searches read FTS5 prefix indexes instead of merging every word that starts so.
 *
 * - issues by priority (most urgent first, then oldest): priority descending, created_at and id ascending;
 *   the existing (workspace_id, priority, created_at, id) serves the reverse priority sort.
 * - cycles by starts_on and id, in the workspace and in one space (the old space index lacked the id).
 * - an issue's bundles, newest first, by created_at and id.
 * - SQLite: search_fts rebuilt with prefix indexes of 2 and 3 characters ("re*" went from 180 ms to 9).
 */
const queryIndexesMigration = (kind: "sqlite" | "postgres"): Migration => ({
  async up(db: AnyDb) {
    await sql`create index issues_priority_desc_idx on issues (workspace_id, priority desc, created_at, id)`.execute(
      db,
    );
    await db.schema.dropIndex("cycles_space_idx").execute();
    await db.schema
      .createIndex("cycles_starts_idx")
      .on("cycles")
      .columns(["workspace_id", "starts_on", "id"])
      .execute();
    await db.schema
      .createIndex("cycles_space_starts_idx")
      .on("cycles")
      .columns(["workspace_id", "space_id", "starts_on", "id"])
      .execute();
    await db.schema.dropIndex("bundles_issue_idx").execute();
    await db.schema
      .createIndex("bundles_issue_created_idx")
      .on("bundles")
      .columns(["issue_id", "created_at", "id"])
      .execute();
    if (kind === "sqlite") {
      await rebuildSearchFts(db, "prefix='2 3'");
      // A database that has been analyzed has statistics for the old indexes only; without its own, SQLite
      // would take a new index for a cheap one and read every list through it, then sort.
      await analyzeIfAnalyzed(db, [
        "issues_priority_desc_idx",
        "cycles_starts_idx",
        "cycles_space_starts_idx",
        "bundles_issue_created_idx",
      ]);
    }
  },
  async down(db: AnyDb) {
    if (kind === "sqlite") await rebuildSearchFts(db, "");
    await db.schema.dropIndex("bundles_issue_created_idx").execute();
    await db.schema
      .createIndex("bundles_issue_idx")
      .on("bundles")
      .columns(["issue_id", "created_at"])
      .execute();
    await db.schema.dropIndex("cycles_space_starts_idx").execute();
    await db.schema.dropIndex("cycles_starts_idx").execute();
    await db.schema
      .createIndex("cycles_space_idx")
      .on("cycles")
      .columns(["workspace_id", "space_id", "starts_on"])
      .execute();
    await db.schema.dropIndex("issues_priority_desc_idx").execute();
  },
});

/** Makes search_fts anew with `options` and fills it from search_documents (its triggers stay). */
async function rebuildSearchFts(db: AnyDb, options: string): Promise<void> {
  await sql`drop table search_fts`.execute(db);
  const extra = options ? `, ${options}` : "";
  await sql
    .raw(
      `create virtual table search_fts using fts5(title, body, content='search_documents', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2'${extra})`,
    )
    .execute(db);
  await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(db);
}

/**
 * Events (the outbox every change writes in its own transaction; `position` is given after commit on
 * PostgreSQL, at insert on SQLite: see docs/decisions.md), webhooks, their deliveries and every attempt.
 */
const eventsMigration = (t: Dialectal, kind: "sqlite" | "postgres"): Migration => ({
  async up(db: AnyDb) {
    const ws = (c: ColumnBuilder) => c.notNull().references("workspaces.id").onDelete("cascade");
    let events = db.schema.createTable("events");
    events =
      kind === "postgres"
        ? events.addColumn("seq", "bigserial", (c) => c.primaryKey())
        : // the rowid itself: no AUTOINCREMENT bookkeeping per insert (SQLite orders by position anyway)
          events.addColumn("seq", "integer", (c) => c.primaryKey());
    await events
      .addColumn("id", "text", (c) => c.notNull().unique())
      .addColumn("position", "bigint", (c) => c.unique())
      .addColumn("workspace_id", "text", ws)
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("object_type", "text", (c) => c.notNull())
      .addColumn("object_id", "text", (c) => c.notNull())
      .addColumn("actor_id", "text", (c) => c.notNull())
      .addColumn("actor_via", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("events_workspace_position_idx")
      .on("events")
      .columns(["workspace_id", "position"])
      .execute();
    await db.schema
      .createIndex("events_object_idx")
      .on("events")
      .columns(["object_id", "position"])
      .execute();
    await db.schema
      .createIndex("events_unpositioned_idx")
      .on("events")
      .column("seq")
      .where(sql.ref("position"), "is", null)
      .execute();
    // how far a consumer of the feed has read (the webhook fan-out), so it resumes after a restart
    await db.schema
      .createTable("event_cursors")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("position", "bigint", (c) => c.notNull())
      .execute();
    await db.insertInto("event_cursors").values({ name: "webhooks", position: 0 }).execute();

    await db.schema
      .createTable("webhooks")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("events", "text", (c) => c.notNull())
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('enabled', 'disabled')`))
      .addColumn("disabled_reason", "text")
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("updated_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("webhooks_workspace_idx")
      .on("webhooks")
      .columns(["workspace_id", "id"])
      .execute();

    await db.schema
      .createTable("webhook_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("webhook_id", "text", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
      .addColumn("workspace_id", "text", ws)
      .addColumn("event_id", "text", (c) => c.notNull())
      .addColumn("event_type", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`),
      )
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", t.time)
      .addColumn("locked_until", t.time)
      .addColumn("last_status_code", "integer")
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("finished_at", t.time)
      .addUniqueConstraint("webhook_deliveries_event_key", ["webhook_id", "event_id"])
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_due_idx")
      .on("webhook_deliveries")
      .columns(["next_attempt_at"])
      .where(sql.ref("status"), "=", "pending")
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_webhook_idx")
      .on("webhook_deliveries")
      .columns(["webhook_id", "id"])
      .execute();

    await db.schema
      .createTable("webhook_attempts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("delivery_id", "text", (c) =>
        c.notNull().references("webhook_deliveries.id").onDelete("cascade"),
      )
      .addColumn("status_code", "integer")
      .addColumn("error", "text")
      .addColumn("duration_ms", "integer", (c) => c.notNull())
      .addColumn("response", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("attempted_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("webhook_attempts_delivery_idx")
      .on("webhook_attempts")
      .columns(["delivery_id", "id"])
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ["webhook_attempts", "webhook_deliveries", "webhooks", "event_cursors", "events"]) {
      await db.schema.dropTable(table).execute();
    }
  },
});

/**
 * Feed positions that retention never resets: `event_sequence` (one row) is the floor positions go on
 * from: each is above it and above every event in the feed, and the sweep raises it to the highest
 * position it removes. So a feed that retention emptied goes on above its old top instead of starting
 * again at 1. Seeded with the feed's highest position and every stored cursor (which may stand above a
 * feed whose top was swept). `event_sweeps` keeps, per workspace, the newest event retention removed, so
 * a client whose cursor is that event (it missed nothing) reads on, and one further back is told it
 * missed events.
 */
const eventSequenceMigration = (): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("event_sequence")
      .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn("position", "bigint", (c) => c.notNull())
      .execute();
    const top = await sql<{ top: number | string | null }>`
      select max(p) as top from (
        select max(position) as p from events
        union all select max(position) as p from event_cursors
      ) tops`.execute(db);
    const seed = Number(top.rows[0]?.top ?? 0);
    await db.insertInto("event_sequence").values({ id: 1, position: seed }).execute();
    // A fan-out cursor above every event in the feed means positions restarted below it (the feed was
    // emptied by retention, then written again): those events were never fanned out. Read them again;
    // a delivery already made is not made twice (unique on webhook and event).
    const feedTop = await sql<{
      top: number | string | null;
    }>`select max(position) as top from events`.execute(db);
    const feedMax = Number(feedTop.rows[0]?.top ?? 0);
    if (feedMax > 0) {
      await db
        .updateTable("event_cursors")
        .set({ position: 0 })
        .where("name", "=", "webhooks")
        .where("position", ">", feedMax)
        .execute();
    }
    await db.schema
      .createTable("event_sweeps")
      .addColumn("workspace_id", "text", (c) =>
        c.primaryKey().references("workspaces.id").onDelete("cascade"),
      )
      .addColumn("event_id", "text", (c) => c.notNull())
      .addColumn("position", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("event_sweeps").execute();
    await db.schema.dropTable("event_sequence").execute();
  },
});

/**
 * Agent runs (src/tracker/sessions.ts): a session is one run of one agent on one issue, always under a
 * claim; at most one live one (not ended) per issue, held by a partial unique index. Its activities are
 * the run's log, append-only, each keyed by the client's id within its session so a retried batch stores
 * each once; an activity's usage is kept on it (with its time, for usage over a range) and summed on
 * the session. A claim a person stopped carries `stopped_at`, which every write under it checks (on any
 * instance: it is in the database), and a space sets how long a silent run stays live before `stale`.
 */
const agentSessionsMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("agent_sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("space_id", "text", (c) => c.notNull())
      .addColumn("issue_id", "text", (c) => c.notNull())
      .addColumn("claim_id", "text")
      .addColumn("agent_id", "text", (c) => c.notNull())
      .addColumn("person_id", "text", (c) => c.notNull())
      .addColumn("started_by", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .check(
            sql`status in ('pending', 'active', 'awaiting_input', 'stopping', 'stopped', 'complete', 'error', 'stale')`,
          ),
      )
      .addColumn("status_reason", "text")
      .addColumn("plan", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("artifacts", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("input_tokens", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("output_tokens", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("cache_read_tokens", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("cache_write_tokens", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("cost_micros", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("activity_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_position", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("last_activity_at", t.time)
      .addColumn("stop_requested_at", t.time)
      .addColumn("stop_requested_by", "text")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("updated_at", t.time, (c) => c.notNull())
      .addColumn("ended_at", t.time)
      .execute();
    await db.schema
      .createIndex("agent_sessions_live_issue_key")
      .on("agent_sessions")
      .column("issue_id")
      .unique()
      .where(sql.ref("ended_at"), "is", null)
      .execute();
    await db.schema
      .createIndex("agent_sessions_workspace_idx")
      .on("agent_sessions")
      .columns(["workspace_id", "created_at", "id"])
      .execute();
    await db.schema
      .createIndex("agent_sessions_agent_idx")
      .on("agent_sessions")
      .columns(["agent_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("agent_sessions_issue_idx")
      .on("agent_sessions")
      .columns(["issue_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("agent_sessions_live_idx")
      .on("agent_sessions")
      .columns(["status", "last_activity_at"])
      .where(sql.ref("ended_at"), "is", null)
      .execute();

    await db.schema
      .createTable("session_activities")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("session_id", "text", (c) => c.notNull().references("agent_sessions.id").onDelete("cascade"))
      .addColumn("client_id", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("kind", "text", (c) =>
        c.notNull().check(sql`kind in ('thought', 'action', 'response', 'error', 'elicitation', 'prompt')`),
      )
      .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("action", "text")
      .addColumn("options", "text")
      .addColumn("ephemeral", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("input_tokens", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("output_tokens", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("cache_read_tokens", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("cache_write_tokens", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("cost_micros", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("model", "text")
      .addColumn("author_id", "text", (c) => c.notNull())
      .addColumn("author_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addUniqueConstraint("session_activities_client_key", ["session_id", "client_id"])
      .execute();
    await db.schema
      .createIndex("session_activities_position_idx")
      .on("session_activities")
      .columns(["session_id", "position"])
      .execute();
    await db.schema
      .createIndex("session_activities_usage_idx")
      .on("session_activities")
      .columns(["workspace_id", "created_at"])
      .execute();

    await db.schema.alterTable("claims").addColumn("stopped_at", t.time).execute();
    await db.schema
      .alterTable("spaces")
      .addColumn("session_stale_minutes", "integer", (c) => c.notNull().defaultTo(30))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("spaces").dropColumn("session_stale_minutes").execute();
    await db.schema.alterTable("claims").dropColumn("stopped_at").execute();
    await db.schema.dropTable("session_activities").execute();
    await db.schema.dropTable("agent_sessions").execute();
  },
});

/**
 * Budgets (src/tracker/budgets.ts): a monthly limit, in cost and/or tokens, on one agent (its
 * connection, or a scripted agent's token) or one space. `warned_month` and `exceeded_month` ("2026-11")
 * say which month's 80% warning and 100% stop were already given, so each is given once a month.
 */
const budgetsMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await byColumns(
      db.schema
        .createTable("budgets")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("scope_type", "text", (c) => c.notNull().check(sql`scope_type in ('agent', 'space')`))
        .addColumn("scope_id", "text", (c) => c.notNull())
        .addColumn("cost_micros_limit", "bigint")
        .addColumn("token_limit", "bigint")
        .addColumn("warned_month", "text")
        .addColumn("exceeded_month", "text")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint("budgets_scope_key", ["workspace_id", "scope_type", "scope_id"]),
      t,
    ).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("budgets").execute();
  },
});

class CodeMigrations implements MigrationProvider {
  readonly #kind: "sqlite" | "postgres";
  constructor(kind: "sqlite" | "postgres") {
    this.#kind = kind;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, make]) => [name, make(types(this.#kind), this.#kind)]),
    );
  }
}

/**
 * Idempotency keys keep the headers of the first answer (to replay them), and a pending key names the
 * request that holds it and until when, so a key whose request died is run again once that lease ends.
 */
const idempotencyMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable("idempotency_keys").addColumn("headers", "text").execute();
    await db.schema.alterTable("idempotency_keys").addColumn("owner", "text").execute();
    await db.schema.alterTable("idempotency_keys").addColumn("lease_until", t.time).execute();
  },
  async down(db: AnyDb) {
    for (const column of ["lease_until", "owner", "headers"]) {
      await db.schema.alterTable("idempotency_keys").dropColumn(column).execute();
    }
  },
});

/**
 * Claims: leases on issues. The issue row carries its live claim (`claim_id`, `claim_expires_at`) so that
 * taking a lease is one compare-and-swap on the issue, and `fencing_token`, the per-issue counter every
 * new claim takes the next value of.
 */
const claimsMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable("issues").addColumn("claim_id", "text").execute();
    await db.schema.alterTable("issues").addColumn("claim_expires_at", t.time).execute();
    await db.schema
      .alterTable("issues")
      .addColumn("fencing_token", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("claims")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
      .addColumn("holder_id", "text", (c) => c.notNull())
      .addColumn("person_id", "text", (c) => c.notNull())
      .addColumn("via", "text", (c) => c.notNull())
      .addColumn("fencing_token", "integer", (c) => c.notNull())
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("heartbeat_at", t.time)
      .addColumn("ended_at", t.time)
      .addColumn("end_reason", "text")
      .addUniqueConstraint("claims_issue_token_key", ["issue_id", "fencing_token"])
      .execute();
    await db.schema
      .createIndex("claims_live_idx")
      .on("claims")
      .columns(["workspace_id", "expires_at", "id"])
      .where(sql<boolean>`ended_at is null`)
      .execute();
    await db.schema.createIndex("claims_holder_idx").on("claims").columns(["holder_id"]).execute();
    // The next ready issue nobody is on, most urgent first then oldest, straight from an index: claimed
    // issues leave it, so racing claimers never walk past the ones already taken.
    await db.schema
      .createIndex("issues_claimable_idx")
      .on("issues")
      .columns(["workspace_id", "priority desc", "created_at", "id"])
      .where(sql<boolean>`open_blockers = 0 and status in ('backlog', 'todo') and claim_id is null`)
      .execute();
    // Issues whose lease may have run out: the few that hold one.
    await db.schema
      .createIndex("issues_lease_idx")
      .on("issues")
      .columns(["workspace_id", "claim_expires_at"])
      .where(sql<boolean>`claim_id is not null`)
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("claims").execute();
    for (const column of ["fencing_token", "claim_expires_at", "claim_id"]) {
      await db.schema.alterTable("issues").dropColumn(column).execute();
    }
  },
});

/**
 * Conversation and human gates: comments (with their earlier texts), approval requests, each person's
 * inbox, a space's review policy, and who last changed an issue's substance (for `not_author`).
 */
const conversationMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    const ws = (c: ColumnBuilder) => c.notNull().references("workspaces.id").onDelete("cascade");
    await byColumns(
      db.schema
        .createTable("comments")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", ws)
        .addColumn("subject_type", "text", (c) =>
          c.notNull().check(sql`subject_type in ('issue', 'decision', 'note')`),
        )
        .addColumn("subject_id", "text", (c) => c.notNull())
        .addColumn("parent_id", "text", (c) => c.references("comments.id").onDelete("cascade"))
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("deleted_at", t.time)
        .addColumn("deleted_by", "text")
        .addColumn("deleted_via", "text"),
      t,
    ).execute();
    await db.schema
      .createIndex("comments_subject_idx")
      .on("comments")
      .columns(["subject_id", "created_at", "id"])
      .execute();
    await db.schema.createIndex("comments_workspace_idx").on("comments").columns(["workspace_id"]).execute();
    await db.schema
      .createTable("comment_revisions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("comment_id", "text", (c) => c.notNull().references("comments.id").onDelete("cascade"))
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("written_by", "text", (c) => c.notNull())
      .addColumn("written_via", "text", (c) => c.notNull())
      .addColumn("written_at", t.time, (c) => c.notNull())
      .addColumn("replaced_at", t.time, (c) => c.notNull())
      .addUniqueConstraint("comment_revisions_version_key", ["comment_id", "version"])
      .execute();

    await db.schema
      .createTable("approvals")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("issue_id", "text", (c) => c.notNull().references("issues.id").onDelete("cascade"))
      .addColumn("question", "text", (c) => c.notNull())
      .addColumn("options", "text", (c) => c.notNull())
      .addColumn("asked_of", "text")
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('open', 'resolved')`))
      .addColumn("answer", "text")
      .addColumn("comment", "text")
      .addColumn("answered_by", "text")
      .addColumn("answered_via", "text")
      .addColumn("answered_at", t.time)
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("approvals_issue_idx")
      .on("approvals")
      .columns(["issue_id", "created_at", "id"])
      .execute();

    await db.schema
      .createTable("inbox_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", ws)
      .addColumn("person_id", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) =>
        c.notNull().check(sql`kind in ('mention', 'assignment', 'approval', 'review')`),
      )
      .addColumn("subject_type", "text", (c) => c.notNull())
      .addColumn("subject_id", "text", (c) => c.notNull())
      .addColumn("issue_id", "text")
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("actor_id", "text", (c) => c.notNull())
      .addColumn("actor_via", "text", (c) => c.notNull())
      .addColumn("created_at", t.time, (c) => c.notNull())
      .addColumn("read_at", t.time)
      .addColumn("emailed_at", t.time)
      .execute();
    await db.schema
      .createIndex("inbox_items_person_idx")
      .on("inbox_items")
      .columns(["person_id", "workspace_id", "id"])
      .execute();
    await db.schema
      .createIndex("inbox_items_unread_idx")
      .on("inbox_items")
      .columns(["person_id", "workspace_id", "id"])
      .where(sql.ref("read_at"), "is", null)
      .execute();
    await db.schema
      .createIndex("inbox_items_unmailed_idx")
      .on("inbox_items")
      .columns(["person_id", "id"])
      .where(sql<boolean>`emailed_at is null and read_at is null`)
      .execute();

    await db.schema
      .alterTable("spaces")
      .addColumn("done_requires", "text", (c) => c.notNull().defaultTo("anyone"))
      .execute();
    await db.schema
      .alterTable("spaces")
      .addColumn("reviewers", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
    // who last changed the issue's substance: an agent connection (con_…) or a person (per_…)
    await db.schema.alterTable("issues").addColumn("substance_by", "text").execute();
    await db.schema
      .alterTable("people")
      .addColumn("inbox_email", "text", (c) => c.notNull().defaultTo("off"))
      .execute();
    await db.schema.alterTable("people").addColumn("digest_sent_at", t.time).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("people").dropColumn("digest_sent_at").execute();
    await db.schema.alterTable("people").dropColumn("inbox_email").execute();
    await db.schema.alterTable("issues").dropColumn("substance_by").execute();
    await db.schema.alterTable("spaces").dropColumn("reviewers").execute();
    await db.schema.alterTable("spaces").dropColumn("done_requires").execute();
    for (const table of ["inbox_items", "approvals", "comment_revisions", "comments"]) {
      await db.schema.dropTable(table).execute();
    }
  },
});

/**
 * The inbox's kinds, as its CHECK holds them (0011 made the first four; 0015 added webhook_disabled; 0027 the
 * agent runs' and budgets' kinds).
 */
const INBOX_KINDS_0011 = ["mention", "assignment", "approval", "review"];
const INBOX_KINDS_0015 = [...INBOX_KINDS_0011, "webhook_disabled"];
const INBOX_KINDS_0027 = [
  ...INBOX_KINDS_0015,
  "session_awaiting_input",
  "session_stale",
  "session_error",
  "budget_warning",
  "budget_exceeded",
];

/**
 * The inbox_items table with `kinds` allowed, made anew and filled from the old one (SQLite cannot change
 * a CHECK in place; nothing references the table), or its CHECK replaced (PostgreSQL).
 */
async function inboxKinds(db: AnyDb, t: Dialectal, kind: "sqlite" | "postgres", kinds: string[]) {
  const allowed = sql.join(kinds.map((k) => sql.lit(k)));
  if (kind === "postgres") {
    await sql`alter table inbox_items drop constraint if exists inbox_items_kind_check`.execute(db);
    await sql`alter table inbox_items add constraint inbox_items_kind_check check (kind in (${allowed}))`.execute(
      db,
    );
    return;
  }
  const ws = (c: ColumnBuilder) => c.notNull().references("workspaces.id").onDelete("cascade");
  await db.schema
    .createTable("inbox_items_new")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", ws)
    .addColumn("person_id", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in (${allowed})`))
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("issue_id", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_id", "text", (c) => c.notNull())
    .addColumn("actor_via", "text", (c) => c.notNull())
    .addColumn("created_at", t.time, (c) => c.notNull())
    .addColumn("read_at", t.time)
    .addColumn("emailed_at", t.time)
    .execute();
  const columns = sql.raw(
    "id, workspace_id, person_id, kind, subject_type, subject_id, issue_id, title, excerpt, actor_id, actor_via, created_at, read_at, emailed_at",
  );
  await sql`insert into inbox_items_new (${columns}) select ${columns} from inbox_items where kind in (${allowed})`.execute(
    db,
  );
  await db.schema.dropTable("inbox_items").execute();
  await sql`alter table inbox_items_new rename to inbox_items`.execute(db);
  await db.schema
    .createIndex("inbox_items_person_idx")
    .on("inbox_items")
    .columns(["person_id", "workspace_id", "id"])
    .execute();
  await db.schema
    .createIndex("inbox_items_unread_idx")
    .on("inbox_items")
    .columns(["person_id", "workspace_id", "id"])
    .where(sql.ref("read_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("inbox_items_unmailed_idx")
    .on("inbox_items")
    .columns(["person_id", "id"])
    .where(sql<boolean>`emailed_at is null and read_at is null`)
    .execute();
}

/**
 * Webhooks end with the access that made them: `disabled_cause` says a webhook was disabled because its
 * creator's membership, account or credential ended (only an admin enables it again), the lookups by
 * creator and credential have their indexes, and the Owner's inbox takes a `webhook_disabled` item.
 */
const webhookAccessMigration = (t: Dialectal, kind: "sqlite" | "postgres"): Migration => ({
  async up(db: AnyDb) {
    await db.schema.alterTable("webhooks").addColumn("disabled_cause", "text").execute();
    await db.schema.createIndex("webhooks_created_by_idx").on("webhooks").column("created_by").execute();
    await db.schema.createIndex("webhooks_created_via_idx").on("webhooks").column("created_via").execute();
    await inboxKinds(db, t, kind, INBOX_KINDS_0015);
  },
  async down(db: AnyDb) {
    await db.deleteFrom("inbox_items").where("kind", "=", "webhook_disabled").execute();
    await inboxKinds(db, t, kind, INBOX_KINDS_0011);
    await db.schema.dropIndex("webhooks_created_via_idx").execute();
    await db.schema.dropIndex("webhooks_created_by_idx").execute();
    await db.schema.alterTable("webhooks").dropColumn("disabled_cause").execute();
  },
});

/**
 * Getting a team in: invitations by email (the token kept as a SHA-256 hash, one use, 7 days), the email
 * domains whose people may join a workspace by themselves (a JSON array of domains, `[]` for none).
 */
const invitationsMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("invitations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("invited_by", "text", (c) => c.notNull().references("people.id").onDelete("cascade"))
      .addColumn("expires_at", t.time, (c) => c.notNull())
      .addColumn("accepted_at", t.time)
      .addColumn("accepted_by", "text", (c) => c.references("people.id").onDelete("set null"))
      .addColumn("revoked_at", t.time)
      .addColumn("created_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("invitations_workspace_idx")
      .on("invitations")
      .columns(["workspace_id", "created_at", "id"])
      .execute();
    await db.schema
      .alterTable("workspaces")
      .addColumn("allowed_domains", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("workspaces").dropColumn("allowed_domains").execute();
    await db.schema.dropTable("invitations").execute();
  },
});

/** The colours labels take by default, in turn (LABEL_PALETTE in src/tracker/labels.ts is the same). */
const LABEL_PALETTE_0018 = [
  "#5e6ad2",
  "#26b5ce",
  "#4cb782",
  "#f2c94c",
  "#f2994a",
  "#eb5757",
  "#bb87fc",
  "#95a2b3",
  "#0f783c",
  "#db6e1f",
  "#b2457a",
  "#4ea7fc",
] as const;

/**
 * Labels become objects of the workspace, with a colour and a description. Every distinct label issues
 * carry becomes one, by workspace; spellings that differ only in case ("Bug", "bug") become one label
 * spelled as most issues spell it (the first in sort order on a tie), and the issues carrying another
 * spelling carry that one.
 */
const labelsMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await byColumns(
      db.schema
        .createTable("labels")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("color", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint("labels_workspace_name_key", ["workspace_id", "name_key"]),
      t,
    ).execute();

    const used = (await db
      .selectFrom("issue_labels as l")
      .innerJoin("workspaces as w", "w.id", "l.workspace_id")
      .select(["l.workspace_id", "l.label", "w.owner_id", sql<number>`count(*)`.as("n")])
      .groupBy(["l.workspace_id", "l.label", "w.owner_id"])
      .execute()) as { workspace_id: string; label: string; owner_id: string; n: number }[];
    type Spelling = { label: string; n: number };
    const byWorkspace = new Map<string, { owner: string; keys: Map<string, Spelling[]> }>();
    for (const r of used) {
      const ws = byWorkspace.get(r.workspace_id) ?? { owner: r.owner_id, keys: new Map() };
      byWorkspace.set(r.workspace_id, ws);
      const key = r.label.toLowerCase();
      ws.keys.set(key, [...(ws.keys.get(key) ?? []), { label: r.label, n: Number(r.n) }]);
    }
    const at = new Date().toISOString();
    for (const [workspaceId, ws] of byWorkspace) {
      const keys = [...ws.keys.keys()].sort();
      for (const [i, key] of keys.entries()) {
        const spellings = ws.keys.get(key)!.sort((a, b) => b.n - a.n || (a.label < b.label ? -1 : 1));
        const name = spellings[0]!.label;
        await db
          .insertInto("labels")
          .values({
            id: newId("lab"),
            workspace_id: workspaceId,
            name,
            name_key: key,
            color: LABEL_PALETTE_0018[i % LABEL_PALETTE_0018.length],
            description: "",
            version: 1,
            created_by: ws.owner,
            created_via: "migration",
            created_at: at,
            updated_by: ws.owner,
            updated_via: "migration",
            updated_at: at,
          })
          .execute();
        for (const other of spellings.slice(1)) await respellLabel(db, workspaceId, other.label, name);
      }
    }
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("labels").execute();
  },
});

/** The issues of the workspace that carry `from` carry `to` instead (once, where it stood). */
async function respellLabel(db: AnyDb, workspaceId: string, from: string, to: string): Promise<void> {
  const issues = (await db
    .selectFrom("issue_labels as l")
    .innerJoin("issues as i", "i.id", "l.issue_id")
    .select(["i.id", "i.labels"])
    .where("l.workspace_id", "=", workspaceId)
    .where("l.label", "=", from)
    .execute()) as { id: string; labels: string }[];
  for (const issue of issues) {
    const labels = [...new Set((JSON.parse(issue.labels) as string[]).map((l) => (l === from ? to : l)))];
    await db
      .updateTable("issues")
      .set({ labels: JSON.stringify(labels) })
      .where("id", "=", issue.id)
      .execute();
    await db.deleteFrom("issue_labels").where("issue_id", "=", issue.id).execute();
    await db
      .insertInto("issue_labels")
      .values(labels.map((label) => ({ issue_id: issue.id, workspace_id: workspaceId, label })))
      .execute();
  }
}

/**
 * The trash: a deleted object's rows, kept as one snapshot for 30 days (src/tracker/trash.ts), listed
 * newest first per workspace and purged by `purge_at`.
 */
const trashMigration = (t: Dialectal): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable("trash")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("object_type", "text", (c) => c.notNull())
      .addColumn("object_id", "text", (c) => c.notNull().unique())
      .addColumn("ref", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("snapshot", "text", (c) => c.notNull())
      .addColumn("deleted_by", "text", (c) => c.notNull())
      .addColumn("deleted_via", "text", (c) => c.notNull())
      .addColumn("deleted_at", t.time, (c) => c.notNull())
      .addColumn("purge_at", t.time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("trash_workspace_idx")
      .on("trash")
      .columns(["workspace_id", "deleted_at", "id"])
      .execute();
    await db.schema
      .createIndex("trash_ref_idx")
      .on("trash")
      .columns(["workspace_id", "object_type", "ref"])
      .execute();
    await db.schema.createIndex("trash_purge_idx").on("trash").column("purge_at").execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("trash").execute();
  },
});

export const MIGRATION_NAMES = Object.keys(migrations);

export interface MigrationReport {
  applied: string[];
  current: string[];
}

/** Applies every migration not yet applied, in order, each in its own transaction. */
export async function migrateToLatest(db: AnyDb, kind: "sqlite" | "postgres"): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: new CodeMigrations(kind) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    const reason = (error as Error).message ?? String(error);
    throw new Error(
      failed
        ? `migration ${failed} failed: ${reason}`
        : `the database cannot be reached or prepared: ${reason}`,
      { cause: error },
    );
  }
  const all = await migrator.getMigrations();
  return {
    applied: (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName),
    current: all.filter((m) => m.executedAt).map((m) => m.name),
  };
}

/** Applies the migrations up to and including `name` only (to test a migration over older data). */
export async function migrateTo(db: AnyDb, kind: "sqlite" | "postgres", name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: new CodeMigrations(kind) }).migrateTo(name);
  if (error) throw error;
}
