/**
 * The hostile corpus: portal items an attacker or a careless editor could publish, mixed into the
 * lists when the sample portal runs with `corpus: 'hostile'` (env SAMPLE_PORTAL_CORPUS=hostile). Each payload that
 * could run sets `window.__pwned` (or opens a dialog), so a browser test sees any that executes.
 *
 * Two parts:
 * - `hostileLists()`: items the build must RENDER SAFELY — rich text with scripts, event handlers, `javascript:`
 *   and `data:` URLs, SVG payloads, broken HTML; 2,000-character titles, emoji, right-to-left marks; ids with
 *   spaces, quotes, `&`, `+`, `<`, `:`, CJK and emoji (encoded in links, written as directory names).
 * - `HOSTILE_REJECTED`: items the build must REJECT with an error naming the list, the item and the field — an id
 *   that cannot be one URL segment (`../`, `/`, `.`, `%`, `?`, `#`, reserved characters, reserved names, too long,
 *   not NFC), ids that collide, dates that would roll over, a coupon that ends before it starts, invisible or too long
 *   titles, a `javascript:`/`data:` link, a link that the browser reads as another host (`//host`,
 *   `/\host`, `/<TAB>/host`), an image outside the image base, a video that is not the allowed player or whose path
 *   leaves `/embed/{id}`; a coupon dated `2026-02-30` or ending `9999-12-31` (refused with its list, id and field, not
 *   ending the build), a file path the browser would read otherwise than written (`&#106;avascript:…`, `#`), a portal
 *   file of a type the site may not link to (`.html`, `.js`, `.exe` under the file base), 1 MB of rich text. Never
 *   served; tests feed them to the loader's parser (tests/unit/hostile.test.ts).
 * - Text that cannot mislead, served: bidirectional override and isolate characters in titles, file names and rich
 *   text (`下載\u202Efdp.exe`, HOSTILE_BIDI_FILE_TITLE) are removed; rich-text links to uploads of other types
 *   (`/upload/hostile/page.html`) lose their href; relative rich-text images are resolved against the image base or
 *   removed; two ids `x` and `x-title` (HOSTILE_ID_PAIR) in one disclosure category and an FAQ id `group-0` give
 *   element ids unique on their pages.
 * - `HOSTILE_WARNED`: served items whose category matches nothing: the build publishes them and warns.
 * - `HOSTILE_LINKS`: links to other hosts the build must RENDER as external links (REFERENCE.md "Constants" confirmation, no sideways
 *   scroll): a download file and a disclosure attachment on another host, banner links on the company's and another
 *   host. Every such link carries `target="_blank"`, `rel="noopener noreferrer"` and the 另開新視窗 hint, a click on one
 *   outside the company's domains opens the confirmation first, and no page scrolls sideways
 *   (tests/build/hostile.test.ts).
 */

import { MAX_SEGMENT_BYTES, TEXT_MAX_CHARS } from '../site-rules.mjs';
import { generateLargeCategories } from '../generate.mjs';
import { HOSTILE_IMAGES } from './hostile-uploads.mjs';
import { HOSTILE_UPLOAD_DIR } from './hostile-uploads.mjs';

/**
 * Large categories: one download category, one FAQ category and one location area far larger than a page (2,100
 * download items in one category made every page of it 639 KB). They must paginate: a download page's side
 * navigation shows one block of DOWNLOAD_NAV_SIZE items, FAQ and location pages FAQ_PAGE_SIZE / LOCATION_PAGE_SIZE
 * (tests/build/hostile.test.ts). The 10,000-item bench run holds 2,100 download items in one category.
 */
export const LARGE_CATEGORY_COUNTS = Object.freeze({ downloads: 160, faqs: 75, locations: 55 });

/** Sets the flag a browser test looks for; `label` says which payload ran. */
const pwn = (label) => `window.__pwned='${label}'`;

