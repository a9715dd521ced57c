/**
 * Business constants of the site, each written once (spec §9 and §2).
 *
 * Everything a visitor can read or an editor could ask to change lives here: the company's name and
 * contact details, the four hotlines, the menus, external sites, timings (ms) and counts. Components and
 * islands import from this module; nothing else repeats a number or a phone line.
 */

/** Company identity shown in the header, footer, titles and structured data. */
export const COMPANY = {
  name: '和泰產物保險股份有限公司',
  shortName: '和泰產險',
  englishName: 'Hotai Insurance Co., Ltd.',
  /** Year the current site started; the copyright line reads `2020 - <current year>` (spec §2). */
  copyrightSince: 2020,
} as const;

/** Company contact information (spec §3 "company info": addr, phone, fax, time). */
export const COMPANY_INFO = {
  addr: '10491 台北市中山區南京東路二段 109 號 8 樓',
  phone: '(02) 2562-8888',
  fax: '(02) 2562-8800',
  /** Company office hours (spec §9). */
  time: '週一至週五 08:30–17:30',
} as const;

/** One hotline entry of the footer (spec §3: title, tel, text, time). */
export interface Hotline {
  title: string;
  tel: string;
  text: string;
  time: string;
}

/** The four hotlines with their hours (spec §9). */
export const HOTLINES: readonly Hotline[] = [
  { title: '客服專線', tel: '0800-880-550', text: '保單、繳費與一般諮詢', time: '非假日 08:30–18:00' },
  { title: '理賠及報案專線', tel: '0800-077-568', text: '事故報案與理賠進度', time: '08:30–17:30' },
  { title: '申訴專線', tel: '0800-501-888', text: '客戶申訴與意見反映', time: '08:30–17:30' },
  { title: '網路投保服務專線', tel: '0800-895-988', text: '網路投保操作協助', time: '09:00–18:00' },
];

/** Social links of the footer (spec §3). */
export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/hotains' },
  { name: 'LINE', href: 'https://line.me/R/ti/p/@hotains' },
  { name: 'YouTube', href: 'https://www.youtube.com/@hotains' },
] as const;

/**
 * Hosts that count as the company's own (spec §9: links outside the company domain ask before leaving).
 * A link whose host is one of these or a subdomain of one is internal.
 */
export const COMPANY_DOMAINS = ['hotains.com.tw'] as const;

/** The site's time zone (Taiwan; UTC+8, no daylight saving since 1979): every date is read, shown and counted in it. */
export const SITE_TIME_ZONE = 'Asia/Taipei';

/** Origin of the video embeds (spec §7 videoUrl: `https://www.youtube-nocookie.com/embed/…`): the one frame host the
 * portal schema accepts for videos and the CSP's `frame-src` allows. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** External sites (spec §2 "External links open in a new tab"). */
export const EXTERNAL = {
  onlineInsurance: 'https://ebiz.hotains.com.tw',
  onlineCar: 'https://ebiz.hotains.com.tw/car',
  onlineMotor: 'https://ebiz.hotains.com.tw/motor',
  onlineTravel: 'https://ebiz.hotains.com.tw/travel',
  onlineInjury: 'https://ebiz.hotains.com.tw/injury',
  onlineFire: 'https://ebiz.hotains.com.tw/fire',
  onlineTravelCard: 'https://ebiz.hotains.com.tw/travel-card',
  payment: 'https://ebiz.hotains.com.tw/payment',
  policyQuery: 'https://ebiz.hotains.com.tw/policy',
  certificateDownload: 'https://ebiz.hotains.com.tw/certificate',
  ePolicyDownload: 'https://ebiz.hotains.com.tw/e-policy',
  memberLogin: 'https://ebiz.hotains.com.tw/member/login',
  chatbot: 'https://chatbot.hotains.com.tw',
  financeFriendly: 'https://ff.hotains.com.tw',
  englishSite: 'https://www.hotains.com.tw/en',
} as const;

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
 * Insurance product detail page path for a product id (spec §2 `/insurance/detail/{id}`). Marked free of side
 * effects so that browser bundles importing any constant of this module drop the menus built with it.
 */
