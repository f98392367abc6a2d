import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import { stem } from "porter2";
import { z } from "zod";
import { PLAN_EACH_TIME, runNamed } from "../db/prepared.ts";
import type { SearchDocumentsTable } from "../db/schema.ts";
import { invalid } from "../errors.ts";
import { telemetryHooks } from "../ops/hooks.ts";
import { csv, queryBool, timeOut } from "./common.ts";
import type { Ctx } from "./context.ts";
import { decodeCursor, encodeCursor, type Page, pageQuery } from "./pagination.ts";

/**
 * Full-text search over the workspace's issues, decisions, notes and file names: FTS5 on SQLite, a
 * tsvector with a GIN index on PostgreSQL. The user's text is never handed to either engine as query
 * syntax: it is parsed here into words, phrases, prefixes, exclusions and ORs, and each term is passed
 * quoted (FTS5) or as a bound value to `phraseto_tsquery` / `to_tsquery` (PostgreSQL).
 */

export const SEARCH_TYPES = ["issue", "decision", "note", "file", "comment"] as const;
export type SearchType = SearchDocumentsTable["object_type"];

/**
 * What one search may ask, so that no query costs much more than another: `terms` in all, `prefixes` of
 * them ending in `*` (each at least `prefixLength` letters or digits), `alternatives` joined by OR.
 * `pool`: how many of the newest matches a search ranks when more match (see `rank`).
 */
export const SEARCH_LIMITS = {
  q: 500,
  terms: 16,
  prefixes: 4,
  prefixLength: 2,
  alternatives: 4,
  defaultLimit: 20,
  pool: 500,
} as const;

export const searchQuery = z.strictObject({
  q: z
    .string({
      error: (issue) =>
        issue.input === undefined ? "is required: the words to look for" : "must be a string",
    })
    .trim()
    .min(1, { error: "must not be empty: give the words to look for" })
    .max(SEARCH_LIMITS.q, { error: `must be at most ${SEARCH_LIMITS.q} characters` })
    .describe(
      'The words to look for. All words must match; "quoted words" match as a phrase, a trailing * matches ' +
        `any word starting so (at least ${SEARCH_LIMITS.prefixLength} letters), -word leaves out what contains ` +
        "the word, and OR between words matches either side. An issue identifier such as ENG-42 puts that " +
        `issue first. At most ${SEARCH_LIMITS.terms} terms, ${SEARCH_LIMITS.prefixes} of them prefixes, and ` +
        `${SEARCH_LIMITS.alternatives} alternatives joined by OR.`,
    ),
  type: csv(z.enum(SEARCH_TYPES, { error: `must be one of ${SEARCH_TYPES.join(", ")}` }))
    .refine((types) => types.length > 0, { error: `must name at least one of ${SEARCH_TYPES.join(", ")}` })
    .optional()
    .describe(
      "Comma-separated kinds of object to search: issue, decision, note, file, comment. All by default.",
    ),
  limit: pageQuery.limit
    .unwrap()
    .default(SEARCH_LIMITS.defaultLimit)
    .describe(`Results per page, 1 to 100; ${SEARCH_LIMITS.defaultLimit} by default.`),
  cursor: pageQuery.cursor.describe(
    "The next_cursor of the previous page. Results are ranked, so a cursor holds a position in the " +
      "ranking and only works with the same q and type; objects added or changed meanwhile can shift it. " +
      `When more than ${SEARCH_LIMITS.pool} objects match, the newest ${SEARCH_LIMITS.pool} of them are ranked.`,
  ),
});
/**
 * The REST search also takes `typeahead`, for a search box that searches as the user types: the last
 * word typed matches as a prefix too. (Agents type whole words; the MCP tool's schema stays as it is.)
 */
export const searchRestQuery = searchQuery.extend({
  typeahead: queryBool
    .optional()
    .describe(
      "true: the last word of q also matches as a prefix, as if it ended in * (search as you type; a last " +
        `word shorter than ${SEARCH_LIMITS.prefixLength} letters, or one past the ${SEARCH_LIMITS.prefixes} prefixes ` +
        "allowed, matches as typed).",
    ),
});
export type SearchQuery = z.output<typeof searchQuery> & { typeahead?: boolean | undefined };