/** Rich-text payloads (portal HTML in `content`): every one must come out inert. */
export const RICH_TEXT_PAYLOADS = [
  ['script tag', `<p>前言</p><script>${pwn('script')}</script>`],
  ['script with src', `<script src="https://evil.example/x.js"></script><p>外部腳本</p>`],
  ['img onerror', `<img src="x" onerror="${pwn('img-onerror')}" alt="壞圖">`],
  ['img onerror unquoted', `<img src=x onerror=alert(1)>`],
  ['javascript: link', `<a href="javascript:${pwn('js-link')}">點我領獎</a>`],
  ['mixed-case javascript: link', `<a href="JaVaScRiPt:alert(1)">點我</a>`],
  ['entity-encoded javascript: link', `<a href="&#106;&#97;vascript:alert(1)">點我</a><a href="jav&#x09;ascript:alert(2)">再點</a>`],
  ['data: HTML link', `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">資料連結</a>`],
  ['data: SVG image', `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSkgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIi8+" alt="svg">`],
  ['svg onload', `<svg onload="${pwn('svg-onload')}"><circle r="5"/></svg><p>向量圖</p>`],
  ['svg script', `<svg><script>${pwn('svg-script')}</script></svg>`],
  ['svg animate href', `<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">點</text></a></svg>`],
  ['math mXSS', `<math><mtext><table><mglyph><style><img src=x onerror="${pwn('mxss')}"></style></mglyph></table></mtext></math>`],
  ['noscript mXSS', `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>`],
  ['iframe javascript:', `<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<script>parent.__pwned='srcdoc'</script>"></iframe>`],
  ['object and embed', `<object data="data:text/html,<script>alert(1)</script>"></object><embed src="javascript:alert(1)">`],
  ['form and input', `<form action="javascript:alert(1)"><input autofocus onfocus="${pwn('onfocus')}"><button>送出</button></form>`],
  ['details ontoggle', `<details open ontoggle="${pwn('ontoggle')}"><summary>展開</summary>內容</details>`],
  ['body and div handlers', `<body onload="alert(1)"><div onclick="alert(1)" onmouseover="${pwn('mouseover')}">移過來</div>`],
  ['style element', `<style>body{display:none!important}</style><p>樣式注入</p>`],
  ['style attribute overlay', `<p style="position:fixed;inset:0;z-index:9999;background:red">全螢幕覆蓋</p>`],
  ['meta refresh and base', `<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/"><p>轉址</p>`],
  ['link stylesheet', `<link rel="stylesheet" href="https://evil.example/x.css"><p>外部樣式</p>`],
  ['broken HTML', `<div><p>未關閉的段落<table><tr><td>儲存格<td>第二格<ul><li>清單`],
  ['closing the page', `<p>結束</p></div></article></main></body></html><p>之後</p>`],
  ['comment and CDATA', `<!-- <script>alert(1)</script> --><![CDATA[<script>alert(2)</script>]]><p>註解</p>`],
  ['template and xmp', `<template><script>alert(1)</script></template><xmp><script>alert(2)</script></xmp>`],
  ['img srcset', `<img srcset="javascript:alert(1) 1x" src="/upload/none.svg" alt="">`],
  ['target blank tabnabbing', `<a href="https://evil.example/" target="_blank">外部網站</a>`],
  ['wide image', `<img src="/upload/images/news/41.svg" width="5000" height="40" alt="超寬圖">`],
  ['wide table', `<table><tr>${Array.from({ length: 40 }, (_, i) => `<td>欄位${i}欄位${i}欄位</td>`).join('')}</tr></table>`],
  ['huge colspan', `<table><tr><td colspan="1000" rowspan="1000">合併</td></tr></table>`],
  ['long unbroken word', `<p>${'W'.repeat(3000)}</p>`],
  ['long URL text', `<p><a href="https://www.hotains.com.tw/${'a'.repeat(500)}">https://www.hotains.com.tw/${'a'.repeat(500)}</a></p>`],
  ['RTL override', '<p>\u202E這段文字被反轉 gpj.exe\u202C 與 \u200F右至左標記\u200F</p>'],
  ['emoji and zero-width', '<p>👨‍👩‍👧‍👦🏳️‍🌈 零寬\u200B\u200B\u200D字元 🇹🇼</p>'],
  // Links to portal files that would act as the site (an HTML page, a script): they lose their href; a PDF keeps it.
  [
    'upload links of other types',
    `<p><a href="/upload/${HOSTILE_UPLOAD_DIR}/page.html">領取優惠</a> <a href="/%75pload/${HOSTILE_UPLOAD_DIR}/a.js">腳本</a> ` +
      `<a href="https://www.hotains.com.tw/upload/${HOSTILE_UPLOAD_DIR}/refresh.html">轉址</a> <a href="/upload/${HOSTILE_UPLOAD_DIR}/clear.pdf">條款 PDF</a></p>`,
  ],
  // Relative images requested 404s: a clean one resolves against the image base, the others are removed.
  [
    'relative image paths',
    '<p><img src="images/news/41.svg" alt="相對路徑圖"><img src="../../api/x.png" alt="離開圖庫"><img src="./images/news/41.svg" alt="點路徑"></p>',
  ],
  ['bidi controls as character references', '<p>下載&#x202E;fdp.exe&#x202C; 與 &#8294;隔離&#8297; 標題</p>'],
];

