/**
 * GitHub Issues as normalized import rows, from either of the two JSON shapes GitHub's tools write:
 *
 * - `gh issue list --state all --limit 100000 --json number,title,body,state,stateReason,labels,assignees,
 *   milestone,comments,createdAt,closedAt,author,parent,subIssues,blockedBy,blocking,url` (GraphQL shapes:
 *   camelCase, upper-case enums such as `CLOSED` and `NOT_PLANNED`, comments inline);
 * - an array of REST issue objects (`GET /repos/{owner}/{repo}/issues?state=all`: snake_case, `state_reason`,
 *   `html_url`; pull requests, which that endpoint lists too, carry `pull_request` and are skipped). The REST
 *   `comments` is a count, so such a file brings no comments unless each issue holds an array of them.
 *
 * Both are one top-level array (`{"items": […]}`, the search API's answer, reads too). The file is streamed:
 * one issue in memory at a time. An issue's source id is `owner/repo#number` (from its URL), so two
 * repositories imported into one workspace never collide; references to other issues (parent, sub-issues,
 * blocked by, blocking) resolve the same way.
 *
 * Status: open → todo; closed as completed → done; closed as not planned or as a duplicate → canceled. GitHub
 * has no priorities, estimates or due dates: every issue reads as priority none. People are GitHub logins (the
 * export carries no emails), so each becomes a placeholder person an admin can map to a member.
 */
import { invalid } from "../../errors.ts";
import { readJsonStream } from "./json-stream.ts";
import type { ImportIssue, Reader, ReadItem, SourcePerson, StatusCategory } from "./rows.ts";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** `owner/repo` from an issue's web or API URL; null when the URL names none. */
export function repoOf(url: string | null): string | null {
  if (!url) return null;
  const m =
    /^https?:\/\/[^/]+\/repos\/([^/]+\/[^/]+)\/issues\/\d+/.exec(url) ??
    /^https?:\/\/[^/]+\/([^/]+\/[^/]+)\/(?:issues|pull)\/\d+/.exec(url);
  return m ? m[1]! : null;
}

const sourceIdOf = (repo: string | null, number: number) => `${repo ?? ""}#${number}`;

/** A reference to another issue (`{number, url}` or a number), as a source id; null when unreadable. */
function refOf(v: unknown, repo: string | null): string | null {
  if (typeof v === "number" && Number.isInteger(v)) return sourceIdOf(repo, v);
  if (!isObj(v)) return null;
  const n = v.number;
  if (typeof n !== "number" || !Number.isInteger(n)) return null;
  const url = str(v.html_url) ?? str(v.url);
  return sourceIdOf(repoOf(url) ?? repo, n);
}

/** A list of references: an array, or a GraphQL connection (`{nodes: […]}`). */
function refsOf(v: unknown, repo: string | null): string[] {
  const list = Array.isArray(v) ? v : isObj(v) && Array.isArray(v.nodes) ? v.nodes : [];
  const out: string[] = [];
  for (const item of list) {
    const id = refOf(item, repo);
    if (id && !out.includes(id)) out.push(id);
  }
  return out;
}

function personOf(v: unknown): SourcePerson | null {
  if (!isObj(v)) return null;
  const login = str(v.login);
  if (!login) return null;
  const name = str(v.name);
  return { sourceId: login, name: name?.trim() ? name.trim() : login, email: str(v.email) };
}

/** An ISO 8601 time as UTC, or undefined when there is none, or null when it is not a time. */
function timeOf(v: unknown): string | null | undefined {
  if (v === null || v === undefined || v === "") return undefined;
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}T/.test(v)) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

function statusOf(state: string, reason: string): { status: StatusCategory; statusName: string } {
  if (state !== "closed") return { status: "todo", statusName: "open" };
  if (reason === "not_planned") return { status: "canceled", statusName: "closed (not planned)" };
  if (reason === "duplicate") return { status: "canceled", statusName: "closed (duplicate)" };
  return { status: "done", statusName: "closed (completed)" };
}

