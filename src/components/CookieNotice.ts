/**
 * Behaviour of CookieNotice.astro (spec §2): the notice shows until 好，我知道了 is pressed, remembered in
 * $cookieNoticeAcknowledged (persistent store); while it shows, its height is kept in `--cookie-notice-h` (px) so
 * that what the browser scrolls into view keeps clear of it.
 */
import { $cookieNoticeAcknowledged, acknowledgeCookieNotice } from '../stores/cookie-notice';

export function initCookieNotice(): void {
  const notice = document.querySelector<HTMLElement>('[data-cookie-notice]');
  if (notice) {
    // While it shows, what the browser scrolls into view keeps clear of it (scroll-padding-bottom, widgets.css).
    const root = document.documentElement.style;
    const measure = () => {
      if (notice.hidden) root.removeProperty('--cookie-notice-h');
      else root.setProperty('--cookie-notice-h', `${Math.ceil(window.innerHeight - notice.getBoundingClientRect().top)}px`);
    };
    const observer = new ResizeObserver(measure);
    $cookieNoticeAcknowledged.subscribe((acknowledged) => {
      notice.hidden = acknowledged;
      if (acknowledged) observer.disconnect();
      else observer.observe(notice);
      measure();
    });
    notice.querySelector('[data-cookie-accept]')?.addEventListener('click', () => {
      // Focus would be lost with the notice: hand it to the main content.
      const hadFocus = notice.contains(document.activeElement);
      acknowledgeCookieNotice();
      if (hadFocus) document.querySelector<HTMLElement>('#main')?.focus({ preventScroll: true });
    });
  }
}
