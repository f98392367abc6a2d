/**
 * Mentions in rendered Markdown: `@email` and `@agent-name` that name a member or an agent of the
 * workspace become chips ("@Ada Lovelace"); hovering or focusing one shows a card with the name, the
 * email and whether it is a person or an agent (and for whom). Text in code, and links, is left alone.
 */
import { useMemo, useState } from "react";
import { useAssignees } from "../views/issues/data.ts";

export interface MentionInfo {
  name: string;
  email?: string;
  kind: "person" | "agent";
  /** An agent's person. */
  forName?: string;
}
export type MentionIndex = Map<string, MentionInfo>;

const MENTION = /(^|[^\w@.])@([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|[A-Za-z0-9][\w-]*)/g;

/** The workspace's members by email and its agents by name (lower case). */
export function useMentionIndex(ws: string): MentionIndex {
  const { list } = useAssignees(ws);
  return useMemo(() => {
    const index: MentionIndex = new Map();
    for (const a of list) {
      if (a.kind === "person" && a.email)
        index.set(a.email.toLowerCase(), {
          name: a.label.replace(/ \(you\)$/, ""),
          email: a.email,
          kind: "person",
        });
      if (a.kind === "agent" && a.agent)
        index.set(a.agent.name.toLowerCase(), {
          name: a.agent.name,
          kind: "agent",
          forName: a.agent.for.name,
        });
    }
    return index;
  }, [list]);
}

/** Rendered (sanitized) HTML with its known mentions made chips. */
export function markMentions(html: string, index: MentionIndex): string {
  if (index.size === 0 || !html.includes("@")) return html;
  const box = document.createElement("div");
  box.innerHTML = html;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!(n.parentElement?.closest("code, pre, a") ?? null)) texts.push(n as Text);
  }
  for (const text of texts) {
    const value = text.data;
    MENTION.lastIndex = 0;
    let last = 0;
    const parts: (string | HTMLElement)[] = [];
    for (let m = MENTION.exec(value); m; m = MENTION.exec(value)) {
      const who = index.get(m[2]!.toLowerCase());
      if (!who) continue;
      const start = m.index + m[1]!.length;
      parts.push(value.slice(last, start));
      const chip = document.createElement("span");
      chip.className = "mention";
      chip.tabIndex = 0;
      chip.dataset.mention = m[2]!.toLowerCase();
      chip.textContent = `@${who.name}`;
      parts.push(chip);
      last = start + 1 + m[2]!.length;
    }
    if (parts.length === 0) continue;
    parts.push(value.slice(last));
    text.replaceWith(...parts);
  }
  return box.innerHTML;
}

/** The card over a hovered or focused chip, and the handlers that show and hide it. */
export function useMentionCard(index: MentionIndex | undefined) {
  const [card, setCard] = useState<{ who: MentionInfo; left: number; top: number } | null>(null);
  const show = (target: EventTarget) => {
    const chip = (target as HTMLElement).closest?.(".mention") as HTMLElement | null;
    const who = chip && index?.get(chip.dataset.mention ?? "");
    if (!chip || !who) return;
    const r = chip.getBoundingClientRect();
    setCard({ who, left: r.left, top: r.bottom + 6 });
  };
  const hide = (target: EventTarget) => {
    if ((target as HTMLElement).closest?.(".mention")) setCard(null);
  };
  const handlers = {
    onMouseOver: (e: React.MouseEvent) => show(e.target),
    onMouseOut: (e: React.MouseEvent) => hide(e.target),
    onFocus: (e: React.FocusEvent) => show(e.target),
    onBlur: (e: React.FocusEvent) => hide(e.target),
  };
  const element = card ? (
    <div className="mention-card" role="tooltip" style={{ left: card.left, top: card.top }}>
      <strong>{card.who.name}</strong>
      {card.who.email && <span className="muted">{card.who.email}</span>}
      <span className="mention-kind">
        {card.who.kind === "agent" ? `Agent${card.who.forName ? ` for ${card.who.forName}` : ""}` : "Person"}
      </span>
    </div>
  ) : null;
  return { handlers, element };
}
