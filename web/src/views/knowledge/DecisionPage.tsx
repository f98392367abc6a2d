/**
 * One decision, read and edited in place (or a new one at /decisions/new): title, status, context,
 * decision and consequences in Markdown, what it supersedes, its linked issues. Saving sends only the
 * fields changed, with If-Match; see editing.tsx for drafts, live versions and conflicts.
 */

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { ApiError, api, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { toast } from "../../ui/toast.tsx";
import { Comments } from "../conversation/Comments.tsx";
import { DeleteButton } from "../trash/DeleteButton.tsx";
import { DecisionBadge } from "./DecisionBadge.tsx";
import {
  allDecisionsQuery,
  DECISION_STATUSES,
  type Decision,
  type DecisionStatus,
  decisionQuery,
} from "./decisions.ts";
import { patchOf } from "./draft.ts";
import {
  ConflictPanel,
  type FieldView,
  IssueLinks,
  type LinkedIssue,
  MarkdownField,
  SaveBar,
  type Tagged,
  useDraft,
  useFreshLinks,
  useLeaveGuard,
  When,
} from "./editing.tsx";

interface DecisionDraft {
  title: string;
  status: DecisionStatus;
  context: string;
  decision: string;
  consequences: string;
  supersedes: string | null;
  issues: string[];
}

const EMPTY: DecisionDraft = {
  title: "",
  status: "proposed",
  context: "",
  decision: "",
  consequences: "",
  supersedes: null,
  issues: [],
};

const toDraft = (d: Decision): DecisionDraft => ({
  title: d.title,
  status: d.status,
  context: d.context,
  decision: d.decision,
  consequences: d.consequences,
  supersedes: d.supersedes,
  issues: d.issues.map((i) => i.identifier),
});

export function DecisionPage() {
  const { ws, id } = useParams({ from: "/$ws/decisions/$id" });
  const creating = id === "new";
  const query = useQuery({ ...decisionQuery(ws, id), enabled: !creating });
  if (!creating && query.isPending) {
    return (
      <>
        <header className="page-header">
          <Crumbs ws={ws} title="Loading…" />
        </header>
        <div className="page-body doc-layout" aria-busy="true">
          <div className="skeleton skeleton-title" />
        </div>
      </>
    );
  }
  if (!creating && query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="empty-page">
        <h1>{notFound ? "Decision not found" : "Could not read the decision"}</h1>
        <p>
          {notFound ? "There is no such decision in this workspace." : query.error.message}{" "}
          <Link to="/$ws/decisions" params={{ ws }}>
            All decisions
          </Link>
        </p>
      </div>
    );
  }
  return <DecisionEditor key={id} ws={ws} server={creating ? undefined : query.data} />;
}

function Crumbs({ ws, title }: { ws: string; title: string }) {
  return (
    <nav aria-label="Breadcrumb" className="crumbs">
      <Link to="/$ws/decisions" params={{ ws }}>
        Decisions
      </Link>
      <span aria-hidden="true"> / </span>
      <h1 className="crumbs-current">{title}</h1>
    </nav>
  );
}

