/**
 * Date display helpers (dayjs, zh-tw locale). Spec §4: dates show as YYYY/MM/DD and 'N 天前'.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';

dayjs.locale('zh-tw');

/** Display format of dates across the site (spec §4). */
export const DATE_FORMAT = 'YYYY/MM/DD';

/** `2026/03/15` for a Date or date string. */
export function formatDate(date: Date | string): string {
  return dayjs(date).format(DATE_FORMAT);
}

/** Machine-readable date for `<time datetime>`: `2026-03-15`. */
export function isoDate(date: Date | string): string {
  return dayjs(date).format('YYYY-MM-DD');
}

/** Whole days from `date` to `now` (never negative), for 'N 天前'. */
export function daysSince(date: Date | string, now: Date | string = new Date()): number {
  return Math.max(0, dayjs(now).startOf('day').diff(dayjs(date).startOf('day'), 'day'));
}
