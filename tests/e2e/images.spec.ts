/**
 * Portal photographs as visitors get them (src/integrations/images.ts, src/components/PortalPicture.astro): the build's
 * variants, chosen by the browser from `srcset` and `sizes`:
 * - a 390 px phone (2× screen) downloads, for each image it shows, a variant at most about twice as wide as the
 *   slot is drawn (never the upload), in AVIF; a 1440 px desktop gets a wider home banner than the phone;
 * - images move nothing while they arrive (no layout shift on home and a detail page);
 * - no page hot-links a full-size upload: every photograph comes from `/_images/`;
 * - the home carousel downloads the banner a visitor sees, the next one shortly before the rotation shows it, and
 *   the others once the visitor touches the carousel.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_PRELOAD_LEAD_MS } from '../../src/site/limits';
import { downloadsSettled, expect, test } from './fixtures';

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
  await page.goto(path);
  await downloadsSettled(page);
  for (let y = 0; scroll && y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await downloadsSettled(page);
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

/** A layout shift the page reported: its score, the class (or tag) of each node that moved, and where from and to. */
interface Shift {
  value: number;
  nodes: string[];
  moves: string[];
}

/** The layout shifts a page has had since it started (buffered), after 500 ms more of watching. */
function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        const found: Shift[] = [];
        new PerformanceObserver((list) => {
          type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
          const at = ({ x, y, width, height }: DOMRectReadOnly) => `${Math.round(x)},${Math.round(y)} ${Math.round(width)}×${Math.round(height)}`;
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
            if (entry.hadRecentInput) continue;
            found.push({
              value: entry.value,
              nodes: (entry.sources ?? []).map(
                (source) => (source.node as Element | undefined)?.className?.toString() ?? source.node?.nodeName ?? '?',
              ),
              moves: (entry.sources ?? []).map(
                (source) => `${at(source.previousRect)} → ${at(source.currentRect)} at ${Math.round(entry.startTime)} ms`,
              ),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(found), 500);
      }),
  );
}

/** The shifts that moved an image, a card or the carousel. */
const imageShifts = (shifts: Shift[]) =>
  shifts.filter(({ nodes }) => nodes.some((node) => /IMG|PICTURE|article|coupon|carousel|image|card/i.test(node)));

for (const path of ['/', '/news/detail/41']) {
  test(`${path}: images move nothing while they load (no layout shift)`, async ({ page }) => {
    await page.goto(path);
    await downloadsSettled(page);
    expect(imageShifts(await layoutShifts(page))).toEqual([]);
  });
}

/**
 * A slow line delivers a page in parts, and the browser draws what it has ("render-blocking" waits only for the
 * header): here `/` stops for 600 ms right after the start tag of the carousel's controls. Controls drawn empty and
 * then completed jumped sideways and up (they are centred: 52 px wide, then 317; seen once in a full e2e run as a
 * 0.0017 shift); they stay hidden until the carousel's script has wired them, which runs after the whole page is
 * parsed.
 */
