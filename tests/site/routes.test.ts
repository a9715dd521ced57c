/**
 * Every route, redirect and error page of REFERENCE.md "Error pages" under real nginx (REFERENCE.md "Redirects"), over the built dist/ with its
 * generated nginx include and the sample portal behind `/api/`:
 * - every page route the sample data produces answers 200 with zh-TW content;
 * - each spec rule of the redirect plan is covered;
 * - unknown paths answer 404 with the spec's texts; host files are not served.
 * The data-independent checks (every redirect answers 301 → 200, no broken internal link, the build report) are
 * tests/site/site-checks.test.ts, which the publishing pipeline runs too.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPortal } from '../../src/portal/client';
import { ENDPOINTS, type EndpointName } from '../../src/portal/endpoints';
import { COUPON_PAGE_SIZE, DOWNLOAD_PAGE_SIZE, VIDEO_PAGE_SIZE } from '../../src/site/limits';
import { ARTICLE_SECTIONS } from '../../src/site/sections';
import { startSamplePortal } from '../../scripts/sample-portal/server.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';

// SITE_DIST_DIR: another built site (as tests/site/site-checks.test.ts reads it), e.g. a build in a folder of its own.
const dist = process.env.SITE_DIST_DIR ? `${resolve(process.env.SITE_DIST_DIR)}/` : fileURLToPath(new URL('../../dist/', import.meta.url));
type Item = Record<string, unknown> & { id: string | number; sort?: number };

let portal: Awaited<ReturnType<typeof startSamplePortal>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
const lists = {} as Record<EndpointName, Item[]>;

const seg = (value: unknown) => encodeURIComponent(String(value));
const pages = (count: number, size: number) => Math.max(1, Math.ceil(count / size));
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const bySortThenId = (a: Item, b: Item) => (a.sort ?? 0) - (b.sort ?? 0) || String(a.id).localeCompare(String(b.id), 'en', { numeric: true });

/** Pages that do not depend on portal data (REFERENCE.md "Routes" route table; product ids of the spec's menus). */
const STATIC_ROUTES = [
  '/',
  ...['/change', '/claim', '/contact', '/contact/success', '/customer-fair', '/legal', '/mid', '/privacy', '/search'],
  ...['/service', '/service/success', '/eng', '/event_page/20220503', '/faq/service', '/sitemap'],
  ...['/fair', '/fair/concept', '/fair/contact', '/fair/friendly', '/fair/insurance', '/fair/language', '/fair/propagate'],
  ...['/about/profile', '/about/partner', '/about/recruit', '/about/recruit-business', '/about/public', '/about/public/stewardship'],
  '/about/responsibility',
  ...['climate', 'company', 'corporate', 'csr', 'environment', 'society'].map((child) => `/about/responsibility/${child}`),
  '/insurance/building',
  ...['personal', 'business', 'hot', 'policy'].map((category) => `/insurance/${category}`),
  ...[1, 3, 4, 7, 12, 13, 15, 28, 31, 101, 102, 103, 104, 107].map((id) => `/insurance/detail/${id}`),
];

