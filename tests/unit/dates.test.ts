/**
 * The site's date module (src/lib/taipei-dates.ts): every date read, shown and counted in Taipei time,
 * whatever the machine's zone. Each table runs under several machine zones: UTC (CI), Asia/Taipei (a Taiwanese
 * laptop), America/New_York (daylight saving, behind UTC) and Pacific/Kiritimati (UTC+14). Node applies an
 * assignment to process.env.TZ at once; the first test of each zone checks that it did, so a zone switch that
 * silently failed cannot make the tables pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EARLIEST_TIMESTAMP,
  addDays,
  daysSince,
  formatDate,
  formatDateTime,
  formatDay,
  hasEnded,
  hasNotStarted,
  isWeekend,
  isoDate,
  parseIsoDate,
  parseTimestamp,
  taipeiToday,
  taipeiYear,
  timeOf,
  weekdayOf,
} from '../../src/lib/taipei-dates';
import { NOTIFICATION_TEXT } from '../../src/site/texts/notifications';
import { SITE_TIME_ZONE, SITE_UTC_OFFSET_MINUTES } from '../../src/site/company';
import { parsePortalDate } from '../../src/portal/date-parser';

/** Machine zone → its UTC offset in minutes on 2026-01-15 (as Date#getTimezoneOffset reports it). */
const ZONES: [string, number][] = [
  ['UTC', 0],
  ['Asia/Taipei', -480],
  ['America/New_York', 300],
  ['Pacific/Kiritimati', -840],
];

const originalZone = process.env.TZ;
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

/**
 * The site reads and shows dates with a fixed offset (SITE_UTC_OFFSET_MINUTES) instead of the time-zone database:
 * the database must agree twice a day (00:00 and 12:00 UTC) over the years the site may show (the portal's dates since
 * 2022, the appointment calendar's years ahead). A change of Taiwan's clock rules would fail here first.
 */
describe('SITE_UTC_OFFSET_MINUTES', () => {
  it(`is ${SITE_TIME_ZONE}'s offset in the time-zone database on every day of 2022–2040`, () => {
    const zoneName = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, timeZoneName: 'longOffset' });
    const offsets = new Set<string>();
    for (let day = Date.UTC(2022, 0, 1); day < Date.UTC(2041, 0, 1); day += 43_200_000) {
      offsets.add(zoneName.formatToParts(new Date(day)).find((part) => part.type === 'timeZoneName')!.value);
    }
    const hours = String(SITE_UTC_OFFSET_MINUTES / 60).padStart(2, '0');
    expect([...offsets]).toEqual([`GMT+${hours}:00`]);
  });
});

