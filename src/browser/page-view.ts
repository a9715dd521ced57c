/**
 * Page-view tracking with Google Analytics 4 (REFERENCE.md "Constants": "page-view tracking delayed 250 ms"). Only when a
 * measurement id is configured (PUBLIC_GA_MEASUREMENT_ID); without one nothing is loaded and nothing is sent.
 * The gtag.js library is loaded TIMING.pageViewDelayMs after the page has loaded, with automatic page views off,
 * and one `page_view` is sent for the page (again when the page comes back from the back/forward cache).
 * A prerendered page (the browser's own prerendering, or Speculation Rules prerender should the site's rules in
 * src/lib/speculation-rules.ts ever ask for it) is counted only when the visitor actually opens it: tracking starts at its `prerenderingchange` event, never while it is hidden.
 */

/** Where gtag.js comes from. */
export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';

type GtagWindow = Window & { dataLayer?: unknown[] };

/** The gtag() command queue of `win`, created when missing (gtag.js reads it when it loads). */
function gtagOf(win: GtagWindow): (...args: unknown[]) => void {
  win.dataLayer ??= [];
  const layer = win.dataLayer;
  // gtag.js expects the `arguments` object itself in the queue, not an array.
  return function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads the arguments object itself, not an array.
    layer.push(arguments);
  };
}

/**
 * Starts tracking for this page.
 * @returns whether tracking is on (false when `measurementId` is empty).
 */
export function startPageViewTracking(measurementId: string | undefined, delayMs: number, win: GtagWindow = window): boolean {
  const id = measurementId?.trim();
  if (!id) return false;
  const doc = win.document;
  const gtag = gtagOf(win);
  const sendPageView = () =>
    gtag('event', 'page_view', { page_location: win.location.href, page_title: doc.title, page_path: win.location.pathname });

  const start = () =>
    win.setTimeout(() => {
      gtag('js', new Date());
      gtag('config', id, { send_page_view: false });
      sendPageView();
      const script = doc.createElement('script');
      script.async = true;
      script.src = `${GTAG_URL}?id=${encodeURIComponent(id)}`;
      doc.head.append(script);
    }, delayMs);

  const startWhenLoaded = () => {
    if (doc.readyState === 'complete') start();
    else win.addEventListener('load', start, { once: true });
  };
  if ((doc as Document & { prerendering?: boolean }).prerendering) {
    doc.addEventListener('prerenderingchange', startWhenLoaded, { once: true });
  } else startWhenLoaded();
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) win.setTimeout(sendPageView, delayMs);
  });
  return true;
}