function DecisionEditor({ ws, server }: { ws: string; server: Tagged<Decision> | undefined }) {
  const creating = server === undefined;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const draft = useDraft(server, toDraft, EMPTY);
  const [error, setError] = useState<ApiError | null>(null);
  // after a save or a discard the texts show as read again (Preview)
  const [round, setRound] = useState(0);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [picked, setPicked] = useState<Map<string, LinkedIssue>>(new Map());
  const choices = useQuery(allDecisionsQuery(ws));
  const v = draft.value;
  useFreshLinks(
    keys.decisions(ws, "one", server?.data.id ?? "new"),
    server?.data.issues.map((i) => i.id) ?? [],
  );
  const dirty = draft.dirty;
  const guard = useLeaveGuard(draft.dirty, "decision");

  const known = useMemo(() => {
    const m = new Map(picked);
    for (const i of server?.data.issues ?? []) m.set(i.identifier, i);
    return m;
  }, [picked, server]);
  const titleOf = (decisionId: string | null) =>
    decisionId ? (choices.data?.data.find((d) => d.id === decisionId)?.title ?? decisionId) : "";

  const save = useMutation({
    mutationFn: async (edit: { base: DecisionDraft; draft: DecisionDraft; etag: string }) => {
      if (creating) {
        return unwrapTagged(api.POST("/decisions", { body: { ...edit.draft } }));
      }
      return unwrapTagged(
        api.PATCH("/decisions/{id}", {
          params: { path: { id: server.data.id }, header: { "If-Match": edit.etag } },
          body: patchOf(edit.base, edit.draft),
        }),
      );
    },
    onSuccess: (tagged) => {
      setError(null);
      queryClient.setQueryData(keys.decisions(ws, "one", tagged.data.id), tagged);
      void queryClient.invalidateQueries({ queryKey: keys.decisions(ws, "list") });
      void queryClient.invalidateQueries({ queryKey: keys.decisions(ws, "choices") });
      draft.discard();
      setRound((n) => n + 1);
      if (creating) {
        guard.allowNext();
        toast(`Decision recorded: ${tagged.data.title}`);
        void navigate({ to: "/$ws/decisions/$id", params: { ws, id: tagged.data.id }, replace: true });
      } else toast("Decision saved");
    },
    onError: async (e) => {
      if (e instanceof ApiError && e.status === 412 && server) {
        // someone saved first: read theirs, show it next to the draft; nothing is lost
        const theirs = await unwrapTagged(
          api.GET("/decisions/{id}", { params: { path: { id: server.data.id } } }),
        ).catch(() => null);
        if (theirs) {
          queryClient.setQueryData(keys.decisions(ws, "one", server.data.id), theirs);
          draft.openConflict(theirs, "conflict");
          setError(null);
          return;
        }
      }
      setError(e instanceof ApiError ? e : new ApiError(0, "error", String(e)));
    },
  });

  const submit = () => {
    if (save.isPending) return;
    if (!v.title.trim()) {
      setTitleError("Give the decision a title.");
      document.getElementById("decision-title")?.focus();
      return;
    }
    setTitleError(undefined);
    if (creating) save.mutate({ base: EMPTY, draft: v, etag: "" });
    else if (draft.edit)
      save.mutate({ base: draft.edit.base, draft: draft.edit.draft, etag: draft.edit.etag });
  };
  useShortcut(
    "mod+Enter",
    creating ? "Create the decision" : "Save the decision",
    "Decision",
    submit,
    dirty || creating,
  );

  const set = (patch: Partial<DecisionDraft>) => {
    draft.set(patch);
    if (patch.title?.trim()) setTitleError(undefined);
  };

  const fields: FieldView<DecisionDraft>[] = [
    { key: "title", label: "Title" },
    { key: "status", label: "Status", show: (s) => DECISION_STATUSES.find((x) => x.value === s)?.label },
    { key: "context", label: "Context", show: (t) => <pre className="conflict-pre">{String(t)}</pre> },
    { key: "decision", label: "Decision", show: (t) => <pre className="conflict-pre">{String(t)}</pre> },
    {
      key: "consequences",
      label: "Consequences",
      show: (t) => <pre className="conflict-pre">{String(t)}</pre>,
    },
    { key: "supersedes", label: "Supersedes", show: (s) => titleOf(s as string | null) || "(none)" },
    { key: "issues", label: "Linked issues", show: (l) => (l as string[]).join(", ") || "(none)" },
  ];

  const fieldError = (name: string) => error?.field(name);
  const others = (choices.data?.data ?? []).filter((d) => d.id !== server?.data.id);
  const supersededBy = server?.data.superseded_by ?? [];

  return (
    <>
      <header className="page-header">
        <Crumbs ws={ws} title={creating ? "New decision" : server.data.title} />
        {server && <DecisionBadge status={server.data.status} />}
        {server && <DeleteButton ws={ws} type="decision" id={server.data.id} name={server.data.title} />}
      </header>
      <SaveBar
        what="decision"
        creating={creating}
        dirty={dirty}
        saving={save.isPending}
        onSave={submit}
        onDiscard={() => {
          draft.discard();
          setRound((n) => n + 1);
          if (creating) {
            guard.allowNext();
            void navigate({ to: "/$ws/decisions", params: { ws } });
          }
        }}
        newer={draft.newer !== null}
        onCompare={() => draft.newer && draft.openConflict(draft.newer, "changed")}
        merged={draft.merged.map((k) => fields.find((f) => f.key === k)?.label.toLowerCase() ?? String(k))}
      />
      {guard.dialog}
      <div className="page-body doc-layout">
        <div className="doc-main">
          {draft.conflict && (
            <ConflictPanel
              what="decision"
              reason={draft.conflict.reason}
              base={draft.conflict.base}
              theirs={draft.conflict.theirs}
              mine={draft.conflict.mine}
              fields={fields}
              saving={save.isPending}
              onKeepMine={submit}
              onKeepEditing={draft.closeConflict}
              onTakeTheirs={() => {
                draft.discard();
                setRound((n) => n + 1);
              }}
            />
          )}
          {error && !draft.conflict && (
            <p className="form-error" role="alert">
              Not saved: {error.message}
            </p>
          )}
          <div className="field">
            <label htmlFor="decision-title" className="sr-only">
              Title
            </label>
            <input
              id="decision-title"
              className="doc-title-input"
              value={v.title}
              placeholder="Decision title"
              maxLength={255}
              // biome-ignore lint/a11y/noAutofocus: a new decision starts at its title
              autoFocus={creating}
              aria-invalid={titleError || fieldError("title") ? true : undefined}
              aria-describedby={titleError || fieldError("title") ? "decision-title-error" : undefined}
              onChange={(e) => set({ title: e.target.value })}
            />
            {(titleError || fieldError("title")) && (
              <p className="field-error" id="decision-title-error">
                {titleError ?? fieldError("title")}
              </p>
            )}
          </div>
          <MarkdownField
            key={`Context-${round}`}
            label="Context"
            value={v.context}
            onChange={(context) => set({ context })}
            rows={5}
            startInPreview={!creating}
            placeholder="Why a decision was needed: the forces at play."
            error={fieldError("context")}
          />
          <MarkdownField
            key={`Decision-${round}`}
            label="Decision"
            value={v.decision}
            onChange={(decision) => set({ decision })}
            rows={5}
            startInPreview={!creating}
            placeholder="What was decided."
            error={fieldError("decision")}
          />
          <MarkdownField
            key={`Consequences-${round}`}
            label="Consequences"
            value={v.consequences}
            onChange={(consequences) => set({ consequences })}
            rows={5}
            startInPreview={!creating}
            placeholder="What follows from it, good and bad."
            error={fieldError("consequences")}
          />
          {server && <Comments ws={ws} kind="decision" id={server.data.id} />}
        </div>
        <aside className="doc-side" aria-label="Properties">
          <div className="field">
            <label htmlFor="decision-status">Status</label>
            <select
              id="decision-status"
              value={v.status}
              onChange={(e) => set({ status: e.target.value as DecisionStatus })}
              aria-invalid={fieldError("status") ? true : undefined}
            >
              {DECISION_STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            {fieldError("status") && <p className="field-error">{fieldError("status")}</p>}
          </div>
          <div className="field">
            <label htmlFor="decision-supersedes">Supersedes</label>
            <select
              id="decision-supersedes"
              value={v.supersedes ?? ""}
              onChange={(e) => set({ supersedes: e.target.value || null })}
              aria-invalid={fieldError("supersedes") ? true : undefined}
              aria-describedby={fieldError("supersedes") ? "decision-supersedes-error" : undefined}
            >
              <option value="">Nothing</option>
              {v.supersedes && !others.some((d) => d.id === v.supersedes) && (
                <option value={v.supersedes}>{titleOf(v.supersedes)}</option>
              )}
              {others.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title}
                </option>
              ))}
            </select>
            {fieldError("supersedes") && (
              <p className="field-error" id="decision-supersedes-error">
                {fieldError("supersedes")}
              </p>
            )}
            {v.supersedes && (
              <Link to="/$ws/decisions/$id" params={{ ws, id: v.supersedes }} className="small">
                Open “{titleOf(v.supersedes)}”
              </Link>
            )}
          </div>
          {supersededBy.length > 0 && (
            <div className="field">
              <span className="field-label">Superseded by</span>
              <ul className="plain-list">
                {supersededBy.map((sid) => (
                  <li key={sid}>
                    <Link to="/$ws/decisions/$id" params={{ ws, id: sid }}>
                      {titleOf(sid)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <IssueLinks
            ws={ws}
            value={v.issues}
            known={known}
            error={fieldError("issues")}
            onChange={(issues, issue) => {
              if (issue) setPicked((m) => new Map(m).set(issue.identifier, issue));
              set({ issues });
            }}
          />
          {server && (
            <dl className="doc-meta muted small">
              <div>
                <dt>Created</dt>
                <dd>
                  <When at={server.data.created_at} />
                </dd>
              </div>
              <div>
                <dt>Updated</dt>
                <dd>
                  <When at={server.data.updated_at} /> (version {server.data.version})
                </dd>
              </div>
            </dl>
          )}
        </aside>
      </div>
    </>
  );
}
