/**
 * The app's frame: a sidebar (workspace and its switcher, the views, the spaces, the person's menu) and
 * the page. It follows the workspace's event stream while shown, and owns the shortcuts that work
 * everywhere, the command palette, the new-issue dialog and the `?` list of shortcuts.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useQueryClient } from "@tanstack/react-query";
import { Link, Outlet, useLocation, useNavigate, useParams } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { liveState, startLive } from "../lib/live.ts";
import { useStore } from "../lib/store.ts";
import { setTheme, THEMES, type Theme, theme } from "../lib/theme.ts";
import { useMe, useWorkspace } from "../queries.ts";
import { InboxCount, SpaceSettingsLink } from "../views/conversation/InboxCount.tsx";
import { SidebarViews } from "../views/issues/SavedViews.tsx";
import { initials } from "../views/team/initials.ts";
import { HelpDialog } from "./HelpDialog.tsx";
import { displayKeys, useShortcut } from "./keys.ts";
import { Palette } from "./Palette.tsx";
import { ui } from "./ui.ts";

// The new-issue dialog (with its pickers and templates) loads the first time it opens, not with the app.
const CreateIssueDialog = lazy(() =>
  import("../views/issue/CreateIssueDialog.tsx").then((m) => ({ default: m.CreateIssueDialog })),
);

/** The new-issue dialog, mounted once it was first asked for (and kept, so it closes as it opens). */
function NewIssue({ ws }: { ws: string }) {
  const asked = useStore(ui.createIssue) !== null;
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (asked) setLoaded(true);
  }, [asked]);
  if (!asked && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <CreateIssueDialog ws={ws} />
    </Suspense>
  );
}

export const NAV = [
  { to: "/$ws/inbox", label: "Inbox", keys: "g x" },
  { to: "/$ws/issues", label: "Issues", keys: "g i" },
  { to: "/$ws/my-work", label: "My work", keys: "g m" },
  { to: "/$ws/ready", label: "Ready work", keys: "g r" },
  { to: "/$ws/board", label: "Board", keys: "g b" },
  { to: "/$ws/cycles", label: "Cycles", keys: "g c" },
  { to: "/$ws/milestones", label: "Milestones", keys: "g l" },
  { to: "/$ws/decisions", label: "Decisions", keys: "g d" },
  { to: "/$ws/notes", label: "Notes", keys: "g n" },
  { to: "/$ws/search", label: "Search", keys: "/" },
  { to: "/$ws/runs", label: "Runs", keys: "g s" },
  { to: "/$ws/agents", label: "Agents", keys: "g a" },
  { to: "/$ws/settings/members", label: "Members", keys: "g t" },
] as const;

function GoShortcut({ to, label, keys, ws }: { to: string; label: string; keys: string; ws: string }) {
  const navigate = useNavigate();
  useShortcut(keys, `Go to ${label}`, "Navigation", () => void navigate({ to, params: { ws } }));
  return null;
}

