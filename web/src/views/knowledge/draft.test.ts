import { describe, expect, it } from "vitest";
import { changedFields, compare, patchOf, rebase, sameValue } from "./draft.ts";

const base = { title: "Use SQLite", status: "proposed", context: "small", issues: ["ENG-1"] };

describe("drafts", () => {
  it("compares values, arrays by content", () => {
    expect(sameValue(["ENG-1"], ["ENG-1"])).toBe(true);
    expect(sameValue(["ENG-1"], ["ENG-2"])).toBe(false);
    expect(sameValue(null, "")).toBe(false);
  });

  it("sends only the fields the person changed", () => {
    const mine = { ...base, title: "Use PostgreSQL", issues: ["ENG-1", "ENG-2"] };
    expect(changedFields(base, mine)).toEqual(["title", "issues"]);
    expect(patchOf(base, mine)).toEqual({ title: "Use PostgreSQL", issues: ["ENG-1", "ENG-2"] });
    expect(patchOf(base, { ...base })).toEqual({});
  });

  it("tells fields both changed from fields one side changed", () => {
    const mine = { ...base, title: "Mine", context: "bigger" };
    const theirs = { ...base, title: "Theirs", status: "accepted", context: "bigger" };
    expect(compare(base, theirs, mine)).toEqual({ both: ["title"], theirsOnly: ["status"], mineOnly: [] });
  });

  it("rebases the draft onto their version, keeping both sides' changes", () => {
    const mine = { ...base, title: "Mine" };
    const theirs = { ...base, status: "accepted", context: "theirs" };
    expect(rebase(base, theirs, mine)).toEqual({
      ...base,
      title: "Mine",
      status: "accepted",
      context: "theirs",
    });
  });
});
