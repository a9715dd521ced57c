/**
 * End-to-end: site search (REFERENCE.md "Page frame": "Search overlay", `/search?q=`, REFERENCE.md "Widget states"). The overlay opens from the
 * header's search link and works with the keyboard alone; submitting closes it, clears the box and goes to
 * /search?q=…; /search shows Pagefind's results, an empty state, and any query as text only.
 * System notifications are answered with an empty list here, so no announcement dialog covers the page.
 */
import type { Page } from '@playwright/test';
import { LEXICON_URL, SOUNDS_URL, WORDS_URL } from '../../src/browser/search-source';
import { MAX_QUERY_LENGTH } from '../../src/lib/search';
import { RECOMMENDED_SEARCHES, SEARCH_TEXT } from '../../src/site/texts/search';
import { SEARCH_PAGE_SIZE } from '../../src/site/limits';
import { SITEMAP_GROUP_TITLES } from '../../src/site/navigation';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.route('**/api/Common/GetPortalNotification*', (route) => route.fulfill({ json: { code: 20000, data: [] } }));
  // Any alert, confirm or prompt means a query ran as code.
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
  });
});

/**
 * Waits until the header's search link opens the overlay: the SearchOverlay island is in the page, hydrated on the
 * first use of that link (`client:intent`, src/browser/intent-directive.ts), which its first click opens.
 */
async function overlayReady(page: Page) {
  await page.locator('astro-island[component-url*="SearchOverlay"][client="intent"]').waitFor({ state: 'attached' });
}

/** The island's code (its component and React's renderer) as the page names them: what its first use downloads. */
async function overlayCode(page: Page): Promise<string[]> {
  const island = page.locator('astro-island[component-url*="SearchOverlay"]');
  return [(await island.getAttribute('component-url'))!, (await island.getAttribute('renderer-url'))!];
}

const trigger = (page: Page) => page.locator('header [data-search-trigger]');
const overlay = (page: Page) => page.getByRole('dialog', { name: SEARCH_TEXT.dialog });
const searchBox = (page: Page) => overlay(page).getByRole('searchbox', { name: SEARCH_TEXT.label });
const results = (page: Page) => page.locator('[data-search-results]');
/** How late each Pagefind fragment arrives in the slow-network test (ms): as on a slow phone connection. */
const SLOW_FRAGMENT_MS = 300;
/**
 * How long that test waits for a page of results (ms): the first search loads Pagefind's index, and each of the ten
 * results' fragments arrives SLOW_FRAGMENT_MS late, on a 2-core machine shared with other work.
 */
const SEARCH_SETTLE_MS = 20_000;
/** How late the overlay's code arrives in the first-click test (ms): long after the click. */
const SLOW_CODE_MS = 1_000;

