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
 *
 * The payloads are in hostile-payloads.mjs, the rejected items in hostile-rejected.mjs and the hostile uploads in
 * hostile-uploads.mjs; this module builds the served lists from them and re-exports the payloads and HOSTILE_REJECTED.
 */

import { generateLargeCategories } from '../generate.mjs';
import { HOSTILE_IMAGES } from './hostile-uploads.mjs';
import { HOSTILE_DATE as DATE, HOSTILE_IDS, POLICY_PAYLOADS, pwn, RICH_TEXT_PAYLOADS, TEXT_PAYLOADS } from './hostile-payloads.mjs';

export { HOSTILE_IDS, POLICY_PAYLOADS, RICH_TEXT_PAYLOADS, TEXT_PAYLOADS } from './hostile-payloads.mjs';
export { HOSTILE_REJECTED } from './hostile-rejected.mjs';

/**
 * The settings (environment variables) of a build of the site with the hostile corpus, as tests/build/hostile.test.ts
 * and `npm test` (scripts/test.mjs, which builds it beside the other steps) run it: the corpus served, no audio. What
 * the hostile checks test (payloads, links, layout, images that cannot be shown, the security policy) does not depend
 * on the audio, and the corpus's thousands of items would spend the reader's whole time budget (READER_BUDGET_SECONDS)
 * on speech no test hears; the reader is tested on the sample site (tests/site/reader-dist.test.ts).
 */
export const HOSTILE_BUILD_ENV = Object.freeze({ SAMPLE_PORTAL_CORPUS: 'hostile', READER_ENGINE: 'off' });

/**
 * Large categories: one download category, one FAQ category and one location area far larger than a page (2,100
 * download items in one category made every page of it 639 KB). They must paginate: a download page's side
 * navigation shows one block of DOWNLOAD_NAV_SIZE items, FAQ and location pages FAQ_PAGE_SIZE / LOCATION_PAGE_SIZE
 * (tests/build/hostile.test.ts). The 10,000-item bench run holds 2,100 download items in one category.
 */
export const LARGE_CATEGORY_COUNTS = Object.freeze({ downloads: 160, faqs: 75, locations: 55 });

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

/** The hostile id of the `i`-th item of a list: a HOSTILE_IDS entry and the list's prefix, then numbered ones. */
const hostileId = (prefix, i) => (i < HOSTILE_IDS.length ? `${HOSTILE_IDS[i]}-${prefix}` : `hostile-${prefix}-${i}`);

/**
 * An article item (news, share, winner) of one rich-text payload.
 * @param {string} prefix the list's id prefix
 * @param {string | number} categoryId its category
 * @returns {(payload: [string, string], i: number) => object}
 */
const article = (prefix, categoryId) => (payload, i) => ({
  id: hostileId(prefix, i),
  title: i % 3 === 0 ? text(i) : `惡意內容測試：${payload[0]}`,
  date: DATE,
  categoryId,
  description: text(i + 1),
  content: payload[1],
});

/**
 * The hostile news and its category: every rich-text payload, the policy payloads in descriptions, an orphan
 * (HOSTILE_WARNED), control characters (HOSTILE_XML_TEXT) and the hostile images (HOSTILE_IMAGES).
 * @returns {Record<string, object[]>}
 */
function hostileNews() {
  return {
    newsCategories: [{ id: NEWS_CATEGORY, name: text(1), sort: 99 }],
    news: [
      ...RICH_TEXT_PAYLOADS.map(article('news', NEWS_CATEGORY)),
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
  };
}

/**
 * The hostile shares, winners, events and coupons: rich-text payloads in their content, text payloads in their
 * titles, the hostile ids.
 * @returns {Record<string, object[]>}
 */
function hostileArticles() {
  return {
    shares: RICH_TEXT_PAYLOADS.slice(0, 12).map(article('share', 1)),
    winners: RICH_TEXT_PAYLOADS.slice(12, 20).map(article('winner', 1)),
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
    coupons: RICH_TEXT_PAYLOADS.slice(0, 10).map((payload, i) => ({
      id: hostileId('coupon', i),
      title: i % 2 === 0 ? text(i) : `惡意優惠：${payload[0]}`,
      date: DATE,
      description: text(i + 2),
      // `javascript:` and `data:` images are refused (HOSTILE_REJECTED); odd but harmless paths stay under the base.
      image: i % 3 === 0 ? '/images/coupon/15.svg' : i % 3 === 1 ? 'images/coupon/15.svg?x="><script>alert(1)</script>' : 'images/coupon/15.svg',
      content: payload[1],
    })),
  };
}

/**
 * The hostile FAQ category and its answers: every rich-text payload, an orphan (HOSTILE_WARNED), the large
 * category and an id that is the page's own group heading.
 * @param {ReturnType<typeof generateLargeCategories>} large the large categories (LARGE_CATEGORY_COUNTS)
 * @returns {Record<string, object[]>}
 */
function hostileFaqs(large) {
  return {
    faqCategories: [{ id: 'hostile-faq', name: `99-${text(1)}`, sort: 99 }],
    faqs: RICH_TEXT_PAYLOADS.map((payload, i) => ({
      id: `hostile-faq-${i}`,
      title: i % 4 === 0 ? text(i) : `惡意問答：${payload[0]}`,
      content: payload[1],
      firstCategory: 'hostile-faq',
      secondCategory: text(i + 5),
      secondCategorySort: i,
    })).concat(
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
  };
}

/**
 * The hostile decrees, public disclosures and downloads: rich-text payloads, HOSTILE_ID_PAIR, links to other
 * hosts (HOSTILE_LINKS), a bidi file name and the large download category.
 * @param {ReturnType<typeof generateLargeCategories>} large the large categories (LARGE_CATEGORY_COUNTS)
 * @returns {Record<string, object[]>}
 */
function hostileDocuments(large) {
  return {
    decrees: RICH_TEXT_PAYLOADS.slice(0, 8).map((payload, i) => ({
      id: hostileId('decree', i),
      title: i % 2 === 0 ? text(i) : `惡意法規：${payload[0]}`,
      date: DATE,
      content: payload[1],
      sort: 100 + i,
    })),
    publicDisclosures: RICH_TEXT_PAYLOADS.slice(20)
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
  };
}

/**
 * The hostile locations, videos and home banners: text payloads, markup in phone, map and video URLs, the policy
 * payloads in a banner, banner links to other hosts and the large location area.
 * @param {ReturnType<typeof generateLargeCategories>} large the large categories (LARGE_CATEGORY_COUNTS)
 * @returns {Record<string, object[]>}
 */
function hostilePlaces(large) {
  return {
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
 * The hostile items of each list, keyed by endpoint name (ENDPOINTS keys), to append to the normal lists.
 * Every rich-text payload appears in a news item, a share, a coupon, an FAQ answer, a decree and a public
 * disclosure; text payloads in titles of those and of events, winners, downloads, locations, videos and banners;
 * the hostile ids on news, shares, coupons, decrees, download items and a news category.
 * @returns {Record<string, object[]>}
 */
export function hostileLists() {
  const large = generateLargeCategories(LARGE_CATEGORY_COUNTS);
  return { ...hostileNews(), ...hostileArticles(), ...hostileFaqs(large), ...hostileDocuments(large), ...hostilePlaces(large) };
}

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