export const searchResult = z
  .object({
    type: z.enum(SEARCH_TYPES),
    id: z.string(),
    identifier: z.string().optional().describe("The issue's identifier, e.g. ENG-42 (issues only)."),
    title: z.string().describe("The title; for a file, its name."),
    snippet: z
      .string()
      .describe(
        "Where the words matched: HTML-escaped text in which the only markup is <mark>…</mark> around the " +
          "matched words. From the body when it matches, else the title, else the body's opening words.",
      ),
    score: z
      .number()
      .optional()
      .describe(
        "Relevance, higher is better; comparable only within one search. Absent for identifier hits.",
      ),
    status: z.string().optional().describe("The status of an issue or a decision."),
    updated_at: timeOut,
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.output<typeof searchResult>;

export const searchPage = z.object({ data: z.array(searchResult), next_cursor: z.string().nullable() });

/** One term of a query: text handed to the engine as a phrase, maybe the prefix of its last word. */
export interface SearchTerm {
  text: string;
  prefix: boolean;
}

/** A query as understood: any of several groups of terms (all of a group must match), none of `without`. */
export interface ParsedSearch {
  anyOf: SearchTerm[][];
  without: SearchTerm[];
  /** issue identifiers named in the query, upper-cased, in order */
  identifiers: string[];
  /**
   * Code hosts' filters (`has:pr`, `pr:open|draft|merged|closed`): only issues with a linked pull
   * request (in that state; `any` for has:pr), all of them; absent when the query has none
   */
  pr?: string[];
}

const PR_FILTER = /^(?:has:pr|pr:(open|draft|merged|closed))$/i;

const HAS_WORD = /[\p{L}\p{N}]/u;
const WORD_RUNS = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]{1,9}-[1-9][0-9]{0,9}$/;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
// Control, format and lone surrogate characters are read as spaces: they are never part of a word.
const UNREADABLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

const noWords = () =>
  invalid("q: has no words to look for; give at least one word of letters or digits", {
    q: "has no words to look for",
  });

/**
 * Parses a user's query. Never fails on syntax: stray quotes, brackets, operators and symbols are read
 * as separators. Fails (400 naming `q`) only when nothing searchable is left, or the query asks more
 * than SEARCH_LIMITS allows (terms, prefixes, a prefix shorter than 2, alternatives).
 */
export function parseSearch(q: string, options: { typeahead?: boolean } = {}): ParsedSearch {
  const s = q.replace(UNREADABLE, " ");
  /** the term typed last, and whether it leaves out */
  let last: { term: SearchTerm; negated: boolean } | undefined;
  const anyOf: SearchTerm[][] = [[]];
  const without: SearchTerm[] = [];
  const identifiers: string[] = [];
  const pr: string[] = [];
  let negateNext = false;
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i]!)) {
      i++;
      continue;
    }
    let negate = negateNext;
    negateNext = false;
    while (s[i] === "-") {
      negate = true;
      i++;
    }
    let text: string;
    let quoted = false;
    if (s[i] === '"') {
      const end = s.indexOf('"', i + 1);
      text = end < 0 ? s.slice(i + 1) : s.slice(i + 1, end);
      i = end < 0 ? s.length : end + 1;
      quoted = true;
    } else {
      const start = i;
      while (i < s.length && !/\s/.test(s[i]!) && s[i] !== '"') i++;
      text = s.slice(start, i);
    }
    let prefix = false;
    if (quoted) {
      while (s[i] === "*") {
        prefix = true;
        i++;
      }
    } else {
      if (!negate && text === "OR") {
        if (anyOf.at(-1)!.length > 0) anyOf.push([]);
        continue;
      }
      if (!negate && text === "AND") continue;
      if (!negate && text === "NOT") {
        negateNext = true;
        continue;
      }
      const filter = negate ? null : PR_FILTER.exec(text);
      if (filter) {
        pr.push(filter[1]?.toLowerCase() ?? "any");
        continue;
      }
      prefix = text.endsWith("*");
      text = text.replace(/\*+$/, "");
    }
    if (!HAS_WORD.test(text)) continue;
    // A prefix of one letter would match most of the index, at the cost of a pass over all of it.
    const runs = text.match(WORD_RUNS) ?? [];
    if (prefix && [...(runs.at(-1) ?? "")].length < SEARCH_LIMITS.prefixLength) {
      const shown = `${quoted ? `"${text}"` : text}*`;
      throw invalid(
        `q: the prefix ${shown} is too short; a prefix needs at least ${SEARCH_LIMITS.prefixLength} letters or digits before the *`,
        { q: `prefixes need at least ${SEARCH_LIMITS.prefixLength} letters or digits` },
      );
    }
    const term = { text, prefix };
    last = { term, negated: negate };
    if (negate) {
      without.push(term);
    } else {
      anyOf.at(-1)!.push(term);
      const bare = text.replace(EDGE_PUNCTUATION, "");
      if (IDENTIFIER.test(bare)) identifiers.push(bare.toUpperCase());
    }
  }
  const groups = anyOf.filter((g) => g.length > 0);
  if (options.typeahead && last && !last.negated && !last.term.prefix) {
    // Search as you type: the word being typed is a prefix, within the limits a typed * has.
    const lastRun = (last.term.text.match(WORD_RUNS) ?? []).at(-1) ?? "";
    const typed = [...groups.flat(), ...without].filter((t) => t.prefix).length;
    if ([...lastRun].length >= SEARCH_LIMITS.prefixLength && typed < SEARCH_LIMITS.prefixes) {
      last.term.prefix = true;
    }
  }
  const count = groups.reduce((n, g) => n + g.length, 0) + without.length;
  if (count > SEARCH_LIMITS.terms) {
    throw invalid(`q: has ${count} terms; use at most ${SEARCH_LIMITS.terms}`, {
      q: `must have at most ${SEARCH_LIMITS.terms} terms`,
    });
  }
  const prefixes = [...groups.flat(), ...without].filter((term) => term.prefix).length;
  if (prefixes > SEARCH_LIMITS.prefixes) {
    throw invalid(`q: has ${prefixes} prefixes (words ending in *); use at most ${SEARCH_LIMITS.prefixes}`, {
      q: `must have at most ${SEARCH_LIMITS.prefixes} prefixes`,
    });
  }
  if (groups.length > SEARCH_LIMITS.alternatives) {
    throw invalid(
      `q: has ${groups.length} alternatives joined by OR; use at most ${SEARCH_LIMITS.alternatives}`,
      { q: `must have at most ${SEARCH_LIMITS.alternatives} alternatives joined by OR` },
    );
  }
  const filters = pr.length ? { pr: [...new Set(pr)] } : {};
  if (groups.length === 0 && pr.length > 0 && without.length === 0)
    return { anyOf: [], without, identifiers: [], ...filters };
  if (groups.length === 0) {
    if (without.length > 0) {
      throw invalid("q: only leaves words out; give at least one word to look for", {
        q: "needs a word to look for besides the excluded ones",
      });
    }
    throw noWords();
  }
  return { anyOf: groups, without, identifiers: [...new Set(identifiers)], ...filters };
}

const ftsTerm = (t: SearchTerm) => `"${t.text.replaceAll('"', '""')}"${t.prefix ? " *" : ""}`;

/** The FTS5 MATCH expression: every term a quoted string, so nothing the user typed is FTS5 syntax. */
export function toFts5(p: ParsedSearch): string {
  const any = p.anyOf.map((g) => `(${g.map(ftsTerm).join(" AND ")})`).join(" OR ");
  return [`(${any})`, ...p.without.map(ftsTerm)].join(" NOT ");
}

function tsLeaf(t: SearchTerm): RawBuilder<unknown> {
  if (!t.prefix) return sql`phraseto_tsquery('english', ${t.text})`;
  // Only runs of letters and digits reach to_tsquery, each single-quoted, so its syntax can't be hit.
  const runs = t.text.match(WORD_RUNS) ?? [];
  const expression = runs.map((w, i) => `'${w}'${i === runs.length - 1 ? ":*" : ""}`).join(" <-> ");
  return sql`to_tsquery('english', ${expression})`;
}

/**
 * The PostgreSQL tsquery, built with the tsquery operators (every operand parenthesised: they share one
 * precedence). A term that is all stop words yields an empty tsquery, which these operators skip.
 */
export function toTsquery(p: ParsedSearch): RawBuilder<unknown> {
  const groups = p.anyOf.map((g) => sql`(${sql.join(g.map(tsLeaf), sql` && `)})`);
  let query = sql`(${sql.join(groups, sql` || `)})`;
  for (const t of p.without) query = sql`(${query} && (!! ${tsLeaf(t)}))`;
  return query;
}

const OPEN = "\uFDD0";
const CLOSE = "\uFDD1";
const SENTINELS = /([\uFDD0\uFDD1])/;
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const SNIPPET_WORDS = 24;

/** `<`, `>`, `&` and quotes as HTML entities. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Turns text the engine marked with the two private sentinels into HTML: the text escaped (unless it
 * already is), the marks balanced `<mark>`…`</mark>`, runs of white space as one space. The sentinels
 * are Unicode noncharacters, which text never holds; should one turn up, the marks stay balanced.
 */
