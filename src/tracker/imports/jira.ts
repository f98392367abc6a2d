/**
 * Jira's exports as normalized import rows: the CSV of "Export → Export CSV (all fields)" (`readJiraCsv`) and the
 * JSON of the REST v3 search (`GET /rest/api/3/search/jql?…&fields=*all`, `readJiraJson`).
 *
 * CSV: read by column POSITION, because a multi-value field repeats its column once per value (`Labels`, `Sprint`,
 * `Comment`, `Fix versions`, `Inward issue link (Blocks)`, …); every cell under a repeated name is read. Cells past
 * the header's end belong to no column and are ignored (reported when not empty). `Issue key`, `Summary`, `Status`
 * and `Created` must be in the header, or the file is refused before any row. Dates are the site's own format with
 * no zone: `options.timezone` says where they were written (see dates.ts for the layouts tried); a row with a date
 * that fits none is reported and skipped. A comment is `date;author id;body`. Descriptions and comments are Jira wiki
 * markup, turned into Markdown.
 *
 * JSON: `{"issues":[{"key":…,"fields":{…}}, …]}` (other members, such as `names`, `total` or `nextPageToken`, are
 * allowed) or a bare array of such issues; streamed issue by issue. Descriptions and comments in Atlassian Document
 * Format become Markdown (adf.ts); a string (REST v2) is read as wiki markup. Story points are found through the
 * `names` member when the search asked for `expand=names` and it precedes `issues`, else in `customfield_10016`
 * (Jira Cloud's "Story point estimate"); the sprint is the field holding sprint objects. A row number is the issue's
 * place in the array, from 1. One issue may be up to 32 MiB of JSON; the file itself has no size limit.
 *
 * Mapping, both formats:
 * - status: by its category, never by `Resolved`: Done → done, or canceled when the resolution or the status name
 *   says so (Won't Do, Won't Fix, Duplicate, Cannot Reproduce, Declined, Canceled, Rejected…); In Progress → in
 *   progress; To Do → todo, or backlog for a status named like Backlog. Without a category the status name decides.
 * - priority: Highest → urgent, High → high, Medium → medium, Low and Lowest → low (Lowest is still a priority);
 *   Blocker → urgent, Critical → high, Major → medium, Minor and Trivial → low; none given → none.
 * - Blocks links, the right way round: an inward link (`Inward issue link (Blocks)`, `inwardIssue`) means this issue
 *   "is blocked by" that one; an outward link means this issue "blocks" that one, so the other issue is blocked by
 *   this one (the edge is carried to that issue when it comes; Jira writes both sides, and one side is enough).
 *   Relates links (either way) are related issues; an outward Duplicate link ("duplicates") is the duplicate-of.
 * - parent: `Parent key`, else the Epic Link, else `Parent` / `Parent id` (Jira's numeric issue id, looked up among
 *   the file's issues; an issue whose parent comes later in the file is held until the end, so memory grows with
 *   the number of such issues).
 * - an issue key seen a second time: reported, and that row skipped.
 * - the sprint is the last one listed (an issue carried over lists each sprint it was in); the milestone is the
 *   first fix version; closed time: `Resolved`, else when the status category changed, else `Updated`.
 */
import { invalid } from "../../errors.ts";
import { adfToMarkdown } from "./adf.ts";
import { type ByteInput, readCsv } from "./csv.ts";
import { checkTimeZone, parseDate } from "./dates.ts";
import { wikiToMarkdown } from "./jira-wiki.ts";
import { readJsonStream } from "./json-stream.ts";
import { statusByWords } from "./linear.ts";
import type { ImportIssue, Reader, ReadItem, SourcePerson, StatusCategory } from "./rows.ts";

export const JIRA_PRIORITIES: Record<string, ImportIssue["priority"]> = {
  highest: "urgent",
  blocker: "urgent",
  high: "high",
  critical: "high",
  medium: "medium",
  major: "medium",
  low: "low",
  lowest: "low",
  minor: "low",
  trivial: "low",
  "": "none",
  none: "none",
};