export const productPath = /* @__NO_SIDE_EFFECTS__ */ (id: number): string => `/insurance/detail/${id}`;

/**
 * The main menu with its mega-menu groups (spec §2 "Main menu"). Product detail ids come from the spec:
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
        links: [
          { label: '理賠服務', href: '/claim' },
          { label: '理賠聯盟鏈活動', href: '/event_page/20220503' },
          { label: '文件下載', href: '/download' },
        ],
      },
      {
        title: '客戶關懷',
        links: [
          { label: '客戶意見信箱', href: '/contact' },
          { label: '通譯服務預約', href: '/service' },
          { label: '行動身分識別', href: '/mid' },
          { label: '常見問題', href: '/faq' },
        ],
      },
    ],
  },
  {
    label: '最新消息',
    href: '/news/all/1',
    groups: [
      {
        title: '最新消息',
        links: [
          { label: '公司新聞', href: '/news/all/1' },
          { label: '活動專區', href: '/event/all/1' },
          { label: '得獎公告', href: '/winner/all/1' },
          { label: '優惠專區', href: '/coupon/1' },
          { label: '資訊分享', href: '/share/all/1' },
          { label: '影音專區', href: '/video/1' },
        ],
      },
    ],
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
        links: [
          { label: '公司簡介', href: '/about/profile' },
          { label: '服務據點', href: '/about/locations' },
          { label: '人才招募', href: '/about/recruit' },
          { label: '合作夥伴', href: '/about/partner' },
        ],
      },
      {
        title: '公司治理',
        links: [
          { label: '公開資訊', href: '/about/public' },
          { label: '盡職治理', href: '/about/public/stewardship' },
          { label: '法令規章', href: '/about/decree' },
        ],
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

/** Header links beside the main menu (spec §2 "Header"). */
export const HEADER_LINKS = {
  financeFriendly: { label: '金融友善專區', href: EXTERNAL.financeFriendly },
  english: { label: 'English', href: '/eng' },
  memberLogin: { label: '會員登入', href: EXTERNAL.memberLogin },
} as const;

/** Footer links (spec §2 "Footer": decree, privacy, legal and locations). */
export const FOOTER_LINKS: readonly MenuLink[] = [
  { label: '法令規章', href: '/about/decree' },
  { label: '隱私權保護政策', href: '/privacy' },
  { label: '網站安全政策', href: '/legal' },
  { label: '服務據點', href: '/about/locations' },
  { label: '公平待客', href: '/fair' },
  { label: '聯絡我們', href: '/contact' },
  { label: '網站導覽', href: '/sitemap' },
];

/**
 * The ':::' landmark anchors and their access keys (issue 8 "Accessibility"; Taiwan's web accessibility guideline
 * convention): U = header, C = main content, Z = footer, S = site search. `title` is the anchor's title attribute
 * and the name on the 網站導覽 page (/sitemap), which also shows `description`.
 */
export const ACCESS_KEYS = {
  header: { key: 'U', title: '上方功能區塊', description: '網站標誌、主選單、網站搜尋、最新公告與會員登入。' },
  main: { key: 'C', title: '中央內容區塊', description: '本頁的主要內容。' },
  footer: { key: 'Z', title: '下方功能區塊', description: '服務專線、公司資訊、頁尾連結與社群媒體。' },
  search: { key: 'S', title: '網站搜尋', description: '開啟網站搜尋，輸入關鍵字搜尋全站內容。' },
} as const;

/** An area of ACCESS_KEYS (`header`, `main`, `footer`, `search`). */
export type AccessKeyArea = keyof typeof ACCESS_KEYS;

/** Footer note on supported browsers (spec §1). */
export const BROWSER_NOTE = '建議使用最新版 Edge 或 Chrome 瀏覽器瀏覽本網站';

