import { describe, expect, it } from "vitest";
import {
  buildTree,
  type FolderLike,
  folderAndDescendants,
  folderChoices,
  folderPath,
  type NoteLike,
  treeKeyAction,
  visibleRows,
} from "./tree.ts";

const folder = (id: string, name: string, parent_id: string | null, note_count = 0): FolderLike => ({
  id,
  name,
  parent_id,
  note_count,
});
const note = (id: string, title: string, folderId: string | null): NoteLike => ({
  id,
  title,
  folder: folderId ? { id: folderId } : null,
});

const folders = [
  folder("f_design", "design", null, 1),
  folder("f_api", "API", "f_design", 2),
  folder("f_arch", "Architecture", null),
  folder("f_old", "old", "f_api"),
];
const notes = new Map<string | null, NoteLike[]>([
  [null, [note("n_readme", "Readme", null), note("n_abc", "abc", null)]],
  ["f_design", [note("n_style", "Style guide", "f_design")]],
]);

describe("the notes tree", () => {
  it("puts folders first by name (ignoring case), then notes by title, at every level", () => {
    const tree = buildTree(folders, notes);
    expect(tree.map((n) => n.id)).toEqual(["f_arch", "f_design", "n_abc", "n_readme"]);
    const design = tree[1]!;
    expect(design.kind === "folder" && design.children.map((n) => n.id)).toEqual(["f_api", "n_style"]);
    expect(design.kind === "folder" && design.notesLoaded).toBe(true);
    const api = design.kind === "folder" ? design.children[0]! : undefined;
    expect(api?.kind === "folder" && api.notesLoaded).toBe(false);
    expect(api?.kind === "folder" && api.children.map((n) => n.id)).toEqual(["f_old"]);
  });

  it("shows a folder whose parent is unknown at the top level, and never loops", () => {
    const tree = buildTree([folder("a", "A", "gone"), folder("b", "B", "b")], new Map());
    expect(tree.map((n) => n.id)).toEqual(["a", "b"]);
  });

  it("shows the rows under expanded folders only, with their level and place among siblings", () => {
    const tree = buildTree(folders, notes);
    const closed = visibleRows(tree, new Set());
    expect(closed.map((r) => r.node.id)).toEqual(["f_arch", "f_design", "n_abc", "n_readme"]);
    expect(closed[0]).toMatchObject({
      level: 1,
      posinset: 1,
      setsize: 4,
      expandable: false,
      expanded: false,
    });
    expect(closed[1]).toMatchObject({ expandable: true, expanded: false });

    const open = visibleRows(tree, new Set(["f_design", "f_api"]));
    expect(open.map((r) => [r.node.id, r.level])).toEqual([
      ["f_arch", 1],
      ["f_design", 1],
      ["f_api", 2],
      ["f_old", 3],
      ["n_style", 2],
      ["n_abc", 1],
      ["n_readme", 1],
    ]);
    expect(open[4]).toMatchObject({ parentId: "f_design", posinset: 2, setsize: 2 });
  });

  it("names folders by their path and knows where a folder cannot move", () => {
    expect(folderPath(folders, "f_old").map((f) => f.name)).toEqual(["design", "API", "old"]);
    expect(folderPath(folders, null)).toEqual([]);
    expect([...folderAndDescendants(folders, "f_design")].sort()).toEqual(["f_api", "f_design", "f_old"]);
    expect(folderChoices(folders)).toEqual([
      { id: "f_arch", label: "Architecture", depth: 0 },
      { id: "f_design", label: "design", depth: 0 },
      { id: "f_api", label: "design / API", depth: 1 },
      { id: "f_old", label: "design / API / old", depth: 2 },
    ]);
  });

  it("moves by keyboard as the ARIA tree pattern says", () => {
    const tree = buildTree(folders, notes);
    const rows = visibleRows(tree, new Set(["f_design"]));
    // f_arch, f_design, f_api, n_style, n_abc, n_readme
    expect(treeKeyAction(rows, 0, "ArrowDown")).toEqual({ type: "focus", index: 1 });
    expect(treeKeyAction(rows, 0, "ArrowUp")).toEqual({ type: "none" });
    expect(treeKeyAction(rows, 5, "ArrowDown")).toEqual({ type: "none" });
    expect(treeKeyAction(rows, 3, "End")).toEqual({ type: "focus", index: 5 });
    expect(treeKeyAction(rows, 3, "Home")).toEqual({ type: "focus", index: 0 });
    // → on an open folder enters it; on a closed one opens it; on an empty one does nothing
    expect(treeKeyAction(rows, 1, "ArrowRight")).toEqual({ type: "focus", index: 2 });
    expect(treeKeyAction(rows, 2, "ArrowRight")).toEqual({ type: "expand", id: "f_api" });
    expect(treeKeyAction(rows, 0, "ArrowRight")).toEqual({ type: "none" });
    // ← closes an open folder, else goes to the parent
    expect(treeKeyAction(rows, 1, "ArrowLeft")).toEqual({ type: "collapse", id: "f_design" });
    expect(treeKeyAction(rows, 3, "ArrowLeft")).toEqual({ type: "focus", index: 1 });
    expect(treeKeyAction(rows, 4, "ArrowLeft")).toEqual({ type: "none" });
    // Enter opens a note, toggles a folder
    expect(treeKeyAction(rows, 3, "Enter")).toMatchObject({ type: "open" });
    expect(treeKeyAction(rows, 1, "Enter")).toEqual({ type: "collapse", id: "f_design" });
    expect(treeKeyAction(rows, 2, "Enter")).toEqual({ type: "expand", id: "f_api" });
    expect(treeKeyAction([], 0, "ArrowDown")).toEqual({ type: "none" });
  });
});
