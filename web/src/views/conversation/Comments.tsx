/**
 * The comments on an issue, a decision or a note: threads with one level of replies, Markdown with a
 * preview, mentions completed as they are typed, edits kept as history (viewable), deletions shown as
 * such. Who wrote each is a person or "agent (for person)". Edit and Delete are offered to the author and
 * to the workspace's admins; the service decides, and its refusal is shown where it happened. New
 * comments from others arrive live (the `comments` area of lib/live.ts).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, api, unwrap } from "../../api.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { useMe } from "../../queries.ts";
import { Markdown } from "../../ui/Markdown.tsx";
import { useMentionIndex } from "../../ui/mentions.tsx";
import { toast } from "../../ui/toast.tsx";
import { Composer } from "./Composer.tsx";
import {
  addComment,
  type Comment,
  type CommentThread,
  commentQuery,
  commentsQuery,
  convKeys,
  type SubjectKind,
  useIsAdmin,
} from "./data.ts";
import { countComments } from "./model.ts";

export interface CommentsProps {
  ws: string;
  kind: SubjectKind;
  /** The subject: an issue's identifier (ENG-42) or id, a decision's or a note's id. */
  id: string;
}

const errorText = (error: unknown): string =>
  error instanceof ApiError
    ? (error.field("body") ?? (error.status === 403 ? `Not allowed: ${error.message}` : error.message))
    : error instanceof Error
      ? error.message
      : String(error);

export function Comments({ ws, kind, id }: CommentsProps) {
  const queryClient = useQueryClient();
  const query = useQuery(commentsQuery(ws, kind, id));
  const threads = query.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: convKeys.comments(ws, kind, id) });
  useCommentTarget(query.data !== undefined);

  const count = countComments(threads);
  return (
    <section className="comments" aria-labelledby={`comments-${id}`}>
      <h2 id={`comments-${id}`} className="comments-heading">
        Comments {count > 0 && <span className="badge">{count}</span>}
      </h2>
      {query.isPending && <p className="muted">Loading comments…</p>}
      {query.isError && (
        <p className="form-error" role="alert">
          Could not load the comments: {query.error.message}
        </p>
      )}
      {query.data && threads.length === 0 && <p className="muted comments-empty">No comments yet.</p>}
      {threads.length > 0 && (
        <ol className="comment-threads">
          {threads.map((t) => (
            <Thread key={t.id} ws={ws} thread={t} onChanged={refresh} />
          ))}
        </ol>
      )}
      <CommentComposer ws={ws} kind={kind} id={id} />
    </section>
  );
}

/** Opened from the inbox at a comment (#cmt_…): scrolled to and marked once the thread is there. */
export function useCommentTarget(loaded: boolean): void {
  useEffect(() => {
    const target = loaded ? window.location.hash.slice(1) : "";
    if (!target.startsWith("cmt_")) return;
    const el = document.getElementById(target);
    if (!el) return;
    el.scrollIntoView({ block: "center" });
    el.classList.add("comment-target");
  }, [loaded]);
}

/** The box a new comment is written in, posted to the subject; the list is read again once it is. */
export function CommentComposer({ ws, kind, id }: CommentsProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState("");
  const post = useMutation({
    mutationFn: (body: string) => addComment(ws, kind, id, { body }),
    onSuccess: () => {
      setDraft("");
      void queryClient.invalidateQueries({ queryKey: convKeys.comments(ws, kind, id) });
    },
  });
  return (
    <Composer
      ws={ws}
      label="Comment"
      value={draft}
      onChange={(v) => {
        setDraft(v);
        if (post.isError) post.reset();
      }}
      onSubmit={() => post.mutate(draft)}
      submitLabel="Comment"
      busy={post.isPending}
      error={post.isError ? errorText(post.error) : undefined}
      placeholder="Leave a comment: Markdown, @ to mention a member or an agent"
      collapsible
    />
  );
}

/** A comment with its replies, as an item of a list (the comments' own, or the issue's timeline). */
export function Thread({
  ws,
  thread,
  onChanged,
}: {
  ws: string;
  thread: CommentThread;
  onChanged: () => void;
}) {
  const [replying, setReplying] = useState(false);
  const [draft, setDraft] = useState("");
  const reply = useMutation({
    mutationFn: (body: string) =>
      addComment(ws, thread.subject.type, thread.subject.identifier ?? thread.subject.id, {
        body,
        parent: thread.id,
      }),
    onSuccess: () => {
      setDraft("");
      setReplying(false);
      onChanged();
    },
  });
  return (
    <li className="comment-thread">
      <CommentItem ws={ws} comment={thread} onChanged={onChanged} />
      {thread.replies.length > 0 && (
        <ol className="comment-replies" aria-label={`Replies to ${thread.author.label}`}>
          {thread.replies.map((r) => (
            <li key={r.id}>
              <CommentItem ws={ws} comment={r} onChanged={onChanged} />
            </li>
          ))}
        </ol>
      )}
      <div className="comment-reply">
        {replying ? (
          <Composer
            ws={ws}
            label={`Reply to ${thread.author.label}`}
            value={draft}
            onChange={(v) => {
              setDraft(v);
              if (reply.isError) reply.reset();
            }}
            onSubmit={() => reply.mutate(draft)}
            submitLabel="Reply"
            busy={reply.isPending}
            error={reply.isError ? errorText(reply.error) : undefined}
            placeholder="Reply…"
            autoFocus
            minRows={2}
            onCancel={() => {
              setReplying(false);
              reply.reset();
            }}
          />
        ) : (
          <button
            type="button"
            className="btn btn-ghost btn-small comment-reply-btn"
            onClick={() => setReplying(true)}
          >
            Reply
          </button>
        )}
      </div>
    </li>
  );
}

