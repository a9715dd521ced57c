/** Texts of the search overlay and the /search page (spec §2 "Search overlay"), with its recommended searches. */

/** The recommended searches of spec §2 "Search overlay", also offered on the /search page. */
export const RECOMMENDED_SEARCHES = ['理賠新政策', '機車險怎麼保?', '繳費逾期怎麼補單'] as const;

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
  /** Under the empty state, when a leading part of the query has results: `以下為「機車險」的 N 筆結果`. */
  fallback: (query: string, n: number): string => `以下為「${query}」的 ${n} 筆結果：`,
  failed: '搜尋暫時無法使用，請稍後再試。',
} as const;
