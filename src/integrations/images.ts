/**
 * The build's image step (REFERENCE.md "Browser side": "Images"): every portal image a page shows is downloaded once from the portal's
 * image base, decoded with sharp and written as variants (the widths of its slots, src/site/images.ts, never wider
 * than the source; AVIF, WebP and a JPEG or PNG fallback; a 1200×630 JPEG share image for covers), named by the hash
 * of the source and the encodings. Pages then offer them with `<picture>`/`srcset` (src/lib/images.ts) and never
 * hot-link a full-size upload.
 *
 * Why sharp directly and not Astro's `astro:assets` (`getImage`, `<Picture>` with `image.remotePatterns`): Astro
 * keys its remote-image cache by URL, and the build's portal URL changes with every sample-portal port; it fails the
 * build on an image it cannot fetch or decode (a bad upload must never stop a publish, REFERENCE.md "Publishing rules"); and it has no
 * time budget (a first build at 10,000 items would spend many minutes on images before publishing anything).
 *
 * Steps (the pipeline, src/integrations/pipeline.ts, runs them):
 * - `astro:build:start` (after the portal lists have loaded, before any page renders): imageUses collects the images
 *   of the staged lists, newest first; prepareImages checks each against the cache (a conditional request: ETag or
 *   Last-Modified, else the content's digest), transforms the new and changed ones within IMAGE_BUDGET_SECONDS, and
 *   returns the manifest pages read (through the virtual module `virtual:insurer/images`, imageManifestPlugin);
 * - `astro:build:done`: publishImages links the manifest's files into `dist/_images/` and removes the ones no page
 *   uses any more.
 *
 * What a page shows for an image (src/lib/images.ts): its variants when `ready`; the portal's own URL when the image
 * is not in the manifest (over budget: a later build makes its variants, newest pages first; or the build got no
 * answer from the image base, which visitors may still reach) or is a vector drawing
 * (an SVG is only ever an `<img>`, never inlined or rasterised); a neutral placeholder with its alt text when it
 * `failed` (it could not be downloaded, is no image, or has more pixels than IMAGE_MAX_INPUT_PIXELS), which the
 * publish report names with its list, item and field.
 *
 * The image base the build downloads from (PORTAL_IMAGE_BASE, default PUBLIC_IMAGE_BASE on PORTAL_API_BASE) is an
 * assumption beyond REFERENCE.md "Portal API": where it does not answer, the step warns and the pages show the portal's URLs as before.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import pLimit from 'p-limit';
// Imported with the config: Astro's config loader closes its module runner before the build, so a later
// dynamic import() from here would fail.
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ListRecord } from '../portal/snapshots';
import { ARTICLE_SECTIONS } from '../site/sections';
import {
  IMAGE_CHECK_CONCURRENCY,
  IMAGE_ENCODINGS,
  type ImageEntry,
  type ImageManifest,
  type ImageVariant,
  IMAGE_FETCH_TIMEOUT_MS,
  IMAGE_MAX_INPUT_PIXELS,
  IMAGE_MAX_SOURCE_BYTES,
  IMAGE_OUTPUT_FOLDER,
  IMAGE_SLOTS,
  IMAGE_TRANSFORM_TIMEOUT_MS,
  SHARE_IMAGE,
  type ImageSlotName,
} from '../site/images';

/** Where one portal list shows images: the item field and the slots it fills (src/site/images.ts). */
interface ImageField {
  list: string;
  field: string;
  slots: ImageSlotName[];
  /** Whether the image is the page's share image (og:image) too. */
  share: boolean;
}

/** The lists and fields whose images pages show (the components of src/components and src/layouts that use them). */
export const IMAGE_FIELDS: readonly ImageField[] = [
  { list: 'homeBanners', field: 'image', slots: ['banner'], share: false },
  { list: 'homeBanners', field: 'mobileImage', slots: ['bannerMobile'], share: false },
  // The article sections' items (src/site/sections.ts): card and cover.
  ...Object.values(ARTICLE_SECTIONS).map(({ list }) => ({ list, field: 'image', slots: ['card', 'cover'] as ImageSlotName[], share: true })),
  { list: 'coupons', field: 'image', slots: ['coupon', 'couponDetail'], share: true },
];

