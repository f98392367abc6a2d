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

export function SpaceSettingsLink({ ws, prefix, name }: { ws: string; prefix: string; name: string }) {
  return (
    <Link
      to="/$ws/spaces/$prefix"
      params={{ ws, prefix }}
      className="nav-settings"
      aria-label={`${name} settings (review policy)`}
      title="Space settings"
    >
      <span aria-hidden="true">⚙</span>
    </Link>
  );
}