/** Plain-text payloads (titles, names, descriptions): shown as text, never as markup. */
export const TEXT_PAYLOADS = [
  `</title><script>${pwn('title-script')}</script>`,
  `"><img src=x onerror="${pwn('title-attr')}">`,
  `'"><svg onload=alert(1)>`,
  `{{constructor.constructor('alert(1)')()}}`,
  // As long as a title may be (TEXT_MAX_CHARS.title); longer ones are refused (HOSTILE_REJECTED).
  '保'.repeat(TEXT_MAX_CHARS.title),
  'W'.repeat(TEXT_MAX_CHARS.title),
  `${'長標題 '.repeat(TEXT_MAX_CHARS.title / 4)}`.trim(),
  '\u202E這是反轉的標題 fdp.exe\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD RTL 標題 \u0645\u0631\u062D\u0628\u0627',
  '😀🎉👨‍👩‍👧‍👦 emoji 標題 🏳️‍🌈🇹🇼',
  '<b>粗體</b> &amp; &lt;script&gt; 實體',
  'javascript:alert(1)',
];

/**
 * Markup in plain-text fields that pages copy into attribute values (portal text must never change the security
 * policy): an item description becomes the page's meta `description` and `og:description`, a banner title the image's
 * `alt` and the carousel's `aria-label`s. Expected outcome: shown as text, and no change to the security policy:
 * `_headers` and the `add_header` lines of `nginx.conf` carry the Content-Security-Policy of the build without this
 * corpus (tests/build/hostile.test.ts). Thirty distinct strings: when the policy took hashes from a regex over the
 * HTML, about 25 of them made the header longer than the CDN allows and failed the build.
 */
export const POLICY_PAYLOADS = [
  ...Array.from({ length: 15 }, (_, i) => `<script>alert(${i})</script>`),
  ...Array.from({ length: 13 }, (_, i) => `</style><style>x${i}{}`),
  `<SCRIPT type="module">${pwn('policy-module')}</SCRIPT>`,
  `<style>body{display:none}</style><script type="speculationrules">{"prefetch":[]}</script>`,
];

/**
 * Ids that still form one URL segment: links encode them, the build writes them as directory names. Ids with
 * reserved characters (`&`, `+`, `@`, `:`, `;`, quotes, `<`) are refused (HOSTILE_REJECTED: nginx locations naming them
 * never match).
 */
export const HOSTILE_IDS = [
  'hostile a b',
  'hostile~tilde_under.score',
  '惡意編號',
  'hostile😀',
  'ＨＯＳＴＩＬＥ全形',
  'hostile-café',
  'hostile-ÅØ',
  'hostile 多 空 格',
];

const DATE = '2026-11-19';
/** A download file name that displays as `下載exe.pdf` while it keeps U+202E (right-to-left override). */
export const HOSTILE_BIDI_FILE_TITLE = '下載\u202Efdp.exe';

/** Two ids, one the other's heading id once written as `{id}-title`: served in one disclosure category. */
export const HOSTILE_ID_PAIR = Object.freeze(['hostile-x', 'hostile-x-title']);

/**
 * A title and a summary holding characters XML 1.0 forbids (U+000B, what Word writes for a manual line break; U+FFFF;
 * a C0 control), in a pinned news item and a pinned event, so they are in the first items of both feeds.
 */
export const HOSTILE_XML_TEXT = Object.freeze({
  title: '颱風\u000B理賠\uFFFF說明\u0001會',
  description: '第一行\u000B第二行\uFFFE結束',
});

/** The hostile news category (an id with a space, CJK and `~`). */
const NEWS_CATEGORY = 'hostile 類別 ~';

/**
 * Links to other hosts that render, with the outcome each must have.
 * @type {Record<string, { value: string, outcome: string }>}
 */
export const HOSTILE_LINKS = {
  downloadFile: {
    value: 'https://evil.example/malware.exe',
    outcome: 'external: new tab, rel, hint, the confirmation on click (download link included)',
  },
  disclosureFile: { value: 'https://evil.example/report.pdf', outcome: 'external: new tab, rel, hint, the confirmation on click' },
  companyBanner: {
    value: 'https://www.hotains.com.tw/campaign/2026',
    outcome: 'company: new tab, rel, hint; no sideways scroll at 320, 390, 1,440 px',
  },
  externalBanner: { value: 'https://evil.example/campaign', outcome: 'external: new tab, rel, hint, the confirmation; no sideways scroll' },
};

/** The n-th text payload, cycling. */
const text = (n) => TEXT_PAYLOADS[n % TEXT_PAYLOADS.length];

/**
 * The hostile items of each list, keyed by endpoint name (ENDPOINTS keys), to append to the normal lists.
 * Every rich-text payload appears in a news item, a share, a coupon, an FAQ answer, a decree and a public
 * disclosure; text payloads in titles of those and of events, winners, downloads, locations, videos and banners;
 * the hostile ids on news, shares, coupons, decrees, download items and a news category.
 * @returns {Record<string, object[]>}
 */
