/**
 * The issue list (Issues, My work, Ready work): grouped, filtered and ordered as the URL says,
 * virtualized (only the rows on screen are in the page; each group loads 100 more as the person
 * scrolls into its end), with keyboard focus (`j`/`k`), selection (`x`, shift-click) and changes to
 * the focused or selected issues (`s`, `p`, `a`, `l`, and the bulk bar).
 */
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useStore } from "../../lib/store.ts";
import { exactTime, shortDate } from "../../lib/time.ts";
import { useDocumentTitle } from "../../lib/title.ts";
import { useMe } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { ui, usePaletteTargets } from "../../shell/ui.ts";
import { LabelChips, useLabels } from "../../ui/labels.tsx";
import { assigneeName, PriorityIcon, StatusIcon } from "../../ui/meta.tsx";
import { toast } from "../../ui/toast.tsx";
import { deleteWithUndo } from "../trash/trash.ts";
import { issuePages, progress, useAssignees, useCycles, useMilestones, useSpaces } from "./data.ts";
import { hiddenClasses, hiddenProps } from "./display.ts";
import { FilterBar } from "./FilterBar.tsx";
import {
  apiQuery,
  displayOf,
  effectiveFilters,
  filtersOf,
  type GroupBy,
  type IssueFilters,
  type IssueSearch,
  matchesNothing,
  type Sort,
  searchOf,
  type View,
} from "./filters.ts";
import {
  bucket,
  countLabel,
  type Group,
  type GroupContext,
  type GroupDef,
  type GroupPages,
  groupsFor,
  type IssueRow,
  type Line,
  lines as toLines,
} from "./grouping.ts";
import { IssueMenus, type MenuKind, openMenu } from "./menus.tsx";
import { SaveViewButton } from "./SavedViews.tsx";
import "./issues.css";

const TITLES: Record<View, string> = { all: "Issues", mine: "My work", ready: "Ready work", board: "Board" };
/** A row's design height (Linear's density): issues.css draws .il-row at it, and a browser test checks none is taller. */
const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 36;
/** Lines that fill a tall screen. */
const SCREENFUL = 30;

/** The URL's state of an issue view and how to change it (replacing the history entry, as Linear does). */
export function useIssueView(view: View, search: IssueSearch) {
  const navigate = useNavigate();
  const filters = useMemo(() => filtersOf(search), [search]);
  const display = displayOf(view, search);
  const setSearch = useCallback(
    (next: IssueSearch) => void navigate({ to: ".", search: next as never, replace: true }),
    [navigate],
  );
  const onFilters = useCallback(
    (next: IssueFilters) => setSearch(searchOf(next, { group: search.group, sort: search.sort })),
    [setSearch, search.group, search.sort],
  );
  const onDisplay = useCallback(
    (next: { group?: GroupBy; sort?: Sort }) => setSearch({ ...search, ...next }),
    [setSearch, search],
  );
  return { filters, effective: effectiveFilters(view, filters), ...display, onFilters, onDisplay };
}

/** What grouping needs: spaces, people and agents, cycles, milestones (each read only when grouped by it). */
export function useGroupContext(ws: string, by: GroupBy): GroupContext | null {
  const me = useMe();
  const spaces = useSpaces(ws);
  const assignees = useAssignees(ws, by === "assignee");
  const cycles = useCycles(ws, by === "cycle");
  const milestones = useMilestones(ws, by === "milestone");
  const waiting =
    (by === "assignee" && assignees.loading) ||
    (by === "cycle" && cycles.isLoading) ||
    (by === "milestone" && milestones.isLoading) ||
    (by === "space" && spaces.length === 0);
  if (waiting) return null;
  return {
    spaces,
    assignees: assignees.list.map((a) => ({ id: a.id, label: a.label })),
    meId: me.person.id,
    cycles: (cycles.data ?? []).map((c) => ({ id: c.id, name: c.name, space: c.space })),
    milestones: (milestones.data ?? []).map((m) => ({ id: m.id, name: m.name })),
  };
}

