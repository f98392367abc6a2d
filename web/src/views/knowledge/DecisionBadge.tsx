import { DECISION_STATUSES, type DecisionStatus } from "./decisions.ts";

/** A decision's status, in words (its colour only repeats them). */
export function DecisionBadge({ status }: { status: DecisionStatus }) {
  const s = DECISION_STATUSES.find((x) => x.value === status);
  return <span className={`badge decision-badge ${s?.badge ?? ""}`}>{s?.label ?? status}</span>;
}
