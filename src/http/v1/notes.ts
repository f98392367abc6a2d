import { z } from "zod";
import { activityView } from "../../tracker/activity.ts";
import {
  createFolder,
  createFolderInput,
  createNote,
  createNoteInput,
  folderId,
  folderView,
  getFolder,
  getNote,
  listFolders,
  listFoldersQuery,
  listNoteActivity,
  listNotes,
  listNotesQuery,
  noteId,
  noteSummary,
  noteView,
  updateFolder,
  updateFolderInput,
  updateNote,
  updateNoteInput,
} from "../../tracker/notes.ts";
import { pageQuery } from "../../tracker/pagination.ts";
import { op } from "./route.ts";

const noteParams = z.strictObject({ id: noteId });
const folderParams = z.strictObject({ id: folderId });
const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

op({
  method: "GET",
  path: "/notes",
  operationId: "listNotes",
  tag: "Notes",
  summary: "List the workspace's notes",
  description:
    "Filters combine with AND: `folder` (a folder id, or `none` for the top level; notes directly in it), `issue` (notes linked to it), `q` (text in the title). Items leave out the body; read one note for it.",
  scope: "workspace.read",
  query: listNotesQuery,
  response: page(noteSummary),
  handler: async ({ ctx, query }) => listNotes(ctx, query),
});

op({
  method: "POST",
  path: "/notes",
  operationId: "createNote",
  tag: "Notes",
  summary: "Write a note",
  description:
    "Makes a Markdown note, in a folder (by its id) or at the top level, optionally linked to issues. Send an Idempotency-Key to make the request safe to retry.",
  scope: "workspace.write",
  status: 201,
  body: createNoteInput,
  response: noteView,
  handler: async ({ ctx, body }) => createNote(ctx, body),
});

op({
  method: "GET",
  path: "/notes/:id",
  operationId: "getNote",
  tag: "Notes",
  summary: "One note, with its body, folder and linked issues",
  description:
    "Answers the note with its Markdown body, its folder and the issues it is linked to. Its ETag starts with the version, for If-Match on PATCH.",
  scope: "workspace.read",
  params: noteParams,
  response: noteView,
  handler: async ({ ctx, params }) => getNote(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/notes/:id",
  operationId: "updateNote",
  tag: "Notes",
  summary: "Change some fields of a note",
  description:
    "Only the fields sent change; `issues` replaces the whole set of linked issues and `folder: null` moves the note to the top level. With If-Match (the ETag of a read) the change is made only if nobody changed the note since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params: noteParams,
  body: updateNoteInput,
  response: noteView,
  handler: async ({ ctx, params, body, ifMatch }) => updateNote(ctx, params.id, body, ifMatch),
});

op({
  method: "GET",
  path: "/notes/:id/activity",
  operationId: "listNoteActivity",
  tag: "Notes",
  summary: "A note's changes, oldest first, with who made each",
  description:
    "Every recorded change of the note, oldest first, a page at a time: what changed (each field from its old value to its new one), who made it and with which token or connection.",
  scope: "workspace.read",
  params: noteParams,
  query: z.strictObject({ ...pageQuery }),
  response: page(activityView),
  handler: async ({ ctx, params, query }) => listNoteActivity(ctx, params.id, query),
});

op({
  method: "GET",
  path: "/folders",
  operationId: "listFolders",
  tag: "Notes",
  summary: "List the workspace's folders, oldest first, each with its parent and note count",
  description:
    "A page at a time, like every list. `parent` keeps the folders directly in one folder (`none`: the top level). Build the tree from `parent_id`: a workspace holds at most 1,000 folders.",
  scope: "workspace.read",
  query: listFoldersQuery,
  response: page(folderView),
  handler: async ({ ctx, query }) => listFolders(ctx, query),
});

op({
  method: "POST",
  path: "/folders",
  operationId: "createFolder",
  tag: "Notes",
  summary: "Create a folder, at the top level or in `parent`",
  description:
    "Sibling names are unique ignoring case (409). A workspace holds at most 1,000 folders, nested at most 10 deep (409 past either).",
  scope: "workspace.write",
  status: 201,
  body: createFolderInput,
  response: folderView,
  handler: async ({ ctx, body }) => createFolder(ctx, body),
});

op({
  method: "GET",
  path: "/folders/:id",
  operationId: "getFolder",
  tag: "Notes",
  summary: "One folder and how many notes it holds",
  description:
    "Answers one folder: its name, its parent folder (null at the top level) and how many notes it holds directly.",
  scope: "workspace.read",
  params: folderParams,
  response: folderView,
  handler: async ({ ctx, params }) => getFolder(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/folders/:id",
  operationId: "updateFolder",
  tag: "Notes",
  summary: "Rename a folder or move it, with everything in it",
  description:
    "`parent: null` moves it to the top level. Moving it into itself or a folder inside it, past 10 levels deep, or next to a sibling of the same name is 409. With If-Match (the ETag of a read) the change is made only if nobody changed the folder since; else 412.",
  scope: "workspace.write",
  conditional: true,
  params: folderParams,
  body: updateFolderInput,
  response: folderView,
  handler: async ({ ctx, params, body, ifMatch }) => updateFolder(ctx, params.id, body, ifMatch),
});
