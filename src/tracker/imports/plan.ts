import { createHash } from "node:crypto";
import { LIMITS } from "../common.ts";
import { MAX_ESTIMATE } from "../issues.ts";
import type { ImportIssue, RowProblem, SourcePerson } from "./rows.ts";

/**
 * The first pass of an import: every row read and checked, nothing written. It gathers what the dry run
 * shows (how statuses, priorities, labels, milestones, cycles and people map) and what the writing pass
 * needs beyond one row (every source id in the file, the people, and the edges between issues, which
 * may name an issue further down).
 */

/** The problems listed in an import's report; the count goes on past these. */
export const MAX_LISTED_PROBLEMS = 1000;
/** Entries listed per mapping table (people, labels …); the rest are counted. */
export const MAX_LISTED_MAPPINGS = 500;

export class Problems {
  list: RowProblem[] = [];
  count = 0;
  skipped = 0;
  add(p: RowProblem): void {
    this.count += 1;
    if (p.skipped) this.skipped += 1;
    if (this.list.length < MAX_LISTED_PROBLEMS) this.list.push(p);
  }
}

export interface PlanPerson {
  person: SourcePerson;
  issues: number;
  comments: number;
}

export interface Plan {
  rows: number;
  issues: number;
  comments: number;
  sourceIds: Set<string>;
  people: Map<string, PlanPerson>;
  /** by name in lower case: the name as first spelled, and how many issues carry it */
  labels: Map<string, { name: string; issues: number }>;
  milestones: Map<string, number>;
  cycles: Map<string, { startsAt: string | null; endsAt: string | null; issues: number }>;
  /** by the source's status name: the status it maps to */
  statuses: Map<string, { status: string; issues: number }>;
  priorities: Map<string, number>;
  /** child → parent, blocker → blocked, and related pairs, by source id */
  parents: [string, string][];
  blocks: [string, string][];
  related: [string, string, "related" | "duplicate"][];
  /** issues written as changed whose parent the file removed (by id), to clear once issues are in */
  unparent: string[];
  problems: Problems;
}

export function newPlan(): Plan {
  return {
    rows: 0,
    issues: 0,
    comments: 0,
    sourceIds: new Set(),
    people: new Map(),
    labels: new Map(),
    milestones: new Map(),
    cycles: new Map(),
    statuses: new Map(),
    priorities: new Map(),
    parents: [],
    blocks: [],
    related: [],
    unparent: [],
    problems: new Problems(),
  };
}

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** The same person key an issue's author, assignee and comment authors are matched by. */
export const personKey = (p: SourcePerson): string => p.sourceId;

