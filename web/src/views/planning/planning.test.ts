import { describe, expect, it } from "vitest";
import {
  burnDownSeries,
  burnDownSummary,
  type Cycle,
  type CycleStats,
  cycleProgress,
  cycleState,
  cycleTiming,
  dependencyCandidates,
  formatDate,
  formatRange,
  groupCycles,
  latestPoint,
  type Milestone,
  milestoneGraph,
  milestoneOverdue,
  progressOf,
  progressText,
  suggestCycleDates,
} from "./planning.ts";

const actor = { person_id: "per_1", via: "session" };

function cycle(id: string, starts_on: string, ends_on: string, space = "ENG"): Cycle {
  return {
    id,
    space,
    name: id,
    starts_on,
    ends_on,
    state: "active",
    version: 1,
    created_by: actor,
    updated_by: actor,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
  };
}

const zero = { count: 0, estimate: 0 };

/** A five-day cycle (Nov 20–24) read on Nov 22: three days of numbers. */
function stats(): CycleStats {
  return {
    cycle: cycle("cyc_1", "2026-11-20", "2026-11-24"),
    as_of: "2026-11-22T12:00:00Z",
    total: { count: 5, estimate: 13 },
    by_status: {
      backlog: zero,
      todo: { count: 2, estimate: 5 },
      in_progress: zero,
      in_review: zero,
      done: { count: 2, estimate: 5 },
      canceled: { count: 1, estimate: 3 },
      iced: zero,
    },
    remaining: { count: 2, estimate: 5 },
    completion: {
      done_count: 2,
      done_estimate: 5,
      canceled_count: 1,
      canceled_estimate: 3,
      percent: 50,
      estimate_percent: 50,
    },
    scope_added: { count: 1, estimate: 2 },
    scope_removed: zero,
    burn_down: [
      {
        date: "2026-11-20",
        scope_count: 4,
        scope_estimate: 11,
        remaining_count: 4,
        remaining_estimate: 11,
        completed_count: 0,
        completed_estimate: 0,
      },
      {
        date: "2026-11-21",
        scope_count: 5,
        scope_estimate: 13,
        remaining_count: 4,
        remaining_estimate: 10,
        completed_count: 1,
        completed_estimate: 3,
      },
      {
        date: "2026-11-22",
        scope_count: 5,
        scope_estimate: 13,
        remaining_count: 2,
        remaining_estimate: 5,
        completed_count: 3,
        completed_estimate: 8,
      },
    ],
    ideal: [
      { date: "2026-11-20", remaining_count: 4, remaining_estimate: 11 },
      { date: "2026-11-21", remaining_count: 3, remaining_estimate: 8.25 },
      { date: "2026-11-22", remaining_count: 2, remaining_estimate: 5.5 },
      { date: "2026-11-23", remaining_count: 1, remaining_estimate: 2.75 },
      { date: "2026-11-24", remaining_count: 0, remaining_estimate: 0 },
    ],
  };
}

