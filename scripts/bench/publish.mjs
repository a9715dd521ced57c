/**
 * Benchmark section "publish" (freshness measured: how soon an editor's change is live). For each size (the sample
 * portal scaled to 1,000 and 10,000 generated items, scripts/sample-portal/generate.mjs), with the audio reader ON (the
 * machine's engine, READER_BUDGET_SECONDS as configured, default 300 s):
 * 1. cold: empty output folder, Astro cache and synthesis cache; `npm run rebuild -- --dry-run` (build, the
 *    built-site checks under nginx, deploy plan) runs again and again until no page awaits audio: how many builds
 *    that takes and how long each ran (each must stay within the budget plus a build: speech never holds a publish);
 * 2. change: an editor changes the title and text of one news item (one from the middle of the list: not among the
 *    newest, so not on every page's dock) and the dry-run pipeline runs: the time from its start until the item's page
 *    in `dist/` shows the new title ("live in dist/"), and the whole pipeline's time;
 * 3. add: one new news item, dated today (first of the news lists after the pinned items; the generated news pin
 *    one item in 97, so the dock, which shows the first 5, keeps its pinned ones and the other pages stay);
 * 4. remove: the changed item is withdrawn; live = its page is gone from `dist/`.
 * Each run's output is kept in os.tmpdir()/insurer-bench/publish-<size>/<step>.log.
 *
 * The publishing target (10,000 items, a 2-core machine, reader on): the change is live within 60 s of the
 * rebuild starting and the whole dry-run pipeline takes at most 120 s; the cold synthesis publishes within the budget
 * plus the build.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSamplePortal } from '../sample-portal/server.mjs';
import { BENCH_WORK_DIR } from './build.mjs';
import { ROOT, seconds, table } from './util.mjs';
import { BUILD_REPORT_FILE } from '../../src/site/limits.ts';
import { ENDPOINTS } from '../../src/portal/endpoints.ts';

/** Sizes of this section, by name (items added to the sample content). */
export const PUBLISH_SIZES = { '1k': 1000, '10k': 10000 };
/** How often the bench looks for the changed page in dist/, in ms. */
const POLL_MS = 100;
/** Most cold builds run until every page has audio (a stop, should synthesis never finish). */
const MAX_COLD_BUILDS = 12;
/** The title the editor gives the changed item (bench step 2). */
const CHANGED_TITLE = '編輯更新：發布時效量測';
/** Id of the item the editor adds (bench step 3). */
const ADDED_ID = 999_999;

/** Path in dist/ of a news item's page. */
const newsPage = (dist, id) => path.join(dist, 'news', 'detail', String(id), 'index.html');

/**
 * Runs `scripts/rebuild.mjs --dry-run --out-dir <dist>` once, watching dist/ for a page.
 * @param {{ dist: string, env: Record<string, string>, log: string, live?: () => boolean }} options `live` says whether
 *   the change is visible in dist/ (polled every POLL_MS from the start)
 * @returns {Promise<{ ms: number, liveMs: number | null }>} the pipeline's wall time and when `live` first held (ms
 *   from the start; null when it never did)
 * @throws {Error} when the pipeline fails (its log file named)
 */
async function timeRebuild({ dist, env, log, live }) {
  const started = performance.now();
  let liveMs = null;
  const poll = live
    ? setInterval(() => {
        if (liveMs === null && live()) liveMs = performance.now() - started;
      }, POLL_MS)
    : undefined;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/rebuild.mjs'), '--dry-run', '--out-dir', dist], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const ms = performance.now() - started;
  clearInterval(poll);
  if (liveMs === null && live?.()) liveMs = ms;
  await writeFile(log, output);
  if (code !== 0) throw new Error(`rebuild --dry-run failed (exit ${code}); see ${log}`);
  return { ms, liveMs };
}

/** The reader's counts of the build report in dist/ (ReaderReport), or null when the reader was off. */
const readerReport = (dist) => JSON.parse(readFileSync(path.join(dist, BUILD_REPORT_FILE), 'utf8')).reader ?? null;

/**
 * One size: cold builds until every page has audio, then change, add and remove one news item.
 * @param {{ label: string, scale: number, log: (line: string) => void }} options
 * @returns {Promise<object>} the measurements (see the markdown of benchPublish)
 */
