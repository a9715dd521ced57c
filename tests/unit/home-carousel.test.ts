/**
 * The home carousel with many banners (HomeCarousel.astro/.ts), in Chromium without a site build: the component is
 * rendered by Astro's container API with 16 banners, on a page with the site's global.css and the component's own
 * `<style>` (as written: the page holds nothing else it could reach), its script served as ES modules with Node's
 * TypeScript type stripping (HomeCarousel.ts and the src/site/limits.ts it imports). At 320 and 390 px nothing
 * is wider than the viewport (16 dots were 403 px wide at 390 px); above CAROUSEL_DOTS_MAX banners a `3 / 16`
 * counter stands for the dots, read 第 3 張，共 16 張 and live while the rotation is stopped; 上一張/下一張 work with
 * the keyboard. With CAROUSEL_DOTS_MAX banners the dots stay and fit too.
 */
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import HomeCarousel from '../../src/components/HomeCarousel.astro';
import { CAROUSEL_DOTS_MAX } from '../../src/site/limits';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/system.mjs';

const ROOT = process.cwd();
const COMPONENT = join(ROOT, 'src/components/HomeCarousel.astro');

/** The made-up origin the test page is served from (page.route answers everything). */
const ORIGIN = 'http://carousel.test';

let browser: Browser;
let styles: string;
/** The browser modules by path: the carousel's script and the limits it imports, types stripped. */
let modules: Record<string, string>;

/** `count` banners as homeBannerSchema gives them to the component (images need not load: their size is set). */
const banners = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    title: `主打活動第 ${i + 1} 檔：線上投保享優惠`,
    image: `images/banner/${(i % 4) + 1}.svg`,
    mobileImage: `images/banner/${(i % 4) + 1}-m.svg`,
    link: '/news/all/1',
    sort: i,
  }));

/** A page holding the carousel with `count` banners, styled and scripted as on the site, at `width` px. */
async function carouselPage(count: number, width: number): Promise<Page> {
  const container = await AstroContainer.create();
  const html = await container.renderToString(HomeCarousel, { props: { banners: banners(count) } });
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const pageHtml =
    `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<style>${styles}</style></head><body><main>${html.replace(/<script\b[\s\S]*?<\/script>/g, '')}</main>` +
    `<script type="module">import { initCarousels } from '/HomeCarousel.js'; initCarousels(); document.body.dataset.ready = '';</script></body></html>`;
  await page.route('**/*', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: pageHtml });
    if (modules[path]) return route.fulfill({ contentType: 'text/javascript', body: modules[path] });
    // Image requests (the portal's) are not this test's concern.
    return route.fulfill({ status: 204, body: '' });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForSelector('body[data-ready]', { state: 'attached' });
  return page;
}

/** The widest right edge of any element, and the document's scroll width, in px. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    right: Math.max(
      ...[...document.querySelectorAll('.carousel__controls, .carousel__controls *')].map((element) => element.getBoundingClientRect().right),
    ),
  }));

beforeAll(async () => {
  const own = /<style>([\s\S]*?)<\/style>/.exec(readFileSync(COMPONENT, 'utf8'))?.[1] ?? '';
  styles = `${readFileSync(join(ROOT, 'src/styles/global.css'), 'utf8')}\n${own}`;
  const strip = (file: string) => stripTypeScriptTypes(readFileSync(join(ROOT, file), 'utf8'));
  modules = {
    '/HomeCarousel.js': strip('src/components/HomeCarousel.ts').replace(`from '../site/limits'`, `from '/site/limits.js'`),
    '/site/limits.js': strip('src/site/limits.ts'),
  };
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('home carousel with many banners', () => {
  for (const width of [320, 390]) {
    it(`16 banners at ${width} px: nothing wider than the viewport; a counter instead of dots`, async () => {
      const page = await carouselPage(16, width);
      const measured = await widths(page);
      expect(measured.scroll, 'document scroll width').toBeLessThanOrEqual(width);
      expect(measured.right, 'right edge of the controls').toBeLessThanOrEqual(width);
      expect(await page.locator('[data-dot]').count()).toBe(0);
      expect(await page.locator('[data-counter] [aria-hidden="true"]').textContent()).toBe('1 / 16');
      await page.close();
    });
  }

  it('the counter follows 上一張/下一張 with the keyboard, says 第 N 張，共 16 張, and is live only while stopped', async () => {
    const page = await carouselPage(16, 390);
    const counter = page.locator('[data-counter]');
    expect(await counter.locator('.visually-hidden').textContent()).toBe('第 1 張，共 16 張');
    expect(await counter.getAttribute('aria-live')).toBe('off');
    await page.locator('[data-next]').focus();
    expect(await counter.getAttribute('aria-live'), 'focus inside stops the rotation').toBe('polite');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await counter.locator('.visually-hidden').textContent()).toBe('第 3 張，共 16 張');
    expect(await counter.locator('[aria-hidden="true"]').textContent()).toBe('3 / 16');
    await page.locator('[data-prev]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await counter.locator('.visually-hidden').textContent(), 'wraps to the last').toBe('第 16 張，共 16 張');
    await page.close();
  });

  it(`${CAROUSEL_DOTS_MAX} banners keep their dots, which fit 320 px`, async () => {
    const page = await carouselPage(CAROUSEL_DOTS_MAX, 320);
    expect(await page.locator('[data-dot]').count()).toBe(CAROUSEL_DOTS_MAX);
    expect(await page.locator('[data-counter]').count()).toBe(0);
    const measured = await widths(page);
    expect(measured.scroll).toBeLessThanOrEqual(320);
    expect(measured.right).toBeLessThanOrEqual(320);
    await page.close();
  });
});
