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
import { describeEndpoint, type Endpoint } from './endpoints';
import { PortalTimeoutError, PortalTooLargeError } from './errors';

/** The global the inline script writes: endpoint name → `{ response }` or `{ error }`. */
const EARLY_CALLS = '__insurerEarlyCalls';

/**
 * The early call's answer, read whole (so the request completes even if no module ever takes it); or that it was
 * larger than its cap (`tooLarge`: bytes read when it stopped, or declared; `limit`: the cap) or took longer than its
 * time limit (`timedOut`: the limit in ms), both with the stream cancelled; or its network error.
 */
type EarlyOutcome =
  | { status: number; statusText: string; text: string }
  | { tooLarge: number; limit: number }
  | { timedOut: number }
  | { error: unknown };

/** The bounds of an early call: the most bytes it reads (after decompression) and its time limit in ms. */
export interface EarlyCallLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * The inline script that starts `endpoint` at once (classic script, ES5, no imports). It reads the answer chunk by
 * chunk, as callPortal does (src/portal/client.ts readBody), and stops, cancelling the stream, once it has read more
 * than `limits.maxBytes` (an answer declaring more with Content-Length is not read at all) or after
 * `limits.timeoutMs` (a body that never ends): a large answer, a gzip bomb or an endless body costs the tab at most
 * the cap, and the page goes on without it.
 * @param base the portal base of the browser (PUBLIC_PORTAL_API_BASE)
 * @param body a POST's body
 * @param limits the cap in bytes (NOTIFICATIONS_MAX_BODY_BYTES for the notification check) and the time limit in ms
 * @returns the script's source: the same text on every page of a build, so one CSP hash covers it
 */
export function earlyCallScript(endpoint: Endpoint, base: string, body: unknown, limits: EarlyCallLimits): string {
  const url = portalUrl(endpoint, base);
  const init = portalRequestInit(endpoint, body);
  const max = Math.floor(limits.maxBytes);
  const timeout = Math.floor(limits.timeoutMs);
  // c: abort controller, t: timer, n: bytes read, p: decoded parts.
  return (
    `(window.${EARLY_CALLS}=window.${EARLY_CALLS}||{})[${JSON.stringify(endpoint.name)}]=(function(){` +
    `var i=${JSON.stringify(init)},c=new AbortController(),o=0,t=setTimeout(function(){o=1;c.abort()},${timeout});i.signal=c.signal;` +
    `function end(v){clearTimeout(t);return v}` +
    `return fetch(${JSON.stringify(url)},i).then(function(r){` +
    `var n=0,p=[],d=new TextDecoder(),l=+r.headers.get("content-length"),e=r.headers.get("content-encoding");` +
    `if(!r.body)return end({status:r.status,statusText:r.statusText,text:""});` +
    `var k=r.body.getReader();` +
    `if((!e||e=="identity")&&l>${max}){k.cancel().then(null,function(){});return end({tooLarge:l,limit:${max}})}` +
    `function next(){return k.read().then(function(x){` +
    `if(x.done)return end({status:r.status,statusText:r.statusText,text:p.join("")+d.decode()});` +
    `n+=x.value.byteLength;if(n>${max}){k.cancel().then(null,function(){});return end({tooLarge:n,limit:${max}})}` +
    `p.push(d.decode(x.value,{stream:true}));return next()})}` +
    `return next()}).then(null,function(e){return end(o?{timedOut:${timeout}}:{error:e})})})();`
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
      void pending.then((outcome) => {
        const name = describeEndpoint(endpoint);
        // Both are PortalErrors: callPortal fails the check with them at once, without a retry that would read again.
        if ('tooLarge' in outcome) reject(new PortalTooLargeError(name, outcome.limit));
        else if ('timedOut' in outcome) reject(new PortalTimeoutError(name, outcome.timedOut));
        else if ('error' in outcome) reject(outcome.error);
        else resolve(new Response(outcome.text, { status: outcome.status, statusText: outcome.statusText }));
      });
    });
  };
}
