/**
 * The redirect plan (REFERENCE.md "Redirects"): one function turns the spec's redirect rules (REFERENCE.md "Redirects") and
 * the loaded data into a list of `{ from, to, status: 301 }`. Every host output is written from this list
 * (src/integrations/host-files.ts: `_redirects`, the nginx config, HTML fallback pages) and the redirect test reads
 * it; nothing else hard-codes a redirect.
 *
 * Chains are resolved: `/news` goes straight to `/news/all/1` rather than through `/news/all`, so a visitor
 * always takes one hop. Where the spec names no target for an empty list, the redirect goes to the nearest page
 * that still helps (EMPTY_LIST_FALLBACK), never to a 404.
 */
import { LISTS } from '../site/lists';
import { ALL_CATEGORY, ARTICLE_SECTIONS, SECTION_ENTRIES, sectionHome } from '../site/sections';
import { inDisplayOrder, type Sortable } from './order';

/** One 301 redirect. Paths are URL paths with each segment percent-encoded (see sitePath). */
export interface Redirect {
  from: string;
  to: string;
  status: 301;
}

/** What the plan needs from the loaded data; every list in display order (src/lib/order.ts). */
export interface RedirectData {
  /** Decree ids (REFERENCE.md "Redirects": /about/decree → first decree id). */
  decreeIds: readonly string[];
  /** Location category (area) ids (REFERENCE.md "Redirects": /about/locations → first location category). */
  locationAreaIds: readonly string[];
  /** FAQ category ids (REFERENCE.md "Redirects": /faq → first FAQ category). */
  faqCategoryIds: readonly string[];
  /** Download categories with their item ids (REFERENCE.md "Redirects": the nested /download rules). */
  downloadCategories: readonly { id: string; itemIds: readonly string[] }[];
  /**
   * Article sections with their category ids (REFERENCE.md "Redirects": /{section} → all, /{section}/{category} → page 1): those of
   * the section registry (src/site/sections.ts ARTICLE_SECTIONS), with their categories in display order.
   */
  articleSections: readonly { path: string; categoryIds: readonly string[] }[];
}

/** An item of a portal list as the plan reads it: its id, its `sort`, and for a download its `category`. */
export type PlanItem = Sortable & { category?: string };

/** The portal lists the plan reads (redirectDataOf), by name. */
export const PLAN_LISTS: readonly string[] = [
  'decrees',
  'locationCategories',
  'faqCategories',
  'downloadCategories',
  'downloads',
  ...Object.values(ARTICLE_SECTIONS).map((section) => section.categories),
];

/**
 * The plan's data from the portal lists, each list in display order (src/lib/order.ts inDisplayOrder): the one
 * reading of the lists for the plan, shared by the build pipeline (src/integrations/pipeline.ts planRedirects, which
 * writes the host files) and the pages (src/sections/site-links.ts, which link the final targets).
 * @param list the items of a list by its name (one of PLAN_LISTS)
 * @returns the RedirectData of redirectPlan
 * @throws whatever `list` throws for a list it does not have
 */
export function redirectDataOf(list: (name: string) => readonly PlanItem[]): RedirectData {
  const ids = (items: readonly PlanItem[]) => inDisplayOrder(items).map((item) => item.id);
  const downloads = list('downloads');
  return {
    decreeIds: ids(list('decrees')),
    locationAreaIds: ids(list('locationCategories')),
    faqCategoryIds: ids(list('faqCategories')),
    downloadCategories: inDisplayOrder(list('downloadCategories')).map((category) => ({
      id: category.id,
      itemIds: ids(downloads.filter((item) => item.category === category.id)),
    })),
    articleSections: Object.values(ARTICLE_SECTIONS).map((section) => ({ path: section.path, categoryIds: ids(list(section.categories)) })),
  };
}

/** The `all` pseudo-category of article lists (REFERENCE.md "Routes"; src/site/sections.ts ALL_CATEGORY). */
export const ALL = ALL_CATEGORY;
/** The `none` segment of the download fallbacks (REFERENCE.md "Redirects"). */
export const NONE = 'none';
/** The default insurance category (REFERENCE.md "Redirects": /insurance → /insurance/personal). */
export const DEFAULT_INSURANCE_CATEGORY = 'personal';

/**
 * Targets when a list the spec redirects into is empty (site choice: the spec names none). Decrees belong to
 * the public-disclosure area; with no locations or FAQ categories, the contact page still helps.
 */