/**
 * One element of the array as an issue (and what it says of other issues); `problems` gathers what was
 * wrong but not fatal. `skip` says why an element is not an issue at all.
 */
export function githubIssue(
  raw: unknown,
  problems: string[],
): { issue: ImportIssue; later: Later } | { skip: string } | { pullRequest: true } {
  if (!isObj(raw)) return { skip: "is not an issue object" };
  if ("pull_request" in raw && raw.pull_request) return { pullRequest: true };
  const number = raw.number;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 1)
    return { skip: "has no issue number (`number`)" };
  const title = str(raw.title);
  if (title === null) return { skip: "has no title (`title`)" };
  const rest = "created_at" in raw || "html_url" in raw || "state_reason" in raw;
  const url = rest ? (str(raw.html_url) ?? str(raw.url)) : (str(raw.url) ?? str(raw.html_url));
  const repo = repoOf(url);
  const state = (str(raw.state) ?? "").toLowerCase();
  if (state !== "open" && state !== "closed")
    return { skip: `has a state GitHub does not have: ${JSON.stringify(raw.state)}` };
  const reason = (
    str(rest ? raw.state_reason : raw.stateReason) ??
    str(raw.state_reason) ??
    ""
  ).toLowerCase();

  const created = timeOf(rest ? raw.created_at : raw.createdAt);
  if (created === null) problems.push("its creation time is not an ISO 8601 time; the import's time is used");
  const closedRaw = timeOf(rest ? raw.closed_at : raw.closedAt);
  if (closedRaw === null) problems.push("its closing time is not an ISO 8601 time");
  const updated = timeOf(rest ? raw.updated_at : raw.updatedAt);

  const labels: string[] = [];
  if (Array.isArray(raw.labels)) {
    for (const l of raw.labels) {
      const name = typeof l === "string" ? l : isObj(l) ? str(l.name) : null;
      if (name?.trim() && !labels.includes(name.trim())) labels.push(name.trim());
    }
  }
  const assignees = Array.isArray(raw.assignees) ? raw.assignees.map(personOf).filter((p) => p !== null) : [];
  const assignee = assignees[0] ?? personOf(raw.assignee);
  if (assignees.length > 1)
    problems.push(
      `it has ${assignees.length} assignees; Docket has one, so ${assignees[0]!.sourceId} is kept (${assignees
        .slice(1)
        .map((a) => a.sourceId)
        .join(", ")} left out)`,
    );
  const milestone = isObj(raw.milestone) ? str(raw.milestone.title) : null;

  const sourceId = sourceIdOf(repo, number);
  const comments: ImportIssue["comments"] = [];
  if (Array.isArray(raw.comments)) {
    raw.comments.forEach((c, i) => {
      if (!isObj(c)) return;
      const at = timeOf(rest ? c.created_at : c.createdAt) ?? timeOf(c.createdAt) ?? timeOf(c.created_at);
      const body = str(c.body) ?? "";
      const id =
        str(c.id) ??
        (typeof c.id === "number" ? String(c.id) : null) ??
        str(c.url) ??
        `${sourceId}/comment/${i + 1}`;
      if (!at) problems.push(`comment ${i + 1} has no readable creation time; the issue's is used`);
      comments.push({
        sourceId: id,
        author: personOf(rest ? c.user : c.author),
        body,
        createdAt: at ?? created ?? "",
      });
    });
  }

  const { status, statusName } = statusOf(state, reason);
  const blockedBy = refsOf(rest ? raw.blocked_by : raw.blockedBy, repo).filter((r) => r !== sourceId);
  const issue: ImportIssue = {
    sourceId,
    sourceUrl: url,
    title,
    description: str(raw.body) ?? "",
    status,
    statusName,
    priority: "none",
    labels,
    assignee,
    author: personOf(rest ? raw.user : raw.author),
    estimate: null,
    dueDate: null,
    milestone: milestone?.trim() ? milestone.trim() : null,
    cycle: null,
    parentSourceId: refOf(raw.parent, repo),
    // the GraphQL shape with `parent` asked for says so; the REST shape never speaks of parents
    parentKnown: !rest && raw.parent !== undefined,
    blockedBySourceIds: blockedBy,
    relatedSourceIds: [],
    duplicateOfSourceId: null,
    createdAt: created ?? "",
    updatedAt: updated ?? null,
    closedAt: state === "closed" ? (closedRaw ?? updated ?? null) : null,
    comments,
  };
  // what this issue says of others, for the rows that come later (each side usually says it too)
  const later = {
    children: refsOf(rest ? raw.sub_issues : raw.subIssues, repo),
    blocking: refsOf(raw.blocking, repo),
  };
  return { issue, later };
}

