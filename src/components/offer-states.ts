/**
 * Offers follow the visitor's day (src/components/OfferPart.astro): run by SiteLayout's script, it works out each
 * offer's state on today's Taipei day (src/lib/offer-state.ts) and, where it differs from the build's, shows the
 * parts of the new state and hides the others. The build decides the order of the lists; the marks, the claim link
 * and the statements follow the day the page is read.
 */
import { offerStateOn, shownOfferState, taipeiDayAt } from '../lib/offer-state';
import type { OfferState } from '../lib/order';

/**
 * Updates every offer of the page (`[data-offer-state]`) to its state on `today` (never to one before its state at
 * build time): its OfferPart parts show or hide, its OfferText parts take the new state's text.
 * @param today the Taipei day (`YYYY-MM-DD`), default the visitor's clock
 */
export function initOfferStates(today: string = taipeiDayAt(Date.now())): void {
  for (const offer of document.querySelectorAll<HTMLElement>('[data-offer-state]')) {
    const built = offer.dataset.offerState as OfferState;
    const state = shownOfferState(built, offerStateOn(offer.dataset.offerStart, offer.dataset.offerEnd, today));
    if (state === built) continue;
    offer.dataset.offerState = state;
    // A part of an offer nested in this one belongs to that one.
    const own = (part: Element) => part.closest('[data-offer-state]') === offer;
    for (const part of offer.querySelectorAll<HTMLElement>('[data-offer-show]')) {
      if (own(part)) part.hidden = !part.dataset.offerShow?.split(' ').includes(state);
    }
    for (const part of offer.querySelectorAll<HTMLElement>('[data-offer-text]')) {
      const text = part.getAttribute(`data-offer-text-${state}`);
      if (own(part) && text !== null) part.textContent = text;
    }
  }
}
