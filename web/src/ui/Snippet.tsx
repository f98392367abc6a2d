/**
 * A search snippet: the service sends HTML-escaped text in which the only markup is <mark>…</mark>.
 * It is split on those tags and shown as React text (never as HTML), so nothing in it can run.
 */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The snippet's parts: text, and the matched words to highlight. */
export function snippetParts(html: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let marked = false;
  for (const piece of html.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(piece)) marked = true;
    else if (/^<\/mark>$/i.test(piece)) marked = false;
    else if (piece) parts.push({ text: unescapeHtml(piece), marked });
  }
  return parts;
}

export function Snippet({ html }: { html: string }) {
  return (
    <span className="snippet">
      {snippetParts(html).map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order, never reordered
        p.marked ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </span>
  );
}
