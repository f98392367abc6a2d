/** Notes and folders: the reads the notes views share. */
import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas, unwrap, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";

export type Note = Schemas["Note"];
export type NoteSummary = Schemas["NoteSummary"];
export type Folder = Schemas["Folder"];

/** Every folder of the workspace (at most 1,000: ten pages). */
export const foldersQuery = (ws: string) =>
  queryOptions({
    queryKey: keys.folders(ws, "all"),
    queryFn: async ({ signal }) => {
      const all: Folder[] = [];
      let cursor: string | undefined;
      do {
        const page = await unwrap(api.GET("/folders", { signal, params: { query: { limit: 100, cursor } } }));
        all.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return all;
    },
  });

/** The notes directly in a folder (`null`: the top level), every page of them. */
export const folderNotesQuery = (ws: string, folder: string | null) =>
  queryOptions({
    queryKey: keys.notes(ws, "in", folder ?? "none"),
    queryFn: async ({ signal }) => {
      const all: NoteSummary[] = [];
      let cursor: string | undefined;
      do {
        const page = await unwrap(
          api.GET("/notes", { signal, params: { query: { folder: folder ?? "none", limit: 100, cursor } } }),
        );
        all.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return all;
    },
  });

export const noteQuery = (ws: string, id: string) =>
  queryOptions({
    queryKey: keys.notes(ws, "one", id),
    queryFn: ({ signal }) => unwrapTagged(api.GET("/notes/{id}", { signal, params: { path: { id } } })),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
