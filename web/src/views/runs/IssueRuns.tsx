/**
 * An issue's agent runs (the "Runs" section of the issue page): the live run expanded, earlier ones a
 * click away. A run shows its status and why, who runs it and for whom, its plan as a checklist, its
 * artifacts, its usage, and its log streaming live; a person stops it (after a confirm) or sends it a
 * message, and answers its question by choosing one of the options it offered.
 *
 * A run's log can be long (10,000 activities): only the last hundred are read when it opens (the API
 * pages by position), earlier ones on request, and only the rows on screen are rendered.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { api, unwrap } from "../../api.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { toast, toastError } from "../../ui/toast.tsx";
import {
  fetchActivities,
  fetchSessions,
  formatCost,
  formatTokens,
  LIVE,
  reasonLabel,
  runKeys,
  type Session,
  type SessionActivity,
  statusLabel,
  statusTone,
  totalTokens,
} from "./runs.ts";
import "./runs.css";

/** The issue's runs (by its identifier, so the page can start reading them with the issue itself). */
export const issueRunsQuery = (ws: string, issueKey: string) =>
  queryOptions({
    queryKey: runKeys.list(ws, { issue: issueKey.toUpperCase() }),
    queryFn: async ({ signal }) => {
      const page = await fetchSessions({ issue: issueKey, limit: 20 }, signal);
      // the run shown first (the live one, else the latest): its log's tail is read now, not after render
      const first = page.data.find((s) => LIVE.has(s.status)) ?? page.data[0];
      if (first && !tails.has(first.id)) tails.set(first.id, readTail(first));
      return page;
    },
  });

/** Tails read ahead of their run's first render, taken (once) by its log. */
const tails = new Map<string, Promise<{ data: SessionActivity[]; more: boolean }>>();

function readTail(s: Session, signal?: AbortSignal) {
  return fetchActivities(s.id, Math.max(0, s.activity_count - WINDOW), signal, 50);
}

