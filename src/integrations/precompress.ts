/**
 * Precompression, the build pipeline's last step (src/integrations/pipeline.ts): a gzip copy (`.gz`, level 9) and a
 * brotli copy (`.br`, quality 11) beside every text file of the output folder that a visitor downloads, HTML pages
 * included (quality 10 for those; below), so that nginx serves them as they are (`gzip_static`, and `brotli_static` where nginx has the module:
 * src/lib/host-config.ts) instead of compressing each answer on the fly at a fast level: more requests a second from
 * one worker, fewer bytes before the first paint (scripts/bench/README.md, nginx throughput). Only for the hosts that
 * serve them (PRECOMPRESSED_HOSTS: nginx); a build for a CDN host writes none and deletes those of an earlier build.
 *
 * It runs last, after every step that writes files (the search index, the audio reader, the publish report). A copy
 * at least as new as its file, from an earlier build kept in dist/, is kept (unchanged pages are not copied back by
 * the incremental build, so their mtime stays); a copy whose file is gone (a page removed) is deleted. Pagefind's
 * index files (`.pf_*`) are compressed by Pagefind itself and are not copied.
 *
 * With a cache folder (the build's: Astro's cacheDir, kept between runs as the workflow keeps it), each copy is also
 * kept there under the digest of its file's bytes: the workflow starts every run with an empty output folder, and
 * brotli at quality 11 costs about 20 s of CPU for the sample's 330 text files, so an unchanged file's copies come from
 * the cache instead (the soak of scripts/bench/soak.mjs measured that time on every cycle). Copies no file of the
 * last PRECOMPRESS_CACHE_BUILDS builds used are deleted from the cache (the names each of them used are kept in
 * PRECOMPRESS_USES_FILE there), which thus holds at most the copies of that many sites: a build back to the content
 * of the build before last (a change undone, the whole-build tests' builds of the sample site between others) finds
 * its copies.
 *
 * Quality 11 is kept for the fingerprinted files of `_astro/`, compressed once in their life. Pages and the other
 * files named the same in every build change together whenever a list every page shows changes (the dock's latest
 * news): at 1,000 items one added news item meant 1,300 pages to compress again, 62 s of a 100 s publishing cycle at
 * quality 11. Quality 10 took a sixth of that time on those pages, and its copies were 2 % smaller in total
 * (400 pages of the 1,000-item site, 2026-11-29: 6.5 s and 1,217 KB against 37.9 s and 1,245 KB).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/** Files worth a compressed copy: the text types nginx serves (mime.types), at least PRECOMPRESS_MIN_BYTES. */
const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;
/** Below this many bytes a compressed copy saves less than a packet (the include's `gzip_min_length`). */
export const PRECOMPRESS_MIN_BYTES = 512;
/** The copies' extensions, as nginx's `gzip_static` and `brotli_static` look for them. */
const COPIES = ['.gz', '.br'] as const;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Brotli quality of the fingerprinted files (`_astro/`), compressed once in their life: the encoder's best. */
export const BROTLI_QUALITY_FINGERPRINTED = zlib.BROTLI_MAX_QUALITY;
/** Brotli quality of pages and every other file, compressed again whenever it changes (see above). */
export const BROTLI_QUALITY_PAGES = 10;
/** The folder of the fingerprinted files, as Astro names it (build.assets). */
const FINGERPRINTED = /(?:^|[\\/])_astro[\\/]/;

/**
 * The compressed copy of `source` for `extension`: gzip at level 9, brotli with its size hint at the quality of
 * the file's kind (`path`: BROTLI_QUALITY_FINGERPRINTED under `_astro/`, else BROTLI_QUALITY_PAGES).
 */
