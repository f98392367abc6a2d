/**
 * New milestone and Edit milestone: name, target date (optional) and a Markdown description. Refusals
 * show next to their field; an edit sends the ETag read when the form opened (412: a choice, not a loss).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { ApiError, api, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";
import { toast } from "../../ui/toast.tsx";
import { ConflictNotice, Field } from "./parts.tsx";
import type { Milestone } from "./planning.ts";
import { milestoneQuery } from "./queries.ts";

interface Props {
  ws: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: { data: Milestone; etag: string };
}

export function MilestoneDialog({ ws, open, onOpenChange, editing }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [target, setTarget] = useState("");
  const [description, setDescription] = useState("");
  const [etag, setEtag] = useState("");
  const [base, setBase] = useState<Milestone | null>(null);
  const [conflict, setConflict] = useState(false);
  const [nameMissing, setNameMissing] = useState(false);

  const started = useRef(false);
  useEffect(() => {
    if (!open) {
      started.current = false;
      return;
    }
    if (started.current) return;
    started.current = true;
    setName(editing?.data.name ?? "");
    setTarget(editing?.data.target_date ?? "");
    setDescription(editing?.data.description ?? "");
    setEtag(editing?.etag ?? "");
    setBase(editing?.data ?? null);
    setConflict(false);
    setNameMissing(false);
  }, [open, editing]);

  const save = useMutation({
    mutationFn: async (force: boolean) => {
      if (base) {
        const body: { name?: string; description?: string; target_date?: string | null } = {};
        if (name.trim() !== base.name) body.name = name.trim();
        if ((target || null) !== base.target_date) body.target_date = target || null;
        if (description !== base.description) body.description = description;
        return unwrapTagged(
          api.PATCH("/milestones/{id}", {
            params: { path: { id: base.id }, header: force ? {} : { "If-Match": etag } },
            body,
          }),
        );
      }
      return unwrapTagged(
        api.POST("/milestones", {
          body: {
            name: name.trim(),
            ...(target ? { target_date: target } : {}),
            ...(description ? { description } : {}),
          },
        }),
      );
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(milestoneQuery(ws, answer.data.id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: keys.milestones(ws) });
      onOpenChange(false);
      if (base) {
        toast(`${answer.data.name} saved`);
      } else {
        toast(`${answer.data.name} created`, {
          action: {
            label: "Open",
            run: () => void navigate({ to: "/$ws/milestones/$id", params: { ws, id: answer.data.id } }),
          },
        });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) setConflict(true);
    },
  });

  const error = save.error instanceof ApiError ? save.error : null;
  const nameError = nameMissing ? "is required" : error?.field("name");
  const targetError = error?.field("target_date");
  const descriptionError = error?.field("description");
  const general =
    save.error && !nameError && !targetError && !descriptionError && error?.status !== 412
      ? save.error.message
      : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!name.trim()) {
      setNameMissing(true);
      nameRef.current?.focus();
      return;
    }
    setNameMissing(false);
    if (
      base &&
      name.trim() === base.name &&
      (target || null) === base.target_date &&
      description === base.description
    ) {
      // nothing to save
      onOpenChange(false);
      return;
    }
    setConflict(false);
    save.mutate(false);
  };

  const theirs = async () => {
    if (!base) return;
    const fresh = await queryClient.fetchQuery({ ...milestoneQuery(ws, base.id), staleTime: 0 });
    setName(fresh.data.name);
    setTarget(fresh.data.target_date ?? "");
    setDescription(fresh.data.description);
    setEtag(fresh.etag);
    setBase(fresh.data);
    setConflict(false);
    save.reset();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        // a refusal shown in this opening is not shown in the next
        if (!o) save.reset();
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog plan-dialog"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            nameRef.current?.focus();
          }}
        >
          <Dialog.Title>{editing ? `Edit ${base?.name ?? editing.data.name}` : "New milestone"}</Dialog.Title>
          <Dialog.Description className="muted plan-dialog-description">
            A goal that issues across spaces lead to, with an optional target date.
          </Dialog.Description>
          <form onSubmit={submit} noValidate>
            <Field label="Name" error={nameError}>
              {(props) => (
                <input
                  {...props}
                  ref={nameRef}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  placeholder="Milestone name"
                  autoComplete="off"
                  maxLength={255}
                />
              )}
            </Field>
            <Field label="Target date" error={targetError} hint="Optional.">
              {(props) => (
                <span className="plan-date-clear">
                  <input {...props} type="date" value={target} onChange={(e) => setTarget(e.target.value)} />
                  {target && (
                    <button type="button" className="btn btn-small btn-ghost" onClick={() => setTarget("")}>
                      Clear date
                    </button>
                  )}
                </span>
              )}
            </Field>
            <Field label="Description" error={descriptionError} hint="Markdown.">
              {(props) => (
                <textarea
                  {...props}
                  rows={5}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  placeholder="What reaching it means"
                />
              )}
            </Field>
            {general && (
              <p className="form-error" role="alert">
                {general}
              </p>
            )}
            {conflict && (
              <ConflictNotice
                what="milestone"
                onTheirs={() => void theirs()}
                onMine={() => save.mutate(true)}
              />
            )}
            <div className="dialog-actions">
              <Dialog.Close className="btn" type="button">
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {save.isPending ? "Saving…" : editing ? "Save milestone" : "Create milestone"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
