/**
 * Benchmark section "weight" (REFERENCE.md "Budgets" budgets): for one page per page type (PAGE_TYPES of
 * scripts/js-weight.mjs), the gzip bytes a first visit downloads of
 * - JavaScript: module scripts, island components and renderers with their static imports, and inline scripts
 *   (jsWeight of scripts/js-weight.mjs);
 * - CSS: every `<link rel="stylesheet">` file and inline `<style>` element;
 * - HTML: the document itself;
 * and their total (images, fonts and the runtime portal calls not counted there); then, in Chromium through nginx
 * (gzip, the build's nginx.conf), every byte a first visit downloads (FIRST_VISIT_PAGES at 390 px on a 2× phone and at
 * 1,440 px on a 1× desktop, the first screen without scrolling, images, fonts and portal calls included), by type.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_TYPES, jsWeight } from '../js-weight.mjs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/system.mjs';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_PRELOAD_LEAD_MS, FIRST_VISIT_BUDGET_KB, JS_BUDGET_KB } from '../../src/site/limits.ts';
import { kb, serveBuilt, table } from './util.mjs';

/** The pages whose first visit is weighed whole (the home page, a news detail, the coupon and event lists). */
export const FIRST_VISIT_PAGES = ['/', '/news/detail/1', '/coupon/1', '/event/all/1'];

/** The screens of a first visit: a phone (390 px, 2×) and a desktop (1,440 px, 1×). */
const SCREENS = [
  { name: 'phone 390 px', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
  { name: 'desktop 1440 px', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
];

/**
 * The bytes a first visit to each page downloads, as Chromium counts them on the wire (CDP encodedDataLength: headers
 * and compressed bodies), by resource type, until the network is idle; and then what the offline worker (sw.js)
 * downloads for its precache once it is registered after `load` (`worker`: until it is active; headers and bodies,
 * nothing for a file the browser's cache already held).
 * @param {string} dist built site folder
 * @returns {Promise<{ page: string, screen: string, total: number, byType: Record<string, number>, worker: number }[]>}
 */
export async function firstVisitBytes(dist) {
  const server = await serveBuilt(dist, { notifications: 'none' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const screen of SCREENS) {
      for (const page of FIRST_VISIT_PAGES) {
        const context = await browser.newContext({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Network.enable');
        const types = new Map();
        const byType = {};
        cdp.on('Network.responseReceived', ({ requestId, type }) => types.set(requestId, type));
        cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
          const type = types.get(requestId) ?? 'Other';
          byType[type] = (byType[type] ?? 0) + encodedDataLength;
        });
        const workerFetches = [];
        context.on('requestfinished', (request) => {
          if (!request.serviceWorker()) return;
          // A file served from the browser's cache reports a body of minus its headers: nothing downloaded.
          workerFetches.push(
            request.sizes().then(({ responseBodySize, responseHeadersSize }) => Math.max(0, responseBodySize + responseHeadersSize)),
          );
        });
        await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
        const total = Object.values(byType).reduce((sum, bytes) => sum + bytes, 0);
        // Until the worker is active (its precache done); one that never activates is counted for what it fetched in 30 s.
        await tab.evaluate(() =>
          Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 30_000))]).then(() => undefined),
        );
        const worker = (await Promise.all(workerFetches)).reduce((sum, bytes) => sum + bytes, 0);
        rows.push({ page, screen: screen.name, total, byType, worker });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

/** The HTML file of a site path in a built folder. */
const htmlFile = (dist, page) => path.join(dist, page === '/' ? 'index.html' : `${page.replace(/^\//, '')}/index.html`);

/**
 * Weighs one page.
 * @param {string} dist built site folder
 * @param {string} page site path
 * @returns {{ page: string, js: number, css: number, html: number, total: number }} gzip bytes
 * @throws {Error} when the page is not in dist
 */
export function pageWeight(dist, page) {
  const file = htmlFile(dist, page);
  if (!existsSync(file)) throw new Error(`weight: no ${page} in ${dist}`);
  const html = readFileSync(file);
  const source = html.toString('utf8');
  const { bytes, inlineBytes } = jsWeight(dist, page);
  let css = 0;
  const sheets = new Set();
  for (const link of source.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="?stylesheet"?/.test(link[0])) continue;
    const href = /\bhref="([^"]+)"/.exec(link[0])?.[1];
    if (href && !sheets.has(href) && existsSync(path.join(dist, href))) {
      sheets.add(href);
      css += gzipSync(readFileSync(path.join(dist, href))).length;
    }
  }
  for (const style of source.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) css += gzipSync(style[1]).length;
  const js = bytes + inlineBytes;
  const htmlBytes = gzipSync(html).length;
  return { page, js, css, html: htmlBytes, total: js + css + htmlBytes };
}

