/**
 * The hand-over between the `client:intent` directive (src/browser/intent-directive.ts) and the island it hydrates:
 * a control the visitor clicked before the island's code had loaded carries INTENT_PENDING_ATTRIBUTE; the island,
 * once mounted, takes that control (`takePendingIntent`) and does what the click asked for (the search overlay
 * opens). Through the DOM, not a global: the directive is an inline script bundled on its own (Astro bundles a
 * client directive with esbuild, apart from the islands), so it shares no module instance, no store, with them.
 */

/** The attribute marking a control whose click waits for its island (a boolean attribute, no value). */
export const INTENT_PENDING_ATTRIBUTE = 'data-intent-pending';

/**
 * Takes the control a click left waiting: the first element matching `selector` that carries
 * INTENT_PENDING_ATTRIBUTE, with the mark removed, or null when no click waits.
 * @param selector CSS selector of the island's controls (the directive's value, e.g. `[data-search-trigger]`)
 */
export function takePendingIntent(selector: string): HTMLElement | null {
  const control = document.querySelector<HTMLElement>(`${selector}[${INTENT_PENDING_ATTRIBUTE}]`);
  control?.removeAttribute(INTENT_PENDING_ATTRIBUTE);
  return control;
}

/**
 * A plain primary click (no modifier key): the clicks an island takes over; a modified click (a new tab, a new
 * window, a download) is left to the link.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
