/**
 * The workspace's labels: each with its colour, name, description and how many issues carry it.
 * Anyone may create, recolour and rename one (a rename to another label's name merges the two, after
 * asking); deleting takes the label off every issue.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { api, unwrap } from "../api.ts";
import { keys } from "../queries.ts";
import { type Label, labelNameProblem, labelsQuery, useLabels } from "./labels.tsx";
import { toast, toastError } from "./toast.tsx";

export function LabelsPage() {
  const { ws } = useParams({ from: "/$ws/labels" });
  const labels = useLabels(ws);
  const client = useQueryClient();
  const id = useId();
  const [name, setName] = useState("");
  const refresh = () => {
    void client.invalidateQueries({ queryKey: labelsQuery(ws).queryKey });
    void client.invalidateQueries({ queryKey: keys.issues(ws) });
    void client.invalidateQueries({ queryKey: keys.issue(ws) });
  };
  const problem = name.trim() ? labelNameProblem(name) : null;
  const create = () =>
    void unwrap(api.POST("/labels", { body: { name: name.trim() } })).then(
      (l) => {
        setName("");
        refresh();
        toast(`Label ${l.name} created`);
      },
      (error) => toastError(error, `Creating label ${name.trim()}`),
    );
  return (
    <>
      <header className="page-header">
        <h1>Labels</h1>
      </header>
      <div className="page-body label-page">
        <form
          className="label-new"
          aria-label="New label"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() && !problem) create();
          }}
        >
          <label htmlFor={`${id}-new`} className="sr-only">
            New label's name
          </label>
          <input
            id={`${id}-new`}
            value={name}
            maxLength={50}
            placeholder="New label…"
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={!name.trim() || Boolean(problem)}>
            Create label
          </button>
          {problem && <span className="field-error">{problem}</span>}
        </form>
        {labels.isPending && <p className="muted">Loading labels…</p>}
        {labels.isError && (
          <p className="field-error">The labels could not be read: {labels.error.message}</p>
        )}
        {labels.isSuccess && labels.data.length === 0 && (
          <p className="muted">No labels yet. Labels are also made when an issue is given a new one.</p>
        )}
        <ul className="label-rows" aria-label="Labels">
          {(labels.data ?? []).map((l) => (
            <LabelRow key={l.id} label={l} all={labels.data ?? []} onChanged={refresh} />
          ))}
        </ul>
      </div>
    </>
  );
}

function LabelRow({ label, all, onChanged }: { label: Label; all: Label[]; onChanged: () => void }) {
  const [name, setName] = useState(label.name);
  useEffect(() => setName(label.name), [label.name]);
  const patch = (body: { name?: string; color?: string }, what: string) =>
    void unwrap(api.PATCH("/labels/{id}", { params: { path: { id: label.id } }, body })).then(
      (l) => {
        onChanged();
        toast(l.id !== label.id ? `${label.name} merged into ${l.name}` : what);
      },
      (error) => {
        setName(label.name);
        toastError(error, `Changing ${label.name}`);
      },
    );
  const rename = () => {
    const next = name.trim();
    if (!next || next === label.name) return setName(label.name);
    if (labelNameProblem(next)) {
      toast(labelNameProblem(next)!, { kind: "error" });
      return setName(label.name);
    }
    const other = all.find((x) => x.id !== label.id && x.name.toLowerCase() === next.toLowerCase());
    if (
      other &&
      !window.confirm(
        `A label named ${other.name} exists. Merge ${label.name} into it? Issues carrying either will carry ${other.name}.`,
      )
    )
      return setName(label.name);
    patch({ name: next }, `Renamed to ${next}`);
  };
  const remove = () => {
    const n = label.issue_count;
    if (n > 0 && !window.confirm(`Delete ${label.name}? It is taken off ${n} issue${n === 1 ? "" : "s"}.`))
      return;
    void unwrap(api.DELETE("/labels/{id}", { params: { path: { id: label.id } } })).then(
      () => {
        onChanged();
        toast(`Label ${label.name} deleted`);
      },
      (error) => toastError(error, `Deleting ${label.name}`),
    );
  };
  return (
    <li className="label-row">
      <input
        type="color"
        className="label-color"
        value={label.color}
        aria-label={`Colour of ${label.name}`}
        onChange={(e) => patch({ color: e.target.value }, `${label.name} recoloured`)}
      />
      <input
        className="label-name"
        value={name}
        maxLength={50}
        aria-label={`Name of ${label.name}`}
        onChange={(e) => setName(e.target.value)}
        onBlur={rename}
        onKeyDown={(e) => {
          if (e.key === "Enter") (e.currentTarget as HTMLInputElement).blur();
          if (e.key === "Escape") setName(label.name);
        }}
      />
      <span className="label-count muted">
        {label.issue_count === 1 ? "1 issue" : `${label.issue_count} issues`}
      </span>
      <button
        type="button"
        className="btn btn-small"
        aria-label={`Delete label ${label.name}`}
        onClick={remove}
      >
        Delete
      </button>
    </li>
  );
}
