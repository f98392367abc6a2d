/**
 * The workspace's cycles: the current ones, those to come and those past, each with its dates, where it
 * stands in time and its progress; "New cycle" (`n`) opens the form with the space's next free dates.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { useWorkspace } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { CycleDialog } from "./CycleDialog.tsx";
import { PageMessage, ProgressBar } from "./parts.tsx";
import { type Cycle, cycleProgress, cycleTiming, formatRange, groupCycles } from "./planning.ts";
import { cycleStatsQuery, cyclesQuery } from "./queries.ts";

const PAST_SHOWN = 10;

export function CyclesPage() {
  const { ws } = useParams({ from: "/$ws/cycles" });
  useWorkspaceTitle("Cycles", ws);
  const cycles = useQuery(cyclesQuery(ws));
  const spaces = useWorkspace(ws).data?.spaces ?? [];
  const [space, setSpace] = useState("");
  const [creating, setCreating] = useState(false);
  const [allPast, setAllPast] = useState(false);
  useShortcut("n", "New cycle", "Cycles", () => setCreating(true));

  const shown = (cycles.data ?? []).filter((c) => !space || c.space === space);
  const groups = groupCycles(shown);
  const many = spaces.length > 1;

  return (
    <>
      <header className="page-header">
        <h1>Cycles</h1>
        {many && (
          <label className="plan-filter">
            <span className="sr-only">Space</span>
            <select value={space} onChange={(e) => setSpace(e.target.value)} aria-label="Space">
              <option value="">All spaces</option>
              {spaces.map((s) => (
                <option key={s.id} value={s.prefix}>
                  {s.prefix} · {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New cycle <kbd>N</kbd>
        </button>
      </header>
      <div className="page-body plan-page">
        {cycles.isPending && <PageMessage title="Loading cycles…" />}
        {cycles.isError && (
          <PageMessage title="Cycles could not be loaded">{cycles.error.message}</PageMessage>
        )}
        {cycles.isSuccess && shown.length === 0 && (
          <div className="plan-empty">
            <h2>No cycles yet</h2>
            <p className="muted">
              A cycle is a time-box (a week or two) of issues a team means to finish. Plan one, then add
              issues to it and follow its burn-down.
            </p>
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              Plan a cycle
            </button>
          </div>
        )}
        {cycles.isSuccess && shown.length > 0 && (
          <>
            <CycleGroup
              ws={ws}
              title="Current"
              cycles={groups.current}
              showSpace={many}
              empty="No cycle runs today."
            />
            <CycleGroup
              ws={ws}
              title="Upcoming"
              cycles={groups.upcoming}
              showSpace={many}
              empty="Nothing planned yet."
            />
            <CycleGroup
              ws={ws}
              title="Past"
              cycles={allPast ? groups.past : groups.past.slice(0, PAST_SHOWN)}
              showSpace={many}
              empty="No cycle has ended yet."
            />
            {!allPast && groups.past.length > PAST_SHOWN && (
              <button type="button" className="btn btn-small plan-more" onClick={() => setAllPast(true)}>
                Show all {groups.past.length} past cycles
              </button>
            )}
          </>
        )}
      </div>
      <CycleDialog
        ws={ws}
        open={creating}
        onOpenChange={setCreating}
        {...(space ? { defaultSpace: space } : {})}
      />
    </>
  );
}

function CycleGroup({
  ws,
  title,
  cycles,
  showSpace,
  empty,
}: {
  ws: string;
  title: string;
  cycles: Cycle[];
  showSpace: boolean;
  empty: string;
}) {
  const id = `cycles-${title.toLowerCase()}`;
  return (
    <section className="plan-group" aria-labelledby={id}>
      <h2 id={id} className="plan-group-title">
        {title} <span className="badge">{cycles.length}</span>
      </h2>
      {cycles.length === 0 ? (
        <p className="muted plan-group-empty">{empty}</p>
      ) : (
        <ul className="plan-rows">
          {cycles.map((c) => (
            <CycleRow key={c.id} ws={ws} cycle={c} showSpace={showSpace} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CycleRow({ ws, cycle, showSpace }: { ws: string; cycle: Cycle; showSpace: boolean }) {
  const stats = useQuery(cycleStatsQuery(ws, cycle.id));
  const progress = stats.data ? cycleProgress(stats.data) : null;
  return (
    <li className="plan-row">
      <Link to="/$ws/cycles/$id" params={{ ws, id: cycle.id }} className="plan-row-name">
        {showSpace && <span className="space-prefix">{cycle.space}</span>}
        {cycle.name}
      </Link>
      <span className="plan-row-dates">{formatRange(cycle.starts_on, cycle.ends_on)}</span>
      <span className="plan-row-timing muted">{cycleTiming(cycle)}</span>
      <span className="plan-row-progress">
        {progress ? (
          <ProgressBar progress={progress} label={`${cycle.name} completion`} />
        ) : (
          <span className="plan-progress plan-progress-loading" aria-hidden="true" />
        )}
      </span>
      <span className="plan-row-count muted">
        {progress ? (progress.of > 0 ? `${progress.done} / ${progress.of} done` : "No issues") : ""}
      </span>
    </li>
  );
}
