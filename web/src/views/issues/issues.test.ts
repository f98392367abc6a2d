import { describe, expect, it } from "vitest";
import { setStatus, toggleLabel } from "./changes.ts";
import {
  apiQuery,
  displayOf,
  effectiveFilters,
  filtersOf,
  searchOf,
  validateIssueSearch,
} from "./filters.ts";
import {
  bucket,
  countLabel,
  type GroupContext,
  type GroupPages,
  groupsFor,
  type IssueRow,
  lines,
} from "./grouping.ts";

function row(n: number, over: Partial<IssueRow> = {}): IssueRow {
  return {
    id: `iss_${n}`,
    identifier: `ENG-${n}`,
    space: "ENG",
    title: `Issue ${n}`,
    status: "todo",
    priority: "none",
    labels: [],
    assignee: null,
    cycle: null,
    milestone: null,
    ready: true,
    updated_at: "2026-03-01T09:00:00.000Z",
    version: 1,
    ...over,
  };
}

const ctx: GroupContext = {
  spaces: [
    { prefix: "ENG", name: "Engineering" },
    { prefix: "OPS", name: "Operations" },
  ],
  assignees: [
    { id: "usr_ada", label: "Ada (you)" },
    { id: "con_bot", label: "Bot (agent for Ada)" },
  ],
  meId: "usr_ada",
  cycles: [{ id: "cyc_1", name: "Sprint 1", space: "ENG" }],
  milestones: [{ id: "ms_1", name: "Launch" }],
};

describe("URL search params and filters", () => {
  it("keeps what the API knows and drops the rest, so an old or edited link still opens", () => {
    const search = validateIssueSearch({
      status: "todo,nonsense,in_progress,todo",
      priority: "urgent",
      label: "bug, ui",
      assignee: "me",
      ready: true,
      iced: "false",
      q: 42,
      space: "eng",
      group: "assignee",
      sort: "sideways",
      cycle: "cyc_01HZZZZZZZZZZZZZZZZZZZZZZZ",
      extra: "x",
    });
    expect(search).toEqual({
      status: "todo,in_progress",
      priority: "urgent",
      label: "bug,ui",
      assignee: "me",
      ready: true,
      iced: false,
      q: "42",
      group: "assignee",
      cycle: "cyc_01HZZZZZZZZZZZZZZZZZZZZZZZ",
    });
  });

  it("round-trips filters through the URL", () => {
    const filters = {
      status: ["todo" as const, "done" as const],
      label: ["bug"],
      ready: false,
      parent: "ENG-4",
    };
    const search = searchOf(filters, { group: "priority", sort: "created" });
    expect(search).toEqual({
      status: "todo,done",
      label: "bug",
      ready: false,
      parent: "ENG-4",
      group: "priority",
      sort: "created",
    });
    expect(filtersOf(validateIssueSearch(search as Record<string, unknown>))).toEqual(filters);
  });

  it("builds the GET /v1/issues query, days as the start of the day", () => {
    expect(
      apiQuery(
        { status: ["todo"], priority: ["high", "urgent"], updated_since: "2026-03-01", ready: true },
        "-updated",
      ),
    ).toEqual({
      sort: "-updated",
      status: "todo",
      priority: "high,urgent",
      updated_since: "2026-03-01T00:00:00.000Z",
      ready: "true",
    });
  });

  it("My work is mine and open; a status filter narrows it and cannot widen it", () => {
    expect(effectiveFilters("mine", {})).toEqual({
      assignee: "me",
      status: ["backlog", "todo", "in_progress", "in_review"],
    });
    expect(effectiveFilters("mine", { status: ["todo", "done"] }).status).toEqual(["todo"]);
    expect(effectiveFilters("mine", { status: ["done"] }).status).toEqual([]);
    expect(effectiveFilters("ready", { assignee: "none" })).toEqual({ assignee: "none", startable: true });
    expect(apiQuery(effectiveFilters("ready", {}), "priority")).toEqual({
      sort: "priority",
      startable: "true",
    });
  });

  it("defaults: lists group by status, newest change first; Ready work by priority", () => {
    expect(displayOf("all", {})).toEqual({ group: "status", sort: "-updated" });
    expect(displayOf("ready", {})).toEqual({ group: "priority", sort: "priority" });
    expect(displayOf("all", { group: "none", sort: "created" })).toEqual({ group: "none", sort: "created" });
  });
});

