/** Names, order and marks of statuses and priorities: shape and text, never colour alone. */
import type { Issue, IssuePriority, IssueStatus } from "../api.ts";

export const STATUSES: { value: IssueStatus; label: string }[] = [
  { value: "backlog", label: "Backlog" },
  { value: "todo", label: "Todo" },
  { value: "in_progress", label: "In progress" },
  { value: "in_review", label: "In review" },
  { value: "done", label: "Done" },
  { value: "canceled", label: "Canceled" },
  { value: "iced", label: "Iced" },
];
export const STATUS_LABEL = Object.fromEntries(STATUSES.map((s) => [s.value, s.label])) as Record<
  IssueStatus,
  string
>;

export const PRIORITIES: { value: IssuePriority; label: string }[] = [
  { value: "urgent", label: "Urgent" },
  { value: "high", label: "High" },
  { value: "medium", label: "Medium" },
  { value: "low", label: "Low" },
  { value: "none", label: "No priority" },
];
export const PRIORITY_LABEL = Object.fromEntries(PRIORITIES.map((p) => [p.value, p.label])) as Record<
  IssuePriority,
  string
>;

const STATUS_GLYPH: Record<IssueStatus, string> = {
  backlog: "◌",
  todo: "○",
  in_progress: "◐",
  in_review: "◑",
  done: "●",
  canceled: "⊘",
  iced: "❄",
};

export function StatusIcon({ status, label = true }: { status: IssueStatus; label?: boolean }) {
  return (
    <span className={`status status-${status}`}>
      <span className="status-glyph" aria-hidden="true">
        {STATUS_GLYPH[status]}
      </span>
      {label ? (
        <span className="status-label">{STATUS_LABEL[status]}</span>
      ) : (
        <span className="sr-only">{STATUS_LABEL[status]}</span>
      )}
    </span>
  );
}

const PRIORITY_BARS: Record<IssuePriority, string> = {
  urgent: "!!!",
  high: "▮▮▮",
  medium: "▮▮▯",
  low: "▮▯▯",
  none: "—",
};

export function PriorityIcon({ priority, label = false }: { priority: IssuePriority; label?: boolean }) {
  return (
    <span className={`priority priority-${priority}`} title={PRIORITY_LABEL[priority]}>
      <span aria-hidden="true" className="priority-glyph">
        {PRIORITY_BARS[priority]}
      </span>
      {label ? (
        <span>{PRIORITY_LABEL[priority]}</span>
      ) : (
        <span className="sr-only">{PRIORITY_LABEL[priority]}</span>
      )}
    </span>
  );
}

/** "Ada Lovelace", "Claude (agent for Ada)", or "Unassigned". */
export function assigneeName(a: Issue["assignee"]): string {
  if (!a) return "Unassigned";
  if (a.type === "agent") return `${a.name} (agent for ${a.for.name})`;
  return a.name || a.email;
}
