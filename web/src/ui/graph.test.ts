import { describe, expect, it } from "vitest";
import { layoutGraph } from "./Graph.tsx";

describe("the graph's layout", () => {
  it("puts a blocker in an earlier layer than what it blocks, with one routed edge each", async () => {
    const layout = await layoutGraph(
      [{ id: "a" }, { id: "b" }, { id: "c" }],
      [
        { from: "a", to: "b" },
        { from: "b", to: "c" },
      ],
    );
    const a = layout.nodes.get("a");
    const b = layout.nodes.get("b");
    const c = layout.nodes.get("c");
    expect(a && b && c).toBeTruthy();
    expect(a?.x).toBeLessThan(b?.x ?? 0);
    expect(b?.x).toBeLessThan(c?.x ?? 0);
    expect(layout.edges.map((e) => e.key)).toEqual(["a->b", "b->c"]);
    for (const e of layout.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
    expect(layout.width).toBeGreaterThan(3 * 200);
  });

  it("leaves out edges to nodes it was not given and edges to the node itself", async () => {
    const layout = await layoutGraph(
      [{ id: "a" }, { id: "b" }],
      [
        { from: "a", to: "zzz" },
        { from: "a", to: "a" },
        { from: "a", to: "b" },
      ],
    );
    expect(layout.edges.map((e) => e.key)).toEqual(["a->b"]);
  });

  it("stacks layers downwards when asked", async () => {
    const layout = await layoutGraph([{ id: "a" }, { id: "b" }], [{ from: "a", to: "b" }], "DOWN");
    expect(layout.nodes.get("a")?.y).toBeLessThan(layout.nodes.get("b")?.y ?? 0);
  });
});