test.describe('search overlay', () => {
  test('keyboard only: Enter opens it, typing and Enter search, the box is cleared @phone', async ({ page }) => {
    await page.goto('/news/all/1');
    await overlayReady(page);
    await trigger(page).focus();
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeVisible();
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveAttribute('placeholder', SEARCH_TEXT.placeholder);

    // How the overlay is left as the page goes: kept for the next page of this tab.
    await page.evaluate(() =>
      window.addEventListener('pagehide', () => {
        const dialog = document.querySelector<HTMLDialogElement>('dialog[data-search-overlay]')!;
        const box = dialog.querySelector('input')!;
        sessionStorage.setItem('e2e:overlay-left', JSON.stringify({ open: dialog.open, value: box.value }));
      }),
    );
    await page.keyboard.type('機車險');
    await expect(searchBox(page)).toHaveValue('機車險');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === '機車險');
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e:overlay-left')))!)).toEqual({ open: false, value: '' });
    await expect(page.locator('#search-q')).toHaveValue('機車險');
  });

  test('Escape closes it and focus returns to the search link @phone', async ({ page }) => {
    await page.goto('/news/all/1');
    await overlayReady(page);
    await trigger(page).focus();
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();

    // Same with the close button, reached with Tab.
    await page.keyboard.press('Enter');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(overlay(page).getByRole('button', { name: SEARCH_TEXT.close })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
  });

  test('focus stays inside while it is open', async ({ page }) => {
    await page.goto('/news/all/1');
    await overlayReady(page);
    await trigger(page).click();
    await expect(searchBox(page)).toBeFocused();
    const stops = await overlay(page).locator('a, button, input').count();
    for (let i = 0; i < stops + 3; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return active === null || active === document.body || active.closest('dialog[data-search-overlay]') !== null;
      });
      expect(inside, `Tab ${i + 1}`).toBe(true);
    }
  });

  test("shows the recommended searches and the spec's eight sitemap groups @phone", async ({ page }) => {
    await page.goto('/news/all/1');
    await overlayReady(page);
    await trigger(page).click();
    const dialog = overlay(page);
    for (const query of RECOMMENDED_SEARCHES) {
      await expect(dialog.getByRole('link', { name: query, exact: true })).toHaveAttribute('href', `/search?q=${encodeURIComponent(query)}`);
    }
    const groups = dialog.getByRole('heading', { level: 3 });
    await expect(groups).toHaveText([...SITEMAP_GROUP_TITLES]);
    await expect(dialog.getByRole('link', { name: '機車險', exact: true })).toHaveAttribute('href', '/insurance/detail/3');
    // The first FAQ category, where /faq redirects: the sitemap links the final URL (src/sections/site-links.ts).
    await expect(dialog.getByRole('link', { name: '常見問題', exact: true })).toHaveAttribute('href', /^\/faq\/[^/]+$/);
  });

  test('a blank search stays open; a click on the backdrop closes it', async ({ page }) => {
    await page.goto('/news/all/1');
    await overlayReady(page);
    await trigger(page).click();
    await searchBox(page).fill('   ');
    await page.keyboard.press('Enter');
    await expect(overlay(page)).toBeVisible();
    await expect(page).toHaveURL(/\/news\/all\/1$/);
    const box = await page.locator('.search-overlay__panel').boundingBox();
    const viewport = page.viewportSize()!;
    expect(box, 'the search panel is on screen').not.toBeNull();
    expect(box!.y + box!.height, 'the backdrop shows below the panel').toBeLessThan(viewport.height - 10);
    await page.mouse.click(viewport.width / 2, viewport.height - 5);
    await expect(overlay(page)).toBeHidden();
  });

  test('the first click on the search link opens it on a fresh page, while its code is still loading @phone', async ({ page }) => {
    // The island's code arrives late, as on a slow phone connection: the click comes before the island exists.
    await page.route(/\/_astro\/SearchOverlay\.[^/]+\.js/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_CODE_MS));
      await route.continue();
    });
    await page.goto('/news/all/1');
    await trigger(page).click();
    await expect(overlay(page)).toBeVisible();
    await expect(searchBox(page)).toBeFocused();
    await expect(page).toHaveURL(/\/news\/all\/1$/);
  });

  test('a page without the audio reader downloads no React until the search link is used', async ({ page }) => {
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    await page.goto('/news/all/1');
    await page.waitForLoadState('networkidle');
    const code = await overlayCode(page);
    expect(
      code.filter((url) => requested.has(url)),
      'React and the overlay before any use',
    ).toEqual([]);
    await trigger(page).click();
    await expect(searchBox(page)).toBeFocused();
    expect(
      code.filter((url) => !requested.has(url)),
      'the first use downloads them',
    ).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the search link goes to the search page', async ({ page }) => {
      await page.goto('/news/all/1');
      await trigger(page).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(page.getByRole('heading', { level: 1, name: SEARCH_TEXT.dialog })).toBeVisible();
    });
  });
});