/** One image the pages show: its path, the slots it fills and the first item that shows it. */
export interface ImageUse {
  /** The path under the image base, as the schema checked it (`images/news/1.jpg`). */
  path: string;
  slots: ImageSlotName[];
  share: boolean;
  list: string;
  itemId: string;
  field: string;
  /** The item's date (ISO), for the order: newest first; undefined for banners, which come first (home's LCP). */
  date?: string;
}

/**
 * The images of this build's lists, each once, in the order they are made: banners first (the home page's largest
 * paint), then by the item's date, newest first.
 * @param records the staged list records (src/portal/snapshots.ts readStagedLists)
 */
export function imageUses(records: readonly Pick<ListRecord, 'list' | 'entries'>[]): ImageUse[] {
  const byPath = new Map<string, ImageUse>();
  for (const { list, field, slots, share } of IMAGE_FIELDS) {
    const record = records.find((candidate) => candidate.list === list);
    for (const entry of record?.entries ?? []) {
      const data = entry.data as Record<string, unknown>;
      const path = data[field];
      if (typeof path !== 'string' || path === '') continue;
      const date = data.date instanceof Date ? data.date.toISOString() : typeof data.date === 'string' ? data.date : undefined;
      const known = byPath.get(path);
      if (known) {
        known.slots = [...new Set([...known.slots, ...slots])];
        known.share ||= share;
        if (date && (!known.date || date > known.date)) known.date = date;
      } else {
        byPath.set(path, { path, slots: [...slots], share, list, itemId: entry.id, field, date });
      }
    }
  }
  return [...byPath.values()].sort((a, b) =>
    a.date === b.date ? 0 : a.date === undefined ? -1 : b.date === undefined ? 1 : a.date < b.date ? 1 : -1,
  );
}

/** The variant widths for a source `width` px wide used in `slots`: theirs up to the source's, else the source's own. */
export function variantWidths(width: number, slots: readonly ImageSlotName[]): number[] {
  const wanted = [...new Set(slots.flatMap((slot): readonly number[] => IMAGE_SLOTS[slot].widths))].sort((a, b) => a - b);
  const fitting = wanted.filter((candidate) => candidate <= width);
  // A source narrower than a slot's widest variant is offered at its own width too.
  if (fitting.length === 0 || (fitting.at(-1)! < width && wanted.at(-1)! > width)) fitting.push(width);
  return fitting;
}

/** Bump when the making of variants changes, so the cache makes them again. */
const IMAGE_STEP_VERSION = 1;

/** The cache's record of one source. */
interface CachedSource {
  etag?: string;
  lastModified?: string;
  /** SHA-256 (hex) of the source's bytes. */
  digest: string;
  entry: ImageEntry;
}

/** The cache's index file: path → record. */
interface CacheIndex {
  version: number;
  sources: Record<string, CachedSource>;
}

/** The cache's index file name and its variants folder, inside the image cache folder. */
const INDEX_FILE = 'index.json';
const FILES_FOLDER = 'files';

/** What a download found. */
type Download =
  | { kind: 'unchanged' }
  | { kind: 'bytes'; bytes: Buffer; etag?: string; lastModified?: string }
  | { kind: 'failed'; reason: string; reasonZh: string }
  /** No answer at all (network error, time-out): the image may well be there for visitors. */
  | { kind: 'unreachable'; reason: string };

/** HTTP statuses that redirect (Fetch standard's redirect statuses). */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Redirects within the image base's origin a download follows (a CDN's or portal's own move of a file). */
const IMAGE_MAX_REDIRECTS = 3;

/**
 * Fetches `url` following a redirect only when it stays on the origin of `url` (at most IMAGE_MAX_REDIRECTS): a
 * redirect to another host is never requested (that host would learn of the build and could answer anything), and
 * its 3xx answer is returned for the caller to refuse. In Node a manual redirect arrives as its 3xx with Location.
 * @returns the first answer that is not a redirect within the origin
 */
