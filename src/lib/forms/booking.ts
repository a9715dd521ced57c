/**
 * Which days the appointment service can book (REFERENCE.md "Constants"): not a weekend, not a holiday of the portal's
 * holiday list, inside the booking window counted from today in Taiwan. Days are Taiwanese calendar days
 * `YYYY-MM-DD`; the calendar arithmetic and "today" come from the site's date module (src/lib/taipei-dates.ts, Asia/Taipei
 * whatever the machine's or the visitor's zone: Taiwan's calendar, UTC+8).
 *
 * Shared by the browser (loaded on demand by the /service form: dayjs stays out of the page's static JavaScript)
 * and the sample portal. Messages are zh-TW.
 */
import { addDays, formatDay, isWeekend, isoDate, parseIsoDate, type IsoDate } from '../taipei-dates.ts';
import { parsePortalDate } from '../../portal/date-parser.ts';

export { formatDay, taipeiToday, type IsoDate } from '../taipei-dates.ts';

/** Holidays by day: `YYYY-MM-DD` → name. */
export type HolidayMap = ReadonlyMap<IsoDate, string>;

/** Name of a holiday the portal lists without one. */
export const UNNAMED_HOLIDAY = '國定假日';

/**
 * The holiday list the portal answers (`GET /api/common/getSettingHoliday?year=`), read defensively: items with a
 * `date` the portal date reader accepts (`YYYY-MM-DD`, `YYYY/MM/DD`, or a date-time, whose Taipei day counts:
 * `2026-12-24T16:00:00Z` is 2026-12-25) and an optional `name`; anything else is skipped.
 * Returns day → name (UNNAMED_HOLIDAY when the name is missing or blank).
 */
export function parseHolidays(data: unknown): Map<IsoDate, string> {
  const holidays = new Map<IsoDate, string>();
  if (!Array.isArray(data)) return holidays;
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const { date, name } = item as { date?: unknown; name?: unknown };
    const instant = typeof date === 'string' ? parsePortalDate(date) : undefined;
    if (instant) holidays.set(isoDate(instant), typeof name === 'string' && name.trim() ? name.trim() : UNNAMED_HOLIDAY);
  }
  return holidays;
}

/** What decides the bookable days. */
export interface BookingRules {
  /** Today in Taiwan (taipeiToday()). */
  today: IsoDate;
  /** The first bookable day is this many days after today (1 = tomorrow). */
  leadDays: number;
  /** The last bookable day is this many days after today. */
  windowDays: number;
  /** Days off besides weekends. */
  holidays: HolidayMap;
}

/** First and last day of the booking window (the date input's min and max). */
export const bookingRange = (rules: BookingRules): { first: IsoDate; last: IsoDate } => ({
  first: addDays(rules.today, rules.leadDays),
  last: addDays(rules.today, rules.windowDays),
});

/** The years the booking window touches (the holiday list is asked per year). */
export function bookingYears(rules: Pick<BookingRules, 'today' | 'leadDays' | 'windowDays'>): number[] {
  const { first, last } = bookingRange({ ...rules, holidays: new Map() });
  const years: number[] = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year += 1) years.push(year);
  return years;
}

/**
 * Why a day cannot be booked, as a zh-TW message naming the day, or undefined when it can. Empty → 請選擇預約日期.
 */
export function dateProblem(date: string, rules: BookingRules): string | undefined {
  if (!date.trim()) return '請選擇預約日期';
  if (!parseIsoDate(date)) return '預約日期格式不正確，請選擇日曆上的日期';
  const { first, last } = bookingRange(rules);
  if (date < first || date > last) {
    return `預約日期需介於 ${formatDay(first)} 至 ${formatDay(last)} 之間`;
  }
  if (isWeekend(date)) return `${formatDay(date)} 為週末，不提供預約服務，請選擇週一至週五`;
  const holiday = rules.holidays.get(date);
  if (holiday !== undefined) return `${formatDay(date)} 為國定假日（${holiday}），不提供預約服務，請選擇其他日期`;
  return undefined;
}

/** The bookable days from the start of the window, at most `limit` of them. */
export function availableDates(rules: BookingRules, limit = Infinity): IsoDate[] {
  const { first, last } = bookingRange(rules);
  const days: IsoDate[] = [];
  for (let day = first; day <= last && days.length < limit; day = addDays(day, 1)) {
    if (!isWeekend(day) && !rules.holidays.has(day)) days.push(day);
  }
  return days;
}