/** Page routes the sample portal's data produces (REFERENCE.md "Routes"). */
function dataRoutes(): string[] {
  const routes: string[] = [];
  // The article sections of the registry (src/site/sections.ts).
  const sections = Object.values(ARTICLE_SECTIONS).map(
    (section) => [section.path, section.list as EndpointName, section.categories as EndpointName, section.hasDetail, section.pageSize] as const,
  );
  for (const [path, items, categories, hasDetail, pageSize] of sections) {
    const groups = [{ id: 'all', count: lists[items].length }].concat(
      lists[categories].map((c) => ({ id: String(c.id), count: lists[items].filter((i) => String(i.categoryId) === String(c.id)).length })),
    );
    for (const group of groups) for (const n of range(pages(group.count, pageSize))) routes.push(`/${path}/${seg(group.id)}/${n}`);
    if (hasDetail) for (const item of lists[items]) routes.push(`/${path}/detail/${seg(item.id)}`);
  }
  for (const n of range(pages(lists.coupons.length, COUPON_PAGE_SIZE))) routes.push(`/coupon/${n}`);
  for (const coupon of lists.coupons) routes.push(`/coupon/detail/${seg(coupon.id)}`);
  for (const n of range(pages(lists.videos.length, VIDEO_PAGE_SIZE))) routes.push(`/video/${n}`);
  for (const category of lists.faqCategories) routes.push(`/faq/${seg(category.id)}`);
  for (const area of lists.locationCategories) routes.push(`/about/locations/${seg(area.id)}`);
  for (const decree of lists.decrees) routes.push(`/about/decree/${seg(decree.id)}`);
  for (const category of lists.publicDisclosureCategories) routes.push(`/about/public/${seg(category.url)}`);
  // `/download/none` only when there is no download category: /download then leads there (REFERENCE.md "Redirects").
  if (lists.downloadCategories.length === 0) routes.push('/download/none');
  for (const category of lists.downloadCategories) {
    const items = lists.downloads.filter((item) => String(item.category) === String(category.id));
    if (items.length === 0) routes.push(`/download/${seg(category.id)}/none`);
    for (const item of items) {
      const files = (item.files as unknown[]).length;
      for (const n of range(pages(files, DOWNLOAD_PAGE_SIZE))) routes.push(`/download/${seg(category.id)}/${seg(item.id)}/${n}`);
    }
  }
  return routes;
}

/** The redirects written into dist/_redirects: [from, to]. */
function plannedRedirects(): [string, string][] {
  return readFileSync(`${dist}_redirects`, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(' ') as [string, string, string])
    .map(([from, to]) => [from, to]);
}

const get = (path: string) => fetch(`${nginx.url}${path}`, { redirect: 'manual' });

beforeAll(async () => {
  portal = await startSamplePortal({ port: 0 });
  const needed: EndpointName[] = [
    ...Object.values(ARTICLE_SECTIONS).flatMap((section) => [section.list, section.categories]),
    ...['coupons', 'videos', 'faqCategories', 'locationCategories', 'decrees'],
    ...['publicDisclosureCategories', 'downloadCategories', 'downloads'],
  ] as EndpointName[];
  for (const name of needed) {
    const result = await callPortal<Item[]>(ENDPOINTS[name], { base: portal.url });
    if (!result.cancelled) lists[name] = result.data;
  }
  nginx = await startNginx({ dist, portalUrl: portal.url });
}, 60_000);

afterAll(async () => {
  await nginx?.close();
  await portal?.close();
});

