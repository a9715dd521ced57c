/**
 * FAQ (常見問題, REFERENCE.md "Routes" `/faq/{category}`, `/faq/service`; REFERENCE.md "Constants"): category display names, the order and grouping
 * of the items, and the static paths and props of the FAQ pages.
 *
 * REFERENCE.md "Constants": "FAQ items sorted ascending by secondCategorySort and grouped by firstCategory; FAQ category names use
 * the part after the first hyphen". A category page holds the items whose `firstCategory` is the category id,
 * in ascending `secondCategorySort`, shown under their `secondCategory` sub-headings, FAQ_PAGE_SIZE questions per
 * page: page 1 at `/faq/{category}` (the spec's URL), pages 2..n at `/faq/{category}/{page}` (a large
 * category keeps its pages bounded).
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { faqCategorySchema, faqSchema } from '../portal/schemas';
import { FAQ_PAGE_SIZE, FAQ_SERVICE_TOP } from '../site/limits';
import { elementId } from '../lib/element-id';
import { inListOrder } from '../lib/order';
import { listPages, splitFirstPages } from '../lib/paginate';

/** Collection data typed from the portal schemas (the zod output types). */
export type Faq = z.output<typeof faqSchema>;
export type FaqCategory = z.output<typeof faqCategorySchema>;

/** The last segment of `/faq/service`: the customer-service overview, not a category. */
export const FAQ_SERVICE = 'service';

/** The fields the ordering and grouping read. */
export interface FaqLike {
  id: string;
  firstCategory: string;
  secondCategory: string;
  secondCategorySort: number;
}

/**
 * Display name of an FAQ category (REFERENCE.md "Constants"): the part after the FIRST hyphen, trimmed.
 * `1-汽車保險` → `汽車保險`; `3-理賠-報案` → `理賠-報案`. A name without a hyphen, or with nothing after it,
 * is shown whole (trimmed), so a category never loses its label.
 */
export function faqCategoryName(name: string): string {
  const hyphen = name.indexOf('-');
  const rest = hyphen === -1 ? '' : name.slice(hyphen + 1).trim();
  return rest || name.trim();
}

/** Items in display order (the `faqs` list's order, REFERENCE.md "Constants"): ascending `secondCategorySort`, then natural id order for ties. */
export function sortFaqs<T extends FaqLike>(items: readonly T[]): T[] {
  return inListOrder('faqs', items);
}

/** The items of one category (`firstCategory === categoryId`, REFERENCE.md "Constants" grouping), in display order. */
export function faqsOfCategory<T extends FaqLike>(items: readonly T[], categoryId: string): T[] {
  return sortFaqs(items.filter((item) => item.firstCategory === categoryId));
}

/** One `secondCategory` sub-group of a category page. `heading` is '' for items without a sub-heading. */
export interface FaqGroup<T> {
  heading: string;
  items: T[];
}

/**
 * Sub-groups of a category's items by `secondCategory`. In: items already in display order (sortFaqs). Out: one
 * group per distinct `secondCategory`, groups in the order of their first item, items keeping their order; so
 * reading the groups top to bottom still reads the items in ascending `secondCategorySort`.
 */
export function groupFaqs<T extends FaqLike>(items: readonly T[]): FaqGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.secondCategory);
    if (group) group.push(item);
    else groups.set(item.secondCategory, [item]);
  }
  return [...groups].map(([heading, grouped]) => ({ heading, items: grouped }));
}

/** URL of an FAQ category page (or of `/faq/service` for FAQ_SERVICE). */
export const faqPath = (categoryId: string): string => `/faq/${encodeURIComponent(categoryId)}`;

/** URL of page `page` (1-based) of an FAQ category: page 1 is `/faq/{category}` (REFERENCE.md "Routes"), page n `/faq/{category}/{n}`. */
export const faqPagePath = (categoryId: string, page: number): string => (page > 1 ? `${faqPath(categoryId)}/${page}` : faqPath(categoryId));

