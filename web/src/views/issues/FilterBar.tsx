/**
 * The filter bar of an issue view: the filters as removable chips (the view's own, such as My work's
 * "assigned to me", shown but fixed), "Filter" to add one, a title search, and the display menu
 * (grouping and order). Everything lands in the URL.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, useState } from "react";
import type { IssuePriority, IssueStatus } from "../../api.ts";
import { useStore } from "../../lib/store.ts";
import { useMe } from "../../queries.ts";
import { PRIORITIES, PRIORITY_LABEL, STATUS_LABEL, STATUSES } from "../../ui/meta.tsx";
import { useAssignees, useCycles, useMilestones, useSpaces } from "./data.ts";
import { hiddenProps, LIST_PROPS, toggleProp } from "./display.ts";
import {
  type FilterKey,
  fixedFilters,
  GROUP_LABEL,
  GROUPS,
  type GroupBy,
  type IssueFilters,
  OPEN_STATUSES,
  SORT_LABEL,
  SORTS,
  type Sort,
  type View,
  type ViewFilters,
} from "./filters.ts";
import { Picker, type PickerOption } from "./Picker.tsx";
import "./issues.css";

export const FILTER_LABEL: Record<FilterKey, string> = {
  status: "Status",
  priority: "Priority",
  label: "Label",
  assignee: "Assignee",
  space: "Space",
  cycle: "Cycle",
  milestone: "Milestone",
  parent: "Parent",
  ready: "Readiness",
  iced: "Iced",
  q: "Title",
  updated_since: "Updated since",
};
const ADDABLE: FilterKey[] = [
  "status",
  "priority",
  "label",
  "assignee",
  "space",
  "cycle",
  "milestone",
  "parent",
  "ready",
  "iced",
  "updated_since",
];

export interface FilterBarProps {
  ws: string;
  view: View;
  filters: IssueFilters;
  group: GroupBy;
  sort: Sort;
  /** Labels seen in the loaded issues, offered by the label filter. */
  labels: string[];
  onFilters: (next: IssueFilters) => void;
  onDisplay: (next: { group?: GroupBy; sort?: Sort }) => void;
  /** False on the board: its cards have no list properties to choose. */
  grouping?: boolean;
  /** The groupings offered (all of them unless given; the board's columns offer fewer). */
  groups?: readonly GroupBy[];
}

