/**
 * End-to-end: the page chrome of every page (spec §2 "Global layout"): the skip link comes first, the main menu's
 * mega-menus open with the mouse and the keyboard, the header takes its active style after 300 px of scroll, and
 * on phones the burger opens the side menu, which Escape closes.
 */
import { TIMING } from '../../src/site';
import { expect, test } from './fixtures';

test('the skip link is the first tab stop and moves to the main content', async ({ page }) => {
  await page.goto('/news/all/1');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要內容區塊' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('a mega-menu opens on hover and on keyboard focus', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: '主選單' }).first();
  const newsLink = nav.getByRole('link', { name: '得獎公告' });
  await expect(newsLink).toBeHidden();
  await nav.getByRole('link', { name: '最新消息' }).hover();
  await expect(newsLink).toBeVisible();
  await page.mouse.move(5, 800);
  await expect(newsLink).toBeHidden();

  await nav.getByRole('link', { name: '網路投保' }).focus();
  const quote = nav.getByRole('link', { name: /立即投保/ }).first();
  await expect(quote).toBeVisible();
  await expect(quote).toHaveAttribute('target', '_blank');
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
