import assert from "node:assert/strict";
import { test } from "node:test";
import { DocketError } from "../../src/errors.ts";
import { findPath } from "../../src/tracker/graph.ts";

/** An in-memory graph from `a>b` edges, counting the lookups and the nodes asked about. */
function graph(edges: [string, string][]) {
  const out = new Map<string, string[]>();
  for (const [a, b] of edges) out.set(a, [...(out.get(a) ?? []), b]);
  const calls: string[][] = [];
  const successors = async (ids: string[]) => {
    calls.push([...ids]);
    const answer = new Map<string, string[]>();
    for (const id of ids) {
      const next = out.get(id);
      if (next) answer.set(id, next);
    }
    return answer;
  };
  return { successors, calls };
}

const chain = (n: number): [string, string][] =>
  Array.from({ length: n - 1 }, (_, i) => [`n${i}`, `n${i + 1}`] as [string, string]);

test("a chain: the whole path, one lookup per level", async () => {
  const g = graph(chain(6));
  assert.deepEqual(await findPath(g.successors, "n0", "n5"), ["n0", "n1", "n2", "n3", "n4", "n5"]);
  assert.equal(g.calls.length, 5);
  assert.deepEqual(g.calls[0], ["n0"]);
  assert.deepEqual(g.calls[4], ["n4"]);
});

test("a chain backwards, or to an unknown node, has no path and stops when the frontier empties", async () => {
  const g = graph(chain(4));
  assert.equal(await findPath(g.successors, "n3", "n0"), null);
  assert.equal(g.calls.length, 1);
  assert.equal(await findPath(g.successors, "n0", "nowhere"), null);
  assert.equal(g.calls.length, 1 + 4);
});

test("a node reaches itself by the empty path, without a lookup", async () => {
  const g = graph([["a", "a"]]);
  assert.deepEqual(await findPath(g.successors, "a", "a"), ["a"]);
  assert.equal(g.calls.length, 0);
});

test("a self-loop or a cycle on the way does not make the search loop", async () => {
  const g = graph([
    ["a", "a"],
    ["a", "b"],
    ["b", "c"],
    ["c", "a"],
    ["c", "d"],
  ]);
  assert.deepEqual(await findPath(g.successors, "a", "d"), ["a", "b", "c", "d"]);
  const h = graph([
    ["a", "b"],
    ["b", "a"],
  ]);
  assert.equal(await findPath(h.successors, "a", "z"), null);
  assert.equal(h.calls.length, 2, "each node is asked about once");
});

test("a diamond: the shortest path, and the shared node is visited once", async () => {
  // a → b → d, a → c → d, d → e, and a long way round a → x → y → e
  const g = graph([
    ["a", "x"],
    ["a", "b"],
    ["a", "c"],
    ["b", "d"],
    ["c", "d"],
    ["d", "e"],
    ["x", "y"],
    ["y", "z"],
    ["z", "e"],
  ]);
  assert.deepEqual(await findPath(g.successors, "a", "e"), ["a", "b", "d", "e"]);
  assert.deepEqual(g.calls, [["a"], ["x", "b", "c"], ["y", "d"]]);
});

test("the shortest path wins over a longer one found first in edge order", async () => {
  const g = graph([
    ["a", "long1"],
    ["long1", "long2"],
    ["long2", "t"],
    ["a", "short"],
    ["short", "t"],
  ]);
  assert.deepEqual(await findPath(g.successors, "a", "t"), ["a", "short", "t"]);
});

test("a large fan-out: a whole level in one lookup", async () => {
  const edges: [string, string][] = [];
  for (let i = 0; i < 5000; i++) {
    edges.push(["root", `m${i}`]);
    edges.push([`m${i}`, `leaf${i % 100}`]);
  }
  edges.push(["leaf99", "goal"]);
  const g = graph(edges);
  const path = await findPath(g.successors, "root", "goal");
  assert.deepEqual(path, ["root", "m99", "leaf99", "goal"]);
  assert.equal(g.calls.length, 3);
  assert.equal(g.calls[1]?.length, 5000);
  assert.equal(g.calls[2]?.length, 100, "a leaf reached from many parents is asked about once");
  assert.equal(await findPath(g.successors, "root", "elsewhere"), null);
});

test("past maxNodes the search refuses rather than answering no path", async () => {
  const edges: [string, string][] = [];
  for (let i = 0; i < 50; i++) edges.push(["root", `m${i}`]);
  const g = graph(edges);
  await assert.rejects(
    findPath(g.successors, "root", "goal", 20),
    (e: unknown) => e instanceof DocketError && e.status === 409 && e.code === "graph_too_large",
  );
  assert.deepEqual(await findPath(g.successors, "root", "m7", 20), ["root", "m7"], "a path found is a path");
  assert.equal(await findPath(g.successors, "m7", "root", 20), null, "a small search stays under the bound");
});

/** The same graph read both ways, for the search from both ends. */
function twoWay(edges: [string, string][]) {
  const forward = graph(edges);
  const backward = graph(edges.map(([a, b]) => [b, a] as [string, string]));
  return { successors: forward.successors, predecessors: backward.successors, forward, backward };
}

test("from both ends: the same shortest paths through chains and diamonds", async () => {
  const c = twoWay(chain(7));
  assert.deepEqual(await findPath(c.successors, "n0", "n6", 1000, c.predecessors), [
    "n0",
    "n1",
    "n2",
    "n3",
    "n4",
    "n5",
    "n6",
  ]);
  const d = twoWay([
    ["a", "b"],
    ["a", "c"],
    ["b", "d"],
    ["c", "d"],
    ["d", "e"],
  ]);
  const path = await findPath(d.successors, "a", "e", 1000, d.predecessors);
  assert.equal(path?.length, 4);
  assert.equal(path?.[0], "a");
  assert.equal(path?.[2], "d");
  assert.equal(path?.at(-1), "e");
  assert.equal(await findPath(d.successors, "e", "a", 1000, d.predecessors), null);
  assert.deepEqual(await findPath(d.successors, "b", "b", 1000, d.predecessors), ["b"]);
});

test("from both ends, 'no path' costs the smaller side: a huge fan-out is never walked", async () => {
  // root reaches 5,000 leaves; nothing reaches `lonely`, so the backward side ends at once
  const edges: [string, string][] = Array.from({ length: 5000 }, (_, i) => ["root", `leaf${i}`]);
  const g = twoWay(edges);
  assert.equal(await findPath(g.successors, "root", "lonely", 100, g.predecessors), null);
  assert.equal(g.backward.calls.length, 1, "one look behind `lonely` settles it");
  assert.ok(g.forward.calls.length <= 1);
  // searching forward only, the same question walks every leaf and trips the limit
  await assert.rejects(
    findPath(g.successors, "root", "lonely", 100),
    (e: DocketError) => e.code === "graph_too_large",
  );
});
