/**
 * A streaming CSV reader (RFC 4180) for the import readers: quoted fields holding commas, line breaks and doubled
 * quotes; CRLF, LF or CR line ends; a UTF-8 byte-order mark; cells kept by position, so a header that repeats a name
 * (Jira's `Labels`, `Comment`, …) loses nothing. The delimiter is the comma, or a semicolon or tab when the header
 * line holds more of those. Reads chunk by chunk and holds one record at a time, never the file.
 *
 * A broken quote (text after a closing quote, or a quote left open at the end of the file) is a 400 naming the row
 * and the line where it starts: a file that cannot be split into rows cannot be trusted past that point.
 */
import { invalid } from "../../errors.ts";

/** One record: its cells, its number as a spreadsheet shows it (the header is row 1) and the line it starts on. */
export interface CsvRecord {
  cells: string[];
  row: number;
  line: number;
}

export interface CsvOptions {
  /** the longest record, in characters, before the file is refused (a quote left open would read the rest) */
  maxRecordChars?: number;
}

const DELIMITERS = [",", ";", "\t"] as const;

/**
 * The delimiter of a file, from its header line: the one of comma, semicolon and tab it holds most of (Jira lets an
 * export choose; spreadsheets in some locales write semicolons). Commas when there is no other.
 */
export function detectDelimiter(headerLine: string): number {
  let best = ",";
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = headerLine.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best.charCodeAt(0);
}

export const DEFAULT_MAX_RECORD_CHARS = 8 * 1024 * 1024;

export type ByteInput = AsyncIterable<Buffer | Uint8Array | string> | NodeJS.ReadableStream;

/** The input's text, decoded as UTF-8 chunk by chunk (a character split across chunks is kept whole). */
export async function* decodeText(input: ByteInput): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: false });
  for await (const chunk of input as AsyncIterable<Buffer | Uint8Array | string>) {
    if (typeof chunk === "string") {
      yield chunk;
      continue;
    }
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The records of a CSV stream, header included (row 1). Rows keep the width they have: the caller decides what a
 * row shorter or wider than its header means. A record whose cells are all empty (a blank line) is left out.
 */
export async function* readCsv(input: ByteInput, options: CsvOptions = {}): AsyncGenerator<CsvRecord> {
  const maxRecordChars = options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS;
  let buf = "";
  let first = true;
  let row = 0;
  let line = 1; // the line the next record starts on
  let waitFor = 0; // a long unfinished record is tried again only once the buffer has doubled
  let sep = 0; // the delimiter, known once the header line is
  for await (const text of decodeText(input)) {
    buf += first && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    first = false;
    if (!sep) {
      const end = buf.search(/[\r\n]/);
      if (end === -1 && buf.length < 65536) continue;
      sep = detectDelimiter(end === -1 ? buf : buf.slice(0, end));
    }
    if (buf.length < waitFor) continue;
    waitFor = 0;
    let pos = 0;
    for (;;) {
      const parsed = parseRecord(buf, pos, false, row + 1, line, sep);
      if (!parsed) break;
      pos = parsed.end;
      line += parsed.lines;
      if (isBlank(parsed.cells)) continue;
      row += 1;
      yield { cells: parsed.cells, row, line: parsed.startLine };
    }
    buf = buf.slice(pos);
    if (buf.length > 65536) waitFor = buf.length * 2;
    if (buf.length > maxRecordChars) {
      throw invalid(
        `CSV row ${row + 1} (line ${line}) is longer than ${maxRecordChars} characters: a quote is probably left open.`,
      );
    }
  }
  if (!sep) sep = detectDelimiter(buf);
  let pos = 0;
  while (pos < buf.length) {
    const parsed = parseRecord(buf, pos, true, row + 1, line, sep);
    if (!parsed) break;
    pos = parsed.end;
    line += parsed.lines;
    if (isBlank(parsed.cells)) continue;
    row += 1;
    yield { cells: parsed.cells, row, line: parsed.startLine };
  }
}

function isBlank(cells: string[]): boolean {
  return cells.length === 1 && cells[0] === "";
}

interface Parsed {
  cells: string[];
  end: number;
  lines: number;
  startLine: number;
}

/**
 * One record from `buf` at `pos`, or null when the buffer ends before the record does (more input is needed).
 * At the end of the input (`final`), the last record needs no line break.
 */
function parseRecord(
  buf: string,
  pos: number,
  final: boolean,
  row: number,
  startLine: number,
  sep: number,
): Parsed | null {
  const cells: string[] = [];
  let lines = 0;
  let i = pos;
  const n = buf.length;
  for (;;) {
    if (i >= n) {
      if (!final) return null;
      cells.push("");
      return { cells, end: n, lines, startLine };
    }
    if (buf.charCodeAt(i) === 34 /* " */) {
      // a quoted field: up to the quote that is not doubled
      let value = "";
      let j = i + 1;
      for (;;) {
        const q = buf.indexOf('"', j);
        if (q === -1) {
          if (!final) return null;
          throw invalid(
            `CSV row ${row} (line ${startLine}): a quoted field is never closed; the file ends inside it.`,
          );
        }
        if (q + 1 >= n && !final) return null; // is it a doubled quote? the next chunk says
        value += buf.slice(j, q);
        if (buf.charCodeAt(q + 1) === 34) {
          value += '"';
          j = q + 2;
          continue;
        }
        j = q + 1;
        break;
      }
      lines += countBreaks(value);
      cells.push(value);
      i = j;
      if (i >= n) {
        if (!final) return null;
        return { cells, end: n, lines, startLine };
      }
      const c = buf.charCodeAt(i);
      if (c === sep) {
        i += 1;
        continue;
      }
      const br = lineBreak(buf, i, final);
      if (br === -1) return null;
      if (br > 0) return { cells, end: i + br, lines: lines + 1, startLine };
      throw invalid(
        `CSV row ${row} (line ${startLine + lines}): a closing quote is followed by ${JSON.stringify(buf[i])} instead of ${sep === 44 ? "a comma" : "the delimiter"} or a line end; a quote inside a quoted field must be doubled ("").`,
      );
    }
    // an unquoted field: up to the next comma or line break
    let j = i;
    for (;;) {
      if (j >= n) {
        if (!final) return null;
        cells.push(buf.slice(i, n));
        return { cells, end: n, lines, startLine };
      }
      const c = buf.charCodeAt(j);
      if (c === sep) {
        cells.push(buf.slice(i, j));
        i = j + 1;
        break;
      }
      if (c === 10 || c === 13) {
        const br = lineBreak(buf, j, final);
        if (br === -1) return null;
        cells.push(buf.slice(i, j));
        return { cells, end: j + br, lines: lines + 1, startLine };
      }
      j += 1;
    }
  }
}

/** The length of the line break at `i` (1 or 2), 0 when there is none, -1 when a CR ends the buffer mid-stream. */
function lineBreak(buf: string, i: number, final: boolean): number {
  const c = buf.charCodeAt(i);
  if (c === 10) return 1;
  if (c !== 13) return 0;
  if (i + 1 >= buf.length) return final ? 1 : -1;
  return buf.charCodeAt(i + 1) === 10 ? 2 : 1;
}

function countBreaks(s: string): number {
  let count = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 10) count += 1;
    else if (c === 13 && s.charCodeAt(k + 1) !== 10) count += 1;
  }
  return count;
}
