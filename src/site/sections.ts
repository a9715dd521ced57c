/**
 * The section registry: every paged portal list of the site (REFERENCE.md "Main menu": "最新消息": news, events, winners, coupons, shares,
 * videos) declared once, as plain data, with what really varies between them. Everything else derives from it:
 * - the portal lists and their schemas (src/portal/lists.ts PORTAL_LISTS: an `article` section brings its item list
 *   with articleSchema and its category list with categorySchema) and the lists' display orders (LIST_ORDERS, the
 *   comparators of src/lib/order.ts);
 * - the routes: one page file serves every `article` section (src/pages/[section]/[category]/[page].astro and
 *   src/pages/[section]/detail/[id].astro, their getStaticPaths over the `article` sections); `coupon` and `video`
 *   have their own templates and page files;
 * - the landing redirects of REFERENCE.md "Redirects" (src/lib/redirects.ts: `/{path}` → `/{path}/all/1` for an article section,
 *   `/{path}` → `/{path}/1` for the others), hence the host files and their fallback pages;
 * - the menu group (src/site/navigation.ts: the 最新消息 group lists the sections in registry order, labelled with
 *   their titles, linked to their first list page), hence the sitemap (src/lib/sitemap.ts) and the search overlay;
 * - the audio reader and the site search, by template: the detail template reads aloud (SiteLayout `reader`) and every
 *   page is indexed, so a section needs no setting of its own for them;
 * - the sample portal's lists and covers (scripts/sample-portal/data.mjs: an article section's items and categories
 *   come from the content module named after its item list, `content/{list}.mjs`);
 * - the tests' lists of lists (tests/unit/sections.test.ts checks every entry's lists, routes, sample data, redirect,
 *   menu link and sitemap entry; the sample portal's, the pipeline's and the route test's lists derive from it).
 * - its lists' endpoints and least sample items (`endpoint`, `categoriesEndpoint`, `least`, `leastCategories`: the list
 *   registry, src/site/lists.ts, makes them catalogue entries like every other list's).
 * A new article section is one entry here (its endpoints included) and its sample content module
 * (.github/CONTRIBUTING.md "Adding a portal list").
 *
 * Ground floor (src/site/): no imports but other site modules, so that the menu, the portal boundary, the helpers and
 * the build pipeline can all read it. List names are the endpoint catalogue's keys (src/portal/endpoints.ts); the
 * portal boundary checks them (src/portal/lists.ts).
 */
import { COUPON_PAGE_SIZE, LIST_PAGE_SIZE, VIDEO_PAGE_SIZE } from './limits.ts';

/**
 * The display orders of portal lists, by name; the comparators are src/lib/order.ts ORDERS:
 * - `sortThenId`: ascending `sort` (missing counts as 0), then natural id order (`2` before `10`);
 * - `pinnedThenNewest`: pinned (`isTop`, 置頂) first, then newest `date` first, then natural id order;
 * - `newestThenHigherId`: newest `date` first, then the higher id (the later entry) first;
 * - `secondCategorySortThenId`: ascending `secondCategorySort` (REFERENCE.md "Constants", FAQ items), then natural id order;
 * - `naturalId`: natural id order (the portal's entry order).
 */
export type ListOrder = 'sortThenId' | 'pinnedThenNewest' | 'newestThenHigherId' | 'secondCategorySortThenId' | 'naturalId';

/** What every section declares. */
interface SectionBase {
  /** URL segment (route base): `/{path}/…`. */
  path: string;
  /** Section title: the hero, the breadcrumbs and its label in the menu group. */
  title: string;
  /** One-line introduction under the title (hero subtitle, meta description). */
  intro: string;
  /** Items per list page. */
  pageSize: number;
  /** The portal list of its items (endpoint catalogue key, content collection name). */
  list: string;
  /** Display order of the items (ListOrder). */
  order: ListOrder;
  /** Whether each item has a page `/{path}/detail/{id}` (REFERENCE.md "Routes"). */
  hasDetail: boolean;
  /** Title of the main-menu group that links to its first page (src/site/navigation.ts). */
  menuGroup: string;
  /** Path of its item list's endpoint under the portal base (src/site/lists.ts derives the catalogue entry). */
  endpoint: string;
  /** The least number of items the sample portal's content holds (tests/unit/sample-portal.test.ts). */
  least: number;
}

/**
 * An article section: `/{path}/{category}/{page}` (category `all` or a category id), `/{path}/detail/{id}` when it
 * has details, the shared article templates (src/layouts/ArticleListPage.astro, ArticleDetailPage.astro); items
 * with articleSchema, categories with categorySchema in `sortThenId` order.
 */
export interface ArticleSection extends SectionBase {
  template: 'article';
  /** The portal list of its categories. */
  categories: string;
  /** Path of its category list's endpoint under the portal base. */
  categoriesEndpoint: string;
  /** The least number of categories the sample portal's content holds. */
  leastCategories: number;
}

/** A section with a template of its own (coupons, videos): `/{path}/{page}` and, with details, `/{path}/detail/{id}`. */
export interface PagedSection extends SectionBase {
  template: 'coupon' | 'video';
}

export type Section = ArticleSection | PagedSection;

/** The main-menu item and group of the portal's paged lists (REFERENCE.md "Main menu": "最新消息"). */
export const NEWS_MENU_GROUP = '最新消息';

