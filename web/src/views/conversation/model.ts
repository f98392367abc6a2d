/**
 * The conversation's pure logic: mention completion (where an `@…` is being typed, who it may name, what
 * is inserted), replies kept one level deep, and the inbox's grouping. No React, no network: unit-tested.
 */

/** Someone a comment can mention: a member (`@email`) or an agent connection (`@agent-name`). */
export interface MentionCandidate {
  kind: "person" | "agent";
  /** What follows the `@` when inserted: the member's email, or the agent's handle. */
  handle: string;
  /** The name shown in the list. */
  name: string;
  /** A second line: the email, or "agent for Ada Lovelace". */
  detail: string;
}

/**
 * An agent's handle as the server reads it in a mention: its name in lower case, each run of other
 * characters a hyphen ("Claude Code" → `claude-code`).
 */
export const agentHandle = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");

/** A mention being typed: the `@` at `start`, and what follows it up to the caret. */
export interface ActiveMention {
  start: number;
  query: string;
}

/**
 * The mention the caret is in, if any: an `@` at the start of the text or after a space or an opening
 * bracket (not inside a word, so `ada@example.com` is not one), followed by the caret with no space
 * between, outside a code span or a fenced block.
 */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const before = text.slice(0, caret);
  const match = /(^|[\s([{>"'])@([^\s@]*(?:@[^\s@]*)?)$/u.exec(before);
  if (!match) return null;
  const start = caret - match[2]!.length - 1;
  if (insideCode(text, start)) return null;
  return { start, query: match[2]! };
}

/** Whether `index` is inside a fenced code block or an inline code span of `text`. */
function insideCode(text: string, index: number): boolean {
  const fences = text.slice(0, index).match(/^ {0,3}```/gm);
  if (fences && fences.length % 2 === 1) return true;
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  const ticks = text.slice(lineStart, index).match(/`/g);
  return Boolean(ticks && ticks.length % 2 === 1);
}

interface MemberLike {
  email: string;
  name?: string | null;
  suspended?: boolean;
}
interface ConnectionLike {
  name: string;
  status?: string;
  approved_by?: { name?: string | null; email?: string } | null;
}

/** Everyone a comment can mention: members, then active agent connections (one per handle). */
export function mentionCandidates(
  members: readonly MemberLike[],
  connections: readonly ConnectionLike[],
): MentionCandidate[] {
  const out: MentionCandidate[] = members
    .filter((m) => !m.suspended)
    .map((m) => ({
      kind: "person",
      handle: m.email.toLowerCase(),
      name: m.name || m.email,
      detail: m.email,
    }));
  const seen = new Set<string>();
  for (const c of connections) {
    if (c.status && c.status !== "active") continue;
    const handle = agentHandle(c.name);
    if (!handle || seen.has(handle)) continue;
    seen.add(handle);
    const owner = c.approved_by?.name || c.approved_by?.email;
    out.push({
      kind: "agent",
      handle,
      name: c.name,
      detail: owner ? `agent for ${owner}` : "agent",
    });
  }
  return out;
}

/**
 * The candidates that match what was typed after the `@`, best first: a name or handle that starts with
 * it, then a word of the name that does, then one that contains it. An empty query lists everyone.
 */
export function matchMentions(
  candidates: readonly MentionCandidate[],
  query: string,
  limit = 8,
): MentionCandidate[] {
  const q = query.toLowerCase();
  if (!q) return candidates.slice(0, limit);
  const scored: { c: MentionCandidate; score: number; i: number }[] = [];
  candidates.forEach((c, i) => {
    const name = c.name.toLowerCase();
    const handle = c.handle.toLowerCase();
    let score = -1;
    if (handle.startsWith(q) || name.startsWith(q)) score = 0;
    else if (name.split(/[\s\-_.]+/).some((w) => w.startsWith(q))) score = 1;
    else if (handle.includes(q) || name.includes(q)) score = 2;
    if (score >= 0) scored.push({ c, score, i });
  });
  scored.sort((a, b) => a.score - b.score || a.i - b.i);
  return scored.slice(0, limit).map((s) => s.c);
}

/**
 * The text with the mention being typed (from its `@` to the caret) replaced by `@handle ` and where the
 * caret goes next. A space already after the caret is not doubled.
 */
export function insertMention(
  text: string,
  mention: ActiveMention,
  caret: number,
  handle: string,
): { text: string; caret: number } {
  const after = text.slice(caret);
  const inserted = `@${handle}${/^\s/.test(after) ? "" : " "}`;
  const next = text.slice(0, mention.start) + inserted + after;
  const at = mention.start + inserted.length + (/^\s/.test(after) ? 1 : 0);
  return { text: next, caret: at };
}

/** The handles a text mentions, as the server reads them (outside code), for a hint under the editor. */
export function mentionedHandles(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?(```|$)/g, " ").replace(/`[^`\n]*`/g, " ");
  const out = new Set<string>();
  const re = /(^|[^\p{L}\p{N}_.@/`])@([\p{L}\p{N}][\p{L}\p{N}._%+-]*(?:@[\p{L}\p{N}.-]+\.[\p{L}]{2,})?)/gu;
  for (const m of prose.matchAll(re)) {
    const handle = m[2]!.replace(/[.,;:!?)-]+$/, "").toLowerCase();
    if (handle) out.add(handle);
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------------
// Threads

export interface CommentLike {
  id: string;
  parent_id: string | null;
  created_at: string;
}
export interface ThreadLike<C extends CommentLike> {
  replies: C[];
}

/** Replies stay one level deep: a reply to a reply goes to the top-level comment it is under. */
export function replyTarget(comment: CommentLike): string {
  return comment.parent_id ?? comment.id;
}

/**
 * Threads from a flat list (top-level comments with their replies, each oldest first); a reply whose
 * parent is not in the list (on an earlier page) is left out rather than shown without its context.
 */
export function groupThreads<C extends CommentLike>(comments: readonly C[]): (C & { replies: C[] })[] {
  const byTime = [...comments].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const threads = new Map<string, C & { replies: C[] }>();
  for (const c of byTime) if (c.parent_id === null) threads.set(c.id, { ...c, replies: [] });
  for (const c of byTime) if (c.parent_id !== null) threads.get(c.parent_id)?.replies.push(c);
  return [...threads.values()];
}

/** How many comments the threads hold, replies included, deleted ones not. */
export function countComments(
  threads: readonly (CommentLike & { deleted?: boolean; replies: (CommentLike & { deleted?: boolean })[] })[],
): number {
  let n = 0;
  for (const t of threads) {
    if (!t.deleted) n += 1;
    for (const r of t.replies) if (!r.deleted) n += 1;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------
// Inbox

/** Items grouped under "Today", "Yesterday", "This week" and "Earlier", newest first within each. */
export function groupByDay<T extends { created_at: string }>(
  items: readonly T[],
  now: Date = new Date(),
): { label: string; items: T[] }[] {
  const startOfDay = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const day = 24 * 60 * 60 * 1000;
  const bounds = [
    { label: "Today", from: startOfDay },
    { label: "Yesterday", from: startOfDay - day },
    { label: "This week", from: startOfDay - 6 * day },
    { label: "Earlier", from: Number.NEGATIVE_INFINITY },
  ];
  const groups = bounds.map((b) => ({ label: b.label, items: [] as T[] }));
  for (const item of items) {
    const t = new Date(item.created_at).getTime();
    const i = bounds.findIndex((b) => t >= b.from);
    groups[i === -1 ? groups.length - 1 : i]!.items.push(item);
  }
  return groups.filter((g) => g.items.length > 0);
}

/** An excerpt's Markdown marks taken out for a one-line summary (`**ledger**` → `ledger`). */
export function plainExcerpt(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(^|[\s(])[*_](?=\S)([^*_]*?\S)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+\.)\s+/, "");
}

/** The app's address of what an inbox item is about: the issue, decision or note page. */
export function inboxTarget(item: {
  subject: { type: string; id: string; url: string };
  issue: { identifier: string } | null;
}): { to: "issue"; key: string } | { to: "decision"; id: string } | { to: "note"; id: string } | null {
  if (item.issue) return { to: "issue", key: item.issue.identifier };
  if (item.subject.type === "decision") return { to: "decision", id: item.subject.id };
  if (item.subject.type === "note") return { to: "note", id: item.subject.id };
  // a comment on a decision or a note: its url names the subject's path
  const m = /^\/v1\/(decisions|notes)\/([^/]+)/.exec(item.subject.url);
  if (m) return m[1] === "decisions" ? { to: "decision", id: m[2]! } : { to: "note", id: m[2]! };
  return null;
}
