/**
 * The decisions and notes linked to the issue, each a link to its page; a decision or note found by
 * search can be linked here, and a link removed (the decision's or note's `issues`, written with
 * If-Match on the read it was made from).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { api, type Issue, toApiError, unwrap, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";
import { typeAhead } from "../../shell/type-ahead.ts";
import { toast } from "../../ui/toast.tsx";
import { Picker } from "./Picker.tsx";
import "./issue.css";

type Kind = "decision" | "note";

async function setLinked(kind: Kind, id: string, issueId: string, link: boolean): Promise<void> {
  // read, then write the new list with If-Match: someone else's link made meanwhile is not dropped
  for (let attempt = 0; attempt < 3; attempt++) {
    const read =
      kind === "decision"
        ? await unwrapTagged(api.GET("/decisions/{id}", { params: { path: { id } } }))
        : await unwrapTagged(api.GET("/notes/{id}", { params: { path: { id } } }));
    const current = read.data.issues.map((i) => i.id);
    const issues = link ? [...new Set([...current, issueId])] : current.filter((i) => i !== issueId);
    if (issues.length === current.length && link === current.includes(issueId)) return;
    const header = { "If-Match": read.etag };
    const { response, error } =
      kind === "decision"
        ? await api.PATCH("/decisions/{id}", { params: { path: { id }, header }, body: { issues } })
        : await api.PATCH("/notes/{id}", { params: { path: { id }, header }, body: { issues } });
    if (response.status === 412) continue;
    if (!response.ok) throw toApiError(response, error);
    return;
  }
  throw new Error("it kept changing while we tried; try again.");
}

function useSearch(ws: string, kind: Kind, enabled: boolean) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const t = window.setTimeout(() => setQ(text.trim()), 120);
    return () => window.clearTimeout(t);
  }, [text]);
  const found = useQuery({
    queryKey: keys.search(ws, `${kind}-picker`, q),
    enabled: enabled && q.length >= 1,
    staleTime: 10_000,
    queryFn: ({ signal }) =>
      unwrap(api.GET("/search", { signal, params: { query: { q: typeAhead(q), type: kind, limit: 12 } } })),
  });
  const recent = useQuery({
    queryKey: kind === "decision" ? keys.decisions(ws, { picker: true }) : keys.notes(ws, { picker: true }),
    enabled,
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      kind === "decision"
        ? (
            await unwrap(
              api.GET("/decisions", { signal, params: { query: { limit: 12, sort: "-created" } } }),
            )
          ).data
        : (await unwrap(api.GET("/notes", { signal, params: { query: { limit: 12, sort: "-created" } } })))
            .data,
  });
  const options =
    q.length >= 1
      ? (found.data?.data ?? []).map((r) => ({ value: r.id, label: r.title, hint: r.status }))
      : (recent.data ?? []).map((r) => ({
          value: r.id,
          label: r.title,
          hint: "status" in r ? r.status : undefined,
        }));
  return { options, onQuery: setText, loading: found.isFetching || recent.isLoading };
}

export function Linked({ ws, issue }: { ws: string; issue: Issue }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Kind | null>(null);
  const decisions = useQuery({
    queryKey: keys.decisions(ws, { issue: issue.id }),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/decisions", { signal, params: { query: { issue: issue.id, limit: 100 } } })),
  });
  const notes = useQuery({
    queryKey: keys.notes(ws, { issue: issue.id }),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/notes", { signal, params: { query: { issue: issue.id, limit: 100 } } })),
  });
  const decisionSearch = useSearch(ws, "decision", open === "decision");
  const noteSearch = useSearch(ws, "note", open === "note");

  const change = async (kind: Kind, id: string, title: string, link: boolean) => {
    try {
      await setLinked(kind, id, issue.id, link);
      toast(
        link ? `“${title}” linked to ${issue.identifier}` : `“${title}” unlinked from ${issue.identifier}`,
      );
      void queryClient.invalidateQueries({
        queryKey: kind === "decision" ? keys.decisions(ws) : keys.notes(ws),
      });
    } catch (error) {
      toast(`Not ${link ? "linked" : "unlinked"}: ${(error as Error).message}`, { kind: "error" });
    }
  };

  const decisionList = decisions.data?.data ?? [];
  const noteList = notes.data?.data ?? [];
  return (
    <section className="ip-section" aria-labelledby="linked-heading">
      <h2 id="linked-heading">Decisions and notes</h2>
      <div className="ip-deps">
        <div className="ip-deps-group">
          <h3 id="linked-decisions">
            Decisions <span className="count">{decisionList.length}</span>
          </h3>
          {decisionList.length === 0 ? (
            <p className="muted ip-deps-empty">{decisions.isLoading ? "Loading…" : "No decisions linked."}</p>
          ) : (
            <ul className="ip-rows" aria-labelledby="linked-decisions">
              {decisionList.map((d) => (
                <li key={d.id} className="ip-row">
                  <Link to="/$ws/decisions/$id" params={{ ws, id: d.id }} className="ip-row-link">
                    <span className="ip-row-title">{d.title}</span>
                  </Link>
                  <span className={`badge decision-${d.status}`}>{d.status}</span>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Unlink decision ${d.title}`}
                    onClick={() => void change("decision", d.id, d.title, false)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Picker
            name="Link decision"
            display={<span className="ip-add-link">+ Link decision</span>}
            displayText="find a decision"
            options={decisionSearch.options.filter((o) => !decisionList.some((d) => d.id === o.value))}
            selected={[]}
            onQuery={decisionSearch.onQuery}
            loading={decisionSearch.loading}
            open={open === "decision"}
            onOpenChange={(o) => setOpen(o ? "decision" : null)}
            placeholder="Find a decision…"
            onSelect={(v) => {
              const o = decisionSearch.options.find((x) => x.value === v);
              void change("decision", v, o?.label ?? "Decision", true);
            }}
          />
        </div>
        <div className="ip-deps-group">
          <h3 id="linked-notes">
            Notes <span className="count">{noteList.length}</span>
          </h3>
          {noteList.length === 0 ? (
            <p className="muted ip-deps-empty">{notes.isLoading ? "Loading…" : "No notes linked."}</p>
          ) : (
            <ul className="ip-rows" aria-labelledby="linked-notes">
              {noteList.map((n) => (
                <li key={n.id} className="ip-row">
                  <Link to="/$ws/notes/$id" params={{ ws, id: n.id }} className="ip-row-link">
                    <span className="ip-row-title">{n.title}</span>
                  </Link>
                  {n.folder && <span className="muted">{n.folder.name}</span>}
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Unlink note ${n.title}`}
                    onClick={() => void change("note", n.id, n.title, false)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Picker
            name="Link note"
            display={<span className="ip-add-link">+ Link note</span>}
            displayText="find a note"
            options={noteSearch.options.filter((o) => !noteList.some((n) => n.id === o.value))}
            selected={[]}
            onQuery={noteSearch.onQuery}
            loading={noteSearch.loading}
            open={open === "note"}
            onOpenChange={(o) => setOpen(o ? "note" : null)}
            placeholder="Find a note…"
            onSelect={(v) => {
              const o = noteSearch.options.find((x) => x.value === v);
              void change("note", v, o?.label ?? "Note", true);
            }}
          />
        </div>
      </div>
    </section>
  );
}
