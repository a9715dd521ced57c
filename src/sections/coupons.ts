/**
 * Coupons (優惠專區, spec §2 `/coupon/{page}`, `/coupon/detail/{id}`): display order, offer periods, whether an
 * offer has ended, and the static paths and props of the coupon pages.
 *
 * Ended offers: a coupon whose `endDate` is before today in Taipei (src/lib/taipei-dates.ts hasEnded)
 * is shown 已結束, after every current one, and never as usable. "Today" is the day of the build: the site is
 * static and rebuilt every 10 minutes (.github/OPERATIONS.md "Publishing"), so an offer shows 已結束 at most one rebuild after its
 * last Taipei day. The ended state is part of the pages' props (ShownCoupon.ended), hence of each page's cacheKey
 * (src/sections/cache-key.ts): a page cached while its coupons were current is rendered again once one has ended.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { couponSchema } from '../portal/schemas';
import { SECTIONS } from '../site/sections';
import { formatDate, hasEnded } from '../lib/taipei-dates';
import { endedLast, inListOrder } from '../lib/order';
import { paginate } from '../lib/paginate';

/** A coupon as parsed by the portal schema. */
export type Coupon = z.output<typeof couponSchema>;

/** A coupon as the pages show it: the portal's coupon and whether its offer had ended when the site was built. */
export type ShownCoupon = Coupon & { ended: boolean };

/** Items per page of `/coupon/{page}` (the section registry, src/site/sections.ts). */
const COUPON_PAGE_SIZE = SECTIONS.coupon.pageSize;

/** Coupons in display order (the `coupons` list's order, src/lib/order.ts): newest `date` first, then the higher id (the later entry) first. */
export function sortCoupons<T extends { id: string; date: Date }>(items: readonly T[]): T[] {
  return inListOrder('coupons', items);
}

/** `/coupon/{page}`. */
export const couponListPath = (page = 1): string => `/coupon/${page}`;

/** `/coupon/detail/{id}`. */
export const couponDetailPath = (id: string): string => `/coupon/detail/${encodeURIComponent(id)}`;

/**
 * The offer period as shown: `2026/11/02 – 2027/01/31`; only a start: `2026/11/02 起`; only an end:
 * `即日起至 2027/01/31`; neither: '' (the page then shows the publication date only).
 */
export function offerPeriod(startDate?: Date, endDate?: Date): string {
  if (startDate && endDate) return `${formatDate(startDate)} – ${formatDate(endDate)}`;
  if (startDate) return `${formatDate(startDate)} 起`;
  if (endDate) return `即日起至 ${formatDate(endDate)}`;
  return '';
}

/**
 * Coupons in display order with their ended state: current offers first, ended ones after them, each group newest
 * first (sortCoupons). In: the portal's coupons, `now` (default: the build's current instant, see above). Out: new
 * objects `{ ...coupon, ended }`.
 */
export function couponsInDisplayOrder(coupons: readonly Coupon[], now: Date = new Date()): ShownCoupon[] {
  const shown = sortCoupons(coupons).map((coupon) => ({ ...coupon, ended: hasEnded(coupon.endDate, now) }));
  return endedLast(shown, (coupon) => coupon.ended);
}

/** The statement that replaces an ended offer's call to action: `本優惠已於 2025/02/28 結束。` */
export const endedStatement = (coupon: Coupon): string => (coupon.endDate ? `本優惠已於 ${formatDate(coupon.endDate)} 結束。` : '本優惠已結束。');

/** Every coupon in display order (couponsInDisplayOrder). */
export async function loadCoupons(): Promise<ShownCoupon[]> {
  return couponsInDisplayOrder((await getCollection('coupons')).map((entry) => entry.data));
}

export interface CouponListPageProps {
  page: number;
  totalPages: number;
  coupons: ShownCoupon[];
  total: number;
}

/** Static paths of `/coupon/{page}`: pages 1..n of the section's page size (page 1 even when there are none). */
export async function couponListPaths() {
  const coupons = await loadCoupons();
  const pages = paginate(coupons, COUPON_PAGE_SIZE);
  return pages.map((items, index) => {
    const props: CouponListPageProps = { page: index + 1, totalPages: pages.length, coupons: items, total: coupons.length };
    return { params: { page: String(index + 1) }, props };
  });
}

export interface CouponDetailPageProps {
  coupon: ShownCoupon;
  /** The list page that holds this coupon (for 回優惠列表). */
  listPage: number;
  /** Up to three other coupons: the next ones in display order, current ones before ended ones. */
  more: ShownCoupon[];
}

/** Static paths of `/coupon/detail/{id}`: one per coupon. */
export async function couponDetailPaths() {
  const coupons = await loadCoupons();
  return coupons.map((coupon, index) => {
    // The next ones in display order, current offers before ended ones (更多優惠 offers what can still be used).
    const others = endedLast([...coupons.slice(index + 1), ...coupons.slice(0, index)], (other) => other.ended);
    const props: CouponDetailPageProps = {
      coupon,
      listPage: Math.floor(index / COUPON_PAGE_SIZE) + 1,
      more: others.slice(0, 3),
    };
    return { params: { id: coupon.id }, props };
  });
}