export function renderMarks(text: string, alreadyEscaped = false): string {
  let out = "";
  let open = false;
  for (const part of text.replace(/\s+/g, " ").trim().split(SENTINELS)) {
    if (part === OPEN) {
      if (!open) out += "<mark>";
      open = true;
    } else if (part === CLOSE) {
      if (open) out += "</mark>";
      open = false;
    } else {
      out += alreadyEscaped ? part.replace(/[<>]/g, (c) => ESCAPES[c]!) : escapeHtml(part);
    }
  }
  // Words marked one after the other (ENG and -42) read as one mark.
  return (open ? `${out}</mark>` : out).replaceAll("</mark><mark>", "");
}

/** The first words of a text, with an ellipsis when there is more. */
function opening(text: string): string {
  const words = text.trim().split(/\s+/);
  const head = words.slice(0, SNIPPET_WORDS).join(" ");
  return words.length > SNIPPET_WORDS ? `${head}…` : head;
}

/** A file's name with the words marked that the engine marked in its body (the name's words). */
function markName(name: string, markedBody: string): string {
  const words = new Set<string>();
  for (const m of markedBody.matchAll(/\uFDD0([^\uFDD0\uFDD1]*)\uFDD1/g)) words.add(m[1]!.toLowerCase());
  return name.replace(WORD_RUNS, (w) => (words.has(w.toLowerCase()) ? `${OPEN}${w}${CLOSE}` : w));
}

/** What the engine gave for one object: its body fragment and title, marked with the sentinels. */
interface Marked {
  id: string;
  type: SearchType;
  title: string;
  updated_at: string;
  identifier: string | null;
  status: string | null;
  /** the body fragment, marked; null when the engine gave none */
  body: string | null;
  /** the whole title, marked; null when the engine gave none */
  markedTitle: string | null;
}

/**
 * The snippet: the body's fragment when the words matched there, else the title when they matched
 * there, else the body's opening words. A file shows its name, with the words that matched marked.
 */
function snippetOf(m: Marked): string {
  if (m.type === "file") return renderMarks(markName(m.title, m.body ?? ""));
  if (m.body?.includes(OPEN)) return renderMarks(m.body);
  if (m.markedTitle?.includes(OPEN)) return renderMarks(m.markedTitle);
  if (m.body?.trim()) return renderMarks(m.body);
  return renderMarks(m.title);
}

/** The cursor's tie to one query: a hash of q and the types, so it can't be replayed on another. */
function fingerprint(query: SearchQuery): string {
  const types = query.type ? [...query.type].sort().join(",") : "*";
  return createHash("sha256")
    .update(JSON.stringify(query.typeahead ? [query.q, types, "typeahead"] : [query.q, types]))
    .digest("base64url")
    .slice(0, 16);
}

function offsetOf(query: SearchQuery): number {
  if (!query.cursor) return 0;
  const [offset, print] = decodeCursor(query.cursor, "search", 2);
  if (typeof offset !== "number" || !Number.isSafeInteger(offset) || offset < 0) {
    throw invalid("cursor: is not a cursor of this search; start again without one", {
      cursor: "is not a cursor of this search",
    });
  }
  if (print !== fingerprint(query)) {
    throw invalid("cursor: belongs to a search with another q or type; start again without one", {
      cursor: "belongs to a search with another q or type",
    });
  }
  return offset;
}

interface Ranked {
  id: string;
  score: number;
  /** its details and marks, when the ranking's statement read them too */
  marked?: Marked;
}

interface RankRequest {
  types: readonly SearchType[] | undefined;
  exclude: readonly string[];
  /** only these objects (the issues a code hosts' filter leaves); undefined: any */
  only?: readonly string[] | undefined;
  limit: number;
  offset: number;
}

/**
 * A read that may take long (SQLite's full-text statements over common words): off the event loop when
 * the store offers it, so other requests are answered meanwhile.
 */
async function longRead<R>(ctx: Ctx, query: RawBuilder<R>): Promise<R[]> {
  const offLoop = ctx.core.store.offLoop;
  if (offLoop) return offLoop.query(query.compile(ctx.core.db));
  return (await query.execute(ctx.core.db)).rows;
}

/**
 * SQLite: bm25, the title weighted 4 to 1 over the body, over the pool: the workspace's pool-size newest
 * matches (of the kinds asked for). FTS5 hands its matches newest first by rowid (rowids grow as
 * documents are created), so the pool is read from the end of each doclist and the walk stops at the
 * pool's size; bm25 is computed for the pool's rows only. Each match's workspace is read by rowid from
 * the index of (workspace, rowid), or from its document when kinds or objects are asked for. What
 * remains proportional to the data is bm25's IDF: FTS5 counts each term's documents once per search, a
 * pass over the term's whole doclist (see docs/decisions.md).
 *
 * A rowid range on the MATCH (the shape used before) is not a seek in FTS5: with a bound, it read the
 * doclists from their start, 7 to 20 ms for common words at 100,000 documents, against 0.3 ms for the
 * newest 500 read from the end.
 */
async function rankSqlite(
  ctx: Ctx,
  parsed: ParsedSearch,
  r: RankRequest,
  detailed: number,
): Promise<Ranked[]> {
  const types = r.types ? sql`and w.object_type in (${sql.join(r.types)})` : sql``;
  // the pool's documents are read only to leave out the objects named by identifier, when there are any
  const exclude =
    r.exclude.length > 0
      ? sql`cross join search_documents d on d.rowid = p.rid where d.object_id not in (${sql.join(r.exclude)})`
      : sql``;
  const only = r.only ? sql`and w.object_id in (${sql.join(r.only)})` : sql``;
  // A match's workspace from the index of (workspace, rowid) when nothing else of the document is asked
  // (migration 0038): a seek in a few MB, where the table's row sits among every document's text.
  const keys = r.types || r.only ? sql`` : sql`indexed by search_documents_rowid_idx`;
  const match = toFts5(parsed);
  const rows = await longRead(
    ctx,
    sql<DetailRow & { rank: number; head: string | null; body: string | null; marked_title: string | null }>`
    with page as materialized (
      select p.rank, p.rid
      from (
        select f.rowid as rid, bm25(search_fts, 4.0, 1.0) as rank
        from search_fts f cross join search_documents w ${keys} on w.rowid = f.rowid
        where f.search_fts match ${match} and w.workspace_id = ${ctx.workspaceId} ${types} ${only}
        order by f.rowid desc limit ${SEARCH_LIMITS.pool}
      ) p
      ${exclude}
      order by p.rank, p.rid desc
      limit ${r.limit} offset ${r.offset}),
    marks as (
      select rowid as rid, ${marksColumns} from search_fts
      where search_fts match ${match}
        and rowid + 0 in (select rid from page order by rank, rid desc limit ${detailed})
      order by rowid desc limit ${detailed})
    select ${detailColumns}, g.rank, iif(m.rid is null, substr(d.body, 1, 2000)) as head,
      m.body, m.title as marked_title
    from page g cross join search_documents d on d.rowid = g.rid
    ${detailJoins}
    left join marks m on m.rid = g.rid
    order by g.rank, g.rid desc`,
  );
  return rows.map((row, place) => {
    const ranked: Ranked = { id: row.id, score: -row.rank };
    if (place < detailed) {
      ranked.marked = markedOf(row, row.body ?? opening(row.head ?? ""), row.marked_title);
    }
    return ranked;
  });
}

