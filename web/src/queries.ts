/**
 * Server state: query keys and the reads every view shares. Keys start with the workspace, so two
 * workspaces never share a cache entry; live events invalidate by the key's second part (lib/live.ts).
 */
import { queryOptions, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { api, type Schemas, unwrap } from "./api.ts";

export interface MeWorkspace {
  id: string;
  slug: string;
  name: string;
  role: string;
}
/** GET /v1/me: the person, how they are signed in, and their workspaces. */
export interface Me {
  person: { id: string; email: string; name: string | null };
  credential: { kind: string; id?: string | null; scopes: string[] };
  workspace: MeWorkspace;
  workspaces: MeWorkspace[];
  csrf_token?: string | null;
}

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
