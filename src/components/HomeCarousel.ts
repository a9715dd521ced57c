/**
 * Behaviour of HomeCarousel.astro: previous/next, dots (or, above CAROUSEL_DOTS_MAX banners, the `3 / 16` counter),
 * auto-advance every CAROUSEL_INTERVAL_MS (ms) that pauses on hover, on focus inside, with the pause button, and never
 * starts under prefers-reduced-motion. The counter is a live region only while the rotation is stopped, so a press
 * on 上一張/下一張 is announced and the automatic rotation is not (WAI-ARIA carousel pattern).
 *
 * Banners after the first are not drawn, so their images do not load (HomeCarousel.astro: `content-visibility:
 * hidden` until the slide has `data-near` or the carousel `data-awake`): the next banner is let in
 * CAROUSEL_PRELOAD_LEAD_MS before each automatic advance, and all of them at the visitor's first touch, press, key,
 * wheel or focus in the carousel (a swipe or a dot may go to any of them).
 */
import { CAROUSEL_INTERVAL_MS, CAROUSEL_PRELOAD_LEAD_MS } from '../site/limits';

/** Wires every `[data-carousel]` on the page. */
export function initCarousels(): void {
  document.querySelectorAll<HTMLElement>('[data-carousel]').forEach(initCarousel);
}

function initCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-track]');
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-dot]')];
  const pauseButton = root.querySelector<HTMLButtonElement>('[data-pause]');
  const counter = root.querySelector<HTMLElement>('[data-counter]');
  if (!track || slides.length < 2) return;

  let current = 0;
  let userPaused = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let hovering = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const banners = lazyBanners(root, slides);

  // Swipes and scrolls move the current slide too.
  const scroll = followTrack(track, (index) => {
    if (index !== current) {
      current = index;
      mark();
    }
  });
  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    scroll.expect(current);
    track.scrollTo({ left: slides[current].offsetLeft, behavior: userPaused ? 'auto' : 'smooth' });
    mark();
  };
  const mark = () => {
    dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === current)));
    counter?.querySelectorAll('[data-counter-current]').forEach((part) => (part.textContent = String(current + 1)));
    slides.forEach((slide, i) => {
      slide.querySelector('a')?.setAttribute('tabindex', i === current ? '0' : '-1');
      slide.setAttribute('aria-hidden', String(i !== current));
    });
  };
  const schedule = () => {
    clearInterval(timer);
    timer = undefined;
    banners.cancel();
    if (!userPaused && !hovering) {
      timer = setInterval(() => {
        show(current + 1);
        banners.preloadAfter(current);
      }, CAROUSEL_INTERVAL_MS);
      banners.preloadAfter(current);
    }
    counter?.setAttribute('aria-live', timer ? 'off' : 'polite');
    if (pauseButton) {
      pauseButton.setAttribute('aria-pressed', String(userPaused));
      const label = pauseButton.querySelector('[data-pause-label]');
      if (label) label.textContent = userPaused ? '播放輪播' : '暫停輪播';
    }
  };

  // A press wakes the banners too: an assistive technology may click without a pointer or key event first.
  const go = (index: () => number) => () => {
    banners.wake();
    show(index());
  };
  root.querySelector('[data-prev]')?.addEventListener(
    'click',
    go(() => current - 1),
  );
  root.querySelector('[data-next]')?.addEventListener(
    'click',
    go(() => current + 1),
  );
  dots.forEach((dot, i) =>
    dot.addEventListener(
      'click',
      go(() => i),
    ),
  );
  pauseButton?.addEventListener('click', () => {
    userPaused = !userPaused;
    schedule();
  });
  const hoverOrFocus = (on: boolean) => () => {
    hovering = on;
    schedule();
  };
  root.addEventListener('pointerenter', hoverOrFocus(true));
  root.addEventListener('pointerleave', hoverOrFocus(false));
  root.addEventListener('focusin', hoverOrFocus(true));
  root.addEventListener('focusout', hoverOrFocus(false));
  mark();
  schedule();
  // Shows the controls (HomeCarousel.astro keeps them hidden until now: no half-parsed row, no dead buttons).
  root.dataset.ready = '';
}

/**
 * Follows a carousel's track: calls `onSettle(index)` with the slide the track rests on once a scroll ends (a swipe,
 * the wheel, the keyboard, or a scroll of the carousel's own). `expect(index)` names the slide a scroll of the
 * carousel is heading for: a scrollend that comes before the track gets there (the end of an earlier scroll, such as
 * the rotation's just as the visitor presses 下一張) is ignored, since taking the current slide back would mark the
 * banner shown hidden and make the next press count from the wrong slide. The visitor's own pointer, touch, wheel or
 * key on the track takes over from such a scroll.
 */
function followTrack(track: HTMLElement, onSettle: (index: number) => void): { expect(index: number): void } {
  let heading: number | undefined;
  for (const type of ['pointerdown', 'touchstart', 'wheel', 'keydown']) {
    track.addEventListener(type, () => (heading = undefined), { passive: true });
  }
  track.addEventListener(
    'scrollend',
    () => {
      const index = Math.round(track.scrollLeft / track.clientWidth);
      if (heading !== undefined && index !== heading) return;
      heading = undefined;
      onSettle(index);
    },
    { passive: true },
  );
  return {
    expect(index) {
      heading = index;
    },
  };
}

/**
 * The banners after the first of one carousel, drawn (and so loaded) only when about to show (see the module
 * comment). Wakes them all by itself at the visitor's first touch, press, key, wheel or focus in `root`.
 * @returns `wake()`: every banner draws from now on; `preloadAfter(index)`: the banner after slide `index` draws in
 *   CAROUSEL_INTERVAL_MS − CAROUSEL_PRELOAD_LEAD_MS ms, when the rotation will show it CAROUSEL_PRELOAD_LEAD_MS
 *   later; `cancel()`: drops a pending preloadAfter (the rotation stopped)
 */
function lazyBanners(root: HTMLElement, slides: readonly HTMLElement[]) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    root.dataset.awake = '';
  };
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin']) root.addEventListener(type, wake, { once: true, passive: true });
  return {
    wake,
    preloadAfter(index: number) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        slides[(index + 1) % slides.length].dataset.near = '';
      }, CAROUSEL_INTERVAL_MS - CAROUSEL_PRELOAD_LEAD_MS);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}
