/**
 * Groups of an issue view. Each group is its own paged query (the view's filters plus the group's
 * value), so a group grows only at its end as the person scrolls into it and its order never changes
 * under them. Rows are then placed by their current value, so an issue changed in place (optimistically,
 * before the refetch) moves to its new group at once.
 */
import type { Issue, IssuePriority, IssueStatus } from "../../api.ts";
import { PRIORITIES, STATUSES } from "../../ui/meta.tsx";
import type { GroupBy, IssueFilters, ViewFilters } from "./filters.ts";

export type IssueRow = Pick<
  Issue,
  | "id"
  | "identifier"
  | "space"
  | "title"
  | "status"
  | "priority"
  | "labels"
  | "assignee"
  | "cycle"
  | "milestone"
  | "ready"
  | "updated_at"
  | "version"
> &
  Partial<Pick<Issue, "created_at" | "estimate" | "due_date" | "parent">>;

export interface GroupDef {
  /** Stable key: the group's value (`todo`, `ENG`, `per_…`, `none`); `all` when not grouped. */
  key: string;
  label: string;
  /** Filters added to the view's for this group's query. */
  filter: IssueFilters;
}

export interface GroupContext {
  spaces: { prefix: string; name: string }[];
  /** People first (the signed-in person's id as `me`), then agent connections. */
  assignees: { id: string; label: string }[];
  meId: string;
  cycles: { id: string; name: string; space: string }[];
  milestones: { id: string; name: string }[];
}

/** The groups a view shows, narrowed by its filters (a status filter shows only those statuses). */
export function groupsFor(by: GroupBy, filters: ViewFilters, ctx: GroupContext): GroupDef[] {
  switch (by) {
    case "none":
      return [{ key: "all", label: "All issues", filter: {} }];
    case "status": {
      let statuses = STATUSES;
      if (filters.status) statuses = statuses.filter((s) => filters.status!.includes(s.value));
      if (filters.iced === true) statuses = statuses.filter((s) => s.value === "iced");
      if (filters.iced === false || filters.ready) statuses = statuses.filter((s) => s.value !== "iced");
      if (filters.ready) statuses = statuses.filter((s) => s.value !== "done" && s.value !== "canceled");
      if (filters.startable) statuses = statuses.filter((s) => s.value === "backlog" || s.value === "todo");
      return statuses.map((s) => ({ key: s.value, label: s.label, filter: { status: [s.value] } }));
    }
    case "priority": {
      let ps = PRIORITIES;
      if (filters.priority) ps = ps.filter((p) => filters.priority!.includes(p.value));
      return ps.map((p) => ({ key: p.value, label: p.label, filter: { priority: [p.value] } }));
    }
    case "space":
      return ctx.spaces
        .filter((s) => !filters.space || filters.space === s.prefix)
        .map((s) => ({ key: s.prefix, label: `${s.prefix} · ${s.name}`, filter: { space: s.prefix } }));
    case "assignee": {
      if (filters.assignee) {
        const who = assigneeKey(filters.assignee, ctx.meId);
        const known = ctx.assignees.find((a) => a.id === who);
        const label = who === "none" ? "Unassigned" : (known?.label ?? filters.assignee);
        return [{ key: who, label, filter: {} }];
      }
      return [
        ...ctx.assignees.map((a) => ({ key: a.id, label: a.label, filter: { assignee: a.id } })),
        { key: "none", label: "Unassigned", filter: { assignee: "none" } },
      ];
    }
    case "cycle": {
      if (filters.cycle) {
        const c = ctx.cycles.find((x) => x.id === filters.cycle);
        const label = filters.cycle === "none" ? "No cycle" : c ? `${c.space} · ${c.name}` : filters.cycle;
        return [{ key: filters.cycle, label, filter: {} }];
      }
      return [
        ...ctx.cycles
          .filter((c) => !filters.space || c.space === filters.space)
          .map((c) => ({ key: c.id, label: `${c.space} · ${c.name}`, filter: { cycle: c.id } })),
        { key: "none", label: "No cycle", filter: { cycle: "none" } },
      ];
    }
    case "milestone": {
      if (filters.milestone) {
        const m = ctx.milestones.find((x) => x.id === filters.milestone);
        const label = filters.milestone === "none" ? "No milestone" : (m?.name ?? filters.milestone);
        return [{ key: filters.milestone, label, filter: {} }];
      }
      return [
        ...ctx.milestones.map((m) => ({ key: m.id, label: m.name, filter: { milestone: m.id } })),
        { key: "none", label: "No milestone", filter: { milestone: "none" } },
      ];
    }
  }
}

