import { describe, expect, it } from "vitest";
import type { CommentThread } from "../conversation/data.ts";
import type { Activity } from "./model.ts";
import { timelineItems } from "./timeline.ts";

const entry = (id: string, at: string) => ({ id, at, action: "updated", changes: {} }) as unknown as Activity;
const thread = (id: string, at: string) => ({ id, created_at: at, replies: [] }) as unknown as CommentThread;

describe("timelineItems", () => {
  const activity = [entry("a1", "2026-03-02T09:00:00Z"), entry("a2", "2026-03-02T11:00:00Z")];
  const threads = [thread("c1", "2026-03-02T10:00:00Z"), thread("c2", "2026-03-02T12:00:00Z")];

  it("interleaves activity and comments oldest first", () => {
    expect(timelineItems(activity, threads, "all").map((i) => i.key)).toEqual(["a1", "c1", "a2", "c2"]);
  });

  it("shows only the comments, or only the activity, when filtered", () => {
    expect(timelineItems(activity, threads, "comments").map((i) => i.key)).toEqual(["c1", "c2"]);
    expect(timelineItems(activity, threads, "activity").map((i) => i.key)).toEqual(["a1", "a2"]);
  });

  it("puts a change before a comment made at the same instant, and keeps each list's order on ties", () => {
    const at = "2026-03-02T10:00:00Z";
    const items = timelineItems([entry("a1", at), entry("a2", at)], [thread("c1", at)], "all");
    expect(items.map((i) => i.key)).toEqual(["a1", "a2", "c1"]);
  });

  it("compares instants, not strings (offsets and precision differ)", () => {
    const items = timelineItems(
      [entry("a1", "2026-03-02T10:30:00.000+01:00")],
      [thread("c1", "2026-03-02T09:45:00Z")],
      "all",
    );
    expect(items.map((i) => i.key)).toEqual(["a1", "c1"]);
  });
});