/** What an issue says of other issues: its sub-issues, and the issues it blocks. */
export interface Later {
  children: string[];
  blocking: string[];
}

/**
 * Reads a GitHub export (see the module's note). A file that is not a JSON array of issues is refused with
 * a 400 before any row; an element that is not an issue is reported and skipped; pull requests are
 * skipped without a word (the REST list mixes them in).
 */
export const readGithubJson: Reader = (input) => read(input);

async function* read(input: Parameters<Reader>[0]): AsyncGenerator<ReadItem> {
  // relations named by an earlier row about a later one: child → parent, blocked → blockers
  const parentOf = new Map<string, string>();
  const blockersOf = new Map<string, string[]>();
  const seen = new Set<string>();
  let issues = 0;
  let sawItem = false;
  for await (const event of readJsonStream(input, { arrayKey: "items" })) {
    if (event.kind === "end") {
      if (!event.sawArray)
        throw invalid(
          "This is not a GitHub issues export: expected a JSON array of issues, as `gh issue list --json …` or the REST API writes.",
        );
      continue;
    }
    if (event.kind === "member") continue;
    const row = event.index;
    const problems: string[] = [];
    const read = githubIssue(event.value, problems);
    if ("pullRequest" in read) continue;
    if ("skip" in read) {
      if (!sawItem && issues === 0)
        throw invalid(
          `This is not a GitHub issues export: its first element ${read.skip}. Expected the JSON of \`gh issue list --json …\` or an array of REST issue objects.`,
        );
      yield {
        problem: { row, sourceId: null, message: `Element ${row} ${read.skip}; skipped.`, skipped: true },
      };
      continue;
    }
    sawItem = true;
    const { issue, later } = read;
    if (seen.has(issue.sourceId)) {
      yield {
        problem: {
          row,
          sourceId: issue.sourceId,
          message: `Issue ${issue.sourceId} appears twice in the file; the second is skipped.`,
          skipped: true,
        },
      };
      continue;
    }
    seen.add(issue.sourceId);
    issues += 1;
    if (!issue.parentSourceId) issue.parentSourceId = parentOf.get(issue.sourceId) ?? null;
    parentOf.delete(issue.sourceId);
    for (const b of blockersOf.get(issue.sourceId) ?? [])
      if (!issue.blockedBySourceIds.includes(b)) issue.blockedBySourceIds.push(b);
    blockersOf.delete(issue.sourceId);
    for (const child of later.children) if (!seen.has(child)) parentOf.set(child, issue.sourceId);
    for (const blocked of later.blocking) {
      if (seen.has(blocked) || blocked === issue.sourceId) continue;
      const list = blockersOf.get(blocked) ?? [];
      if (!list.includes(issue.sourceId)) list.push(issue.sourceId);
      blockersOf.set(blocked, list);
    }
    for (const message of problems)
      yield {
        problem: {
          row,
          sourceId: issue.sourceId,
          message: `Issue ${issue.sourceId}: ${message}.`,
          skipped: false,
        },
      };
    yield { issue, row };
  }
}