/**
 * PostgreSQL: a document's place in the order documents were indexed (`seq`, as SQLite's rowid) and two
 * blocks of places it is in, each a lexeme no text yields (it starts with a space), so no query of a
 * user's matches it: its block of 4,096 places, ` 29` for places 118,784 to 122,879, in its tsvector
 * (migration 0032), and its block of 512 places, `  234` (two spaces) for places 119,808 to 120,319, in
 * the full-text index's expression alone (`SEARCH_INDEXED`, migration 0040). Blocks are counted in the
 * finer ones; a step that needs more than MAX_BLOCKS of them names the coarser blocks holding them.
 */
const BLOCK_SHIFT = 9;
/** How many fine blocks make one coarse block (of the tsvector's lexeme): 2^3. */
const COARSE_SHIFT = 3;
/** The most blocks one statement names before the pool is read without them. */
const MAX_BLOCKS = 64;
const fineLexeme = (block: number) => `  ${block}`;
const coarseLexeme = (block: number) => ` ${block}`;
/**
 * The expression the full-text index is over (migration 0040): every condition on the index names it
 * so, to the letter, or the planner cannot use the index.
 */
export const SEARCH_INDEXED = sql`(d.tsv || array_to_tsvector(array['  ' || (d.seq >> 9)::text]))`;

/**
 * The tsquery naming the fine blocks from `newest + 1` (documents may have reached it since) back to
 * `oldest`: as fine blocks while they are at most MAX_BLOCKS, else as the coarse blocks holding them;
 * null when even those are more.
 */
function blocksQuery(newest: number, oldest: number): string | null {
  const name = (lexeme: (block: number) => string, from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, i) => `'${lexeme(from - i)}'`).join(" | ");
  if (newest + 1 - oldest < MAX_BLOCKS) return name(fineLexeme, newest + 1, oldest);
  const from = (newest + 1) >> COARSE_SHIFT;
  const to = oldest >> COARSE_SHIFT;
  return from - to < MAX_BLOCKS ? name(coarseLexeme, from, to) : null;
}

/**
 * PostgreSQL: how many of the newest blocks held the pool the last time a query was searched for, by
 * workspace, query and kinds, so that the next search for it (a common word is searched for again and
 * again) names enough blocks at once instead of finding out in steps; `WHOLE` when the last search for
 * it ranked every match of the workspace (fewer than the pool matched, or they were spread too thin for
 * blocks), so a rare word goes there at once. It only sets where the search starts: what is found is
 * the same whatever it holds. The oldest entries go first past `size`.
 */
export const blockCounts = {
  size: 4096,
  entries: new Map<string, number>(),
  get(key: string): number | undefined {
    return this.entries.get(key);
  },
  set(key: string, count: number): void {
    this.entries.delete(key);
    this.entries.set(key, count);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  },
};
/** In blockCounts: the last search for these words ranked the whole workspace. */
const WHOLE = Number.POSITIVE_INFINITY;

/**
 * PostgreSQL: the newest block of each workspace's documents seen by the last search there, so a search
 * need not ask for it first. A search names the block after it too (empty until documents reach it)
 * and reads the workspace's newest place in the same statement: should documents have reached a block
 * past those named meanwhile, it runs again with the blocks moved on. The oldest entries go first past
 * `size`.
 */
export const newestBlocks = {
  size: 4096,
  entries: new Map<string, number>(),
  set(workspaceId: string, block: number): void {
    this.entries.delete(workspaceId);
    this.entries.set(workspaceId, block);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  },
};

/** A row of PostgreSQL's ranking statement: the step's counts, and one ranked object with its details. */
interface PostgresRankRow {
  /** how many matched in the blocks named (at most the pool) */
  n: number;
  /** the oldest place (seq) in the pool, or null when nothing matched */
  oldest: string | null;
  /** the workspace's newest place (seq), or null when it has no documents */
  top: string | null;
  ranked_id: string | null;
  score: number | null;
  /** the details, the first `detailed` rows only (id: the same as ranked_id) */
  id: string | null;
  type: SearchType | null;
  title: string | null;
  updated_at: string | null;
  identifier: string | null;
  status: string | null;
  body: string | null;
  lexemes: string[];
}

/**
 * PostgreSQL: ts_rank_cd, title (A) 1.0 over body (B) 0.25, over the pool: the workspace's pool-size
 * newest matches by `seq` (of the kinds asked for), as on SQLite. A document's length (the rank is
 * divided by 1 + its logarithm) counts its block's lexeme as one word more, the same one more in every
 * document: taking the lexeme out first (`ts_delete`) copied every tsvector of the pool, about a fifth
 * of a search's database time.
 *
 * A GIN index hands its matches in no useful order, so the newest of a common word cost either a walk
 * back over every document until the pool is full, or a visit to every match and a sort: 10 to 30 ms
 * at 100,000 documents for words in 2 to 10 % of them. So the pool is first looked for in the newest
 * blocks alone (`indexed @@ blocks`, which GIN intersects with the word's matches within the index,
 * skipping through the word's long posting list): the matches there are every match that new, so when
 * there are at least pool-size of them their newest are exactly the pool. Else as many more blocks as the
 * matches found suggest, then (past MAX_BLOCKS coarse blocks, or at the workspace's oldest block) the
 * whole workspace, which is also how a rare word is ranked in full. Each match in the blocks named is
 * read from the table (its `seq`, workspace and place), so the finer the blocks the fewer reads beyond
 * the pool's: for a word in a third of the newest documents, about 600 against 1,700 with blocks of
 * 4,096 alone.
 *
 * A step over blocks ranks each match as it reads it: the rows it reads are few beyond the pool's and
 * hold their tsvectors already, so a score carried through the sort costs less than reading the 500
 * kept again (database time a search 2.57 → 2.13 ms). Over the whole workspace (every match of a rarer
 * word, or of a common word spread too thin for blocks) the pool holds where each match is (`ctid`),
 * not its tsvector: sorting every match by `seq` then moves 40 bytes a row rather than 900, and only the
 * pool's 500 tsvectors are read again, each by its place (a TID scan). A statement's snapshot keeps
 * every row version it saw where it saw it.
 *
 * A step whose blocks hold fewer than pool-size matches answers no page, and how many blocks held the
 * pool is remembered (`blockCounts`), so that searching again for the same words takes one step (the
 * first, whose blocks were too few, ranked its matches for nothing). The step that ranks also reads the
 * page's details, bodies and the query's lexemes (for `markPostgres`), so a search for words searched
 * for before is one statement. `detailed`: how many of the page's first rows need them. The query ranked
 * with is a subquery, made once: as an argument it was made again for each of the pool's documents,
 * about a seventh of a common word's statement.
 */