export function hostileLists() {
  const rich = RICH_TEXT_PAYLOADS;
  const large = generateLargeCategories(LARGE_CATEGORY_COUNTS);
  const id = (prefix, i) => (i < HOSTILE_IDS.length ? `${HOSTILE_IDS[i]}-${prefix}` : `hostile-${prefix}-${i}`);
  const article = (prefix, categoryId) => (payload, i) => ({
    id: id(prefix, i),
    title: i % 3 === 0 ? text(i) : `惡意內容測試：${payload[0]}`,
    date: DATE,
    categoryId,
    description: text(i + 1),
    content: payload[1],
  });
  return {
    newsCategories: [{ id: NEWS_CATEGORY, name: text(1), sort: 99 }],
    news: [
      ...rich.map(article('news', NEWS_CATEGORY)),
      ...POLICY_PAYLOADS.map((description, i) => ({
        id: `hostile-policy-${i}`,
        title: `惡意內容測試：屬性中的標記 ${i}`,
        date: DATE,
        categoryId: NEWS_CATEGORY,
        description,
        content: '<p>說明欄位的標記只是文字。</p>',
      })),
      ...HOSTILE_WARNED.filter((entry) => entry.list === 'news').map((entry) => entry.item),
      { id: 'hostile-xml-text', ...HOSTILE_XML_TEXT, date: DATE, isTop: true, categoryId: NEWS_CATEGORY, content: '<p>控制字元。</p>' },
      // Images the build's image step must survive (hostile-uploads.mjs): each item publishes.
      ...Object.entries(HOSTILE_IMAGES).map(([image, { reason }], i) => ({
        id: `hostile-image-${i}`,
        title: `惡意圖片測試：${reason}`,
        date: DATE,
        categoryId: NEWS_CATEGORY,
        description: '圖片無法顯示時，頁面仍須完整。',
        content: '<p>封面圖片有問題。</p>',
        image,
      })),
    ],
    shares: rich.slice(0, 12).map(article('share', 1)),
    winners: rich.slice(12, 20).map(article('winner', 1)),
    events: TEXT_PAYLOADS.slice(0, 6)
      .map((title, i) => ({
        id: `hostile-event-${i}`,
        title,
        date: DATE,
        categoryId: 1,
        description: text(i + 3),
        link: 'https://www.hotains.com.tw/event/?q=<script>alert(1)</script>',
      }))
      .concat([
        { id: 'hostile-xml-text', ...HOSTILE_XML_TEXT, date: DATE, isTop: true, categoryId: 1, link: 'https://www.hotains.com.tw/event/typhoon' },
      ]),
    coupons: rich.slice(0, 10).map((payload, i) => ({
      id: id('coupon', i),
      title: i % 2 === 0 ? text(i) : `惡意優惠：${payload[0]}`,
      date: DATE,
      description: text(i + 2),
      // `javascript:` and `data:` images are refused (HOSTILE_REJECTED); odd but harmless paths stay under the base.
      image: i % 3 === 0 ? '/images/coupon/15.svg' : i % 3 === 1 ? 'images/coupon/15.svg?x="><script>alert(1)</script>' : 'images/coupon/15.svg',
      content: payload[1],
    })),
    faqCategories: [{ id: 'hostile-faq', name: `99-${text(1)}`, sort: 99 }],
    faqs: rich
      .map((payload, i) => ({
        id: `hostile-faq-${i}`,
        title: i % 4 === 0 ? text(i) : `惡意問答：${payload[0]}`,
        content: payload[1],
        firstCategory: 'hostile-faq',
        secondCategory: text(i + 5),
        secondCategorySort: i,
      }))
      .concat(
        HOSTILE_WARNED.filter((entry) => entry.list === 'faqs').map((entry) => entry.item),
        large.faqs,
        [
          // The page's own group heading is `faq-group-0`: an FAQ id must not take it.
          {
            id: 'group-0',
            title: '惡意問答：編號 group-0',
            content: '<p>編號與標題同名</p>',
            firstCategory: 'hostile-faq',
            secondCategory: '惡意群組',
            secondCategorySort: 999,
          },
        ],
      ),
    decrees: rich.slice(0, 8).map((payload, i) => ({
      id: id('decree', i),
      title: i % 2 === 0 ? text(i) : `惡意法規：${payload[0]}`,
      date: DATE,
      content: payload[1],
      sort: 100 + i,
    })),
    publicDisclosures: rich
      .slice(20)
      .map((payload, i) => ({
        id: `hostile-public-${i}`,
        title: i % 2 === 0 ? text(i) : `惡意公開資訊：${payload[0]}`,
        category: 1,
        date: DATE,
        content: payload[1],
        sort: 100 + i,
        ...(i === 0 ? { fileUrl: HOSTILE_LINKS.disclosureFile.value } : {}),
      }))
      .concat(
        HOSTILE_ID_PAIR.map((value, i) => ({
          id: value,
          title: `惡意編號：${value}`,
          category: 1,
          date: DATE,
          content: '<p>編號相接</p>',
          sort: 200 + i,
        })),
      ),
    downloads: HOSTILE_IDS.slice(0, 4)
      .map((value, i) => ({
        id: `${value}-download`,
        title: text(i),
        category: 1,
        sort: 100 + i,
        files: [
          {
            id: `hostile-file-${i}`,
            title: text(i + 1),
            fileUrl: i === 0 ? HOSTILE_LINKS.downloadFile.value : `files/download/hostile-${i}.pdf`,
            fileType: '<script>',
          },
        ],
      }))
      .concat(large.downloads, [
        {
          id: 'hostile-bidi-download',
          title: '惡意文件：\u202E反轉\u2066檔名\u2069',
          category: 1,
          sort: 200,
          files: [{ id: 'hostile-bidi-file', title: HOSTILE_BIDI_FILE_TITLE, fileUrl: 'files/download/hostile-bidi.pdf', fileType: 'pdf\u202E' }],
        },
      ]),
    locations: TEXT_PAYLOADS.slice(0, 4)
      .map((name, i) => ({
        id: `hostile-location-${i}`,
        name,
        areaId: 1,
        address: text(i + 4),
        phone: '"><script>alert(1)</script>',
        hours: text(i + 7),
        mapUrl: 'https://maps.example/?q="><script>alert(1)</script>',
      }))
      .concat(large.locations),
    videos: TEXT_PAYLOADS.slice(0, 3).map((title, i) => ({
      id: `hostile-video-${i}`,
      title,
      date: DATE,
      description: text(i + 5),
      // Rebuilt from the id (a quote in the URL is refused: HOSTILE_REJECTED); the query and fragment are dropped.
      videoUrl: `https://www.youtube-nocookie.com/embed/Hostile${i}Vid?autoplay=1&q="><script>${pwn('video')}</script>#x`,
    })),
    homeBanners: [
      {
        id: 'hostile-banner',
        title: text(0),
        description: text(1),
        image: 'images/banner/1.svg',
        link: '/news/all/1?"><script>alert(1)</script>',
        sort: 99,
      },
      {
        id: 'hostile-policy-banner',
        title: POLICY_PAYLOADS[0],
        description: POLICY_PAYLOADS[15],
        image: 'images/banner/2.svg',
        link: '/news/all/1',
        sort: 100,
      },
      // No sideways scroll: the hidden 另開新視窗 text of later slides widened the page (2,880 px at 1,440 px).
      {
        id: 'hostile-banner-company',
        title: '惡意橫幅：公司網域外連',
        image: 'images/banner/2.svg',
        mobileImage: 'images/banner/2-m.svg',
        link: HOSTILE_LINKS.companyBanner.value,
        sort: 101,
      },
      {
        id: 'hostile-banner-external',
        title: '惡意橫幅：外部網站',
        image: 'images/banner/3.svg',
        link: HOSTILE_LINKS.externalBanner.value,
        sort: 102,
      },
    ],
  };
}

