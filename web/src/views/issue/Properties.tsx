/**
 * The issue's properties, each a named control the keyboard reaches: status (`s`), priority (`p`),
 * assignee (`a`: a member or an agent connection), labels (`l`: the workspace's labels, with type-ahead;
 * a new name creates the label), estimate, due date, parent, cycle and milestone.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import { api, type Issue, type IssuePriority, type IssueStatus, unwrap } from "../../api.ts";
import { exactTime, relativeTime, shortDate } from "../../lib/time.ts";
import { keys, useConnections, useMe, useMembers } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { typeAhead } from "../../shell/type-ahead.ts";
import { LabelPicker } from "../../ui/labels.tsx";
import {
  assigneeName,
  PRIORITIES,
  PriorityIcon,
  STATUS_LABEL,
  STATUSES,
  StatusIcon,
} from "../../ui/meta.tsx";
import { cleanLabels, type IssuePatch, readiness } from "./model.ts";
import { type Option, Picker } from "./Picker.tsx";
import type { SaveResult, Write } from "./useIssue.ts";
import "./issue.css";

type Save = (write: Write, options: { what: string; view?: Partial<Issue> }) => Promise<SaveResult>;

/** Issues found by the search API as the person types (for parent and dependencies). */
export function useIssueSearch(ws: string, exclude: string[], enabled: boolean) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const t = window.setTimeout(() => setQ(text.trim()), 120);
    return () => window.clearTimeout(t);
  }, [text]);
  const found = useQuery({
    queryKey: keys.search(ws, "issue-picker", q),
    enabled: enabled && q.length >= 1,
    staleTime: 10_000,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/search", { signal, params: { query: { q: typeAhead(q), type: "issue", limit: 12 } } }),
      ),
  });
  const recent = useQuery({
    queryKey: keys.issues(ws, { picker: "recent" }),
    enabled,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      unwrap(api.GET("/issues", { signal, params: { query: { limit: 12, sort: "-updated" } } })),
  });
  const options: Option[] = useMemo(() => {
    const recentList = (recent.data?.data ?? []).map((r) => ({
      id: r.id,
      identifier: r.identifier,
      title: r.title,
      status: r.status as IssueStatus | undefined,
    }));
    const typed = text.trim().toLowerCase();
    const list = !typed
      ? recentList
      : found.data && q === text.trim()
        ? found.data.data.map((r) => ({
            id: r.id,
            identifier: r.identifier ?? "",
            title: r.title,
            status: r.status as IssueStatus | undefined,
          }))
        : // until the service answers: the recent issues that match what is typed
          recentList.filter((r) => `${r.identifier} ${r.title}`.toLowerCase().includes(typed));
    return list
      .filter((r) => !exclude.includes(r.id))
      .map((r) => ({
        value: r.id,
        label: `${r.identifier} ${r.title}`,
        icon: r.status ? <StatusIcon status={r.status} label={false} /> : undefined,
        hint: r.status ? STATUS_LABEL[r.status] : undefined,
      }));
  }, [q, text, found.data, recent.data, exclude]);
  const onQuery = useCallback((t: string) => setText(t), []);
  return {
    options,
    onQuery,
    loading: found.isFetching,
    find: (id: string) =>
      found.data?.data.find((r) => r.id === id) ?? recent.data?.data.find((r) => r.id === id),
  };
}

type Which = "status" | "priority" | "assignee" | "labels" | "estimate" | "parent" | "cycle" | "milestone";

const ESTIMATES = [0, 1, 2, 3, 5, 8, 13, 21];

