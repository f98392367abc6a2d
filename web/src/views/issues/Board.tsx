/**
 * The board: a column per status, the same filters in the URL as the list. Cards are dragged across
 * columns with the pointer, or with the keyboard (Space to lift, ← → to move between columns, Space
 * to drop, Escape to cancel), or moved with `s` on the focused card. The status changes at once and is
 * put back, with a message, if the service refuses. A column shows 50 cards and more on demand.
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
import type { IssueStatus } from "../../api.ts";
import { useDocumentTitle } from "../../lib/title.ts";
import { useMe } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { ui, usePaletteTargets } from "../../shell/ui.ts";
import { LabelChips } from "../../ui/labels.tsx";
import { assigneeName, PriorityIcon, STATUS_LABEL, StatusIcon } from "../../ui/meta.tsx";
import { toast } from "../../ui/toast.tsx";
import { setStatus } from "./changes.ts";
import { applyChange } from "./data.ts";
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
  // the board's columns are the open and closed statuses; iced issues are on the list
  const filters = useMemo(() => ({ ...effective, iced: effective.iced ?? false }), [effective]);
  const { groups, loaders, loaded, ready } = useGroups(ws, "status", filters, sort, COLUMN_PAGE);
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

  const move = (issue: IssueRow, status: IssueStatus) => {
    if (status === issue.status || status === "iced") return;
    void applyChange(queryClient, ws, [issue], setStatus(status), `Moving ${issue.identifier}`).then((r) =>
      report(r, `moved to ${STATUS_LABEL[status]}`),
    );
  };

  const onDragStart = (e: DragStartEvent) => setDragging((e.active.data.current?.issue as IssueRow) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const issue = e.active.data.current?.issue as IssueRow | undefined;
    if (issue && e.over) move(issue, e.over.id as IssueStatus);
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
        group="status"
        sort={sort}
        labels={labels}
        onFilters={state.onFilters}
        onDisplay={state.onDisplay}
        grouping={false}
      />
      {loaders}
      <p className="sr-only" id="board-help">
        To move a card, focus it and press Space, then the left and right arrows to choose a column and Space
        to drop it; Escape cancels. Or press S to pick its status.
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
            onDragOver: ({ over }) =>
              over ? `Over ${STATUS_LABEL[over.id as IssueStatus]}.` : "Not over a column.",
            onDragEnd: ({ active, over }) =>
              over
                ? `${idOf(active)} moved to ${STATUS_LABEL[over.id as IssueStatus]}.`
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
  group,
  fetchingMore,
  onMore,
  onFocusCard,
  onOpen,
}: {
  ws: string;
  group: Group;
  fetchingMore: boolean;
  onMore: () => void;
  onFocusCard: (issue: IssueRow) => void;
  onOpen: (key: string) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: group.key });
  const status = group.key as IssueStatus;
  return (
    <section
      ref={setNodeRef}
      className={`il-board-column${isOver ? " over" : ""}`}
      aria-label={`${group.label}: ${countLabel(group)} issues`}
    >
      <header className="il-board-column-head">
        <StatusIcon status={status} />
        <span className="il-group-count">
          {group.loading && group.rows.length === 0 ? "…" : countLabel(group)}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={`New issue in ${group.label}`}
          onClick={() => ui.createIssue.set({ status })}
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
