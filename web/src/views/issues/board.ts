/**
 * The board's columns, apart from React: what they can be grouped by (status, priority, assignee,
 * cycle), the grouping remembered in this browser, and the change a card dropped in a column makes to
 * its issue (the same PATCH the issue page sends).
 */
import type { Issue, IssuePriority, IssueStatus } from "../../api.ts";
import { PRIORITY_LABEL, STATUS_LABEL } from "../../ui/meta.tsx";
import { setAssignee, setCycle, setPriority, setStatus } from "./changes.ts";
import type { ChangeFor } from "./data.ts";
import type { GroupBy } from "./filters.ts";
import type { GroupContext } from "./grouping.ts";

export const BOARD_GROUPS = ["status", "priority", "assignee", "cycle"] as const satisfies readonly GroupBy[];
export type BoardGroup = (typeof BOARD_GROUPS)[number];

export function isBoardGroup(value: unknown): value is BoardGroup {
  return (BOARD_GROUPS as readonly unknown[]).includes(value);
}

const KEY = "docket.board.group";

/** The grouping last chosen on the board in this browser; status when none. */
export function readBoardGroup(): BoardGroup {
  try {
    const v = localStorage.getItem(KEY);
    return isBoardGroup(v) ? v : "status";
  } catch {
    return "status";
  }
}

export function saveBoardGroup(group: BoardGroup): void {
  try {
    if (group === "status") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, group);
  } catch {
    // without storage the choice lasts while the URL keeps it
  }
}

/** An assignee as the board's context knows it, for the row's optimistic view. */
export interface AssigneeChoice {
  id: string;
  label: string;
  kind: "person" | "agent";
  email?: string;
  agent?: { name: string; for: { person_id: string; name: string } };
}

/**
 * The change dropping a card in the column `key` makes, and how the toast says it ("moved to In
 * progress", "priority High"); null when the column's value cannot be set by a drop (iced, an unknown
 * column).
 */
export function dropChange(
  by: BoardGroup,
  key: string,
  ctx: { assignees: AssigneeChoice[]; cycles: GroupContext["cycles"] },
): { change: ChangeFor; words: string } | null {
  switch (by) {
    case "status": {
      if (!Object.hasOwn(STATUS_LABEL, key) || key === "iced") return null;
      const status = key as Exclude<IssueStatus, "iced">;
      return { change: setStatus(status), words: `moved to ${STATUS_LABEL[status]}` };
    }
    case "priority": {
      if (!Object.hasOwn(PRIORITY_LABEL, key)) return null;
      const priority = key as IssuePriority;
      return { change: setPriority(priority), words: `priority ${PRIORITY_LABEL[priority]}` };
    }
    case "assignee": {
      if (key === "none") return { change: setAssignee(null), words: "unassigned" };
      const a = ctx.assignees.find((x) => x.id === key);
      if (!a) return null;
      const name = a.label.replace(/ \(you\)$/, "");
      const view: Issue["assignee"] = a.agent
        ? { type: "agent", id: a.id, name: a.agent.name, for: a.agent.for }
        : { type: "person", id: a.id, name, email: a.email ?? "" };
      return { change: setAssignee(view), words: `assigned to ${name}` };
    }
    case "cycle": {
      if (key === "none") return { change: setCycle(null), words: "no cycle" };
      const c = ctx.cycles.find((x) => x.id === key);
      if (!c) return null;
      return { change: setCycle({ id: c.id, name: c.name }), words: `cycle ${c.name}` };
    }
  }
}
