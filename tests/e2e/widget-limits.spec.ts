/**
 * End-to-end: the site-wide widgets hold against portal answers built to hurt them.
 * - Notifications (spec §4): 10,000 in one answer keep the main thread free (no long task over
 *   LONG_TASK_LIMIT_MS) while the system dialog 系統公告 shows; the bell panel renders at most
 *   NOTIFICATIONS_SHOWN_MAX.bell items and says how many more there are.
 * - The external-link confirmation (spec §9) names the host the browser will reach, never a `user@` part that
 *   imitates the company's host, and does not pass that part on.
 * - The contact form's captcha is shown only when it is an image of bounded size (CAPTCHA_IMAGE_MAX_BYTES);
 *   otherwise the form says 驗證碼無法載入，請按「換一張」重試。 instead of showing a broken image.
 */
import type { Page } from '@playwright/test';
import { CAPTCHA_IMAGE_MAX_BYTES, NOTIFICATIONS_MAX_BODY_BYTES, NOTIFICATIONS_SHOWN_MAX } from '../../src/site/limits';
import { CONTACT_TEXT } from '../../src/site/texts/contact-form';
import { NOTIFICATION_TEXT } from '../../src/site/texts/notifications';
import { addDays, taipeiToday } from '../../src/lib/taipei-dates';
import { expect, test } from './fixtures';

const NOTIFICATIONS = '**/api/Common/GetPortalNotification';
const GET_CAPTCHA = '**/api/portalCustomerProblemForm/getCaptcha';

/** Longest main-thread task allowed while 10,000 notifications arrive, in ms (the acceptance rule of this work). */
const LONG_TASK_LIMIT_MS = 200;

/** Records every long task of the page from its start (PerformanceObserver 'longtask', buffered) in `__longTasks`. */
async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * The durations (ms) of the long tasks from the moment the page's scripts run (navigation timing `domInteractive`:
 * the layout's module script, which starts the notification check, runs right after it) until now. The tasks before
 * it parse and lay out the page's HTML, which is the same with or without notifications (about 100–200 ms on a busy
 * 2-core machine); every task that reads, chooses or renders the notifications comes after it (the code this test
 * was written against did all of it in one task of 9–24 s that began there).
 */
const longTasks = (page: Page) =>
  page.evaluate(() => {
    const scriptsRun = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive;
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
    return tasks.filter((task) => task.start + task.duration >= scriptsRun).map((task) => task.duration);
  });

/**
 * 10,000 notifications as an attacker could send them: 1 in 100 a system dialog (category 1), 1 in 10 a banner
 * (category 8), every other one for the bell (category 2), dates spread over the last 1,000 days, the newest last
 * (the portal's order is not the order shown); about 1.5 MB of JSON. (Reading a far larger answer, e.g. 10 MB of
 * long texts, is itself a task of about 300 ms in the portal client: strict UTF-8 decoding and the JSON checks.)
 */
function manyNotifications(count = 10_000): Record<string, unknown>[] {
  const today = taipeiToday();
  return Array.from({ length: count }, (_, i) => {
    const category = i % 100 === 0 ? 1 : i % 10 === 0 ? 8 : 2;
    return {
      id: `many-${i}`,
      category,
      title: `公告 ${i}`,
      description: `第 ${i} 則公告：保險理賠服務時間調整，請留意。`,
      startDate: addDays(today, -Math.floor((count - 1 - i) / 10)),
      // The dialogs lead nowhere, so that 確認 only closes them.
      ...(category === 1 ? {} : { nextUrl: i % 2 ? '/news/all/1' : 'https://www.example.com/notice' }),
    };
  });
}

