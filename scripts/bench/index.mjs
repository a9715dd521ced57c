#!/usr/bin/env node
/**
 * `npm run bench`: the benchmark. Not a test: it measures and prints, it asserts nothing.
 *
 *   npm run bench [-- --only build,weight,lighthouse,search,navigation,notifications,reader,pronunciation,timings,nginx,publish,soak] [--sizes sample,1k,10k]
 *                 [--dist dist] [--no-prefetch-dist dir] [--out bench-results/bench.md] [--readme]
 *                 [--cycles N] [--reader off]
 *   npm run soak [-- --sizes sample,1k] [--cycles N] [--reader off]   (the soak section alone)
 *
 * Sections (all by default, in this order; scripts/bench/<section>.mjs):
 * - build: cold and no-change rebuild time, pages/s and peak memory for the sample content and sample portals
 *   of 1,000 and 10,000 generated items (`--sizes`), growth 10k / 1k;
 * - weight: JavaScript, CSS, HTML and total gzip bytes per page type, and every byte a first visit downloads
 *   (images included) on a phone and a desktop;
 * - lighthouse: Lighthouse 13 mobile scores, LCP, TBT, CLS of six pages;
 * - search: recall against substring matching, precision of the first results, bytes fetched per query, for the
 *   sample site and the 1k size of `--sizes` (built here, a no-change rebuild after the build section; scripts/bench/search.mjs);
 * - navigation: click on home → news detail painted, with and without prefetch;
 * - notifications: the longest main-thread task while 10,000 notifications arrive in one answer;
 * - reader: the audio reader's synthesis, cold and warm cache, per engine, for the sample site (`--dist`) and the
 *   1k size of `--sizes` (scripts/bench/reader.mjs; 10k is not synthesized);
 * - pronunciation: the syllable error rate of each espeak-ng engine, with and without tones, on the field's
 *   sentences of scripts/bench/pronunciation/ against pinyin-pro's readings and reviewed exceptions (needs no site;
 *   scripts/bench/pronunciation.mjs);
 * - timings: how long the notification selection of 10,000 items, a portal call's timeout and the sample portal's
 *   `slow` fault take, each beside its budget (the unit tests check their behaviour without a clock; needs no site;
 *   scripts/bench/timings.mjs);
 * - nginx: requests/s on `/` from one nginx worker, with the build's gzip and brotli copies and on the fly
 *   (scripts/bench/nginx.mjs);
 * - publish: with the reader on, cold builds until every page has audio, then the time until one changed, added or
 *   removed news item is live in dist/ and the whole `npm run rebuild -- --dry-run`, at the 1k and 10k sizes of
 *   `--sizes` (scripts/bench/publish.mjs; about 30 min at 10k);
 * - soak (only when named: `--only soak`, or `npm run soak`): the publishing loop rehearsed for `--cycles` cycles
 *   (default 50 at the sample, 10 at 1k of `--sizes`): rebuilds deployed over SSH to nginx against a portal an editor
 *   simulator changes, with faults, overlapping and killed runs and visitors (scripts/bench/soak.mjs; about a minute
 *   per cycle at the sample on a quiet 2-core machine). `--reader off` runs it without the audio reader.
 * The page sections measure `--dist`, else dist/ after `npm run build` (incremental: seconds when nothing
 * changed), with the audio reader as published; the build section's sites are built without it.
 * `--no-prefetch-dist` gives navigation an existing PREFETCH=off build instead of building one (never run two
 * Astro builds of one worktree at once: they share .astro/).
 *
 * Output: the Markdown report on stdout and in `--out` (git-ignored bench-results/), with the date and the
 * machine; a JSON twin next to it. `--readme` also writes the report between the `<!-- bench:start -->` and
 * `<!-- bench:end -->` markers of scripts/bench/README.md (the figures live there, not in the top-level README). The
 * full run takes about an hour on a quiet 2-core machine (the 10k builds and the publish section most).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from '../astro.mjs';
import { readSettings } from '../../src/settings.ts';
import { benchBuild } from './build.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchPronunciation } from './pronunciation.mjs';
import { benchPublish } from './publish.mjs';
import { benchSoak } from './soak.mjs';
import { benchNavigation } from './navigation.mjs';
import { benchNginx } from './nginx.mjs';
import { benchNotifications } from './notifications.mjs';
import { benchSearch } from './search.mjs';
import { benchTimings } from './timings.mjs';
import { DEFAULT_DIST, RESULTS_DIR, ROOT, machine, seconds } from './util.mjs';
import { benchWeight } from './weight.mjs';

/** Section names in run order. */
export const SECTIONS = [
  'build',
  'weight',
  'lighthouse',
  'search',
  'navigation',
  'notifications',
  'reader',
  'pronunciation',
  'timings',
  'nginx',
  'publish',
  'soak',
];
/** Sections a run without `--only` leaves out: the soak takes an hour or more on its own. */
const NAMED_ONLY = ['soak'];

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';
/** Where `--readme` writes the figures (relative to the root). */
const FIGURES_FILE = 'scripts/bench/README.md';

