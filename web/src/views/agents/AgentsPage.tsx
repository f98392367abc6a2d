/**
 * Agents: every agent and app connected to the workspace, who approved it and when, what it may do,
 * when it last acted, what it is working on (issues assigned to it and claims it holds) and what it did
 * lately, its live run and what it spent this month against its budget. Revoke is at hand for the person
 * who approved it (the rule of settings); others see who can.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { api, type Schemas, unwrap } from "../../api.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { type Connection, keys, useConnections } from "../../queries.ts";
import { StatusIcon } from "../../ui/meta.tsx";
import { toast, toastError } from "../../ui/toast.tsx";
import {
  fetchSessions,
  formatCost,
  formatTokens,
  runKeys,
  type Session,
  statusLabel,
  statusTone,
  totalTokens,
} from "../runs/runs.ts";
import { describeEvent, type Names } from "./describe.ts";

type Filter = "active" | "all";

export function AgentsPage() {
  const { ws } = useParams({ from: "/$ws" });
  useWorkspaceTitle("Agents", ws);
  const connections = useConnections(ws);
  const [filter, setFilter] = useState<Filter>("active");
  const list = (connections.data ?? []).filter((c) => filter === "all" || c.status === "active");
  const activeCount = (connections.data ?? []).filter((c) => c.status === "active").length;
  const spending = useSpending(ws);
  return (
    <>
      <header className="page-header">
        <h1>Agents</h1>
        <fieldset className="segmented" aria-label="Show">
          <label className={filter === "active" ? "on" : ""}>
            <input
              type="radio"
              name="agents-filter"
              checked={filter === "active"}
              onChange={() => setFilter("active")}
            />
            Active ({activeCount})
          </label>
          <label className={filter === "all" ? "on" : ""}>
            <input
              type="radio"
              name="agents-filter"
              checked={filter === "all"}
              onChange={() => setFilter("all")}
            />
            All ({connections.data?.length ?? 0})
          </label>
        </fieldset>
      </header>
      <div className="page-body">
        <p className="muted agents-intro">
          Agents and apps act for the person who approved them, with read or read-write access. Each one's
          changes are marked as its own in every activity. Only the person who approved a connection can
          revoke it.
        </p>
        {connections.isPending && <p className="muted">Loading agents…</p>}
        {connections.isError && (
          <p className="form-error" role="alert">
            Could not load the agents: {connections.error.message}
          </p>
        )}
        {connections.data && list.length === 0 && (
          <div className="empty">
            <h2>{filter === "active" ? "No active agents" : "No agents yet"}</h2>
            <p>
              An agent connects by registering for a member (it shows them a link and a six-digit code) or by
              the browser sign-in of an MCP client. Connections appear here once approved.
            </p>
          </div>
        )}
        <ul className="agent-list">
          {list.map((c) => (
            <AgentCard key={c.id} ws={ws} connection={c} spending={spending} />
          ))}
        </ul>
      </div>
    </>
  );
}

type Budget = Schemas["Budget"];
type UsageRow = Schemas["UsageRow"];
interface Spending {
  runs: Session[];
  usage: UsageRow[];
  budgets: Budget[];
}

/** Every agent's live run, this month's usage by agent, and the budgets: three reads for the whole page. */
function useSpending(ws: string): Spending {
  const runs = useQuery({
    queryKey: runKeys.list(ws, { view: "agents" }),
    queryFn: ({ signal }) => fetchSessions({ status: "live", limit: 100 }, signal),
  });
  const usage = useQuery({
    queryKey: runKeys.usage(ws, "agent"),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/usage", { signal, params: { query: { group_by: "agent", limit: 100 } } })),
  });
  const budgets = useQuery({
    queryKey: runKeys.budgets(ws),
    queryFn: ({ signal }) => unwrap(api.GET("/budgets", { signal, params: { query: { limit: 100 } } })),
  });
  return { runs: runs.data?.data ?? [], usage: usage.data?.data ?? [], budgets: budgets.data?.data ?? [] };
}

