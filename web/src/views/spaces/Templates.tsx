/**
 * New-issue templates of a space: listed on the space's settings page, where the workspace's admins
 * create, edit and delete them; picked in the new-issue dialog, where choosing one fills the fields.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { ApiError, api, type Schemas, unwrap } from "../../api.ts";
import { LabelPicker } from "../../ui/labels.tsx";
import { PRIORITIES, STATUSES } from "../../ui/meta.tsx";
import { toast, toastError } from "../../ui/toast.tsx";
import "./spaces.css";

export type IssueTemplate = Schemas["IssueTemplate"];
type Status = NonNullable<IssueTemplate["status"]>;
type Priority = IssueTemplate["priority"];

export const templateKeys = {
  all: (ws: string) => ["ws", ws, "templates"] as const,
  of: (ws: string, prefix: string) => ["ws", ws, "templates", prefix] as const,
};

/** A space's templates by name (a space has at most 50: one page). */
export function useTemplates(ws: string, prefix: string, enabled = true) {
  return useQuery({
    queryKey: templateKeys.of(ws, prefix),
    enabled: enabled && prefix !== "",
    staleTime: 30_000,
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/spaces/{prefix}/templates", { params: { path: { prefix }, query: { limit: 100 } } }),
        )
      ).data,
  });
}

/** The fields of the form, as the inputs hold them. */
interface Draft {
  name: string;
  title: string;
  description: string;
  status: Status | "";
  priority: Priority;
  labels: string[];
  estimate: string;
}

const EMPTY: Draft = {
  name: "",
  title: "",
  description: "",
  status: "",
  priority: "none",
  labels: [],
  estimate: "",
};

const draftOf = (t: IssueTemplate): Draft => ({
  name: t.name,
  title: t.title,
  description: t.description,
  status: t.status ?? "",
  priority: t.priority,
  labels: t.labels,
  estimate: t.estimate === null ? "" : String(t.estimate),
});

const bodyOf = (d: Draft) => ({
  name: d.name,
  title: d.title,
  description: d.description,
  status: d.status === "" ? null : d.status,
  priority: d.priority,
  labels: d.labels,
  estimate: d.estimate === "" ? null : Number(d.estimate),
});

