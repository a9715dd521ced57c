/**
 * Sanitizes portal rich text (HTML) with sanitize-html and the site's allow-list (DESIGN.md §4): text
 * structure, links, tables and images only; no scripts, styles, event handlers, forms or frames; links limited
 * to http(s), mailto and tel; images to http(s) and site-relative paths. Headings are shifted so the highest one
 * is an `<h2>` and none skips a level below the page's one h1 (WCAG 1.3.1; the W3C checker reports `h3` after
 * `h1`): `h1`→`h2` always, and when the text's highest heading is `h3` or lower, every heading moves up by the
 * same amount (levels past h5 become h5). Links opening a new tab get `rel="noopener noreferrer"`, images load lazily.
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

/** The highest heading level (1–6) written in `html`, or undefined when it has no heading. */
function topHeadingLevel(html: string): number | undefined {
  const levels = [...html.matchAll(/<h([1-6])[\s>/]/gi)].map((m) => Number(m[1]));
  return levels.length > 0 ? Math.min(...levels) : undefined;
}

/** Returns the HTML with everything outside the allow-list removed and its headings starting at h2. */
export function sanitizeRichText(html: string): string {
  const top = topHeadingLevel(html);
  const shift = top !== undefined && top > 2 ? top - 2 : 0;
  if (shift === 0) return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
  const headings: Record<string, string> = {};
  for (let level = 1; level <= 6; level += 1) headings[`h${level}`] = `h${Math.min(5, Math.max(2, level - shift))}`;
  return sanitizeHtml(html, { ...RICH_TEXT_OPTIONS, transformTags: { ...RICH_TEXT_OPTIONS.transformTags, ...headings } }).trim();
}
