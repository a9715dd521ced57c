/**
 * Benchmark section "build" (the build-time budgets of REFERENCE.md "Budgets"): for the sample content and for sample portals scaled to 1,000 and
 * 10,000 generated items (scripts/sample-portal/generate.mjs), a cold build (empty output folder and empty Astro
 * cache) and then a rebuild with no content change, each timed (wall clock, ms) with its peak memory (RSS of
 * the Astro process and its children, sampled every 100 ms, bytes) and its pages per second (HTML files
 * written / build seconds). Astro's output of both builds is kept next to them (cold.log, rebuild.log). Also the growth ratio of the cold build time 10k / 1k.
 *
 * The portal's photographs (scripts/sample-portal/photos.mjs; 1,780 of them at 10,000 items) are part of every
 * size: the cold build makes their variants within IMAGE_BUDGET_SECONDS (src/integrations/images.ts) and leaves the
 * rest for later builds, as a first publish would; the section then builds again until no image is left ("image
 * catch-up": how many builds, how long in all) so that the timed no-change rebuild really changes nothing, and
 * reports the image cache's size on disk (bytes, files) and the variants published in dist/_images/.
 *
 * Each size builds into its own folders under os.tmpdir()/insurer-bench/<size>/ (dist/ and cache/, the latter
 * as ASTRO_CACHE_DIR, see astro.config.mjs, which holds the image cache), so the worktree's dist/ is untouched;
 * the sample build's dist is what the other sections then measure. The portal runs in this process, so its memory
 * is not counted.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startSamplePortal } from '../sample-portal/server.mjs';
import { ROOT, seconds, table, treeRss } from './util.mjs';

const ASTRO_BIN = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');

/** GNU time, for the CPU seconds of a build and its children (optional). */
const GNU_TIME = '/usr/bin/time';
const RUSAGE_TAG = 'BENCH_RUSAGE';

/** Work folder of the benchmark builds. */
export const BENCH_WORK_DIR = path.join(os.tmpdir(), 'insurer-bench');

/** Folders of one size: `{ dist, cache }`. */
export const buildDirs = (label) => ({
  dist: path.join(BENCH_WORK_DIR, label, 'dist'),
  cache: path.join(BENCH_WORK_DIR, label, 'cache'),
});

/** Builds of the image catch-up before the section gives up (each spends at most IMAGE_BUDGET_SECONDS on images). */
const IMAGE_CATCH_UP_MAX_BUILDS = 20;

/**
 * The image step's line of a build's output (src/integrations/images.ts `imageSummary`).
 * @param {string} output Astro's output
 * @returns {{ total: number, made: number, spentSeconds: number, cached: number, pending: number } | null} null when the
 *   build logged no image line (an older build, or no image at all)
 */
export function imageLine(output) {
  const match = /(\d+) images: (\d+) made in ([\d.]+) s, (\d+) unchanged from the cache(?:, (\d+) left for a later build)?/.exec(output);
  if (!match) return null;
  const [, total, made, spent, cached, pending = '0'] = match;
  return { total: Number(total), made: Number(made), spentSeconds: Number(spent), cached: Number(cached), pending: Number(pending) };
}

/**
 * Size of a folder on disk.
 * @param {string} folder absolute path (missing = empty)
 * @returns {Promise<{ bytes: number, files: number }>} apparent size of its files (bytes) and their number
 */
async function folderSize(folder) {
  if (!existsSync(folder)) return { bytes: 0, files: 0 };
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  let bytes = 0;
  let files = 0;
  for (const entry of entries.filter((item) => item.isFile())) {
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
    files += 1;
  }
  return { bytes, files };
}