export function Properties({ ws, issue, save }: { ws: string; issue: Issue; save: Save }) {
  const [open, setOpen] = useState<Which | null>(null);
  const me = useMe();
  const members = useMembers(ws);
  const connections = useConnections(ws);
  const cycles = useQuery({
    queryKey: keys.cycles(ws, { space: issue.space, picker: true }),
    enabled: open === "cycle",
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/cycles", {
          signal,
          params: { query: { space: issue.space, limit: 100, sort: "-starts_on" } },
        }),
      ),
  });
  const milestones = useQuery({
    queryKey: keys.milestones(ws, { picker: true }),
    enabled: open === "milestone",
    queryFn: ({ signal }) => unwrap(api.GET("/milestones", { signal, params: { query: { limit: 100 } } })),
  });
  const parentSearch = useIssueSearch(ws, [issue.id], open === "parent");

  // A picker closing clears only its own state: a close that lands late (a popover dismissed as another
  // opens by its shortcut) must not close the one just opened.
  const toggle = (which: Which) => (o: boolean) =>
    setOpen((current) => (o ? which : current === which ? null : current));
  useShortcut("s", "Change status", "Issue", () => setOpen("status"));
  useShortcut("p", "Change priority", "Issue", () => setOpen("priority"));
  useShortcut("a", "Change assignee", "Issue", () => setOpen("assignee"));
  useShortcut("l", "Change labels", "Issue", () => setOpen("labels"));

  const patch = (what: string, p: IssuePatch, view?: Partial<Issue>) =>
    void save({ kind: "patch", patch: p }, { what, view });

  // status
  const statusOptions: Option[] = STATUSES.filter((s) => s.value !== "iced" || issue.status === "iced").map(
    (s) => ({
      value: s.value,
      label: s.label,
      icon: <StatusIcon status={s.value} label={false} />,
    }),
  );
  // assignee: me first, then the members, then the agents
  const people = (members.data ?? []).filter((m) => !m.suspended);
  const agents = (connections.data ?? []).filter((c) => c.status === "active");
  const assigneeOptions: Option[] = [
    { value: "none", label: "Unassigned", icon: <span className="avatar avatar-none" aria-hidden="true" /> },
    ...[...people]
      .sort((a, b) =>
        a.person_id === me.person.id ? -1 : b.person_id === me.person.id ? 1 : a.name.localeCompare(b.name),
      )
      .map((m) => ({
        value: m.person_id,
        label: m.person_id === me.person.id ? `${m.name || m.email} (me)` : m.name || m.email,
        keywords: m.email,
        icon: <Avatar name={m.name || m.email} />,
      })),
    ...agents.map((c) => ({
      value: c.id,
      label: `${c.name} (agent for ${c.approved_by.name})`,
      hint: "agent",
      icon: <Avatar name={c.name} agent />,
    })),
  ];
  if (issue.assignee && !assigneeOptions.some((o) => o.value === issue.assignee?.id)) {
    assigneeOptions.push({ value: issue.assignee.id, label: assigneeName(issue.assignee) });
  }
  const assigneeView = (value: string): Issue["assignee"] => {
    if (value === "none") return null;
    const m = people.find((p) => p.person_id === value);
    if (m) return { type: "person", id: m.person_id, name: m.name, email: m.email };
    const c = agents.find((a) => a.id === value);
    if (c)
      return {
        type: "agent",
        id: c.id,
        name: c.name,
        for: { person_id: c.approved_by.id, name: c.approved_by.name },
      };
    return issue.assignee;
  };
  // labels
  const setLabels = (labels: string[]) => patch("Labels", { labels }, { labels });
  // cycle, milestone
  const cycleOptions: Option[] = [
    { value: "none", label: "No cycle" },
    ...(cycles.data?.data ?? []).map((c) => ({
      value: c.id,
      label: c.name,
      hint: `${c.state} · ${c.starts_on} → ${c.ends_on}`,
    })),
  ];
  if (issue.cycle && !cycleOptions.some((o) => o.value === issue.cycle?.id))
    cycleOptions.push({ value: issue.cycle.id, label: issue.cycle.name });
  const milestoneOptions: Option[] = [
    { value: "none", label: "No milestone" },
    ...(milestones.data?.data ?? []).map((m) => ({
      value: m.id,
      label: m.name,
      hint: m.target_date ? `target ${m.target_date}` : undefined,
    })),
  ];
  if (issue.milestone && !milestoneOptions.some((o) => o.value === issue.milestone?.id))
    milestoneOptions.push({ value: issue.milestone.id, label: issue.milestone.name });
  const parentOptions: Option[] = [
    { value: "none", label: "No parent", local: true },
    ...parentSearch.options,
  ];

  const ready = readiness(issue);
  return (
    <aside className="ip-aside" aria-label="Properties">
      <p className={`readiness readiness-${ready.tone}`}>
        <span aria-hidden="true">{ready.tone === "ok" ? "✓" : ready.tone === "warn" ? "⊘" : "•"}</span>
        <span>{ready.text}</span>
      </p>
      <Picker
        name="Status"
        shortcut="s"
        display={<StatusIcon status={issue.status} />}
        displayText={STATUSES.find((s) => s.value === issue.status)?.label ?? issue.status}
        options={statusOptions}
        selected={[issue.status]}
        open={open === "status"}
        onOpenChange={toggle("status")}
        onSelect={(v) => {
          if (v === issue.status || v === "iced") return;
          patch("Status", { status: v as Exclude<IssueStatus, "iced"> }, { status: v as IssueStatus });
        }}
      />
      <Picker
        name="Priority"
        shortcut="p"
        display={<PriorityIcon priority={issue.priority} label />}
        displayText={PRIORITIES.find((p) => p.value === issue.priority)?.label ?? issue.priority}
        options={PRIORITIES.map((p) => ({
          value: p.value,
          label: p.label,
          icon: <PriorityIcon priority={p.value} />,
        }))}
        selected={[issue.priority]}
        open={open === "priority"}
        onOpenChange={toggle("priority")}
        onSelect={(v) => v !== issue.priority && patch("Priority", { priority: v as IssuePriority })}
      />
      <Picker
        name="Assignee"
        shortcut="a"
        display={
          issue.assignee ? (
            <span className="ip-assignee">
              <Avatar name={issue.assignee.name} agent={issue.assignee.type === "agent"} />
              {assigneeName(issue.assignee)}
            </span>
          ) : (
            <span className="muted">Unassigned</span>
          )
        }
        displayText={assigneeName(issue.assignee)}
        options={assigneeOptions}
        selected={[issue.assignee?.id ?? "none"]}
        loading={members.isLoading || connections.isLoading}
        open={open === "assignee"}
        onOpenChange={toggle("assignee")}
        onSelect={(v) => {
          if (v === (issue.assignee?.id ?? "none")) return;
          patch("Assignee", { assignee: v === "none" ? null : v }, { assignee: assigneeView(v) });
        }}
        footer={members.error ? <span className="field-error">{members.error.message}</span> : undefined}
      />
      <LabelPicker
        ws={ws}
        shortcut="l"
        selected={issue.labels}
        onChange={(labels) => setLabels(cleanLabels(labels))}
        open={open === "labels"}
        onOpenChange={toggle("labels")}
      />
      <Picker
        name="Estimate"
        display={
          issue.estimate === null ? (
            <span className="muted">No estimate</span>
          ) : (
            <span>{issue.estimate} points</span>
          )
        }
        displayText={issue.estimate === null ? "none" : `${issue.estimate} points`}
        options={[
          { value: "none", label: "No estimate" },
          ...ESTIMATES.map((n) => ({ value: String(n), label: `${n} points` })),
        ]}
        selected={[issue.estimate === null ? "none" : String(issue.estimate)]}
        open={open === "estimate"}
        onOpenChange={toggle("estimate")}
        placeholder="Points (type a number)…"
        create={(text) => (/^\d{1,4}(\.\d+)?$/.test(text) ? { value: text, label: `${text} points` } : null)}
        onSelect={(v) => {
          const estimate = v === "none" ? null : Number(v);
          if (estimate !== issue.estimate) patch("Estimate", { estimate });
        }}
      />
      <DueDate issue={issue} onChange={(due_date) => patch("Due date", { due_date })} />
      <Picker
        name="Parent"
        display={
          issue.parent ? (
            <span className="identifier">{issue.parent.identifier}</span>
          ) : (
            <span className="muted">No parent</span>
          )
        }
        displayText={issue.parent?.identifier ?? "none"}
        options={parentOptions}
        selected={[issue.parent?.id ?? "none"]}
        onQuery={parentSearch.onQuery}
        loading={parentSearch.loading}
        open={open === "parent"}
        onOpenChange={toggle("parent")}
        placeholder="Find an issue by identifier or title…"
        onSelect={(v) => {
          if (v === (issue.parent?.id ?? "none")) return;
          const found = parentSearch.find(v);
          patch(
            "Parent",
            { parent: v === "none" ? null : v },
            { parent: v === "none" ? null : { id: v, identifier: found?.identifier ?? "…" } },
          );
        }}
      />
      {issue.parent && (
        <p className="prop-link">
          <Link to="/$ws/issue/$key" params={{ ws, key: issue.parent.identifier }}>
            Open parent {issue.parent.identifier}
          </Link>
        </p>
      )}
      <Picker
        name="Cycle"
        display={issue.cycle ? <span>{issue.cycle.name}</span> : <span className="muted">No cycle</span>}
        displayText={issue.cycle?.name ?? "none"}
        options={cycleOptions}
        selected={[issue.cycle?.id ?? "none"]}
        loading={cycles.isLoading}
        open={open === "cycle"}
        onOpenChange={toggle("cycle")}
        onSelect={(v) => {
          if (v === (issue.cycle?.id ?? "none")) return;
          const c = cycles.data?.data.find((x) => x.id === v);
          patch(
            "Cycle",
            { cycle: v === "none" ? null : v },
            { cycle: c ? { id: c.id, name: c.name } : null },
          );
        }}
      />
      <Picker
        name="Milestone"
        display={
          issue.milestone ? <span>{issue.milestone.name}</span> : <span className="muted">No milestone</span>
        }
        displayText={issue.milestone?.name ?? "none"}
        options={milestoneOptions}
        selected={[issue.milestone?.id ?? "none"]}
        loading={milestones.isLoading}
        open={open === "milestone"}
        onOpenChange={toggle("milestone")}
        onSelect={(v) => {
          if (v === (issue.milestone?.id ?? "none")) return;
          const m = milestones.data?.data.find((x) => x.id === v);
          patch(
            "Milestone",
            { milestone: v === "none" ? null : v },
            { milestone: m ? { id: m.id, name: m.name } : null },
          );
        }}
      />
      <dl className="ip-meta">
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={issue.created_at} title={exactTime(issue.created_at)}>
              {shortDate(issue.created_at)}
            </time>
          </dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>
            <time dateTime={issue.updated_at} title={exactTime(issue.updated_at)}>
              {relativeTime(issue.updated_at)}
            </time>
          </dd>
        </div>
        {issue.source && (
          <div>
            <dt>Imported</dt>
            <dd>
              {issue.source_url ? (
                <a href={issue.source_url} target="_blank" rel="noreferrer noopener">
                  from {SOURCE_NAMES[issue.source]} ↗
                </a>
              ) : (
                `from ${SOURCE_NAMES[issue.source]}`
              )}
            </dd>
          </div>
        )}
      </dl>
    </aside>
  );
}

