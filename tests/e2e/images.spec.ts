/**
 * Portal photographs as visitors get them (src/integrations/images.ts, src/components/PortalPicture.astro): the build's
 * variants, chosen by the browser from `srcset` and `sizes`:
 * - a 390 px phone (2× screen) downloads, for each image it shows, a variant at most about twice as wide as the
 *   slot is drawn (never the upload), in AVIF; a 1440 px desktop gets a wider home banner than the phone;
 * - images move nothing while they arrive (no layout shift on home and a detail page);
 * - no page hot-links a full-size upload: every photograph comes from `/_images/`.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The variant width a file name carries (`<hash>-<width>.<ext>`). */
const widthOf = (url: string): number => Number(/-(\d+)\.\w+$/.exec(new URL(url).pathname)?.[1] ?? NaN);

/** Every image an open page shows, as drawn: the file it took and its drawn width in CSS px. */
async function shownImages(page: Page): Promise<{ src: string; drawn: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main img, .carousel img')]
      .map((img) => img as HTMLImageElement)
      .filter((img) => img.complete && img.currentSrc && img.getBoundingClientRect().width > 0)
      .map((img) => ({ src: img.currentSrc, drawn: img.getBoundingClientRect().width })),
  );
}

/** Opens `path` in a new context of the given viewport and pixel ratio, scrolled through (`scroll`) so lazy images load. */
async function openAt(browser: Browser, baseURL: string, path: string, width: number, deviceScaleFactor: number, scroll = true): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor, baseURL });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  for (let y = 0; scroll && y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState('networkidle');
  return page;
}

for (const path of ['/', '/news/detail/41', '/coupon/1']) {
  test(`${path}: a 390 px phone downloads AVIF variants at most about twice the drawn width`, async ({ browser, baseURL }) => {
    const page = await openAt(browser, baseURL!, path, 390, 2);
    const images = (await shownImages(page)).filter(({ src }) => new URL(src).pathname.startsWith('/_images/'));
    expect(images.length, 'photographs shown through the build variants').toBeGreaterThan(0);
    for (const { src, drawn } of images) {
      expect(src, 'AVIF where the browser takes it').toMatch(/\.avif$/);
      // The slot on a 2× screen needs 2× its drawn width; the next variant up may be a little wider.
      expect(widthOf(src), `${src} for a slot drawn ${Math.round(drawn)} px wide`).toBeLessThanOrEqual(Math.ceil(drawn * 2.5));
    }
    const uploads = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\/upload\/images\//.test(name)),
    );
    expect(uploads, 'no full-size upload downloaded').toEqual([]);
    await page.context().close();
  });
}

test('the home banner: a 1440 px desktop gets a wider variant than a 390 px phone', async ({ browser, baseURL }) => {
  const banner = async (width: number, scale: number) => {
    const page = await openAt(browser, baseURL!, '/', width, scale, false);
    const src = await page
      .locator('.carousel img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).currentSrc);
    await page.context().close();
    return widthOf(src);
  };
  const phone = await banner(390, 2);
  const desktop = await banner(1440, 1);
  expect(desktop).toBeGreaterThanOrEqual(1440);
  expect(phone).toBeLessThan(desktop);
});

for (const path of ['/', '/news/detail/41']) {
  test(`${path}: images move nothing while they load (no layout shift)`, async ({ page }) => {
    await page.goto(path, { waitUntil: 'networkidle' });
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
          const found: { value: number; nodes: string[] }[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
              if (entry.hadRecentInput) continue;
              found.push({
                value: entry.value,
                nodes: (entry.sources ?? []).map(
                  (source) => (source.node as Element | undefined)?.className?.toString() ?? source.node?.nodeName ?? '?',
                ),
              });
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(found), 500);
        }),
    );
    const imageShifts = shifts.filter(({ nodes }) => nodes.some((node) => /IMG|PICTURE|article|coupon|carousel|image|card/i.test(node)));
    expect(imageShifts).toEqual([]);
  });
}
