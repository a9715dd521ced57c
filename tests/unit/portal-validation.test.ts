/**
 * The one validation layer at the portal boundary (REFERENCE.md "Portal boundary"; src/portal/validation.ts and its use in
 * src/portal/schemas.ts, the loader's parseList, the client and the build pipeline): one test per rule (route
 * segments, collisions, references, values other than links and media never silently changed, notifications in the
 * browser), each as an editor sees it — the list, the item, the field and the rule
 * of the refusal — or as a visitor would (a date that does not roll over, an id that keeps its digits).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { parseAnswer } from '../../src/portal/answer';
import { callPortal } from '../../src/portal/client';
import { ENDPOINTS } from '../../src/portal/endpoints';
import { PortalSchemaError } from '../../src/portal/errors';
import { PORTAL_LISTS, type PortalListName } from '../../src/portal/lists';
import { parseList } from '../../src/portal/check-list';
import {
  MAX_SEGMENT_BYTES,
  PORTAL_YEAR_RANGE,
  RESERVED_SEGMENTS,
  TEXT_MAX_CHARS,
  dateOrderProblem,
  routeSegmentProblem,
  withoutBidiControls,
} from '../../src/portal/validation';
import { parseNotification } from '../../src/lib/notifications';
import { ALL, NONE } from '../../src/lib/redirects';
import { ALL_CATEGORY } from '../../src/sections/articles';
import { referenceWarnings } from '../../src/integrations/pipeline';
import { buildDataset } from '../../scripts/sample-portal/data.mjs';

const DATE = '2026-11-19';
const news = (fields: Record<string, unknown>) => ({ id: 'n1', title: '消息', date: DATE, categoryId: 1, description: '', ...fields });

/** The refusal of a one-list parse, or undefined when the list passes. */
function refusal(list: PortalListName, items: unknown[]): PortalSchemaError | undefined {
  try {
    parseList(list, PORTAL_LISTS[list] as z.ZodType, items);
    return undefined;
  } catch (error) {
    if (error instanceof PortalSchemaError) return error;
    throw error;
  }
}

