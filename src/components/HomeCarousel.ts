/**
 * Behaviour of HomeCarousel.astro: previous/next, dots (or, above CAROUSEL_DOTS_MAX banners, the `3 / 16` counter),
 * auto-advance every CAROUSEL_INTERVAL_MS (ms) that pauses on hover, on focus inside, with the pause button, and never
 * starts under prefers-reduced-motion. The counter is a live region only while the rotation is stopped, so a press
 * on 上一張/下一張 is announced and the automatic rotation is not (WAI-ARIA carousel pattern).
 */
import { CAROUSEL_INTERVAL_MS } from '../site/limits';

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

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
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
    if (!userPaused && !hovering) timer = setInterval(() => show(current + 1), CAROUSEL_INTERVAL_MS);
    counter?.setAttribute('aria-live', timer ? 'off' : 'polite');
    if (pauseButton) {
      pauseButton.setAttribute('aria-pressed', String(userPaused));
      const label = pauseButton.querySelector('[data-pause-label]');
      if (label) label.textContent = userPaused ? '播放輪播' : '暫停輪播';
    }
  };

  root.querySelector('[data-prev]')?.addEventListener('click', () => show(current - 1));
  root.querySelector('[data-next]')?.addEventListener('click', () => show(current + 1));
  dots.forEach((dot, i) => dot.addEventListener('click', () => show(i)));
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
  // Swipes and scrolls move the current slide too.
  track.addEventListener(
    'scrollend',
    () => {
      const index = Math.round(track.scrollLeft / track.clientWidth);
      if (index !== current) {
        current = index;
        mark();
      }
    },
    { passive: true },
  );
  mark();
  schedule();
  // Shows the controls (HomeCarousel.astro keeps them hidden until now: no half-parsed row, no dead buttons).
  root.dataset.ready = '';
}
