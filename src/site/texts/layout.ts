/** Interface texts of the layout shared by every page (header, footer, pagination, breadcrumbs, cards, error pages). */
import { COMPANY } from '../company.ts';

/** Footer note on supported browsers (REFERENCE.md "Product"). */
export const BROWSER_NOTE = '建議使用最新版 Edge 或 Chrome 瀏覽器瀏覽本網站';

/** Texts of the error pages (REFERENCE.md "Error pages"). */
export const ERROR_TEXT = {
  notFoundTitle: 'Oops',
  notFoundBody: '您要找的頁面可能已被移除、名稱已變更，或連結有誤，暫時無法使用。',
  unmatchedRoute: 'This page could not be found',
  errorTitle: 'ERROR',
  errorBody: '很抱歉，系統發生錯誤，請稍後再試。',
  errorPageFailed: 'An error occurred while showing the error page',
  home: '回首頁',
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
  /** 'More' and 'Get a Quote' of the online-insurance products (REFERENCE.md "Main menu"). */
  learnMore: '了解更多',
  /** After a main-menu item's label: the panel link to its landing page when no panel link goes there (商品介紹總覽). */
  menuOverview: '總覽',
  getQuote: '立即投保',
  /** Before a product's short names from the menus on its page (機車保險: 簡稱：機車險). */
  productShortNames: '簡稱：',
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

/** Smaller page-chrome texts: back-to-top, the test bar of non-production builds. */
export const CHROME_TEXT = {
  backToTop: '回到頁首',
  testBar: (env: string): string => `測試環境（${env}）：此網站非正式環境，資料僅供測試。`,
} as const;
