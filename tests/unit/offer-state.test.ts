/**
 * The offer state the browser works out on the visitor's day (src/lib/offer-state.ts) is the build's rule
 * (src/lib/taipei-dates.ts hasEnded, hasNotStarted), and never goes back before the build's state.
 */
import { describe, expect, it } from 'vitest';
import { offerStateOn, shownOfferState, statesFrom, taipeiDayAt } from '../../src/lib/offer-state';
import { hasEnded, hasNotStarted } from '../../src/lib/taipei-dates';

describe('offerStateOn', () => {
  it('agrees with the build rule on the days around an offer', () => {
    const [first, last] = ['2026-12-01', '2026-12-31'];
    for (const [instant, day] of [
      ['2026-11-30T15:59:00Z', '2026-11-30'],
      ['2026-11-30T16:00:00Z', '2026-12-01'],
      ['2026-12-31T15:59:00Z', '2026-12-31'],
      ['2026-12-31T16:00:00Z', '2027-01-01'],
    ] as const) {
      const now = new Date(instant);
      expect(taipeiDayAt(now.getTime())).toBe(day);
      const built = hasEnded(last, now) ? 'ended' : hasNotStarted(first, now) ? 'upcoming' : 'current';
      expect(offerStateOn(first, last, day), instant).toBe(built);
    }
  });

  it('reads an offer without days as current', () => {
    expect(offerStateOn(undefined, undefined, '2026-12-01')).toBe('current');
    expect(offerStateOn('', '2026-11-30', '2026-12-01')).toBe('ended');
  });
});

describe('shownOfferState', () => {
  it('moves forward with the visitor’s day, never back before the build', () => {
    expect(shownOfferState('current', 'ended')).toBe('ended');
    expect(shownOfferState('upcoming', 'current')).toBe('current');
    expect(shownOfferState('ended', 'current')).toBe('ended');
    expect(shownOfferState('current', 'upcoming')).toBe('current');
    expect(statesFrom('current')).toEqual(['current', 'ended']);
    expect(statesFrom('ended')).toEqual(['ended']);
  });
});
