/**
 * Linear's CSV export (Settings → Import / Export → Export CSV) as normalized import rows.
 *
 * Linear writes two shapes. The 30-column one:
 *   ID, Team, Title, Description, Status, Estimate, Priority, Project ID, Project, Creator, Assignee, Labels,
 *   Cycle Number, Cycle Name, Cycle Start, Cycle End, Created, Updated, Started, Triaged, Completed, Canceled,
 *   Archived, Due Date, Parent issue, Initiatives, Project Milestone ID, Project Milestone, SLA Status, Roadmaps
 * and the 34-column one, which ends `… SLA Status, UUID, Time in status (minutes), Related to, Blocked by,
 * Duplicate of` (only it carries relations). Columns are found by name, so either shape (and a reordered or trimmed
 * one) reads; `ID`, `Title` and `Status` must be there, or the file is refused before any row.
 *
 * Values: dates are a browser's `Date.toString()` (`Wed Nov 26 2026 10:15:00 GMT+0000 (…)`) or ISO 8601; people are
 * a name or an email; labels and relations are lists joined by commas; a cell that would start a spreadsheet
 * formula (`=`, `+`, `-`, `@`, tab, CR) is guarded with a leading `'`, which is removed. A row shorter than the header
 * reads its missing cells as empty; cells past the header's end are reported and ignored.
 *
 * Status: Linear's own names first (Backlog and Triage → backlog, Todo → todo, In Progress and In Review →
 * in progress, Done → done, Canceled and Duplicate → canceled); a team's own name falls back to the row's times
 * (Canceled, then Completed, then Started), then to the words in the name; a name nothing decides is read as todo
 * and reported. Priority: Urgent, High, Medium, Low, and No priority (or empty) → none.
 */
import { invalid } from "../../errors.ts";
import { readCsv } from "./csv.ts";
import { checkTimeZone, dateInZone, parseDate } from "./dates.ts";
import type { ImportIssue, Reader, ReadItem, SourcePerson, StatusCategory } from "./rows.ts";

const REQUIRED = ["ID", "Title", "Status"] as const;

const COLUMNS = [
  "ID",
  "Team",
  "Title",
  "Description",
  "Status",
  "Estimate",
  "Priority",
  "Project",
  "Creator",
  "Assignee",
  "Labels",
  "Cycle Number",
  "Cycle Name",
  "Cycle Start",
  "Cycle End",
  "Created",
  "Updated",
  "Started",
  "Completed",
  "Canceled",
  "Due Date",
  "Parent issue",
  "Project Milestone",
  "Related to",
  "Blocked by",
  "Duplicate of",
] as const;
type Column = (typeof COLUMNS)[number];

/** Linear's default workflow names (by their status type) */
export const LINEAR_STATUSES: Record<string, StatusCategory> = {
  triage: "backlog",
  backlog: "backlog",
  todo: "todo",
  "to do": "todo",
  unstarted: "todo",
  "in progress": "in_progress",
  "in review": "in_progress",
  started: "in_progress",
  done: "done",
  completed: "done",
  canceled: "canceled",
  cancelled: "canceled",
  duplicate: "canceled",
};

export const LINEAR_PRIORITIES: Record<string, ImportIssue["priority"]> = {
  urgent: "urgent",
  high: "high",
  medium: "medium",
  low: "low",
  "no priority": "none",
  none: "none",
  "": "none",
};

/** The category a status name's words suggest, for names a team chose itself; null when they say nothing. */
export function statusByWords(name: string): StatusCategory | null {
  const n = name.toLowerCase();
  if (/cancel|won'?t|not planned|declined|rejected|obsolete|duplicate|invalid|abandon/.test(n))
    return "canceled";
  if (/\b(done|complete|completed|closed|resolved|shipped|released|merged|finished|fixed)\b/.test(n))
    return "done";
  if (/progress|review|doing|started|testing|\bqa\b|verif|develop|block/.test(n)) return "in_progress";
  if (/backlog|triage|icebox|idea|someday|later/.test(n)) return "backlog";
  if (/\b(to ?do|open|new|ready|planned|selected|next|up next)\b/.test(n)) return "todo";
  return null;
}

/** A leading `'` put before a cell that a spreadsheet would read as a formula, taken off. */
export function unguard(value: string): string {
  if (value.length > 1 && value.charCodeAt(0) === 39 /* ' */) {
    const c = value[1];
    if (c === "=" || c === "+" || c === "-" || c === "@" || c === "\t" || c === "\r") return value.slice(1);
  }
  return value;
}

/** A person as a CSV cell names them: an email, or a display name. */
export function personFromCell(value: string): SourcePerson | null {
  const v = value.trim();
  if (!v) return null;
  const email = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v) ? v.toLowerCase() : null;
  return { sourceId: email ?? v, name: email ? v.slice(0, v.indexOf("@")) : v, email };
}

