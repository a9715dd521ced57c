/**
 * Sanitizes portal rich text (HTML) with sanitize-html and the site's allow-list (DESIGN.md §4): text
 * structure, links, tables and images only; no scripts, styles, event handlers, forms or frames; links limited
 * to http(s), mailto and tel; images to http(s) and site-relative paths. Headings are shifted so the highest one
 * is an `<h2>` and none skips a level below the page's one h1 (WCAG 1.3.1; the W3C checker reports `h3` after
 * `h1`): `h1`→`h2` always, and when the text's highest heading is `h3` or lower, every heading moves up by the
 * same amount (levels past h5 become h5). The highest heading is read from the sanitized HTML's parsed tree, so a
 * heading inside a comment, an attribute value or a removed element does not count (issue 13 item 7). Images load
 * lazily. Link targets follow the one rule of src/portal/links.ts (issue 17 deliverable 2): a site path stays in
 * its tab (or the tab the editor chose); an http(s) URL opens a new tab; anything else (`//host`, `/\host`,
 * relative paths, other schemes but mailto: and tel:) loses its `href`. Links opening a new tab get
 * `rel="noopener noreferrer"` and the visually hidden 另開新視窗 hint (spec §9).
 *
 * In: an HTML string from the portal. Out: safe HTML to render with `set:html`.
 */
import { parse } from 'node-html-parser';
import sanitizeHtml from 'sanitize-html';
import { classifyLink } from './links';
import { NEW_WINDOW_TEXT } from '../site/texts/layout';

/** Schemes a rich-text link may have besides http(s) and site paths: they open no page. */
const NON_PAGE_LINK = /^\s*(?:mailto|tel):/i;

/**
 * The attributes of a rich-text `<a>` after the link rule (module docstring).
 * @param attribs the attributes as written
 * @returns the attributes to keep: `href` serialized or removed, `target`/`rel` set
 */
export function richTextLinkAttributes(attribs: Record<string, string>): Record<string, string> {
  const next = { ...attribs };
  const href = next.href;
  const target = href === undefined || NON_PAGE_LINK.test(href) ? undefined : classifyLink(href);
  if (href !== undefined && !NON_PAGE_LINK.test(href)) {
    if (target) next.href = target.href;
    else delete next.href;
  }
  if (target && target.kind !== 'site') next.target = '_blank';
  if (next.target === '_blank' && next.href !== undefined) next.rel = 'noopener noreferrer';
  else {
    delete next.target;
    delete next.rel;
  }
  return next;
}

/** The hint appended to every rich-text link that opens a new tab; `.visually-hidden` is the site's own class. */
const NEW_WINDOW_HINT = `<span class="visually-hidden">${NEW_WINDOW_TEXT}</span>`;

/** Adds NEW_WINDOW_HINT inside each `<a target="_blank">` of sanitized HTML (parsed, not matched by a pattern). */
function withNewWindowHints(safeHtml: string): string {
  if (!safeHtml.includes('target="_blank"')) return safeHtml;
  const root = parse(safeHtml);
  for (const link of root.querySelectorAll('a[target="_blank"]')) link.insertAdjacentHTML('beforeend', NEW_WINDOW_HINT);
  return root.toString();
}

/**
 * The allow-list of tags and attributes kept in portal HTML. Headings h1–h6 are kept as written: sanitizeRichText
 * reads their levels from this pass's output, then renames them (h2–h5).
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup',
    'mark', 'span', 'div', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: richTextLinkAttributes(attribs) }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
  },
};

/** The highest heading level the text may have: the page's own heading is its one h1 (WCAG 1.3.1). */
export const TOP_HEADING_LEVEL = 2;
/** The lowest heading level written: deeper headings (h6, or past it after the shift) become h5. */
export const BOTTOM_HEADING_LEVEL = 5;

/** The heading tag names, h1–h6. */
const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * The levels (1–6) of the headings of sanitized HTML, read from its parsed tree (node-html-parser).
 * @param safeHtml output of sanitize-html
 * @returns one level per heading element, in document order; empty when there is none
 */
export function headingLevels(safeHtml: string): number[] {
  return parse(safeHtml)
    .querySelectorAll(HEADING_TAGS.join(','))
    .map((element) => Number(element.tagName.slice(1)));
}

/**
 * The heading renames that make `levels` start at h2 (issue 13 item 7; module docstring): every level moves up by
 * (top − 2) when the top is h3 or lower, h1 becomes h2, and the result is kept within h2–h5.
 * @param levels heading levels (1–6) as written
 * @returns tag → new tag, for the levels that change; empty when none does
 */
export function headingRenames(levels: number[]): Record<string, string> {
  if (levels.length === 0) return {};
  const shift = Math.max(0, Math.min(...levels) - TOP_HEADING_LEVEL);
  const renames: Record<string, string> = {};
  for (const level of new Set(levels)) {
    const next = Math.min(BOTTOM_HEADING_LEVEL, Math.max(TOP_HEADING_LEVEL, level - shift));
    if (next !== level) renames[`h${level}`] = `h${next}`;
  }
  return renames;
}

/**
 * Returns the HTML with everything outside the allow-list removed and its headings starting at h2.
 * Two passes of sanitize-html: the first keeps headings as written and gives the levels (headingLevels); when
 * some must change, the second renames them (headingRenames) with the same allow-list otherwise.
 * @param html rich text from the portal
 * @returns safe HTML for `set:html`
 */
export function sanitizeRichText(html: string): string {
  const asWritten = sanitizeHtml(html, RICH_TEXT_OPTIONS);
  const renames = headingRenames(headingLevels(asWritten));
  const safe =
    Object.keys(renames).length === 0
      ? asWritten
      : sanitizeHtml(html, { ...RICH_TEXT_OPTIONS, transformTags: { ...RICH_TEXT_OPTIONS.transformTags, ...renames } });
  return withNewWindowHints(safe.trim());
}
