/**
 * Astro client directive `client:intent="<selector>"`: hydrates an island on the visitor's first sign of using it,
 * not at page load, for islands that matter only once opened (the search overlay: REFERENCE.md "Page frame", "Budgets" JavaScript
 * budget: a page without another React island then downloads no React on a first visit).
 *
 * - The value is a CSS selector of the controls that use the island (`[data-search-trigger]`).
 * - A pointerdown on such a control, or focus reaching it (Tab), starts loading the island's code: the download
 *   starts before the click (about 100 ms later for a pointer; Enter for the keyboard).
 * - A plain click on such a control that the island has not taken (its code still loading, or not yet mounted) is
 *   held: the link is not followed, the control is marked (src/browser/intent.ts, INTENT_PENDING_ATTRIBUTE), and the
 *   island, once mounted, takes the mark and does what the click asked for. So the first click works however slow
 *   the network. The listener sits on `window` (bubble phase), after the island's own `document` listener: a click
 *   the island handled arrives here with `defaultPrevented` and is left alone. Modified clicks (a new tab) are left
 *   to the link.
 * - Without JavaScript, or with a selector matching nothing, the controls are plain links.
 *
 * Registered by src/integrations/intent-directive.ts; Astro bundles this file into an inline script of each page
 * with such an island and hashes it for the Content Security Policy itself (REFERENCE.md "Browser side"). The weight scripts
 * (scripts/js-weight.mjs) count such an island's code only once it is used, as a first visit downloads it.
 */
import type { ClientDirective } from 'astro';
import { INTENT_PENDING_ATTRIBUTE, isPlainClick } from './intent';

/** The events that show the visitor is about to use a control: loading starts, nothing is held. */
const EARLY_EVENTS = ['pointerdown', 'focusin'] as const;

const intentDirective: ClientDirective = (load, options) => {
  const selector = typeof options.value === 'string' ? options.value : '';
  if (selector === '') return;
  const control = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null);

  let loading = false;
  const start = () => {
    if (loading) return;
    loading = true;
    for (const type of EARLY_EVENTS) document.removeEventListener(type, onEarly, true);
    void load().then((hydrate) => hydrate());
  };
  const onEarly = (event: Event) => {
    if (control(event)) start();
  };
  const onClick = (event: MouseEvent) => {
    const target = control(event);
    if (!target || event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    target.setAttribute(INTENT_PENDING_ATTRIBUTE, '');
    start();
  };
  for (const type of EARLY_EVENTS) document.addEventListener(type, onEarly, true);
  window.addEventListener('click', onClick);
};

export default intentDirective;
