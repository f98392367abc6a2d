/**
 * Dates as import files write them. Jira's CSV writes the site's own format with no zone (`26/Nov/26 10:15 AM`);
 * the import's time zone (an IANA name, UTC when none is given) says where that wall-clock time was. Linear writes a
 * browser's `Date.toString()` (`Wed Nov 26 2026 10:15:00 GMT+0100 (…)`), which carries its offset. An explicit
 * offset in the text always wins over the time zone.
 *
 * The layouts tried, in order:
 * - `Wed Nov 26 2026 10:15:00 GMT+0100 (…)` (JavaScript's `Date.toString()`)
 * - `26/Nov/26 10:15 AM`, `26/Nov/2026 10:15`, `26/Nov/26 10:15:30 PM`, `26/Nov/26` (Jira's default and its variants)
 * - `2026-11-26 10:15`, `2026-11-26T10:15:30.000`, with an optional `Z` or `+01:00`/`+0100`; `2026/11/26 10:15`
 * - `26.11.2026 10:15` (day first, as German and Nordic sites write it)
 * - `Nov 26, 2026 10:15 AM`, `26 Nov 2026 10:15`
 * Month names are English. Numbers-only layouts with slashes (`11/26/2026`) are not tried: day and month cannot be
 * told apart.
 */
import { invalid } from "../../errors.ts";

export interface ParsedDate {
  /** the instant, ISO 8601 in UTC */
  iso: string;
  /** the calendar date as written (YYYY-MM-DD), before any zone is applied */
  date: string;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The time zone named, checked; a 400 for a name the runtime does not know. */
export function checkTimeZone(timeZone: string | undefined): string {
  const zone = timeZone?.trim() || "UTC";
  try {
    formatter(zone);
  } catch {
    throw invalid(
      `Unknown time zone ${JSON.stringify(timeZone)}: give an IANA name such as Europe/Berlin or UTC.`,
      {
        timezone: "unknown time zone",
      },
    );
  }
  return zone;
}

const offsets = new Map<string, Map<number, number>>();
const DAY = 86_400_000;
const QUARTER = 15 * 60_000; // clocks change on a quarter hour in every zone

/** The zone's offset from UTC at an instant, in milliseconds, asked of Intl. */
function askOffset(at: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - at;
}

/**
 * The zone's offset at an instant. Cached by UTC day: a day whose offset is the same at its start and its end has
 * that offset throughout (no zone changes its clocks twice in a day); on a day of a change, by quarter hour.
 */
function offsetAt(ms: number, timeZone: string): number {
  let cache = offsets.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsets.set(timeZone, cache);
  }
  if (cache.size > 200_000) cache.clear();
  const day = Math.floor(ms / DAY);
  let offset = cache.get(day);
  if (offset === undefined) {
    const start = askOffset(day * DAY, timeZone);
    offset = askOffset(day * DAY + DAY - 1000, timeZone) === start ? start : Number.NaN;
    cache.set(day, offset);
  }
  if (!Number.isNaN(offset)) return offset;
  const quarter = -1 - Math.floor(ms / QUARTER); // negative keys: quarter hours on days of a change
  let q = cache.get(quarter);
  if (q === undefined) {
    q = askOffset(Math.floor(ms / QUARTER) * QUARTER, timeZone);
    cache.set(quarter, q);
  }
  return q;
}

/** The wall-clock parts of an instant in a time zone. */
function wallClock(ms: number, timeZone: string) {
  const d = new Date(ms + offsetAt(ms, timeZone));
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()] as const;
}

