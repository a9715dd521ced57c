/**
 * End-to-end: the site-wide widgets hold against portal answers built to hurt them.
 * - Notifications (REFERENCE.md "Widget states"): with 10,000 in one answer the system dialog 系統公告 shows, one at a time; the bell
 *   panel renders at most NOTIFICATIONS_SHOWN_MAX.bell items and says how many more there are; one banner shows.
 *   How long the page's tasks take meanwhile is measured by the bench (`npm run bench -- --only notifications`).
 * - The external-link confirmation (REFERENCE.md "Constants") names the host the browser will reach, never a `user@` part that
 *   imitates the company's host, and does not pass that part on.
 * - The contact form's captcha is shown only when it is an image of bounded size (CAPTCHA_IMAGE_MAX_BYTES);
 *   otherwise the form says 驗證碼無法載入，請按「換一張」重試。 instead of showing a broken image.
 */
import type { Page } from '@playwright/test';
import { CAPTCHA_IMAGE_MAX_BYTES, NOTIFICATIONS_MAX_BODY_BYTES, NOTIFICATIONS_SHOWN_MAX } from '../../src/site/limits';
import { CONTACT_TEXT } from '../../src/site/texts/contact-form';
import { NOTIFICATION_TEXT } from '../../src/site/texts/notifications';
import { manyNotifications } from '../../scripts/sample-portal/content/notifications.mjs';
import { downloadsSettled, expect, test } from './fixtures';

const NOTIFICATIONS = '**/api/Common/GetPortalNotification';
const GET_CAPTCHA = '**/api/portalCustomerProblemForm/getCaptcha';

test.describe('notifications: 10,000 in the answer', () => {
  test(`the dialog shows; the bell renders at most ${NOTIFICATIONS_SHOWN_MAX.bell} and counts the rest; one banner`, async ({ page }) => {
    const data = manyNotifications(new Date());
    const body = JSON.stringify({ code: 20000, message: '成功', data });
    expect(Buffer.byteLength(body), 'within the notification answer limit').toBeLessThan(NOTIFICATIONS_MAX_BODY_BYTES);
    await page.route(NOTIFICATIONS, (route) => route.fulfill({ contentType: 'application/json', body }));
    await page.goto('/news/all/1');
    const dialog = page.getByRole('dialog', { name: '系統公告' });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await downloadsSettled(page);
    // Dates (loaded on demand) and every render are in once the date line is filled.
    await expect(dialog.locator('.notice-date')).toHaveText(/ 天前$/);

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
  });

  test(`an answer over NOTIFICATIONS_MAX_BODY_BYTES (${NOTIFICATIONS_MAX_BODY_BYTES} bytes) is not read: nothing shows, nothing breaks`, async ({
    page,
  }) => {
    const data = manyNotifications(new Date()).map((item) => ({ ...item, description: `${item.description}${'理賠'.repeat(200)}` }));
    const body = JSON.stringify({ code: 20000, message: '成功', data });
    expect(Buffer.byteLength(body)).toBeGreaterThan(NOTIFICATIONS_MAX_BODY_BYTES);
    await page.route(NOTIFICATIONS, (route) => route.fulfill({ contentType: 'application/json', body }));
    await page.goto('/news/all/1');
    // The notification center is wired, and the answer refused (silently: REFERENCE.md "Failures") by the time the page
    // has downloaded what it downloads by itself.
    await page.waitForFunction(() => document.querySelector('[data-bell-trigger]')?.hasAttribute('aria-expanded'));
    await downloadsSettled(page);
    await expect(page.getByRole('dialog', { name: '系統公告' })).toBeHidden();
    await expect(page.locator('[data-bell-count]')).toBeHidden();
    await expect(page.locator('.notice-banner')).toHaveCount(0);
  });
});

test.describe('external links: the real destination (REFERENCE.md "Constants")', () => {
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
      // The form asks for its captcha once its island has hydrated, which a busy machine can hold past an expectation's
      // few seconds: the message is looked for once the answer has come.
      const answered = page.waitForResponse(GET_CAPTCHA);
      await page.goto('/contact');
      await answered;
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
    const answered = page.waitForResponse(GET_CAPTCHA);
    await page.goto('/contact');
    await answered;
    await expect(page.locator('#contact-captcha-hint')).toContainText(CONTACT_TEXT.captchaFailed);
    await page.getByRole('button', { name: CONTACT_TEXT.captchaRefresh }).click();
    await expect(page.locator('#contact-form .captcha__image img')).toBeVisible();
    await expect(page.locator('#contact-captcha-hint')).not.toContainText(CONTACT_TEXT.captchaFailed);
  });
});
