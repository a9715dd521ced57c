/**
 * The build's image step (src/integrations/images.ts) against a real HTTP server on loopback serving photographs as
 * editors upload them (scripts/sample-portal/photos.mjs) and the hostile corpus's images
 * (scripts/sample-portal/content/hostile-uploads.mjs):
 * - variants in AVIF, WebP and JPEG/PNG at the slots' widths, never wider than the source, with real sizes;
 * - a no-change rebuild makes nothing (a conditional request answered 304), a changed image is made again;
 * - a corrupt file, a 404, a decompression bomb become `failed` with a zh-TW reason; an SVG stays a vector;
 * - a body that breaks off or outlasts the download limit, and a source whose variants outlast the transform's time
 *   limit (a 2 KB AVIF declaring 6320×6320 px), are each one failed image: the other images of the build are made;
 * - over the budget, an image is left for a later build (absent from the manifest), newest items first;
 * - the variants are published into `_images/` and the unused ones removed;
 * - pages get `<picture>` sources, the portal's URL or a placeholder (src/lib/images.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUses, type ImageUse } from '../../src/integrations/images/discovery';
import { prepareImages, publishImages } from '../../src/integrations/images';
import { variantWidths } from '../../src/integrations/images/variants';
import { portalPicture, shareImage } from '../../src/lib/images';
import { IMAGE_CHECK_CONCURRENCY, IMAGE_SLOTS, type ImageManifest } from '../../src/site/images';
import { encodePhoto } from '../../scripts/sample-portal/photos.mjs';
import { HOSTILE_UPLOADS } from '../../scripts/sample-portal/content/hostile-uploads.mjs';

/** Files the test server answers: path → bytes and type; requests counted per path. */
const files = new Map<string, { body: Buffer; type: string }>();
/** Paths whose answer sends its headers and half its body, then drops the connection. */
const DROPPED = 'images/news/dropped.jpg';
/** Paths whose answer sends its headers and a first part, then nothing more (a camera original on a slow link). */
const STALLED = 'images/news/stalled.jpg';
/** Paths whose connection is reset before any answer, while the base answers for the other images. */
const RESET = 'images/news/reset.jpg';
/** A 2 KB AVIF with alpha declaring 6320×6320 px: under IMAGE_MAX_INPUT_PIXELS, seconds to decode each time. */
const HUGE_AVIF = 'images/news/huge.avif';
const requests = new Map<string, number>();
let server: http.Server;
let base: string;
const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), `${prefix}-`));
  folders.push(made);
  return made;
};

