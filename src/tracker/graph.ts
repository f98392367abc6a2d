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
 * Callers use it to refuse an edge that would close a cycle: adding a → b closes one exactly when a
 * path b ⇝ a exists. An answer of "no path" must therefore be trustworthy, so when the search would
 * visit more than `maxNodes` nodes it refuses (409) instead of guessing.
 */
export async function findPath(
  fetchSuccessors: Successors,
  from: string,
  to: string,
  maxNodes = MAX_SEARCH_NODES,
): Promise<string[] | null> {
  if (from === to) return [from];
  const parent = new Map<string, string>();
  const seen = new Set([from]);
  let frontier = [from];
  while (frontier.length > 0) {
    const edges = await fetchSuccessors(frontier);
    const next: string[] = [];
    for (const node of frontier) {
      for (const succ of edges.get(node) ?? []) {
        if (seen.has(succ)) continue;
        seen.add(succ);
        parent.set(succ, node);
        if (succ === to) return trace(parent, from, to);
        next.push(succ);
      }
    }
    if (seen.size > maxNodes) {
      throw new DocketError(
        409,
        "graph_too_large",
        `The graph is too large to check for cycles (more than ${maxNodes} reachable items); remove some links first.`,
      );
    }
    frontier = next;
  }
  return null;
}

/** Walks the parent links back from `to` to `from`. */
function trace(parent: Map<string, string>, from: string, to: string): string[] {
  const path = [to];
  let node = to;
  while (node !== from) {
    node = parent.get(node) as string;
    path.push(node);
  }
  return path.reverse();
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

/**
 * Refuses the edge `from` → `to` when `to` already reaches `from`: it would close a cycle. The 409 names
 * the cycle's path, each node by `namesOf`.
 */
export async function refuseCycle(
  successors: Successors,
  from: { id: string; name: string },
  to: { id: string; name: string },
  namesOf: (ids: string[]) => Promise<Map<string, string>>,
): Promise<void> {
  const path = await findPath(successors, to.id, from.id);
  if (!path) return;
  const names = await namesOf(path);
  const shown = [from.id, ...path].map((id) => names.get(id) ?? id).join(" → ");
  throw new DocketError(
    409,
    "dependency_cycle",
    `${from.name} cannot block ${to.name}: that would close a cycle ${shown}.`,
  );
}
