/**
 * Pieces the cycle and milestone pages share: a progress bar that says its number, a labelled field with
 * its error, the list of a plan's issues, the "Add issues" picker and the notice of a conflicting edit.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useId, useState } from "react";
import type { Schemas } from "../../api.ts";
import { assigneeName, PriorityIcon, StatusIcon } from "../../ui/meta.tsx";
import { formatPercent, type Progress, progressText } from "./planning.ts";
import { issuePickerQuery } from "./queries.ts";

type IssueSummary = Schemas["IssueSummary"];

export function ProgressBar({ progress, label }: { progress: Progress; label: string }) {
  const text = progressText(progress);
  return (
    <span className="plan-progress">
      <span
        className="plan-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={text}
      >
        <span className="plan-progress-fill" style={{ width: `${progress.percent}%` }} />
      </span>
      <span className="plan-progress-text" aria-hidden="true">
        {progress.of === 0 ? "—" : formatPercent(progress.percent)}
      </span>
    </span>
  );
}

/** A labelled control with its error underneath, tied together for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The issues of a cycle or milestone, each a link to its page, with a button to take it out. */
export function PlanIssues({
  ws,
  issues,
  removeLabel,
  onRemove,
  removing,
}: {
  ws: string;
  issues: IssueSummary[];
  /** "Remove ENG-4 from the cycle" */
  removeLabel: (issue: IssueSummary) => string;
  onRemove: (issue: IssueSummary) => void;
  removing?: string | null;
}) {
  return (
    <ul className="plan-issues">
      {issues.map((issue) => (
        <li key={issue.id} className="plan-issue">
          <PriorityIcon priority={issue.priority} />
          <span className="identifier">{issue.identifier}</span>
          <StatusIcon status={issue.status} label={false} />
          <Link
            to="/$ws/issue/$key"
            params={{ ws, key: issue.identifier }}
            className="plan-issue-title"
            aria-label={`${issue.identifier} ${issue.title}`}
          >
            {issue.title}
          </Link>
          {issue.estimate !== null && (
            <span className="badge" title="Estimate">
              {issue.estimate}
              <span className="sr-only"> points</span>
            </span>
          )}
          <span className="plan-issue-assignee muted">
            {issue.assignee ? assigneeName(issue.assignee) : ""}
          </span>
          <button
            type="button"
            className="icon-btn plan-issue-remove"
            aria-label={removeLabel(issue)}
            title={removeLabel(issue)}
            disabled={removing === issue.id}
            onClick={() => onRemove(issue)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Finds issues by title and adds them one by one (the dialog stays open for the next). A cycle's picker
 * only lists its space's issues, since an issue can only join a cycle of its own space.
 */
export function AddIssuesDialog({
  ws,
  open,
  onOpenChange,
  title,
  space,
  isIn,
  onAdd,
}: {
  ws: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  space?: string;
  /** Whether the issue is in the plan already (shown as added). */
  isIn: (issue: IssueSummary) => boolean;
  onAdd: (issue: IssueSummary) => Promise<unknown>;
}) {
  const [q, setQ] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const results = useQuery({ ...issuePickerQuery(ws, q.trim(), space), enabled: open });
  const list = results.data?.data ?? [];
  const add = async (issue: IssueSummary) => {
    setBusy(issue.id);
    setError(null);
    try {
      await onAdd(issue);
    } catch (e) {
      setError(`${issue.identifier}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setQ("");
          setError(null);
        }
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description className="muted plan-dialog-description">
            {space ? `Issues of ${space}, most recently updated first.` : "Most recently updated first."}
          </Dialog.Description>
          <div className="field">
            <label htmlFor="plan-add-search">Find issues</label>
            <input
              id="plan-add-search"
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="Title contains…"
              autoComplete="off"
            />
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <ul className="plan-picker" aria-busy={results.isFetching} aria-label="Issues found">
            {results.isPending && <li className="muted plan-picker-empty">Searching…</li>}
            {!results.isPending && list.length === 0 && (
              <li className="muted plan-picker-empty">No issue matches “{q}”.</li>
            )}
            {list.map((issue) => {
              const added = isIn(issue);
              return (
                <li key={issue.id} className="plan-picker-row">
                  <span className="identifier">{issue.identifier}</span>
                  <StatusIcon status={issue.status} label={false} />
                  <span className="plan-picker-title">{issue.title}</span>
                  {added ? (
                    <span className="badge badge-ok">
                      ✓ Added<span className="sr-only">: {issue.identifier}</span>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Add ${issue.identifier} ${issue.title}`}
                      disabled={busy === issue.id}
                      onClick={() => void add(issue)}
                    >
                      {busy === issue.id ? "Adding…" : "Add"}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="dialog-actions">
            <Dialog.Close className="btn" type="button">
              Done
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Someone else changed the object while the person edited it: keep theirs or save mine anyway. */
export function ConflictNotice({
  what,
  onTheirs,
  onMine,
}: {
  what: string;
  onTheirs: () => void;
  onMine: () => void;
}) {
  return (
    <div className="plan-conflict" role="alert">
      <p>
        Someone changed this {what} after you opened this form. Your changes are still here: load theirs
        (discarding yours) or save yours over theirs.
      </p>
      <div className="plan-conflict-actions">
        <button type="button" className="btn btn-small" onClick={onTheirs}>
          Load theirs
        </button>
        <button type="button" className="btn btn-small btn-danger" onClick={onMine}>
          Save mine anyway
        </button>
      </div>
    </div>
  );
}

/** A page-sized message: loading, not found, or a failed read. */
export function PageMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty" role={title.startsWith("Loading") ? "status" : undefined}>
      <h2>{title}</h2>
      {children && <p>{children}</p>}
    </div>
  );
}