/** The HTML files of a folder, the search index's excluded (absolute paths). */
async function pageFiles(dist) {
  const entries = await readdir(dist, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html') && !entry.parentPath.includes(`${path.sep}pagefind`))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Sizes of the built pages (a page of a large category must not grow with it: every list is paginated).
 * @returns {Promise<{ pages: number, htmlBytes: number, largest: { path: string, bytes: number } }>} page count, their
 *   total bytes, and the largest page (site path, bytes)
 */
async function pageSizes(dist) {
  const files = await pageFiles(dist);
  let htmlBytes = 0;
  let largest = { path: '', bytes: 0 };
  for (const file of files) {
    const { size } = await stat(file);
    htmlBytes += size;
    if (size > largest.bytes) largest = { path: `/${path.relative(dist, file)}`, bytes: size };
  }
  return { pages: files.length, htmlBytes, largest };
}

/**
 * Runs `astro build` once.
 * @param {{ dist: string, cache: string, portalUrl: string, env?: Record<string, string>, log?: string }} options
 * @returns {Promise<{ ms: number, peakBytes: number, cpuSeconds: number | null, output: string }>} cpuSeconds: user +
 *   system CPU time of the build and its children (GNU time), null without /usr/bin/time
 * @throws {Error} when Astro exits non-zero (with the end of its output)
 */
export async function timeBuild({ dist, cache, portalUrl, env = {} }) {
  const started = performance.now();
  const command = [process.execPath, ASTRO_BIN, 'build', '--outDir', dist];
  const timed = existsSync(GNU_TIME);
  const [bin, ...args] = timed ? [GNU_TIME, '-f', `${RUSAGE_TAG} %U %S`, ...command] : command;
  const child = spawn(bin, args, {
    cwd: ROOT,
    // The site build without speech (READER_ENGINE=off): synthesis of thousands of generated pages would dwarf it
    // and is measured on its own by the reader section (scripts/bench/reader.mjs; cached between builds).
    env: { ...process.env, READER_ENGINE: 'off', PORTAL_API_BASE: portalUrl, ASTRO_CACHE_DIR: cache, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let peakBytes = 0;
  const sampler = setInterval(() => (peakBytes = Math.max(peakBytes, treeRss(child.pid))), 100);
  const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
  clearInterval(sampler);
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`astro build --outDir ${dist} failed (exit ${code}):\n${output.slice(-3000)}`);
  const rusage = timed ? new RegExp(`${RUSAGE_TAG} ([\\d.]+) ([\\d.]+)`).exec(output) : null;
  return { ms, peakBytes, cpuSeconds: rusage ? Number(rusage[1]) + Number(rusage[2]) : null, output };
}

/**
 * Cold build, image catch-up and no-change rebuild of one portal size.
 * @param {{ label: string, scale: number, log?: (line: string) => void }} options scale 0 = sample content
 * @returns {Promise<{ label: string, scale: number, pages: number, dist: string, cold: object, rebuild: object,
 *   ratio: number, images: object }>} cold/rebuild: `{ ms, peakBytes, pagesPerSecond, cached }` (cached: pages Astro
 *   reused); images: `{ cold, rebuild }` (imageLine of those builds), `catchUp: { builds, ms, cpuSeconds, made }`,
 *   `cache` and `published: { bytes, files }` (the image cache folder, dist/_images/)
 * @throws {Error} when a build fails, or images are still left after IMAGE_CATCH_UP_MAX_BUILDS catch-up builds
 */
export async function benchOneSize({ label, scale, log = console.log }) {
  const { dist, cache } = buildDirs(label);
  await rm(path.dirname(dist), { recursive: true, force: true });
  const portal = await startSamplePortal({ port: 0, scale });
  try {
    log(`build ${label}: cold…`);
    const cold = await timeBuild({ dist, cache, portalUrl: portal.url });
    await writeFile(path.join(path.dirname(dist), 'cold.log'), cold.output);
    const sizes = await pageSizes(dist);
    const { pages } = sizes;
    const coldImages = imageLine(cold.output);
    log(
      `build ${label}: cold ${seconds(cold.ms)}, ${pages} pages${coldImages ? `, images ${coldImages.made} made, ${coldImages.pending} left` : ''}`,
    );
    const catchUp = { builds: 0, ms: 0, cpuSeconds: 0, made: 0 };
    for (let pending = coldImages?.pending ?? 0; pending > 0; ) {
      if (catchUp.builds >= IMAGE_CATCH_UP_MAX_BUILDS)
        throw new Error(`build ${label}: ${pending} images still left after ${catchUp.builds} catch-up builds`);
      const run = await timeBuild({ dist, cache, portalUrl: portal.url });
      const images = imageLine(run.output);
      catchUp.builds += 1;
      catchUp.ms += run.ms;
      catchUp.cpuSeconds += run.cpuSeconds ?? 0;
      catchUp.made += images?.made ?? 0;
      pending = images?.pending ?? 0;
      log(`build ${label}: image catch-up build ${catchUp.builds}: ${seconds(run.ms)}, ${images?.made ?? 0} made, ${pending} left`);
    }
    log(`build ${label}: rebuild without change…`);
    const rebuild = await timeBuild({ dist, cache, portalUrl: portal.url });
    await writeFile(path.join(path.dirname(dist), 'rebuild.log'), rebuild.output);
    const rebuildImages = imageLine(rebuild.output);
    const imageCache = await folderSize(path.join(cache, 'image-cache'));
    const published = await folderSize(path.join(dist, '_images'));
    const reused = (rebuild.output.match(/\((?:cached|restored)\)/g) ?? []).length;
    log(`build ${label}: rebuild ${seconds(rebuild.ms)} (${reused} pages reused)`);
    const describeRun = (run, cached) => ({
      ms: run.ms,
      cpuSeconds: run.cpuSeconds,
      peakBytes: run.peakBytes,
      pagesPerSecond: pages / (run.ms / 1000),
      cached,
    });
    return {
      label,
      scale,
      pages,
      htmlBytes: sizes.htmlBytes,
      largest: sizes.largest,
      dist,
      cold: describeRun(cold, 0),
      rebuild: describeRun(rebuild, reused),
      ratio: rebuild.ms / cold.ms,
      indexRestored: /restored from the cache/.test(rebuild.output),
      images: { cold: coldImages, catchUp, rebuild: rebuildImages, cache: imageCache, published },
    };
  } finally {
    await portal.close();
  }
}

/** The sizes the section can build, by name. */
export const SIZES = { sample: 0, '1k': 1000, '10k': 10000 };

/**
 * The build section.
 * @param {{ sizes: string[], log?: (line: string) => void }} options sizes: keys of SIZES
 * @returns {Promise<{ title: string, markdown: string, data: object }>}
 */
export async function benchBuild({ sizes, log = console.log }) {
  const results = [];
  for (const label of sizes) {
    if (!(label in SIZES)) throw new Error(`unknown build size "${label}" (known: ${Object.keys(SIZES).join(', ')})`);
    results.push(await benchOneSize({ label, scale: SIZES[label], log }));
  }
  const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;
  const cpu = (run) => (run.cpuSeconds === null ? '—' : `${run.cpuSeconds.toFixed(1)} s`);
  const rows = results.map((r) => [
    r.label === 'sample' ? 'sample content' : `sample + ${r.scale.toLocaleString('en')} items`,
    r.pages,
    seconds(r.cold.ms),
    cpu(r.cold),
    r.cold.pagesPerSecond.toFixed(0),
    mb(r.cold.peakBytes),
    seconds(r.rebuild.ms),
    cpu(r.rebuild),
    `${(r.ratio * 100).toFixed(0)} %${r.cold.cpuSeconds ? ` (CPU ${((r.rebuild.cpuSeconds / r.cold.cpuSeconds) * 100).toFixed(0)} %)` : ''}`,
    `${r.rebuild.cached} / ${r.pages}${r.indexRestored ? ', index' : ''}`,
    mb(r.rebuild.peakBytes),
    `${mb(r.htmlBytes)}; ${Math.round(r.largest.bytes / 1024)} KB ${r.largest.path}`,
  ]);
  const imageRows = results.map((r) => {
    const { cold, catchUp, rebuild, cache, published } = r.images;
    return [
      r.label === 'sample' ? 'sample content' : `sample + ${r.scale.toLocaleString('en')} items`,
      cold?.total ?? 0,
      cold ? `${cold.made} made in ${cold.spentSeconds.toFixed(0)} s, ${cold.pending} left` : '—',
      catchUp.builds === 0
        ? 'none needed'
        : `${catchUp.builds} builds, ${seconds(catchUp.ms)} (CPU ${catchUp.cpuSeconds.toFixed(0)} s), ${catchUp.made} made`,
      rebuild ? `${rebuild.made} made, ${rebuild.cached} from the cache` : '—',
      `${mb(cache.bytes)} (${cache.files.toLocaleString('en')} files)`,
      `${mb(published.bytes)} (${published.files.toLocaleString('en')} files)`,
    ];
  });
  let markdown = table(
    [
      'portal',
      'pages',
      'cold build',
      'CPU',
      'pages/s',
      'peak RSS',
      'no-change rebuild',
      'CPU',
      'rebuild / cold',
      'reused',
      'rebuild peak RSS',
      'HTML; largest page',
    ],
    rows,
  );
  const k1 = results.find((r) => r.label === '1k');
  const k10 = results.find((r) => r.label === '10k');
  const growth = k1 && k10 ? k10.cold.ms / k1.cold.ms : undefined;
  if (growth !== undefined) {
    const cpuGrowth = k1.cold.cpuSeconds && k10.cold.cpuSeconds ? `, CPU × ${(k10.cold.cpuSeconds / k1.cold.cpuSeconds).toFixed(2)}` : '';
    markdown += `\n\nGrowth 10k / 1k: cold build time × ${growth.toFixed(2)}${cpuGrowth}, for × ${(k10.pages / k1.pages).toFixed(2)} pages.`;
  }
  markdown +=
    '\n\nTimes are wall clock; CPU is user + system time of the build and its children (GNU time), which depends ' +
    'less on other load of the machine. Peak RSS: the Astro build process and its children (Pagefind), sampled every 100 ms. "Reused": pages ' +
    'Astro copied from its incremental cache instead of rendering, and whether the search index was restored. ' +
    'HTML: all pages; the largest page shows that no page grows with its category (the 1k and ' +
    '10k sizes hold one download category of 21 % of the items).';
  markdown +=
    "\n\nImages (the portal's photographs; variants made by the build within IMAGE_BUDGET_SECONDS, the rest left to " +
    'later builds, which the catch-up runs before the no-change rebuild is timed):\n\n' +
    table(['portal', 'images', 'cold build', 'image catch-up', 'no-change rebuild', 'image cache', 'dist/_images'], imageRows);
  return { title: 'Build', markdown, data: { results, growth } };
}
