/**
 * The date helpers (src/lib/dates.ts): YYYY/MM/DD and 'N 天前' (spec §4).
 */
import { describe, expect, it } from 'vitest';
import { daysSince, formatDate, isoDate } from '../../src/lib/dates';
import { NOTIFICATION_TEXT } from '../../src/site';

describe('formatDate and isoDate', () => {
  it.each([
    ['2026-03-15', '2026/03/15', '2026-03-15'],
    ['2026-3-5', '2026/03/05', '2026-03-05'],
    ['2026-03-15 09:30', '2026/03/15', '2026-03-15'],
    ['2026-03-15T23:59:59', '2026/03/15', '2026-03-15'],
    [new Date(2026, 2, 15, 12), '2026/03/15', '2026-03-15'],
    [new Date(2024, 1, 29, 10), '2024/02/29', '2024-02-29'],
  ] as [string | Date, string, string][])('%s → %s', (input, display, machine) => {
    expect(formatDate(input)).toBe(display);
    expect(isoDate(input)).toBe(machine);
  });

  it('says Invalid Date for what is not a date', () => {
    expect(formatDate('not a date')).toBe('Invalid Date');
  });

  it('does not change a Date it is given', () => {
    const date = new Date(2026, 0, 2, 15, 30);
    formatDate(date);
    daysSince(date, new Date(2026, 0, 5));
    expect(date.getHours()).toBe(15);
  });
});

describe('daysSince', () => {
  const now = new Date(2026, 4, 20, 8, 0); // 2026-05-20 08:00 local

  it.each([
    [new Date(2026, 4, 20, 0, 0), 0],
    [new Date(2026, 4, 19, 23, 59), 1],
    [new Date(2026, 4, 19, 0, 0), 1],
    [new Date(2026, 4, 6, 9, 0), 14],
    [new Date(2025, 4, 20), 365],
    ['2026-05-18', 2],
    ['2026-05-18 21:00', 2],
  ])('%s → %i days', (date, days) => {
    expect(daysSince(date, now)).toBe(days);
  });

  it('is never negative (a start date in the future reads 0)', () => {
    expect(daysSince(new Date(2026, 4, 25), now)).toBe(0);
  });

  it('defaults `now` to the current time', () => {
    expect(daysSince(new Date())).toBe(0);
  });

  it('reads 0 for a date it cannot parse', () => {
    expect(daysSince('soon', now)).toBe(0);
  });
});

describe("'N 天前'", () => {
  it.each([
    [0, '今天'],
    [1, '1 天前'],
    [14, '14 天前'],
  ])('%i → %s', (days, text) => {
    expect(NOTIFICATION_TEXT.daysAgo(days)).toBe(text);
  });
});