async function fetchWithinOrigin(url: string, init: RequestInit, fetchImpl: typeof fetch): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  for (let followed = 0; ; followed += 1) {
    const response = await fetchImpl(current, { ...init, redirect: 'manual' });
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
    const target = location === null ? undefined : URL.parse(location, current);
    if (!target || target.origin !== origin || followed >= IMAGE_MAX_REDIRECTS) return response;
    await response.body?.cancel();
    current = target.href;
  }
}

/**
 * Downloads one source, asking only for a change when the cache knows it (If-None-Match / If-Modified-Since).
 * @param url the source's URL
 * @param cached the cache's record of it, if any
 * @returns `unchanged` on 304; the bytes (at most IMAGE_MAX_SOURCE_BYTES); why the answer cannot be used, in English
 *   and zh-TW (`failed`: an HTTP error, another host, too large); or `unreachable` (no answer)
 */
export async function downloadImage(url: string, cached: CachedSource | undefined, fetchImpl: typeof fetch = fetch): Promise<Download> {
  const headers: Record<string, string> = {};
  if (cached?.etag) headers['If-None-Match'] = cached.etag;
  else if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
  let response: Response;
  try {
    response = await fetchWithinOrigin(url, { headers, signal: AbortSignal.timeout(IMAGE_FETCH_TIMEOUT_MS) }, fetchImpl);
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      kind: 'unreachable',
      reason: timedOut ? `no answer within ${IMAGE_FETCH_TIMEOUT_MS} ms` : `download failed: ${(error as Error).message}`,
    };
  }
  const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
  if (location !== null || new URL(response.url || url).origin !== new URL(url).origin) {
    await response.body?.cancel();
    const host = location !== null ? (URL.parse(location, url)?.host ?? location) : new URL(response.url).host;
    if (host === new URL(url).host) {
      return { kind: 'failed', reason: `more than ${IMAGE_MAX_REDIRECTS} redirects`, reasonZh: '圖片網址轉址過多，無法下載' };
    }
    return { kind: 'failed', reason: `answered from another host (${host})`, reasonZh: '圖片由其他網站回應，未採用' };
  }
  if (response.status === 304 && cached) return { kind: 'unchanged' };
  if (!response.ok) {
    await response.body?.cancel();
    return { kind: 'failed', reason: `HTTP ${response.status}`, reasonZh: `圖片無法下載（HTTP ${response.status}）` };
  }
  const body = await readBody(response);
  if (body.kind === 'failed') return body;
  return {
    kind: 'bytes',
    bytes: body.bytes,
    etag: response.headers.get('etag') ?? undefined,
    lastModified: response.headers.get('last-modified') ?? undefined,
  };
}

/**
 * Reads an answer's body, at most IMAGE_MAX_SOURCE_BYTES. A body that breaks off (the connection dropped midway:
 * undici's "terminated") or outlasts the download's time limit (the fetch's signal: "aborted due to timeout") is
 * one bad image, never the build's failure: `failed`, which shows the placeholder and names the image in the publish
 * report (REFERENCE.md "Publishing rules": a bad upload never stops a publish); a later build tries it again (failed images are not cached).
 * @returns the bytes, or why they cannot be used (English and zh-TW)
 */
async function readBody(response: Response): Promise<{ kind: 'body'; bytes: Buffer } | Extract<Download, { kind: 'failed' }>> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > IMAGE_MAX_SOURCE_BYTES) {
        await response.body?.cancel().catch(() => undefined);
        return {
          kind: 'failed',
          reason: `larger than ${IMAGE_MAX_SOURCE_BYTES} bytes`,
          reasonZh: `圖片檔案過大（超過 ${Math.round(IMAGE_MAX_SOURCE_BYTES / 1024 / 1024)} MB）`,
        };
      }
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return timedOut
      ? {
          kind: 'failed',
          reason: `body not received within ${IMAGE_FETCH_TIMEOUT_MS} ms (${total} bytes by then)`,
          reasonZh: `圖片下載逾時（${IMAGE_FETCH_TIMEOUT_MS / 1000} 秒內未傳完）`,
        }
      : {
          kind: 'failed',
          reason: `download broke off after ${total} bytes (${(error as Error).message})`,
          reasonZh: '圖片下載中斷，未完整收到',
        };
  }
  return { kind: 'body', bytes: Buffer.concat(chunks) };
}