async function compress(source: Buffer, extension: (typeof COPIES)[number], path: string): Promise<Buffer> {
  if (extension === '.gz') return gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION });
  return brotliAsync(source, {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: FINGERPRINTED.test(path) ? BROTLI_QUALITY_FINGERPRINTED : BROTLI_QUALITY_PAGES,
      [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
}

/**
 * Puts a compressed copy into the cache whole or not at all (a temporary name, then one rename): a build killed
 * midway must not leave a truncated copy that later builds would serve as the file's compressed form. A leftover
 * temporary file is pruned with the unused copies.
 */
async function keep(copy: string, kept: string): Promise<void> {
  const temporary = `${kept}.partial`;
  await copyFile(copy, temporary);
  await rename(temporary, kept);
}

/** Builds whose copies the cache keeps, the last first (the workflow's one site needs one). */
export const PRECOMPRESS_CACHE_BUILDS = 3;
/** The file of the cache folder listing, per build kept (the last first), the names of the copies it used (JSON). */
export const PRECOMPRESS_USES_FILE = 'uses.json';

/**
 * Records the copies this build used as the last build's in the cache's PRECOMPRESS_USES_FILE, and deletes every
 * file of the cache that none of the last PRECOMPRESS_CACHE_BUILDS builds used (leftover temporary files included).
 * An unreadable list counts as none (the cache then keeps this build's copies only).
 */
async function pruneCache(cacheDir: string, used: ReadonlySet<string>): Promise<void> {
  const usesFile = join(cacheDir, PRECOMPRESS_USES_FILE);
  const earlier = await readFile(usesFile, 'utf8').then(
    (text) => JSON.parse(text) as unknown,
    () => [],
  );
  const valid = Array.isArray(earlier) && earlier.every((names) => Array.isArray(names)) ? (earlier as string[][]) : [];
  const uses = [[...used].sort(), ...valid].slice(0, PRECOMPRESS_CACHE_BUILDS);
  await writeFile(`${usesFile}.partial`, JSON.stringify(uses));
  await rename(`${usesFile}.partial`, usesFile);
  const keep = new Set([PRECOMPRESS_USES_FILE, ...uses.flat()]);
  for (const name of await readdir(cacheDir)) if (!keep.has(name)) await rm(join(cacheDir, name), { force: true });
}

/**
 * The hosts (src/settings.ts SITE_HOST) that serve the copies: nginx, whose include sends them as they are
 * (`gzip_static`, `brotli_static`: src/lib/host-config.ts). A CDN host (Netlify, Cloudflare Pages) compresses its
 * answers itself and never sends a `.gz` or `.br` file for its page: a build for one writes none, which spares it the
 * compression (about 10 s of CPU for the sample site) and the upload of twice as many text files.
 */
export const PRECOMPRESSED_HOSTS: readonly string[] = ['nginx'];

/**
 * Deletes every gzip and brotli copy beside a text file of `root` (a build for a host that does not serve them,
 * PRECOMPRESSED_HOSTS, over a dist/ kept from a build for one that does).
 * @param root the output folder (absolute path)
 * @returns how many copies were deleted
 */
export async function deleteCopies(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  let deleted = 0;
  for (const entry of entries) {
    const copy = COPIES.find((extension) => entry.name.endsWith(extension));
    if (!entry.isFile() || !copy || !TEXT_FILE.test(entry.name.slice(0, -copy.length))) continue;
    await rm(join(entry.parentPath, entry.name), { force: true });
    deleted += 1;
  }
  return deleted;
}

/** Copies made at once (each a CPU-bound compression in libuv's thread pool). */
const CONCURRENCY = 4;

/**
 * Writes the gzip and brotli copies of every text file of `root` that lacks a fresh one, and deletes the copies whose
 * file is gone.
 * @param root the output folder (absolute path)
 * @param cacheDir where copies are kept by their file's digest between builds (made when missing), those of the last
 *   PRECOMPRESS_CACHE_BUILDS builds; none: no cache
 * @returns how many copies were written (compressed or taken from the cache), how many of those came from the cache,
 *   how many were deleted, and how many files have copies
 */
export async function precompressSite(root: string, cacheDir?: string): Promise<{ written: number; cached: number; deleted: number; files: number }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  let deleted = 0;
  for (const path of paths) {
    const copy = COPIES.find((extension) => path.endsWith(extension));
    if (copy && TEXT_FILE.test(path.slice(0, -copy.length)) && !existsSync(path.slice(0, -copy.length))) {
      await rm(path, { force: true });
      deleted += 1;
    }
  }
  const texts = paths.filter((path) => TEXT_FILE.test(path));
  let written = 0;
  let cached = 0;
  let files = 0;
  const used = new Set<string>();
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const queue = [...texts];
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      const info = await stat(path);
      if (info.size < PRECOMPRESS_MIN_BYTES) continue;
      files += 1;
      let source: Buffer | undefined;
      let digest: string | undefined;
      for (const extension of COPIES) {
        const copy = `${path}${extension}`;
        if (existsSync(copy) && (await stat(copy)).mtimeMs >= info.mtimeMs && !cacheDir) continue;
        source ??= await readFile(path);
        digest ??= createHash('sha256').update(source).digest('hex');
        const kept = cacheDir ? join(cacheDir, `${digest}${extension}`) : undefined;
        if (kept) used.add(`${digest}${extension}`);
        if (existsSync(copy) && (await stat(copy)).mtimeMs >= info.mtimeMs) {
          if (kept && !existsSync(kept)) await keep(copy, kept);
          continue;
        }
        if (kept && existsSync(kept)) {
          await copyFile(kept, copy);
          cached += 1;
        } else {
          await writeFile(copy, await compress(source, extension, path.slice(root.length)));
          if (kept) await keep(copy, kept);
        }
        written += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (cacheDir) await pruneCache(cacheDir, used);
  return { written, cached, deleted, files };
}
