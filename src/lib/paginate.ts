/**
 * Splitting a list into numbered pages for every paginated route (`/{section}/{category}/{page}` of the article
 * sections, `/coupon/{page}`, `/video/{page}`, `/download/{category}/{id}/{page}`): one rule, not two (issue 15).
 */

/**
 * The pages of `items`, `pageSize` per page, in order. Always at least one page (an empty list still has its
 * page 1, which shows an empty state), so page n of the route is `pages[n - 1]`.
 * @throws RangeError when pageSize is not a positive integer.
 */
export function paginate<T>(items: readonly T[], pageSize: number): T[][] {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`page size must be a positive integer, got ${pageSize}`);
  if (items.length === 0) return [[]];
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += pageSize) pages.push(items.slice(start, start + pageSize));
  return pages;
}
