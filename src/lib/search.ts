/** Site-search helpers shared by the overlay, the /search page and the recall tool. */

/** Longest query kept, in characters; longer input is cut (a query is a few words, never a page). */
export const MAX_QUERY_LENGTH = 100;

/** A visitor's query made safe to use: trimmed, inner runs of white space collapsed, cut to MAX_QUERY_LENGTH. */
export function normalizeQuery(raw: string): string {
  return Array.from(raw.replace(/\s+/g, ' ').trim()).slice(0, MAX_QUERY_LENGTH).join('').trim();
}

/** The results page of a query: `/search?q={query}`, the query normalized and URI-encoded. */
export const searchHref = (query: string): string => `/search?q=${encodeURIComponent(normalizeQuery(query))}`;

/** The parameter of `/search` that searches the query as typed, without 「您是不是要找」 (its link). */
export const VERBATIM_PARAM = 'verbatim';