const SOURCE_NAMES = { github: "GitHub", linear: "Linear", jira: "Jira" } as const;

function DueDate({ issue, onChange }: { issue: Issue; onChange: (due: string | null) => void }) {
  const [value, setValue] = useState(issue.due_date ?? "");
  useEffect(() => setValue(issue.due_date ?? ""), [issue.due_date]);
  const commit = () => {
    const next = value || null;
    if (next !== issue.due_date && (next === null || /^\d{4}-\d{2}-\d{2}$/.test(next))) onChange(next);
  };
  const overdue =
    issue.due_date &&
    issue.status !== "done" &&
    issue.status !== "canceled" &&
    issue.due_date < new Date().toISOString().slice(0, 10);
  return (
    <div className="prop">
      <label className="prop-name" htmlFor="issue-due-date">
        Due date
      </label>
      <span className="prop-date">
        <input
          id="issue-due-date"
          type="date"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commit();
            }
          }}
        />
        {issue.due_date && (
          <button
            type="button"
            className="icon-btn"
            aria-label="Clear due date"
            onClick={() => onChange(null)}
          >
            ×
          </button>
        )}
        {overdue && <span className="badge badge-danger">Overdue</span>}
      </span>
    </div>
  );
}

export function Avatar({ name, agent }: { name: string; agent?: boolean }) {
  return (
    <span className={`avatar${agent ? " agent" : ""}`} aria-hidden="true">
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}
