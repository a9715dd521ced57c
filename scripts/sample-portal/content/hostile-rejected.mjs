/**
 * The hostile items the build must REJECT (hostile.mjs): each fails its list's parser with an error naming the list,
 * the item, the field and the rule. Never served; tests feed them to the loader's parser (tests/unit/hostile.test.ts).
 */
import { MAX_SEGMENT_BYTES } from '../site-rules.mjs';
import { HOSTILE_UPLOAD_DIR } from './hostile-uploads.mjs';
import { HOSTILE_DATE as DATE, pwn } from './hostile-payloads.mjs';

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
