/**
 * What /search needs of the site search before it searches (src/components/SearchResults.ts imports it with the page;
 * src/browser/site-search.ts, which ranks, is loaded with the first query, so a page without one downloads none of
 * it): Pagefind's options, the excerpt's length and ellipsis, and the index's spaces taken back out of a title or an
 * excerpt.
 *
 * This module imports nothing (the recall tool serves it to the browser as it is, its types stripped).
 */

/** Words (for Chinese: characters) of an excerpt, as /search asks Pagefind for (its `excerptLength`). Site choice. */
export const EXCERPT_WORDS = 40;
/** What an excerpt that does not end the page's text ends with (Pagefind's `excerptEllipsis` of /search). */
export const EXCERPT_ELLIPSIS = '…';

/**
 * Pagefind's options as /search sets them before its first search (src/components/SearchResults.ts; the recall tool,
 * scripts/search-recall.mjs, sets the same): the excerpt's length and ellipsis, and `noWorker`: Pagefind 1.6 searches
 * in a web worker of its own by default, whose script (`pagefind-worker.js`, about 12 KB gzip) repeats the search code
 * `pagefind.js` already holds. On the main thread the first search downloads that much less (the budget of
 * SEARCH_FIRST_SEARCH_KB, src/site/limits.ts); the searches a query makes are the wasm's, a few ms each.
 */
export const PAGEFIND_OPTIONS = { excerptLength: EXCERPT_WORDS, excerptEllipsis: EXCERPT_ELLIPSIS, noWorker: true } as const;

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
