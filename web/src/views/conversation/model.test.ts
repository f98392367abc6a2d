import { describe, expect, it } from "vitest";
import {
  activeMention,
  agentHandle,
  countComments,
  groupByDay,
  groupThreads,
  inboxTarget,
  insertMention,
  matchMentions,
  mentionCandidates,
  mentionedHandles,
  plainExcerpt,
  replyTarget,
} from "./model.ts";

const members = [
  { email: "ada@example.com", name: "Ada Lovelace" },
  { email: "grace@example.com", name: "Grace Hopper" },
  { email: "gone@example.com", name: "Gone Person", suspended: true },
];
const connections = [
  { name: "Claude Code", status: "active", approved_by: { name: "Ada Lovelace", email: "ada@example.com" } },
  { name: "claude code", status: "active", approved_by: { name: "Grace Hopper", email: "g@example.com" } },
  { name: "Old bot", status: "revoked", approved_by: { name: "Ada Lovelace", email: "ada@example.com" } },
];

describe("mention completion", () => {
  it("finds the mention the caret is in", () => {
    expect(activeMention("@", 1)).toEqual({ start: 0, query: "" });
    expect(activeMention("hi @gr", 6)).toEqual({ start: 3, query: "gr" });
    expect(activeMention("(@ada@exa", 9)).toEqual({ start: 1, query: "ada@exa" });
    expect(activeMention("line\n@cl", 8)).toEqual({ start: 5, query: "cl" });
  });
  it("is not a mention inside a word, after a space, or in code", () => {
    expect(activeMention("ada@example", 11)).toBeNull();
    expect(activeMention("@ada hello", 10)).toBeNull();
    expect(activeMention("see `@ad", 8)).toBeNull();
    expect(activeMention("```\n@ad", 7)).toBeNull();
    expect(activeMention("```\nx\n```\n@ad", 13)).toEqual({ start: 10, query: "ad" });
  });
  it("offers members by email and active agents by handle, once each", () => {
    const all = mentionCandidates(members, connections);
    expect(all.map((c) => c.handle)).toEqual(["ada@example.com", "grace@example.com", "claude-code"]);
    expect(all[2]).toMatchObject({ kind: "agent", name: "Claude Code", detail: "agent for Ada Lovelace" });
  });
  it("matches the start of a name or handle first, then a word, then anywhere", () => {
    const all = mentionCandidates(members, connections);
    expect(matchMentions(all, "").length).toBe(3);
    expect(matchMentions(all, "gr").map((c) => c.handle)).toEqual(["grace@example.com"]);
    expect(matchMentions(all, "hop").map((c) => c.handle)).toEqual(["grace@example.com"]);
    expect(matchMentions(all, "code").map((c) => c.handle)).toEqual(["claude-code"]);
    expect(matchMentions(all, "a").map((c) => c.handle)[0]).toBe("ada@example.com");
    expect(matchMentions(all, "zzz")).toEqual([]);
  });
  it("inserts @handle and a space, and puts the caret after it", () => {
    const text = "ask @gr about it";
    const m = activeMention(text, 7)!;
    expect(insertMention(text, m, 7, "grace@example.com")).toEqual({
      text: "ask @grace@example.com about it",
      caret: 23,
    });
    const end = "thanks @cl";
    expect(insertMention(end, activeMention(end, 10)!, 10, "claude-code")).toEqual({
      text: "thanks @claude-code ",
      caret: 20,
    });
  });
  it("names agents as the server reads them", () => {
    expect(agentHandle("Claude Code")).toBe("claude-code");
    expect(agentHandle("  Büro--Bot 2 ")).toBe("büro-bot-2");
  });
  it("reads the handles a text mentions outside code", () => {
    expect(mentionedHandles("@ada@example.com and @claude-code. `@not` ```\n@nope\n```")).toEqual([
      "ada@example.com",
      "claude-code",
    ]);
  });
});

describe("threads", () => {
  const c = (id: string, parent: string | null, minute: number, deleted = false) => ({
    id,
    parent_id: parent,
    created_at: `2026-11-24T10:${String(minute).padStart(2, "0")}:00.000Z`,
    deleted,
  });
  it("keeps replies one level deep", () => {
    expect(replyTarget(c("a", null, 1))).toBe("a");
    expect(replyTarget(c("b", "a", 2))).toBe("a");
  });
  it("groups replies under their comment, oldest first, and leaves out orphans", () => {
    const threads = groupThreads([
      c("r2", "a", 5),
      c("b", null, 3),
      c("a", null, 1),
      c("r1", "a", 2),
      c("x", "zz", 4),
    ]);
    expect(threads.map((t) => [t.id, t.replies.map((r) => r.id)])).toEqual([
      ["a", ["r1", "r2"]],
      ["b", []],
    ]);
  });
  it("counts comments without the deleted ones", () => {
    const threads = [
      { ...c("a", null, 1, true), replies: [c("r1", "a", 2), c("r2", "a", 3, true)] },
      { ...c("b", null, 4), replies: [] },
    ];
    expect(countComments(threads)).toBe(2);
  });
});

describe("inbox", () => {
  it("groups items by day", () => {
    const now = new Date(2026, 10, 24, 15, 0);
    const at = (d: number, h: number) => ({ created_at: new Date(2026, 10, d, h).toISOString() });
    const groups = groupByDay([at(24, 9), at(23, 20), at(20, 1), at(2, 1)], now);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ["Today", 1],
      ["Yesterday", 1],
      ["This week", 1],
      ["Earlier", 1],
    ]);
  });
  it("takes Markdown marks out of an excerpt", () => {
    expect(plainExcerpt("The **ledger** needs `care`, see [the doc](https://x.y) and _this_")).toBe(
      "The ledger needs care, see the doc and this",
    );
    expect(plainExcerpt("## Heading * not emphasis a*b")).toBe("Heading * not emphasis a*b");
    expect(plainExcerpt("@grace@example.com, snake_case_name")).toBe("@grace@example.com, snake_case_name");
  });
  it("finds the page an item is about", () => {
    const base = { subject: { type: "comment", id: "cmt_1", url: "/v1/comments/cmt_1" }, issue: null };
    expect(inboxTarget({ ...base, issue: { identifier: "ENG-4" } })).toEqual({ to: "issue", key: "ENG-4" });
    expect(
      inboxTarget({ ...base, subject: { type: "decision", id: "dec_1", url: "/v1/decisions/dec_1" } }),
    ).toEqual({ to: "decision", id: "dec_1" });
    expect(inboxTarget(base)).toBeNull();
  });
});
