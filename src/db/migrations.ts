import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";

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

const migrations: Record<string, (t: Dialectal) => Migration> = {
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
};

class CodeMigrations implements MigrationProvider {
  readonly #t: Dialectal;
  constructor(t: Dialectal) {
    this.#t = t;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(this.#t)]));
  }
}

export const MIGRATION_NAMES = Object.keys(migrations);

export interface MigrationReport {
  applied: string[];
  current: string[];
}

/** Applies every migration not yet applied, in order, each in its own transaction. */
export async function migrateToLatest(db: AnyDb, kind: "sqlite" | "postgres"): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: new CodeMigrations(types(kind)) });
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