/** Status categories by their English name (CSV) and their key (REST). */
const CATEGORIES: Record<string, "todo" | "in_progress" | "done"> = {
  "to do": "todo",
  new: "todo",
  "in progress": "in_progress",
  indeterminate: "in_progress",
  done: "done",
};

const CANCELED =
  /won'?t|cancel|duplicate|cannot reproduce|can'?t reproduce|declined|rejected|not a bug|obsolete|invalid|abandon|not planned|incomplete/i;

/** The category of a Jira status: by its status category, refined by the resolution and the name. */
export function jiraStatus(
  statusName: string,
  category: string,
  resolution: string,
): { status: StatusCategory; known: boolean } {
  const byCategory = CATEGORIES[category.trim().toLowerCase()];
  if (byCategory === "done") {
    return {
      status: CANCELED.test(resolution) || CANCELED.test(statusName) ? "canceled" : "done",
      known: true,
    };
  }
  if (byCategory === "in_progress") return { status: "in_progress", known: true };
  if (byCategory === "todo") {
    return { status: /backlog|icebox|triage/i.test(statusName) ? "backlog" : "todo", known: true };
  }
  const byName = statusByWords(statusName);
  if (byName) return { status: byName, known: true };
  return { status: "todo", known: false };
}

const KEY = /^[A-Za-z][A-Za-z0-9_]*-\d+$/;

/**
 * What links and parents need beyond one row: outward Blocks edges carried to the issue they block, and parents
 * named by Jira's numeric id, looked up among the issues read so far or at the end. Memory grows with the edges and
 * the keys, never with the issues' text (an issue is held only while its parent, named by id, is still to come).
 */
class Book {
  private readonly keys = new Set<string>();
  private readonly idToKey = new Map<string, string>();
  private readonly given = new Set<string>(); // "blocked\0blocker" for issues already yielded
  private readonly pending = new Map<string, { blocker: string; row: number | null }[]>();
  private readonly late: { blocker: string; blocked: string; row: number | null }[] = [];
  readonly held: { issue: ImportIssue; row: number; parentId: string }[] = [];

  private readonly rows = new Map<string, number>();

  noteId(id: string, key: string) {
    if (id) this.idToKey.set(id, key);
  }

  /** The row that already held this key, or null (and the key is now taken by `row`). */
  seenAt(key: string, row: number): number | null {
    const at = this.rows.get(key);
    if (at !== undefined) return at;
    this.rows.set(key, row);
    return null;
  }

  keyOf(id: string): string | undefined {
    return this.idToKey.get(id);
  }

  /** `blocker` blocks `blocked` (read on the blocker's row). */
  blocks(blocker: string, blocked: string, row: number | null) {
    if (blocker === blocked) return;
    if (this.keys.has(blocked)) {
      if (!this.given.has(`${blocked}\u0000${blocker}`)) this.late.push({ blocker, blocked, row });
      return;
    }
    const list = this.pending.get(blocked) ?? [];
    if (!list.some((e) => e.blocker === blocker)) list.push({ blocker, row });
    this.pending.set(blocked, list);
  }

  /** The issue, completed with the edges carried to it, as it is handed over. */
  give(issue: ImportIssue, row: number): ReadItem {
    const carried = this.pending.get(issue.sourceId);
    if (carried) {
      for (const e of carried) {
        if (!issue.blockedBySourceIds.includes(e.blocker)) issue.blockedBySourceIds.push(e.blocker);
      }
      this.pending.delete(issue.sourceId);
    }
    this.keys.add(issue.sourceId);
    for (const blocker of issue.blockedBySourceIds) this.given.add(`${issue.sourceId}\u0000${blocker}`);
    return { issue, row };
  }

