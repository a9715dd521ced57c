#!/usr/bin/env node
/**
 * Benchmark of the audio reader (reader synthesis, cold and warm, for the sample site and for 1,000 generated
 * items, per engine): synthesis time per page and whole site, audio bytes.
 *
 * `benchReader({ distDir, sizes, engines, log })` re-synthesizes every reader page of a built site into a temporary
 * folder with an empty cache (cold: every segment synthesized, as on a first build), then again with that cache
 * (warm: a rebuild without changes), once per engine (`espeak-ng-native`: Debian's espeak-ng and lame programs;
 * `espeak-ng-wasm`: the WebAssembly build from npm), other READER_* variables as for the build. Sites (`sizes`):
 * - `sample`: `distDir` (default dist/, the sample portal's site with the reader on);
 * - `1k`: the sample portal with 1,000 generated items (SAMPLE_PORTAL_SCALE), built here into
 *   os.tmpdir()/insurer-bench/reader-1k/ with a stand-in engine (a 0.05 s silence by sox, encoded by lame) so that
 *   its pages carry their readerPath without paying for speech twice; needs sox and lame. Other sizes are ignored
 *   (10k would take an hour per engine).
 * It does not touch `distDir`. Returns `{ title, markdown, data }`: a Markdown table and the numbers (ms, bytes,
 * s). An engine that cannot run here gets a row saying why.
 *
 * Standalone: `node scripts/bench/reader.mjs [--dist dist] [--sizes sample,1k] [--engines espeak-ng-native,espeak-ng-wasm]`
 * prints the table. Takes about 2 min per engine for the sample site on a quiet 2-core machine, more for 1k.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { pageFiles } from '../../src/integrations/built-pages.ts';
import { probeEngine } from '../../src/integrations/reader/engines.ts';
import { readerSettings } from '../../src/integrations/reader/settings.ts';
import { readSettings } from '../../src/settings.ts';
import { synthesizeSite } from '../../src/integrations/reader/site.ts';

const TITLE = 'Audio reader';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Engines measured by default: Debian's programs and the WebAssembly build. */
export const BENCH_ENGINES = ['espeak-ng-native', 'espeak-ng-wasm'];
/** Site sizes the reader bench knows: the sample site, and the sample portal with this many generated items. */
export const READER_SIZES = { sample: 0, '1k': 1000 };
/** The stand-in engine of the 1k build: 0.05 s of silence, so pages get a readerPath at almost no cost. */
const STAND_IN_COMMAND = 'sox -n -r 16000 -c 1 -b 16 {out_file} trim 0 0.05';

/** The `q` quantile (0–1) of numbers, nearest rank. */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0;
}