test.describe('/search', () => {
  test('results for 機車保險 include the motorcycle product page @phone', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('機車保險')}`);
    await expect(results(page).getByRole('heading', { level: 2 })).toContainText('「機車保險」');
    await expect(results(page).getByRole('status')).toHaveText(/^共 \d+ 筆結果$/);
    const items = results(page).getByRole('listitem');
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
    await expect(results(page).locator('a[href="/insurance/detail/3"]')).toBeVisible();
    await expect(results(page).locator('mark').first()).toBeVisible();
    // Links follow the site's form, with no trailing slash.
    for (const href of await results(page)
      .locator('.search-result__title a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/(?:[^/].*[^/])?$/);
    }
  });

  test('載入更多結果 adds the next results and moves focus to the first of them', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('理賠')}`);
    const status = results(page).getByRole('status');
    await expect(status).toHaveText(/^共 \d+ 筆結果$/);
    const total = Number((await status.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(SEARCH_PAGE_SIZE);
    const items = results(page).getByRole('listitem');
    await expect(items).toHaveCount(SEARCH_PAGE_SIZE);
    await results(page).getByRole('button', { name: SEARCH_TEXT.loadMore }).click();
    await expect(items).toHaveCount(Math.min(total, 2 * SEARCH_PAGE_SIZE));
    await expect(items.nth(SEARCH_PAGE_SIZE).getByRole('link')).toBeFocused();
  });

  test('載入更多結果 right after the first page, with slow fragments and the garbage collector running: no error, the next results in order, none twice', async ({
    page,
  }) => {
    const query = `/search?q=${encodeURIComponent('理賠')}`;
    const titles = () =>
      results(page)
        .locator('.search-result__title a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The results as a visitor gets them when nothing interferes: the first two pages.
    await page.goto(query);
    const status = results(page).getByRole('status');
    await expect(status).toHaveText(/^共 \d+ 筆結果$/, { timeout: SEARCH_SETTLE_MS });
    const total = Number((await status.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(SEARCH_PAGE_SIZE);
    const items = results(page).getByRole('listitem');
    await results(page).getByRole('button', { name: SEARCH_TEXT.loadMore }).click();
    await expect(items).toHaveCount(Math.min(total, 2 * SEARCH_PAGE_SIZE));
    const expected = await titles();

    // Again, on a slow network: each of Pagefind's fragments (a result's title, URL and text) arrives late, and the
    // browser collects garbage while the first page arrives and before 載入更多結果 (Pagefind frees the data of a
    // result object that was collected: the results of the next page must still be held).
    await page.context().route('**/pagefind/fragment/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_FRAGMENT_MS));
      await route.continue();
    });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(query);
    await cdp.send('HeapProfiler.collectGarbage');
    const more = results(page).getByRole('button', { name: SEARCH_TEXT.loadMore });
    await expect(more).toBeVisible({ timeout: SEARCH_SETTLE_MS });
    await cdp.send('HeapProfiler.collectGarbage');
    // Finalizers run in a task of their own after the collection: let them (and what they send the worker) run.
    await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), SLOW_FRAGMENT_MS);
    await more.click();
    await expect(items).toHaveCount(Math.min(total, 2 * SEARCH_PAGE_SIZE), { timeout: SEARCH_SETTLE_MS });
    const shown = await titles();
    expect(new Set(shown).size, 'no result twice').toBe(shown.length);
    expect(shown).toEqual(expected);
    // The fixture fails the test on any console error (e.g. "Cannot read properties of null (reading 'url')").
  });

  test('a query that matches nothing shows the empty state @phone', async ({ page }) => {
    await page.goto('/search?q=xyzzyqwv');
    await expect(results(page).getByRole('status')).toHaveText(SEARCH_TEXT.empty('xyzzyqwv'));
    await expect(results(page).getByRole('listitem')).toHaveCount(0);
    await expect(results(page).getByRole('button', { name: SEARCH_TEXT.loadMore })).toBeHidden();
    const main = page.locator('main');
    for (const query of RECOMMENDED_SEARCHES) await expect(main.getByRole('link', { name: query, exact: true })).toBeVisible();
    await expect(main.locator('a[href^="/faq/"]', { hasText: '常見問題' })).toBeVisible();
    await expect(main.locator('a[href="/contact"]')).toBeVisible();
  });

  test('a hostile query is shown as text and nothing runs', async ({ page }) => {
    const query = '<img src=x onerror=alert(1)>';
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(results(page).getByRole('status')).not.toHaveText(SEARCH_TEXT.loading);
    await expect(results(page).getByRole('heading', { level: 2 })).toContainText(`「${query}」`);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    await expect(page.locator('#search-q')).toHaveValue(query);
    expect(await page.title()).toContain(query);
  });

  test.describe('any query text is safe', () => {
    const cases: [string, string][] = [
      ['a script tag', '<script>window.__pwned = 1</script>'],
      ['quotes', `"' \` 」「 ＆ &amp;`],
      ['a very long string', '險'.repeat(1000)],
      ['emoji', '🛵 機車險 🚗💥'],
      ['percent signs', '100% 理賠 %E6'],
    ];
    for (const [name, query] of cases) {
      test(name, async ({ page }) => {
        await page.goto(`/search?q=${encodeURIComponent(query)}`);
        const shown = Array.from(query.replace(/\s+/g, ' ').trim()).slice(0, MAX_QUERY_LENGTH).join('');
        await expect(results(page).getByRole('status')).not.toHaveText(SEARCH_TEXT.loading);
        await expect(results(page).getByRole('heading', { level: 2 })).toHaveText(`${SEARCH_TEXT.resultsFor}：「${shown}」`);
        expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
        await expect(page.locator('script', { hasText: '__pwned' })).toHaveCount(0);
      });
    }
  });
});