/** The registry, in menu order (REFERENCE.md "Main menu": "最新消息"). */
export const SECTIONS = {
  news: {
    template: 'article',
    path: 'news',
    title: '公司新聞',
    intro: '和泰產險最新公司動態、商品訊息與服務公告。',
    list: 'news',
    categories: 'newsCategories',
    pageSize: LIST_PAGE_SIZE,
    order: 'pinnedThenNewest',
    hasDetail: true,
    menuGroup: NEWS_MENU_GROUP,
    endpoint: '/api/PortalCorporateMessage/GetPutOnCorporateMessage',
    least: 60,
    categoriesEndpoint: '/api/PortalCorporateMessage/GetCorporateMessageCategory',
    leastCategories: 4,
  },
  event: {
    template: 'article',
    path: 'event',
    title: '活動專區',
    intro: '參加和泰產險舉辦的各項活動，好禮與保障一次帶回家。',
    list: 'events',
    categories: 'eventCategories',
    pageSize: LIST_PAGE_SIZE,
    order: 'pinnedThenNewest',
    // REFERENCE.md "Routes" has no event detail route: an event links where the item says.
    hasDetail: false,
    menuGroup: NEWS_MENU_GROUP,
    endpoint: '/api/PortalActivityInfo/GetPutOnActivityInfo',
    least: 15,
    categoriesEndpoint: '/api/PortalActivityInfo/GetActivityInfoCategory',
    leastCategories: 3,
  },
  winner: {
    template: 'article',
    path: 'winner',
    title: '得獎公告',
    intro: '各項活動得獎名單公告，恭喜所有得獎者。',
    list: 'winners',
    categories: 'winnerCategories',
    pageSize: LIST_PAGE_SIZE,
    order: 'pinnedThenNewest',
    hasDetail: true,
    menuGroup: NEWS_MENU_GROUP,
    endpoint: '/api/PortalWinningPublish/GetPutOnWinningPublish',
    least: 10,
    categoriesEndpoint: '/api/PortalWinningPublish/GetWinningPublishCategory',
    leastCategories: 2,
  },
  coupon: {
    template: 'coupon',
    path: 'coupon',
    title: '優惠專區',
    intro: '和泰產險保戶專屬的合作優惠，保養、洗車、旅遊與生活好康，出示保單即可享用。',
    list: 'coupons',
    pageSize: COUPON_PAGE_SIZE,
    order: 'newestThenHigherId',
    hasDetail: true,
    menuGroup: NEWS_MENU_GROUP,
    endpoint: '/api/PortalGoodSharing/GetPutOnGoodSharing',
    least: 15,
  },
  share: {
    template: 'article',
    path: 'share',
    title: '資訊分享',
    intro: '保險知識、安全駕駛與防災資訊，與您一起做好風險管理。',
    list: 'shares',
    categories: 'shareCategories',
    pageSize: LIST_PAGE_SIZE,
    order: 'pinnedThenNewest',
    hasDetail: true,
    menuGroup: NEWS_MENU_GROUP,
    endpoint: '/api/PortalInformationSharing/GetPutOnInformationSharing',
    least: 12,
    categoriesEndpoint: '/api/PortalInformationSharing/GetInformationSharingCategory',
    leastCategories: 3,
  },
  video: {
    template: 'video',
    path: 'video',
    title: '影音專區',
    intro: '理賠教學、防災知識與商品介紹，用影片輕鬆看懂保險。',
    list: 'videos',
    pageSize: VIDEO_PAGE_SIZE,
    order: 'newestThenHigherId',
    hasDetail: false,
    menuGroup: NEWS_MENU_GROUP,
    endpoint: '/api/PortalVideoSharing/GetPutOnVideoSharing',
    least: 8,
  },
} as const satisfies Record<string, Section>;

export type SectionName = keyof typeof SECTIONS;

/** The `all` pseudo-category of article lists (REFERENCE.md "Redirects" redirects: `/{section}/all`). */
export const ALL_CATEGORY = 'all';

/** The article sections' keys, in registry order. */
export type ArticleSectionKey = { [K in SectionName]: (typeof SECTIONS)[K] extends { template: 'article' } ? K : never }[SectionName];

// The lists below are computed by functions marked free of side effects, so that a bundle importing a constant of
// this module drops the ones it does not use.
const entriesOf = /* @__NO_SIDE_EFFECTS__ */ () => Object.entries(SECTIONS) as [SectionName, Section][];
const articleSectionsOf = /* @__NO_SIDE_EFFECTS__ */ () =>
  Object.fromEntries(entriesOf().filter(([, section]) => section.template === 'article')) as {
    [K in ArticleSectionKey]: (typeof SECTIONS)[K];
  };

/** The registry's entries with their keys, in registry order. */
export const SECTION_ENTRIES = entriesOf();

/** The article sections, in registry order (news, event, winner, share). */
export const ARTICLE_SECTIONS = articleSectionsOf();

/**
 * A section's first list page, where its landing redirect and its menu link lead: `/{path}/all/1` for an article
 * section, `/{path}/1` for the others (REFERENCE.md "Routes").
 */
export const sectionHome = (section: Section): string =>
  section.template === 'article' ? `/${section.path}/${ALL_CATEGORY}/1` : `/${section.path}/1`;

/** The menu links of a main-menu group: its sections in registry order, `{ label: title, href: sectionHome }`. */
export const sectionMenuLinks = /* @__NO_SIDE_EFFECTS__ */ (group: string): { label: string; href: string }[] =>
  SECTION_ENTRIES.filter(([, section]) => section.menuGroup === group).map(([, section]) => ({
    label: section.title,
    href: sectionHome(section),
  }));
