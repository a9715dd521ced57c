/**
 * End-to-end: the portal-driven sections against the sample portal's data (REFERENCE.md "Content sources": "Portal lists"). FAQ grouping, ascending
 * secondCategorySort and the after-first-hyphen names (REFERENCE.md "Constants"); locations grouped by areaId; downloads nested
 * category → item → paginated files, and the none pages (REFERENCE.md "Redirects"); public disclosures with 公開依據 first (REFERENCE.md "Constants");
 * coupon images load; video iframes have titles; decrees, the staff list (REFERENCE.md "Portal data") and the contract-change list.
 * Ended coupons say 已結束, come after the current ones and offer nothing to claim; pinned news are marked 置頂 on
 * home and in the dock. Coupons before their first day say 尚未開始 and when they start,
 * come after the current ones and before the ended ones, and offer nothing to claim.
 */
import type { Page } from '@playwright/test';
import { COUPON_PAGE_SIZE, DOCK_ITEMS, DOWNLOAD_PAGE_SIZE, FAQ_PAGE_SIZE, HOME_SECTION_SIZE, VIDEO_PAGE_SIZE } from '../../src/site/limits';
import { addDays, formatDate, isoDate, taipeiToday } from '../../src/lib/taipei-dates';
import { expect, test } from './fixtures';

type Id = string | number;
interface Sorted {
  id: Id;
  sort?: number;
}

/** Display order of categories and menus (src/lib/order.ts): ascending sort (missing = 0), then natural id. */
const bySortThenId = <T extends Sorted>(items: T[]): T[] =>
  [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || String(a.id).localeCompare(String(b.id), 'en', { numeric: true }));
const naturalId = <T extends { id: Id }>(items: T[]): T[] =>
  [...items].sort((a, b) => String(a.id).localeCompare(String(b.id), 'en', { numeric: true }));

/** Scrolls every lazy image into view and waits until it has decoded pixels. */
async function expectImagesLoaded(page: Page, selector: string) {
  const images = page.locator(selector);
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        message: `image ${await image.getAttribute('src')} loads`,
      })
      .toBeGreaterThan(0);
  }
}

interface FaqCategory extends Sorted {
  name: string;
}
interface Faq {
  id: Id;
  title: string;
  firstCategory: Id;
  secondCategory: string;
  secondCategorySort: number;
}

