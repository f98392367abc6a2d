/**
 * The command palette (Ctrl/⌘-K): commands (new issue, go to a view, switch workspace) and the
 * workspace's issues, decisions and notes found by the search API as the person types.
 */
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Command } from "cmdk";
import { useEffect, useState } from "react";
import { api, unwrap } from "../api.ts";
import { useStore } from "../lib/store.ts";
import { keys, useMe } from "../queries.ts";
import { Snippet } from "../ui/Snippet.tsx";
import { displayKeys } from "./keys.ts";
import { NAV } from "./Shell.tsx";
import { typeAhead } from "./type-ahead.ts";
import { ui } from "./ui.ts";

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function Palette({ ws }: { ws: string }) {
  const open = useStore(ui.palette);
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 120);
  const navigate = useNavigate();
  const me = useMe();
  const results = useQuery({
    queryKey: keys.search(ws, "palette", q),
    enabled: open && q.length >= 2,
    staleTime: 10_000,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/search", {
          signal,
          params: { query: { q: typeAhead(q), type: "issue,decision,note", limit: 12 } },
        }),
      ),
  });

  const close = () => {
    ui.palette.set(false);
    setText("");
  };
  const go = (to: string, params: Record<string, string> = {}, search?: Record<string, unknown>) => {
    close();
    void navigate({ to, params: { ws, ...params }, search: search as never });
  };

  return (
    <Command.Dialog
      open={open}
      onOpenChange={(o) => (o ? ui.palette.set(true) : close())}
      label="Command palette"
      shouldFilter={false}
      className="palette"
      overlayClassName="dialog-overlay"
      contentClassName="palette-content"
    >
      <Command.Input
        value={text}
        onValueChange={setText}
        placeholder="Type a command, or search issues, decisions and notes…"
      />
      <Command.List className="palette-list">
        <Command.Empty>
          {q.length >= 2 && results.isFetching ? "Searching…" : "Nothing matches."}
        </Command.Empty>
        {results.data && results.data.data.length > 0 && (
          <Command.Group heading="Found">
            {results.data.data.map((r) => (
              <Command.Item
                key={r.id}
                value={`found ${r.id}`}
                onSelect={() => {
                  if (r.type === "issue") go("/$ws/issue/$key", { key: r.identifier ?? r.id });
                  else if (r.type === "decision") go("/$ws/decisions/$id", { id: r.id });
                  else if (r.type === "note") go("/$ws/notes/$id", { id: r.id });
                  else go("/$ws/search", {}, { q });
                }}
              >
                <span className="palette-kind">{r.type === "issue" ? r.identifier : r.type}</span>
                <span className="palette-title">{r.title}</span>
                {r.snippet && r.snippet !== r.title && (
                  <span className="palette-snippet">
                    <Snippet html={r.snippet} />
                  </span>
                )}
              </Command.Item>
            ))}
            <Command.Item value="search all" onSelect={() => go("/$ws/search", {}, { q })}>
              Search everything for “{q}”
            </Command.Item>
          </Command.Group>
        )}
        <Command.Group heading="Commands">
          {matches(text, "New issue create") && (
            <Command.Item
              value="new issue"
              onSelect={() => {
                close();
                ui.createIssue.set({});
              }}
            >
              New issue
              <span className="palette-keys">
                <kbd>C</kbd>
              </span>
            </Command.Item>
          )}
          {NAV.filter((n) => matches(text, `Go to ${n.label}`)).map((n) => (
            <Command.Item key={n.to} value={`go ${n.label}`} onSelect={() => go(n.to)}>
              Go to {n.label}
              <span className="palette-keys">
                {displayKeys(n.keys).map((k) => (
                  <kbd key={k}>{k}</kbd>
                ))}
              </span>
            </Command.Item>
          ))}
          {matches(text, "Keyboard shortcuts help") && (
            <Command.Item
              value="shortcuts"
              onSelect={() => {
                close();
                ui.help.set(true);
              }}
            >
              Keyboard shortcuts
              <span className="palette-keys">
                <kbd>?</kbd>
              </span>
            </Command.Item>
          )}
          {me.workspaces
            .filter((w) => w.slug !== ws && matches(text, `Switch workspace ${w.name}`))
            .map((w) => (
              <Command.Item
                key={w.id}
                value={`switch ${w.slug}`}
                onSelect={() => {
                  close();
                  void navigate({ to: "/$ws/issues", params: { ws: w.slug } });
                }}
              >
                Switch to workspace {w.name}
              </Command.Item>
            ))}
        </Command.Group>
      </Command.List>
    </Command.Dialog>
  );
}

/** Every word typed appears in the command's words (any order, any case). */
function matches(typed: string, words: string): boolean {
  const hay = words.toLowerCase();
  return typed
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}