test.describe('notifications: 10,000 in the answer', () => {
  // A long task is measured on a machine the other test worker also loads: the page's own start-up task can pass
  // 200 ms under that load with no notification at all, so a miss is tried again (twice). The code this was written
  // against ran one task of 9–24 s, which no retry passes.
  test.describe.configure({ retries: 2 });
  test(`no long task over ${LONG_TASK_LIMIT_MS} ms once the scripts run; the dialog shows; the bell renders at most ${NOTIFICATIONS_SHOWN_MAX.bell} and counts the rest`, async ({
    page,
  }) => {
    const data = manyNotifications();
    const body = JSON.stringify({ code: 20000, message: '成功', data });
    expect(Buffer.byteLength(body), 'within the notification answer limit').toBeLessThan(NOTIFICATIONS_MAX_BODY_BYTES);
    await page.route(NOTIFICATIONS, (route) => route.fulfill({ contentType: 'application/json', body }));
    await recordLongTasks(page);
    await page.goto('/news/all/1');
    const dialog = page.getByRole('dialog', { name: '系統公告' });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await page.waitForLoadState('networkidle');
    // Dates (loaded on demand) and every render are in once the date line is filled.
    await expect(dialog.locator('.notice-date')).toHaveText(/天前|今天/);
    expect(
      Math.max(0, ...(await longTasks(page))),
      `longest main-thread task once the scripts run, ms (all: ${await longTasks(page)})`,
    ).toBeLessThanOrEqual(LONG_TASK_LIMIT_MS);

    // One dialog at a time, newest first, at most NOTIFICATIONS_SHOWN_MAX.dialog on this page.
    const dialogs = data.filter((item) => item.category === 1).reverse();
    for (const item of dialogs.slice(0, NOTIFICATIONS_SHOWN_MAX.dialog)) {
      await expect(dialog).toContainText(String(item.title));
      await dialog.getByRole('button', { name: '確認' }).click();
    }
    await expect(dialog).toBeHidden();
    const bellCount = data.filter((item) => item.category === 2).length;
    await page.getByRole('button', { name: /^最新公告/ }).click();
    const panel = page.getByRole('region', { name: '最新公告' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(NOTIFICATIONS_SHOWN_MAX.bell);
    // Newest first (the same day: the portal's order): the first bell item of the latest day leads.
    const bells = data.filter((item) => item.category === 2);
    const latestDay = bells
      .map((item) => String(item.startDate))
      .sort()
      .at(-1);
    await expect(panel.getByRole('listitem').first()).toContainText(String(bells.find((item) => item.startDate === latestDay)!.title));
    await expect(panel).toContainText(NOTIFICATION_TEXT.bell.notShown(bellCount - NOTIFICATIONS_SHOWN_MAX.bell));
    expect(await page.evaluate(() => document.querySelectorAll('.bell-item').length)).toBe(NOTIFICATIONS_SHOWN_MAX.bell);
    await expect(page.getByRole('region', { name: '重要公告' })).toHaveCount(1);
    expect(
      Math.max(0, ...(await longTasks(page))),
      `longest main-thread task once the scripts run, ms (all: ${await longTasks(page)})`,
    ).toBeLessThanOrEqual(LONG_TASK_LIMIT_MS);
  });

  test(`an answer over NOTIFICATIONS_MAX_BODY_BYTES (${NOTIFICATIONS_MAX_BODY_BYTES} bytes) is not read: nothing shows, nothing breaks`, async ({
    page,
  }) => {
    const data = manyNotifications().map((item) => ({ ...item, description: `${item.description}${'理賠'.repeat(200)}` }));
    const body = JSON.stringify({ code: 20000, message: '成功', data });
    expect(Buffer.byteLength(body)).toBeGreaterThan(NOTIFICATIONS_MAX_BODY_BYTES);
    await page.route(NOTIFICATIONS, (route) => route.fulfill({ contentType: 'application/json', body }));
    await page.goto('/news/all/1');
    // The notification center is wired, and the answer refused (silently: spec §8) by the time the network is idle.
    await page.waitForFunction(() => document.querySelector('[data-bell-trigger]')?.hasAttribute('aria-expanded'));
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog', { name: '系統公告' })).toBeHidden();
    await expect(page.locator('[data-bell-count]')).toBeHidden();
    await expect(page.locator('.notice-banner')).toHaveCount(0);
  });
});

test.describe('external links: the real destination (spec §9)', () => {
  /** Puts a link into the page's main content, as portal rich text would, and follows it with the keyboard. */
  async function clickLink(page: Page, href: string): Promise<void> {
    await page.evaluate((value) => {
      const link = document.createElement('a');
      link.href = value;
      link.textContent = '活動詳情';
      link.id = 'hostile-link';
      document.querySelector('main')!.prepend(link);
    }, href);
    await page.locator('#hostile-link').focus();
    await page.keyboard.press('Enter');
  }

  test('a link written as https://www.hotains.com.tw@evil.example/ names evil.example and never the user part @phone', async ({ page, context }) => {
    await context.route('https://evil.example/**', (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>外部網站</title><p>外部網站</p>' }),
    );
    await page.goto('/news/all/1');
    await clickLink(page, 'https://www.hotains.com.tw@evil.example/claim?x=1');
    const dialog = page.getByRole('dialog', { name: '是否前往外部網站' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-external-host]')).toHaveText('evil.example');
    await expect(dialog).not.toContainText('www.hotains.com.tw@');
    await expect(dialog).not.toContainText('hotains');
    await expect(dialog.locator('[data-external-url]')).toHaveText('https://evil.example/claim?x=1');
    // The host is what the dialog is about: it is part of its description.
    const described = await dialog.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('evil.example');
    const navigation = page.waitForURL('https://evil.example/**');
    await dialog.getByRole('button', { name: '確定前往' }).click();
    await navigation;
    // The user part is dropped from where the browser goes, too.
    expect(page.url()).toBe('https://evil.example/claim?x=1');
  });

  test('an internationalized host shows its Unicode form beside the punycode the browser uses', async ({ page }) => {
    await page.goto('/news/all/1');
    await clickLink(page, 'https://例子.測試/路徑');
    const dialog = page.getByRole('dialog', { name: '是否前往外部網站' });
    await expect(dialog.locator('[data-external-host]')).toHaveText('xn--fsqu00a.xn--g6w251d');
    await expect(dialog.locator('[data-external-host-unicode]')).toHaveText('例子.測試');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('captcha: only a bounded image', () => {
  const cases: [string, string][] = [
    ['an HTML data: URL', 'data:text/html,<h1>驗證碼</h1><script>alert(1)</script>'],
    [
      'an SVG over the size limit',
      `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<!-- padding -->'.repeat(Math.ceil((CAPTCHA_IMAGE_MAX_BYTES + 1024) / 16))}</svg>`).toString('base64')}`,
    ],
    ['a URL on another host', 'https://evil.example/captcha.svg'],
  ];
  for (const [name, image] of cases) {
    test(`${name}: the retry message, no broken image`, async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('hotains:cookie-notice', 'yes'));
      await page.route(GET_CAPTCHA, (route) => route.fulfill({ json: { code: 20000, message: '成功', data: { captchaId: 'hostile', image } } }));
      await page.goto('/contact');
      await expect(page.locator('#contact-captcha-hint')).toContainText(CONTACT_TEXT.captchaFailed);
      await expect(page.locator('#contact-form .captcha__image img')).toHaveCount(0);
      await expect(page.locator('#contact-form .captcha__placeholder')).toHaveText(CONTACT_TEXT.captchaUnavailable);
    });
  }

  test('a good image still shows, and 換一張 after a bad one brings it', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('hotains:cookie-notice', 'yes'));
    let bad = true;
    await page.route(GET_CAPTCHA, async (route) => {
      if (!bad) return route.continue();
      bad = false;
      return route.fulfill({ json: { code: 20000, message: '成功', data: { captchaId: 'hostile', image: 'data:text/html,x' } } });
    });
    await page.goto('/contact');
    await expect(page.locator('#contact-captcha-hint')).toContainText(CONTACT_TEXT.captchaFailed);
    await page.getByRole('button', { name: CONTACT_TEXT.captchaRefresh }).click();
    await expect(page.locator('#contact-form .captcha__image img')).toBeVisible();
    await expect(page.locator('#contact-captcha-hint')).not.toContainText(CONTACT_TEXT.captchaFailed);
  });
});
