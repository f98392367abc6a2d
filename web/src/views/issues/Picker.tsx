/**
 * A small menu that filters as the person types (`s`, `p`, `a`, `l` and the filter and bulk menus):
 * arrows move, Enter picks, Escape closes. A multi-pick menu (labels, statuses of a filter) stays open
 * and shows which options are on; it can offer to create what was typed.
 */
import { Command } from "cmdk";
import { type ReactNode, useState } from "react";

export interface PickerOption {
  value: string;
  label: string;
  icon?: ReactNode;
  hint?: string;
  /** For multi-pick menus: on now. */
  checked?: boolean;
}

export interface PickerProps {
  title: string;
  placeholder?: string;
  options: PickerOption[];
  multi?: boolean;
  loading?: boolean;
  /** Offer "Create …" for text no option matches (labels). */
  create?: (text: string) => string | null;
  /** A free-text answer (a date, an identifier, words): Enter gives what was typed. */
  freeText?: { label: string; validate?: (text: string) => string | null };
  onPick: (value: string) => void;
  onClose: () => void;
}

export function Picker(props: PickerProps) {
  const { title, options, multi, onPick, onClose } = props;
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const t = text.trim();
  const shown = t
    ? options.filter((o) => `${o.label} ${o.hint ?? ""} ${o.value}`.toLowerCase().includes(t.toLowerCase()))
    : options;
  const createLabel = t && props.create && !options.some((o) => o.value === t) ? props.create(t) : null;

  const pick = (value: string) => {
    onPick(value);
    if (multi) setText("");
    else onClose();
  };

  return (
    <Command.Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      label={title}
      shouldFilter={false}
      overlayClassName="dialog-overlay"
      contentClassName="palette-content picker"
      loop
    >
      <div className="picker-title" aria-hidden="true">
        {title}
      </div>
      <Command.Input
        value={text}
        onValueChange={(v) => {
          setText(v);
          setProblem(null);
        }}
        placeholder={props.placeholder ?? "Type to filter…"}
        aria-label={title}
        onKeyDown={(e) => {
          if (e.key === "Enter" && props.freeText && shown.length === 0 && !createLabel) {
            e.preventDefault();
            const bad = props.freeText.validate?.(t) ?? null;
            if (bad) setProblem(bad);
            else if (t) pick(t);
          }
        }}
      />
      {problem && (
        <p className="field-error picker-error" role="alert">
          {problem}
        </p>
      )}
      <Command.List className="palette-list">
        <Command.Empty>
          {props.loading
            ? "Loading…"
            : props.freeText && t
              ? `Press Enter: ${props.freeText.label} “${t}”`
              : "Nothing matches."}
        </Command.Empty>
        {shown.map((o) => (
          <Command.Item
            key={o.value}
            value={o.value}
            onSelect={() => pick(o.value)}
            aria-checked={multi ? Boolean(o.checked) : undefined}
            role={multi ? "menuitemcheckbox" : undefined}
          >
            {multi && (
              <span className="picker-check" aria-hidden="true">
                {o.checked ? "✓" : ""}
              </span>
            )}
            {o.icon}
            <span className="palette-title">{o.label}</span>
            {o.hint && <span className="palette-kind">{o.hint}</span>}
            {multi && <span className="sr-only">{o.checked ? "(on)" : "(off)"}</span>}
          </Command.Item>
        ))}
        {createLabel && (
          <Command.Item value={`create:${t}`} onSelect={() => pick(t)}>
            <span className="palette-title">{createLabel}</span>
          </Command.Item>
        )}
      </Command.List>
      {multi && (
        <div className="picker-foot">
          <button type="button" className="btn btn-small" onClick={onClose}>
            Done
          </button>
        </div>
      )}
    </Command.Dialog>
  );
}