/**
 * The weight section.
 * @param {{ dist: string, pages?: string[] }} options
 * @returns {Promise<{ title: string, markdown: string, data: { pages: object[], firstVisits: object[] } }>}
 */
/** The form pages, whose JavaScript budget is the heaviest page's (JS_BUDGET_KB.heaviestPage). */
const FORM_PAGES = ['/contact', '/service'];

export async function benchWeight({ dist, pages = PAGE_TYPES }) {
  const data = pages.map((page) => pageWeight(dist, page));
  const visits = await firstVisitBytes(dist);
  // The JavaScript budget of REFERENCE.md "Budgets": a content page, or the forms (the heaviest pages).
  const budget = (row) => (FORM_PAGES.includes(row.page) ? JS_BUDGET_KB.heaviestPage : JS_BUDGET_KB.contentPage);
  const weights = table(
    ['page type', 'JavaScript', 'budget', 'CSS', 'HTML', 'total'],
    data.map((row) => [
      row.page,
      kb(row.js),
      `${row.js / 1024 <= budget(row) ? 'within' : '**over**'} ${budget(row)} KB`,
      kb(row.css),
      kb(row.html),
      kb(row.total),
    ]),
  );
  const markdown =
    `${weights}\n\n` +
    'Gzip bytes (level 6, as the budgets of REFERENCE.md "Budgets" count them) of what a first visit downloads, images and fonts excepted. nginx serves the `/_astro/` scripts and the style sheet from level-9 copies made at build time, a few per cent smaller. The one style sheet holds the whole site\'s styles and is downloaded once per visit.';
  const visitTable = table(
    ['page', 'screen', 'images', 'scripts', 'styles', 'document', 'other', 'total', 'offline worker, after load', 'in all', 'budget'],
    visits.map(({ page, screen, total, byType, worker }) => {
      const { Image = 0, Script = 0, Stylesheet = 0, Document = 0 } = byType;
      const all = total + worker;
      return [
        page,
        screen,
        kb(Image),
        kb(Script),
        kb(Stylesheet),
        kb(Document),
        kb(total - Image - Script - Stylesheet - Document),
        kb(total),
        kb(worker),
        kb(all),
        `${all / 1024 <= FIRST_VISIT_BUDGET_KB ? 'within' : '**over**'} ${FIRST_VISIT_BUDGET_KB} KB`,
      ];
    }),
  );
  return {
    title: 'Weight (gzip)',
    markdown: `${markdown}

A first visit, whole (through nginx, until the network is idle, no scrolling; bytes on the wire), then the offline
worker's precache it triggers after \`load\` (the offline pages' HTML and what of their assets the browser does not hold
yet), against the ${FIRST_VISIT_BUDGET_KB} KB a first visit may cost a phone in all. Banners after the first are not
counted: the home carousel loads the next one ${CAROUSEL_PRELOAD_LEAD_MS / 1000} s before its rotation shows it (${CAROUSEL_INTERVAL_MS / 1000} s after arrival), the rest when touched.

${visitTable}`,
    data: { pages: data, firstVisits: visits },
  };
}