test.describe('FAQ', () => {
  test('each category shows its items grouped by secondCategory in ascending secondCategorySort, FAQ_PAGE_SIZE a page', async ({ page, portal }) => {
    const categories = bySortThenId(await portal.list<FaqCategory>('faqCategories'));
    const faqs = await portal.list<Faq>('faqs');
    expect(categories.length).toBeGreaterThan(1);
    let paged = 0;
    for (const category of categories) {
      const shown = category.name.slice(category.name.indexOf('-') + 1);
      const own = faqs.filter((faq) => String(faq.firstCategory) === String(category.id)).sort((a, b) => a.secondCategorySort - b.secondCategorySort);
      // Page 1 at /faq/{category}, further pages at /faq/{category}/{n}, each with the sub-headings of its own items.
      for (let first = 0, number = 1; first < own.length; first += FAQ_PAGE_SIZE, number += 1) {
        const onPage = own.slice(first, first + FAQ_PAGE_SIZE);
        await page.goto(number === 1 ? `/faq/${category.id}` : `/faq/${category.id}/${number}`);
        await expect(page.getByRole('heading', { level: 2, name: shown, exact: true })).toBeVisible();
        await expect(page.getByRole('navigation', { name: '常見問題分類' }).getByRole('link', { name: shown, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(page.locator('details.faq-item .faq-item__question')).toHaveText(onPage.map((faq) => faq.title));
        const headings = [...new Set(onPage.map((faq) => faq.secondCategory))].filter(Boolean);
        await expect(page.locator('.faq-group__title')).toHaveText(headings);
        if (number > 1) paged += 1;
      }
    }
    // The sample has a category longer than a page, so the pages after the first are checked too.
    expect(paged).toBeGreaterThan(0);
  });

  test('category tabs use the part after the first hyphen and end with 客服總覽', async ({ page, portal }) => {
    const categories = bySortThenId(await portal.list<FaqCategory>('faqCategories'));
    await page.goto(`/faq/${categories[0].id}`);
    const tabs = page.getByRole('navigation', { name: '常見問題分類' }).getByRole('link');
    await expect(tabs).toHaveText([...categories.map((category) => category.name.replace(/^[^-]*-/, '')), '客服總覽']);
    await expect(tabs.filter({ hasText: /^\d+-/ })).toHaveCount(0);
  });

  test('a question opens and closes as a disclosure widget @phone', async ({ page, portal }) => {
    const [category] = bySortThenId(await portal.list<FaqCategory>('faqCategories'));
    await page.goto(`/faq/${category.id}`);
    const first = page.locator('details.faq-item').first();
    const answer = first.locator('.faq-item__answer');
    await expect(answer).toBeHidden();
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
    await first.locator('summary').press('Enter');
    await expect(answer).toBeHidden();
  });

  test('/faq/service lists each category’s first questions, linking to their answers', async ({ page, portal }) => {
    const categories = bySortThenId(await portal.list<FaqCategory>('faqCategories'));
    const faqs = await portal.list<Faq>('faqs');
    await page.goto('/faq/service');
    await expect(page.getByRole('heading', { level: 2, name: '客服總覽' })).toBeVisible();
    const category = categories[1];
    const top = faqs
      .filter((faq) => String(faq.firstCategory) === String(category.id))
      .sort((a, b) => a.secondCategorySort - b.secondCategorySort)[0];
    await page.getByRole('link', { name: top.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/faq/${category.id}#faq-${top.id}$`));
    await expect(page.locator(`#faq-${top.id}`)).toHaveAttribute('open', '');
  });
});

interface LocationItem {
  id: Id;
  name: string;
  areaId: Id;
  phone: string;
  mapUrl?: string;
}

test('locations are grouped by areaId, one page per area with its branches', async ({ page, portal }) => {
  const areas = bySortThenId(await portal.list<Sorted & { name: string }>('locationCategories'));
  const locations = await portal.list<LocationItem>('locations');
  for (const area of areas) {
    const own = naturalId(locations.filter((location) => String(location.areaId) === String(area.id)));
    await page.goto(`/about/locations/${area.id}`);
    await expect(page.getByRole('navigation', { name: '服務據點地區' }).getByRole('link')).toHaveText(areas.map((a) => a.name));
    await expect(page.getByRole('heading', { level: 2, name: area.name, exact: true })).toBeVisible();
    await expect(page.locator('.location__name')).toHaveText(own.map((location) => location.name));
    const first = page.locator('.location').first();
    await expect(first.getByRole('link', { name: own[0].phone })).toHaveAttribute('href', `tel:${own[0].phone.replace(/\D/g, '')}`);
    expect(own[0].mapUrl, `${own[0].name} has a map link in the sample portal`).toBeTruthy();
    await expect(first.getByRole('link', { name: /地圖/ })).toHaveAttribute('href', own[0].mapUrl!);
  }
});

interface DownloadFile {
  id: Id;
  title: string;
  fileUrl: string;
}
interface DownloadItem extends Sorted {
  title: string;
  category: Id;
  files: DownloadFile[];
}

test.describe('downloads', () => {
  test('category → item → paginated files', async ({ page, portal, request }) => {
    const categories = bySortThenId(await portal.list<Sorted & { name: string }>('downloadCategories'));
    const items = bySortThenId(await portal.list<DownloadItem>('downloads'));
    for (const category of categories) {
      const own = items.filter((item) => String(item.category) === String(category.id));
      for (const item of own) {
        const pages = Math.max(1, Math.ceil(item.files.length / DOWNLOAD_PAGE_SIZE));
        for (let n = 1; n <= pages; n += 1) {
          await page.goto(`/download/${category.id}/${item.id}/${n}`);
          await expect(page.getByRole('navigation', { name: '文件分類' }).getByRole('link', { name: category.name })).toHaveAttribute(
            'aria-current',
            'page',
          );
          const itemNav = page.getByRole('navigation', { name: `${category.name}文件` });
          await expect(itemNav.locator('.side-nav__label')).toHaveText(own.map((other) => other.title));
          await expect(itemNav.getByRole('link', { name: item.title })).toHaveAttribute('aria-current', 'page');
          await expect(page.getByRole('heading', { level: 2, name: item.title })).toBeVisible();
          const expected = item.files.slice((n - 1) * DOWNLOAD_PAGE_SIZE, n * DOWNLOAD_PAGE_SIZE);
          await expect(page.locator('.download-file__title')).toHaveText(expected.map((file) => file.title));
        }
        const past = await request.get(`/download/${category.id}/${item.id}/${pages + 1}`);
        expect(past.status(), `no page after the last of item ${item.id}`).toBe(404);
      }
    }
  });

  test('an item with more files than a page paginates, and its files download @phone', async ({ page, portal, request }) => {
    const items = await portal.list<DownloadItem>('downloads');
    const big = items.find((item) => item.files.length > DOWNLOAD_PAGE_SIZE)!;
    expect(big, 'the sample portal has an item with more files than a page').toBeTruthy();
    await page.goto(`/download/${big.category}/${big.id}/1`);
    await expect(page.locator('.download-file')).toHaveCount(DOWNLOAD_PAGE_SIZE);
    await page.getByRole('navigation', { name: '分頁' }).getByRole('link', { name: '第 2 頁' }).click();
    await expect(page).toHaveURL(new RegExp(`/download/${big.category}/${big.id}/2$`));
    await expect(page.locator('.download-file__title').first()).toHaveText(big.files[DOWNLOAD_PAGE_SIZE].title);

    const link = page.locator('.download-file__link').first();
    await expect(link).toHaveAttribute('download', '');
    await expect(link).toHaveAccessibleName(new RegExp(`下載.*${big.files[DOWNLOAD_PAGE_SIZE].title}`));
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe(`/upload/${big.files[DOWNLOAD_PAGE_SIZE].fileUrl}`);
    const file = await request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
  });

  test('the none pages: /download/none only without categories, /download/{category}/none only for a category without items', async ({
    portal,
    request,
  }) => {
    const categories = bySortThenId(await portal.list<Sorted & { name: string }>('downloadCategories'));
    const items = await portal.list<DownloadItem>('downloads');
    // With categories /download leads to the first one (REFERENCE.md "Redirects"), so /download/none is not published.
    expect(categories.length, 'the sample portal has download categories').toBeGreaterThan(0);
    expect((await request.get('/download/none')).status()).toBe(404);
    for (const category of categories) {
      const empty = !items.some((item) => String(item.category) === String(category.id));
      const none = await request.get(`/download/${category.id}/none`);
      expect(none.status(), `/download/${category.id}/none`).toBe(empty ? 200 : 404);
    }
  });
});

interface Disclosure extends Sorted {
  title: string;
  category: Id;
  fileUrl?: string;
}

test.describe('public disclosures', () => {
  test('the side navigation starts with 公開依據 at /about/public, then the categories, then 盡職治理', async ({ page, portal }) => {
    const categories = bySortThenId(await portal.list<Sorted & { name: string; url: string }>('publicDisclosureCategories'));
    await page.goto('/about/public');
    const nav = page.getByRole('navigation', { name: '公開資訊項目' });
    await expect(nav.getByRole('link')).toHaveText(['公開依據', ...categories.map((c) => c.name), '盡職治理']);
    await expect(nav.getByRole('link').first()).toHaveAttribute('href', '/about/public');
    await expect(nav.getByRole('link').first()).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: '公開依據' })).toBeVisible();
    await expect(page.locator('main')).toContainText('保險法');
    await nav.getByRole('link', { name: '盡職治理' }).click();
    await expect(page).toHaveURL(/\/about\/public\/stewardship$/);
    await expect(page.getByRole('navigation', { name: '公開資訊項目' }).getByRole('link').first()).toHaveText('公開依據');
  });

  test('each category page lists its items by sort, with their files', async ({ page, portal, request }) => {
    const categories = bySortThenId(await portal.list<Sorted & { name: string; url: string }>('publicDisclosureCategories'));
    const items = await portal.list<Disclosure>('publicDisclosures');
    expect(items.filter((item) => item.fileUrl).length, 'the sample portal has disclosures with a file').toBeGreaterThan(0);
    for (const category of categories) {
      const own = bySortThenId(items.filter((item) => String(item.category) === String(category.id)));
      await page.goto(`/about/public/${category.url}`);
      await expect(page.getByRole('navigation', { name: '公開資訊項目' }).getByRole('link', { name: category.name })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.locator('.disclosure__title')).toHaveText(own.map((item) => item.title));
      // Every item with a file offers it (and it downloads); an item without one offers no link.
      for (const item of own) {
        const link = page.locator(`#disclosure-${item.id}`).getByRole('link', { name: /下載附件/ });
        await expect(link).toHaveCount(item.fileUrl ? 1 : 0);
      }
      for (const item of own.filter((entry) => entry.fileUrl)) {
        await expect(page.locator(`#disclosure-${item.id}`).getByRole('link', { name: /下載附件/ })).toHaveAttribute(
          'href',
          `/upload/${item.fileUrl}`,
        );
        expect((await request.get(`/upload/${item.fileUrl}`)).status()).toBe(200);
      }
    }
  });
});

interface Coupon {
  id: Id;
  title: string;
  date: string;
  image: string;
  startDate?: string;
  endDate?: string;
  link?: string;
}

/** Coupons newest first, then the higher id (src/sections/coupons.ts sortCoupons). */
const byNewest = (coupons: Coupon[]): Coupon[] =>
  [...coupons].sort((a, b) => b.date.localeCompare(a.date) || String(b.id).localeCompare(String(a.id), 'en', { numeric: true }));

/**
 * Coupons whose state cannot have changed between the build and this test: ended (last Taipei day at least two
 * days ago), upcoming (first Taipei day at least two days ahead) and current (first day, if any, at least two days
 * ago; last day, if any, at least two days ahead). Those within a day of either date are left out, so that a build
 * and a test on either side of Taipei midnight still agree.
 */
function settled(coupons: Coupon[]) {
  const today = taipeiToday();
  const firstDay = (coupon: Coupon) => (coupon.startDate ? isoDate(coupon.startDate) : '0000-01-01');
  const lastDay = (coupon: Coupon) => (coupon.endDate ? isoDate(coupon.endDate) : '9999-12-31');
  return {
    ended: coupons.filter((coupon) => lastDay(coupon) < addDays(today, -1)),
    upcoming: coupons.filter((coupon) => firstDay(coupon) > addDays(today, 1)),
    current: coupons.filter((coupon) => firstDay(coupon) < addDays(today, -1) && lastDay(coupon) > addDays(today, 1)),
  };
}

/** Every coupon card of /coupon/1…n in page order: its title and whether it shows 已結束 or 尚未開始. */
async function couponCards(page: Page, total: number) {
  const cards: { title: string; ended: boolean; upcoming: boolean }[] = [];
  for (let n = 1; n <= Math.max(1, Math.ceil(total / COUPON_PAGE_SIZE)); n += 1) {
    await page.goto(`/coupon/${n}`);
    for (const card of await page.locator('.coupon-card').all()) {
      cards.push({
        // The heading's text: the title, and （已結束） for screen readers when it ended.
        title: (await card.locator('.card__title').textContent())!.trim(),
        ended: await card.locator('.card__meta').getByText('已結束', { exact: true }).isVisible(),
        upcoming: await card.locator('.card__meta').getByText('尚未開始', { exact: true }).isVisible(),
      });
    }
  }
  return cards;
}

test.describe('coupons and videos', () => {
  test('coupon list images load and cards lead to the detail page @phone', async ({ page, portal }) => {
    const all = await portal.list<Coupon>('coupons');
    const { current } = settled(all);
    const coupons = byNewest(current);
    expect(coupons.length).toBeGreaterThan(0);
    await page.goto('/coupon/1');
    // Current offers first, newest first (ended ones follow them: the next test).
    await expect(page.locator('.coupon-card .card__title').first()).toHaveText(coupons[0].title);
    await expectImagesLoaded(page, '.coupon-card img');
    await page.getByRole('link', { name: coupons[0].title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/coupon/detail/${coupons[0].id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(coupons[0].title);
    await expectImagesLoaded(page, '.coupon-detail__image img');
    // Shown nowhere (each card also holds a hidden 已結束 for the day it ends: src/components/OfferPart.astro).
    await expect(page.getByText('已結束', { exact: true }).filter({ visible: true })).toHaveCount(0);
    // A current coupon with a claim link offers it (the sample: 汽車保養工資 85 折).
    const claimable = coupons.find((coupon) => coupon.link);
    expect(claimable, 'the sample portal has a current coupon with a claim link').toBeDefined();
    await page.goto(`/coupon/detail/${claimable!.id}`);
    await expect(page.getByRole('link', { name: /立即領取優惠/ })).toHaveAttribute('href', claimable!.link!);
  });

  test('ended coupons show 已結束 and come after every current one, across the pages @phone', async ({ page, portal }) => {
    const all = await portal.list<Coupon>('coupons');
    const { ended, current } = settled(all);
    expect(ended.length, 'the sample has ended coupons (咖啡買一送一 ended 2025/02/28)').toBeGreaterThan(0);
    expect(current.length).toBeGreaterThan(0);
    const cards = await couponCards(page, all.length);
    expect(cards).toHaveLength(all.length);
    const shown = new Map(cards.map((card, index) => [card.title.replace(/（(已結束|尚未開始)）$/, ''), { ...card, index }]));
    for (const coupon of ended) expect(shown.get(coupon.title), `${coupon.title} shows 已結束`).toMatchObject({ ended: true });
    for (const coupon of current) expect(shown.get(coupon.title), `${coupon.title} shows no 已結束`).toMatchObject({ ended: false, upcoming: false });
    // Every current card before every ended one, each group newest first.
    const firstEnded = cards.findIndex((card) => card.ended);
    expect(
      cards.slice(firstEnded).every((card) => card.ended),
      'no current coupon after an ended one',
    ).toBe(true);
    const rank = (coupons: Coupon[]) => byNewest(coupons).map((coupon) => shown.get(coupon.title)!.index);
    expect(rank(ended)).toEqual([...rank(ended)].sort((a, b) => a - b));
    expect(rank(current)).toEqual([...rank(current)].sort((a, b) => a - b));
    // The card's link says so to screen readers too.
    const coffee = byNewest(ended).at(-1)!;
    await page.goto(`/coupon/${Math.ceil(all.length / COUPON_PAGE_SIZE)}`);
    await expect(page.getByRole('link', { name: coffee.title })).toHaveAccessibleName(/（已結束）$/);
  });

  test('the page of an ended coupon says when it ended and offers nothing to claim @phone', async ({ page, portal }) => {
    const { ended } = settled(await portal.list<Coupon>('coupons'));
    // One with a claim link (the sample: 旅遊網卡買一送一, ended 2026/08/31), which its page must not offer.
    const coupon = ended.find((item) => item.link)!;
    expect(coupon, 'the sample portal has an ended coupon with a claim link').toBeDefined();
    await page.goto(`/coupon/detail/${coupon.id}`);
    await expect(page).toHaveTitle(new RegExp(`^${coupon.title}（已結束）`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(coupon.title);
    await expect(page.locator('.coupon-detail__summary').getByText('已結束', { exact: true })).toBeVisible();
    await expect(page.getByText(`本優惠已於 ${formatDate(coupon.endDate!)} 結束。`, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /領取/ })).toHaveCount(0);
    await expect(page.locator(`a[href="${coupon.link}"]`)).toHaveCount(0);
    await expect(page.getByRole('link', { name: '回優惠列表' })).toBeVisible();
    // 更多優惠 offers current coupons first.
    const more = page.getByRole('region', { name: '更多優惠' }).locator('.coupon-card').first();
    await expect(more.getByText('已結束', { exact: true }).filter({ visible: true })).toHaveCount(0);
  });

  test('a coupon before its first day shows 尚未開始 and when it starts, after the current ones, with nothing to claim @phone', async ({
    page,
    portal,
  }) => {
    const all = await portal.list<Coupon>('coupons');
    const { ended, upcoming, current } = settled(all);
    // One with a claim link (the sample: 道路救援拖吊里程加碼, starting 20 days after the sample portal starts).
    const coupon = upcoming.find((item) => item.link)!;
    expect(coupon, 'the sample portal has an upcoming coupon with a claim link').toBeDefined();

    // The list: marked 尚未開始 (also in the link's name), after every current card and before every ended one.
    const cards = await couponCards(page, all.length);
    const index = (item: Coupon) => cards.findIndex((card) => card.title.replace(/（(已結束|尚未開始)）$/, '') === item.title);
    expect(cards[index(coupon)]).toMatchObject({ upcoming: true, ended: false });
    for (const other of current) expect(index(other), `${other.title} (current) before ${coupon.title}`).toBeLessThan(index(coupon));
    for (const other of ended) expect(index(other), `${other.title} (ended) after ${coupon.title}`).toBeGreaterThan(index(coupon));
    await page.goto(`/coupon/${Math.floor(index(coupon) / COUPON_PAGE_SIZE) + 1}`);
    await expect(page.getByRole('link', { name: coupon.title })).toHaveAccessibleName(/（尚未開始）$/);

    // Its page: 尚未開始, the day it starts, and no way to claim it.
    await page.goto(`/coupon/detail/${coupon.id}`);
    await expect(page).toHaveTitle(new RegExp(`^${coupon.title}（尚未開始）`));
    await expect(page.locator('.coupon-detail__summary').getByText('尚未開始', { exact: true })).toBeVisible();
    await expect(page.getByText(`本優惠將於 ${formatDate(coupon.startDate!)} 開始。`, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /領取/ })).toHaveCount(0);
    // Its claim link is in the page for the day it starts (src/components/OfferPart.astro), hidden until then.
    await expect(page.locator(`a[href="${coupon.link}"]`)).toBeHidden();
    await expect(page.getByRole('link', { name: '回優惠列表' })).toBeVisible();
  });

  test('every video is an embedded player with a title', async ({ page, portal }) => {
    const videos = (await portal.list<{ id: Id; title: string; date: string; videoUrl: string }>('videos')).sort((a, b) =>
      b.date.localeCompare(a.date),
    );
    const pages = Math.ceil(videos.length / VIDEO_PAGE_SIZE);
    for (let n = 1; n <= pages; n += 1) {
      await page.goto(`/video/${n}`);
      const expected = videos.slice((n - 1) * VIDEO_PAGE_SIZE, n * VIDEO_PAGE_SIZE);
      const frames = page.locator('iframe');
      await expect(frames).toHaveCount(expected.length);
      for (const [index, video] of expected.entries()) {
        const frame = frames.nth(index);
        await expect(frame).toHaveAttribute('title', video.title);
        await expect(frame).toHaveAttribute('src', video.videoUrl);
        await expect(frame).toHaveAttribute('loading', 'lazy');
        await expect(frame).toHaveAttribute('allowfullscreen', '');
      }
    }
  });
});

interface NewsItem {
  id: Id;
  title: string;
  date: string;
  isTop?: boolean;
}

/** The news in the site's order (src/lib/order.ts byPinnedThenNewest): pinned first, then newest, then natural id. */
const newsOrder = (items: NewsItem[]): NewsItem[] =>
  [...items].sort(
    (a, b) =>
      Number(Boolean(b.isTop)) - Number(Boolean(a.isTop)) ||
      Date.parse(b.date) - Date.parse(a.date) ||
      String(a.id).localeCompare(String(b.id), 'en', { numeric: true }),
  );

test.describe('pinned news are marked 置頂 wherever they are listed', () => {
  test('home: the pinned news, listed before newer ones, say 置頂; the others do not @phone', async ({ page, portal }) => {
    const news = newsOrder(await portal.list<NewsItem>('news'));
    expect(news.filter((item) => item.isTop).length, 'the sample pins news (2026/07/15, 2025/11/18)').toBeGreaterThan(0);
    await page.goto('/');
    const items = page.getByRole('region', { name: '最新消息' }).getByRole('listitem');
    const shown = news.slice(0, HOME_SECTION_SIZE + 2);
    await expect(items).toHaveCount(shown.length);
    for (const [index, item] of shown.entries()) {
      await expect(items.nth(index)).toContainText(item.title);
      await expect(items.nth(index).getByText('置頂', { exact: true }), `${item.title}: 置頂 ${Boolean(item.isTop)}`).toHaveCount(item.isTop ? 1 : 0);
    }
  });

  test('dock: the pinned news of the 最新消息 panel say 置頂 @phone', async ({ page, portal }) => {
    const shown = newsOrder(await portal.list<NewsItem>('news')).slice(0, DOCK_ITEMS);
    expect(shown.some((item) => item.isTop)).toBe(true);
    await page.goto('/faq/service');
    await page.getByRole('navigation', { name: '快捷服務' }).getByRole('button', { name: '最新消息', exact: true }).click();
    const links = page.locator('#dock-news').getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(shown.length);
    for (const [index, item] of shown.entries()) {
      await expect(links.nth(index)).toContainText(item.title);
      const mark = links.nth(index).getByText('置頂', { exact: true });
      if (item.isTop) await expect(mark).toBeVisible();
      else await expect(mark).toHaveCount(0);
    }
  });
});

test('decrees: one page per decree, the side list in sort order', async ({ page, portal }) => {
  const decrees = bySortThenId(await portal.list<Sorted & { title: string }>('decrees'));
  for (const decree of decrees) {
    await page.goto(`/about/decree/${encodeURIComponent(String(decree.id))}`);
    const nav = page.getByRole('navigation', { name: '法令規章列表' });
    await expect(nav.getByRole('link')).toHaveText(decrees.map((d) => d.title));
    await expect(nav.getByRole('link', { name: decree.title, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: decree.title, exact: true })).toBeVisible();
  }
});

test('/customer-fair lists the staff with the first two characters of their unit', async ({ page, portal }) => {
  const staff = await portal.list<{ id: Id; name: string; areaUnitName: string }>('staff');
  await page.goto('/customer-fair');
  await expect(page.getByRole('heading', { level: 2, name: '優質服務人員' })).toBeVisible();
  const cards = page.locator('.staff-card');
  await expect(cards).toHaveCount(staff.length);
  for (const person of naturalId(staff)) {
    const card = cards.filter({ hasText: person.name });
    await expect(card.locator('.staff-card__unit')).toHaveText(`服務單位：${[...person.areaUnitName].slice(0, 2).join('')}`);
    await expect(card).not.toContainText(person.areaUnitName);
  }
});

test('/change lists every insurance type with its changes and documents @phone', async ({ page, portal }) => {
  const changes = bySortThenId(await portal.list<Sorted & { title: string; items: string[]; documents: string[] }>('contractChanges'));
  await page.goto('/change');
  await expect(page.locator('.change-card__title')).toHaveText(changes.map((change) => change.title));
  const first = page.locator('.change-card').first();
  for (const item of changes[0].items) await expect(first).toContainText(item);
  for (const document of changes[0].documents) await expect(first).toContainText(document);
  await expect(page.getByRole('link', { name: '客戶意見信箱' })).toHaveAttribute('href', '/contact');
  const forms = page.getByRole('link', { name: '前往文件下載' });
  const href = await forms.getAttribute('href');
  expect(href).toMatch(/^\/download\/[^/]+\/[^/]+\/1$/);
  await forms.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('文件下載');
});
