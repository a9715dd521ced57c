/**
 * The portal loader and the list schemas (REFERENCE.md "Portal data", "Portal API", "Portal boundary"): every list of the sample portal loads; schema
 * failures name the list, the item id and the field; extra fields are dropped; rich text is sanitized.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Loader } from 'astro/loaders';
import { collections } from '../../src/content.config';
import { fakeContext } from './fake-loader';
import { z } from 'astro/zod';
import { checkList, parseList, quarantineList } from '../../src/portal/check-list';
import { LIST_DIGEST_META_KEY, portalLoader } from '../../src/portal/loader';
import { ENDPOINTS } from '../../src/portal/endpoints';
import { PortalCodeError, PortalFormatError, PortalListRefusedError, PortalSchemaError } from '../../src/portal/errors';
import { articleSchema, couponSchema, faqSchema, homeBannerSchema } from '../../src/portal/schemas';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { readSettings } from '../../src/settings';

type Portal = Awaited<ReturnType<typeof startSamplePortal>>;
let portal: Portal;
const previousBase = process.env.PORTAL_API_BASE;
const previousSnapshotDir = process.env.PORTAL_SNAPSHOT_DIR;

beforeAll(async () => {
  portal = await startSamplePortal({ port: 0 });
  process.env.PORTAL_API_BASE = portal.url;
  // No last good snapshots here (stale-if-error is tests/unit/portal-snapshots.test.ts): failures fail.
  process.env.PORTAL_SNAPSHOT_DIR = mkdtempSync(join(tmpdir(), 'no-snapshots-'));
});
afterAll(async () => {
  await portal.close();
  process.env.PORTAL_API_BASE = previousBase;
  if (previousSnapshotDir === undefined) delete process.env.PORTAL_SNAPSHOT_DIR;
  else process.env.PORTAL_SNAPSHOT_DIR = previousSnapshotDir;
});
beforeEach(() => portal.setFaults({}));

const validArticle = {
  id: 7,
  title: '颱風期間理賠服務',
  date: '2026-08-01',
  description: '颱風期間加開理賠專線。',
  categoryId: 1,
  content: '<p>內容</p>',
};

describe('parseList', () => {
  it('names the list, the item id and the field of a broken item', () => {
    const data = [validArticle, { ...validArticle, id: 'n-42', title: undefined }];
    expect(() => parseList('news', articleSchema, data)).toThrow(PortalSchemaError);
    expect(() => parseList('news', articleSchema, data)).toThrow(
      /GET \/api\/PortalCorporateMessage\/GetPutOnCorporateMessage: list "news", item id "n-42" \(#1\): field "title"/,
    );
  });

  it('names every failing field of an item and the index when the id is missing', () => {
    const data = [{ ...validArticle, id: undefined, date: 'not-a-date', secondCategorySort: 1 }];
    const error = (() => {
      try {
        parseList('news', articleSchema, data);
      } catch (e) {
        return e as PortalSchemaError;
      }
    })();
    expect(error?.message).toContain('item #0');
    expect(error?.fields).toEqual(expect.arrayContaining(['id', 'date']));
  });

  it('rejects duplicate ids and a data field that is not a list', () => {
    expect(() => parseList('news', articleSchema, [validArticle, validArticle])).toThrow(/duplicate id/);
    expect(() => parseList('news', articleSchema, { items: [] })).toThrow(PortalFormatError);
  });

  it('keeps ids as strings, drops unknown fields and sanitizes rich text', () => {
    const [item] = parseList('news', articleSchema, [
      {
        ...validArticle,
        internalNote: 'editor only',
        content: '<p onclick="steal()">保障<script>alert(1)</script><a href="javascript:alert(1)">連結</a></p><h1>標題</h1>',
      },
    ]);
    expect(item.id).toBe('7');
    expect(item.data).not.toHaveProperty('internalNote');
    expect(item.data.content).toBe('<p>保障<a>連結</a></p><h2>標題</h2>');
    expect(item.data.date).toBeInstanceOf(Date);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x'])(
    'rejects the link %s of an event and of a banner',
    (link) => {
      expect(() => parseList('events', articleSchema, [{ ...validArticle, link }])).toThrow(/field "link"/);
      const banner = { id: 1, title: '新春優惠', image: 'images/banner/1.svg', link };
      expect(() => parseList('homeBanners', homeBannerSchema, [banner])).toThrow(/field "link"/);
    },
  );

  it('accepts site paths and http(s) URLs as banner links', () => {
    const banner = { id: 1, title: '新春優惠', image: 'images/banner/1.svg' };
    for (const link of ['/coupon/1', 'https://www.hotains.com.tw/event']) {
      expect(parseList('homeBanners', homeBannerSchema, [{ ...banner, link }])[0].data.link).toBe(link);
    }
  });

  it('requires the spec fields of FAQ items', () => {
    expect(() => parseList('faqs', faqSchema, [{ id: 1, title: '問', content: '<p>答</p>', firstCategory: 1 }])).toThrow(
      /field "secondCategorySort"/,
    );
  });
});

describe('an item that breaks a rule or makes its check throw is refused alone (REFERENCE.md "Portal boundary")', () => {
  const coupon = (fields: Record<string, unknown>) => ({
    id: 'c',
    title: '優惠',
    date: '2026-01-05',
    description: '說明',
    image: 'images/coupon/1.svg',
    ...fields,
  });

  it.each([
    ['startDate', { startDate: '2026-02-30', endDate: '2026-03-31' }],
    ['endDate', { startDate: '2026-01-01', endDate: '9999-12-31' }],
  ])('refuses a coupon with an impossible %s, naming list, id and field, and loads the other coupons', (field, dates) => {
    const { items, refused } = checkList('coupons', couponSchema, [coupon({ id: 'a' }), coupon({ id: 'bad', ...dates }), coupon({ id: 'b' })]);
    expect(items.map((item) => item.id)).toEqual(['a', 'b']);
    expect(refused).toHaveLength(1);
    const [{ error }] = refused;
    expect(error.list).toBe('coupons');
    expect(error.itemId).toBe('id "bad" (#1)');
    expect(error.fields).toEqual([field]);
    expect(error.message).toContain(`list "coupons", item id "bad" (#1): field "${field}": rule "calendar-date": `);
    expect(error.message).not.toMatch(/getTime/);
  });

  it('refuses a coupon with both dates impossible without comparing them', () => {
    const { refused } = checkList('coupons', couponSchema, [coupon({ startDate: '2026-02-30', endDate: '9999-12-31' })]);
    expect(refused[0]!.error.fields).toEqual(['startDate', 'endDate']);
  });

  it('quarantines only the item whose check throws, naming it, field "(item)" and rule "schema"; the rest publishes', () => {
    const schema = z.object({ id: z.string(), title: z.string() }).superRefine((item) => {
      if (item.id === 'boom') throw new TypeError('start.getTime is not a function');
    });
    const data = [
      { id: 'a', title: '甲' },
      { id: 'boom', title: '乙' },
      { id: 'c', title: '丙' },
    ];
    const checked = checkList('news', schema, data);
    expect(checked.items.map((item) => item.id)).toEqual(['a', 'c']);
    const [{ error }] = checked.refused;
    expect(error).toBeInstanceOf(PortalSchemaError);
    expect(error.fields).toEqual(['(item)']);
    expect(error.message).toContain(
      'list "news", item id "boom" (#1): field "(item)": rule "schema": validation failed: TypeError: start.getTime is not a function',
    );
    const { items, quarantined } = quarantineList('news', schema, checked, undefined, new Date('2026-05-01T00:00:00Z'));
    expect(items.map((item) => item.id)).toEqual(['a', 'c']);
    expect(quarantined).toEqual([expect.objectContaining({ list: 'news', id: 'boom', kept: false })]);
    // The snapshot path refuses the list with the same message rather than throwing the exception.
    expect(() => parseList('news', schema, data)).toThrow(/field "\(item\)": rule "schema": validation failed/);
  });

  it('names an item without an id by its index when its check throws', () => {
    const schema = z.object({ title: z.string() }).transform(() => {
      throw new Error('no');
    });
    expect(checkList('news', schema, [{ title: 'x' }]).refused[0]!.error.itemId).toBe('#0');
  });
});

describe('portalLoader against the sample portal', () => {
  const portalCollections = Object.keys(collections).filter((name) => name in ENDPOINTS);
  // The entry point reads the settings once, when it loads: load it again now that PORTAL_API_BASE is the sample portal.
  let built: typeof collections;
  beforeAll(async () => {
    vi.resetModules();
    built = (await import('../../src/content.config')).collections;
  });

  it('has one collection per portal list', () => {
    expect(portalCollections.length).toBeGreaterThanOrEqual(22);
  });

  it.each(portalCollections)('loads the %s list', async (name) => {
    const { loader } = built[name as keyof typeof collections] as { loader: Loader };
    const { context, entries } = fakeContext();
    await loader.load(context);
    expect(entries.size).toBeGreaterThan(0);
  });

  it('keeps the stored items when the portal sends the same list again (content-layer cache)', async () => {
    const { context, entries } = fakeContext();
    const loader = portalLoader('news', articleSchema, readSettings());
    await loader.load(context);
    const first = new Map(entries);
    expect(first.size).toBeGreaterThan(0);
    const set = vi.spyOn(context.store, 'set');
    await loader.load(context);
    expect(set).not.toHaveBeenCalled();
    expect(entries).toEqual(first);
    // A list the store has not seen (here: a different digest on record) is parsed and stored again.
    context.meta.set(LIST_DIGEST_META_KEY, 'another list');
    await loader.load(context);
    expect(set).toHaveBeenCalledTimes(first.size);
  });

  it.each(portalCollections)('fingerprints the schema of %s, so its list can be kept from the cache', async (name) => {
    const { loader } = built[name as keyof typeof collections] as { loader: Loader };
    const { context } = fakeContext();
    await loader.load(context);
    expect(context.meta.get(LIST_DIGEST_META_KEY)).toEqual(expect.any(String));
  });

  it('quarantines one bad item and loads the rest (REFERENCE.md "Publishing rules")', async () => {
    portal.setFaults({ news: 'badItem' });
    const { context, entries } = fakeContext();
    await portalLoader('news', articleSchema, readSettings()).load(context);
    expect(entries.has('42')).toBe(false);
    expect(entries.size).toBeGreaterThan(40);
  });

  it('quarantines an item whose check throws and loads the rest of the list, not ending the build', async () => {
    const schema = articleSchema.superRefine((item) => {
      if (item.id === '3') throw new TypeError('start.getTime is not a function');
    });
    const { context, entries } = fakeContext();
    const warn = vi.spyOn(context.logger, 'warn');
    await portalLoader('news', schema, readSettings()).load(context);
    expect(entries.has('3')).toBe(false);
    expect(entries.size).toBeGreaterThan(40);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('QUARANTINED: list "news", item 3'));
  });

  it('fails on a list whose items mostly break their schema, naming list, item and field', async () => {
    portal.setFaults({ news: 'badItems' });
    const { context } = fakeContext();
    const error = await portalLoader('news', articleSchema, readSettings())
      .load(context)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalListRefusedError);
    expect((error as Error).message).toMatch(/list "news": \d+ of \d+ items break their schema, more than half/);
    expect((error as Error).message).toMatch(/item (id "[^"]+" \(#\d+\)|#\d+): field "\w+"/);
  });

  it('fails on a portal error code with the endpoint in the message and keeps the store', async () => {
    const { context, entries } = fakeContext();
    entries.set('old', { title: 'kept' });
    portal.setFaults({ news: 'code' });
    const error = await portalLoader('news', articleSchema, readSettings())
      .load(context)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalCodeError);
    expect((error as Error).message).toContain('/api/PortalCorporateMessage/GetPutOnCorporateMessage');
    expect(entries.get('old')).toEqual({ title: 'kept' });
  });
});