/** The space's templates on its settings page; admins create, edit and delete them. */
export function SpaceTemplates({ ws, prefix, admin }: { ws: string; prefix: string; admin: boolean }) {
  const id = useId();
  const templates = useTemplates(ws, prefix);
  const client = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: templateKeys.of(ws, prefix) });
  const remove = useMutation({
    mutationFn: (t: IssueTemplate) =>
      unwrap(api.DELETE("/templates/{id}", { params: { path: { id: t.id } } })).then(() => t),
    onSuccess: (t) => {
      refresh();
      toast(`Template ${t.name} deleted`);
    },
    onError: (error) => toastError(error, "Deleting the template"),
  });
  const list = templates.data ?? [];
  return (
    <section className="spaces-templates" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Templates</h2>
      <p className="muted">
        {admin
          ? "New issues in this space can start from a template: pick one in the New issue dialog and its fields are filled in."
          : "New issues in this space can start from these. Only the workspace's Owner and admins can change them."}
      </p>
      {templates.isPending && <p className="muted">Loading templates…</p>}
      {templates.isError && (
        <p className="form-error" role="alert">
          The templates could not be read: {templates.error.message}
        </p>
      )}
      {templates.isSuccess && list.length === 0 && <p className="muted">No templates yet.</p>}
      {list.length > 0 && (
        <ul className="spaces-tpl-rows" aria-label="Templates">
          {list.map((t) =>
            editing === t.id ? (
              <li key={t.id} className="spaces-tpl-editing">
                <TemplateForm
                  ws={ws}
                  prefix={prefix}
                  template={t}
                  onDone={() => {
                    setEditing(null);
                    refresh();
                  }}
                />
              </li>
            ) : (
              <li key={t.id} className="spaces-tpl-row">
                <div className="spaces-tpl-main">
                  <strong>{t.name}</strong>
                  <span className="muted spaces-tpl-sum">{summary(t)}</span>
                </div>
                {admin && (
                  <div className="spaces-tpl-actions">
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Edit template ${t.name}`}
                      onClick={() => setEditing(t.id)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Delete template ${t.name}`}
                      disabled={remove.isPending}
                      onClick={() => {
                        if (
                          window.confirm(
                            `Delete the template ${t.name}? Issues made from it keep their fields.`,
                          )
                        )
                          remove.mutate(t);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {admin && editing === null && (
        <details className="spaces-tpl-new">
          <summary className="btn">New template</summary>
          <TemplateForm ws={ws} prefix={prefix} onDone={refresh} />
        </details>
      )}
    </section>
  );
}

/** One line on what a template gives a new issue. */
function summary(t: IssueTemplate): string {
  const parts: string[] = [];
  if (t.title) parts.push(`“${t.title.trim()}…”`);
  if (t.status) parts.push(STATUSES.find((s) => s.value === t.status)?.label ?? t.status);
  if (t.priority !== "none") parts.push(PRIORITIES.find((p) => p.value === t.priority)?.label ?? t.priority);
  if (t.labels.length) parts.push(t.labels.join(", "));
  if (t.estimate !== null) parts.push(`${t.estimate} pt`);
  if (t.description) parts.push("description");
  return parts.join(" · ") || "No fields set";
}

/** Creates a template, or edits `template`. */
function TemplateForm({
  ws,
  prefix,
  template,
  onDone,
}: {
  ws: string;
  prefix: string;
  template?: IssueTemplate;
  onDone: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(template ? draftOf(template) : EMPTY);
  const [labelsOpen, setLabelsOpen] = useState(false);
  useEffect(() => {
    if (template) setDraft(draftOf(template));
  }, [template]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = useMutation({
    mutationFn: () =>
      template
        ? unwrap(
            api.PATCH("/templates/{id}", {
              // only over the version shown: a change made meanwhile is refused (412), not overwritten
              params: { path: { id: template.id }, header: { "If-Match": `"${template.version}"` } },
              body: bodyOf(draft),
            }),
          )
        : unwrap(
            api.POST("/spaces/{prefix}/templates", { params: { path: { prefix } }, body: bodyOf(draft) }),
          ),
    onSuccess: (t) => {
      toast(template ? `Template ${t.name} saved` : `Template ${t.name} created`);
      if (!template) setDraft(EMPTY);
      onDone();
    },
  });
  const err = save.error instanceof ApiError ? save.error : null;
  const fieldError = (name: string) => err?.field(name);
  const named = ["name", "title", "description", "status", "priority", "labels", "estimate"];
  const general = save.error && !named.some((n) => err?.field(n)) ? save.error.message : null;
  return (
    <form
      className="spaces-tpl-form"
      aria-label={template ? `Edit template ${template.name}` : "New template"}
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.name.trim() && !save.isPending) save.mutate();
      }}
    >
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-name`}>Template name</label>
          <input
            id={`${id}-name`}
            value={draft.name}
            maxLength={80}
            required
            placeholder="Bug report"
            aria-invalid={fieldError("name") ? true : undefined}
            onChange={(e) => set("name", e.target.value)}
          />
          {fieldError("name") && <p className="field-error">{fieldError("name")}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-title`}>Title starts with</label>
          <input
            id={`${id}-title`}
            value={draft.title}
            maxLength={255}
            placeholder="Bug: "
            aria-invalid={fieldError("title") ? true : undefined}
            onChange={(e) => set("title", e.target.value)}
          />
          {fieldError("title") && <p className="field-error">{fieldError("title")}</p>}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          value={draft.description}
          rows={4}
          placeholder="Markdown: the sections a new issue should fill in"
          onChange={(e) => set("description", e.target.value)}
        />
        {fieldError("description") && <p className="field-error">{fieldError("description")}</p>}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={draft.status}
            onChange={(e) => set("status", e.target.value as Status)}
          >
            <option value="">Default (Backlog)</option>
            {STATUSES.filter((s) => s.value !== "iced").map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-priority`}>Priority</label>
          <select
            id={`${id}-priority`}
            value={draft.priority}
            onChange={(e) => set("priority", e.target.value as Priority)}
          >
            {PRIORITIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <LabelPicker
            ws={ws}
            selected={draft.labels}
            onChange={(l) => set("labels", l)}
            open={labelsOpen}
            onOpenChange={setLabelsOpen}
          />
          {fieldError("labels") && <p className="field-error">{fieldError("labels")}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-estimate`}>Estimate</label>
          <input
            id={`${id}-estimate`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="Points"
            value={draft.estimate}
            aria-invalid={fieldError("estimate") ? true : undefined}
            onChange={(e) => set("estimate", e.target.value)}
          />
          {fieldError("estimate") && <p className="field-error">{fieldError("estimate")}</p>}
        </div>
      </div>
      {general && (
        <p className="form-error" role="alert">
          {general}
        </p>
      )}
      <div className="spaces-tpl-buttons">
        <button type="submit" className="btn btn-primary" disabled={!draft.name.trim() || save.isPending}>
          {template ? "Save template" : "Create template"}
        </button>
        {template && (
          <button type="button" className="btn" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * What choosing `next` in the new-issue dialog does to what is filled in: the title starts with the
 * template's (what the person typed is kept after it); a description still empty or the previous
 * template's is replaced; labels join (the previous template's leave). Status, priority and estimate are
 * the template's when it sets them; when it does not, a value the previous template gave goes back to
 * the default and one the person chose (or the dialog opened with, e.g. a board column's status) stays.
 */
export function fillFromTemplate<
  F extends {
    title: string;
    description: string;
    status: Status;
    priority: Priority;
    labels: string[];
    estimate: string;
  },
>(current: F, next: IssueTemplate, previous: IssueTemplate | undefined): F {
  let typed = current.title;
  if (previous?.title && typed.startsWith(previous.title)) typed = typed.slice(previous.title.length);
  const title = typed.startsWith(next.title) ? typed : `${next.title}${typed}`;
  const keepDescription = current.description !== "" && current.description !== previous?.description;
  const labels = new Map<string, string>();
  for (const l of [...current.labels.filter((l) => !previous?.labels.includes(l)), ...next.labels])
    labels.set(l.toLowerCase(), l);
  const field = <T,>(given: T, unset: T, now: T, before: T | undefined, fallback: T): T =>
    given !== unset ? given : previous && before !== unset && now === before ? fallback : now;
  const estimateOf = (t: IssueTemplate | undefined) => (t?.estimate == null ? "" : String(t.estimate));
  return {
    ...current,
    title,
    description: keepDescription ? current.description : next.description,
    status: field<Status | null>(next.status, null, current.status, previous?.status, "backlog") as Status,
    priority: field<Priority>(next.priority, "none", current.priority, previous?.priority, "none"),
    labels: [...labels.values()],
    estimate: field(estimateOf(next), "", current.estimate, previous ? estimateOf(previous) : undefined, ""),
  };
}
