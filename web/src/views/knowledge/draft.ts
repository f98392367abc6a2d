/**
 * Drafts of a decision or a note, as pure functions: which fields the person changed since the version
 * they started from, and, when someone else saved meanwhile (a newer version arrived, or a save answered
 * 412), which of those fields now differ from theirs. Only the fields the person changed are sent, so
 * the other fields someone else changed are kept.
 */

export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `next` that differ from `base`. */
export function changedFields<T extends object>(base: T, next: T): (keyof T)[] {
  return (Object.keys(next) as (keyof T)[]).filter((k) => !sameValue(base[k], next[k]));
}

/** The part of `next` that differs from `base`: what a PATCH sends. */
export function patchOf<T extends object>(base: T, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of changedFields(base, next)) out[k] = next[k];
  return out;
}

export interface Comparison<T> {
  /** Fields both changed, to different values: the person chooses. */
  both: (keyof T)[];
  /** Fields only they changed: kept whatever the person chooses. */
  theirsOnly: (keyof T)[];
  /** Fields only the person changed. */
  mineOnly: (keyof T)[];
}

/** How the person's draft and someone else's newer version differ, each from the version both began at. */
export function compare<T extends object>(base: T, theirs: T, mine: T): Comparison<T> {
  const mineChanged = new Set(changedFields(base, mine));
  const theirsChanged = new Set(changedFields(base, theirs));
  const both: (keyof T)[] = [];
  const theirsOnly: (keyof T)[] = [];
  const mineOnly: (keyof T)[] = [];
  for (const k of Object.keys(mine) as (keyof T)[]) {
    if (mineChanged.has(k) && theirsChanged.has(k)) {
      if (!sameValue(theirs[k], mine[k])) both.push(k);
    } else if (mineChanged.has(k)) mineOnly.push(k);
    else if (theirsChanged.has(k)) theirsOnly.push(k);
  }
  return { both, theirsOnly, mineOnly };
}

/**
 * The draft moved onto their version: their values where the person changed nothing, the person's where
 * they did. Saving it with their ETag keeps both sides' changes; for fields both changed, the person's.
 */
export function rebase<T extends object>(base: T, theirs: T, mine: T): T {
  const out = { ...theirs };
  for (const k of changedFields(base, mine)) out[k] = mine[k];
  return out;
}
