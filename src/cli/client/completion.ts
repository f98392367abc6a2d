import { UsageError } from "../output.ts";
import type { ClientCommand } from "./context.ts";

/**
 * Shell completion scripts made from the command table itself, so they never fall behind: command and
 * sub-command names at each level, then each command's flags.
 */

interface Entry {
  /** the words that lead here, e.g. ["issues", "deps"] */
  path: string[];
  /** what may come next: sub-commands with their summaries, or flags */
  words: { word: string; about: string; takesValue?: boolean }[];
}

const TOP = [
  { word: "serve", about: "Run the service" },
  { word: "admin", about: "The operator's tool (works on the database)" },
  { word: "help", about: "Show help" },
];

const GROUP_ABOUT: Record<string, string> = {
  issues: "Issues and their dependencies",
  decisions: "Decisions (ADR-like records)",
  notes: "Notes",
  folders: "Note folders",
  cycles: "Cycles and their burn-down",
  milestones: "Milestones",
  files: "Upload, download and list files",
  bundle: "Execution bundles",
  claim: "Claim an issue, renew or release a claim",
  claims: "Claims (leases on issues)",
  profiles: "Signed-in profiles",
  deps: "Dependency edges",
  completion: "Print a shell completion script",
};

const COMMON_FLAGS = [
  { word: "--json", about: "print the API's JSON" },
  { word: "--profile", about: "the profile to use", takesValue: true },
  { word: "--help", about: "show flags and examples" },
];

/** Every level of the command tree, deepest first so that longer paths match before shorter ones. */
function entries(commands: readonly ClientCommand[]): Entry[] {
  const levels = new Map<string, Entry>();
  const level = (path: string[]) => {
    const key = path.join(" ");
    let e = levels.get(key);
    if (!e) {
      e = { path, words: [] };
      levels.set(key, e);
    }
    return e;
  };
  level([]).words.push(...TOP);
  for (const c of commands) {
    const words = c.name.split(" ");
    for (let i = 0; i < words.length; i++) {
      const at = level(words.slice(0, i));
      const word = words[i]!;
      if (at.words.some((w) => w.word === word)) continue;
      const about = i === words.length - 1 ? c.summary : (GROUP_ABOUT[word] ?? word);
      at.words.push({ word, about });
    }
    const flags = Object.entries(c.options).map(([flag, o]) => ({
      word: `--${flag}`,
      about: "",
      takesValue: o.type === "string",
    }));
    // a command that is also a group (none today) keeps its sub-commands; flags come after them
    level(words).words.push(...flags, ...COMMON_FLAGS);
  }
  return [...levels.values()].sort((a, b) => b.path.length - a.path.length);
}

const sq = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

function bash(list: Entry[]): string {
  const cases = list.map(
    (e) =>
      `    ${e.path.length ? `" ${e.path.join(" ")} "*` : "*"}) words=${sq(e.words.map((w) => w.word).join(" "))} ;;`,
  );
  return [
    "# docket completion for bash. Load it with:  source <(docket completion bash)",
    "_docket() {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    '  local cur="${COMP_WORDS[COMP_CWORD]}"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    '  local line=" ${COMP_WORDS[*]:1:COMP_CWORD-1} "',
    '  local words=""',
    '  case "$line" in',
    ...cases,
    "  esac",
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    "}",
    "complete -F _docket docket",
    "",
  ].join("\n");
}

function zsh(list: Entry[]): string {
  const colon = (s: string) => s.replaceAll(":", "\\:");
  const cases = list.map((e) => {
    const pattern = e.path.length ? `" ${e.path.join(" ")} "*` : "*";
    const isFlags = e.words.every((w) => w.word.startsWith("--"));
    const items = e.words
      .map((w) => sq(w.about ? `${colon(w.word)}:${colon(w.about)}` : colon(w.word)))
      .join(" ");
    return `    ${pattern}) items=(${items}); kind=${isFlags ? "flag" : "command"} ;;`;
  });
  return [
    "#compdef docket",
    "# docket completion for zsh. Load it with:  source <(docket completion zsh)",
    "# or save it as _docket in a folder on $fpath.",
    "_docket() {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    '  local line=" ${words[2,CURRENT-1]} "',
    "  local -a items",
    "  local kind",
    '  case "$line" in',
    ...cases,
    "  esac",
    "  _describe -t $kind $kind items",
    "}",
    'if [ "$funcstack[1]" = "_docket" ]; then _docket "$@"; else compdef _docket docket; fi',
    "",
  ].join("\n");
}

function fish(list: Entry[]): string {
  const lines = [
    "# docket completion for fish. Load it with:  docket completion fish | source",
    "# or save it as ~/.config/fish/completions/docket.fish",
    "function __docket_words --description 'the words typed after docket, without flags'",
    "    set -l tokens (commandline -opc)",
    "    set -e tokens[1]",
    "    for t in $tokens",
    "        string match -q -- '-*' $t; or echo $t",
    "    end",
    "end",
    "function __docket_at --description 'the words typed are exactly these'",
    "    set -l w (__docket_words)",
    '    test "$w" = "$argv"',
    "end",
    "function __docket_in --description 'the words typed start with these'",
    "    set -l w (__docket_words)",
    "    set -l n (count $argv)",
    '    test (count $w) -ge $n; and test "$w[1..$n]" = "$argv"',
    "end",
    "complete -c docket -f",
  ];
  for (const e of [...list].reverse()) {
    for (const w of e.words) {
      const about = w.about ? ` -d ${sq(w.about)}` : "";
      if (w.word.startsWith("--")) {
        lines.push(
          `complete -c docket -n ${sq(`__docket_in ${e.path.join(" ")}`)} -l ${w.word.slice(2)}${w.takesValue ? " -r" : ""}${about}`,
        );
      } else {
        lines.push(
          `complete -c docket -n ${sq(`__docket_at ${e.path.join(" ")}`.trimEnd())} -a ${w.word}${about}`,
        );
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

export const SHELLS = { bash, zsh, fish } as const;

export const COMPLETION_COMMANDS: ClientCommand[] = [
  {
    name: "completion",
    summary: "Print a shell completion script for bash, zsh or fish",
    positionals: ["shell"],
    options: {},
    auth: false,
    examples: [
      "source <(docket completion bash)              # in ~/.bashrc",
      "source <(docket completion zsh)               # in ~/.zshrc",
      "docket completion fish > ~/.config/fish/completions/docket.fish",
    ],
    async run(_ctx, _v, [shell]) {
      const make = SHELLS[shell as keyof typeof SHELLS];
      if (!make) throw new UsageError(`completion scripts are for bash, zsh or fish (got "${shell}")`);
      const { CLIENT_COMMANDS } = await import("./index.ts");
      const script = make(entries(CLIENT_COMMANDS));
      return { json: { shell, script }, text: script.trimEnd() };
    },
  },
];