function Avatar({ comment }: { comment: Comment }) {
  const agent = comment.author.agent !== null;
  return (
    <span className={`avatar comment-avatar ${agent ? "agent" : ""}`} aria-hidden="true">
      {agent ? "⚙" : comment.author.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function CommentItem({ ws, comment, onChanged }: { ws: string; comment: Comment; onChanged: () => void }) {
  const me = useMe();
  const admin = useIsAdmin(ws);
  const mayChange = !comment.deleted && (admin || comment.author.person_id === me.person.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const [confirming, setConfirming] = useState(false);
  const mentions = useMentionIndex(ws);

  const edit = useMutation({
    mutationFn: (body: string) =>
      unwrap(api.PATCH("/comments/{id}", { params: { path: { id: comment.id } }, body: { body } })),
    onSuccess: () => {
      setEditing(false);
      onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE("/comments/{id}", { params: { path: { id: comment.id } } })),
    onSuccess: () => {
      setConfirming(false);
      toast("Comment deleted");
      onChanged();
    },
  });

  const label = `Comment by ${comment.author.label}`;
  if (comment.deleted) {
    return (
      <article className="comment comment-deleted" aria-label={`Deleted comment by ${comment.author.label}`}>
        <Avatar comment={comment} />
        <div className="comment-main">
          <p className="muted comment-deleted-text">
            <span aria-hidden="true">⌫ </span>This comment was deleted
            {comment.deleted_at && (
              <>
                {" "}
                <time dateTime={comment.deleted_at} title={exactTime(comment.deleted_at)}>
                  {relativeTime(comment.deleted_at)}
                </time>
              </>
            )}
            {comment.updated_by.person_id !== comment.author.person_id && ` by ${comment.updated_by.label}`}.
          </p>
        </div>
      </article>
    );
  }

  return (
    <article className="comment" aria-label={label} id={comment.id}>
      <Avatar comment={comment} />
      <div className="comment-main">
        <header className="comment-head">
          <span className="comment-author">{comment.author.label}</span>
          {comment.author.agent && <span className="badge">agent</span>}
          <time className="muted" dateTime={comment.created_at} title={exactTime(comment.created_at)}>
            {relativeTime(comment.created_at)}
          </time>
          {comment.edited && <HistoryButton ws={ws} comment={comment} />}
          {mayChange && !editing && (
            <span className="comment-actions">
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={`Edit comment by ${comment.author.label}`}
                onClick={() => {
                  setDraft(comment.body);
                  edit.reset();
                  setEditing(true);
                }}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={`Delete comment by ${comment.author.label}`}
                onClick={() => {
                  remove.reset();
                  setConfirming(true);
                }}
              >
                Delete
              </button>
            </span>
          )}
        </header>
        {editing ? (
          <Composer
            ws={ws}
            label="Edit comment"
            value={draft}
            onChange={(v) => {
              setDraft(v);
              if (edit.isError) edit.reset();
            }}
            onSubmit={() => edit.mutate(draft)}
            submitLabel="Save"
            busy={edit.isPending}
            error={edit.isError ? errorText(edit.error) : undefined}
            autoFocus
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Markdown source={comment.body} className="comment-body" mentions={mentions} />
        )}
      </div>
      <Dialog.Root open={confirming} onOpenChange={setConfirming}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog dialog-small" role="alertdialog">
            <Dialog.Title>Delete this comment?</Dialog.Title>
            <Dialog.Description className="muted">
              It stays in the thread as “deleted”, with its replies; its text is no longer shown.
            </Dialog.Description>
            {remove.isError && (
              <p className="form-error" role="alert">
                {errorText(remove.error)}
              </p>
            )}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  Cancel
                </button>
              </Dialog.Close>
              <button
                type="button"
                className="btn btn-danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                {remove.isPending ? "Deleting…" : "Delete"}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </article>
  );
}

/** "edited": opens the comment's earlier texts, oldest first, with who wrote each and when. */
function HistoryButton({ ws, comment }: { ws: string; comment: Comment }) {
  const [open, setOpen] = useState(false);
  const detail = useQuery({ ...commentQuery(ws, comment.id), enabled: open });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="btn btn-ghost btn-small comment-edited"
          aria-label={`Edited: show the earlier versions of the comment by ${comment.author.label}`}
        >
          edited
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Edit history</Dialog.Title>
          <Dialog.Description className="muted">
            The comment by {comment.author.label} as it was, oldest first; the current text last.
          </Dialog.Description>
          {detail.isPending && <p className="muted">Loading…</p>}
          {detail.isError && (
            <p className="form-error" role="alert">
              {detail.error.message}
            </p>
          )}
          {detail.data && (
            <ol className="comment-history">
              {detail.data.history.map((h) => (
                <li key={h.version}>
                  <p className="muted comment-history-meta">
                    Version {h.version} by {h.author.label}, written{" "}
                    <time dateTime={h.written_at} title={exactTime(h.written_at)}>
                      {relativeTime(h.written_at)}
                    </time>
                    , replaced{" "}
                    <time dateTime={h.replaced_at} title={exactTime(h.replaced_at)}>
                      {relativeTime(h.replaced_at)}
                    </time>
                  </p>
                  <Markdown source={h.body} />
                </li>
              ))}
              <li>
                <p className="muted comment-history-meta">
                  Current (version {detail.data.version}) by {detail.data.updated_by.label},{" "}
                  <time dateTime={detail.data.updated_at} title={exactTime(detail.data.updated_at)}>
                    {relativeTime(detail.data.updated_at)}
                  </time>
                </p>
                <Markdown source={detail.data.body} />
              </li>
            </ol>
          )}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
