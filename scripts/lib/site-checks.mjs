/**
 * The checks of a built site that hold whatever the portal's data (REFERENCE.md "Architecture": a broken site is never published): the
 * deploy gate of the publishing pipeline (scripts/rebuild.mjs calls `checkSite` before any deploy) and, wrapped by
 * tests/build/site-checks.test.ts, part of `npm test` (the gate is a script the test wraps, not a test file that deploy
 * runs). Under real nginx over the site with its generated include (scripts/lib/nginx.mjs), and the portal
 * (`portalUrl`, or the sample portal) behind `/api/` and `/upload/`:
 * - build-report.json lists every portal list with its endpoint, item count, source and age, and no page links it;
 *   the publish report page for editors (`/_publish/`) is there, noindex, and no other page links it;
 * - every redirect of `_redirects` answers 301 with its exact Location, which answers 200;
 * - an unknown path answers 404;
 * - no internal link of any page is broken, checked over the built files (scripts/lib/link-check.mjs: a crawl over
 *   HTTP took about 170 s at 10,000 items), the portal's files through nginx; and every internal link of the home
 *   page (each kind of page: the menus and the footer) answers through nginx as the files say.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENDPOINTS } from '../../src/portal/endpoints.ts';
import { BUILD_REPORT_FILE, PUBLISH_REPORT_PATH } from '../../src/site/limits.ts';
import { checkBuiltLinks, internalUrl, pageLinks } from './link-check.mjs';
import { startNginx } from './nginx.mjs';

/** Fewest HTML pages a built site has; fewer means the check looked at a broken or partial build. */
const MIN_PAGES = 100;
/** Fewest redirects in `_redirects` (REFERENCE.md "Redirects" plans more); fewer means a broken plan. */
const MIN_REDIRECTS = 20;
/** Fewest distinct internal URLs the pages link; fewer means the check read a broken or partial build. */
const MIN_LINKS = 200;
/** Time limit of a check in the tests, in milliseconds (the link check reads every page). */
export const LINK_CHECK_MS = 300_000;
/** The sources a build report gives for a list. */
const LIST_SOURCES = ['live', 'snapshot'];

/**
 * A built site served for the checks.
 * @typedef {{ dist: string, url: string, portalLists?: readonly string[], get(path: string): Promise<Response>,
 *   close(): Promise<void> }} ServedSite
 *   `dist` is the site's folder, `url` nginx's origin (no trailing slash), `get` fetches a path without following
 *   redirects, `portalLists` the names the build report must list (when known: the content collections).
 */

/**
 * Serves a built site under nginx with the portal behind it.
 * @param {{ dist: string, portalUrl?: string, portalLists?: readonly string[], settings?: object }} options  `dist`: the
 *   built site's folder; `portalUrl`: the portal's base URL (e.g. PORTAL_API_BASE), else a sample portal is started on
 *   a free loopback port, with the caller's `settings` (src/settings.ts readSettings) when given; `portalLists`: see
 *   ServedSite.
 * @returns {Promise<ServedSite>}
 * @throws {Error} when nginx cannot start (no `nginx.conf` in `dist`, nginx missing or refusing the config).
 */
export async function serveSite({ dist, portalUrl, portalLists, settings }) {
  const root = resolve(dist);
  let portal;
  if (!portalUrl) {
    // Loaded only when needed: the sample portal needs the devDependencies, which a production install lacks.
    const { startSamplePortal } = await import('../sample-portal/server.mjs');
    portal = await startSamplePortal({ port: 0, settings });
  }
  let nginx;
  try {
    nginx = await startNginx({ dist: root, portalUrl: portalUrl || portal.url });
  } catch (error) {
    await portal?.close();
    throw error;
  }
  return {
    dist: root,
    url: nginx.url,
    ...(portalLists ? { portalLists } : {}),
    get: (path) => fetch(`${nginx.url}${path}`, { redirect: 'manual' }),
    async close() {
      await nginx.close();
      await portal?.close();
    },
  };
}

/** The HTML files of a site, as paths. */
const htmlPages = (dist) =>
  readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));

/** The build report: every portal list with its endpoint, count, source and age; the build time. */
function checkBuildReport({ dist, portalLists }) {
  let report;
  try {
    report = JSON.parse(readFileSync(join(dist, BUILD_REPORT_FILE), 'utf8'));
  } catch (error) {
    return [`${BUILD_REPORT_FILE}: ${error.message}`];
  }
  const failures = [];
  if (Number.isNaN(Date.parse(report.builtAt))) failures.push(`builtAt is not a time: ${JSON.stringify(report.builtAt)}`);
  const listed = Object.keys(report.lists ?? {}).sort();
  if (listed.length === 0) failures.push('no list recorded');
  if (portalLists) {
    for (const name of portalLists) if (!listed.includes(name)) failures.push(`${name}: not recorded`);
    for (const name of listed) if (!portalLists.includes(name)) failures.push(`${name}: recorded, but not a portal list`);
  }
  for (const name of listed) {
    const list = report.lists[name];
    const endpoint = Object.hasOwn(ENDPOINTS, name) ? `${ENDPOINTS[name].method} ${ENDPOINTS[name].path}` : undefined;
    if (list.endpoint !== endpoint) failures.push(`${name}: endpoint ${list.endpoint}, expected ${endpoint ?? 'a catalogue endpoint'}`);
    if (!(list.items >= 0)) failures.push(`${name}: items ${list.items}`);
    if (!LIST_SOURCES.includes(list.source)) failures.push(`${name}: source ${list.source}, expected ${LIST_SOURCES.join(' or ')}`);
    if (!(list.ageHours >= 0)) failures.push(`${name}: ageHours ${list.ageHours}`);
  }
  return failures;
}

