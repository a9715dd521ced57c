/**
 * Behaviour of FaqItem.astro: a link to a question (`/faq/3#faq-12`, e.g. from /faq/service) opens it, on load
 * and whenever the fragment changes. Without JavaScript the page still scrolls to the (closed) question.
 */

/** Opens the FAQ question the URL fragment names, if any. */
export function openFaqFromHash(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  const target = document.getElementById(id);
  if (target instanceof HTMLDetailsElement && target.classList.contains('faq-item')) target.open = true;
}

/** Opens the question now and on every later fragment change. */
export function initFaqItems(): void {
  openFaqFromHash();
  window.addEventListener('hashchange', openFaqFromHash);
}
