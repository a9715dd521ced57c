/**
 * Showing and counting dates, for the build, the browser and the sample portal: every date is shown and counted in
 * Taiwan time (SITE_TIME_ZONE of src/site/company.ts, always UTC+8: SITE_UTC_OFFSET_MINUTES), whatever the time zone of
 * the machine or the visitor (a build under `TZ=UTC` and one under `TZ=Asia/Taipei` give the same pages). On dayjs
 * (REFERENCE.md "Stack": the project's date library) with its `utc` and `customParseFormat` plugins. Reading the portal's date strings is the
 * validation layer's (src/portal/date-parser.ts parsePortalDate); the helpers here accept either an instant or such
 * a string.
 *
 * Rules:
 * - Display (REFERENCE.md "Widget states"): `YYYY/MM/DD`; 'N 天前' counts Taipei calendar days; "today" is today in Taipei.
 * - A calendar day (`IsoDate`, `YYYY-MM-DD`) is a day of the Taiwanese calendar, not an instant: adding days and
 *   the weekday are plain calendar arithmetic.
 *
 * The browser loads this module on demand only (notification dates, the appointment form's calendar, the event
 * page's `?timestamp=`): dayjs with its plugins and this module is 6.4 KB gzip (measured), outside the pages' static JavaScript budget.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { parsePortalDate } from '../portal/date-parser.ts';
import { SITE_UTC_OFFSET_MINUTES } from '../site/company.ts';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/** Display format of dates across the site (REFERENCE.md "Widget states"). */
export const DATE_FORMAT = 'YYYY/MM/DD';

/** Display format of a date with its time (the event page's link time). */
export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';

/** Machine format of a calendar day (`<time datetime>`, `<input type="date">`, the holiday list). */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';

/** A calendar day `YYYY-MM-DD` (Taiwan). */
export type IsoDate = string;

/** What the helpers accept: an instant (Date) or a portal date string (see parsePortalDate). */
export type DateInput = Date | string;

/** Milliseconds of a day, for the event page's "not more than a day ahead" rule. */
const DAY_MS = 86_400_000;
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;

/** The instant of a Date or portal date string, or undefined when it is not a date. */
function instantOf(date: DateInput): Date | undefined {
  const instant = typeof date === 'string' ? parsePortalDate(date) : date;
  return instant && !Number.isNaN(instant.getTime()) ? instant : undefined;
}

/**
 * Taipei's wall clock at the input, for formatting only: a UTC-mode dayjs whose fields are Taipei's day and time
 * (its valueOf is not the instant), whatever the machine's zone: the instant plus SITE_UTC_OFFSET_MINUTES (fixed; see
 * there why not the time-zone database). Never through the machine's zone (`dayjs(x).tz(zone).format()` in dayjs 1.11
 * was an hour off when the Taipei time fell in the machine's daylight-saving gap: 2026-03-08 02:30 Taipei showed 03:30
 * under TZ=America/New_York).
 */
function inTaipei(date: DateInput): Dayjs | undefined {
  const instant = instantOf(date);
  if (!instant) return undefined;
  return dayjs.utc(instant).add(SITE_UTC_OFFSET_MINUTES, 'minute');
}

/** `2026/03/15`: the Taipei day of a Date or portal date string; '' when it is not a date. */
export function formatDate(date: DateInput): string {
  return inTaipei(date)?.format(DATE_FORMAT) ?? '';
}

/** `2026-03-15`: the Taipei day for `<time datetime>`; '' when it is not a date. */
export function isoDate(date: DateInput): IsoDate {
  return inTaipei(date)?.format(ISO_DATE_FORMAT) ?? '';
}

/** `2022/05/03 14:05`: day and time in Taipei; '' when it is not a date. */
export function formatDateTime(date: DateInput): string {
  return inTaipei(date)?.format(DATE_TIME_FORMAT) ?? '';
}

/** Milliseconds since the epoch of a Date or portal date string (NaN when it is not a date), for sorting. */
export function timeOf(date: DateInput): number {
  return instantOf(date)?.getTime() ?? Number.NaN;
}

/**
 * Whole Taipei calendar days from `date` to `now` ('N 天前', REFERENCE.md "Widget states"), never negative; 0 for what is not a date.
 * `2026-05-19T16:30:00Z` (Taipei 05/20 00:30) is 0 days before 2026-05-20 08:00 Taipei.
 */
