/**
 * Offline when it matters (src/integrations/service-worker.ts): after one visit to the site, the claim guide, the
 * contact page with its hotlines and a locations page open with no network; a page neither reachable nor kept shows
 * the offline page with the hotlines as `tel:` links; a page changed by a rebuild shows its new content on the next
 * online visit (every navigation goes to the network first), and then offline too.
 *
 * The worker is the only thing these tests look at, so they run against a server of their own: a copy of the built
 * site (SITE_DIST_DIR, default dist/, hard links: a file changed by the "rebuild" below is replaced, never written
 * through) served by scripts/serve.mjs with the sample portal behind it, in a browser context that allows service
 * workers (the other specs block them: tests/playwright.config.ts). The rebuild is simulated as a deploy: the server
 * stops, the claim page and the worker's precache revision of it change in the copy, the server starts again on the
 * same port (the same origin, so the same worker registration).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { serveSite } from '../../scripts/serve.mjs';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { OFFLINE_TEXT } from '../../src/site/texts/offline';
import { HOTLINES } from '../../src/site/company';
import { telHref } from '../../src/lib/tel-links';
import { SERVICE_WORKER_PATH } from '../../src/site/app';
import { expect, test } from './fixtures';

const dist = process.env.SITE_DIST_DIR ? path.resolve(process.env.SITE_DIST_DIR) : fileURLToPath(new URL('../../dist', import.meta.url));

/** What the rebuild adds to the claim page's title. */
const REBUILT_MARK = '（改版）';

let copy = '';
let portal: { url: string; close: () => Promise<void> };
let site: { url: string; port: number; close: () => Promise<void> };

test.beforeAll(async () => {
  copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-offline-')), 'dist');
  execFileSync('cp', ['-al', dist, copy]);
  portal = await startSamplePortal({ port: 0 });
  site = await serveSite({ dist: copy, portalUrl: portal.url, port: 0 });
});

test.afterAll(async () => {
  await site?.close();
  await portal?.close();
  if (copy) rmSync(path.dirname(copy), { recursive: true, force: true });
});

/** Replaces a file of the copy (a hard link of dist/: unlinked first, so dist/ keeps its own). */
function replaceFile(file: string, change: (text: string) => string): void {
  const target = path.join(copy, file);
  const text = readFileSync(target, 'utf8');
  const changed = change(text);
  expect(changed, `${file} changed`).not.toBe(text);
  unlinkSync(target);
  writeFileSync(target, changed);
}

/** Waits until the page's service worker is active (its precache complete) and controls the page. */
async function workerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** Expects the page to show every hotline as a `tel:` link. */
async function expectHotlines(page: Page): Promise<void> {
  for (const hotline of HOTLINES) {
    await expect(page.locator(`main a[href="${telHref(hotline.tel)}"]`).first()).toBeVisible();
  }
}

test('after one visit, the claim guide, the contact page and a locations page open offline; other pages show the offline page with the hotlines; a rebuilt page shows its new content', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: site.url, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await test.step('one visit: the home page registers the worker, which keeps the pages for offline visits', async () => {
    await page.goto('/');
    await workerReady(page);
  });
  const locations = await page.locator('footer a[href^="/about/locations/"]').first().getAttribute('href');
  expect(locations).toBeTruthy();

  await test.step('no network: the claim guide, the contact page and a locations page open from the worker', async () => {
    await context.setOffline(true);
    for (const [url, title] of [
      ['/claim', '理賠服務'],
      ['/contact', '客戶意見信箱'],
      [locations as string, '服務據點'],
    ]) {
      const response = await page.goto(url);
      expect(response?.fromServiceWorker(), url).toBe(true);
      await expect(page.locator('h1'), url).toHaveText(title);
      // The style sheet was kept too: the page is laid out, not bare HTML.
      await expect(page.locator('.site-header'), url).toHaveCSS('position', /sticky|fixed/);
    }
    await expectHotlines(page);
  });

  await test.step('no network: a page never visited shows the offline page, with the hotlines as tel: links', async () => {
    const response = await page.goto('/news/all/1');
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.locator('h1')).toHaveText(OFFLINE_TEXT.title);
    await expectHotlines(page);
  });

  await test.step('no answer of /api/ or /upload/ is kept', async () => {
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((url) => url.startsWith('/api/') || url.startsWith('/upload/'))).toEqual([]);
  });

  await test.step('a rebuild changes the claim page: the next online visit shows it, and so does the next offline one', async () => {
    await site.close();
    replaceFile('claim/index.html', (html) => html.replace(/(<h1[^>]*>)理賠服務/, `$1理賠服務${REBUILT_MARK}`));
    // The precache entry of the claim page (`{"revision":"…","url":"claim/index.html"}`) gets the new page's revision.
    replaceFile(SERVICE_WORKER_PATH.slice(1), (worker) =>
      worker.replace(/\{[^{}]*"claim\/index\.html"[^{}]*\}/, (entry) => entry.replace(/"revision":"[0-9a-f]+"/, '"revision":"rebuilt"')),
    );
    site = await serveSite({ dist: copy, portalUrl: portal.url, port: site.port });
    await context.setOffline(false);
    await page.goto('/claim');
    await expect(page.locator('h1')).toHaveText(`理賠服務${REBUILT_MARK}`);
    await context.setOffline(true);
    await page.goto('/claim');
    await expect(page.locator('h1')).toHaveText(`理賠服務${REBUILT_MARK}`);
  });

  expect(pageErrors, 'uncaught errors of the pages').toEqual([]);
  await context.close();
});
