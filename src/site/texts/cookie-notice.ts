/** Texts of the cookie notice (REFERENCE.md "Widget states"). */

/** The cookie notice (REFERENCE.md "Widget states"): text, link to the privacy policy, button. */
export const COOKIE_NOTICE_TEXT = {
  label: 'Cookie 使用說明',
  text: '本網站使用 Cookie 及相關技術，以提供您更好的瀏覽體驗並分析網站流量。繼續瀏覽即表示您同意本公司依',
  policy: '隱私權保護政策',
  textAfter: '使用 Cookie。',
  /** The one line phones show instead of `text`…`textAfter` (CookieNotice.astro), with the same link between. */
  short: '本網站使用 Cookie，詳見',
  shortAfter: '。',
  accept: '好，我知道了',
} as const;
