/**
 * Coupons (優惠專區, spec §2 `/coupon/{page}`, `/coupon/detail/{id}`): display order, offer periods, and the
 * static paths and props of the coupon pages.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { couponSchema } from '../portal/schemas';
import { COUPON_PAGE_SIZE } from '../site';
import { formatDate } from './dates';
import { paginate } from './paginate';

/** A coupon as parsed by the portal schema. */
export type Coupon = z.output<typeof couponSchema>;

/** Coupons in display order: newest `date` first, then the higher id (the later entry) first. */
export function sortCoupons<T extends { id: string; date: Date }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => b.date.getTime() - a.date.getTime() || b.id.localeCompare(a.id, 'en', { numeric: true }),
  );
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

async function loadCoupons(): Promise<Coupon[]> {
  return sortCoupons((await getCollection('coupons')).map((entry) => entry.data));
}

export interface CouponListPageProps {
  page: number;
  totalPages: number;
  coupons: Coupon[];
  total: number;
}

/** Static paths of `/coupon/{page}`: pages 1..n of COUPON_PAGE_SIZE coupons (page 1 even when there are none). */
export async function couponListPaths() {
  const coupons = await loadCoupons();
  const pages = paginate(coupons, COUPON_PAGE_SIZE);
  return pages.map((items, index) => {
    const props: CouponListPageProps = { page: index + 1, totalPages: pages.length, coupons: items, total: coupons.length };
    return { params: { page: String(index + 1) }, props };
  });
}

export interface CouponDetailPageProps {
  coupon: Coupon;
  /** The list page that holds this coupon (for 回優惠列表). */
  listPage: number;
  /** Up to three other coupons, the next ones in display order. */
  more: Coupon[];
}

/** Static paths of `/coupon/detail/{id}`: one per coupon. */
export async function couponDetailPaths() {
  const coupons = await loadCoupons();
  return coupons.map((coupon, index) => {
    const others = [...coupons.slice(index + 1), ...coupons.slice(0, index)];
    const props: CouponDetailPageProps = {
      coupon,
      listPage: Math.floor(index / COUPON_PAGE_SIZE) + 1,
      more: others.slice(0, 3),
    };
    return { params: { id: coupon.id }, props };
  });
}