test.describe('/search ranking: pages holding the query first, none that only share a character', () => {
  const items = (page: Page) => results(page).getByRole('listitem');

  test('pages containing the query or its synonyms come first: every top result for 汽車險 contains one @phone', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('汽車險')}`);
    await expect(results(page).getByRole('status')).toHaveText(/^共 \d+ 筆結果$/);
    const texts = await items(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    // 汽車險 or a synonym of it (src/site/search-terms.ts): the product 汽車保險 first.
    for (const text of texts.slice(0, 5)) expect(text).toMatch(/汽車險|車險|汽車保險/);
    await expect(items(page).first().getByRole('link')).toHaveText('汽車保險');
  });

  test('a query no page contains shows the empty state, not pages sharing a character', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('xyzzy不存在')}`);
    await expect(results(page).getByRole('status')).toHaveText(SEARCH_TEXT.empty('xyzzy不存在'));
    await expect(items(page)).toHaveCount(0);
  });

  test('a result shows its section and date, and no raw path or stray punctuation @phone', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('出險')}`);
    // An FAQ question is a result of its own: its section names the FAQ and its category.
    const faq = items(page)
      .filter({ has: page.locator('a[href^="/faq/"]') })
      .first();
    await expect(faq.locator('.search-result__section')).toHaveText(/^常見問題－\S+$/);
    await page.goto(`/search?q=${encodeURIComponent('車險理賠')}`);
    const news = items(page)
      .filter({ has: page.locator('a[href^="/news/detail/"]') })
      .first();
    await expect(news.locator('.search-result__date')).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
    const text = (await news.textContent()) ?? '';
    expect(text).not.toMatch(/\/news\/detail|::|\. /);
  });

  test('a word the index and the browser would cut differently is found, its excerpt shown without spaces @phone', async ({ page }) => {
    // 住宅地震基本保險: Pagefind's build-time dictionary and the browser's cut it into different words, so a search
    // of words missed all 11 pages that contain it; the index now holds each character (site-search.ts).
    await page.goto(`/search?q=${encodeURIComponent('住宅地震基本保險')}`);
    await expect(results(page).getByRole('status')).toHaveText(/^共 \d+ 筆結果$/);
    const product = items(page).filter({ has: page.locator('a[href="/insurance/detail/102"]') });
    await expect(product.getByRole('link')).toHaveText('住宅地震基本保險');
    await expect(product.locator('mark').first()).toHaveText('住宅地震基本保險');
    for (const text of await items(page).allInnerTexts()) expect(text).not.toMatch(/\p{Script=Han} \p{Script=Han}/u);
  });

  test("the menu's short name of a product finds its page: 機車險 → 機車保險, which shows 簡稱：機車險", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('機車險')}`);
    await expect(results(page).getByRole('status')).toHaveText(/^共 \d+ 筆結果$/);
    const link = results(page).locator('a[href="/insurance/detail/3"]');
    await expect(link).toHaveText('機車保險');
    await link.click();
    await expect(page.getByText('簡稱：機車險')).toBeVisible();
  });
});