/** Items per page in the portal lists (news, events, winners, shares). Not in the spec; a site choice. */
export const LIST_PAGE_SIZE = 9;
/** Items per page of the coupon list. */
export const COUPON_PAGE_SIZE = 9;
/** Items shown per home-page section (latest news, events, coupons). */
export const HOME_SECTION_SIZE = 4;

/** The success code of the portal envelope (spec §7, §9). */
export const PORTAL_SUCCESS_CODE = 20000;
/** Default time limit of one portal call, in ms (issue 2). */
export const PORTAL_TIMEOUT_MS = 15_000;
/** Retries after the first attempt on network errors and 5xx answers. */
export const PORTAL_RETRIES = 2;
/** First backoff delay between retries, in ms (doubles each retry). */
export const PORTAL_RETRY_MIN_DELAY_MS = 300;
/**
 * Stale-if-error (issue 6): a portal list that fails at build time may be served from its last good snapshot when
 * that snapshot is younger than this, in hours (env PORTAL_SNAPSHOT_MAX_AGE_HOURS overrides it).
 */
export const PORTAL_SNAPSHOT_MAX_AGE_HOURS = 24;
/**
 * Item-drop guard (issue 6): a list that loads live with fewer items than this fraction of its count in the last
 * good build fails the build unless PORTAL_ALLOW_ITEM_DROP names it (0.5: losing more than half fails).
 */
export const PORTAL_MIN_ITEM_RATIO = 0.5;
/** Folder of the portal snapshots inside Astro's cacheDir (node_modules/.astro), unless PORTAL_SNAPSHOT_DIR. */
export const PORTAL_SNAPSHOT_FOLDER = 'portal-snapshots';
/** The build report in dist/ (issue 6): per list its item count, source and age; not linked, not indexed. */
export const BUILD_REPORT_FILE = 'build-report.json';

/** Timings of spec §9, in ms or px as named. */
export const TIMING = {
  headerActiveScrollPx: 300,
  notificationAutoOpenMs: 300,
  progressBarThrottleMs: 200,
  progressBarDurationMs: 5000,
  pageViewDelayMs: 250,
  backToTopScrollPx: 500,
  backToTopDurationMs: 300,
} as const;

/** Notification categories (spec §4, §9). */
export const NOTIFICATION_CATEGORY = { dialog: 1, bell: 2, banner: 8 } as const;

/** Side dock: 5 news and 5 coupons (spec §9). */
export const DOCK_ITEMS = 5;
/** Reader speed default (spec §9). */
export const READER_DEFAULT_SPEED = 1;

/** Texts of the error pages (spec §2 "Error pages"). */
export const ERROR_TEXT = {
  notFoundTitle: 'Oops',
  notFoundBody: '您要找的頁面可能已被移除、名稱已變更，或連結有誤，暫時無法使用。',
  unmatchedRoute: 'This page could not be found',
  errorTitle: 'ERROR',
  errorBody: '很抱歉，系統發生錯誤，請稍後再試。',
  errorPageFailed: 'An error occurred while showing the error page',
  home: '回首頁',
} as const;

/** Home carousel auto-advance interval, in ms (site choice; pausable, off under reduced motion). */
export const CAROUSEL_INTERVAL_MS = 6000;

/** Entry points to the main services on the home page (spec §1 "customer services"). `icon` names a glyph. */
export const HOME_SERVICES: readonly (MenuLink & { icon: 'claim' | 'policy' | 'payment' | 'download' | 'location' | 'mail' })[] = [
  { label: '理賠服務', href: '/claim', description: '事故報案與理賠申請', icon: 'claim' },
  { label: '保單查詢', href: EXTERNAL.policyQuery, description: '線上查詢保單內容', icon: 'policy' },
  { label: '保費繳納', href: EXTERNAL.payment, description: '信用卡與超商繳費', icon: 'payment' },
  { label: '文件下載', href: '/download', description: '理賠與變更申請書', icon: 'download' },
  { label: '服務據點', href: '/about/locations', description: '全台分支機構', icon: 'location' },
  { label: '客戶意見信箱', href: '/contact', description: '線上留言與諮詢', icon: 'mail' },
];

