/**
 * Notes in their folder tree: the tree on the left (an ARIA tree: arrow keys, Enter, Home, End; F2
 * renames a folder; a folder's ⋯ menu also moves and deletes it), the open note on the right. A folder's notes are read when it is first opened.
 */
import "./knowledge.css";
import * as Dialog from "@radix-ui/react-dialog";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError, api, unwrap, unwrapTagged } from "../../api.ts";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { keys } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { toast } from "../../ui/toast.tsx";
import { deleteWithUndo } from "../trash/trash.ts";
import { NotePane } from "./NotePane.tsx";
import { type Folder, folderNotesQuery, foldersQuery, type NoteSummary, noteQuery } from "./notes.ts";
import {
  buildTree,
  folderAndDescendants,
  folderChoices,
  folderPath,
  type NoteLike,
  type TreeRow,
  treeKeyAction,
  visibleRows,
} from "./tree.ts";

function loadExpanded(ws: string): Set<string> {
  try {
    const raw = localStorage.getItem(`docket.notes.expanded.${ws}`);
    return new Set(raw ? (JSON.parse(raw) as string[]) : []);
  } catch {
    return new Set();
  }
}

type FolderDialogState =
  | { mode: "create"; parent: string | null }
  | { mode: "rename"; folder: Folder }
  | { mode: "move"; folder: Folder };

export function NotesPage() {
  const { ws } = useParams({ strict: false }) as { ws: string };
  useWorkspaceTitle("Notes", ws);
  // another workspace is another tree (its own expanded folders)
  return <NotesView key={ws} ws={ws} />;
}

