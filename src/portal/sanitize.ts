/**
 * Sanitizes portal rich text (HTML) with sanitize-html and the site's allow-list (REFERENCE.md "Content sources"): text
 * structure, links, tables and images only; no scripts, styles, event handlers, forms or frames; links limited
 * to http(s), mailto and tel; images to http(s) and site-relative paths. Headings are shifted so the highest one
 * is an `<h2>` and none skips a level below the page's one h1 (WCAG 1.3.1; the W3C checker reports `h3` after
 * `h1`): `h1`→`h2` always, and when the text's highest heading is `h3` or lower, every heading moves up by the
 * same amount (levels past h5 become h5). The highest heading is read from the sanitized HTML's parsed tree, so a
 * heading inside a comment, an attribute value or a removed element does not count (not a regex over the raw HTML).
 * Images load lazily. Link targets follow the one rule of src/portal/links.ts: a site path stays in its tab (or the tab
 * the editor chose); an http(s) URL opens a new tab; anything else (`//host`, `/\host`, relative paths, other schemes
 * but mailto: and tel:) loses its `href`. Links opening a new tab get `rel="noopener noreferrer"` and the visually
 * hidden 另開新視窗 hint (REFERENCE.md "Constants").
 *
 * Text that cannot mislead (REFERENCE.md "Portal boundary"): links to portal files under the upload base (`/upload/…`) keep their href
 * only for the file types of src/site/uploads.ts (that base is served on the site's own origin, so an HTML page or a
 * script there would act as the site); bidirectional override and isolate controls are removed from the whole text
 * (validation.ts withoutBidiControls; removed, not refused: rich text is pasted from word processors, which write
 * them around mixed-direction runs, and one invisible character must not leave an article out); a relative image
 * (`images/x.png`) is resolved against the image base (PUBLIC_IMAGE_BASE) when it is a clean base path (links.ts
 * basePath), else removed with a warning (`../x.png` would request a 404 from whatever page shows it).
 *
 * In: an HTML string from the portal. Out: safe HTML to render with `set:html`.
 */
import { parse } from 'node-html-parser';
import sanitizeHtml from 'sanitize-html';
import { basePath, basePathProblem, classifyLink, isUploadPath } from './links';
import { withoutBidiControls } from './validation';
import { processSettings } from '../settings';
import { UPLOAD_BASE_PATH, UPLOAD_TYPE_RULE, uploadType } from '../site/uploads';
import { NEW_WINDOW_TEXT } from '../site/texts/layout';

/** Schemes a rich-text link may have besides http(s) and site paths: they open no page. */
const NON_PAGE_LINK = /^\s*(?:mailto|tel):/i;

/**
 * The folders of this site that serve portal files: UPLOAD_BASE_PATH (`/upload/`, the host's route) and the image
 * base when it is another site path (PUBLIC_IMAGE_BASE `/files/` → `/files/`).
 * @param imageBase PUBLIC_IMAGE_BASE (a site path or an absolute URL)
 */
export function uploadFolders(imageBase: string): string[] {
  const base = imageBase.trim();
  return base.startsWith('/') && !base.startsWith('//') ? [...new Set([UPLOAD_BASE_PATH, `${base.replace(/\/+$/, '')}/`])] : [UPLOAD_BASE_PATH];
}

/**
 * A link of this site (or of a company host written in full) to a portal file of a type the site may not link to:
 * under an upload folder (uploadFolders) and in neither list of src/site/uploads.ts.
 * @param href the serialized href (links.ts classifyLink)
 */
function isForbiddenUpload(href: string, folders: readonly string[]): boolean {
  const { pathname } = new URL(href, 'https://site.invalid/');
  return isUploadPath(pathname, folders) && uploadType(pathname) === undefined;
}

/**
 * The attributes of a rich-text `<a>` after the link rule (module docstring).
 * @param attribs the attributes as written
 * @param folders the site's upload folders (uploadFolders; default `/upload/`): a link there to a file of a type
 *   not in src/site/uploads.ts loses its href
 * @returns the attributes to keep: `href` serialized or removed, `target`/`rel` set
 */
