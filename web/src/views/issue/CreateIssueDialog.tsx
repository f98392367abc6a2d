/**
 * New issue, from anywhere (`c`): a template of the space (choosing one fills the fields), title,
 * description, space, status, priority, assignee, labels, estimate, cycle, milestone, due date and parent. "Create more" keeps the dialog open with focus in the
 * title for the next one. Refusals show next to the field they concern.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { ApiError, api, type IssuePriority, type IssueStatus, unwrap } from "../../api.ts";
import { useStore } from "../../lib/store.ts";
import { keys, useWorkspace } from "../../queries.ts";
import { ui } from "../../shell/ui.ts";
import { LabelPicker } from "../../ui/labels.tsx";
import { PRIORITIES, STATUSES } from "../../ui/meta.tsx";
import { toast } from "../../ui/toast.tsx";
import { useAssignees, useCycles, useMilestones } from "../issues/data.ts";
import { fillFromTemplate, useTemplates } from "../spaces/Templates.tsx";

export function CreateIssueDialog({ ws }: { ws: string }) {
  const defaults = useStore(ui.createIssue);
  const open = defaults !== null;
  const workspace = useWorkspace(ws).data;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [space, setSpace] = useState("");
  const [status, setStatus] = useState<Exclude<IssueStatus, "iced">>("backlog");
  const [priority, setPriority] = useState<IssuePriority>("none");
  const [more, setMore] = useState(false);
  const [assignee, setAssignee] = useState("");
  const [labels, setLabels] = useState<string[]>([]);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [estimate, setEstimate] = useState("");
  const [cycle, setCycle] = useState("");
  const [milestone, setMilestone] = useState("");
  const [due, setDue] = useState("");
  const [parent, setParent] = useState("");
  const [templateId, setTemplateId] = useState("");
  const templates = useTemplates(ws, space, open);
  const assignees = useAssignees(ws, open);
  const cycles = useCycles(ws, open);
  const milestones = useMilestones(ws, open);

  useEffect(() => {
    if (!defaults) return;
    setTemplateId("");
    setStatus(defaults.status && defaults.status !== "iced" ? defaults.status : "backlog");
    if (defaults.space) setSpace(defaults.space);
    setCycle(defaults.cycle ?? "");
    setMilestone(defaults.milestone ?? "");
    setParent(defaults.parent ?? "");
  }, [defaults]);
  useEffect(() => {
    if (!space && workspace?.spaces[0]) setSpace(workspace.spaces[0].prefix);
  }, [workspace, space]);

  const chooseTemplate = (id: string) => {
    const list = templates.data ?? [];
    const next = list.find((t) => t.id === id);
    const previous = list.find((t) => t.id === templateId);
    setTemplateId(id);
    if (!next) return;
    const filled = fillFromTemplate(
      { title, description, status, priority, labels, estimate },
      next,
      previous,
    );
    setTitle(filled.title);
    setDescription(filled.description);
    setStatus(filled.status);
    setPriority(filled.priority);
    setLabels(filled.labels);
    setEstimate(filled.estimate);
    titleRef.current?.focus();
  };

  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST("/issues", {
          body: {
            title,
            description: description || undefined,
            space,
            status,
            priority,
            parent: parent.trim() || undefined,
            cycle: cycle || undefined,
            milestone: milestone || undefined,
            assignee: assignee || undefined,
            labels: labels.length ? labels : undefined,
            estimate: estimate === "" ? undefined : Number(estimate),
            due_date: due || undefined,
          },
        }),
      ),
    onSuccess: (issue) => {
      void queryClient.invalidateQueries({ queryKey: keys.issues(ws) });
      toast(`${issue.identifier} created: ${issue.title}`, {
        action: {
          label: "Open",
          run: () => void navigate({ to: "/$ws/issue/$key", params: { ws, key: issue.identifier } }),
        },
      });
      setTitle("");
      setDescription("");
      setTemplateId("");
      setAssignee("");
      setLabels([]);
      setEstimate("");
      setDue("");
      create.reset();
      if (more) titleRef.current?.focus();
      else ui.createIssue.set(null);
    },
  });
  const error = create.error instanceof ApiError ? create.error : null;
  const titleError = error?.field("title");
  const spaceError = error?.field("space");
  const fieldError = (name: string) => error?.field(name);
  const named = [
    "title",
    "space",
    "assignee",
    "labels",
    "estimate",
    "cycle",
    "milestone",
    "due_date",
    "parent",
  ];
  const general = create.error && !named.some((n) => error?.field(n)) ? create.error.message : null;
  const openCycles = (cycles.data ?? []).filter((c) => c.space === space && c.state !== "completed");

  const submit = (event?: React.FormEvent) => {
    event?.preventDefault();
    if (!create.isPending) create.mutate();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && ui.createIssue.set(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog create-dialog"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            titleRef.current?.focus();
          }}
        >
          <Dialog.Title>New issue</Dialog.Title>
          {defaults?.parent && (
            <p className="muted create-parent">
              Sub-issue of <span className="identifier">{defaults.parent}</span>
            </p>
          )}
          <Dialog.Description className="sr-only">Create an issue. Ctrl+Enter creates it.</Dialog.Description>
          <form
            onSubmit={submit}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit(e);
            }}
          >
            {(templates.data ?? []).length > 0 && (
              <div className="field create-template">
                <label htmlFor="new-template">Template</label>
                <select id="new-template" value={templateId} onChange={(e) => chooseTemplate(e.target.value)}>
                  <option value="">No template</option>
                  {(templates.data ?? []).map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="field">
              <label htmlFor="new-title">Title</label>
              <input
                id="new-title"
                ref={titleRef}
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                placeholder="Issue title"
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? "new-title-error" : undefined}
                autoComplete="off"
              />
              {titleError && (
                <p className="field-error" id="new-title-error">
                  {titleError}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor="new-description">Description</label>
              <textarea
                id="new-description"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="Markdown"
                rows={5}
              />
            </div>
            <div className="field-row">
              <div className="field">
                <label htmlFor="new-space">Space</label>
                <select
                  id="new-space"
                  value={space}
                  onChange={(e) => {
                    // a template belongs to its space: another space starts without one
                    setSpace(e.target.value);
                    setTemplateId("");
                  }}
                  aria-invalid={spaceError ? true : undefined}
                >
                  {workspace?.spaces.map((s) => (
                    <option key={s.id} value={s.prefix}>
                      {s.prefix} · {s.name}
                    </option>
                  ))}
                </select>
                {spaceError && <p className="field-error">{spaceError}</p>}
              </div>
              <div className="field">
                <label htmlFor="new-status">Status</label>
                <select
                  id="new-status"
                  value={status}
                  onChange={(e) => setStatus(e.target.value as Exclude<IssueStatus, "iced">)}
                >
                  {STATUSES.filter((s) => s.value !== "iced").map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="new-priority">Priority</label>
                <select
                  id="new-priority"
                  value={priority}
                  onChange={(e) => setPriority(e.target.value as IssuePriority)}
                >
                  {PRIORITIES.map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="field-row">
              <div className="field">
                <label htmlFor="new-assignee">Assignee</label>
                <select id="new-assignee" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                  <option value="">Unassigned</option>
                  {assignees.list.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.label}
                    </option>
                  ))}
                </select>
                {fieldError("assignee") && <p className="field-error">{fieldError("assignee")}</p>}
              </div>
              <div className="field">
                <LabelPicker
                  ws={ws}
                  selected={labels}
                  onChange={setLabels}
                  open={labelsOpen}
                  onOpenChange={setLabelsOpen}
                />
                {fieldError("labels") && <p className="field-error">{fieldError("labels")}</p>}
              </div>
              <div className="field">
                <label htmlFor="new-estimate">Estimate</label>
                <input
                  id="new-estimate"
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  value={estimate}
                  onChange={(e) => setEstimate(e.target.value)}
                  placeholder="Points"
                  aria-invalid={fieldError("estimate") ? true : undefined}
                />
                {fieldError("estimate") && <p className="field-error">{fieldError("estimate")}</p>}
              </div>
            </div>
            <div className="field-row">
              <div className="field">
                <label htmlFor="new-cycle">Cycle</label>
                <select id="new-cycle" value={cycle} onChange={(e) => setCycle(e.target.value)}>
                  <option value="">No cycle</option>
                  {openCycles.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                  {cycle && !openCycles.some((c) => c.id === cycle) && <option value={cycle}>{cycle}</option>}
                </select>
                {fieldError("cycle") && <p className="field-error">{fieldError("cycle")}</p>}
              </div>
              <div className="field">
                <label htmlFor="new-milestone">Milestone</label>
                <select id="new-milestone" value={milestone} onChange={(e) => setMilestone(e.target.value)}>
                  <option value="">No milestone</option>
                  {(milestones.data ?? []).map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                  {milestone && !(milestones.data ?? []).some((m) => m.id === milestone) && (
                    <option value={milestone}>{milestone}</option>
                  )}
                </select>
                {fieldError("milestone") && <p className="field-error">{fieldError("milestone")}</p>}
              </div>
              <div className="field">
                <label htmlFor="new-due">Due date</label>
                <input id="new-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
                {fieldError("due_date") && <p className="field-error">{fieldError("due_date")}</p>}
              </div>
              <div className="field">
                <label htmlFor="new-parent">Parent</label>
                <input
                  id="new-parent"
                  value={parent}
                  onChange={(e) => setParent(e.target.value)}
                  placeholder="ENG-12"
                  autoComplete="off"
                  aria-invalid={fieldError("parent") ? true : undefined}
                />
                {fieldError("parent") && <p className="field-error">{fieldError("parent")}</p>}
              </div>
            </div>
            {general && (
              <p className="form-error" role="alert">
                {general}
              </p>
            )}
            <div className="dialog-actions">
              <label className="checkbox">
                <input type="checkbox" checked={more} onChange={(e) => setMore(e.target.checked)} /> Create
                more
              </label>
              <Dialog.Close className="btn" type="button">
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={create.isPending}>
                {create.isPending ? "Creating…" : "Create issue"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
