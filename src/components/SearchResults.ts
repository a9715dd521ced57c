/**
 * Browser side of SearchResults.astro: reads `q` from the address, searches the Pagefind index with its JS API
 * (`/pagefind/pagefind.js`, imported at run time only — the build writes it after Vite has bundled the site) and
 * the search lexicon beside it (loaded here only: content pages never download it; the typo sounds only for a query
 * that needs a suggestion), and renders the results ranked
 * by src/browser/site-search.ts (what the query means, best first), with 「您是不是要找：…」 when a word was taken
 * for one that sounds the same and a link to the query as typed (`&verbatim=1`: no suggestion). Each result
 * shows its title, its section and date (the `section`/`date` meta SiteLayout writes at build time) and an excerpt.
 * Pagefind reads the page's `<html lang>` to segment a Chinese query. The query is only ever set as text; the excerpts (HTML that Pagefind builds from our own
 * pages, with `<mark>` around matches) are copied node by node keeping text and `<mark>` only.
 */
import { PAGEFIND_OPTIONS, unspaceHan } from '../browser/search-text';
import type { PagefindResult, PagefindSearch, SiteSearch } from '../browser/search-source';
import { normalizeQuery, searchHref, VERBATIM_PARAM } from '../lib/search';
import { COMPANY } from '../site/company';
import { SEARCH_PAGE_SIZE } from '../site/limits';
import { SEARCH_TEXT } from '../site/texts/search';

/** Pagefind's API as this page uses it: the searches of site-search.ts and the excerpt options. */
type Pagefind = PagefindSearch & { options: (options: Record<string, unknown>) => Promise<void> };
type PagefindResultData = Awaited<ReturnType<PagefindResult['data']>>;

/** Where the build puts Pagefind's browser API. */
export const PAGEFIND_URL = '/pagefind/pagefind.js';

let pagefindPromise: Promise<Pagefind> | undefined;

/** Loads Pagefind once. The variable specifier keeps Vite from resolving or bundling it. */
export function loadPagefind(url: string = PAGEFIND_URL): Promise<Pagefind> {
  pagefindPromise ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pagefind) => {
    await pagefind.options({ ...PAGEFIND_OPTIONS });
    return pagefind;
  });
  return pagefindPromise;
}

/**
 * Pagefind ends every block of text that does not end in punctuation with `. `, which reads wrong in Chinese:
 * after anything but a Latin letter (a Han character, a digit, a date) and before Chinese text, an opening bracket,
 * the ellipsis or the end it becomes 。 (`機車保險. 強制險` → `機車保險。強制險`, `2025/10/14. 「` → `2025/10/14。「`);
 * right after the leading ellipsis it goes.
 */
