const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]*-\d+$/;

/** What the person typed, as a search that also matches words the last one begins (type-ahead). */
export function typeAhead(q: string): string {
  const text = q.trim();
  if (IDENTIFIER.test(text) || /["*)]$/.test(text)) return text;
  const last = text.split(/\s+/).at(-1) ?? "";
  return /^[\p{L}\p{N}]{2,}$/u.test(last) ? `${text}*` : text;
}
