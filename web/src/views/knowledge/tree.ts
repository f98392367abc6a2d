/**
 * The notes tree, as pure functions: folders (from their parent ids) and the notes loaded so far, built
 * into a tree; the rows a person sees (what is expanded); and what a key does in it (the WAI-ARIA tree
 * pattern: ↑ ↓ move, → opens a folder or enters it, ← closes it or goes to its parent, Home, End).
 */

export interface FolderLike {
  id: string;
  name: string;
  parent_id: string | null;
  note_count: number;
}

export interface NoteLike {
  id: string;
  title: string;
  folder: { id: string } | null;
}

export interface FolderNode {
  kind: "folder";
  id: string;
  folder: FolderLike;
  children: TreeNode[];
  /** False until the folder's notes were read (its note_count says how many there are). */
  notesLoaded: boolean;
}
export interface NoteNode {
  kind: "note";
  id: string;
  note: NoteLike;
}
export type TreeNode = FolderNode | NoteNode;

const byName = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/**
 * The tree: folders first (by name), then notes (by title), at every level. `notes` holds the notes of
 * the folders read so far, by folder id (`null`: the top level). A folder whose parent is unknown is
 * shown at the top level rather than lost.
 */
export function buildTree(
  folders: readonly FolderLike[],
  notes: ReadonlyMap<string | null, readonly NoteLike[]>,
) {
  const known = new Set(folders.map((f) => f.id));
  const childFolders = new Map<string | null, FolderLike[]>();
  for (const f of folders) {
    const parent = f.parent_id && known.has(f.parent_id) && f.parent_id !== f.id ? f.parent_id : null;
    const list = childFolders.get(parent) ?? [];
    list.push(f);
    childFolders.set(parent, list);
  }
  const seen = new Set<string>();
  const level = (parent: string | null): TreeNode[] => {
    const subfolders = (childFolders.get(parent) ?? [])
      .filter((f) => !seen.has(f.id))
      .sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
    const nodes: TreeNode[] = [];
    for (const f of subfolders) {
      seen.add(f.id);
      nodes.push({
        kind: "folder",
        id: f.id,
        folder: f,
        children: level(f.id),
        notesLoaded: notes.has(f.id),
      });
    }
    const here = [...(notes.get(parent) ?? [])].sort(
      (a, b) => byName.compare(a.title, b.title) || a.id.localeCompare(b.id),
    );
    for (const n of here) nodes.push({ kind: "note", id: n.id, note: n });
    return nodes;
  };
  return level(null);
}

export interface TreeRow {
  node: TreeNode;
  /** 1 at the top level (aria-level). */
  level: number;
  /** Position among its siblings, from 1 (aria-posinset), and how many siblings (aria-setsize). */
  posinset: number;
  setsize: number;
  parentId: string | null;
  /** For folders: whether it can be opened (it has folders or notes in it). */
  expandable: boolean;
  expanded: boolean;
}

export function hasChildren(node: FolderNode): boolean {
  return node.children.length > 0 || node.folder.note_count > 0;
}

/** The rows shown, in order: every node whose folders above it are all expanded. */
export function visibleRows(tree: readonly TreeNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (nodes: readonly TreeNode[], level: number, parentId: string | null) => {
    nodes.forEach((node, i) => {
      const expandable = node.kind === "folder" && hasChildren(node);
      const open = node.kind === "folder" && expanded.has(node.id);
      rows.push({
        node,
        level,
        posinset: i + 1,
        setsize: nodes.length,
        parentId,
        expandable,
        expanded: open,
      });
      if (node.kind === "folder" && open) walk(node.children, level + 1, node.id);
    });
  };
  walk(tree, 1, null);
  return rows;
}

/** The folder ids from the top level down to `id` (itself included). */
export function folderPath(folders: readonly FolderLike[], id: string | null): FolderLike[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path: FolderLike[] = [];
  const seen = new Set<string>();
  for (
    let f = id ? byId.get(id) : undefined;
    f && !seen.has(f.id);
    f = f.parent_id ? byId.get(f.parent_id) : undefined
  ) {
    seen.add(f.id);
    path.unshift(f);
  }
  return path;
}

/** A folder and every folder inside it: where it cannot be moved to. */
export function folderAndDescendants(folders: readonly FolderLike[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of folders) {
      if (f.parent_id && out.has(f.parent_id) && !out.has(f.id)) {
        out.add(f.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Folders as choices in a list, each named by its path ("Design / API"), in tree order. */
export function folderChoices(
  folders: readonly FolderLike[],
): { id: string; label: string; depth: number }[] {
  const out: { id: string; label: string; depth: number }[] = [];
  const walk = (nodes: readonly TreeNode[], trail: string[]) => {
    for (const n of nodes) {
      if (n.kind !== "folder") continue;
      const path = [...trail, n.folder.name];
      out.push({ id: n.id, label: path.join(" / "), depth: path.length - 1 });
      walk(n.children, path);
    }
  };
  walk(buildTree(folders, new Map()), []);
  return out;
}

export type TreeAction =
  | { type: "focus"; index: number }
  | { type: "expand"; id: string }
  | { type: "collapse"; id: string }
  | { type: "open"; row: TreeRow }
  | { type: "none" };

/** What a key does on the row at `index`. */
export function treeKeyAction(rows: readonly TreeRow[], index: number, key: string): TreeAction {
  const row = rows[index];
  if (!row) return rows.length > 0 ? { type: "focus", index: 0 } : { type: "none" };
  switch (key) {
    case "ArrowDown":
      return index + 1 < rows.length ? { type: "focus", index: index + 1 } : { type: "none" };
    case "ArrowUp":
      return index > 0 ? { type: "focus", index: index - 1 } : { type: "none" };
    case "Home":
      return { type: "focus", index: 0 };
    case "End":
      return { type: "focus", index: rows.length - 1 };
    case "ArrowRight":
      if (row.node.kind !== "folder" || !row.expandable) return { type: "none" };
      if (!row.expanded) return { type: "expand", id: row.node.id };
      // open already: to its first child
      return rows[index + 1] && rows[index + 1]!.parentId === row.node.id
        ? { type: "focus", index: index + 1 }
        : { type: "none" };
    case "ArrowLeft": {
      if (row.node.kind === "folder" && row.expanded) return { type: "collapse", id: row.node.id };
      if (row.parentId === null) return { type: "none" };
      const parent = rows.findIndex((r) => r.node.id === row.parentId);
      return parent >= 0 ? { type: "focus", index: parent } : { type: "none" };
    }
    case "Enter":
    case " ":
      if (row.node.kind === "note") return { type: "open", row };
      if (!row.expandable) return { type: "open", row };
      return row.expanded ? { type: "collapse", id: row.node.id } : { type: "expand", id: row.node.id };
    default:
      return { type: "none" };
  }
}
