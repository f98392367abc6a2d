import type { ColumnType, Selectable } from "kysely";

/**
 * The tables, as Kysely sees them. Times are ISO 8601 strings in UTC on both databases
 * (`timestamptz` on PostgreSQL, text on SQLite); flags are times (`revoked_at`) or integers.
 */
export interface Database {
  people: PeopleTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  spaces: SpacesTable;
  personal_access_tokens: PersonalAccessTokensTable;
  feature_switches: FeatureSwitchesTable;
  issues: IssuesTable;
  issue_labels: IssueLabelsTable;
  labels: LabelsTable;
  saved_views: SavedViewsTable;
  issue_templates: IssueTemplatesTable;
  trash: TrashTable;
  agent_sessions: AgentSessionsTable;
  session_activities: SessionActivitiesTable;
  budgets: BudgetsTable;
  dependencies: DependenciesTable;
  activity: ActivityTable;
  milestones: MilestonesTable;
  milestone_dependencies: MilestoneDependenciesTable;
  cycles: CyclesTable;
  cycle_events: CycleEventsTable;
  folders: FoldersTable;
  notes: NotesTable;
  decisions: DecisionsTable;
  files: FilesTable;
  file_uploads: FileUploadsTable;
  issue_links: IssueLinksTable;
  bundles: BundlesTable;
  idempotency_keys: IdempotencyKeysTable;
  service_secrets: ServiceSecretsTable;
  search_documents: SearchDocumentsTable;
  connections: ConnectionsTable;
  claims: ClaimsTable;
  access_tokens: AccessTokensTable;
  agent_registrations: AgentRegistrationsTable;
  claim_attempts: ClaimAttemptsTable;
  signing_keys: SigningKeysTable;
  web_sessions: WebSessionsTable;
  sign_in_codes: SignInCodesTable;
  identities: IdentitiesTable;
  limit_counters: LimitCountersTable;
  oauth_clients: OAuthClientsTable;
  authorization_codes: AuthorizationCodesTable;
  refresh_tokens: RefreshTokensTable;
  events: EventsTable;
  event_cursors: { name: string; position: number };
  /** one row: the floor of feed positions (each is above it and every event kept); the sweep raises it */
  event_sequence: { id: number; position: number };
  /** per workspace, the newest event retention removed: a cursor there missed nothing */
  event_sweeps: { workspace_id: string; event_id: string; position: number };
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  comments: CommentsTable;
  comment_revisions: CommentRevisionsTable;
  approvals: ApprovalsTable;
  inbox_items: InboxItemsTable;
  imports: ImportsTable;
  import_keys: ImportKeysTable;
  exports: ExportsTable;
  integrations: IntegrationsTable;
  integration_deliveries: IntegrationDeliveriesTable;
  code_links: CodeLinksTable;
}

/** A workspace's connection to a code host (src/tracker/integrations): its webhooks come in signed. */
export interface IntegrationsTable {
  id: string;
  workspace_id: string;
  provider: "github" | "gitlab";
  name: string;
  /** the webhook secret, sealed (src/secret-box.ts) */
  secret: string;
  /** JSON array of "owner/name" (GitLab: "group/sub/project"); empty: every repository */
  repositories: ColumnType<string, string | undefined>;
  /** JSON object: repository pattern -> space prefix whose identifiers link from it */
  space_rules: ColumnType<string, string | undefined>;
  created_by: string;
  created_via: string;
  created_at: string;
  updated_at: string;
  last_delivery_at: string | null;
  version: ColumnType<number, number | undefined>;
}

/** A webhook delivery a code host sent (the last 100 per integration are kept). */
export interface IntegrationDeliveriesTable {
  id: string;
  integration_id: string;
  /** X-GitHub-Delivery or X-Gitlab-Event-UUID: a redelivery carries the same */
  delivery_id: string;
  event: string;
  action: string | null;
  outcome: "linked" | "ignored" | "rejected" | "error";
  summary: ColumnType<string, string | undefined>;
  received_at: string;
}