beforeAll(async () => {
  files.set('images/banner/1.jpg', { body: await encodePhoto('banner 1', 'banner'), type: 'image/jpeg' });
  files.set('images/news/1.jpg', { body: await encodePhoto('news 1', 'cover'), type: 'image/jpeg' });
  files.set('images/coupon/1.png', { body: await encodePhoto('coupon 1', 'coupon'), type: 'image/png' });
  files.set(DROPPED, { body: await encodePhoto('news dropped', 'cover'), type: 'image/jpeg' });
  files.set(STALLED, { body: await encodePhoto('news stalled', 'cover'), type: 'image/jpeg' });
  const huge = { width: 6320, height: 6320, channels: 4 as const, background: { r: 10, g: 20, b: 30, alpha: 0.5 } };
  files.set(HUGE_AVIF, { body: await sharp({ create: huge }).avif({ quality: 30, effort: 0 }).toBuffer(), type: 'image/avif' });
  for (const name of ['corrupt.jpg', 'bomb.png', 'script.svg']) {
    const upload = HOSTILE_UPLOADS.get(`hostile/${name}`)!;
    files.set(`hostile/${name}`, { body: Buffer.from(upload.body), type: upload.headers['Content-Type'] });
  }
  server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').slice(1));
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (path === RESET) {
      req.socket.destroy();
      return;
    }
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":40400}');
      return;
    }
    const etag = `"${createHash('sha1').update(file.body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': file.type, ETag: etag, 'Content-Length': file.body.length });
    if (path === DROPPED) {
      res.write(file.body.subarray(0, file.body.length >> 1), () => res.destroy());
      return;
    }
    if (path === STALLED) {
      res.write(file.body.subarray(0, 1024));
      return;
    }
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}, 60_000);

afterAll(() => {
  server?.closeAllConnections();
  server?.close();
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

const use = (path: string, extra: Partial<ImageUse> = {}): ImageUse => ({
  path,
  slots: ['card', 'cover'],
  share: true,
  list: 'news',
  itemId: path,
  field: 'image',
  ...extra,
});

describe('which images a build makes, and in which order', () => {
  it('collects each image once from the lists that show images, banners first, then newest items first', () => {
    const uses = imageUses([
      {
        list: 'news',
        entries: [
          { id: '1', data: { image: 'images/a.jpg', date: '2026-01-01' } },
          { id: '2', data: { image: 'images/b.jpg', date: '2026-03-01' } },
        ],
      },
      { list: 'coupons', entries: [{ id: '9', data: { image: 'images/a.jpg', date: '2026-02-01' } }] },
      { list: 'homeBanners', entries: [{ id: '5', data: { image: 'images/banner.jpg', mobileImage: 'images/banner-m.jpg' } }] },
      { list: 'decrees', entries: [{ id: '3', data: { image: 'images/never.jpg' } }] },
    ] as never);
    expect(uses.map((entry) => entry.path)).toEqual(['images/banner.jpg', 'images/banner-m.jpg', 'images/b.jpg', 'images/a.jpg']);
    expect(uses.find((entry) => entry.path === 'images/a.jpg')!.slots).toEqual(['card', 'cover', 'coupon', 'couponDetail']);
  });

  it.each([
    [1920, ['banner'], [768, 1440, 1920]],
    [1200, ['cover'], [800, 1200]],
    [640, ['cover'], [640]],
    [600, ['card'], [400, 600]],
    [300, ['card'], [300]],
  ] as const)('a source %i px wide in %j gets the widths %j (never wider than the source)', (width, slots, widths) => {
    expect(variantWidths(width, slots)).toEqual(widths);
  });
});

describe('prepareImages', () => {
  it('makes AVIF, WebP and JPEG variants of a photograph with its real size, and a 1200×630 share image', async () => {
    const cacheDir = folder('images-cache');
    const { manifest, report } = await prepareImages({ uses: [use('images/news/1.jpg')], sourceBase: base, cacheDir, budgetMs: 60_000 });
    const entry = manifest['images/news/1.jpg'];
    expect(report).toMatchObject({ total: 1, made: 1, cached: 0, pending: 0, failed: [] });
    expect(entry?.status).toBe('ready');
    if (entry?.status !== 'ready') return;
    expect([entry.width, entry.height, entry.fallback]).toEqual([1200, 800, 'jpeg']);
    expect(entry.variants.avif.map((variant) => variant.width)).toEqual([400, 800, 1200]);
    for (const [format, variants] of [
      ['avif', entry.variants.avif],
      ['webp', entry.variants.webp],
      ['jpeg', entry.variants.fallback],
    ] as const) {
      for (const variant of variants) {
        const meta = await sharp(join(cacheDir, 'files', variant.file)).metadata();
        expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([format, variant.width, variant.height]);
      }
    }
    const share = await sharp(join(cacheDir, 'files', entry.share!.file)).metadata();
    expect([share.format, share.width, share.height]).toEqual(['jpeg', 1200, 630]);
  }, 60_000);

  it('keeps transparency: a PNG with alpha falls back to PNG', async () => {
    const { manifest } = await prepareImages({
      uses: [use('images/coupon/1.png', { slots: ['coupon'], share: false, list: 'coupons' })],
      sourceBase: base,
      cacheDir: folder('images-cache'),
      budgetMs: 60_000,
    });
    const entry = manifest['images/coupon/1.png'];
    expect(entry?.status === 'ready' && entry.fallback).toBe('png');
  }, 60_000);

  it('a no-change rebuild makes nothing (answered 304), a changed image is made again', async () => {
    const cacheDir = folder('images-cache');
    const uses = [use('images/banner/1.jpg', { slots: ['banner'], share: false, list: 'homeBanners' })];
    const first = await prepareImages({ uses, sourceBase: base, cacheDir, budgetMs: 60_000 });
    expect(first.report.made).toBe(1);
    const again = await prepareImages({ uses, sourceBase: base, cacheDir, budgetMs: 60_000 });
    expect(again.report).toMatchObject({ made: 0, cached: 1 });
    expect(again.manifest).toEqual(first.manifest);
    const original = files.get('images/banner/1.jpg')!;
    files.set('images/banner/1.jpg', { body: await encodePhoto('banner 1 replaced', 'banner'), type: 'image/jpeg' });
    try {
      const changed = await prepareImages({ uses, sourceBase: base, cacheDir, budgetMs: 60_000 });
      expect(changed.report).toMatchObject({ made: 1, cached: 0 });
      expect(changed.manifest).not.toEqual(first.manifest);
      // The replaced image's variants leave the cache.
      const kept = readdirSync(join(cacheDir, 'files'));
      const old = first.manifest['images/banner/1.jpg'];
      expect(old?.status === 'ready' && kept.includes(old.variants.avif[0].file)).toBe(false);
    } finally {
      files.set('images/banner/1.jpg', original);
    }
  }, 120_000);

  it('gives the same manifest, keys in the same order, whichever image finished first and whichever order the lists gave (it keys every page)', async () => {
    const cacheDir = folder('images-cache');
    // The banner takes longest to encode and the corrupt file fails at once, so with two workers the second use
    // finishes first; a rebuild answered 304 finishes in yet another order. A first build's lists, fetched from the
    // portal, can give items of the same date in another order than the rebuild's, read from the data store.
    const banner = use('images/banner/1.jpg', { slots: ['banner'], share: false, list: 'homeBanners' });
    const first = await prepareImages({ uses: [use('hostile/corrupt.jpg'), banner], sourceBase: base, cacheDir, budgetMs: 60_000 });
    expect(Object.keys(first.manifest)).toEqual(['hostile/corrupt.jpg', 'images/banner/1.jpg']);
    const again = await prepareImages({ uses: [banner, use('hostile/corrupt.jpg')], sourceBase: base, cacheDir, budgetMs: 60_000 });
    expect(again.report.made).toBe(0);
    expect(JSON.stringify(again.manifest)).toBe(JSON.stringify(first.manifest));
  }, 120_000);

  it('a corrupt file, a missing one and a decompression bomb fail with their reason; an SVG stays a vector drawing', async () => {
    const uses = ['hostile/corrupt.jpg', 'hostile/missing.jpg', 'hostile/bomb.png', 'hostile/script.svg'].map((path) => use(path));
    const { manifest, report } = await prepareImages({ uses, sourceBase: base, cacheDir: folder('images-cache'), budgetMs: 60_000 });
    expect(manifest['hostile/script.svg']).toEqual({ status: 'vector' });
    expect(report.failed.map(({ path, reasonZh }) => [path, reasonZh])).toEqual([
      ['hostile/corrupt.jpg', expect.stringMatching(/圖片/)],
      ['hostile/missing.jpg', '圖片無法下載（HTTP 404）'],
      ['hostile/bomb.png', expect.stringMatching(/像素過多（30000×30000/)],
    ]);
    for (const failure of report.failed) expect(failure).toMatchObject({ list: 'news', field: 'image' });
  }, 60_000);

  it('a body that breaks off midway or outlasts the download limit is one failed image, named with its item; the others are made', async () => {
    const uses = [use(DROPPED, { itemId: '41' }), use(STALLED, { itemId: '42' }), use('images/news/1.jpg', { itemId: '43' })];
    // The download limit of the build (IMAGE_FETCH_TIMEOUT_MS, 20 s), shortened for the test through the fetch.
    const shortLimit: typeof fetch = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(1_500) });
    const { manifest, report } = await prepareImages({
      uses,
      sourceBase: base,
      cacheDir: folder('images-cache'),
      budgetMs: 60_000,
      fetch: shortLimit,
    });
    expect(report.failed.map(({ itemId, path, reasonZh }) => [itemId, path, reasonZh])).toEqual([
      ['41', DROPPED, '圖片下載中斷，未完整收到'],
      ['42', STALLED, expect.stringMatching(/^圖片下載逾時/)],
    ]);
    expect(manifest[DROPPED]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/broke off after \d+ bytes/) });
    expect(manifest[STALLED]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/not received within/) });
    expect(manifest['images/news/1.jpg']?.status).toBe('ready');
  }, 60_000);

  it('an image whose connection breaks before any answer, while the base answers for the others, is one failed image with the placeholder', async () => {
    const { manifest, report } = await prepareImages({
      uses: [use(RESET, { itemId: '44' }), use('images/news/1.jpg', { itemId: '43' })],
      sourceBase: base,
      cacheDir: folder('images-cache'),
      budgetMs: 60_000,
    });
    expect(report.unreachable).toEqual([]);
    expect(report.failed.map(({ itemId, path, reasonZh }) => [itemId, path, reasonZh])).toEqual([['44', RESET, '圖片下載中斷或逾時，無法取得']]);
    expect(manifest[RESET]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/download failed/) });
    expect(manifest['images/news/1.jpg']?.status).toBe('ready');
  }, 60_000);

  it('a source whose variants outlast the transform time limit fails with its size and the limit', async () => {
    const uses = [use(HUGE_AVIF, { itemId: '44' })];
    const { manifest, report } = await prepareImages({
      uses,
      sourceBase: base,
      cacheDir: folder('images-cache'),
      budgetMs: 600_000,
      transformTimeoutMs: 1_000,
    });
    expect(report.failed.map(({ itemId, reasonZh }) => [itemId, reasonZh])).toEqual([['44', '圖片轉換逾時（6320×6320，超過 1 秒）']]);
    expect(manifest[HUGE_AVIF]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/longer than 1000 ms/) });
    // Unlimited, its ten variants (three widths × three encodings and the share image) decode it ten times (25 s
    // here, 64 s under load) and then gives it as ready; no timing is asserted.
  }, 120_000);

  it('an image base that does not answer leaves the pages with the portal URL (not a placeholder) and says so', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { manifest, report } = await prepareImages({
      uses: [use('images/news/1.jpg')],
      sourceBase: `http://127.0.0.1:${port}/`,
      cacheDir: folder('images-cache'),
      budgetMs: 60_000,
    });
    expect(manifest).toEqual({});
    expect(report.failed).toEqual([]);
    expect(report.unreachable).toEqual([{ path: 'images/news/1.jpg', reason: expect.stringMatching(/download failed/) }]);
  });

  it('checks IMAGE_CHECK_CONCURRENCY images at once: the round trips to a remote portal do not add up image by image', async () => {
    let inFlight = 0;
    let most = 0;
    const slowPortal: typeof fetch = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return new Response('gone', { status: 404 });
    };
    const uses = Array.from({ length: IMAGE_CHECK_CONCURRENCY * 3 }, (_, index) => use(`images/news/${index}.jpg`));
    const { report } = await prepareImages({ uses, sourceBase: base, cacheDir: folder('images-cache'), budgetMs: 60_000, fetch: slowPortal });
    expect(report.failed).toHaveLength(uses.length);
    expect(most, 'checks in flight at once').toBe(IMAGE_CHECK_CONCURRENCY);
  });

  it('over its budget, a build leaves the rest for later: absent from the manifest, pages show the portal image', async () => {
    const uses = [use('images/news/1.jpg'), use('images/coupon/1.png', { slots: ['coupon'] })];
    const { manifest, report } = await prepareImages({ uses, sourceBase: base, cacheDir: folder('images-cache'), budgetMs: 0 });
    expect(manifest).toEqual({});
    expect(report).toMatchObject({ made: 0, pending: 2 });
  });
});