/** Default meta description of pages that do not pass their own (SiteLayout). */
export const SITE_DESCRIPTION =
  '和泰產險提供汽車險、機車險、旅平險、傷害健康險、住宅險與企業保險，線上投保、理賠服務與保單查詢，全年守護您的生活。';

/**
 * Pages kept out of search engines (robots noindex), out of sitemap.xml and out of the site search (issue 8): the
 * error pages, the search results page and the two form confirmations. SiteLayout and astro.config.mjs (sitemap
 * filter) both read this list.
 */
export const NOINDEX_PATHS: readonly string[] = ['/404', '/500', '/search', '/contact/success', '/service/success'];

/** The default share image (og:image) of pages without their own: public/og-default.jpg, size in px. */
export const OG_DEFAULT_IMAGE = {
  path: '/og-default.jpg',
  width: 1200,
  height: 630,
  alt: `${COMPANY.shortName} 標誌與「${COMPANY.name}」字樣`,
} as const;

/**
 * Visually hidden hint after every link that opens a new tab. A constant of its own as well as UI_TEXT.newWindow,
 * so that the form islands can use it without shipping UI_TEXT to the browser.
 */
export const NEW_WINDOW_TEXT = '（另開新視窗）';

/** Interface texts shared by the layout components (header, footer, pagination, breadcrumbs, cards). */
export const UI_TEXT = {
  skipToMain: '跳到主要內容區塊',
  /** Visually hidden hint after every link that opens a new tab (NEW_WINDOW_TEXT). */
  newWindow: NEW_WINDOW_TEXT,
  home: '首頁',
  /** Accessible name of the logo link. */
  homeLink: `${COMPANY.shortName} 首頁`,
  /** 'More' and 'Get a Quote' of the online-insurance products (spec §2 "Main menu"). */
  learnMore: '了解更多',
  /** After a main-menu item's label: the panel link to its landing page when no panel link goes there (商品介紹總覽). */
  menuOverview: '總覽',
  getQuote: '立即投保',
  search: '搜尋',
  notifications: '最新公告',
  /** Read after the bell's visible count (' 則': the name reads 最新公告 4 則). */
  notificationCountUnit: ' 則',
  openMenu: '開啟選單',
  closeMenu: '關閉選單',
  mainMenu: '主選單',
  breadcrumbs: '麵包屑',
  pagination: '分頁',
  prevPage: '上一頁',
  nextPage: '下一頁',
  /** `第 N 頁` label of a numbered pagination link. */
  pageN: (page: number): string => `第 ${page} 頁`,
  allRightsReserved: '版權所有',
  /** Footer headings and labels. */
  footer: {
    hotlines: '服務專線',
    addr: '地址',
    phone: '電話',
    fax: '傳真',
    time: '服務時間',
    links: '頁尾連結',
    social: '社群媒體',
  },
} as const;

/**
 * Insurance product categories of `/insurance/{category}` (spec §2; labels as the 商品介紹 mega-menu groups).
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
    extraLinks: [
      { label: '服務據點', href: '/about/locations' },
      { label: '公開資訊', href: '/about/public' },
      { label: '法令規章', href: '/about/decree' },
    ],
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
    extraLinks: [
      { label: '保單變更', href: '/change' },
      { label: '文件下載', href: '/download' },
      { label: '常見問題', href: '/faq' },
    ],
  },
  legal: {
    title: '網站政策',
    crumbs: [],
    extraLinks: [{ label: '法令規章', href: '/about/decree' }],
  },
} as const satisfies Record<string, { title: string; crumbs: readonly AreaLink[]; extraLinks: readonly AreaLink[] }>;

/** Key of a content area. */
export type ContentAreaKey = keyof typeof CONTENT_AREAS;

/** The recommended searches of spec §2 "Search overlay", also offered on the /search page. */
export const RECOMMENDED_SEARCHES = ['理賠新政策', '機車險怎麼保?', '繳費逾期怎麼補單'] as const;