  *finish(): Generator<ReadItem> {
    for (const held of this.held) {
      const parent = this.idToKey.get(held.parentId);
      if (parent) held.issue.parentSourceId = parent;
      else {
        yield {
          problem: {
            row: held.row,
            sourceId: held.issue.sourceId,
            message: `The parent (issue id ${held.parentId}) is not in the file; imported without its parent.`,
            skipped: false,
          },
        };
      }
      yield this.give(held.issue, held.row);
    }
    for (const [blocked, list] of this.pending) {
      for (const e of list) {
        yield {
          problem: {
            row: e.row,
            sourceId: e.blocker,
            message: `${e.blocker} blocks ${blocked}, which is not in the file; that edge is not imported.`,
            skipped: false,
          },
        };
      }
    }
    for (const e of this.late) {
      yield {
        problem: {
          row: e.row,
          sourceId: e.blocker,
          message: `${e.blocker} blocks ${e.blocked}, but ${e.blocked} came earlier in the file without that link; that edge is not imported.`,
          skipped: false,
        },
      };
    }
  }
}

/** Hands an issue over now, or holds it while its parent (named by numeric id) is still to come. */
function* handOver(
  book: Book,
  issue: ImportIssue,
  row: number,
  parentId: string | null,
): Generator<ReadItem> {
  if (parentId && !issue.parentSourceId) {
    const key = book.keyOf(parentId);
    if (key) issue.parentSourceId = key;
    else {
      book.held.push({ issue, row, parentId });
      return;
    }
  }
  yield book.give(issue, row);
}

function priorityOf(name: string): { priority: ImportIssue["priority"]; known: boolean } {
  const p = JIRA_PRIORITIES[name.trim().toLowerCase()];
  return p ? { priority: p, known: true } : { priority: "none", known: false };
}

function addOnce(list: string[], value: string) {
  const v = value.trim();
  if (v && !list.includes(v)) list.push(v);
}

// ————————————————————————————————————————————— CSV —————————————————————————————————————————————

const REQUIRED_CSV = ["Issue key", "Summary", "Status", "Created"];
const LINK = /^(Inward|Outward) issue link \((.+)\)$/i;

type Columns = Map<string, number[]>;

export const readJiraCsv: Reader = (input, options) => readCsvRows(input as ByteInput, options.timezone);

async function* readCsvRows(input: ByteInput, timezone: string | undefined): AsyncGenerator<ReadItem> {
  const zone = checkTimeZone(timezone);
  let columns: Columns | null = null;
  let width = 0;
  const book = new Book();
  const people = new Map<string, string>(); // account id → display name, as rows name them
  for await (const record of readCsv(input)) {
    if (!columns) {
      const header = record.cells.map((c) => c.trim());
      const missing = REQUIRED_CSV.filter((name) => !header.includes(name));
      if (missing.length > 0) {
        const linear = header.includes("ID") && header.includes("Title");
        throw invalid(
          `This is not a Jira CSV export: the header has no ${missing.join(", ")} column${missing.length > 1 ? "s" : ""}` +
            (linear ? " (it looks like a Linear export; import it as linear)." : "."),
        );
      }
      columns = new Map();
      header.forEach((name, i) => {
        const list = columns?.get(name) ?? [];
        list.push(i);
        columns?.set(name, list);
      });
      width = header.length;
      continue;
    }
    yield* csvRow(record.cells, record.row, columns, width, zone, book, people);
  }
  if (!columns) throw invalid("This is not a Jira CSV export: the file is empty.");
  yield* book.finish();
}

