import type { ColumnType, Selectable } from "kysely";

/**
 * The tables, as Kysely sees them. Times are ISO 8601 strings in UTC on both databases
 * (`timestamptz` on PostgreSQL, text on SQLite); flags are times (`revoked_at`) or integers.
 */
export interface Database {
  people: PeopleTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  spaces: SpacesTable;
  personal_access_tokens: PersonalAccessTokensTable;
  feature_switches: FeatureSwitchesTable;
}

export interface PeopleTable {
  id: string;
  email: string;
  name: string;
  email_verified_at: string | null;
  suspended_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  slug: string;
  owner_id: string;
  plan: string;
  agent_connection_limit: number;
  created_at: string;
  updated_at: string;
}

export type Role = "owner" | "admin" | "member";

export interface MembershipsTable {
  workspace_id: string;
  person_id: string;
  role: Role;
  created_at: string;
}

export interface SpacesTable {
  id: string;
  workspace_id: string;
  name: string;
  prefix: string;
  next_issue_number: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface PersonalAccessTokensTable {
  id: string;
  workspace_id: string;
  person_id: string;
  name: string;
  token_hash: string;
  token_hint: string;
  scopes: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface FeatureSwitchesTable {
  name: string;
  enabled: number;
  updated_at: string;
}

export type Person = Selectable<PeopleTable>;
export type Workspace = Selectable<WorkspacesTable>;
export type Space = Selectable<SpacesTable>;
export type PersonalAccessToken = Selectable<PersonalAccessTokensTable>;
