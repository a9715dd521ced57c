/**
 * Display orders of portal lists (src/lib/order.ts): categories by sort then natural id; articles pinned first;
 * current offers, then upcoming ones (尚未開始), then ended ones, each group in its own order. Tables of ids in, ids out.
 */
import { describe, expect, it } from 'vitest';
import { byPinnedThenNewest, inDisplayOrder, inOfferOrder, type OfferState } from '../../src/lib/order';
import { couponsInDisplayOrder, endedStatement, offerStateOf, unusableStatement, upcomingStatement, type Coupon } from '../../src/sections/coupons';
import { parsePortalDate } from '../../src/portal/date-parser';

const day = (text: string): Date => parsePortalDate(text)!;

describe('inDisplayOrder (sort, then natural id)', () => {
  it.each([
    ['no sort: natural id', [{ id: '10' }, { id: '2' }, { id: '1' }], ['1', '2', '10']],
    [
      'sort first',
      [
        { id: '1', sort: 3 },
        { id: '2', sort: 1 },
        { id: '3', sort: 2 },
      ],
      ['2', '3', '1'],
    ],
    ['missing sort counts as 0', [{ id: '1', sort: 1 }, { id: '2' }], ['2', '1']],
  ])('%s', (_, items, expected) => {
    expect(inDisplayOrder(items).map((item) => item.id)).toEqual(expected);
  });
});

describe('byPinnedThenNewest (articles: 置頂 first)', () => {
  it.each([
    [
      'the sample news: pinned 2026/07/15 and 2025/11/18 before the newer 2026/11/18',
      [
        { id: '30', date: day('2026-11-18') },
        { id: '20', date: day('2026-07-15'), isTop: true },
        { id: '10', date: day('2025-11-18'), isTop: true },
        { id: '29', date: day('2026-11-04') },
      ],
      ['20', '10', '30', '29'],
    ],
    [
      'nothing pinned: newest first',
      [
        { id: '1', date: day('2026-01-01') },
        { id: '2', date: day('2026-03-01') },
      ],
      ['2', '1'],
    ],
    [
      'same date: natural id',
      [
        { id: '10', date: day('2026-01-01'), isTop: true },
        { id: '9', date: day('2026-01-01'), isTop: true },
        { id: '11', date: day('2026-01-01') },
      ],
      ['9', '10', '11'],
    ],
    [
      'isTop false is not pinned',
      [
        { id: '1', date: day('2026-01-01'), isTop: false },
        { id: '2', date: day('2025-01-01'), isTop: true },
      ],
      ['2', '1'],
    ],
  ])('%s', (_, items, expected) => {
    expect([...items].sort(byPinnedThenNewest).map((item) => item.id)).toEqual(expected);
  });
});

describe('inOfferOrder (current, then upcoming, then ended, each group in its given order)', () => {
  // `-x`: ended, `-u`: upcoming, else current.
  const stateOf = (item: string): OfferState => (item.endsWith('-x') ? 'ended' : item.endsWith('-u') ? 'upcoming' : 'current');
  it.each([
    ['empty', [], []],
    ['all current', ['a', 'b', 'c'], ['a', 'b', 'c']],
    ['all ended', ['a-x', 'b-x'], ['a-x', 'b-x']],
    ['ended moved after current, order kept', ['a', 'b-x', 'c', 'd-x', 'e'], ['a', 'c', 'e', 'b-x', 'd-x']],
    ['already grouped', ['a', 'b', 'c-x'], ['a', 'b', 'c-x']],
    ['upcoming after current, before ended', ['a-x', 'b-u', 'c', 'd-u', 'e-x', 'f'], ['c', 'f', 'b-u', 'd-u', 'a-x', 'e-x']],
  ])('%s', (_, items: string[], expected: string[]) => {
    const input = [...items];
    expect(inOfferOrder(items, stateOf)).toEqual(expected);
    expect(items).toEqual(input); // a copy; the input is untouched
  });
});

