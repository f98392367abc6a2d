/**
 * One issue's page (`/$ws/issue/ENG-42`): title and description edited in place, its properties, sub-
 * issues, its agent runs (live log, Stop, messages), dependencies with the blocker graph, linked decisions and notes, files (dropped anywhere on the
 * page), one timeline of its activity and comments, ice and thaw, and "Copy bundle"; the secondary
 * actions (copy link, copy branch name, delete; on a phone all of them) sit in the "more" menu (⋯) so the
 * header stays one line. It follows the event stream: a change by anyone else shows within a second, and
 * never over an edit in progress (see Editor).
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { ApiError, api, type Issue, unwrap } from "../../api.ts";
import { branchName, issueLink } from "../../lib/branch.ts";
import { onLiveEvent } from "../../lib/live.ts";
import { PHONE, useMediaQuery } from "../../lib/media.ts";
import { useDocumentTitle } from "../../lib/title.ts";
import { keys, useConnections, useMe, useMembers, useWorkspace } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { ui, usePaletteTargets } from "../../shell/ui.ts";
import { copyText } from "../../ui/clipboard.ts";
import { StatusIcon } from "../../ui/meta.tsx";
import { toast } from "../../ui/toast.tsx";
import { Approvals } from "../conversation/Approvals.tsx";
import { IssueMenus, openMenu } from "../issues/menus.tsx";
import IssueRuns, { issueRunsQuery } from "../runs/IssueRuns.tsx";
import { deleteWithUndo } from "../trash/trash.ts";
import { useActivity } from "./Activity.tsx";
import { CodeLinks } from "./CodeLinks.tsx";
import { ConflictPanel } from "./ConflictPanel.tsx";
import { Dependencies } from "./Dependencies.tsx";
import { Editor } from "./Editor.tsx";
import { Files, useUploads } from "./Files.tsx";
import { Linked } from "./Linked.tsx";
import { eventActor, thawStatus } from "./model.ts";
import { Properties } from "./Properties.tsx";
import { Timeline } from "./Timeline.tsx";
import { useIssue } from "./useIssue.ts";
import "./issue.css";

export function IssuePage() {
  const { ws, key } = useParams({ from: "/$ws/issue/$key" });
  // another issue is another page: nothing (an edit, a conflict) carries over
  return <IssueScreen key={`${ws}/${key.toUpperCase()}`} ws={ws} issueKey={key} />;
}

function IssueScreen({ ws, issueKey: key }: { ws: string; issueKey: string }) {
  const state = useIssue(ws, key);
  // the issue's agent runs are read beside the issue, not after it
  useQuery(issueRunsQuery(ws, key));
  const { query, issue, server } = state;
  useDocumentTitle(issue ? `${issue.identifier} ${issue.title}` : key.toUpperCase());

  if (query.isLoading) {
    return (
      <div className="ip-page" aria-busy="true">
        <header className="page-header">
          <span className="identifier">{key.toUpperCase()}</span>
        </header>
        <div className="page-body muted">Loading {key.toUpperCase()}…</div>
      </div>
    );
  }
  if (query.error || !issue || !server) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="empty-page">
        <h1>{notFound ? `${key.toUpperCase()} not found` : `${key.toUpperCase()} could not be read`}</h1>
        <p>
          {notFound
            ? "There is no such issue in this workspace."
            : (query.error?.message ?? "Something went wrong.")}{" "}
          <Link to="/$ws/issues" params={{ ws }}>
            Back to the issues
          </Link>
        </p>
        {!notFound && (
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return <IssueView ws={ws} issue={issue} state={state} />;
}

function IssueView({ ws, issue, state }: { ws: string; issue: Issue; state: ReturnType<typeof useIssue> }) {
  const server = state.server as NonNullable<typeof state.server>;
  const phone = useMediaQuery(PHONE);
  const me = useMe();
  const queryClient = useQueryClient();
  const workspace = useWorkspace(ws).data;
  const [editing, setEditing] = useState<"title" | "description" | null>(null);
  const [lastActor, setLastActor] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const drags = useRef(0);
  /** My text from a conflict, to edit again over theirs. */
  const pendingDraft = useRef<{ title?: string; description?: string } | null>(null);
  const uploads = useUploads(ws, issue);
  const activity = useActivity(ws, issue.id);
  const members = useMembers(ws);
  const connections = useConnections(ws);

  // who changed it, for "Changed by X while you were editing"; the refetch itself comes from live.ts
  useEffect(
    () =>
      onLiveEvent((event) => {
        if (event.object.id !== issue.id) return;
        const mine = event.actor.person_id === me.person.id && (event.actor.via_type as string) === "web";
        setLastActor(mine ? "you, in another window" : eventActor(event.actor, event.data));
      }),
    [issue.id, me.person.id],
  );

  useShortcut("e", "Edit title and description", "Issue", () => setEditing("title"));
  const copyBranch = () => {
    const name = issue.branch_name || branchName(issue.identifier, issue.title);
    void copyText(name, `Branch name copied: ${name}`).catch((error: Error) =>
      toast(`Branch name not copied: ${error.message}`, { kind: "error" }),
    );
  };
  useShortcut("b", "Copy branch name", "Issue", copyBranch);

  const nameOf = useMemo(() => {
    const names = new Map<string, string>();
    for (const m of members.data ?? []) names.set(m.person_id, m.name || m.email);
    for (const c of connections.data ?? []) names.set(c.id, `${c.name} (agent for ${c.approved_by.name})`);
    for (const e of [...issue.blockedBy, ...issue.blocks, ...issue.relatesTo]) names.set(e.id, e.identifier);
    if (issue.parent) names.set(issue.parent.id, issue.parent.identifier);
    if (issue.cycle) names.set(issue.cycle.id, issue.cycle.name);
    if (issue.milestone) names.set(issue.milestone.id, issue.milestone.name);
    return (id: string) => names.get(id);
  }, [members.data, connections.data, issue]);

  const ice = () =>
    void state
      .save({ kind: "ice" }, { what: "Ice" })
      .then((r) => r === "saved" && toast(`${issue.identifier} is on ice`));
  const thaw = () => {
    const status = thawStatus(activity.data ?? []);
    void state
      .save({ kind: "patch", patch: { status } }, { what: "Thaw", view: { status } })
      .then((r) => r === "saved" && toast(`${issue.identifier} thawed`));
  };
  // to the trash, with Undo in the toast (which opens the issue again)
  const navigate = useNavigate();
  const remove = () =>
    void deleteWithUndo(
      queryClient,
      ws,
      { type: "issue", id: issue.identifier, name: issue.identifier },
      {
        leave: () => navigate({ to: "/$ws/issues", params: { ws } }),
        undone: () => void navigate({ to: "/$ws/issue/$key", params: { ws, key: issue.identifier } }),
      },
    );
  usePaletteTargets({
    issues: [issue],
    change: (kind) => openMenu.set({ kind, issues: [issue], labels: issue.labels }),
    remove,
  });
  const closed = issue.status === "done" || issue.status === "canceled";
  const space = workspace?.spaces.find((s) => s.prefix === issue.space);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: files dropped anywhere on the page are attached; the Attach files button does the same by keyboard
    <div
      className={`ip-page${dragging ? " dragging" : ""}`}
      onDragEnter={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        drags.current++;
        setDragging(true);
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes("Files")) e.preventDefault();
      }}
      onDragLeave={() => {
        drags.current = Math.max(0, drags.current - 1);
        if (drags.current === 0) setDragging(false);
      }}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        drags.current = 0;
        setDragging(false);
        uploads.uploadAll(e.dataTransfer.files);
      }}
    >
      <header className="page-header ip-header">
        <nav className="crumbs" aria-label="Breadcrumb">
          <Link to="/$ws/issues" params={{ ws }} search={{ space: issue.space } as never}>
            {space?.name ?? issue.space}
          </Link>
          <span aria-hidden="true">›</span>
          {issue.parent && (
            <>
              <Link to="/$ws/issue/$key" params={{ ws, key: issue.parent.identifier }}>
                {issue.parent.identifier}
              </Link>
              <span aria-hidden="true">›</span>
            </>
          )}
          <span className="identifier" aria-current="page">
            {issue.identifier}
          </span>
        </nav>
        <div className="ip-header-actions">
          <span className="muted ip-saving" role="status">
            {state.pending.length > 0 ? "Saving…" : ""}
          </span>
          {!phone &&
            (issue.status === "iced" ? (
              <button type="button" className="btn btn-small" onClick={thaw}>
                <span aria-hidden="true">☀</span> Thaw
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-small"
                onClick={ice}
                disabled={closed}
                title={
                  closed
                    ? "Only open issues can be put on ice"
                    : "Out of ready work until its status next changes"
                }
              >
                <span aria-hidden="true">❄</span> Put on ice
              </button>
            ))}
          {!phone && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void copyBundle(issue)}
              title="Ctrl+Shift+C"
            >
              Copy bundle
            </button>
          )}
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="btn btn-small ip-more"
              aria-label={`More actions for ${issue.identifier}`}
              title="More actions"
            >
              <span aria-hidden="true">⋯</span>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
                {phone &&
                  (issue.status === "iced" ? (
                    <DropdownMenu.Item className="menu-item" onSelect={thaw}>
                      <span aria-hidden="true">☀</span> Thaw
                    </DropdownMenu.Item>
                  ) : (
                    <DropdownMenu.Item className="menu-item" onSelect={ice} disabled={closed}>
                      <span aria-hidden="true">❄</span> Put on ice
                    </DropdownMenu.Item>
                  ))}
                {phone && (
                  <DropdownMenu.Item className="menu-item" onSelect={() => void copyBundle(issue)}>
                    Copy bundle
                  </DropdownMenu.Item>
                )}
                <DropdownMenu.Item
                  className="menu-item"
                  onSelect={() =>
                    void copyText(issueLink(ws, issue.identifier), `Link to ${issue.identifier} copied`)
                  }
                >
                  Copy link
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className="menu-item"
                  onSelect={copyBranch}
                  aria-keyshortcuts="B"
                  title="B"
                >
                  Copy branch name
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="menu-sep" />
                <DropdownMenu.Item
                  className="menu-item menu-item-danger"
                  onSelect={remove}
                  title="Move to the trash (restorable for 30 days)"
                >
                  Delete {issue.identifier}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </header>
      <div className="ip-layout">
        <article className="ip-main" aria-label={`${issue.identifier}: ${issue.title}`}>
          {issue.status === "iced" && (
            <p className="notice notice-info">
              <span aria-hidden="true">❄</span> This issue is on ice: it stays out of ready work until its
              status next changes or it is thawed.
            </p>
          )}
          {state.conflict && (
            <ConflictPanel
              conflict={state.conflict}
              lastActor={lastActor}
              nameOf={nameOf}
              takeTheirs={state.takeTheirs}
              keepMine={() => void state.keepMine()}
              editAgain={
                state.conflict.write.kind === "patch" &&
                state.conflict.fields.every((f) => f === "title" || f === "description")
                  ? () => {
                      const c = state.conflict;
                      state.takeTheirs();
                      if (c?.write.kind === "patch") {
                        pendingDraft.current = c.write.patch;
                        setEditing(c.fields.includes("description") ? "description" : "title");
                      }
                    }
                  : undefined
              }
            />
          )}
          <Editor
            issue={issue}
            server={server}
            editing={editing}
            setEditing={setEditing}
            save={(write, options) => state.save(write, options)}
            lastActor={lastActor}
            initialDraft={pendingDraft}
          />
          {phone && <Properties ws={ws} issue={issue} save={state.save} />}
          <Approvals ws={ws} issue={issue.identifier} />
          <IssueRuns ws={ws} issueKey={issue.identifier} />
          <CodeLinks links={issue.code_links ?? []} />
          <SubIssues ws={ws} issue={issue} />
          <Dependencies ws={ws} issue={issue} onChanged={() => void state.refetch()} />
          <Linked ws={ws} issue={issue} />
          <Files ws={ws} issue={issue} {...uploads} />
          <Timeline ws={ws} issue={issue} nameOf={nameOf} />
        </article>
        {!phone && <Properties ws={ws} issue={issue} save={state.save} />}
      </div>
      <IssueMenus ws={ws} />
      {dragging && (
        <div className="ip-drop-overlay" aria-hidden="true">
          <p>Drop files to attach them to {issue.identifier}</p>
        </div>
      )}
    </div>
  );

  async function copyBundle(i: Issue) {
    try {
      const { data, response } = await api.POST("/bundles/preview", {
        body: { issue: i.id },
        headers: { accept: "text/markdown" },
        parseAs: "text",
      });
      if (!response.ok)
        throw new ApiError(response.status, "bundle", `the service answered ${response.status}`);
      const markdown = String(data ?? "");
      await copyText(
        markdown,
        `Bundle of ${i.identifier} copied: ${Math.max(1, Math.round(markdown.length / 1024))} KB of Markdown`,
      );
      void queryClient.invalidateQueries({ queryKey: keys.issue(ws) });
    } catch (error) {
      toast(`Bundle not copied: ${(error as Error).message}`, { kind: "error" });
    }
  }
}