function NotesView({ ws }: { ws: string }) {
  const { id } = useParams({ strict: false }) as { id?: string };
  const search = useSearch({ strict: false }) as { folder?: string };
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState<Set<string>>(() => loadExpanded(ws));
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<FolderDialogState | null>(null);
  const treeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    localStorage.setItem(`docket.notes.expanded.${ws}`, JSON.stringify([...expanded]));
  }, [ws, expanded]);

  const folders = useQuery(foldersQuery(ws));
  const folderList = folders.data ?? [];
  const openNote = useQuery({ ...noteQuery(ws, id ?? ""), enabled: Boolean(id) && id !== "new" });
  const openFolderId = openNote.data?.data.folder?.id ?? null;

  // the open note's folders are opened so it shows in the tree
  useEffect(() => {
    if (!openFolderId || folderList.length === 0) return;
    const path = folderPath(folderList, openFolderId).map((f) => f.id);
    setExpanded((e) => (path.every((p) => e.has(p)) ? e : new Set([...e, ...path])));
  }, [openFolderId, folderList]);

  const known = new Set(folderList.map((f) => f.id));
  const loadFolders = [null, ...[...expanded].filter((f) => known.has(f))];
  const noteReads = useQueries({ queries: loadFolders.map((f) => folderNotesQuery(ws, f)) });
  const notesByFolder = new Map<string | null, NoteLike[]>();
  loadFolders.forEach((f, i) => {
    const data = noteReads[i]?.data;
    if (data) notesByFolder.set(f, data);
  });
  const notesKey = noteReads.map((r) => r.dataUpdatedAt).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when a folder list or a folder's notes change
  const tree = useMemo(() => buildTree(folderList, notesByFolder), [folderList, notesKey]);
  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);

  const focusedIndex = Math.max(
    0,
    rows.findIndex((r) => r.node.id === (focusedId ?? id)),
  );
  /** The folder new things go in: the focused folder, or the focused note's folder. */
  const currentFolder: Folder | null = (() => {
    const r = focusedId ? rows.find((x) => x.node.id === focusedId) : undefined;
    if (r?.node.kind === "folder") return r.node.folder as Folder;
    const fid = r?.node.kind === "note" ? (r.node.note.folder?.id ?? null) : openFolderId;
    return folderList.find((f) => f.id === fid) ?? null;
  })();

  const focusRow = useCallback((index: number) => {
    const el = treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]')[index];
    el?.focus();
  }, []);
  const toggle = (folderId: string, open: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open) next.add(folderId);
      else next.delete(folderId);
      return next;
    });
  const activate = (row: TreeRow) => {
    if (row.node.kind === "note") void navigate({ to: "/$ws/notes/$id", params: { ws, id: row.node.id } });
    else if (row.expandable) toggle(row.node.id, !row.expanded);
  };
  const newNote = (folder: string | null) =>
    void navigate({ to: "/$ws/notes/$id", params: { ws, id: "new" }, search: folder ? { folder } : {} });

  useShortcut("n", "New note", "Notes", () => newNote(currentFolder?.id ?? null));

  // to the trash with Undo in the toast; its notes wait at the top level (a folder with folders inside is refused)
  const queryClient = useQueryClient();
  const removeFolder = (folder: Folder) =>
    void deleteWithUndo(
      queryClient,
      ws,
      { type: "folder", id: folder.id, name: `Folder “${folder.name}”` },
      {
        leave: async () => {
          if (focusedId === folder.id) setFocusedId(null);
          // folded first, so nothing asks for the notes of a folder that is going (that would be a 400)
          setExpanded((e) => {
            if (!e.has(folder.id)) return e;
            const next = new Set(e);
            next.delete(folder.id);
            return next;
          });
        },
        undone: () => setFocusedId(folder.id),
      },
    );

  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = focusedIndex;
    const row = rows[index];
    if (event.key === "F2" && row?.node.kind === "folder") {
      event.preventDefault();
      setDialog({ mode: "rename", folder: row.node.folder as Folder });
      return;
    }
    const action = treeKeyAction(rows, index, event.key);
    if (action.type === "none") return;
    event.preventDefault();
    if (action.type === "focus") {
      setFocusedId(rows[action.index]!.node.id);
      focusRow(action.index);
    } else if (action.type === "expand") toggle(action.id, true);
    else if (action.type === "collapse") toggle(action.id, false);
    else if (action.type === "open") activate(action.row);
  };

  const loadingTree = folders.isPending || noteReads[0]?.isPending;
  return (
    <div className={`notes-layout${id ? " notes-open" : ""}`}>
      <section className="notes-side" aria-label="Notes and folders">
        <div className="notes-side-head">
          <h1>Notes</h1>
          <button
            type="button"
            className="btn btn-small btn-primary"
            onClick={() => newNote(currentFolder?.id ?? null)}
            title={currentFolder ? `New note in ${currentFolder.name}` : "New note at the top level"}
          >
            New note
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setDialog({ mode: "create", parent: currentFolder?.id ?? null })}
          >
            New folder
          </button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="icon-btn"
              disabled={!currentFolder}
              aria-label={
                currentFolder ? `Folder actions: ${currentFolder.name}` : "Folder actions (choose a folder)"
              }
            >
              ⋯
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
                {currentFolder && (
                  <>
                    <DropdownMenu.Label className="menu-label">{currentFolder.name}</DropdownMenu.Label>
                    <DropdownMenu.Item className="menu-item" onSelect={() => newNote(currentFolder.id)}>
                      New note here
                    </DropdownMenu.Item>
                    <DropdownMenu.Item
                      className="menu-item"
                      onSelect={() => setDialog({ mode: "create", parent: currentFolder.id })}
                    >
                      New folder inside
                    </DropdownMenu.Item>
                    <DropdownMenu.Item
                      className="menu-item"
                      onSelect={() => setDialog({ mode: "rename", folder: currentFolder })}
                    >
                      Rename… <kbd>F2</kbd>
                    </DropdownMenu.Item>
                    <DropdownMenu.Item
                      className="menu-item"
                      onSelect={() => setDialog({ mode: "move", folder: currentFolder })}
                    >
                      Move to…
                    </DropdownMenu.Item>
                    <DropdownMenu.Separator className="menu-sep" />
                    <DropdownMenu.Item
                      className="menu-item menu-item-danger"
                      title="Move it to the trash (restorable for 30 days); its notes move to the top level until it is restored"
                      onSelect={() => removeFolder(currentFolder)}
                    >
                      Delete folder
                    </DropdownMenu.Item>
                  </>
                )}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
        {loadingTree ? (
          <ul className="tree" aria-busy="true" aria-label="Loading notes">
            {[0, 1, 2].map((i) => (
              <li key={i} className="tree-row skeleton" />
            ))}
          </ul>
        ) : folders.isError ? (
          <p className="form-error" role="alert">
            Could not read the folders: {folders.error.message}
          </p>
        ) : rows.length === 0 ? (
          <div className="empty small">
            <p>No notes yet.</p>
            <button type="button" className="btn btn-primary" onClick={() => newNote(null)}>
              Write the first note
            </button>
          </div>
        ) : (
          <div
            className="tree"
            role="tree"
            aria-label="Notes and folders"
            ref={treeRef}
            onKeyDown={onKeyDown}
          >
            {rows.map((row, index) => (
              <TreeItem
                key={row.node.id}
                row={row}
                tabbable={index === focusedIndex}
                active={row.node.id === id}
                loading={
                  row.node.kind === "folder" &&
                  row.expanded &&
                  !row.node.notesLoaded &&
                  row.node.folder.note_count > 0
                }
                onFocus={() => setFocusedId(row.node.id)}
                onClick={() => {
                  setFocusedId(row.node.id);
                  activate(row);
                }}
              />
            ))}
          </div>
        )}
      </section>
      <div className="notes-main">
        {id ? (
          <NotePane
            key={id}
            ws={ws}
            id={id}
            folders={folderList}
            defaultFolder={search.folder ?? null}
            onCreated={(note) => {
              if (note.folder)
                setExpanded(
                  (e) => new Set([...e, ...folderPath(folderList, note.folder!.id).map((f) => f.id)]),
                );
            }}
          />
        ) : (
          <div className="empty notes-empty">
            <p>Choose a note in the tree, or write a new one.</p>
            <p className="small">
              <kbd>↑</kbd> <kbd>↓</kbd> move, <kbd>→</kbd> <kbd>←</kbd> open and close folders,{" "}
              <kbd>Enter</kbd> opens, <kbd>N</kbd> new note.
            </p>
          </div>
        )}
      </div>
      {dialog && (
        <FolderDialog
          ws={ws}
          state={dialog}
          folders={folderList}
          onClose={() => setDialog(null)}
          onDone={(f) => {
            if (f.parent_id)
              setExpanded((e) => new Set([...e, ...folderPath(folderList, f.parent_id).map((x) => x.id)]));
            setFocusedId(f.id);
          }}
        />
      )}
    </div>
  );
}

