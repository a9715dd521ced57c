/**
 * End-to-end: the page chrome of every page (REFERENCE.md "Page frame"): the skip link comes first, the main menu is
 * a disclosure navigation (a short Tab order, Enter/Space/ArrowDown/Escape, hover, a no-script fallback; WCAG 2.4.1,
 * 2.1.1), the header takes its active style after 300 px of scroll, and on phones the burger opens the side menu,
 * which Escape closes. From DOCK_STRIP_MIN_WIDTH_PX (1024 px) the header keeps its text labels in view and the dock
 * is a vertical strip on the right, with no horizontal scroll; with the largest font size (字級) and at 200 % browser
 * zoom the header still fits the window, the burger taking over where the larger labels have no room.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { FONT_SIZE_STORAGE_KEY } from '../../src/browser/font-size';
import { DOCK_STRIP_MIN_WIDTH_PX, FONT_SIZE, PHONE_FIRST_SCREEN_PAGE_SHARE_MIN, TIMING } from '../../src/site/limits';
import { UI_TEXT } from '../../src/site/texts/layout';
import { expect, test } from './fixtures';

test('the skip link is the first tab stop and moves to the main content', async ({ page }) => {
  await page.goto('/news/all/1');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要內容區塊' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

/** Tab presses from the top of the page (focus on the document) to 會員登入; WCAG 2.4.1 asks it to be short. */
const MAX_TABS_TO_LOGIN = 15;

test(`會員登入 is at most ${MAX_TABS_TO_LOGIN} Tab presses from the top of a page`, async ({ page }) => {
  // goto waits for the load event, after the header's module script has run.
  await page.goto('/news/all/1');
  const login = page.locator('.header-actions').getByRole('link', { name: /會員登入/ });
  let presses = 0;
  while (presses < MAX_TABS_TO_LOGIN + 1) {
    await page.keyboard.press('Tab');
    presses += 1;
    if (await login.evaluate((el) => el === document.activeElement)) break;
  }
  expect(presses).toBeLessThanOrEqual(MAX_TABS_TO_LOGIN);
  // No panel link was passed on the way: every panel stayed closed.
  await expect(page.locator('[data-menu-panel]:visible')).toHaveCount(0);
});

test('the main menu is a disclosure navigation: Enter, ArrowDown and Escape by keyboard, hover by mouse', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => document.querySelector('[data-site-header]')?.hasAttribute('data-menu-js'));
  const nav = page.getByRole('navigation', { name: '主選單' }).first();
  const online = nav.getByRole('button', { name: '網路投保' });
  const news = nav.getByRole('button', { name: '最新消息' });
  const carQuote = nav
    .locator('#mega-0')
    .getByRole('link', { name: /立即投保/ })
    .first();
  const winners = nav.getByRole('link', { name: '得獎公告' });
  await expect(online).toHaveAttribute('aria-controls', 'mega-0');
  await expect(online).toHaveAttribute('aria-expanded', 'false');
  await expect(carQuote).toBeHidden();

  // Focus alone opens nothing; Enter opens, focus stays on the button, Tab goes into the panel.
  await online.focus();
  await expect(carQuote).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(online).toHaveAttribute('aria-expanded', 'true');
  await expect(online).toBeFocused();
  await expect(carQuote).toBeVisible();
  await expect(carQuote).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Tab');
  await expect(nav.locator('#mega-0 a').first()).toBeFocused();

  // Escape closes and returns focus to the button; Enter again closes what Enter opened.
  await page.keyboard.press('Escape');
  await expect(online).toBeFocused();
  await expect(online).toHaveAttribute('aria-expanded', 'false');
  await expect(carQuote).toBeHidden();
  await page.keyboard.press('Space');
  await expect(carQuote).toBeVisible();
  await page.keyboard.press('Space');
  await expect(carQuote).toBeHidden();

  // ArrowRight moves to the next top-level button; ArrowDown opens its panel on its first link, then the next one.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(news).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(news).toHaveAttribute('aria-expanded', 'true');
  const newsLinks = nav.locator('#mega-2 a');
  await expect(newsLinks.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(newsLinks.nth(1)).toBeFocused();

  // Focus leaving the panel (Shift+Tab back past its button) closes it.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(news).toHaveAttribute('aria-expanded', 'false');
  await expect(winners).toBeHidden();

  // The mouse: hovering opens, leaving closes.
  await news.hover();
  await expect(winners).toBeVisible();
  await expect(news).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.move(5, 800);
  await expect(winners).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu panels open on focus, so every link stays reachable', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '主選單' }).first();
    const overview = nav.getByRole('link', { name: '商品介紹總覽' });
    await nav.getByRole('button', { name: '商品介紹' }).focus();
    await expect(overview).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(overview).toBeFocused();
  });
});

