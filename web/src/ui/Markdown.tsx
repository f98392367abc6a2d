/**
 * Markdown as people and agents write it, rendered safely: markdown-it with raw HTML off (a `<script>`
 * in a description is shown as text), then DOMPurify over the result, links opened without opener.
 */
import DOMPurify from "dompurify";
import MarkdownIt from "markdown-it";
import { useMemo } from "react";

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
}: {
  source: string;
  className?: string;
  empty?: string;
}) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  if (!source.trim()) return <p className="muted">{empty ?? "Nothing written yet."}</p>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above (markdown-it without HTML, then DOMPurify)
  return <div className={`markdown ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
