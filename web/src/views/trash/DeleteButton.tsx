/**
 * Delete on an object's page: moves it to the trash, leaves for its list, and offers Undo in a toast
 * (which restores it and opens it again).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { deleteWithUndo, type TrashType } from "./trash.ts";

const LISTS = {
  decision: { list: "/$ws/decisions", page: "/$ws/decisions/$id" },
  note: { list: "/$ws/notes", page: "/$ws/notes/$id" },
  cycle: { list: "/$ws/cycles", page: "/$ws/cycles/$id" },
  milestone: { list: "/$ws/milestones", page: "/$ws/milestones/$id" },
} as const;

export function DeleteButton(props: {
  ws: string;
  type: Exclude<TrashType, "issue" | "folder">;
  id: string;
  name: string;
  small?: boolean;
}) {
  const { ws, type, id, name, small } = props;
  const client = useQueryClient();
  const navigate = useNavigate();
  const to = LISTS[type];
  return (
    <button
      type="button"
      className={small ? "btn btn-small" : "btn"}
      aria-label={`Delete ${name}`}
      title="Move to the trash (restorable for 30 days)"
      onClick={() =>
        void deleteWithUndo(
          client,
          ws,
          { type, id, name },
          {
            leave: () => navigate({ to: to.list, params: { ws } }),
            undone: () => void navigate({ to: to.page, params: { ws, id } }),
          },
        )
      }
    >
      Delete
    </button>
  );
}
