/**
 * Behaviour of FaqItem.astro: a link to a question (`/faq/3#faq-12`, from /faq/service or a site-search result) opens
 * it, scrolls to it and moves the focus to its question, on load and whenever the fragment changes, so that a
 * keyboard or screen-reader visitor lands on the answer they followed. Without JavaScript the page still scrolls to
 * the (closed) question.
 */

/** Opens the FAQ question the URL fragment names, if any, and focuses its question. */
export function openFaqFromHash(): void {
  let id: string;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    return;
  }
  if (!id) return;
  const target = document.getElementById(id);
  if (!(target instanceof HTMLDetailsElement && target.classList.contains('faq-item'))) return;
  target.open = true;
  // Focused once the page has loaded: the browser's own scroll to the fragment, which comes with the load, would
  // otherwise move the focus back to the document (the details element itself is not focusable).
  const focus = () => {
    target.querySelector('summary')?.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  };
  if (document.readyState === 'complete') focus();
  else window.addEventListener('load', () => requestAnimationFrame(focus), { once: true });
}

/** Opens the question now and on every later fragment change. */
export function initFaqItems(): void {
  openFaqFromHash();
  window.addEventListener('hashchange', openFaqFromHash);
}