function notePerson(plan: Plan, p: SourcePerson | null, what: "issues" | "comments"): void {
  if (!p) return;
  const key = personKey(p);
  let entry = plan.people.get(key);
  if (!entry) {
    entry = { person: p, issues: 0, comments: 0 };
    plan.people.set(key, entry);
  } else if (!entry.person.email && p.email) entry.person = p;
  entry[what] += 1;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A label name as Docket takes it: no commas or control characters, at most 50 characters. */
export function cleanLabel(name: string): string {
  return name
    .replace(CONTROL, "")
    .replace(/[,\n\r\t]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, LIMITS.label)
    .trim();
}

const FOOTER_SOURCE: Record<string, string> = { github: "GitHub", linear: "Linear", jira: "Jira" };

/** The footer that links an imported issue's description to the original. */
export const footerOf = (source: string, url: string | null): string =>
  url ? `\n\n---\nImported from ${FOOTER_SOURCE[source] ?? source}: ${url}` : "";

/**
 * Fits one issue into Docket's limits, in place, saying what changed: a title cut to 255 characters (or
 * "(untitled)"), a description cut to leave room for the link to the original, labels cleaned and at most
 * 20, an estimate that is a whole number of at most 1000, a due date that is a calendar day, a creation
 * time (the import's own when the source has none).
 */
export function fitIssue(
  issue: ImportIssue,
  source: string,
  now: string,
  problem: (message: string) => void,
): ImportIssue {
  const title = issue.title.replace(CONTROL, "").replace(/\s+/g, " ").trim();
  if (!title) problem("it has no title; it is imported as (untitled)");
  else if (title.length > LIMITS.title)
    problem(`its title is longer than ${LIMITS.title} characters; it is cut`);
  issue.title = (title || "(untitled)").slice(0, LIMITS.title);
  const room = LIMITS.markdown - footerOf(source, issue.sourceUrl).length;
  if (issue.description.length > room) {
    problem(`its description is longer than ${room} characters; it is cut`);
    issue.description = issue.description.slice(0, room);
  }
  const labels: string[] = [];
  const keys = new Set<string>();
  for (const raw of issue.labels) {
    const name = cleanLabel(raw);
    if (!name || keys.has(name.toLowerCase())) continue;
    keys.add(name.toLowerCase());
    labels.push(name);
  }
  if (labels.length > LIMITS.labels) {
    problem(
      `it has ${labels.length} labels; the first ${LIMITS.labels} are kept (${labels.slice(LIMITS.labels).join(", ")} left out)`,
    );
    labels.length = LIMITS.labels;
  }
  issue.labels = labels;
  if (issue.estimate !== null) {
    const e = Math.round(issue.estimate);
    if (!Number.isFinite(e) || e < 0 || e > MAX_ESTIMATE) {
      problem(`its estimate ${issue.estimate} is not between 0 and ${MAX_ESTIMATE}; it is left out`);
      issue.estimate = null;
    } else issue.estimate = e;
  }
  if (issue.dueDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(issue.dueDate)) {
    problem(`its due date ${JSON.stringify(issue.dueDate)} is not a calendar day; it is left out`);
    issue.dueDate = null;
  }
  if (!issue.createdAt || Number.isNaN(Date.parse(issue.createdAt))) issue.createdAt = now;
  for (const c of issue.comments) {
    if (!c.createdAt || Number.isNaN(Date.parse(c.createdAt))) c.createdAt = issue.createdAt;
    if (c.body.length > LIMITS.markdown) {
      problem(`comment ${c.sourceId} is longer than ${LIMITS.markdown} characters; it is cut`);
      c.body = c.body.slice(0, LIMITS.markdown);
    }
  }
  return issue;
}

/** What an issue's row holds, as a hash: equal hashes mean nothing to change. */
export function issueHash(issue: ImportIssue): string {
  const { comments: _c, parentKnown: _p, ...rest } = issue;
  return createHash("sha256").update(JSON.stringify(rest)).digest("base64url");
}

export function commentHash(c: ImportIssue["comments"][number]): string {
  return createHash("sha256")
    .update(JSON.stringify([c.author?.sourceId ?? null, c.body, c.createdAt]))
    .digest("base64url");
}

/** Adds one (fitted) issue to the plan. */
export function planIssue(plan: Plan, issue: ImportIssue): void {
  plan.issues += 1;
  plan.comments += issue.comments.length;
  plan.sourceIds.add(issue.sourceId);
  notePerson(plan, issue.author, "issues");
  if (issue.assignee && issue.assignee.sourceId !== issue.author?.sourceId)
    notePerson(plan, issue.assignee, "issues");
  for (const c of issue.comments) notePerson(plan, c.author, "comments");
  for (const l of issue.labels) {
    const entry = plan.labels.get(l.toLowerCase());
    if (entry) entry.issues += 1;
    else plan.labels.set(l.toLowerCase(), { name: l, issues: 1 });
  }
  if (issue.milestone) bump(plan.milestones, issue.milestone);
  if (issue.cycle) {
    const entry = plan.cycles.get(issue.cycle.name);
    if (entry) {
      entry.issues += 1;
      entry.startsAt ??= issue.cycle.startsAt;
      entry.endsAt ??= issue.cycle.endsAt;
    } else
      plan.cycles.set(issue.cycle.name, {
        startsAt: issue.cycle.startsAt,
        endsAt: issue.cycle.endsAt,
        issues: 1,
      });
  }
  const status = plan.statuses.get(issue.statusName);
  if (status) status.issues += 1;
  else plan.statuses.set(issue.statusName, { status: issue.status, issues: 1 });
  bump(plan.priorities, issue.priority);
  if (issue.parentSourceId && issue.parentSourceId !== issue.sourceId)
    plan.parents.push([issue.sourceId, issue.parentSourceId]);
  for (const b of issue.blockedBySourceIds) if (b !== issue.sourceId) plan.blocks.push([b, issue.sourceId]);
  for (const r of issue.relatedSourceIds)
    if (r !== issue.sourceId) plan.related.push([issue.sourceId, r, "related"]);
  if (issue.duplicateOfSourceId && issue.duplicateOfSourceId !== issue.sourceId)
    plan.related.push([issue.sourceId, issue.duplicateOfSourceId, "duplicate"]);
}