/**
 * Makes the variants of one source into `filesDir`.
 * @param bytes the source's bytes
 * @param digest SHA-256 of the bytes (names the files, with the encodings)
 * @param use where the image is shown (its slots; whether it is a share image)
 * @param timeoutMs time limit of the whole transform, in ms (IMAGE_TRANSFORM_TIMEOUT_MS): each sharp pipeline gets
 *   sharp's `timeout` of what is left (whole seconds, at least 1), none starts after it
 * @returns the entry: `ready` with its variants, `vector` for an SVG, `failed` when sharp cannot read it, it has
 *   more than IMAGE_MAX_INPUT_PIXELS pixels or its variants take longer than `timeoutMs`
 */
export async function makeVariants(
  bytes: Buffer,
  digest: string,
  use: Pick<ImageUse, 'slots' | 'share'>,
  filesDir: string,
  timeoutMs: number = IMAGE_TRANSFORM_TIMEOUT_MS,
): Promise<ImageEntry> {
  const deadline = performance.now() + timeoutMs;
  // sharp stops a pipeline past its timeout (whole seconds); a pipeline is not started once the time is spent.
  const limited = (pipeline: Sharp): Sharp => {
    const left = deadline - performance.now();
    if (left <= 0) throw new Error('time limit spent');
    return pipeline.timeout({ seconds: Math.max(1, Math.ceil(left / 1000)) });
  };
  const input = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch (error) {
    return { status: 'failed', reason: `not an image sharp can read (${(error as Error).message})`, reasonZh: '檔案不是可讀取的圖片' };
  }
  if (meta.format === 'svg') return { status: 'vector' };
  const pageHeight = meta.pageHeight ?? meta.height ?? 0;
  const pixels = (meta.width ?? 0) * pageHeight;
  if (!meta.width || !pageHeight) return { status: 'failed', reason: 'an image without a size', reasonZh: '圖片沒有尺寸資訊' };
  if (pixels > IMAGE_MAX_INPUT_PIXELS) {
    return {
      status: 'failed',
      reason: `${meta.width}×${pageHeight} px is more than ${IMAGE_MAX_INPUT_PIXELS} pixels`,
      reasonZh: `圖片像素過多（${meta.width}×${pageHeight}，上限 ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} 百萬像素）`,
    };
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? pageHeight : meta.width;
  const height = turned ? meta.width : pageHeight;
  const fallback = meta.hasAlpha ? 'png' : 'jpeg';
  const key = createHash('sha256')
    .update(`${IMAGE_STEP_VERSION}\n${digest}\n${JSON.stringify(IMAGE_ENCODINGS)}`)
    .digest('hex')
    .slice(0, 16);
  const encode = async (format: 'avif' | 'webp' | 'jpeg' | 'png', targetWidth: number): Promise<ImageVariant> => {
    const extension = format === 'jpeg' ? 'jpg' : format;
    const file = `${key}-${targetWidth}.${extension}`;
    const targetHeight = Math.max(1, Math.round((height * targetWidth) / width));
    const out = join(filesDir, file);
    if (!existsSync(out)) {
      const pipeline = limited(sharp(bytes, input).rotate().resize({ width: targetWidth, withoutEnlargement: true }));
      const buffer = await pipeline.toFormat(format, IMAGE_ENCODINGS[format]).toBuffer();
      await writeFileAtomically(out, buffer);
      return { width: targetWidth, height: targetHeight, file, bytes: buffer.byteLength };
    }
    return { width: targetWidth, height: targetHeight, file, bytes: (await readFile(out)).byteLength };
  };
  try {
    const widths = variantWidths(width, use.slots);
    const variants = { avif: [] as ImageVariant[], webp: [] as ImageVariant[], fallback: [] as ImageVariant[] };
    for (const targetWidth of widths) {
      variants.avif.push(await encode('avif', targetWidth));
      variants.webp.push(await encode('webp', targetWidth));
      variants.fallback.push(await encode(fallback, targetWidth));
    }
    let share: ImageVariant | undefined;
    if (use.share) {
      const file = `${key}-share.jpg`;
      const out = join(filesDir, file);
      if (!existsSync(out)) {
        const buffer = await limited(sharp(bytes, input))
          .rotate()
          .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'centre' })
          .flatten({ background: '#ffffff' })
          .jpeg(IMAGE_ENCODINGS.jpeg)
          .toBuffer();
        await writeFileAtomically(out, buffer);
      }
      share = { ...SHARE_IMAGE, file, bytes: (await readFile(out)).byteLength };
    }
    return { status: 'ready', width, height, fallback, variants, share };
  } catch (error) {
    // sharp's message for a pipeline it stopped names the step it was in, not the time limit: the clock decides.
    if (performance.now() >= deadline) {
      return {
        status: 'failed',
        reason: `${width}×${height} px: its variants took longer than ${timeoutMs} ms to make`,
        reasonZh: `圖片轉換逾時（${width}×${height}，超過 ${Math.round(timeoutMs / 1000)} 秒）`,
      };
    }
    return { status: 'failed', reason: `could not be decoded (${(error as Error).message})`, reasonZh: '圖片檔已損毀，無法轉換' };
  }
}

