export type ImportSource = "github" | "linear" | "jira";

/** A person as the source names them: matched by email to a member, else a placeholder person. */
export interface SourcePerson {
  sourceId: string;
  name: string;
  email: string | null;
}

export type StatusCategory = "backlog" | "todo" | "in_progress" | "done" | "canceled";

export interface ImportIssue {
  sourceId: string; // stable id in the source: GitHub number, Linear "ENG-12" id, Jira key
  sourceUrl: string | null;
  title: string;
  description: string; // Markdown
  status: StatusCategory;
  statusName: string; // the source's own name, for the dry-run mapping report
  priority: "urgent" | "high" | "medium" | "low" | "none";
  labels: string[];
  assignee: SourcePerson | null;
  author: SourcePerson | null;
  estimate: number | null;
  dueDate: string | null; // YYYY-MM-DD
  milestone: string | null; // by name
  cycle: { name: string; startsAt: string | null; endsAt: string | null } | null;
  parentSourceId: string | null;
  /**
   * The file says what this issue's parent is (a parent column or field is there), so no parent means none:
   * a re-run clears a parent the source removed. Not part of the issue's hash.
   */
  parentKnown?: boolean;
  blockedBySourceIds: string[]; // this issue is blocked by these
  relatedSourceIds: string[];
  duplicateOfSourceId: string | null;
  createdAt: string; // ISO 8601 UTC
  updatedAt: string | null;
  closedAt: string | null;
  comments: { sourceId: string; author: SourcePerson | null; body: string; createdAt: string }[];
}

/** A problem with one row: listed in the report, the row skipped when `skipped`. */
export interface RowProblem {
  row: number | null;
  sourceId: string | null;
  message: string;
  skipped: boolean;
}

/** What a reader yields, streaming (never the whole file in memory). */
export type ReadItem = { issue: ImportIssue; row: number } | { problem: RowProblem };

export type Reader = (
  input: AsyncIterable<Buffer> | NodeJS.ReadableStream,
  options: { timezone?: string },
) => AsyncIterable<ReadItem>;
