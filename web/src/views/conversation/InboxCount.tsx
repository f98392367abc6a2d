/** The sidebar's pieces of the conversation: the inbox's unread count, and a space's settings link. */
import { Link } from "@tanstack/react-router";
import { useInboxCount } from "./data.ts";

export function InboxCount({ ws }: { ws: string }) {
  const count = useInboxCount(ws).data ?? 0;
  if (count === 0) return null;
  return (
    <span className="nav-count">
      <span className="sr-only">, </span>
      {count > 99 ? "99+" : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** The gear beside a space in the sidebar: its settings page (named by the list item it sits in). */
export function SpaceSettingsLink({ ws, prefix, name }: { ws: string; prefix: string; name: string }) {
  const described = `space-settings-${prefix}`;
  return (
    <Link
      to="/$ws/spaces/$prefix"
      params={{ ws, prefix }}
      className="nav-settings"
      aria-label="Review policy"
      aria-describedby={described}
      title={`${name}: settings and review policy`}
    >
      <span aria-hidden="true">⚙</span>
      <span id={described} hidden>
        Settings of the space {name}
      </span>
    </Link>
  );
}
