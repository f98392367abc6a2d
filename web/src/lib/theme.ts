/**
 * The colour theme: the system's (the default), light or dark, kept in this browser's local storage and
 * applied as `data-theme` on <html> (styles.css reads it; without it the system's preference decides).
 */
import { createStore } from "./store.ts";

export type Theme = "system" | "light" | "dark";
export const THEMES: { value: Theme; label: string }[] = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];
const KEY = "docket.theme";

function stored(): Theme {
  try {
    const v = localStorage.getItem(KEY);
    return v === "light" || v === "dark" ? v : "system";
  } catch {
    return "system";
  }
}

export const theme = createStore<Theme>(stored());

function apply(t: Theme): void {
  if (t === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
}

export function setTheme(t: Theme): void {
  try {
    if (t === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, t);
  } catch {
    // storage refused (private mode): the choice lasts for this page
  }
  theme.set(t);
  apply(t);
}

/** Applies the stored theme before the first render, so the page never flashes the other one. */
export function applyStoredTheme(): void {
  apply(theme.get());
}
