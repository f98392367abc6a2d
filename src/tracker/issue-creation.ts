import { createHash } from "node:crypto";
import { CompiledQuery, type Kysely } from "kysely";
import { PREPARED_MARK } from "../db/prepared.ts";
import type {
  CycleEventsTable,
  Database,
  DependenciesTable,
  IssueLabelsTable,
  IssueStatus,
  IssuesTable,
  SearchDocumentsTable,
} from "../db/schema.ts";
import type { ActivityRow } from "./activity.ts";
import type { eventRow } from "./events.ts";
import type { IssueNames } from "./issues.ts";

/** Everything a creation writes, as rows: what its transaction would write one statement at a time. */
export interface CreationRows {
  issue: IssuesTable;
  labels: IssueLabelsTable[];
  document: SearchDocumentsTable;
  cycleEvents: CycleEventsTable[];
  edges: DependenciesTable[];
  /** open blockers gained by each issue the new one blocks */
  blocked: Map<string, number>;
  activity: ActivityRow[];
  /** the outbox rows (position null: PostgreSQL's sequencer gives it after commit) */
  events: ReturnType<typeof eventRow>[];
}

/**
 * PostgreSQL: the assignee's names in one lookup, by the kind its id names: an agent's `[name, person_id,
 * person's name]`, a person's `[name, email]` (null without an assignee). Five subqueries, one a row for
 * each name, cost about 5 µs more a row of a list; only the branch taken is run.
 */
export const ASSIGNEE_NAMES_PG = `case when starts_with(i.assignee_id, 'con_')
    then (select array[c.name, c.person_id, p.name] from connections c left join people p on p.id = c.person_id
      where c.id = i.assignee_id)
    else (select array[p.name, p.email] from people p where p.id = i.assignee_id) end`;

/**
 * The new issue's row as a read of it finds it once the statement has committed: its own columns, the
 * names its view shows (as the read gives them) and its edges as two JSON arrays (as
 * `edgeColumns` gives them), the neighbours' titles and statuses those of the statement's snapshot.
 */
export type CreatedRow = IssuesTable &
  IssueNames & {
    edges_out: unknown;
    edges_in: unknown;
  };

/**
 * The statement's text by the shape of what it writes (the counts of each kind of row). Requests choose
 * the counts (up to 20 labels and 100 issues a list), so only the most recently made texts are kept.
 */
const texts = new Map<string, string>();
const MOST_TEXTS = 256;

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(", ");

/**
 * Writes a creation in one PostgreSQL statement (data-modifying CTEs): the issue, its labels, its search
 * document, its cycle standing, its edges and what they block, its activity and its events, all or
 * nothing, and answers the issue as a read of it would. Run on the database it is its own transaction
 * (one round trip instead of a BEGIN, eight writes, a COMMIT and a read after); in a transaction or a
 * unit of work it is part of that. The foreign keys between the rows it inserts are checked at the end
 * of the statement, once every row is in.
 */
export async function writeCreation(db: Kysely<Database>, rows: CreationRows): Promise<CreatedRow> {
  const parts: [string, readonly object[]][] = [
    ["issues", [rows.issue]],
    ["issue_labels", rows.labels],
    ["search_documents", [rows.document]],
    ["cycle_events", rows.cycleEvents],
    ["dependencies", rows.edges],
    ["activity", rows.activity],
    ["events", rows.events],
  ];
  const columns = parts.map(([, list]) => (list[0] ? Object.keys(list[0]) : []));
  const shape = `${parts.map(([, list], k) => `${list.length}:${columns[k]!.join(",")}`).join(";")};${rows.blocked.size}`;
  let text = texts.get(shape);
  if (text === undefined) {
    // a prepared statement on each connection: planning the statement costs more than running it
    const name = `docket_c${createHash("sha1").update(shape).digest("base64url").slice(0, 20)}`;
    text = `${PREPARED_MARK}${name} */ ${creationText(parts, columns, rows.blocked.size)}`;
    if (texts.size >= MOST_TEXTS) texts.delete(texts.keys().next().value!);
    texts.set(shape, text);
  }
  const parameters: unknown[] = [];
  parts.forEach(([table, list], k) => {
    for (const row of list) {
      for (const c of columns[k]!) {
        const v = (row as Record<string, unknown>)[c];
        if (v === undefined) throw new Error(`writeCreation: a ${table} row needs a value for ${c}`);
        parameters.push(v);
      }
    }
  });
  for (const [id, n] of rows.blocked) parameters.push(id, n);
  const result = await db.executeQuery<CreatedRow>(CompiledQuery.raw(text, parameters));
  const row = result.rows[0];
  if (!row) throw new Error("writeCreation: the statement answered no row");
  return row;
}

