/**
 * New cycle and Edit cycle: space (on creation), name and dates. The API's refusals show next to the
 * field they concern (an overlap with another cycle of the space next to the dates); an edit sends the
 * ETag read when the form opened, so a change made meanwhile is shown with a choice instead of lost.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { ApiError, api, unwrapTagged } from "../../api.ts";
import { keys, useWorkspace } from "../../queries.ts";
import { toast } from "../../ui/toast.tsx";
import { ConflictNotice, Field } from "./parts.tsx";
import { type Cycle, suggestCycleDates } from "./planning.ts";
import { cycleQuery, cyclesQuery } from "./queries.ts";

interface Props {
  ws: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cycle to edit, with the ETag of its read; absent for a new cycle. */
  editing?: { data: Cycle; etag: string };
  /** The space a new cycle starts in. */
  defaultSpace?: string;
}

export function CycleDialog({ ws, open, onOpenChange, editing, defaultSpace }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const workspace = useWorkspace(ws).data;
  const cycles = useQuery({ ...cyclesQuery(ws), enabled: open && !editing }).data;
  const nameRef = useRef<HTMLInputElement>(null);
  const [space, setSpace] = useState("");
  const [name, setName] = useState("");
  const [startsOn, setStartsOn] = useState("");
  const [endsOn, setEndsOn] = useState("");
  const [etag, setEtag] = useState("");
  // the cycle as it was when the form opened: only the fields changed from it are sent
  const [base, setBase] = useState<Cycle | null>(null);
  const [conflict, setConflict] = useState(false);
  const [localError, setLocalError] = useState<{ field: string; message: string } | null>(null);

  // the form starts from the cycle (edit) or from the space's next free dates (new), once per opening
  const started = useRef(false);
  useEffect(() => {
    if (!open) {
      started.current = false;
      return;
    }
    if (started.current) return;
    if (editing) {
      setName(editing.data.name);
      setStartsOn(editing.data.starts_on);
      setEndsOn(editing.data.ends_on);
      setSpace(editing.data.space);
      setEtag(editing.etag);
      setBase(editing.data);
      started.current = true;
    } else if (workspace && cycles) {
      const s = defaultSpace ?? workspace.spaces[0]?.prefix ?? "";
      const dates = suggestCycleDates(cycles, s);
      setSpace(s);
      setName("");
      setStartsOn(dates.starts_on);
      setEndsOn(dates.ends_on);
      started.current = true;
    }
    setConflict(false);
    setLocalError(null);
  }, [open, editing, workspace, cycles, defaultSpace]);

  const save = useMutation({
    mutationFn: async (force: boolean) => {
      if (editing && base) {
        const body: { name?: string; starts_on?: string; ends_on?: string } = {};
        if (name.trim() !== base.name) body.name = name.trim();
        if (startsOn !== base.starts_on) body.starts_on = startsOn;
        if (endsOn !== base.ends_on) body.ends_on = endsOn;
        return unwrapTagged(
          api.PATCH("/cycles/{id}", {
            params: { path: { id: base.id }, header: force ? {} : { "If-Match": etag } },
            body,
          }),
        );
      }
      return unwrapTagged(
        api.POST("/cycles", {
          body: {
            space,
            starts_on: startsOn,
            ends_on: endsOn,
            ...(name.trim() ? { name: name.trim() } : {}),
          },
        }),
      );
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(cycleQuery(ws, answer.data.id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: keys.cycles(ws) });
      onOpenChange(false);
      if (editing) {
        toast(`${answer.data.name} saved`);
      } else {
        toast(`${answer.data.name} created`, {
          action: {
            label: "Open",
            run: () => void navigate({ to: "/$ws/cycles/$id", params: { ws, id: answer.data.id } }),
          },
        });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) setConflict(true);
    },
  });

  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (f: string) =>
    (localError?.field === f ? localError.message : undefined) ?? error?.field(f);
  const overlap = error?.code === "cycle_overlap" ? error.message : undefined;
  const shown = ["space", "name", "starts_on", "ends_on"].some((f) => error?.field(f));
  const general =
    save.error && !shown && !overlap && !(error?.status === 412) ? save.error.message : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!startsOn) return setLocalError({ field: "starts_on", message: "is required" });
    if (!endsOn) return setLocalError({ field: "ends_on", message: "is required" });
    if (endsOn < startsOn)
      return setLocalError({ field: "ends_on", message: "must be on or after the start date" });
    if (editing && !name.trim()) return setLocalError({ field: "name", message: "is required" });
    setLocalError(null);
    if (base && name.trim() === base.name && startsOn === base.starts_on && endsOn === base.ends_on) {
      // nothing to save
      onOpenChange(false);
      return;
    }
    setConflict(false);
    save.mutate(false);
  };

  const theirs = async () => {
    if (!editing) return;
    const fresh = await queryClient.fetchQuery({ ...cycleQuery(ws, editing.data.id), staleTime: 0 });
    setName(fresh.data.name);
    setStartsOn(fresh.data.starts_on);
    setEndsOn(fresh.data.ends_on);
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
          <Dialog.Title>{editing ? `Edit ${base?.name ?? editing.data.name}` : "New cycle"}</Dialog.Title>
          <Dialog.Description className="muted plan-dialog-description">
            A time-box of issues in one space. Cycles of a space must not overlap; at most 26 weeks.
          </Dialog.Description>
          <form onSubmit={submit} noValidate>
            {!editing && (
              <Field label="Space" error={fieldError("space")}>
                {(props) => (
                  <select {...props} value={space} onChange={(e) => setSpace(e.target.value)}>
                    {workspace?.spaces.map((s) => (
                      <option key={s.id} value={s.prefix}>
                        {s.prefix} · {s.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            <Field
              label="Name"
              error={fieldError("name")}
              hint={editing ? undefined : "Optional: “Cycle N” when left empty."}
            >
              {(props) => (
                <input
                  {...props}
                  ref={nameRef}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  placeholder={editing ? "" : "Cycle name"}
                  autoComplete="off"
                  maxLength={255}
                />
              )}
            </Field>
            <div className="field-row">
              <Field label="Starts on" error={fieldError("starts_on")}>
                {(props) => (
                  <input
                    {...props}
                    type="date"
                    value={startsOn}
                    onChange={(e) => setStartsOn(e.target.value)}
                  />
                )}
              </Field>
              <Field label="Ends on" error={fieldError("ends_on")}>
                {(props) => (
                  <input
                    {...props}
                    type="date"
                    value={endsOn}
                    min={startsOn || undefined}
                    onChange={(e) => setEndsOn(e.target.value)}
                  />
                )}
              </Field>
            </div>
            {overlap && (
              <p className="form-error" role="alert">
                {overlap}
              </p>
            )}
            {general && (
              <p className="form-error" role="alert">
                {general}
              </p>
            )}
            {conflict && (
              <ConflictNotice what="cycle" onTheirs={() => void theirs()} onMine={() => save.mutate(true)} />
            )}
            <div className="dialog-actions">
              <Dialog.Close className="btn" type="button">
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {save.isPending ? "Saving…" : editing ? "Save cycle" : "Create cycle"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
