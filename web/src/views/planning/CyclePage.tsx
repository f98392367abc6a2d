/**
 * A cycle: its dates and where it stands, its numbers and burn-down chart (with the same numbers as
 * text), and its issues, which can be added from the cycle's space or taken out.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { lazy, Suspense, useMemo, useState } from "react";
import { ApiError, type Schemas } from "../../api.ts";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { keys } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { ui } from "../../shell/ui.ts";
import { STATUSES, StatusIcon } from "../../ui/meta.tsx";
import { toast, toastError } from "../../ui/toast.tsx";
import { DeleteButton } from "../trash/DeleteButton.tsx";
import { CycleDialog } from "./CycleDialog.tsx";
import { AddIssuesDialog, PageMessage, PlanIssues, ProgressBar } from "./parts.tsx";
import {
  burnDownSeries,
  burnDownSummary,
  type CycleStats,
  cycleProgress,
  cycleTiming,
  formatDate,
  formatRange,
  type Measure,
} from "./planning.ts";
import { cycleIssuesQuery, cycleQuery, cycleStatsQuery, setIssuePlan } from "./queries.ts";

const BurnDownChart = lazy(() => import("./BurnDownChart.tsx"));

type IssueSummary = Schemas["IssueSummary"];

const STATE_LABEL = { upcoming: "Upcoming", active: "Current", completed: "Completed" } as const;

export function CyclePage() {
  const { ws, id } = useParams({ from: "/$ws/cycles/$id" });
  const cycle = useQuery(cycleQuery(ws, id));
  useWorkspaceTitle(cycle.data?.data.name ?? "Cycle", ws);
  const [editing, setEditing] = useState(false);
  useShortcut("e", "Edit cycle", "Cycle", () => setEditing(true), cycle.isSuccess);

  if (cycle.isPending) return <PageMessage title="Loading cycle…" />;
  if (cycle.isError) {
    const missing = cycle.error instanceof ApiError && cycle.error.status === 404;
    return (
      <PageMessage title={missing ? "Cycle not found" : "The cycle could not be loaded"}>
        {missing ? "There is no such cycle in this workspace. " : `${cycle.error.message} `}
        <Link to="/$ws/cycles" params={{ ws }}>
          All cycles
        </Link>
      </PageMessage>
    );
  }
  const c = cycle.data.data;
  return (
    <>
      <header className="page-header">
        <nav aria-label="Breadcrumb" className="plan-crumbs">
          <Link to="/$ws/cycles" params={{ ws }}>
            Cycles
          </Link>
          <span aria-hidden="true"> › </span>
        </nav>
        <h1>{c.name}</h1>
        <span className={`badge plan-state-${c.state}`}>{STATE_LABEL[c.state]}</span>
        <span className="muted">
          <span className="space-prefix">{c.space}</span> {formatRange(c.starts_on, c.ends_on)} ·{" "}
          {cycleTiming(c)}
        </span>
        <button
          type="button"
          className="btn"
          onClick={() => ui.createIssue.set({ cycle: c.id, space: c.space })}
        >
          New issue in cycle
        </button>
        <button type="button" className="btn" onClick={() => setEditing(true)}>
          Edit <kbd>E</kbd>
        </button>
        <DeleteButton ws={ws} type="cycle" id={c.id} name={c.name} />
      </header>
      <div className="page-body plan-page">
        <CycleStatsSection ws={ws} id={id} />
        <CycleIssuesSection ws={ws} id={id} space={c.space} name={c.name} />
      </div>
      <CycleDialog ws={ws} open={editing} onOpenChange={setEditing} editing={cycle.data} />
    </>
  );
}

function CycleStatsSection({ ws, id }: { ws: string; id: string }) {
  const stats = useQuery(cycleStatsQuery(ws, id));
  const [measure, setMeasure] = useState<Measure>("count");
  const series = useMemo(
    () => (stats.data ? burnDownSeries(stats.data, measure) : null),
    [stats.data, measure],
  );

  if (stats.isPending) {
    return (
      <section className="plan-section plan-stats-loading" aria-busy="true">
        <h2>Progress</h2>
        <p className="muted">Loading the cycle's numbers…</p>
      </section>
    );
  }
  if (stats.isError) {
    return (
      <section className="plan-section">
        <h2>Progress</h2>
        <p className="form-error">The numbers could not be loaded: {stats.error.message}</p>
      </section>
    );
  }
  const s = stats.data;
  const est = measure === "estimate";
  const unit = est ? "points" : "issues";
  const pick = (v: { count: number; estimate: number }) => (est ? v.estimate : v.count);
  const progress = cycleProgress(s, measure);
  return (
    <>
      <section className="plan-section" aria-labelledby="cycle-progress-title">
        <div className="plan-section-head">
          <h2 id="cycle-progress-title">Progress</h2>
          <fieldset className="plan-segmented">
            <legend className="sr-only">Count</legend>
            {(["count", "estimate"] as const).map((m) => (
              <label key={m} className={measure === m ? "plan-segmented-on" : undefined}>
                <input
                  type="radio"
                  name="cycle-measure"
                  value={m}
                  checked={measure === m}
                  onChange={() => setMeasure(m)}
                />
                {m === "count" ? "Issues" : "Points"}
              </label>
            ))}
          </fieldset>
        </div>
        <ProgressBar progress={progress} label="Cycle completion" />
        <dl className="plan-numbers">
          <Stat label="In the cycle" value={pick(s.total)} unit={unit} />
          <Stat label="Done" value={est ? s.completion.done_estimate : s.completion.done_count} unit={unit} />
          <Stat label="Remaining" value={pick(s.remaining)} unit={unit} />
          <Stat label="Added after start" value={pick(s.scope_added)} unit={unit} signed="+" />
          <Stat label="Removed after start" value={pick(s.scope_removed)} unit={unit} signed="−" />
        </dl>
        <StatusBreakdown stats={s} measure={measure} />
      </section>
      <section className="plan-section" aria-labelledby="burn-down-title">
        <h2 id="burn-down-title">Burn-down</h2>
        <figure className="burn-down" aria-labelledby="burn-down-title" aria-describedby="burn-down-summary">
          <Suspense fallback={<div className="burn-down-chart burn-down-loading">Drawing the chart…</div>}>
            {series && <BurnDownChart series={series} measure={measure} />}
          </Suspense>
          <figcaption id="burn-down-summary" className="burn-down-summary">
            {burnDownSummary(s, measure)}
          </figcaption>
        </figure>
        {series && (
          <details className="burn-down-table">
            <summary>Burn-down by day</summary>
            <table>
              <caption className="sr-only">
                Remaining {unit} each day of the cycle, with the scope and the ideal line
              </caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Scope</th>
                  <th scope="col">Completed</th>
                  <th scope="col">Remaining</th>
                  <th scope="col">Ideal</th>
                </tr>
              </thead>
              <tbody>
                {series.dates.map((date, i) => (
                  <tr key={date}>
                    <th scope="row">{formatDate(date)}</th>
                    <td>{series.scope[i] ?? "—"}</td>
                    <td>{series.completed[i] ?? "—"}</td>
                    <td>{series.remaining[i] ?? "—"}</td>
                    <td>{series.ideal[i]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
      </section>
    </>
  );
}

function Stat({
  label,
  value,
  unit,
  signed,
}: {
  label: string;
  value: number;
  unit: string;
  signed?: string;
}) {
  return (
    <div className="plan-number">
      <dt>{label}</dt>
      <dd>
        {signed && value > 0 ? signed : ""}
        {value}
        <span className="sr-only"> {unit}</span>
      </dd>
    </div>
  );
}

function StatusBreakdown({ stats, measure }: { stats: CycleStats; measure: Measure }) {
  const total = measure === "estimate" ? stats.total.estimate : stats.total.count;
  if (total === 0) return null;
  const parts = STATUSES.map((st) => ({
    value: st.value,
    count: measure === "estimate" ? stats.by_status[st.value].estimate : stats.by_status[st.value].count,
  })).filter((p) => p.count > 0);
  return (
    <ul className="plan-breakdown" aria-label="By status">
      {parts.map((p) => (
        <li key={p.value}>
          <StatusIcon status={p.value} /> <strong>{p.count}</strong>
        </li>
      ))}
    </ul>
  );
}

function CycleIssuesSection({
  ws,
  id,
  space,
  name,
}: {
  ws: string;
  id: string;
  space: string;
  name: string;
}) {
  const queryClient = useQueryClient();
  const issues = useInfiniteQuery(cycleIssuesQuery(ws, id));
  const [adding, setAdding] = useState(false);
  const list = issues.data?.pages.flatMap((p) => p.data) ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.cycles(ws, id) });
    void queryClient.invalidateQueries({ queryKey: keys.cycles(ws, "list") });
    void queryClient.invalidateQueries({ queryKey: keys.issues(ws) });
  };
  const remove = useMutation({
    mutationFn: (issue: IssueSummary) => setIssuePlan(issue.identifier, { cycle: null }),
    onSuccess: (issue) => {
      refresh();
      toast(`${issue.identifier} removed from ${name}`, {
        action: {
          label: "Undo",
          run: () =>
            void setIssuePlan(issue.identifier, { cycle: id }).then(refresh, (e) => toastError(e, "Undo")),
        },
      });
    },
    onError: (e) => toastError(e, "Removing the issue"),
  });
  useShortcut("a", "Add issues to the cycle", "Cycle", () => setAdding(true));

  return (
    <section className="plan-section" aria-labelledby="cycle-issues-title">
      <div className="plan-section-head">
        <h2 id="cycle-issues-title">
          Issues{" "}
          {issues.isSuccess && (
            <span className="badge">
              {list.length}
              {issues.hasNextPage ? "+" : ""}
            </span>
          )}
        </h2>
        <button type="button" className="btn btn-small" onClick={() => setAdding(true)}>
          Add issues <kbd>A</kbd>
        </button>
      </div>
      {issues.isPending && <p className="muted">Loading issues…</p>}
      {issues.isError && <p className="form-error">The issues could not be loaded: {issues.error.message}</p>}
      {issues.isSuccess && list.length === 0 && (
        <div className="plan-empty">
          <p>No issues in this cycle yet.</p>
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add issues
          </button>
        </div>
      )}
      {list.length > 0 && (
        <PlanIssues
          ws={ws}
          issues={list}
          removeLabel={(i) => `Remove ${i.identifier} from the cycle`}
          onRemove={(i) => remove.mutate(i)}
          removing={remove.isPending ? remove.variables?.id : null}
        />
      )}
      {issues.hasNextPage && (
        <button
          type="button"
          className="btn btn-small plan-more"
          disabled={issues.isFetchingNextPage}
          onClick={() => void issues.fetchNextPage()}
        >
          {issues.isFetchingNextPage ? "Loading…" : "Show more issues"}
        </button>
      )}
      <AddIssuesDialog
        ws={ws}
        open={adding}
        onOpenChange={setAdding}
        title={`Add issues to ${name}`}
        space={space}
        isIn={(issue) => issue.cycle?.id === id}
        onAdd={async (issue) => {
          await setIssuePlan(issue.identifier, { cycle: id });
          refresh();
        }}
      />
    </section>
  );
}
