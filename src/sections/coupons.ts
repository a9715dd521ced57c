/**
 * Coupons (優惠專區, REFERENCE.md "Routes" `/coupon/{page}`, `/coupon/detail/{id}`): display order, offer periods, whether an
 * offer has started or ended, and the static paths and props of the coupon pages.
 *
 * Offer states (src/lib/order.ts OfferState), decided for "today" in Taipei (src/lib/taipei-dates.ts):
 * - upcoming: `startDate` after today (hasNotStarted): shown 尚未開始 with the day it starts, after every current
 *   one and before the ended ones, and never as usable (no claim link);
 * - ended: `endDate` before today (hasEnded): shown 已結束, after every other one, and never as usable;
 * - current: otherwise (a coupon without dates is current).
 * "Today" is the day of the build: the site is static and rebuilt every 10 minutes (.github/OPERATIONS.md
 * "Publishing"), so an offer shows its new state at most one rebuild after a Taipei midnight. The state is part of
 * the pages' props (ShownCoupon.upcoming, .ended), hence of each page's cacheKey (src/sections/cache-key.ts): a page
 * cached before an offer's first day, or before the day after its last, is rendered again on that day.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { couponSchema } from '../portal/schemas';
import { SECTIONS } from '../site/sections';
import { formatDate, hasEnded, hasNotStarted, isoDate } from '../lib/taipei-dates';
import { inListOrder, inOfferOrder, type OfferState } from '../lib/order';
import { paginate } from '../lib/paginate';

/** A coupon as parsed by the portal schema. */
export type Coupon = z.output<typeof couponSchema>;

/**
 * A coupon as the pages show it: the portal's coupon and its offer's state when the site was built: `upcoming`
 * (before its first day: 尚未開始) or `ended` (after its last day: 已結束); neither: current. Never both (a coupon's
 * first day is not after its last: the portal schema's dateOrder).
 */
export type ShownCoupon = Coupon & { upcoming: boolean; ended: boolean };

/** The offer state of a shown coupon (src/lib/order.ts OfferState). */
export const offerStateOf = (coupon: Pick<ShownCoupon, 'upcoming' | 'ended'>): OfferState =>
  coupon.ended ? 'ended' : coupon.upcoming ? 'upcoming' : 'current';

/** The status mark of a shown coupon (src/components/StatusTag.astro kind): 已結束, 尚未開始, or none when current. */
export const couponStatusTag = (coupon: Pick<ShownCoupon, 'upcoming' | 'ended'>): 'ended' | 'upcoming' | undefined =>
  coupon.ended ? 'ended' : coupon.upcoming ? 'upcoming' : undefined;

/**
 * The attributes of an offer's root element that let its marks follow the visitor's day in the browser
 * (src/components/OfferPart.astro, offer-states.ts): the state at build time and the offer's first and last Taipei
 * days (`YYYY-MM-DD`, left out when the portal gave none).
 */
export function offerStateAttributes(coupon: Pick<ShownCoupon, 'upcoming' | 'ended' | 'startDate' | 'endDate'>): Record<string, string | undefined> {
  return {
    'data-offer-state': offerStateOf(coupon),
    'data-offer-start': coupon.startDate ? isoDate(coupon.startDate) : undefined,
    'data-offer-end': coupon.endDate ? isoDate(coupon.endDate) : undefined,
  };
}

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
 * Coupons in display order with their state: current offers first, then upcoming ones, then ended ones
 * (src/lib/order.ts inOfferOrder), each group newest first (sortCoupons). In: the portal's coupons, `now` (default:
 * the build's current instant, see above). Out: new objects `{ ...coupon, upcoming, ended }`.
 */
export function couponsInDisplayOrder(coupons: readonly Coupon[], now: Date = new Date()): ShownCoupon[] {
  const shown = sortCoupons(coupons).map((coupon) => {
    const ended = hasEnded(coupon.endDate, now);
    return { ...coupon, upcoming: !ended && hasNotStarted(coupon.startDate, now), ended };
  });
  return inOfferOrder(shown, offerStateOf);
}

/** The statement that replaces an ended offer's call to action: `本優惠已於 2025/02/28 結束。` */
export const endedStatement = (coupon: Coupon): string => (coupon.endDate ? `本優惠已於 ${formatDate(coupon.endDate)} 結束。` : '本優惠已結束。');

/** The statement that replaces an upcoming offer's call to action: `本優惠將於 2026/12/20 開始。` */
export const upcomingStatement = (coupon: Coupon): string =>
  coupon.startDate ? `本優惠將於 ${formatDate(coupon.startDate)} 開始。` : '本優惠尚未開始。';

/** The statement that replaces the call to action of an offer that cannot be used now; '' for a current one. */
export const unusableStatement = (coupon: ShownCoupon): string =>
  coupon.ended ? endedStatement(coupon) : coupon.upcoming ? upcomingStatement(coupon) : '';

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
  /** Up to three other coupons: the next ones in display order, current ones before upcoming, then ended ones. */
  more: ShownCoupon[];
}

/** Static paths of `/coupon/detail/{id}`: one per coupon. */
export async function couponDetailPaths() {
  const coupons = await loadCoupons();
  return coupons.map((coupon, index) => {
    // The next ones in display order, current offers first (更多優惠 offers what can be used now), then upcoming
    // ones, then ended ones.
    const others = inOfferOrder([...coupons.slice(index + 1), ...coupons.slice(0, index)], offerStateOf);
    const props: CouponDetailPageProps = {
      coupon,
      listPage: Math.floor(index / COUPON_PAGE_SIZE) + 1,
      more: others.slice(0, 3),
    };
    return { params: { id: coupon.id }, props };
  });
}