function TreeItem({
  row,
  tabbable,
  active,
  loading,
  onFocus,
  onClick,
}: {
  row: TreeRow;
  tabbable: boolean;
  active: boolean;
  loading: boolean;
  onFocus: () => void;
  onClick: () => void;
}) {
  const node = row.node;
  const label = node.kind === "folder" ? node.folder.name : (node.note as NoteSummary).title;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree's own keydown handles the keys (ARIA tree pattern)
    <div
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.setsize}
      aria-posinset={row.posinset}
      aria-expanded={node.kind === "folder" && row.expandable ? row.expanded : undefined}
      aria-selected={node.kind === "note" ? active : undefined}
      aria-current={active ? "page" : undefined}
      aria-busy={loading || undefined}
      tabIndex={tabbable ? 0 : -1}
      className={`tree-row tree-${node.kind}${active ? " active" : ""}`}
      style={{ paddingLeft: `${8 + (row.level - 1) * 16}px` }}
      onFocus={onFocus}
      onClick={onClick}
    >
      <span className="tree-twisty" aria-hidden="true">
        {node.kind === "folder" && row.expandable ? (row.expanded ? "▾" : "▸") : ""}
      </span>
      <TreeIcon kind={node.kind} open={row.expanded} />
      <span className="tree-label">{label}</span>
      {node.kind === "folder" && node.folder.note_count > 0 && (
        <span className="tree-count muted">
          {node.folder.note_count}
          <span className="sr-only"> notes</span>
        </span>
      )}
    </div>
  );
}