/** A pull request, branch or commit on a code host linked to an issue. */
export interface CodeLinksTable {
  id: string;
  workspace_id: string;
  issue_id: string;
  integration_id: string | null;
  provider: string;
  kind: "pull_request" | "branch" | "commit";
  /** "repo#number", "repo:branch" or "repo@sha": unique with the issue */
  external_id: string;
  url: string;
  title: ColumnType<string, string | undefined>;
  number: number | null;
  state: string | null;
  review_state: string | null;
  author_login: string | null;
  /** 1 when a closing word named the issue */
  closes: ColumnType<number, number | undefined>;
  repository: string;
  branch: string | null;
  created_at: string;
  updated_at: string;
  merged_at: string | null;
  closed_at: string | null;
}

/** A workspace export (src/tracker/archive/jobs.ts): how far it is; its archive is in the data directory. */
export interface ExportsTable {
  id: string;
  workspace_id: string;
  status: "queued" | "running" | "succeeded" | "failed";
  /** JSON array of the space prefixes asked for; null for every space */
  spaces: string | null;
  /** the part being written, `done` at the end */
  part: string;
  done: number;
  total: number;
  /** the archive's size in bytes, once written */
  size: number | null;
  error: string | null;
  created_by: string;
  created_via: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** the last word from the process writing it: a running export silent for long has died */
  heartbeat_at: string;
  expires_at: string;
}

