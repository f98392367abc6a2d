import type { Kysely, Selectable, Transaction } from "kysely";
import { z } from "zod";
import type { CodeLinksTable, Database } from "../../db/schema.ts";
import { timeOut } from "../common.ts";

/** The pull requests, branches and commits linked to issues, as every answer shows them. */

type Db = Kysely<Database> | Transaction<Database>;
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

/** The code links of issues, by issue id, each list pull requests first, newest first. */
export async function linksOf(db: Db, issueIds: readonly string[]): Promise<Map<string, CodeLinkView[]>> {
  const out = new Map<string, CodeLinkView[]>();
  if (issueIds.length === 0) return out;
  const rows = await db.selectFrom("code_links").selectAll().where("issue_id", "in", issueIds).execute();
  rows.sort(
    (a, b) =>
      KIND_ORDER[a.kind]! - KIND_ORDER[b.kind]! ||
      (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0),
  );
  for (const r of rows) {
    const list = out.get(r.issue_id) ?? [];
    list.push(linkView(r));
    out.set(r.issue_id, list);
  }
  return out;
}