async function rankPostgres(
  ctx: Ctx,
  parsed: ParsedSearch,
  r: RankRequest,
  detailed: number,
): Promise<Ranked[]> {
  const query = toTsquery(parsed);
  const filters = sql`${r.types ? sql`and d.object_type in (${sql.join(r.types)})` : sql``}
    ${r.only ? sql`and d.object_id in (${sql.join(r.only)})` : sql``}`;
  const exclude = r.exclude.length > 0 ? sql`and p.object_id not in (${sql.join(r.exclude)})` : sql``;
  /** The rank of the document of the row named (the query a subquery, so made once). */
  const score = (row: RawBuilder<unknown>) =>
    sql`ts_rank_cd('{0.1, 0.1, 0.25, 1.0}', ${row}.tsv, (select ${query}), 1)`;
  /** `blocks`: the newest blocks' tsquery, or null for the whole workspace (which always ranks) */
  const step = async (blocks: string | null) => {
    const statement = sql<PostgresRankRow>`${blocks === null ? sql.raw(PLAN_EACH_TIME) : sql``}
      with pool as materialized (
        select d.object_id, d.seq, ${blocks === null ? sql`d.ctid as tid` : sql`${score(sql`d`)} as score`}
        from search_documents d
        where d.workspace_id = ${ctx.workspaceId} and ${SEARCH_INDEXED} @@ ${query}
          ${blocks === null ? sql`` : sql`and ${SEARCH_INDEXED} @@ ${blocks}::tsquery`} ${filters}
        order by d.seq desc limit ${SEARCH_LIMITS.pool}),
      ranked as (
        select p.object_id as id, ${blocks === null ? score(sql`t`) : sql`p.score`} as score
        from pool p ${blocks === null ? sql`join search_documents t on t.ctid = p.tid` : sql``}
        where true ${exclude}
          ${blocks === null ? sql`` : sql`and (select count(*) from pool) >= ${SEARCH_LIMITS.pool}`}
        order by score desc, p.object_id
        limit ${r.limit} offset ${r.offset}),
      numbered as (select id, score, row_number() over (order by score desc, id) as place from ranked)
      select (select count(*) from pool)::int as n, (select min(seq) from pool) as oldest,
        (select max(seq) from search_documents where workspace_id = ${ctx.workspaceId}) as top,
        k.id as ranked_id, k.score, ${detailColumns}, d.body, ${lexemesSql(parsed)} as lexemes
      from (select 1) one
      left join numbered k on true
      left join search_documents d on d.object_id = k.id and d.workspace_id = ${ctx.workspaceId}
        and k.place <= ${detailed}
      ${detailJoins}
      order by k.place`;
    // A step over named blocks has one plan whatever the words (GIN's match within the blocks, the
    // newest first): prepared, planned once per connection. Over the whole workspace the best plan
    // depends on how common the words are, so that step is planned each time.
    const rows =
      blocks === null
        ? (await statement.execute(ctx.core.db)).rows
        : await runNamed(ctx.core.db, { compile: () => statement.compile(ctx.core.db) });
    const first = rows[0]!;
    const page: Ranked[] = [];
    if (first.ranked_id !== null) {
      const matcher = new LexemeMatcher(lexemesOf(first.lexemes));
      for (const row of rows) {
        const ranked: Ranked = { id: row.ranked_id!, score: row.score! };
        if (row.type !== null) ranked.marked = markedPostgres(row as DetailRow & { body: string }, matcher);
        page.push(ranked);
      }
    }
    return { n: first.n, oldest: first.oldest, top: first.top, page };
  };
  if (r.only) return (await step(null)).page;
  const key = JSON.stringify([ctx.workspaceId, parsed.anyOf, parsed.without, r.types ?? null]);
  let newest = newestBlocks.entries.get(ctx.workspaceId);
  if (newest === undefined) {
    const top = await sql<{ seq: string | null }>`
      select max(seq) as seq from search_documents where workspace_id = ${ctx.workspaceId}`.execute(
      ctx.core.db,
    );
    if (top.rows[0]?.seq == null) return [];
    newest = Number(BigInt(top.rows[0].seq) >> BigInt(BLOCK_SHIFT));
    newestBlocks.set(ctx.workspaceId, newest);
  }
  let count = blockCounts.get(key) ?? 8;
  for (;;) {
    const oldest = newest - count + 1;
    const blocks = oldest <= 0 ? null : blocksQuery(newest, oldest);
    if (blocks === null) {
      const whole = await step(null);
      // Remembered, so the next search goes here at once, while fewer than the pool match (a rare
      // word); when more do, the next search looks in the newest blocks first again.
      if (whole.n < SEARCH_LIMITS.pool) blockCounts.set(key, WHOLE);
      else blockCounts.entries.delete(key);
      if (whole.top !== null)
        newestBlocks.set(ctx.workspaceId, Number(BigInt(whole.top) >> BigInt(BLOCK_SHIFT)));
      return whole.page;
    }
    const found = await step(blocks);
    if (found.top === null) {
      newestBlocks.entries.delete(ctx.workspaceId);
      return [];
    }
    const top = Number(BigInt(found.top) >> BigInt(BLOCK_SHIFT));
    newestBlocks.set(ctx.workspaceId, top);
    if (top > newest + 1) {
      // documents reached blocks past those named: again, from the workspace's newest block
      newest = top;
      continue;
    }
    if (found.n >= SEARCH_LIMITS.pool) {
      // Next time as many blocks as held the pool: from the workspace's newest to the pool's oldest
      // match's. (The count of matches is the pool's at most, so it cannot tell how many were too many.)
      const held = top - Number(BigInt(found.oldest!) >> BigInt(BLOCK_SHIFT)) + 1;
      blockCounts.set(key, Math.max(1, Math.min(count, held)));
      return found.page;
    }
    // As many blocks as this many matches suggest the pool needs, with a margin.
    const needed = found.n === 0 ? count * 8 : Math.ceil((count * SEARCH_LIMITS.pool * 1.25) / found.n) + 1;
    count = Math.max(needed, count + 1);
  }
}

