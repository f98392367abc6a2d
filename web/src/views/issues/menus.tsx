/**
 * The menus that change issues (`s` status, `p` priority, `a` assignee, `l` labels, and cycle and
 * milestone from the bulk bar): one issue (the focused one) or every selected one. Changes show at
 * once; refused ones roll back and a toast names them.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Issue, IssuePriority, IssueStatus } from "../../api.ts";
import { createStore, useStore } from "../../lib/store.ts";
import { PRIORITIES, PriorityIcon, STATUSES, StatusIcon } from "../../ui/meta.tsx";
import { toast } from "../../ui/toast.tsx";
import { setAssignee, setCycle, setMilestone, setPriority, setStatus, toggleLabel, whom } from "./changes.ts";
import {
  applyChange,
  type ChangeFor,
  type ChangeResult,
  useAssignees,
  useCycles,
  useMilestones,
} from "./data.ts";
import type { IssueRow } from "./grouping.ts";
import { Picker, type PickerOption } from "./Picker.tsx";

export type MenuKind = "status" | "priority" | "assignee" | "labels" | "cycle" | "milestone";
export const MENU_LABEL: Record<MenuKind, string> = {
  status: "Status",
  priority: "Priority",
  assignee: "Assignee",
  labels: "Labels",
  cycle: "Cycle",
  milestone: "Milestone",
};

/** The menu open now, and the issues it changes. */
export const openMenu = createStore<{ kind: MenuKind; issues: IssueRow[]; labels: string[] } | null>(null);

/** Reports what a change did: a short confirmation, or which issues were refused and why. */
export function report(result: ChangeResult, what: string): void {
  const total = result.changed.length + result.refused.length;
  if (total === 0) return;
  if (result.refused.length === 0) {
    toast(`${whom(result.changed)}: ${what}`);
    return;
  }
  const reasons = result.refused
    .slice(0, 3)
    .map((r) => `${r.issue.identifier}: ${r.message}`)
    .join("; ");
  const more = result.refused.length > 3 ? ` and ${result.refused.length - 3} more` : "";
  toast(`${result.refused.length} of ${total} not changed (put back as they were). ${reasons}${more}`, {
    kind: "error",
    ms: 12_000,
  });
}

export function IssueMenus({ ws }: { ws: string }) {
  const menu = useStore(openMenu);
  if (!menu) return null;
  return <MenuFor ws={ws} kind={menu.kind} issues={menu.issues} labels={menu.labels} />;
}