type Loaded = GroupPages & { fetchMore: () => void; fetchingMore: boolean; retry: () => void };

/** Reads one group's pages and reports them up; renders nothing. */
function GroupLoader({
  ws,
  groupKey,
  query,
  limit,
  onReport,
}: {
  ws: string;
  groupKey: string;
  query: Record<string, string>;
  limit?: number;
  onReport: (key: string, loaded: Loaded) => void;
}) {
  const q = useInfiniteQuery(issuePages(ws, query, limit));
  const { data, hasNextPage, isFetchingNextPage, isLoading, error, fetchNextPage, refetch } = q;
  const rows = useMemo(() => (data?.pages.flatMap((p) => p.data) ?? []) as IssueRow[], [data]);
  useEffect(() => {
    onReport(groupKey, {
      rows,
      hasMore: Boolean(hasNextPage),
      loading: isLoading,
      error,
      fetchingMore: isFetchingNextPage,
      fetchMore: () => void fetchNextPage(),
      retry: () => void refetch(),
    });
  }, [groupKey, rows, hasNextPage, isLoading, error, isFetchingNextPage, fetchNextPage, refetch, onReport]);
  return null;
}

/** The groups of a view with their loaded rows; renders the loaders. */
export function useGroups(ws: string, by: GroupBy, filters: IssueFilters, sort: Sort, limit?: number) {
  const ctx = useGroupContext(ws, by);
  // the context is rebuilt on each render: its contents, not its identity, decide the groups
  const ctxKey = ctx ? JSON.stringify(ctx) : null;
  const defs: GroupDef[] = useMemo(
    () =>
      ctxKey && !matchesNothing(filters) ? groupsFor(by, filters, JSON.parse(ctxKey) as GroupContext) : [],
    [ctxKey, by, filters],
  );
  const [loaded, setLoaded] = useState<Map<string, Loaded>>(new Map());
  const onReport = useCallback((key: string, l: Loaded) => {
    setLoaded((m) => new Map(m).set(key, l));
  }, []);
  const loaders = defs.map((d) => (
    <GroupLoader
      key={`${ws}:${d.key}`}
      ws={ws}
      groupKey={d.key}
      query={apiQuery({ ...filters, ...d.filter }, sort)}
      limit={limit}
      onReport={onReport}
    />
  ));
  const groups = useMemo(() => bucket(by, defs, loaded as Map<string, GroupPages>), [by, defs, loaded]);
  return { groups, loaders, loaded, ready: ctx !== null };
}

