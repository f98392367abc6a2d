/**
 * What the decision and note pages share: Markdown fields with Write and Preview, linked issues with an
 * issue picker, and drafts that survive live updates and conflicts. A draft starts from the version the
 * person saw (its ETag goes in If-Match); a newer version arriving meanwhile is announced, never applied
 * over the draft; a 412 on save shows theirs next to the person's and lets the person choose.
 */
import "./knowledge.css";
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useBlocker } from "@tanstack/react-router";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { api, type Schemas, unwrap } from "../../api.ts";
import { onLiveEvent } from "../../lib/live.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { keys } from "../../queries.ts";
import { displayKeys } from "../../shell/keys.ts";
import { typeAhead } from "../../shell/type-ahead.ts";
import { Markdown } from "../../ui/Markdown.tsx";
import { STATUS_LABEL, StatusIcon } from "../../ui/meta.tsx";
import { changedFields, compare, rebase } from "./draft.ts";

export type LinkedIssue = Schemas["Decision"]["issues"][number];

/** "3 minutes ago", with the exact time in a tooltip. */
export function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={exactTime(at)}>
      {relativeTime(at)}
    </time>
  );
}

/** A Markdown text with a Write / Preview switch; the text area stays mounted (its undo history too). */
export function MarkdownField({
  label,
  value,
  onChange,
  rows = 6,
  placeholder,
  error,
  startInPreview = false,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  placeholder?: string;
  error?: string;
  startInPreview?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  const [preview, setPreview] = useState(startInPreview && value.trim() !== "");
  const area = useRef<HTMLTextAreaElement>(null);
  const write = () => {
    setPreview(false);
    requestAnimationFrame(() => area.current?.focus());
  };
  return (
    <div className="field md-field">
      <div className="md-field-head">
        <label htmlFor={id}>{label}</label>
        {/* biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, named as one control */}
        <div className="md-toggle" role="group" aria-label={`${label}: write or preview`}>
          <button type="button" className="md-toggle-btn" aria-pressed={!preview} onClick={write}>
            Write
          </button>
          <button
            type="button"
            className="md-toggle-btn"
            aria-pressed={preview}
            onClick={() => setPreview(true)}
          >
            Preview
          </button>
        </div>
      </div>
      <textarea
        id={id}
        ref={area}
        hidden={preview}
        rows={rows}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {preview && (
        <section
          className="md-preview"
          aria-label={`${label} (preview)`}
          style={{ minHeight: `${Math.min(rows, 3) * 1.6}em` }}
          onDoubleClick={write}
        >
          <Markdown source={value} empty="Nothing written yet." />
        </section>
      )}
      {hint && !error && <p className="md-hint muted">{hint}</p>}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The issues linked to a decision or a note: links to them, and (editing) remove and add. */
export function IssueLinks({
  ws,
  value,
  known,
  onChange,
  error,
}: {
  ws: string;
  /** Identifiers of the linked issues. */
  value: string[];
  /** What is known of each issue (title, status), by identifier. */
  known: ReadonlyMap<string, LinkedIssue>;
  onChange: (identifiers: string[], picked?: LinkedIssue) => void;
  error?: string;
}) {
  return (
    <div className="field">
      <span className="field-label" id={`${ws}-linked-issues`}>
        Linked issues
      </span>
      {value.length === 0 ? (
        <p className="muted small">No linked issues.</p>
      ) : (
        <ul className="linked-issues" aria-labelledby={`${ws}-linked-issues`}>
          {value.map((identifier) => {
            const issue = known.get(identifier);
            return (
              <li key={identifier} className="linked-issue">
                {issue && <StatusIcon status={issue.status} label={false} />}
                <Link
                  to="/$ws/issue/$key"
                  params={{ ws, key: identifier }}
                  className="linked-issue-link"
                  title={issue ? `${identifier} ${issue.title}` : identifier}
                >
                  <span className="identifier">{identifier}</span>{" "}
                  <span className="linked-issue-title">{issue?.title ?? ""}</span>
                </Link>
                {issue && <span className="sr-only">({STATUS_LABEL[issue.status]})</span>}
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={`Unlink ${identifier}`}
                  title={`Unlink ${identifier}`}
                  onClick={() => onChange(value.filter((v) => v !== identifier))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <IssuePicker
        ws={ws}
        exclude={value}
        onPick={(issue) => onChange([...value, issue.identifier], issue)}
      />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** "Link issue": a combobox finding issues by identifier or words (the search API, type-ahead). */
function IssuePicker({
  ws,
  exclude,
  onPick,
}: {
  ws: string;
  exclude: string[];
  onPick: (issue: LinkedIssue) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 120);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const found = useQuery({
    queryKey: keys.search(ws, "link-issue", q),
    enabled: open && q.length >= 1,
    staleTime: 10_000,
    queryFn: ({ signal }) =>
      unwrap(api.GET("/search", { signal, params: { query: { q: typeAhead(q), type: "issue", limit: 8 } } })),
  });
  const options = (found.data?.data ?? [])
    .filter((r) => r.identifier && !exclude.includes(r.identifier))
    .map(
      (r): LinkedIssue => ({
        id: r.id,
        identifier: r.identifier!,
        title: r.title,
        status: (r.status ?? "backlog") as LinkedIssue["status"],
      }),
    );
  const close = (refocus: boolean) => {
    setOpen(false);
    setText("");
    setActive(0);
    if (refocus) requestAnimationFrame(() => button.current?.focus());
  };
  const pick = (issue: LinkedIssue | undefined) => {
    if (!issue) return;
    onPick(issue);
    close(true);
  };
  if (!open) {
    return (
      <button
        ref={button}
        type="button"
        className="btn btn-small link-issue-btn"
        onClick={() => setOpen(true)}
      >
        + Link issue
      </button>
    );
  }
  return (
    <div className="issue-picker">
      <input
        // biome-ignore lint/a11y/noAutofocus: the person just asked to link an issue
        autoFocus
        role="combobox"
        aria-label="Find an issue to link"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
        placeholder="ENG-42 or words in its title…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onBlur={() => window.setTimeout(() => close(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, options.length - 1));
          else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
          else if (e.key === "Enter") pick(options[active]);
          else if (e.key === "Escape") close(true);
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      {q.length >= 1 && options.length === 0 && (
        <div className="menu issue-picker-list menu-label" role="status">
          {found.isFetching ? "Searching…" : "No issue matches."}
        </div>
      )}
      <div
        className="menu issue-picker-list"
        role="listbox"
        id={listId}
        aria-label="Issues found"
        hidden={options.length === 0}
      >
        {options.map((issue, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: options of a combobox are chosen with its keys (aria-activedescendant), never focused
          <div
            key={issue.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="menu-item"
            data-highlighted={i === active ? "" : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(issue)}
          >
            <StatusIcon status={issue.status} label={false} />
            <span className="identifier">{issue.identifier}</span>
            <span className="linked-issue-title">{issue.title}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

export interface Tagged<T> {
  data: T;
  etag: string;
}

export interface Conflict<D> {
  reason: "conflict" | "changed";
  /** The version the person began from, their draft then, and the other version. */
  base: D;
  mine: D;
  theirs: D;
}

interface Edit<D> {
  base: D;
  version: number;
  etag: string;
  draft: D;
}

/**
 * A draft over a server object. `value` is what the form shows: the server's values until the person
 * changes something, then the draft, which later versions never overwrite (`newer` says one arrived).
 */
export function useDraft<S extends { version: number }, D extends object>(
  server: Tagged<S> | undefined,
  toDraft: (s: S) => D,
  empty: D,
) {
  const [edit, setEdit] = useState<Edit<D> | null>(null);
  const editRef = useRef(edit);
  editRef.current = edit;
  const [merged, setMerged] = useState<(keyof D)[]>([]);
  const [conflict, setConflict] = useState<Conflict<D> | null>(null);
  const current = server ? toDraft(server.data) : empty;
  const dirty = edit !== null && changedFields(edit.base, edit.draft).length > 0;
  const value = dirty ? edit.draft : current;
  const newer = dirty && server && server.data.version > edit.version ? server : null;
  // a newer version that touches none of the fields the person changed is taken in under the draft
  // (their changes show, the person's stay); one that does waits for the person to compare
  const newerVersion = newer?.data.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per newer version
  useEffect(() => {
    if (!newer || !edit) return;
    const theirs = toDraft(newer.data);
    const cmp = compare(edit.base, theirs, edit.draft);
    if (cmp.both.length > 0) return;
    setEdit({
      base: theirs,
      version: newer.data.version,
      etag: newer.etag,
      draft: rebase(edit.base, theirs, edit.draft),
    });
    setMerged((m) => [...new Set([...m, ...cmp.theirsOnly])]);
  }, [newerVersion]);
  return {
    value,
    dirty,
    edit: dirty ? edit : null,
    newer,
    current,
    /** Fields someone else changed meanwhile, taken in under the draft. */
    merged: dirty ? merged : [],
    /** Theirs against the person's, while the person decides (the draft already sits on theirs). */
    conflict: dirty ? conflict : null,
    /**
     * Someone else's version (after a 412, or a newer one the person asked to compare): the draft moves
     * onto it at once (their ETag next; their changes where the person made none, the person's where
     * they did) and the comparison stays shown until the person chooses.
     */
    openConflict(theirs: Tagged<S>, reason: Conflict<D>["reason"]) {
      const e = editRef.current;
      if (!e) return;
      const theirsDraft = toDraft(theirs.data);
      setConflict({ reason, base: e.base, mine: e.draft, theirs: theirsDraft });
      setEdit({
        base: theirsDraft,
        version: theirs.data.version,
        etag: theirs.etag,
        draft: rebase(e.base, theirsDraft, e.draft),
      });
    },
    closeConflict() {
      setConflict(null);
    },
    set(patch: Partial<D>) {
      setEdit((e) => {
        const live = e !== null && changedFields(e.base, e.draft).length > 0;
        const start: Edit<D> = live
          ? e
          : { base: current, version: server?.data.version ?? 0, etag: server?.etag ?? "", draft: current };
        return { ...start, draft: { ...start.draft, ...patch } };
      });
    },
    discard() {
      setEdit(null);
      setMerged([]);
      setConflict(null);
    },
  };
}

export interface FieldView<D> {
  key: keyof D;
  label: string;
  show?: (value: D[keyof D]) => ReactNode;
}

/**
 * Theirs next to mine, for each field both changed; the fields only they changed are kept in any case.
 * The person keeps theirs (dropping the draft), keeps theirs with mine on top (save now, or keep editing).
 */
export function ConflictPanel<D extends object>({
  what,
  reason,
  base,
  theirs,
  mine,
  fields,
  onKeepMine,
  onKeepEditing,
  onTakeTheirs,
  saving,
}: {
  what: string;
  reason: "conflict" | "changed";
  base: D;
  theirs: D;
  mine: D;
  fields: FieldView<D>[];
  onKeepMine: () => void;
  onKeepEditing: () => void;
  onTakeTheirs: () => void;
  saving?: boolean;
}) {
  const cmp = compare(base, theirs, mine);
  const labelOf = (k: keyof D) => fields.find((f) => f.key === k)?.label ?? String(k);
  const show = (k: keyof D, v: D[keyof D]) => {
    const f = fields.find((x) => x.key === k);
    if (f?.show) return f.show(v);
    const text = Array.isArray(v) ? v.join(", ") : String(v ?? "");
    return text.trim() === "" ? <span className="muted">(empty)</span> : text;
  };
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="conflict" role="alert" aria-labelledby="conflict-title" tabIndex={-1} ref={ref}>
      <h2 id="conflict-title">
        {reason === "conflict"
          ? `Someone else saved this ${what} while you were editing`
          : `This ${what} changed while you were editing`}
      </h2>
      <p className="muted">
        Your draft is kept.{" "}
        {cmp.both.length > 0
          ? "Where you both changed a field, compare below, then keep yours or theirs."
          : ""}
        {cmp.theirsOnly.length > 0 &&
          ` Their changes to ${cmp.theirsOnly.map(labelOf).join(", ")} stay whatever you choose.`}
      </p>
      {cmp.both.map((k) => (
        <div key={String(k)} className="conflict-field">
          <h3>{labelOf(k)}</h3>
          <div className="conflict-sides">
            <div className="conflict-side">
              <div className="conflict-side-label">Theirs</div>
              <div className="conflict-text">{show(k, theirs[k])}</div>
            </div>
            <div className="conflict-side conflict-mine">
              <div className="conflict-side-label">Yours</div>
              <div className="conflict-text">{show(k, mine[k])}</div>
            </div>
          </div>
        </div>
      ))}
      <div className="conflict-actions">
        <button type="button" className="btn btn-primary" onClick={onKeepMine} disabled={saving}>
          {saving ? "Saving…" : "Save mine over theirs"}
        </button>
        <button type="button" className="btn" onClick={onKeepEditing}>
          Keep editing mine
        </button>
        <button type="button" className="btn btn-danger" onClick={onTakeTheirs}>
          Discard mine, use theirs
        </button>
      </div>
    </section>
  );
}

/** The bar under a page's header while the person has unsaved changes. */
export function SaveBar({
  dirty,
  saving,
  onSave,
  onDiscard,
  newer,
  onCompare,
  what,
  creating,
  merged = [],
}: {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  newer: boolean;
  onCompare: () => void;
  what: string;
  creating?: boolean;
  /** Names of fields someone else changed meanwhile, taken in under the draft. */
  merged?: string[];
}) {
  if (!dirty && !creating) return null;
  return (
    <section className="save-bar" aria-label="Unsaved changes">
      {newer ? (
        <span className="save-bar-note badge badge-warn" role="status">
          Changed by someone else since you began.{" "}
          <button type="button" className="linklike" onClick={onCompare}>
            Compare
          </button>
        </span>
      ) : merged.length > 0 ? (
        <span className="save-bar-note muted" role="status">
          Unsaved changes. Meanwhile someone else changed {merged.join(", ")}: theirs is shown, yours is kept.
        </span>
      ) : (
        <span className="save-bar-note muted" role="status">
          {creating ? `New ${what}, not saved yet` : "Unsaved changes"}
        </span>
      )}
      <button type="button" className="btn" onClick={onDiscard} disabled={saving}>
        {creating ? "Cancel" : "Discard"}
      </button>
      <button type="button" className="btn btn-primary" onClick={onSave} disabled={saving}>
        {saving ? "Saving…" : creating ? `Create ${what}` : "Save"}{" "}
        <kbd>{displayKeys("mod+Enter").join("")}</kbd>
      </button>
    </section>
  );
}

/**
 * While there are unsaved changes, leaving (a link, the tree, Back) asks first, in the page; reloading or
 * closing the tab asks through the browser. `allowNext()` lets the page's own next move through (after a
 * save, or Cancel on a new one).
 */
export function useLeaveGuard(dirty: boolean, what: string) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allow = useRef(false);
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current && !allow.current,
    enableBeforeUnload: () => dirtyRef.current && !allow.current,
    withResolver: true,
  });
  const dialog =
    blocker.status === "blocked" ? (
      <Dialog.Root open onOpenChange={(open) => !open && blocker.reset()}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog dialog-small" role="alertdialog" aria-describedby="leave-text">
            <Dialog.Title asChild>
              <h2>Leave without saving?</h2>
            </Dialog.Title>
            <p id="leave-text">This {what} has changes that are not saved. Leaving discards them.</p>
            <div className="dialog-actions">
              <button type="button" className="btn btn-danger" onClick={() => blocker.proceed()}>
                Discard and leave
              </button>
              {/* biome-ignore lint/a11y/noAutofocus: staying is the safe choice */}
              <button type="button" className="btn btn-primary" autoFocus onClick={() => blocker.reset()}>
                Stay
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    ) : null;
  return {
    dialog,
    allowNext() {
      allow.current = true;
    },
  };
}

/**
 * The linked issues' statuses stay live: an event about one of them reads the decision or note again
 * (its version does not change, so a draft is not disturbed).
 */
export function useFreshLinks(queryKey: readonly unknown[], issueIds: readonly string[]): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  const ids = issueIds.join(",");
  useEffect(() => {
    if (!ids) return;
    const linked = new Set(ids.split(","));
    return onLiveEvent((event) => {
      if (event.object.type === "issue" && linked.has(event.object.id))
        void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
    });
  }, [key, ids, queryClient]);
}
