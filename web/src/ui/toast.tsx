/** Short messages after an action ("ENG-42 moved to Done", "Could not save: …"), read out by screen readers. */
import { createStore, useStore } from "../lib/store.ts";

export interface Toast {
  id: number;
  kind: "info" | "error";
  text: string;
  action?: { label: string; run: () => void };
}

const toasts = createStore<Toast[]>([]);
let next = 1;

export function toast(
  text: string,
  options: { kind?: Toast["kind"]; action?: Toast["action"]; ms?: number } = {},
): void {
  const id = next++;
  toasts.set((list) => [
    ...list.slice(-3),
    { id, kind: options.kind ?? "info", text, action: options.action },
  ]);
  window.setTimeout(() => dismiss(id), options.ms ?? (options.kind === "error" ? 8000 : 4000));
}

export function toastError(error: unknown, doing: string): void {
  const message = error instanceof Error ? error.message : String(error);
  toast(`${doing} failed: ${message}`, { kind: "error" });
}

function dismiss(id: number): void {
  toasts.set((list) => list.filter((t) => t.id !== id));
}

export function Toasts() {
  const list = useStore(toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === "error" ? "alert" : undefined}>
          <span>{t.text}</span>
          {t.action && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                t.action?.run();
                dismiss(t.id);
              }}
            >
              {t.action.label}
            </button>
          )}
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
