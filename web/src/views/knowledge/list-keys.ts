/** `j` and `k` move through a list's rows (links or buttons matching the selector), as in the issue list. */
import { useShortcut } from "../../shell/keys.ts";

function move(selector: string, step: 1 | -1): void {
  const rows = [...document.querySelectorAll<HTMLElement>(selector)];
  if (rows.length === 0) return;
  const at = rows.findIndex((r) => r === document.activeElement || r.contains(document.activeElement));
  const next =
    at === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(Math.max(at + step, 0), rows.length - 1);
  rows[next]!.focus();
  rows[next]!.scrollIntoView({ block: "nearest" });
}

export function useListKeys(selector: string, group: string): void {
  useShortcut("j", "Next in the list", group, () => move(selector, 1));
  useShortcut("k", "Previous in the list", group, () => move(selector, -1));
}
