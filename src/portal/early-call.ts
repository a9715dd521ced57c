/**
 * A portal call started by the page's head, before any module has loaded (the system dialog, often
 * a page's largest paint, waited for the HTML, then the layout's script, then its runtime chunk, and only then for
 * the notification call; Lighthouse LCP of /faq/1 and /contact).
 *
 * - At build time the layout writes `earlyCallScript(endpoint, base)` as an inline classic script in `<head>`. It
 *   sends the very request `callPortal` would (portalRequestInit), reads the answer whole (the request completes
 *   even when no module takes it: a failed chunk), and leaves it, never a rejected promise (no "Uncaught (in
 *   promise)" when the network fails), under `window.__insurerEarlyCalls[endpoint.name]`. Its
 *   hash is in the Content-Security-Policy like every inline script of our pages (src/lib/security-headers.ts).
 * - In the browser, the caller passes `earlyCallFetch(endpoint)` as callPortal's `fetch`: its first use answers
 *   with the early response (or its network error), and every later use (a retry) is a normal fetch. Without an
 *   early call (a page without the script, a test's page) it is a normal fetch from the start.
 */
import { portalRequestInit, portalUrl } from './client';
import type { Endpoint } from './endpoints';

/** The global the inline script writes: endpoint name → `{ response }` or `{ error }`. */
const EARLY_CALLS = '__insurerEarlyCalls';

/** The early call's answer, read whole (so the request completes even if no module ever takes it), or its error. */
type EarlyOutcome = { status: number; statusText: string; text: string } | { error: unknown };

/**
 * The inline script that starts `endpoint` at once (classic script, ES5, no imports).
 * @param base the portal base of the browser (PUBLIC_PORTAL_API_BASE)
 * @param body a POST's body
 * @returns the script's source: the same text on every page of a build, so one CSP hash covers it
 */
export function earlyCallScript(endpoint: Endpoint, base = '', body: unknown = {}): string {
  const url = portalUrl(endpoint, base);
  const init = portalRequestInit(endpoint, body);
  return (
    `(window.${EARLY_CALLS}=window.${EARLY_CALLS}||{})[${JSON.stringify(endpoint.name)}]=` +
    `fetch(${JSON.stringify(url)},${JSON.stringify(init)}).then(function(r){return r.text().then(function(t){` +
    `return{status:r.status,statusText:r.statusText,text:t}})}).then(null,function(e){return{error:e}});`
  );
}

/**
 * A fetch for callPortal whose first call takes the early call of `endpoint` (if the head started one), and whose
 * later calls go to the network. The caller's signal (cancellation, callPortal's time limit) still ends the wait.
 */
export function earlyCallFetch(endpoint: Endpoint): typeof fetch {
  const calls = (globalThis as { [EARLY_CALLS]?: Record<string, Promise<EarlyOutcome>> })[EARLY_CALLS];
  let early = calls?.[endpoint.name];
  if (calls) delete calls[endpoint.name];
  return (input, init) => {
    const pending = early;
    early = undefined;
    if (!pending) return globalThis.fetch(input, init);
    return new Promise<Response>((resolve, reject) => {
      const signal = init?.signal;
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      void pending.then((outcome) =>
        'error' in outcome ? reject(outcome.error) : resolve(new Response(outcome.text, { status: outcome.status, statusText: outcome.statusText })),
      );
    });
  };
}
