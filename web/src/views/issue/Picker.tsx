/**
 * One property of the issue (status, assignee, labels…): its name, its value as a button, and a popover
 * to change it with a filter field and a list driven by the keyboard (↑ ↓ Enter, Escape closes and gives
 * focus back). Several values (labels) stay open for more; free text can offer a new value.
 */
import * as Popover from "@radix-ui/react-popover";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";

export interface Option {
  value: string;
  label: string;
  /** Drawn before the label (a status mark, an avatar). */
  icon?: ReactNode;
  /** Drawn after it, muted ("agent", "active"). */
  hint?: string;
  /** More words the filter matches. */
  keywords?: string;
  /** With options found by the service (onQuery): this one is the page's own, filtered here by the text. */
  local?: boolean;
}

export interface PickerProps {
  /** The property's name: "Status". */
  name: string;
  /** The current value, as the button shows it. */
  display: ReactNode;
  /** The value in words, for the button's accessible name ("Status: In progress"). */
  displayText: string;
  options: Option[];
  selected: string[];
  onSelect: (value: string) => void;
  multiple?: boolean;
  /** Offers a value typed that no option has: returns its option ("Add label “x”") or null. */
  create?: (text: string) => Option | null;
  /** Called as the person types, for options found by the service (issues). */
  onQuery?: (text: string) => void;
  loading?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  placeholder?: string;
  /** Its key on the page ("s"), shown in the button's title. */
  shortcut?: string;
  disabled?: boolean;
  /** Shown under the list (what went wrong, what Enter does). */
  footer?: ReactNode;
}

function matches(option: Option, text: string): boolean {
  if (!text) return true;
  const hay = `${option.label} ${option.keywords ?? ""} ${option.hint ?? ""}`.toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .every((w) => hay.includes(w));
}

export function Picker(props: PickerProps) {
  const { name, options, selected, open, onOpenChange, multiple, create, onQuery } = props;
  const id = useId();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const shown = useMemo(() => {
    const list = options.filter((o) => (onQuery && !o.local) || matches(o, text.trim()));
    const typed = text.trim();
    const extra = typed && create ? create(typed) : null;
    if (extra && !list.some((o) => o.value === extra.value)) return [...list, extra];
    return list;
  }, [options, text, create, onQuery]);

  useEffect(() => {
    if (!open) {
      setText("");
      onQuery?.("");
    }
  }, [open, onQuery]);
  // opening starts on the chosen value (else the first); typing starts on the first match
  const firstSelected = shown.findIndex((o) => selected.includes(o.value));
  const startAt = useRef(0);
  startAt.current = Math.max(0, firstSelected);
  useEffect(() => {
    if (open) setActive(startAt.current);
  }, [open]);
  const current = Math.min(active, Math.max(0, shown.length - 1));
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: "nearest" });
  }, [current]);

  const choose = (option: Option | undefined) => {
    if (!option) return;
    props.onSelect(option.value);
    if (multiple) setText("");
    else onOpenChange(false);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive(Math.min(shown.length - 1, current + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive(Math.max(0, current - 1));
    } else if (event.key === "Home") {
      event.preventDefault();
      setActive(0);
    } else if (event.key === "End") {
      event.preventDefault();
      setActive(shown.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(shown[current]);
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  return (
    <div className="prop">
      <span className="prop-name" id={`${id}-name`}>
        {name}
      </span>
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <Popover.Trigger
          className="prop-value"
          aria-label={`${name}: ${props.displayText}`}
          title={
            props.shortcut ? `Change ${name.toLowerCase()} (${props.shortcut.toUpperCase()})` : undefined
          }
          disabled={props.disabled}
        >
          {props.display}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="menu picker"
            align="start"
            sideOffset={4}
            aria-label={`Change ${name.toLowerCase()}`}
            onOpenAutoFocus={(e) => {
              e.preventDefault();
              (e.currentTarget as HTMLElement).querySelector("input")?.focus();
            }}
            // Closing gives focus back to the button a task later. By then the person may have moved on:
            // another picker opened by its key (a busy browser runs input before that task) would lose
            // focus to this button and so close. Focus goes back only if it is nowhere (the body).
            onCloseAutoFocus={(e) => {
              const now = document.activeElement;
              if (now && now !== document.body) e.preventDefault();
            }}
          >
            <input
              className="picker-input"
              role="combobox"
              aria-label={`${name}: filter`}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={shown[current] ? optionId(current) : undefined}
              placeholder={props.placeholder ?? `${name}…`}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setActive(0);
                onQuery?.(e.target.value);
              }}
              onKeyDown={onKeyDown}
              autoComplete="off"
            />
            <div
              className="picker-list"
              id={listId}
              role="listbox"
              aria-label={name}
              aria-multiselectable={multiple || undefined}
              ref={listRef}
            >
              {shown.map((o, i) => {
                const isSelected = selected.includes(o.value);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the list from the field above (aria-activedescendant)
                  <div
                    key={o.value}
                    tabIndex={-1}
                    id={optionId(i)}
                    data-index={i}
                    role="option"
                    aria-selected={isSelected}
                    className={`menu-item${i === current ? " picker-active" : ""}`}
                    onMouseMove={() => setActive(i)}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(o)}
                  >
                    {multiple && (
                      <span className="picker-box" aria-hidden="true">
                        {isSelected ? "☑" : "☐"}
                      </span>
                    )}
                    {o.icon && (
                      <span className="picker-icon" aria-hidden="true">
                        {o.icon}
                      </span>
                    )}
                    <span className="picker-label">{o.label}</span>
                    {o.hint && <span className="picker-hint">{o.hint}</span>}
                    {!multiple && isSelected && (
                      <span className="menu-check" aria-hidden="true">
                        ✓
                      </span>
                    )}
                  </div>
                );
              })}
              {shown.length === 0 && (
                <p className="picker-empty">
                  {props.loading ? "Searching…" : text ? "Nothing matches." : "Type to search."}
                </p>
              )}
            </div>
            {props.footer && <div className="picker-footer">{props.footer}</div>}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
