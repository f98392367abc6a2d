/**
 * What a code host's webhook says, read into one shape for both hosts (github.ts, gitlab.ts read their
 * own documented payloads into it). Anything else is `ignored`, with why.
 */

export type PullState = "open" | "draft" | "merged" | "closed";

export interface PullRequestFacts {
  number: number;
  title: string;
  body: string | null;
  url: string;
  state: PullState;
  /** the head (source) branch */
  branch: string | null;
  author: string | null;
  merged_at: string | null;
  closed_at: string | null;
}

export interface CommitFacts {
  sha: string;
  message: string;
  url: string;
  author: string | null;
}

export type CodeEvent =
  | { type: "ping" }
  | {
      type: "pull_request";
      /** the host's action: opened, edited, closed, ready_for_review … (GitLab's mapped to these) */
      action: string;
      repository: string;
      pr: PullRequestFacts;
      /** set by a review: approved or changes_requested */
      review?: "approved" | "changes_requested" | null;
    }
  | {
      type: "push";
      repository: string;
      repositoryUrl: string;
      branch: string;
      defaultBranch: string | null;
      /** the branch was made by this push (its first) */
      created: boolean;
      /** the branch was deleted */
      deleted: boolean;
      author: string | null;
      commits: CommitFacts[];
    }
  | {
      type: "branch";
      repository: string;
      repositoryUrl: string;
      branch: string;
      author: string | null;
      deleted: boolean;
    }
  | { type: "ignored"; reason: string };

/** A string field of an object read from JSON, or null. */
export const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
export const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const num = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) ? v : null);
/** An ISO time from the host's (GitLab writes "2024-01-02 10:00:00 UTC"), or null. */
export function isoOrNull(v: unknown): string | null {
  if (typeof v !== "string" || v === "") return null;
  const d = new Date(v.replace(/ UTC$/, "Z").replace(/^(\d{4}-\d\d-\d\d) /, "$1T"));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
