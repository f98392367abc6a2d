import { z } from "zod";
import {
  listTrash,
  listTrashQuery,
  restoreObject,
  TRASH_PATHS,
  TRASH_TYPES,
  trashItemView,
  trashObject,
  trashRefParams,
} from "../../tracker/trash.ts";
import { noBody, op } from "./route.ts";

const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

const TAGS = {
  issue: "Issues",
  decision: "Decisions",
  note: "Notes",
  folder: "Folders",
  cycle: "Cycles",
  milestone: "Milestones",
} as const;

const WHO =
  "Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).";

for (const type of TRASH_TYPES) {
  const path = TRASH_PATHS[type];
  const name = type[0]!.toUpperCase() + type.slice(1);
  const ref = type === "issue" ? "ENG-42" : "its id";
  op({
    method: "DELETE",
    path: `/${path}/:id`,
    operationId: `delete${name}`,
    tag: TAGS[type],
    summary: `Move a ${type} to the trash (30 days, then purged)`,
    description: `Moves the ${type} to the workspace's trash: it is gone from every list, search, bundle and count at once${type === "issue" ? ", and no longer blocks what it blocked (its dependency edges go with it, and come back on restore)" : ""}; reading it answers 404 saying it is in the trash and how to restore it. \`POST /v1/${path}/{id}/restore\` brings it back within 30 days; after that housekeeping purges it. Answers the trash entry, with \`purge_at\`. ${WHO}${type === "folder" ? " A folder with folders inside is 409: delete those first." : ""}`,
    scope: "workspace.write",
    params: trashRefParams[type],
    response: trashItemView,
    handler: async ({ ctx, params }) => trashObject(ctx, type, String(params.id)),
  });
  op({
    method: "POST",
    path: `/${path}/:id/restore`,
    operationId: `restore${name}`,
    tag: TAGS[type],
    summary: `Restore a ${type} from the trash`,
    description: `Puts the ${type} back as it was, with its id${type === "issue" ? " and identifier" : ""}${type === "issue" ? ", labels, dependency edges, links and history" : ""}; references to objects deleted since are left clear, and an edge that would now close a cycle is not restored. Answers the trash entry it came from; read the ${type} at \`/v1/${path}/${ref}\`. 404 when it is not in the trash (purged after 30 days), 409 when it was never deleted. ${WHO}`,
    scope: "workspace.write",
    params: trashRefParams[type],
    body: noBody,
    response: trashItemView,
    handler: async ({ ctx, params }) => restoreObject(ctx, type, String(params.id)),
  });
}

op({
  method: "GET",
  path: "/trash",
  operationId: "listTrash",
  tag: "Trash",
  summary: "What is in the workspace's trash and when each is purged",
  description:
    "Deleted issues, decisions, notes, folders, cycles and milestones, most recently deleted first, a page at a time: each with who deleted it, when, when it will be purged (30 days after), and the request that restores it. `type` keeps one kind.",
  scope: "workspace.read",
  query: listTrashQuery,
  response: page(trashItemView),
  handler: async ({ ctx, query }) => listTrash(ctx, query),
});
