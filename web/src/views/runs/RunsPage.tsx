/**
 * Runs: where a person oversees every agent of the workspace. The live runs grouped by what they need:
 * awaiting input (an agent asked a question), working (pending, active or stopping), stale (silent too long), errored, and the ones
 * that ended lately; each row names the issue, the agent, its status, its last activity and its usage,
 * and opens the issue on that run. It follows the event stream, like every list.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { useWorkspaceTitle } from "../../lib/title.ts";
import {
  fetchSessions,
  formatCost,
  formatTokens,
  reasonLabel,
  runKeys,
  type Session,
  statusLabel,
  statusTone,
  totalTokens,
} from "./runs.ts";
import "./runs.css";

/** How many ended runs the page shows (the latest). */
const RECENT = 30;

export function RunsPage() {
  const { ws } = useParams({ from: "/$ws" });
  useWorkspaceTitle("Runs", ws);
  const runs = useQuery({
    queryKey: runKeys.list(ws, { view: "runs" }),
    queryFn: async ({ signal }) => {
      const [live, ended] = await Promise.all([
        fetchSessions({ status: "live", limit: 100 }, signal),
        fetchSessions({ status: "stopped,complete,error", limit: RECENT }, signal),
      ]);
      return { live: live.data, ended: ended.data };
    },
  });
  const live = runs.data?.live ?? [];
  const ended = runs.data?.ended ?? [];
  const groups: { id: string; title: string; empty?: string; runs: Session[] }[] = [
    { id: "awaiting", title: "Awaiting input", runs: live.filter((s) => s.status === "awaiting_input") },
    {
      id: "live",
      title: "Working",
      empty: "No agent is working right now.",
      runs: live.filter((s) => s.status === "active" || s.status === "pending" || s.status === "stopping"),
    },
    { id: "stale", title: "Stale", runs: live.filter((s) => s.status === "stale") },
    { id: "errored", title: "Errored", runs: ended.filter((s) => s.status === "error") },
    { id: "ended", title: "Recently ended", runs: ended.filter((s) => s.status !== "error") },
  ];
  return (
    <>
      <header className="page-header">
        <h1>Runs</h1>
        {runs.data && (
          <span className="muted">
            {live.length} live · {formatCost(live.reduce((n, s) => n + s.usage.cost_micros, 0))} so far
          </span>
        )}
      </header>
      <div className="page-body">
        <p className="muted runs-intro">
          Every agent's run on an issue: what it is doing, whether it waits for you, and what it spent. Open
          one to follow its log, answer it, send it a message or stop it.
        </p>
        {runs.isPending && <p className="muted">Loading runs…</p>}
        {runs.isError && (
          <p className="form-error" role="alert">
            Could not load the runs: {runs.error.message}
          </p>
        )}
        {runs.data && live.length === 0 && ended.length === 0 && (
          <div className="empty">
            <h2>No runs yet</h2>
            <p>
              A run starts when an agent claims an issue, or when you delegate one to an agent. Runs show here
              live, with what each one costs.
            </p>
          </div>
        )}
        {runs.data &&
          (live.length > 0 || ended.length > 0) &&
          groups
            .filter((g) => g.runs.length > 0 || g.empty)
            .map((g) => (
              <section key={g.id} className="runs-group" aria-labelledby={`runs-${g.id}`}>
                <h2 id={`runs-${g.id}`}>
                  {g.title} <span className="count">{g.runs.length}</span>
                </h2>
                {g.runs.length === 0 ? (
                  <p className="muted">{g.empty}</p>
                ) : (
                  <ul className="runs-rows" aria-labelledby={`runs-${g.id}`}>
                    {g.runs.map((s) => (
                      <RunRow key={s.id} ws={ws} session={s} />
                    ))}
                  </ul>
                )}
              </section>
            ))}
      </div>
    </>
  );
}

function RunRow({ ws, session: s }: { ws: string; session: Session }) {
  const when = s.ended_at ?? s.last_activity_at ?? s.created_at;
  const reason = reasonLabel(s.status_reason);
  return (
    <li className="runs-row">
      <Link
        to="/$ws/issue/$key"
        params={{ ws, key: s.issue.identifier }}
        search={{ run: s.id } as never}
        className="runs-link"
      >
        <span className="runs-issue">
          <span className="identifier">{s.issue.identifier}</span> {s.issue.title}
        </span>
        <span className="runs-agent">
          {s.agent.name}
          <span className="muted"> for {s.person.name}</span>
        </span>
        <span className="runs-status">
          <span className={`badge ${statusTone(s.status)}`} title={reason ?? undefined}>
            {statusLabel(s.status)}
          </span>
          {s.unresponsive && <span className="sr-only"> (not answering)</span>}
        </span>
        <time className="muted runs-when" dateTime={when} title={exactTime(when)}>
          {relativeTime(when)}
        </time>
        <span className="runs-usage" title={`${totalTokens(s.usage)} tokens`}>
          {formatTokens(totalTokens(s.usage))} tok · {formatCost(s.usage.cost_micros)}
        </span>
      </Link>
    </li>
  );
}