test.describe('/search: an FAQ question and a service branch are results of their own', () => {
  const items = (page: Page) => results(page).getByRole('listitem');

  test('the question typed word for word is the first result; its link opens the answer expanded and focused @phone', async ({ page, portal }) => {
    const faqs = await portal.list<{ id: string; title: string; firstCategory: string | number }>('faqs');
    // A question of the sample, not one named here: the longest, as long questions are the hard case.
    const faq = [...faqs].sort((a, b) => a.title.length - b.title.length).at(-1)!;
    await page.goto(`/search?q=${encodeURIComponent(faq.title)}`);
    await expect(results(page).getByRole('status')).toHaveText(/^共 \d+ 筆結果$/);
    const first = items(page).first().getByRole('link');
    await expect(first).toHaveText(faq.title);
    await expect(first).toHaveAttribute('href', new RegExp(`^/faq/[^#]+#faq-${faq.id}$`));
    const titles = await results(page).locator('.search-result__title a').allInnerTexts();
    expect(new Set(titles).size, 'no two results with the same title').toBe(titles.length);
    await first.click();
    const item = page.locator(`details#faq-${faq.id}`);
    await expect(item).toHaveAttribute('open', '');
    await expect(item.locator('summary')).toBeFocused();
    await expect(item.locator('.faq-item__answer')).toBeInViewport();
  });

  test('a service branch is a result of its own: its name finds it first, its link scrolls to its card and focuses it', async ({ page, portal }) => {
    const locations = await portal.list<{ id: string; name: string; address: string }>('locations');
    // A branch of the sample, not one named here: the one with the longest name.
    const branch = [...locations].sort((a, b) => a.name.length - b.name.length).at(-1)!;
    await page.goto(`/search?q=${encodeURIComponent(branch.name)}`);
    await expect(results(page).getByRole('status')).toHaveText(/^共 \d+ 筆結果$/);
    const first = items(page).first().getByRole('link');
    await expect(first).toHaveText(branch.name);
    await expect(first).toHaveAttribute('href', new RegExp(`^/about/locations/[^#]+#location-${branch.id}$`));
    await first.click();
    const card = page.locator(`#location-${branch.id}`);
    await expect(card).toBeFocused();
    await expect(card).toBeInViewport();
    await expect(card).toContainText(branch.address);
  });
});