function AgentCard({
  ws,
  connection: c,
  spending,
}: {
  ws: string;
  connection: Connection;
  spending: Spending;
}) {
  const active = c.status === "active";
  const work = useQuery({
    queryKey: keys.agents(ws, "work", c.id),
    enabled: active,
    queryFn: async ({ signal }) => {
      const [assigned, claims] = await Promise.all([
        unwrap(
          api.GET("/issues", { signal, params: { query: { assignee: c.id, limit: 20, sort: "-updated" } } }),
        ),
        unwrap(api.GET("/claims", { signal, params: { query: { holder: c.id, limit: 20 } } })),
      ]);
      const open = assigned.data.filter((i) => i.status !== "done" && i.status !== "canceled");
      return { assigned: open, claims: claims.data };
    },
  });
  const activity = useQuery({
    queryKey: keys.agents(ws, "activity", c.id),
    queryFn: ({ signal }) => recentEvents(c.id, signal),
  });
  const recent = activity.data?.events ?? [];
  const headingId = `agent-${c.id}`;
  return (
    <li className={`agent-card agent-${c.status}`} aria-labelledby={headingId}>
      <div className="agent-head">
        <span className="avatar agent" aria-hidden="true">
          {c.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="agent-title">
          <h2 id={headingId}>{c.name}</h2>
          <span className="muted">
            {c.kind === "agent" ? "Agent" : "App (browser sign-in)"} for{" "}
            {c.approved_by.name || c.approved_by.email}, approved{" "}
            <time dateTime={c.approved_at} title={exactTime(c.approved_at)}>
              {relativeTime(c.approved_at)}
            </time>
          </span>
        </div>
        <span className={`badge ${c.access === "read-write" ? "badge-warn" : ""}`}>
          {c.access === "read-write" ? "Read and write" : "Read only"}
        </span>
        <span className={`badge ${active ? "badge-ok" : "badge-danger"}`}>{statusText(c)}</span>
        <RevokeButton ws={ws} connection={c} />
      </div>
      <dl className="agent-facts">
        <div>
          <dt>Last used</dt>
          <dd title={exactTime(c.last_used_at)}>{relativeTime(c.last_used_at)}</dd>
        </div>
        <div>
          <dt>{active ? "Approval lasts until" : c.status === "revoked" ? "Revoked" : "Expired"}</dt>
          <dd title={exactTime(c.revoked_at ?? c.expires_at)}>
            {c.revoked_at ? relativeTime(c.revoked_at) : c.expires_at ? exactTime(c.expires_at) : "no end"}
          </dd>
        </div>
      </dl>
      <AgentRunAndBudget ws={ws} connection={c} spending={spending} />
      {active && (
        <section className="agent-section" aria-label={`What ${c.name} is working on`}>
          <h3>Working on</h3>
          {work.isPending && <p className="muted">Loading…</p>}
          {work.data && work.data.claims.length === 0 && work.data.assigned.length === 0 && (
            <p className="muted">Nothing claimed or assigned.</p>
          )}
          <ul className="agent-work">
            {work.data?.claims.map((claim) => (
              <li key={claim.id}>
                <span className="badge">claimed</span> <IssueLink ws={ws} issue={claim.issue} />
                <span className="muted"> · lease until {exactTime(claim.expires_at)}</span>
              </li>
            ))}
            {work.data?.assigned
              .filter((i) => !work.data?.claims.some((cl) => cl.issue.id === i.id))
              .map((i) => (
                <li key={i.id}>
                  <span className="badge">assigned</span> <IssueLink ws={ws} issue={i} />
                </li>
              ))}
          </ul>
        </section>
      )}
      <section className="agent-section" aria-label={`Recent activity of ${c.name}`}>
        <h3>Recent activity</h3>
        {activity.data && recent.length === 0 && <p className="muted">No changes yet.</p>}
        <ul className="agent-activity">
          {recent.map((e) => (
            <li key={e.id}>
              <time dateTime={e.created_at} title={exactTime(e.created_at)} className="muted">
                {relativeTime(e.created_at)}
              </time>{" "}
              {describeEvent(e, activity.data?.names)}
            </li>
          ))}
        </ul>
      </section>
    </li>
  );
}

const BUDGET_TONE = { ok: "badge-ok", warning: "badge-warn", exceeded: "badge-danger" } as const;

/** The agent's live run (a link to it on its issue) and this month's spending against its budget. */
function AgentRunAndBudget({
  ws,
  connection: c,
  spending,
}: {
  ws: string;
  connection: Connection;
  spending: Spending;
}) {
  const run = spending.runs.find((s) => s.agent.id === c.id);
  const used = spending.usage.find((u) => u.key === c.id);
  const budget = spending.budgets.find((b) => b.scope.type === "agent" && b.scope.id === c.id);
  const cost = used?.cost_micros ?? 0;
  const tokens = used?.tokens ?? 0;
  return (
    <section className="agent-section agent-budget" aria-label={`${c.name}'s run and usage`}>
      <h3>Run and usage this month</h3>
      {run ? (
        <p>
          <span className={`badge ${statusTone(run.status)}`}>{statusLabel(run.status)}</span>{" "}
          <Link
            to="/$ws/issue/$key"
            params={{ ws, key: run.issue.identifier }}
            search={{ run: run.id } as never}
            className="issue-link"
          >
            <span className="identifier">{run.issue.identifier}</span> {run.issue.title}
          </Link>
          <span className="muted">
            {" "}
            · {formatTokens(totalTokens(run.usage))} tokens · {formatCost(run.usage.cost_micros)}
          </span>
        </p>
      ) : (
        <p className="muted">No live run.</p>
      )}
      <p>
        {formatCost(cost)}
        {budget?.cost_micros_limit != null && ` of ${formatCost(budget.cost_micros_limit)}`} ·{" "}
        {formatTokens(tokens)}
        {budget?.token_limit != null && ` of ${formatTokens(budget.token_limit)}`} tokens
        {used ? ` in ${used.sessions} run${used.sessions === 1 ? "" : "s"}` : ""}
        {budget ? (
          <>
            {" "}
            <span className={`badge ${BUDGET_TONE[budget.state]}`}>{budget.percent}% of budget</span>
          </>
        ) : (
          <span className="muted"> · no budget</span>
        )}
      </p>
      {budget && (
        <meter
          min={0}
          max={100}
          low={80}
          high={99.9}
          optimum={0}
          value={Math.min(100, budget.percent)}
          aria-label={`${c.name}'s budget spent`}
        />
      )}
    </section>
  );
}

const RECENT = 6;

/** The actor's latest events, newest first, with the issues they touch named. */
async function recentEvents(
  actor: string,
  signal: AbortSignal,
): Promise<{ events: Schemas["Event"][]; names: Names }> {
  const answer = await unwrap(
    api.GET("/events", { signal, params: { query: { actor, order: "newest", limit: RECENT } } }),
  );
  const kept = answer.data;
  // issues are named by identifier and title: read the few the events touch
  const names = new Map<string, string>();
  const issueIds = [...new Set(kept.filter((e) => e.object.type === "issue").map((e) => e.object.id))];
  await Promise.all(
    issueIds.map(async (id) => {
      const { data } = await api.GET("/issues/{id}", { signal, params: { path: { id } } });
      if (data) names.set(id, `${data.identifier} ${data.title}`);
    }),
  );
  return { events: kept, names };
}

function IssueLink({
  ws,
  issue,
}: {
  ws: string;
  issue: Pick<Schemas["IssueSummary"], "identifier" | "title" | "status">;
}) {
  return (
    <Link to="/$ws/issue/$key" params={{ ws, key: issue.identifier }} className="issue-link">
      <StatusIcon status={issue.status} label={false} />{" "}
      <span className="identifier">{issue.identifier}</span> {issue.title}
    </Link>
  );
}

function statusText(c: Connection): string {
  if (c.status === "active") return "Active";
  if (c.status === "revoked") return "Revoked";
  return "Expired";
}

function RevokeButton({ ws, connection: c }: { ws: string; connection: Connection }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: () => unwrap(api.DELETE("/connections/{id}", { params: { path: { id: c.id } } })),
    onSuccess: () => {
      setOpen(false);
      toast(`${c.name} is revoked: its access stopped and its claims were released.`);
      void queryClient.invalidateQueries({ queryKey: keys.agents(ws) });
      void queryClient.invalidateQueries({ queryKey: keys.issues(ws) });
    },
    onError: (error) => toastError(error, `Revoking ${c.name}`),
  });
  if (c.status === "revoked") return null;
  if (!c.revocable) {
    return (
      <span className="muted agent-norevoke" title="Only the person who approved a connection can revoke it">
        Only {c.approved_by.name || c.approved_by.email} can revoke
      </span>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-danger btn-small" aria-label={`Revoke ${c.name}`}>
        Revoke
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" role="alertdialog">
          <Dialog.Title>Revoke {c.name}?</Dialog.Title>
          <Dialog.Description>
            Its access tokens stop working at once, it cannot renew, and the issues it has claimed are
            released. To connect it again, it must ask you for approval anew.
          </Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close className="btn">Cancel</Dialog.Close>
            <button
              type="button"
              className="btn btn-danger"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate()}
            >
              {revoke.isPending ? "Revoking…" : "Revoke"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
