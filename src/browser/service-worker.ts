/**
 * Registers the service worker (SERVICE_WORKER_PATH of src/site/app.ts, written by src/integrations/service-worker.ts)
 * from the layout's script, in production builds only (`import.meta.env.PROD`: the dev server has no worker, and a
 * worker there would keep pages of the code being edited). Registered after the page's `load` event, so that its
 * precache downloads do not compete with the page's own requests. `updateViaCache: 'none'`: the browser checks the
 * worker's script past its HTTP cache on every navigation, so a new deploy's worker is found at the next visit.
 * A browser without service workers, or one that refuses the registration (private modes, blocked by policy), gets
 * the site as it is without a worker: the failure is not an error of the page.
 */
import { SERVICE_WORKER_PATH } from '../site/app';

/** Registers the worker once the page has loaded; no-op outside production builds or without service worker support. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/', updateViaCache: 'none' }).catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
