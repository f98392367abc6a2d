/**
 * One note, read and edited in place (or a new one, `new`): title, folder, Markdown body, linked issues.
 * Saving sends only the fields changed, with If-Match; see editing.tsx for drafts and conflicts.
 */

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { ApiError, api, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { toast } from "../../ui/toast.tsx";
import { Comments } from "../conversation/Comments.tsx";
import { DeleteButton } from "../trash/DeleteButton.tsx";
import { patchOf } from "./draft.ts";
import {
  ConflictPanel,
  type FieldView,
  IssueLinks,
  type LinkedIssue,
  MarkdownField,
  SaveBar,
  type Tagged,
  useDraft,
  useFreshLinks,
  useLeaveGuard,
  When,
} from "./editing.tsx";
import { type Folder, type Note, noteQuery } from "./notes.ts";
import { folderChoices, folderPath } from "./tree.ts";

interface NoteDraft {
  title: string;
  folder: string | null;
  body: string;
  issues: string[];
}

const toDraft = (n: Note): NoteDraft => ({
  title: n.title,
  folder: n.folder?.id ?? null,
  body: n.body,
  issues: n.issues.map((i) => i.identifier),
});

export function NotePane({
  ws,
  id,
  folders,
  defaultFolder,
  onCreated,
}: {
  ws: string;
  id: string;
  folders: Folder[];
  defaultFolder: string | null;
  onCreated: (note: Note) => void;
}) {
  const creating = id === "new";
  const query = useQuery({ ...noteQuery(ws, id), enabled: !creating });
  if (!creating && query.isPending) {
    return (
      <div className="note-pane" aria-busy="true">
        <div className="skeleton skeleton-title" />
      </div>
    );
  }
  if (!creating && query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="empty">
        <h2>{notFound ? "Note not found" : "Could not read the note"}</h2>
        <p>{notFound ? "There is no such note in this workspace." : query.error.message}</p>
      </div>
    );
  }
  return (
    <NoteEditor
      ws={ws}
      server={creating ? undefined : query.data}
      folders={folders}
      defaultFolder={defaultFolder}
      onCreated={onCreated}
    />
  );
}

