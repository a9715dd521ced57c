/**
 * The site search's ranking rule (issue 14 §1), on top of Pagefind's JS API. Pagefind splits Chinese into short
 * words (汽車險 → 汽車 + 險) and returns every page holding any of them, so on its own 汽車險 lists ~70 pages of
 * which 8 contain the word. The rule here:
 *
 * 1. The query is cut into terms at white space and punctuation (`機車險 理賠` → 機車險, 理賠; `機車險怎麼保?` →
 *    機車險怎麼保).
 * 2. Results are the pages that contain every term as written: one Pagefind exact-phrase search (`"term"`) per
 *    term, intersected. They are ranked by Pagefind's score for the plain query (its BM25 over the words, title and
 *    headings weighted), since a phrase search scores every page alike. Pages sharing only a character or a word
 *    with the query are never results.
 * 3. When no page contains the query, there are no results (the page shows the empty state 查無「…」相關結果), and
 *    `fallback` offers the results of the longest leading run of whole words of the query (Intl.Segmenter, the
 *    page's language) that pages do contain, at least FALLBACK_MIN_LENGTH characters long: 機車險怎麼保? → 機車險.
 *    A nonsense query (xyzzy不存在) has none.
 *
 * This module imports nothing at run time, so the recall tool (scripts/search-recall.mjs) runs this very file in
 * the browser (its types stripped) to measure what a visitor gets.
 */

/** The part of a Pagefind result used here (pagefind.app/docs/api). */
export interface PagefindResult {
  id: string;
  score: number;
  data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string | undefined> }>;
}

/** The part of Pagefind's JS API used here. */
export interface PagefindSearch {
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

/** What a search shows. */
export interface SiteSearch {
  /** Pages containing every term of the query, best first. */
  results: PagefindResult[];
  /** Only when `results` is empty: the leading part of the query that pages contain, and its results. */
  fallback: { query: string; results: PagefindResult[] } | null;
}

/** Shortest leading part (in characters) offered when no page contains the whole query: one character is noise. */
export const FALLBACK_MIN_LENGTH = 2;

/** Most leading parts tried for the fallback (each is a search; a long query of one word per character is cut). */
const FALLBACK_MAX_TRIES = 8;

/** Characters that separate terms: white space, punctuation and symbols (?, ？, 、, 「」, $, …). */
const SEPARATOR = /[\s\p{P}\p{S}]+/u;

/**
 * The terms of a query: cut at white space, punctuation and symbols, empty parts dropped.
 * @param query a normalized query (src/lib/search.ts normalizeQuery)
 * @returns the terms in order (`機車險怎麼保?` → [`機車險怎麼保`])
 */
export function queryTerms(query: string): string[] {
  return query.split(SEPARATOR).filter((term) => term !== '');
}

/** Pages containing every term, ranked by the plain query's score (then in phrase order). */
async function pagesContaining(pagefind: PagefindSearch, terms: string[]): Promise<PagefindResult[]> {
  if (terms.length === 0) return [];
  const phrases = await Promise.all(terms.map(async (term) => (await pagefind.search(`"${term}"`))?.results ?? []));
  const [first, ...rest] = phrases;
  const inAll = first!.filter((result) => rest.every((other) => other.some((candidate) => candidate.id === result.id)));
  if (inAll.length === 0) return [];
  const loose = (await pagefind.search(terms.join(' ')))?.results ?? [];
  const score = new Map(loose.map((result, rank) => [result.id, { score: result.score, rank }]));
  const order = (result: PagefindResult, index: number): [number, number] => {
    const ranked = score.get(result.id);
    return ranked ? [0, ranked.rank] : [1, index];
  };
  return inAll
    .map((result, index) => ({ result: { ...result, score: score.get(result.id)?.score ?? 0 }, key: order(result, index) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1])
    .map(({ result }) => result);
}

/**
 * Searches the site by the rule above.
 * @param pagefind Pagefind's loaded API (`/pagefind/pagefind.js`)
 * @param query a normalized query
 * @param locale language of the word segmentation for the fallback (default: the page's `<html lang>`)
 * @returns the results, or none and a fallback (see SiteSearch); Pagefind's errors propagate
 */
export async function searchSite(pagefind: PagefindSearch, query: string, locale?: string): Promise<SiteSearch> {
  const terms = queryTerms(query);
  const results = await pagesContaining(pagefind, terms);
  if (results.length > 0 || terms.length === 0) return { results, fallback: null };
  // Leading runs of whole words, longest first: the first term's words (later terms are dropped whole first).
  const segmenter = new Intl.Segmenter(locale ?? (document.documentElement.lang || undefined), { granularity: 'word' });
  const candidates: string[][] = [];
  for (let count = terms.length - 1; count >= 1; count -= 1) candidates.push(terms.slice(0, count));
  const ends = [...segmenter.segment(terms[0]!)].map((segment) => segment.index + segment.segment.length);
  for (const end of ends.reverse().slice(1)) candidates.push([terms[0]!.slice(0, end)]);
  for (const candidate of candidates.filter((words) => words.join('').length >= FALLBACK_MIN_LENGTH).slice(0, FALLBACK_MAX_TRIES)) {
    const found = await pagesContaining(pagefind, candidate);
    if (found.length > 0) return { results: [], fallback: { query: candidate.join(' '), results: found } };
  }
  return { results: [], fallback: null };
}
