/**
 * A streaming reader for the one JSON shape imports need: a top-level object whose one named member is a long array
 * (`{"startAt":0,…,"issues":[{…},{…},…]}`), or a top-level array. Each element of that array is parsed on its own
 * (with `JSON.parse`) as soon as it is complete, so memory holds one element at a time, never the file; the other
 * members of the object are parsed and handed over too (they are small: `total`, `names`, …).
 *
 * Anything that is not well-formed JSON is a 400 naming the character where reading stopped; an element longer than
 * `maxItemChars` is refused the same way (one issue is never megabytes).
 */
import { invalid } from "../../errors.ts";
import { type ByteInput, decodeText } from "./csv.ts";

export type JsonEvent =
  | { kind: "member"; key: string; value: unknown }
  | { kind: "item"; index: number; value: unknown }
  | { kind: "end"; sawArray: boolean; topLevel: "object" | "array" };

export interface JsonStreamOptions {
  /** the member of a top-level object whose array elements are streamed */
  arrayKey: string;
  maxItemChars?: number;
}

export const DEFAULT_MAX_ITEM_CHARS = 32 * 1024 * 1024;

type Mode =
  | "top"
  | "key"
  | "firstKey"
  | "colon"
  | "value"
  | "afterMember"
  | "firstItem"
  | "item"
  | "afterItem"
  | "done";

const WS = new Set([32, 9, 10, 13]);

