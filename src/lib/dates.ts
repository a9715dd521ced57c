/**
 * Date display helpers on dayjs (build time and the notification island). Spec §4: dates show as YYYY/MM/DD and
 * 'N 天前'. A date string without a time zone (`2026-03-15`, `2026-03-15 09:00`) is local time; formatting and
 * day boundaries are local.
 */
import dayjs from 'dayjs';

/** Display format of dates across the site (spec §4). */
export const DATE_FORMAT = 'YYYY/MM/DD';

/** `2026/03/15` for a Date or date string ('Invalid Date' when it is not a date). */
export function formatDate(date: Date | string): string {
  return dayjs(date).format(DATE_FORMAT);
}

/** Machine-readable date for `<time datetime>`: `2026-03-15`. */
export function isoDate(date: Date | string): string {
  return dayjs(date).format('YYYY-MM-DD');
}

/** Whole local calendar days from `date` to `now`, never negative; 0 for what is not a date. For 'N 天前'. */
export function daysSince(date: Date | string, now: Date | string = new Date()): number {
  const days = dayjs(now).startOf('day').diff(dayjs(date).startOf('day'), 'day');
  return Number.isNaN(days) ? 0 : Math.max(0, days);
}
