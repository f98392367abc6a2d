/**
 * The workspace's trash: what was deleted, by whom and when, when it will be purged (30 days after), and
 * a Restore button for each.
 */
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { api, unwrap } from "../../api.ts";
import { useMembers } from "../../queries.ts";
import { toast, toastError } from "../../ui/toast.tsx";
import { refreshAfter, restoreObject, type TrashItem, trashKey } from "./trash.ts";
import "./trash.css";

const TYPE_LABEL: Record<TrashItem["type"], string> = {
  issue: "Issue",
  decision: "Decision",
  note: "Note",
  folder: "Folder",
  cycle: "Cycle",
  milestone: "Milestone",
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

export function TrashPage() {
  const { ws } = useParams({ from: "/$ws/trash" });
  const client = useQueryClient();
  const members = useMembers(ws);
  const trash = useInfiniteQuery({
    queryKey: trashKey(ws),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      unwrap(api.GET("/trash", { signal, params: { query: { limit: 50, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = trash.data?.pages.flatMap((p) => p.data) ?? [];
  const nameOf = (id: string) => {
    const m = members.data?.find((x) => x.person_id === id);
    return m ? m.name || m.email : "someone";
  };
  const restore = (item: TrashItem) =>
    void restoreObject(item.type, item.ref).then(
      () => {
        refreshAfter(client, ws);
        toast(`${item.type === "issue" ? item.ref : item.title} restored`);
      },
      (error) => toastError(error, `Restoring ${item.title}`),
    );

  return (
    <>
      <header className="page-header">
        <h1>Trash</h1>
      </header>
      <div className="page-body trash-page">
        <p className="muted trash-intro">
          Deleted issues, decisions, notes, folders, cycles and milestones stay here for 30 days, then are
          deleted for good.
        </p>
        {trash.isPending && <p className="muted">Loading the trash…</p>}
        {trash.isError && <p className="field-error">The trash could not be read: {trash.error.message}</p>}
        {trash.isSuccess && items.length === 0 && <p className="trash-empty">The trash is empty.</p>}
        {items.length > 0 && (
          <ul className="trash-list" aria-label="Deleted items">
            {items.map((item) => (
              <li key={item.id} className="trash-row">
                <span className="trash-type">{TYPE_LABEL[item.type]}</span>
                {item.type === "issue" && <span className="identifier">{item.ref}</span>}
                <span className="trash-title">{item.title}</span>
                <span className="trash-when muted">
                  Deleted by {nameOf(item.deleted_by.person_id)} on {day(item.deleted_at)} · purged{" "}
                  {day(item.purge_at)}
                </span>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => restore(item)}
                  aria-label={`Restore ${item.type === "issue" ? `${item.ref} ` : ""}${item.title}`}
                >
                  Restore
                </button>
              </li>
            ))}
          </ul>
        )}
        {trash.hasNextPage && (
          <button type="button" className="btn" onClick={() => void trash.fetchNextPage()}>
            Show more
          </button>
        )}
        <p className="muted trash-foot">
          <Link to="/$ws/issues" params={{ ws }}>
            Back to issues
          </Link>
        </p>
      </div>
    </>
  );
}