export function Shell() {
  const { ws } = useParams({ from: "/$ws" });
  const me = useMe();
  const membership = me.workspaces.find((w) => w.slug === ws);
  const queryClient = useQueryClient();
  const live = useStore(liveState);
  // on a phone the sidebar is a drawer: opened by the menu button, closed by a choice, Escape or the backdrop
  const [drawer, setDrawer] = useState(false);
  const pathname = useLocation({ select: (l) => l.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the drawer
  useEffect(() => setDrawer(false), [pathname]);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setDrawer(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawer]);

  // a refetch of /v1/me makes a new membership object; the stream follows the workspace, not the object
  const member = Boolean(membership);
  useEffect(() => {
    if (!member) return;
    return startLive({ ws, queryClient });
  }, [ws, member, queryClient]);

  useShortcut("c", "New issue", "Everywhere", () => ui.createIssue.set({}), Boolean(membership));
  useShortcut("mod+k", "Command palette", "Everywhere", () => ui.palette.set((open) => !open));
  useShortcut("?", "Keyboard shortcuts", "Everywhere", () => ui.help.set(true));

  if (!membership) {
    return (
      <main className="empty-page" id="main">
        <h1>Workspace not found</h1>
        <p>
          There is no workspace “{ws}” that you belong to.{" "}
          {me.workspaces[0] && (
            <Link to="/$ws/issues" params={{ ws: me.workspaces[0].slug }}>
              Open {me.workspaces[0].name}
            </Link>
          )}
        </p>
      </main>
    );
  }

  return (
    <div className={`app${drawer ? " drawer-open" : ""}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="phone-bar">
        <button
          type="button"
          className="btn btn-ghost phone-menu"
          aria-label="Menu"
          aria-expanded={drawer}
          aria-controls="sidebar"
          onClick={() => setDrawer((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <span className="phone-ws">{membership.name}</span>
        <button type="button" className="btn btn-small" onClick={() => ui.palette.set(true)}>
          Search
        </button>
      </div>
      {drawer && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes the drawer (Escape does too)
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it from the keyboard
        <div className="drawer-backdrop" onClick={() => setDrawer(false)} />
      )}
      <Sidebar ws={ws} />
      <main className="page" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {NAV.filter((n) => n.keys !== "/").map((n) => (
        <GoShortcut key={n.to} ws={ws} {...n} />
      ))}
      <GoShortcut ws={ws} to="/$ws/search" label="Search" keys="/" />
      <Palette ws={ws} />
      <HelpDialog />
      <NewIssue ws={ws} />
      <span
        className={`live-dot live-${live}`}
        role="status"
        aria-label={live === "live" ? "Live updates on" : "Live updates reconnecting"}
        title={live === "live" ? "Live" : "Reconnecting…"}
      />
    </div>
  );
}

/** A signed-in person who belongs to no workspace yet. */
export function NoWorkspace() {
  const me = useMe();
  return (
    <main className="empty-page" id="main">
      <h1>No workspace yet</h1>
      <p>
        You are signed in as {me.person.email}, but you are not a member of any workspace. Open the invitation
        a workspace's admin sent you, or join one that lets people at your email's domain in; on a new
        installation, the first person creates the first workspace there.
      </p>
      <p>
        <a href="/join">Join a workspace</a> · <a href="/settings">Settings</a>
      </p>
    </main>
  );
}

function Sidebar({ ws }: { ws: string }) {
  const me = useMe();
  const workspace = useWorkspace(ws).data;
  const current = me.workspaces.find((w) => w.slug === ws)!;
  const navigate = useNavigate();
  return (
    <nav className="sidebar" id="sidebar" aria-label="Docket">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="ws-switcher"
          aria-label={`Workspace: ${current.name}. Switch workspace`}
        >
          <span className="ws-avatar" aria-hidden="true">
            {current.name.slice(0, 1).toUpperCase()}
          </span>
          <span className="ws-name">{current.name}</span>
          {me.workspaces.length > 1 && <span aria-hidden="true">▾</span>}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="start" sideOffset={4}>
            <DropdownMenu.Label className="menu-label">Workspaces</DropdownMenu.Label>
            {me.workspaces.map((w) => (
              <DropdownMenu.Item
                key={w.id}
                className="menu-item"
                onSelect={() => void navigate({ to: "/$ws/issues", params: { ws: w.slug } })}
              >
                {w.name}
                {w.slug === ws && (
                  <span className="menu-check">
                    ✓ <span className="sr-only">(current)</span>
                  </span>
                )}
              </DropdownMenu.Item>
            ))}
            {(current.role === "owner" || current.role === "admin") && (
              <>
                <DropdownMenu.Separator className="menu-sep" />
                <DropdownMenu.Item
                  className="menu-item"
                  onSelect={() => void navigate({ to: "/$ws/new-space", params: { ws } })}
                >
                  New space…
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className="menu-item"
                  onSelect={() => void navigate({ to: "/$ws/settings/import", params: { ws } })}
                >
                  Import…
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className="menu-item"
                  onSelect={() => void navigate({ to: "/$ws/settings/integrations", params: { ws } })}
                >
                  Integrations…
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <div className="sidebar-actions">
        <button type="button" className="btn btn-primary sidebar-new" onClick={() => ui.createIssue.set({})}>
          New issue <kbd>C</kbd>
        </button>
        <button
          type="button"
          className="btn sidebar-search"
          onClick={() => ui.palette.set(true)}
          aria-label="Open command palette"
        >
          {displayKeys("mod+k")[0]}
        </button>
      </div>

      <ul className="nav-list">
        {NAV.map((n) => (
          <li key={n.to}>
            <Link
              to={n.to}
              params={{ ws }}
              className="nav-link"
              activeProps={{ className: "nav-link active", "aria-current": "page" }}
            >
              {n.label}
              {n.to === "/$ws/inbox" && <InboxCount ws={ws} />}
            </Link>
          </li>
        ))}
      </ul>

      <SidebarViews ws={ws} />

      {workspace && workspace.spaces.length > 0 && (
        <>
          <h2 className="nav-heading">Spaces</h2>
          <ul className="nav-list">
            {workspace.spaces.map((s) => (
              <li key={s.id}>
                <Link to="/$ws/issues" params={{ ws }} search={{ space: s.prefix }} className="nav-link">
                  <span className="space-prefix">{s.prefix}</span> {s.name}
                </Link>
                <SpaceSettingsLink ws={ws} prefix={s.prefix} name={s.name} />
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="sidebar-foot">
        <PersonMenu />
      </div>
    </nav>
  );
}

function PersonMenu() {
  const me = useMe();
  const { ws } = useParams({ from: "/$ws" });
  const navigate = useNavigate();
  const label = me.person.name ?? me.person.email;
  const chosen = useStore(theme);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="person-menu" aria-label={`Account: ${label}`}>
        <span className="avatar" aria-hidden="true">
          {initials(label)}
        </span>
        <span className="person-name">{label}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side="top" align="start" sideOffset={4}>
          <DropdownMenu.Label className="menu-label">{me.person.email}</DropdownMenu.Label>
          <DropdownMenu.Item
            className="menu-item"
            onSelect={() => void navigate({ to: "/$ws/settings/profile", params: { ws } })}
          >
            Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => window.location.assign("/settings")}>
            Tokens and agents
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => ui.help.set(true)}>
            Keyboard shortcuts
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="menu-item"
            onSelect={() => void navigate({ to: "/$ws/trash", params: { ws } })}
          >
            Trash
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="menu-item"
            onSelect={() => void navigate({ to: "/$ws/labels", params: { ws } })}
          >
            Labels
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-sep" />
          <DropdownMenu.Label className="menu-label">Theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={chosen} onValueChange={(v) => setTheme(v as Theme)}>
            {THEMES.map((t) => (
              <DropdownMenu.RadioItem key={t.value} value={t.value} className="menu-item">
                {t.label}
                <DropdownMenu.ItemIndicator className="menu-check">✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="menu-sep" />
          <DropdownMenu.Item className="menu-item" onSelect={() => signOut(me.csrf_token ?? "")}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The pages' own sign-out: a form POST with the session's CSRF token. */
function signOut(csrf: string): void {
  const form = document.createElement("form");
  form.method = "post";
  form.action = "/sign-out";
  const field = document.createElement("input");
  field.type = "hidden";
  field.name = "csrf";
  field.value = csrf;
  form.append(field);
  document.body.append(form);
  form.submit();
}