function NoteEditor({
  ws,
  server,
  folders,
  defaultFolder,
  onCreated,
}: {
  ws: string;
  server: Tagged<Note> | undefined;
  folders: Folder[];
  defaultFolder: string | null;
  onCreated: (note: Note) => void;
}) {
  const creating = server === undefined;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const empty: NoteDraft = { title: "", folder: defaultFolder, body: "", issues: [] };
  const draft = useDraft(server, toDraft, empty);
  const [error, setError] = useState<ApiError | null>(null);
  // after a save or a discard the texts show as read again (Preview)
  const [round, setRound] = useState(0);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [picked, setPicked] = useState<Map<string, LinkedIssue>>(new Map());
  const v = draft.value;
  useFreshLinks(keys.notes(ws, "one", server?.data.id ?? "new"), server?.data.issues.map((i) => i.id) ?? []);
  const guard = useLeaveGuard(draft.dirty, "note");

  const known = useMemo(() => {
    const m = new Map(picked);
    for (const i of server?.data.issues ?? []) m.set(i.identifier, i);
    return m;
  }, [picked, server]);
  const choices = folderChoices(folders);
  const folderLabel = (fid: string | null) =>
    fid ? (choices.find((c) => c.id === fid)?.label ?? server?.data.folder?.name ?? "A folder") : "Top level";

  const save = useMutation({
    mutationFn: async (edit: { base: NoteDraft; draft: NoteDraft; etag: string }) => {
      if (creating) return unwrapTagged(api.POST("/notes", { body: { ...edit.draft } }));
      return unwrapTagged(
        api.PATCH("/notes/{id}", {
          params: { path: { id: server.data.id }, header: { "If-Match": edit.etag } },
          body: patchOf(edit.base, edit.draft),
        }),
      );
    },
    onSuccess: (tagged) => {
      setError(null);
      queryClient.setQueryData(keys.notes(ws, "one", tagged.data.id), tagged);
      void queryClient.invalidateQueries({ queryKey: keys.notes(ws, "in") });
      void queryClient.invalidateQueries({ queryKey: keys.folders(ws) });
      draft.discard();
      setRound((n) => n + 1);
      if (creating) {
        guard.allowNext();
        toast(`Note created: ${tagged.data.title}`);
        onCreated(tagged.data);
        void navigate({ to: "/$ws/notes/$id", params: { ws, id: tagged.data.id }, replace: true });
      } else toast("Note saved");
    },
    onError: async (e) => {
      if (e instanceof ApiError && e.status === 412 && server) {
        const theirs = await unwrapTagged(
          api.GET("/notes/{id}", { params: { path: { id: server.data.id } } }),
        ).catch(() => null);
        if (theirs) {
          queryClient.setQueryData(keys.notes(ws, "one", server.data.id), theirs);
          draft.openConflict(theirs, "conflict");
          setError(null);
          return;
        }
      }
      setError(e instanceof ApiError ? e : new ApiError(0, "error", String(e)));
    },
  });

  const submit = () => {
    if (save.isPending) return;
    if (!v.title.trim()) {
      setTitleError("Give the note a title.");
      document.getElementById("note-title")?.focus();
      return;
    }
    setTitleError(undefined);
    if (creating) save.mutate({ base: empty, draft: v, etag: "" });
    else if (draft.edit)
      save.mutate({ base: draft.edit.base, draft: draft.edit.draft, etag: draft.edit.etag });
  };
  useShortcut(
    "mod+Enter",
    creating ? "Create the note" : "Save the note",
    "Note",
    submit,
    draft.dirty || creating,
  );

  const set = (patch: Partial<NoteDraft>) => {
    draft.set(patch);
    if (patch.title?.trim()) setTitleError(undefined);
  };
  const fields: FieldView<NoteDraft>[] = [
    { key: "title", label: "Title" },
    { key: "folder", label: "Folder", show: (f) => folderLabel(f as string | null) },
    { key: "body", label: "Body", show: (t) => <pre className="conflict-pre">{String(t)}</pre> },
    { key: "issues", label: "Linked issues", show: (l) => (l as string[]).join(", ") || "(none)" },
  ];
  const fieldError = (name: string) => error?.field(name);
  const path = folderPath(folders, server?.data.folder?.id ?? null);

  return (
    <article className="note-pane" aria-labelledby="note-heading">
      <header className="page-header">
        <nav aria-label="Folder" className="crumbs">
          <span className="muted">{path.length > 0 ? path.map((f) => f.name).join(" / ") : "Notes"}</span>
          <span aria-hidden="true"> / </span>
          <h2 id="note-heading" className="crumbs-current">
            {creating ? "New note" : server.data.title}
          </h2>
        </nav>
        {server && <DeleteButton ws={ws} type="note" id={server.data.id} name={server.data.title} small />}
      </header>
      <SaveBar
        what="note"
        creating={creating}
        dirty={draft.dirty}
        saving={save.isPending}
        onSave={submit}
        onDiscard={() => {
          draft.discard();
          setRound((n) => n + 1);
          if (creating) {
            guard.allowNext();
            void navigate({ to: "/$ws/notes", params: { ws } });
          }
        }}
        newer={draft.newer !== null}
        onCompare={() => draft.newer && draft.openConflict(draft.newer, "changed")}
        merged={draft.merged.map((k) => fields.find((f) => f.key === k)?.label.toLowerCase() ?? String(k))}
      />
      {guard.dialog}
      <div className="page-body doc-layout">
        <div className="doc-main">
          {draft.conflict && (
            <ConflictPanel
              what="note"
              reason={draft.conflict.reason}
              base={draft.conflict.base}
              theirs={draft.conflict.theirs}
              mine={draft.conflict.mine}
              fields={fields}
              saving={save.isPending}
              onKeepMine={submit}
              onKeepEditing={draft.closeConflict}
              onTakeTheirs={() => {
                draft.discard();
                setRound((n) => n + 1);
              }}
            />
          )}
          {error && !draft.conflict && (
            <p className="form-error" role="alert">
              Not saved: {error.message}
            </p>
          )}
          <div className="field">
            <label htmlFor="note-title" className="sr-only">
              Title
            </label>
            <input
              id="note-title"
              className="doc-title-input"
              value={v.title}
              placeholder="Note title"
              maxLength={255}
              // biome-ignore lint/a11y/noAutofocus: a new note starts at its title
              autoFocus={creating}
              aria-invalid={titleError || fieldError("title") ? true : undefined}
              aria-describedby={titleError || fieldError("title") ? "note-title-error" : undefined}
              onChange={(e) => set({ title: e.target.value })}
            />
            {(titleError || fieldError("title")) && (
              <p className="field-error" id="note-title-error">
                {titleError ?? fieldError("title")}
              </p>
            )}
          </div>
          <MarkdownField
            key={`Body-${round}`}
            label="Body"
            value={v.body}
            rows={16}
            onChange={(body) => set({ body })}
            startInPreview={!creating}
            placeholder="Write in Markdown."
            error={fieldError("body")}
          />
          {server && <Comments ws={ws} kind="note" id={server.data.id} />}
        </div>
        <aside className="doc-side" aria-label="Properties">
          <div className="field">
            <label htmlFor="note-folder">Folder</label>
            <select
              id="note-folder"
              value={v.folder ?? ""}
              onChange={(e) => set({ folder: e.target.value || null })}
              aria-invalid={fieldError("folder") ? true : undefined}
            >
              <option value="">Top level</option>
              {v.folder && !choices.some((c) => c.id === v.folder) && (
                <option value={v.folder}>{folderLabel(v.folder)}</option>
              )}
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
            {fieldError("folder") && <p className="field-error">{fieldError("folder")}</p>}
          </div>
          <IssueLinks
            ws={ws}
            value={v.issues}
            known={known}
            error={fieldError("issues")}
            onChange={(issues, issue) => {
              if (issue) setPicked((m) => new Map(m).set(issue.identifier, issue));
              set({ issues });
            }}
          />
          {server && (
            <dl className="doc-meta muted small">
              <div>
                <dt>Created</dt>
                <dd>
                  <When at={server.data.created_at} />
                </dd>
              </div>
              <div>
                <dt>Updated</dt>
                <dd>
                  <When at={server.data.updated_at} /> (version {server.data.version})
                </dd>
              </div>
            </dl>
          )}
        </aside>
      </div>
    </article>
  );
}