test('a page whose HTML arrives slowly never paints a half-built header that then moves (CLS 0)', async ({ page, baseURL }) => {
  // A slow network or machine: the page's HTML stops for a while in the middle of the main menu, then in the middle
  // of the header's tools. The browser may paint what it has, but never a header that moves once the rest arrives
  // (a main menu of three items placed at the right, then pushed left by the rest; the tools growing leftwards).
  const PAUSE_MS = 800;
  const html = await (await fetch(`${baseURL}/news/all/1`)).text();
  const nth = (text: string, n: number) => html.split(text, n).join(text).length;
  const splits = [nth('class="menu-item', 3), nth('data-search-trigger', 1)];
  expect(splits[0], 'the page has a main menu of at least three items').toBeLessThan(splits[1]);
  expect(splits[1], 'the header has the search link').toBeLessThan(html.length);
  // Everything else passes through to the site unchanged.
  const server = createServer(async (request, response) => {
    if (request.url === '/news/all/1') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      for (const [index, end] of splits.entries()) {
        response.write(html.slice(splits[index - 1] ?? 0, end));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      response.end(html.slice(splits.at(-1)));
      return;
    }
    const upstream = await fetch(`${baseURL}${request.url}`, { method: request.method });
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as Window & { headerShifts?: string[] }).headerShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
          const moved = entry.sources.map((source) => source.node).filter((node) => node?.parentElement?.closest('header'));
          if (moved.length > 0) shifts.push(`${entry.value.toFixed(4)}: ${moved.map((node) => (node as Element).className).join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`http://127.0.0.1:${port}/news/all/1`);
    await expect(page.locator('#main')).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { headerShifts?: string[] }).headerShifts)).toEqual([]);
  } finally {
    // The page may still be fetching through this server (lazy images, a prefetch): leave it first, so closing the
    // server cannot cut a request short and log net::ERR_EMPTY_RESPONSE as a console error of this test.
    await page.goto('about:blank').catch(() => undefined);
    server.closeAllConnections();
    server.close();
  }
});

