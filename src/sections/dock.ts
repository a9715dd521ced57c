/**
 * The dock's lists (Dock.astro; REFERENCE.md "Constants": "Side dock: 5 news and 5 coupons"): the first DOCK_ITEMS news and coupons
 * in display order (news: pinned first; coupons: current first; src/lib/order.ts), as
 * `{ title, href, date, pinned, ended, upcoming }` (href: the item's page; date: a Date; pinned: marked 置頂; ended:
 * marked 已結束; upcoming: marked 尚未開始). The lists are part of every page's cacheKey (src/sections/cache-key.ts layoutKey).
 *
 * The dock is on every page, so a build computes the lists once (sorting every news item again for
 * each of 10,000 pages made the build time grow with the square of the portal's size). The dev server, whose
 * content can change while it runs, computes them on each request.
 */
import { ARTICLE_SECTIONS, itemHref, sortedArticles } from './articles';
import { couponDetailPath, loadCoupons, offerStateAttributes } from './coupons';
import { DOCK_ITEMS } from '../site/limits';

export interface DockItem {
  title: string;
  href: string;
  date: Date;
  /** A pinned news item (isTop): shown with 置頂. */
  pinned: boolean;
  /** A coupon whose offer has ended (build time): shown with 已結束. */
  ended: boolean;
  /** A coupon whose offer has not started (build time): shown with 尚未開始. */
  upcoming: boolean;
  /** A coupon: the attributes that let its mark follow the visitor's day (coupons.ts offerStateAttributes). */
  offer?: Record<string, string | undefined>;
}

async function computeDockLists(): Promise<{ news: DockItem[]; coupons: DockItem[] }> {
  const newsSection = ARTICLE_SECTIONS.news;
  const news = (await sortedArticles(newsSection))
    .slice(0, DOCK_ITEMS)
    .map((item) => ({ title: item.title, href: itemHref(newsSection, item), date: item.date, pinned: item.isTop, ended: false, upcoming: false }));
  const coupons = (await loadCoupons()).slice(0, DOCK_ITEMS).map((item) => ({
    title: item.title,
    href: couponDetailPath(item.id),
    date: item.date,
    pinned: false,
    ended: item.ended,
    upcoming: item.upcoming,
    offer: offerStateAttributes(item),
  }));
  return { news, coupons };
}

let cached: ReturnType<typeof computeDockLists> | undefined;

/** The dock's news and coupons; once per build (see above). */
export function dockLists(): Promise<{ news: DockItem[]; coupons: DockItem[] }> {
  if (import.meta.env.DEV) return computeDockLists();
  cached ??= computeDockLists();
  return cached;
}