export const EMPTY_LIST_FALLBACK = {
  decree: LISTS.publicDisclosures.page.path,
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

  // The landing redirects of the sections with a template of their own (REFERENCE.md "Redirects": /coupon → /coupon/1, /video →
  // /video/1), from the section registry; the article sections' come with their categories below.
  for (const [, section] of SECTION_ENTRIES) {
    if (section.template !== 'article') add(sitePath(section.path), sectionHome(section));
  }
  add('/insurance', sitePath('insurance', DEFAULT_INSURANCE_CATEGORY));
  // The landing pages of the lists, from the list registry (src/site/lists.ts `page.path`).
  const decrees = LISTS.decrees.page.path;
  const locations = LISTS.locations.page.path;
  const faq = LISTS.faqs.page.path;
  const download = LISTS.downloads.page.path;
  add(decrees, data.decreeIds[0] !== undefined ? `${decrees}${sitePath(data.decreeIds[0])}` : EMPTY_LIST_FALLBACK.decree);
  add(locations, data.locationAreaIds[0] !== undefined ? `${locations}${sitePath(data.locationAreaIds[0])}` : EMPTY_LIST_FALLBACK.locations);
  add(faq, data.faqCategoryIds[0] !== undefined ? `${faq}${sitePath(data.faqCategoryIds[0])}` : EMPTY_LIST_FALLBACK.faq);

  for (const section of data.articleSections) {
    add(sitePath(section.path), sitePath(section.path, ALL));
    for (const category of [ALL, ...section.categoryIds]) {
      add(sitePath(section.path, category), sitePath(section.path, category, 1));
    }
  }

  const [firstCategory] = data.downloadCategories;
  add(download, `${download}${firstCategory ? sitePath(firstCategory.id) : sitePath(NONE)}`);
  for (const category of data.downloadCategories) {
    const [firstItem] = category.itemIds;
    add(`${download}${sitePath(category.id)}`, `${download}${sitePath(category.id, firstItem ?? NONE)}`);
  }
  // The one rule that grows with the items, last: past the CDN's limit, `_redirects` leaves out the end of the
  // plan (src/lib/host-config.ts cdnRedirects).
  for (const category of data.downloadCategories) {
    for (const itemId of category.itemIds) {
      add(`${download}${sitePath(category.id, itemId)}`, `${download}${sitePath(category.id, itemId, 1)}`);
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

/**
 * A redirect's source with a trailing slash (`/news/`), sent to the same final target. Paths end without a slash
 * (astro.config.mjs `trailingSlash: 'never'`; the hosts send `/x/` to `/x`), so without this rule `/news/` would take
 * two hops (`/news/` → `/news` → `/news/all/1`) where the plan promises one.
 * @param redirect a rule of the plan (its `from` has no trailing slash)
 * @returns the rule from `from + '/'`
 */
export const slashSource = (redirect: Redirect): Redirect => ({ ...redirect, from: `${redirect.from}/` });

/**
 * The redirects a host answers (`_redirects`, the nginx include, `npm start`): the plan, then each of its sources
 * again with a trailing slash (slashSource). The slash forms come after the whole plan, so that past the CDN's rule
 * limit they are the first left out (src/lib/host-config.ts cdnRedirects): the site links the plain sources only.
 * @param plan the redirect plan (redirectPlan)
 * @returns 2 × plan.length redirects, all 301, none chained
 */
export function hostRedirects(plan: readonly Redirect[]): Redirect[] {
  return [...plan, ...plan.map(slashSource)];
}

/**
 * An internal link as it should be written: a redirect source replaced by its final target, so that a visitor takes
 * no hop at all (the menus, the footer and the pages link `/about/decree`, whose target depends on the data).
 * @param href a link (`/faq`, `/faq?x=1#top`, `https://…`); only a path that is a source of the plan changes
 * @param targets the plan as a from → to map (redirectTargets)
 * @returns the target with the link's query and fragment kept, or the link unchanged
 */
export function finalHref(href: string, targets: ReadonlyMap<string, string>): string {
  const [, path = '', rest = ''] = /^([^?#]*)(.*)$/s.exec(href) ?? [];
  const target = targets.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
  return target === undefined ? href : `${target}${rest}`;
}

/** The plan as a from → to map, for finalHref. */
export const redirectTargets = (plan: readonly Redirect[]): Map<string, string> => new Map(plan.map((redirect) => [redirect.from, redirect.to]));