export function richTextLinkAttributes(attribs: Record<string, string>, folders: readonly string[] = [UPLOAD_BASE_PATH]): Record<string, string> {
  const next = { ...attribs };
  const href = next.href;
  const classified = href === undefined || NON_PAGE_LINK.test(href) ? undefined : classifyLink(href);
  const target = classified && classified.kind !== 'external' && isForbiddenUpload(classified.href, folders) ? undefined : classified;
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
 * The attribute objects of the images to remove: the transform marks them, `exclusiveFilter` removes their element
 * (renaming the tag to one outside the allow-list instead leaves a stray closing tag in sanitize-html 2).
 */
const droppedImages = new WeakSet<object>();

/** A relative URL: no scheme, no leading `/` or `\` (`images/x.png`, `./x.png`, `../x.png`). */
const isRelative = (src: string): boolean => !/^[a-z][a-z0-9+.-]*:/i.test(src) && !/^[/\\]/.test(src);

/**
 * The `src` of a rich-text image: a relative path resolved against the image base when it is a clean base path
 * (links.ts basePath, as assetUrl joins it), others unchanged (sanitize-html's scheme rules apply after).
 * @param src the attribute as written (undefined: none)
 * @param imageBase PUBLIC_IMAGE_BASE
 * @returns the src to keep, or `{ problem }` when a relative path is no base path (the image is removed)
 */
export function richTextImageSource(src: string | undefined, imageBase: string): string | undefined | { problem: string } {
  const value = src?.trim();
  if (value === undefined || value === '' || !isRelative(value)) return src;
  const path = basePath(value);
  if (path === undefined) return { problem: basePathProblem(value) ?? 'is no path under the image base' };
  return `${imageBase.trim().replace(/\/+$/, '')}/${path}`;
}

/**
 * A site path under the upload folder (`/upload/images/x.png`, as editors paste links from the portal) moved onto the
 * image base when that is on another origin: where the site is served by a host that cannot put the upload policy on
 * the portal's files (src/settings.ts SITE_HOST), they are not on the site's origin at all. Anything else unchanged.
 * @param value an `href` or `src` as kept so far
 * @param imageBase PUBLIC_IMAGE_BASE
 */
export function onImageBase(value: string, imageBase: string): string {
  const base = imageBase.trim();
  if (!/^https?:\/\//i.test(base) || !value.startsWith(UPLOAD_BASE_PATH)) return value;
  return `${base.replace(/\/+$/, '')}/${value.slice(UPLOAD_BASE_PATH.length)}`;
}

/**
 * The allow-list of tags and attributes kept in portal HTML. Headings h1–h6 are kept as written: sanitizeRichText
 * reads their levels from this pass's output, then renames them (h2–h5).
 * @param imageBase PUBLIC_IMAGE_BASE, for relative images and upload links
 * @param dropped collects one line per image removed or upload link cut (its value and the reason)
 */
const richTextOptions = (imageBase: string, dropped: Set<string>): sanitizeHtml.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'span',
    'div',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
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
    a: (tagName, attribs) => {
      const next = richTextLinkAttributes(attribs, uploadFolders(imageBase));
      if (attribs.href !== undefined && next.href === undefined && classifyLink(attribs.href)) {
        dropped.add(`link ${JSON.stringify(attribs.href.slice(0, 80))} lost its href: a portal file that ${UPLOAD_TYPE_RULE}`);
      }
      if (next.href !== undefined) next.href = onImageBase(next.href, imageBase);
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const src = richTextImageSource(attribs.src, imageBase);
      if (typeof src === 'object') {
        dropped.add(
          `image ${JSON.stringify((attribs.src ?? '').slice(0, 80))} removed, a relative path that is no path under the image base: ${src.problem}`,
        );
        const marked: Record<string, string> = {};
        droppedImages.add(marked);
        return { tagName, attribs: marked };
      }
      const next: Record<string, string> = { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' };
      if (src !== undefined) next.src = onImageBase(src, imageBase);
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && droppedImages.has(frame.attribs),
});

/** Warnings of the rich text sanitized inside collectRichTextWarnings (images removed, upload links cut), or undefined outside it. */
let collected: string[] | undefined;

/**
 * Runs `run` and returns, with its result, the warnings of every rich text it sanitized (images removed), so the
 * caller can name the list and the item (src/portal/check-list.ts parseItem). Outside it, warnings go to the console.
 * @returns the result and the warnings, in order
 */
export function collectRichTextWarnings<T>(run: () => T): { result: T; warnings: string[] } {
  const outer = collected;
  const warnings: string[] = [];
  collected = warnings;
  try {
    return { result: run(), warnings };
  } finally {
    collected = outer;
  }
}

/**
 * The image base rich text is resolved against at parse time: PUBLIC_IMAGE_BASE of this process's settings
 * (src/settings.ts; default `/upload/`), the value pages use through `astro:env` (src/lib/assets.ts).
 */
export function richTextImageBase(): string {
  return processSettings().PUBLIC_IMAGE_BASE;
}

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
 * The heading renames that make `levels` start at h2 (module docstring): every level moves up by
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
 * @param imageBase PUBLIC_IMAGE_BASE (default: this process's, richTextImageBase), for relative images and upload links
 * @returns safe HTML for `set:html`
 */
export function sanitizeRichText(html: string, imageBase: string = richTextImageBase()): string {
  const dropped = new Set<string>();
  const options = richTextOptions(imageBase, dropped);
  const asWritten = sanitizeHtml(html, options);
  const renames = headingRenames(headingLevels(asWritten));
  const safe =
    Object.keys(renames).length === 0 ? asWritten : sanitizeHtml(html, { ...options, transformTags: { ...options.transformTags, ...renames } });
  for (const warning of dropped) {
    if (collected) collected.push(warning);
    else console.warn(`Rich text: ${warning}.`);
  }
  // Last, on the output: the parser has turned `&#x202E;` into the character itself by now.
  return withoutBidiControls(withNewWindowHints(safe.trim()));
}
