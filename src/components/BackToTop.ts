/**
 * Behaviour of BackToTop.astro (REFERENCE.md "Page frame", "Constants"): the button shows after TIMING.backToTopScrollPx (500 px) of scroll and
 * scrolls to the top in TIMING.backToTopDurationMs (300 ms), at once under prefers-reduced-motion. Activated with
 * the keyboard, it hands focus to the first tab stop (the skip link), since the button hides at the top.
 */
import { TIMING } from '../site/limits';

export function initBackToTop(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-back-to-top]');
  if (button) {
    let frame = 0;
    const update = () => {
      frame = 0;
      button.classList.toggle('is-visible', window.scrollY > TIMING.backToTopScrollPx);
    };
    window.addEventListener('scroll', () => (frame ||= requestAnimationFrame(update)), { passive: true });
    // At the next frame, not now (the button starts hidden): reading scrollY while the page is still being laid out
    // forces that layout early, inside the task that runs the site's scripts (as in Header.ts).
    frame = requestAnimationFrame(update);

    let animation = 0;
    const scrollToTop = () => {
      cancelAnimationFrame(animation);
      const start = window.scrollY;
      if (matchMedia('(prefers-reduced-motion: reduce)').matches || start === 0) {
        window.scrollTo({ top: 0, behavior: 'instant' });
        return;
      }
      // The clock starts at the first frame, not at the click: on a busy page the first frame can come late, and
      // counting from the click would then jump to the top instead of showing the movement.
      let began = -1;
      const step = (now: number) => {
        if (began < 0) began = now;
        const t = Math.min(1, (now - began) / TIMING.backToTopDurationMs);
        const eased = 1 - (1 - t) ** 3; // ease-out cubic
        window.scrollTo({ top: Math.round(start * (1 - eased)), behavior: 'instant' });
        if (t < 1) animation = requestAnimationFrame(step);
      };
      animation = requestAnimationFrame(step);
    };

    button.addEventListener('click', (event) => {
      scrollToTop();
      // detail 0: activated with the keyboard. The button hides at the top, so focus moves to the first tab stop.
      if (event.detail === 0) document.querySelector<HTMLElement>('.skip-link')?.focus({ preventScroll: true });
      else button.blur();
    });
  }
}