const BLOCK_PERIOD = /([^\sA-Za-z.。！？!?…])\.(?: (?=(?:<mark>)?[\p{Script=Han}「（(【《\d])|(?=…|$))/gu;

/**
 * A copy of Pagefind's excerpt HTML as DOM nodes: text, and `<mark>` with its text; anything else becomes its text.
 * Then the spaces the index puts around Han characters are taken out (site-search `unspaceHan`). Adjacent marks
 * (one per character of a Chinese word: `<mark>機</mark><mark>車</mark><mark>險</mark>`) become one.
 */
export function excerptNodes(html: string): Node[] {
  const tidy = unspaceHan(html.replace(BLOCK_PERIOD, '$1。').replace(/…\. /g, '…'));
  const parsed = new DOMParser().parseFromString(`<body>${tidy}</body>`, 'text/html').body;
  const nodes: Node[] = [];
  for (const node of parsed.childNodes) {
    const text = node.textContent ?? '';
    const previous = nodes.at(-1);
    if (node instanceof Element && node.localName === 'mark') {
      if (previous instanceof HTMLElement && previous.localName === 'mark') previous.append(text);
      else {
        const mark = document.createElement('mark');
        mark.textContent = text;
        nodes.push(mark);
      }
    } else nodes.push(document.createTextNode(text));
  }
  return nodes;
}

/**
 * An excerpt without the title it starts with: an item's record (an FAQ question: src/integrations/search-items.ts)
 * begins with its title, which the result already shows above it, so the excerpt is the start of the answer.
 * @param html Pagefind's excerpt HTML (text and `<mark>`, the index's spaces around Han characters)
 * @param title the result's title as shown
 * @returns the excerpt from the first character after the title, or as it was when it does not start with it
 */
export function withoutTitle(html: string, title: string): string {
  const wanted = Array.from(title.replace(/\s+/g, ''));
  if (wanted.length === 0) return html;
  let i = 0;
  let matched = 0;
  let inMark = false;
  while (i < html.length && matched < wanted.length) {
    const tag = /^<\/?mark>/.exec(html.slice(i));
    if (tag) {
      inMark = tag[0] === '<mark>';
      i += tag[0].length;
      continue;
    }
    const character = String.fromCodePoint(html.codePointAt(i)!);
    if (/\s/.test(character)) {
      i += character.length;
      continue;
    }
    if (character !== wanted[matched]) return html;
    matched += 1;
    i += character.length;
  }
  if (matched < wanted.length) return html;
  const rest = html.slice(i).replace(/^(?:\s|\.(?=\s))+/, '');
  return inMark && !rest.startsWith('</mark>') ? `<mark>${rest}` : rest.replace(/^<\/mark>/, '');
}

/** Pagefind's URL of a page (`/news/detail/1/`) as the site links it (`/news/detail/1`, trailingSlash never). */
export const pagePath = (url: string): string => (url.length > 1 ? url.replace(/\/+$/, '') : url);

/** A path as a visitor reads it (percent-escapes decoded when they form valid UTF-8). */
function readablePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** A result: its title (the link), a line with its section, date and status when the page has them, and the excerpt. */
function resultItem(data: PagefindResultData): HTMLLIElement {
  const path = pagePath(data.url);
  const item = document.createElement('li');
  const title = document.createElement('h3');
  title.className = 'search-result__title';
  const link = document.createElement('a');
  link.href = path;
  link.textContent = unspaceHan(data.meta.title?.trim() ?? '') || readablePath(path);
  title.append(link);
  item.append(title);
  // Section, date and status (e.g. 已結束) from the page's search meta (SiteLayout `data-pagefind-meta`).
  const about = document.createElement('p');
  about.className = 'search-result__about';
  for (const key of ['section', 'date', 'status'] as const) {
    const value = data.meta[key]?.trim();
    if (!value) continue;
    const label = document.createElement('span');
    label.className = `search-result__${key}`;
    label.textContent = value;
    about.append(label);
  }
  if (about.childElementCount > 0) item.append(about);
  const excerpt = document.createElement('p');
  excerpt.className = 'search-result__excerpt';
  excerpt.append(...excerptNodes(withoutTitle(data.excerpt, link.textContent ?? '')));
  item.append(excerpt);
  return item;
}

/**
 * 「您是不是要找：理賠」 (a link to the search of the word in the query's place) and 仍要搜尋「理陪」 (the query as
 * typed, without suggestion), or nothing.
 */
function showSuggestion(note: HTMLElement, query: string, suggestion: SiteSearch['suggestion']): void {
  note.hidden = suggestion === null;
  if (suggestion === null) return;
  const suggested = note.querySelector<HTMLAnchorElement>('[data-suggested]')!;
  const corrected = query.split(suggestion.from).join(suggestion.to);
  suggested.textContent = suggestion.to;
  suggested.href = searchHref(corrected === query ? suggestion.to : corrected);
  const verbatim = note.querySelector<HTMLAnchorElement>('[data-verbatim]')!;
  verbatim.textContent = SEARCH_TEXT.searchInstead(query);
  verbatim.href = `${searchHref(query)}&${VERBATIM_PARAM}=1`;
}

/** Fills the results section of /search for the `q` of the address. Does nothing without a query. */
export async function mountSearchResults(root: HTMLElement): Promise<void> {
  const query = normalizeQuery(new URLSearchParams(window.location.search).get('q') ?? '');
  if (query === '') return;
  const part = <T extends Element>(name: string) => root.querySelector<T>(`[data-${name}]`)!;
  const status = part<HTMLElement>('status');
  const list = part<HTMLOListElement>('list');
  const more = part<HTMLButtonElement>('more');
  const emptyHint = part<HTMLElement>('empty-hint');

  for (const input of document.querySelectorAll<HTMLInputElement>('form[action="/search"] input[name="q"]')) {
    if (!input.closest('dialog')) input.value = query;
  }
  document.title = `${SEARCH_TEXT.resultsFor}：${query} | ${COMPANY.shortName}`;
  part<HTMLElement>('query').textContent = `：「${query}」`;
  status.textContent = SEARCH_TEXT.loading;
  status.classList.add('is-loading');
  root.setAttribute('aria-busy', 'true');
  root.hidden = false;

  let results: PagefindResult[];
  let suggestion: SiteSearch['suggestion'] = null;
  try {
    // The lexicon is fetched while Pagefind loads; the typo sounds only if the query needs them.
    // The ranking code (site-search.ts) too, loaded with the first query: a visit to /search without one never needs it.
    const [{ searchSite, lexicon }, pagefind] = await Promise.all([
      Promise.all([import('../browser/site-search'), import('../browser/search-source')]).then(async ([{ searchSite }, { siteLexicon }]) => {
        const lexicon = siteLexicon();
        await lexicon.lexicon();
        return { searchSite, lexicon };
      }),
      loadPagefind(),
    ]);
    const verbatim = new URLSearchParams(window.location.search).has(VERBATIM_PARAM);
    ({ results, suggestion } = await searchSite(pagefind, query, lexicon, { verbatim }));
  } catch {
    status.classList.remove('is-loading');
    root.removeAttribute('aria-busy');
    status.textContent = SEARCH_TEXT.failed;
    return;
  }

  let shown = 0;
  const showMore = async (): Promise<HTMLLIElement[]> => {
    more.disabled = true;
    const page = await Promise.all(results.slice(shown, shown + SEARCH_PAGE_SIZE).map((result) => result.data()));
    const items = page.map(resultItem);
    list.append(...items);
    shown += page.length;
    more.hidden = shown >= results.length;
    more.disabled = false;
    return items;
  };

  if (results.length > 0) await showMore();
  status.classList.remove('is-loading');
  root.removeAttribute('aria-busy');
  const empty = results.length === 0;
  status.textContent = !empty ? SEARCH_TEXT.count(results.length) : SEARCH_TEXT.empty(query);
  emptyHint.hidden = !empty;
  showSuggestion(part<HTMLElement>('suggestion'), query, suggestion);
  root.classList.toggle('is-empty', empty);
  more.addEventListener('click', async () => {
    const [first] = await showMore();
    first?.querySelector('a')?.focus();
  });
}