/**
 * The eight sitemap groups of the search overlay (spec §2 "Search overlay"), by title. Each title names either a
 * MAIN_MENU item (all its links) or a group of one (that group's links): see src/lib/sitemap.ts.
 */
export const SITEMAP_GROUP_TITLES = ['網路投保', '客戶服務', '最新消息', '個人險', '企業險', '熱門商品', '政策/推廣保險', '關於和泰'] as const;

/** Language of the site-search index (Pagefind), written at the end of the build (src/integrations/search-index.ts). */
export const SEARCH_INDEX_LANGUAGE = 'zh-TW';
/**
 * Parts of `main` the site search leaves out, besides what Pagefind skips itself (nav, form, footer, …) and
 * `data-pagefind-ignore`: text that is never shown, such as the （另開新視窗） hints, stays out of results and excerpts.
 */
export const SEARCH_INDEX_EXCLUDE = ['.visually-hidden'] as const;
/** Results shown on /search before 載入更多結果, and added per click. Site choice. */
export const SEARCH_PAGE_SIZE = 10;

/** Texts of the search overlay and the /search results (spec §2). */
export const SEARCH_TEXT = {
  /** Accessible name of the overlay dialog. */
  dialog: '搜尋',
  label: '搜尋關鍵字',
  placeholder: '輸入關鍵字搜尋…',
  submit: '搜尋',
  close: '關閉搜尋',
  recommended: '推薦搜尋',
  sitemap: '網站導覽',
  loading: '搜尋中…',
  loadMore: '載入更多結果',
  /** `共 N 筆結果`. */
  count: (n: number): string => `共 ${n} 筆結果`,
  /** Heading of the results of a query (the query is shown as text). */
  resultsFor: '搜尋結果',
  /** Empty state: `查無「{query}」相關結果`. */
  empty: (query: string): string => `查無「${query}」相關結果`,
  emptyHint: '請試試其他關鍵字，或參考下列推薦搜尋：',
  failed: '搜尋暫時無法使用，請稍後再試。',
} as const;

/** Text of the placeholder where a form island will mount (/service, /contact) until it has loaded. */
export const FORM_LOADING_TEXT = '線上表單載入中…如無法使用，請來電客服專線。';

/** Videos per page of `/video/{page}` (each is an embedded player, so fewer than the article lists). Site choice. */
export const VIDEO_PAGE_SIZE = 6;
/** Files per page of a download item, `/download/{category}/{id}/{page}`. Site choice. */
export const DOWNLOAD_PAGE_SIZE = 10;
/** Questions shown per FAQ category on the `/faq/service` overview. Site choice. */
export const FAQ_SERVICE_TOP = 3;

/* ------------------------------------------------------------------ site-wide widgets (issue 4) */

/**
 * Font-size steps of the font-size control (spec §3 "Font size (default 0)"): the step is kept in localStorage
 * and scales the root font size by `percentPerStep` % per step (rem-based design, so the whole page scales).
 */
export const FONT_SIZE = { min: -1, max: 2, default: 0, percentPerStep: 12.5 } as const;

/** Playback rates offered by the audio reader (×); READER_DEFAULT_SPEED is one of them. */
export const READER_SPEEDS = [0.75, 1, 1.25, 1.5] as const;

/** Toasts (spec §8): distance from the viewport edge in px, and how long one stays, in ms. */
export const TOAST = { offsetPx: 100, durationMs: 4000 } as const;

/**
 * After a failed chunk load the page reloads once (spec §4, §8); another failure within this many ms of that
 * reload does not reload again (no reload loop).
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * Viewport width in px from which the right-hand dock is a vertical strip at the right edge (desktop-sized windows,
 * issue 14 item 6); below (phones, tablets in portrait), a bottom bar. The CSS repeats it as a literal in @media
 * (Dock.astro, ChatRoom.astro, src/styles/widgets.css).
 */
export const DOCK_STRIP_MIN_WIDTH_PX = 1024;

