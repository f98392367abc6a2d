/**
 * What blocks the issue, what it blocks and what it relates to, with their statuses as they are now
 * (the page rereads on every event), each removable; added by finding an issue by identifier or title.
 * The blocker graph draws two steps upstream (the blockers' own blockers) and one downstream.
 */
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { api, type Issue, unwrap, unwrapTagged } from "../../api.ts";
import { keys } from "../../queries.ts";
import { Graph, type GraphEdge, type GraphNode } from "../../ui/Graph.tsx";
import { StatusIcon } from "../../ui/meta.tsx";
import { toast } from "../../ui/toast.tsx";
import { Picker } from "./Picker.tsx";
import { useIssueSearch } from "./Properties.tsx";
import "./issue.css";

type Kind = "blockedBy" | "blocks" | "relatesTo";
const KINDS: { kind: Kind; title: string; add: string; empty: string }[] = [
  { kind: "blockedBy", title: "Blocked by", add: "Add blocker", empty: "Nothing blocks this issue." },
  { kind: "blocks", title: "Blocks", add: "Add blocked issue", empty: "It blocks nothing." },
  { kind: "relatesTo", title: "Related", add: "Add related issue", empty: "No related issues." },
];

type Edge = Issue["blockedBy"][number];

export function Dependencies({ ws, issue, onChanged }: { ws: string; issue: Issue; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<Kind | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const linked = [
    issue.id,
    ...issue.blockedBy.map((e) => e.id),
    ...issue.blocks.map((e) => e.id),
    ...issue.relatesTo.map((e) => e.id),
  ];
  const search = useIssueSearch(ws, linked, adding !== null);

  const refresh = () => {
    onChanged();
    void queryClient.invalidateQueries({ queryKey: keys.issues(ws) });
    void queryClient.invalidateQueries({ queryKey: keys.issue(ws) });
  };

  const add = async (kind: Kind, id: string) => {
    setBusy(`add-${kind}`);
    try {
      await unwrap(
        api.POST("/issues/{id}/dependencies", { params: { path: { id: issue.id } }, body: { [kind]: [id] } }),
      );
      const found = search.find(id);
      toast(
        `${found?.identifier ?? "Issue"} added to ${KINDS.find((k) => k.kind === kind)?.title.toLowerCase()}`,
      );
      refresh();
    } catch (error) {
      toast(`Not added: ${(error as Error).message}`, { kind: "error" });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (kind: Kind, edge: Edge) => {
    setBusy(edge.dependency_id);
    try {
      await unwrap(api.DELETE("/dependencies/{id}", { params: { path: { id: edge.dependency_id } } }));
      toast(`${edge.identifier} removed from ${KINDS.find((k) => k.kind === kind)?.title.toLowerCase()}`);
      refresh();
    } catch (error) {
      toast(`Not removed: ${(error as Error).message}`, { kind: "error" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="ip-section" aria-labelledby="deps-heading">
      <h2 id="deps-heading">Dependencies</h2>
      <div className="ip-deps">
        {KINDS.map(({ kind, title, add: addLabel, empty }) => {
          const edges = issue[kind];
          return (
            <div key={kind} className="ip-deps-group">
              <h3 id={`deps-${kind}`}>
                {title} <span className="count">{edges.length}</span>
              </h3>
              {edges.length === 0 ? (
                <p className="muted ip-deps-empty">{empty}</p>
              ) : (
                <ul className="ip-rows" aria-labelledby={`deps-${kind}`}>
                  {edges.map((e) => (
                    <li key={e.dependency_id} className="ip-row">
                      <Link to="/$ws/issue/$key" params={{ ws, key: e.identifier }} className="ip-row-link">
                        <span className="identifier">{e.identifier}</span>
                        <span className="ip-row-title">{e.title}</span>
                      </Link>
                      <span className="issue-row-status muted">
                        <StatusIcon status={e.status} />
                      </span>
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={`Remove ${e.identifier} from ${title.toLowerCase()}`}
                        disabled={busy === e.dependency_id}
                        onClick={() => void remove(kind, e)}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <Picker
                name={addLabel}
                display={
                  <span className="ip-add-link">
                    + {addLabel}
                    {busy === `add-${kind}` ? "…" : ""}
                  </span>
                }
                displayText="find an issue"
                options={search.options}
                selected={[]}
                onQuery={search.onQuery}
                loading={search.loading}
                open={adding === kind}
                onOpenChange={(o) => setAdding(o ? kind : null)}
                placeholder="Find an issue by identifier or title…"
                onSelect={(v) => void add(kind, v)}
              />
            </div>
          );
        })}
      </div>
      <BlockerGraph ws={ws} issue={issue} />
    </section>
  );
}

function BlockerGraph({ ws, issue }: { ws: string; issue: Issue }) {
  // the blockers' own blockers, read as their pages read them (so they share the cache)
  const upstream = useQueries({
    queries: issue.blockedBy.slice(0, 12).map((b) => ({
      queryKey: keys.issue(ws, b.identifier.toUpperCase()),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        unwrapTagged(api.GET("/issues/{id}", { signal, params: { path: { id: b.identifier } } })),
      staleTime: 5_000,
    })),
  });
  if (issue.blockedBy.length === 0 && issue.blocks.length === 0) return null;

  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  const href = (identifier: string) => `/${ws}/issue/${identifier}`;
  const node = (n: { id: string; identifier: string; title: string; status: string }) => {
    if (!nodes.has(n.id))
      nodes.set(n.id, {
        id: n.id,
        label: n.identifier,
        sublabel: n.title,
        status: n.status,
        href: href(n.identifier),
      });
  };
  node(issue);
  for (const b of issue.blockedBy) {
    node(b);
    edges.push({ from: b.id, to: issue.id });
  }
  for (const b of issue.blocks) {
    node(b);
    edges.push({ from: issue.id, to: b.id });
  }
  for (const q of upstream) {
    const up = q.data?.data;
    if (!up) continue;
    for (const bb of up.blockedBy) {
      node(bb);
      edges.push({ from: bb.id, to: up.id });
    }
  }
  return (
    <div className="ip-blocker-graph">
      <h3>Blocker graph</h3>
      <Graph
        nodes={[...nodes.values()]}
        edges={edges}
        current={issue.id}
        label={`Blockers of ${issue.identifier}`}
      />
    </div>
  );
}
