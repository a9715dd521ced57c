/**
 * Display orders of portal lists (one module, so that every page, menu, dock and redirect that speaks of "the
 * first" item agrees):
 * - lists that carry an optional `sort` (categories, decrees, download items…): ascending `sort` (missing counts
 *   as 0), then id in natural order (`2` before `10`) — bySortThenId, inDisplayOrder;
 * - articles (news, events, winners, shares): pinned items (`isTop`, 置頂) first, then newest first, then natural
 *   id — byPinnedThenNewest (issue 14 item 5: every place that lists them marks the pinned ones 置頂);
 * - offers (coupons): current ones first, ended ones after them, each group in its own order — endedLast (issue 14
 *   item 4).
 */
export interface Sortable {
  id: string;
  sort?: number;
}

/** Natural id order: `2` before `10`, then by text. */
const byNaturalId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id, 'en', { numeric: true });

/** Comparator: ascending `sort`, then natural id order. */
export function bySortThenId(a: Sortable, b: Sortable): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || byNaturalId(a, b);
}

/** A sorted copy of the items. */
export function inDisplayOrder<T extends Sortable>(items: readonly T[]): T[] {
  return [...items].sort(bySortThenId);
}

/** What byPinnedThenNewest reads of an article: its id, publication date and whether it is pinned. */
export interface Pinnable {
  id: string;
  date: Date;
  isTop?: boolean;
}

/**
 * Comparator of article lists: pinned (`isTop`) before the others, then the newer `date` first, then natural id
 * order. A pinned item therefore comes before newer unpinned ones (the sample's pinned 2026/07/15 and 2025/11/18
 * news before 2026/11/18), which is why lists mark it 置頂.
 */
export function byPinnedThenNewest(a: Pinnable, b: Pinnable): number {
  return Number(Boolean(b.isTop)) - Number(Boolean(a.isTop)) || b.date.getTime() - a.date.getTime() || byNaturalId(a, b);
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
