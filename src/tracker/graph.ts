import { type Kysely, sql } from "kysely";
import { DocketError } from "../errors.ts";

/** Successors of a set of nodes: for each node that has any, the nodes it points to. */
export type Successors = (ids: string[]) => Promise<Map<string, string[]>>;

/** How many nodes a search visits at most unless told otherwise: far beyond any real workspace. */
export const MAX_SEARCH_NODES = 200_000;

/**
 * Breadth-first search for a path `from` → … → `to` in a directed graph kept in the database. It asks
 * `fetchSuccessors` once per level with the whole frontier, so a search costs as many queries as the
 * path is long, not as many as there are nodes. Returns the shortest path, both ends included (`[from]`
 * when `from` is `to`), or null when `to` cannot be reached.
 *
 * Given `fetchPredecessors` too, it searches from both ends at once, always widening the smaller
 * frontier, and stops when either side runs out: proving "no path" then costs the smaller of what
 * `from` reaches and what reaches `to`, not everything `from` reaches.
 *
 * Callers use it to refuse an edge that would close a cycle: adding a → b closes one exactly when a
 * path b ⇝ a exists. An answer of "no path" must therefore be trustworthy, so when the search would
 * visit more than `maxNodes` nodes it refuses (409) instead of guessing.
 */
export async function findPath(
  fetchSuccessors: Successors,
  from: string,
  to: string,
  maxNodes = MAX_SEARCH_NODES,
  fetchPredecessors?: Successors,
): Promise<string[] | null> {
  if (from === to) return [from];
  const forward = new Map<string, string | null>([[from, null]]);
  const backward = new Map<string, string | null>([[to, null]]);
  let ahead = [from];
  let behind = fetchPredecessors ? [to] : [];
  while (ahead.length > 0 && (fetchPredecessors === undefined || behind.length > 0)) {
    // the smaller frontier first; on a tie the side behind, whose end is usually the nearer
    const widenAhead = fetchPredecessors === undefined || ahead.length < behind.length;
    const [frontier, seen, other, fetch] = widenAhead
      ? [ahead, forward, backward, fetchSuccessors]
      : [behind, backward, forward, fetchPredecessors!];
    const edges = await fetch(frontier);
    const next: string[] = [];
    for (const node of frontier) {
      for (const neighbour of edges.get(node) ?? []) {
        if (seen.has(neighbour)) continue;
        seen.set(neighbour, node);
        if (other.has(neighbour)) return join(forward, backward, neighbour);
        next.push(neighbour);
      }
    }
    // a side that runs out has seen all it can reach without meeting the other: there is no path
    if (next.length === 0) return null;
    if (forward.size + backward.size > maxNodes + 1) {
      throw new DocketError(
        409,
        "graph_too_large",
        `The graph is too large to check for cycles (more than ${maxNodes} reachable items); remove some links first.`,
      );
    }
    if (widenAhead) ahead = next;
    else behind = next;
  }
  return null;
}

/** The path through `meet`: back along the forward links to the start, on along the backward ones. */
function join(
  forward: Map<string, string | null>,
  backward: Map<string, string | null>,
  meet: string,
): string[] {
  const path: string[] = [];
  for (let node: string | null | undefined = meet; node != null; node = forward.get(node)) path.unshift(node);
  for (let node = backward.get(meet); node != null; node = backward.get(node)) path.push(node);
  return path;
}

/**
 * The edges of one table as a `Successors` function: `fromColumn` points to `toColumn`, among rows whose
 * `filters` columns equal the given values. Asks in chunks of 500 nodes.
 */
export function successorsIn(
  // biome-ignore lint/suspicious/noExplicitAny: works over any edge table
  db: Kysely<any>,
  table: string,
  fromColumn: string,
  toColumn: string,
  filters: Record<string, string>,
): Successors {
  const where = Object.entries(filters).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  return async (ids) => {
    const next = new Map<string, string[]>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const { rows } = await sql<{
        f: string;
        t: string;
      }>`select ${sql.ref(fromColumn)} as f, ${sql.ref(toColumn)} as t
        from ${sql.table(table)} where ${sql.ref(fromColumn)} in (${sql.join(chunk)})
        ${where.length ? sql`and ${sql.join(where, sql` and `)}` : sql``}`.execute(db);
      for (const r of rows) {
        const list = next.get(r.f);
        if (list) list.push(r.t);
        else next.set(r.f, [r.t]);
      }
    }
    return next;
  };
}

/** An edge table, for searches the database runs itself. */
export interface EdgeTable {
  table: string;
  fromColumn: string;
  toColumn: string;
  filters: Record<string, string>;
}

/**
 * Whether `target` can be reached from `start`, answered by the database in one recursive query: far
 * faster than a search that asks level by level when the answer is no and much of the graph must be
 * seen to know it.
 */
export async function reaches(
  // biome-ignore lint/suspicious/noExplicitAny: works over any edge table
  db: Kysely<any>,
  edges: EdgeTable,
  start: string,
  target: string,
): Promise<boolean> {
  const where = Object.entries(edges.filters).map(
    ([column, value]) => sql`and e.${sql.ref(column)} = ${value}`,
  );
  const { rows } = await sql<{ hit: number }>`with recursive r(id) as (
      select cast(${start} as text)
      union
      select e.${sql.ref(edges.toColumn)} from ${sql.table(edges.table)} e
        join r on e.${sql.ref(edges.fromColumn)} = r.id ${sql.join(where, sql` `)}
    )
    select 1 as hit from r where id = ${target} limit 1`.execute(db);
  return rows.length > 0;
}

/** The edges of `edges` as `Successors`, forwards or backwards. */
export function edgesOf(
  // biome-ignore lint/suspicious/noExplicitAny: works over any edge table
  db: Kysely<any>,
  edges: EdgeTable,
  direction: "forward" | "backward",
): Successors {
  return direction === "forward"
    ? successorsIn(db, edges.table, edges.fromColumn, edges.toColumn, edges.filters)
    : successorsIn(db, edges.table, edges.toColumn, edges.fromColumn, edges.filters);
}

/**
 * Refuses the edge `from` → `to` when `to` already reaches `from`: it would close a cycle. The 409 names
 * the cycle's path, each node by `namesOf`.
 */
export async function refuseCycle(
  // biome-ignore lint/suspicious/noExplicitAny: works over any edge table
  db: Kysely<any>,
  edges: EdgeTable,
  from: { id: string; name: string },
  to: { id: string; name: string },
  namesOf: (ids: string[]) => Promise<Map<string, string>>,
): Promise<void> {
  if (!(await reaches(db, edges, to.id, from.id))) return;
  const forward = edgesOf(db, edges, "forward");
  const path = await findPath(forward, to.id, from.id, MAX_SEARCH_NODES, edgesOf(db, edges, "backward"));
  if (!path) return;
  const names = await namesOf(path);
  const shown = [from.id, ...path].map((id) => names.get(id) ?? id).join(" → ");
  throw new DocketError(
    409,
    "dependency_cycle",
    `${from.name} cannot block ${to.name}: that would close a cycle ${shown}.`,
  );
}