describe('publishImages', () => {
  it('puts the manifest files into _images/ and removes those no page uses', async () => {
    const cacheDir = folder('images-cache');
    const root = folder('site');
    const { manifest } = await prepareImages({ uses: [use('images/news/1.jpg')], sourceBase: base, cacheDir, budgetMs: 60_000 });
    const first = await publishImages(root, manifest, cacheDir);
    const entry = manifest['images/news/1.jpg'];
    if (entry?.status !== 'ready') throw new Error('not ready');
    expect(first.added).toBe(entry.variants.avif.length * 3 + 1);
    expect(existsSync(join(root, '_images', entry.variants.webp[0].file))).toBe(true);
    const second = await publishImages(root, {}, cacheDir);
    expect(second.removed).toBe(first.added);
    expect(readdirSync(join(root, '_images'))).toEqual([]);
  }, 60_000);
});

describe('what a page writes (src/lib/images.ts)', () => {
  const ready: ImageManifest = {
    'images/a.jpg': {
      status: 'ready',
      width: 1200,
      height: 800,
      fallback: 'jpeg',
      variants: {
        avif: [
          { width: 400, height: 267, file: 'k-400.avif', bytes: 1 },
          { width: 800, height: 533, file: 'k-800.avif', bytes: 1 },
        ],
        webp: [
          { width: 400, height: 267, file: 'k-400.webp', bytes: 1 },
          { width: 800, height: 533, file: 'k-800.webp', bytes: 1 },
        ],
        fallback: [
          { width: 400, height: 267, file: 'k-400.jpg', bytes: 1 },
          { width: 800, height: 533, file: 'k-800.jpg', bytes: 1 },
        ],
      },
      share: { width: 1200, height: 630, file: 'k-share.jpg', bytes: 1 },
    },
    'images/bad.jpg': { status: 'failed', reason: 'HTTP 404', reasonZh: '圖片無法下載（HTTP 404）' },
    'images/drawing.svg': { status: 'vector' },
  };

  it('offers AVIF, then WebP, then the fallback, each with the slot sizes and the real ratio', () => {
    const picture = portalPicture('images/a.jpg', 'card', { manifest: ready });
    expect(picture.kind).toBe('variants');
    if (picture.kind !== 'variants') return;
    expect(picture.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(picture.sources[0]).toMatchObject({
      srcset: '/_images/k-400.avif 400w, /_images/k-800.avif 800w',
      sizes: IMAGE_SLOTS.card.sizes,
      width: 800,
      height: 533,
    });
    expect(picture.fallback.srcset).toBe('/_images/k-400.jpg 400w, /_images/k-800.jpg 800w');
  });

  it('shows the portal URL for an image not made yet or a vector, and a placeholder for a failed one', () => {
    expect(portalPicture('images/new.jpg', 'cover', { manifest: ready, imageBase: '/upload/' })).toMatchObject({
      kind: 'original',
      src: '/upload/images/new.jpg',
    });
    expect(portalPicture('images/drawing.svg', 'cover', { manifest: ready, imageBase: '/upload/' })).toMatchObject({
      kind: 'original',
      src: '/upload/images/drawing.svg',
    });
    expect(portalPicture('images/bad.jpg', 'cover', { manifest: ready })).toMatchObject({ kind: 'placeholder' });
  });

  it('announces the share crop, and nothing for an SVG or a failed image (the page then uses the default)', () => {
    expect(shareImage('images/a.jpg', ready)).toEqual({ path: '/_images/k-share.jpg', width: 1200, height: 630 });
    expect(shareImage('images/drawing.svg', ready)).toBeUndefined();
    expect(shareImage('images/bad.jpg', ready)).toBeUndefined();
    expect(shareImage(undefined, ready)).toBeUndefined();
  });
});
