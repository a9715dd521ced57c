/**
 * Where the bell panel floats (NotificationCenter.astro): its fixed stack starts under the header, and under the
 * banner while the banner is in view. The banner is part of the page (it scrolls away), the panel is not: at the top
 * of a page the panel stands below the banner, so that neither covers a control or text of the other; once the
 * banner has scrolled away the panel moves up under the header. The stack's top is the custom property
 * `--notice-stack-top` (px, widgets.css .notice-stack; without it the stack sits under the header).
 */

/**
 * Keeps the stack's top at the lower of the header's and the banner's bottom edges (px from the top of the window)
 * while the panel is open: on scroll and on a change of either's size (ResizeObserver), one update per animation
 * frame. Nothing is observed while the panel is closed.
 * In: the stack (`[data-notice-stack]`), the banner's place (`[data-notice-banner-slot]`) and the header.
 * Out: a function called with whether the panel is open.
 */
export function followBanner(stack: HTMLElement, bannerSlot: HTMLElement, header: HTMLElement): (open: boolean) => void {
  let frame = 0;
  let following = false;
  const place = () => {
    frame = 0;
    const top = Math.max(header.getBoundingClientRect().bottom, bannerSlot.getBoundingClientRect().bottom);
    stack.style.setProperty('--notice-stack-top', `${Math.max(0, Math.round(top))}px`);
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(place);
  };
  const observer = new ResizeObserver(schedule);
  return (open) => {
    if (open === following) return;
    following = open;
    if (open) {
      window.addEventListener('scroll', schedule, { passive: true });
      observer.observe(bannerSlot);
      observer.observe(header);
      schedule();
    } else {
      window.removeEventListener('scroll', schedule);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
    }
  };
}
