/**
 * The portal lists (REFERENCE.md "Portal API") the build loads: every list by its name in the endpoint catalogue
 * (src/portal/endpoints.ts) → the zod schema of its items (src/portal/schemas.ts), and its display order.
 *
 * The lists of the sections (news, events, winners, shares, coupons, videos) come from the section registry
 * (src/site/sections.ts): an article section brings its item list (articleSchema) and its category list
 * (categorySchema, in `sortThenId` order); the others are written here. src/content.config.ts makes one content
 * collection of each entry, named as here and loaded through the portal loader with this schema, so a page reads list
 * `news` with `getCollection('news')`; the tests read the same pairs (the sample portal's lists parse, the hostile
 * corpus, the deploy gate's list of collections). The browser's own calls (notifications, forms) are not lists: they
 * are parsed without zod (e.g. src/lib/notifications.ts) and are absent here.
 */
import type { EndpointName } from './endpoints';
import { ARTICLE_SECTIONS, SECTIONS, type ArticleSectionKey, type ListOrder, type SectionName } from '../site/sections';
import {
  articleSchema,
  categorySchema,
  contractChangeSchema,
  couponSchema,
  decreeSchema,
  downloadSchema,
  faqCategorySchema,
  faqSchema,
  homeBannerSchema,
  locationSchema,
  publicDisclosureCategorySchema,
  publicDisclosureSchema,
  staffSchema,
  videoSchema,
} from './schemas';

type ArticleSections = typeof ARTICLE_SECTIONS;
/** The item and category lists of the article sections, each with its schema. */
type ArticleLists = { [K in ArticleSectionKey as ArticleSections[K]['list']]: typeof articleSchema } & {
  [K in ArticleSectionKey as ArticleSections[K]['categories']]: typeof categorySchema;
};

/** The article sections' lists, in registry order: items, then categories, per section. */
const articleLists = Object.fromEntries(
  Object.values(ARTICLE_SECTIONS).flatMap((section) => [
    [section.list, articleSchema],
    [section.categories, categorySchema],
  ]),
) as ArticleLists;

/** The other lists, with the schema of their items. */
const otherLists = {
  coupons: couponSchema,
  videos: videoSchema,
  faqs: faqSchema,
  faqCategories: faqCategorySchema,
  locations: locationSchema,
  locationCategories: categorySchema,
  publicDisclosures: publicDisclosureSchema,
  publicDisclosureCategories: publicDisclosureCategorySchema,
  downloads: downloadSchema,
  downloadCategories: categorySchema,
  decrees: decreeSchema,
  staff: staffSchema,
  homeBanners: homeBannerSchema,
  contractChanges: contractChangeSchema,
} as const;

/** List name (endpoint catalogue key) → item schema; the order is the order of the collections. */
export const PORTAL_LISTS = { ...articleLists, ...otherLists } satisfies Partial<Record<EndpointName, unknown>>;

/** The name of a portal list (and of its content collection). */
export type PortalListName = keyof typeof PORTAL_LISTS;

/** The list names, in registry order. */
export const PORTAL_LIST_NAMES = Object.keys(PORTAL_LISTS) as PortalListName[];

// Every list a section names is a portal list, and every portal list an endpoint of the catalogue: a misspelt or
// missing name fails the type check here.
type SectionListName = (typeof SECTIONS)[SectionName]['list'];
const listsAreEndpoints: [Exclude<SectionListName, PortalListName> | Exclude<PortalListName, EndpointName>] extends [never] ? true : never = true;
void listsAreEndpoints;

/**
 * The display order of each list (src/lib/order.ts ORDERS): the sections' items as the registry declares, article
 * categories by `sort`; the other lists here. Every list has one (a new list without an order fails the type check).
 */
export const LIST_ORDERS: Record<PortalListName, ListOrder> = {
  ...(Object.fromEntries(
    Object.values(SECTIONS).flatMap((section) => [
      [section.list, section.order],
      ...(section.template === 'article' ? [[section.categories, 'sortThenId']] : []),
    ]),
  ) as Record<keyof ArticleLists | 'coupons' | 'videos', ListOrder>),
  faqs: 'secondCategorySortThenId',
  faqCategories: 'sortThenId',
  locations: 'naturalId',
  locationCategories: 'sortThenId',
  publicDisclosures: 'sortThenId',
  publicDisclosureCategories: 'sortThenId',
  downloads: 'sortThenId',
  downloadCategories: 'sortThenId',
  decrees: 'sortThenId',
  staff: 'naturalId',
  homeBanners: 'sortThenId',
  contractChanges: 'sortThenId',
};
