/** The decision log: newest first, filtered by status (in the URL), a page at a time. */
import "./knowledge.css";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { api, unwrap } from "../../api.ts";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { keys } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { DecisionBadge } from "./DecisionBadge.tsx";
import { DECISION_STATUSES, type DecisionStatus } from "./decisions.ts";
import { When } from "./editing.tsx";
import { useListKeys } from "./list-keys.ts";

export function DecisionsPage() {
  const { ws } = useParams({ from: "/$ws/decisions" });
  useWorkspaceTitle("Decisions", ws);
  const { status } = useSearch({ from: "/$ws/decisions" });
  const navigate = useNavigate();
  const list = useInfiniteQuery({
    queryKey: keys.decisions(ws, "list", { status: status ?? null }),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET("/decisions", {
          signal,
          params: { query: { status, cursor: pageParam, limit: 50, sort: "-created" } },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const setStatus = (next: DecisionStatus | undefined) =>
    void navigate({
      to: "/$ws/decisions",
      params: { ws },
      search: next ? { status: next } : {},
      replace: true,
    });
  const create = () => void navigate({ to: "/$ws/decisions/$id", params: { ws, id: "new" } });
  useShortcut("n", "New decision", "Decisions", create);
  useListKeys(".doc-list a.doc-row", "Decisions");

  return (
    <>
      <header className="page-header">
        <h1>Decisions</h1>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons filtering one list */}
        <div className="chips" role="group" aria-label="Filter by status">
          <button type="button" className="chip" aria-pressed={!status} onClick={() => setStatus(undefined)}>
            All
          </button>
          {DECISION_STATUSES.map((s) => (
            <button
              key={s.value}
              type="button"
              className="chip"
              aria-pressed={status === s.value}
              onClick={() => setStatus(status === s.value ? undefined : s.value)}
            >
              {s.label}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-primary" onClick={create}>
          New decision <kbd>N</kbd>
        </button>
      </header>
      <div className="page-body">
        {list.isPending ? (
          <ul className="doc-list" aria-busy="true" aria-label="Loading decisions">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="doc-row skeleton" />
            ))}
          </ul>
        ) : list.isError ? (
          <p className="form-error" role="alert">
            Could not read the decisions: {list.error.message}{" "}
            <button type="button" className="btn btn-small" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : rows.length === 0 ? (
          <div className="empty">
            <p>
              {status
                ? `No ${status} decisions.`
                : "No decisions yet. Record what was decided, why, and what follows from it."}
            </p>
            {!status && (
              <button type="button" className="btn btn-primary" onClick={create}>
                Record the first decision
              </button>
            )}
          </div>
        ) : (
          <>
            <ul className="doc-list" aria-label="Decisions">
              {rows.map((d) => (
                <li key={d.id}>
                  <Link to="/$ws/decisions/$id" params={{ ws, id: d.id }} className="doc-row">
                    <DecisionBadge status={d.status} />
                    <span className="doc-row-title">{d.title}</span>
                    {d.issues.length > 0 && (
                      <span className="doc-row-issues">
                        {d.issues.slice(0, 3).map((i) => (
                          <span key={i.id} className="identifier">
                            {i.identifier}
                          </span>
                        ))}
                        {d.issues.length > 3 && <span className="muted">+{d.issues.length - 3}</span>}
                      </span>
                    )}
                    <span className="doc-row-when muted">
                      <When at={d.created_at} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="load-more">
                <button
                  type="button"
                  className="btn"
                  onClick={() => void list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? "Loading…" : "Show more decisions"}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}