/** Runs the reader section from scripts/bench/reader.mjs, or explains why it is missing. */
async function readerSection(dist, sizes, settings, log) {
  const file = path.join(ROOT, 'scripts/bench/reader.mjs');
  if (!existsSync(file)) {
    return { title: 'Audio reader', markdown: '_Skipped: scripts/bench/reader.mjs is not in this tree yet._', data: null };
  }
  const { benchReader } = await import(file);
  return benchReader({ distDir: dist, settings, sizes, log });
}

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      sizes: { type: 'string', default: 'sample,1k,10k' },
      dist: { type: 'string' },
      'no-prefetch-dist': { type: 'string' },
      out: { type: 'string', default: path.join(RESULTS_DIR, 'bench.md') },
      readme: { type: 'boolean', default: false },
      cycles: { type: 'string' },
      reader: { type: 'string' },
    },
  });
  const only = values.only ? values.only.split(',').map((name) => name.trim()) : SECTIONS.filter((name) => !NAMED_ONLY.includes(name));
  for (const name of only) if (!SECTIONS.includes(name)) throw new Error(`unknown section "${name}" (known: ${SECTIONS.join(', ')})`);
  const sizes = values.sizes.split(',').map((size) => size.trim());
  const log = (line) => console.error(`[bench] ${line}`);
  // The entry point's one read of the environment (src/settings.ts); the sections get these values.
  const settings = readSettings();
  const started = performance.now();
  const sections = [];

  if (only.includes('build')) sections.push(await benchBuild({ sizes, log }));
  if (only.includes('publish')) sections.push(await benchPublish({ sizes, log }));
  if (only.includes('soak')) {
    const cycles = values.cycles === undefined ? undefined : Number(values.cycles);
    sections.push(await benchSoak({ sizes, cycles, reader: values.reader, log }));
  }
  // The page sections measure the site as it is published: the build section's sites have no audio reader
  // (READER_ENGINE=off), so they use --dist, or dist/ brought up to date by `npm run build` (incremental).
  const dist = values.dist ? path.resolve(values.dist) : DEFAULT_DIST;
  // The pronunciation check reads sentences of its own, not the site.
  if (only.includes('pronunciation')) sections.push(await benchPronunciation({ settings, log }));
  // The timings measure modules and the sample portal, not the site.
  if (only.includes('timings')) sections.push(await benchTimings({ log }));
  const pageSections = only.filter((name) => !['build', 'publish', 'soak', 'pronunciation', 'timings'].includes(name));
  if (pageSections.length > 0 && !values.dist) {
    log('npm run build…');
    if ((await build([], { settings })) !== 0) throw new Error('npm run build failed');
  }
  if (pageSections.length > 0 && !existsSync(path.join(dist, 'index.html'))) throw new Error(`No built site in ${dist}.`);
  for (const name of pageSections) {
    log(`${name}…`);
    if (name === 'weight') sections.push(await benchWeight({ dist }));
    if (name === 'lighthouse') sections.push(await benchLighthouse({ dist, log }));
    if (name === 'search') sections.push(await benchSearch({ dist, sizes, log }));
    if (name === 'navigation') {
      const withoutDist = values['no-prefetch-dist'] ? path.resolve(values['no-prefetch-dist']) : undefined;
      sections.push(await benchNavigation({ dist, withoutDist, log }));
    }
    if (name === 'notifications') sections.push(await benchNotifications({ dist, log }));
    if (name === 'reader') sections.push(await readerSection(dist, sizes, settings, log));
    if (name === 'nginx') sections.push(await benchNginx({ dist, log }));
  }

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const report = [
    `Measured ${date} UTC on ${machine()}; sections: ${only.join(', ')}; took ${seconds(performance.now() - started)}.`,
    ...sections.map((section) => `### ${section.title}\n\n${section.markdown}`),
  ].join('\n\n');
  console.log(report);
  await mkdir(path.dirname(path.resolve(values.out)), { recursive: true });
  await writeFile(values.out, `## Benchmark\n\n${report}\n`);
  await writeFile(`${values.out.replace(/\.md$/, '')}.json`, JSON.stringify({ date, machine: machine(), sections }, null, 2));
  log(`report written to ${path.relative(ROOT, path.resolve(values.out))}`);
  if (values.readme) {
    const readmeFile = path.join(ROOT, FIGURES_FILE);
    const readme = await readFile(readmeFile, 'utf8');
    const start = readme.indexOf(README_START);
    const end = readme.indexOf(README_END);
    if (start < 0 || end < start) throw new Error(`${FIGURES_FILE} has no ${README_START} … ${README_END} block`);
    await writeFile(readmeFile, `${readme.slice(0, start + README_START.length)}\n${report}\n${readme.slice(end)}`);
    log(`${FIGURES_FILE} updated`);
  }
}

await main();
