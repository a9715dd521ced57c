/**
 * The one list registry (issue 15 deliverable 4): every portal list the build loads (spec §7), by its name in the
 * endpoint catalogue (src/portal/endpoints.ts) → the zod schema of its items (src/portal/schemas.ts).
 *
 * src/content.config.ts makes one content collection of each entry, named as here and loaded through the portal
 * loader with this schema, so a page reads list `news` with `getCollection('news')`; the tests read the same pairs
 * (the sample portal's lists parse, the hostile corpus, the deploy gate's list of collections). A new list is one
 * entry here (README "Adding a portal list"). The browser's own calls (notifications, forms) are not lists: they
 * are parsed without zod (e.g. src/lib/notifications.ts) and are absent here.
 */
import type { EndpointName } from './endpoints';
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

/** List name (endpoint catalogue key) → item schema; the order is the order of the collections. */
export const PORTAL_LISTS = {
  news: articleSchema,
  newsCategories: categorySchema,
  events: articleSchema,
  eventCategories: categorySchema,
  winners: articleSchema,
  winnerCategories: categorySchema,
  shares: articleSchema,
  shareCategories: categorySchema,
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
} as const satisfies Partial<Record<EndpointName, unknown>>;

/** The name of a portal list (and of its content collection). */
export type PortalListName = keyof typeof PORTAL_LISTS;

/** The list names, in registry order. */
export const PORTAL_LIST_NAMES = Object.keys(PORTAL_LISTS) as PortalListName[];
