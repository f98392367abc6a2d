/** The shell's dialogs, opened from anywhere (shortcuts, the palette, buttons). */
import { useEffect, useRef } from "react";
import type { IssueStatus } from "../api.ts";
import { createStore } from "../lib/store.ts";

export interface CreateIssueDefaults {
  status?: IssueStatus;
  space?: string;
  parent?: string;
  cycle?: string;
  milestone?: string;
}

/** A change the palette offers on issues; the page opens its own menu for it. */
export type PaletteChange = "status" | "priority" | "assignee" | "labels" | "cycle" | "milestone";

/** What the palette's issue actions act on: the page's focused or selected issues. */
export interface PaletteTargets {
  issues: { id: string; identifier: string; title: string }[];
  change: (kind: PaletteChange) => void;
  /** Moves them to the trash (with Undo); absent where the page offers no delete. */
  remove?: () => void;
}

export const ui = {
  palette: createStore(false),
  help: createStore(false),
  /** The new-issue dialog: null when closed, else the values it starts with. */
  createIssue: createStore<CreateIssueDefaults | null>(null),
  /** The shown page's targets, read when the palette opens (null: the page has none). */
  paletteTargets: createStore<(() => PaletteTargets | null) | null>(null),
};

/**
 * Offers the page's focused or selected issues to the palette while the page is shown. The value may
 * change at every render: the palette reads the latest when it opens.
 */
export function usePaletteTargets(targets: PaletteTargets | null): void {
  const latest = useRef(targets);
  latest.current = targets;
  useEffect(() => {
    const read = () => latest.current;
    ui.paletteTargets.set(() => read);
    return () => ui.paletteTargets.set((current) => (current === read ? null : current));
  }, []);
}
