/**
 * The redirect plan (DESIGN.md §7): one function turns the spec's redirect rules (spec §2 "Redirects (301)") and
 * the loaded data into a list of `{ from, to, status: 301 }`. Every host output is written from this list
 * (src/integrations/host-files.ts: `_redirects`, the nginx config, HTML fallback pages) and the redirect test reads
 * it; nothing else hard-codes a redirect.
 *
 * Chains are resolved: `/news` goes straight to `/news/all/1` rather than through `/news/all`, so a visitor
 * always takes one hop. Where the spec names no target for an empty list, the redirect goes to the nearest page
 * that still helps (EMPTY_LIST_FALLBACK), never to a 404.
 */
import { ALL_CATEGORY, SECTION_ENTRIES, sectionHome } from '../site/sections';

/** One 301 redirect. Paths are URL paths with each segment percent-encoded (see sitePath). */
export interface Redirect {
  from: string;
  to: string;
  status: 301;
}

/** What the plan needs from the loaded data; every list in display order (src/lib/order.ts). */
export interface RedirectData {
  /** Decree ids (spec §2: /about/decree → first decree id). */
  decreeIds: readonly string[];
  /** Location category (area) ids (spec §2: /about/locations → first location category). */
  locationAreaIds: readonly string[];
  /** FAQ category ids (spec §2: /faq → first FAQ category). */
  faqCategoryIds: readonly string[];
  /** Download categories with their item ids (spec §2: the nested /download rules). */
  downloadCategories: readonly { id: string; itemIds: readonly string[] }[];
  /**
   * Article sections with their category ids (spec §2: /{section} → all, /{section}/{category} → page 1): those of
   * the section registry (src/site/sections.ts ARTICLE_SECTIONS), with their categories in display order.
   */
  articleSections: readonly { path: string; categoryIds: readonly string[] }[];
}

/** The `all` pseudo-category of article lists (spec §2; src/site/sections.ts ALL_CATEGORY). */
export const ALL = ALL_CATEGORY;
/** The `none` segment of the download fallbacks (spec §2). */
export const NONE = 'none';
/** The default insurance category (spec §2: /insurance → /insurance/personal). */
export const DEFAULT_INSURANCE_CATEGORY = 'personal';

/**
 * Targets when a list the spec redirects into is empty (site choice: the spec names none). Decrees belong to
 * the public-disclosure area; with no locations or FAQ categories, the contact page still helps.
 */
export const EMPTY_LIST_FALLBACK = {
  decree: '/about/public',
  locations: '/contact',
  faq: '/contact',
} as const;

/** Joins path segments, encoding each one (ids may hold CJK characters or spaces). */
export function sitePath(...segments: readonly (string | number)[]): string {
  return `/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}`;
}

/**
 * A plan path as nginx compares it and as Astro names the page's folder: each segment's `%XX` decoded in full, so
 * `/share/rt%26amp` is `/share/rt&amp` (nginx matches `location` against "a normalized URI, after decoding the text
 * encoded in the %XX form, resolving … "." and ".." and … compression of two or more adjacent slashes", nginx docs,
 * ngx_http_core_module `location`; Astro writes `/share/rt&amp/1/index.html`). `decodeURI` is not enough: it leaves
 * the reserved characters (`&`, `+`, `:`, `=`, `@`, `$`, `,`, `;`, RFC 3986 §2.2) encoded, and a location that
 * names them so never matches. The inverse of sitePath.
 * @param path an absolute plan path, segments percent-encoded (sitePath)
 * @returns the decoded path
 * @throws Error naming the path when a segment is badly encoded, empty, `.` or `..`, or decodes to hold `/` or a
 *   control character: nginx would resolve or merge it, so no location and no folder could answer it
 */