function* csvRow(
  cells: string[],
  row: number,
  columns: Columns,
  width: number,
  zone: string,
  book: Book,
  people: Map<string, string>,
): Generator<ReadItem> {
  const all = (...names: string[]): string[] => {
    const out: string[] = [];
    for (const name of names) {
      for (const at of columns.get(name) ?? []) {
        const cell = cells[at] ?? "";
        if (cell.trim()) out.push(cell);
      }
    }
    return out;
  };
  const one = (...names: string[]): string => all(...names)[0]?.trim() ?? "";
  const sourceId = one("Issue key");
  if (!sourceId) {
    yield { problem: { row, sourceId: null, message: "The row has no issue key; skipped.", skipped: true } };
    return;
  }
  const problem = (message: string, skipped: boolean): ReadItem => ({
    problem: { row, sourceId, message, skipped },
  });
  if (cells.length > width && cells.slice(width).some((c) => c.trim() !== "")) {
    const extra = cells.length - width;
    yield problem(
      `The row has ${extra} more cell${extra > 1 ? "s" : ""} than the header; they are ignored.`,
      false,
    );
  }
  const title = one("Summary");
  if (!title) {
    yield problem("The row has no summary; skipped.", true);
    return;
  }
  const earlier = book.seenAt(sourceId, row);
  if (earlier !== null) {
    yield problem(`${sourceId} is in the file twice (first in row ${earlier}); this row is skipped.`, true);
    return;
  }
  book.noteId(one("Issue id"), sourceId);

  // people: a name column and, in Jira Cloud exports, an account id column beside it
  const person = (nameCol: string, idCol: string): SourcePerson | null => {
    const name = one(nameCol);
    const id = one(idCol);
    if (!name && !id) return null;
    if (id && name) people.set(id, name);
    return { sourceId: id || name, name: name || people.get(id) || id, email: null };
  };
  const assignee = person("Assignee", "Assignee Id");
  const author = person("Reporter", "Reporter Id") ?? person("Creator", "Creator Id");

  const bad: string[] = [];
  const instant = (...names: string[]): string | null => {
    const text = one(...names);
    if (!text) return null;
    const parsed = parseDate(text, zone);
    if (!parsed) bad.push(`${names[0]} ${JSON.stringify(text)}`);
    return parsed?.iso ?? null;
  };
  const created = instant("Created");
  const updated = instant("Updated");
  const resolved = instant("Resolved");
  const categoryChanged = instant("Status Category Changed");
  const dueText = one("Due date", "Due Date");
  const due = dueText ? parseDate(dueText, zone) : null;
  if (dueText && !due) bad.push(`Due date ${JSON.stringify(dueText)}`);

  const comments: ImportIssue["comments"] = [];
  all("Comment").forEach((cell, i) => {
    // date;author;body — the body may hold semicolons of its own
    const first = cell.indexOf(";");
    const second = first >= 0 ? cell.indexOf(";", first + 1) : -1;
    if (first < 0 || second < 0) {
      bad.push(`Comment ${i + 1} (not date;author;body)`);
      return;
    }
    const dateText = cell.slice(0, first).trim();
    const parsed = parseDate(dateText, zone);
    if (!parsed) {
      bad.push(`Comment ${i + 1} date ${JSON.stringify(dateText)}`);
      return;
    }
    const authorId = cell.slice(first + 1, second).trim();
    comments.push({
      sourceId: `${sourceId}#comment-${i + 1}`,
      author: authorId ? { sourceId: authorId, name: people.get(authorId) ?? authorId, email: null } : null,
      body: wikiToMarkdown(cell.slice(second + 1)),
      createdAt: parsed.iso,
    });
  });
  if (bad.length > 0) {
    yield problem(`Dates that fit no known layout: ${bad.join(", ")}; skipped.`, true);
    return;
  }
  if (!created) {
    yield problem("The row has no Created time; skipped.", true);
    return;
  }

  const statusName = one("Status");
  const resolution = one("Resolution");
  const { status, known } = jiraStatus(statusName, one("Status Category"), resolution);
  if (!known)
    yield problem(
      `Unknown status ${JSON.stringify(statusName)} and no status category; read as todo.`,
      false,
    );
  const priorityName = one("Priority");
  const { priority, known: knownPriority } = priorityOf(priorityName);
  if (!knownPriority) yield problem(`Unknown priority ${JSON.stringify(priorityName)}; read as none.`, false);

  const estimateText = one("Custom field (Story Points)", "Custom field (Story point estimate)");
  let estimate: number | null = null;
  if (estimateText) {
    const n = Number(estimateText);
    if (Number.isFinite(n)) estimate = n;
    else yield problem(`Story points ${JSON.stringify(estimateText)} is not a number; left empty.`, false);
  }

  const labels: string[] = [];
  for (const cell of all("Labels")) for (const label of cell.split(/\s+/)) addOnce(labels, label);
  const sprints = all("Sprint");
  const sprint = sprints.at(-1)?.trim() ?? "";

  // links, by the type named in the column
  const blockedBy: string[] = [];
  const related: string[] = [];
  let duplicateOf: string | null = null;
  for (const [name, positions] of columns) {
    const link = LINK.exec(name);
    if (!link) continue;
    const inward = link[1]?.toLowerCase() === "inward";
    const type = link[2]?.toLowerCase() ?? "";
    for (const at of positions) {
      const other = cells[at]?.trim() ?? "";
      if (!other || other === sourceId) continue;
      if (type === "blocks" || type === "blocker") {
        if (inward) addOnce(blockedBy, other);
        else book.blocks(sourceId, other, row);
      } else if (type.startsWith("relate")) addOnce(related, other);
      else if (type.startsWith("duplicate") && !inward) duplicateOf ??= other;
    }
  }

  let parentKey = one("Parent key", "Custom field (Epic Link)");
  let parentId: string | null = null;
  if (!parentKey) {
    const parent = one("Parent", "Parent id");
    if (KEY.test(parent)) parentKey = parent;
    else if (/^\d+$/.test(parent)) parentId = parent;
  }

  const closedAt =
    status === "done" || status === "canceled" ? (resolved ?? categoryChanged ?? updated) : null;
  const issue: ImportIssue = {
    sourceId,
    sourceUrl: null,
    title,
    description: wikiToMarkdown(all("Description")[0] ?? ""),
    status,
    statusName,
    priority,
    labels,
    assignee,
    author,
    estimate,
    dueDate: due?.date ?? null,
    milestone: one("Fix versions", "Fix Version/s") || null,
    cycle: sprint ? { name: sprint, startsAt: null, endsAt: null } : null,
    parentSourceId: parentKey || null,
    parentKnown: ["Parent key", "Custom field (Epic Link)", "Parent", "Parent id"].some((c) =>
      columns.has(c),
    ),
    blockedBySourceIds: blockedBy,
    relatedSourceIds: related,
    duplicateOfSourceId: duplicateOf,
    createdAt: created,
    updatedAt: updated,
    closedAt,
    comments,
  };
  yield* handOver(book, issue, row, parentId);
}

