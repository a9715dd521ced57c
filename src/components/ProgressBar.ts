/**
 * Behaviour of ProgressBar.astro, on the Navigation API: its `navigate` event says when a navigation to another
 * document starts (link, form, back/forward, reload; not a link that a click handler took over, such as the
 * external-link confirmation), `navigateerror` when it failed.
 */
import { TIMING } from '../site/limits';

/** The parts of the Navigation API used here (not in every TypeScript DOM library yet). */
interface NavigateEventLike extends Event {
  hashChange: boolean;
  downloadRequest: string | null;
  destination: { url: string; sameDocument: boolean };
}
interface NavigationLike extends EventTarget {
  addEventListener(type: 'navigate', listener: (event: NavigateEventLike) => void): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

export function initProgressBar(): void {
  const bar = document.querySelector<HTMLElement>('[data-progress-bar]');
  if (!bar) return;
  bar.style.setProperty('--progress-duration', `${TIMING.progressBarDurationMs}ms`);
  let pending = 0;
  let running = 0;

  const stop = () => {
    window.clearTimeout(pending);
    window.clearTimeout(running);
    pending = 0;
    running = 0;
    bar.classList.remove('is-loading');
  };
  const start = () => {
    stop();
    pending = window.setTimeout(() => {
      pending = 0;
      bar.classList.add('is-loading');
      running = window.setTimeout(stop, TIMING.progressBarDurationMs);
    }, TIMING.progressBarThrottleMs);
  };

  // The browsers the site supports (REFERENCE.md "Product": current Edge and Chrome) have the Navigation API; elsewhere no bar.
  const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('navigate', (event: NavigateEventLike) => {
    if (event.hashChange || event.downloadRequest !== null || event.destination.sameDocument) return;
    start();
  });
  navigation?.addEventListener('navigateerror', stop);
  // Back from the back/forward cache, or the navigation went nowhere (a download, a 204): never stuck.
  window.addEventListener('pageshow', stop);
}
