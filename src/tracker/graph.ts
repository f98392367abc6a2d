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
