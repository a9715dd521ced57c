/**
 * Content collections (REFERENCE.md "Content sources"). Every portal list of REFERENCE.md "Portal API" is one collection, made from the list registry
 * PORTAL_LISTS (src/portal/lists.ts): loaded through the one portal loader and checked with the list's zod schema
 * (src/portal/schemas.ts). Collection names equal the endpoint catalogue names (src/portal/endpoints.ts), so one
 * thing has one name from API to page.
 *
 * The in-repo pages (REFERENCE.md "Content sources") are Markdown under src/content/, loaded with `glob()`: `products` (the
 * insurance products of `/insurance/detail/{id}`) and `pages` (about, sustainability, fair treatment, customer
 * service, legal and the other single pages; the file path is the route).
 */
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { CONTENT_AREAS, INSURANCE_CATEGORIES } from './site/navigation';
import { EXTERNAL, HOTLINES } from './site/company';
import { portalLoader } from './portal/loader';
import { readSettings } from './settings';
import { PORTAL_LISTS, PORTAL_LIST_NAMES, type PortalListName } from './portal/lists';

/** Non-empty plain text. */
const text = z.string().trim().min(1, 'must not be empty');

/** First element of a non-empty key list, for z.enum (which needs a non-empty tuple). */
const keysOf = <T extends string>(keys: readonly T[]): [T, ...T[]] => keys as [T, ...T[]];

/** The name of an external site in EXTERNAL (src/site/company.ts); the URL is written once, there. */
const externalKey = z
  .enum(keysOf(Object.keys(EXTERNAL) as (keyof typeof EXTERNAL)[]))
  .describe('Key of EXTERNAL in src/site/company.ts (e.g. onlineCar); the page resolves it to the URL and opens it in a new tab');

/** A site path: starts with one `/`, no scheme, no protocol-relative `//`. */
const sitePath = z
  .string()
  .regex(/^\/(?!\/)[^\s]*$/, 'must be a site path starting with /')
  .describe('Path of a route of REFERENCE.md "Routes", e.g. /claim or /download');

/** A call to action under a page: an internal path or a named external site. */
const pageAction = z.union([
  z.object({
    label: text.describe('Button text'),
    href: sitePath,
  }),
  z.object({
    label: text.describe('Button text'),
    external: externalKey,
  }),
]);

/** Insurance products: one Markdown file per product id of the spec's menus (src/content/products). */
const productSchema = z.object({
  id: z.number().int().positive().describe('Product id of the spec menus; the page is /insurance/detail/{id}'),
  title: text.describe('Product name, as the 商品介紹 mega-menu label (checked at build time)'),
  category: z
    .enum(keysOf(INSURANCE_CATEGORIES.map((category) => category.key)))
    .describe('Category page that lists it: personal, business, hot or policy (/insurance/{category})'),
  hot: z.boolean().default(false).describe('Also listed under 熱門商品 (/insurance/hot), beside the two external hot products of the menu'),
  summary: text.min(20, 'write a real sentence').describe('One or two sentences: card text, hero subtitle, meta description'),
  highlights: z.array(text).min(2).max(6).describe('Selling points, shown as a checklist beside the coverage'),
  audience: text.describe('Who it is for, in one sentence (the details are the body section 適合對象)'),
  quote: externalKey.optional().describe('Where 立即投保 (Get a Quote) leads; absent when the product is not sold online'),
  sort: z.number().int().describe('Order inside its category, ascending (the menu order of REFERENCE.md "Main menu")'),
});

/** In-repo pages (src/content/pages): the file path below the folder is the route (`fair/index.md` → /fair). */
const pageSchema = z.object({
  title: text.describe('Page title: the h1, the last crumb and the side-navigation label unless navLabel is set'),
  description: text.describe('One-sentence summary: the hero subtitle and the meta description'),
  area: z
    .enum(keysOf(Object.keys(CONTENT_AREAS) as (keyof typeof CONTENT_AREAS)[]))
    .optional()
    .describe('Content area (CONTENT_AREAS in src/site/navigation.ts): side navigation of its pages and breadcrumbs; none for standalone pages'),
  navLabel: text.optional().describe('Shorter label in the side navigation'),
  sort: z.number().int().default(0).describe('Order in the area side navigation, ascending'),
  hotlines: z
    .array(z.enum(keysOf(HOTLINES.map((hotline) => hotline.title))))
    .default([])
    .describe('Hotlines (HOTLINES titles) shown under the text; numbers are never written in the Markdown'),
  actions: z.array(pageAction).default([]).describe('Buttons under the text; the first one is the primary action'),
  lang: z.enum(['zh-Hant-TW', 'en']).default('zh-Hant-TW').describe('Language of the page content (the /eng page is English)'),
  updated: z.coerce.date().optional().describe('Date of the last revision, shown for policies (privacy, legal)'),
});

/** `about/profile.md` → `about/profile`; `fair/index.md` → `fair`. */
const pageId = ({ entry }: { entry: string }): string => entry.replace(/\.md$/, '').replace(/(^|\/)index$/, '');

/**
 * The build's settings (src/settings.ts), read once here, the entry point of the content layer, and passed to the
 * loader of every list (the portal base, its time limit, the snapshot and quarantine limits).
 */
const settings = readSettings();

/**
 * A collection per entry of PORTAL_LISTS: its schema, through the portal loader. Typed per list (the loader's
 * schema), so `getCollection('news')` knows its items.
 */
const portalCollections = Object.fromEntries(
  PORTAL_LIST_NAMES.map((name) => [name, defineCollection({ loader: portalLoader(name, PORTAL_LISTS[name], settings) })]),
) as { [N in PortalListName]: { loader: Loader & { schema: (typeof PORTAL_LISTS)[N] } } };

export const collections = {
  products: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/products', generateId: ({ data }) => String(data.id) }),
    schema: productSchema,
  }),
  pages: defineCollection({
    loader: glob({ pattern: '**/*.md', base: './src/content/pages', generateId: pageId }),
    schema: pageSchema,
  }),
  ...portalCollections,
};
