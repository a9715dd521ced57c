/**
 * Content collections (DESIGN.md §4). Every portal list of spec §7 is one collection, loaded through the one
 * portal loader and checked with its zod schema from src/portal/schemas.ts. Collection names equal the endpoint
 * catalogue names (src/portal/endpoints.ts), so one thing has one name from API to page.
 */
import { defineCollection } from 'astro:content';
import { portalLoader } from './portal/loader';
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
} from './portal/schemas';

export const collections = {
  news: defineCollection({ loader: portalLoader('news', articleSchema) }),
  newsCategories: defineCollection({ loader: portalLoader('newsCategories', categorySchema) }),
  events: defineCollection({ loader: portalLoader('events', articleSchema) }),
  eventCategories: defineCollection({ loader: portalLoader('eventCategories', categorySchema) }),
  winners: defineCollection({ loader: portalLoader('winners', articleSchema) }),
  winnerCategories: defineCollection({ loader: portalLoader('winnerCategories', categorySchema) }),
  shares: defineCollection({ loader: portalLoader('shares', articleSchema) }),
  shareCategories: defineCollection({ loader: portalLoader('shareCategories', categorySchema) }),
  coupons: defineCollection({ loader: portalLoader('coupons', couponSchema) }),
  videos: defineCollection({ loader: portalLoader('videos', videoSchema) }),
  faqs: defineCollection({ loader: portalLoader('faqs', faqSchema) }),
  faqCategories: defineCollection({ loader: portalLoader('faqCategories', faqCategorySchema) }),
  locations: defineCollection({ loader: portalLoader('locations', locationSchema) }),
  locationCategories: defineCollection({ loader: portalLoader('locationCategories', categorySchema) }),
  publicDisclosures: defineCollection({ loader: portalLoader('publicDisclosures', publicDisclosureSchema) }),
  publicDisclosureCategories: defineCollection({
    loader: portalLoader('publicDisclosureCategories', publicDisclosureCategorySchema),
  }),
  downloads: defineCollection({ loader: portalLoader('downloads', downloadSchema) }),
  downloadCategories: defineCollection({ loader: portalLoader('downloadCategories', categorySchema) }),
  decrees: defineCollection({ loader: portalLoader('decrees', decreeSchema) }),
  staff: defineCollection({ loader: portalLoader('staff', staffSchema) }),
  homeBanners: defineCollection({ loader: portalLoader('homeBanners', homeBannerSchema) }),
  contractChanges: defineCollection({ loader: portalLoader('contractChanges', contractChangeSchema) }),
};