/** A list joined by commas (labels, issue identifiers), each trimmed, empties and repeats left out. */
export function splitList(value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(",")) {
    const v = part.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

export const readLinearCsv: Reader = (input, options) => read(input, options.timezone);

async function* read(input: Parameters<Reader>[0], timezone: string | undefined): AsyncGenerator<ReadItem> {
  const zone = checkTimeZone(timezone);
  let index: Map<Column, number> | null = null;
  let width = 0;
  const seen = new Map<string, number>(); // ID → the row that held it
  for await (const record of readCsv(input)) {
    if (!index) {
      const header = record.cells.map((c) => c.trim());
      const missing = REQUIRED.filter((name) => !header.includes(name));
      if (missing.length > 0) {
        const jira = header.includes("Issue key") && header.includes("Summary");
        throw invalid(
          `This is not a Linear CSV export: the header has no ${missing.join(", ")} column${missing.length > 1 ? "s" : ""}` +
            (jira ? " (it looks like a Jira export; import it as jira)." : "."),
        );
      }
      index = new Map();
      for (const name of COLUMNS) {
        const at = header.indexOf(name);
        if (at >= 0) index.set(name, at);
      }
      width = header.length;
      continue;
    }
    yield* readRow(record.cells, record.row, index, width, zone, seen);
  }
  if (!index) throw invalid("This is not a Linear CSV export: the file is empty.");
}

function* readRow(
  cells: string[],
  row: number,
  index: Map<Column, number>,
  width: number,
  zone: string,
  seen: Map<string, number>,
): Generator<ReadItem> {
  const get = (name: Column): string => {
    const at = index.get(name);
    return at === undefined ? "" : unguard(cells[at] ?? "");
  };
  const sourceId = get("ID").trim();
  if (!sourceId) {
    yield { problem: { row, sourceId: null, message: "The row has no ID; skipped.", skipped: true } };
    return;
  }
  const problem = (message: string, skipped: boolean): ReadItem => ({
    problem: { row, sourceId, message, skipped },
  });
  if (cells.length > width && cells.slice(width).some((c) => c.trim() !== "")) {
    yield problem(
      `The row has ${cells.length - width} more cell${cells.length - width > 1 ? "s" : ""} than the header; they are ignored.`,
      false,
    );
  }
  const title = get("Title").trim();
  if (!title) {
    yield problem("The row has no title; skipped.", true);
    return;
  }
  const earlier = seen.get(sourceId);
  if (earlier !== undefined) {
    yield problem(`${sourceId} is in the file twice (first in row ${earlier}); this row is skipped.`, true);
    return;
  }
  seen.set(sourceId, row);

  // times: one that cannot be read skips the row (a row is imported whole or not at all)
  const bad: string[] = [];
  const instant = (name: Column): string | null => {
    const text = get(name).trim();
    if (!text) return null;
    const parsed = parseDate(text, zone);
    if (!parsed) bad.push(`${name} ${JSON.stringify(text)}`);
    return parsed?.iso ?? null;
  };
  const created = instant("Created");
  const updated = instant("Updated");
  const started = instant("Started");
  const completed = instant("Completed");
  const canceled = instant("Canceled");
  const cycleStart = instant("Cycle Start");
  const cycleEnd = instant("Cycle End");
  const dueText = get("Due Date").trim();
  let dueDate: string | null = null;
  if (dueText) {
    const parsed = parseDate(dueText, zone);
    if (!parsed) bad.push(`Due Date ${JSON.stringify(dueText)}`);
    // a due date is a day; a full time is the day it falls on in the import's time zone
    else dueDate = /^\d{4}-\d{2}-\d{2}$/.test(dueText) ? dueText : dateInZone(Date.parse(parsed.iso), zone);
  }
  if (bad.length > 0) {
    yield problem(`Dates that fit no known layout: ${bad.join(", ")}; skipped.`, true);
    return;
  }
  if (!created) {
    yield problem("The row has no Created time; skipped.", true);
    return;
  }

  const statusName = get("Status").trim();
  let status: StatusCategory | null = LINEAR_STATUSES[statusName.toLowerCase()] ?? null;
  if (!status) {
    if (canceled) status = "canceled";
    else if (completed) status = "done";
    else if (started) status = "in_progress";
    else status = statusByWords(statusName);
  }
  if (!status) {
    status = "todo";
    yield problem(`Unknown status ${JSON.stringify(statusName)}; read as todo.`, false);
  }

  const priorityName = get("Priority").trim();
  let priority = LINEAR_PRIORITIES[priorityName.toLowerCase()];
  if (!priority) {
    priority = "none";
    yield problem(`Unknown priority ${JSON.stringify(priorityName)}; read as none.`, false);
  }

  const estimateText = get("Estimate").trim();
  let estimate: number | null = null;
  if (estimateText) {
    const n = Number(estimateText);
    if (Number.isFinite(n)) estimate = n;
    else yield problem(`Estimate ${JSON.stringify(estimateText)} is not a number; left empty.`, false);
  }

  const cycleNumber = get("Cycle Number").trim();
  const cycleName = get("Cycle Name").trim() || (cycleNumber ? `Cycle ${cycleNumber}` : "");
  const closedAt =
    status === "canceled" ? (canceled ?? completed) : status === "done" ? (completed ?? canceled) : null;

  const issue: ImportIssue = {
    sourceId,
    sourceUrl: null,
    title,
    description: get("Description"),
    status,
    statusName,
    priority,
    labels: splitList(get("Labels")),
    assignee: personFromCell(get("Assignee")),
    author: personFromCell(get("Creator")),
    estimate,
    dueDate,
    milestone: get("Project Milestone").trim() || null,
    cycle: cycleName ? { name: cycleName, startsAt: cycleStart, endsAt: cycleEnd } : null,
    parentSourceId: get("Parent issue").trim() || null,
    parentKnown: index.has("Parent issue"),
    blockedBySourceIds: splitList(get("Blocked by")).filter((id) => id !== sourceId),
    relatedSourceIds: splitList(get("Related to")).filter((id) => id !== sourceId),
    duplicateOfSourceId: splitList(get("Duplicate of"))[0] ?? null,
    createdAt: created,
    updatedAt: updated,
    closedAt: closedAt ?? null,
    comments: [],
  };
  yield { issue, row };
}
