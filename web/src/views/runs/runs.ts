/**
 * Agent runs (sessions) as the app reads them: query keys under "sessions" (the live stream's
 * `session.*` events make them stale, lib/live.ts), and how a run's status, usage and cost are said.
 */
import { api, type Schemas, unwrap } from "../../api.ts";

export type Session = Schemas["Session"];
export type SessionActivity = Schemas["SessionActivity"];

export const runKeys = {
  all: (ws: string) => ["ws", ws, "sessions"] as const,
  list: (ws: string, filters: object) => ["ws", ws, "sessions", "list", filters] as const,
  one: (ws: string, id: string) => ["ws", ws, "sessions", "one", id] as const,
  usage: (ws: string, groupBy: string) => ["ws", ws, "sessions", "usage", groupBy] as const,
  budgets: (ws: string) => ["ws", ws, "budgets"] as const,
};

export const LIVE = new Set<Session["status"]>(["pending", "active", "awaiting_input", "stopping", "stale"]);

const STATUS_LABEL: Record<Session["status"], string> = {
  pending: "Pending",
  active: "Working",
  awaiting_input: "Awaiting input",
  stopping: "Stopping",
  stale: "Stale",
  stopped: "Stopped",
  complete: "Complete",
  error: "Error",
};
export function statusLabel(s: Session["status"]): string {
  return STATUS_LABEL[s];
}

const REASON_LABEL: Record<string, string> = {
  stop_requested: "a person stopped it",
  budget_exceeded: "its budget is spent",
  lease_lost: "its claim ran out",
  claim_released: "its claim was released",
  taken_over_by_person: "a person took the issue over",
  issue_closed: "the issue was closed",
  agent_error: "the agent reported an error",
  silent: "no activity for too long",
  agent_gone: "the agent's connection ended",
  unresponsive: "the agent has not answered",
};
/** "a person stopped it" for stop_requested; an unknown reason as written, underscores as spaces. */
export function reasonLabel(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return REASON_LABEL[reason] ?? reason.replaceAll("_", " ");
}

/** A badge's tone for a status. */
export function statusTone(s: Session["status"]): string {
  if (s === "error") return "badge-danger";
  if (s === "awaiting_input" || s === "stale" || s === "stopping") return "badge-warn";
  if (s === "active" || s === "complete") return "badge-ok";
  return "";
}

/** Cost from millionths: "$0.00", "$1.50", "$0.0042" for less than a cent. */
export function formatCost(micros: number): string {
  const units = micros / 1_000_000;
  if (micros > 0 && units < 0.01) return `$${units.toFixed(4)}`;
  return `$${units.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** 950, 12.3k, 4.5M. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function totalTokens(u: Session["usage"]): number {
  return u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens;
}

/** One page of the workspace's runs. */
export function fetchSessions(
  query: { issue?: string; status?: string; agent?: string; limit?: number },
  signal?: AbortSignal,
) {
  return unwrap(api.GET("/sessions", { signal, params: { query: { limit: 100, ...query } as never } }));
}

/** A run's activities after a position (all pages, at most `max` of them). */
export async function fetchActivities(
  id: string,
  after: number,
  signal?: AbortSignal,
  maxPages = 5,
): Promise<{ data: SessionActivity[]; more: boolean }> {
  const data: SessionActivity[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await unwrap(
      api.GET("/sessions/{id}/activities", {
        signal,
        params: { path: { id }, query: { after, limit: 100, ...(cursor ? { cursor } : {}) } as never },
      }),
    );
    data.push(...page.data);
    cursor = page.next_cursor ?? undefined;
    pages++;
  } while (cursor && pages < maxPages);
  return { data, more: Boolean(cursor) };
}