function MenuFor({
  ws,
  kind,
  issues,
  labels,
}: {
  ws: string;
  kind: MenuKind;
  issues: IssueRow[];
  labels: string[];
}) {
  const queryClient = useQueryClient();
  const assignees = useAssignees(ws, kind === "assignee");
  const cycles = useCycles(ws, kind === "cycle");
  const milestones = useMilestones(ws, kind === "milestone");
  // a labels menu stays open: it keeps the issues as its changes leave them
  const [current, setCurrent] = useState(issues);
  const close = () => openMenu.set(null);
  const run = (change: ChangeFor, what: string) =>
    void applyChange(queryClient, ws, current, change, `${MENU_LABEL[kind]}: ${what}`).then((r) =>
      report(r, what),
    );

  const title = `${MENU_LABEL[kind]} of ${whom(current)}`;
  let options: PickerOption[] = [];
  let onPick: (value: string) => void = () => undefined;
  let multi = false;
  let loading = false;
  let create: ((t: string) => string | null) | undefined;

  const same = <T,>(get: (i: IssueRow) => T): T | undefined => {
    const first = current[0] ? get(current[0]) : undefined;
    return current.every((i) => get(i) === first) ? first : undefined;
  };

  switch (kind) {
    case "status": {
      const now = same((i) => i.status);
      options = STATUSES.filter((s) => s.value !== "iced").map((s) => ({
        value: s.value,
        label: s.label,
        icon: <StatusIcon status={s.value} label={false} />,
        hint: s.value === now ? "current" : undefined,
      }));
      onPick = (v) =>
        run(
          setStatus(v as Exclude<IssueStatus, "iced">),
          `status ${STATUSES.find((s) => s.value === v)?.label}`,
        );
      break;
    }
    case "priority": {
      const now = same((i) => i.priority);
      options = PRIORITIES.map((p) => ({
        value: p.value,
        label: p.label,
        icon: <PriorityIcon priority={p.value} />,
        hint: p.value === now ? "current" : undefined,
      }));
      onPick = (v) =>
        run(setPriority(v as IssuePriority), `priority ${PRIORITIES.find((p) => p.value === v)?.label}`);
      break;
    }
    case "assignee": {
      const now = same((i) => i.assignee?.id ?? "none");
      loading = assignees.loading;
      options = [
        { value: "none", label: "Unassigned", hint: now === "none" ? "current" : undefined },
        ...assignees.list.map((a) => ({
          value: a.id,
          label: a.label,
          hint: a.id === now ? "current" : a.kind === "agent" ? "agent" : a.email,
        })),
      ];
      onPick = (v) => {
        if (v === "none") return run(setAssignee(null), "unassigned");
        const a = assignees.list.find((x) => x.id === v);
        if (!a) return;
        const name = a.label.replace(/ \(you\)$/, "");
        const view: Issue["assignee"] = a.agent
          ? { type: "agent", id: a.id, name: a.agent.name, for: a.agent.for }
          : { type: "person", id: a.id, name, email: a.email ?? "" };
        run(setAssignee(view), `assigned to ${name}`);
      };
      break;
    }
    case "labels": {
      multi = true;
      const all = [...new Set([...labels, ...current.flatMap((i) => i.labels)])].sort((a, b) =>
        a.localeCompare(b),
      );
      options = all.map((l) => ({
        value: l,
        label: l,
        checked: current.length > 0 && current.every((i) => i.labels.includes(l)),
      }));
      create = (t) => (t.includes(",") || t.length > 50 ? null : `Add new label “${t}”`);
      onPick = (label) => {
        const change = toggleLabel(label, current);
        const adding = !current.every((i) => i.labels.includes(label));
        setCurrent((list) => list.map((i) => ({ ...i, ...(change(i)?.view ?? {}) })));
        run(change, adding ? `label ${label} added` : `label ${label} removed`);
      };
      break;
    }
    case "cycle": {
      loading = cycles.isLoading;
      const spaces = new Set(current.map((i) => i.space));
      const now = same((i) => i.cycle?.id ?? "none");
      const list = (cycles.data ?? []).filter((c) => spaces.has(c.space) && c.state !== "completed");
      options = [
        { value: "none", label: "No cycle", hint: now === "none" ? "current" : undefined },
        ...list.map((c) => ({
          value: c.id,
          label: `${c.name}`,
          hint: c.id === now ? "current" : `${c.space} · ${c.state} · ${c.starts_on} – ${c.ends_on}`,
        })),
      ];
      onPick = (v) => {
        const c = list.find((x) => x.id === v);
        run(setCycle(c ? { id: c.id, name: c.name } : null), c ? `cycle ${c.name}` : "no cycle");
      };
      break;
    }
    case "milestone": {
      loading = milestones.isLoading;
      const now = same((i) => i.milestone?.id ?? "none");
      const list = milestones.data ?? [];
      options = [
        { value: "none", label: "No milestone", hint: now === "none" ? "current" : undefined },
        ...list.map((m) => ({
          value: m.id,
          label: m.name,
          hint: m.id === now ? "current" : m.target_date ? `target ${m.target_date}` : undefined,
        })),
      ];
      onPick = (v) => {
        const m = list.find((x) => x.id === v);
        run(setMilestone(m ? { id: m.id, name: m.name } : null), m ? `milestone ${m.name}` : "no milestone");
      };
      break;
    }
  }

  return (
    <Picker
      title={title}
      placeholder={`${MENU_LABEL[kind]}…`}
      options={options}
      multi={multi}
      loading={loading}
      create={create}
      onPick={onPick}
      onClose={close}
    />
  );
}
