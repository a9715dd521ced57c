/**
 * The site search's ranking rule (pages containing the exact query first; none when no page contains it), on top of
 * Pagefind's JS API.
 *
 * Pagefind cuts Chinese into words twice, differently: at build time with its own dictionary (charabia/jieba),
 * at search time with the browser's (Intl.Segmenter). Where the two disagree, a page that plainly contains the
 * query is not found (撥打理賠 indexed as 撥打 + 理賠 or 撥 + 打理 + 賠; 住宅地震基本保險 cut one way in the index and
 * another in the query). So the index holds every Han character as a word of its own: the build gives Pagefind
 * each page with a space around every Han character (src/integrations/search-index.ts, `spaceHan`), and the
 * search does the same to the query. A phrase search of the spaced term (`"理 賠"`) then finds exactly the pages
 * whose text holds those characters next to each other: the query as a substring, whatever either dictionary
 * thinks the words are. Latin words and numbers stay whole words (`ESG`, `0800`). The rule:
 *
 * 1. The query is cut into terms at white space and punctuation (`機車險 理賠` → 機車險, 理賠; `機車險怎麼保?` →
 *    機車險怎麼保).
 * 2. Results are the pages that contain every term as written: one Pagefind exact-phrase search (`"機 車 險"`) per
 *    term, intersected. They are ranked by Pagefind's score for the plain (spaced) query — its BM25 over the
 *    characters and words, title and headings weighted — since a phrase search scores every page alike. Pages
 *    sharing only a character with the query are never results.
 * 3. When no page contains the query, there are no results (the page shows the empty state 查無「…」相關結果), and
 *    `fallback` offers the results of the longest leading run of whole words of the query (Intl.Segmenter, the
 *    page's language) that pages do contain, at least FALLBACK_MIN_LENGTH characters long: 機車險怎麼保? → 機車險.
 *    A nonsense query (xyzzy不存在) has none.
 *
 * Pagefind's excerpts and titles come from the spaced text: `unspaceHan` takes the spaces back out for display
 * (src/components/SearchResults.ts).
 *
 * This module imports nothing at run time, so the recall tool (scripts/search-recall.mjs) runs this very file in
 * the browser (its types stripped) to measure what a visitor gets.
 */

/** One Han character (CJK ideographs, their extensions and compatibility forms). */
const HAN = /\p{Script=Han}/gu;

/**
 * Text as the search index holds it: a space before every Han character, and after it unless it ends the text,
 * so that Pagefind takes each as a word of its own (`撥打理賠，請` → ` 撥  打  理  賠 ， 請`). Used on every text
 * node of every indexed page at build time and on every query term. No space after a text's last character: an
 * inline element's text is still spaced from the next one's by the latter's leading space, and a block ending in
 * a character keeps the period Pagefind adds to its excerpt text (`機車保險. 強制險`); spaces are only added, so a
 * page's other words are unchanged.
 * @param text any text (an HTML text node's raw text, entities included: they contain no Han characters)
 * @returns the text with spaces around Han characters
 */
export function spaceHan(text: string): string {
  return text.replace(HAN, (character: string, offset: number) => (offset + character.length < text.length ? ` ${character} ` : ` ${character}`));
}

/**
 * A query term as a Pagefind phrase search: its characters spaced as the index holds them (`機車險` → `"機 車 險"`).
 * @param term one term of queryTerms
 */
export function phraseQuery(term: string): string {
  return `"${spaceHan(term).replace(/\s+/g, ' ').trim()}"`;
}

/**
 * Takes back out the spaces the index put around Han characters, in Pagefind's excerpt HTML (only `<mark>` tags)
 * or a meta value: white space next to a Han character goes, across `<mark>` and `</mark>` (`<mark>理 </mark><mark>賠
 * </mark>，請 ` → `<mark>理</mark><mark>賠</mark>，請`). A space the page itself had next to Chinese text goes too
 * (`ESG 永續` → `ESG永續`), which zh-TW typography allows.
 * @param html excerpt HTML or plain text
 */
export function unspaceHan(html: string): string {
  return html.replace(/(\p{Script=Han})((?:<\/?mark>)*)[\s\u200B]+/gu, '$1$2').replace(/[\s\u200B]+((?:<\/?mark>)*)(?=\p{Script=Han})/gu, '$1');
}

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

/**
 * A result with its rank's score whose `data()` goes through the result Pagefind returned, so that result stays
 * reachable as long as ours: Pagefind (1.6) searches in a web worker, registers each result it returns with a
 * FinalizationRegistry and, once the result is garbage-collected, tells the worker to drop its data (`releaseData`);
 * a later `data()` then resolves null. A copy that let go of the original (`{ ...result }`) lost the data of the
 * results past the first page whenever the collector ran before 載入更多結果 asked for them.
 */
const ranked = (result: PagefindResult, score: number): PagefindResult => ({ id: result.id, score, data: () => result.data() });

/** Pages containing every term, ranked by the plain query's score (then in phrase order). */
async function pagesContaining(pagefind: PagefindSearch, terms: string[]): Promise<PagefindResult[]> {
  if (terms.length === 0) return [];
  const phrases = await Promise.all(terms.map(async (term) => (await pagefind.search(phraseQuery(term)))?.results ?? []));
  const [first, ...rest] = phrases;
  const inAll = first!.filter((result) => rest.every((other) => other.some((candidate) => candidate.id === result.id)));
  if (inAll.length === 0) return [];
  const loose = (await pagefind.search(spaceHan(terms.join(' ')).replace(/\s+/g, ' ').trim()))?.results ?? [];
  const score = new Map(loose.map((result, rank) => [result.id, { score: result.score, rank }]));
  const order = (result: PagefindResult, index: number): [number, number] => {
    const ranked = score.get(result.id);
    return ranked ? [0, ranked.rank] : [1, index];
  };
  return inAll
    .map((result, index) => ({ result: ranked(result, score.get(result.id)?.score ?? 0), key: order(result, index) }))
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
