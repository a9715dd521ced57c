/**
 * Benchmark section "navigation" (does prefetching likely next pages help?): the time from a click on the home page's
 * first news link to the news detail being painted, with the site's prefetch (src/lib/speculation-rules.ts: Speculation
 * Rules prefetch of `data-prefetch` links when pointed at) and without it (the same site built with PREFETCH=off).
 *
 * Per run, in a fresh Chromium context (empty cache, 1440 × 900, network emulated as Lighthouse's mobile profile:
 * 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up): open home and wait for the network to settle, move the mouse onto
 * the link, wait HOVER_MS (a visitor's pause before clicking), click. Painted = the detail's first contentful
 * paint, or its activation when it was prerendered and had painted before (paint timing of a prerendered
 * document counts from the prerender's start). Chromium refuses to prerender under DevTools (Playwright), so
 * the runs measure the prefetch fallback of the same speculation rules. Both moments are wall-clock epoch ms of the same machine
 * (Date.now() before the click; performance.timeOrigin + time in the detail page). Median of RUNS runs.
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/system.mjs';
import { startSamplePortal } from '../sample-portal/server.mjs';
import { BENCH_WORK_DIR, timeBuild } from './build.mjs';
import { median, serveBuilt, table } from './util.mjs';

/** A visitor's pause between pointing at a link and clicking it, ms. */
export const HOVER_MS = 300;
/** Runs per variant. */
export const RUNS = 5;
/** Lighthouse's mobile network profile (ms, bytes per second). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** The link clicked on home. */
const LINK = '.home-news__item a';

/**
 * Builds the sample site without prefetch into the bench work folder.
 * @returns {Promise<string>} its dist folder
 */
export async function buildWithoutPrefetch(log = console.log) {
  const dist = path.join(BENCH_WORK_DIR, 'no-prefetch', 'dist');
  const cache = path.join(BENCH_WORK_DIR, 'no-prefetch', 'cache');
  const portal = await startSamplePortal({ port: 0 });
  try {
    log('navigation: building the site with PREFETCH=off…');
    await timeBuild({ dist, cache, portalUrl: portal.url, env: { PREFETCH: 'off' } });
  } finally {
    await portal.close();
  }
  return dist;
}

/** One click from home to a news detail; `{ clickToPaintMs, clickToLcpMs, prerendered, href }`. */
async function oneRun(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  try {
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const link = page.locator(LINK).first();
    const href = await link.getAttribute('href');
    await link.scrollIntoViewIfNeeded();
    const box = await link.boundingBox();
    if (!box || !href) throw new Error(`navigation: no ${LINK} on home`);
    const x = box.x + Math.min(box.width / 2, 40);
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.waitForTimeout(HOVER_MS);
    const clickedAt = Date.now();
    await page.mouse.click(x, y);
    await page.waitForURL(`**${href}`, { waitUntil: 'commit' });
    const timing = await page.evaluate(async () => {
      const firstPaint = () => performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint');
      for (let i = 0; i < 200 && !firstPaint(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const lcp = await new Promise((resolve) => {
        let last;
        new PerformanceObserver((list) => (last = list.getEntries().at(-1))).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last?.startTime), 500);
      });
      const navigation = performance.getEntriesByType('navigation')[0];
      const activationStart = navigation?.activationStart ?? 0;
      return {
        deliveryType: navigation?.deliveryType ?? '',
        origin: performance.timeOrigin,
        activationStart,
        fcp: firstPaint()?.startTime,
        lcp,
      };
    });
    const at = (time) => (time === undefined ? Number.NaN : timing.origin + Math.max(time, timing.activationStart) - clickedAt);
    return {
      clickToPaintMs: at(timing.fcp),
      clickToLcpMs: at(timing.lcp),
      prerendered: timing.activationStart > 0,
      prefetched: timing.deliveryType === 'navigational-prefetch',
      href,
    };
  } finally {
    await context.close();
  }
}

/**
 * Measures one built site.
 * @param {string} dist
 * @returns {Promise<object[]>} the runs
 */
async function measureSite(dist, browser) {
  // Without the home page's notification dialog, which would cover the link until closed.
  const server = await serveBuilt(dist, { notifications: 'no-dialog' });
  try {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, server.url));
    return runs;
  } finally {
    await server.close();
  }
}

/**
 * The navigation section.
 * @param {{ dist: string, withoutDist?: string, log?: (line: string) => void }} options dist: the site built with
 *   prefetch; withoutDist: the same site built with PREFETCH=off (built here when not given)
 * @returns {Promise<{ title: string, markdown: string, data: object }>}
 */
export async function benchNavigation({ dist, withoutDist: given, log = console.log }) {
  const withoutDist = given ?? (await buildWithoutPrefetch(log));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const data = {};
  try {
    log('navigation: with prefetch…');
    data.withPrefetch = await measureSite(dist, browser);
    log('navigation: without prefetch…');
    data.withoutPrefetch = await measureSite(withoutDist, browser);
  } finally {
    await browser.close();
  }
  const row = (label, runs) => [
    label,
    `${Math.round(median(runs.map((run) => run.clickToPaintMs)))} ms`,
    `${Math.round(median(runs.map((run) => run.clickToLcpMs)))} ms`,
    runs.map((run) => Math.round(run.clickToPaintMs)).join(', '),
    `${runs.filter((run) => run.prefetched || run.prerendered).length} / ${runs.length}`,
  ];
  const markdown =
    table(
      ['variant', 'click → first paint (median)', 'click → LCP (median)', 'runs, first paint (ms)', 'served from prefetch'],
      [row('with prefetch', data.withPrefetch), row('without prefetch (PREFETCH=off)', data.withoutPrefetch)],
    ) +
    `\n\nHome → first news detail (${data.withPrefetch[0]?.href ?? '?'}), ${HOVER_MS} ms pointer pause before the click, ` +
    'network emulated at 150 ms RTT and 1.6 Mbit/s, fresh browser context per run. Chromium disables prerendering ' +
    'while DevTools drives it (PrerenderingDisabledByDevTools), so this measures the Speculation Rules prefetch ' +
    '(navigation entry deliveryType "navigational-prefetch"); visitors whose browser prerenders get more.';
  return { title: 'Instant navigation', markdown, data };
}
