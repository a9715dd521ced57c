/**
 * Runs `npm run build` (scripts/astro.mjs, which starts the sample portal when PORTAL_API_BASE is empty) for the
 * build tests (tests/build/build-faults.test.ts, tests/build/publishing.test.ts).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_INDEX_CACHE_DIR } from '../../src/integrations/search-index';
import { SERVICE_WORKER_CACHE_FOLDER } from '../../src/integrations/service-worker';
import { IMAGE_CACHE_FOLDER, PRECOMPRESS_CACHE_FOLDER } from '../../src/site/limits';

/** A new empty temporary folder (prefix: its use). */
export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), `${prefix}-`));

/**
 * The checkout's Astro cache folder (Astro's default cacheDir), which the sample build of `npm test` (scripts/test.mjs
 * step 5, before the whole builds) fills.
 */
export const CHECKOUT_ASTRO_CACHE = fileURLToPath(new URL('../../node_modules/.astro', import.meta.url));

/**
 * Copies the files of the cache folder `from` into `to` (made when missing), skipping any file gone before its turn:
 * a build of this checkout on the other line of `npm test` (scripts/test.mjs) may prune the cache meanwhile, and a
 * cache lacking a file only means that file is made again. Nothing happens when `from` is missing.
 */
export function copyCache(from: string, to: string): void {
  if (!existsSync(from)) return;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    const target = join(to, source.slice(from.length));
    try {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * The folders of an Astro cache folder that the build keeps by content, never by where or when it ran: the gzip and
 * brotli copies (PRECOMPRESS_CACHE_FOLDER), kept under the digest of their file's bytes (src/integrations/precompress.ts);
 * the search indexes (SEARCH_INDEX_CACHE_DIR), kept under the fingerprint of the pages they index
 * (src/integrations/search-index.ts); the service worker's code (SERVICE_WORKER_CACHE_FOLDER), kept under the
 * fingerprint of the code Workbox makes (src/integrations/service-worker.ts workerTemplate, about 2.5 CPU-s to make).
 */
const KEPT_BY_CONTENT = [PRECOMPRESS_CACHE_FOLDER, SEARCH_INDEX_CACHE_DIR, SERVICE_WORKER_CACHE_FOLDER];

/**
 * A new Astro cache folder (for ASTRO_CACHE_DIR) holding nothing but a copy of what the cache folder `from` (default
 * the checkout's) keeps by content (KEPT_BY_CONTENT). So a build takes from them only the copies of files it wrote
 * byte for byte the same, an index only when it wrote every page the same, and the worker's code when its code is the
 * same; it compresses and indexes the others, and its pages still render cold (no content store, no incremental pages).
 * @param prefix the folder's use
 * @param from an Astro cache folder (absolute path)
 * @returns the folder (absolute path)
 */
export function compressedCopiesCache(prefix: string, from: string = CHECKOUT_ASTRO_CACHE): string {
  const dir = tempDir(prefix);
  for (const folder of KEPT_BY_CONTENT) {
    copyCache(join(from, folder), join(dir, folder));
  }
  return dir;
}

/**
 * Empties the Astro cache folder `dir` of everything but what it keeps by content (KEPT_BY_CONTENT), so that the
 * next build into it renders every page cold again (no content store, no incremental pages, no page-read cache) as
 * in a new cache folder, yet finds the copies, indexes and worker code its last build made there. A missing `dir` is
 * made.
 * @param dir an Astro cache folder (absolute path)
 * @returns `dir`
 */
export function coldAgain(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const kept = new Set<string>(KEPT_BY_CONTENT);
  for (const entry of readdirSync(dir)) if (!kept.has(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
  return dir;
}

/** The checkout's image cache (IMAGE_CACHE_DIR's default, in the checkout's Astro cache folder). */
export const CHECKOUT_IMAGE_CACHE = join(CHECKOUT_ASTRO_CACHE, IMAGE_CACHE_FOLDER);

/**
 * A copy of the checkout's image cache in a new temporary folder (for IMAGE_CACHE_DIR), for a build of other content
 * than the sample site's (the lean sample): the image step keeps in its cache only the images its own build shows
 * (src/integrations/images/cache.ts pruneFiles), so such a build on the checkout's cache would delete the variants of
 * every other image, and the next build of the whole sample would make them again (the timezone builds took 53 s
 * instead of 23 s after the lean builds had pruned it). The copy has every variant the checkout's has, so the build
 * still makes none it finds there.
 * @param prefix the folder's use
 * @returns the folder (absolute path)
 */
export function imageCacheCopy(prefix: string): string {
  const dir = tempDir(prefix);
  copyCache(CHECKOUT_IMAGE_CACHE, dir);
  return dir;
}

/**
 * Runs a script with Node (this process's) and extra env; resolves its exit code and combined output.
 * The environment is this process's (scripts/astro.mjs builds without its NODE_ENV); PORTAL_API_BASE is emptied (the sample portal) and PORTAL_SNAPSHOT_DIR is a new
 * empty folder unless `env` sets them.
 */
export function runNode(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, PORTAL_API_BASE: '', PORTAL_SNAPSHOT_DIR: tempDir('no-snapshots'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Runs the build into `outDir` (default: a new temporary folder, so dist/ is never touched) with extra env.
 * @returns exit code and combined output; `outDir` the site folder.
 */
export async function runBuild(
  env: Record<string, string> = {},
  outDir = tempDir('build-dist'),
): Promise<{ code: number; output: string; outDir: string }> {
  const result = await runNode(['scripts/astro.mjs', 'build', '--outDir', outDir], env);
  return { ...result, outDir };
}
