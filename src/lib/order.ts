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
 * - `secondCategorySortThenId` (FAQ items, REFERENCE.md "Constants"): ascending `secondCategorySort`, then natural id;
 * - `naturalId` (staff, locations): natural id.
 * Offers (coupons) are then grouped by their state on the build day, each group in its own order — inOfferOrder:
 * current ones first (what a visitor can use now), then upcoming ones (尚未開始: announced, usable from their first
 * day, so a visitor sees what is coming before what is over), then ended ones (已結束). Neither an upcoming nor an
 * ended offer is shown as usable.
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

/** Comparator of FAQ items (REFERENCE.md "Constants"): ascending `secondCategorySort`, then natural id order. */
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
 * An offer's state on a day (src/lib/taipei-dates.ts): `current` (within its period), `upcoming` (before its first
 * day, hasNotStarted) or `ended` (after its last day, hasEnded).
 */
export type OfferState = 'current' | 'upcoming' | 'ended';

/** The order of the offer states in every list of offers (see the module comment): current, upcoming, ended. */
export const OFFER_STATE_ORDER: readonly OfferState[] = ['current', 'upcoming', 'ended'];

/**
 * A copy of `items` grouped by offer state in OFFER_STATE_ORDER (current, then upcoming, then ended), each group
 * keeping its order in `items` (a stable partition, so the list's own order holds within each group).
 * In: items in display order, a function giving each item's state. Out: a new array of the same items.
 */
export function inOfferOrder<T>(items: readonly T[], stateOf: (item: T) => OfferState): T[] {
  return OFFER_STATE_ORDER.flatMap((state) => items.filter((item) => stateOf(item) === state));
}