/**
 * One page of ranked matches; ties go by object id on PostgreSQL and newer document first on SQLite
 * (by rowid, which needs no read of the pool's documents), so pages are stable. When more than
 * `SEARCH_LIMITS.pool` objects match, the ranking is over the newest that many of them: words found
 * nearly everywhere would otherwise cost a pass over most of the workspace on every search.
 */
function rank(ctx: Ctx, parsed: ParsedSearch, r: RankRequest, detailed: number): Promise<Ranked[]> {
  return ctx.core.store.kind === "sqlite"
    ? rankSqlite(ctx, parsed, r, detailed)
    : rankPostgres(ctx, parsed, r, detailed);
}

interface DetailRow {
  id: string;
  type: SearchType;
  title: string;
  updated_at: string;
  identifier: string | null;
  status: string | null;
}

/** The columns every result needs, with the issue's identifier and the issue's or decision's status. */
const detailColumns = sql`d.object_id as id, d.object_type as type, d.title, d.updated_at, i.identifier,
  coalesce(i.status, c.status) as status`;
const detailJoins = sql`left join issues i on i.id = d.object_id and i.workspace_id = d.workspace_id
  left join decisions c on c.id = d.object_id and c.workspace_id = d.workspace_id`;
/**
 * SQLite: a matched object's body fragment and whole title, marked with the sentinels by FTS5 (in a
 * statement over search_fts with the MATCH). An escape, not the character: a template's text is kept as
 * written, and one character past ASCII in the built server's code doubles the memory its source takes
 * (scripts/build-server.ts).
 */
const marksColumns = sql`snippet(search_fts, 1, ${OPEN}, ${CLOSE}, '\u2026', ${SNIPPET_WORDS}) as body,
  highlight(search_fts, 0, ${OPEN}, ${CLOSE}) as title`;

/**
 * SQLite: FTS5's snippet() and highlight() mark the page's objects; they need the MATCH, so they run
 * on the page's rowids only. The ranked objects are among the newest matches: FTS5 walks the doclists
 * from the end (newest first) and stops once it has them all. An issue named by identifier may not
 * match the words at all (it then shows its opening words), so it is looked for apart, as a range.
 */
async function markSqlite(
  ctx: Ctx,
  parsed: ParsedSearch,
  ids: readonly string[],
  ranked: ReadonlySet<string>,
): Promise<Marked[]> {
  const rows = await longRead(
    ctx,
    sql<DetailRow & { rid: number; head: string }>`
    select ${detailColumns}, d.rowid as rid, substr(d.body, 1, 2000) as head
    from search_documents d ${detailJoins}
    where d.workspace_id = ${ctx.workspaceId} and d.object_id in (${sql.join(ids)})`,
  );
  if (rows.length === 0) return [];
  const match = toFts5(parsed);
  const columns = sql`rowid as rid, ${marksColumns}`;
  const newest = rows.filter((r) => ranked.has(r.id)).map((r) => r.rid);
  const others = rows.filter((r) => !ranked.has(r.id)).map((r) => r.rid);
  type Snip = { rid: number; body: string; title: string };
  const snippets: Snip[] = [];
  if (newest.length > 0) {
    // `rowid + 0`, so the planner cannot turn the list into one doclist lookup per rowid, each a pass.
    snippets.push(
      ...(await longRead(
        ctx,
        sql<Snip>`select ${columns} from search_fts
        where search_fts match ${match} and rowid + 0 in (${sql.join(newest)})
        order by rowid desc limit ${newest.length}`,
      )),
    );
  }
  if (others.length > 0) {
    snippets.push(
      ...(await longRead(
        ctx,
        sql<Snip>`select ${columns} from search_fts
        where search_fts match ${match} and rowid >= ${Math.min(...others)} and rowid <= ${Math.max(...others)}
          and rowid + 0 in (${sql.join(others)})`,
      )),
    );
  }
  const byRowid = new Map(snippets.map((s) => [s.rid, s]));
  return rows.map(({ rid, head, ...row }) => {
    const m = byRowid.get(rid);
    return { ...row, body: m ? m.body : opening(head), markedTitle: m?.title ?? null };
  });
}

/**
 * PostgreSQL: the lexemes of the query's terms to look for (not those left out), as PostgreSQL makes
 * them (parsed, stemmed, stop words gone): one tsquery's text per term, e.g. `'log':*` or
 * `'quick' <-> 'brown'`. Only these few words are parsed, not the page's bodies.
 */
function lexemesSql(p: ParsedSearch): RawBuilder<unknown> {
  const terms = p.anyOf.flat();
  if (terms.length === 0) return sql`array[]::text[]`;
  return sql`(select array[${sql.join(terms.map((t) => sql`(${tsLeaf(t)})::text`))}]::text[])`;
}

/** A word of the query as PostgreSQL stemmed it; `prefix`: it matches any lexeme starting so. */
export interface QueryLexeme {
  text: string;
  prefix: boolean;
}

/** The lexemes of tsqueries' texts (`'it''s' <-> 'log':*`): quoted, `''` for a quote, maybe `:*`. */
export function lexemesOf(tsqueries: readonly string[]): QueryLexeme[] {
  const out = new Map<string, QueryLexeme>();
  for (const q of tsqueries) {
    for (const m of q.matchAll(/'((?:[^']|'')*)'(:[*A-D]+)?/g)) {
      const text = m[1]!.replaceAll("''", "'");
      const prefix = m[2]?.includes("*") === true;
      const key = `${prefix ? "*" : "="}${text}`;
      if (!out.has(key)) out.set(key, { text, prefix });
    }
  }
  return [...out.values()];
}

/** PostgreSQL's English stop words (`english.stop`): never lexemes, so never marked. */
const STOP_WORDS = new Set(
  [
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her",
    "hers herself it its itself they them their theirs themselves what which who whom this that these",
    "those am is are was were be been being have has had having do does did doing a an the and but if or",
    "because as until while of at by for with about against between into through during before after",
    "above below to from up down in out on off over under again further then once here there when where",
    "why how all any both each few more most other some such no nor not only own same so than too very s",
    "t can will just don should now",
  ]
    .join(" ")
    .split(" "),
);

const HAS_DIGIT = /\p{N}/u;
/** Stems met lately, by lower-cased word: a page's bodies share most of their words. */
const stems = new Map<string, string>();

/**
 * A lower-cased word's lexeme as PostgreSQL's `english` configuration makes it: words of letters
 * through the Snowball English (Porter2) stemmer, words with digits as they are.
 */
export function lexemeOf(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = HAS_DIGIT.test(word) ? word : stem(word);
    if (stems.size >= 20_000) stems.clear();
    stems.set(word, s);
  }
  return s;
}

