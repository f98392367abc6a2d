/**
 * The board: a column per status (or per priority, assignee or cycle, chosen in Display and remembered
 * in this browser), the same filters in the URL as the list. Cards are dragged across columns with the
 * pointer, or with the keyboard (Space to lift, ← → to move between columns, Space to drop, Escape to
 * cancel), or changed with `s`, `p`, `a` on the focused card. A drop sets the column's value (the same
 * PATCH the issue page sends) at once, and it is put back, with a message, if the service refuses. A
 * column shows 50 cards and more on demand; the columns scroll sideways (a column at a time on a phone).
 */
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { memo, useMemo, useState } from "react";
import type { IssuePriority, IssueStatus } from "../../api.ts";
import { useDocumentTitle } from "../../lib/title.ts";
import { useMe } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { ui, usePaletteTargets } from "../../shell/ui.ts";
import { LabelChips } from "../../ui/labels.tsx";
import { assigneeName, PriorityIcon, StatusIcon } from "../../ui/meta.tsx";
import { toast } from "../../ui/toast.tsx";
import {
  BOARD_GROUPS,
  type BoardGroup,
  dropChange,
  isBoardGroup,
  readBoardGroup,
  saveBoardGroup,
} from "./board.ts";
import { applyChange, useAssignees, useCycles } from "./data.ts";
import { FilterBar } from "./FilterBar.tsx";
import type { IssueSearch } from "./filters.ts";
import { countLabel, type Group, type IssueRow } from "./grouping.ts";
import { Readiness, useGroups, useIssueView } from "./IssuesPage.tsx";
import { IssueMenus, type MenuKind, openMenu, report } from "./menus.tsx";
import "./issues.css";

const COLUMN_PAGE = 50;

function idOf(active: { data: { current?: Record<string, unknown> } }): string {
  return (active.data.current?.issue as IssueRow | undefined)?.identifier ?? "The issue";
}
function columnOf(over: { data: { current?: Record<string, unknown> } }): string {
  return (over.data.current?.label as string | undefined) ?? "the column";
}
const route = getRouteApi("/$ws/board");

export function BoardRoute() {
  const { ws } = route.useParams();
  return <Board key={ws} ws={ws} search={route.useSearch()} />;
}

/** Arrow keys move a lifted card to the next column left or right (dnd-kit's keyboard sensor). */
const columnJump: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects } = context;
  const dir = event.code === "ArrowRight" ? 1 : event.code === "ArrowLeft" ? -1 : 0;
  if (!collisionRect || dir === 0) return undefined;
  event.preventDefault();
  const center = collisionRect.left + collisionRect.width / 2;
  const columns = [...droppableRects.values()].sort((a, b) => a.left - b.left);
  const target =
    dir > 0
      ? columns.find((r) => r.left > center)
      : [...columns].reverse().find((r) => r.left + r.width < center);
  if (!target) return undefined;
  return {
    x: target.left + (target.width - collisionRect.width) / 2,
    y: Math.max(collisionRect.top, target.top + 8),
  };
};

/** The column under the pointer; with the keyboard (no pointer), the column the card overlaps most. */
const columnUnder: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