export function IssuesPage({
  ws,
  view,
  search,
}: {
  ws: string;
  view: Exclude<View, "board">;
  search: IssueSearch;
}) {
  const me = useMe();
  const queryClient = useQueryClient();
  const hidden = useStore(hiddenProps);
  const state = useIssueView(view, search);
  const { group, sort, effective } = state;
  const grouped = group !== "none";
  const { groups, loaders, loaded, ready } = useGroups(ws, group, effective, sort);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const allLines = useMemo(() => toLines(groups, collapsed, grouped), [groups, collapsed, grouped]);
  const rowLines = useMemo(
    () => allLines.filter((l): l is Extract<Line, { kind: "row" }> => l.kind === "row"),
    [allLines],
  );
  // the filter and the labels menu offer the workspace's labels, and any the loaded issues carry
  const workspaceLabels = useLabels(ws);
  const labels = useMemo(
    () =>
      [
        ...new Set([
          ...(workspaceLabels.data ?? []).map((l) => l.name),
          ...groups.flatMap((g) => g.rows.flatMap((r) => r.labels)),
        ]),
      ].sort((a, b) => a.localeCompare(b)),
    [groups, workspaceLabels.data],
  );

  const [focused, setFocused] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const anchor = useRef<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [listHasFocus, setListHasFocus] = useState(false);

  const virtualizer = useVirtualizer({
    count: allLines.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (allLines[i]?.kind === "header" ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => allLines[i]?.key ?? i,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();

  // reaching a group's "more" line loads its next page
  useEffect(() => {
    for (const item of items) {
      const line = allLines[item.index];
      if (line?.kind !== "more") continue;
      const l = loaded.get(line.group.key);
      if (l?.hasMore && !l.fetchingMore && !l.error) l.fetchMore();
    }
  }, [items, allLines, loaded]);

  const rowsById = useMemo(() => new Map(rowLines.map((l) => [l.issue.id, l.issue])), [rowLines]);
  // a selected issue that left the view (filtered out, deleted) leaves the selection
  useEffect(() => {
    setSelected((s) => {
      if ([...s].every((id) => rowsById.has(id))) return s;
      return new Set([...s].filter((id) => rowsById.has(id)));
    });
  }, [rowsById]);

  const focusRow = useCallback(
    (id: string) => {
      setFocused(id);
      const index = allLines.findIndex((l) => l.key === id);
      if (index >= 0) virtualizer.scrollToIndex(index, { align: "auto" });
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]`)
          ?.focus({ preventScroll: true }),
      );
    },
    [allLines, virtualizer],
  );

  const move = (delta: number) => {
    if (rowLines.length === 0) return;
    const at = focused ? rowLines.findIndex((l) => l.issue.id === focused) : -1;
    const next =
      at === -1
        ? delta > 0
          ? 0
          : rowLines.length - 1
        : Math.min(rowLines.length - 1, Math.max(0, at + delta));
    focusRow(rowLines[next]!.issue.id);
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const selectRange = (id: string) => {
    const from = anchor.current ? rowLines.findIndex((l) => l.issue.id === anchor.current) : -1;
    const to = rowLines.findIndex((l) => l.issue.id === id);
    if (from === -1 || to === -1) return toggle(id);
    const [a, b] = from < to ? [from, to] : [to, from];
    setSelected((s) => {
      const n = new Set(s);
      for (let i = a; i <= b; i++) n.add(rowLines[i]!.issue.id);
      return n;
    });
  };
  const targets = (): IssueRow[] => {
    if (selected.size > 0)
      return [...selected].map((id) => rowsById.get(id)).filter((r): r is IssueRow => Boolean(r));
    const f = focused ? rowsById.get(focused) : undefined;
    return f ? [f] : [];
  };
  const menu = (kind: MenuKind) => {
    const issues = targets();
    if (issues.length === 0) {
      toast("Move to an issue first (J / K) or select some (X).");
      return;
    }
    openMenu.set({ kind, issues, labels });
  };

  usePaletteTargets({
    issues: targets(),
    change: menu,
    remove: () => {
      for (const i of targets())
        void deleteWithUndo(queryClient, ws, { type: "issue", id: i.identifier, name: i.identifier });
      setSelected(new Set());
    },
  });
  useDocumentTitle(TITLES[view], me.workspaces.find((w) => w.slug === ws)?.name);

  const group_ = "Issue list";
  useShortcut("j", "Next issue", group_, () => move(1));
  useShortcut("k", "Previous issue", group_, () => move(-1));
  useShortcut("x", "Select the focused issue", group_, () => {
    if (!focused) return move(1);
    anchor.current = focused;
    toggle(focused);
  });
  useShortcut(
    "Enter",
    "Open the focused issue",
    group_,
    () => {
      if (focused)
        void navigate({
          to: "/$ws/issue/$key",
          params: { ws, key: rowsById.get(focused)?.identifier ?? focused },
        });
    },
    listHasFocus && focused !== null,
  );
  useShortcut("s", "Change status", group_, () => menu("status"));
  useShortcut("p", "Change priority", group_, () => menu("priority"));
  useShortcut("a", "Change assignee", group_, () => menu("assignee"));
  useShortcut("l", "Change labels", group_, () => menu("labels"));
  useShortcut("Escape", "Clear the selection", group_, () => setSelected(new Set()), selected.size > 0);

  // the list is drawn once the groups that fill the screen have answered: a group still loading
  // below them shows "Loading more…" and grows where the person is not looking
  const pendingAt = groups.findIndex((g) => g.loading && g.rows.length === 0);
  const linesBefore = groups
    .slice(0, pendingAt === -1 ? groups.length : pendingAt)
    .reduce((n, g) => n + (g.rows.length > 0 ? g.rows.length + 1 : 0), 0);
  const loading = !ready || (pendingAt !== -1 && linesBefore < SCREENFUL);
  const empty = ready && pendingAt === -1 && groups.every((g) => g.rows.length === 0 && !g.hasMore);
  const failed = groups.find((g) => g.error && g.rows.length === 0);

  return (
    <div className="il-page">
      <header className="page-header">
        <h1>{TITLES[view]}</h1>
        {view === "all" && <SaveViewButton ws={ws} />}
        <button type="button" className="btn btn-small" onClick={() => ui.createIssue.set({})}>
          New issue
        </button>
      </header>
      <FilterBar
        ws={ws}
        view={view}
        filters={state.filters}
        group={group}
        sort={sort}
        labels={labels}
        onFilters={state.onFilters}
        onDisplay={state.onDisplay}
      />
      {loaders}
      <BulkBar
        count={selected.size}
        onMenu={menu}
        onClear={() => setSelected(new Set())}
        onSelectAll={() => setSelected(new Set(rowLines.map((l) => l.issue.id)))}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only notes whether focus is in the list */}
      <div
        ref={scroller}
        className={`il-scroller${hiddenClasses(hidden)}`}
        onFocus={() => setListHasFocus(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setListHasFocus(false);
        }}
      >
        {failed ? (
          <div className="empty" role="alert">
            <p>Could not load issues: {failed.error?.message}</p>
            <button type="button" className="btn" onClick={() => loaded.get(failed.key)?.retry()}>
              Try again
            </button>
          </div>
        ) : loading ? (
          <div className="issue-skeleton" role="status" aria-busy="true" aria-label="Loading issues">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
              <div key={i} className="il-row skeleton" />
            ))}
          </div>
        ) : empty ? (
          <EmptyState
            view={view}
            filtered={Object.keys(state.filters).length > 0}
            onClear={() => state.onFilters({})}
          />
        ) : (
          <ul
            aria-label={TITLES[view]}
            className="il-grid"
            data-ws={ws}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const line = allLines[item.index]!;
              const style = { transform: `translateY(${item.start}px)`, height: item.size };
              if (line.kind === "header")
                return (
                  <GroupHeader
                    key={line.key}
                    group={line.group}
                    collapsed={line.collapsed}
                    style={style}
                    onToggle={() =>
                      setCollapsed((c) => {
                        const n = new Set(c);
                        if (n.has(line.group.key)) n.delete(line.group.key);
                        else n.add(line.group.key);
                        return n;
                      })
                    }
                  />
                );
              if (line.kind === "more")
                return (
                  <li key={line.key} className="il-more" style={style}>
                    <span>
                      {loaded.get(line.group.key)?.error ? (
                        <button
                          type="button"
                          className="btn btn-small"
                          onClick={() => loaded.get(line.group.key)?.retry()}
                        >
                          Could not load more: try again
                        </button>
                      ) : (
                        "Loading more…"
                      )}
                    </span>
                  </li>
                );
              const issue = line.issue;
              return (
                <Row
                  key={line.key}
                  ws={ws}
                  issue={issue}
                  style={style}
                  focused={focused === issue.id}
                  selected={selected.has(issue.id)}
                  onFocusRow={setFocused}
                  onSelect={(id, range) => {
                    if (range) selectRange(id);
                    else {
                      anchor.current = id;
                      toggle(id);
                    }
                  }}
                  onOpen={(key) => void navigate({ to: "/$ws/issue/$key", params: { ws, key } })}
                />
              );
            })}
          </ul>
        )}
      </div>
      <IssueMenus ws={ws} />
    </div>
  );
}

function EmptyState({ view, filtered, onClear }: { view: View; filtered: boolean; onClear: () => void }) {
  if (filtered)
    return (
      <div className="empty">
        <p>No issues match these filters.</p>
        <button type="button" className="btn" onClick={onClear}>
          Clear filters
        </button>
      </div>
    );
  const text =
    view === "mine"
      ? "Nothing open is assigned to you."
      : view === "ready"
        ? "No ready work: every open issue is blocked, or there is none."
        : "No issues yet.";
  return (
    <div className="empty">
      <p>{text}</p>
      <button type="button" className="btn btn-primary" onClick={() => ui.createIssue.set({})}>
        New issue <kbd>C</kbd>
      </button>
    </div>
  );
}

function GroupHeader({
  group,
  collapsed,
  style,
  onToggle,
}: {
  group: Group;
  collapsed: boolean;
  style: React.CSSProperties;
  onToggle: () => void;
}) {
  return (
    <li className="il-group" style={style}>
      <span className="il-group-cell">
        <button
          type="button"
          className="il-group-toggle"
          aria-expanded={!collapsed}
          aria-label={`${group.label}: ${countLabel(group)} issues. ${collapsed ? "Expand" : "Collapse"}`}
          onClick={onToggle}
        >
          <span aria-hidden="true" className="il-group-caret">
            {collapsed ? "▸" : "▾"}
          </span>
          {isStatus(group.key) ? <StatusIcon status={group.key} /> : <span>{group.label}</span>}
          <span className="il-group-count" aria-hidden="true">
            {countLabel(group)}
          </span>
        </button>
        <button
          type="button"
          className="icon-btn il-group-add"
          aria-label={`New issue in ${group.label}`}
          onClick={() =>
            ui.createIssue.set(isStatus(group.key) && group.key !== "iced" ? { status: group.key } : {})
          }
        >
          +
        </button>
      </span>
    </li>
  );
}

function isStatus(key: string): key is IssueRow["status"] {
  return ["backlog", "todo", "in_progress", "in_review", "done", "canceled", "iced"].includes(key);
}

/** Open, not iced, every blocker closed: ready. Open with an open blocker: blocked. Closed: nothing. */
/**
 * Readiness where it informs: an open issue waiting on a blocker says "Blocked"; a ready one (most of
 * them) shows nothing, so the chip stands out where it matters (the issue page says "Ready" in full).
 */
export function Readiness({ issue }: { issue: Pick<IssueRow, "ready" | "status"> }) {
  if (issue.ready) return null;
  if (["backlog", "todo", "in_progress", "in_review"].includes(issue.status))
    return (
      <span className="badge badge-warn readiness" title="Blocked by an open issue">
        <span aria-hidden="true">✕</span> Blocked
      </span>
    );
  return null;
}

/** "5m", "3h", "2d", or the date. */
export function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (s < 60) return "now";
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  if (s < 30 * 86_400) return `${Math.floor(s / 86_400)}d`;
  return shortDate(iso, now);
}

const Row = memo(function Row({
  issue,
  style,
  focused,
  selected,
  onFocusRow,
  onSelect,
  onOpen,
  ws,
}: {
  ws: string;
  issue: IssueRow;
  style: React.CSSProperties;
  focused: boolean;
  selected: boolean;
  onFocusRow: (id: string) => void;
  onSelect: (id: string, range: boolean) => void;
  onOpen: (key: string) => void;
}) {
  const assignee = assigneeName(issue.assignee);
  return (
    <li
      aria-current={focused ? "true" : undefined}
      data-row-id={issue.id}
      tabIndex={focused ? 0 : -1}
      className={`il-row${focused ? " focused" : ""}${selected ? " selected" : ""}`}
      style={style}
      onFocus={() => onFocusRow(issue.id)}
      onClick={(e) => {
        const target = e.target as HTMLElement;
        if (target.closest("a,button,input")) return;
        if (e.shiftKey) onSelect(issue.id, true);
        else if (e.metaKey || e.ctrlKey) onSelect(issue.id, false);
        else onOpen(issue.identifier);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" && e.target === e.currentTarget) {
          e.preventDefault();
          onOpen(issue.identifier);
        }
      }}
    >
      <span className="il-cell-check">
        <input
          type="checkbox"
          className="il-check"
          checked={selected}
          aria-label={`Select ${issue.identifier}`}
          tabIndex={-1}
          onClick={(e) => {
            e.preventDefault();
            onSelect(issue.id, e.shiftKey);
            // the row keeps focus, so the shortcuts (s, p, a, l) act on the selection next
            (e.currentTarget.closest("li") as HTMLElement | null)?.focus();
          }}
          onChange={() => undefined}
        />
      </span>
      <span className="il-cell-priority">
        <PriorityIcon priority={issue.priority} />
      </span>
      <span className="il-cell-id identifier">{issue.identifier}</span>
      <span className="il-cell-status">
        <StatusIcon status={issue.status} label={false} />
      </span>
      <span className="il-cell-title">
        <Link to="/$ws/issue/$key" params={{ ws, key: issue.identifier }} className="il-title" tabIndex={-1}>
          {issue.title}
        </Link>
        <LabelChips ws={ws} names={issue.labels} />
      </span>
      <span className="il-cell-ready">
        <Readiness issue={issue} />
      </span>
      <span className="il-cell-plan">
        {issue.cycle && (
          <span className="il-plan-chip" title={`Cycle ${issue.cycle.name}`}>
            <span aria-hidden="true">↻</span> <span className="sr-only">Cycle</span> {issue.cycle.name}
          </span>
        )}
        {issue.milestone && (
          <span className="il-plan-chip" title={`Milestone ${issue.milestone.name}`}>
            <span aria-hidden="true">◆</span> <span className="sr-only">Milestone</span>{" "}
            {issue.milestone.name}
          </span>
        )}
      </span>
      <span className="il-cell-assignee" title={assignee}>
        {issue.assignee ? (
          <span
            className={`avatar${issue.assignee.type === "agent" ? " agent" : ""}`}
            aria-label={assignee}
            role="img"
          >
            {issue.assignee.type === "agent"
              ? "⚙"
              : (issue.assignee.name || issue.assignee.email).slice(0, 1).toUpperCase()}
          </span>
        ) : (
          <span className="avatar avatar-none" role="img" aria-label="Unassigned">
            ·
          </span>
        )}
      </span>
      <span className="il-cell-updated muted" title={`Updated ${exactTime(issue.updated_at)}`}>
        <time dateTime={issue.updated_at}>{ago(issue.updated_at)}</time>
      </span>
    </li>
  );
});

function BulkBar({
  count,
  onMenu,
  onClear,
  onSelectAll,
}: {
  count: number;
  onMenu: (kind: MenuKind) => void;
  onClear: () => void;
  onSelectAll: () => void;
}) {
  const p = useStore(progress);
  if (count === 0 && !p) return null;
  return (
    <div className="il-bulk-bar" role="toolbar" aria-label="Change the selected issues">
      <span className="il-bulk-count">{count} selected</span>
      {(["status", "priority", "assignee", "labels", "cycle", "milestone"] as MenuKind[]).map((k) => (
        <button
          key={k}
          type="button"
          className="btn btn-small"
          onClick={() => onMenu(k)}
          disabled={count === 0}
        >
          {k[0]!.toUpperCase() + k.slice(1)}
        </button>
      ))}
      <button type="button" className="btn btn-small btn-ghost" onClick={onSelectAll}>
        Select all loaded
      </button>
      <button type="button" className="btn btn-small btn-ghost" onClick={onClear}>
        Clear selection <kbd>Esc</kbd>
      </button>
      <span className="il-bulk-progress" role="status" aria-live="polite">
        {p ? (
          <>
            {p.label}: {p.done} of {p.total}
            <progress max={p.total} value={p.done} aria-hidden="true" />
          </>
        ) : null}
      </span>
    </div>
  );
}