describe("the burn-down series", () => {
  it("has every day of the cycle, with the actual lines stopping at the last day measured", () => {
    const s = burnDownSeries(stats());
    expect(s.dates).toEqual(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"]);
    expect(s.xs[0]).toBe(Date.UTC(2026, 10, 20) / 1000);
    expect(s.xs[4]! - s.xs[0]!).toBe(4 * 86_400);
    expect(s.ideal).toEqual([4, 3, 2, 1, 0]);
    expect(s.remaining).toEqual([4, 4, 2, null, null]);
    expect(s.scope).toEqual([4, 5, 5, null, null]);
    expect(s.completed).toEqual([0, 1, 3, null, null]);
  });

  it("reads estimates when asked for points", () => {
    const s = burnDownSeries(stats(), "estimate");
    expect(s.ideal).toEqual([11, 8.25, 5.5, 2.75, 0]);
    expect(s.remaining).toEqual([11, 10, 5, null, null]);
    expect(latestPoint(s)).toEqual({ date: "2026-11-22", remaining: 5, scope: 13, ideal: 5.5 });
  });

  it("is empty but whole for a cycle that has not started", () => {
    const st = { ...stats(), burn_down: [] };
    const s = burnDownSeries(st);
    expect(s.dates).toHaveLength(5);
    expect(s.remaining.every((v) => v === null)).toBe(true);
    expect(latestPoint(s)).toBeNull();
  });

  it("says in words what the chart shows", () => {
    expect(burnDownSummary(stats(), "count", "2026-11-22")).toBe(
      "5 issues in the cycle: 2 done, 1 canceled, 2 remaining (50% complete). Scope changed since the start: 1 added, 0 removed. " +
        "On Nov 22: 2 remaining, on track with the ideal line.",
    );
    const behind = stats();
    behind.burn_down[2]!.remaining_count = 4;
    expect(burnDownSummary(behind, "count", "2026-11-22")).toContain(
      "4 remaining, 2 behind the ideal line (2)",
    );
    expect(burnDownSummary(stats(), "estimate", "2026-11-22")).toContain(
      "13 points in the cycle: 5 done, 3 canceled, 5 remaining (50% complete)",
    );
  });

  it("says when the cycle is empty", () => {
    const st = { ...stats(), burn_down: [], total: zero };
    expect(burnDownSummary(st, "count", "2026-11-22")).toBe("No issues in the cycle yet.");
    st.cycle.state = "upcoming";
    expect(burnDownSummary(st, "count", "2026-11-10")).toBe("No issues in the cycle yet. It starts Nov 20.");
  });

  it("says when an upcoming cycle starts", () => {
    const st = { ...stats(), burn_down: [] };
    st.cycle.state = "upcoming";
    expect(burnDownSummary(st, "count", "2026-11-10")).toMatch(/The cycle starts Nov 20\.$/);
  });
});

describe("progress", () => {
  it("leaves canceled work out and rounds down to 0.1", () => {
    expect(progressOf(1, 4, 1)).toEqual({ done: 1, of: 3, percent: 33.3 });
    expect(progressOf(2, 3)).toEqual({ done: 2, of: 3, percent: 66.6 });
    expect(progressOf(0, 2, 2)).toEqual({ done: 0, of: 0, percent: 0 });
    expect(progressText(progressOf(3, 5))).toBe("3 of 5 done · 60%");
    expect(progressText(progressOf(1, 3))).toBe("1 of 3 done · 33.3%");
    expect(progressText(progressOf(0, 0))).toBe("No issues");
  });

  it("reads a cycle's progress from its stats", () => {
    expect(cycleProgress(stats())).toEqual({ done: 2, of: 4, percent: 50 });
    expect(cycleProgress(stats(), "estimate")).toEqual({ done: 5, of: 10, percent: 50 });
  });
});

describe("cycles in time", () => {
  it("groups current, upcoming (soonest first) and past (latest first)", () => {
    const cycles = [
      cycle("past1", "2026-10-01", "2026-10-14"),
      cycle("next2", "2026-12-09", "2026-12-22"),
      cycle("now", "2026-11-18", "2026-12-01"),
      cycle("past2", "2026-10-15", "2026-10-28"),
      cycle("next1", "2026-12-02", "2026-12-08"),
    ];
    const g = groupCycles(cycles.map((c) => ({ ...c, state: cycleState(c, "2026-11-24") })));
    expect(g.current.map((c) => c.id)).toEqual(["now"]);
    expect(g.upcoming.map((c) => c.id)).toEqual(["next1", "next2"]);
    expect(g.past.map((c) => c.id)).toEqual(["past2", "past1"]);
  });

  it("tells how long is left, counting the last day", () => {
    const c = { starts_on: "2026-11-18", ends_on: "2026-11-26" };
    expect(cycleTiming(c, "2026-11-24")).toBe("3 days left");
    expect(cycleTiming(c, "2026-11-26")).toBe("Last day");
    expect(cycleTiming(c, "2026-11-27")).toBe("Ended Nov 26");
    expect(cycleTiming(c, "2026-11-17")).toBe("Starts tomorrow");
    expect(cycleTiming(c, "2026-11-10")).toBe("Starts in 8 days");
  });

  it("writes dates short, with the year only when it is not this one", () => {
    expect(formatDate("2026-11-24", "2026-11-24")).toBe("Nov 24");
    expect(formatDate("2027-01-05", "2026-11-24")).toBe("Jan 5, 2027");
    expect(formatRange("2026-11-24", "2026-12-07", "2026-11-01")).toBe("Nov 24 – Dec 7");
  });

  it("suggests the next two weeks after the space's last cycle", () => {
    const cycles = [cycle("a", "2026-11-10", "2026-11-30"), cycle("b", "2026-12-01", "2026-12-14", "OPS")];
    expect(suggestCycleDates(cycles, "ENG", "2026-11-24")).toEqual({
      starts_on: "2026-12-01",
      ends_on: "2026-12-14",
    });
    expect(suggestCycleDates(cycles, "WEB", "2026-11-24")).toEqual({
      starts_on: "2026-11-24",
      ends_on: "2026-12-07",
    });
  });
});

function milestone(id: string, extra: Partial<Milestone> = {}): Milestone {
  return {
    id,
    name: id.toUpperCase(),
    description: "",
    target_date: null,
    progress: { total: 0, done: 0, canceled: 0, percent: 0, estimate_total: 0, estimate_done: 0 },
    blocks: [],
    blockedBy: [],
    version: 1,
    created_by: actor,
    updated_by: actor,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    ...extra,
  };
}

describe("milestones", () => {
  it("are overdue when the target has passed with work open", () => {
    const progress = { total: 3, done: 1, canceled: 1, percent: 50, estimate_total: 0, estimate_done: 0 };
    expect(milestoneOverdue(milestone("a", { target_date: "2026-11-01", progress }), "2026-11-24")).toBe(
      true,
    );
    expect(milestoneOverdue(milestone("a", { target_date: "2026-12-01", progress }), "2026-11-24")).toBe(
      false,
    );
    const finished = { ...progress, done: 2 };
    expect(
      milestoneOverdue(milestone("a", { target_date: "2026-11-01", progress: finished }), "2026-11-24"),
    ).toBe(false);
    expect(milestoneOverdue(milestone("a", { progress }), "2026-11-24")).toBe(false);
  });

  it("make a graph of the milestones connected to one, each edge once", () => {
    const a = milestone("a", { blocks: [{ dependency_id: "d1", id: "b", name: "B" }] });
    const b = milestone("b", {
      blockedBy: [{ dependency_id: "d1", id: "a", name: "A" }],
      blocks: [{ dependency_id: "d2", id: "c", name: "C" }],
    });
    const c = milestone("c", { blockedBy: [{ dependency_id: "d2", id: "b", name: "B" }] });
    const lone = milestone("lone");
    const x = milestone("x", { blocks: [{ dependency_id: "d3", id: "y", name: "Y" }] });
    const y = milestone("y", { blockedBy: [{ dependency_id: "d3", id: "x", name: "X" }] });
    const all = [a, b, c, lone, x, y];

    const g = milestoneGraph(all, "c");
    expect(g.nodes.map((n) => n.id).sort()).toEqual(["a", "b", "c"]);
    expect(g.edges).toEqual([
      { id: "d1", from: "a", to: "b" },
      { id: "d2", from: "b", to: "c" },
    ]);
    expect(milestoneGraph(all, "lone")).toEqual({ nodes: [{ id: "lone", label: "LONE" }], edges: [] });
    const late = milestone("late", {
      target_date: "2026-11-01",
      progress: { total: 2, done: 1, canceled: 0, percent: 50, estimate_total: 0, estimate_done: 0 },
    });
    expect(milestoneGraph([late], "late", "2026-11-24").nodes).toEqual([
      { id: "late", label: "LATE", sublabel: "Nov 1 · overdue · 50%" },
    ]);
    expect(
      milestoneGraph(all)
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(["a", "b", "c", "x", "y"]);
  });

  it("offer as new dependencies only milestones not linked already", () => {
    const a = milestone("a", { blocks: [{ dependency_id: "d1", id: "b", name: "B" }] });
    const all = [a, milestone("b"), milestone("c")];
    expect(dependencyCandidates(all, a).map((m) => m.id)).toEqual(["c"]);
  });
});
