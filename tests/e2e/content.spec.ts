/**
 * End-to-end: the in-repo content pages (REFERENCE.md "Content sources": "In-repo pages"). Every product id of the menus has a detail
 * page titled as in the 商品介紹 menu with 立即投保 opening the online-insurance site in a new tab where the
 * product is sold online; each insurance category lists its products; the area side navigation marks the current
 * page; /eng is English and links to the English site; the event page shows a valid `?timestamp=` only; the form
 * pages have their mount points.
 */
import { EXTERNAL } from '../../src/site/company';
import { MAIN_MENU } from '../../src/site/navigation';
import { UI_TEXT } from '../../src/site/texts/layout';
import { expect, test } from './fixtures';

const showcase = MAIN_MENU.find((item) => item.label === '商品介紹')!;
const online = MAIN_MENU.find((item) => item.label === '網路投保')!;
const idOf = (href: string): number | undefined => Number(/^\/insurance\/detail\/(\d+)$/.exec(href)?.[1]) || undefined;
const groupLinks = (title: string) => showcase.groups.find((group) => group.title === title)!.links;

/** Product names by id, as the 商品介紹 mega-menu writes them. */
const PRODUCT_NAMES = new Map(
  showcase.groups.flatMap((group) => group.links.flatMap((link) => (idOf(link.href) ? [[idOf(link.href)!, link.label]] : []))),
);

/**
 * Where 立即投保 leads: the online products of the 網路投保 menu, plus the two policy products sold on the same
 * sites (compulsory insurance with car insurance, residential earthquake with home insurance). None for the rest.
 */
const QUOTES = new Map<number, string>([
  ...online.groups[0].links.flatMap((link) => (link.quote && idOf(link.href) ? [[idOf(link.href)!, link.quote] as const] : [])),
  [101, EXTERNAL.onlineCar],
  [102, EXTERNAL.onlineFire],
]);

test('the menus link the fourteen products of the spec', () => {
  expect([...PRODUCT_NAMES.keys()].sort((a, b) => a - b)).toEqual([1, 3, 4, 7, 12, 13, 15, 28, 31, 101, 102, 103, 104, 107]);
  expect([...QUOTES.keys()].sort((a, b) => a - b)).toEqual([1, 3, 4, 7, 12, 101, 102]);
});

for (const [id, name] of PRODUCT_NAMES) {
  test(`product ${id} (${name}) has its detail page${id === 1 ? ' @phone' : ''}`, async ({ page }) => {
    await page.goto(`/insurance/detail/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(`^${name} \\|`));
    const hero = page.locator('.page-hero');
    const quote = hero.getByRole('link', { name: /立即投保/ });
    const expected = QUOTES.get(id);
    if (expected) {
      await expect(quote).toHaveAttribute('href', expected);
      await expect(quote).toHaveAttribute('target', '_blank');
      await expect(quote).toHaveAttribute('rel', /noopener/);
      await expect(quote).toHaveAccessibleName(/另開新視窗/);
    } else {
      await expect(quote).toHaveCount(0);
    }
    await expect(hero.getByRole('link', { name: '聯絡我們' })).toHaveAttribute('href', '/contact');
    for (const heading of ['保障內容', '適合對象', '主要條款與除外責任', '投保須知', '理賠須知']) {
      await expect(page.locator('.product-detail__main').getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: '相關商品' }).locator('.card-grid > li')).toHaveCount(3);
  });
}

const CATEGORIES = [
  { key: 'personal', label: '個人險', titles: groupLinks('個人險').map((link) => link.label) },
  { key: 'business', label: '企業險', titles: groupLinks('企業險').map((link) => link.label) },
  { key: 'policy', label: '政策/推廣保險', titles: groupLinks('政策/推廣保險').map((link) => link.label) },
  // Hot: the menu's two external products (their titles end with the new-tab hint), then the products flagged
  // hot (motorcycle and travel).
  {
    key: 'hot',
    label: '熱門商品',
    titles: [...groupLinks('熱門商品').map((link) => `${link.label}${UI_TEXT.newWindow}`), '機車保險', '旅行平安保險'],
  },
];

// One category page at 390 px, as one product page above: the four are one template, and what is checked here (the
// heading, the tabs, the titles) is the page's text, the same at every width.
for (const category of CATEGORIES) {
  test(`/insurance/${category.key} lists its products${category.key === 'personal' ? ' @phone' : ''}`, async ({ page }) => {
    await page.goto(`/insurance/${category.key}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.label);
    const tabs = page.getByRole('navigation', { name: '商品分類' });
    await expect(tabs.getByRole('link')).toHaveCount(4);
    await expect(tabs.locator('[aria-current="page"]')).toHaveText(category.label);
    const titles = page.locator('[data-product-list] .card__title');
    await expect(titles).toHaveText(category.titles);
  });
}

