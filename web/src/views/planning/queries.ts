/**
 * Reads and writes of cycles and milestones. Keys sit under `["ws", ws, "cycles", …]` and
 * `["ws", ws, "milestones", …]`, so the event stream refreshes them (an issue event refreshes both: an
 * issue moving changes a cycle's numbers and a milestone's progress).
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, type Schemas, unwrap, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";
import type { Cycle, Milestone } from "./planning.ts";

const PAGE = 100;
type IssueSummary = Schemas["IssueSummary"];

/** Every page of a list (cycles and milestones are few: a workspace has tens, not thousands). */
async function all<T>(
  page: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    out.push(...answer.data);
    cursor = answer.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

export const cyclesQuery = (ws: string) =>
  queryOptions({
    queryKey: keys.cycles(ws, "list"),
    queryFn: ({ signal }) =>
      all<Cycle>((cursor) =>
        unwrap(api.GET("/cycles", { signal, params: { query: { limit: PAGE, cursor, sort: "starts_on" } } })),
      ),
  });

/** One cycle with its ETag (for If-Match when it is edited). */
export const cycleQuery = (ws: string, id: string) =>
  queryOptions({
    queryKey: keys.cycles(ws, id),
    queryFn: ({ signal }) => unwrapTagged(api.GET("/cycles/{id}", { signal, params: { path: { id } } })),
  });

export const cycleStatsQuery = (ws: string, id: string) =>
  queryOptions({
    queryKey: keys.cycles(ws, id, "stats"),
    queryFn: ({ signal }) => unwrap(api.GET("/cycles/{id}/stats", { signal, params: { path: { id } } })),
  });

export const cycleIssuesQuery = (ws: string, id: string) =>
  infiniteQueryOptions({
    queryKey: keys.cycles(ws, id, "issues"),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET("/cycles/{id}/issues", {
          signal,
          params: { path: { id }, query: { limit: PAGE, cursor: pageParam, sort: "priority" } },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const milestonesQuery = (ws: string) =>
  queryOptions({
    queryKey: keys.milestones(ws, "list"),
    queryFn: ({ signal }) =>
      all<Milestone>((cursor) =>
        unwrap(api.GET("/milestones", { signal, params: { query: { limit: PAGE, cursor } } })),
      ),
  });

export const milestoneQuery = (ws: string, id: string) =>
  queryOptions({
    queryKey: keys.milestones(ws, id),
    queryFn: ({ signal }) => unwrapTagged(api.GET("/milestones/{id}", { signal, params: { path: { id } } })),
  });

export const milestoneIssuesQuery = (ws: string, id: string) =>
  infiniteQueryOptions({
    queryKey: keys.milestones(ws, id, "issues"),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET("/milestones/{id}/issues", {
          signal,
          params: { path: { id }, query: { limit: PAGE, cursor: pageParam, sort: "priority" } },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** Issues whose title matches, for the "Add issues" picker (a cycle's picker keeps to its space). */
export const issuePickerQuery = (ws: string, q: string, space?: string) =>
  queryOptions({
    queryKey: keys.issues(ws, { picker: true, q, space }),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/issues", {
          signal,
          params: { query: { q: q || undefined, space, limit: 20, sort: "-updated" } },
        }),
      ),
    placeholderData: (previous) => previous,
  });

/** Puts an issue in a cycle or milestone, or takes it out (null). */
export function setIssuePlan(
  key: string,
  change: { cycle: string | null } | { milestone: string | null },
): Promise<Schemas["Issue"]> {
  return unwrap(api.PATCH("/issues/{id}", { params: { path: { id: key } }, body: change }));
}

export type { IssueSummary };