/**
 * Anchor id of one FAQ item on its category page (`/faq/1#faq-12` opens that question): src/lib/element-id.ts
 * elementId, unique on the page whatever the ids (an FAQ id `group-0` is not the page's `faq-group-0`).
 */
export const faqAnchor = (item: { id: string }): string => elementId('faq', item.id);

/** A tab of the FAQ pages: the categories in display order, then the service overview. */
export interface FaqTab {
  label: string;
  href: string;
  current: boolean;
}

/** Tabs of the FAQ pages, `current` the category id or FAQ_SERVICE. */
export function faqTabs(categories: readonly FaqCategory[], current: string): FaqTab[] {
  return [
    ...categories.map((category) => ({
      label: faqCategoryName(category.name),
      href: faqPath(category.id),
      current: category.id === current,
    })),
    { label: '客服總覽', href: faqPath(FAQ_SERVICE), current: current === FAQ_SERVICE },
  ];
}

/** Categories and items as the pages use them: categories in display order (sort, then id). */
async function loadFaqs(): Promise<{ categories: FaqCategory[]; items: Faq[] }> {
  const [categories, items] = await Promise.all([getCollection('faqCategories'), getCollection('faqs')]);
  const sorted = inListOrder(
    'faqCategories',
    categories.map((entry) => entry.data),
  );
  const clash = sorted.find((category) => category.id === FAQ_SERVICE);
  if (clash) throw new Error(`FAQ category id "${FAQ_SERVICE}" clashes with the /faq/${FAQ_SERVICE} page; rename it in the portal.`);
  return { categories: sorted, items: items.map((entry) => entry.data) };
}

export interface FaqCategoryPageProps {
  category: FaqCategory;
  /** Display name (faqCategoryName). */
  name: string;
  groups: FaqGroup<Faq>[];
  /** Number of questions in the category (all its pages). */
  count: number;
  tabs: FaqTab[];
  /** 1-based page of the category. */
  page: number;
  totalPages: number;
  /** 0-based position in the category of the first question on this page. */
  firstIndex: number;
}

/** Every page of every FAQ category: `{ params: { category, page }, props }[]`, categories in display order. */
async function faqCategoryPages() {
  const { categories, items } = await loadFaqs();
  return categories.flatMap((category) => {
    const own = faqsOfCategory(items, category.id);
    return listPages(own, FAQ_PAGE_SIZE).map(({ items: questions, ...position }) => {
      const props: FaqCategoryPageProps = {
        category,
        name: faqCategoryName(category.name),
        groups: groupFaqs(questions),
        count: own.length,
        tabs: faqTabs(categories, category.id),
        ...position,
      };
      return { params: { category: category.id, page: String(position.page) }, props };
    });
  });
}

/** Static paths of `/faq/{category}`: page 1 of every FAQ category, `{ params: { category }, props }[]`. */
export async function faqCategoryPaths() {
  return splitFirstPages(await faqCategoryPages()).first;
}

/** Static paths of `/faq/{category}/{page}`: pages 2..n of the categories with more than FAQ_PAGE_SIZE questions. */
export async function faqCategoryMorePaths() {
  return splitFirstPages(await faqCategoryPages()).more;
}

/** One category on the service overview: its first questions and how many it has. */
export interface FaqOverviewSection {
  category: FaqCategory;
  name: string;
  href: string;
  top: Faq[];
  count: number;
}

export interface FaqServicePageProps {
  sections: FaqOverviewSection[];
  tabs: FaqTab[];
}

/**
 * Props of `/faq/service`: every category (display order) with its first FAQ_SERVICE_TOP questions in display
 * order and its question count; categories without questions are left out.
 */
export async function faqServiceProps(): Promise<FaqServicePageProps> {
  const { categories, items } = await loadFaqs();
  const sections = categories
    .map((category) => {
      const own = faqsOfCategory(items, category.id);
      return {
        category,
        name: faqCategoryName(category.name),
        href: faqPath(category.id),
        top: own.slice(0, FAQ_SERVICE_TOP),
        count: own.length,
      };
    })
    .filter((section) => section.count > 0);
  return { sections, tabs: faqTabs(categories, FAQ_SERVICE) };
}
