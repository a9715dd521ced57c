/**
 * The banner of NotificationCenter (category 8, REFERENCE.md "Widget states"): the first notification of the category not dismissed, in
 * the page right under the header (NotificationCenter.astro `[data-notice-banner-slot]`: part of the page's flow, so
 * it takes its whole text's height and scrolls away, covering nothing), closed for good with its 我知道了 (src/stores/notifications.ts
 * dismissBanner, kept in the visitor's storage).
 */
import { keepBannerSpace, releaseBannerSpace } from '../browser/banner-space';
import { $dismissedBanners, $notificationStatus, $notifications, dismissBanner, pendingBanner } from '../stores/notifications';
import { cloneOf, fill, type Dates } from './notification-fill';

/** What the rest of the notification center asks of the banner. */
export interface Banner {
  /**
   * Shows the banner of the current answer, replacing one that is no longer due; `refill`: replace it even when it
   * is the same one (its date line, once the date helpers are in).
   */
  render(refill?: boolean): void;
}

/**
 * Wires the banner: rendered from the stack's `template[data-banner-template]` and again whenever a banner is
 * dismissed ($dismissedBanners). A banner removed while it holds the focus hands it to the main content (`#main`).
 * In: the banner's place (NotificationCenter.astro `[data-notice-banner-slot]`) and the date helpers once loaded
 * (undefined before). Out: the Banner.
 */
export function initBanner(slot: HTMLElement, dates: () => Dates | undefined): Banner {
  let banner: { key: string; element: HTMLElement } | undefined;
  // The banner's height, kept for the next pages of the visit (src/browser/banner-space.ts).
  const measure = new ResizeObserver(([entry]) => {
    if (entry && banner) keepBannerSpace(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
  });

  /** The first banner (category 8) not dismissed, in its place under the header. */
  const render = (refill = false) => {
    const item = pendingBanner($notifications.get(), $dismissedBanners.get());
    if (banner && (banner.key !== item?.key || refill)) {
      // Focus would be lost with it (its 我知道了): hand it to the main content.
      if (banner.element.contains(document.activeElement)) document.querySelector<HTMLElement>('#main')?.focus({ preventScroll: true });
      measure.unobserve(banner.element);
      banner.element.remove();
      banner = undefined;
    }
    if (!item) releaseBannerSpace(true);
    if (!item || banner) return;
    const element = cloneOf(slot.querySelector('template[data-banner-template]'))!;
    fill(element, item, dates());
    element.querySelector('[data-banner-dismiss]')?.addEventListener('click', () => dismissBanner(item.key));
    slot.prepend(element);
    banner = { key: item.key, element };
    // In its place, the banner's own height replaces the space kept for it.
    releaseBannerSpace(false);
    measure.observe(element);
  };

  $dismissedBanners.listen(() => render());
  // A failed check shows no banner: the space kept for it goes.
  $notificationStatus.listen((status) => {
    if (status === 'failed') releaseBannerSpace(true);
  });
  return { render };
}