test(`the header becomes active after ${TIMING.headerActiveScrollPx} px of scroll`, async ({ page }) => {
  await page.goto('/');
  const header = page.locator('[data-site-header]');
  await expect(header).not.toHaveClass(/is-active/);
  await page.evaluate((y) => window.scrollTo(0, y), TIMING.headerActiveScrollPx + 50);
  await expect(header).toHaveClass(/is-active/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveClass(/is-active/);
});

test('on phones the burger opens the side menu and Escape closes it @phone-only', async ({ page }) => {
  await page.goto('/');
  const burger = page.getByRole('button', { name: '開啟選單' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  const side = page.getByRole('dialog', { name: '主選單' });
  await expect(side).toBeVisible();
  await side.getByText('最新消息').click();
  await side.getByRole('link', { name: '公司新聞' }).click();
  await expect(page).toHaveURL(/\/news\/all\/1$/);

  await page.getByRole('button', { name: '開啟選單' }).click();
  await expect(page.getByRole('dialog', { name: '主選單' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '主選單' })).toBeHidden();
  await expect(page.getByRole('button', { name: '開啟選單' })).toBeFocused();
});

test('the side menu sections are disclosures: Enter toggles one, a closed one keeps its links out of the Tab order @phone-only', async ({ page }) => {
  await page.goto('/news/all/1');
  await page.getByRole('button', { name: '開啟選單' }).click();
  const side = page.getByRole('dialog', { name: '主選單' });
  const service = side.locator('summary', { hasText: '客戶服務' });
  const claims = side.getByRole('link', { name: '理賠服務' });
  await expect(claims).toBeHidden();
  await service.focus();
  await page.keyboard.press('Tab');
  await expect(side.locator('summary', { hasText: '最新消息' })).toBeFocused();
  await service.focus();
  await page.keyboard.press('Enter');
  await expect(claims).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(claims).toBeHidden();
});

test('the side menu marks each external link as the mega menu does: the ↗ icon in sight and （另開新視窗） in its name @phone-only', async ({
  page,
}) => {
  await page.goto('/');
  // The mega menu's mark (hidden at this width, but in the page): the icon its external links show.
  const megaMark = await page
    .locator('.mega-link[target="_blank"] svg use')
    .first()
    .evaluate((use) => use.getAttribute('href'));
  expect(megaMark).toBeTruthy();
  await page.getByRole('button', { name: '開啟選單' }).click();
  const side = page.getByRole('dialog', { name: '主選單' });
  await expect(side).toBeVisible();
  for (const summary of await side.locator('summary').all()) {
    if (!(await summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open))) await summary.click();
  }
  const external = side.locator('a[target="_blank"]');
  const count = await external.count();
  // 會員登入, 保費繳納, 保單查詢, … the quote links and 金融友善專區.
  expect(count).toBeGreaterThan(5);
  for (let i = 0; i < count; i += 1) {
    const link = external.nth(i);
    await link.scrollIntoViewIfNeeded();
    const name = (await link.textContent())!.replace(/\s+/g, '');
    await expect(link, name).toHaveAccessibleName(new RegExp(`${UI_TEXT.newWindow}$`));
    const mark = link.locator(`svg:has(use[href="${megaMark}"])`);
    await expect(mark, `${name}: the new-tab mark`).toBeVisible();
    const box = (await mark.boundingBox())!;
    expect(box.width, name).toBeGreaterThanOrEqual(10);
    expect(box.height, name).toBeGreaterThanOrEqual(10);
  }
});

test('on phones a category row wider than the screen shows its current pill in the middle, and the page stays at the top @phone-only', async ({
  page,
}) => {
  // 得獎榮耀, the last of the news categories: where the row starts, it is past the right edge of a 390 px screen.
  await page.goto('/news/4/1');
  const list = page.locator('[data-category-tabs] ul');
  const current = list.locator('[aria-current="page"]');
  await expect(current).toHaveText(/得獎榮耀/);
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth), 'the row is wider than the screen').toBe(true);
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const [row, pill] = [(await list.boundingBox())!, (await current.boundingBox())!];
  expect(pill.x, 'the current pill starts inside the row').toBeGreaterThanOrEqual(row.x);
  expect(pill.x + pill.width, 'and ends inside it').toBeLessThanOrEqual(row.x + row.width + 1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

/**
 * The header bar's displayed controls (logo, menu buttons, text links, icon buttons, 會員登入) sit side by side inside
 * a window `width` px wide and inside the bar's column (aligned with the page's content): none overlaps another,
 * none sticks out on either side, and none clips its own text.
 */
async function expectHeaderControlsSideBySide(page: Page, width: number): Promise<void> {
  const bar = page.locator('.site-header .header-inner');
  const column = await bar.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
  });
  const boxes = await bar.locator('.logo, .menu-link, .header-actions > a:not(.accesskey), .header-actions > button').evaluateAll((els) =>
    els
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const box = el.getBoundingClientRect();
        const name = el.textContent!.trim() || el.getAttribute('aria-label') || el.className;
        return { name, left: box.left, right: box.right, clipped: el.scrollWidth - el.clientWidth };
      }),
  );
  const sorted = boxes.toSorted((a, b) => a.left - b.left);
  for (let i = 1; i < sorted.length; i += 1) {
    expect(sorted[i]!.left, `${sorted[i]!.name} starts after ${sorted[i - 1]!.name} ends`).toBeGreaterThanOrEqual(sorted[i - 1]!.right - 0.5);
  }
  for (const box of sorted) expect(box.clipped, `${box.name} shows its whole text`).toBeLessThanOrEqual(0);
  expect(sorted[0]!.left).toBeGreaterThanOrEqual(Math.max(0, column.left - 0.5));
  expect(sorted.at(-1)!.right, `${sorted.at(-1)!.name} ends inside the bar's column`).toBeLessThanOrEqual(Math.min(width, column.right + 0.5));
}