describe('route segments: one rule for ids, category ids and the disclosure url', () => {
  it.each([
    ['.', 'dot segment'],
    ['..', 'dot segment'],
    ['%2e%2e', '"%"'],
    ['a?b', 'reserved character "?"'],
    ['c#d', 'reserved character "#"'],
    ['..\\..\\x', 'path separator'],
  ])('refuses the disclosure category url %j, naming list, item, field and rule', (url, reason) => {
    const error = refusal('publicDisclosureCategories', [{ id: 9, name: '類別', url }]);
    expect(error?.message).toContain('list "publicDisclosureCategories", item id "9" (#0): field "url": rule "route-segment": ');
    expect(error?.message).toContain(reason);
  });

  it('keeps disclosure urls that name a page, an empty url (the id) and an external address', () => {
    const categories = [
      { id: 1, name: '公司概況', url: 'basic' },
      { id: 2, name: '財務', url: '/about/public/finance/' },
      { id: 3, name: '外部', url: 'https://www.example.com/report' },
      { id: 4, name: '空', url: '' },
    ];
    expect(refusal('publicDisclosureCategories', categories)).toBeUndefined();
  });

  it('refuses two disclosure categories that would write one page, naming both', () => {
    const error = refusal('publicDisclosureCategories', [
      { id: 1, name: '甲', url: 'finance' },
      { id: 2, name: '乙', url: '/about/public/finance' },
    ]);
    expect(error?.message).toContain('item id "2" (#1): field "url": rule "unique-id": duplicate url: the same as item id "1" (#0)');
  });

  it.each([['&'], ['+'], [':'], ['='], ['@'], ['$'], [','], [';'], ["'"], ['"'], ['<'], ['\t'], ['\u200b']])(
    'refuses a category id holding %j',
    (char) => {
      expect(refusal('shareCategories', [{ id: `a${char}b`, name: '分享' }])?.message).toMatch(
        /field "id": rule "route-segment": holds the (reserved|control or invisible) character/,
      );
    },
  );

  it('keeps ids that links encode and folders hold: spaces, CJK, accents in NFC, emoji, "-._~"', () => {
    for (const id of ['a b', '惡意編號', 'caf\u00e9', 'hostile😀', 'v1.2_x~y-z', 'ＦＵＬＬ']) expect(routeSegmentProblem(id), id).toBeUndefined();
  });

  it('refuses ids not in Unicode NFC (café in NFD)', () => {
    expect(refusal('news', [news({ id: 'cafe\u0301' })])?.message).toContain('field "id": rule "route-segment": is not in Unicode NFC form');
  });

  it('refuses names longer than a folder name may be, in UTF-8 bytes (300 ASCII, 90 CJK characters), and keeps 255 bytes', () => {
    expect(refusal('news', [news({ id: 'a'.repeat(300) })])?.message).toContain(`is 300 bytes in UTF-8, more than ${MAX_SEGMENT_BYTES}`);
    expect(refusal('decrees', [{ id: '法'.repeat(90), title: '法規' }])?.message).toContain('is 270 bytes in UTF-8');
    expect(routeSegmentProblem('法'.repeat(85))).toBeUndefined();
    expect(routeSegmentProblem('a'.repeat(MAX_SEGMENT_BYTES))).toBeUndefined();
  });

  it.each([
    ['newsCategories', 'all'],
    ['newsCategories', 'detail'],
    ['downloadCategories', 'none'],
    ['news', 'index.html'],
    ['faqCategories', 'service'],
    ['publicDisclosureCategories', 'stewardship'],
  ] as const)('refuses a %s id %j, the name of a page of the site', (list, id) => {
    const item = list === 'news' ? news({ id }) : { id, name: list === 'faqCategories' ? '1-服務' : '類別', url: '' };
    expect(refusal(list, [item])?.message).toContain(`field "id": rule "route-segment": is the reserved name "${id}"`);
  });

  it("reserves every literal that src/pages puts beside a parameter, and the redirect plan's pseudo-segments", () => {
    const pages = fileURLToPath(new URL('../../src/pages/', import.meta.url));
    const literals = new Set<string>();
    const walk = (dir: string): void => {
      const names = readdirSync(dir);
      // `[section]` takes the route bases of the section registry (src/site/sections.ts), never a portal value, so
      // the pages beside it are no portal id's concern (tests/unit/sections.test.ts keeps them apart).
      const hasParameter = names.some((name) => name.startsWith('[') && name !== '[section]');
      for (const name of names) {
        if (statSync(join(dir, name)).isDirectory()) walk(join(dir, name));
        if (hasParameter && !name.startsWith('[')) literals.add(name.replace(/\.(astro|ts)$/, ''));
      }
    };
    walk(pages);
    expect(literals.size).toBeGreaterThan(5);
    expect(RESERVED_SEGMENTS).toEqual(expect.arrayContaining([...literals, ALL, NONE, ALL_CATEGORY, 'index.html']));
  });
});

describe('collisions: ids equal after normalisation are refused, naming both items', () => {
  it('café in NFC then in NFD', () => {
    const error = refusal('news', [news({ id: 'caf\u00e9' }), news({ id: 'cafe\u0301' })]);
    expect(error?.itemId).toBe('id "cafe\u0301" (#1)');
    expect(error?.message).toContain('field "id": rule "unique-id": duplicate id: the same as item id "caf\u00e9" (#0)');
  });

  it('a number and a string id, and ids equal once trimmed, also in lists whose ids are not route segments', () => {
    expect(
      refusal('videos', [
        { id: 12, title: '影片', date: DATE, videoUrl: 'https://www.youtube-nocookie.com/embed/aaaaaaaaaaa' },
        { id: '12 ', title: '影片', date: DATE, videoUrl: 'https://www.youtube-nocookie.com/embed/bbbbbbbbbbb' },
      ])?.message,
    ).toContain('item id "12 " (#1): field "id": rule "unique-id": duplicate id: the same as item id "12" (#0)');
  });
});

