/**
 * A Markdown box with Write and Preview, and mention completion: typing `@` lists the workspace's members
 * and agents (arrows to choose, Enter or Tab to insert `@email` / `@agent-name`, Escape to close). ⌘/Ctrl
 * + Enter submits.
 */
import { useId, useMemo, useRef, useState } from "react";
import { useConnections, useMembers } from "../../queries.ts";
import { Markdown } from "../../ui/Markdown.tsx";
import {
  type ActiveMention,
  activeMention,
  insertMention,
  matchMentions,
  mentionCandidates,
} from "./model.ts";

export interface ComposerProps {
  ws: string;
  /** The accessible name of the text box ("Comment", "Reply to Ada Lovelace", "Edit comment"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  submitLabel: string;
  busy?: boolean;
  error?: string;
  placeholder?: string;
  autoFocus?: boolean;
  onCancel?: () => void;
  minRows?: number;
  /** Starts as one quiet line; the tabs and buttons appear once it is focused. */
  collapsible?: boolean;
}

export function Composer(props: ComposerProps) {
  const { ws, label, value, onChange, onSubmit, submitLabel, busy, error, onCancel } = props;
  const id = useId();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [expanded, setExpanded] = useState(!props.collapsible);
  const shown = expanded || value !== "";
  const [mention, setMention] = useState<ActiveMention | null>(null);
  const [active, setActive] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const members = useMembers(ws).data;
  const connections = useConnections(ws).data;
  const candidates = useMemo(
    () => mentionCandidates(members ?? [], connections ?? []),
    [members, connections],
  );
  const matches = mention ? matchMentions(candidates, mention.query) : [];
  const open = mention !== null && matches.length > 0;
  const listId = `${id}-mentions`;

  const track = (el: HTMLTextAreaElement) => {
    const m = el.selectionStart === el.selectionEnd ? activeMention(el.value, el.selectionStart) : null;
    setMention((old) => {
      if (!m) return null;
      if (!old || old.start !== m.start) setActive(0);
      return m;
    });
  };

  const choose = (handle: string) => {
    const el = area.current;
    if (!el || !mention) return;
    const next = insertMention(el.value, mention, el.selectionStart, handle);
    onChange(next.text);
    setMention(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((i) => (i + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === "Enter" && !event.metaKey && !event.ctrlKey) || event.key === "Tab") {
        event.preventDefault();
        choose(matches[Math.min(active, matches.length - 1)]!.handle);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        setMention(null);
        return;
      }
    }
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      if (value.trim() && !busy) onSubmit();
      return;
    }
    if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() && !busy) onSubmit();
      }}
    >
      {shown && (
        <div className="composer-tabs" role="tablist" aria-label={`${label}: write or preview`}>
          <button
            type="button"
            role="tab"
            id={`${id}-write-tab`}
            aria-selected={tab === "write"}
            aria-controls={`${id}-write`}
            className={`composer-tab ${tab === "write" ? "on" : ""}`}
            onClick={() => setTab("write")}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            id={`${id}-preview-tab`}
            aria-selected={tab === "preview"}
            aria-controls={`${id}-preview`}
            className={`composer-tab ${tab === "preview" ? "on" : ""}`}
            onClick={() => setTab("preview")}
          >
            Preview
          </button>
        </div>
      )}
      <div className="composer-box">
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: labelled by its tab only while the tabs are shown (a tabpanel then) */}
        <div
          id={`${id}-write`}
          role={shown ? "tabpanel" : undefined}
          aria-labelledby={shown ? `${id}-write-tab` : undefined}
          hidden={shown && tab !== "write"}
        >
          <textarea
            ref={area}
            aria-label={label}
            value={value}
            rows={shown ? (props.minRows ?? 3) : 1}
            onFocus={() => setExpanded(true)}
            placeholder={props.placeholder ?? "Write in Markdown; @ mentions a member or an agent"}
            // biome-ignore lint/a11y/noAutofocus: opened on purpose (Reply, Edit): the person types next
            autoFocus={props.autoFocus}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            role="combobox"
            aria-haspopup="listbox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open ? `${id}-m-${Math.min(active, matches.length - 1)}` : undefined}
            onChange={(event) => {
              onChange(event.target.value);
              track(event.target);
            }}
            onSelect={(event) => track(event.currentTarget)}
            onKeyDown={onKeyDown}
            onBlur={() => window.setTimeout(() => setMention(null), 150)}
          />
          {open && (
            <div className="menu mention-list" id={listId} role="listbox" aria-label="Mention">
              {matches.map((c, i) => (
                <div
                  key={`${c.kind}:${c.handle}`}
                  tabIndex={-1}
                  id={`${id}-m-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className="menu-item mention-option"
                  data-highlighted={i === active ? "" : undefined}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(c.handle);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  <span
                    className={`avatar mention-avatar ${c.kind === "agent" ? "agent" : ""}`}
                    aria-hidden="true"
                  >
                    {c.kind === "agent" ? "⚙" : c.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="mention-name">{c.name}</span>
                  <span className="mention-detail muted">{c.detail}</span>
                </div>
              ))}
            </div>
          )}
        </div>
        {shown && (
          <div
            id={`${id}-preview`}
            role="tabpanel"
            aria-labelledby={`${id}-preview-tab`}
            hidden={tab !== "preview"}
            className="composer-preview"
          >
            {tab === "preview" && <Markdown source={value} empty="Nothing to preview." />}
          </div>
        )}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {shown && (
        <div className="composer-actions">
          <span className="muted composer-hint">Markdown · @ to mention</span>
          {onCancel && (
            <button type="button" className="btn btn-small" onClick={onCancel}>
              Cancel
            </button>
          )}
          <button type="submit" className="btn btn-primary btn-small" disabled={busy || !value.trim()}>
            {busy ? "Saving…" : submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