export async function* readJsonStream(
  input: ByteInput,
  options: JsonStreamOptions,
): AsyncGenerator<JsonEvent> {
  const maxItemChars = options.maxItemChars ?? DEFAULT_MAX_ITEM_CHARS;
  let buf = "";
  let base = 0; // the offset of buf[0] in the whole text
  let pos = 0;
  let mode: Mode = "top";
  let topLevel: "object" | "array" = "object";
  let key = "";
  let inArray = false; // reading the streamed array's elements
  let sawArray = false;
  let index = 0;
  // a value being captured: where it starts, how far it was scanned, and the scanner's state there
  let start = -1;
  let scan = 0;
  let depth = 0;
  let inString = false;
  let primitive = false;
  let first = true;

  const fail = (at: number, what: string): never => {
    throw invalid(`The JSON is malformed at character ${base + at + 1}: ${what}.`);
  };

  /** Scans the value starting at `start` onwards; its end (exclusive), or -1 when the buffer ends first. */
  const scanValue = (final: boolean): number => {
    const n = buf.length;
    let i = scan;
    if (i === start) {
      const c = buf.charCodeAt(i);
      primitive = false;
      if (c === 123 || c === 91) {
        depth = 1;
        i += 1;
      } else if (c === 34) {
        inString = true;
        depth = 0;
        i += 1;
      } else {
        primitive = true;
      }
    }
    if (primitive) {
      while (i < n) {
        const d = buf.charCodeAt(i);
        if (d === 44 || d === 93 || d === 125 || WS.has(d)) return i;
        i += 1;
      }
      scan = i;
      return final ? i : -1;
    }
    while (i < n) {
      if (inString) {
        const q = buf.indexOf('"', i);
        if (q === -1) {
          i = n;
          break;
        }
        let backslashes = 0;
        for (let k = q - 1; k >= start && buf.charCodeAt(k) === 92; k--) backslashes += 1;
        i = q + 1;
        if (backslashes % 2 === 0) {
          inString = false;
          if (depth === 0) return i;
        }
        continue;
      }
      const c = buf.charCodeAt(i);
      i += 1;
      if (c === 34) inString = true;
      else if (c === 123 || c === 91) depth += 1;
      else if (c === 125 || c === 93) {
        depth -= 1;
        if (depth === 0) return i;
      }
    }
    scan = i;
    return -1;
  };

  const parse = (text: string, at: number): unknown => {
    try {
      return JSON.parse(text);
    } catch (error) {
      return fail(at, (error as Error).message);
    }
  };

  function* step(final: boolean): Generator<JsonEvent> {
    for (;;) {
      if (start >= 0) {
        const end = scanValue(final);
        if (end === -1) {
          if (buf.length - start > maxItemChars) {
            fail(start, `one value is longer than ${maxItemChars} characters`);
          }
          if (final) fail(buf.length, "the text ends inside a value");
          return;
        }
        const value = parse(buf.slice(start, end), start);
        pos = end;
        start = -1;
        if (inArray) {
          index += 1;
          yield { kind: "item", index, value };
          mode = "afterItem";
        } else {
          yield { kind: "member", key, value };
          mode = "afterMember";
        }
        continue;
      }
      while (pos < buf.length && WS.has(buf.charCodeAt(pos))) pos += 1;
      if (pos >= buf.length) {
        if (final && mode !== "done") fail(pos, mode === "top" ? "the file is empty" : "the text ends early");
        return;
      }
      const c = buf[pos];
      switch (mode) {
        case "top":
          if (c === "{") {
            topLevel = "object";
            mode = "firstKey";
          } else if (c === "[") {
            topLevel = "array";
            inArray = true;
            sawArray = true;
            mode = "firstItem";
          } else {
            fail(pos, `expected an object or an array, found ${JSON.stringify(c)}`);
          }
          pos += 1;
          break;
        case "firstKey":
        case "key": {
          if (c === "}" && mode === "firstKey") {
            pos += 1;
            mode = "done";
            break;
          }
          if (c !== '"') fail(pos, `expected a member name, found ${JSON.stringify(c)}`);
          // a member name: read it whole (names are short)
          let q = pos + 1;
          for (;;) {
            q = buf.indexOf('"', q);
            if (q === -1) {
              if (final) fail(pos, "the text ends inside a member name");
              if (buf.length - pos > 65536) fail(pos, "a member name is too long");
              return;
            }
            let backslashes = 0;
            for (let k = q - 1; k > pos && buf.charCodeAt(k) === 92; k--) backslashes += 1;
            if (backslashes % 2 === 0) break;
            q += 1;
          }
          key = parse(buf.slice(pos, q + 1), pos) as string;
          pos = q + 1;
          mode = "colon";
          break;
        }
        case "colon":
          if (c !== ":") fail(pos, `expected ":", found ${JSON.stringify(c)}`);
          pos += 1;
          mode = "value";
          break;
        case "value":
          if (key === options.arrayKey && c === "[" && !sawArray) {
            inArray = true;
            sawArray = true;
            mode = "firstItem";
            pos += 1;
            break;
          }
          start = pos;
          scan = pos;
          break;
        case "afterMember":
          if (c === ",") mode = "key";
          else if (c === "}") mode = "done";
          else fail(pos, `expected "," or "}", found ${JSON.stringify(c)}`);
          pos += 1;
          break;
        case "firstItem":
        case "item":
          if (c === "]" && mode === "firstItem") {
            pos += 1;
            endArray();
            break;
          }
          if (c === "]" || c === "," || c === "}" || c === ":")
            fail(pos, `expected a value, found ${JSON.stringify(c)}`);
          start = pos;
          scan = pos;
          break;
        case "afterItem":
          if (c === ",") mode = "item";
          else if (c === "]") endArray();
          else fail(pos, `expected "," or "]", found ${JSON.stringify(c)}`);
          pos += 1;
          break;
        case "done":
          fail(pos, `text after the end of the JSON value: ${JSON.stringify(buf.slice(pos, pos + 10))}`);
      }
    }
  }

  function endArray() {
    inArray = false;
    mode = topLevel === "array" ? "done" : "afterMember";
  }

  for await (const text of decodeText(input)) {
    buf += first && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    first = false;
    yield* step(false);
    // keep only what is still needed: the value being captured, or the unread tail
    const keep = start >= 0 ? start : pos;
    if (keep > 0) {
      buf = buf.slice(keep);
      base += keep;
      if (start >= 0) {
        scan -= start;
        start = 0;
      }
      pos -= keep;
    }
  }
  yield* step(true);
  yield { kind: "end", sawArray, topLevel };
}