export default function IssueRuns({ ws, issueKey }: { ws: string; issueKey: string }) {
  const search = useSearch({ strict: false }) as { run?: string };
  const runs = useQuery(issueRunsQuery(ws, issueKey));
  const list = runs.data?.data ?? [];
  const [open, setOpen] = useState<string | null>(null);
  // the run the link named, else the live one, else the latest
  const shown = open ?? search.run ?? list.find((s) => LIVE.has(s.status))?.id ?? list[0]?.id ?? null;
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (search.run && runs.data) section.current?.scrollIntoView({ block: "start" });
  }, [search.run, runs.data]);
  if (runs.isPending || list.length === 0) return null;
  return (
    <section className="ip-section runs-section" aria-labelledby="runs-heading" ref={section}>
      <div className="ip-section-head">
        <h2 id="runs-heading">
          Agent runs <span className="count">{list.length}</span>
        </h2>
      </div>
      <ul className="run-list">
        {list.map((s) => (
          <li key={s.id} className={`run${s.id === shown ? " run-open" : ""}`}>
            {s.id === shown ? (
              <RunDetail ws={ws} session={s} />
            ) : (
              <button type="button" className="run-summary" onClick={() => setOpen(s.id)}>
                <span className={`badge ${statusTone(s.status)}`}>{statusLabel(s.status)}</span>
                <span className="run-agent">{s.agent.name}</span>
                <span className="muted">
                  {relativeTime(s.created_at)} · {formatTokens(totalTokens(s.usage))} tokens ·{" "}
                  {formatCost(s.usage.cost_micros)}
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RunDetail({ ws, session: s }: { ws: string; session: Session }) {
  const live = LIVE.has(s.status);
  const reason = reasonLabel(s.status_reason);
  const log = useActivityLog(s);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: runKeys.all(ws) });
  const send = async (body: string) => {
    try {
      await unwrap(api.POST("/sessions/{id}/prompts", { params: { path: { id: s.id } }, body: { body } }));
      refresh();
      log.catchUp();
      return true;
    } catch (error) {
      toastError(error, "Sending the message");
      return false;
    }
  };
  const done = s.plan.filter((p) => p.status === "done").length;
  const lastQuestion =
    s.status === "awaiting_input" ? log.items.findLast((a) => a.kind === "elicitation") : null;
  return (
    <article className="run-detail" aria-label={`Run of ${s.agent.name}`} data-run={s.id}>
      <header className="run-head">
        <div className="run-status">
          <span className={`badge ${statusTone(s.status)}`} data-status={s.status}>
            {statusLabel(s.status)}
          </span>
          {reason && <span className="muted run-reason">{reason}</span>}
          {s.unresponsive && <span className="badge badge-warn">not answering</span>}
        </div>
        {live && s.status !== "stopping" && <StopButton ws={ws} session={s} />}
      </header>
      <dl className="run-facts">
        <div>
          <dt>Agent</dt>
          <dd>{s.agent.name}</dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{s.person.name}</dd>
        </div>
        <div>
          <dt>Started by</dt>
          <dd>
            {s.started_by.type === "agent" ? "the agent" : s.started_by.name},{" "}
            <time dateTime={s.created_at} title={exactTime(s.created_at)}>
              {relativeTime(s.created_at)}
            </time>
          </dd>
        </div>
        <div>
          <dt>Usage</dt>
          <dd title={usageTitle(s.usage)}>
            {formatTokens(totalTokens(s.usage))} tokens · {formatCost(s.usage.cost_micros)}
          </dd>
        </div>
        <div>
          <dt>{s.ended_at ? "Ended" : "Last activity"}</dt>
          <dd>
            {s.ended_at || s.last_activity_at ? (
              <time
                dateTime={(s.ended_at ?? s.last_activity_at)!}
                title={exactTime(s.ended_at ?? s.last_activity_at)}
              >
                {relativeTime(s.ended_at ?? s.last_activity_at)}
              </time>
            ) : (
              "none yet"
            )}
          </dd>
        </div>
      </dl>
      {s.summary && <p className="run-summary-text">{s.summary}</p>}
      {s.plan.length > 0 && (
        <div className="run-plan">
          <h3>
            Plan{" "}
            <span className="count">
              {done}/{s.plan.length}
            </span>
          </h3>
          <ul aria-label="Plan">
            {s.plan.map((p, i) => (
              // the plan is replaced whole: its place is its identity
              // biome-ignore lint/suspicious/noArrayIndexKey: items have no id
              <li key={i} className={`plan-${p.status}`}>
                <input
                  type="checkbox"
                  readOnly
                  checked={p.status === "done"}
                  aria-label={`${p.content}: ${p.status.replace("_", " ")}`}
                  tabIndex={-1}
                />
                <span>{p.content}</span>
                {p.status === "in_progress" && <span className="badge badge-accent">in progress</span>}
                {p.status === "canceled" && <span className="muted">canceled</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {s.artifacts.length > 0 && (
        <div className="run-artifacts">
          <h3>Artifacts</h3>
          <ul>
            {s.artifacts.map((a) => (
              <li key={`${a.kind}:${a.url}`}>
                <span className="badge">{a.kind.replace("_", " ")}</span>{" "}
                <a href={a.url} target="_blank" rel="noreferrer noopener">
                  {a.title || a.url}
                </a>
                {a.state && <span className="muted"> · {a.state}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ActivityLog log={log} lastQuestion={lastQuestion ?? null} answer={(option) => void send(option)} />
      {live && <SendMessage session={s} send={send} />}
    </article>
  );
}

function usageTitle(u: Session["usage"]): string {
  return `Input ${u.input_tokens}, output ${u.output_tokens}, cache reads ${u.cache_read_tokens}, cache writes ${u.cache_write_tokens}`;
}

/** How many activities a run shows when opened (the latest), and how many more "Show earlier" reads. */
const WINDOW = 100;

interface ActivityLogState {
  items: SessionActivity[];
  loading: boolean;
  hasEarlier: boolean;
  loadEarlier: () => void;
  catchUp: () => void;
}

/** The latest activities of a run, kept current as the run changes; earlier ones on request. */
function useActivityLog(s: Session): ActivityLogState {
  const [items, setItems] = useState<SessionActivity[]>([]);
  const [loading, setLoading] = useState(true);
  const [hasEarlier, setHasEarlier] = useState(false);
  const last = useRef(-1);
  const busy = useRef(false);
  const again = useRef(false);

  const merge = useCallback((incoming: SessionActivity[]) => {
    if (incoming.length === 0) return;
    setItems((current) => {
      const byPosition = new Map(current.map((a) => [a.position, a]));
      for (const a of incoming) byPosition.set(a.position, a);
      let all = [...byPosition.values()].sort((a, b) => a.position - b.position);
      // only the latest ephemeral activity is kept by the service: the same here
      const lastEphemeral = all.findLast((a) => a.ephemeral);
      all = all.filter((a) => !a.ephemeral || a === lastEphemeral);
      last.current = Math.max(last.current, all.at(-1)?.position ?? 0);
      return all;
    });
  }, []);

  const catchUp = useCallback(() => {
    if (last.current < 0) return;
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    void fetchActivities(s.id, last.current)
      .then((page) => merge(page.data))
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
        if (again.current) {
          again.current = false;
          catchUp();
        }
      });
  }, [s.id, merge]);

  // first read: the last WINDOW activities (positions grow by one; a deleted ephemeral one leaves a gap,
  // so a few more than WINDOW may come)
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per run; later changes catch up
  useEffect(() => {
    const controller = new AbortController();
    const ahead = tails.get(s.id);
    tails.delete(s.id);
    (ahead ?? readTail(s, controller.signal))
      .then((page) => {
        if (controller.signal.aborted) return;
        last.current = 0;
        merge(page.data);
        setHasEarlier((page.data[0]?.position ?? 1) > 1);
        setLoading(false);
      })
      .catch(() => setLoading(false));
    return () => controller.abort();
  }, [s.id]);

  // the run changed (a session.* event refetched it): read what was added since
  // biome-ignore lint/correctness/useExhaustiveDependencies: these fields say the log grew
  useEffect(() => {
    catchUp();
  }, [s.activity_count, s.last_activity_at, s.version, catchUp]);

  const loadEarlier = () => {
    const first = items[0]?.position ?? 1;
    const after = Math.max(0, first - 1 - WINDOW);
    void fetchActivities(s.id, after, undefined, 1).then((page) => {
      const earlier = page.data.filter((a) => a.position < first);
      merge(earlier);
      setHasEarlier(after > 0 && earlier.length > 0);
    });
  };
  return { items, loading, hasEarlier, loadEarlier, catchUp };
}

function ActivityLog({
  log,
  lastQuestion,
  answer,
}: {
  log: ActivityLogState;
  lastQuestion: SessionActivity | null;
  answer: (option: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count: log.items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    overscan: 6,
    getItemKey: (i) => log.items[i]!.position,
  });
  // follow the newest activity while the reader is at the bottom
  useLayoutEffect(() => {
    if (atBottom.current && log.items.length > 0)
      virtualizer.scrollToIndex(log.items.length - 1, { align: "end" });
  }, [log.items.length, virtualizer]);
  if (log.loading) return <p className="muted">Loading the run's activity…</p>;
  if (log.items.length === 0) return <p className="muted run-empty">No activity yet.</p>;
  return (
    <div className="run-log-wrap">
      {log.hasEarlier && (
        <button type="button" className="btn btn-small btn-ghost run-earlier" onClick={log.loadEarlier}>
          Show earlier activity
        </button>
      )}
      <div
        className="run-log"
        ref={scroller}
        role="log"
        aria-label="Run activity"
        aria-live="polite"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log is scrolled by keyboard once focused
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((row) => {
            const a = log.items[row.index]!;
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="run-row"
                style={{
                  position: "absolute",
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${row.start}px)`,
                }}
              >
                <ActivityItem activity={a} answerable={a === lastQuestion} answer={answer} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

const KIND_LABEL: Record<SessionActivity["kind"], string> = {
  thought: "Thinking",
  action: "Action",
  response: "Response",
  error: "Error",
  elicitation: "Question",
  prompt: "Message",
};

function ActivityItem({
  activity: a,
  answerable,
  answer,
}: {
  activity: SessionActivity;
  answerable: boolean;
  answer: (option: string) => void;
}) {
  const cost = a.usage.cost_micros > 0 ? formatCost(a.usage.cost_micros) : null;
  return (
    <div className={`act act-${a.kind}`} data-kind={a.kind}>
      <div className="act-meta">
        <span className="act-kind">{KIND_LABEL[a.kind]}</span>
        {a.kind === "prompt" && <span>{a.author.name}</span>}
        <time dateTime={a.created_at} title={exactTime(a.created_at)} className="muted">
          {relativeTime(a.created_at)}
        </time>
        {cost && <span className="muted">{cost}</span>}
      </div>
      {a.kind === "action" && a.action ? (
        <details className="act-action">
          <summary>
            <code>{a.action.name}</code>
            {a.action.parameter && <span className="act-param"> {a.action.parameter}</span>}
          </summary>
          {a.body && <p className="act-body">{a.body}</p>}
          {a.action.result !== null && <pre className="act-result">{a.action.result}</pre>}
        </details>
      ) : (
        a.body && <p className="act-body">{a.body}</p>
      )}
      {a.kind === "elicitation" && a.options && a.options.length > 0 && (
        <fieldset className="act-options" disabled={!answerable}>
          <legend className="sr-only">Answer</legend>
          {a.options.map((o) => (
            <button key={o} type="button" className="btn btn-small" onClick={() => answer(o)}>
              {o}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}

function SendMessage({ session: s, send }: { session: Session; send: (body: string) => Promise<boolean> }) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const disabled = s.status === "stopping";
  const submit = async () => {
    const body = text.trim();
    if (!body) return;
    setSending(true);
    const ok = await send(body);
    setSending(false);
    if (ok) setText("");
  };
  return (
    <form
      className="run-send"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`send-${s.id}`} className="sr-only">
        Message to {s.agent.name}
      </label>
      <textarea
        id={`send-${s.id}`}
        rows={2}
        value={text}
        disabled={disabled}
        placeholder={
          disabled
            ? "The run is stopping"
            : s.status === "awaiting_input"
              ? `Answer ${s.agent.name}…`
              : `Message ${s.agent.name}…`
        }
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <button type="submit" className="btn btn-primary" disabled={disabled || sending || !text.trim()}>
        {sending ? "Sending…" : "Send message"}
      </button>
    </form>
  );
}

function StopButton({ ws, session: s }: { ws: string; session: Session }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const stop = async () => {
    setPending(true);
    try {
      await unwrap(api.POST("/sessions/{id}/stop", { params: { path: { id: s.id } } }));
      setOpen(false);
      toast(`Stop sent: ${s.agent.name}'s writes are refused from now on.`);
      void queryClient.invalidateQueries({ queryKey: runKeys.all(ws) });
    } catch (error) {
      toastError(error, "Stopping the run");
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-danger btn-small">Stop</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" role="alertdialog">
          <Dialog.Title>Stop {s.agent.name}'s run?</Dialog.Title>
          <Dialog.Description>
            From now on every write it makes on {s.issue.identifier} is refused. It may send its last word;
            after a minute without one the run ends and the issue's claim is released.
          </Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close className="btn">Cancel</Dialog.Close>
            <button type="button" className="btn btn-danger" disabled={pending} onClick={() => void stop()}>
              {pending ? "Stopping…" : "Stop the run"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
