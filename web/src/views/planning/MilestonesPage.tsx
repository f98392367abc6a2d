/**
 * The workspace's milestones: open ones by target date (undated last), then the finished ones; each with
 * its progress, target date (overdue marked in words, not colour alone) and what blocks it.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { useShortcut } from "../../shell/keys.ts";
import { MilestoneDialog } from "./MilestoneDialog.tsx";
import { PageMessage, ProgressBar } from "./parts.tsx";
import { formatDate, type Milestone, milestoneOverdue, milestoneProgress } from "./planning.ts";
import { milestonesQuery } from "./queries.ts";

/** Finished: every issue not canceled is done (and there is at least one). */
function finished(m: Milestone): boolean {
  const p = milestoneProgress(m);
  return p.of > 0 && p.done >= p.of;
}

function byTarget(a: Milestone, b: Milestone): number {
  if (a.target_date && b.target_date) return a.target_date.localeCompare(b.target_date);
  if (a.target_date) return -1;
  if (b.target_date) return 1;
  return a.created_at.localeCompare(b.created_at);
}

export function MilestonesPage() {
  const { ws } = useParams({ from: "/$ws/milestones" });
  useWorkspaceTitle("Milestones", ws);
  const milestones = useQuery(milestonesQuery(ws));
  const [creating, setCreating] = useState(false);
  useShortcut("n", "New milestone", "Milestones", () => setCreating(true));

  const list = milestones.data ?? [];
  const open = list.filter((m) => !finished(m)).sort(byTarget);
  const done = list.filter(finished).sort((a, b) => -byTarget(a, b));

  return (
    <>
      <header className="page-header">
        <h1>Milestones</h1>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New milestone <kbd>N</kbd>
        </button>
      </header>
      <div className="page-body plan-page">
        {milestones.isPending && <PageMessage title="Loading milestones…" />}
        {milestones.isError && (
          <PageMessage title="Milestones could not be loaded">{milestones.error.message}</PageMessage>
        )}
        {milestones.isSuccess && list.length === 0 && (
          <div className="plan-empty">
            <h2>No milestones yet</h2>
            <p className="muted">
              A milestone is a goal issues lead to (a launch, a release), with a target date and the
              milestones it waits for.
            </p>
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              Create a milestone
            </button>
          </div>
        )}
        {list.length > 0 && (
          <>
            <MilestoneGroup ws={ws} title="Open" milestones={open} empty="Every milestone is reached." />
            {done.length > 0 && <MilestoneGroup ws={ws} title="Reached" milestones={done} empty="" />}
          </>
        )}
      </div>
      <MilestoneDialog ws={ws} open={creating} onOpenChange={setCreating} />
    </>
  );
}

function MilestoneGroup({
  ws,
  title,
  milestones,
  empty,
}: {
  ws: string;
  title: string;
  milestones: Milestone[];
  empty: string;
}) {
  const id = `milestones-${title.toLowerCase()}`;
  return (
    <section className="plan-group" aria-labelledby={id}>
      <h2 id={id} className="plan-group-title">
        {title} <span className="badge">{milestones.length}</span>
      </h2>
      {milestones.length === 0 ? (
        <p className="muted plan-group-empty">{empty}</p>
      ) : (
        <ul className="plan-rows">
          {milestones.map((m) => (
            <MilestoneRow key={m.id} ws={ws} milestone={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MilestoneRow({ ws, milestone: m }: { ws: string; milestone: Milestone }) {
  const progress = milestoneProgress(m);
  const overdue = milestoneOverdue(m);
  return (
    <li className="plan-row">
      <Link to="/$ws/milestones/$id" params={{ ws, id: m.id }} className="plan-row-name">
        {m.name}
      </Link>
      <span className="plan-row-dates">
        {m.target_date ? (
          <>
            <span className="sr-only">Target </span>
            {formatDate(m.target_date)}
            {overdue && <span className="badge badge-danger plan-overdue">Overdue</span>}
          </>
        ) : (
          <span className="muted">No target date</span>
        )}
      </span>
      <span className="plan-row-timing muted">
        {m.blockedBy.length > 0 && (
          <span title={`Blocked by ${m.blockedBy.map((b) => b.name).join(", ")}`}>
            Blocked by {m.blockedBy.length === 1 ? m.blockedBy[0]?.name : `${m.blockedBy.length} milestones`}
          </span>
        )}
      </span>
      <span className="plan-row-progress">
        <ProgressBar progress={progress} label={`${m.name} progress`} />
      </span>
      <span className="plan-row-count muted">
        {progress.of > 0 ? `${progress.done} / ${progress.of} done` : "No issues"}
      </span>
    </li>
  );
}
