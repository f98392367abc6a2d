/**
 * The timeline, apart from React: its activity and its comment threads in one list, oldest first,
 * narrowed by the filter the person chose (remembered in this browser, per person).
 */
import type { CommentThread } from "../conversation/data.ts";
import type { Activity } from "./model.ts";

export const TIMELINE_FILTERS = ["all", "comments", "activity"] as const;
export type TimelineFilter = (typeof TIMELINE_FILTERS)[number];
export const TIMELINE_FILTER_LABEL: Record<TimelineFilter, string> = {
  all: "All",
  comments: "Comments",
  activity: "Activity",
};

export type TimelineItem =
  | { kind: "activity"; key: string; at: string; entry: Activity }
  | { kind: "thread"; key: string; at: string; thread: CommentThread };

/**
 * One chronological list: each activity entry at its time, each thread at its first comment's (its
 * replies stay with it). At the same instant the change comes before the comment about it; the order
 * is otherwise the order each list came in.
 */
export function timelineItems(
  activity: readonly Activity[],
  threads: readonly CommentThread[],
  filter: TimelineFilter,
): TimelineItem[] {
  const items: TimelineItem[] = [];
  if (filter !== "comments")
    for (const entry of activity) items.push({ kind: "activity", key: entry.id, at: entry.at, entry });
  if (filter !== "activity")
    for (const thread of threads)
      items.push({ kind: "thread", key: thread.id, at: thread.created_at, thread });
  const time = (i: TimelineItem) => Date.parse(i.at);
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        time(a.item) - time(b.item) ||
        (a.item.kind === b.item.kind ? 0 : a.item.kind === "activity" ? -1 : 1) ||
        a.index - b.index,
    )
    .map((x) => x.item);
}

const storageKey = (personId: string) => `docket.timeline.${personId}`;

/** The filter this person last chose in this browser; "all" when none (or storage is unavailable). */
export function readTimelineFilter(personId: string): TimelineFilter {
  try {
    const v = localStorage.getItem(storageKey(personId));
    return (TIMELINE_FILTERS as readonly string[]).includes(v ?? "") ? (v as TimelineFilter) : "all";
  } catch {
    return "all";
  }
}

export function saveTimelineFilter(personId: string, filter: TimelineFilter): void {
  try {
    if (filter === "all") localStorage.removeItem(storageKey(personId));
    else localStorage.setItem(storageKey(personId), filter);
  } catch {
    // private mode without storage: the choice lasts for the page
  }
}