/**
 * Items the build rejects, each with the list it would come in, the field the error must name, the rule (REFERENCE.md "Portal boundary":
 * every refusal names list, item, field and rule) and why; `before` are items of the same list served before it (a
 * collision names both).
 * @type {{ list: string, field: string, rule?: string, reason: string, before?: Record<string, unknown>[], item: Record<string, unknown> }[]}
 */
export const HOSTILE_REJECTED = [
  {
    list: 'news',
    field: 'id',
    reason: 'parent-directory id',
    item: { id: '../../etc/passwd', title: '路徑穿越', date: DATE, categoryId: 1, description: '' },
  },
  { list: 'news', field: 'id', reason: 'slash in id', item: { id: 'a/b', title: '斜線', date: DATE, categoryId: 1, description: '' } },
  { list: 'news', field: 'id', reason: 'dot-dot id', item: { id: '..', title: '上層', date: DATE, categoryId: 1, description: '' } },
  { list: 'decrees', field: 'id', reason: 'dot id', item: { id: '.', title: '本層', content: '' } },
  {
    list: 'coupons',
    field: 'id',
    reason: 'backslash id',
    item: { id: '..\\..\\win', title: '反斜線', date: DATE, description: '', image: 'images/coupon/1.svg' },
  },
  {
    list: 'shares',
    field: 'id',
    reason: 'percent escape (Astro decodes it when matching the page)',
    item: { id: 'hostile%2e%2e', title: '百分比', date: DATE, categoryId: 1, description: '' },
  },
  {
    list: 'news',
    field: 'id',
    reason: 'question mark (Astro writes %3F into the folder name)',
    item: { id: 'hostile?q=1', title: '問號', date: DATE, categoryId: 1, description: '' },
  },
  {
    list: 'coupons',
    field: 'id',
    reason: 'hash sign (Astro writes %23 into the folder name)',
    item: { id: 'hostile#frag', title: '井號', date: DATE, description: '', image: 'images/coupon/1.svg' },
  },
  { list: 'newsCategories', field: 'id', reason: 'control character', item: { id: 'cat\u0000', name: '控制字元' } },
  {
    list: 'events',
    field: 'link',
    reason: 'javascript: link',
    item: { id: 'js-link', title: '連結', date: DATE, categoryId: 1, description: '', link: 'javascript:alert(1)' },
  },
  {
    list: 'coupons',
    field: 'link',
    reason: 'data: link',
    item: {
      id: 'data-link',
      title: '連結',
      date: DATE,
      description: '',
      image: 'images/coupon/1.svg',
      link: 'data:text/html,<script>alert(1)</script>',
    },
  },
  {
    list: 'homeBanners',
    field: 'link',
    reason: 'protocol-relative link',
    item: { id: 'pr-link', title: '橫幅', image: 'images/banner/1.svg', link: '//evil.example/' },
  },
  {
    list: 'videos',
    field: 'videoUrl',
    reason: 'player not allowed',
    item: { id: 'evil-video', title: '影片', date: DATE, videoUrl: 'https://evil.example/embed/1' },
  },
  {
    list: 'videos',
    field: 'videoUrl',
    reason: 'javascript: player',
    item: { id: 'js-video', title: '影片', date: DATE, videoUrl: 'javascript:alert(1)' },
  },
  // The disclosure category `url` obeys the route segment rule.
  ...['.', '..', '%2e%2e', 'a?b', 'c#d', '..\\..\\x'].map((url) => ({
    list: 'publicDisclosureCategories',
    field: 'url',
    rule: 'route-segment',
    reason: `disclosure category url ${JSON.stringify(url)}`,
    item: { id: `url-${url}`.replace(/[^a-z-]/g, 'x'), name: '類別', url },
  })),
  // Ids that collide after normalisation (NFC and NFD), the pseudo-categories `all` and `detail`.
  {
    list: 'news',
    field: 'id',
    rule: 'unique-id',
    reason: 'café in NFC, then in NFD',
    before: [{ id: 'caf\u00e9', title: '咖啡', date: DATE, categoryId: 1, description: '' }],
    item: { id: 'cafe\u0301', title: '咖啡', date: DATE, categoryId: 1, description: '' },
  },
  {
    list: 'news',
    field: 'id',
    rule: 'unique-id',
    reason: 'ids equal once trimmed',
    before: [{ id: 7, title: '七', date: DATE, categoryId: 1, description: '' }],
    item: { id: ' 7 ', title: '七', date: DATE, categoryId: 1, description: '' },
  },
  {
    list: 'news',
    field: 'id',
    rule: 'route-segment',
    reason: 'id in NFD alone',
    item: { id: 'cafe\u0301', title: '咖啡', date: DATE, categoryId: 1, description: '' },
  },
  { list: 'newsCategories', field: 'id', rule: 'route-segment', reason: 'news category all', item: { id: 'all', name: '全部' } },
  { list: 'newsCategories', field: 'id', rule: 'route-segment', reason: 'news category detail', item: { id: 'detail', name: '內容' } },
  // Category ids with reserved characters (nginx locations that never match).
  ...['rt&amp', 'a+b', 'a:b', 'a=b', 'a@b', 'a$b', 'a,b', 'a;b'].map((id) => ({
    list: 'shareCategories',
    field: 'id',
    rule: 'route-segment',
    reason: `category id ${id}`,
    item: { id, name: '分享' },
  })),
  // Values that would be silently changed.
  ...['2026-02-30', '2026-13-45', '0000-00-00', '1', '9999-12-31'].map((date) => ({
    list: 'news',
    field: 'date',
    rule: 'calendar-date',
    reason: `date ${date}`,
    item: { id: `date-${date}`, title: '日期', date, categoryId: 1, description: '' },
  })),
  {
    list: 'coupons',
    field: 'endDate',
    rule: 'date-order',
    reason: 'coupon that ends before it starts',
    item: {
      id: 'ends-early',
      title: '優惠',
      date: DATE,
      description: '',
      image: 'images/coupon/1.svg',
      startDate: '2026-12-01',
      endDate: '2026-11-01',
    },
  },
  { list: 'decrees', field: 'id', rule: 'portal-id', reason: 'number id above 2^53', item: { id: 2 ** 53 + 2, title: '大數字', content: '' } },
  {
    list: 'news',
    field: 'title',
    rule: 'visible-text',
    reason: 'zero-width title',
    item: { id: 'zw', title: '\u200b\u200c\u200d\u2060\ufeff', date: DATE, categoryId: 1, description: '' },
  },
  {
    list: 'news',
    field: 'title',
    rule: 'length',
    reason: '100 KB title',
    item: { id: 'huge-title', title: '保'.repeat(100_000), date: DATE, categoryId: 1, description: '' },
  },
  {
    list: 'decrees',
    field: 'title',
    rule: 'length',
    reason: '2,000-character title',
    item: { id: 'long-title', title: 'W'.repeat(2000), content: '' },
  },
  {
    list: 'homeBanners',
    field: 'title',
    rule: 'length',
    reason: '5,000-character banner',
    item: { id: 'tall-banner', title: '橫幅'.repeat(2500), image: 'images/banner/1.svg' },
  },
  {
    list: 'homeBanners',
    field: 'description',
    rule: 'length',
    reason: '5,000-character banner line',
    item: { id: 'tall-line', title: '橫幅', description: '說明'.repeat(2500), image: 'images/banner/1.svg' },
  },
  // Refusals that once named no list, item or field.
  {
    list: 'news',
    field: 'id',
    rule: 'route-segment',
    reason: 'id index.html',
    item: { id: 'index.html', title: '首頁', date: DATE, categoryId: 1, description: '' },
  },
  {
    list: 'news',
    field: 'id',
    rule: 'route-segment',
    reason: 'id of 300 ASCII characters',
    item: { id: 'a'.repeat(300), title: '長', date: DATE, categoryId: 1, description: '' },
  },
  {
    list: 'decrees',
    field: 'id',
    rule: 'route-segment',
    reason: `id of 90 CJK characters (${MAX_SEGMENT_BYTES}+ bytes)`,
    item: { id: '法'.repeat(90), title: '長', content: '' },
  },
  { list: 'downloadCategories', field: 'id', rule: 'route-segment', reason: 'download category none', item: { id: 'none', name: '無' } },
  { list: 'eventCategories', field: 'id', rule: 'route-segment', reason: "category id it's", item: { id: "it's", name: '活動' } }, // What the browser's URL parser reads differently from a naive check.
  {
    list: 'homeBanners',
    field: 'link',
    reason: 'backslash host (/\\evil.example)',
    item: { id: 'bs-link', title: '橫幅', image: 'images/banner/1.svg', link: '/\\evil.example/campaign' },
  },
  {
    list: 'homeBanners',
    field: 'link',
    reason: 'tab between slashes (/<TAB>/evil.example)',
    item: { id: 'tab-link', title: '橫幅', image: 'images/banner/1.svg', link: '/\t/evil.example/campaign' },
  },
  {
    list: 'homeBanners',
    field: 'link',
    reason: 'newline between slashes',
    item: { id: 'nl-link', title: '橫幅', image: 'images/banner/1.svg', link: ' /\n/evil.example/' },
  },
  {
    list: 'homeBanners',
    field: 'mobileImage',
    reason: 'srcset on another host',
    item: { id: 'img-host', title: '橫幅', image: 'images/banner/1.svg', mobileImage: 'https://evil.example/track.svg' },
  },
  {
    list: 'homeBanners',
    field: 'image',
    reason: 'image path leaving the base',
    item: { id: 'img-up', title: '橫幅', image: '../../api/Common/GetPortalNotification' },
  },
  {
    list: 'coupons',
    field: 'image',
    reason: 'javascript: image',
    item: { id: 'js-image', title: '優惠', date: DATE, description: '', image: 'javascript:alert(1)' },
  },
  {
    list: 'coupons',
    field: 'image',
    reason: 'data: image',
    item: { id: 'data-image', title: '優惠', date: DATE, description: '', image: 'data:image/svg+xml,<svg onload=alert(1)>' },
  },
  {
    list: 'events',
    field: 'link',
    reason: 'backslash host in an event link',
    item: { id: 'ev-bs', title: '活動', date: DATE, categoryId: 1, description: '', link: '/\\evil.example/x' },
  },
  {
    list: 'downloads',
    field: 'files.0.fileUrl',
    reason: 'javascript: file',
    item: { id: 'js-file', title: '文件', category: 1, files: [{ id: 'f', title: '檔', fileUrl: 'javascript:alert(1)' }] },
  },
  {
    list: 'publicDisclosures',
    field: 'fileUrl',
    reason: 'protocol-relative file',
    item: { id: 'pr-file', title: '公開', category: 1, fileUrl: '//evil.example/x.pdf' },
  },
  {
    list: 'videos',
    field: 'videoUrl',
    reason: 'quote and handler in the player URL',
    item: { id: 'quote-video', title: '影片', date: DATE, videoUrl: `https://www.youtube-nocookie.com/embed/x"onload="${pwn('video')}` },
  },
  {
    list: 'videos',
    field: 'videoUrl',
    reason: 'dot segments out of /embed/',
    item: { id: 'dot-video', title: '影片', date: DATE, videoUrl: 'https://www.youtube-nocookie.com/embed/../../redirect?q=https://evil.example' },
  },
  {
    list: 'videos',
    field: 'videoUrl',
    reason: 'encoded dot segments',
    item: { id: 'enc-video', title: '影片', date: DATE, videoUrl: 'https://www.youtube-nocookie.com/embed/%2e%2e/%2e%2e/redirect' },
  },
  // Dates that ended every build (`start.getTime is not a function`): refused with list, id and field instead.
  {
    list: 'coupons',
    field: 'startDate',
    rule: 'calendar-date',
    reason: 'coupon starting 2026-02-30',
    item: {
      id: 'feb-30',
      title: '優惠',
      date: DATE,
      description: '二月三十日開始的優惠',
      image: 'images/coupon/1.svg',
      startDate: '2026-02-30',
      endDate: '2026-03-31',
    },
  },
  {
    list: 'coupons',
    field: 'endDate',
    rule: 'calendar-date',
    reason: 'coupon ending 9999-12-31',
    item: {
      id: 'year-9999',
      title: '優惠',
      date: DATE,
      description: '永不結束的優惠',
      image: 'images/coupon/1.svg',
      startDate: '2026-01-01',
      endDate: '9999-12-31',
    },
  },
  // File paths the browser reads otherwise than written (`&#106;avascript:` became `href="/upload/&"`).
  {
    list: 'downloads',
    field: 'files.0.fileUrl',
    rule: 'base-path',
    reason: 'entity-encoded javascript: file',
    item: { id: 'ent-file', title: '文件', category: 1, files: [{ id: 'f', title: '檔', fileUrl: '&#106;avascript:alert(1)' }] },
  },
  {
    list: 'publicDisclosures',
    field: 'fileUrl',
    rule: 'base-path',
    reason: 'file path with a fragment',
    item: { id: 'frag-file', title: '公開', category: 1, fileUrl: 'files/a.pdf#x' },
  },
  {
    list: 'coupons',
    field: 'image',
    rule: 'base-path',
    reason: 'image path with dot segments',
    item: { id: 'dot-image', title: '優惠', date: DATE, description: '', image: 'images/coupon/../banner/1.svg' },
  },
  // Portal files that would act as the site on its own origin: only images and documents (src/site/uploads.ts).
  ...[`${HOSTILE_UPLOAD_DIR}/page.html`, `${HOSTILE_UPLOAD_DIR}/a.js`, 'files/setup.exe', 'files/feed.xml'].map((fileUrl, i) => ({
    list: 'downloads',
    field: 'files.0.fileUrl',
    rule: 'file-type',
    reason: `file ${fileUrl}`,
    item: { id: `type-file-${i}`, title: '文件', category: 1, files: [{ id: 'f', title: '檔', fileUrl }] },
  })),
  {
    list: 'publicDisclosures',
    field: 'fileUrl',
    rule: 'file-type',
    reason: "HTML upload on the company's host",
    item: { id: 'type-public', title: '公開', category: 1, fileUrl: `https://www.hotains.com.tw/upload/${HOSTILE_UPLOAD_DIR}/refresh.html` },
  },
  // Rich text capped like titles: 1 MB made a 1.27 MB page.
  {
    list: 'news',
    field: 'content',
    rule: 'length',
    reason: '1 MB of rich text',
    item: { id: 'huge-content', title: '長文', date: DATE, categoryId: 1, description: '', content: `<p>${'保'.repeat(1_000_000)}</p>` },
  },
];

/**
 * Items the build publishes with a WARNING naming list, item, field and rule "reference": their
 * category matches no category, so they are on none of its pages (src/integrations/pipeline.ts referenceWarnings).
 * Served in the hostile corpus; each with the category list it names nothing of.
 * @type {{ list: string, field: string, target: string, item: Record<string, unknown> }[]}
 */
export const HOSTILE_WARNED = [
  {
    list: 'news',
    field: 'categoryId',
    target: 'newsCategories',
    item: { id: 'hostile-orphan-news', title: '無類別消息', date: DATE, categoryId: 'hostile-missing', description: '' },
  },
  {
    list: 'faqs',
    field: 'firstCategory',
    target: 'faqCategories',
    item: { id: 'hostile-orphan-faq', title: '無類別問答', content: '<p>無</p>', firstCategory: 'hostile-missing', secondCategorySort: 0 },
  },
];