export function FilterBar(props: FilterBarProps) {
  const { ws, view, filters, onFilters } = props;
  const fixed = fixedFilters(view);
  const [editing, setEditing] = useState<FilterKey | null>(null);
  const [q, setQ] = useState(filters.q ?? "");
  const names = useNames(ws, filters, editing);

  // the title search follows the URL (back, a shared link) and writes to it as the person pauses
  // (what this field wrote is not written back into it, so letters typed meanwhile stay)
  const written = useRef(filters.q ?? "");
  useEffect(() => {
    const fromUrl = filters.q ?? "";
    if (fromUrl === written.current) return;
    written.current = fromUrl;
    setQ(fromUrl);
  }, [filters.q]);
  useEffect(() => {
    const t = q.trim();
    if (t === (filters.q ?? "")) return;
    const timer = window.setTimeout(() => {
      written.current = t;
      onFilters({ ...filters, q: t || undefined });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [q, filters, onFilters]);

  const remove = (key: FilterKey) => {
    const next = { ...filters };
    delete next[key];
    onFilters(next);
  };

  const chips = (Object.keys(FILTER_LABEL) as FilterKey[]).filter(
    (k) => k !== "q" && filters[k] !== undefined && fixed[k] === undefined,
  );

  return (
    <div className="il-filter-bar" role="toolbar" aria-label="Filters and display">
      {(Object.keys(fixed) as (keyof ViewFilters)[]).map((k) =>
        k === "startable" ? (
          <span
            key="fixed-startable"
            className="il-filter-chip il-filter-chip-fixed"
            title="Part of this view: ready, in backlog or todo, and not claimed"
          >
            <span className="il-filter-chip-key">Startable</span> not started, unclaimed
          </span>
        ) : (
          <span key={`fixed-${k}`} className="il-filter-chip il-filter-chip-fixed" title="Part of this view">
            <span className="il-filter-chip-key">{FILTER_LABEL[k]}</span> {describe(k, fixed, names)}
          </span>
        ),
      )}
      {chips.map((k) => (
        <span key={k} className="il-filter-chip">
          <button
            type="button"
            className="il-filter-chip-body"
            onClick={() => setEditing(k)}
            aria-label={`Filter ${FILTER_LABEL[k]}: ${describe(k, filters, names)}. Change`}
          >
            <span className="il-filter-chip-key">{FILTER_LABEL[k]}</span> {describe(k, filters, names)}
          </button>
          <button
            type="button"
            className="il-filter-chip-remove"
            aria-label={`Remove filter ${FILTER_LABEL[k]}`}
            onClick={() => remove(k)}
          >
            ×
          </button>
        </span>
      ))}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="btn btn-small" aria-label="Add filter">
          <span aria-hidden="true">+</span> Filter
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="start" sideOffset={4}>
            {ADDABLE.filter((k) => fixed[k] === undefined || k === "status").map((k) => (
              <DropdownMenu.Item key={k} className="menu-item" onSelect={() => setEditing(k)}>
                {FILTER_LABEL[k]}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {(chips.length > 0 || filters.q) && (
        <button
          type="button"
          className="btn btn-small btn-ghost"
          onClick={() => {
            setQ("");
            onFilters({});
          }}
        >
          Clear filters
        </button>
      )}
      <span className="il-filter-bar-spacer" />
      <input
        type="search"
        className="il-filter-search"
        placeholder="Filter by title…"
        aria-label="Filter by title"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        maxLength={255}
      />
      <DisplayMenu {...props} />
      {editing && (
        <FilterPicker
          ws={ws}
          field={editing}
          filters={filters}
          labels={props.labels}
          onChange={onFilters}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function DisplayMenu({ group, sort, onDisplay, grouping = true, groups }: FilterBarProps) {
  const hidden = useStore(hiddenProps);
  // the board's cards have no such properties to choose
  const properties = grouping;
  const groupChoices = groups ?? (grouping ? GROUPS : []);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="btn btn-small"
        aria-label={`Display: grouped by ${GROUP_LABEL[group]}, ${SORT_LABEL[sort]}`}
      >
        Display
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          {groupChoices.length > 0 && (
            <>
              <DropdownMenu.Label className="menu-label">Group by</DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                value={group}
                onValueChange={(v) => onDisplay({ group: v as GroupBy })}
              >
                {groupChoices.map((g) => (
                  <DropdownMenu.RadioItem key={g} value={g} className="menu-item">
                    {GROUP_LABEL[g]}
                    <DropdownMenu.ItemIndicator className="menu-check">✓</DropdownMenu.ItemIndicator>
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
              <DropdownMenu.Separator className="menu-sep" />
            </>
          )}
          <DropdownMenu.Label className="menu-label">Order by</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={sort} onValueChange={(v) => onDisplay({ sort: v as Sort })}>
            {SORTS.map((s) => (
              <DropdownMenu.RadioItem key={s} value={s} className="menu-item">
                {SORT_LABEL[s]}
                <DropdownMenu.ItemIndicator className="menu-check">✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {properties && (
            <>
              <DropdownMenu.Separator className="menu-sep" />
              <DropdownMenu.Label className="menu-label">Properties</DropdownMenu.Label>
              {LIST_PROPS.map((p) => (
                <DropdownMenu.CheckboxItem
                  key={p.key}
                  className="menu-item"
                  checked={!hidden.has(p.key)}
                  onCheckedChange={() => toggleProp(p.key)}
                  // the menu stays open while properties are chosen
                  onSelect={(e) => e.preventDefault()}
                >
                  {p.label}
                  <DropdownMenu.ItemIndicator className="menu-check">✓</DropdownMenu.ItemIndicator>
                </DropdownMenu.CheckboxItem>
              ))}
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

type Names = Record<string, string>;

/** Names for the ids filters hold (people, agents, cycles, milestones), loaded when a filter needs them. */
function useNames(ws: string, filters: IssueFilters, editing: FilterKey | null): Names {
  const me = useMe();
  const assignees = useAssignees(ws, Boolean(filters.assignee) || editing === "assignee");
  const cycles = useCycles(ws, Boolean(filters.cycle) || editing === "cycle");
  const milestones = useMilestones(ws, Boolean(filters.milestone) || editing === "milestone");
  const names: Names = { me: "me", none: "none", [me.person.id]: "me" };
  for (const a of assignees.list) if (a.id !== me.person.id) names[a.id] = a.label;
  for (const c of cycles.data ?? []) names[c.id] = `${c.space} · ${c.name}`;
  for (const m of milestones.data ?? []) names[m.id] = m.name;
  return names;
}

/** A filter's value in words: "Todo, In progress", "me", "ENG · Sprint 3". */
export function describe(key: FilterKey, f: IssueFilters, names: Names = {}): string {
  switch (key) {
    case "status":
      if (f.status?.length === OPEN_STATUSES.length && OPEN_STATUSES.every((s) => f.status?.includes(s)))
        return "open";
      return (f.status ?? []).map((s) => STATUS_LABEL[s]).join(", ") || "none";
    case "priority":
      return (f.priority ?? []).map((p) => PRIORITY_LABEL[p]).join(", ");
    case "label":
      return (f.label ?? []).join(", ");
    case "ready":
      return f.ready ? "ready" : "not ready";
    case "iced":
      return f.iced ? "only iced" : "hide iced";
    case "assignee":
      return f.assignee === "none" ? "unassigned" : (names[f.assignee ?? ""] ?? f.assignee ?? "");
    case "cycle":
      return f.cycle === "none" ? "no cycle" : (names[f.cycle ?? ""] ?? "a cycle");
    case "milestone":
      return f.milestone === "none" ? "no milestone" : (names[f.milestone ?? ""] ?? "a milestone");
    default:
      return String(f[key] ?? "");
  }
}

function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

function FilterPicker({
  ws,
  field,
  filters,
  labels,
  onChange,
  onClose,
}: {
  ws: string;
  field: FilterKey;
  filters: IssueFilters;
  labels: string[];
  onChange: (f: IssueFilters) => void;
  onClose: () => void;
}) {
  const spaces = useSpaces(ws);
  const assignees = useAssignees(ws, field === "assignee");
  const cycles = useCycles(ws, field === "cycle");
  const milestones = useMilestones(ws, field === "milestone");
  const title = `Filter by ${FILTER_LABEL[field].toLowerCase()}`;
  const set = (patch: IssueFilters) => onChange({ ...filters, ...patch });
  const toggle = <T extends string>(list: T[] | undefined, v: T): T[] | undefined => {
    const next = list?.includes(v) ? list.filter((x) => x !== v) : [...(list ?? []), v];
    return next.length ? next : undefined;
  };

  let options: PickerOption[] = [];
  let multi = false;
  let loading = false;
  let onPick: (v: string) => void = () => undefined;
  let freeText: { label: string; validate?: (t: string) => string | null } | undefined;
  let create: ((t: string) => string | null) | undefined;

  switch (field) {
    case "status":
      multi = true;
      options = STATUSES.map((s) => ({
        value: s.value,
        label: s.label,
        checked: filters.status?.includes(s.value),
      }));
      onPick = (v) => set({ status: toggle(filters.status, v as IssueStatus) });
      break;
    case "priority":
      multi = true;
      options = PRIORITIES.map((p) => ({
        value: p.value,
        label: p.label,
        checked: filters.priority?.includes(p.value),
      }));
      onPick = (v) => set({ priority: toggle(filters.priority, v as IssuePriority) });
      break;
    case "label": {
      multi = true;
      const all = [...new Set([...labels, ...(filters.label ?? [])])].sort((a, b) => a.localeCompare(b));
      options = all.map((l) => ({ value: l, label: l, checked: filters.label?.includes(l) }));
      create = (t) => (t.includes(",") ? null : `Label “${t}”`);
      onPick = (v) => set({ label: toggle(filters.label, v) });
      break;
    }
    case "space":
      options = spaces.map((s) => ({ value: s.prefix, label: s.name, hint: s.prefix }));
      onPick = (v) => set({ space: v });
      break;
    case "assignee":
      loading = assignees.loading;
      options = [
        { value: "me", label: "Me" },
        { value: "none", label: "Unassigned" },
        ...assignees.list
          .slice(1)
          .map((a) => ({ value: a.id, label: a.label, hint: a.kind === "agent" ? "agent" : a.email })),
      ];
      onPick = (v) => set({ assignee: v });
      break;
    case "cycle":
      loading = cycles.isLoading;
      options = [
        { value: "none", label: "No cycle" },
        ...(cycles.data ?? []).map((c) => ({ value: c.id, label: c.name, hint: `${c.space} · ${c.state}` })),
      ];
      onPick = (v) => set({ cycle: v });
      break;
    case "milestone":
      loading = milestones.isLoading;
      options = [
        { value: "none", label: "No milestone" },
        ...(milestones.data ?? []).map((m) => ({ value: m.id, label: m.name })),
      ];
      onPick = (v) => set({ milestone: v });
      break;
    case "parent":
      freeText = {
        label: "sub-issues of",
        validate: (t) =>
          /^[A-Za-z][A-Za-z0-9]{1,9}-\d+$/.test(t) ? null : "Type an issue identifier such as ENG-42.",
      };
      onPick = (v) => set({ parent: v.toUpperCase() });
      break;
    case "ready":
      options = [
        { value: "true", label: "Ready to work on", hint: "open, no open blocker" },
        { value: "false", label: "Not ready", hint: "blocked, iced or closed" },
      ];
      onPick = (v) => set({ ready: v === "true" });
      break;
    case "iced":
      options = [
        { value: "true", label: "Only iced issues" },
        { value: "false", label: "Hide iced issues" },
      ];
      onPick = (v) => set({ iced: v === "true" });
      break;
    case "updated_since":
      options = [
        { value: daysAgo(1), label: "Last 24 hours" },
        { value: daysAgo(7), label: "Last 7 days" },
        { value: daysAgo(30), label: "Last 30 days" },
      ];
      freeText = {
        label: "updated since",
        validate: (t) =>
          /^\d{4}-\d{2}-\d{2}$/.test(t) && !Number.isNaN(Date.parse(t)) ? null : "Type a day as YYYY-MM-DD.",
      };
      onPick = (v) => set({ updated_since: v });
      break;
    case "q":
      break;
  }

  return (
    <Picker
      title={title}
      placeholder={
        field === "parent"
          ? "ENG-42"
          : field === "updated_since"
            ? "YYYY-MM-DD or pick"
            : `${FILTER_LABEL[field]}…`
      }
      options={options}
      multi={multi}
      loading={loading}
      create={create}
      freeText={freeText}
      onPick={onPick}
      onClose={onClose}
    />
  );
}
