import DOMPurify from "dompurify";

/** A search snippet: the service's HTML-escaped text where only <mark> is markup (kept to that). */
export function Snippet({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS: ["mark"], ALLOWED_ATTR: [] });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to <mark> alone
  return <span className="snippet" dangerouslySetInnerHTML={{ __html: clean }} />;
}