/** The page scrolls only vertically: the document is no wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const scroll = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
  expect(scroll.scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(scroll.innerWidth);
}

/** Desktop widths where the header is tightest and the dock used to be a bottom bar. */
const DESKTOP_WIDTHS_PX = [DOCK_STRIP_MIN_WIDTH_PX, 1100, 1280];

for (const width of DESKTOP_WIDTHS_PX) {
  test(`at ${width} px the header shows 金融友善專區 and English as text in view, the dock is a strip on the right, no horizontal scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const header = page.locator('.site-header');
    for (const label of ['金融友善專區', 'English']) {
      // The link's name starts with its visible text (then, for a link to another site, the new-window hint), and that
      // text is drawn whole: not clipped to a pixel, inside the window.
      const link = header.getByRole('link', { name: new RegExp(`^${label}`) });
      await expect(link).toBeVisible();
      const text = await link.getByText(label, { exact: true }).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return {
          left: box.left,
          right: box.right,
          width: box.width,
          height: box.height,
          overflow: el.scrollWidth - el.clientWidth,
          clip: getComputedStyle(el).clipPath,
        };
      });
      expect(text.clip, `${label} is not clipped away`).toBe('none');
      expect(text.width, `${label} is drawn at its text's width`).toBeGreaterThan(label.length * 6);
      expect(text.height).toBeGreaterThan(10);
      expect(text.overflow).toBeLessThanOrEqual(0);
      expect(text.left).toBeGreaterThanOrEqual(0);
      expect(text.right).toBeLessThanOrEqual(width);
    }
    await expectHeaderControlsSideBySide(page, width);

    const dock = (await page.getByRole('navigation', { name: '快捷服務' }).boundingBox())!;
    expect(dock.x, 'the dock is on the right').toBeGreaterThan(width / 2);
    expect(dock.x + dock.width).toBeLessThanOrEqual(width + 0.5);
    expect(dock.height, 'the dock is a vertical strip').toBeGreaterThan(dock.width);
    // It keeps clear of the page's content (the container's box without its gutter).
    const contentRight = await page
      .locator('main .container')
      .first()
      .evaluate((el) => el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight));
    expect(dock.x, 'the dock covers no content').toBeGreaterThanOrEqual(contentRight);

    await expectNoSidewaysScroll(page);
  });
}

/** Desktop widths checked with the largest font size (字級); from this one up, the desktop bar fits its labels. */
const LARGE_TEXT_WIDTHS_PX = [DOCK_STRIP_MIN_WIDTH_PX, 1280, 1440, 1920];
const LARGE_TEXT_DESKTOP_BAR_MIN_PX = 1280;
/** The desktop bar's labels: the main menu's buttons, then the links 金融友善專區, English and 會員登入. */
const DESKTOP_MENU_LABELS = ['網路投保', '客戶服務', '最新消息', '商品介紹', '關於和泰'];
const DESKTOP_LINK_LABELS = ['金融友善專區', 'English', '會員登入'];

