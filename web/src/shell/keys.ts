/**
 * Keyboard shortcuts: one registry, so `?` can list every shortcut that is live on the page. A key is a
 * single key (`c`, `?`, `Escape`), a chord (`mod+k`: Ctrl or ⌘) or a sequence of two (`g i`). Shortcuts
 * never fire while the person types in a field, and only `mod+…` and `Escape` fire while a dialog is open.
 */
import { useEffect, useRef } from "react";
import { createStore } from "../lib/store.ts";

export interface Shortcut {
  keys: string;
  /** What it does, as `?` lists it: "New issue". */
  label: string;
  /** Where it applies, as `?` groups them: "Everywhere", "Issue list"… */
  group: string;
  run: (event: KeyboardEvent) => void;
}

const active = new Set<Shortcut>();
/** The shortcuts live now, for the `?` dialog. */
export const shortcuts = createStore<Shortcut[]>([]);
const publish = () => shortcuts.set([...active]);

let pending: { first: string; at: number } | null = null;
const SEQUENCE_MS = 1200;

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

function keyName(event: KeyboardEvent): string {
  const mod = event.ctrlKey || event.metaKey ? "mod+" : "";
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return `${mod}${event.key === "?" ? "?" : key}`;
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.isComposing) return;
  const name = keyName(event);
  const isChord = name.startsWith("mod+");
  if (!isChord && name !== "Escape" && (typing(event.target) || dialogOpen())) return;
  if (event.altKey) return;
  const now = Date.now();
  const candidates = [...active];
  if (pending && now - pending.at < SEQUENCE_MS) {
    const sequence = `${pending.first} ${name}`;
    pending = null;
    const match = candidates.find((s) => s.keys === sequence);
    if (match) {
      event.preventDefault();
      match.run(event);
      return;
    }
  }
  pending = null;
  if (candidates.some((s) => s.keys.startsWith(`${name} `))) {
    pending = { first: name, at: now };
    event.preventDefault();
    return;
  }
  // the most recently registered wins: a view's `s` over a page's
  const match = candidates.reverse().find((s) => s.keys === name);
  if (match) {
    event.preventDefault();
    match.run(event);
  }
}

let installed = false;
function install(): void {
  if (installed) return;
  installed = true;
  window.addEventListener("keydown", onKeyDown);
}

/** Registers a shortcut while the component is mounted. */
export function useShortcut(
  keys: string,
  label: string,
  group: string,
  run: (event: KeyboardEvent) => void,
  enabled = true,
): void {
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (!enabled) return;
    install();
    const entry: Shortcut = { keys, label, group, run: (e) => runRef.current(e) };
    active.add(entry);
    publish();
    return () => {
      active.delete(entry);
      publish();
    };
  }, [keys, label, group, enabled]);
}

/** How a key is written for people: `mod+k` as ⌘K on a Mac, Ctrl+K elsewhere; letters as capitals. */
export function displayKeys(keys: string): string[] {
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  return keys.split(" ").map((k) => {
    const chord = k.startsWith("mod+");
    const key = chord ? k.slice(4) : k;
    const shown = key.length === 1 ? key.toUpperCase() : key;
    return chord ? `${mac ? "⌘" : "Ctrl+"}${shown}` : shown;
  });
}