async function benchOneSize({ label, scale, log }) {
  const work = path.join(BENCH_WORK_DIR, `publish-${label}`);
  const dist = path.join(work, 'dist');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  // One port for every portal of this size: the build's settings (PORTAL_API_BASE) stay the same between runs.
  let portal = await startSamplePortal({ port: 0, scale });
  const port = portal.port;
  const env = { PORTAL_API_BASE: portal.url, ASTRO_CACHE_DIR: path.join(work, 'cache') };
  // The editor's changes so far, applied in order to the generated lists by each new portal.
  const edits = [];
  const restart = async (edit) => {
    edits.push(edit);
    await portal.close();
    portal = await startSamplePortal({ port, scale, edit: (lists) => edits.forEach((apply) => apply(lists)) });
  };
  try {
    const cold = [];
    let report;
    do {
      log(`publish ${label}: cold build ${cold.length + 1}…`);
      const run = await timeRebuild({ dist, env, log: path.join(work, `cold-${cold.length + 1}.log`) });
      report = readerReport(dist);
      if (report === null) throw new Error(`the reader is off (no speech engine: npm run doctor); the publish section needs it`);
      cold.push({ ms: run.ms, awaiting: report.awaiting, pages: report.pages });
      log(`publish ${label}: ${seconds(run.ms)}, ${report.awaiting} of ${report.pages} pages await audio`);
    } while (report.awaiting > 0 && cold.length < MAX_COLD_BUILDS);

    // An item from the middle of the news list: not on the dock or home, so only its own pages change.
    const news = (await fetch(new URL(ENDPOINTS.news.path, portal.url)).then((response) => response.json())).data;
    const target = news[Math.floor(news.length / 2)];
    const page = newsPage(dist, target.id);
    const shows = (file, text) => existsSync(file) && readFileSync(file, 'utf8').includes(text);

    log(`publish ${label}: change news ${target.id}…`);
    await restart((lists) => {
      const item = lists.news.find((candidate) => candidate.id === target.id);
      item.title = CHANGED_TITLE;
      item.content = `<p>${CHANGED_TITLE}：內容已更新。</p>`;
    });
    const change = await timeRebuild({ dist, env, log: path.join(work, 'change.log'), live: () => shows(page, CHANGED_TITLE) });

    log(`publish ${label}: add news ${ADDED_ID}…`);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Taipei' });
    const added = { ...target, id: ADDED_ID, title: `${CHANGED_TITLE}（新增）`, date: today };
    await restart((lists) => {
      lists.news = [added, ...lists.news];
    });
    const add = await timeRebuild({ dist, env, log: path.join(work, 'add.log'), live: () => shows(newsPage(dist, ADDED_ID), added.title) });

    log(`publish ${label}: remove news ${target.id}…`);
    await restart((lists) => {
      lists.news = lists.news.filter((candidate) => candidate.id !== target.id);
    });
    const remove = await timeRebuild({ dist, env, log: path.join(work, 'remove.log'), live: () => !existsSync(page) });
    return { label, scale, cold, budgetSeconds: report.budgetSeconds, change, add, remove };
  } finally {
    await portal.close();
  }
}

/**
 * The publish section.
 * @param {{ sizes: string[], log?: (line: string) => void }} options sizes: names of PUBLISH_SIZES (others skipped)
 * @returns {Promise<{ title: string, markdown: string, data: object }>}
 */
export async function benchPublish({ sizes, log = console.log }) {
  const results = [];
  for (const label of sizes.filter((size) => size in PUBLISH_SIZES)) {
    results.push(await benchOneSize({ label, scale: PUBLISH_SIZES[label], log }));
  }
  const live = (run) => (run.liveMs === null ? 'never' : seconds(run.liveMs));
  const rows = results.map((r) => [
    `sample + ${r.scale.toLocaleString('en')} items`,
    `${r.cold.length} (${r.cold.map((run) => `${seconds(run.ms)}, ${run.awaiting} left`).join('; ')})`,
    `${live(r.change)} / ${seconds(r.change.ms)}`,
    `${live(r.add)} / ${seconds(r.add.ms)}`,
    `${live(r.remove)} / ${seconds(r.remove.ms)}`,
  ]);
  const markdown = [
    '`npm run rebuild -- --dry-run` (build, built-site checks under nginx, deploy plan) with the audio reader on. ' +
      `Cold: builds from empty caches until no page awaits audio (READER_BUDGET_SECONDS ${results[0]?.budgetSeconds ?? '—'}); ` +
      'then one news item changed (from the middle of the list), one added (dated today: first in the news lists ' +
      'after the pinned items), one removed. Each cell: live in `dist/` / whole pipeline. The publishing target, at 10,000 ' +
      'items: change live ≤ 60 s, pipeline ≤ 120 s.',
    table(['size', 'cold builds until every page has audio', 'change', 'add', 'remove'], rows),
  ].join('\n\n');
  return { title: "Publish: time until an editor's change is live", markdown, data: results };
}