describe('references that match nothing are reported at the start of the build pipeline', () => {
  it('names the list, the item, the field and the rule for a news category, an FAQ firstCategory and a location areaId', () => {
    const record = (list: string, entries: { id: string; data: Record<string, unknown> }[]) =>
      ({ list, endpoint: `GET /${list}`, items: entries.length, source: 'live', fetchedAt: '', ageHours: 0, entries }) as never;
    const warnings = referenceWarnings([
      record('newsCategories', [{ id: '1', data: { id: '1' } }]),
      record('news', [
        { id: 'ok', data: { categoryId: '1' } },
        { id: 'lost', data: { categoryId: '9' } },
      ]),
      record('faqCategories', [{ id: 'a', data: {} }]),
      record('faqs', [{ id: 'q', data: { firstCategory: 'b' } }]),
      record('locationCategories', []),
      record('locations', [{ id: 'branch', data: { areaId: '3' } }]),
    ]);
    expect(warnings).toEqual([
      'Portal GET /news: list "news", item id "lost": field "categoryId": rule "reference": "9" is no id of list "newsCategories": the item is on none of that list\'s pages',
      'Portal GET /faqs: list "faqs", item id "q": field "firstCategory": rule "reference": "b" is no id of list "faqCategories": the item is on none of that list\'s pages',
      'Portal GET /locations: list "locations", item id "branch": field "areaId": rule "reference": "3" is no id of list "locationCategories": the item is on none of that list\'s pages',
    ]);
  });

  it('finds none in the sample portal', () => {
    const { lists } = buildDataset() as { lists: Record<string, unknown[]> };
    const records = Object.entries(lists).map(([list, items]) => ({
      list,
      endpoint: list,
      items: items.length,
      source: 'live',
      fetchedAt: '',
      ageHours: 0,
      entries: parseList(list as PortalListName, PORTAL_LISTS[list as PortalListName] as z.ZodType, items).map(({ id, data }) => ({ id, data })),
    }));
    expect(referenceWarnings(records as never)).toEqual([]);
  });
});

