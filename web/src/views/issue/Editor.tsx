/**
 * The title and the Markdown description, edited in place: click either (or press `e`) to edit, Write
 * and Preview tabs, Ctrl+Enter saves, Escape cancels. The edit keeps the read it started from: a change
 * someone else makes meanwhile to a field I have touched is announced ("Changed by X while you were
 * editing") with the choice of theirs or mine; a change to a field I have not touched just comes in.
 * A refused save reopens the editor with my text and the message next to the field.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { ApiError, type Issue } from "../../api.ts";
import { Markdown } from "../../ui/Markdown.tsx";
import type { SaveResult, Tagged, Write } from "./useIssue.ts";
import "./issue.css";

type Field = "title" | "description";
interface Draft {
  title: string;
  description: string;
}

export interface EditorProps {
  issue: Issue;
  server: Tagged;
  editing: Field | null;
  setEditing: (field: Field | null) => void;
  save: (write: Write, options: { base: Tagged; what: string }) => Promise<SaveResult>;
  /** Who changed the issue last, from the event stream ("Claude (agent for Ada)"). */
  lastActor: string | null;
  /** Text to start from instead of the issue's (mine, from a conflict), taken once. */
  initialDraft: React.RefObject<Partial<Draft> | null>;
}

export function Editor({ issue, server, editing, setEditing, save, lastActor, initialDraft }: EditorProps) {
  const [draft, setDraft] = useState<Draft>({ title: "", description: "" });
  /** The values the edit started from (what "touched" is measured against). */
  const [start, setStart] = useState<Draft>({ title: "", description: "" });
  const [base, setBase] = useState<Tagged | null>(null);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [error, setError] = useState<ApiError | Error | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const open = editing !== null;

  // entering the editor: start from the issue as read now, before the page is drawn or takes a key (the
  // fields are drawn first with the draft the editor last held: a key typed or text pasted into them
  // meanwhile was lost, or joined to the issue's text when it came in)
  const wasOpen = useRef(false);
  const reopen = useRef(false);
  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      const values = { title: server.data.title, description: server.data.description };
      if (initialDraft.current) {
        setDraft({ ...values, ...initialDraft.current });
        initialDraft.current = null;
      } else if (!reopen.current) setDraft(values);
      reopen.current = false;
      setStart(values);
      setBase(server);
      setTab("write");
    }
    if (!open) setError(null);
    wasOpen.current = open;
  }, [open, server, initialDraft]);

  useEffect(() => {
    if (!open) return;
    const el = editing === "description" ? bodyRef.current : titleRef.current;
    el?.focus();
  }, [open, editing]);

  // someone else's change to a field I have not touched comes straight in
  const theirs = { title: server.data.title, description: server.data.description };
  const changedByThem = (f: Field) =>
    base !== null && server.data.version !== base.data.version && theirs[f] !== start[f];
  const touched = (f: Field) => draft[f] !== start[f];
  useEffect(() => {
    if (!open || !base) return;
    const untouched = (["title", "description"] as Field[]).filter(
      (f) => server.data[f] !== start[f] && draft[f] === start[f],
    );
    if (untouched.length === 0) return;
    setDraft((d) => ({ ...d, ...Object.fromEntries(untouched.map((f) => [f, server.data[f]])) }));
    setStart((s) => ({ ...s, ...Object.fromEntries(untouched.map((f) => [f, server.data[f]])) }));
  }, [open, base, server, start, draft]);
  const clashing = (["title", "description"] as Field[]).filter((f) => changedByThem(f) && touched(f));

  const cancel = () => setEditing(null);
  const submit = async () => {
    if (!base) return;
    const patch: Partial<Draft> = {};
    if (touched("title")) patch.title = draft.title.trim();
    if (touched("description")) patch.description = draft.description;
    if (Object.keys(patch).length === 0) {
      setEditing(null);
      return;
    }
    if (patch.title === "") {
      setError(
        new ApiError(400, "invalid_request", "A title is needed.", {
          fields: { "body.title": "must not be empty" },
        }),
      );
      titleRef.current?.focus();
      return;
    }
    const what =
      patch.title !== undefined && patch.description !== undefined
        ? "Title and description"
        : patch.title !== undefined
          ? "Title"
          : "Description";
    const kept = draft;
    // shown at once; undone (the editor reopened with my text) if refused
    setEditing(null);
    const result = await save({ kind: "patch", patch }, { base, what });
    if (result instanceof Error) {
      reopen.current = true;
      setDraft(kept);
      setEditing(
        patch.title !== undefined && result instanceof ApiError && result.field("title")
          ? "title"
          : "description",
      );
      setError(result);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  if (!open) {
    return (
      <div className="ip-text">
        <h1 className="ip-title">
          <button
            type="button"
            className="ip-editable-title"
            onClick={() => setEditing("title")}
            title="Edit (E)"
            aria-describedby="issue-title-hint"
          >
            {issue.title}
          </button>
        </h1>
        <span className="sr-only" id="issue-title-hint">
          Edit the title and description
        </span>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click on the text opens its editor; the keyboard has the Edit description button and `e` */}
        <div
          className="ip-description"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest("a, button")) return;
            if (window.getSelection()?.toString()) return;
            setEditing("description");
          }}
        >
          <Markdown source={issue.description} empty="No description. Click or press E to write one." />
        </div>
        <button type="button" className="btn btn-small btn-ghost" onClick={() => setEditing("description")}>
          Edit description <kbd>E</kbd>
        </button>
      </div>
    );
  }

  const titleError = error instanceof ApiError ? error.field("title") : undefined;
  const bodyError = error instanceof ApiError ? error.field("description") : undefined;
  const general = error && !titleError && !bodyError ? error.message : null;
  return (
    <form
      className="ip-editor"
      aria-label="Edit title and description"
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {clashing.length > 0 && (
        <div className="notice notice-warn" role="alert">
          <p>
            <strong>Changed by {lastActor ?? "someone else"} while you were editing</strong>: the{" "}
            {clashing.join(" and ")} now {clashing.length > 1 ? "read" : "reads"}:
          </p>
          {clashing.includes("title") && <p className="notice-quote">{theirs.title}</p>}
          {clashing.includes("description") && (
            <pre className="notice-quote notice-pre">{theirs.description || "(empty)"}</pre>
          )}
          <div className="notice-actions">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                setDraft((d) => ({ ...d, ...Object.fromEntries(clashing.map((f) => [f, theirs[f]])) }));
                setStart((s) => ({ ...s, ...Object.fromEntries(clashing.map((f) => [f, theirs[f]])) }));
                setBase(server);
              }}
            >
              Use theirs
            </button>
            <button type="button" className="btn btn-small" onClick={() => setBase(server)}>
              Keep mine
            </button>
          </div>
        </div>
      )}
      <label className="sr-only" htmlFor="issue-title-input">
        Title
      </label>
      <input
        id="issue-title-input"
        ref={titleRef}
        className="ip-title-input"
        value={draft.title}
        onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
        aria-invalid={titleError ? true : undefined}
        aria-describedby={titleError ? "issue-title-error" : undefined}
        autoComplete="off"
      />
      {titleError && (
        <p className="field-error" id="issue-title-error">
          {titleError}
        </p>
      )}
      <div className="ip-editor-tabs" role="tablist" aria-label="Write or preview the description">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "write"}
          className={`tab${tab === "write" ? " tab-active" : ""}`}
          onClick={() => setTab("write")}
        >
          Write
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "preview"}
          className={`tab${tab === "preview" ? " tab-active" : ""}`}
          onClick={() => setTab("preview")}
        >
          Preview
        </button>
      </div>
      {tab === "write" ? (
        <>
          <label className="sr-only" htmlFor="issue-description-input">
            Description
          </label>
          <textarea
            id="issue-description-input"
            ref={bodyRef}
            value={draft.description}
            onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
            rows={Math.min(24, Math.max(8, draft.description.split("\n").length + 2))}
            placeholder="Markdown: **bold**, `code`, - lists, [links](https://…)"
            aria-invalid={bodyError ? true : undefined}
          />
        </>
      ) : (
        <div className="ip-editor-preview" role="tabpanel" aria-label="Preview">
          <Markdown source={draft.description} empty="Nothing to preview." />
        </div>
      )}
      {bodyError && <p className="field-error">{bodyError}</p>}
      {general && (
        <p className="form-error" role="alert">
          Not saved: {general}
        </p>
      )}
      <div className="ip-editor-actions">
        <span className="muted ip-editor-hint">
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd> saves · <kbd>Esc</kbd> cancels
        </span>
        <button type="button" className="btn" onClick={cancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary">
          Save
        </button>
      </div>
    </form>
  );
}
