/**
 * Display orders of portal lists: one module, so that every page, menu, dock and redirect that speaks of "the first"
 * item agrees. Each list declares its order by name (src/site/sections.ts ListOrder: the sections' lists in the
 * section registry, the others in src/portal/lists.ts LIST_ORDERS); the comparators are here, with one natural-id
 * order (`2` before `10`) under them all:
 * - `sortThenId` (categories, decrees, downloads, disclosures…): ascending `sort` (missing counts as 0), then
 *   natural id — bySortThenId, inDisplayOrder;
 * - `pinnedThenNewest` (articles: news, events, winners, shares): pinned items (`isTop`, 置頂) first, then newest
 *   first, then natural id — byPinnedThenNewest (every place that lists them marks the pinned ones 置頂, so that a
 *   pinned item above newer ones is explained);
 * - `newestThenHigherId` (coupons, videos): newest `date` first, then the higher id (the later entry) first;
 * - `secondCategorySortThenId` (FAQ items, spec §9): ascending `secondCategorySort`, then natural id;
 * - `naturalId` (staff, locations): natural id.
 * Offers (coupons) then put current ones first and ended ones after them, each group in its own order — endedLast
 * (an ended offer is never shown as usable).
 */
import { LIST_ORDERS, type PortalListName } from '../portal/lists';
import type { ListOrder } from '../site/sections';

export interface Sortable {
  id: string;
  sort?: number;
}

/** What byPinnedThenNewest reads of an article: its id, publication date and whether it is pinned. */
export interface Pinnable {
  id: string;
  date: Date;
  isTop?: boolean;
}

/** What the comparators read of an item; each order reads only its own fields (see the module comment). */
export interface Orderable {
  id: string;
  sort?: number;
  date?: Date;
  isTop?: boolean;
  secondCategorySort?: number;
}

/**
 * The one natural id order: `2` before `10`, then by text (Intl collation of locale `en` with `numeric`).
 * In: two items with a string `id`. Out: negative, 0 or positive, as Array.prototype.sort expects.
 */
export const byNaturalId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id, 'en', { numeric: true });

/** Comparator: ascending `sort`, then natural id order. */
export function bySortThenId(a: Sortable, b: Sortable): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || byNaturalId(a, b);
}

/**
 * Comparator of article lists: pinned (`isTop`) before the others, then the newer `date` first, then natural id
 * order. A pinned item therefore comes before newer unpinned ones (the sample's pinned 2026/07/15 and 2025/11/18
 * news before 2026/11/18), which is why lists mark it 置頂.
 */
export function byPinnedThenNewest(a: Pinnable, b: Pinnable): number {
  return Number(Boolean(b.isTop)) - Number(Boolean(a.isTop)) || b.date.getTime() - a.date.getTime() || byNaturalId(a, b);
}

/** Comparator: the newer `date` first, then the higher id first (natural order reversed). */
export function byNewestThenHigherId(a: { id: string; date: Date }, b: { id: string; date: Date }): number {
  return b.date.getTime() - a.date.getTime() || byNaturalId(b, a);
}

/** Comparator of FAQ items (spec §9): ascending `secondCategorySort`, then natural id order. */
export function bySecondCategorySortThenId(a: { id: string; secondCategorySort: number }, b: { id: string; secondCategorySort: number }): number {
  return a.secondCategorySort - b.secondCategorySort || byNaturalId(a, b);
}

/** The comparator of each order name (src/site/sections.ts ListOrder). */
export const ORDERS: Record<ListOrder, (a: Orderable, b: Orderable) => number> = {
  sortThenId: bySortThenId,
  pinnedThenNewest: (a, b) => byPinnedThenNewest(a as Pinnable, b as Pinnable),
  newestThenHigherId: (a, b) => byNewestThenHigherId(a as Pinnable, b as Pinnable),
  secondCategorySortThenId: (a, b) => bySecondCategorySortThenId(a as Required<Orderable>, b as Required<Orderable>),
  naturalId: byNaturalId,
};

/** A sorted copy of the items, ascending `sort` then natural id (the `sortThenId` order). */
export function inDisplayOrder<T extends Sortable>(items: readonly T[]): T[] {
  return [...items].sort(bySortThenId);
}

/**
 * A copy of a list's items in the list's display order (LIST_ORDERS of src/portal/lists.ts).
 * In: the list's name and its items (any subset, e.g. one category's). Out: a new array of the same items.
 */
export function inListOrder<T extends { id: string }>(list: PortalListName, items: readonly T[]): T[] {
  const compare = ORDERS[LIST_ORDERS[list]];
  return [...items].sort(compare as unknown as (a: T, b: T) => number);
}

/**
 * A copy of `items` with those for which `ended` is false first and those for which it is true after them, each
 * group keeping its order in `items` (a stable partition, so the portal's or the pinned order holds within each).
 * In: items in display order, a predicate. Out: a new array of the same items.
 */
export function endedLast<T>(items: readonly T[], ended: (item: T) => boolean): T[] {
  const current: T[] = [];
  const over: T[] = [];
  for (const item of items) (ended(item) ? over : current).push(item);
  return [...current, ...over];
}