function assigneeKey(value: string, meId: string): string {
  return value === "me" ? meId : value;
}

/** The group an issue belongs to now. */
export function groupKeyOf(by: GroupBy, issue: IssueRow): string {
  switch (by) {
    case "none":
      return "all";
    case "status":
      return issue.status;
    case "priority":
      return issue.priority;
    case "space":
      return issue.space;
    case "assignee":
      return issue.assignee?.id ?? "none";
    case "cycle":
      return issue.cycle?.id ?? "none";
    case "milestone":
      return issue.milestone?.id ?? "none";
  }
}

export interface GroupPages {
  rows: IssueRow[];
  hasMore: boolean;
  loading: boolean;
  error?: Error | null;
}

export interface Group extends GroupDef {
  rows: IssueRow[];
  hasMore: boolean;
  loading: boolean;
  error: Error | null;
}

/**
 * The rows of each group from the pages each group's query loaded. A row sits in the group of its
 * current value: when it moved (changed here before its query was refetched) it leaves its old group
 * and joins the end of its new one; a row two queries hold is shown once.
 */
export function bucket(by: GroupBy, defs: GroupDef[], loaded: Map<string, GroupPages>): Group[] {
  const placed = new Map<string, IssueRow[]>(defs.map((d) => [d.key, []]));
  const strays: IssueRow[] = [];
  const seen = new Set<string>();
  const single = defs.length === 1;
  for (const def of defs) {
    for (const row of loaded.get(def.key)?.rows ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const key = single ? def.key : groupKeyOf(by, row);
      if (key === def.key) placed.get(def.key)!.push(row);
      else strays.push(row);
    }
  }
  for (const row of strays) placed.get(groupKeyOf(by, row))?.push(row);
  return defs.map((d) => {
    const pages = loaded.get(d.key);
    return {
      ...d,
      rows: placed.get(d.key)!,
      hasMore: pages?.hasMore ?? false,
      loading: pages ? pages.loading : true,
      error: pages?.error ?? null,
    };
  });
}

/** One line of the virtual list: a group's header, an issue, or the "loading more" line that loads the next page. */
export type Line =
  | { kind: "header"; key: string; group: Group; collapsed: boolean }
  | { kind: "row"; key: string; group: Group; issue: IssueRow }
  | { kind: "more"; key: string; group: Group };

/**
 * The lines of the list: each group's header (hidden when not grouped), its rows unless collapsed, and
 * a trailing line while it has more pages. Groups found empty are left out.
 */
export function lines(groups: Group[], collapsed: ReadonlySet<string>, grouped: boolean): Line[] {
  const out: Line[] = [];
  for (const g of groups) {
    if (grouped && !g.loading && !g.hasMore && g.rows.length === 0 && !g.error) continue;
    const isCollapsed = grouped && collapsed.has(g.key);
    if (grouped) out.push({ kind: "header", key: `h:${g.key}`, group: g, collapsed: isCollapsed });
    if (isCollapsed) continue;
    for (const issue of g.rows) out.push({ kind: "row", key: issue.id, group: g, issue });
    if (g.hasMore || (g.loading && g.rows.length === 0))
      out.push({ kind: "more", key: `m:${g.key}`, group: g });
  }
  return out;
}

/** "12" or "100+" when more pages wait. */
export function countLabel(g: Pick<Group, "rows" | "hasMore">): string {
  return g.hasMore ? `${g.rows.length}+` : String(g.rows.length);
}

/** The order of statuses and priorities, for sorting rows placed by hand. */
export const STATUS_ORDER = Object.fromEntries(STATUSES.map((s, i) => [s.value, i])) as Record<
  IssueStatus,
  number
>;
export const PRIORITY_ORDER = Object.fromEntries(PRIORITIES.map((p, i) => [p.value, i])) as Record<
  IssuePriority,
  number
>;