/** A folder (open or closed) or a page, drawn (no emoji font is needed). */
function TreeIcon({ kind, open }: { kind: "folder" | "note"; open: boolean }) {
  return (
    <svg className="tree-icon" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      {kind === "note" ? (
        <path
          d="M4 1.5h5.5L13 5v9.5H4zM9.5 1.5V5H13M6 8h5M6 10.5h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.2"
          strokeLinejoin="round"
        />
      ) : open ? (
        <path
          d="M1.5 3.5h4l1.5 1.5h6v2M1.5 3.5v9h11l2-5.5h-11l-2 5.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.2"
          strokeLinejoin="round"
        />
      ) : (
        <path
          d="M1.5 3.5h4l1.5 1.5h7.5v7.5h-13z"
          fill="currentColor"
          fillOpacity="0.18"
          stroke="currentColor"
          strokeWidth="1.2"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

/** New folder, rename a folder, or move it (with everything in it). */
function FolderDialog({
  ws,
  state,
  folders,
  onClose,
  onDone,
}: {
  ws: string;
  state: FolderDialogState;
  folders: Folder[];
  onClose: () => void;
  onDone: (folder: Folder) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(state.mode === "create" ? "" : state.folder.name);
  const [parent, setParent] = useState<string>(
    (state.mode === "create" ? state.parent : state.folder.parent_id) ?? "",
  );
  const [error, setError] = useState<ApiError | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const blocked = state.mode === "move" ? folderAndDescendants(folders, state.folder.id) : new Set<string>();
  const choices = folderChoices(folders).filter((c) => !blocked.has(c.id));

  const save = useMutation({
    mutationFn: async () => {
      if (state.mode === "create") {
        return unwrap(api.POST("/folders", { body: { name: name.trim(), parent: parent || null } }));
      }
      // the folder as it is now: the change is made only if nobody changed it since
      const read = await unwrapTagged(
        api.GET("/folders/{id}", { params: { path: { id: state.folder.id } } }),
      );
      const body = state.mode === "rename" ? { name: name.trim() } : { parent: parent || null };
      return unwrap(
        api.PATCH("/folders/{id}", {
          params: { path: { id: state.folder.id }, header: { "If-Match": read.etag } },
          body,
        }),
      );
    },
    onSuccess: (folder) => {
      void queryClient.invalidateQueries({ queryKey: keys.folders(ws) });
      void queryClient.invalidateQueries({ queryKey: keys.notes(ws) });
      toast(
        state.mode === "create"
          ? `Folder “${folder.name}” created`
          : state.mode === "rename"
            ? `Folder renamed to “${folder.name}”`
            : `Folder “${folder.name}” moved`,
      );
      onDone(folder);
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? e : new ApiError(0, "error", String(e))),
  });

  const title =
    state.mode === "create"
      ? "New folder"
      : state.mode === "rename"
        ? `Rename “${state.folder.name}”`
        : `Move “${state.folder.name}”`;
  const nameMessage =
    nameError ??
    error?.field("name") ??
    (error?.status === 409 && state.mode !== "move" ? error.message : undefined);
  const parentMessage =
    error?.field("parent") ?? (error?.status === 409 && state.mode === "move" ? error.message : undefined);
  const otherError =
    error && !error.field("name") && !error.field("parent") && error.status !== 409
      ? error.message
      : undefined;

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-small" aria-describedby={undefined}>
          <Dialog.Title asChild>
            <h2>{title}</h2>
          </Dialog.Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (state.mode !== "move" && !name.trim()) {
                setNameError("Give the folder a name.");
                return;
              }
              setNameError(undefined);
              save.mutate();
            }}
          >
            {state.mode !== "move" && (
              <div className="field">
                <label htmlFor="folder-name">Name</label>
                <input
                  id="folder-name"
                  // biome-ignore lint/a11y/noAutofocus: the dialog is about this field
                  autoFocus
                  value={name}
                  maxLength={255}
                  onChange={(e) => setName(e.target.value)}
                  aria-invalid={nameMessage ? true : undefined}
                  aria-describedby={nameMessage ? "folder-name-error" : undefined}
                />
                {nameMessage && (
                  <p className="field-error" id="folder-name-error">
                    {nameMessage}
                  </p>
                )}
              </div>
            )}
            {state.mode !== "rename" && (
              <div className="field">
                <label htmlFor="folder-parent">{state.mode === "move" ? "Move into" : "Inside"}</label>
                <select
                  id="folder-parent"
                  value={parent}
                  onChange={(e) => setParent(e.target.value)}
                  aria-invalid={parentMessage ? true : undefined}
                  aria-describedby={parentMessage ? "folder-parent-error" : undefined}
                >
                  <option value="">Top level</option>
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
                {parentMessage && (
                  <p className="field-error" id="folder-parent-error">
                    {parentMessage}
                  </p>
                )}
              </div>
            )}
            {otherError && (
              <p className="form-error" role="alert">
                {otherError}
              </p>
            )}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {save.isPending
                  ? "Saving…"
                  : state.mode === "create"
                    ? "Create folder"
                    : state.mode === "rename"
                      ? "Rename"
                      : "Move"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
