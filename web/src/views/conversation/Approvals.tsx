/**
 * Approvals on an issue: the open ones first, each with its question and its options as buttons (one
 * click answers; only a person can, and the app is one), then those answered, with who answered what.
 * "Ask for approval" opens a small dialog that asks a member or the space's reviewers. A space's review
 * policy refusing to mark the issue done (403 `review_required`) is shown here too, with that offer.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { ApiError } from "../../api.ts";
import { useStore } from "../../lib/store.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { useMembers } from "../../queries.ts";
import { Markdown } from "../../ui/Markdown.tsx";
import { toast } from "../../ui/toast.tsx";
import {
  type Approval,
  answerApproval,
  approvalsQuery,
  convKeys,
  optionLabel,
  requestApproval,
} from "./data.ts";
import { refusals } from "./refusals.ts";

/** The refusal's words without the REST hint the app offers as a button ("Ask for approval"). */
const forPeople = (message: string): string =>
  message
    .replace(/[;,]?\s*next: PATCH \/v1\/issues\/.*$/, ".")
    .replace(/[;,]?\s*POST \/v1\/issues\/\S+\/approvals asks[^.]*\.?\s*$/, ".")
    .replace(/\.\.$/, ".");

export function Approvals({ ws, issue }: { ws: string; issue: string }) {
  const query = useQuery(approvalsQuery(ws, issue));
  const refusal = useStore(refusals);
  const [asking, setAsking] = useState(false);
  const shownRefusal = refusal && refusal.issue === issue ? refusal : null;
  useEffect(() => () => refusals.set(null), []);
  const list = query.data ?? [];
  const open = list.filter((a) => a.status === "open");
  const resolved = list.filter((a) => a.status === "resolved");

  return (
    <section className="approvals" aria-label="Approvals">
      {shownRefusal && (
        <div className="review-refusal" role="alert">
          <p className="review-refusal-title">Not marked done: this space requires review</p>
          <p>{forPeople(shownRefusal.message)}</p>
          <p className="muted">Who may finish it: {shownRefusal.mayFinish}.</p>
          <div className="review-refusal-actions">
            <button type="button" className="btn btn-primary btn-small" onClick={() => setAsking(true)}>
              Ask for approval
            </button>
            <button type="button" className="btn btn-small" onClick={() => refusals.set(null)}>
              Dismiss
            </button>
          </div>
        </div>
      )}
      {query.isError && (
        <p className="form-error" role="alert">
          Could not load the approvals: {query.error.message}
        </p>
      )}
      {open.length > 0 && (
        <ul className="approval-list">
          {open.map((a) => (
            <li key={a.id}>
              <ApprovalCard ws={ws} approval={a} />
            </li>
          ))}
        </ul>
      )}
      {resolved.length > 0 && (
        <details className="approvals-resolved" open={open.length === 0 && resolved.length <= 3}>
          <summary>
            {resolved.length} answered approval{resolved.length === 1 ? "" : "s"}
          </summary>
          <ul className="approval-list">
            {resolved.map((a) => (
              <li key={a.id}>
                <ApprovalCard ws={ws} approval={a} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {!shownRefusal && (
        <div className="approvals-foot">
          <button type="button" className="btn btn-small" onClick={() => setAsking(true)}>
            Ask for approval
          </button>
        </div>
      )}
      <AskApprovalDialog
        ws={ws}
        issue={issue}
        open={asking}
        onOpenChange={setAsking}
        onAsked={() => refusals.set(null)}
      />
    </section>
  );
}

/** One approval: question and one-click answers while open; the answer and who gave it once resolved. */
export function ApprovalCard({
  ws,
  approval,
  showIssue = false,
  onAnswered,
}: {
  ws: string;
  approval: Approval;
  showIssue?: boolean;
  onAnswered?: (a: Approval) => void;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const answer = useMutation({
    mutationFn: (option: string) => answerApproval(ws, approval, option),
    onSuccess: (a) => {
      toast(`Answered “${optionLabel(a.answer ?? "")}” on ${a.issue.identifier}`);
      void queryClient.invalidateQueries({ queryKey: convKeys.approvals(ws, approval.issue.identifier) });
      void queryClient.invalidateQueries({ queryKey: convKeys.inbox(ws) });
      onAnswered?.(a);
    },
  });
  const shown = answer.data ?? approval;
  const isOpen = shown.status === "open";
  const asked = shown.asked_of ? shown.asked_of.name : "the space's reviewers";
  return (
    <article
      className={`approval ${isOpen ? "approval-open" : "approval-resolved"}`}
      aria-labelledby={titleId}
    >
      <header className="approval-head">
        <span
          className={`badge ${isOpen ? "badge-warn" : shown.approved === false ? "badge-danger" : "badge-ok"}`}
        >
          {isOpen ? "Approval requested" : "Answered"}
        </span>
        <span id={titleId} className="approval-who">
          {showIssue && <span className="identifier">{shown.issue.identifier} </span>}
          {shown.asked_by.label} asks {asked}
        </span>
        <time className="muted" dateTime={shown.created_at} title={exactTime(shown.created_at)}>
          {relativeTime(shown.created_at)}
        </time>
      </header>
      <Markdown source={shown.question} className="approval-question" />
      {isOpen ? (
        <>
          <fieldset className="approval-options" aria-label={`Answer: ${shown.question.slice(0, 80)}`}>
            {shown.options.map((o) => (
              <button
                key={o}
                type="button"
                className={`btn btn-small ${o === "approve" || o === shown.options[0] ? "btn-primary" : ""}`}
                disabled={answer.isPending}
                onClick={() => answer.mutate(o)}
              >
                {optionLabel(o)}
              </button>
            ))}
          </fieldset>
          {shown.marks_done && (
            <p className="muted">Approving marks {shown.issue.identifier} done, as you.</p>
          )}
          {answer.isError && (
            <p className="form-error" role="alert">
              {answer.error instanceof ApiError && answer.error.status === 409
                ? `Already answered: ${answer.error.message}`
                : answer.error.message}
            </p>
          )}
        </>
      ) : (
        <p className="approval-answer">
          <strong>{optionLabel(shown.answer ?? "")}</strong>
          {shown.answered_by && <> by {shown.answered_by.label}</>}
          {shown.answered_at && (
            <>
              {" "}
              <time dateTime={shown.answered_at} title={exactTime(shown.answered_at)}>
                {relativeTime(shown.answered_at)}
              </time>
            </>
          )}
          {shown.comment && <span className="muted"> — {shown.comment}</span>}
        </p>
      )}
    </article>
  );
}

/** Ask a person (or the space's reviewers) a question on the issue. */
export function AskApprovalDialog({
  ws,
  issue,
  open,
  onOpenChange,
  onAsked,
}: {
  ws: string;
  issue: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAsked?: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const members = useMembers(ws).data ?? [];
  const [question, setQuestion] = useState(`May ${issue} be marked done?`);
  const [custom, setCustom] = useState(false);
  const [options, setOptions] = useState("Ship it\nHold");
  const [from, setFrom] = useState("");
  const ask = useMutation({
    mutationFn: () =>
      requestApproval(ws, issue, {
        question,
        ...(custom
          ? {
              options: options
                .split("\n")
                .map((o) => o.trim())
                .filter(Boolean),
            }
          : {}),
        ...(from ? { from } : {}),
      }),
    onSuccess: (a) => {
      toast(`Approval asked of ${a.asked_of?.name ?? "the space's reviewers"}`);
      void queryClient.invalidateQueries({ queryKey: convKeys.approvals(ws, issue) });
      onOpenChange(false);
      onAsked?.();
    },
  });
  const err = ask.error instanceof ApiError ? ask.error : null;
  const fieldError = (name: string) => err?.field(name);
  const general = ask.isError && !fieldError("question") && !fieldError("options") && !fieldError("from");
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) ask.reset();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Ask for approval on {issue}</Dialog.Title>
          <Dialog.Description className="muted">
            The person asked finds it in their inbox and answers in one click; only a person can answer.
          </Dialog.Description>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              ask.mutate();
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-q`}>Question</label>
              <textarea
                id={`${id}-q`}
                rows={3}
                value={question}
                onChange={(e) => setQuestion(e.target.value)}
                aria-invalid={fieldError("question") ? true : undefined}
                aria-describedby={fieldError("question") ? `${id}-q-error` : undefined}
              />
              {fieldError("question") && (
                <p className="field-error" id={`${id}-q-error`}>
                  {fieldError("question")}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-from`}>Ask</label>
              <select id={`${id}-from`} value={from} onChange={(e) => setFrom(e.target.value)}>
                <option value="">The space's reviewers</option>
                {members
                  .filter((m) => !m.suspended)
                  .map((m) => (
                    <option key={m.person_id} value={m.email}>
                      {m.name} ({m.email})
                    </option>
                  ))}
              </select>
              {fieldError("from") && <p className="field-error">{fieldError("from")}</p>}
            </div>
            <fieldset className="field approval-kind">
              <legend>Answers</legend>
              <label className="checkbox">
                <input type="radio" name={`${id}-kind`} checked={!custom} onChange={() => setCustom(false)} />
                Approve or reject
              </label>
              <label className="checkbox">
                <input type="radio" name={`${id}-kind`} checked={custom} onChange={() => setCustom(true)} />
                Options of my own
              </label>
              {custom && (
                <>
                  <label htmlFor={`${id}-opts`} className="sr-only">
                    Options, one a line
                  </label>
                  <textarea
                    id={`${id}-opts`}
                    rows={3}
                    value={options}
                    onChange={(e) => setOptions(e.target.value)}
                    aria-invalid={fieldError("options") ? true : undefined}
                    placeholder="One option a line"
                  />
                  <span className="muted">One option a line (2 to 10).</span>
                </>
              )}
              {fieldError("options") && <p className="field-error">{fieldError("options")}</p>}
            </fieldset>
            {general && (
              <p className="form-error" role="alert">
                {ask.error.message}
              </p>
            )}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={ask.isPending}>
                {ask.isPending ? "Asking…" : "Ask"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
