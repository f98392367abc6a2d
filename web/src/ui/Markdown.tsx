/**
 * Markdown as people and agents write it, rendered safely: markdown-it with raw HTML off (a `<script>`
 * in a description is shown as text), then DOMPurify over the result, links opened without opener.
 */
import DOMPurify from "dompurify";
import MarkdownIt from "markdown-it";
import { useMemo } from "react";
import { type MentionIndex, markMentions, useMentionCard } from "./mentions.tsx";

const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("rel", "noopener noreferrer nofollow");
    if (/^https?:/i.test(node.getAttribute("href") ?? "")) node.setAttribute("target", "_blank");
  }
});

export function renderMarkdown(source: string): string {
  return DOMPurify.sanitize(md.render(source), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input"],
  });
}

export function Markdown({
  source,
  className,
  empty,
  mentions,
}: {
  source: string;
  className?: string;
  empty?: string;
  /** Members and agents whose `@mentions` become chips with a hover card. */
  mentions?: MentionIndex;
}) {
  const html = useMemo(
    () => (mentions ? markMentions(renderMarkdown(source), mentions) : renderMarkdown(source)),
    [source, mentions],
  );
  const card = useMentionCard(mentions);
  if (!source.trim()) return <p className="muted">{empty ?? "Nothing written yet."}</p>;
  return (
    <>
      <div
        className={`markdown ${className ?? ""}`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above (markdown-it without HTML, then DOMPurify); chips are made as elements
        dangerouslySetInnerHTML={{ __html: html }}
        {...(mentions ? card.handlers : {})}
      />
      {card.element}
    </>
  );
}
