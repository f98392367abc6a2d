import { ConfigError } from "../config.ts";
import { DocketError } from "../errors.ts";

/** Exit codes every `docket` command keeps to. */
export const EXIT = { ok: 0, error: 1, usage: 2, auth: 3, notFound: 4 } as const;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export interface TableOptions {
  /** the most characters a line may take: the widest columns are cut (ending in …) to fit */
  width?: number;
  /** the columns that may be cut to fit (all unless given); identifiers and dates are best left whole */
  shrink?: number[];
  /** colours a cell after padding (row -1 is the header) */
  paint?: (text: string, row: number, column: number) => string;
  /**
   * The column that takes the width (a title): when the line must shrink, the other columns that may
   * shrink are cut to FILL_OTHERS characters first and this one gets what they leave, keeping at least
   * FILL_KEEPS; only then are the others cut further.
   */
  fill?: number;
}

/** With `fill`, what the other columns that may shrink are cut to before the fill column is. */
export const FILL_OTHERS = 16;
/** With `fill`, what the fill column keeps before the other columns are cut below FILL_OTHERS. */
export const FILL_KEEPS = 24;

/** `text` cut to `width` characters, ending in … when cut. */
export function truncate(text: string, width: number): string {
  if (text.length <= width) return text;
  // a cut never ends in a space before the …
  return width <= 1 ? "…".slice(0, width) : `${text.slice(0, width - 1).trimEnd()}…`;
}

/**
 * Narrows the widest of the columns that may shrink, one character at a time, until the line fits; a
 * column keeps at least its header's width (and 6 characters).
 */
function fitWidths(
  widths: number[],
  headers: string[],
  width: number,
  shrink?: number[],
  fill?: number,
): number[] {
  const out = [...widths];
  const floor = headers.map((h, i) =>
    shrink && !shrink.includes(i) ? widths[i]! : Math.min(widths[i]!, Math.max(6, h.length)),
  );
  let total = out.reduce((a, b) => a + b, 0) + 2 * (out.length - 1);
  /** Narrows the widest of the columns `to` allows, one character at a time, down to `to`'s widths. */
  const narrow = (to: (i: number) => number) => {
    while (total > width) {
      let widest = -1;
      for (let i = 0; i < out.length; i++)
        if (out[i]! > to(i) && (widest < 0 || out[i]! > out[widest]!)) widest = i;
      if (widest < 0) break;
      out[widest]!--;
      total--;
    }
  };
  if (fill !== undefined && floor[fill]! < widths[fill]!) {
    // the others first, to FILL_OTHERS; then the fill column, to FILL_KEEPS; then the others again
    const others = (limit: (i: number) => number) => (i: number) =>
      i === fill ? out[i]! : Math.max(floor[i]!, limit(i));
    narrow(others((i) => Math.min(widths[i]!, Math.max(FILL_OTHERS, headers[i]!.length))));
    narrow((i) => (i === fill ? Math.max(floor[i]!, Math.min(widths[i]!, FILL_KEEPS)) : out[i]!));
    narrow(others(() => 0));
  }
  narrow((i) => floor[i]!);
  // Still too wide: the columns that may shrink go down to 4 characters ("ab…"), the last named first,
  // so the first named (the title, usually) keeps the most.
  for (const i of [...(shrink ?? out.map((_, i) => i))].reverse()) {
    const cut = Math.min(total - width, out[i]! - Math.min(out[i]!, 4));
    if (cut <= 0) continue;
    out[i]! -= cut;
    total -= cut;
  }
  return out;
}

/** Columns padded to their widest cell; the last column is never padded. */
export function table(
  headers: string[],
  rows: (string | number | null | undefined)[][],
  options: TableOptions = {},
): string {
  if (rows.length === 0) return "(none)";
  const cells = [
    headers,
    ...rows.map((r) =>
      r.map((c) => (c === null || c === undefined ? "-" : String(c).replace(/\s*\n\s*/g, " "))),
    ),
  ];
  const natural = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const widths = options.width
    ? fitWidths(natural, headers, options.width, options.shrink, options.fill)
    : natural;
  const paint = options.paint ?? ((text: string) => text);
  return cells
    .map((r, row) =>
      r
        .map((c, i) => {
          const cut = truncate(c, widths[i]!);
          return paint(i === r.length - 1 ? cut : cut.padEnd(widths[i]!), row - 1, i);
        })
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
};

/** Prints an error the way every command does, and returns the exit code that goes with it. */
export function reportError(io: Io, error: unknown, json: boolean): number {
  if (error instanceof UsageError) {
    io.err(
      json
        ? JSON.stringify({ error: "usage", error_description: error.message })
        : `docket: ${error.message}`,
    );
    return EXIT.usage;
  }
  if (error instanceof ConfigError) {
    io.err(
      json
        ? JSON.stringify({
            error: "invalid_configuration",
            variable: error.variable,
            error_description: error.message,
          })
        : `docket: configuration error: ${error.message}`,
    );
    return EXIT.usage;
  }
  if (error instanceof DocketError) {
    const body = {
      error: error.code,
      error_description: error.description,
      ...(error.fields ? { fields: error.fields } : {}),
    };
    const more = Object.entries(error.fields ?? {})
      .filter(([field, why]) => !error.description.includes(`${field}: ${why}`))
      .map(([field, why]) => `\n  ${field}: ${why}`)
      .join("");
    io.err(json ? JSON.stringify(body) : `docket: ${error.code}: ${error.description}${more}`);
    return error.status === 404 ? EXIT.notFound : error.status === 401 ? EXIT.auth : EXIT.error;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.err(json ? JSON.stringify({ error: "failed", error_description: message }) : `docket: ${message}`);
  return EXIT.error;
}