describe('couponsInDisplayOrder', () => {
  const coupon = (id: string, date: string, endDate?: string, startDate?: string): Coupon => ({
    id,
    title: `coupon ${id}`,
    date: day(date),
    description: '',
    image: `images/coupon/${id}.svg`,
    content: '',
    startDate: startDate ? day(startDate) : undefined,
    endDate: endDate ? day(endDate) : undefined,
  });
  const stateList = (coupons: Coupon[], at: Date) => couponsInDisplayOrder(coupons, at).map((shown) => `${shown.id}:${offerStateOf(shown)}`);
  // Now: 2026-11-24 01:32 Taipei (2026-11-23 17:32 UTC).
  const now = new Date('2026-11-23T17:32:00Z');

  it.each([
    [
      'ended ones after every current one, each group newest first',
      [
        coupon('1', '2024-12-09', '2025-02-28'),
        coupon('15', '2026-11-02', '2027-01-31'),
        coupon('9', '2026-05-22', '2026-09-30'),
        coupon('14', '2026-10-15', '2026-12-31'),
      ],
      ['15:current', '14:current', '9:ended', '1:ended'],
    ],
    [
      'last day yesterday in Taipei (today in UTC) has ended; today and no end date have not',
      [coupon('1', '2026-11-01', '2026-11-23'), coupon('2', '2026-10-01', '2026-11-24'), coupon('3', '2026-09-01')],
      ['2:current', '3:current', '1:ended'],
    ],
    [
      'upcoming ones after every current one and before the ended ones, each group newest first',
      [
        coupon('1', '2024-12-09', '2025-02-28', '2024-12-09'),
        coupon('16', '2026-11-20', '2027-02-28', '2026-12-20'),
        coupon('15', '2026-11-02', '2027-01-31', '2026-11-02'),
        coupon('17', '2026-11-22', undefined, '2027-01-01'),
        coupon('9', '2026-05-22', '2026-09-30', '2026-05-22'),
        coupon('14', '2026-10-15', '2026-12-31'),
      ],
      ['15:current', '14:current', '17:upcoming', '16:upcoming', '9:ended', '1:ended'],
    ],
    [
      'first day tomorrow in Taipei (today in UTC) has not started; today has',
      [coupon('1', '2026-11-01', '2026-12-31', '2026-11-25'), coupon('2', '2026-11-02', '2026-12-31', '2026-11-24')],
      ['2:current', '1:upcoming'],
    ],
  ])('%s', (_, coupons, expected) => {
    expect(stateList(coupons, now)).toEqual(expected);
  });

  it('a coupon becomes current at 00:00 Taipei of its first day', () => {
    const coupons = [coupon('1', '2026-11-20', '2026-12-31', '2026-11-25')];
    expect(stateList(coupons, new Date('2026-11-24T15:59:00Z'))).toEqual(['1:upcoming']); // 11-24 23:59 Taipei
    expect(stateList(coupons, new Date('2026-11-24T16:00:00Z'))).toEqual(['1:current']); // 11-25 00:00 Taipei
  });

  it("the upcoming state is in what the pages' cache keys hash (their props, as JSON): it changes on the first day", () => {
    const coupons = [coupon('1', '2026-11-20', '2026-12-31', '2026-11-25')];
    const eveBefore = JSON.stringify(couponsInDisplayOrder(coupons, new Date('2026-11-24T15:59:00Z'))); // 23:59 Taipei
    const firstMorning = JSON.stringify(couponsInDisplayOrder(coupons, new Date('2026-11-24T16:01:00Z'))); // 00:01 Taipei
    expect(firstMorning).not.toBe(eveBefore);
  });

  it.each([
    [coupon('1', '2026-11-20', '2026-12-31', '2026-12-20'), '本優惠將於 2026/12/20 開始。'],
    [coupon('2', '2026-11-20', '2026-12-31'), '本優惠尚未開始。'],
  ])('the upcoming statement of %#', (item, expected) => {
    expect(upcomingStatement(item)).toBe(expected);
  });

  it('an upcoming coupon states when it starts, an ended one when it ended, a current one nothing', () => {
    const shown = couponsInDisplayOrder(
      [coupon('1', '2026-11-20', '2027-01-31', '2026-12-20'), coupon('2', '2026-01-01', '2026-02-28'), coupon('3', '2026-11-01', '2026-12-31')],
      now,
    );
    expect(Object.fromEntries(shown.map((item) => [item.id, unusableStatement(item)]))).toEqual({
      1: '本優惠將於 2026/12/20 開始。',
      2: '本優惠已於 2026/02/28 結束。',
      3: '',
    });
  });

  it("the ended state is in what the pages' cache keys hash (their props, as JSON): it changes the day after the last day", () => {
    const coupons = [coupon('1', '2026-11-01', '2026-11-23')];
    const lastEvening = JSON.stringify(couponsInDisplayOrder(coupons, new Date('2026-11-23T15:59:00Z'))); // 23:59 Taipei
    const nextMorning = JSON.stringify(couponsInDisplayOrder(coupons, new Date('2026-11-23T16:01:00Z'))); // 00:01 Taipei
    expect(nextMorning).not.toBe(lastEvening);
  });

  it.each([
    [coupon('1', '2024-12-09', '2025-02-28'), '本優惠已於 2025/02/28 結束。'],
    [coupon('2', '2024-12-09'), '本優惠已結束。'],
  ])('the ended statement of %#', (item, expected) => {
    expect(endedStatement(item)).toBe(expected);
  });
});