/** The instant of a wall-clock time in a time zone (a time skipped by a clock change is read with the old offset). */
export function zonedToUtc(
  fields: readonly [number, number, number, number, number, number, number],
  timeZone: string,
): number {
  const [y, mo, d, h, mi, s, msPart] = fields;
  const guess = Date.UTC(y, mo - 1, d, h, mi, s, msPart);
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return guess;
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return second;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateInZone(ms: number, timeZone: string): string {
  const [y, mo, d] = wallClock(ms, timeZone);
  return `${String(y).padStart(4, "0")}-${pad(mo)}-${pad(d)}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

function year(text: string): number {
  const n = Number(text);
  if (text.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

function hour(h: string | undefined, ampm: string | undefined): number | null {
  if (h === undefined) return 0;
  let n = Number(h);
  if (ampm) {
    if (n < 1 || n > 12) return null;
    const pm = ampm.toLowerCase() === "pm";
    if (n === 12) n = pm ? 12 : 0;
    else if (pm) n += 12;
  }
  return n;
}

function offsetMinutes(zone: string): number {
  if (zone === "Z" || zone === "z") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return Number.NaN;
  const sign = m[1] === "-" ? -1 : 1;
  return sign * (Number(m[2]) * 60 + Number(m[3]));
}

const TIME = String.raw`(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([AaPp][Mm])?)?`;
const ZONE = String.raw`\s*(Z|z|[+-]\d{2}:?\d{2})?`;

type Layout = { re: RegExp; pick: (m: RegExpExecArray) => (string | undefined)[] };
// each pick gives [year, month (number or name), day, hour, minute, second, fraction, am/pm, zone]
const LAYOUTS: Layout[] = [
  {
    // Wed Nov 26 2026 10:15:00 GMT+0100 (Central European Standard Time)
    re: /^(?:[A-Za-z]{3},? )?([A-Za-z]{3}) (\d{1,2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (?:GMT|UTC)([+-]\d{4})?(?: \(.*\))?$/,
    pick: (m) => [m[3], m[1], m[2], m[4], m[5], m[6], undefined, undefined, m[7] ?? "Z"],
  },
  {
    // 26/Nov/26 10:15 AM
    re: new RegExp(String.raw`^(\d{1,2})/([A-Za-z]{3,9})/(\d{2}|\d{4})${TIME}$`),
    pick: (m) => [m[3], m[2], m[1], m[4], m[5], m[6], m[7], m[8], undefined],
  },
  {
    // 2026-11-26 10:15, 2026-11-26T10:15:00.000+0100, 2026/11/26 10:15
    re: new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})${TIME}${ZONE}$`),
    pick: (m) => [m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9]],
  },
  {
    // 26.11.2026 10:15
    re: new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})${TIME}$`),
    pick: (m) => [m[3], m[2], m[1], m[4], m[5], m[6], m[7], m[8], undefined],
  },
  {
    // Nov 26, 2026 10:15 AM
    re: new RegExp(String.raw`^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})${TIME}$`),
    pick: (m) => [m[3], m[1], m[2], m[4], m[5], m[6], m[7], m[8], undefined],
  },
  {
    // 26 Nov 2026 10:15, 26-Nov-2026 10:15
    re: new RegExp(String.raw`^(\d{1,2})[ -]([A-Za-z]{3,9})[ -](\d{4}|\d{2})${TIME}$`),
    pick: (m) => [m[3], m[2], m[1], m[4], m[5], m[6], m[7], m[8], undefined],
  },
];

let lastLayout = 0;

/**
 * A date in any of the layouts above, or null when it fits none (or names a day that does not exist).
 * `timeZone` places a time written without an offset.
 */
export function parseDate(text: string, timeZone: string): ParsedDate | null {
  const value = text.trim();
  if (!value) return null;
  // a file writes its dates one way: the layout that fit last is tried first
  for (let k = -1; k < LAYOUTS.length; k++) {
    if (k === lastLayout) continue;
    const layout = LAYOUTS[k === -1 ? lastLayout : k] as Layout;
    const m = layout.re.exec(value);
    if (!m) continue;
    lastLayout = k === -1 ? lastLayout : k;
    const [y = "", mo = "", d, h, mi, s, frac, ampm, zone] = layout.pick(m);
    const yearN = year(y);
    const month = /^\d+$/.test(mo) ? Number(mo) : MONTHS[mo.slice(0, 3).toLowerCase()];
    const day = Number(d);
    if (!month || month > 12 || day < 1 || day > daysIn(yearN, month)) return null;
    const hours = hour(h, ampm);
    const minutes = mi === undefined ? 0 : Number(mi);
    const seconds = s === undefined ? 0 : Number(s);
    const millis = frac === undefined ? 0 : Number(frac.slice(0, 3).padEnd(3, "0"));
    if (hours === null || hours > 23 || minutes > 59 || seconds > 59) return null;
    const fields = [yearN, month, day, hours, minutes, seconds, millis] as const;
    let ms: number;
    if (zone) {
      const offset = offsetMinutes(zone);
      if (Number.isNaN(offset)) return null;
      ms = Date.UTC(yearN, month - 1, day, hours, minutes, seconds, millis) - offset * 60_000;
    } else {
      ms = zonedToUtc(fields, timeZone);
    }
    if (!Number.isFinite(ms)) return null;
    return {
      iso: new Date(ms).toISOString(),
      date: `${String(yearN).padStart(4, "0")}-${pad(month)}-${pad(day)}`,
    };
  }
  return null;
}

function daysIn(y: number, month: number): number {
  return new Date(Date.UTC(y, month, 0)).getUTCDate();
}
