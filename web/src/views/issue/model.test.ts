import { describe, expect, it } from "vitest";
import type { Issue } from "../../api.ts";
import {
  type Activity,
  activityActor,
  cleanLabels,
  conflictingFields,
  describeChange,
  eventActor,
  formatBytes,
  readiness,
  thawStatus,
} from "./model.ts";

const issue = (over: Partial<Issue> = {}): Issue =>
  ({
    id: "iss_1",
    identifier: "ENG-1",
    title: "One",
    description: "",
    status: "todo",
    priority: "none",
    labels: [],
    assignee: null,
    estimate: null,
    due_date: null,
    parent: null,
    cycle: null,
    milestone: null,
    ready: true,
    blockedBy: [],
    blocks: [],
    relatesTo: [],
    version: 1,
    ...over,
  }) as Issue;

const actor = (over: Partial<Activity["actor"]> = {}): Activity["actor"] => ({
  person_id: "per_1",
  via: "web",
  name: "Ada",
  agent: null,
  ...over,
});

describe("the issue page's rules", () => {
  it("tells agents, tokens and people apart", () => {
    expect(activityActor(actor({ via: "con_1", agent: { id: "con_1", name: "Claude" } }))).toEqual({
      name: "Claude (agent for Ada)",
      kind: "agent",
    });
    expect(activityActor(actor({ via: "pat_1" })).kind).toBe("token");
    expect(activityActor(actor()).name).toBe("Ada");
    // a code host's change is the integration's, naming what caused it
    const pr = { provider: "github", kind: "pull_request", number: 123, author_login: "octocat", url: "" };
    expect(activityActor(actor({ via: "int_1" }), pr)).toEqual({
      name: "GitHub (pull request #123 by octocat)",
      kind: "integration",
    });
    expect(
      activityActor(actor({ via: "int_2" }), { ...pr, provider: "gitlab", number: 7, author_login: null })
        .name,
    ).toBe("GitLab (merge request !7)");
    expect(activityActor(actor({ via: "int_1" }), { ...pr, kind: "branch", number: null }).name).toBe(
      "GitHub (branch by octocat)",
    );
    expect(
      eventActor({
        person_id: "per_1",
        person_name: "Ada",
        via: "con_1",
        via_type: "agent",
        via_name: "Claude",
      }),
    ).toBe("Claude (agent for Ada)");
    const byGitHub = {
      person_id: "per_1",
      person_name: "Ada",
      via: "int_1",
      via_type: "token",
      via_name: null,
    };
    expect(
      eventActor(byGitHub as never, {
        via_integration: {
          provider: "github",
          kind: "pull_request",
          number: 9,
          author_login: "octocat",
          url: "",
        },
      }),
    ).toBe("GitHub (pull request #9 by octocat)");
    expect(eventActor(byGitHub as never, {})).toBe("A code host");
  });

  it("reads changes as people would, naming what ids refer to", () => {
    expect(describeChange("status", "todo", "in_progress")).toBe("changed status from Todo to In progress");
    expect(describeChange("labels", ["ui"], ["bug", "db"])).toBe("added labels bug, db and removed label ui");
    expect(describeChange("assignee", null, "usr_2", (id) => (id === "usr_2" ? "Grace" : undefined))).toBe(
      "set assignee to Grace",
    );
    expect(describeChange("parent", "iss_9", null)).toBe("cleared parent (was another issue)");
    expect(describeChange("due_date", "2026-01-01", "2026-02-01")).toBe(
      "changed due date from 2026-01-01 to 2026-02-01",
    );
    expect(describeChange("priority", "none", "high")).toBe("changed priority from No priority to High");
  });

  it("finds a real conflict only where someone else changed a field I change", () => {
    const base = issue({ title: "One", status: "todo" });
    expect(conflictingFields({ title: "Mine" }, base, issue({ title: "Theirs", version: 2 }))).toEqual([
      "title",
    ]);
    expect(conflictingFields({ title: "Mine" }, base, issue({ status: "done", version: 2 }))).toEqual([]);
    // they made the same change: nothing to choose
    expect(conflictingFields({ title: "Mine" }, base, issue({ title: "Mine", version: 2 }))).toEqual([]);
    expect(
      conflictingFields({ labels: ["a", "b"] }, base, issue({ labels: ["b", "a"], version: 2 })),
    ).toEqual([]);
  });

  it("thaws to the status the issue had when iced", () => {
    const entry = (from: string, to: string): Activity => ({
      id: "a",
      action: "iced",
      changes: { status: { from, to } },
      actor: actor(),
      via_integration: null,
      at: "2026-01-01T00:00:00Z",
    });
    expect(thawStatus([entry("backlog", "todo"), entry("in_progress", "iced")])).toBe("in_progress");
    expect(thawStatus([])).toBe("todo");
  });

  it("says whether the issue is ready, and what blocks it", () => {
    expect(readiness(issue()).text).toBe("Ready");
    const blocked = issue({
      ready: false,
      blockedBy: [
        { dependency_id: "d1", id: "iss_2", identifier: "ENG-2", title: "x", status: "todo" },
        { dependency_id: "d2", id: "iss_3", identifier: "ENG-3", title: "y", status: "done" },
      ],
    });
    expect(readiness(blocked)).toEqual({ text: "Blocked by 1", tone: "warn" });
    expect(readiness(issue({ status: "iced", ready: false })).tone).toBe("muted");
  });

  it("cleans labels and sizes", () => {
    expect(cleanLabels([" bug", "Bug", "", "ui "])).toEqual(["bug", "ui"]);
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
  });
});