describe('values never silently changed', () => {
  it.each(['2026-02-30', '2026-13-45', '0000-00-00', '1', '9999-12-31', '1899-12-31'])('refuses the date %j', (date) => {
    expect(refusal('news', [news({ date })])?.message).toContain('field "date": rule "calendar-date": ');
  });

  it(`keeps dates from ${PORTAL_YEAR_RANGE.min} to ${PORTAL_YEAR_RANGE.max}`, () => {
    expect(
      refusal('news', [news({ id: 'a', date: `${PORTAL_YEAR_RANGE.min}-01-01` }), news({ id: 'b', date: `${PORTAL_YEAR_RANGE.max}-12-31` })]),
    ).toBeUndefined();
  });

  it('refuses a coupon that ends before it starts', () => {
    const coupon = {
      id: 'c',
      title: '優惠',
      date: DATE,
      description: '',
      image: 'images/coupon/1.svg',
      startDate: '2026-12-01',
      endDate: '2026-11-30',
    };
    expect(refusal('coupons', [coupon])?.message).toContain('field "endDate": rule "date-order": the offer ends before it starts');
    expect(refusal('coupons', [{ ...coupon, endDate: '2026-12-01' }])).toBeUndefined();
  });

  it('keeps the digits of an id above 2^53 from the portal answer to the page URL', async () => {
    const body = '{"code":20000,"data":[{"id":9007199254740993,"title":"大編號","content":"","sort":1}]}';
    // As the content loader calls it: with the build's strict parser (src/portal/answer.ts).
    const result = await callPortal<unknown[]>(ENDPOINTS.decrees, {
      base: 'http://portal.test',
      parse: parseAnswer,
      fetch: async () => new Response(body),
    });
    expect(result.cancelled).toBe(false);
    const [decree] = parseList('decrees', PORTAL_LISTS.decrees, (result as { data: unknown[] }).data);
    expect(decree!.id).toBe('9007199254740993');
  });

  it('refuses a number id that has already lost its digits', () => {
    expect(refusal('decrees', [{ id: 2 ** 53 + 2, title: '法規' }])?.message).toContain(
      'field "id": rule "portal-id": the number 9007199254740994 is not an integer below 2^53',
    );
  });

  it.each(['\u200b\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u202e\u202c', '\u3164', ' \u00ad '])(
    'refuses a title with no visible character (%j)',
    (title) => {
      expect(refusal('news', [news({ title })])?.message).toContain('field "title": rule ');
    },
  );

  it('refuses a description made only of zero-width characters, keeps an empty one', () => {
    expect(refusal('news', [news({ description: '\u200b' })])?.message).toContain(
      'field "description": rule "visible-text": has no visible character',
    );
    expect(refusal('news', [news({ description: '' })])).toBeUndefined();
  });

  it('refuses a 100 KB title and a 5,000-character banner, keeps titles up to the limit', () => {
    expect(refusal('news', [news({ title: '保'.repeat(100_000) })])?.message).toContain(
      `field "title": rule "length": is 100000 characters long, more than ${TEXT_MAX_CHARS.title}`,
    );
    expect(refusal('homeBanners', [{ id: 'b', title: '橫'.repeat(5000), image: 'images/banner/1.svg' }])?.message).toContain(
      `more than ${TEXT_MAX_CHARS.bannerTitle}`,
    );
    expect(refusal('homeBanners', [{ id: 'b', title: '橫幅', description: '說'.repeat(5000), image: 'images/banner/1.svg' }])?.message).toContain(
      'field "description": rule "length"',
    );
    expect(refusal('news', [news({ title: '保'.repeat(TEXT_MAX_CHARS.title) })])).toBeUndefined();
  });

  it('compares only what the date parser returned: the text of a date that failed its own rule is not a date', () => {
    expect(dateOrderProblem('2026-02-30', new Date('2026-01-01'))).toBeUndefined();
    expect(dateOrderProblem(new Date('2026-03-01'), '9999-12-31')).toBeUndefined();
    expect(dateOrderProblem(new Date(Number.NaN), new Date('2026-01-01'))).toBeUndefined();
    expect(dateOrderProblem(new Date('2026-03-01'), new Date('2026-01-01'))).toBe('the offer ends before it starts (startDate after endDate)');
  });

  it.each([
    ['startDate', { startDate: '2026-02-30', endDate: '2026-12-31' }],
    ['endDate', { startDate: '2026-01-01', endDate: '9999-12-31' }],
  ])('refuses a coupon whose %s is no date with rule "calendar-date", instead of ending the build', (field, dates) => {
    const coupon = { id: 'c', title: '優惠', date: DATE, description: '有說明的優惠', image: 'images/coupon/1.svg', ...dates };
    expect(refusal('coupons', [coupon])?.message).toContain(`list "coupons", item id "c" (#0): field "${field}": rule "calendar-date": `);
  });

  it.each([
    ['news', 'title', news({ title: '下載\u202Efdp.exe' })],
    ['news', 'description', news({ description: '說明\u2067隔離\u2069與\u202A嵌入\u202C' })],
    ['locations', 'name', { id: 1, name: '台北\u202E分公司', areaId: 1, address: '地址', phone: '02', hours: '09:00' }],
    ['faqCategories', 'name', { id: 1, name: '1-\u202E理賠' }],
  ] as const)('removes bidirectional override and isolate characters from %s %s', (list, field, item) => {
    const [parsed] = parseList(list, PORTAL_LISTS[list] as z.ZodType, [item]);
    const value = (parsed!.data as Record<string, string>)[field]!;
    expect(value).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(value).toBe(withoutBidiControls((item as Record<string, unknown>)[field] as string).trim());
  });

  it('shows a download file name in the order it was written: 下載\u202Efdp.exe is 下載fdp.exe, not 下載exe.pdf', () => {
    const [download] = parseList('downloads', PORTAL_LISTS.downloads, [
      { id: 'd', title: '文件', category: 1, files: [{ id: 'f', title: '下載\u202Efdp.exe', fileUrl: 'files/a.pdf', fileType: 'pdf\u2066' }] },
    ]);
    expect(download!.data.files[0]).toMatchObject({ title: '下載fdp.exe', fileType: 'pdf' });
  });

  it('removes bidirectional controls from rich text, also when written as character references', () => {
    const [item] = parseList('news', PORTAL_LISTS.news, [
      news({ content: '<p title="\u202Ex">下載\u202Efdp.exe 與 &#x202E;gpj.exe&#8236; 及 \u200F標記</p>' }),
    ]);
    expect(item!.data.content).toBe('<p>下載fdp.exe 與 gpj.exe 及 \u200F標記</p>');
  });

  it(`refuses rich text above ${TEXT_MAX_CHARS.richText} characters of sanitized HTML with rule "length", keeps it up to the cap`, () => {
    const long = `<p>${'保'.repeat(TEXT_MAX_CHARS.richText)}</p>`;
    expect(refusal('news', [news({ content: long })])?.message).toContain(
      `field "content": rule "length": is ${TEXT_MAX_CHARS.richText + 7} characters long, more than ${TEXT_MAX_CHARS.richText} (sanitized HTML, markup included)`,
    );
    expect(refusal('decrees', [{ id: 'd', title: '法規', content: `<p>${'法'.repeat(TEXT_MAX_CHARS.richText - 7)}</p>` }])).toBeUndefined();
    // The sample portal's longest rich text stays far below the cap.
    const { lists } = buildDataset() as { lists: Record<string, { content?: unknown }[]> };
    const longest = Math.max(
      ...Object.values(lists)
        .flat()
        .map((item) => (typeof item.content === 'string' ? item.content.length : 0)),
    );
    expect(longest).toBeLessThan(TEXT_MAX_CHARS.richText / 10);
  });

  it('passes the sample portal whole', () => {
    const { lists } = buildDataset() as { lists: Record<string, unknown[]> };
    for (const [list, items] of Object.entries(lists)) expect(refusal(list as PortalListName, items), list).toBeUndefined();
  });
});

describe('notifications in the browser', () => {
  const notification = (fields: Record<string, unknown>) =>
    parseNotification({ id: 1, category: 2, title: '通知', description: '系統維護', startDate: '2026-03-15', ...fields });

  it.each(['2026-02-30', '2026-13-45', '0000-00-00', '1', '9999-12-31'])('leaves out a notification dated %j', (startDate) => {
    expect(notification({ startDate })).toBeUndefined();
  });

  it('keeps real dates and date-times', () => {
    expect(notification({ startDate: '2026-02-28T09:00:00+08:00' })?.startDate).toBe('2026-02-28T09:00:00+08:00');
    expect(notification({ startDate: '2026/3/5' })?.startDate).toBe('2026/3/5');
  });

  it('leaves out a notification whose text shows nothing, and cuts long ones', () => {
    expect(notification({ description: '\u200b\u200b' })).toBeUndefined();
    const long = notification({ title: '標'.repeat(5000), description: '文'.repeat(100_000) })!;
    expect([...long.title]).toHaveLength(TEXT_MAX_CHARS.notificationTitle);
    expect([...long.description]).toHaveLength(TEXT_MAX_CHARS.notificationDescription);
    expect(long.description.endsWith('…')).toBe(true);
  });
});
