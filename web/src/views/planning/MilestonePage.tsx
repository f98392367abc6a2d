/**
 * A milestone: its target date, progress and description; the milestones blocking it and those it blocks,
 * as lists (add, remove) and as a graph of every milestone connected to it; and its issues.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { ApiError, api, type Schemas, unwrap } from "../../api.ts";
import { keys } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { ui } from "../../shell/ui.ts";
import { Graph } from "../../ui/Graph.tsx";
import { Markdown } from "../../ui/Markdown.tsx";
import { toast, toastError } from "../../ui/toast.tsx";
import { DeleteButton } from "../trash/DeleteButton.tsx";
import { MilestoneDialog } from "./MilestoneDialog.tsx";
import { AddIssuesDialog, PageMessage, PlanIssues, ProgressBar } from "./parts.tsx";
import {
  dependencyCandidates,
  formatDate,
  type Milestone,
  milestoneGraph,
  milestoneOverdue,
  milestoneProgress,
} from "./planning.ts";
import { milestoneIssuesQuery, milestoneQuery, milestonesQuery, setIssuePlan } from "./queries.ts";

type IssueSummary = Schemas["IssueSummary"];

export function MilestonePage() {
  const { ws, id } = useParams({ from: "/$ws/milestones/$id" });
  const milestone = useQuery(milestoneQuery(ws, id));
  const [editing, setEditing] = useState(false);
  useShortcut("e", "Edit milestone", "Milestone", () => setEditing(true), milestone.isSuccess);

  if (milestone.isPending) return <PageMessage title="Loading milestone…" />;
  if (milestone.isError) {
    const missing = milestone.error instanceof ApiError && milestone.error.status === 404;
    return (
      <PageMessage title={missing ? "Milestone not found" : "The milestone could not be loaded"}>
        {missing ? "There is no such milestone in this workspace. " : `${milestone.error.message} `}
        <Link to="/$ws/milestones" params={{ ws }}>
          All milestones
        </Link>
      </PageMessage>
    );
  }
  const m = milestone.data.data;
  const progress = milestoneProgress(m);
  const overdue = milestoneOverdue(m);
  return (
    <>
      <header className="page-header">
        <nav aria-label="Breadcrumb" className="plan-crumbs">
          <Link to="/$ws/milestones" params={{ ws }}>
            Milestones
          </Link>
          <span aria-hidden="true"> › </span>
        </nav>
        <h1>{m.name}</h1>
        <span className="muted">
          {m.target_date ? `Target ${formatDate(m.target_date)}` : "No target date"}
        </span>
        {overdue && <span className="badge badge-danger">Overdue</span>}
        <button type="button" className="btn" onClick={() => ui.createIssue.set({ milestone: m.id })}>
          New issue in milestone
        </button>
        <button type="button" className="btn" onClick={() => setEditing(true)}>
          Edit <kbd>E</kbd>
        </button>
        <DeleteButton ws={ws} type="milestone" id={m.id} name={m.name} />
      </header>
      <div className="page-body plan-page">
        <section className="plan-section" aria-labelledby="milestone-progress-title">
          <h2 id="milestone-progress-title">Progress</h2>
          <ProgressBar progress={progress} label="Milestone progress" />
          <dl className="plan-numbers">
            <div className="plan-number">
              <dt>Issues</dt>
              <dd>{m.progress.total}</dd>
            </div>
            <div className="plan-number">
              <dt>Done</dt>
              <dd>{m.progress.done}</dd>
            </div>
            <div className="plan-number">
              <dt>Canceled</dt>
              <dd>{m.progress.canceled}</dd>
            </div>
            <div className="plan-number">
              <dt>Points done</dt>
              <dd>
                {m.progress.estimate_done} / {m.progress.estimate_total}
              </dd>
            </div>
          </dl>
          {m.description.trim() && <Markdown source={m.description} className="plan-description" />}
        </section>
        <DependenciesSection ws={ws} milestone={m} />
        <MilestoneIssuesSection ws={ws} milestone={m} />
      </div>
      <MilestoneDialog ws={ws} open={editing} onOpenChange={setEditing} editing={milestone.data} />
    </>
  );
}

type Relation = "blockedBy" | "blocks";

function DependenciesSection({ ws, milestone: m }: { ws: string; milestone: Milestone }) {
  const queryClient = useQueryClient();
  const all = useQuery(milestonesQuery(ws));
  const [relation, setRelation] = useState<Relation>("blockedBy");
  const [other, setOther] = useState("");
  const candidates = useMemo(() => (all.data ? dependencyCandidates(all.data, m) : []), [all.data, m]);
  // the graph reads every milestone's edges; this milestone's own read is the freshest for itself
  const graph = useMemo(() => {
    const list = (all.data ?? []).map((x) => (x.id === m.id ? m : x));
    if (!list.some((x) => x.id === m.id)) list.push(m);
    return milestoneGraph(list, m.id);
  }, [all.data, m]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.milestones(ws) });
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/milestones/{id}/dependencies", {
          params: { path: { id: m.id } },
          body: relation === "blockedBy" ? { blockedBy: [other] } : { blocks: [other] },
        }),
      ),
    onSuccess: () => {
      const name = all.data?.find((x) => x.id === other)?.name ?? "the milestone";
      toast(
        relation === "blockedBy" ? `${m.name} is now blocked by ${name}` : `${m.name} now blocks ${name}`,
      );
      setOther("");
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (dependencyId: string) =>
      unwrap(api.DELETE("/milestone-dependencies/{id}", { params: { path: { id: dependencyId } } })),
    onSuccess: () => {
      toast("Dependency removed");
      refresh();
    },
    onError: (e) => toastError(e, "Removing the dependency"),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!other || add.isPending) return;
    add.mutate();
  };
  const addError = add.error ? add.error.message : null;

  const edgeList = (title: string, items: Milestone["blocks"], empty: string, verb: string) => (
    <div className="plan-deps-list">
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul>
          {items.map((d) => (
            <li key={d.dependency_id}>
              <Link to="/$ws/milestones/$id" params={{ ws, id: d.id }}>
                {d.name}
              </Link>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Remove: ${verb.replace("{other}", d.name)}`}
                title="Remove this dependency"
                disabled={remove.isPending && remove.variables === d.dependency_id}
                onClick={() => remove.mutate(d.dependency_id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <section className="plan-section" aria-labelledby="milestone-deps-title">
      <h2 id="milestone-deps-title">Dependencies</h2>
      {graph.edges.length > 0 ? (
        <Graph
          label={`Dependencies around ${m.name}`}
          nodes={graph.nodes.map((n) => ({ ...n, href: `/${ws}/milestones/${n.id}` }))}
          edges={graph.edges}
          current={m.id}
          className="plan-graph"
        />
      ) : (
        <p className="muted">{m.name} has no dependencies. Add one below to see the graph.</p>
      )}
      <div className="plan-deps">
        {edgeList("Blocked by", m.blockedBy, "No milestone.", `${m.name} is blocked by {other}`)}
        {edgeList("Blocks", m.blocks, "No milestone.", `${m.name} blocks {other}`)}
      </div>
      <form className="plan-dep-form" onSubmit={submit} aria-label="Add a dependency">
        <label>
          <span className="sr-only">Relation</span>
          <select
            value={relation}
            onChange={(e) => {
              setRelation(e.target.value as Relation);
              add.reset();
            }}
            aria-label="Relation"
          >
            <option value="blockedBy">{m.name} is blocked by</option>
            <option value="blocks">{m.name} blocks</option>
          </select>
        </label>
        <label>
          <span className="sr-only">Milestone</span>
          <select
            value={other}
            onChange={(e) => {
              setOther(e.target.value);
              add.reset();
            }}
            aria-label="Milestone"
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? "dep-error" : undefined}
          >
            <option value="">{candidates.length ? "Choose a milestone…" : "No other milestone"}</option>
            {candidates.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.target_date ? ` (${formatDate(c.target_date)})` : ""}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-small" disabled={!other || add.isPending}>
          {add.isPending ? "Adding…" : "Add dependency"}
        </button>
        {addError && (
          <p className="form-error plan-dep-error" id="dep-error" role="alert">
            {addError}
          </p>
        )}
      </form>
    </section>
  );
}

function MilestoneIssuesSection({ ws, milestone: m }: { ws: string; milestone: Milestone }) {
  const queryClient = useQueryClient();
  const issues = useInfiniteQuery(milestoneIssuesQuery(ws, m.id));
  const [adding, setAdding] = useState(false);
  const list = issues.data?.pages.flatMap((p) => p.data) ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.milestones(ws) });
    void queryClient.invalidateQueries({ queryKey: keys.issues(ws) });
  };
  const remove = useMutation({
    mutationFn: (issue: IssueSummary) => setIssuePlan(issue.identifier, { milestone: null }),
    onSuccess: (issue) => {
      refresh();
      toast(`${issue.identifier} removed from ${m.name}`, {
        action: {
          label: "Undo",
          run: () =>
            void setIssuePlan(issue.identifier, { milestone: m.id }).then(refresh, (e) =>
              toastError(e, "Undo"),
            ),
        },
      });
    },
    onError: (e) => toastError(e, "Removing the issue"),
  });
  useShortcut("a", "Add issues to the milestone", "Milestone", () => setAdding(true));

  return (
    <section className="plan-section" aria-labelledby="milestone-issues-title">
      <div className="plan-section-head">
        <h2 id="milestone-issues-title">
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
          <p>No issues lead to this milestone yet.</p>
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add issues
          </button>
        </div>
      )}
      {list.length > 0 && (
        <PlanIssues
          ws={ws}
          issues={list}
          removeLabel={(i) => `Remove ${i.identifier} from the milestone`}
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
        title={`Add issues to ${m.name}`}
        isIn={(issue) => issue.milestone?.id === m.id}
        onAdd={async (issue) => {
          await setIssuePlan(issue.identifier, { milestone: m.id });
          refresh();
        }}
      />
    </section>
  );
}