describe("grouping", () => {
  it("a group per value, narrowed by the filters; each adds its value to the query", () => {
    expect(groupsFor("status", { status: ["todo", "done"] }, ctx).map((g) => [g.key, g.filter])).toEqual([
      ["todo", { status: ["todo"] }],
      ["done", { status: ["done"] }],
    ]);
    expect(groupsFor("status", { ready: true }, ctx).map((g) => g.key)).toEqual([
      "backlog",
      "todo",
      "in_progress",
      "in_review",
    ]);
    expect(groupsFor("assignee", {}, ctx).map((g) => g.filter)).toEqual([
      { assignee: "usr_ada" },
      { assignee: "con_bot" },
      { assignee: "none" },
    ]);
    expect(groupsFor("assignee", { assignee: "me" }, ctx)).toEqual([
      { key: "usr_ada", label: "Ada (you)", filter: {} },
    ]);
    expect(groupsFor("cycle", {}, ctx).map((g) => g.key)).toEqual(["cyc_1", "none"]);
    expect(groupsFor("cycle", { space: "OPS" }, ctx).map((g) => g.key)).toEqual(["none"]);
    expect(groupsFor("milestone", {}, ctx).at(-1)).toEqual({
      key: "none",
      label: "No milestone",
      filter: { milestone: "none" },
    });
    expect(groupsFor("space", { space: "OPS" }, ctx).map((g) => g.key)).toEqual(["OPS"]);
    expect(groupsFor("none", { q: "x" }, ctx)).toEqual([{ key: "all", label: "All issues", filter: {} }]);
  });

  it("a row changed in place moves to its new group at once, and is shown once", () => {
    const defs = groupsFor("status", { status: ["todo", "done"] }, ctx);
    const loaded = new Map<string, GroupPages>([
      ["todo", { rows: [row(1), row(2, { status: "done" }), row(3)], hasMore: true, loading: false }],
      [
        "done",
        { rows: [row(4, { status: "done" }), row(2, { status: "done" })], hasMore: false, loading: false },
      ],
    ]);
    const groups = bucket("status", defs, loaded);
    expect(groups.map((g) => [g.key, g.rows.map((r) => r.id), countLabel(g)])).toEqual([
      ["todo", ["iss_1", "iss_3"], "2+"],
      ["done", ["iss_4", "iss_2"], "2"],
    ]);
  });

  it("lines: headers, rows unless collapsed, a loading line while more pages wait; empty groups left out", () => {
    const defs = groupsFor("priority", {}, ctx);
    const loaded = new Map<string, GroupPages>(
      defs.map((d) => [d.key, { rows: [], hasMore: false, loading: false }] as const),
    );
    loaded.set("high", { rows: [row(1, { priority: "high" })], hasMore: true, loading: false });
    loaded.set("none", { rows: [row(2), row(3)], hasMore: false, loading: false });
    const groups = bucket("priority", defs, loaded);
    expect(lines(groups, new Set(), true).map((l) => l.key)).toEqual([
      "h:high",
      "iss_1",
      "m:high",
      "h:none",
      "iss_2",
      "iss_3",
    ]);
    expect(lines(groups, new Set(["high"]), true).map((l) => l.key)).toEqual([
      "h:high",
      "h:none",
      "iss_2",
      "iss_3",
    ]);
    const flat = bucket(
      "none",
      groupsFor("none", {}, ctx),
      new Map([["all", { rows: [row(5)], hasMore: false, loading: false }]]),
    );
    expect(lines(flat, new Set(), false).map((l) => l.kind)).toEqual(["row"]);
  });
});

describe("changes", () => {
  it("status: only the issues it changes", () => {
    const change = setStatus("done");
    expect(change(row(1, { status: "done" }))).toBeNull();
    expect(change(row(2))).toEqual({ body: { status: "done" }, view: { status: "done" } });
  });

  it("a label is added to every issue, or removed from all when all have it", () => {
    const a = row(1, { labels: ["bug"] });
    const b = row(2, { labels: [] });
    const add = toggleLabel("bug", [a, b]);
    expect(add(a)).toBeNull();
    expect(add(b)?.body).toEqual({ labels: ["bug"] });
    const both = [a, row(3, { labels: ["ui", "bug"] })];
    const remove = toggleLabel("bug", both);
    expect(remove(both[1]!)?.body).toEqual({ labels: ["ui"] });
  });
});