function SubIssues({ ws, issue }: { ws: string; issue: Issue }) {
  const children = useQuery({
    queryKey: keys.issues(ws, { parent: issue.id }),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/issues", { signal, params: { query: { parent: issue.id, limit: 100, sort: "created" } } }),
      ),
  });
  const list = children.data?.data ?? [];
  const done = list.filter((c) => c.status === "done").length;
  return (
    <section className="ip-section" aria-labelledby="sub-heading">
      <div className="ip-section-head">
        <h2 id="sub-heading">
          Sub-issues{" "}
          <span className="count">{list.length > 0 ? `${done}/${list.length} done` : list.length}</span>
        </h2>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => ui.createIssue.set({ parent: issue.identifier, space: issue.space })}
        >
          Add sub-issue
        </button>
      </div>
      {children.isLoading ? (
        <p className="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p className="muted">No sub-issues.</p>
      ) : (
        <ul className="ip-rows" aria-labelledby="sub-heading">
          {list.map((c) => (
            <li key={c.id} className="ip-row">
              <Link to="/$ws/issue/$key" params={{ ws, key: c.identifier }} className="ip-row-link">
                <span className="identifier">{c.identifier}</span>
                <span className="ip-row-title">{c.title}</span>
              </Link>
              <span className="issue-row-status muted">
                <StatusIcon status={c.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
