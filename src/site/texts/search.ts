/** Texts of the search overlay and the /search page (REFERENCE.md "Page frame": "Search overlay"), with its recommended searches. */

/** The recommended searches of REFERENCE.md "Page frame": "Search overlay", also offered on the /search page. */
export const RECOMMENDED_SEARCHES = ['理賠新政策', '機車險怎麼保?', '繳費逾期怎麼補單'] as const;

/** Texts of the search overlay and the /search results (REFERENCE.md "Page frame"). */
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
  /** Before a word the query was taken for (「您是不是要找：理賠」), whose results follow. */
  didYouMean: '您是不是要找：',
  /** The link to the query as typed, under 您是不是要找. */
  searchInstead: (query: string): string => `仍要搜尋「${query}」`,
  failed: '搜尋暫時無法使用，請稍後再試。',
} as const;
