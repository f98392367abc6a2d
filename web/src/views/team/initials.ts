/** A person's initials for their avatar: "Ada Lovelace" → "AL", "grace" → "G", "" → "?". */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._@-]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0) return "?";
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words.at(-1)!][0]! : "";
  return (first + last).toUpperCase();
}
