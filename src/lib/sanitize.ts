/**
 * Sanitizes portal rich text (HTML) with sanitize-html and the site's allow-list (DESIGN.md §4): text
 * structure, links, tables and images only; no scripts, styles, event handlers, forms or frames; links limited
 * to http(s), mailto and tel; images to http(s) and site-relative paths. `<h1>` becomes `<h2>` (the page owns
 * its one h1), links opening a new tab get `rel="noopener noreferrer"`, images load lazily.
 *
 * In: an HTML string from the portal. Out: safe HTML to render with `set:html`.
 */
import sanitizeHtml from 'sanitize-html';

/** The allow-list of tags and attributes kept in portal HTML. */
export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark',
    'span', 'div', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
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
    h1: 'h2',
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else delete next.target;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
  },
};

/** Returns the HTML with everything outside the allow-list removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}
