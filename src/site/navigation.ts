/**
 * The site's navigation (REFERENCE.md "Routes"): the main menu (desktop mega-menu and phone side menu read it through
 * src/lib/menu.ts), header and footer links, access keys, home services, insurance categories, the
 * content areas of the in-repo pages, the sitemap groups and the pages search engines skip.
 */
import { EXTERNAL } from './company.ts';
import { listLink, menuGroupLinks } from './lists.ts';
import { NEWS_MENU_GROUP, sectionMenuLinks } from './sections.ts';

/** A link of a menu: internal paths start with `/`, external ones open in a new tab. */
export interface MenuLink {
  label: string;
  href: string;
  /** One-line description shown in the mega-menu (online-insurance products). */
  description?: string;
  /** 'Get a Quote' target on the external online-insurance site. */
  quote?: string;
}

export interface MenuGroup {
  title: string;
  links: readonly MenuLink[];
}

export interface MainMenuItem {
  label: string;
  /** Landing page of the menu item (first link when absent). */
  href: string;
  groups: readonly MenuGroup[];
}

/**
 * Insurance product detail page path for a product id (REFERENCE.md "Routes" `/insurance/detail/{id}`). Marked free of side
 * effects so that browser bundles importing any constant of this module drop the menus built with it.
 */
export const productPath = /* @__NO_SIDE_EFFECTS__ */ (id: number): string => `/insurance/detail/${id}`;

/**
 * The main menu with its mega-menu groups (REFERENCE.md "Main menu"). Product detail ids come from the spec:
 * online 1, 3, 4, 7, 12; personal 1, 3, 12, 7, 4; business 13, 15, 28, 31; policy/promotion 107, 104, 103, 101, 102.
 */
export const MAIN_MENU: readonly MainMenuItem[] = [
  {
    label: '網路投保',
    href: productPath(1),
    groups: [
      {
        title: '網路投保',
        links: [
          { label: '汽車險', href: productPath(1), description: '車體、竊盜與第三人責任，一次投保全方位保障', quote: EXTERNAL.onlineCar },
          { label: '機車險', href: productPath(3), description: '強制險加值第三人責任，騎乘更安心', quote: EXTERNAL.onlineMotor },
          { label: '旅平險', href: productPath(4), description: '國內外旅遊意外、醫療與不便險', quote: EXTERNAL.onlineTravel },
          { label: '傷害健康險', href: productPath(7), description: '意外身故、失能與傷害醫療保障', quote: EXTERNAL.onlineInjury },
          { label: '住宅險', href: productPath(12), description: '住宅火災、地震與居家責任保障', quote: EXTERNAL.onlineFire },
          { label: '預約服務', href: '/service', description: '預約專人諮詢或通譯服務' },
        ],
      },
    ],
  },
  {
    label: '客戶服務',
    href: '/claim',
    groups: [
      {
        title: '保單服務',
        links: [
          { label: '保費繳納', href: EXTERNAL.payment },
          { label: '保單查詢', href: EXTERNAL.policyQuery },
          { label: '保單變更', href: '/change' },
          { label: '電子保單下載', href: EXTERNAL.ePolicyDownload },
          { label: '強制險電子式保險證下載', href: EXTERNAL.certificateDownload },
        ],
      },
      {
        title: '理賠服務',
        links: menuGroupLinks('理賠服務', [
          { label: '理賠服務', href: '/claim' },
          { label: '理賠聯盟鏈活動', href: '/event_page/20220503' },
        ]),
      },
      {
        title: '客戶關懷',
        links: menuGroupLinks('客戶關懷', [
          { label: '客戶意見信箱', href: '/contact' },
          { label: '通譯服務預約', href: '/service' },
          { label: '行動身分識別', href: '/mid' },
        ]),
      },
    ],
  },
  {
    // The sections of the registry (src/site/sections.ts) whose menu group this is, in registry order.
    label: NEWS_MENU_GROUP,
    href: sectionMenuLinks(NEWS_MENU_GROUP)[0]!.href,
    groups: [{ title: NEWS_MENU_GROUP, links: sectionMenuLinks(NEWS_MENU_GROUP) }],
  },
  {
    label: '商品介紹',
    href: '/insurance/personal',
    groups: [
      {
        title: '個人險',
        links: [
          { label: '汽車保險', href: productPath(1) },
          { label: '機車保險', href: productPath(3) },
          { label: '住宅保險', href: productPath(12) },
          { label: '傷害健康保險', href: productPath(7) },
          { label: '旅行平安保險', href: productPath(4) },
        ],
      },
      {
        title: '企業險',
        links: [
          { label: '商業火災保險', href: productPath(13) },
          { label: '工程保險', href: productPath(15) },
          { label: '責任保險', href: productPath(28) },
          { label: '貨物運輸保險', href: productPath(31) },
        ],
      },
      {
        title: '熱門商品',
        links: [
          { label: '旅遊不便險', href: EXTERNAL.onlineTravel },
          { label: '旅行卡專案', href: EXTERNAL.onlineTravelCard },
        ],
      },
      {
        title: '政策/推廣保險',
        links: [
          { label: '電動自行車保險', href: productPath(107) },
          { label: '農業保險', href: productPath(104) },
          { label: '微型保險', href: productPath(103) },
          { label: '強制汽車責任保險', href: productPath(101) },
          { label: '住宅地震基本保險', href: productPath(102) },
        ],
      },
    ],
  },
  {
    label: '關於和泰',
    href: '/about/profile',
    groups: [
      {
        title: '認識我們',
        links: menuGroupLinks('認識我們', [
          { label: '公司簡介', href: '/about/profile' },
          'locations',
          { label: '人才招募', href: '/about/recruit' },
          { label: '合作夥伴', href: '/about/partner' },
        ]),
      },
      {
        title: '公司治理',
        links: menuGroupLinks('公司治理', ['publicDisclosures', { label: '盡職治理', href: '/about/public/stewardship' }, 'decrees']),
      },
      {
        title: '永續與公平待客',
        links: [
          { label: '永續發展', href: '/about/responsibility' },
          { label: '公平待客', href: '/fair' },
        ],
      },
    ],
  },
];

