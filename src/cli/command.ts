import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { UsageError } from "./output.ts";

/**
 * The shape every `docket` sub-command shares (admin and client alike): a name of one or two words, a
 * summary, its flags, its positional arguments and examples. Help, grouping and argument checks are
 * made from it here, once.
 */
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface CommandSpec {
  /** e.g. "people create" or "issues deps add" */
  name: string;
  summary: string;
  /** the positional part of the usage line, e.g. "<ID>"; made from `positionals` when left out */
  args?: string;
  options: ParseArgsOptionsConfig;
  /**
   * Positional arguments by name: `id` is required, `id?` optional, `words...` one or more, `words*`
   * any number.
   */
  positionals?: string[];
  examples: string[];
}

export const str = (v: Values, name: string): string | undefined =>
  typeof v[name] === "string" ? (v[name] as string) : undefined;

export function need(v: Values, name: string): string {
  const value = str(v, name);
  if (value === undefined || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value;
}

export function wholeNumber(raw: string, flag: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--${flag} must be a whole number (got "${raw}")`);
  return Number(raw.trim());
}

/** `<id> [path] <words...>` from positional names. */
export function positionalUsage(names: readonly string[] = []): string {
  return names
    .map((p) => {
      if (p.endsWith("?")) return `[${p.slice(0, -1)}]`;
      if (p.endsWith("*")) return `[${p.slice(0, -1)}...]`;
      return `<${p}>`;
    })
    .join(" ");
}

const argsOf = (c: CommandSpec) => c.args ?? positionalUsage(c.positionals);

/** The command's name with its positional arguments, as the command lists show it. */
export const signature = (c: CommandSpec) => `${c.name}${argsOf(c) ? ` ${argsOf(c)}` : ""}`;

/** One command's --help: summary, usage with every flag, examples. */
export function commandHelp(prog: string, c: CommandSpec, commonFlags: string[] = ["[--json]"]): string {
  const flags = Object.entries(c.options).map(([flag, o]) => {
    const value = o.type === "string" ? ` <${flag.replace(/-file$/, "-path")}>` : "";
    return `[--${flag}${value}]${o.multiple ? "..." : ""}`;
  });
  return [
    `${prog} ${signature(c)} — ${c.summary}`,
    "",
    `Usage: ${prog} ${signature(c)} ${[...flags, ...commonFlags].join(" ")}`,
    "",
    "Examples:",
    ...c.examples.map((e) => `  ${e}`),
  ].join("\n");
}

/** Lines `  name <args>   summary`, aligned. */
export function commandList(commands: readonly CommandSpec[]): string[] {
  const width = Math.max(...commands.map((c) => signature(c).length));
  return commands.map((c) => `  ${signature(c).padEnd(width + 2)}${c.summary}`);
}

/** The command `argv` names: the longest name (three, two or one words) that matches its start. */
export function findCommand<C extends CommandSpec>(
  commands: readonly C[],
  argv: readonly string[],
): C | undefined {
  for (const words of [3, 2, 1]) {
    const name = argv.slice(0, words).join(" ");
    const found = commands.find((c) => c.name === name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The edits (insertions, deletions, substitutions and swaps of two neighbours) that turn `a` into `b`:
 * the optimal string alignment distance, so `lsit` is one edit from `list`.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  return d[a.length]![b.length]!;
}

/**
 * The one of `candidates` a mistyped `given` most likely meant: the nearest by edits, when within a
 * third of the word's length (at least one, at most three edits; case is ignored), else one that
 * starts with it or that it starts with (`issue` for `issues`). Undefined when none is near or two are
 * equally near.
 */
export function suggest(given: string, candidates: Iterable<string>): string | undefined {
  const word = given.toLowerCase();
  if (word === "") return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const c of new Set(candidates)) {
    const distance = editDistance(word, c.toLowerCase());
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) tie = true;
  }
  if (best !== undefined && bestDistance <= limit && !tie) return best;
  const prefixed = [...new Set(candidates)].filter(
    (c) => word.length >= 3 && (c.toLowerCase().startsWith(word) || word.startsWith(c.toLowerCase())),
  );
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/**
 * When `argv` names a group (`people`) but no command of it, the problem to report, with the group's
 * commands listed; undefined when it names no group at all.
 */
export function groupProblem(
  prog: string,
  commands: readonly CommandSpec[],
  argv: readonly string[],
): string | undefined {
  for (const words of [2, 1]) {
    const group = argv.slice(0, words).join(" ");
    if (argv.length < words || group.startsWith("-")) continue;
    const members = commands.filter((c) => c.name.startsWith(`${group} `));
    if (members.length === 0) continue;
    const lines = members.map((c) => `  ${prog} ${signature(c)}  — ${c.summary}`);
    const next = argv[words];
    const near =
      next && !next.startsWith("-")
        ? suggest(
            next,
            members.map((c) => c.name.slice(group.length + 1).split(" ")[0]!),
          )
        : undefined;
    const problem =
      next && !next.startsWith("-")
        ? `unknown command "${group} ${next}"${near ? `. Did you mean "${group} ${near}"?` : ""}`
        : `"${prog} ${group}" needs a command`;
    return `${problem}${near ? " The" : "; the"} ${group} commands are:\n${lines.join("\n")}`;
  }
  return undefined;
}

/**
 * Parses a command's flags and positionals (after its name) strictly: an unknown flag, a missing or an
 * extra argument is a UsageError pointing at --help.
 */
export function parseCommandArgs(
  prog: string,
  c: CommandSpec,
  rest: string[],
  common: ParseArgsOptionsConfig,
): { values: Values; positionals: string[] } {
  let values: Values;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: rest,
      options: { ...c.options, ...common },
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    });
    values = parsed.values as Values;
    positionals = parsed.positionals;
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/\. To specify.*$/s, "") : String(error);
    // an unknown flag that is a typo of one the command takes: say which
    const unknown = /^Unknown option '--([^']+)'/.exec(message)?.[1];
    const near = unknown ? suggest(unknown, Object.keys({ ...c.options, ...common })) : undefined;
    if (near) throw new UsageError(`${message}. Did you mean --${near}? (see ${prog} ${c.name} --help)`);
    throw new UsageError(`${message}; see ${prog} ${c.name} --help`);
  }
  const expected = c.positionals ?? [];
  const required = expected.filter((p) => !p.endsWith("?") && !p.endsWith("*")).length;
  const unbounded = expected.some((p) => p.endsWith("...") || p.endsWith("*"));
  if (positionals.length < required || (!unbounded && positionals.length > expected.length)) {
    throw new UsageError(
      expected.length
        ? `${prog} ${c.name} takes ${positionalUsage(expected)}`
        : `${prog} ${c.name} takes no arguments (got "${positionals.join(" ")}")`,
    );
  }
  return { values, positionals };
}
