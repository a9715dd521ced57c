/** Texts of the right-hand dock (REFERENCE.md "Constants"). */
import { NEWS_MENU_GROUP, SECTIONS } from '../sections.ts';

/** The right-hand dock. */
export const DOCK_TEXT = {
  label: '快捷服務',
  news: NEWS_MENU_GROUP,
  coupons: SECTIONS.coupon.title,
  faq: '常見問題',
  contact: '聯絡我們',
  more: '更多',
  close: '關閉',
  empty: '目前尚無資料',
} as const;
