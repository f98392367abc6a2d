/** Deleting and restoring from the app: the calls, and the Undo toast a delete shows. */
import type { QueryClient } from "@tanstack/react-query";
import { api, type Schemas, unwrap } from "../../api.ts";
import { keys } from "../../queries.ts";
import { toast, toastError } from "../../ui/toast.tsx";

export type TrashItem = Schemas["TrashItem"];
export type TrashType = TrashItem["type"];

const PATHS: Record<TrashType, string> = {
  issue: "issues",
  decision: "decisions",
  note: "notes",
  folder: "folders",
  cycle: "cycles",
  milestone: "milestones",
};

export const trashKey = (ws: string) => [...keys.ws(ws), "trash"] as const;

export async function deleteObject(type: TrashType, id: string): Promise<TrashItem> {
  const path = `/${PATHS[type]}/{id}` as "/issues/{id}";
  return unwrap(api.DELETE(path, { params: { path: { id } } }) as never) as Promise<TrashItem>;
}

export async function restoreObject(type: TrashType, id: string): Promise<TrashItem> {
  const path = `/${PATHS[type]}/{id}/restore` as "/issues/{id}/restore";
  return unwrap(api.POST(path, { params: { path: { id } } }) as never) as Promise<TrashItem>;
}

/** After a delete or a restore, every list may show it or not: read them again. */
export function refreshAfter(client: QueryClient, ws: string): void {
  void client.invalidateQueries({ queryKey: keys.ws(ws) });
}

/**
 * Deletes the object and says so with an Undo button (10 seconds), which restores it. `leave` runs once
 * it is deleted (to leave its page: that page's reads would now fail), before the lists are read again;
 * `undone` once Undo restored it (to open it again).
 */
export async function deleteWithUndo(
  client: QueryClient,
  ws: string,
  object: { type: TrashType; id: string; name: string },
  on: { leave?: () => Promise<unknown>; undone?: () => void } = {},
): Promise<boolean> {
  const { type, id, name } = object;
  try {
    await deleteObject(type, id);
  } catch (error) {
    toastError(error, `Deleting ${name}`);
    return false;
  }
  await on.leave?.();
  refreshAfter(client, ws);
  toast(`${name} moved to the trash`, {
    ms: 10_000,
    action: {
      label: "Undo",
      run: () =>
        void restoreObject(type, id).then(
          () => {
            refreshAfter(client, ws);
            toast(`${name} restored`);
            on.undone?.();
          },
          (error) => toastError(error, `Restoring ${name}`),
        ),
    },
  });
  return true;
}