/** Writes a file whole, then renames it into place (a build stopped midway never leaves half a variant). */
async function writeFileAtomically(file: string, bytes: Buffer | string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/** The files a cache entry needs. */
const entryFiles = (entry: ImageEntry): string[] =>
  entry.status === 'ready'
    ? [...entry.variants.avif, ...entry.variants.webp, ...entry.variants.fallback, ...(entry.share ? [entry.share] : [])].map(
        (variant) => variant.file,
      )
    : [];

/** What prepareImages did, for the build log and the publish report. */
export interface ImageReport {
  /** Images of this build's pages. */
  total: number;
  /** Sources transformed in this build. */
  made: number;
  /** Sources whose variants came from the cache unchanged. */
  cached: number;
  /** Images left for a later build (the budget was spent): their pages show the portal's URL. */
  pending: number;
  /** Images the build got no answer for (network error, time-out): their pages show the portal's URL. */
  unreachable: { path: string; reason: string }[];
  /** Images that cannot be shown, with where they are used. */
  failed: { list: string; itemId: string; field: string; path: string; reason: string; reasonZh: string }[];
  /** Time spent making variants, in ms. */
  spentMs: number;
}

/**
 * Checks and makes the images of this build (module docstring).
 * @param options.uses imageUses of the staged lists
 * @param options.sourceBase absolute URL the paths are resolved against (PORTAL_IMAGE_BASE or its default)
 * @param options.cacheDir the image cache folder (IMAGE_CACHE_DIR or `<cacheDir>/image-cache`)
 * @param options.budgetMs transformation time this build may spend, in ms (IMAGE_BUDGET_SECONDS × 1000)
 * @param options.transformTimeoutMs time limit of one source's transform, in ms (default IMAGE_TRANSFORM_TIMEOUT_MS)
 * @param options.logger progress and the report
 * @param options.fetch fetch (tests)
 * @param options.now clock in ms (tests)
 * @returns the manifest for the pages and the report
 */
export async function prepareImages(options: {
  uses: readonly ImageUse[];
  sourceBase: string;
  cacheDir: string;
  budgetMs: number;
  transformTimeoutMs?: number;
  logger?: Pick<AstroIntegrationLogger, 'info' | 'warn'>;
  fetch?: typeof fetch;
  now?: () => number;
}): Promise<{ manifest: ImageManifest; report: ImageReport }> {
  const { uses, sourceBase, cacheDir, budgetMs, logger } = options;
  const now = options.now ?? (() => performance.now());
  const filesDir = join(cacheDir, FILES_FOLDER);
  await mkdir(filesDir, { recursive: true });
  const index = await readIndex(cacheDir);
  const next: CacheIndex = { version: IMAGE_STEP_VERSION, sources: {} };
  const manifest: ImageManifest = {};
  const report: ImageReport = { total: uses.length, made: 0, cached: 0, pending: 0, unreachable: [], failed: [], spentMs: 0 };
  const base = sourceBase.endsWith('/') ? sourceBase : `${sourceBase}/`;
  let lastProgress = now();
  let done = 0;
  const transform = pLimit(availableParallelism());
  /** Images the build got no answer for, and why. */
  const noAnswer: { use: ImageUse; reason: string }[] = [];

  const handle = async (use: ImageUse): Promise<void> => {
    const cached = index.sources[use.path];
    const filesExist = cached ? entryFiles(cached.entry).every((file) => existsSync(join(filesDir, file))) : false;
    const download = await downloadImage(new URL(use.path, base).href, filesExist ? cached : undefined, options.fetch);
    let entry: ImageEntry | undefined;
    if (download.kind === 'unchanged' && cached) {
      entry = cached.entry;
      next.sources[use.path] = cached;
      report.cached += 1;
    } else if (download.kind === 'failed') {
      entry = { status: 'failed', reason: download.reason, reasonZh: download.reasonZh };
    } else if (download.kind === 'unreachable') {
      // Decided after every image was tried (settleUnreachable): the base answered for others, or not at all.
      noAnswer.push({ use, reason: download.reason });
    } else if (download.kind === 'bytes') {
      const digest = createHash('sha256').update(download.bytes).digest('hex');
      if (cached && filesExist && cached.digest === digest && coversSlots(cached.entry, use)) {
        entry = cached.entry;
        report.cached += 1;
      } else {
        // The budget is read when the transform's turn comes: checks run many at a time, transforms one per core.
        entry = await transform(async () => {
          if (report.spentMs >= budgetMs) return undefined;
          const started = now();
          const made = await makeVariants(download.bytes, digest, use, filesDir, options.transformTimeoutMs);
          report.spentMs += now() - started;
          if (made.status !== 'failed') report.made += 1;
          return made;
        });
        if (!entry) report.pending += 1;
      }
      if (entry) next.sources[use.path] = { etag: download.etag, lastModified: download.lastModified, digest, entry };
    }
    if (entry) manifest[use.path] = entry;
    if (entry?.status === 'failed') {
      report.failed.push({ list: use.list, itemId: use.itemId, field: use.field, path: use.path, reason: entry.reason, reasonZh: entry.reasonZh });
    }
    done += 1;
    if (logger && now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = now();
      const left =
        budgetMs > report.spentMs && report.made > 0 ? ` ~${Math.round(((report.spentMs / report.made) * (uses.length - done)) / 1000)} s left` : '';
      logger.info(`images: ${done}/${uses.length} checked, ${report.made} made in ${Math.round(report.spentMs / 1000)} s${left}`);
    }
  };

  // Newest first: IMAGE_CHECK_CONCURRENCY checks at once (they wait on the network), and as many transforms as the
  // machine has cores (sharp runs one image per thread here).
  const queue = [...uses];
  const workers = Array.from({ length: Math.max(1, Math.min(IMAGE_CHECK_CONCURRENCY, queue.length)) }, async () => {
    for (let use = queue.shift(); use; use = queue.shift()) await handle(use);
  });
  await Promise.all(workers);
  settleUnreachable(noAnswer, uses.length, manifest, report);
  // The manifest is part of every page's cache key (src/sections/cache-key.ts): the same images must give the same
  // key, or a no-change rebuild renders every page again. So its entries go in the order of their paths, whatever
  // order the workers finished in and whatever order the lists gave their items (a first build's lists, fetched
  // from the portal, list items of the same date in another order than the rebuild's, read from the data store).
  // The report keeps the uses' order, newest first, as the editor reads it.
  const order = new Map(uses.map((entry, index) => [entry.path, index]));
  report.failed.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
  const ordered: ImageManifest = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeIndex(cacheDir, next);
  await pruneFiles(filesDir, next);
  return { manifest: ordered, report };
}

/**
 * The images the build got no answer for (a connection refused, reset before the headers, or no headers within
 * IMAGE_FETCH_TIMEOUT_MS). When the image base answered for none of this build's images, the portal may be out of
 * the build machine's reach only: the pages keep the portal's URL, which visitors may well reach (`unreachable`).
 * When it answered for others, the base is up and this one image is bad (a camera original that stalls, a connection
 * the portal drops): it is one failed image, shown as the placeholder and named in the publish report, so that the
 * pages never link a portal URL that does not answer (the built-site checks would refuse the whole publish).
 * @param noAnswer the images without an answer, with the reason (English)
 * @param total how many images the build tried
 * @param manifest changed in place: a failed entry for each image made failed
 * @param report changed in place: `unreachable` or `failed` gets each image
 */
function settleUnreachable(noAnswer: { use: ImageUse; reason: string }[], total: number, manifest: ImageManifest, report: ImageReport): void {
  const baseAnswered = noAnswer.length < total;
  for (const { use, reason } of noAnswer) {
    if (!baseAnswered) {
      report.unreachable.push({ path: use.path, reason });
      continue;
    }
    const reasonZh = '圖片下載中斷或逾時，無法取得';
    manifest[use.path] = { status: 'failed', reason, reasonZh };
    report.failed.push({ list: use.list, itemId: use.itemId, field: use.field, path: use.path, reason, reasonZh });
  }
}

/** Progress lines at most this often, in ms. */
const PROGRESS_EVERY_MS = 5_000;

/** Whether a cached entry has the variants `use` needs (a new slot for an image makes it again). */
function coversSlots(entry: ImageEntry, use: Pick<ImageUse, 'slots' | 'share'>): boolean {
  if (entry.status !== 'ready') return true;
  const widths = new Set(entry.variants.fallback.map((variant) => variant.width));
  return variantWidths(entry.width, use.slots).every((width) => widths.has(width)) && (!use.share || entry.share !== undefined);
}

/** The cache index, or an empty one (none yet, another version, unreadable). */
async function readIndex(cacheDir: string): Promise<CacheIndex> {
  try {
    const index = JSON.parse(await readFile(join(cacheDir, INDEX_FILE), 'utf8')) as CacheIndex;
    return index.version === IMAGE_STEP_VERSION && typeof index.sources === 'object' ? index : { version: IMAGE_STEP_VERSION, sources: {} };
  } catch {
    return { version: IMAGE_STEP_VERSION, sources: {} };
  }
}

async function writeIndex(cacheDir: string, index: CacheIndex): Promise<void> {
  await writeFileAtomically(join(cacheDir, INDEX_FILE), JSON.stringify(index));
}

/** Removes the cached variants no source of the index needs any more (an image replaced or no longer shown). */
async function pruneFiles(filesDir: string, index: CacheIndex): Promise<void> {
  const keep = new Set(Object.values(index.sources).flatMap((source) => entryFiles(source.entry)));
  for (const file of await readdir(filesDir)) {
    if (!keep.has(file)) await rm(join(filesDir, file), { force: true });
  }
}

/**
 * Puts the manifest's files into `<root>/_images/` (hard links to the cache, copies across file systems) and removes
 * the files of earlier builds no page of this build uses.
 * @param root the output folder (absolute path)
 * @param manifest this build's manifest (prepareImages)
 * @param cacheDir the image cache folder
 * @returns how many files were added and removed
 */
export async function publishImages(root: string, manifest: ImageManifest, cacheDir: string): Promise<{ added: number; removed: number }> {
  const folder = join(root, IMAGE_OUTPUT_FOLDER);
  await mkdir(folder, { recursive: true });
  const wanted = new Set(Object.values(manifest).flatMap(entryFiles));
  const present = new Set(await readdir(folder));
  let added = 0;
  let removed = 0;
  for (const file of wanted) {
    if (present.has(file)) continue;
    const source = join(cacheDir, FILES_FOLDER, file);
    await link(source, join(folder, file)).catch(() => copyFile(source, join(folder, file)));
    added += 1;
  }
  for (const file of present) {
    if (wanted.has(file)) continue;
    await rm(join(folder, file), { force: true });
    removed += 1;
  }
  return { added, removed };
}

/**
 * The image base the build downloads from: PORTAL_IMAGE_BASE, else PUBLIC_IMAGE_BASE when it is absolute, else
 * PUBLIC_IMAGE_BASE's path on the portal (PORTAL_API_BASE), as the site's servers proxy it (REFERENCE.md "Hosting").
 * @returns an absolute URL ending in `/`, or undefined without a portal
 */
export function imageSourceBase(settings: { PORTAL_IMAGE_BASE?: string; PUBLIC_IMAGE_BASE: string; PORTAL_API_BASE?: string }): string | undefined {
  const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
  if (settings.PORTAL_IMAGE_BASE) return withSlash(settings.PORTAL_IMAGE_BASE);
  if (/^https?:\/\//i.test(settings.PUBLIC_IMAGE_BASE)) return withSlash(settings.PUBLIC_IMAGE_BASE);
  if (!settings.PORTAL_API_BASE) return undefined;
  return withSlash(new URL(settings.PUBLIC_IMAGE_BASE, settings.PORTAL_API_BASE).href);
}

/** The virtual module the pages read the manifest from (declared in src/image-manifest.d.ts). */
export const IMAGE_MANIFEST_VIRTUAL_MODULE = 'virtual:insurer/images';

/**
 * The Vite plugin of the virtual module: its code is `imageManifest()`, which returns the manifest `manifest()` gave
 * when the module was loaded, written into the code itself (as the text of a JSON.parse call, which V8 reads
 * faster than the same object literal). No registry between the config's module graph and the pages' bundle is
 * needed: Astro runs `astro:build:start`, where the pipeline makes the manifest (prepareImages), before it bundles
 * any page (Astro 7: build:start, then the prerender bundle, the client bundle, and only then the pages render), so
 * the module is loaded after the manifest exists. Before that (the dev server, `astro check`, the unit tests'
 * Vite config) `manifest()` gives `{}` and pages show the portal's URLs.
 * The manifest is part of the pages' code, so Astro's incremental build renders every page again when it changes;
 * it is in every page's cacheKey too (src/sections/cache-key.ts), for the same reason: a page's images changed.
 * The manifest's entries come in the order of their paths (prepareImages), whatever order the downloads finished in
 * and the lists gave their items, so the same images give the same code and the same cacheKeys.
 * @param manifest this build's manifest, read when the module is loaded (the pipeline's current value)
 */
export function imageManifestPlugin(manifest: () => Readonly<ImageManifest>): {
  name: string;
  resolveId: (id: string) => string | undefined;
  load: (id: string) => string | undefined;
} {
  const resolved = `\0${IMAGE_MANIFEST_VIRTUAL_MODULE}`;
  return {
    name: 'insurer:image-manifest',
    resolveId: (id) => (id === IMAGE_MANIFEST_VIRTUAL_MODULE ? resolved : undefined),
    load: (id) =>
      id === resolved
        ? `const manifest = JSON.parse(${JSON.stringify(JSON.stringify(manifest()))});\nexport const imageManifest = () => manifest;\n`
        : undefined,
  };
}

/** One line of the build log for the report. */
export function imageSummary(report: ImageReport): string {
  return (
    `${report.total} images: ${report.made} made in ${(report.spentMs / 1000).toFixed(1)} s, ${report.cached} unchanged from the cache` +
    `${report.pending > 0 ? `, ${report.pending} left for a later build (IMAGE_BUDGET_SECONDS spent; their pages show the portal's image)` : ''}` +
    `${report.unreachable.length > 0 ? `, ${report.unreachable.length} not downloadable from here (${report.unreachable[0].reason}; their pages show the portal's image)` : ''}` +
    `${report.failed.length > 0 ? `, ${report.failed.length} cannot be shown (placeholder)` : ''}`
  );
}
