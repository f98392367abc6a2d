/**
 * Search across issues, decisions, notes and files: the words and the kinds in the URL (a search can be
 * shared as a link), results as they are typed (the last word matched as a prefix), each labelled with
 * its kind and a snippet with the matched words highlighted, a page at a time.
 */
import { openComment } from "../conversation/open.ts";
import "./knowledge.css";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { api, type Schemas, unwrap } from "../../api.ts";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { keys } from "../../queries.ts";
import { useShortcut } from "../../shell/keys.ts";
import { typeAhead } from "../../shell/type-ahead.ts";
import { StatusIcon } from "../../ui/meta.tsx";
import { Snippet } from "../../ui/Snippet.tsx";
import { toastError } from "../../ui/toast.tsx";
import { DecisionBadge } from "./DecisionBadge.tsx";
import type { DecisionStatus } from "./decisions.ts";
import { When } from "./editing.tsx";
import { useListKeys } from "./list-keys.ts";
import { KINDS, type Kind, parseKinds, plainText, toggledKinds } from "./search.ts";

type Result = Schemas["SearchResult"];

const ISSUE_STATUSES = new Set(["backlog", "todo", "in_progress", "in_review", "done", "canceled", "iced"]);

export function SearchPage() {
  const { ws } = useParams({ from: "/$ws/search" });
  useWorkspaceTitle("Search", ws);
  const search = useSearch({ from: "/$ws/search" });
  const navigate = useNavigate();
  const urlQ = search.q ?? "";
  const kinds = parseKinds(search.type);
  const [text, setText] = useState(urlQ);
  const input = useRef<HTMLInputElement>(null);
  useListKeys(".search-results .search-link", "Search");
  // `/` on this page comes back to the field
  useShortcut("/", "Search", "Search", () => {
    input.current?.focus();
    input.current?.select();
  });

  // the `/` shortcut and links land here: the field has focus, ready to type
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  // what the field last put in the URL: a URL change that is not that one (Back, a link) sets the field,
  // and the field's own change never overwrites what was typed meanwhile
  const pushed = useRef(urlQ.trim());
  useEffect(() => {
    if (urlQ.trim() === pushed.current) return;
    pushed.current = urlQ.trim();
    setText(urlQ);
  }, [urlQ]);
  // typing changes the URL (replacing, so Back leaves the search rather than replaying keystrokes)
  useEffect(() => {
    const t = window.setTimeout(() => {
      if (text.trim() === urlQ.trim()) return;
      pushed.current = text.trim();
      void navigate({
        to: "/$ws/search",
        params: { ws },
        search: { ...search, q: text.trim() || undefined },
        replace: true,
      });
    }, 200);
    return () => window.clearTimeout(t);
  }, [text, urlQ, navigate, ws, search]);

  const q = urlQ.trim();
  const type = kinds.length > 0 ? kinds.join(",") : undefined;
  const results = useInfiniteQuery({
    queryKey: keys.search(ws, "page", q, type ?? "all"),
    enabled: q.length > 0,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        api.GET("/search", {
          signal,
          params: { query: { q: typeAhead(q), type, cursor: pageParam, limit: 20 } },
        }),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (previous) => previous,
  });
  const rows = results.data?.pages.flatMap((p) => p.data) ?? [];

  const toggleKind = (kind: Kind) => {
    const ordered = toggledKinds(kinds, kind);
    void navigate({
      to: "/$ws/search",
      params: { ws },
      search: { ...search, type: ordered.length > 0 ? ordered.join(",") : undefined },
      replace: true,
    });
  };

  return (
    <>
      <header className="page-header search-header">
        <h1 className="sr-only">Search</h1>
        {/* biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself */}
        <form
          role="search"
          className="search-form"
          onSubmit={(e) => {
            e.preventDefault();
            pushed.current = text.trim();
            void navigate({
              to: "/$ws/search",
              params: { ws },
              search: { ...search, q: text.trim() || undefined },
              replace: true,
            });
          }}
        >
          <span className="search-glyph" aria-hidden="true">
            ⌕
          </span>
          <input
            ref={input}
            type="search"
            className="search-input"
            aria-label="Search issues, decisions, notes and files"
            placeholder="Search issues, decisions, notes and files…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "ArrowDown") {
                const first = document.querySelector<HTMLElement>(".search-results .search-link");
                if (first) {
                  e.preventDefault();
                  first.focus();
                }
              }
            }}
          />
        </form>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons filtering one list */}
        <div className="chips" role="group" aria-label="Kinds of result">
          {KINDS.map((k) => (
            <button
              key={k.value}
              type="button"
              className="chip"
              aria-pressed={kinds.includes(k.value)}
              onClick={() => toggleKind(k.value)}
            >
              {k.plural}
            </button>
          ))}
        </div>
      </header>
      <div className="page-body search-body">
        {q.length === 0 ? (
          <div className="empty">
            <p>Find issues, decisions, notes and files by their words or an identifier such as ENG-42.</p>
            <p className="small">
              “Quoted words” match as a phrase, <code>-word</code> leaves out, <code>OR</code> matches either.
            </p>
          </div>
        ) : results.isError ? (
          <p className="form-error" role="alert">
            Search failed: {results.error.message}
          </p>
        ) : results.isPending ? (
          <ul className="search-results" aria-busy="true" aria-label="Searching">
            {[0, 1, 2].map((i) => (
              <li key={i} className="search-result skeleton" />
            ))}
          </ul>
        ) : rows.length === 0 ? (
          <div className="empty" role="status">
            <p>
              Nothing matches “{q}”
              {kinds.length > 0
                ? ` in ${kinds.map((k) => KINDS.find((x) => x.value === k)!.plural.toLowerCase()).join(", ")}`
                : ""}
              .
            </p>
          </div>
        ) : (
          <>
            <p className="sr-only" role="status">
              {rows.length}
              {results.hasNextPage ? "+" : ""} results
            </p>
            <ul className="search-results" aria-label="Results">
              {rows.map((r) => (
                <SearchRow key={`${r.type}:${r.id}`} ws={ws} result={r} />
              ))}
            </ul>
            {results.hasNextPage && (
              <div className="load-more">
                <button
                  type="button"
                  className="btn"
                  onClick={() => void results.fetchNextPage()}
                  disabled={results.isFetchingNextPage}
                >
                  {results.isFetchingNextPage ? "Loading…" : "Show more results"}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}

function SearchRow({ ws, result: r }: { ws: string; result: Result }) {
  const navigate = useNavigate();
  const kind = KINDS.find((k) => k.value === r.type)!;
  // a snippet of the title itself highlights the title
  const titleMatched = Boolean(r.snippet) && plainText(r.snippet) === r.title;
  const title = (
    <>
      {r.identifier && <span className="identifier">{r.identifier}</span>}
      <span className="search-title">{titleMatched ? <Snippet html={r.snippet} /> : r.title}</span>
    </>
  );
  let head: React.ReactNode;
  if (r.type === "issue")
    head = (
      <Link to="/$ws/issue/$key" params={{ ws, key: r.identifier ?? r.id }} className="search-link">
        {title}
      </Link>
    );
  else if (r.type === "decision")
    head = (
      <Link to="/$ws/decisions/$id" params={{ ws, id: r.id }} className="search-link">
        {title}
      </Link>
    );
  else if (r.type === "note")
    head = (
      <Link to="/$ws/notes/$id" params={{ ws, id: r.id }} className="search-link">
        {title}
      </Link>
    );
  else if (r.type === "comment")
    head = (
      <button
        type="button"
        className="search-link linklike"
        onClick={() => void openComment(navigate, ws, r.id).catch((e) => toastError(e, "Open"))}
      >
        {title}
      </button>
    );
  else
    head = (
      <button
        type="button"
        className="search-link linklike"
        onClick={() =>
          void unwrap(api.GET("/files/{id}", { params: { path: { id: r.id } } }))
            .then((file) => window.location.assign(file.download_url))
            .catch((e) => toastError(e, "Download"))
        }
      >
        {title}
        <span className="sr-only"> (download)</span>
      </button>
    );
  return (
    <li className={`search-result search-${r.type}`}>
      <div className="search-result-head">
        <span className={`kind-label kind-${r.type}`}>{kind.label}</span>
        {r.type === "issue" && r.status && ISSUE_STATUSES.has(r.status) && (
          <StatusIcon status={r.status as never} label={false} />
        )}
        {head}
        {r.type === "decision" && r.status && <DecisionBadge status={r.status as DecisionStatus} />}
        <span className="search-when muted">
          <When at={r.updated_at} />
        </span>
      </div>
      {r.snippet && !titleMatched && (
        <p className="search-snippet">
          <Snippet html={r.snippet} />
        </p>
      )}
    </li>
  );
}
