/**
 * The command palette (Ctrl/⌘-K): commands (new issue, go to a view, switch workspace) and the
 * workspace's issues, decisions and notes found by the search API as the person types.
 */
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Command } from "cmdk";
import { useEffect, useMemo, useState } from "react";
import { api, unwrap } from "../api.ts";
import { branchName, issueLink } from "../lib/branch.ts";
import { useStore } from "../lib/store.ts";
import { setTheme, THEMES } from "../lib/theme.ts";
import { keys, useMe } from "../queries.ts";
import { copyText } from "../ui/clipboard.ts";
import { Snippet } from "../ui/Snippet.tsx";
import { toast } from "../ui/toast.tsx";
import { displayKeys } from "./keys.ts";
import { NAV } from "./Shell.tsx";
import { typeAhead } from "./type-ahead.ts";
import { type PaletteChange, type PaletteTargets, ui } from "./ui.ts";

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

  // the page's focused or selected issues, read as the palette opens
  const provider = useStore(ui.paletteTargets);
  const targets = useMemo(() => (open && provider ? provider() : null), [open, provider]);
  const issueActions: Action[] =
    targets && targets.issues.length > 0
      ? issueActionsFor(targets, ws, close).filter((a) => matches(text, a.words))
      : [];
  const commands: Action[] = [
    {
      value: "new issue",
      label: "New issue",
      words: "New issue create",
      keys: ["C"],
      run: () => {
        close();
        ui.createIssue.set({});
      },
    },
    ...NAV.map((n) => ({
      value: `go ${n.label}`,
      label: `Go to ${n.label}`,
      words: `Go to ${n.label}`,
      keys: displayKeys(n.keys),
      run: () => go(n.to),
    })),
    {
      value: "shortcuts",
      label: "Keyboard shortcuts",
      words: "Keyboard shortcuts help",
      keys: ["?"],
      run: () => {
        close();
        ui.help.set(true);
      },
    },
    ...THEMES.map((t) => ({
      value: `theme ${t.value}`,
      label: `Theme: ${t.label}${t.value === "system" ? " (follow the system)" : ""}`,
      words: `Theme ${t.label} appearance colour color ${t.value === "dark" ? "night" : ""}`,
      run: () => {
        close();
        setTheme(t.value);
      },
    })),
    ...me.workspaces
      .filter((w) => w.slug !== ws)
      .map((w) => ({
        value: `switch ${w.slug}`,
        label: `Switch to workspace ${w.name}`,
        words: `Switch workspace ${w.name}`,
        run: () => {
          close();
          void navigate({ to: "/$ws/issues", params: { ws: w.slug } });
        },
      })),
  ].filter((c) => matches(text, c.words));

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
        {targets && issueActions.length > 0 && (
          <Command.Group heading={targetHeading(targets.issues)}>
            {issueActions.map((a) => (
              <Command.Item key={a.value} value={a.value} onSelect={a.run}>
                {a.label}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {commands.length > 0 && (
          <Command.Group heading="Commands">
            {commands.map((c) => (
              <Command.Item key={c.value} value={c.value} onSelect={c.run}>
                {c.label}
                {c.keys && (
                  <span className="palette-keys">
                    {c.keys.map((k) => (
                      <kbd key={k}>{k}</kbd>
                    ))}
                  </span>
                )}
              </Command.Item>
            ))}
          </Command.Group>
        )}
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

interface Action {
  value: string;
  label: string;
  /** What typing matches: the label and other words people may type. */
  words: string;
  keys?: string[];
  run: () => void;
}

const CHANGES: { kind: PaletteChange; label: string; words: string }[] = [
  { kind: "status", label: "Change status…", words: "Change status move state" },
  { kind: "priority", label: "Change priority…", words: "Change priority urgent" },
  { kind: "assignee", label: "Assign to…", words: "Assign assignee change owner person agent" },
  { kind: "labels", label: "Change labels…", words: "Change labels tag" },
  { kind: "cycle", label: "Set cycle…", words: "Set cycle sprint change" },
  { kind: "milestone", label: "Set milestone…", words: "Set milestone change" },
];

/** "ENG-3 Fix login" for one issue, "3 selected issues" for more. */
function targetHeading(issues: PaletteTargets["issues"]): string {
  if (issues.length === 1) return `${issues[0]!.identifier} ${issues[0]!.title}`;
  return `${issues.length} selected issues`;
}

/** What the palette offers on the page's issues: the changes, and copying links or branch names. */
function issueActionsFor(targets: PaletteTargets, ws: string, close: () => void): Action[] {
  const { issues } = targets;
  const one = issues.length === 1;
  const copy = (text: string, done: string) => {
    close();
    copyText(text, done).catch((error: Error) => toast(`Not copied: ${error.message}`, { kind: "error" }));
  };
  return [
    ...CHANGES.map((c) => ({
      value: `issue ${c.kind}`,
      label: c.label,
      words: c.words,
      run: () => {
        close();
        targets.change(c.kind);
      },
    })),
    ...(targets.remove
      ? [
          {
            value: "issue delete",
            label: one ? `Delete ${issues[0]!.identifier}` : `Delete ${issues.length} issues`,
            words: "Delete remove trash",
            run: () => {
              close();
              targets.remove?.();
            },
          },
        ]
      : []),
    {
      value: "issue copy link",
      label: one ? "Copy link" : `Copy ${issues.length} links`,
      words: "Copy link url address",
      run: () =>
        copy(
          issues.map((i) => issueLink(ws, i.identifier)).join("\n"),
          one ? `Link to ${issues[0]!.identifier} copied` : `${issues.length} links copied`,
        ),
    },
    {
      value: "issue copy branch",
      label: one ? "Copy branch name" : `Copy ${issues.length} branch names`,
      words: "Copy branch name git",
      run: () => {
        const names = issues.map((i) => branchName(i.identifier, i.title));
        copy(
          names.join("\n"),
          one ? `Branch name copied: ${names[0]}` : `${names.length} branch names copied`,
        );
      },
    },
  ];
}
