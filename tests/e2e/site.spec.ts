/**
 * End-to-end: the built site in Chromium against the sample portal (REFERENCE.md "Sample portal"). Home shows the portal's
 * banners and latest news, a click reaches a news detail, the news list filters and paginates, unknown URLs get
 * the 404 texts, the header menus work with mouse and keyboard, and no page logs a console error.
 */
import { expect, test } from './fixtures';
import { taipeiYear } from '../../src/lib/taipei-dates';

interface NewsItem {
  id: string | number;
  title: string;
  date: string;
  categoryId: string | number;
  isTop?: boolean;
}

/** The portal's news in the site's display order: pinned first, newest first. */
function displayOrder(items: NewsItem[]): NewsItem[] {
  return [...items].sort(
    (a, b) =>
      Number(Boolean(b.isTop)) - Number(Boolean(a.isTop)) ||
      new Date(b.date).getTime() - new Date(a.date).getTime() ||
      String(a.id).localeCompare(String(b.id), 'en', { numeric: true }),
  );
}

test('home shows every portal banner and the latest news @phone', async ({ page, portal }) => {
  const banners = await portal.list<{ title: string; sort: number }>('homeBanners');
  const news = displayOrder(await portal.list<NewsItem>('news'));
  await page.goto('/');
  await expect(page).toHaveTitle(/和泰產險/);
  const slides = page.locator('[data-slide]');
  await expect(slides).toHaveCount(banners.length);
  const first = [...banners].sort((a, b) => a.sort - b.sort)[0];
  const firstImage = slides.first().locator('img');
  await expect(firstImage).toHaveAttribute('alt', first.title);
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const latest = page.getByRole('region', { name: '最新消息' }).getByRole('listitem');
  await expect(latest.first()).toContainText(news[0].title);
  await expect(latest.nth(1)).toContainText(news[1].title);
});

test('a click on a home news item reaches its detail page', async ({ page, portal }) => {
  const [top] = displayOrder(await portal.list<NewsItem>('news'));
  await page.goto('/');
  await page.getByRole('region', { name: '最新消息' }).getByRole('link', { name: top.title }).click();
  await expect(page).toHaveURL(new RegExp(`/news/detail/${top.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(top.title);
  await expect(page.getByRole('navigation', { name: '麵包屑' })).toContainText('公司新聞');
});

test('the news list filters by category and paginates', async ({ page, portal }) => {
  const categories = await portal.list<{ id: string | number; name: string }>('newsCategories');
  const news = await portal.list<NewsItem>('news');
  await page.goto('/news/all/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('公司新聞');
  const cards = page.locator('.article-list > li');
  await expect(cards).toHaveCount(9);

  const category = categories[1];
  await page.getByRole('navigation', { name: '公司新聞分類' }).getByRole('link', { name: category.name }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${category.id}/1$`));
  const inCategory = news.filter((item) => String(item.categoryId) === String(category.id));
  await expect(cards).toHaveCount(Math.min(9, inCategory.length));
  // A card's tag names its category, or marks it pinned.
  for (const tag of await cards.locator('.tag').allTextContents()) expect(['置頂', category.name]).toContain(tag);

  await page.goto('/news/all/1');
  await page.getByRole('navigation', { name: /分頁/ }).getByRole('link', { name: '第 2 頁' }).click();
  await expect(page).toHaveURL(/\/news\/all\/2$/);
  const expected = displayOrder(news)[9];
  await expect(cards.first()).toContainText(expected.title);
});

test('an unknown URL answers 404 with the spec texts and a way home @phone', async ({ page, consoleErrors }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByText(/可能已被移除/)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: '回首頁' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The browser logs the 404 document itself; nothing else may be logged.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !/status of 404/.test(text)));
});

test('the footer shows the four hotlines and the copyright years', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const tel of ['0800-880-550', '0800-077-568', '0800-501-888', '0800-895-988']) {
    await expect(footer.getByRole('link', { name: new RegExp(tel) })).toBeVisible();
  }
  await expect(footer).toContainText(`2020 - ${taipeiYear()}`);
});