/** One import of another tracker's export (or a Docket archive) into a workspace: a job with its report. */
export interface ImportsTable {
  id: string;
  workspace_id: string;
  /** the space the issues go to; null for a Docket archive */
  space_id: string | null;
  source: "github" | "linear" | "jira" | "docket";
  /** the uploaded file (fil_…) read, and its name */
  file_id: string;
  file_name: string;
  /** 1: read and report only, writing nothing */
  dry_run: number;
  /** JSON: { timezone } */
  options: string;
  status: "queued" | "running" | "completed" | "failed";
  /** what the job is doing: queued, checking, people, issues, links, done */
  phase: string;
  /** rows read in the current phase, of `total` (the rows in the file, once the check counted them) */
  processed: number;
  total: number | null;
  /** JSON: what was (or, in a dry run, would be) created, updated and left unchanged */
  counts: string;
  /** JSON: how the source's statuses, priorities, labels, people … map to Docket's */
  mapping: string;
  /** JSON array of the first problems (row, source id, message, skipped); `problem_count` counts all */
  problems: string;
  problem_count: number;
  /** why a failed import failed */
  error: string | null;
  created_by: string;
  created_via: string;
  created_at: string;
  started_at: string | null;
  /** the running job's last sign of life: one silent for long was killed and is run again */
  heartbeat_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/**
 * What an import made of each row of a source, keyed on (source, object type, source id): a re-run finds
 * its rows here and changes nothing for an unchanged `content_hash`, and a killed run resumes after the
 * batches it committed.
 */
export interface ImportKeysTable {
  workspace_id: string;
  source: string;
  /** issue, comment, person (a placeholder), dependency */
  object_type: string;
  source_id: string;
  object_id: string;
  content_hash: string;
  /** the import that last wrote it */
  import_id: string;
  created_at: string;
  updated_at: string;
}

/** A comment on an issue, a decision or a note; a reply names its top-level comment as `parent_id`. */
export interface CommentsTable extends Authored {
  id: string;
  workspace_id: string;
  subject_type: "issue" | "decision" | "note";
  subject_id: string;
  parent_id: string | null;
  body: string;
  version: number;
  deleted_at: string | null;
  deleted_by: string | null;
  deleted_via: string | null;
  /** where an imported comment came from, and its address there; null otherwise */
  source?: string | null;
  source_url?: string | null;
}

/** An earlier text of a comment, kept when an edit replaced it. */
export interface CommentRevisionsTable {
  id: string;
  comment_id: string;
  version: number;
  body: string;
  written_by: string;
  written_via: string;
  written_at: string;
  replaced_at: string;
}

/** A question asked on an issue that only a person may answer. */
export interface ApprovalsTable {
  id: string;
  workspace_id: string;
  issue_id: string;
  question: string;
  /** JSON array of the options offered */
  options: string;
  /** the person asked, or null for the space's reviewers */
  asked_of: string | null;
  /** 1 when approving marks the issue done (a "mark done?" request), else 0 */
  marks_done: number;
  status: "open" | "resolved";
  answer: string | null;
  comment: string | null;
  answered_by: string | null;
  answered_via: string | null;
  answered_at: string | null;
  version: number;
  created_by: string;
  created_via: string;
  created_at: string;
}

export type InboxKind =
  | "mention"
  | "assignment"
  | "approval"
  | "review"
  | "webhook_disabled"
  | "session_awaiting_input"
  | "session_stale"
  | "session_error"
  | "budget_warning"
  | "budget_exceeded";

/** One thing a person should look at: a mention, an assignment, an approval or a review. */
export interface InboxItemsTable {
  id: string;
  workspace_id: string;
  person_id: string;
  kind: InboxKind;
  subject_type: string;
  subject_id: string;
  issue_id: string | null;
  title: string;
  excerpt: string;
  actor_id: string;
  actor_via: string;
  created_at: string;
  read_at: string | null;
  emailed_at: string | null;
}

/** The outbox: one row per event, written in the transaction of the change it tells of. */
export interface EventsTable {
  /** insert order (internal); the feed's order is `position` */
  seq: ColumnType<number, never, never>;
  id: string;
  /** the event's place in the feed; null until given (after commit on PostgreSQL) */
  position: ColumnType<number | null, number | null | undefined, number | null>;
  workspace_id: string;
  type: string;
  object_type: string;
  object_id: string;
  actor_id: string;
  actor_via: string;
  /** JSON object */
  data: string;
  created_at: string;
}

export interface WebhooksTable {
  id: string;
  workspace_id: string;
  url: string;
  description: string;
  /** JSON array of type patterns */
  events: string;
  secret: string;
  status: "enabled" | "disabled";
  disabled_reason: string | null;
  /**
   * why the service disabled it: `access_ended` (the membership, account or credential that made it
   * ended; only an admin or the Owner enables it again, and becomes its owner) or `receiver_failing`;
   * null when enabled or disabled by hand
   */
  disabled_cause: string | null;
  /** attempts in a row that timed out or found no connection (0 after any answer) */
  failures_in_row: number;
  /** while set, deliveries wait (kept pending); once past, one delivery probes the receiver first */
  parked_until: string | null;
  parked_reason: string | null;
  created_by: string;
  created_via: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  workspace_id: string;
  event_id: string;
  event_type: string;
  /** the JSON body sent */
  payload: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_status_code: number | null;
  created_at: string;
  finished_at: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  response: string;
  attempted_at: string;
}

export interface PeopleTable {
  id: string;
  email: string;
  name: string;
  email_verified_at: string | null;
  suspended_at: string | null;
  /** the version of the Terms and Privacy Policy the person accepted, and when */
  terms_version: ColumnType<string | null, string | null | undefined, string | null>;
  terms_accepted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** mail about the inbox: off, immediate or daily (a digest) */
  inbox_email: ColumnType<"off" | "immediate" | "daily", "off" | "immediate" | "daily" | undefined>;
  digest_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * set for a placeholder person an import made for someone of another tracker who is not a member:
   * the workspace it belongs to. A placeholder cannot sign in (it is also suspended) and is shown as
   * "name (imported)" until an admin maps it to a member.
   */
  placeholder_workspace_id?: string | null;
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
  /** email domains whose people may join by themselves: a JSON array, `[]` for none */
  allowed_domains: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

/** An invitation to a workspace by email: its token is kept as a SHA-256 hash, used once. */
export interface InvitationsTable {
  id: string;
  workspace_id: string;
  email: string;
  role: "admin" | "member";
  token_hash: string;
  invited_by: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
  created_at: string;
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
  /** who may mark an issue done: anyone, not_author or person */
  done_requires: ColumnType<
    "anyone" | "not_author" | "person",
    "anyone" | "not_author" | "person" | undefined
  >;
  /** JSON array of the reviewers' person ids; empty: the workspace's admins */
  reviewers: ColumnType<string, string | undefined>;
  /** minutes without an activity after which a live agent session is `stale` */
  session_stale_minutes: ColumnType<number, number | undefined>;
  /** code hosts' automation (1 on, 0 off): a branch or draft starts a todo issue */
  auto_start_on_branch: ColumnType<number, number | undefined>;
  /** a pull request ready for review moves the issue to in_review */
  auto_review_on_pr: ColumnType<number, number | undefined>;
  /** a merge with a closing word finishes the issue (through the review policy) */
  auto_done_on_merge: ColumnType<number, number | undefined>;
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

/** Who created and last changed a row: a person id, the credential (`pat_…`, `con_…`) and when. */
interface Authored {
  created_by: string;
  created_via: string;
  created_at: string;
  updated_by: string;
  updated_via: string;
  updated_at: string;
}

export type IssueStatus = "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";

export interface IssuesTable extends Authored {
  id: string;
  workspace_id: string;
  space_id: string;
  number: number;
  identifier: string;
  title: string;
  description: string;
  status: IssueStatus;
  /** 0 none, 1 low, 2 medium, 3 high, 4 urgent: stored as a rank so lists sort by it */
  priority: number;
  /** JSON array of strings; issue_labels holds the same for filtering */
  labels: string;
  assignee_id: string | null;
  estimate: number | null;
  due_date: string | null;
  parent_id: string | null;
  cycle_id: string | null;
  milestone_id: string | null;
  completed_at: string | null;
  /** how many open (not done or canceled) issues block this one; kept by every write that changes it */
  open_blockers: number;
  version: number;
  /** the live claim (lease) on the issue, if any, and when it runs out (it may have run out already) */
  claim_id: string | null;
  claim_expires_at: string | null;
  /** the fencing token of the latest claim: every new claim takes the next value; 0 before any */
  fencing_token: number;
  /** who last changed the title or description: an agent connection (con_…) or a person (usr_…) */
  substance_by: string | null;
  /** where an imported issue came from (github, linear, jira) and its address there; null otherwise */
  source?: string | null;
  source_url?: string | null;
}

/** A lease on one issue; `ended_at` set once released, expired or ended by closing the issue. */
export interface ClaimsTable {
  id: string;
  workspace_id: string;
  issue_id: string;
  /** the assignee the claim made: a connection (`con_…`) for an agent, a person (`per_…`) otherwise */
  holder_id: string;
  /** the person the holder is or acts for, and the credential the claim was made through */
  person_id: string;
  via: string;
  fencing_token: number;
  expires_at: string;
  created_at: string;
  heartbeat_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  /** the issue's status and assignee before the claim, which a release or expiry gives back */
  prior_status: IssueStatus | null;
  prior_assignee_id: string | null;
  /** a claim of the next issue: its filters as canonical JSON, so a retry answers this claim; else null */
  next_filters: string | null;
  /** set when a person stopped the session running under this claim: every write under it is refused */
  stopped_at: string | null;
}

export type SessionStatus =
  | "pending"
  | "active"
  | "awaiting_input"
  | "stopping"
  | "stopped"
  | "complete"
  | "error"
  | "stale";

/** One run of one agent on one issue, under a claim (src/tracker/sessions.ts); live while `ended_at` is null. */
export interface AgentSessionsTable {
  id: string;
  workspace_id: string;
  space_id: string;
  issue_id: string;
  claim_id: string | null;
  /** the agent: its connection (`con_…`), or the token (`pat_…`) of a scripted agent */
  agent_id: string;
  /** the accountable person: the connection's approver, or the token's person */
  person_id: string;
  /** who started it: a person who delegated (`usr_…`), or the agent itself */
  started_by: string;
  status: SessionStatus;
  status_reason: string | null;
  /** JSON: [{content, status}] */
  plan: ColumnType<string, string | undefined>;
  summary: ColumnType<string, string | undefined>;
  /** JSON: [{kind, url, title, state}] */
  artifacts: ColumnType<string, string | undefined>;
  input_tokens: ColumnType<number, number | undefined>;
  output_tokens: ColumnType<number, number | undefined>;
  cache_read_tokens: ColumnType<number, number | undefined>;
  cache_write_tokens: ColumnType<number, number | undefined>;
  cost_micros: ColumnType<number, number | undefined>;
  activity_count: ColumnType<number, number | undefined>;
  /** the position the next activity takes (activities are ordered by it within the session) */
  next_position: ColumnType<number, number | undefined>;
  last_activity_at: string | null;
  stop_requested_at: string | null;
  stop_requested_by: string | null;
  version: ColumnType<number, number | undefined>;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

/** One entry of a session's log; `client_id` is the agent's own id for it, unique in the session. */
export interface SessionActivitiesTable {
  id: string;
  workspace_id: string;
  session_id: string;
  client_id: string;
  position: number;
  kind: "thought" | "action" | "response" | "error" | "elicitation" | "prompt";
  body: ColumnType<string, string | undefined>;
  /** JSON {name, parameter, result} of an `action` */
  action: string | null;
  /** JSON array of the choices an `elicitation` offers */
  options: string | null;
  ephemeral: ColumnType<number, number | undefined>;
  input_tokens: ColumnType<number, number | undefined>;
  output_tokens: ColumnType<number, number | undefined>;
  cache_read_tokens: ColumnType<number, number | undefined>;
  cache_write_tokens: ColumnType<number, number | undefined>;
  cost_micros: ColumnType<number, number | undefined>;
  model: string | null;
  /** the agent (`con_…`/`pat_…`) or the person (`usr_…`) who wrote it, and the credential */
  author_id: string;
  author_via: string;
  created_at: string;
}

/** A monthly limit on one agent or one space (src/tracker/budgets.ts). */
export interface BudgetsTable extends Authored {
  id: string;
  workspace_id: string;
  scope_type: "agent" | "space";
  scope_id: string;
  cost_micros_limit: number | null;
  token_limit: number | null;
  /** the month ("2026-11") whose 80% warning / 100% stop was given */
  warned_month: string | null;
  exceeded_month: string | null;
  version: ColumnType<number, number | undefined>;
}

export interface IssueLabelsTable {
  issue_id: string;
  workspace_id: string;
  label: string;
}

/**
 * A workspace's label: issues carry its name (in `issues.labels` and `issue_labels`), spelled as here;
 * `name_key` is the name in lower case, unique per workspace, so "Bug" and "bug" are one label.
 */
export interface LabelsTable extends Authored {
  id: string;
  workspace_id: string;
  name: string;
  name_key: string;
  /** `#rrggbb`, lower case */
  color: string;
  description: string;
  version: number;
}

/** A deleted object in the trash: its rows as a JSON snapshot until `purge_at` (src/tracker/trash.ts). */
export interface TrashTable {
  id: string;
  workspace_id: string;
  object_type: string;
  object_id: string;
  /** an issue's identifier, else the object's id */
  ref: string;
  title: string;
  snapshot: string;
  deleted_by: string;
  deleted_via: string;
  deleted_at: string;
  purge_at: string;
}

/** A named filter of the issue list: personal (its author's only) or shared with the workspace. */
export interface SavedViewsTable extends Authored {
  id: string;
  workspace_id: string;
  name: string;
  /** the name in lower case, for ordering */
  name_key: string;
  /** the issue list's URL query, keys in order */
  filters: string;
  /** 1 when every member sees it, else 0 */
  shared: number;
}

/** A new-issue template of a space: the fields a new issue starts with. */
export interface IssueTemplatesTable extends Authored {
  id: string;
  workspace_id: string;
  space_id: string;
  name: string;
  /** the name in lower case: unique per space, and the order of lists */
  name_key: string;
  /** what the new issue's title starts with ("" for nothing) */
  title: string;
  description: string;
  /** the new issue's status; null for the issue's default (backlog) */
  status: IssueStatus | null;
  priority: "none" | "low" | "medium" | "high" | "urgent";
  /** label names, JSON */
  labels: string;
  estimate: number | null;
  version: number;
}

export interface DependenciesTable extends Authored {
  id: string;
  workspace_id: string;
  /** `blocks`: from blocks to. `relates_to`: undirected, stored with from < to. */
  kind: "blocks" | "relates_to";
  from_issue_id: string;
  to_issue_id: string;
  note: string;
  /** one more on every change, for If-Match */
  version: number;
}

export interface ActivityTable {
  id: string;
  workspace_id: string;
  subject_type: string;
  subject_id: string;
  action: string;
  /** JSON object: field -> { from, to } */
  changes: string;
  actor_id: string;
  actor_via: string;
  created_at: string;
}

export interface MilestonesTable extends Authored {
  id: string;
  workspace_id: string;
  name: string;
  description: string;
  target_date: string | null;
  version: number;
}

export interface MilestoneDependenciesTable {
  id: string;
  workspace_id: string;
  from_milestone_id: string;
  to_milestone_id: string;
  created_by: string;
  created_via: string;
  created_at: string;
}

export interface CyclesTable extends Authored {
  id: string;
  workspace_id: string;
  space_id: string;
  name: string;
  starts_on: string;
  ends_on: string;
  version: number;
}

/** An issue's standing in a cycle after each change: in scope or not, completed or not, its estimate. */
export interface CycleEventsTable {
  id: string;
  cycle_id: string;
  issue_id: string;
  in_scope: number;
  completed: number;
  estimate: number | null;
  created_at: string;
}

export interface FoldersTable {
  id: string;
  workspace_id: string;
  parent_id: string | null;
  name: string;
  /** one more on every change, for If-Match */
  version: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface NotesTable extends Authored {
  id: string;
  workspace_id: string;
  folder_id: string | null;
  title: string;
  body: string;
  version: number;
}

export type DecisionStatus = "proposed" | "accepted" | "rejected" | "superseded";

export interface DecisionsTable extends Authored {
  id: string;
  workspace_id: string;
  title: string;
  status: DecisionStatus;
  context: string;
  decision: string;
  consequences: string;
  supersedes_id: string | null;
  version: number;
}

export interface FilesTable {
  id: string;
  workspace_id: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  created_by: string;
  created_via: string;
  created_at: string;
}

export interface FileUploadsTable {
  id: string;
  workspace_id: string;
  storage_key: string;
  content_type: string;
  max_size: number;
  expires_at: string;
  used_at: string | null;
  created_by: string;
  created_at: string;
}

export type LinkedObjectType = "decision" | "note" | "file";

export interface IssueLinksTable {
  workspace_id: string;
  object_type: LinkedObjectType;
  object_id: string;
  issue_id: string;
  created_at: string;
}

export interface BundlesTable {
  id: string;
  workspace_id: string;
  issue_id: string;
  /** the bundle as JSON, frozen when it was made */
  content: string;
  created_by: string;
  created_via: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  token_id: string;
  key: string;
  fingerprint: string;
  /** null while the first request is still being answered */
  status: number | null;
  body: string | null;
  content_type: string | null;
  /** the first answer's headers that describe it (ETag, Location, Link, Content-Type), as a JSON object */
  headers: string | null;
  /** the request that holds a pending key */
  owner: string | null;
  /** until when a pending key's request may still be running; past it the key is run again */
  lease_until: string | null;
  created_at: string;
}

export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface SearchDocumentsTable {
  object_id: string;
  workspace_id: string;
  object_type: "issue" | "decision" | "note" | "file" | "comment";
  title: string;
  body: string;
  updated_at: string;
}

/**
 * What a person approved for one workspace: an agent registration (`agent`, renewed with an identity
 * assertion until `assertion_expires_at`) or a browser OAuth sign-in (`oauth`, renewed with rotating
 * refresh tokens while used before `idle_expires_at`). Revoking it ends its access tokens at once.
 */
export interface ConnectionsTable {
  id: string;
  kind: "agent" | "oauth";
  workspace_id: string;
  person_id: string;
  /** the client's own, unverified name */
  name: string;
  /** space-separated scopes the person approved */
  scopes: string;
  registration_id: string | null;
  client_id: string | null;
  /** the `jti` of the one identity assertion that currently renews this connection */
  assertion_jti: string | null;
  assertion_expires_at: string | null;
  idle_expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  created_at: string;
}

export interface AccessTokensTable {
  id: string;
  token_hash: string;
  connection_id: string;
  scopes: string;
  /** the resource the token is bound to: `{base_url}/api/mcp` */
  resource: string;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export type RegistrationStatus = "pending" | "approved" | "denied" | "revoked" | "expired" | "redeemed";

export interface AgentRegistrationsTable {
  id: string;
  claim_token_hash: string;
  login_hint: string;
  client_name: string | null;
  status: RegistrationStatus;
  ip: string | null;
  interval_seconds: number;
  last_polled_at: string | null;
  codes_issued: number;
  person_id: string | null;
  workspace_id: string | null;
  scopes: string | null;
  connection_id: string | null;
  decided_at: string | null;
  redeemed_at: string | null;
  created_at: string;
  expires_at: string;
}

export interface ClaimAttemptsTable {
  id: string;
  registration_id: string;
  code_hash: string;
  view_token_hash: string;
  wrong_tries: number;
  expires_at: string;
  superseded_at: string | null;
  created_at: string;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export interface WebSessionsTable {
  /** SHA-256 of the session cookie's value */
  id_hash: string;
  /** null until the person signs in */
  person_id: string | null;
  csrf_token: string;
  /** JSON: short-lived state of the session (where to return, a pending provider sign-in) */
  data: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface SignInCodesTable {
  id: string;
  email: string;
  session_hash: string;
  code_hash: string;
  wrong_tries: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface IdentitiesTable {
  provider: string;
  subject: string;
  person_id: string;
  email: string;
  created_at: string;
}

export interface LimitCountersTable {
  key: string;
  /** milliseconds since the epoch */
  window_start: ColumnType<number, number, number>;
  count: number;
  expires_at: ColumnType<number, number, number>;
}

/**
 * A browser OAuth client: one registered dynamically (RFC 7591, `id` issued by the service) or a client
 * ID metadata document (`id` is its https URL; the row caches the fetched document until `fresh_until`).
 */
export interface OAuthClientsTable {
  id: string;
  kind: "registered" | "metadata_document";
  client_name: string | null;
  /** JSON array of the exact redirect URIs */
  redirect_uris: string;
  /** JSON object: the client's metadata as registered or fetched */
  metadata: string;
  registered_ip: string | null;
  fetched_at: string | null;
  fresh_until: string | null;
  created_at: string;
}

export interface AuthorizationCodesTable {
  id: string;
  code_hash: string;
  client_id: string;
  connection_id: string;
  redirect_uri: string;
  /** the S256 code challenge */
  code_challenge: string;
  scopes: string;
  resource: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/**
 * Rotating refresh tokens of a browser OAuth connection: each use makes a successor and ends this one
 * (`rotated_at`); presenting a rotated token again ends the connection, except for a grace retry.
 */
export interface RefreshTokensTable {
  id: string;
  token_hash: string;
  connection_id: string;
  client_id: string;
  /** the scopes originally granted; a narrower request narrows only the access token */
  scopes: string;
  /** the access token issued in the same answer */
  access_token_id: string | null;
  rotated_at: string | null;
  successor_id: string | null;
  revoked_at: string | null;
  created_at: string;
}

export type OAuthClient = Selectable<OAuthClientsTable>;
export type Connection = Selectable<ConnectionsTable>;
export type AgentRegistration = Selectable<AgentRegistrationsTable>;
export type Person = Selectable<PeopleTable>;
export type Workspace = Selectable<WorkspacesTable>;
export type Space = Selectable<SpacesTable>;
export type PersonalAccessToken = Selectable<PersonalAccessTokensTable>;
