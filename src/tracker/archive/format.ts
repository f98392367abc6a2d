import { z } from "zod";
import { PACKAGE_VERSION } from "../../paths.ts";

/**
 * The workspace archive's format (version 1): a gzip-compressed tar file holding `manifest.json` first,
 * then one JSONL file per type in dependency order (each line one object, keys in a fixed order, so the
 * same workspace always gives the same bytes), then `files/<file id>` with each file's bytes. The
 * workspace's own id is in the manifest only: the parts never name it, so a restore into another
 * workspace exports again to the same parts.
 */

export const FORMAT = "docket-archive";
export const FORMAT_VERSION = 1;
export const SERVICE_VERSION = PACKAGE_VERSION;

type Kind =
  | "id"
  | "id?"
  | "text"
  | "text?"
  | "int"
  | "int?"
  | "num?"
  | "time"
  | "time?"
  | "date"
  | "date?"
  | "json"
  | readonly string[];

const idText = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z]{2,5}_[0-9A-Za-z]{1,64}$/, { error: "must be a Docket id such as iss_01J…" });
const isoTime = z.iso.datetime({ offset: false, error: "must be an ISO 8601 time in UTC" });
const isoDate = z.iso.date({ error: "must be a date YYYY-MM-DD" });
const text = z.string().max(4 * 1024 * 1024);
const json = z.json();

function zodOf(kind: Kind): z.ZodType {
  if (typeof kind !== "string") return z.enum(kind as [string, ...string[]]);
  switch (kind) {
    case "id":
      return idText;
    case "id?":
      return idText.nullable();
    case "text":
      return text;
    case "text?":
      return text.nullable();
    case "int":
      return z.int();
    case "int?":
      return z.int().nullable();
    case "num?":
      return z.number().nullable();
    case "time":
      return isoTime;
    case "time?":
      return isoTime.nullable();
    case "date":
      return isoDate;
    case "date?":
      return isoDate.nullable();
    case "json":
      return json;
  }
}

/** A part's columns, in the order each line's keys are written. */
export type Columns = Record<string, Kind>;

const AUTHORED: Columns = {
  created_by: "id",
  created_via: "text",
  created_at: "time",
  updated_by: "id",
  updated_via: "text",
  updated_at: "time",
};

export const COLUMNS = {
  spaces: {
    id: "id",
    name: "text",
    prefix: "text",
    next_issue_number: "int",
    done_requires: ["anyone", "not_author", "person"],
    reviewers: "json",
    session_stale_minutes: "int",
    created_at: "time",
    updated_at: "time",
  },
  people: {
    id: "id",
    email: "text",
    name: "text",
    role: ["owner", "admin", "member"],
    joined_at: "time",
  },
  labels: {
    id: "id",
    name: "text",
    name_key: "text",
    color: "text",
    description: "text",
    version: "int",
    ...AUTHORED,
  },
  cycles: {
    id: "id",
    space_id: "id",
    name: "text",
    starts_on: "date",
    ends_on: "date",
    version: "int",
    ...AUTHORED,
  },
  milestones: {
    id: "id",
    name: "text",
    description: "text",
    target_date: "date?",
    version: "int",
    ...AUTHORED,
  },
  issues: {
    id: "id",
    space_id: "id",
    number: "int",
    identifier: "text",
    title: "text",
    description: "text",
    status: ["backlog", "todo", "in_progress", "in_review", "done", "canceled", "iced"],
    priority: "int",
    labels: "json",
    assignee_id: "id?",
    estimate: "num?",
    due_date: "date?",
    parent_id: "id?",
    cycle_id: "id?",
    milestone_id: "id?",
    completed_at: "time?",
    open_blockers: "int",
    version: "int",
    fencing_token: "int",
    substance_by: "id?",
    ...AUTHORED,
  },
  dependency: {
    id: "id",
    kind: ["blocks", "relates_to"],
    from_issue_id: "id",
    to_issue_id: "id",
    note: "text",
    version: "int",
    ...AUTHORED,
  },
  issue_link: {
    object_type: ["decision", "note", "file"],
    object_id: "id",
    issue_id: "id",
    created_at: "time",
  },
  milestone_dependency: {
    id: "id",
    from_milestone_id: "id",
    to_milestone_id: "id",
    created_by: "id",
    created_via: "text",
    created_at: "time",
  },
  decisions: {
    id: "id",
    title: "text",
    status: ["proposed", "accepted", "rejected", "superseded"],
    context: "text",
    decision: "text",
    consequences: "text",
    supersedes_id: "id?",
    version: "int",
    ...AUTHORED,
  },
  folders: {
    id: "id",
    parent_id: "id?",
    name: "text",
    version: "int",
    created_by: "id",
    created_at: "time",
    updated_at: "time",
  },
  notes: {
    id: "id",
    folder_id: "id?",
    title: "text",
    body: "text",
    version: "int",
    ...AUTHORED,
  },
  comments: {
    id: "id",
    subject_type: ["issue", "decision", "note"],
    subject_id: "id",
    parent_id: "id?",
    body: "text",
    version: "int",
    deleted_at: "time?",
    deleted_by: "id?",
    deleted_via: "text?",
    ...AUTHORED,
  },
  comment_revision: {
    id: "id",
    version: "int",
    body: "text",
    written_by: "id",
    written_via: "text",
    written_at: "time",
    replaced_at: "time",
  },
  activity: {
    id: "id",
    subject_type: "text",
    subject_id: "text",
    action: "text",
    changes: "json",
    actor_id: "text",
    actor_via: "text",
    created_at: "time",
  },
  cycle_history: {
    id: "id",
    cycle_id: "id",
    issue_id: "id",
    in_scope: "int",
    completed: "int",
    estimate: "num?",
    created_at: "time",
  },
  files: {
    id: "id",
    name: "text",
    content_type: "text",
    size: "int",
    sha256: "text",
    created_by: "id",
    created_via: "text",
    created_at: "time",
  },
} satisfies Record<string, Columns>;

