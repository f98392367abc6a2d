/**
 * An issue view's state as it lives in the URL: the filters of `GET /v1/issues`, the grouping and the
 * order. Lists are comma-separated (`status=todo,in_progress`) so a shared link stays readable; values
 * the view does not know are dropped rather than refused, so an old link still opens.
 */
import type { IssuePriority, IssueStatus } from "../../api.ts";

export const GROUPS = ["status", "space", "priority", "assignee", "cycle", "milestone", "none"] as const;
export type GroupBy = (typeof GROUPS)[number];
export const GROUP_LABEL: Record<GroupBy, string> = {
  status: "Status",
  space: "Space",
  priority: "Priority",
  assignee: "Assignee",
  cycle: "Cycle",
  milestone: "Milestone",
  none: "No grouping",
};

export const SORTS = ["-updated", "updated", "-created", "created", "priority", "-priority"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABEL: Record<Sort, string> = {
  "-updated": "Last updated",
  updated: "Least recently updated",
  "-created": "Newest",
  created: "Oldest",
  priority: "Priority, most urgent first",
  "-priority": "Priority, least urgent first",
};

const STATUS_VALUES: IssueStatus[] = [
  "backlog",
  "todo",
  "in_progress",
  "in_review",
  "done",
  "canceled",
  "iced",
];
const PRIORITY_VALUES: IssuePriority[] = ["urgent", "high", "medium", "low", "none"];
export const OPEN_STATUSES: IssueStatus[] = ["backlog", "todo", "in_progress", "in_review"];

/** The URL's search params of an issue view (every one optional; defaults are left out of the URL). */
export interface IssueSearch {
  space?: string;
  status?: string;
  priority?: string;
  label?: string;
  assignee?: string;
  cycle?: string;
  milestone?: string;
  parent?: string;
  ready?: boolean;
  iced?: boolean;
  q?: string;
  updated_since?: string;
  group?: GroupBy;
  sort?: Sort;
}

/** The filters, parsed. */
export interface IssueFilters {
  space?: string;
  status?: IssueStatus[];
  priority?: IssuePriority[];
  label?: string[];
  assignee?: string;
  cycle?: string;
  milestone?: string;
  parent?: string;
  ready?: boolean;
  iced?: boolean;
  q?: string;
  updated_since?: string;
}

export type FilterKey = keyof IssueFilters;

/**
 * The filters a view asks for: the person's, and what the view adds that is not theirs to change
 * (`startable`: ready, in backlog or todo, and not claimed; the Ready work view's rule, never in the URL).
 */
export type ViewFilters = IssueFilters & { startable?: boolean };
export const FILTER_KEYS: FilterKey[] = [
  "space",
  "status",
  "priority",
  "label",
  "assignee",
  "cycle",
  "milestone",
  "parent",
  "ready",
  "iced",
  "q",
  "updated_since",
];

function text(value: unknown, max = 200): string | undefined {
  if (typeof value === "number" || typeof value === "boolean") value = String(value);
  if (typeof value !== "string") return undefined;
  const t = value.trim();
  return t && t.length <= max ? t : undefined;
}

function list<T extends string>(value: unknown, allowed?: readonly T[]): T[] | undefined {
  const raw = Array.isArray(value) ? value.map(String).join(",") : text(value, 2000);
  if (!raw) return undefined;
  const out: T[] = [];
  for (const part of raw.split(",")) {
    const v = part.trim() as T;
    if (!v || out.includes(v)) continue;
    if (allowed && !allowed.includes(v)) continue;
    out.push(v);
  }
  return out.length ? out : undefined;
}

function bool(value: unknown): boolean | undefined {
  if (value === true || value === "true" || value === "1" || value === 1) return true;
  if (value === false || value === "false" || value === "0" || value === 0) return false;
  return undefined;
}

/** TanStack Router's validateSearch: the URL's params, cleaned to what the view understands. */
export function validateIssueSearch(raw: Record<string, unknown>): IssueSearch {
  const out: IssueSearch = {};
  const space = text(raw.space, 10);
  if (space && /^[A-Z][A-Z0-9]{1,9}$/.test(space)) out.space = space;
  const status = list(raw.status, STATUS_VALUES);
  if (status) out.status = status.join(",");
  const priority = list(raw.priority, PRIORITY_VALUES);
  if (priority) out.priority = priority.join(",");
  const label = list<string>(raw.label);
  if (label) out.label = label.join(",");
  for (const key of ["assignee", "cycle", "milestone", "parent", "q", "updated_since"] as const) {
    const v = text(raw[key], key === "q" ? 255 : 254);
    if (v) out[key] = v;
  }
  const ready = bool(raw.ready);
  if (ready !== undefined) out.ready = ready;
  const iced = bool(raw.iced);
  if (iced !== undefined) out.iced = iced;
  if (typeof raw.group === "string" && (GROUPS as readonly string[]).includes(raw.group))
    out.group = raw.group as GroupBy;
  if (typeof raw.sort === "string" && (SORTS as readonly string[]).includes(raw.sort))
    out.sort = raw.sort as Sort;
  return out;
}

/** The filters a search holds. */
export function filtersOf(search: IssueSearch): IssueFilters {
  const f: IssueFilters = {};
  if (search.space) f.space = search.space;
  if (search.status) f.status = list(search.status, STATUS_VALUES);
  if (search.priority) f.priority = list(search.priority, PRIORITY_VALUES);
  if (search.label) f.label = list<string>(search.label);
  for (const key of ["assignee", "cycle", "milestone", "parent", "q", "updated_since"] as const)
    if (search[key]) f[key] = search[key];
  if (search.ready !== undefined) f.ready = search.ready;
  if (search.iced !== undefined) f.iced = search.iced;
  return f;
}

/** The search params for filters (the inverse of filtersOf); empty filters leave the URL. */
export function searchOf(
  filters: IssueFilters,
  display: Pick<IssueSearch, "group" | "sort"> = {},
): IssueSearch {
  const s: IssueSearch = {};
  if (filters.space) s.space = filters.space;
  if (filters.status?.length) s.status = filters.status.join(",");
  if (filters.priority?.length) s.priority = filters.priority.join(",");
  if (filters.label?.length) s.label = filters.label.join(",");
  for (const key of ["assignee", "cycle", "milestone", "parent", "q", "updated_since"] as const)
    if (filters[key]) s[key] = filters[key];
  if (filters.ready !== undefined) s.ready = filters.ready;
  if (filters.iced !== undefined) s.iced = filters.iced;
  if (display.group) s.group = display.group;
  if (display.sort) s.sort = display.sort;
  return s;
}

/** What the views add on their own: My work (mine and open), Ready work (startable: what an agent may start). */
export type View = "all" | "mine" | "ready" | "board";
export function fixedFilters(view: View): ViewFilters {
  if (view === "mine") return { assignee: "me", status: OPEN_STATUSES };
  if (view === "ready") return { startable: true };
  return {};
}

/**
 * The filters a view asks for: the person's, narrowed by the view's fixed ones. A status list meets
 * the fixed one (My work filtered to Done shows nothing rather than every open issue).
 */
export function effectiveFilters(view: View, filters: IssueFilters): ViewFilters {
  const fixed = fixedFilters(view);
  const out: ViewFilters = { ...filters, ...fixed };
  if (fixed.status && filters.status) out.status = fixed.status.filter((s) => filters.status!.includes(s));
  return out;
}

/** The `GET /v1/issues` query for filters and an order (no cursor, no limit). */
export function apiQuery(filters: ViewFilters, sort: Sort): Record<string, string> {
  const q: Record<string, string> = { sort };
  if (filters.space) q.space = filters.space;
  if (filters.status) q.status = filters.status.join(",");
  if (filters.priority?.length) q.priority = filters.priority.join(",");
  if (filters.label?.length) q.label = filters.label.join(",");
  for (const key of ["assignee", "cycle", "milestone", "parent", "q", "updated_since"] as const) {
    const v = filters[key];
    if (v) q[key] = key === "updated_since" ? sinceParam(v) : v;
  }
  if (filters.ready !== undefined) q.ready = String(filters.ready);
  if (filters.startable !== undefined) q.startable = String(filters.startable);
  if (filters.iced !== undefined) q.iced = String(filters.iced);
  return q;
}

/** `2026-03-01` means from the start of that day (UTC); a full time is passed as it is. */
export function sinceParam(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value;
}

/** True when the view's filters cannot match anything (a status list narrowed to nothing). */
export function matchesNothing(filters: IssueFilters): boolean {
  return filters.status !== undefined && filters.status.length === 0;
}

/** The default grouping and order of each view. */
export function displayOf(view: View, search: IssueSearch): { group: GroupBy; sort: Sort } {
  return {
    group: search.group ?? (view === "board" ? "status" : view === "ready" ? "priority" : "status"),
    sort: search.sort ?? (view === "ready" ? "priority" : "-updated"),
  };
}
