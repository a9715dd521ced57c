/**
 * The notice banner's space, kept for the visit: the banner (category 8) is part of the page under the header
 * (NotificationCenter.astro) and arrives with the notification check, after the page's first paint, so it moves the
 * page down once (a layout shift: 0.14 at 390 px, 0.04 at 1440 px, measured on the sample). Its height is kept in
 * sessionStorage with the window's width and the font-size step it was measured at; on the next page of the visit
 * the head's boot script (src/integrations/notice-banner-boot.ts) reserves that height before the first paint
 * (`--notice-banner-space` on the root, widgets.css .notice-banner-slot), so the same banner arrives into its space
 * and nothing moves. A dismissed banner, an answer without one or a failed check give the space back.
 */
import { FONT_SIZE_STORAGE_KEY } from './font-size';

/** sessionStorage key of the kept space: JSON `{ w, f, h }` (window width px, stored font-size step or null, px). */
export const BANNER_SPACE_STORAGE_KEY = 'hotains:banner-space';
/** The root's custom property that reserves the space (px). */
export const BANNER_SPACE_PROPERTY = '--notice-banner-space';

/** Runs `task` on sessionStorage, if the browser lets the page use it (privacy modes may not). */
function withStorage(task: (storage: Storage) => void): void {
  try {
    task(window.sessionStorage);
  } catch {
    // No storage: the banner simply arrives without a reserved space.
  }
}

/** Keeps `height` (px) as the banner's space for the next pages of the visit, at this width and font size. */
export function keepBannerSpace(height: number): void {
  withStorage((storage) => {
    const record = { w: window.innerWidth, f: localStorage.getItem(FONT_SIZE_STORAGE_KEY), h: Math.ceil(height) };
    storage.setItem(BANNER_SPACE_STORAGE_KEY, JSON.stringify(record));
  });
}

/**
 * Gives the space back: the next pages reserve none, and this page's reserve (if the boot script set one) goes, now
 * that the banner is in (its own height takes over) or known to be absent.
 */
export function releaseBannerSpace(forget: boolean): void {
  document.documentElement.style.removeProperty(BANNER_SPACE_PROPERTY);
  if (forget) withStorage((storage) => storage.removeItem(BANNER_SPACE_STORAGE_KEY));
}
