/**
 * End-to-end: instant navigation (issue 8 §5). Pointing at a likely next page — a news card of a list, the next
 * list page — asks the browser to fetch it ahead (Astro prefetch with client prerender: a Speculation Rules
 * script naming the URL where the browser supports them, else a `<link rel="prefetch">`); nothing is fetched
 * ahead for links the visitor does not point at.
 */
import { expect, test } from './fixtures';

/** URLs the page has asked the browser to fetch ahead, from speculation rules and prefetch links. */
const requestedAhead = (page: import('@playwright/test').Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll('script[type="speculationrules"]')].flatMap((script) => {
      const rules = JSON.parse(script.textContent ?? '{}') as Record<string, { urls?: string[] }[]>;
      return Object.values(rules).flatMap((list) => list.flatMap((rule) => rule.urls ?? []));
    }),
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href),
  ].map((url) => new URL(url).pathname));

test('pointing at a news card fetches its detail page ahead, and only that one', async ({ page }) => {
  await page.goto('/news/all/1');
  const links = page.locator('.article-card a[data-astro-prefetch]');
  expect(await links.count()).toBeGreaterThan(1);
  const first = links.first();
  const href = await first.getAttribute('href');
  const other = await links.nth(1).getAttribute('href');
  expect(await requestedAhead(page)).not.toContain(href);
  await first.hover();
  await expect.poll(() => requestedAhead(page)).toContain(href);
  expect(await requestedAhead(page)).not.toContain(other);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('the next list page is fetched ahead when pointed at', async ({ page }) => {
  await page.goto('/news/all/1');
  const next = page.locator('a[rel="next"][data-astro-prefetch]');
  await expect(next).toHaveCount(1);
  await next.hover();
  await expect.poll(() => requestedAhead(page)).toContain('/news/all/2');
});