describe('pages', () => {
  it('answers 200 with zh-TW HTML on every route of REFERENCE.md "Routes" that the data produces', async () => {
    const failures: string[] = [];
    for (const route of [...STATIC_ROUTES, ...dataRoutes()]) {
      const response = await get(route);
      const body = await response.text();
      if (response.status !== 200 || !body.includes('lang="zh-Hant-TW"')) failures.push(`${route}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 404 with the spec texts on unknown paths and never serves host files', async () => {
    for (const path of ['/no/such/page', '/news/all/999', '/news/detail/no-such-id', '/nginx.conf', '/_redirects']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const body = await response.text();
      expect(body).toContain('Oops');
      expect(body).toContain('This page could not be found');
    }
  });

  it('publishes no /download/none while download categories exist (/download leads to the first one)', async () => {
    expect(lists.downloadCategories.length, 'the sample portal has download categories').toBeGreaterThan(0);
    expect((await get('/download/none')).status).toBe(404);
    expect(readFileSync(`${dist}sitemap-0.xml`, 'utf8')).not.toContain('/download/none<');
  });

  it('sends paths with a trailing slash to the path without it', async () => {
    const response = await get('/news/all/1/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/news/all/1');
  });

  it('sends every redirect source with a trailing slash to its final target in one 301', async () => {
    const news = await get('/news/');
    expect(news.status).toBe(301);
    expect(news.headers.get('location')).toBe('/news/all/1');
    const sources = plannedRedirects().filter(([from]) => !from.endsWith('/'));
    expect(sources.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const [from, to] of sources) {
      const response = await get(`${from}/`);
      if (response.status !== 301 || response.headers.get('location') !== to) {
        failures.push(`${from}/: ${response.status} → ${response.headers.get('location')}, expected 301 → ${to}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("passes the browser's calls under /api/ to the portal, and no list the build reads", async () => {
    const response = await get(`${ENDPOINTS.holidays.path}?year=2026`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { code: number }).code).toBe(20000);
    expect((await get(ENDPOINTS.homeBanners.path)).status).toBe(404);
  });
});

/** GET with explicit request headers and the raw (undecoded) body: fetch() would decompress it. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${nginx.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('compression', () => {
  // The largest script of the build (React's client), where the best-level gzip copy saves the most.
  const largest = () =>
    readdirSync(`${dist}_astro`)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => statSync(`${dist}_astro/${b}`).size - statSync(`${dist}_astro/${a}`).size)[0];

  it('serves the gzip copy written at build time to a browser that accepts gzip, and the file to one that does not', async () => {
    const name = largest();
    const original = readFileSync(`${dist}_astro/${name}`);
    const copy = readFileSync(`${dist}_astro/${name}.gz`);
    expect(gunzipSync(copy).equals(original)).toBe(true);

    // A browser that takes gzip but not brotli (the brotli copy, where nginx has the module, is the next test's).
    const zipped = await rawGet(`/_astro/${name}`, { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toMatch(/immutable/);
    expect(zipped.body.equals(copy)).toBe(true);

    const plain = await rawGet(`/_astro/${name}`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it("serves the pages' gzip and brotli copies written at build time (src/integrations/precompress.ts)", async () => {
    const page = await rawGet('/news/all/1', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.body.equals(readFileSync(`${dist}news/all/1/index.html.gz`))).toBe(true);
    expect(gunzipSync(page.body).toString('utf8')).toContain('lang="zh-Hant-TW"');
    const brotli = await rawGet('/news/all/1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.equals(readFileSync(`${dist}news/all/1/index.html.br`))).toBe(true);
  });
});

describe('redirects', () => {
  it('covers every rule of REFERENCE.md "Routes" with the sample data', () => {
    const plan = new Map(plannedRedirects());
    const first = (name: EndpointName) => [...lists[name]].sort(bySortThenId)[0];
    const firstDownloadCategory = first('downloadCategories');
    const firstDownload = lists.downloads.filter((item) => String(item.category) === String(firstDownloadCategory.id)).sort(bySortThenId)[0];
    const expected: [string, string][] = [
      ['/coupon', '/coupon/1'],
      ['/video', '/video/1'],
      ['/insurance', '/insurance/personal'],
      ['/about/decree', `/about/decree/${seg(first('decrees').id)}`],
      ['/about/locations', `/about/locations/${seg(first('locationCategories').id)}`],
      ['/faq', `/faq/${seg(first('faqCategories').id)}`],
      ['/download', `/download/${seg(firstDownloadCategory.id)}/${seg(firstDownload.id)}/1`],
    ];
    for (const section of ['news', 'event', 'share', 'winner']) {
      expected.push([`/${section}`, `/${section}/all/1`], [`/${section}/all`, `/${section}/all/1`]);
    }
    for (const category of lists.newsCategories) expected.push([`/news/${seg(category.id)}`, `/news/${seg(category.id)}/1`]);
    for (const category of lists.downloadCategories) {
      const items = lists.downloads.filter((item) => String(item.category) === String(category.id)).sort(bySortThenId);
      expected.push([
        `/download/${seg(category.id)}`,
        items[0] ? `/download/${seg(category.id)}/${seg(items[0].id)}/1` : `/download/${seg(category.id)}/none`,
      ]);
      for (const item of items) expected.push([`/download/${seg(category.id)}/${seg(item.id)}`, `/download/${seg(category.id)}/${seg(item.id)}/1`]);
    }
    for (const [from, to] of expected) expect(plan.get(from), from).toBe(to);
  });
});
