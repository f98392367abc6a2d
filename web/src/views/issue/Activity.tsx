/**
 * The issue's activity: who changed what, with agents told apart from people ("Claude (agent for Ada)",
 * a square mark and the word "agent") and each field's change in words. Shown in the timeline.
 */
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api.ts";
import { exactTime, relativeTime, shortDate } from "../../lib/time.ts";
import { keys } from "../../queries.ts";
import { activityActor, describeChange, type Activity as Entry, type NameOf } from "./model.ts";
import { Avatar } from "./Properties.tsx";
import "./issue.css";

const ACTIONS: Record<string, string> = {
  created: "created the issue",
  iced: "put it on ice",
  linked: "linked",
  unlinked: "unlinked",
};

export function useActivity(ws: string, issueId: string) {
  return useQuery({
    queryKey: keys.activity(ws, "issue", issueId),
    queryFn: async ({ signal }) => {
      const all: Entry[] = [];
      let cursor: string | undefined;
      // at most ten pages (a thousand changes) on the page
      for (let i = 0; i < 10; i++) {
        const page = await unwrap(
          api.GET("/issues/{id}/activity", {
            signal,
            params: { path: { id: issueId }, query: { limit: 100, cursor } },
          }),
        );
        all.push(...page.data);
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      return all;
    },
  });
}

/** Within a week as "3 hours ago", older as its day ("Mar 2"). */
function when(at: string): string {
  return Date.now() - new Date(at).getTime() < 7 * 86_400_000 ? relativeTime(at) : shortDate(at);
}

/**
 * One compact line of the timeline: a small avatar, "Ada Lovelace changed status from Todo to In
 * progress · 2 hours ago"; several changes at once list under it.
 */
export function ActivityLine({ entry, nameOf }: { entry: Entry; nameOf: NameOf }) {
  const actor = activityActor(entry.actor, entry.via_integration);
  const changes = Object.entries(entry.changes);
  const verb =
    entry.action === "created"
      ? ACTIONS.created
      : entry.action === "iced"
        ? ACTIONS.iced
        : changes.length === 0
          ? (ACTIONS[entry.action] ?? entry.action.replace(/_/g, " "))
          : null;
  return (
    <li className={`tl-event ip-activity-${actor.kind}`}>
      <span className="tl-event-mark">
        <Avatar
          name={
            entry.via_integration ? actor.name.split(" ")[0]! : (entry.actor.agent?.name ?? entry.actor.name)
          }
          agent={actor.kind === "agent"}
        />
      </span>
      <div className="tl-event-body">
        <p>
          {entry.via_integration?.url ? (
            <a
              className="tl-actor"
              href={entry.via_integration.url}
              target="_blank"
              rel="noreferrer noopener"
            >
              {actor.name}
            </a>
          ) : (
            <span className="tl-actor">{actor.name}</span>
          )}
          {actor.kind === "agent" && <span className="badge badge-agent">agent</span>}{" "}
          {verb ??
            (changes.length === 1 && changes[0]
              ? describeChange(changes[0][0], changes[0][1].from, changes[0][1].to, nameOf)
              : `made ${changes.length} changes:`)}{" "}
          <time className="tl-when" dateTime={entry.at} title={exactTime(entry.at)}>
            · {when(entry.at)}
          </time>
        </p>
        {!verb && changes.length > 1 && (
          <ul className="tl-event-changes">
            {changes.map(([field, c]) => (
              <li key={field}>{describeChange(field, c.from, c.to, nameOf)}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
