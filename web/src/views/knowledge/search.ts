/** Search's kinds of result, as the URL names them (`type=issue,note`), and what a snippet says. */
import type { Schemas } from "../../api.ts";
import { snippetParts } from "../../ui/Snippet.tsx";

export type Kind = Schemas["SearchResult"]["type"];

export const KINDS: { value: Kind; label: string; plural: string }[] = [
  { value: "issue", label: "Issue", plural: "Issues" },
  { value: "decision", label: "Decision", plural: "Decisions" },
  { value: "note", label: "Note", plural: "Notes" },
  { value: "file", label: "File", plural: "Files" },
  { value: "comment", label: "Comment", plural: "Comments" },
];

/** The kinds named in the URL, known ones only, in a stable order (none: every kind). */
export function parseKinds(type: string | undefined): Kind[] {
  const asked = new Set((type ?? "").split(",").map((t) => t.trim()));
  return KINDS.map((k) => k.value).filter((k) => asked.has(k));
}

/** The kinds after the person pressed one chip, in the stable order. */
export function toggledKinds(kinds: readonly Kind[], kind: Kind): Kind[] {
  const next = kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind];
  return KINDS.map((k) => k.value).filter((k) => next.includes(k));
}

/** A snippet's text without its marks and with its escapes read, to tell it from the title. */
export function plainText(snippet: string): string {
  return snippetParts(snippet)
    .map((p) => p.text)
    .join("");
}
