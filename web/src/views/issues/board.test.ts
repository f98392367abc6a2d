import { describe, expect, it } from "vitest";
import { dropChange, isBoardGroup } from "./board.ts";
import type { IssueRow } from "./grouping.ts";

const row = (over: Partial<IssueRow> = {}): IssueRow =>
  ({
    id: "iss_1",
    identifier: "ENG-1",
    space: "ENG",
    title: "One",
    status: "todo",
    priority: "none",
    labels: [],
    assignee: null,
    cycle: null,
    milestone: null,
    ready: true,
    updated_at: "2026-03-02T09:00:00Z",
    version: 1,
    ...over,
  }) as IssueRow;

const ctx = {
  assignees: [
    { id: "per_me", label: "Ada Lovelace (you)", kind: "person" as const, email: "ada@example.com" },
    {
      id: "con_1",
      label: "Claude (agent for Ada Lovelace)",
      kind: "agent" as const,
      agent: { name: "Claude", for: { person_id: "per_me", name: "Ada Lovelace" } },
    },
  ],
  cycles: [{ id: "cyc_1", name: "Cycle 9", space: "ENG" }],
};

describe("dropChange", () => {
  it("sets the status or the priority of the column, and nothing when it is already that", () => {
    const status = dropChange("status", "in_review", ctx);
    expect(status?.words).toBe("moved to In review");
    expect(status?.change(row())?.body).toEqual({ status: "in_review" });
    expect(status?.change(row({ status: "in_review" }))).toBeNull();
    const priority = dropChange("priority", "urgent", ctx);
    expect(priority?.words).toBe("priority Urgent");
    expect(priority?.change(row())?.body).toEqual({ priority: "urgent" });
  });

  it("assigns a person or an agent by id, or unassigns; the row shows them at once", () => {
    const me = dropChange("assignee", "per_me", ctx);
    expect(me?.words).toBe("assigned to Ada Lovelace");
    expect(me?.change(row())).toEqual({
      body: { assignee: "per_me" },
      view: { assignee: { type: "person", id: "per_me", name: "Ada Lovelace", email: "ada@example.com" } },
    });
    const agent = dropChange("assignee", "con_1", ctx)?.change(row());
    expect(agent?.view.assignee).toMatchObject({ type: "agent", name: "Claude" });
    const none = dropChange("assignee", "none", ctx);
    expect(none?.change(row({ assignee: agent?.view.assignee ?? null }))?.body).toEqual({ assignee: null });
  });

  it("sets or clears the cycle", () => {
    expect(dropChange("cycle", "cyc_1", ctx)?.change(row())?.body).toEqual({ cycle: "cyc_1" });
    expect(dropChange("cycle", "none", ctx)?.words).toBe("no cycle");
  });

  it("refuses a column it cannot set: iced, or a value it does not know", () => {
    expect(dropChange("status", "iced", ctx)).toBeNull();
    expect(dropChange("priority", "huge", ctx)).toBeNull();
    expect(dropChange("status", "toString", ctx)).toBeNull();
    expect(dropChange("assignee", "per_gone", ctx)).toBeNull();
    expect(dropChange("cycle", "cyc_gone", ctx)).toBeNull();
  });

  it("knows the board's groupings", () => {
    expect(isBoardGroup("priority")).toBe(true);
    expect(isBoardGroup("milestone")).toBe(false);
    expect(isBoardGroup(undefined)).toBe(false);
  });
});
