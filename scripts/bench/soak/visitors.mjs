/**
 * The soak's visitors (scripts/bench/soak.mjs): a bounded load of requests on the live site during every cycle
 * (autocannon), the poller that sees each editor's change go live, and a browser (Chromium, playwright-core) that
 * opens a few pages after each switch.
 *
 * What counts as a visitor error: any answer but 200, 301 and 304, except 404 for a page whose item an editor really
 * withdrew; a socket error or a timeout. What counts as a missing asset: a same-origin request of a page that fails or
 * answers 400 or more (the portal's faults end with the run, before the browser's visit). CSP violations are those
 * the page's own document reports (`securitypolicyviolation`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import { NOTIFICATIONS_ENDPOINT } from '../../../src/portal/endpoints.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../lib/system.mjs';

/** Answers a visitor may get: the page, a redirect, not modified. */
const GOOD_STATUSES = new Set([200, 301, 304]);
/** Ceiling of the visitor load, in requests per second over all connections, and its connections. */
export const VISITOR_RATE_PER_S = 40;
const VISITOR_CONNECTIONS = 4;
/** How many files of each kind the load asks for (pages, scripts and styles, search files, images, audio). */
const SAMPLE_PER_KIND = 25;
/** Time limit of one visitor request, in s (autocannon's timeout). */
const REQUEST_TIMEOUT_S = 10;

/** Every file under `dir`, as site paths (`/news/detail/1/index.html`). */
function siteFiles(dir) {
  const files = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name);
      const stat = statSync(file, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) walk(file);
      else files.push(`/${relative(dir, file)}`);
    }
  };
  walk(dir);
  return files;
}

/** Every `step`-th element, at most `count`. */
const spread = (list, count) => (list.length <= count ? list : list.filter((_, at) => at % Math.ceil(list.length / count) === 0));

/**
 * The paths the load asks for in a release: pages (as visitors write them, `/news/`), its scripts and styles, search
 * files, images and audio, SAMPLE_PER_KIND of each, spread over the release.
 * @param {string} release a release folder (the target's `current`, or an older one)
 * @returns {{ pages: string[], assets: string[] }} `assets` the hashed files pages of this release load
 */
export function releasePaths(release) {
  const files = siteFiles(release).filter((file) => !/\.(gz|br)$/.test(file));
  const pages = files.filter((file) => file.endsWith('/index.html') && !file.startsWith('/_')).map((file) => file.slice(0, -'index.html'.length));
  const kind = (pattern) =>
    spread(
      files.filter((file) => pattern.test(file)),
      SAMPLE_PER_KIND,
    );
  return {
    pages: spread(pages, SAMPLE_PER_KIND * 2),
    assets: [...kind(/^\/_astro\//), ...kind(/^\/pagefind\//), ...kind(/^\/_images\//), ...kind(/\.(mp3|m4a|ogg|opus)$/)],
  };
}

/**
 * Starts the visitor load on `url` over `paths`, until stop().
 * @param {{ url: string, paths: string[], withdrawn: (path: string) => boolean }} options `withdrawn` says whether
 *   a 404 on a path is a page an editor really removed
 * @returns {{ stop(): Promise<{ requests: number, errors: { path: string, status: number | string }[] }> }}
 */
export function startVisitorLoad({ url, paths, withdrawn }) {
  const errors = [];
  let requests = 0;
  const record = (path) => (status) => {
    requests += 1;
    if (GOOD_STATUSES.has(status) || (status === 404 && withdrawn(path))) return;
    errors.push({ path, status });
  };
  const instance = autocannon({
    url,
    connections: VISITOR_CONNECTIONS,
    overallRate: VISITOR_RATE_PER_S,
    duration: 24 * 3600,
    timeout: REQUEST_TIMEOUT_S,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: paths.map((path) => ({ method: 'GET', path, onResponse: record(path) })),
  });
  instance.on('reqError', (error) => errors.push({ path: '(connection)', status: error.code ?? error.message }));
  const done = new Promise((resolve) => instance.on('done', resolve));
  return {
    async stop() {
      instance.stop();
      const result = await done;
      if (result.timeouts > 0) errors.push({ path: '(timeouts)', status: `${result.timeouts} timed out` });
      return { requests, errors };
    },
  };
}

/**
 * Whether a change is live: its page answers as the editor expects.
 * @param {string} url the live site
 * @param {{ path: string, expect: { text?: string, status?: number } }} change (editor.mjs)
 * @returns {Promise<boolean | null>} null when the site did not answer (a connection error)
 */
export async function isLive(url, change) {
  try {
    const response =
      change.path === 'notifications'
        ? await fetch(`${url}${NOTIFICATIONS_ENDPOINT.path}`, {
            method: NOTIFICATIONS_ENDPOINT.method,
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        : await fetch(`${url}${change.path}`, { redirect: 'follow' });
    const text = await response.text();
    if (change.expect.status !== undefined) return response.status === change.expect.status;
    return response.ok && text.includes(change.expect.text);
  } catch {
    return null;
  }
}

/** Reads a release's page as text, or '' when it has none. */
export const pageText = (release, path) => {
  try {
    return readFileSync(join(release, path, 'index.html'), 'utf8');
  } catch {
    return '';
  }
};

/**
 * The browser visit after a switch: opens each path in Chromium and reports what a visitor would meet.
 * @param {{ url: string, paths: string[] }} options
 * @returns {Promise<{ violations: string[], missing: string[], errors: string[] }>} CSP violations, same-origin
 *   requests that failed or answered ≥ 400, and page errors (uncaught exceptions), each naming the page
 */
export async function visitInBrowser({ url, paths }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const found = { violations: [], missing: [], errors: [] };
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 780 } });
    await context.exposeBinding('__soakViolation', (_source, line) => found.violations.push(line));
    await context.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => window.__soakViolation(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`),
        true,
      );
    });
    for (const path of paths) {
      const page = await context.newPage();
      page.on('pageerror', (error) => found.errors.push(`${path}: ${error.message}`));
      page.on('response', (response) => {
        // The page's own answer is not an asset: the poller judges it (a quarantined item's page is rightly absent).
        if (response.request().resourceType() === 'document' && response.frame() === page.mainFrame()) return;
        if (response.url().startsWith(url) && response.status() >= 400) {
          found.missing.push(`${path}: ${response.status()} ${new URL(response.url()).pathname}`);
        }
      });
      page.on('requestfailed', (request) => {
        const failure = request.failure()?.errorText ?? '';
        // A request the page itself gave up (a prefetch cut short by leaving) is not a missing asset.
        if (request.url().startsWith(url) && !/ERR_ABORTED/.test(failure))
          found.missing.push(`${path}: ${failure} ${new URL(request.url()).pathname}`);
      });
      await page.goto(`${url}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(500);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return found;
}