/** A word (as WORD_RUNS) starting where lastIndex is. */
const WORD_AT = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/uy;

/** Whether a UTF-16 code unit is one that `\s` matches. */
function isSpace(c: number): boolean {
  if (c < 0xa0) return c <= 0x20 && (c === 0x20 || (c >= 0x09 && c <= 0x0d));
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Finds, in text, the words whose lexeme is one of the query's (or starts with a prefix of it), as the
 * index matched them: each word of letters and digits is lower-cased and stemmed like PostgreSQL does.
 * Only words whose first letter starts some lexeme are stemmed (stemming never changes the first
 * letter), so a body costs little more than a pass over its words.
 */
export class LexemeMatcher {
  private readonly whole: Set<string>;
  private readonly prefixes: string[];
  private readonly initials: Set<string>;
  /** where a word may start that starts with a lexeme's first letter: most words don't */
  private readonly candidate: RegExp;

  constructor(lexemes: readonly QueryLexeme[]) {
    this.whole = new Set(lexemes.filter((l) => !l.prefix).map((l) => l.text));
    this.prefixes = lexemes.filter((l) => l.prefix).map((l) => l.text);
    this.initials = new Set(lexemes.map((l) => l.text.charAt(0)));
    const letters = [...this.initials].join("").replace(/[\\\][^-]/g, "\\$&");
    this.candidate = new RegExp(letters ? `(?<![\\p{L}\\p{M}\\p{N}])[${letters}]` : "(?!)", "giu");
  }

  /** Where in text the words start that may match (stemming tells), in order. */
  *candidates(text: string): Generator<{ index: number; word: string }> {
    this.candidate.lastIndex = 0;
    for (let m = this.candidate.exec(text); m; m = this.candidate.exec(text)) {
      WORD_AT.lastIndex = m.index;
      const word = WORD_AT.exec(text)?.[0];
      if (word) yield { index: m.index, word };
      this.candidate.lastIndex = m.index + Math.max(1, word?.length ?? 0);
    }
  }

  /** The lexeme of the query that a word matches (a prefix: the prefix), or undefined. */
  match(word: string): string | undefined {
    const lower = word.toLowerCase();
    if (!this.initials.has(lower.charAt(0)) || STOP_WORDS.has(lower)) return undefined;
    const lexeme = lexemeOf(lower);
    if (this.whole.has(lexeme)) return lexeme;
    return this.prefixes.find((p) => lexeme.startsWith(p));
  }

  /** Text with every matching word between the sentinels. */
  mark(text: string): string {
    let out = "";
    let at = 0;
    for (const { index, word } of this.candidates(text)) {
      if (this.match(word) === undefined) continue;
      out += `${text.slice(at, index)}${OPEN}${word}${CLOSE}`;
      at = index + word.length;
    }
    return at === 0 ? text : out + text.slice(at);
  }
}

/**
 * A fragment of at most 24 of a body's words (runs of non-space) with the words matched marked, like
 * FTS5's snippet: the window that holds the most of the query's lexemes (then the most matches),
 * its matches centred; … where the body was cut. The opening words when
 * nothing matched; null for an empty body.
 */
export function fragmentOf(body: string, matcher: LexemeMatcher): string | null {
  const text = body.trim();
  if (text === "") return null;
  // where each word (run of non-space) starts
  const starts = [0];
  let space = false;
  for (let i = 1; i < text.length; i++) {
    const now = isSpace(text.charCodeAt(i));
    if (space && !now) starts.push(i);
    space = now;
  }
  const count = starts.length;
  // the words that matched, in order: where they start, their length, their places and what they matched
  const at: number[] = [];
  const lengths: number[] = [];
  const places: number[] = [];
  const matched: string[] = [];
  let place = 0;
  for (const { index, word } of matcher.candidates(text)) {
    const hit = matcher.match(word);
    if (hit === undefined) continue;
    while (place + 1 < count && starts[place + 1]! <= index) place++;
    at.push(index);
    lengths.push(word.length);
    places.push(place);
    matched.push(hit);
  }
  let start = 0;
  if (count > SNIPPET_WORDS) {
    // each match's window (the matches within 24 words from it): the one holding the most lexemes, then
    // the most matches, the first of equals; the window slides, counting each lexeme's matches within
    let best = -1;
    const within = new Map<string, number>();
    let j = 0;
    for (let i = 0; i < places.length; i++) {
      for (; j < places.length && places[j]! < places[i]! + SNIPPET_WORDS; j++) {
        within.set(matched[j]!, (within.get(matched[j]!) ?? 0) + 1);
      }
      const score = within.size * 1000 + (j - i);
      if (score > best) {
        best = score;
        // centred on its matches, as FTS5 centres them
        const span = places[j - 1]! - places[i]! + 1;
        start = Math.max(
          0,
          Math.min(count - SNIPPET_WORDS, places[i]! - Math.floor((SNIPPET_WORDS - span) / 2)),
        );
      }
      const left = within.get(matched[i]!)! - 1;
      if (left === 0) within.delete(matched[i]!);
      else within.set(matched[i]!, left);
    }
  }
  const end = Math.min(count, start + SNIPPET_WORDS);
  const from = starts[start]!;
  const fragment = text.slice(from, end < count ? starts[end] : text.length).trimEnd();
  // the matches within the fragment, marked (whole words: the fragment ends where a word does)
  const to = from + fragment.length;
  let marked = "";
  let done = from;
  for (let k = 0; k < at.length; k++) {
    const index = at[k]!;
    if (index < from || index + lengths[k]! > to) continue;
    marked += `${text.slice(done, index)}${OPEN}${text.slice(index, index + lengths[k]!)}${CLOSE}`;
    done = index + lengths[k]!;
  }
  marked += text.slice(done, to);
  return `${start > 0 ? "…" : ""}${marked}${end < count ? "…" : ""}`;
}

/**
 * PostgreSQL: the page's bodies and titles read as they are, and marked here: the query's lexemes come
 * from PostgreSQL (its parser and dictionaries, on the query's words only), each word of a body is
 * stemmed here as PostgreSQL stems it (Snowball English), and the fragment cut as FTS5 cuts it.
 * ts_headline did the same in the database at about 0.3 ms per 1,100-character body, parsing and
 * stemming the whole of it: most of a search's database time after the ranking.
 */
async function markPostgres(ctx: Ctx, parsed: ParsedSearch, ids: readonly string[]): Promise<Marked[]> {
  const { rows } = await sql<DetailRow & { body: string; lexemes: string[] }>`
    select ${detailColumns}, d.body, ${lexemesSql(parsed)} as lexemes
    from search_documents d
    ${detailJoins}
    where d.workspace_id = ${ctx.workspaceId} and d.object_id in (${sql.join(ids)})`.execute(ctx.core.db);
  if (rows.length === 0) return [];
  const matcher = new LexemeMatcher(lexemesOf(rows[0]!.lexemes));
  return rows.map((row) => markedPostgres(row, matcher));
}

/** PostgreSQL: an object's details with its body's fragment and its title marked. */
function markedPostgres(row: DetailRow & { body: string }, matcher: LexemeMatcher): Marked {
  return markedOf(row, fragmentOf(row.body, matcher), matcher.mark(row.title));
}

/** An object's details with its marked body fragment and title (either engine's). */
function markedOf(row: DetailRow, body: string | null, markedTitle: string | null): Marked {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    updated_at: row.updated_at,
    identifier: row.identifier,
    status: row.status,
    body,
    markedTitle,
  };
}