const shape = (columns: Columns) =>
  Object.fromEntries(Object.entries(columns).map(([k, kind]) => [k, zodOf(kind)]));

const line = (columns: Columns) => z.strictObject(shape(columns));

/** The shape of one line of each part: what a restore accepts (anything else is refused). */
export const LINE_SCHEMAS = {
  "spaces.jsonl": line(COLUMNS.spaces),
  "people.jsonl": line(COLUMNS.people),
  "labels.jsonl": line(COLUMNS.labels),
  "cycles.jsonl": line(COLUMNS.cycles),
  "milestones.jsonl": line(COLUMNS.milestones),
  "issues.jsonl": line(COLUMNS.issues).extend({ labels: z.array(z.string().max(255)).max(500) }),
  "edges.jsonl": z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("dependency"), ...shape(COLUMNS.dependency) }),
    z.strictObject({ type: z.literal("issue_link"), ...shape(COLUMNS.issue_link) }),
    z.strictObject({ type: z.literal("milestone_dependency"), ...shape(COLUMNS.milestone_dependency) }),
  ]),
  "decisions.jsonl": line(COLUMNS.decisions),
  "folders.jsonl": line(COLUMNS.folders),
  "notes.jsonl": line(COLUMNS.notes),
  "comments.jsonl": line(COLUMNS.comments).extend({
    revisions: z.array(line(COLUMNS.comment_revision)).max(10_000),
  }),
  "activity.jsonl": line(COLUMNS.activity),
  "cycle_history.jsonl": line(COLUMNS.cycle_history),
  "files.jsonl": line(COLUMNS.files).extend({
    sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: "must be a SHA-256 in lower-case hex" }),
    size: z.int().min(0),
  }),
} as const;

export type PartName = keyof typeof LINE_SCHEMAS;

/** The parts, in the order they are written and restored (each one's references come before it). */
export const PARTS = Object.keys(LINE_SCHEMAS) as PartName[];

export const FILE_ENTRY = /^files\/(file_[0-9A-Z]{26})$/;

export const manifestSchema = z.strictObject({
  format: z.literal(FORMAT, { error: `must be "${FORMAT}"` }),
  format_version: z.literal(FORMAT_VERSION, {
    error: `must be ${FORMAT_VERSION}: this service reads version ${FORMAT_VERSION} archives`,
  }),
  service_version: z.string().max(64),
  created_at: isoTime,
  workspace: z.strictObject({ id: idText, name: z.string().max(255), slug: z.string().max(255) }),
  spaces: z.array(z.string().max(16)).nullable(),
  parts: z
    .array(
      z.strictObject({
        name: z.enum(PARTS as [PartName, ...PartName[]]),
        count: z.int().min(0),
        size: z.int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .length(PARTS.length),
  files: z.strictObject({ count: z.int().min(0), size: z.int().min(0) }),
});
export type Manifest = z.output<typeof manifestSchema>;

/** A row as one line: the columns in order, JSON columns parsed (so the line holds them as JSON). */
export function lineOf(
  columns: Columns,
  row: Record<string, unknown>,
  extra?: Record<string, unknown>,
): string {
  const out: Record<string, unknown> = {};
  if (extra && "type" in extra) out.type = extra.type;
  for (const [key, kind] of Object.entries(columns)) {
    const value = row[key];
    if (kind === "json") out[key] = typeof value === "string" ? JSON.parse(value) : value;
    else if (kind === "int" || kind === "int?" || kind === "num?")
      out[key] = value === null || value === undefined ? null : Number(value);
    else out[key] = value ?? null;
  }
  if (extra) for (const [k, v] of Object.entries(extra)) if (k !== "type") out[k] = v;
  return `${JSON.stringify(out)}\n`;
}