for (const width of LARGE_TEXT_WIDTHS_PX) {
  test(`at ${width} px with the largest font size the header fits the window: labels whole or behind the burger, no horizontal scroll`, async ({
    page,
  }) => {
    await page.addInitScript(([key, step]) => localStorage.setItem(key, step), [FONT_SIZE_STORAGE_KEY, String(FONT_SIZE.max)]);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/news/all/1');
    await expect(page.locator('html')).toHaveAttribute('data-font-size', String(FONT_SIZE.max));
    const bar = page.locator('.site-header .header-inner');
    const burger = bar.getByRole('button', { name: '開啟選單' });
    const labels = [
      ...DESKTOP_MENU_LABELS.map((label) => bar.getByRole('button', { name: label, exact: true })),
      ...DESKTOP_LINK_LABELS.map((label) => bar.getByRole('link', { name: new RegExp(`^${label}`) })),
    ];
    if (width >= LARGE_TEXT_DESKTOP_BAR_MIN_PX) {
      // Room enough: the desktop bar with every label in view, whole.
      await expect(burger).toBeHidden();
      for (const label of labels) await expect(label).toBeInViewport({ ratio: 1 });
    } else {
      // Too narrow for the larger labels: the burger and its side menu instead of a bar wider than the window.
      await expect(burger).toBeInViewport({ ratio: 1 });
      for (const label of labels) await expect(label).toBeHidden();
      await burger.click();
      await expect(page.getByRole('dialog', { name: '主選單' }).getByRole('link', { name: /^會員登入/ })).toBeInViewport();
      await page.keyboard.press('Escape');
    }
    await expectHeaderControlsSideBySide(page, width);
    await expectNoSidewaysScroll(page);
    // The dock stays a strip inside the window's right edge.
    const dock = (await page.getByRole('navigation', { name: '快捷服務' }).boundingBox())!;
    expect(dock.height, 'the dock is a vertical strip').toBeGreaterThan(dock.width);
    expect(dock.x + dock.width).toBeLessThanOrEqual(width + 0.5);
  });
}

/** Browser zoom: 1280 px at 200 % is a 640 px CSS viewport, with or without the largest font size (WCAG 1.4.4, 1.4.10). */
const ZOOMED_WIDTH_PX = 640;

for (const step of [FONT_SIZE.default, FONT_SIZE.max]) {
  test(`at ${ZOOMED_WIDTH_PX} px (1280 px at 200 % zoom), font-size step ${step}, the phone header fits and nothing scrolls sideways`, async ({
    page,
  }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [FONT_SIZE_STORAGE_KEY, String(step)]);
    await page.setViewportSize({ width: ZOOMED_WIDTH_PX, height: 800 });
    await page.goto('/news/all/1');
    await expect(page.locator('.site-header').getByRole('button', { name: '開啟選單' })).toBeInViewport({ ratio: 1 });
    await expectHeaderControlsSideBySide(page, ZOOMED_WIDTH_PX);
    await expectNoSidewaysScroll(page);
  });
}

/** Phone widths with the largest font size: the footer's hotline numbers were 1 px wider than a 320 px window. */
for (const width of [320, 390]) {
  test(`at ${width} px with the largest font size nothing scrolls sideways`, async ({ page }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [FONT_SIZE_STORAGE_KEY, String(FONT_SIZE.max)]);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/news/all/1');
    await expect(page.locator('html')).toHaveAttribute('data-font-size', String(FONT_SIZE.max));
    await expectNoSidewaysScroll(page);
    for (const tel of await page.locator('.site-footer .hotline-tel').all()) {
      const box = (await tel.boundingBox())!;
      expect(box.x, 'a hotline number starts inside the window').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'a hotline number ends inside the window').toBeLessThanOrEqual(width);
    }
  });
}

/** An axis-aligned box in CSS px (the window's coordinates). */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The area in px² of the union of `boxes`, each first clipped to `clip` (coordinate compression: exact). */
function unionArea(boxes: readonly Box[], clip: Box): number {
  const clipped = boxes
    .map((box) => ({
      left: Math.max(box.x, clip.x),
      top: Math.max(box.y, clip.y),
      right: Math.min(box.x + box.width, clip.x + clip.width),
      bottom: Math.min(box.y + box.height, clip.y + clip.height),
    }))
    .filter((box) => box.right > box.left && box.bottom > box.top);
  const xs = [...new Set(clipped.flatMap((box) => [box.left, box.right]))].sort((a, b) => a - b);
  let area = 0;
  for (let i = 0; i + 1 < xs.length; i += 1) {
    const spans = clipped
      .filter((box) => box.left <= xs[i] && box.right >= xs[i + 1])
      .map((box) => [box.top, box.bottom])
      .sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let end = -Infinity;
    for (const [top, bottom] of spans) {
      if (bottom <= end) continue;
      covered += bottom - Math.max(top, end);
      end = bottom;
    }
    area += covered * (xs[i + 1] - xs[i]);
  }
  return area;
}

