/**
 * Items as site-search results of their own (REFERENCE.md "Browser side": "Search understands the visitor"): an element of a built
 * page marked `data-search-item="<section>"` (an FAQ question on its category page: FaqItem.astro) becomes one record
 * of the index, so that a visitor who types a question gets that question as a result, not the page of thirty that
 * holds it. Each record is handed to Pagefind as a small HTML document of its own (`addHTMLFile` with an explicit
 * URL), rather than as a custom record (`addCustomRecord`, plain text only), so that Pagefind weighs it as it weighs a
 * page: the item's title is the document's `<h1>` (Pagefind's heaviest default weight), its text the body.
 *
 * What the markup gives:
 * - `data-search-item`: the record's section, shown under its title (常見問題－強制險);
 * - `id`: the element's id, the record's URL fragment (`/faq/3#faq-12`, which opens the question: FaqItem.ts);
 * - `[data-search-title]` inside it: the title (the question); `[data-search-text]`: the text (the answer).
 * The page that lists the items is not itself indexed (src/site/search-terms.ts SEARCH_LIST_PAGES), so a question is
 * found once, as itself.
 */
import { parse } from 'node-html-parser';

/** One item of a page, as a record of the index. */
export interface SearchItem {
  /** Site path of its page with the item's fragment (`/faq/3#faq-12`). */
  url: string;
  /** Its title as the page writes it (the question). */
  title: string;
  /** Where it belongs (`常見問題－強制險`). */
  section: string;
  /** Its text as HTML (the answer; sanitized portal HTML as the page holds it). */
  html: string;
}

/** The attribute that marks an item (its value is the item's section). */
export const SEARCH_ITEM_ATTRIBUTE = 'data-search-item';

/**
 * The items of a built page.
 * @param html the page's HTML
 * @param path the page's site path (`/faq/3`, no trailing slash)
 * @returns its items in page order; an item without an id or a title is left out (it could not be linked or named)
 */
export function searchItems(html: string, path: string): SearchItem[] {
  if (!html.includes(SEARCH_ITEM_ATTRIBUTE)) return [];
  const items: SearchItem[] = [];
  for (const element of parse(html).querySelectorAll(`[${SEARCH_ITEM_ATTRIBUTE}]`)) {
    const id = element.getAttribute('id');
    const title = element.querySelector('[data-search-title]')?.textContent.replace(/\s+/g, ' ').trim() ?? '';
    if (!id || title === '') continue;
    items.push({
      url: `${path}#${encodeURIComponent(id)}`,
      title,
      section: element.getAttribute(SEARCH_ITEM_ATTRIBUTE) ?? '',
      html: element.querySelector('[data-search-text]')?.innerHTML ?? '',
    });
  }
  return items;
}

/** Text as an HTML attribute value. */
const attribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** Text as HTML text. */
const escaped = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML document Pagefind indexes for an item: the title as `<h1>` first (so the title's words are its first
 * positions), then the text; the title and section as Pagefind meta (what the result shows).
 * @param item the item
 * @param language the index's language (`<html lang>`)
 */
export function searchItemDocument(item: SearchItem, language: string): string {
  return [
    `<!doctype html><html lang="${attribute(language)}"><head><title>${escaped(item.title)}</title></head><body><main data-pagefind-body>`,
    `<span hidden data-pagefind-meta="title:${attribute(item.title)}"></span>`,
    item.section ? `<span hidden data-pagefind-meta="section:${attribute(item.section)}"></span>` : '',
    `<h1>${escaped(item.title)}</h1>`,
    `<div>${item.html}</div>`,
    '</main></body></html>',
  ].join('');
}