function creationText(parts: [string, readonly object[]][], columns: string[][], blocked: number): string {
  let p = 0;
  const values = (count: number, width: number) =>
    Array.from(
      { length: count },
      () => `(${Array.from({ length: width }, () => `$${++p}`).join(", ")})`,
    ).join(", ");
  const ctes: string[] = [];
  let issue = "";
  parts.forEach(([table, list], k) => {
    if (list.length === 0) return;
    const rows = `(${quoted(columns[k]!)}) values ${values(list.length, columns[k]!.length)}`;
    if (table === "issues") issue = rows;
    else if (table === "dependencies") ctes.push(`"d" as (insert into "dependencies" ${rows} returning *)`);
    else ctes.push(`"w${k}" as (insert into "${table}" ${rows})`);
  });
  if (blocked > 0) {
    const pairs = Array.from({ length: blocked }, () => `($${++p}::text, $${++p}::integer)`).join(", ");
    ctes.push(
      `"b" as (update "issues" set "open_blockers" = "issues"."open_blockers" + "v"."n" from (values ${pairs}) as "v"("id", "n") where "issues"."id" = "v"."id")`,
    );
  }
  const hasEdges = parts.some(([table, list]) => table === "dependencies" && list.length > 0);
  const edges = (join: string, where: string) =>
    hasEdges
      ? `(select coalesce(json_agg(json_build_array(e.id, e.kind, o.id, o.identifier, o.title, o.status)), '[]')
          from "d" e join issues o on o.id = e.${join} where e.${where} = i.id)`
      : `'[]'::json`;
  // the issue's insert is the statement itself (what tracing names it by), the rest its CTEs
  return `with ${ctes.join(",\n")}
    insert into "issues" as i ${issue}
    returning i.*,
      (select prefix from spaces where id = i.space_id) as space_prefix,
      ${ASSIGNEE_NAMES_PG} as assignee_names,
      (select identifier from issues where id = i.parent_id) as parent_identifier,
      (select name from cycles where id = i.cycle_id) as cycle_name,
      (select name from milestones where id = i.milestone_id) as milestone_name,
      ${edges("to_issue_id", "from_issue_id")} as edges_out,
      ${edges("from_issue_id", "to_issue_id")} as edges_in`;
}

/** What takeNumberReading found: the issues by identifier and id, the labels by key, the number taken. */
export interface NumberAndReads {
  issues: Map<string, { id: string; identifier: string; status: IssueStatus; title: string }>;
  labels: { name: string; name_key: string }[];
  /** undefined when no number was taken: an issue named is unknown, or the space is */
  taken: { id: string; prefix: string; number: number } | undefined;
}

const takeTexts = new Map<boolean, string>();

/**
 * Takes the next issue number of the space `prefix` names (without one, the workspace's first space),
 * as takeIssueNumber does, in one PostgreSQL statement that also reads the issues a creation's edges name
 * (`identifiers` in upper case, `ids`) and the labels it names (`labelKeys`): the number is taken only
 * when every issue named is found, so an edge to an unknown issue takes none. Committed by itself (or
 * with the unit of work it runs in), so the space's row is held for this statement only.
 */
export async function takeNumberReading(
  db: Kysely<Database>,
  workspaceId: string,
  prefix: string | undefined,
  identifiers: string[],
  ids: string[],
  labelKeys: string[],
): Promise<NumberAndReads> {
  const byPrefix = prefix !== undefined;
  let text = takeTexts.get(byPrefix);
  if (text === undefined) {
    // Each list through a subquery, whose value the planner does not know: PostgreSQL plans a prepared
    // statement for each of its first five runs' values and then keeps one plan for any value only if
    // that costs no more. It costs a list it cannot see as ten values, and a creation names one or two,
    // so with the lists bound directly the statement was planned on every run (0.7 ms of the database's
    // CPU a creation, about what running it takes).
    text = `${PREPARED_MARK}docket_take_number${byPrefix ? "_in" : ""} */ with f as (
        select id, identifier, status, title from issues
        where workspace_id = $1 and identifier = any((select $2::text[])::text[])
        union all
        select id, identifier, status, title from issues
        where workspace_id = $1 and id = any((select $3::text[])::text[])
      ),
      l as (select name, name_key from labels
        where workspace_id = $1 and name_key = any((select $4::text[])::text[])),
      t as (
        update spaces set next_issue_number = next_issue_number + 1
        where id = (select id from spaces where workspace_id = $1${byPrefix ? " and prefix = $5" : ""}
            order by created_at, id limit 1)
          and not exists (select 1 from unnest((select $2::text[] || $3::text[])::text[]) as w(key)
            where not exists (select 1 from f where f.identifier = w.key or f.id = w.key))
        returning id, prefix, next_issue_number
      )
      select (select coalesce(json_agg(json_build_array(id, identifier, status, title)), '[]') from f) as found,
        (select coalesce(json_agg(json_build_array(name, name_key)), '[]') from l) as labels,
        t.id, t.prefix, t.next_issue_number
      from (select 1) as one left join t on true`;
    takeTexts.set(byPrefix, text);
  }
  const parameters: unknown[] = [workspaceId, identifiers, ids, labelKeys];
  if (byPrefix) parameters.push(prefix);
  const { rows } = await db.executeQuery<{
    found: [string, string, IssueStatus, string][];
    labels: [string, string][];
    id: string | null;
    prefix: string | null;
    next_issue_number: number | null;
  }>(CompiledQuery.raw(text, parameters));
  const row = rows[0]!;
  const issues: NumberAndReads["issues"] = new Map();
  for (const [id, identifier, status, title] of row.found) {
    const issue = { id, identifier, status, title };
    issues.set(identifier, issue);
    issues.set(id, issue);
  }
  return {
    issues,
    labels: row.labels.map(([name, name_key]) => ({ name, name_key })),
    taken:
      row.id !== null && row.prefix !== null && row.next_issue_number !== null
        ? { id: row.id, prefix: row.prefix, number: Number(row.next_issue_number) - 1 }
        : undefined,
  };
}