test('the external hot products open the online-insurance site in a new tab', async ({ page }) => {
  await page.goto('/insurance/hot');
  for (const link of groupLinks('熱門商品')) {
    const card = page.locator('[data-product-list]').getByRole('link', { name: new RegExp(link.label) });
    await expect(card).toHaveAttribute('href', link.href);
    await expect(card).toHaveAttribute('target', '_blank');
  }
});

const FAIR_PAGES = ['/fair', '/fair/concept', '/fair/contact', '/fair/friendly', '/fair/insurance', '/fair/language', '/fair/propagate'];

test('the fair-treatment side navigation marks the current page @phone', async ({ page }) => {
  for (const path of FAIR_PAGES) {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: '公平待客選單' });
    await expect(nav.getByRole('link')).toHaveCount(FAIR_PAGES.length + 1);
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('href', path);
    await expect(nav.getByRole('link', { name: '公平待客原則' })).toHaveAttribute('href', '/customer-fair');
    await expect(page.getByRole('navigation', { name: '麵包屑' })).toContainText('公平待客');
  }
});

test('every sustainability page is in its side navigation', async ({ page }) => {
  const children = ['climate', 'company', 'corporate', 'csr', 'environment', 'society'];
  for (const path of ['/about/responsibility', ...children.map((child) => `/about/responsibility/${child}`)]) {
    await page.goto(path);
    const current = page.getByRole('navigation', { name: '永續發展選單' }).locator('[aria-current="page"]');
    await expect(current).toHaveAttribute('href', path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText((await current.textContent())!.replace('總覽', ''));
  }
});

test('/eng is in English and links to the English site in a new tab', async ({ page }) => {
  await page.goto('/eng');
  await expect(page.locator('main [lang="en"]').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('English');
  const link = page.getByRole('link', { name: /English website/ });
  await expect(link).toHaveAttribute('href', EXTERNAL.englishSite);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAccessibleName(/new tab/);
});

test('the claims-consortium event page shows a valid ?timestamp= and ignores others', async ({ page }) => {
  await page.goto('/event_page/20220503?timestamp=1651557900');
  await expect(page.getByText('連結時間：2022/05/03 14:05')).toBeVisible();
  for (const query of ['', '?timestamp=abc', '?timestamp=<b>1</b>', '?timestamp=99999999999999']) {
    await page.goto(`/event_page/20220503${query}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('理賠聯盟鏈');
    await expect(page.getByText(/連結時間/)).toBeHidden();
  }
});

test('the form pages hold the mount points of the form islands and name the hotline', async ({ page }) => {
  for (const [path, id] of [
    ['/service', 'service-form'],
    ['/contact', 'contact-form'],
  ]) {
    await page.goto(path);
    await expect(page.locator(`#${id}`)).toBeAttached();
    // The page's hotline list, and on /contact the captcha's help line too: every one dials the hotline.
    const hotline = page.getByRole('main').getByRole('link', { name: '0800-880-550' });
    await expect(hotline.first()).toHaveAttribute('href', 'tel:0800880550');
    for (const link of await hotline.all()) await expect(link).toHaveAttribute('href', 'tel:0800880550');
  }
});

test('the claim page gives the claims hotline and the forms', async ({ page }) => {
  await page.goto('/claim');
  await expect(page.getByRole('main').getByRole('link', { name: '0800-077-568' })).toHaveAttribute('href', 'tel:0800077568');
  await expect(page.getByRole('main').getByRole('link', { name: '理賠文件下載' })).toHaveAttribute('href', '/download');
});
