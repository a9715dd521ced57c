/**
 * Shared fixtures of the end-to-end tests (every spec imports `test` from here):
 * - `page` fails the test on any console error or uncaught page error ("no console errors");
 * - `cspViolations` (automatic) fails the test when any page or frame of any browser context the test opens (its
 *   `page`, and contexts it makes itself with `browser.newContext`) reports a Content-Security-Policy violation (the
 *   `securitypolicyviolation` event, CSP3 §5.3). The site is served with the headers of `dist/_headers`
 *   (scripts/serve.mjs), so this is the production policy: a page that breaks only under it fails its test;
 * - `portal` reads the sample portal's lists from a sample portal of the test worker's own (the site forwards only the
 *   browser's calls, src/lib/portal-proxy.ts), the same data the site was built from (SAMPLE_PORTAL_TODAY included),
 *   so tests compare pages with it.
 */
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { ENDPOINTS, type EndpointName } from '../../src/portal/endpoints';
import { portalUrl } from '../../src/portal/client';

/**
 * Browser messages that are not errors of the site, matched by exact text (REFERENCE.md "Test layers": one documented list,
 * never a broad pattern). Chromium rejects a cross-document view transition's internal promise when a link is
 * followed before the old page settles ("opt-in disabled"), or when the new page was already shown before the
 * transition could start ("Page already revealed", seen once when a search was submitted right after the page
 * loaded); the navigation itself completes and nothing is lost. The site's code does not touch view transitions
 * (global.css `@view-transition` only).
 */
export const BENIGN_BROWSER_MESSAGES: readonly string[] = [
  'Transition was aborted because of invalid state. ViewTransition opt-in disabled',
  'Transition was aborted because of invalid state. Page already revealed',
];

export interface PortalReader {
  /** The `data` of a list endpoint. */
  list<T = Record<string, unknown>>(name: EndpointName): Promise<T[]>;
}

/** Reads lists from the sample portal at `base` (its URL). */
function portalReader(base: string): PortalReader {
  return {
    async list<T>(name: EndpointName) {
      const endpoint = ENDPOINTS[name];
      const url = portalUrl(endpoint, base);
      const response =
        endpoint.method === 'POST'
          ? await fetch(url, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })
          : await fetch(url);
      const body = (await response.json()) as { code: number; data: T[] };
      expect(body.code).toBe(20000);
      return body.data;
    },
  };
}

/** The page function a context's pages call with each violation (a Playwright binding). */
const CSP_BINDING = '__e2eReportCspViolation';

/** What a page reports of a violation (SecurityPolicyViolationEvent fields). */
interface CspViolation {
  directive: string;
  blocked: string;
  document: string;
  source: string;
  line: number;
  sample: string;
}

/** Contexts already watched (the `page` fixture's context may also come through `browser.newContext`). */
const watched = new WeakSet<BrowserContext>();

/**
 * Records every Content-Security-Policy violation that any page or frame of `context` reports, from the first
 * script on: a binding the pages call, and an init script listening for `securitypolicyviolation` on the document
 * (capturing, so a page cannot stop it). Each is recorded as one line: directive, what was blocked (`inline`,
 * `eval` or a URL), the document's path, where and the sample the browser gives.
 * In: the context; `record` receives each line. Out: resolves once installed (before the context's next page).
 */
export async function watchSecurityPolicy(context: BrowserContext, record: (line: string) => void): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(CSP_BINDING, (_source, violation: CspViolation) => {
    const where = violation.source ? ` at ${violation.source}:${violation.line}` : '';
    const sample = violation.sample ? ` ("${violation.sample}")` : '';
    record(`${violation.directive} blocked ${violation.blocked || 'inline'} on ${violation.document}${where}${sample}`);
  });
  await context.addInitScript((binding) => {
    // Frames of other origins (the chatbot, the video player) keep their own policies: not the site's to answer for.
    const sameOrigin = () => {
      try {
        return window.top?.location.origin === location.origin;
      } catch {
        return false;
      }
    };
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        if (!sameOrigin()) return;
        const report = (window as unknown as Record<string, (violation: CspViolation) => void>)[binding];
        report({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          document: new URL(event.documentURI).pathname,
          source: event.sourceFile,
          line: event.lineNumber,
          sample: event.sample,
        });
      },
      true,
    );
  }, CSP_BINDING);
}

