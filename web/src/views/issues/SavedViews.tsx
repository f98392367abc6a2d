/**
 * Saved views: named filters of the issue list (its URL query), personal or shared with the workspace.
 * The sidebar lists the ones the person sees; the list's "Save view" keeps the filters shown now.
 */
import * as Dialog from "@radix-ui/react-dialog";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { api, type Schemas, unwrap } from "../../api.ts";
import { useMe } from "../../queries.ts";
import { toast } from "../../ui/toast.tsx";

export type SavedView = Schemas["SavedView"];

const viewsKey = (ws: string) => ["ws", ws, "views"] as const;

function useSavedViews(ws: string) {
  return useQuery({
    queryKey: viewsKey(ws),
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET("/views", { signal, params: { query: { limit: 100 } } }))).data,
  });
}

/** The sidebar's "Views": the person's own and the workspace's shared ones, each opening the list. */
export function SidebarViews({ ws }: { ws: string }) {
  const views = useSavedViews(ws).data ?? [];
  const router = useRouter();
  const me = useMe();
  const queryClient = useQueryClient();
  const current = useLocation({ select: (l) => `${l.pathname}${l.searchStr}` });
  if (views.length === 0) return null;
  const remove = async (v: SavedView) => {
    try {
      await unwrap(api.DELETE("/views/{id}", { params: { path: { id: v.id } } }));
      toast(`View “${v.name}” deleted`);
    } catch (error) {
      toast(`View not deleted: ${(error as Error).message}`, { kind: "error" });
    }
    void queryClient.invalidateQueries({ queryKey: viewsKey(ws) });
  };
  const share = async (v: SavedView, shared: boolean) => {
    try {
      await unwrap(api.PATCH("/views/{id}", { params: { path: { id: v.id } }, body: { shared } }));
      toast(shared ? `View “${v.name}” shared with the workspace` : `View “${v.name}” is yours only`);
    } catch (error) {
      toast(`View not changed: ${(error as Error).message}`, { kind: "error" });
    }
    void queryClient.invalidateQueries({ queryKey: viewsKey(ws) });
  };
  return (
    <>
      <h2 className="nav-heading">Views</h2>
      <ul className="nav-list" aria-label="Saved views">
        {views.map((v) => {
          const search = router.options.parseSearch(v.filters ? `?${v.filters}` : "");
          const mine = v.created_by.person_id === me.person.id;
          const active = current === `/${ws}/issues${v.filters ? `?${v.filters}` : ""}`;
          return (
            <li key={v.id} className="nav-row">
              <Link
                to="/$ws/issues"
                params={{ ws }}
                search={search as never}
                className={`nav-link${active ? " active" : ""}`}
                aria-current={active ? "page" : undefined}
              >
                <span className="nav-view-name">{v.name}</span>
                {v.shared && (
                  <span className="nav-view-shared" title="Shared with the workspace">
                    <span aria-hidden="true">⇄</span>
                    <span className="sr-only">(shared)</span>
                  </span>
                )}
              </Link>
              <DropdownMenu.Root>
                <DropdownMenu.Trigger
                  className="icon-btn nav-row-menu"
                  aria-label={`Actions for view ${v.name}`}
                >
                  ⋯
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content className="menu" align="start" sideOffset={4}>
                    {mine && (
                      <DropdownMenu.Item className="menu-item" onSelect={() => void share(v, !v.shared)}>
                        {v.shared ? "Make personal" : "Share with the workspace"}
                      </DropdownMenu.Item>
                    )}
                    <DropdownMenu.Item className="menu-item" onSelect={() => void remove(v)}>
                      Delete view
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** "Save view": names the list's filters shown now, for the person or the whole workspace. */
export function SaveViewButton({ ws }: { ws: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const searchStr = useLocation({ select: (l) => l.searchStr });
  const save = useMutation({
    mutationFn: async () =>
      unwrap(api.POST("/views", { body: { name, filters: searchStr.replace(/^\?/, ""), shared } })),
    onSuccess: (v) => {
      setOpen(false);
      toast(v.shared ? `View “${v.name}” saved and shared with the workspace` : `View “${v.name}” saved`);
      void queryClient.invalidateQueries({ queryKey: viewsKey(ws) });
    },
    onError: (e: Error) => setError(e.message),
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setName("");
          setShared(false);
          setError(null);
        }
      }}
    >
      <Dialog.Trigger className="btn btn-small">Save view</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-small" aria-describedby={undefined}>
          <Dialog.Title>Save view</Dialog.Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!name.trim()) {
                setError("Give the view a name.");
                return;
              }
              save.mutate();
            }}
          >
            <div className="field">
              <label htmlFor="view-name">Name</label>
              <input
                id="view-name"
                value={name}
                maxLength={80}
                onChange={(e) => setName(e.target.value)}
                // biome-ignore lint/a11y/noAutofocus: the dialog opens to name the view
                autoFocus
              />
            </div>
            <label className="field-check">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> Share
              with everyone in the workspace
            </label>
            <p className="muted small-print">
              Keeps the list's filters, grouping and order as shown now
              {searchStr && searchStr !== "?" ? "" : " (no filters: every issue)"}.
            </p>
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <div className="dialog-actions">
              <Dialog.Close className="btn">Cancel</Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                Save view
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