describe.each(ZONES)('machine zone %s', (zone, offset) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });

  it('is in effect (the tables below really run in this zone)', () => {
    expect(new Date('2026-01-15T12:00:00Z').getTimezoneOffset()).toBe(offset);
    expect(SITE_TIME_ZONE).toBe('Asia/Taipei');
  });

  // portal text → instant (UTC ISO), Taipei display day, Taipei day and time
  it.each([
    ['2026-03-15', '2026-03-14T16:00:00.000Z', '2026/03/15', '2026/03/15 00:00'],
    ['2026/03/15', '2026-03-14T16:00:00.000Z', '2026/03/15', '2026/03/15 00:00'],
    ['2026-3-5', '2026-03-04T16:00:00.000Z', '2026/03/05', '2026/03/05 00:00'],
    ['2026-03-15 09:00', '2026-03-15T01:00:00.000Z', '2026/03/15', '2026/03/15 09:00'],
    ['2026-03-15T23:59:59', '2026-03-15T15:59:59.000Z', '2026/03/15', '2026/03/15 23:59'],
    ['2026-03-15T17:30:00Z', '2026-03-15T17:30:00.000Z', '2026/03/16', '2026/03/16 01:30'],
    ['2026-03-15T15:59:59Z', '2026-03-15T15:59:59.000Z', '2026/03/15', '2026/03/15 23:59'],
    ['2026-03-15T16:00:00.0000000Z', '2026-03-15T16:00:00.000Z', '2026/03/16', '2026/03/16 00:00'],
    ['2026-03-15T17:30:00+08:00', '2026-03-15T09:30:00.000Z', '2026/03/15', '2026/03/15 17:30'],
    ['2026-03-15T00:30:00+0800', '2026-03-14T16:30:00.000Z', '2026/03/15', '2026/03/15 00:30'],
    ['2026-03-15T20:00:00-05:00', '2026-03-16T01:00:00.000Z', '2026/03/16', '2026/03/16 09:00'],
    ['2024-02-29', '2024-02-28T16:00:00.000Z', '2024/02/29', '2024/02/29 00:00'],
    ['2026-12-31T16:00:00Z', '2026-12-31T16:00:00.000Z', '2027/01/01', '2027/01/01 00:00'],
    // 02:30 Taipei is in New York's daylight-saving gap (2026-03-08 02:00–03:00 there): still 02:30.
    ['2026-03-07T18:30:00Z', '2026-03-07T18:30:00.000Z', '2026/03/08', '2026/03/08 02:30'],
    ['2026-03-08 02:30', '2026-03-07T18:30:00.000Z', '2026/03/08', '2026/03/08 02:30'],
  ])('%s is %s, shown %s (%s)', (text, instant, day, dayTime) => {
    expect(parsePortalDate(text)?.toISOString()).toBe(instant);
    expect(formatDate(text)).toBe(day);
    expect(formatDate(new Date(instant))).toBe(day);
    expect(isoDate(text)).toBe(day.replaceAll('/', '-'));
    expect(formatDateTime(text)).toBe(dayTime);
    expect(timeOf(text)).toBe(Date.parse(instant));
  });

  it.each([
    'not a date',
    '',
    '2026-02-29',
    '2026-02-30T10:00:00Z',
    '2026-13-01',
    '2026-03-15T25:00',
    '2026-03-15Z',
    '2026-03-15T17:30:00+99:00',
    '15/03/2026',
    '20260315',
  ])('%j is not a date: no instant, nothing shown', (text) => {
    expect(parsePortalDate(text)).toBeUndefined();
    expect(formatDate(text)).toBe('');
    expect(isoDate(text)).toBe('');
    expect(Number.isNaN(timeOf(text))).toBe(true);
    expect(daysSince(text, '2026-03-20')).toBe(0);
  });

  it('does not change a Date it is given', () => {
    const date = new Date('2026-01-02T15:30:00Z');
    formatDate(date);
    daysSince(date, new Date('2026-01-05T00:00:00Z'));
    expect(date.toISOString()).toBe('2026-01-02T15:30:00.000Z');
  });

  // 'N 天前' counts Taipei calendar days: now is 2026-05-20 08:00 Taipei (00:00 UTC).
  const now = new Date('2026-05-20T00:00:00Z');
  it.each([
    ['2026-05-20', 0],
    ['2026-05-19T16:30:00Z', 0], // 05-20 00:30 Taipei, although 05-19 in UTC
    ['2026-05-19T15:59:00Z', 1], // 05-19 23:59 Taipei
    ['2026-05-19 23:59', 1],
    ['2026-05-18 21:00', 2],
    ['2026-05-06T09:00:00+08:00', 14],
    ['2025-05-20', 365],
    ['2026-05-25', 0], // in the future: never negative
  ])('%s is %i days before 2026-05-20 08:00 Taipei', (date, days) => {
    expect(daysSince(date, now)).toBe(days);
  });

  it('counts days up to the current time by default', () => {
    expect(daysSince(new Date())).toBe(0);
  });

  it.each([
    ['2026-09-13T15:59:00Z', '2026-09-13', 2026],
    ['2026-09-13T16:30:00Z', '2026-09-14', 2026], // already tomorrow in Taipei
    ['2026-12-31T16:00:00Z', '2027-01-01', 2027], // New Year in Taipei, not yet in UTC
  ])('at %s it is %s in Taipei (year %i)', (instant, day, year) => {
    expect(taipeiToday(new Date(instant))).toBe(day);
    expect(taipeiYear(new Date(instant))).toBe(year);
  });

  // Offers that ended: the last day is valid all of that Taipei day.
  it.each([
    ['2026-11-23', '2026-11-23T15:59:59Z', false], // 2026-11-23 23:59:59 Taipei: the last day still
    ['2026-11-23', '2026-11-23T16:00:00Z', true], // 2026-11-24 00:00 Taipei
    ['2026-11-23', '2026-11-22T16:00:00Z', false], // the last day's first second
    ['2026-11-23 18:00', '2026-11-23T12:00:00Z', false], // a time on the last day does not end it earlier
    ['2026-11-23T15:30:00Z', '2026-11-23T16:10:00Z', true], // last day 11-23 23:30 Taipei, now 11-24 00:10 Taipei
    ['2026-11-22T16:30:00Z', '2026-11-23T12:00:00Z', false], // 11-23 00:30 Taipei (11-22 in UTC), now 11-23 20:00 Taipei
    ['2026-11-22T15:30:00Z', '2026-11-23T12:00:00Z', true], // 2026-11-22 23:30 Taipei
    ['2025-02-28', '2026-11-23T00:00:00Z', true],
    ['2027-01-31', '2026-11-23T00:00:00Z', false],
    [undefined, '2026-11-23T00:00:00Z', false], // no last day: never ends
    ['not a date', '2026-11-23T00:00:00Z', false],
  ])('last day %j has ended at %s: %s', (lastDay, now, ended) => {
    expect(hasEnded(lastDay, new Date(now))).toBe(ended);
  });

  // Offers announced ahead (尚未開始): the first day is usable from its 00:00 Taipei.
  it.each([
    ['2026-11-24', '2026-11-23T15:59:59Z', true], // 2026-11-23 23:59:59 Taipei: the day before
    ['2026-11-24', '2026-11-23T16:00:00Z', false], // 2026-11-24 00:00 Taipei
    ['2026-11-24 18:00', '2026-11-24T01:00:00Z', false], // a time on the first day does not start it later
    ['2026-11-23T16:30:00Z', '2026-11-23T12:00:00Z', true], // 11-24 00:30 Taipei, now 11-23 20:00 Taipei
    ['2027-01-01', '2026-11-23T00:00:00Z', true],
    ['2025-02-28', '2026-11-23T00:00:00Z', false],
    [undefined, '2026-11-23T00:00:00Z', false], // no first day: started
    ['not a date', '2026-11-23T00:00:00Z', false],
  ])('first day %j has not started at %s: %s', (firstDay, now, upcoming) => {
    expect(hasNotStarted(firstDay, new Date(now))).toBe(upcoming);
  });

  it('calendar days: strict reading, arithmetic, weekdays', () => {
    expect(parseIsoDate('2026-02-29')).toBeUndefined();
    expect(parseIsoDate('2028-02-29')).toBe('2028-02-29');
    expect(parseIsoDate('2026/09/16')).toBeUndefined();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08'); // a daylight-saving day in New York
    expect(weekdayOf('2026-09-20')).toBe(0);
    expect(isWeekend('2026-09-19')).toBe(true);
    expect(isWeekend('2026-09-21')).toBe(false);
    expect(formatDay('2026-09-25')).toBe('2026/09/25（五）');
    expect(() => addDays('2026-9-1', 1)).toThrow('not a calendar day YYYY-MM-DD: "2026-9-1"');
  });

  // The event page's ?timestamp= (REFERENCE.md "Routes" /event_page/20220503): shown in Taipei time.
  const later = new Date('2025-06-01T00:00:00Z');
  it.each([
    ['1651557900', '2022/05/03 14:05'],
    ['1651557900000', '2022/05/03 14:05'],
    [' 1700000000 ', '2023/11/15 06:13'],
    ['1651507200', '2022/05/03 00:00'], // the launch day's first second in Taipei
  ])('timestamp %j is shown as %s', (raw, shown) => {
    const stamp = parseTimestamp(raw, later);
    expect(stamp).not.toBeNull();
    expect(formatDateTime(stamp!)).toBe(shown);
  });

  it.each([[null], [''], ['abc'], ['16515579'], ['1651557900.5'], ['-1651557900'], ['1e12'], ['<script>'], ['1651507199'], ['1900000000']])(
    'timestamp %j is ignored (not 10 or 13 digits, before the event, or after now + 1 day)',
    (raw) => {
      expect(parseTimestamp(raw, later)).toBeNull();
    },
  );

  it('the event started 2022-05-03 00:00 Taipei', () => {
    expect(new Date(EARLIEST_TIMESTAMP).toISOString()).toBe('2022-05-02T16:00:00.000Z');
  });
});

describe('\'N 天前\' (REFERENCE.md "Widget states": days since the start, 0 on the start day)', () => {
  it.each([
    [0, '0 天前'],
    [1, '1 天前'],
    [14, '14 天前'],
  ])('%i → %s', (days, text) => {
    expect(NOTIFICATION_TEXT.daysAgo(days)).toBe(text);
  });
});