/**
 * Viewport width in px from which the chat panel is a side panel (24rem wide, ChatRoom.astro's `min-width: 640px`
 * query) and a chat left open is shown open again on the next page. Below, the panel spans the screen from the
 * header to the dock bar, so a restored chat waits behind its launcher instead (issue 14 item 3).
 */
export const CHAT_RESTORE_MIN_WIDTH_PX = 640;

/*
 * Interface texts of the site-wide widgets, one export per widget: browser bundles then carry only the texts of
 * the widgets they render (a bundler keeps a whole object, never a part of one).
 */

/** Texts of the notifications: bell panel, banner, system dialog (NotificationCenter island). */
export const NOTIFICATION_TEXT = {
  bell: {
    title: '最新公告',
    empty: '目前尚無公告',
    close: '關閉最新公告',
    more: '查看詳情',
  },
  banner: { dismiss: '我知道了', label: '重要公告' },
  systemDialog: { title: '系統公告', confirm: '確認' },
  /** 'N 天前' (spec §4); the start day itself reads 今天. */
  daysAgo: (days: number): string => (days === 0 ? '今天' : `${days} 天前`),
} as const;

/** The external-link confirmation (spec §9). */
export const EXTERNAL_LINK_TEXT = {
  title: '是否前往外部網站',
  text: '您將離開本公司網站，前往外部網站~',
  confirm: '確定前往',
  cancel: '取消',
} as const;

/** The cookie notice (spec §4): text, link to the privacy policy, button. */
export const COOKIE_NOTICE_TEXT = {
  label: 'Cookie 使用說明',
  text: '本網站使用 Cookie 及相關技術，以提供您更好的瀏覽體驗並分析網站流量。繼續瀏覽即表示您同意本公司依',
  policy: '隱私權保護政策',
  textAfter: '使用 Cookie。',
  accept: '好，我知道了',
} as const;

/** The right-hand dock. */
export const DOCK_TEXT = {
  label: '快捷服務',
  news: '最新消息',
  coupons: '優惠專區',
  faq: '常見問題',
  contact: '聯絡我們',
  more: '更多',
  close: '關閉',
  empty: '目前尚無資料',
} as const;

/** The font-size control. */
export const FONT_SIZE_TEXT = {
  label: '字級',
  decrease: '縮小字級',
  reset: '標準字級',
  increase: '放大字級',
  /** Announced after a change: `字級：標準` / `字級：放大 1 級` / `字級：縮小 1 級`. */
  current: (step: number): string =>
    step === 0 ? '字級：標準' : step > 0 ? `字級：放大 ${step} 級` : `字級：縮小 ${-step} 級`,
} as const;

/** The chat room 智能客服. */
export const CHAT_TEXT = {
  open: '智能客服',
  close: '關閉智能客服',
  title: '智能客服',
  frameTitle: '和泰產險智能客服對話視窗',
  /** The link that opens the chatbot page in a new tab (followed by UI_TEXT.newWindow). */
  newTab: '開啟完整頁面',
} as const;

/** The audio reader player. */
export const READER_TEXT = {
  label: '語音朗讀',
  play: '播放',
  pause: '暫停',
  stop: '停止',
  speed: '語速',
  progress: '朗讀進度',
  /** Announced (aria-live) when the reader's status changes. */
  status: { play: '播放中', pause: '已暫停', stop: '已停止' },
  /** Announced when the page's audio cannot be loaded or played. */
  error: '無法播放語音',
} as const;

/** Toasts. */
export const TOAST_TEXT = { region: '通知', close: '關閉通知' } as const;

/** Smaller page-chrome texts: back-to-top, the test bar of non-production builds. */
export const CHROME_TEXT = {
  backToTop: '回到頁首',
  testBar: (env: string): string => `測試環境（${env}）：此網站非正式環境，資料僅供測試。`,
} as const;

/* ------------------------------------------------------------------ contact form and appointment service (issue 5) */

// Their time limits, fallback question types and booking rules live in src/lib/forms/rules.ts, the module that owns
// them, so that they reach only the pages with a form (issue 4: JavaScript budget of every other page).
