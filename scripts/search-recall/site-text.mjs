/**
 * What a built site holds, as the recall tool (scripts/search-recall.mjs) compares the search with: the site path of
 * an HTML file and of a result URL, the page URL of each Pagefind fragment, and the text Pagefind indexes of every
 * record (parsed by the browser itself, following Pagefind's parser), normalized for a plain substring test.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SEARCH_INDEX_EXCLUDE } from '../../src/site/limits.ts';

/** The comparable form of a text: NFKC (full-width ？ = ?), lower case, white space collapsed. */
export const normalizeText = (text) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

/** Site path of an HTML file of dist/ (`news/detail/1/index.html` → `/news/detail/1`). */
export function pagePath(dist, file) {
  const path = `/${relative(dist, file).split(sep).join('/')}`.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return path === '' ? '/' : path;
}

/** Pagefind's result URL as a site path (`/news/detail/1/` → `/news/detail/1`). */
export const resultPath = (url) => {
  const path = decodeURI(url)
    .replace(/\/index\.html$/, '')
    .replace(/\.html$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/** The HTML files of a built site (dist/), its Pagefind folder left out: absolute paths. */
export async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${sep}pagefind${sep}`));
}

/**
 * The page URL of each Pagefind fragment in dist/pagefind/fragment/, by fragment id (a result's `id`): a fragment
 * file is gzip of `pagefind_dcd` + JSON, one page (`{ url, … }`) or, on large sites, a group of them by id.
 * @returns {Promise<Map<string, string>>}
 */
export async function readFragmentUrls(dist) {
  const folder = join(dist, 'pagefind', 'fragment');
  const urls = new Map();
  for (const name of await readdir(folder)) {
    const raw = gunzipSync(await readFile(join(folder, name))).toString('utf8');
    if (!raw.startsWith('pagefind_dcd')) continue;
    const fragment = JSON.parse(raw.slice('pagefind_dcd'.length));
    if (typeof fragment.url === 'string') urls.set(name.replace(/\.pf_fragment$/, ''), fragment.url);
    else for (const [id, page] of Object.entries(fragment)) if (typeof page?.url === 'string') urls.set(id, page.url);
  }
  return urls;
}

/**
 * Runs in the page: the text Pagefind indexes of each HTML document (`body`, null when it has no data-pagefind-body, and
 * `items`, the records of its items: src/integrations/search-items.ts),
 * following Pagefind 1.x's parser (pagefind/src/fossick/parser.rs): inside the body element, the elements it
 * removes (nav, form, label, footer, svg, iframe, script, style, noscript, template), `data-pagefind-ignore` ones
 * and those matching the build's exclude selectors (SEARCH_INDEX_EXCLUDE) are skipped; sentence elements (headings, p, div, li, td, …) and `br` separate words; other elements join
 * their text to their neighbours'.
 */
export function extractIndexedText({ documents, exclude }) {
  const REMOVED = new Set(['head', 'style', 'script', 'noscript', 'label', 'form', 'svg', 'footer', 'nav', 'iframe', 'template']);
  const SENTENCE = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'div', 'ul', 'li', 'dl', 'dt', 'dd', 'article', 'section']);
  const parser = new DOMParser();
  const textOf = (root) => {
    let text = '';
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        text += node.textContent;
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      const name = node.localName;
      if (REMOVED.has(name) || node.hasAttribute('data-pagefind-ignore') || exclude.some((selector) => node.matches(selector))) return;
      if (name === 'br') text += ' ';
      const sentence = SENTENCE.has(name);
      if (sentence) text += ' ';
      for (const child of node.childNodes) walk(child);
      if (sentence) text += ' ';
    };
    for (const child of root.childNodes) walk(child);
    return text;
  };
  return documents.map((html) => {
    const document = parser.parseFromString(html, 'text/html');
    const body = document.querySelector('[data-pagefind-body]');
    // Items that are records of their own (src/integrations/search-items.ts): their title and text, by element id.
    const items = [...document.querySelectorAll('[data-search-item][id]')].map((item) => ({
      id: item.id,
      text: `${item.querySelector('[data-search-title]')?.textContent ?? ''} ${textOf(item.querySelector('[data-search-text]') ?? document.createElement('div'))}`,
    }));
    return { body: body ? textOf(body) : null, items };
  });
}

/**
 * The indexed text of every record of a built site (normalizeText), by site path (an item's with its fragment:
 * `/faq/3#faq-12`), parsed by the browser itself.
 */
export async function indexedTexts(browser, dist) {
  const files = await htmlFiles(dist);
  const page = await browser.newPage();
  await page.goto('about:blank');
  /** @type {Map<string, string>} */
  const texts = new Map();
  for (let i = 0; i < files.length; i += 50) {
    const batch = files.slice(i, i + 50);
    const sources = await Promise.all(batch.map((file) => readFile(file, 'utf8')));
    const extracted = await page.evaluate(extractIndexedText, { documents: sources, exclude: [...SEARCH_INDEX_EXCLUDE] });
    extracted.forEach(({ body, items }, j) => {
      const path = pagePath(dist, batch[j]);
      if (body !== null) texts.set(path, normalizeText(body));
      for (const item of items) texts.set(`${path}#${encodeURIComponent(item.id)}`, normalizeText(item.text));
    });
  }
  await page.close();
  return texts;
}
