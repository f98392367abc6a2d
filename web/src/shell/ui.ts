/** The shell's dialogs, opened from anywhere (shortcuts, the palette, buttons). */
import type { IssueStatus } from "../api.ts";
import { createStore } from "../lib/store.ts";

export interface CreateIssueDefaults {
  status?: IssueStatus;
  space?: string;
  parent?: string;
  cycle?: string;
  milestone?: string;
}

export const ui = {
  palette: createStore(false),
  help: createStore(false),
  /** The new-issue dialog: null when closed, else the values it starts with. */
  createIssue: createStore<CreateIssueDefaults | null>(null),
};
