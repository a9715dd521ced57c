/**
 * Splitting a list into numbered pages for every paginated route (`/{section}/{category}/{page}` of the article
 * sections, `/coupon/{page}`, `/video/{page}`, `/download/{category}/{id}/{page}`, `/faq/{category}[/{page}]`,
 * `/about/locations/{area}[/{page}]`): one rule, not two.
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

/** One page of a list, with where it stands. */
export interface ListPage<T> {
  items: T[];
  /** 1-based. */
  page: number;
  totalPages: number;
  /** 0-based position in the list of the page's first item. */
  firstIndex: number;
}

/** The pages of `items` (paginate) with their numbers and positions. @throws RangeError as paginate. */
export function listPages<T>(items: readonly T[], pageSize: number): ListPage<T>[] {
  const pages = paginate(items, pageSize);
  return pages.map((page, index) => ({ items: page, page: index + 1, totalPages: pages.length, firstIndex: index * pageSize }));
}

/**
 * Static paths of a list whose page 1 stands at the spec's URL and pages 2..n one level below (FAQ categories,
 * location areas, so a large one keeps its pages bounded). In: every page's `{ params, props }`, `params.page` its
 * number as a string. Out: `first`, page 1 of each without the `page` param (for `/x/{key}`), and `more`, pages 2..n
 * (for `/x/{key}/{page}`).
 */
export function splitFirstPages<P extends { page: string }, T>(paths: readonly { params: P; props: T }[]) {
  return {
    first: paths.filter(({ params }) => params.page === '1').map(({ params: { page: _page, ...params }, props }) => ({ params, props })),
    more: paths.filter(({ params }) => params.page !== '1'),
  };
}