/**
 * The check every test ends with: no Content-Security-Policy violation was recorded.
 * @throws the expectation's error, listing the violations
 */
export function expectNoCspViolations(violations: readonly string[]): void {
  expect(violations, 'Content-Security-Policy violations on the pages of this test').toEqual([]);
}

/**
 * Makes every context `browser.newContext` creates during a test watched (watchSecurityPolicy); returns the undo.
 */
function watchNewContexts(browser: Browser, record: (line: string) => void): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args);
    await watchSecurityPolicy(context, record);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * Waits until the notification island has hydrated and its check has answered: the check's call is in the page's
 * resource timing with its answer read (responseEnd), then one frame for the island to show it. (Waiting for the
 * network to be idle instead timed out at 30 s now and then in Chromium's headless shell, while the check had long
 * answered.) In: the page. Out: resolves once both hold; throws Playwright's timeout error otherwise.
 */
export async function notificationsChecked(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-bell-trigger]')?.hasAttribute('aria-expanded'));
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.includes('/Common/GetPortalNotification') && (entry as PerformanceResourceTiming).responseEnd > 0),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/**
 * Waits until the page has downloaded what it downloads by itself: its load event, then `quietMs` ms (500 by default,
 * Playwright's networkidle period) in which no download finishes, counted by the page's own resource timing (a
 * PerformanceObserver of `resource` entries, one per finished download, not limited by the timing buffer) and timed
 * by the test's clock (a page may run a fake one: `page.clock`). It stands where the tests waited for the network to be
 * idle, which in Chromium's headless shell now and then never came within 30 s. A download still running at the end
 * of a quiet period is not waited for: a test that needs a given download waits for it by name, or a longer period.
 * In: the page, the quiet period in ms. Out: resolves once quiet; throws what Playwright throws (a closed page).
 */
export async function downloadsSettled(page: Page, quietMs = 500): Promise<void> {
  await page.waitForLoadState('load');
  const count = () =>
    page.evaluate(() => {
      const record = window as unknown as { __e2eDownloads?: number };
      if (record.__e2eDownloads === undefined) {
        record.__e2eDownloads = 0;
        new PerformanceObserver((list) => {
          record.__e2eDownloads! += list.getEntries().length;
        }).observe({ type: 'resource' });
      }
      return record.__e2eDownloads;
    });
  let seen = await count();
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, quietMs - (Date.now() - quietSince))));
    const now = await count();
    if (now !== seen) [seen, quietSince] = [now, Date.now()];
  }
}

export const test = base.extend<{ consoleErrors: string[]; cspViolations: string[] }, { portal: PortalReader }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const undo = watchNewContexts(browser, (line) => violations.push(line));
      try {
        await use(violations);
      } finally {
        undo();
      }
      expectNoCspViolations(violations);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watchSecurityPolicy(context, (line) => cspViolations.push(line));
    await use(context);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors }, use) => {
    const record = (text: string) => {
      if (!BENIGN_BROWSER_MESSAGES.includes(text)) consoleErrors.push(text);
    };
    page.on('console', (message) => {
      if (message.type() === 'error') record(message.text());
    });
    page.on('pageerror', (error) => record(error.message));
    await use(page);
    // A violation reported just before the test ended is still on its way: one round trip to the page lets it arrive.
    await page.evaluate(() => undefined).catch(() => undefined);
    expect(consoleErrors, 'console errors on the pages of this test').toEqual([]);
  },
  portal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const sample = await startSamplePortal({ port: 0 });
      try {
        await use(portalReader(sample.url));
      } finally {
        await sample.close();
      }
    },
    { scope: 'worker' },
  ],
});

export { expect };
