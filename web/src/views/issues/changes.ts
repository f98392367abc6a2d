/** The changes the list's menus make, as PATCH bodies and the row each leaves behind. */
import type { Issue, IssuePriority, IssueStatus } from "../../api.ts";
import { PRIORITY_LABEL, STATUS_LABEL } from "../../ui/meta.tsx";
import type { Change, ChangeFor } from "./data.ts";
import type { IssueRow } from "./grouping.ts";

export function setStatus(status: Exclude<IssueStatus, "iced">): ChangeFor {
  return (issue) => (issue.status === status ? null : { body: { status }, view: { status } });
}

export function setPriority(priority: IssuePriority): ChangeFor {
  return (issue) => (issue.priority === priority ? null : { body: { priority }, view: { priority } });
}

/** `assignee` as the row shows it, or null to unassign. */
export function setAssignee(assignee: Issue["assignee"]): ChangeFor {
  return (issue) =>
    (issue.assignee?.id ?? null) === (assignee?.id ?? null)
      ? null
      : { body: { assignee: assignee ? assignee.id : null }, view: { assignee } };
}

export function setCycle(cycle: { id: string; name: string; space?: string } | null): ChangeFor {
  return (issue) => {
    if ((issue.cycle?.id ?? null) === (cycle?.id ?? null)) return null;
    return {
      body: { cycle: cycle?.id ?? null },
      view: { cycle: cycle ? { id: cycle.id, name: cycle.name } : null },
    };
  };
}

export function setMilestone(milestone: { id: string; name: string } | null): ChangeFor {
  return (issue) => {
    if ((issue.milestone?.id ?? null) === (milestone?.id ?? null)) return null;
    return {
      body: { milestone: milestone?.id ?? null },
      view: { milestone: milestone ? { id: milestone.id, name: milestone.name } : null },
    };
  };
}

/** Adds the label to every issue, or when they all have it already, removes it from each. */
export function toggleLabel(label: string, issues: IssueRow[]): ChangeFor {
  const remove = issues.length > 0 && issues.every((i) => i.labels.includes(label));
  return (issue): Change | null => {
    const has = issue.labels.includes(label);
    if (remove === !has) return null;
    const labels = remove ? issue.labels.filter((l) => l !== label) : [...issue.labels, label];
    return { body: { labels }, view: { labels } };
  };
}

/** "ENG-4" or "3 issues". */
export function whom(issues: Pick<IssueRow, "identifier">[]): string {
  return issues.length === 1 ? issues[0]!.identifier : `${issues.length} issues`;
}

export function statusWords(status: IssueStatus): string {
  return STATUS_LABEL[status];
}
export function priorityWords(priority: IssuePriority): string {
  return PRIORITY_LABEL[priority];
}
