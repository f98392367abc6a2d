/**
 * The issue's timeline: its activity (compact lines) and its comments (cards with their replies) in one
 * list, oldest first, with the comment box at the bottom. A filter shows all, only the comments or only
 * the activity; the choice is remembered in this browser for the person signed in. Both lists follow
 * the event stream (lib/live.ts), so a change or a comment by anyone else shows within a second.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useMe } from "../../queries.ts";
import { CommentComposer, Thread, useCommentTarget } from "../conversation/Comments.tsx";
import { commentsQuery, convKeys } from "../conversation/data.ts";
import { countComments } from "../conversation/model.ts";
import { ActivityLine, useActivity } from "./Activity.tsx";
import type { NameOf } from "./model.ts";
import {
  readTimelineFilter,
  saveTimelineFilter,
  TIMELINE_FILTER_LABEL,
  TIMELINE_FILTERS,
  type TimelineFilter,
  timelineItems,
} from "./timeline.ts";

export function Timeline({
  ws,
  issue,
  nameOf,
}: {
  ws: string;
  issue: { id: string; identifier: string };
  nameOf: NameOf;
}) {
  const me = useMe();
  const queryClient = useQueryClient();
  const activity = useActivity(ws, issue.id);
  const comments = useQuery(commentsQuery(ws, "issue", issue.identifier));
  // opened at a comment (from the inbox, #cmt_…): the comments are shown whatever was chosen before
  const [filter, setFilter] = useState<TimelineFilter>(() => {
    const chosen = readTimelineFilter(me.person.id);
    return chosen === "activity" && window.location.hash.startsWith("#cmt_") ? "all" : chosen;
  });
  const choose = (next: TimelineFilter) => {
    setFilter(next);
    saveTimelineFilter(me.person.id, next);
  };
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: convKeys.comments(ws, "issue", issue.identifier) });

  const items = timelineItems(activity.data ?? [], comments.data ?? [], filter);
  const count = countComments(comments.data ?? []);
  const loading =
    (filter !== "comments" && activity.isLoading) || (filter !== "activity" && comments.isPending);
  // the comment opened at is looked for once the list is drawn
  useCommentTarget(!loading && comments.data !== undefined);
  return (
    <section className="ip-section tl" aria-labelledby="timeline-heading">
      <div className="ip-section-head tl-head">
        <h2 id="timeline-heading">Activity</h2>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset */}
        <div className="tl-filter" role="group" aria-label="Show in the activity">
          {TIMELINE_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={`tl-filter-btn${filter === f ? " on" : ""}`}
              aria-pressed={filter === f}
              onClick={() => choose(f)}
            >
              {TIMELINE_FILTER_LABEL[f]}
              {f === "comments" && count > 0 && <span className="tl-filter-count">{count}</span>}
            </button>
          ))}
        </div>
      </div>
      {activity.error && filter !== "comments" && (
        <p className="form-error">The activity could not be read: {activity.error.message}</p>
      )}
      {comments.isError && filter !== "activity" && (
        <p className="form-error" role="alert">
          Could not load the comments: {comments.error.message}
        </p>
      )}
      {loading ? (
        <p className="muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="muted tl-empty">{filter === "activity" ? "No activity yet." : "No comments yet."}</p>
      ) : (
        <ol className="tl-list">
          {items.map((item) =>
            item.kind === "activity" ? (
              <ActivityLine key={item.key} entry={item.entry} nameOf={nameOf} />
            ) : (
              <Thread key={item.key} ws={ws} thread={item.thread} onChanged={refresh} />
            ),
          )}
        </ol>
      )}
      <div className="tl-composer">
        <CommentComposer ws={ws} kind="issue" id={issue.identifier} />
      </div>
    </section>
  );
}