export function daysSince(date: DateInput, now: DateInput = new Date()): number {
  const from = isoDate(date);
  const to = isoDate(now);
  if (!from || !to) return 0;
  return Math.max(0, dayjs.utc(to).diff(dayjs.utc(from), 'day'));
}

/** Today in Taipei as `YYYY-MM-DD` (the appointment form's window, the holiday years). */
export const taipeiToday = (now: Date = new Date()): IsoDate => isoDate(now);

/** The year in Taipei (the footer's copyright year). */
export const taipeiYear = (now: Date = new Date()): number => inTaipei(now)!.year();

/** A real calendar day written `YYYY-MM-DD` (strict: `2026-02-29` and `2026/02/28` are not), else undefined. */
export function parseIsoDate(value: string): IsoDate | undefined {
  return dayjs.utc(value, ISO_DATE_FORMAT, true).isValid() ? value : undefined;
}

/** A calendar day as dayjs (UTC: no zone to shift it); throws a RangeError naming the text when it is not one. */
function calendarDay(day: IsoDate): Dayjs {
  const parsed = dayjs.utc(day, ISO_DATE_FORMAT, true);
  if (!parsed.isValid()) throw new RangeError(`not a calendar day YYYY-MM-DD: ${JSON.stringify(day)}`);
  return parsed;
}

/** The day `days` after `day` (negative: before); RangeError when `day` is not `YYYY-MM-DD`. */
export const addDays = (day: IsoDate, days: number): IsoDate => calendarDay(day).add(days, 'day').format(ISO_DATE_FORMAT);

/** Day of the week, 0 = Sunday … 6 = Saturday; RangeError when `day` is not `YYYY-MM-DD`. */
export const weekdayOf = (day: IsoDate): number => calendarDay(day).day();

/** Saturday or Sunday. */
export const isWeekend = (day: IsoDate): boolean => [0, 6].includes(weekdayOf(day));

/** A day for people: `2026/10/09（五）`. */
export const formatDay = (day: IsoDate): string => `${calendarDay(day).format(DATE_FORMAT)}（${WEEKDAYS[weekdayOf(day)]}）`;

/** Earliest time the event page accepts in `?timestamp=`: the event's launch day, 2022-05-03 00:00 Taipei. */
export const EARLIEST_TIMESTAMP = parsePortalDate('2022-05-03')!.getTime();

/**
 * The event page's `?timestamp=` (REFERENCE.md "Routes" `/event_page/20220503`): Unix time in seconds (10 digits) or
 * milliseconds (13 digits) → that instant, or null when it is not a plausible link time (other shapes, before
 * EARLIEST_TIMESTAMP, or more than a day after `now`).
 */
export function parseTimestamp(raw: string | null | undefined, now: Date): Date | null {
  const value = raw?.trim() ?? '';
  if (!/^(\d{10}|\d{13})$/.test(value)) return null;
  const stamp = value.length === 10 ? dayjs.unix(Number(value)) : dayjs(Number(value));
  if (stamp.valueOf() < EARLIEST_TIMESTAMP || stamp.valueOf() > now.getTime() + DAY_MS) return null;
  return stamp.toDate();
}

/**
 * Whether an offer or event whose last day is `lastDay` has ended by `now` (it is then marked 已結束 and listed
 * after the current ones, never presented as usable): its Taipei day is before today in Taipei, so an offer ending
 * 2026/11/23 is still valid all of that Taipei day and has ended from 2026/11/24 00:00 Taipei. No last day (undefined) or one that is not a date: never ended.
 * In: the last day (Date or portal date string), `now` (default: the current instant). Out: boolean.
 */
export function hasEnded(lastDay: DateInput | undefined, now: Date = new Date()): boolean {
  const last = lastDay === undefined ? '' : isoDate(lastDay);
  // `YYYY-MM-DD` strings compare as the days they name.
  return last !== '' && last < taipeiToday(now);
}

/**
 * Whether an offer whose first day is `firstDay` has not started by `now` (it is then marked 尚未開始, listed after
 * the current offers and before the ended ones, never presented as usable): its Taipei day is after today in Taipei,
 * so an offer starting 2026/12/01 is usable from 2026/12/01 00:00 Taipei. No first day (undefined) or one that is
 * not a date: already started. The counterpart of hasEnded.
 * In: the first day (Date or portal date string), `now` (default: the current instant). Out: boolean.
 */
export function hasNotStarted(firstDay: DateInput | undefined, now: Date = new Date()): boolean {
  const first = firstDay === undefined ? '' : isoDate(firstDay);
  return first !== '' && first > taipeiToday(now);
}