/** Bytes of the files under `dir` whose name ends with `suffix` (0 when `dir` does not exist). */
async function bytesUnder(dir, suffix) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(suffix)) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * Builds the sample portal's site with `scale` generated items and the reader on (stand-in engine) into
 * `<tmp>/insurer-bench/reader-<label>/dist`; returns that folder. Throws when the build fails (with its output's end).
 */
async function buildScaledSite(label, scale, settings, log) {
  const { startSamplePortal } = await import('../sample-portal/server.mjs');
  const work = path.join(tmpdir(), 'insurer-bench', `reader-${label}`);
  const dist = path.join(work, 'dist');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const portal = await startSamplePortal({ port: 0, scale, settings });
  try {
    log(`reader: building the ${label} site (${scale} generated items)…`);
    const env = {
      ...process.env,
      PORTAL_API_BASE: portal.url,
      ASTRO_CACHE_DIR: path.join(work, 'cache'),
      READER_ENGINE: 'command',
      READER_COMMAND: STAND_IN_COMMAND,
      READER_CACHE_DIR: path.join(work, 'stand-in-cache'),
    };
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
    if (code !== 0) throw new Error(`the ${label} site's build failed (exit ${code}):\n${output.slice(-2000)}`);
    return dist;
  } finally {
    await portal.close();
  }
}

/** Cold and warm synthesis of one site with one engine; `{ available: false, reason }` when the engine cannot run. */
async function benchOne({ label, distDir, engine, benchSettings, log }) {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-reader-'));
  try {
    const cache = path.join(work, 'cache');
    // The bench's settings with this engine and a cache of its own; no time budget (READER_BUDGET_SECONDS): the bench
    // measures the whole cold synthesis.
    const settings = { ...readerSettings({ ...benchSettings, READER_ENGINE: engine, READER_CACHE_DIR: cache }, cache), budgetSeconds: Infinity };
    const probe = await probeEngine(settings);
    if (!probe.ok) return { label, engine, available: false, reason: probe.reason };
    const pages = await pageFiles(distDir);
    log(`reader: ${label}, ${engine}, cold…`);
    const progress = (line) => log(`reader: ${line}`);
    const cold = await synthesizeSite({ distDir, pages, settings, outDir: path.join(work, 'cold'), log: progress });
    log(`reader: ${label}, ${engine}, warm…`);
    const warm = await synthesizeSite({ distDir, pages, settings, outDir: path.join(work, 'warm') });
    const perPage = cold.perPage.map((page) => page.synthesisMs);
    return {
      label,
      engine,
      available: true,
      voice: probe.settings.voice,
      pages: cold.pages,
      segments: cold.segments,
      uniqueSegments: cold.uniqueSegments,
      audioSeconds: cold.audioSeconds,
      audioBytes: cold.audioBytes,
      coldWallMs: cold.wallMs,
      coldSynthesisMs: cold.synthesisMs,
      perPageMs: {
        mean: Math.round(perPage.reduce((sum, ms) => sum + ms, 0) / Math.max(1, perPage.length)),
        median: Math.round(quantile(perPage, 0.5)),
        p95: Math.round(quantile(perPage, 0.95)),
      },
      warmWallMs: warm.wallMs,
      warmSynthesized: warm.synthesized,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * @param {{ distDir: string, settings: import('../../src/settings.ts').Settings, sizes?: string[], engines?: string[],
 *   log?: (line: string) => void }} options
 *   distDir: the built sample site; settings: the bench's (src/settings.ts), the reader's variables and the sample
 *   portal's; sizes: of READER_SIZES (default sample and 1k); engines: default BENCH_ENGINES
 * @returns {Promise<{ title: string, markdown: string, data: Record<string, unknown> }>}
 */
export async function benchReader({ distDir, settings, sizes = Object.keys(READER_SIZES), engines = BENCH_ENGINES, log = console.error }) {
  const runs = [];
  const skipped = [];
  for (const label of sizes) {
    if (!(label in READER_SIZES)) {
      skipped.push(label);
      continue;
    }
    let dist = distDir;
    if (READER_SIZES[label] > 0) {
      try {
        dist = await buildScaledSite(label, READER_SIZES[label], settings, log);
      } catch (error) {
        runs.push(...engines.map((engine) => ({ label, engine, available: false, reason: error.message.split('\n')[0] })));
        continue;
      }
    }
    for (const engine of engines) runs.push(await benchOne({ label, distDir: dist, engine, benchSettings: settings, log }));
  }
  const distAudioBytes = await bytesUnder(path.join(distDir, 'reader'), '.mp3');
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const siteName = (label) => (label === 'sample' ? 'sample site' : `sample + ${READER_SIZES[label].toLocaleString('en')} items`);
  const rows = runs.map((run) =>
    run.available
      ? `| ${siteName(run.label)} | ${run.engine} (${run.voice}) | ${run.pages} (${run.uniqueSegments} distinct segments) | ` +
        `${(run.audioSeconds / 60).toFixed(1)} min, ${mb(run.audioBytes)} | ${s(run.coldWallMs)} (${s(run.coldSynthesisMs)} summed) | ` +
        `${run.perPageMs.mean} / ${run.perPageMs.median} / ${run.perPageMs.p95} | ${s(run.warmWallMs)}, ${run.warmSynthesized} synthesized |`
      : `| ${siteName(run.label)} | ${run.engine} | not measured: ${run.reason} | | | | |`,
  );
  const markdown = [
    'MP3 mono 16 kHz 24 kbit/s; cold = empty cache (a first build), warm = a rebuild without changes; wall time with one worker per core.',
    '',
    '| site | engine (voice) | pages with audio | audio | cold cache, wall (engine + encoder summed) | per page cold, ms (mean / median / p95) | warm cache, wall |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `dist/reader of the site as built: ${mb(distAudioBytes)}.${skipped.length ? ` Sizes not measured for the reader: ${skipped.join(', ')}.` : ''}`,
  ].join('\n');
  return { title: TITLE, markdown, data: { runs, distAudioBytes } };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: fileURLToPath(new URL('../../dist', import.meta.url)) },
      sizes: { type: 'string', default: Object.keys(READER_SIZES).join(',') },
      engines: { type: 'string', default: BENCH_ENGINES.join(',') },
    },
  });
  const distDir = path.resolve(values.dist);
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`No built site in ${distDir} (npm run build first).`);
  const list = (value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const result = await benchReader({ distDir, settings: readSettings(), sizes: list(values.sizes), engines: list(values.engines) });
  console.log(`## ${result.title}\n\n${result.markdown}`);
}
