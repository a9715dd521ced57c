/**
 * Date and time rules of the appointment service: which days can be booked (not a weekend, not a holiday of the
 * portal's holiday list, inside the booking window) and which time slots a day offers (office hours, spec §9,
 * in steps, without the breaks). Dates are calendar days in Taiwan (Asia/Taipei, UTC+8 all year, no daylight
 * saving) written `YYYY-MM-DD`; times are `HH:mm`.
 *
 * Shared by the browser and the sample portal: imports nothing. Messages are zh-TW.
 */

/** A calendar day `YYYY-MM-DD`. */
export type IsoDate = string;

/** Taiwan's offset from UTC in ms (no daylight saving). */
const TAIPEI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;

/** Today's date in Taiwan. */
export const taipeiToday = (now: Date = new Date()): IsoDate =>
  new Date(now.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 10);

/** Midnight UTC of a day as a Date, or undefined when the text is not a real calendar day. */
export function parseIsoDate(value: string): Date | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : undefined;
}

/** The day `days` after `date` (negative: before). */
export const addDays = (date: IsoDate, days: number): IsoDate =>
  new Date(parseIsoDate(date)!.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** Day of the week, 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: IsoDate): number => parseIsoDate(date)!.getUTCDay();

/** Saturday or Sunday. */
export const isWeekend = (date: IsoDate): boolean => [0, 6].includes(weekdayOf(date));

/** A day for people: `2026/10/09（五）`. */
export const formatDay = (date: IsoDate): string => `${date.replaceAll('-', '/')}（${WEEKDAYS[weekdayOf(date)]}）`;

/** Holidays by day: `YYYY-MM-DD` → name. */
export type HolidayMap = ReadonlyMap<IsoDate, string>;

/**
 * The holiday list the portal answers (`GET /api/common/getSettingHoliday?year=`), read defensively: items with a
 * `date` (`YYYY-MM-DD`, `YYYY/MM/DD`, or an ISO timestamp whose first ten characters are the day) and an optional
 * `name`; anything else is skipped.
 */
export function parseHolidays(data: unknown): Map<IsoDate, string> {
  const holidays = new Map<IsoDate, string>();
  if (!Array.isArray(data)) return holidays;
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const { date, name } = item as { date?: unknown; name?: unknown };
    if (typeof date !== 'string') continue;
    const day = date.slice(0, 10).replaceAll('/', '-');
    if (parseIsoDate(day)) holidays.set(day, typeof name === 'string' && name.trim() ? name.trim() : '國定假日');
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

/** First and last day of the booking window. */
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

/** Office hours and slot length of the appointment service. */
export interface SlotRules {
  /** Opening time `HH:mm` (spec §9: 08:30). */
  opens: string;
  /** Closing time `HH:mm` (spec §9: 17:30): the last slot ends by then. */
  closes: string;
  /** Length of a slot in minutes. */
  slotMinutes: number;
  /** Breaks `[from, to)` in which no slot starts or runs (lunch). */
  breaks: readonly { from: string; to: string }[];
}

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Start times `HH:mm` of the slots of a day: within office hours, every slotMinutes, none overlapping a break. */
export function timeSlots(rules: SlotRules): string[] {
  const slots: string[] = [];
  const end = minutesOf(rules.closes);
  for (let start = minutesOf(rules.opens); start + rules.slotMinutes <= end; start += rules.slotMinutes) {
    const stop = start + rules.slotMinutes;
    const inBreak = rules.breaks.some((b) => start < minutesOf(b.to) && stop > minutesOf(b.from));
    if (!inBreak) slots.push(timeOf(start));
  }
  return slots;
}

/** A slot for people: `09:00–09:30`. */
export const slotLabel = (start: string, slotMinutes: number): string =>
  `${start}–${timeOf(minutesOf(start) + slotMinutes)}`;
