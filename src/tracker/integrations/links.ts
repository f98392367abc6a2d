import { type Selectable, sql } from "kysely";
import { z } from "zod";
import type { CodeLinksTable } from "../../db/schema.ts";
import { timeOut } from "../common.ts";

/** The pull requests, branches and commits linked to issues, as every answer shows them. */

export type CodeLinkRow = Selectable<CodeLinksTable>;
const PROVIDERS = ["github", "gitlab"] as const;

export const LINK_KINDS = ["pull_request", "branch", "commit"] as const;
export const LINK_STATES = ["open", "draft", "merged", "closed"] as const;
export const codeLinkView = z
  .object({
    id: z.string().meta({ examples: ["lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
    provider: z.enum(PROVIDERS),
    kind: z.enum(LINK_KINDS),
    url: z.string(),
    title: z.string().describe("A pull request's title, a commit's first line, a branch's name."),
    number: z.int().nullable().describe("The pull (merge) request's number; null for a branch or commit."),
    state: z
      .enum(LINK_STATES)
      .nullable()
      .describe("A pull request's open, draft, merged or closed; a branch is open; a commit has none."),
    review_state: z.enum(["approved", "changes_requested"]).nullable(),
    author_login: z.string().nullable(),
    repository: z.string(),
    branch: z.string().nullable(),
    closes: z
      .boolean()
      .describe("A closing word (fixes, closes, resolves…) named the issue: merging finishes it."),
    created_at: timeOut,
    updated_at: timeOut,
    merged_at: timeOut.nullable(),
    closed_at: timeOut.nullable(),
  })
  .meta({ id: "CodeLink" });
export type CodeLinkView = z.output<typeof codeLinkView>;

export function linkView(r: CodeLinkRow): CodeLinkView {
  return {
    id: r.id,
    provider: r.provider as (typeof PROVIDERS)[number],
    kind: r.kind,
    url: r.url,
    title: r.title,
    number: r.number === null ? null : Number(r.number),
    state: r.state as CodeLinkView["state"],
    review_state: r.review_state as CodeLinkView["review_state"],
    author_login: r.author_login,
    repository: r.repository,
    branch: r.branch,
    closes: Boolean(Number(r.closes)),
    created_at: r.created_at,
    updated_at: r.updated_at,
    merged_at: r.merged_at,
    closed_at: r.closed_at,
  };
}

/** Pull requests first (newest first), then branches, then commits. */
const KIND_ORDER: Record<string, number> = { pull_request: 0, branch: 1, commit: 2 };

/** Pull requests first (newest first), then branches, then commits: the order an issue shows them. */
function ordered<R extends Pick<CodeLinkRow, "kind" | "updated_at">>(rows: R[]): R[] {
  return rows.sort(
    (a, b) =>
      KIND_ORDER[a.kind]! - KIND_ORDER[b.kind]! ||
      (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0),
  );
}

/** The columns a link's view needs, in the order `linksColumn` writes them. */
const JSON_COLUMNS = [
  "id",
  "provider",
  "kind",
  "url",
  "title",
  "number",
  "state",
  "review_state",
  "author_login",
  "repository",
  "branch",
  "closes",
  "created_at",
  "updated_at",
  "merged_at",
  "closed_at",
] as const;
const TIMES = new Set(["created_at", "updated_at", "merged_at", "closed_at"]);

/**
 * The code links of the issue `i` (an outer query's alias) as one JSON column, `code_links`, for a read
 * that takes its issue and its links in one statement; `linksFromJson` reads it.
 */
export function linksColumn(sqlite: boolean) {
  const columns = sql.join(JSON_COLUMNS.map((c) => sql.ref(`c.${c}`)));
  return (
    sqlite
      ? sql<string>`(select json_group_array(json_array(${columns})) from code_links c where c.issue_id = i.id)`
      : sql<string>`(select coalesce(json_agg(json_build_array(${columns})), '[]') from code_links c where c.issue_id = i.id)`
  ).as("code_links");
}

/**
 * The views of a read's `linksColumn`: JSON text on SQLite, parsed on PostgreSQL, whose JSON writes
 * a time as `…+00:00`; the view gives the same ISO string as a row read (`…Z`).
 */
export function linksFromJson(json: unknown): CodeLinkView[] {
  const tuples = (typeof json === "string" ? JSON.parse(json) : json) as unknown[][];
  const rows = tuples.map((t) => {
    const row: Record<string, unknown> = {};
    JSON_COLUMNS.forEach((c, i) => {
      const v = t[i] ?? null;
      row[c] = TIMES.has(c) && typeof v === "string" && !v.endsWith("Z") ? new Date(v).toISOString() : v;
    });
    return row as unknown as CodeLinkRow;
  });
  return ordered(rows).map(linkView);
}
