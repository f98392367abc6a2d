/**
 * Server state: query keys and the reads every view shares. Keys start with the workspace, so two
 * workspaces never share a cache entry; live events invalidate by the key's second part (lib/live.ts).
 */
import { queryOptions, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { api, type Schemas, unwrap } from "./api.ts";

/** GET /v1/me: the person, how they are signed in, and their workspaces. */
export type Me = Schemas["Me"];
export type MeWorkspace = Me["workspaces"][number];
export type Member = Schemas["Member"];
export type Connection = Schemas["Connection"];

export const keys = {
  me: ["me"] as const,
  ws: (ws: string) => ["ws", ws] as const,
  workspace: (ws: string) => ["ws", ws, "workspace"] as const,
  members: (ws: string) => ["ws", ws, "members"] as const,
  issues: (ws: string, filters?: object) =>
    filters ? (["ws", ws, "issues", filters] as const) : (["ws", ws, "issues"] as const),
  issue: (ws: string, key?: string) =>
    key ? (["ws", ws, "issue", key] as const) : (["ws", ws, "issue"] as const),
  cycles: (ws: string, ...rest: unknown[]) => ["ws", ws, "cycles", ...rest] as const,
  milestones: (ws: string, ...rest: unknown[]) => ["ws", ws, "milestones", ...rest] as const,
  decisions: (ws: string, ...rest: unknown[]) => ["ws", ws, "decisions", ...rest] as const,
  notes: (ws: string, ...rest: unknown[]) => ["ws", ws, "notes", ...rest] as const,
  folders: (ws: string, ...rest: unknown[]) => ["ws", ws, "folders", ...rest] as const,
  files: (ws: string, ...rest: unknown[]) => ["ws", ws, "files", ...rest] as const,
  search: (ws: string, ...rest: unknown[]) => ["ws", ws, "search", ...rest] as const,
  agents: (ws: string, ...rest: unknown[]) => ["ws", ws, "agents", ...rest] as const,
  activity: (ws: string, ...rest: unknown[]) => ["ws", ws, "activity", ...rest] as const,
};

export const meQuery = queryOptions({
  queryKey: keys.me,
  queryFn: async ({ signal }) =>
    (await unwrap(api.GET("/me" as never, { signal } as never))) as unknown as Me,
  staleTime: 60_000,
});

export function useMe(): Me {
  return useSuspenseQuery(meQuery).data;
}

/** Every page of a list that follows next_cursor (for short lists: members, connections). */
export async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    all.push(...answer.data);
    cursor = answer.next_cursor ?? undefined;
  } while (cursor);
  return all;
}

/** Every member of the workspace (for assignee menus and mentions). */
export const membersQuery = (ws: string) =>
  queryOptions({
    queryKey: keys.members(ws),
    queryFn: ({ signal }) =>
      allPages((cursor) =>
        unwrap(
          api.GET("/members", {
            signal,
            params: { query: { limit: 100, cursor }, header: { "Docket-Workspace": ws } },
          }),
        ),
      ),
    staleTime: 60_000,
  });

export function useMembers(ws: string) {
  return useQuery(membersQuery(ws));
}

/** The workspace's agent connections (agents and apps), every state. */
export const connectionsQuery = (ws: string) =>
  queryOptions({
    queryKey: keys.agents(ws, "connections"),
    queryFn: ({ signal }) =>
      allPages((cursor) =>
        unwrap(
          api.GET("/connections", {
            signal,
            params: { query: { limit: 100, cursor }, header: { "Docket-Workspace": ws } },
          }),
        ),
      ),
    staleTime: 30_000,
  });

export function useConnections(ws: string) {
  return useQuery(connectionsQuery(ws));
}

export type WorkspaceIdentity = Schemas["Workspace"];

export const workspaceQuery = (ws: string) =>
  queryOptions({
    queryKey: keys.workspace(ws),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/workspace", { signal, params: { header: { "Docket-Workspace": ws } } })),
    staleTime: 60_000,
  });

export function useWorkspace(ws: string) {
  return useQuery(workspaceQuery(ws));
}
