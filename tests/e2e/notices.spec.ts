/**
 * What a visitor meets of the notices on a phone and over time (REFERENCE.md "Widget states": "Notification categories 1, 2, 8"): the
 * banner (category 8) takes its whole text's height in the page and covers nothing of it; the bell panel 最新公告
 * (category 2) shows at least BELL_PHONE_NOTICES_MIN notices on a phone and closes with Escape; it opens by itself on
 * the visitor's first view of home whatever page came first, and not after leaving home; 'N 天前' counts the days
 * since the start, with the date alone for a start still to come. English text (/eng) wraps whole words at 320 px.
 */
import type { Page } from '@playwright/test';
import { addDays, taipeiToday } from '../../src/lib/taipei-dates';
import { BELL_PHONE_NOTICES_MIN } from '../../src/site/limits';
import { EXTERNAL } from '../../src/site/company';
import { expect, notificationsChecked, test } from './fixtures';

const NOTIFICATIONS = '**/api/Common/GetPortalNotification';
const bellPanel = (page: Page) => page.getByRole('region', { name: '最新公告' });
const banner = (page: Page) => page.getByRole('region', { name: '重要公告' });

/** A long banner of the field's kind: a hotline number near its end, where a cut would fall. */
const LONG_BANNER = {
  id: 'B-long',
  category: 8,
  title: '颱風期間理賠服務',
  description:
    '颱風期間本公司啟動災害應變機制，車輛泡水及住宅受損案件優先派員查勘，並延長理賠申請文件收件時間至颱風過後第 10 個工作天；報案請撥 0800-077-568（24 小時），或於官網「線上報案」填寫出險資料，上傳現場照片。',
  startDate: addDays(taipeiToday(), -1),
  nextUrl: '/news/all/1',
};

test.describe('the banner (category 8) on a phone', () => {
  for (const path of ['/news/detail/1', '/faq/1']) {
    test(`${path} at 390 px: the whole text shows and nothing of the page is under it, at the top and scrolled`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 780 });
      await page.route(NOTIFICATIONS, (route) => route.fulfill({ json: { code: 20000, message: '成功', data: [LONG_BANNER] } }));
      await page.goto(path);
      const region = banner(page);
      await expect(region).toBeVisible();
      await expect(region.locator('.notice-date')).toHaveText(/天前$/);
      // Its whole text, its date and its link in the window, none cut by the banner's own box.
      for (const part of [region.locator('.notice-banner__text'), region.locator('.notice-date'), region.getByRole('link')]) {
        await expect(part).toBeInViewport({ ratio: 1 });
      }
      const text = region.locator('.notice-banner__text');
      expect(await text.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
      expect(await region.evaluate((element) => element.scrollHeight - element.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
      // Nothing of the page under it: the breadcrumbs and the main content start below its box.
      const bannerBox = (await region.boundingBox())!;
      for (const part of [page.locator('nav[aria-label="麵包屑"], .breadcrumbs').first(), page.locator('main')]) {
        if (!(await part.count())) continue;
        expect((await part.boundingBox())!.y, 'the page starts below the banner').toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 0.5);
      }
      // Scrolled, it goes with the page: it never stays over the content.
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect
        .poll(async () => ((await region.boundingBox())?.y ?? 0) + bannerBox.height)
        .toBeLessThanOrEqual(bannerBox.y + bannerBox.height - 300);
    });
  }
});

