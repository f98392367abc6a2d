/**
 * Times as people read them, in the terminal's time zone (TZ): "just now", "5 minutes ago",
 * "3 hours ago", "today 09:12", "yesterday 14:02", "Tue 14:02" within the week, then a date
 * ("2026-03-12"); the future likewise ("in 20 minutes", "tomorrow 09:00"). `--json` keeps the API's
 * ISO 8601 timestamps; only text for people goes through here.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Up to this far away a time is told relative to now ("3 hours ago"); past it, by day and clock. */
const RELATIVE_HOURS = 12;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const two = (n: number) => String(n).padStart(2, "0");
const clock = (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}`;
const date = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
/** Whole local days from `now`'s day to `d`'s (−1 yesterday, 1 tomorrow), daylight saving aside. */
const dayOffset = (d: Date, now: Date) =>
  Math.round(
    (new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() -
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) /
      (24 * HOUR),
  );
const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

export interface HumanTimeOptions {
  /** the moment to tell the time from; now unless given (tests) */
  now?: Date;
  /** older and later times with their clock time too ("2026-03-12 14:02"), for an object's page */
  precise?: boolean;
}

/**
 * An ISO 8601 timestamp as people read it; null and undefined stay null (a table's "-"). Anything
 * that is not a time is returned as it came.
 */
export function humanTime(iso: string | null | undefined, options: HumanTimeOptions = {}): string | null {
  if (iso === null || iso === undefined || iso === "") return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const now = options.now ?? new Date();
  const ms = d.getTime() - now.getTime();
  const away = Math.abs(ms);
  const past = ms <= 0;
  if (away < MINUTE) return past ? "just now" : "in a moment";
  if (away < HOUR) {
    const m = Math.floor(away / MINUTE);
    return past ? `${count(m, "minute")} ago` : `in ${count(m, "minute")}`;
  }
  if (away < RELATIVE_HOURS * HOUR) {
    const h = Math.floor(away / HOUR);
    return past ? `${count(h, "hour")} ago` : `in ${count(h, "hour")}`;
  }
  const days = dayOffset(d, now);
  if (days === 0) return `today ${clock(d)}`;
  if (days === -1) return `yesterday ${clock(d)}`;
  if (days === 1) return `tomorrow ${clock(d)}`;
  if (days > -7 && days < 0) return `${WEEKDAYS[d.getDay()]} ${clock(d)}`;
  return options.precise ? `${date(d)} ${clock(d)}` : date(d);
}

/** The clock time of a moment (HH:MM:SS, local), for lines that follow as things happen. */
export function clockTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${clock(d)}:${two(d.getSeconds())}`;
}