/** Header links beside the main menu (REFERENCE.md "Page frame": "Header"). */
export const HEADER_LINKS = {
  financeFriendly: { label: '金融友善專區', href: EXTERNAL.financeFriendly },
  english: { label: 'English', href: '/eng' },
  memberLogin: { label: '會員登入', href: EXTERNAL.memberLogin },
} as const;

/** Footer links (REFERENCE.md "Page frame": "Footer": decree, privacy, legal and locations). */
export const FOOTER_LINKS: readonly MenuLink[] = [
  listLink('decrees'),
  { label: '隱私權保護政策', href: '/privacy' },
  { label: '網站安全政策', href: '/legal' },
  listLink('locations'),
  { label: '公平待客', href: '/fair' },
  { label: '聯絡我們', href: '/contact' },
  { label: '網站導覽', href: '/sitemap' },
];

/**
 * The ':::' landmark anchors and their access keys (Taiwan's web accessibility guideline,
 * 網站無障礙規範, convention): U = header, C = main content, Z = footer, S = site search. `title` is the anchor's title
 * attribute and the name on the 網站導覽 page (/sitemap), which also shows `description`.
 */
export const ACCESS_KEYS = {
  header: { key: 'U', title: '上方功能區塊', description: '網站標誌、主選單、網站搜尋、最新公告與會員登入。' },
  main: { key: 'C', title: '中央內容區塊', description: '本頁的主要內容。' },
  footer: { key: 'Z', title: '下方功能區塊', description: '服務專線、公司資訊、頁尾連結與社群媒體。' },
  search: { key: 'S', title: '網站搜尋', description: '開啟網站搜尋，輸入關鍵字搜尋全站內容。' },
} as const;

/** An area of ACCESS_KEYS (`header`, `main`, `footer`, `search`). */
export type AccessKeyArea = keyof typeof ACCESS_KEYS;

/** Entry points to the main services on the home page (REFERENCE.md "Product": "customer services"). `icon` names a glyph. */
export const HOME_SERVICES: readonly (MenuLink & { icon: 'claim' | 'policy' | 'payment' | 'download' | 'location' | 'mail' })[] = [
  { label: '理賠服務', href: '/claim', description: '事故報案與理賠申請', icon: 'claim' },
  { label: '保單查詢', href: EXTERNAL.policyQuery, description: '線上查詢保單內容', icon: 'policy' },
  { label: '保費繳納', href: EXTERNAL.payment, description: '信用卡與超商繳費', icon: 'payment' },
  { ...listLink('downloads'), description: '理賠與變更申請書', icon: 'download' },
  { ...listLink('locations'), description: '全台分支機構', icon: 'location' },
  { label: '客戶意見信箱', href: '/contact', description: '線上留言與諮詢', icon: 'mail' },
];

