/**
 * A space's review policy refusing to mark an issue done (403 `review_required`), as the issue page
 * shows it: kept apart from <Approvals> (and its Markdown) so the writes that may meet it load light.
 */
import { createStore } from "../../lib/store.ts";
import { reviewRefusal } from "./data.ts";

export interface Refusal {
  issue: string;
  message: string;
  mayFinish: string;
}

/** The refusal <Approvals> shows for its issue, if any. */
export const refusals = createStore<Refusal | null>(null);

/**
 * Call with a write's error on the issue page: a 403 `review_required` is shown by <Approvals> (who may
 * finish it, and Ask for approval) and true is returned; any other error returns false.
 */
export function showReviewRefusal(error: unknown, issue: string): boolean {
  const r = reviewRefusal(error);
  if (!r) return false;
  refusals.set({ issue, ...r });
  return true;
}
