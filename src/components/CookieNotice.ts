/**
 * Behaviour of CookieNotice.astro (REFERENCE.md "Page frame"): the notice shows until 好，我知道了 is pressed, remembered in
 * $cookieNoticeAcknowledged (persistent store); while it shows, its height is kept in `--cookie-notice-h` (px) so
 * that what the browser scrolls into view keeps clear of it.
 *
 * The height is never a custom property of the root: changing one there restyles every element of the page (a full
 * style recalculation, about 15 ms of main-thread time while the page loads, in Chromium at a phone's width on a
 * 2-core server). The body and the notification stack get it at once as `--cookie-notice-h`, registered as not
 * inherited (widgets.css), so each restyles alone. The root gets its
 * scroll padding (which only matters once the visitor moves focus or follows an in-page link) as the property itself,
 * at the visitor's first key or pointer press, before the browser moves focus or follows the link: a change of the
 * root's style restyled and laid out the whole page (15–60 ms there), which a page load should not pay for a
 * visitor who only reads. The height is measured only when the ResizeObserver reports (after layout), so the script
 * never forces a layout.
 */
import { $cookieNoticeAcknowledged, acknowledgeCookieNotice } from '../stores/cookie-notice';

/** The elements besides the root whose styles read `--cookie-notice-h` (widgets.css): padding-bottom, max-height. */
const COOKIE_CLEARANCE_READERS = 'body, [data-notice-stack]';

/** What the visitor does before moving focus or following a link: the root's padding must be in place by then. */
const ROOT_CLEARANCE_EVENTS = ['keydown', 'pointerdown'] as const;

/** Runs `task` once, at the first of ROOT_CLEARANCE_EVENTS anywhere in the page (capture: before its handlers). */
function atFirstPress(task: () => void): void {
  const run = () => {
    for (const type of ROOT_CLEARANCE_EVENTS) document.removeEventListener(type, run, true);
    task();
  };
  for (const type of ROOT_CLEARANCE_EVENTS) document.addEventListener(type, run, { capture: true, passive: true });
}

/**
 * The root's scroll padding for a notice `px` high: the same gap as the stylesheet's rule for html in widgets.css,
 * above the notice instead of the dock bar; undefined (no notice) leaves that rule.
 */
function setRootClearance(px: number | undefined): void {
  const root = document.documentElement.style;
  if (px === undefined) root.removeProperty('scroll-padding-bottom');
  else root.setProperty('scroll-padding-bottom', `calc(${px}px + var(--space-3))`);
}

/** Wires the notice (see the module comment); does nothing on a page without it. */
export function initCookieNotice(): void {
  const notice = document.querySelector<HTMLElement>('[data-cookie-notice]');
  if (notice) {
    // While it shows, the end of the page and what the browser scrolls into view keep clear of it (widgets.css).
    const readers = [...document.querySelectorAll<HTMLElement>(COOKIE_CLEARANCE_READERS)];
    let clearance: number | undefined;
    let rootFollows = false;
    atFirstPress(() => {
      rootFollows = true;
      setRootClearance(clearance);
    });
    const apply = (px: number | undefined) => {
      clearance = px;
      for (const reader of readers) {
        if (px === undefined) reader.style.removeProperty('--cookie-notice-h');
        else reader.style.setProperty('--cookie-notice-h', `${px}px`);
      }
      if (rootFollows) setRootClearance(px);
    };
    // Called by the observer after layout, so reading the notice's box forces nothing.
    const observer = new ResizeObserver(() => {
      if (!notice.hidden) apply(Math.ceil(window.innerHeight - notice.getBoundingClientRect().top));
    });
    $cookieNoticeAcknowledged.subscribe((acknowledged) => {
      notice.hidden = acknowledged;
      if (acknowledged) {
        observer.disconnect();
        if (clearance !== undefined) apply(undefined);
      } else observer.observe(notice);
    });
    notice.querySelector('[data-cookie-accept]')?.addEventListener('click', () => {
      // Focus would be lost with the notice: hand it to the main content.
      const hadFocus = notice.contains(document.activeElement);
      acknowledgeCookieNotice();
      if (hadFocus) document.querySelector<HTMLElement>('#main')?.focus({ preventScroll: true });
    });
  }
}