/**
 * The objects of a page, by id: titles, issue identifiers, statuses and highlighted snippets. `ranked`:
 * those the full-text ranking found (the others are issues named by identifier).
 */
async function details(ctx: Ctx, parsed: ParsedSearch, ids: readonly string[], ranked: ReadonlySet<string>) {
  if (ids.length === 0) return new Map<string, Marked>();
  const marked =
    ctx.core.store.kind === "sqlite"
      ? await markSqlite(ctx, parsed, ids, ranked)
      : await markPostgres(ctx, parsed, ids);
  return new Map(marked.map((m) => [m.id, m]));
}

/** Issues named by identifier in the query, in the query's order, when issues are searched at all. */
async function identifierHits(ctx: Ctx, parsed: ParsedSearch, query: SearchQuery): Promise<string[]> {
  if (parsed.identifiers.length === 0 || (query.type && !query.type.includes("issue"))) return [];
  const rows = await ctx.core.db
    .selectFrom("issues as i")
    .innerJoin("search_documents as d", "d.object_id", "i.id")
    .select(["i.id", "i.identifier"])
    .where("i.workspace_id", "=", ctx.workspaceId)
    .where("d.workspace_id", "=", ctx.workspaceId)
    .where("i.identifier", "in", parsed.identifiers)
    .execute();
  const byIdentifier = new Map(rows.map((r) => [r.identifier, r.id]));
  return parsed.identifiers.flatMap((identifier) => byIdentifier.get(identifier) ?? []);
}

/**
 * Searches the workspace. Issues named by identifier come first (no score); then the full-text matches
 * by relevance. Pages are offsets into that order, carried in an opaque cursor tied to q and type.
 */
export async function search(ctx: Ctx, query: SearchQuery): Promise<Page<SearchResult>> {
  const searched = telemetryHooks.searched;
  const started = searched ? performance.now() : 0;
  const parsed = parseSearch(query.q, { typeahead: query.typeahead === true });
  // the index may be written after a change's answer: what is pending goes in first (src/db/search-pending.ts)
  await ctx.core.store.indexPending();
  const offset = offsetOf(query);
  const limit = query.limit;
  let only: string[] | undefined;
  if (parsed.pr) {
    only = query.type && !query.type.includes("issue") ? [] : await withPullRequests(ctx, parsed.pr);
    if (parsed.anyOf.length === 0 || only.length === 0) {
      const data = await filteredIssues(ctx, only.slice(offset, offset + limit));
      searched?.((performance.now() - started) / 1000);
      return {
        data,
        next_cursor:
          offset + limit < only.length ? encodeCursor("search", [offset + limit, fingerprint(query)]) : null,
      };
    }
  }
  const pinned = (await identifierHits(ctx, parsed, query)).filter((id) => !only || only.includes(id));
  const fromPinned = pinned.slice(offset, offset + limit);
  const wanted = limit - fromPinned.length;
  const ranked = await rank(
    ctx,
    parsed,
    {
      types: only ? ["issue"] : query.type,
      only,
      exclude: pinned,
      limit: wanted + 1,
      offset: Math.max(0, offset - pinned.length),
    },
    wanted,
  );
  const more = offset + limit < pinned.length || ranked.length > wanted;
  const page = ranked.slice(0, wanted);
  const ids = [...fromPinned, ...page.map((r) => r.id)];
  const scores = new Map(page.map((r) => [r.id, r.score]));
  // the ranking read its page's details; the issues named by identifier are read apart
  const found = new Map(page.flatMap((r) => (r.marked ? [[r.id, r.marked] as const] : [])));
  const rest = ids.filter((id) => !found.has(id));
  for (const [id, m] of await details(ctx, parsed, rest, new Set(scores.keys()))) found.set(id, m);
  const data: SearchResult[] = [];
  for (const id of ids) {
    const d = found.get(id);
    if (!d) continue;
    const score = scores.get(id);
    data.push({
      type: d.type,
      id: d.id,
      ...(d.identifier !== null ? { identifier: d.identifier } : {}),
      title: d.title,
      snippet: snippetOf(d),
      ...(score !== undefined ? { score } : {}),
      ...(d.status !== null ? { status: d.status } : {}),
      updated_at: d.updated_at,
    });
  }
  searched?.((performance.now() - started) / 1000);
  return {
    data,
    next_cursor: more ? encodeCursor("search", [offset + limit, fingerprint(query)]) : null,
  };
}

/**
 * The issues a code hosts' filter leaves: with a linked pull request (`any`), or one in each state
 * named; the newest linked first, at most the ranking's pool.
 */
async function withPullRequests(ctx: Ctx, states: readonly string[]): Promise<string[]> {
  let ids: string[] | undefined;
  for (const state of states) {
    let q = ctx.core.db
      .selectFrom("code_links")
      .select("issue_id")
      .select((eb) => eb.fn.max("updated_at").as("at"))
      .where("workspace_id", "=", ctx.workspaceId)
      .where("kind", "=", "pull_request");
    if (state !== "any") q = q.where("state", "=", state);
    const rows = await q.groupBy("issue_id").orderBy("at", "desc").limit(SEARCH_LIMITS.pool).execute();
    const found = rows.map((r) => r.issue_id);
    ids = ids === undefined ? found : ids.filter((id) => found.includes(id));
  }
  return ids ?? [];
}

/** Results for issues found by a filter alone (no words): their titles as snippets, in the order given. */
async function filteredIssues(ctx: Ctx, ids: readonly string[]): Promise<SearchResult[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.core.db
    .selectFrom("issues")
    .select(["id", "identifier", "title", "status", "updated_at"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            type: "issue" as const,
            id: r.id,
            identifier: r.identifier,
            title: r.title,
            snippet: escapeHtml(r.title),
            status: r.status,
            updated_at: r.updated_at,
          },
        ]
      : [];
  });
}
