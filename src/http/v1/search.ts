import { SEARCH_LIMITS, search, searchPage, searchRestQuery } from "../../tracker/search.ts";
import { op } from "./route.ts";

op({
  method: "GET",
  path: "/search",
  operationId: "search",
  tag: "Search",
  summary: "Search issues, decisions, notes and file names",
  description:
    "Ranked full-text search over the workspace; title matches rank above body matches. Snippets are " +
    "HTML-escaped with <mark>…</mark> around the matched words. The query is never read as engine syntax: " +
    'words, "phrases", a trailing * for prefixes, -word to leave out and OR are understood, anything else is ' +
    "a separator. An issue identifier (ENG-42) puts that issue first. Pages are positions in the ranking: " +
    "a cursor only works with the q and type it came from. When more than " +
    `${SEARCH_LIMITS.pool} objects match, the newest ${SEARCH_LIMITS.pool} of them are ranked. ` +
    "typeahead=true makes the last word a prefix too, for a search box that searches as the user types.",
  scope: "workspace.read",
  query: searchRestQuery,
  response: searchPage,
  handler: async ({ ctx, query }) => search(ctx, query),
});
