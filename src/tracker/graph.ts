/**
 * Breadth-first search for a path `from` → … → `to` in a directed graph held in the database, one
 * query per level: `successors` returns, for a set of nodes, the nodes each points to. Returns the
 * path (both ends included) or null. `maxNodes` bounds the work on huge graphs; past it the search
 * gives up and reports a path of unknown shape as none found only if the caller accepts that, so the
 * default is large enough for any real workspace.
 */
export async function findPath(
  successors: (ids: string[]) => Promise<Map<string, string[]>>,
  from: string,
  to: string,
  maxNodes = 1_000_000,
): Promise<string[] | null> {
  if (from === to) return [from];
  const parent = new Map<string, string | null>([[from, null]]);
  let frontier = [from];
  while (frontier.length > 0 && parent.size <= maxNodes) {
    const next: string[] = [];
    const edges = await successors(frontier);
    for (const node of frontier) {
      for (const succ of edges.get(node) ?? []) {
        if (parent.has(succ)) continue;
        parent.set(succ, node);
        if (succ === to) {
          const path = [to];
          for (let p = parent.get(to); p; p = parent.get(p)) path.unshift(p);
          return path;
        }
        next.push(succ);
      }
    }
    frontier = next;
  }
  return null;
}
