/**
 * The conversation's reads and writes: comments on an issue, a decision or a note; an issue's approvals;
 * the inbox; spaces and their review policy. Keys start ["ws", ws, area] with the areas `comments`,
 * `approvals`, `inbox` and `spaces`, so live events refresh them (lib/live.ts).
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api, type Schemas, unwrap } from "../../api.ts";
import { allPages, useMe } from "../../queries.ts";

export type Comment = Schemas["Comment"];
export type CommentThread = Schemas["CommentThread"];
export type CommentDetail = Schemas["CommentDetail"];
export type Approval = Schemas["Approval"];
export type InboxItem = Schemas["InboxItem"];
export type Space = Schemas["Space"];
export type SubjectKind = "issue" | "decision" | "note";

export const convKeys = {
  comments: (ws: string, kind: SubjectKind, id: string) => ["ws", ws, "comments", kind, id] as const,
  comment: (ws: string, id: string) => ["ws", ws, "comments", "one", id] as const,
  approvals: (ws: string, issue: string) => ["ws", ws, "approvals", issue] as const,
  inbox: (ws: string, filter?: object) =>
    filter ? (["ws", ws, "inbox", filter] as const) : (["ws", ws, "inbox"] as const),
  inboxCount: (ws: string) => ["ws", ws, "inbox", "count"] as const,
  spaces: (ws: string) => ["ws", ws, "spaces"] as const,
  space: (ws: string, prefix: string) => ["ws", ws, "spaces", prefix] as const,
};

const header = (ws: string) => ({ "Docket-Workspace": ws });

/** Every thread on the subject, oldest first, each with its replies. */
export const commentsQuery = (ws: string, kind: SubjectKind, id: string) =>
  queryOptions({
    queryKey: convKeys.comments(ws, kind, id),
    queryFn: ({ signal }) =>
      allPages<CommentThread>((cursor) => {
        const params = { path: { id }, query: { limit: 100, cursor }, header: header(ws) };
        if (kind === "issue") return unwrap(api.GET("/issues/{id}/comments", { signal, params }));
        if (kind === "decision") return unwrap(api.GET("/decisions/{id}/comments", { signal, params }));
        return unwrap(api.GET("/notes/{id}/comments", { signal, params }));
      }),
  });

export function addComment(
  ws: string,
  kind: SubjectKind,
  id: string,
  body: { body: string; parent?: string },
): Promise<CommentDetail> {
  const params = { path: { id }, header: header(ws) };
  if (kind === "issue") return unwrap(api.POST("/issues/{id}/comments", { params, body }));
  if (kind === "decision") return unwrap(api.POST("/decisions/{id}/comments", { params, body }));
  return unwrap(api.POST("/notes/{id}/comments", { params, body }));
}

export const commentQuery = (ws: string, id: string) =>
  queryOptions({
    queryKey: convKeys.comment(ws, id),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/comments/{id}", { signal, params: { path: { id }, header: header(ws) } })),
  });

export const approvalsQuery = (ws: string, issue: string) =>
  queryOptions({
    queryKey: convKeys.approvals(ws, issue),
    queryFn: ({ signal }) =>
      allPages<Approval>((cursor) =>
        unwrap(
          api.GET("/issues/{id}/approvals", {
            signal,
            params: { path: { id: issue }, query: { limit: 100, cursor }, header: header(ws) },
          }),
        ),
      ),
  });

/** The answer an option sends: approve/reject for a yes/no question, else the option itself. */
export function answerBody(approval: Pick<Approval, "options">, option: string) {
  const yesNo =
    approval.options.length === 2 && approval.options[0] === "approve" && approval.options[1] === "reject";
  return yesNo ? { approve: option === "approve" } : { option };
}

/** How an option is shown: approve/reject capitalised, the asker's own options as written. */
export const optionLabel = (option: string): string =>
  option === "approve" ? "Approve" : option === "reject" ? "Reject" : option;

export function answerApproval(ws: string, approval: Approval, option: string): Promise<Approval> {
  return unwrap(
    api.POST("/approvals/{id}/answer", {
      params: { path: { id: approval.id }, header: header(ws) },
      body: answerBody(approval, option),
    }),
  );
}

export function requestApproval(
  ws: string,
  issue: string,
  body: { question: string; options?: string[]; from?: string },
): Promise<Approval> {
  return unwrap(
    api.POST("/issues/{id}/approvals", { params: { path: { id: issue }, header: header(ws) }, body }),
  );
}

/** The unread count, for the sidebar (a one-item read: the count comes with every page). */
export const inboxCountQuery = (ws: string) =>
  queryOptions({
    queryKey: convKeys.inboxCount(ws),
    queryFn: async ({ signal }) =>
      (
        await unwrap(
          api.GET("/inbox", { signal, params: { query: { limit: 1, unread: "true" }, header: header(ws) } }),
        )
      ).unread_count,
    staleTime: 30_000,
  });

export function useInboxCount(ws: string) {
  return useQuery(inboxCountQuery(ws));
}

export const spacesQuery = (ws: string) =>
  queryOptions({
    queryKey: convKeys.spaces(ws),
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET("/spaces", { signal, params: { header: header(ws) } }))).data,
  });

export const spaceQuery = (ws: string, prefix: string) =>
  queryOptions({
    queryKey: convKeys.space(ws, prefix),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/spaces/{prefix}", { signal, params: { path: { prefix }, header: header(ws) } })),
  });

/** Whether the signed-in person is the Owner or an admin of the workspace shown. */
export function useIsAdmin(ws: string): boolean {
  const me = useMe();
  const role = me.workspaces.find((w) => w.slug === ws)?.role;
  return role === "owner" || role === "admin";
}

/** A 403 `review_required` refusal (a space's review policy), with what it says. */
export function reviewRefusal(error: unknown): { message: string; mayFinish: string } | null {
  if (!(error instanceof ApiError) || error.status !== 403 || error.code !== "review_required") return null;
  const review = (error.body as { review?: { may_finish?: string } } | null)?.review;
  return { message: error.message, mayFinish: review?.may_finish ?? "someone else" };
}