test.describe('the bell panel 最新公告 on a phone', () => {
  test(`at 390 × 780 px on home it shows at least ${BELL_PHONE_NOTICES_MIN} notices and closes with Escape`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto('/');
    const panel = bellPanel(page);
    await expect(panel).toBeVisible();
    await expect(banner(page)).toBeVisible();
    // A notice shows when its title is inside the panel's visible box.
    const shown = await panel.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const bottom = Math.min(box.bottom, window.innerHeight);
      return [...element.querySelectorAll('.bell-item__title')].filter((title) => {
        const r = title.getBoundingClientRect();
        return r.top >= box.top && r.bottom <= bottom;
      }).length;
    });
    expect(shown).toBeGreaterThanOrEqual(BELL_PHONE_NOTICES_MIN);
    // Nothing fixed covers the panel's last visible notice title (the cookie notice, the dock bar).
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.locator('[data-bell-trigger]')).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes it while the chat room (a non-modal dialog) is open, and focus returns to the bell', async ({ page }) => {
    await page.route(`${new URL(EXTERNAL.chatbot).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>客服</title><p>客服</p>' }),
    );
    await page.goto('/legal');
    await page.locator('[data-chat-launcher]').click();
    await expect(page.locator('[data-chat-room]')).toBeVisible();
    await page.locator('[data-bell-trigger]').click();
    await expect(bellPanel(page)).toBeVisible();
    await expect(bellPanel(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(bellPanel(page)).toBeHidden();
    await expect(page.locator('[data-bell-trigger]')).toBeFocused();
  });
});

test.describe('the bell opens by itself on the first view of home (REFERENCE.md "Widget states")', () => {
  test('whatever page came first; after leaving home it stays closed', async ({ page }) => {
    await page.goto('/legal');
    await expect(page.locator('[data-bell-trigger]')).toHaveAttribute('aria-expanded', 'false');
    await page.goto('/');
    await expect(bellPanel(page)).toBeVisible();
    // Leaving home marks it closed.
    await page.goto('/news/all/1');
    await page.goto('/');
    await notificationsChecked(page);
    await page.waitForTimeout(500);
    await expect(bellPanel(page)).toBeHidden();
  });
});

test.describe('\'N 天前\' (REFERENCE.md "Widget states": days since the start)', () => {
  test('today reads 0 天前, two days ago 2 天前, a start two days ahead shows its date alone', async ({ page }) => {
    const today = taipeiToday();
    const items = [
      { id: 'D0', category: 2, title: '今天開始', description: '今天開始的公告。', startDate: today },
      { id: 'D-2', category: 2, title: '兩天前開始', description: '兩天前開始的公告。', startDate: addDays(today, -2) },
      { id: 'D+2', category: 2, title: '兩天後開始', description: '兩天後開始的公告。', startDate: addDays(today, 2) },
    ];
    await page.route(NOTIFICATIONS, (route) => route.fulfill({ json: { code: 20000, message: '成功', data: items } }));
    await page.goto('/');
    const panel = bellPanel(page);
    await expect(panel).toBeVisible();
    const line = (title: string) => panel.locator('.bell-item', { hasText: title }).locator('.notice-date');
    const shown = (day: string) => day.replaceAll('-', '/');
    await expect(line('今天開始')).toHaveText(`${shown(today)} · 0 天前`);
    await expect(line('兩天前開始')).toHaveText(`${shown(addDays(today, -2))} · 2 天前`);
    await expect(line('兩天後開始')).toHaveText(shown(addDays(today, 2)));
  });
});

test.describe('English text', () => {
  test('/eng at 320 px never breaks inside a word', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/eng');
    // Each word of the English content (letters, with an apostrophe inside) must lie on one line: its boxes all share
    // one top.
    const broken = await page.locator('main').evaluate((main) => {
      const found: string[] = [];
      // The outermost English parts of the page (the hero and the content).
      const roots = [...main.querySelectorAll('[lang="en"]')].filter((root) => !root.parentElement?.closest('[lang="en"]'));
      if (!roots.length) return ['(no English content)'];
      for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(/[A-Za-z][A-Za-z’']*[A-Za-z]/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 1) found.push(match[0]);
          }
        }
      }
      return found;
    });
    expect(broken).toEqual([]);
  });
});

interface SampleCoupon {
  id: number | string;
  title: string;
  startDate?: string;
  endDate?: string;
  link?: string;
}

/** The instant 09:00 Taipei time of a Taipei day (`YYYY-MM-DD`). */
const taipeiMorning = (day: string): Date => new Date(`${day}T09:00:00+08:00`);

test.describe('coupon states follow the visitor’s day, not only the build’s', () => {
  test('an offer that ends between the build and the visit shows 已結束 and nothing to claim (the browser clock moved)', async ({ page, portal }) => {
    const today = taipeiToday();
    const coupons = await portal.list<SampleCoupon>('coupons');
    // Current when built, with a claim link and a last day.
    const coupon = coupons.find(
      (item) => item.link && item.endDate && item.endDate.slice(0, 10) >= today && (!item.startDate || item.startDate.slice(0, 10) <= today),
    );
    expect(coupon, 'the sample portal has a current coupon with a claim link and a last day').toBeDefined();
    const lastDay = coupon!.endDate!.slice(0, 10);
    await page.clock.setFixedTime(taipeiMorning(addDays(lastDay, 1)));
    await page.goto(`/coupon/detail/${coupon!.id}`);
    const summary = page.locator('.coupon-detail__summary');
    await expect(summary.locator('[data-status="ended"]')).toBeVisible();
    await expect(summary.getByText(`本優惠已於 ${lastDay.replaceAll('-', '/')} 結束。`)).toBeVisible();
    await expect(summary.getByRole('link', { name: /立即領取優惠/ })).toBeHidden();
    // In the dock's coupon panel too.
    const dockItem = page.locator('#dock-coupons li', { has: page.locator(`a[href="/coupon/detail/${coupon!.id}"]`) });
    if (await dockItem.count()) await expect(dockItem.locator('[data-offer-show="ended"]')).not.toHaveAttribute('hidden', '');
    // And in the list: its card says 已結束, in its accessible name too.
    await page.goto('/coupon/1');
    const card = page.locator('article.coupon-card', { has: page.locator(`a[href="/coupon/detail/${coupon!.id}"]`) });
    await expect(card.locator('[data-status="ended"]')).toBeVisible();
    await expect(card.getByRole('link')).toHaveAccessibleName(/（已結束）$/);
  });

  test('an offer that starts between the build and the visit no longer says 尚未開始 and offers its claim link', async ({ page, portal }) => {
    const today = taipeiToday();
    const coupons = await portal.list<SampleCoupon>('coupons');
    const coupon = coupons.find((item) => item.link && item.startDate && item.startDate.slice(0, 10) > today);
    expect(coupon, 'the sample portal has an upcoming coupon with a claim link').toBeDefined();
    await page.clock.setFixedTime(taipeiMorning(coupon!.startDate!.slice(0, 10)));
    await page.goto(`/coupon/detail/${coupon!.id}`);
    const summary = page.locator('.coupon-detail__summary');
    await expect(summary.getByRole('link', { name: /立即領取優惠/ })).toBeVisible();
    await expect(summary.locator('[data-status="upcoming"]')).toBeHidden();
    await expect(summary.getByText(/^本優惠將於/)).toBeHidden();
  });
});

test.describe('the banner on the next pages of a visit', () => {
  /** The layout shifts of the page after its document was parsed, watched for `ms` (values, rounded). */
  const shiftsAfterParsing = (page: Page, ms: number) =>
    page.evaluate(
      (wait) =>
        new Promise<string[]>((resolve) => {
          const parsedAt = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive;
          const found: string[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput && entry.startTime >= parsedAt) found.push(`${entry.value.toFixed(4)} at ${entry.startTime.toFixed(0)} ms`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(found), wait);
        }),
      ms,
    );

  for (const width of [390, 1440]) {
    test(`at ${width} px it arrives into the space it took on the page before: nothing moves; once dismissed no space is left`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/legal');
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).locator('.notice-date')).toHaveText(/天前$/);
      await page.goto('/news/all/1');
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).locator('.notice-date')).toHaveText(/天前$/);
      expect(await shiftsAfterParsing(page, 500)).toEqual([]);
      await banner(page).getByRole('button', { name: '我知道了' }).click();
      await page.goto('/faq/1');
      await notificationsChecked(page);
      expect((await page.locator('[data-notice-banner-slot]').boundingBox())?.height ?? 0).toBeLessThan(1);
    });
  }
});
