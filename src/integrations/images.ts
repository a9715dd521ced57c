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
 * Steps (the pipeline, src/integrations/pipeline.ts, runs them; their parts are in src/integrations/images/:
 * discovery.ts finds the images, download.ts fetches a source, variants.ts makes its variants, cache.ts keeps them):
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
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import pLimit from 'p-limit';
import { IMAGE_CHECK_CONCURRENCY, type ImageEntry, type ImageManifest, IMAGE_OUTPUT_FOLDER } from '../site/images';
import { type CacheIndex, entryFiles, FILES_FOLDER, IMAGE_STEP_VERSION, pruneFiles, readIndex, writeIndex } from './images/cache';
import { downloadImage } from './images/download';
import type { ImageUse } from './images/discovery';
import { coversSlots, makeVariants } from './images/variants';

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
