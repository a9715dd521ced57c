/**
 * The state of an offer (a coupon) on a given Taipei day, by the rule of src/lib/taipei-dates.ts hasEnded and
 * hasNotStarted (REFERENCE.md "List order"): `ended` once its last day is before that day, `upcoming` while its first
 * day is after it, else `current`. Days are `YYYY-MM-DD` strings, which compare as the days they name, so the rule
 * needs no date library: the browser applies it to the visitor's day (src/components/offer-states.ts), the build
 * to its own day (src/sections/coupons.ts).
 */
import { SITE_UTC_OFFSET_MINUTES } from '../site/company';
import type { OfferState } from './order';

/**
 * The offer's state on `today`.
 * @param firstDay its first Taipei day (`YYYY-MM-DD`), '' or undefined for none (already started)
 * @param lastDay its last Taipei day, '' or undefined for none (never ends)
 * @param today the Taipei day (`YYYY-MM-DD`)
 */
export function offerStateOn(firstDay: string | undefined, lastDay: string | undefined, today: string): OfferState {
  if (lastDay && lastDay < today) return 'ended';
  if (firstDay && firstDay > today) return 'upcoming';
  return 'current';
}

/** The offer states in the order time brings them: an offer only ever moves forward in it. */
export const OFFER_STATES_IN_TIME: readonly OfferState[] = ['upcoming', 'current', 'ended'];

/**
 * The states an offer built in `state` can still reach as days pass (itself included): what a page served after
 * its build may have to show. An ended offer stays ended; a current one may end; an upcoming one may start and end.
 */
export const statesFrom = (state: OfferState): OfferState[] => OFFER_STATES_IN_TIME.slice(OFFER_STATES_IN_TIME.indexOf(state));

/**
 * The state to show: the state on the visitor's day, never one before the build's (a visitor's clock behind the
 * build's day is wrong, not a return in time).
 */
export function shownOfferState(built: OfferState, onVisitorDay: OfferState): OfferState {
  return OFFER_STATES_IN_TIME.indexOf(onVisitorDay) > OFFER_STATES_IN_TIME.indexOf(built) ? onVisitorDay : built;
}

/** The Taipei day (`YYYY-MM-DD`) of an instant (ms since the epoch); Taipei keeps one offset all year. */
export const taipeiDayAt = (instant: number): string => new Date(instant + SITE_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