test(`a phone's first visit to home keeps at least ${PHONE_FIRST_SCREEN_PAGE_SHARE_MIN * 100} % of the screen below the header for the page, every notice still reachable`, async ({
  page,
}) => {
  // 390 × 780: a current phone's window with the browser's bars. The sample portal answers a banner and four bell
  // items (no system dialog); the panel opens by itself on home (REFERENCE.md "Widget states"); the cookie notice is not answered yet.
  await page.setViewportSize({ width: 390, height: 780 });
  await page.goto('/');
  const banner = page.getByRole('region', { name: '重要公告' });
  const panel = page.locator('[data-bell-panel]');
  const cookie = page.getByRole('region', { name: 'Cookie 使用說明' });
  const dock = page.locator('[data-dock]');
  for (const overlay of [banner, panel, cookie, dock]) await expect(overlay).toBeVisible();
  await page.waitForTimeout(TIMING.notificationAutoOpenMs);

  const header = (await page.locator('.site-header').boundingBox())!;
  const below: Box = { x: 0, y: header.y + header.height, width: 390, height: 780 - (header.y + header.height) };
  // Everything fixed over the page but the bell panel: the cookie notice, the dock bar and the buttons at its end
  // (chat, back-to-top).
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return style.position === 'fixed' && style.visibility !== 'hidden' && !element.closest('.site-header, dialog:not([open])');
      })
      .map((element) => element.getBoundingClientRect())
      .map(({ x, y, width, height }) => ({ x, y, width, height })),
  );
  // The bell panel's stack is left out: the panel is a popover sized for BELL_PHONE_NOTICES_MIN notices, which a tap
  // outside, Escape or focus moving on closes (widgets.css); the banner is part of the page.
  const stack = (await page.locator('[data-notice-stack]').boundingBox())!;
  const sameBox = (a: Box, b: Box) => Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.width - b.width) < 0.5;
  const covered = unionArea(
    boxes.filter((box) => !sameBox(box, stack)),
    below,
  );
  const pageShare = 1 - covered / (below.width * below.height);
  expect(pageShare, `share of the screen below the header that shows the page`).toBeGreaterThanOrEqual(PHONE_FIRST_SCREEN_PAGE_SHARE_MIN);

  // Every control of the notices and the dock is in reach by touch (a trial tap hits it; the panel's and the
  // banner's scroll within them); every one but the links within a sentence (WCAG 2.5.8's inline exception) is a
  // target of at least 24 × 24 px.
  const inline = [...(await banner.locator('.notice-banner__text a').all()), ...(await cookie.locator('a:visible').all())];
  const targets = [
    ...(await banner.locator('button').all()),
    ...(await panel.locator('a, button').all()),
    ...(await cookie.locator('button').all()),
    ...(await dock.locator('.dock__item').all()),
  ];
  for (const control of [...inline, ...targets]) {
    await control.scrollIntoViewIfNeeded();
    await control.click({ trial: true });
  }
  for (const control of targets) {
    const box = (await control.boundingBox())!;
    expect(Math.min(box.width, box.height), `${await control.textContent()} is a target of at least 24 px`).toBeGreaterThanOrEqual(24);
  }
  // The cookie notice is one line above the dock bar, which does not cover it.
  const [cookieBox, dockBox] = [(await cookie.boundingBox())!, (await dock.boundingBox())!];
  expect(cookieBox.y + cookieBox.height).toBeLessThanOrEqual(dockBox.y + 0.5);
  const line = await cookie.locator('p').evaluate((p) => Number.parseFloat(getComputedStyle(p).lineHeight));
  expect((await cookie.locator('p').boundingBox())!.height).toBeLessThanOrEqual(line * 1.5);
  // Each one is dismissed with a tap: the banner, the panel, the cookie notice.
  await banner.getByRole('button', { name: '我知道了' }).click();
  await expect(banner).toHaveCount(0);
  await panel.getByRole('button', { name: '關閉最新公告' }).click();
  await expect(panel).toBeHidden();
  await cookie.getByRole('button', { name: '好，我知道了' }).click();
  await expect(cookie).toBeHidden();
});
