/**
 * Which properties the issue list shows on each row, as Linear's Display menu chooses them. The choice
 * is the person's, kept in this browser (local storage); the title always shows. Hidden cells are hidden
 * by a class on the list (`il-hide-<prop>`), so a change draws no row again.
 */
import { createStore } from "../../lib/store.ts";

export type ListProp = "priority" | "id" | "status" | "labels" | "blocked" | "plan" | "assignee" | "updated";

export const LIST_PROPS: { key: ListProp; label: string }[] = [
  { key: "priority", label: "Priority" },
  { key: "id", label: "ID" },
  { key: "status", label: "Status" },
  { key: "labels", label: "Labels" },
  { key: "blocked", label: "Blocked" },
  { key: "plan", label: "Cycle and milestone" },
  { key: "assignee", label: "Assignee" },
  { key: "updated", label: "Updated" },
];
const KEY = "docket.list.hidden";

function load(): ReadonlySet<ListProp> {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    const known = new Set<string>(LIST_PROPS.map((p) => p.key));
    return new Set(Array.isArray(raw) ? (raw.filter((k) => known.has(String(k))) as ListProp[]) : []);
  } catch {
    return new Set();
  }
}

/** The properties the person hid. */
export const hiddenProps = createStore<ReadonlySet<ListProp>>(load());

export function toggleProp(prop: ListProp): void {
  hiddenProps.set((hidden) => {
    const next = new Set(hidden);
    if (next.has(prop)) next.delete(prop);
    else next.add(prop);
    try {
      localStorage.setItem(KEY, JSON.stringify([...next]));
    } catch {
      // storage refused: the choice lasts for this page
    }
    return next;
  });
}

/** The list's classes for what is hidden: `il-hide-labels il-hide-updated`. */
export function hiddenClasses(hidden: ReadonlySet<ListProp>): string {
  return [...hidden].map((p) => ` il-hide-${p}`).join("");
}
