/**
 * The inbox: what asks for the person's attention in this workspace — mentions, issues assigned to them,
 * approvals waiting for their answer (answered here in one click) and issues waiting for their review —
 * newest first, grouped by day; unread ones marked (in words too), opened or marked read one by one or
 * all at once. New items arrive live (the `inbox` area of lib/live.ts).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { api, unwrap } from "../../api.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { useShortcut } from "../../shell/keys.ts";
import { toast, toastError } from "../../ui/toast.tsx";
import { ApprovalCard } from "./Approvals.tsx";
import { convKeys, type InboxItem } from "./data.ts";
import { groupByDay, inboxTarget, plainExcerpt } from "./model.ts";

type Kind = InboxItem["kind"];
const KINDS: { value: Kind | "all"; label: string }[] = [
  { value: "all", label: "All" },
  { value: "mention", label: "Mentions" },
  { value: "assignment", label: "Assigned" },
  { value: "approval", label: "Approvals" },
  { value: "review", label: "Reviews" },
  { value: "webhook_disabled", label: "Webhooks" },
];
const KIND_LABEL: Record<Kind, string> = {
  mention: "Mention",
  assignment: "Assigned",
  approval: "Approval",
  review: "Review",
  webhook_disabled: "Webhook disabled",
  session_awaiting_input: "Run awaits you",
  session_stale: "Run went silent",
  session_error: "Run failed",
  budget_warning: "Budget at 80%",
  budget_exceeded: "Budget spent",
};
const KIND_GLYPH: Record<Kind, string> = {
  mention: "@",
  assignment: "→",
  approval: "?",
  review: "✓",
  webhook_disabled: "!",
  session_awaiting_input: "?",
  session_stale: "…",
  session_error: "!",
  budget_warning: "%",
  budget_exceeded: "%",
};

export function InboxPage() {
  const { ws } = useParams({ from: "/$ws" });
  useWorkspaceTitle("Inbox", ws);
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind | "all">("all");
  const [unreadOnly, setUnreadOnly] = useState(false);
  const filter = { kind, unreadOnly };
  const query = useInfiniteQuery({
    queryKey: convKeys.inbox(ws, filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET("/inbox", {
          signal,
          params: {
            query: {
              limit: 50,
              cursor: pageParam,
              ...(kind === "all" ? {} : { kind }),
              ...(unreadOnly ? { unread: "true" } : {}),
            },
            header: { "Docket-Workspace": ws },
          },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const unread = query.data?.pages[0]?.unread_count ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: convKeys.inbox(ws) });

  const readAll = useMutation({
    mutationFn: () => unwrap(api.POST("/inbox/read-all", { body: kind === "all" ? {} : { kind } })),
    onSuccess: () => void refresh(),
    onError: (error) => toastError(error, "Mark all read"),
  });

  useShortcut("j", "Next item", "Inbox", () => moveFocus(1));
  useShortcut("k", "Previous item", "Inbox", () => moveFocus(-1));

  return (
    <>
      <header className="page-header">
        <h1>
          Inbox{" "}
          {unread > 0 && (
            <span className="badge badge-accent">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </h1>
        <div className="inbox-tools">
          <fieldset className="segmented" aria-label="Show">
            {KINDS.map((k) => (
              <label key={k.value} className={kind === k.value ? "on" : ""}>
                <input
                  type="radio"
                  name="inbox-kind"
                  checked={kind === k.value}
                  onChange={() => setKind(k.value)}
                />
                {k.label}
              </label>
            ))}
          </fieldset>
          <label className="checkbox">
            <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />
            Unread only
          </label>
          <MailSetting ws={ws} />
          <button
            type="button"
            className="btn btn-small"
            disabled={unread === 0 || readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            Mark all read
          </button>
        </div>
      </header>
      <div className="page-body inbox-body">
        {query.isPending && <p className="muted">Loading your inbox…</p>}
        {query.isError && (
          <p className="form-error" role="alert">
            Could not load your inbox: {query.error.message}
          </p>
        )}
        {query.data && items.length === 0 && (
          <div className="empty">
            <h2>{unreadOnly || kind !== "all" ? "Nothing here" : "Your inbox is empty"}</h2>
            <p>
              Mentions of you (<code>@your-email</code> in a comment or a description), issues assigned to
              you, approvals asked of you and issues waiting for your review appear here.
            </p>
          </div>
        )}
        {groupByDay(items).map((group) => (
          <section key={group.label} className="inbox-group" aria-label={group.label}>
            <h2 className="inbox-day">{group.label}</h2>
            <ul className="inbox-list">
              {group.items.map((item) => (
                <InboxRow key={item.id} ws={ws} item={item} onChanged={refresh} />
              ))}
            </ul>
          </section>
        ))}
        {query.hasNextPage && (
          <button
            type="button"
            className="btn"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? "Loading…" : "Show older"}
          </button>
        )}
      </div>
    </>
  );
}

function InboxRow({ ws, item, onChanged }: { ws: string; item: InboxItem; onChanged: () => void }) {
  const navigate = useNavigate();
  const markRead = useMutation({
    mutationFn: () => unwrap(api.POST("/inbox/{id}/read", { params: { path: { id: item.id } }, body: {} })),
    onSuccess: () => onChanged(),
    onError: (error) => toastError(error, "Mark read"),
  });
  const approval = useQuery({
    queryKey: ["ws", ws, "approvals", "one", item.subject.id],
    queryFn: ({ signal }) =>
      unwrap(api.GET("/approvals/{id}", { signal, params: { path: { id: item.subject.id } } })),
    enabled: item.kind === "approval" && item.subject.type === "approval",
  });

  const open = async () => {
    if (!item.read) markRead.mutate();
    let target = inboxTarget(item);
    if (!target && item.subject.type === "comment") {
      try {
        const c = await unwrap(api.GET("/comments/{id}", { params: { path: { id: item.subject.id } } }));
        target =
          c.subject.type === "issue"
            ? { to: "issue", key: c.subject.identifier ?? c.subject.id }
            : c.subject.type === "decision"
              ? { to: "decision", id: c.subject.id }
              : { to: "note", id: c.subject.id };
      } catch (error) {
        toastError(error, "Open");
        return;
      }
    }
    if (!target) return;
    // a comment is scrolled to on its page
    const hash = item.subject.type === "comment" ? item.subject.id : undefined;
    if (target.to === "issue")
      void navigate({ to: "/$ws/issue/$key", params: { ws, key: target.key }, hash });
    else if (target.to === "decision")
      void navigate({ to: "/$ws/decisions/$id", params: { ws, id: target.id }, hash });
    else void navigate({ to: "/$ws/notes/$id", params: { ws, id: target.id }, hash });
  };

  return (
    <li className={`inbox-item ${item.read ? "is-read" : "is-unread"}`}>
      <span className={`inbox-kind inbox-kind-${item.kind}`} aria-hidden="true">
        {KIND_GLYPH[item.kind]}
      </span>
      <div className="inbox-main">
        <div className="inbox-line">
          {!item.read && <span className="unread-dot" aria-hidden="true" />}
          <span className="sr-only">{item.read ? "Read" : "Unread"}: </span>
          <span className="badge">{KIND_LABEL[item.kind]}</span>
          <button type="button" className="inbox-title" onClick={() => void open()}>
            {item.issue && !item.title.startsWith(item.issue.identifier) && (
              <span className="identifier">{item.issue.identifier} </span>
            )}
            {item.title}
          </button>
          <time className="muted inbox-time" dateTime={item.created_at} title={exactTime(item.created_at)}>
            {relativeTime(item.created_at)}
          </time>
        </div>
        {approval.data ? (
          <ApprovalCard ws={ws} approval={approval.data} onAnswered={() => onChanged()} />
        ) : (
          <p className="muted inbox-excerpt">
            {item.actor.label}
            {item.excerpt && <>: {plainExcerpt(item.excerpt)}</>}
          </p>
        )}
      </div>
      <div className="inbox-actions">
        {!item.read && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={`Mark read: ${item.title}`}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate()}
          >
            Mark read
          </button>
        )}
      </div>
    </li>
  );
}

const MAIL: { value: "off" | "immediate" | "daily"; label: string }[] = [
  { value: "off", label: "No email" },
  { value: "immediate", label: "Email each item" },
  { value: "daily", label: "Daily digest" },
];

/** Whether new items are mailed: off, each at once, or a daily digest (the person's own choice). */
export function MailSetting({ ws }: { ws: string }) {
  const queryClient = useQueryClient();
  const key = ["ws", ws, "inbox", "settings"];
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      unwrap(api.GET("/inbox/settings", { signal, params: { header: { "Docket-Workspace": ws } } })),
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (email: (typeof MAIL)[number]["value"]) =>
      unwrap(api.PATCH("/inbox/settings", { body: { email } })),
    onSuccess: (s) => {
      queryClient.setQueryData(key, s);
      toast(
        s.email === "off"
          ? "No more email about your inbox"
          : `${s.email === "daily" ? "A daily digest" : "Each new item"} will be mailed to ${s.address}`,
      );
    },
    onError: (error) => toastError(error, "Email setting"),
  });
  if (!settings.data) return null;
  return (
    <select
      className="inbox-mail"
      aria-label="Email about your inbox"
      title={`Mail goes to ${settings.data.address}`}
      value={save.isPending && save.variables ? save.variables : settings.data.email}
      disabled={save.isPending}
      onChange={(e) => save.mutate(e.target.value as (typeof MAIL)[number]["value"])}
    >
      {MAIL.map((m) => (
        <option key={m.value} value={m.value}>
          {m.label}
        </option>
      ))}
    </select>
  );
}

/** j / k: the next or previous item's title gets the focus (Enter opens it). */
function moveFocus(step: 1 | -1): void {
  const titles = [...document.querySelectorAll<HTMLButtonElement>(".inbox-title")];
  if (titles.length === 0) return;
  const at = titles.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    at === -1 ? (step === 1 ? 0 : titles.length - 1) : Math.min(titles.length - 1, Math.max(0, at + step));
  titles[next]!.focus();
  titles[next]!.scrollIntoView({ block: "nearest" });
}