// ————————————————————————————————————————————— REST JSON —————————————————————————————————————————————

interface JiraUser {
  accountId?: string;
  name?: string;
  key?: string;
  displayName?: string;
  emailAddress?: string;
}

type Fields = Record<string, unknown>;

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

function user(v: unknown): SourcePerson | null {
  const u = obj(v) as JiraUser | null;
  if (!u) return null;
  const id = text(u.accountId) || text(u.name) || text(u.key) || text(u.emailAddress);
  if (!id) return null;
  const email = text(u.emailAddress).toLowerCase() || null;
  return { sourceId: id, name: text(u.displayName) || text(u.name) || id, email };
}

function richText(v: unknown): string {
  if (typeof v === "string") return wikiToMarkdown(v);
  return adfToMarkdown(v);
}

/** A field holding sprints: an array of objects with a board and a state (Jira Software's sprint field). */
function isSprintField(v: unknown): v is Record<string, unknown>[] {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every(
      (s) => obj(s) && "name" in (s as object) && ("boardId" in (s as object) || "state" in (s as object)),
    )
  );
}

export const readJiraJson: Reader = (input, options) => readJsonRows(input as ByteInput, options.timezone);

async function* readJsonRows(input: ByteInput, timezone: string | undefined): AsyncGenerator<ReadItem> {
  const zone = checkTimeZone(timezone);
  const book = new Book();
  let storyPointFields = ["customfield_10016"];
  let sawIssues = false;
  for await (const event of readJsonStream(input, { arrayKey: "issues" })) {
    if (event.kind === "member") {
      if (event.key === "issues") {
        throw invalid("This is not Jira's REST search JSON: its issues member is not an array.");
      }
      if (event.key === "names" && obj(event.value)) {
        const names = obj(event.value) as Record<string, unknown>;
        const found = Object.keys(names).filter((id) =>
          /^story points?( estimate)?$|^story point estimate$/i.test(text(names[id])),
        );
        if (found.length > 0) storyPointFields = found;
      }
      continue;
    }
    if (event.kind === "end") {
      if (!event.sawArray) {
        throw invalid(
          'This is not Jira\'s REST search JSON: it has no "issues" array (expected {"issues":[{"key":…,"fields":{…}}]}).',
        );
      }
      continue;
    }
    const row = event.index;
    const raw = obj(event.value);
    const key = text(raw?.key);
    const fields = obj(raw?.fields);
    if (!raw || !key || !fields) {
      if (!sawIssues && row === 1) {
        throw invalid('This is not Jira\'s REST search JSON: the first issue has no "key" and "fields".');
      }
      yield {
        problem: {
          row,
          sourceId: key || null,
          message: 'The issue has no "key" or "fields"; skipped.',
          skipped: true,
        },
      };
      continue;
    }
    sawIssues = true;
    yield* jsonIssue(raw, key, fields, row, zone, book, storyPointFields);
  }
  yield* book.finish();
}

