import { truncate } from "../output.ts";

/**
 * What the terminal allows: colour only on a TTY (or with FORCE_COLOR) and never with NO_COLOR set;
 * tables as wide as the terminal (or COLUMNS); progress bars only when stderr is a TTY.
 */
export interface Terminal {
  color: boolean;
  /** the width tables fit in; undefined when output is not a terminal and COLUMNS is not set */
  width: number | undefined;
  /** whether progress can be drawn on stderr */
  progress: boolean;
  stderr: (text: string) => void;
}

interface Stream {
  isTTY?: boolean;
  columns?: number;
}

export function terminal(
  env: NodeJS.ProcessEnv,
  stdout: Stream = process.stdout,
  stderr: Stream & { write(text: string): unknown } = process.stderr,
): Terminal {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  const force = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "" && env.FORCE_COLOR !== "0";
  const columns = Number(env.COLUMNS);
  return {
    color: !noColor && (force || (stdout.isTTY === true && env.TERM !== "dumb")),
    width: Number.isInteger(columns) && columns > 0 ? columns : stdout.isTTY ? stdout.columns : undefined,
    progress: stderr.isTTY === true,
    stderr: (text) => stderr.write(text),
  };
}

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;
export type Colour = keyof typeof CODES;

export type Paint = (text: string, colour: Colour | undefined) => string;

export function painter(t: Terminal): Paint {
  return (text, colour) => {
    if (!t.color || !colour || text === "") return text;
    const [on, off] = CODES[colour];
    return `\u001b[${on}m${text}\u001b[${off}m`;
  };
}

/** The colour a status or priority is shown in. */
export function statusColour(status: string): Colour | undefined {
  switch (status) {
    case "done":
    case "accepted":
    case "completed":
      return "green";
    case "canceled":
    case "rejected":
    case "superseded":
      return "gray";
    case "in_progress":
    case "active":
      return "yellow";
    case "in_review":
      return "magenta";
    case "todo":
    case "proposed":
    case "upcoming":
      return "blue";
    case "iced":
      return "cyan";
    case "urgent":
      return "red";
    case "high":
      return "yellow";
    default:
      return undefined;
  }
}

/** `label: value` lines, the labels aligned; null and empty values leave their line out. */
export function fields(rows: [string, string | number | null | undefined][], paint: Paint): string {
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== "");
  const width = Math.max(...shown.map(([k]) => k.length));
  return shown.map(([k, v]) => `${paint(`${k}:`.padEnd(width + 1), "dim")} ${v}`).join("\n");
}

export interface TreeNode {
  label: string;
  children: TreeNode[];
}

/** A tree drawn with box characters, one node a line. */
export function drawTree(roots: readonly TreeNode[], width?: number): string {
  const lines: string[] = [];
  const walk = (node: TreeNode, prefix: string, last: boolean, top: boolean) => {
    const lead = top ? "" : `${prefix}${last ? "└── " : "├── "}`;
    lines.push(width ? truncate(`${lead}${node.label}`, width) : `${lead}${node.label}`);
    const inner = top ? "" : `${prefix}${last ? "    " : "│   "}`;
    node.children.forEach((c, i) => {
      walk(c, inner, i === node.children.length - 1, false);
    });
  };
  for (const r of roots) walk(r, "", true, true);
  return lines.join("\n");
}

const EIGHTHS = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];

export interface ChartSeries {
  /** one value a day */
  actual: readonly number[];
  /** the ideal line, one value a day, as long as the cycle (may run past `actual`) */
  ideal: readonly number[];
  dates: readonly string[];
}

/**
 * A burn-down chart: a column of block characters a day for the work remaining, a dotted ideal line,
 * the scale on the left and the first and last day underneath.
 */
export function burnDownChart(
  s: ChartSeries,
  options: { height?: number; width?: number; paint?: Paint } = {},
): string {
  const height = options.height ?? 8;
  const paint = options.paint ?? ((t: string) => t);
  const days = Math.max(s.actual.length, s.ideal.length, 1);
  const top = Math.max(1, ...s.actual, ...s.ideal);
  const label = String(top).length;
  const room = (options.width ?? 80) - label - 2;
  const step = days * 2 <= room ? 2 : 1;
  const rows: string[] = [];
  for (let r = height - 1; r >= 0; r--) {
    let line = "";
    for (let d = 0; d < days; d++) {
      const eighths = s.actual[d] === undefined ? 0 : Math.round((s.actual[d]! / top) * height * 8);
      const fill = Math.max(0, Math.min(8, eighths - r * 8));
      let cell: string;
      if (fill > 0) cell = paint(EIGHTHS[fill]!, "cyan");
      else {
        const ideal = s.ideal[d];
        const at = ideal === undefined ? -1 : Math.min(height - 1, Math.floor((ideal / top) * height - 1e-9));
        cell = at === r || (ideal === 0 && r === 0) ? paint("·", "gray") : " ";
      }
      line += step === 2 ? `${cell} ` : cell;
    }
    const scale = r === height - 1 ? String(top) : r === 0 ? "0" : "";
    rows.push(`${scale.padStart(label)} ┤${line.trimEnd()}`);
  }
  rows.push(`${" ".repeat(label)} └${"─".repeat(days * step)}`);
  const first = s.dates[0] ?? "";
  const last = s.dates.at(-1) ?? "";
  const gap = Math.max(1, days * step - first.length - last.length);
  rows.push(`${" ".repeat(label + 2)}${first}${days > 1 ? `${" ".repeat(gap)}${last}` : ""}`);
  return rows.join("\n");
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB"];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}

/** A progress bar on stderr, redrawn in place; silent unless stderr is a terminal. */
export function progressBar(t: Terminal, label: string, total: number) {
  let last = 0;
  let done = 0;
  const draw = (final: boolean) => {
    const now = Date.now();
    if (!final && now - last < 80) return;
    last = now;
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const bar = 24;
    const filled = Math.round(ratio * bar);
    t.stderr(
      `\r${truncate(label, 30)} [${"█".repeat(filled)}${"░".repeat(bar - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${formatBytes(done)}/${formatBytes(total)}${final ? "\n" : ""}`,
    );
  };
  return {
    tick(bytes: number) {
      done += bytes;
      if (t.progress) draw(false);
    },
    finish() {
      if (t.progress) draw(true);
    },
  };
}
