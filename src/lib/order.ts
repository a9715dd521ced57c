/**
 * The display order of portal lists that carry an optional `sort` (categories, decrees, download items…):
 * ascending `sort` (missing counts as 0), then id in natural order (`2` before `10`). Every page, menu and
 * redirect that speaks of "the first" item uses this order.
 */
export interface Sortable {
  id: string;
  sort?: number;
}

/** Comparator: ascending `sort`, then natural id order. */
export function bySortThenId(a: Sortable, b: Sortable): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || a.id.localeCompare(b.id, 'en', { numeric: true });
}

/** A sorted copy of the items. */
export function inDisplayOrder<T extends Sortable>(items: readonly T[]): T[] {
  return [...items].sort(bySortThenId);
}
