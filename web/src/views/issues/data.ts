/**
 * The issue views' reads and writes: pages of `GET /v1/issues` (100 at a time, following next_cursor),
 * the workspace's members, agent connections, cycles and milestones for grouping and menus, and changes
 * to many issues at once, applied optimistically and rolled back issue by issue when refused.
 */
import { infiniteQueryOptions, keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import { api, type Schemas, unwrap } from "../../api.ts";
import { createStore } from "../../lib/store.ts";
import { allPages, connectionsQuery, keys, membersQuery, useMe, useWorkspace } from "../../queries.ts";
import type { IssueRow } from "./grouping.ts";

export const PAGE_SIZE = 100;

type IssuePage = { data: Schemas["IssueSummary"][]; next_cursor: string | null };

/** The pages of one query of the list (its key holds the query, so filters never share a cache entry). */
export function issuePages(ws: string, query: Record<string, string>, limit = PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: keys.issues(ws, { ...query, limit }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET("/issues", {
          signal,
          params: { query: { ...query, limit, ...(pageParam ? { cursor: pageParam } : {}) } as never },
        }),
      ) as Promise<IssuePage>,
    getNextPageParam: (last) => last.next_cursor,
    // a changed filter keeps the rows shown until the new ones arrive, so the list does not flash
    placeholderData: keepPreviousData,
  });
}

/** Members (people) of the workspace, for the assignee menu and grouping. */
export function useMembers(ws: string, enabled = true) {
  return useQuery({ ...membersQuery(ws), enabled });
}

/** The workspace's active agent connections (an agent can be assigned issues). */
export function useAgents(ws: string, enabled = true) {
  return useQuery({
    ...connectionsQuery(ws),
    enabled,
    select: (list) => list.filter((c) => c.kind === "agent" && c.status === "active"),
  });
}

export function useCycles(ws: string, enabled = true) {
  return useQuery({
    queryKey: keys.cycles(ws, "all"),
    enabled,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      allPages((cursor) =>
        unwrap(api.GET("/cycles", { signal, params: { query: { limit: 100, cursor, sort: "-starts_on" } } })),
      ),
  });
}

export function useMilestones(ws: string, enabled = true) {
  return useQuery({
    queryKey: keys.milestones(ws, "all"),
    enabled,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      allPages((cursor) =>
        unwrap(api.GET("/milestones", { signal, params: { query: { limit: 100, cursor } } })),
      ),
  });
}

/** Who can be assigned, the signed-in person first: `{ id, label, kind }`. */
export function useAssignees(ws: string, enabled = true) {
  const me = useMe();
  const members = useMembers(ws, enabled);
  const agents = useAgents(ws, enabled);
  const list: {
    id: string;
    label: string;
    kind: "person" | "agent";
    email?: string;
    /** An agent's own name and the person it acts for. */
    agent?: { name: string; for: { person_id: string; name: string } };
  }[] = [];
  const meLabel = me.person.name ?? me.person.email;
  list.push({ id: me.person.id, label: `${meLabel} (you)`, kind: "person", email: me.person.email });
  for (const m of members.data ?? []) {
    if (m.person_id === me.person.id || m.suspended) continue;
    list.push({ id: m.person_id, label: m.name || m.email, kind: "person", email: m.email });
  }
  for (const a of agents.data ?? []) {
    const forName = a.approved_by.name || a.approved_by.email;
    list.push({
      id: a.id,
      label: `${a.name} (agent for ${forName})`,
      kind: "agent",
      agent: { name: a.name, for: { person_id: a.approved_by.id, name: forName } },
    });
  }
  return { list, loading: members.isLoading || agents.isLoading };
}

export function useSpaces(ws: string) {
  return useWorkspace(ws).data?.spaces ?? [];
}

// ---------------------------------------------------------------------------------------------------
// Changes

/** A change to issues: the PATCH body and how the row looks after it. */
export interface Change {
  body: Record<string, unknown>;
  view: Partial<IssueRow>;
}

/** The change for one issue (labels are added to or removed from each issue's own). */
export type ChangeFor = (issue: IssueRow) => Change | null;

type Cached = { pages: IssuePage[]; pageParams: unknown[] } | IssuePage | undefined;

function mapCached(data: Cached, map: (row: IssueRow) => IssueRow): Cached {
  if (!data) return data;
  const mapPage = (p: IssuePage): IssuePage => ({
    ...p,
    data: p.data.map((r) => map(r as IssueRow) as Schemas["IssueSummary"]),
  });
  if ("pages" in data && Array.isArray(data.pages)) return { ...data, pages: data.pages.map(mapPage) };
  if ("data" in data && Array.isArray(data.data)) return mapPage(data);
  return data;
}

/** Replaces issues in every cached list of the workspace. */
export function setRows(queryClient: QueryClient, ws: string, byId: Map<string, IssueRow>): void {
  queryClient.setQueriesData<Cached>({ queryKey: keys.issues(ws) }, (data) =>
    mapCached(data, (row) => byId.get(row.id) ?? row),
  );
}

/** Progress of the changes under way (the bulk bar shows it). */
export const progress = createStore<{ done: number; total: number; label: string } | null>(null);

export interface ChangeResult {
  changed: IssueRow[];
  refused: { issue: IssueRow; message: string }[];
}

/**
 * Applies a change to issues: shown at once in every list, then sent one PATCH per issue (four at a
 * time). Each refused issue goes back to how it was; the result names them.
 */
export async function applyChange(
  queryClient: QueryClient,
  ws: string,
  issues: IssueRow[],
  changeFor: ChangeFor,
  label: string,
): Promise<ChangeResult> {
  const work = issues
    .map((issue) => ({ issue, change: changeFor(issue) }))
    .filter((w): w is { issue: IssueRow; change: Change } => w.change !== null);
  const result: ChangeResult = { changed: [], refused: [] };
  if (work.length === 0) return result;
  await queryClient.cancelQueries({ queryKey: keys.issues(ws) });
  setRows(queryClient, ws, new Map(work.map((w) => [w.issue.id, { ...w.issue, ...w.change.view }])));
  progress.set({ done: 0, total: work.length, label });
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < work.length) {
      const w = work[next++]!;
      try {
        const updated = await unwrap(
          api.PATCH("/issues/{id}", { params: { path: { id: w.issue.id } }, body: w.change.body as never }),
        );
        result.changed.push(updated as IssueRow);
        setRows(queryClient, ws, new Map([[w.issue.id, summaryOf(updated as IssueRow, w.issue)]]));
      } catch (error) {
        result.refused.push({
          issue: w.issue,
          message: error instanceof Error ? error.message : String(error),
        });
        setRows(queryClient, ws, new Map([[w.issue.id, w.issue]]));
      }
      done++;
      progress.set({ done, total: work.length, label });
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, work.length) }, worker));
  progress.set(null);
  void queryClient.invalidateQueries({ queryKey: keys.issues(ws) });
  void queryClient.invalidateQueries({ queryKey: keys.issue(ws) });
  return result;
}

/** The list's fields of an issue read back after a change. */
function summaryOf(full: IssueRow, before: IssueRow): IssueRow {
  const out = { ...before };
  for (const k of Object.keys(before) as (keyof IssueRow)[]) {
    if (k in full) (out as Record<string, unknown>)[k] = full[k];
  }
  return out;
}
