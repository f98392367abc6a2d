/**
 * The routes every area hangs from: `/` (sends the person to their workspace) and `/$ws` (the shell).
 * Each area adds its own children in views/<area>/routes.ts; router.tsx puts the tree together.
 */
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, redirect } from "@tanstack/react-router";
import { setCsrfToken, setWorkspace } from "../api.ts";
import { prepareLive } from "../lib/live.ts";
import { meQuery } from "../queries.ts";
import { Root } from "../shell/Root.tsx";
import { NoWorkspace, Shell } from "../shell/Shell.tsx";

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Root });

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    setCsrfToken(me.csrf_token ?? "");
    const last = localStorage.getItem("docket.workspace");
    const ws = me.workspaces.find((w) => w.slug === last) ?? me.workspace;
    if (ws) throw redirect({ to: "/$ws/issues", params: { ws: ws.slug } });
  },
  component: NoWorkspace,
});

export const wsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "$ws",
  beforeLoad: async ({ context, params, preload }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    setCsrfToken(me.csrf_token ?? "");
    const ws = me.workspaces.find((w) => w.slug === params.ws);
    // where the event stream will start, taken before the workspace's first reads (lib/live.ts); the
    // page shown meanwhile keeps its own workspace, which is switched only once nothing is awaited
    if (ws && !preload) await prepareLive(ws.slug);
    // another workspace's address: shown as not found, never as that workspace's data
    setWorkspace(ws ? ws.slug : "");
    if (ws) localStorage.setItem("docket.workspace", ws.slug);
    return { workspace: ws ?? null };
  },
  component: Shell,
});

export const wsIndexRoute = createRoute({
  getParentRoute: () => wsRoute,
  path: "/",
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/$ws/issues", params });
  },
});
