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

/** Columns padded to their widest cell; the last column is never padded. */
export function table(headers: string[], rows: (string | number | null | undefined)[][]): string {
  if (rows.length === 0) return "(none)";
  const cells = [
    headers,
    ...rows.map((r) => r.map((c) => (c === null || c === undefined ? "-" : String(c)))),
  ];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  return cells
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
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
    io.err(json ? JSON.stringify(body) : `docket: ${error.code}: ${error.description}`);
    return error.status === 404 ? EXIT.notFound : error.status === 401 ? EXIT.auth : EXIT.error;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.err(json ? JSON.stringify({ error: "failed", error_description: message }) : `docket: ${message}`);
  return EXIT.error;
}
