/**
 * Times as people read them, one way across the app: relative for recent changes ("3 minutes ago", "in 2
 * days"), a short day for a date ("Mar 2"), and the exact moment for a tooltip ("Mar 2, 2026, 9:00 AM").
 * Calendar dates without a time (due dates, cycles) are formatted by planning.ts's formatDate, in UTC.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

export function relativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "never";
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (abs >= size || unit === "minute") return rtf.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

const exact = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dayThisYear = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
const dayOtherYear = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", year: "numeric" });

/** The moment in full, for a tooltip or a detail: "Mar 2, 2026, 9:00 AM" (the person's locale and zone). */
export function exactTime(iso: string | null | undefined): string {
  return iso ? exact.format(new Date(iso)) : "";
}

/** The day of a moment: "Mar 2", with the year when it is not this year's: "Mar 2, 2025". */
export function shortDate(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "";
  const at = new Date(iso);
  return (at.getFullYear() === new Date(now).getFullYear() ? dayThisYear : dayOtherYear).format(at);
}
