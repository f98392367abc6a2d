/**
 * Finding issue identifiers (`ENG-42`, any case) in a pull request's title, body and branch name or a
 * commit's message, and the magic word before each: a closing word (fixes, closes, resolves and their
 * forms) means merging finishes the issue; `refs` or `part of` links it without closing. An identifier
 * right after another one in a list ("Fixes ENG-1, ENG-2 and ENG-3") takes the same word.
 */

export const CLOSING_WORDS = [
  "fix",
  "fixes",
  "fixed",
  "close",
  "closes",
  "closed",
  "resolve",
  "resolves",
  "resolved",
] as const;
export const NON_CLOSING_WORDS = ["ref", "refs", "references", "part of", "related to"] as const;

export interface Mention {
  /** upper case: ENG-42 */
  identifier: string;
  prefix: string;
  number: number;
  /** a closing word named it */
  closes: boolean;
  /** `refs` or `part of` named it: linked, never closing */
  refs: boolean;
}

const IDENTIFIER = /(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]{1,9})-(\d{1,9})(?![A-Za-z0-9])/g;
const CLOSING = new RegExp(`(?:^|[^A-Za-z])(${CLOSING_WORDS.join("|")})\\s*:?\\s*(?:#\\s*)?$`, "i");
const REFERRING = /(?:^|[^A-Za-z])(refs?|references|part\s+of|related\s+to)\s*:?\s*(?:#\s*)?$/i;
/** what may stand between two identifiers of one list */
const LIST_GAP = /^\s*(?:,|&|\+|\band\b|\/)?\s*(?:,\s*)?(?:and\s+)?$/i;

/** The identifiers `text` names, each once (closing wins over a plain mention), in order of appearance. */
export function findMentions(text: string): Mention[] {
  const out = new Map<string, Mention>();
  let previous: { end: number; closes: boolean; refs: boolean } | undefined;
  for (const m of text.matchAll(IDENTIFIER)) {
    const start = m.index;
    const identifier = `${m[1]!.toUpperCase()}-${Number(m[2])}`;
    let closes = false;
    let refs = false;
    const gap = previous ? text.slice(previous.end, start) : "";
    if (previous && LIST_GAP.test(gap)) {
      closes = previous.closes;
      refs = previous.refs;
    } else {
      const before = text.slice(Math.max(previous?.end ?? 0, start - 40), start);
      if (CLOSING.test(before)) closes = true;
      else if (REFERRING.test(before)) refs = true;
    }
    previous = { end: start + m[0].length, closes, refs };
    const seen = out.get(identifier);
    if (seen) {
      seen.closes ||= closes;
      seen.refs ||= refs;
    } else
      out.set(identifier, { identifier, prefix: m[1]!.toUpperCase(), number: Number(m[2]), closes, refs });
  }
  return [...out.values()];
}

/**
 * The identifiers a pull request names: in its title, body and head branch. The branch names its issue
 * (as `docket issues branch` makes it): merging it closes that issue unless the text only `refs` it.
 */
export function pullRequestMentions(title: string, body: string | null, branch: string | null): Mention[] {
  const text = findMentions(`${title}\n${body ?? ""}`);
  const byId = new Map(text.map((m) => [m.identifier, m]));
  for (const b of findMentions(branch ?? "")) {
    const seen = byId.get(b.identifier);
    if (seen) {
      if (!seen.refs) seen.closes = true;
    } else byId.set(b.identifier, { ...b, closes: true, refs: false });
  }
  return [...byId.values()];
}

/** Whether `repository` (owner/name) matches `pattern` (owner/name, or owner/* for all of owner's), any case. */
export function repositoryMatches(pattern: string, repository: string): boolean {
  const p = pattern.toLowerCase();
  const r = repository.toLowerCase();
  if (p.endsWith("/*")) return r.startsWith(p.slice(0, -1));
  return p === r;
}
