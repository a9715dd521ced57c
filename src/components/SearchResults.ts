/**
 * Browser side of SearchResults.astro: reads `q` from the address, searches the Pagefind index with its JS API
 * (`/pagefind/pagefind.js`, imported at run time only — the build writes it after Vite has bundled the site) and
 * renders the results. The query is only ever set as text; the excerpts (HTML that Pagefind builds from our own
 * pages, with `<mark>` around matches) are copied node by node keeping text and `<mark>` only.
 */
import { normalizeQuery } from '../lib/search';
import { COMPANY } from '../site/company';
import { SEARCH_PAGE_SIZE } from '../site/limits';
import { SEARCH_TEXT } from '../site/texts/search';

/**
 * The part of Pagefind's JS API used here (pagefind.app/docs/api). Pagefind reads the page's `<html lang>` to
 * segment a Chinese query into words (Intl.Segmenter); SiteLayout's zh-Hant-TW is what makes 機車險 find 機車 + 險.
 */
interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  id: string;
  data: () => Promise<PagefindResultData>;
}
interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

/** Where the build puts Pagefind's browser API. */
export const PAGEFIND_URL = '/pagefind/pagefind.js';
/** Words (CJK: segments) around the first match in an excerpt. */
const EXCERPT_LENGTH = 40;

let pagefindPromise: Promise<Pagefind> | undefined;

/** Loads Pagefind once. The variable specifier keeps Vite from resolving or bundling it. */
export function loadPagefind(url: string = PAGEFIND_URL): Promise<Pagefind> {
  pagefindPromise ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pagefind) => {
    await pagefind.options({ excerptLength: EXCERPT_LENGTH, excerptEllipsis: '…' });
    return pagefind;
  });
  return pagefindPromise;
}

/**
 * Pagefind ends every block of text that ends in a letter or digit with `. `, which reads wrong in Chinese: before
 * a Han character, the ellipsis or the end it becomes 。 (`機車保險. 強制險` → `機車保險。強制險`); right after the
 * leading ellipsis it goes.
 */
const BLOCK_PERIOD = /([\p{Script=Han}\d])\.(?: (?=(?:<mark>)?\p{Script=Han})|(?=…|$))/gu;

/**
 * A copy of Pagefind's excerpt HTML as DOM nodes: text, and `<mark>` with its text; anything else becomes its text.
 * Adjacent marks (one per segment of a Chinese word: `<mark>機車</mark><mark>險</mark>`) become one.
 */
export function excerptNodes(html: string): Node[] {
  const tidy = html.replace(BLOCK_PERIOD, '$1。').replace(/…\. /g, '…');
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

function resultItem(data: PagefindResultData): HTMLLIElement {
  const path = pagePath(data.url);
  const item = document.createElement('li');
  const title = document.createElement('h3');
  title.className = 'search-result__title';
  const link = document.createElement('a');
  link.href = path;
  link.textContent = data.meta.title?.trim() || readablePath(path);
  title.append(link);
  const url = document.createElement('p');
  url.className = 'search-result__url';
  url.textContent = readablePath(path);
  const excerpt = document.createElement('p');
  excerpt.className = 'search-result__excerpt';
  excerpt.append(...excerptNodes(data.excerpt));
  item.append(title, url, excerpt);
  return item;
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
  try {
    const pagefind = await loadPagefind();
    results = (await pagefind.search(query))?.results ?? [];
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
  status.textContent = results.length > 0 ? SEARCH_TEXT.count(results.length) : SEARCH_TEXT.empty(query);
  emptyHint.hidden = results.length > 0;
  root.classList.toggle('is-empty', results.length === 0);
  more.addEventListener('click', async () => {
    const [first] = await showMore();
    first?.querySelector('a')?.focus();
  });
}
