/**
 * Cycles and milestones: the pure parts (dates, grouping, progress, the burn-down series and its words,
 * the milestone graph), kept apart from the pages so they are tested without a browser.
 */
import type { Schemas } from "../../api.ts";

export type Cycle = Schemas["Cycle"];
export type CycleStats = Schemas["CycleStats"];
export type Milestone = Schemas["Milestone"];
export type Measure = "count" | "estimate";

const DAY_MS = 86_400_000;

/** Today's date (YYYY-MM-DD) in UTC, the calendar the API counts cycle days in. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Milliseconds of a YYYY-MM-DD date at midnight UTC. */
export function dateMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(dateMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateMs(to) - dateMs(from)) / DAY_MS);
}

/** "Nov 24", or "Nov 24, 2027" outside the year of `today`. */
export function formatDate(date: string, today: string = todayUtc()): string {
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
    timeZone: "UTC",
  }).format(new Date(dateMs(date)));
}

/** "Nov 24 – Dec 7" (the year shown when either end is outside the current one). */
export function formatRange(start: string, end: string, today: string = todayUtc()): string {
  return `${formatDate(start, today)} – ${formatDate(end, today)}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where a cycle stands in time, in words: "3 days left", "Starts in 5 days", "Ended Nov 3". */
export function cycleTiming(cycle: Pick<Cycle, "starts_on" | "ends_on">, today: string = todayUtc()): string {
  if (today < cycle.starts_on) {
    const n = daysBetween(today, cycle.starts_on);
    return n === 1 ? "Starts tomorrow" : `Starts in ${n} days`;
  }
  if (today > cycle.ends_on) return `Ended ${formatDate(cycle.ends_on, today)}`;
  // the last day counts: a cycle ending today has 1 day left
  const left = daysBetween(today, cycle.ends_on) + 1;
  return left === 1 ? "Last day" : `${left} days left`;
}

/** The cycle's state today, from its dates (the same rule as the API's `state`). */
export function cycleState(
  cycle: Pick<Cycle, "starts_on" | "ends_on">,
  today: string = todayUtc(),
): Cycle["state"] {
  if (today < cycle.starts_on) return "upcoming";
  if (today > cycle.ends_on) return "completed";
  return "active";
}

export interface CycleGroups {
  current: Cycle[];
  upcoming: Cycle[];
  past: Cycle[];
}

/**
 * Current cycles (by start), upcoming ones (soonest first) and past ones (latest first), by the state the
 * API gave each (its calendar is the one that counts).
 */
export function groupCycles(cycles: Cycle[]): CycleGroups {
  const groups: CycleGroups = { current: [], upcoming: [], past: [] };
  for (const c of cycles) {
    const state = c.state;
    (state === "active" ? groups.current : state === "upcoming" ? groups.upcoming : groups.past).push(c);
  }
  const byStart = (a: Cycle, b: Cycle) =>
    a.starts_on.localeCompare(b.starts_on) || a.space.localeCompare(b.space);
  groups.current.sort(byStart);
  groups.upcoming.sort(byStart);
  groups.past.sort((a, b) => -byStart(a, b));
  return groups;
}

/**
 * The dates a new cycle of a space most likely wants: from the day after the space's last cycle (or
 * today, if that is later) for `lengthDays` days.
 */
export function suggestCycleDates(
  cycles: Pick<Cycle, "space" | "ends_on">[],
  space: string,
  today: string = todayUtc(),
  lengthDays = 14,
): { starts_on: string; ends_on: string } {
  let start = today;
  for (const c of cycles) {
    if (c.space !== space) continue;
    const after = addDays(c.ends_on, 1);
    if (after > start) start = after;
  }
  return { starts_on: start, ends_on: addDays(start, lengthDays - 1) };
}

/** How far a piece of work is done, for a progress bar and its words. */
export interface Progress {
  done: number;
  /** What counts: canceled work left out. */
  of: number;
  /** 0 to 100, rounded down to 0.1 (as the API rounds). */
  percent: number;
}

export function progressOf(done: number, total: number, canceled = 0): Progress {
  const of = Math.max(0, total - canceled);
  const percent = of === 0 ? 0 : Math.floor((done / of) * 1000) / 10;
  return { done, of, percent: Math.min(100, percent) };
}

/** "3 of 5 done · 60%", or "No issues" */
export function progressText(p: Progress): string {
  if (p.of === 0) return "No issues";
  return `${p.done} of ${p.of} done · ${formatPercent(p.percent)}`;
}

export function formatPercent(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** A cycle's progress from its stats: done out of the issues not canceled. */
export function cycleProgress(stats: CycleStats, measure: Measure = "count"): Progress {
  const c = stats.completion;
  if (measure === "estimate") {
    return {
      done: c.done_estimate,
      of: Math.max(0, stats.total.estimate - c.canceled_estimate),
      percent: c.estimate_percent,
    };
  }
  return { done: c.done_count, of: Math.max(0, stats.total.count - c.canceled_count), percent: c.percent };
}

export function milestoneProgress(m: Pick<Milestone, "progress">): Progress {
  return { done: m.progress.done, of: m.progress.total - m.progress.canceled, percent: m.progress.percent };
}

/** A milestone is overdue when its target date has passed and work is still open. */
export function milestoneOverdue(
  m: Pick<Milestone, "target_date" | "progress">,
  today: string = todayUtc(),
): boolean {
  if (!m.target_date || m.target_date >= today) return false;
  const open = m.progress.total - m.progress.canceled - m.progress.done;
  return open > 0;
}

/** The burn-down's lines, one value per day of the cycle (null where a day has not come yet). */
export interface BurnDownSeries {
  /** Every day of the cycle. */
  dates: string[];
  /** The same days as seconds since the epoch (what the chart plots on x). */
  xs: number[];
  ideal: number[];
  remaining: (number | null)[];
  scope: (number | null)[];
  completed: (number | null)[];
}

/** The burn-down's series for a measure (issue count or estimate points), from the cycle's stats. */
export function burnDownSeries(stats: CycleStats, measure: Measure = "count"): BurnDownSeries {
  const { starts_on, ends_on } = stats.cycle;
  const byDate = new Map(stats.burn_down.map((d) => [d.date, d]));
  const ideal = new Map(stats.ideal.map((d) => [d.date, d]));
  const dates: string[] = [];
  for (let d = starts_on; d <= ends_on; d = addDays(d, 1)) dates.push(d);
  const pick = <T>(map: Map<string, T>, f: (v: T) => number) =>
    dates.map((d) => {
      const v = map.get(d);
      return v === undefined ? null : f(v);
    });
  const est = measure === "estimate";
  return {
    dates,
    xs: dates.map((d) => dateMs(d) / 1000),
    ideal: pick(ideal, (v) => (est ? v.remaining_estimate : v.remaining_count)).map((v) => v ?? 0),
    remaining: pick(byDate, (v) => (est ? v.remaining_estimate : v.remaining_count)),
    scope: pick(byDate, (v) => (est ? v.scope_estimate : v.scope_count)),
    completed: pick(byDate, (v) => (est ? v.completed_estimate : v.completed_count)),
  };
}

/** The last day the burn-down has numbers for, with the ideal line's value that day. */
export function latestPoint(
  series: BurnDownSeries,
): { date: string; remaining: number; scope: number; ideal: number } | null {
  for (let i = series.dates.length - 1; i >= 0; i--) {
    const remaining = series.remaining[i];
    if (remaining === null || remaining === undefined) continue;
    return {
      date: series.dates[i] as string,
      remaining,
      scope: series.scope[i] ?? 0,
      ideal: series.ideal[i] ?? 0,
    };
  }
  return null;
}

const unitOf = (measure: Measure, n: number) =>
  measure === "count" ? plural(n, "issue") : plural(n, "point");

/**
 * The burn-down in words, for people who do not see the chart: scope, done, remaining, changes of
 * scope, and where the remaining work stands against the ideal line.
 */
export function burnDownSummary(stats: CycleStats, measure: Measure = "count", today = todayUtc()): string {
  const est = measure === "estimate";
  const p = cycleProgress(stats, measure);
  const total = est ? stats.total.estimate : stats.total.count;
  if (stats.total.count === 0) {
    const when =
      stats.cycle.state === "upcoming" ? ` It starts ${formatDate(stats.cycle.starts_on, today)}.` : "";
    return `No issues in the cycle yet.${when}`;
  }
  const canceled = est ? stats.completion.canceled_estimate : stats.completion.canceled_count;
  const remaining = est ? stats.remaining.estimate : stats.remaining.count;
  const added = est ? stats.scope_added.estimate : stats.scope_added.count;
  const removed = est ? stats.scope_removed.estimate : stats.scope_removed.count;
  const parts = [`${p.done} done`];
  if (canceled) parts.push(`${canceled} canceled`);
  parts.push(`${remaining} remaining`);
  let text = `${unitOf(measure, total)} in the cycle: ${parts.join(", ")} (${formatPercent(p.percent)} complete).`;
  if (added || removed) text += ` Scope changed since the start: ${added} added, ${removed} removed.`;
  if (stats.cycle.state === "upcoming") {
    return `${text} The cycle starts ${formatDate(stats.cycle.starts_on, today)}.`;
  }
  const point = latestPoint(burnDownSeries(stats, measure));
  if (point) {
    const gap = Math.round((point.remaining - point.ideal) * 100) / 100;
    const where =
      Math.abs(gap) < 0.5
        ? "on track with the ideal line"
        : gap > 0
          ? `${gap} behind the ideal line (${point.ideal})`
          : `${-gap} ahead of the ideal line (${point.ideal})`;
    text += ` On ${formatDate(point.date, today)}: ${point.remaining} remaining, ${where}.`;
  }
  return text;
}

/** A graph to draw: nodes and the edges between them (`from` blocks `to`). */
export interface PlanGraph {
  nodes: { id: string; label: string; sublabel?: string }[];
  edges: { id: string; from: string; to: string }[];
}

/**
 * The milestones connected to `focusId` through dependencies, in either direction (all milestones with
 * a dependency when no focus is given), as nodes and `blocks` edges.
 */
export function milestoneGraph(milestones: Milestone[], focusId?: string, today = todayUtc()): PlanGraph {
  const byId = new Map(milestones.map((m) => [m.id, m]));
  const edges = new Map<string, { id: string; from: string; to: string }>();
  for (const m of milestones) {
    for (const b of m.blocks) edges.set(b.dependency_id, { id: b.dependency_id, from: m.id, to: b.id });
    for (const b of m.blockedBy) edges.set(b.dependency_id, { id: b.dependency_id, from: b.id, to: m.id });
  }
  const neighbours = new Map<string, string[]>();
  for (const e of edges.values()) {
    neighbours.set(e.from, [...(neighbours.get(e.from) ?? []), e.to]);
    neighbours.set(e.to, [...(neighbours.get(e.to) ?? []), e.from]);
  }
  let keep: Set<string>;
  if (focusId) {
    keep = new Set([focusId]);
    const queue = [focusId];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      for (const n of neighbours.get(id) ?? []) {
        if (!keep.has(n)) {
          keep.add(n);
          queue.push(n);
        }
      }
    }
  } else {
    keep = new Set(neighbours.keys());
  }
  const nodes = [...keep]
    .filter((id) => byId.has(id))
    .map((id) => {
      const m = byId.get(id) as Milestone;
      const p = milestoneProgress(m);
      const sublabel = [
        m.target_date ? formatDate(m.target_date, today) : null,
        milestoneOverdue(m, today) ? "overdue" : null,
        p.of ? formatPercent(p.percent) : null,
      ]
        .filter(Boolean)
        .join(" · ");
      return { id, label: m.name, ...(sublabel ? { sublabel } : {}) };
    });
  return {
    nodes,
    edges: [...edges.values()].filter(
      (e) => keep.has(e.from) && keep.has(e.to) && byId.has(e.from) && byId.has(e.to),
    ),
  };
}

/** The milestones a milestone could newly depend on: not itself, not one it is already linked with. */
export function dependencyCandidates(milestones: Milestone[], self: Milestone): Milestone[] {
  const linked = new Set([...self.blocks.map((b) => b.id), ...self.blockedBy.map((b) => b.id), self.id]);
  return milestones.filter((m) => !linked.has(m.id));
}
