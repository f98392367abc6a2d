/** Decisions: their statuses as people read them, and the reads the decision views share. */
import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas, unwrap, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";

export type Decision = Schemas["Decision"];
export type DecisionSummary = Schemas["DecisionSummary"];
export type DecisionStatus = Decision["status"];

export const DECISION_STATUSES: { value: DecisionStatus; label: string; badge: string }[] = [
  { value: "proposed", label: "Proposed", badge: "badge-warn" },
  { value: "accepted", label: "Accepted", badge: "badge-ok" },
  { value: "rejected", label: "Rejected", badge: "badge-danger" },
  { value: "superseded", label: "Superseded", badge: "" },
];

export function statusLabel(status: DecisionStatus): string {
  return DECISION_STATUSES.find((s) => s.value === status)?.label ?? status;
}

export const decisionQuery = (ws: string, id: string) =>
  queryOptions({
    queryKey: keys.decisions(ws, "one", id),
    queryFn: ({ signal }) => unwrapTagged(api.GET("/decisions/{id}", { signal, params: { path: { id } } })),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

/** The workspace's decisions (newest first, up to 100), to choose which one a decision supersedes. */
export const allDecisionsQuery = (ws: string) =>
  queryOptions({
    queryKey: keys.decisions(ws, "choices"),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/decisions", { signal, params: { query: { limit: 100, sort: "-created" } } })),
    staleTime: 30_000,
  });