/** The publish report page's file in a site. */
const reportPage = (dist) => join(dist, PUBLISH_REPORT_PATH, 'index.html');
/** A link to the publish report page in a page's HTML. */
const REPORT_LINK = new RegExp(`href="${PUBLISH_REPORT_PATH.slice(0, -1)}[/"?#]`);

/**
 * No page links the build report (it is for the pipeline, not for visitors); the publish report page for editors
 * is there, says noindex, and no other page links it.
 */
function checkReportUnlinked({ dist }) {
  const pages = htmlPages(dist);
  const failures = pages.length > MIN_PAGES ? [] : [`only ${pages.length} pages (a built site has more than ${MIN_PAGES})`];
  const report = reportPage(dist);
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    if (html.includes(BUILD_REPORT_FILE)) failures.push(`${page} links ${BUILD_REPORT_FILE}`);
    if (page !== report && REPORT_LINK.test(html)) failures.push(`${page} links the publish report ${PUBLISH_REPORT_PATH}`);
  }
  if (!pages.includes(report)) failures.push(`no publish report page ${PUBLISH_REPORT_PATH}`);
  else if (!/<meta name="robots" content="[^"]*noindex/.test(readFileSync(report, 'utf8'))) failures.push(`${PUBLISH_REPORT_PATH} is not noindex`);
  return failures;
}

/** Every planned redirect answers 301 with its exact Location, and that Location answers 200. */
async function checkRedirects({ dist, get }) {
  const redirects = readFileSync(join(dist, '_redirects'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(' '));
  const failures = redirects.length > MIN_REDIRECTS ? [] : [`only ${redirects.length} redirects in _redirects (expected more than ${MIN_REDIRECTS})`];
  for (const [from, to] of redirects) {
    const response = await get(from);
    if (response.status !== 301 || response.headers.get('location') !== to) {
      failures.push(`${from}: ${response.status} → ${response.headers.get('location')}, expected 301 → ${to}`);
      continue;
    }
    const target = await get(to);
    if (target.status !== 200) failures.push(`${from} → ${to}: ${target.status}`);
  }
  return failures;
}

/** An unknown path answers 404. */
async function checkNotFound({ get }) {
  const status = (await get('/no/such/page')).status;
  return status === 404 ? [] : [`/no/such/page: ${status}, expected 404`];
}

/**
 * No internal link of any page is broken (scripts/lib/link-check.mjs checkBuiltLinks, over the files; the portal's
 * URLs through nginx).
 */
async function checkLinks(site) {
  const { links, broken } = await checkBuiltLinks(site);
  return links > MIN_LINKS ? broken : [...broken, `only ${links} internal links found (expected more than ${MIN_LINKS})`];
}

/**
 * nginx serves what the files say: every internal link of the home page (the menus and the footer reach each kind
 * of page) answers 200, or 301 to a path that answers 200.
 */
async function checkServedLinks({ get }) {
  const home = await get('/');
  if (home.status !== 200) return [`/: ${home.status}, expected 200`];
  const paths = new Set(pageLinks(await home.text()).map((link) => internalUrl(link, '/')));
  paths.delete(undefined);
  const failures = [];
  for (const path of paths) {
    let response = await get(path);
    const location = response.status === 301 ? response.headers.get('location') : undefined;
    if (location) {
      await response.body?.cancel();
      response = await get(location);
    }
    await response.body?.cancel();
    if (response.status !== 200) failures.push(`${path}${location ? ` → ${location}` : ''}: ${response.status}, expected 200`);
  }
  return failures;
}

/**
 * The checks, in the order the gate runs them. Each `run(site)` takes a ServedSite and resolves to the failures
 * it found, one line each (`[]`: passed); it throws only when it cannot look (a missing `_redirects`).
 * @type {readonly { name: string, title: string, run(site: ServedSite): Promise<string[]> | string[] }[]}
 */
export const SITE_CHECKS = Object.freeze([
  {
    name: 'build report',
    title: 'the build report records every portal list with its item count, source and age, and the build time',
    run: checkBuildReport,
  },
  { name: 'report unlinked', title: 'no page links the build report or the publish report page, which is noindex', run: checkReportUnlinked },
  { name: 'redirects', title: 'every planned redirect answers 301 with its exact Location, which is a page', run: checkRedirects },
  { name: '404', title: 'an unknown path answers 404', run: checkNotFound },
  { name: 'links', title: 'no broken internal link on any page', run: checkLinks },
  { name: 'served links', title: 'every internal link of the home page answers through nginx', run: checkServedLinks },
]);

/**
 * The deploy gate: serves the site (serveSite), runs SITE_CHECKS in order and stops at the first that fails.
 * @param {{ dist: string, portalUrl?: string, portalLists?: readonly string[], settings?: object,
 *   log?: (line: string) => void }} options as serveSite; `log` receives one line per check (`✔ title`, or `✖ title` then its failures), default console.log.
 * @returns {Promise<boolean>} whether every check passed (a check that throws counts as failed, its error logged).
 */
export async function checkSite({ dist, portalUrl, portalLists, settings, log = console.log }) {
  let site;
  try {
    site = await serveSite({ dist, portalUrl, portalLists, settings });
  } catch (error) {
    log(`✖ could not serve ${dist}: ${error.message}`);
    return false;
  }
  try {
    for (const check of SITE_CHECKS) {
      let failures;
      try {
        failures = await check.run(site);
      } catch (error) {
        failures = [`could not check: ${error.message}`];
      }
      log(`${failures.length === 0 ? '✔' : '✖'} ${check.title}`);
      for (const failure of failures) log(`    ${failure}`);
      if (failures.length > 0) return false;
    }
    return true;
  } finally {
    await site.close();
  }
}