/**
 * Pages kept out of search engines (robots noindex), out of sitemap.xml and out of the site search: the
 * error pages, the search results page, the two form confirmations and the offline page (shown by the service
 * worker, src/site/app.ts). SiteLayout and astro.config.mjs (sitemap
 * filter) both read this list.
 */
export const NOINDEX_PATHS: readonly string[] = ['/404', '/500', '/search', '/contact/success', '/service/success', '/offline'];

/**
 * Insurance product categories of `/insurance/{category}` (REFERENCE.md "Routes"; labels as the 商品介紹 mega-menu groups).
 * `hot` lists the 熱門商品 group's external products plus the in-repo products flagged `hot` in their Markdown.
 */
export const INSURANCE_CATEGORIES = [
  { key: 'personal', label: '個人險', intro: '汽機車、住宅、傷害健康與旅遊保障，陪您安心生活每一天。' },
  { key: 'business', label: '企業險', intro: '財產、工程、責任與貨物運輸保險，為企業營運築起完整防線。' },
  { key: 'hot', label: '熱門商品', intro: '最多人選擇的保障與線上專案，出發前、上路前一次備齊。' },
  { key: 'policy', label: '政策/推廣保險', intro: '配合政府政策推動的基本保障，保費親民、人人都保得起。' },
] as const;

/** Key of an insurance category (`personal`, `business`, `hot`, `policy`). */
export type InsuranceCategoryKey = (typeof INSURANCE_CATEGORIES)[number]['key'];

/** Card texts of the external 熱門商品 links of MAIN_MENU (they have no detail page), keyed by their label. */
export const HOT_EXTERNAL_PRODUCTS: Readonly<Record<string, { description: string; highlights: readonly string[] }>> = {
  旅遊不便險: {
    description: '班機延誤、行李延誤或遺失、旅行文件重置，出國遇到的不便都有補償，線上投保即時生效。',
    highlights: ['班機延誤每 4 小時定額補償', '行李延誤、遺失與護照重置費用', '出發當天也能線上投保'],
  },
  旅行卡專案: {
    description: '以指定信用卡刷卡支付團費或機票，加購旅遊保障享專屬優惠，全家出遊更划算。',
    highlights: ['持卡人專屬加購優惠', '全家人一次投保', '搭配卡片既有旅遊保障補足缺口'],
  },
};

/** A crumb or a side-navigation link of an in-repo content area. */
export interface AreaLink {
  label: string;
  href: string;
}

/**
 * Areas of the in-repo content pages (src/content/pages): each page names its area; the area gives the side
 * navigation's heading, the breadcrumb trail above the page and links to routes of the area that are not
 * Markdown pages (built elsewhere), appended after the area's own pages.
 */
export const CONTENT_AREAS = {
  about: {
    title: '關於和泰',
    crumbs: [{ label: '關於和泰', href: '/about/profile' }],
    extraLinks: [listLink('locations'), listLink('publicDisclosures'), listLink('decrees')],
  },
  responsibility: {
    title: '永續發展',
    crumbs: [
      { label: '關於和泰', href: '/about/profile' },
      { label: '永續發展', href: '/about/responsibility' },
    ],
    extraLinks: [{ label: '盡職治理', href: '/about/public/stewardship' }],
  },
  fair: {
    title: '公平待客',
    crumbs: [
      { label: '關於和泰', href: '/about/profile' },
      { label: '公平待客', href: '/fair' },
    ],
    extraLinks: [{ label: '公平待客原則', href: '/customer-fair' }],
  },
  service: {
    title: '客戶服務',
    crumbs: [{ label: '客戶服務', href: '/claim' }],
    extraLinks: [{ label: '保單變更', href: '/change' }, listLink('downloads'), listLink('faqs')],
  },
  legal: {
    title: '網站政策',
    crumbs: [],
    extraLinks: [listLink('decrees')],
  },
} as const satisfies Record<string, { title: string; crumbs: readonly AreaLink[]; extraLinks: readonly AreaLink[] }>;

/** Key of a content area. */
export type ContentAreaKey = keyof typeof CONTENT_AREAS;

/**
 * The eight sitemap groups of the search overlay (REFERENCE.md "Page frame": "Search overlay"), by title. Each title names either a
 * MAIN_MENU item (all its links) or a group of one (that group's links): see src/lib/sitemap.ts.
 */
export const SITEMAP_GROUP_TITLES = ['網路投保', '客戶服務', NEWS_MENU_GROUP, '個人險', '企業險', '熱門商品', '政策/推廣保險', '關於和泰'] as const;
