import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { IssueStatus } from "../db/schema.ts";
import { OPEN_STATUSES } from "./common.ts";

/**
 * The two meanings of "ready", defined once. Lists (`ready=true`, `startable=true`), claims and counts
 * build their SQL from the functions here, and the partial indexes `issues_ready_idx` and
 * `issues_claimable_idx` (src/db/migrations.ts) carry exactly these conditions, which a test checks.
 *
 * - **ready**: open (backlog, todo, in progress or in review; not iced, not closed) and blocked by no
 *   open issue. Whether work can go on, whoever is on it.
 * - **startable**: ready, not started (backlog or todo) and not claimed. What `claim_next_issue`, the
 *   CLI's `docket claim` and the web app's Ready work view offer. An issue whose claim ran out becomes
 *   startable again when that claim is ended (a claim of the next issue and housekeeping end them), which
 *   also gives it back the status it had before the claim.
 */

/** The statuses of ready work. */
export const READY_STATUSES: readonly IssueStatus[] = OPEN_STATUSES;
/** The statuses of startable work: not yet started. */
export const STARTABLE_STATUSES: readonly IssueStatus[] = ["backlog", "todo"];

const list = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(", ");
const col = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** The ready condition as SQL text over the issues table (`alias.` before each column when given). */
export function readyCondition(alias?: string): string {
  return `${col(alias, "open_blockers")} = 0 and ${col(alias, "status")} in (${list(READY_STATUSES)})`;
}

/** The startable condition as SQL text over the issues table (`alias.` before each column when given). */
export function startableCondition(alias?: string): string {
  return `${col(alias, "open_blockers")} = 0 and ${col(alias, "status")} in (${list(STARTABLE_STATUSES)}) and ${col(alias, "claim_id")} is null`;
}

/** The ready condition for a query's `where`, in parentheses. */
export const readySql = (alias?: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.raw(readyCondition(alias))})`;

/** The startable condition for a query's `where`, in parentheses. */
export const startableSql = (alias?: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.raw(startableCondition(alias))})`;

/** Ready, for a row already read. */
export const isReadyRow = (r: { status: string; open_blockers: number | string }): boolean =>
  READY_STATUSES.includes(r.status as IssueStatus) && Number(r.open_blockers) === 0;

/** Startable, for a row already read. */
export const isStartableRow = (r: {
  status: string;
  open_blockers: number | string;
  claim_id: string | null;
}): boolean =>
  STARTABLE_STATUSES.includes(r.status as IssueStatus) &&
  Number(r.open_blockers) === 0 &&
  r.claim_id === null;