test.describe('/search understands what visitors mean', () => {
  const items = (page: Page) => results(page).getByRole('listitem');
  const links = (page: Page) =>
    results(page)
      .locator('.search-result__title a')
      .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  const search = async (page: Page, query: string) => {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(results(page).getByRole('status')).not.toHaveText(SEARCH_TEXT.loading);
  };

  const firstResults: [string, string][] = [
    ['車險', '/insurance/detail/1'],
    ['车险', '/insurance/detail/1'],
    ['强制险', '/insurance/detail/101'],
    ['理赔', '/claim'],
    ['汽車保險理賠流程', '/claim'],
    ['汽車保險 理賠 流程', '/claim'],
    ['請問理賠要怎麼申請？', '/claim'],
    ['機車險怎麼保?', '/insurance/detail/3'],
    ['旅平險', '/insurance/detail/4'],
    ['強置險', '/insurance/detail/101'],
  ];
  for (const [query, first] of firstResults) {
    test(`${query}: the first result is ${first}`, async ({ page }) => {
      await search(page, query);
      await expect(items(page).first().getByRole('link')).toHaveAttribute('href', first);
    });
  }

  test('simplified characters find what their traditional form finds @phone', async ({ page }) => {
    for (const [simplified, traditional] of [
      ['台风', '颱風'],
      ['医疗', '醫療'],
      ['旅游保险', '旅遊保險'],
    ]) {
      await search(page, traditional);
      const expected = await links(page);
      expect(expected.length, traditional).toBeGreaterThan(0);
      await search(page, simplified);
      expect(await links(page), simplified).toEqual(expected);
    }
  });

  test('a typo gets 您是不是要找 with the results of the word meant, the query as typed one click away @phone', async ({ page }) => {
    await search(page, '理陪');
    const note = results(page).getByText(SEARCH_TEXT.didYouMean);
    await expect(note).toBeVisible();
    await expect(note.getByRole('link', { name: '理賠', exact: true })).toHaveAttribute('href', `/search?q=${encodeURIComponent('理賠')}`);
    await expect(items(page).first().getByRole('link')).toHaveAttribute('href', '/claim');
    await results(page)
      .getByRole('link', { name: SEARCH_TEXT.searchInstead('理陪') })
      .click();
    await expect(results(page).getByRole('status')).toHaveText(SEARCH_TEXT.empty('理陪'));
    await expect(results(page).getByText(SEARCH_TEXT.didYouMean)).toBeHidden();
  });

  test("a sentence's word mistyped gets 您是不是要找 with the sentence corrected, which finds what the sentence found", async ({ page }) => {
    const typed = '我的機車被偷了，要準備哪些文件才能申請理陪？';
    const corrected = typed.replace('理陪', '理賠');
    await search(page, typed);
    const note = results(page).getByText(SEARCH_TEXT.didYouMean);
    await expect(note).toBeVisible();
    const suggested = note.getByRole('link', { name: '理賠', exact: true });
    await expect(suggested).toHaveAttribute('href', `/search?q=${encodeURIComponent(corrected)}`);
    const first = await items(page).first().getByRole('link').getAttribute('href');
    await suggested.click();
    await page.waitForURL((url) => url.searchParams.get('q') === corrected);
    await expect(items(page).first().getByRole('link')).toHaveAttribute('href', first!);
    await expect(results(page).getByText(SEARCH_TEXT.didYouMean)).toBeHidden();
  });

  test('each recommended search returns results that contain its words, the page it names first, no 查無', async ({ page }) => {
    // Its words (no page holds 理賠新政策 whole: pages with 理賠 or 政策), and the page a query names first.
    const words: Record<string, RegExp> = { 理賠新政策: /理賠|政策/, '機車險怎麼保?': /機車/, 繳費逾期怎麼補單: /繳費/ };
    const first: Record<string, string> = { '機車險怎麼保?': '/insurance/detail/3' };
    for (const query of RECOMMENDED_SEARCHES) {
      await search(page, query);
      await expect(results(page).getByRole('status'), query).toHaveText(/^共 \d+ 筆結果$/);
      const texts = await items(page).allInnerTexts();
      for (const text of texts.slice(0, 3)) expect(text, query).toMatch(words[query]!);
      if (first[query]) await expect(items(page).first().getByRole('link'), query).toHaveAttribute('href', first[query]);
    }
  });

  test('a first search fetches the typo words only when a word finds almost nothing; a best page read by id shows its title and excerpt', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    // 出險: /claim answers it first (SEARCH_BEST_BETS) though it does not hold the word; 出險 itself is found.
    await search(page, '出險');
    const first = items(page).first();
    await expect(first.getByRole('link')).toHaveAttribute('href', '/claim');
    await expect(first.getByRole('link')).not.toHaveText('');
    await expect(first.locator('.search-result__excerpt')).not.toHaveText('');
    expect(fetched, 'a search whose words are found').toContain(LEXICON_URL);
    expect(fetched, 'a search whose words are found').not.toContain(SOUNDS_URL);
    // A sentence's word mistyped is read by the sounds alone; a word that finds almost nothing also by the words.
    await search(page, '我的機車被偷了，要準備哪些文件才能申請理陪？');
    await expect(results(page).getByText(SEARCH_TEXT.didYouMean)).toBeVisible();
    expect(fetched, 'a sentence with a typo').toContain(SOUNDS_URL);
    expect(fetched, 'a sentence with a typo').not.toContain(WORDS_URL);
    await search(page, '理陪');
    await expect(results(page).getByText(SEARCH_TEXT.didYouMean)).toBeVisible();
    expect(fetched, 'a search with a typo').toContain(WORDS_URL);
  });

  test('one result per page: no page twice, no list page, the location pages as one (their branches are results of their own)', async ({ page }) => {
    for (const query of ['0800-880-550', '車禍', '理賠', '服務據點']) {
      await search(page, query);
      const shown = await links(page);
      expect(shown.length, query).toBeGreaterThan(0);
      expect(new Set(shown).size, `${query}: a page twice`).toBe(shown.length);
      expect(shown.filter((href) => /^\/about\/locations\/[^#]*$/.test(href!)).length, `${query}: location pages`).toBeLessThanOrEqual(1);
      for (const href of shown)
        expect(href, query).not.toMatch(/^\/(?:(?:news|share|event|winner)\/(?!detail\/).+|download\/[^/]+|download\/none)?$/);
    }
  });
});
