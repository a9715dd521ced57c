/**
 * Runs `npm run build` (scripts/astro.mjs, which starts the sample portal when PORTAL_API_BASE is empty) for the
 * build tests (tests/build/build-faults.test.ts, tests/build/publishing.test.ts).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_INDEX_CACHE_DIR } from '../../src/integrations/search-index';
import { PRECOMPRESS_CACHE_FOLDER } from '../../src/site/limits';

/** A new empty temporary folder (prefix: its use). */
export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), `${prefix}-`));

/**
 * The checkout's Astro cache folder (Astro's default cacheDir), which the sample build of `npm test` (scripts/test.mjs
 * step 5, before the whole builds) fills.
 */
export const CHECKOUT_ASTRO_CACHE = fileURLToPath(new URL('../../node_modules/.astro', import.meta.url));

/**
 * A new Astro cache folder (for ASTRO_CACHE_DIR) holding nothing but a copy of what the cache folder `from` (default
 * the checkout's) keeps by content: its gzip and brotli copies (PRECOMPRESS_CACHE_FOLDER), kept under the digest of
 * their file's bytes (src/integrations/precompress.ts), and its search indexes (SEARCH_INDEX_CACHE_DIR), kept under
 * the fingerprint of the pages they index (src/integrations/search-index.ts). So a build takes from them only the
 * copies of files it wrote byte for byte the same, and an index only when it wrote every page the same; it
 * compresses and indexes the others, and its pages still render cold (no content store, no incremental pages).
 * @param prefix the folder's use
 * @param from an Astro cache folder (absolute path)
 * @returns the folder (absolute path)
 */
export function compressedCopiesCache(prefix: string, from: string = CHECKOUT_ASTRO_CACHE): string {
  const dir = tempDir(prefix);
  for (const folder of [PRECOMPRESS_CACHE_FOLDER, SEARCH_INDEX_CACHE_DIR]) {
    if (existsSync(join(from, folder))) cpSync(join(from, folder), join(dir, folder), { recursive: true });
  }
  return dir;
}

/**
 * This process's environment as a build's, without NODE_ENV: vitest sets it to `test`, and a build that inherits it
 * is not the published one (Vite then bundles React's development build into the pages' scripts, and Astro, which
 * sets NODE_ENV only when it is unset, runs in `test`); `npm run build` and the publishing workflow run without it.
 */
export function buildEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _test, ...env } = process.env;
  return env;
}

/**
 * Runs a script with Node (this process's) and extra env; resolves its exit code and combined output.
 * The environment is buildEnv()'s; PORTAL_API_BASE is emptied (the sample portal) and PORTAL_SNAPSHOT_DIR is a new
 * empty folder unless `env` sets them.
 */
export function runNode(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...buildEnv(), PORTAL_API_BASE: '', PORTAL_SNAPSHOT_DIR: tempDir('no-snapshots'), ...env },
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