test('/: the carousel controls do not move while a slow line delivers the page', async ({ page, baseURL }) => {
  const server = createServer(async (request, response) => {
    const sent: Buffer[] = [];
    for await (const chunk of request) sent.push(chunk as Buffer);
    const upstream = await fetch(new URL(request.url ?? '/', baseURL), {
      method: request.method,
      headers: { 'content-type': request.headers['content-type'] ?? 'text/plain' },
      body: sent.length ? Buffer.concat(sent) : undefined,
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    // The site's own headers (its Content-Security-Policy among them), less those of the upstream's encoding.
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([name]) => !/^(content-encoding|content-length|transfer-encoding|connection)$/i.test(name)),
    );
    response.writeHead(upstream.status, headers);
    const cut = request.url === '/' ? body.indexOf('<button type="button" class="carousel__arrow') : -1;
    if (cut < 0) return response.end(body);
    response.write(body.subarray(0, cut));
    await new Promise((resolve) => setTimeout(resolve, 600));
    response.end(body.subarray(cut));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await downloadsSettled(page);
    await expect(page.locator('.carousel__controls')).toBeVisible();
    expect(imageShifts(await layoutShifts(page))).toEqual([]);
  } finally {
    server.close();
  }
});

test('the home carousel: a phone downloads the banner it shows; the next one before the rotation shows it; the rest at a touch', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL });
  const page = await context.newPage();
  await page.clock.install();
  // The image variants the page asks for, all slots (the fake clock also stands in for the page's resource timing).
  const variants: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/_images/')) variants.push(request.url());
  });
  const requested = () => variants.length;
  await page.goto('/');
  await downloadsSettled(page);
  // From here the page's time moves only when the test moves it: an installed clock still flows with real time, so on
  // a busy machine the rotation could pass between a step of the test and its look (the third banner counted too).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  const banners = page.locator('.carousel img');
  const count = await banners.count();
  expect(count, 'the sample has several banners').toBeGreaterThan(2);
  /** Which banners have arrived, in slide order. */
  const arrived = () => banners.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0));
  expect(await arrived()).toEqual([true, ...Array(count - 1).fill(false)]);
  const firstVisit = requested();

  // Shortly before the rotation moves on, the second banner loads; the third does not.
  await page.clock.runFor(CAROUSEL_INTERVAL_MS - CAROUSEL_PRELOAD_LEAD_MS + 100);
  await expect.poll(arrived).toEqual([true, true, ...Array(count - 2).fill(false)]);
  expect(requested(), 'one variant more: the second banner').toBe(firstVisit + 1);
  await page.clock.runFor(CAROUSEL_PRELOAD_LEAD_MS);
  await expect(page.locator('.carousel__slide').nth(1)).toHaveAttribute('aria-hidden', 'false');

  // A press on 下一張 lets every banner in: the one it brings arrives. On a phone the bell panel that opened by itself
  // on home stands over the banner's controls; the visitor closes it first (Escape, as notices.spec.ts tests).
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-bell-panel]')).toBeHidden();
  await page.getByRole('button', { name: '下一張' }).click();
  await expect(page.locator('.carousel__slide').nth(2)).toHaveAttribute('aria-hidden', 'false');
  await expect.poll(async () => (await arrived())[2]).toBe(true);
  await context.close();
});

test('the home carousel: a press on 下一張 just as the rotation ends keeps the banner it brings; a swipe still moves the current slide @phone', async ({
  page,
}) => {
  await page.goto('/');
  await downloadsSettled(page);
  const slides = page.locator('.carousel__slide');
  const track = page.locator('[data-carousel] [data-track]');
  await expect(page.getByRole('button', { name: '下一張' })).toBeVisible();
  // The press, then the end of an earlier scroll reported right after it (as on a busy phone when the rotation's
  // scroll ends as the visitor presses): the track is still on the first banner, the press's scroll under way.
  // Read at once: the press's own scroll, when it ends, would set the marks right again and hide a wrong one.
  const shown = await track.evaluate((element) => {
    document.querySelector<HTMLButtonElement>('[data-carousel] [data-next]')?.click();
    element.dispatchEvent(new Event('scrollend'));
    return [...document.querySelectorAll('.carousel__slide')].map((slide) => slide.getAttribute('aria-hidden') === 'false');
  });
  expect(shown.slice(0, 2), 'the second banner stays the one shown').toEqual([false, true]);
  // Once there, and after a swipe of the visitor's own back to the first banner, the marks follow the track.
  await expect.poll(() => track.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth))).toBe(1);
  await track.evaluate((element) => {
    element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    element.scrollTo({ left: 0, behavior: 'instant' });
  });
  await expect(slides.nth(0)).toHaveAttribute('aria-hidden', 'false');
  await expect(slides.nth(1)).toHaveAttribute('aria-hidden', 'true');
});
