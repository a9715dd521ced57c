/**
 * Public disclosures (公開資訊, REFERENCE.md "Routes" `/about/public`, `/about/public/{category}`, `/about/public/stewardship`;
 * REFERENCE.md "Constants": "Public disclosures grouped by category, with a first entry 公開依據 at /about/public").
 *
 * The side navigation of the area lists 公開依據 (`/about/public`) first, then each category in display order
 * (sort, then id), then 盡職治理 (`/about/public/stewardship`). A category's page is `/about/public/{url}`, `url`
 * being the category's field (REFERENCE.md "Portal data": "categories: id, name, url"); its items are those whose `category` is the
 * category id, ascending `sort`, then id.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { publicDisclosureCategorySchema, publicDisclosureSchema } from '../portal/schemas';
import { inListOrder, type Sortable } from '../lib/order';

/** Collection data typed from the portal schemas. */
export type PublicDisclosure = z.output<typeof publicDisclosureSchema>;
export type PublicDisclosureCategory = z.output<typeof publicDisclosureCategorySchema>;

/** The area's first entry (REFERENCE.md "Constants"). */
export const PUBLIC_BASIS = { label: '公開依據', href: '/about/public' } as const;
/** The stewardship page of the area (REFERENCE.md "Routes"). */
export const STEWARDSHIP = { label: '盡職治理', href: '/about/public/stewardship', segment: 'stewardship' } as const;

/** Where a category leads: a page of this site (`segment`) or an address elsewhere (`external`). */
export type CategoryTarget = { kind: 'page'; segment: string } | { kind: 'external'; href: string };

/**
 * Reads a category's `url`: an http(s) address is an external target; otherwise it is the path segment, with
 * surrounding slashes and a leading `/about/public/` removed (`finance`, `/about/public/finance/` → `finance`).
 * An empty value, or one that still holds a `/`, falls back to the category id.
 */
export function categoryTarget(category: { id: string; url: string }): CategoryTarget {
  const url = category.url.trim();
  if (/^https?:\/\//i.test(url)) return { kind: 'external', href: url };
  const segment = url.replace(/^\/?about\/public\//i, '').replace(/^\/+|\/+$/g, '');
  return { kind: 'page', segment: segment && !segment.includes('/') ? segment : category.id };
}

/** `/about/public/{segment}`. */
export const publicCategoryPath = (segment: string): string => `/about/public/${encodeURIComponent(segment)}`;

/** The href of a category's navigation link. */
export function categoryHref(category: { id: string; url: string }): string {
  const target = categoryTarget(category);
  return target.kind === 'external' ? target.href : publicCategoryPath(target.segment);
}

/** A link of the side navigation. */
export interface PublicNavLink {
  label: string;
  href: string;
  current: boolean;
}

/**
 * The side navigation (REFERENCE.md "Constants"): 公開依據 first, the categories in display order, 盡職治理 last. `current` is the
 * href of the page being shown.
 */
export function publicNav<C extends Sortable & { name: string; url: string }>(categories: readonly C[], current: string): PublicNavLink[] {
  const links = [
    { label: PUBLIC_BASIS.label, href: PUBLIC_BASIS.href },
    ...inListOrder('publicDisclosureCategories', categories).map((category) => ({ label: category.name, href: categoryHref(category) })),
    { label: STEWARDSHIP.label, href: STEWARDSHIP.href },
  ];
  return links.map((link) => ({ ...link, current: link.href === current }));
}

/** The items of one category (REFERENCE.md "Constants" grouping by `category`), ascending `sort`, then natural id order. */
export function disclosuresOfCategory<T extends Sortable & { category: string }>(items: readonly T[], categoryId: string): T[] {
  return inListOrder(
    'publicDisclosures',
    items.filter((item) => item.category === categoryId),
  );
}

async function loadPublicDisclosures() {
  const [categories, items] = await Promise.all([getCollection('publicDisclosureCategories'), getCollection('publicDisclosures')]);
  return {
    categories: inListOrder(
      'publicDisclosureCategories',
      categories.map((entry) => entry.data),
    ),
    items: items.map((entry) => entry.data),
  };
}

/** A category as listed on the 公開依據 page: where it leads and how many items it holds. */
export interface PublicCategorySummary {
  category: PublicDisclosureCategory;
  href: string;
  count: number;
}

export interface PublicBasisPageProps {
  nav: PublicNavLink[];
  categories: PublicCategorySummary[];
}

/** Props of `/about/public` (公開依據). */
export async function publicBasisProps(): Promise<PublicBasisPageProps> {
  const { categories, items } = await loadPublicDisclosures();
  return {
    nav: publicNav(categories, PUBLIC_BASIS.href),
    categories: categories.map((category) => ({
      category,
      href: categoryHref(category),
      count: disclosuresOfCategory(items, category.id).length,
    })),
  };
}

export interface PublicCategoryPageProps {
  nav: PublicNavLink[];
  category: PublicDisclosureCategory;
  items: PublicDisclosure[];
}

/**
 * Static paths of `/about/public/{category}`: one per category whose `url` is a page of this site. Fails the build
 * when two categories share a segment or a segment is `stewardship` (the stewardship page).
 */
export async function publicCategoryPaths() {
  const { categories, items } = await loadPublicDisclosures();
  const seen = new Map<string, string>([[STEWARDSHIP.segment, STEWARDSHIP.label]]);
  const paths = [];
  for (const category of categories) {
    const target = categoryTarget(category);
    if (target.kind === 'external') continue;
    const taken = seen.get(target.segment);
    if (taken) {
      throw new Error(`Public disclosure category "${category.name}" uses the URL segment "${target.segment}" of ${taken}.`);
    }
    seen.set(target.segment, category.name);
    const props: PublicCategoryPageProps = {
      nav: publicNav(categories, publicCategoryPath(target.segment)),
      category,
      items: disclosuresOfCategory(items, category.id),
    };
    paths.push({ params: { category: target.segment }, props });
  }
  return paths;
}

export interface StewardshipPageProps {
  nav: PublicNavLink[];
  /** Disclosures whose title names 盡職治理 (e.g. the yearly stewardship report), with their category's page. */
  reports: { item: PublicDisclosure; categoryHref: string | undefined }[];
}

/** Props of `/about/public/stewardship`. */
export async function stewardshipProps(): Promise<StewardshipPageProps> {
  const { categories, items } = await loadPublicDisclosures();
  const hrefs = new Map(categories.map((category) => [category.id, categoryHref(category)]));
  const reports = inListOrder(
    'publicDisclosures',
    items.filter((item) => item.title.includes('盡職治理')),
  ).map((item) => ({
    item,
    categoryHref: hrefs.get(item.category),
  }));
  return { nav: publicNav(categories, STEWARDSHIP.href), reports };
}