function* jsonIssue(
  raw: Record<string, unknown>,
  sourceId: string,
  fields: Fields,
  row: number,
  zone: string,
  book: Book,
  storyPointFields: string[],
): Generator<ReadItem> {
  const problem = (message: string, skipped: boolean): ReadItem => ({
    problem: { row, sourceId, message, skipped },
  });
  const earlier = book.seenAt(sourceId, row);
  if (earlier !== null) {
    yield problem(`${sourceId} is in the file twice (first as issue ${earlier}); this one is skipped.`, true);
    return;
  }
  book.noteId(text(raw.id), sourceId);
  const title = text(fields.summary).trim();
  if (!title) {
    yield problem("The issue has no summary; skipped.", true);
    return;
  }
  const bad: string[] = [];
  const instant = (name: string, value: unknown): string | null => {
    const t = text(value);
    if (!t) return null;
    const parsed = parseDate(t, zone);
    if (!parsed) bad.push(`${name} ${JSON.stringify(t)}`);
    return parsed?.iso ?? null;
  };
  const created = instant("created", fields.created);
  const updated = instant("updated", fields.updated);
  const resolved = instant("resolutiondate", fields.resolutiondate);
  const categoryChanged = instant("statuscategorychangedate", fields.statuscategorychangedate);
  const dueText = text(fields.duedate);
  const due = dueText ? parseDate(dueText, zone) : null;
  if (dueText && !due) bad.push(`duedate ${JSON.stringify(dueText)}`);

  const comments: ImportIssue["comments"] = [];
  const commentField = obj(fields.comment);
  const list = Array.isArray(commentField?.comments) ? (commentField.comments as unknown[]) : [];
  list.forEach((c, i) => {
    const comment = obj(c);
    if (!comment) return;
    const at = instant(`comment ${i + 1} created`, comment.created);
    if (!at) return;
    comments.push({
      sourceId: text(comment.id) ? `${sourceId}#comment-${text(comment.id)}` : `${sourceId}#comment-${i + 1}`,
      author: user(comment.author),
      body: richText(comment.body),
      createdAt: at,
    });
  });
  if (bad.length > 0) {
    yield problem(`Dates that could not be read: ${bad.join(", ")}; skipped.`, true);
    return;
  }
  if (!created) {
    yield problem("The issue has no created time; skipped.", true);
    return;
  }
  const total = Number(commentField?.total);
  if (Number.isFinite(total) && total > list.length) {
    yield problem(
      `The file holds ${list.length} of the issue's ${total} comments; only those are imported.`,
      false,
    );
  }

  const statusObj = obj(fields.status);
  const statusName = text(statusObj?.name);
  const category = obj(statusObj?.statusCategory);
  const { status, known } = jiraStatus(
    statusName,
    text(category?.key) || text(category?.name),
    text(obj(fields.resolution)?.name),
  );
  if (!known)
    yield problem(
      `Unknown status ${JSON.stringify(statusName)} and no status category; read as todo.`,
      false,
    );
  const priorityName = text(obj(fields.priority)?.name);
  const { priority, known: knownPriority } = priorityOf(priorityName);
  if (!knownPriority) yield problem(`Unknown priority ${JSON.stringify(priorityName)}; read as none.`, false);

  let estimate: number | null = null;
  for (const id of storyPointFields) {
    const v = fields[id];
    if (typeof v === "number" && Number.isFinite(v)) {
      estimate = v;
      break;
    }
  }

  const labels: string[] = [];
  if (Array.isArray(fields.labels)) for (const l of fields.labels) addOnce(labels, text(l));

  let sprint: { name: string; startsAt: string | null; endsAt: string | null } | null = null;
  for (const [id, value] of Object.entries(fields)) {
    if (!id.startsWith("customfield_") || !isSprintField(value)) continue;
    const last = value.at(-1);
    const name = text(last?.name).trim();
    if (!name) continue;
    const start = parseDate(text(last?.startDate), zone);
    const end = parseDate(text(last?.endDate), zone);
    sprint = { name, startsAt: start?.iso ?? null, endsAt: end?.iso ?? null };
  }

  const blockedBy: string[] = [];
  const related: string[] = [];
  let duplicateOf: string | null = null;
  if (Array.isArray(fields.issuelinks)) {
    for (const l of fields.issuelinks) {
      const link = obj(l);
      const type = obj(link?.type);
      const typeName = text(type?.name).toLowerCase();
      const inward = text(obj(link?.inwardIssue)?.key);
      const outward = text(obj(link?.outwardIssue)?.key);
      const other = inward || outward;
      if (!other || other === sourceId) continue;
      if (typeName === "blocks" || /block/.test(text(type?.outward))) {
        // inwardIssue: this issue "is blocked by" it; outwardIssue: this issue "blocks" it
        if (inward) addOnce(blockedBy, inward);
        else book.blocks(sourceId, outward, row);
      } else if (typeName.startsWith("relate")) addOnce(related, other);
      else if (typeName.startsWith("duplicate") && outward) duplicateOf ??= outward;
    }
  }

  const parent = obj(fields.parent);
  const fixVersions = Array.isArray(fields.fixVersions) ? fields.fixVersions : [];
  const self = text(raw.self);
  let sourceUrl: string | null = null;
  try {
    if (self) sourceUrl = `${new URL(self).origin}/browse/${encodeURIComponent(sourceId)}`;
  } catch {
    sourceUrl = null;
  }

  const closedAt =
    status === "done" || status === "canceled" ? (resolved ?? categoryChanged ?? updated) : null;
  const issue: ImportIssue = {
    sourceId,
    sourceUrl,
    title,
    description: richText(fields.description),
    status,
    statusName,
    priority,
    labels,
    assignee: user(fields.assignee),
    author: user(fields.reporter) ?? user(fields.creator),
    estimate,
    dueDate: due?.date ?? null,
    milestone: text(obj(fixVersions[0])?.name) || null,
    cycle: sprint,
    parentSourceId: text(parent?.key) || null,
    parentKnown: "parent" in fields,
    blockedBySourceIds: blockedBy,
    relatedSourceIds: related,
    duplicateOfSourceId: duplicateOf,
    createdAt: created,
    updatedAt: updated,
    closedAt,
    comments,
  };
  const parentId = issue.parentSourceId ? null : text(parent?.id) || null;
  yield* handOver(book, issue, row, parentId);
}