export function decodedPath(path: string): string {
  if (!path.startsWith('/')) throw new Error(`Redirect plan: "${path}" is not an absolute path.`);
  const decoded = path
    .slice(1)
    .split('/')
    .map((segment) => {
      let text: string;
      try {
        text = decodeURIComponent(segment);
      } catch {
        throw new Error(`Redirect plan: "${path}" has a badly encoded segment "${segment}".`);
      }
      if (text === '' || text === '.' || text === '..' || /[/\u0000-\u001f\u007f]/.test(text)) {
        throw new Error(`Redirect plan: "${path}" has a segment ("${segment}") that no host can match as one path segment.`);
      }
      return text;
    });
  return `/${decoded.join('/')}`;
}

/**
 * The spec's rules as written, one hop each.
 * Out: redirects in rule order, the download items' last; targets may themselves be redirects (see resolveChains).
 */
export function redirectRules(data: RedirectData): Redirect[] {
  const rules: Redirect[] = [];
  const add = (from: string, to: string) => rules.push({ from, to, status: 301 });

  // The landing redirects of the sections with a template of their own (spec §2: /coupon → /coupon/1, /video →
  // /video/1), from the section registry; the article sections' come with their categories below.
  for (const [, section] of SECTION_ENTRIES) {
    if (section.template !== 'article') add(sitePath(section.path), sectionHome(section));
  }
  add('/insurance', sitePath('insurance', DEFAULT_INSURANCE_CATEGORY));
  add('/about/decree', data.decreeIds[0] !== undefined ? sitePath('about', 'decree', data.decreeIds[0]) : EMPTY_LIST_FALLBACK.decree);
  add(
    '/about/locations',
    data.locationAreaIds[0] !== undefined ? sitePath('about', 'locations', data.locationAreaIds[0]) : EMPTY_LIST_FALLBACK.locations,
  );
  add('/faq', data.faqCategoryIds[0] !== undefined ? sitePath('faq', data.faqCategoryIds[0]) : EMPTY_LIST_FALLBACK.faq);

  for (const section of data.articleSections) {
    add(sitePath(section.path), sitePath(section.path, ALL));
    for (const category of [ALL, ...section.categoryIds]) {
      add(sitePath(section.path, category), sitePath(section.path, category, 1));
    }
  }

  const [firstCategory] = data.downloadCategories;
  add('/download', firstCategory ? sitePath('download', firstCategory.id) : sitePath('download', NONE));
  for (const category of data.downloadCategories) {
    const [firstItem] = category.itemIds;
    add(sitePath('download', category.id), sitePath('download', category.id, firstItem ?? NONE));
  }
  // The one rule that grows with the items, last: past the CDN's limit, `_redirects` leaves out the end of the
  // plan (src/lib/host-config.ts cdnRedirects).
  for (const category of data.downloadCategories) {
    for (const itemId of category.itemIds) {
      add(sitePath('download', category.id, itemId), sitePath('download', category.id, itemId, 1));
    }
  }
  return rules;
}

/**
 * Makes every redirect point at its final destination (no chains) and checks the plan.
 * @throws Error on a loop, or when two rules share a `from` with different targets.
 */
export function resolveChains(rules: readonly Redirect[]): Redirect[] {
  const targets = new Map<string, string>();
  for (const rule of rules) {
    const existing = targets.get(rule.from);
    if (existing !== undefined && existing !== rule.to) {
      throw new Error(`Redirect plan: ${rule.from} has two targets (${existing} and ${rule.to}).`);
    }
    targets.set(rule.from, rule.to);
  }
  const resolved: Redirect[] = [];
  for (const from of targets.keys()) {
    const seen = new Set([from]);
    let to = targets.get(from)!;
    while (targets.has(to)) {
      if (seen.has(to)) throw new Error(`Redirect plan: loop through ${[...seen, to].join(' → ')}.`);
      seen.add(to);
      to = targets.get(to)!;
    }
    resolved.push({ from, to, status: 301 });
  }
  return resolved;
}

/** The plan: the spec's rules over the data, chains resolved. See redirectRules and resolveChains. */
export function redirectPlan(data: RedirectData): Redirect[] {
  return resolveChains(redirectRules(data));
}
