/**
 * Spaces made and renamed from the app (workspace admins): a New space page (name and prefix; the
 * prefix is fixed once made, since issue identifiers are made from it) and the Name form on a space's
 * settings page.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { ApiError, api, unwrap } from "../../api.ts";
import { keys } from "../../queries.ts";
import { toast } from "../../ui/toast.tsx";
import { convKeys, type Space, useIsAdmin } from "../conversation/data.ts";
import "./spaces.css";

export function NewSpacePage() {
  const { ws } = useParams({ from: "/$ws/new-space" });
  const id = useId();
  const admin = useIsAdmin(ws);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [prefix, setPrefix] = useState("");
  const create = useMutation({
    mutationFn: () => unwrap(api.POST("/spaces", { body: { name, prefix } })),
    onSuccess: (s) => {
      void client.invalidateQueries({ queryKey: keys.workspace(ws) });
      void client.invalidateQueries({ queryKey: convKeys.spaces(ws) });
      toast(`Space ${s.prefix} created`);
      void navigate({ to: "/$ws/issues", params: { ws }, search: { space: s.prefix } as never });
    },
  });
  const err = create.error instanceof ApiError ? create.error : null;
  return (
    <>
      <header className="page-header">
        <h1>New space</h1>
      </header>
      <div className="page-body spaces-page">
        {!admin && <p className="muted">Only the workspace's Owner and admins can create spaces.</p>}
        <form
          className="spaces-form"
          aria-label="New space"
          onSubmit={(event) => {
            event.preventDefault();
            if (admin) create.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={100}
              required
              disabled={!admin}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-prefix`}>Prefix</label>
            <input
              id={`${id}-prefix`}
              value={prefix}
              maxLength={10}
              required
              pattern="[A-Za-z][A-Za-z0-9]{1,9}"
              aria-describedby={`${id}-prefix-help`}
              disabled={!admin}
              onChange={(e) => setPrefix(e.target.value.toUpperCase())}
            />
            <p className="muted spaces-help" id={`${id}-prefix-help`}>
              2 to 10 letters or digits, starting with a letter: issues are numbered {prefix || "ENG"}-1,{" "}
              {prefix || "ENG"}-2… It cannot be changed later.
            </p>
          </div>
          <button type="submit" className="btn btn-primary" disabled={!admin || create.isPending}>
            Create space
          </button>
          {err && (
            <p className="form-error" role="alert">
              {err.message}
            </p>
          )}
        </form>
      </div>
    </>
  );
}

/** A space's name on its settings page: admins rename it (the prefix stays). */
export function SpaceName({ ws, space }: { ws: string; space: Space }) {
  const id = useId();
  const admin = useIsAdmin(ws);
  const client = useQueryClient();
  const [name, setName] = useState(space.name);
  useEffect(() => setName(space.name), [space.name]);
  const save = useMutation({
    mutationFn: () =>
      unwrap(api.PATCH("/spaces/{prefix}", { params: { path: { prefix: space.prefix } }, body: { name } })),
    onSuccess: (s) => {
      client.setQueryData(convKeys.space(ws, space.prefix), s);
      void client.invalidateQueries({ queryKey: keys.workspace(ws) });
      void client.invalidateQueries({ queryKey: convKeys.spaces(ws) });
      toast(`Space ${s.prefix} renamed to ${s.name}`);
    },
  });
  if (!admin) return null;
  const err = save.error instanceof ApiError ? save.error : null;
  return (
    <form
      className="spaces-form spaces-rename"
      aria-label="Space name"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() && name.trim() !== space.name) save.mutate();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn"
        disabled={save.isPending || !name.trim() || name.trim() === space.name}
      >
        Rename
      </button>
      {err && (
        <p className="form-error" role="alert">
          {err.message}
        </p>
      )}
    </form>
  );
}
