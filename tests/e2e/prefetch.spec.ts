/**
 * End-to-end: instant navigation. Pointing at a likely next page — a news card of a list, the next
 * list page — makes the browser fetch it ahead through the page's Speculation Rules (src/lib/speculation-rules.ts:
 * `a[data-prefetch]`, eagerness moderate), with the CSP allowing the rules; links the visitor does not point at are
 * not fetched.
 */
import type { Page } from '@playwright/test';
import { downloadsSettled, expect, test } from './fixtures';

/** Records the paths the browser fetches ahead (requests with `Sec-Purpose: prefetch`). */
function recordPrefetches(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (/prefetch/i.test(request.headers()['sec-purpose'] ?? '')) paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test('pointing at a news card fetches its detail page ahead, and only that one', async ({ page }) => {
  const prefetched = recordPrefetches(page);
  await page.goto('/news/all/1');
  const links = page.locator('.article-card a[data-prefetch]');
  expect(await links.count()).toBeGreaterThan(1);
  const first = links.first();
  const href = (await first.getAttribute('href'))!;
  const other = await links.nth(1).getAttribute('href');
  // Everything the page downloads by itself is in: the card's page is not among it.
  await downloadsSettled(page);
  expect(prefetched).not.toContain(href);
  await first.hover();
  await expect.poll(() => prefetched).toContain(href);
  expect(prefetched).not.toContain(other);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('the next list page is fetched ahead when pointed at', async ({ page }) => {
  const prefetched = recordPrefetches(page);
  await page.goto('/news/all/1');
  const next = page.locator('a[rel="next"][data-prefetch]');
  await expect(next).toHaveCount(1);
  await next.hover();
  await expect.poll(() => prefetched).toContain('/news/all/2');
});
