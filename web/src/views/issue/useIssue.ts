/**
 * The issue page's state: the issue as last read (with its ETag), the writes in flight drawn over it
 * (optimistic, undone on refusal), and the conflict a 412 leaves for the person to settle. Every write
 * sends If-Match with the ETag of the read it was made from: a 412 where someone else changed one of the
 * fields I change becomes a conflict (theirs and mine, side by side); a 412 caused by a change elsewhere
 * in the issue is sent again with the new ETag, as there is nothing to choose.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { ApiError, api, type Issue, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";
import { toast } from "../../ui/toast.tsx";
import { showReviewRefusal } from "../conversation/refusals.ts";
import { conflictingFields, type IssuePatch, type PatchField } from "./model.ts";

export interface Tagged {
  data: Issue;
  etag: string;
}

export function issueQuery(ws: string, key: string, read?: () => Tagged | undefined) {
  return queryOptions({
    queryKey: keys.issue(ws, key.toUpperCase()),
    queryFn: async ({ signal }): Promise<Tagged> => {
      const fresh = await unwrapTagged(api.GET("/issues/{id}", { signal, params: { path: { id: key } } }));
      // a read that left before a write of ours came back must not undo what we already show
      const held = read?.();
      if (held && held.data.id === fresh.data.id && held.data.version > fresh.data.version) return held;
      return fresh;
    },
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });
}

/** A write: a patch of fields, or putting the issue on ice. */
export type Write = { kind: "patch"; patch: IssuePatch } | { kind: "ice" };

export interface Conflict {
  write: Write;
  /** What I meant, drawn as the issue would look (for the panel). */
  view: Partial<Issue>;
  /** The issue as I read it before my change. */
  base: Issue;
  /** The issue as it is now, with its ETag. */
  theirs: Tagged;
  fields: PatchField[];
  /** What it was ("Status", "Title and description"), for messages. */
  what: string;
}

export type SaveResult = "saved" | "conflict" | Error;

interface Pending {
  id: number;
  view: Partial<Issue>;
}

export interface SaveOptions {
  /** The read the change was made from (an editor keeps the one it started with). */
  base?: Tagged;
  /** The issue as it will look (optimistic), when the patch alone does not say (an assignee's name). */
  view?: Partial<Issue>;
  /** What it is, for messages: "Status". */
  what: string;
}

export function useIssue(ws: string, key: string) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => keys.issue(ws, key.toUpperCase()), [ws, key]);
  const read = useCallback(() => queryClient.getQueryData<Tagged>(queryKey), [queryClient, queryKey]);
  const query = useQuery(issueQuery(ws, key, read));
  const [pending, setPending] = useState<Pending[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const nextId = useRef(1);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const server = query.data;
  const shown: Issue | undefined = server
    ? Object.assign({}, server.data, ...pending.map((p) => p.view))
    : undefined;

  const store = useCallback(
    (tagged: Tagged) => {
      const held = queryClient.getQueryData<Tagged>(queryKey);
      if (!held || held.data.version <= tagged.data.version) queryClient.setQueryData(queryKey, tagged);
      // lists, boards and other pages show this issue too
      void queryClient.invalidateQueries({ queryKey: keys.issues(ws) });
      void queryClient.invalidateQueries({ queryKey: keys.activity(ws) });
    },
    [queryClient, queryKey, ws],
  );

  const fetchFresh = useCallback(async (): Promise<Tagged> => {
    const fresh = await unwrapTagged(api.GET("/issues/{id}", { params: { path: { id: key } } }));
    queryClient.setQueryData(queryKey, fresh);
    return fresh;
  }, [key, queryClient, queryKey]);

  const send = useCallback(async (id: string, write: Write, etag: string): Promise<Tagged> => {
    const header = etag ? { "If-Match": etag } : {};
    if (write.kind === "ice") {
      return unwrapTagged(api.POST("/issues/{id}/ice", { params: { path: { id }, header }, body: {} }));
    }
    return unwrapTagged(api.PATCH("/issues/{id}", { params: { path: { id }, header }, body: write.patch }));
  }, []);

  const attempt = useCallback(
    async (write: Write, options: SaveOptions, view: Partial<Issue>, id: number): Promise<SaveResult> => {
      const done = () => setPending((list) => list.filter((p) => p.id !== id));
      const base = options.base ?? queryClient.getQueryData<Tagged>(queryKey);
      if (!base) {
        done();
        return new Error("The issue is not loaded yet.");
      }
      let etag = base.etag;
      try {
        for (let tries = 1; ; tries++) {
          try {
            const saved = await send(base.data.id, write, etag);
            store(saved);
            return "saved";
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 412) || tries >= 3) throw error;
            const fresh = await fetchFresh();
            const fields =
              write.kind === "ice"
                ? fresh.data.status === base.data.status
                  ? []
                  : (["status"] as PatchField[])
                : conflictingFields(write.patch, base.data, fresh.data);
            if (fields.length > 0) {
              setConflict({ write, view, base: base.data, theirs: fresh, fields, what: options.what });
              return "conflict";
            }
            // someone changed other fields: mine still apply as meant
            etag = fresh.etag;
          }
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!showReviewRefusal(error, base.data.identifier))
          toast(`${options.what} not saved, the change was undone: ${message}`, { kind: "error" });
        if (error instanceof ApiError && error.status === 404) void query.refetch();
        return error instanceof Error ? error : new Error(message);
      } finally {
        done();
      }
    },
    [queryClient, queryKey, send, store, fetchFresh, query],
  );

  /**
   * Sends a write made from `base`: "saved", "conflict" (the panel shows it) or the refusal (rolled back,
   * with a message).
   */
  const save = useCallback(
    (write: Write, options: SaveOptions): Promise<SaveResult> => {
      if (!queryClient.getQueryData<Tagged>(queryKey))
        return Promise.resolve(new Error("The issue is not loaded yet."));
      const view: Partial<Issue> =
        options.view ??
        (write.kind === "ice" ? { status: "iced", ready: false } : (write.patch as Partial<Issue>));
      const id = nextId.current++;
      // shown at once; sent after the writes before it, each from the read the last one left
      setPending((list) => [...list, { id, view }]);
      const run = () => attempt(write, options, view, id);
      const next = queue.current.then(run, run);
      queue.current = next.catch(() => undefined);
      return next;
    },
    [queryClient, queryKey, attempt],
  );

  /** Theirs stays; my change is dropped (the panel showed it, so it is not lost unseen). */
  const takeTheirs = useCallback(() => {
    if (!conflict) return;
    queryClient.setQueryData(queryKey, conflict.theirs);
    setConflict(null);
  }, [conflict, queryClient, queryKey]);

  /** Mine over theirs: read again, then send my change with the new ETag. */
  const keepMine = useCallback(async () => {
    if (!conflict) return "saved" as SaveResult;
    const c = conflict;
    setConflict(null);
    let fresh: Tagged;
    try {
      fresh = await fetchFresh();
    } catch (error) {
      setConflict(c);
      toast(`Could not read ${c.base.identifier} again: ${(error as Error).message}`, { kind: "error" });
      return error as Error;
    }
    return save(c.write, { base: fresh, view: c.view, what: c.what });
  }, [conflict, fetchFresh, save]);

  return { query, server, issue: shown, save, conflict, takeTheirs, keepMine, refetch: fetchFresh, pending };
}