export function Board({ ws, search }: { ws: string; search: IssueSearch }) {
  const me = useMe();
  const state = useIssueView("board", search);
  const { sort, effective } = state;
  // the columns' property: the URL's when it names one the board offers, else the one last chosen here
  const by: BoardGroup = isBoardGroup(search.group) ? search.group : readBoardGroup();
  // the board shows the open and closed issues; iced issues are on the list
  const filters = useMemo(() => ({ ...effective, iced: effective.iced ?? false }), [effective]);
  const { groups, loaders, loaded, ready } = useGroups(ws, by, filters, sort, COLUMN_PAGE);
  const assignees = useAssignees(ws, by === "assignee");
  const cycles = useCycles(ws, by === "cycle");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dragging, setDragging] = useState<IssueRow | null>(null);
  const [focused, setFocused] = useState<IssueRow | null>(null);
  const labels = useMemo(
    () => [...new Set(groups.flatMap((g) => g.rows.flatMap((r) => r.labels)))].sort(),
    [groups],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnJump }),
  );

  const move = (issue: IssueRow, column: string) => {
    const drop = dropChange(by, column, { assignees: assignees.list, cycles: cycles.data ?? [] });
    if (!drop || drop.change(issue) === null) return;
    void applyChange(queryClient, ws, [issue], drop.change, `Moving ${issue.identifier}`).then((r) =>
      report(r, drop.words),
    );
  };

  const onDragStart = (e: DragStartEvent) => setDragging((e.active.data.current?.issue as IssueRow) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const issue = e.active.data.current?.issue as IssueRow | undefined;
    if (issue && e.over) move(issue, String(e.over.id));
  };

  const menu = (kind: MenuKind) => {
    if (!focused) {
      toast("Move to a card first (Tab).");
      return;
    }
    openMenu.set({ kind, issues: [focused], labels });
  };
  usePaletteTargets({ issues: focused ? [focused] : [], change: menu });
  useDocumentTitle("Board", me.workspaces.find((w) => w.slug === ws)?.name);
  useShortcut("s", "Change status", "Board", () => menu("status"));
  useShortcut("p", "Change priority", "Board", () => menu("priority"));
  useShortcut("a", "Change assignee", "Board", () => menu("assignee"));
  useShortcut("l", "Change labels", "Board", () => menu("labels"));

  const loading = !ready || groups.every((g) => g.loading);

  return (
    <div className="il-page">
      <header className="page-header">
        <h1>Board</h1>
        <button type="button" className="btn btn-small" onClick={() => ui.createIssue.set({})}>
          New issue
        </button>
      </header>
      <FilterBar
        ws={ws}
        view="board"
        filters={state.filters}
        group={by}
        sort={sort}
        labels={labels}
        onFilters={state.onFilters}
        onDisplay={(next) => {
          if (isBoardGroup(next.group)) saveBoardGroup(next.group);
          state.onDisplay(next);
        }}
        grouping={false}
        groups={BOARD_GROUPS}
      />
      {loaders}
      <p className="sr-only" id="board-help">
        To move a card, focus it and press Space, then the left and right arrows to choose a column and Space
        to drop it; Escape cancels. Or press S, P or A to pick its status, priority or assignee.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={columnUnder}
        // scroll the board only when the card is held at its very edge, not over the last column
        autoScroll={{ threshold: { x: 0.06, y: 0.1 } }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${idOf(active)}.`,
            onDragOver: ({ over }) => (over ? `Over ${columnOf(over)}.` : "Not over a column."),
            onDragEnd: ({ active, over }) =>
              over
                ? `${idOf(active)} moved to ${columnOf(over)}.`
                : "Dropped outside the columns: nothing changed.",
            onDragCancel: () => "Move canceled: nothing changed.",
          },
        }}
      >
        <div className="il-board" aria-busy={loading}>
          {groups.map((g) => (
            <Column
              key={g.key}
              ws={ws}
              by={by}
              group={g}
              fetchingMore={loaded.get(g.key)?.fetchingMore ?? false}
              onMore={() => loaded.get(g.key)?.fetchMore()}
              onFocusCard={setFocused}
              onOpen={(key) => void navigate({ to: "/$ws/issue/$key", params: { ws, key } })}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging ? <CardBody issue={dragging} ws={ws} overlay /> : null}
        </DragOverlay>
      </DndContext>
      <IssueMenus ws={ws} />
    </div>
  );
}

function Column({
  ws,
  by,
  group,
  fetchingMore,
  onMore,
  onFocusCard,
  onOpen,
}: {
  ws: string;
  by: BoardGroup;
  group: Group;
  fetchingMore: boolean;
  onMore: () => void;
  onFocusCard: (issue: IssueRow) => void;
  onOpen: (key: string) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: group.key, data: { label: group.label } });
  return (
    <section
      ref={setNodeRef}
      className={`il-board-column${isOver ? " over" : ""}`}
      aria-label={`${group.label}: ${countLabel(group)} issues`}
    >
      <header className="il-board-column-head">
        <ColumnTitle by={by} group={group} />
        <span className="il-group-count">
          {group.loading && group.rows.length === 0 ? "…" : countLabel(group)}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={`New issue in ${group.label}`}
          onClick={() =>
            ui.createIssue.set(
              by === "status"
                ? { status: group.key as IssueStatus }
                : by === "cycle" && group.key !== "none"
                  ? { cycle: group.key }
                  : {},
            )
          }
        >
          +
        </button>
      </header>
      {!group.loading && group.rows.length === 0 && !group.error && (
        <p className="il-board-empty">No issues</p>
      )}
      <ul className="il-board-cards">
        {group.rows.map((issue) => (
          <Card key={issue.id} ws={ws} issue={issue} onFocusCard={onFocusCard} onOpen={onOpen} />
        ))}
      </ul>
      {group.error && <p className="field-error">Could not load: {group.error.message}</p>}
      {group.hasMore && (
        <button
          type="button"
          className="btn btn-small il-board-more"
          onClick={onMore}
          disabled={fetchingMore}
        >
          {fetchingMore ? "Loading…" : `Show more (${group.rows.length} shown)`}
        </button>
      )}
    </section>
  );
}

/** A column's name: the status or priority with its mark, the assignee with an avatar, the cycle's name. */
function ColumnTitle({ by, group }: { by: BoardGroup; group: Group }) {
  if (by === "status") return <StatusIcon status={group.key as IssueStatus} />;
  if (by === "priority") return <PriorityIcon priority={group.key as IssuePriority} label />;
  if (by === "assignee")
    return (
      <span className="il-board-column-name">
        {group.key !== "none" && (
          <span className={`avatar${group.key.startsWith("con_") ? " agent" : ""}`} aria-hidden="true">
            {(group.label.trim()[0] ?? "?").toUpperCase()}
          </span>
        )}
        <span className="il-board-column-label">{group.label}</span>
      </span>
    );
  return (
    <span className="il-board-column-name">
      <span className="il-board-column-label">{group.label}</span>
    </span>
  );
}

const Card = memo(function Card({
  ws,
  issue,
  onFocusCard,
  onOpen,
}: {
  ws: string;
  issue: IssueRow;
  onFocusCard: (issue: IssueRow) => void;
  onOpen: (key: string) => void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: issue.id, data: { issue } });
  return (
    <li className="il-board-card-item">
      {/* biome-ignore lint/a11y/useSemanticElements: a card holds a link, which a <button> may not */}
      <div
        ref={setNodeRef}
        {...attributes}
        tabIndex={0}
        {...listeners}
        role="button"
        aria-roledescription="draggable issue"
        aria-describedby="board-help"
        aria-label={`${issue.identifier} ${issue.title}`}
        data-card-id={issue.identifier}
        className={`il-board-card${isDragging ? " dragging" : ""}`}
        onFocus={() => onFocusCard(issue)}
        onKeyDown={(e) => {
          // Enter opens the issue; Space lifts the card (dnd-kit would lift on both)
          if (e.key === "Enter") {
            e.preventDefault();
            onOpen(issue.identifier);
            return;
          }
          listeners?.onKeyDown?.(e);
        }}
        onDoubleClick={() => onOpen(issue.identifier)}
      >
        <CardBody issue={issue} ws={ws} />
      </div>
    </li>
  );
});

function CardBody({ issue, ws, overlay }: { issue: IssueRow; ws: string; overlay?: boolean }) {
  return (
    <div className={`il-board-card-body${overlay ? " overlay" : ""}`}>
      <div className="il-board-card-top">
        <span className="identifier">{issue.identifier}</span>
        <PriorityIcon priority={issue.priority} />
        <span className="il-board-card-assignee" title={assigneeName(issue.assignee)}>
          {issue.assignee ? (
            <span
              className={`avatar${issue.assignee.type === "agent" ? " agent" : ""}`}
              role="img"
              aria-label={assigneeName(issue.assignee)}
            >
              {issue.assignee.type === "agent"
                ? "⚙"
                : (issue.assignee.name || issue.assignee.email).slice(0, 1).toUpperCase()}
            </span>
          ) : null}
        </span>
      </div>
      <Link
        to="/$ws/issue/$key"
        params={{ ws, key: issue.identifier }}
        className="il-board-card-title"
        tabIndex={-1}
        draggable={false}
      >
        {issue.title}
      </Link>
      <div className="il-board-card-meta">
        <Readiness issue={issue} />
        <LabelChips ws={ws} names={issue.labels} />
      </div>
    </div>
  );
}
