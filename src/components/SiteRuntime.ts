/**
 * Page-wide robustness, no markup (REFERENCE.md "Widget states", "Failures": a chunk-load failure reloads the page; run by SiteLayout's one
 * script): a failed lazy chunk (`vite:preloadError`, a hydration error caused by a chunk, a same-origin script that
 * fails to load) reloads the page once (browser/chunk-reload.ts); GA4 page-view tracking starts TIMING.pageViewDelayMs
 * (250 ms) after load when PUBLIC_GA_MEASUREMENT_ID is set.
 */
import { PUBLIC_GA_MEASUREMENT_ID } from 'astro:env/client';
import { TIMING } from '../site/limits';
import { isChunkLoadError, reloadOnce } from '../browser/chunk-reload';
import { startPageViewTracking } from '../browser/page-view';

export function initSiteRuntime(): void {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  let reloading = false;
  /** Reloads once; returns whether the page is reloading (the failure is then not worth reporting). */
  const recover = (): boolean => {
    if (!reloading) reloading = reloadOnce(storage, () => window.location.reload());
    return reloading;
  };

  window.addEventListener('vite:preloadError', (event) => {
    if (recover()) event.preventDefault();
  });
  document.addEventListener('astro:hydration-error', (event) => {
    const { error } = (event as CustomEvent<{ error: unknown }>).detail ?? {};
    if (isChunkLoadError(error) && recover()) event.preventDefault();
  });
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement && target.src && new URL(target.src).origin === location.origin) recover();
    },
    true,
  );

  // Without a measurement id (known at build time) this branch, and the tracking code, is left out of the bundle.
  if (PUBLIC_GA_MEASUREMENT_ID) startPageViewTracking(PUBLIC_GA_MEASUREMENT_ID, TIMING.pageViewDelayMs);
}
