/**
 * The visitors' query set of the site search (scripts/bench/search-queries/, its README says how it was written):
 * queries of six kinds as visitors and insurers type them, each with the results that answer it, in two halves, `tune`
 * (the search is tuned on it) and `heldout` (never read while tuning; only its aggregate figures are printed). For
 * each half and kind: the share of answerable queries whose first result answers them, whose first three hold an
 * answer, and how many show no result; over all: the bytes of a first search (a fresh browser, gzip as served), and
 * the time from the last keystroke (Enter in /search's box) to the first result on a CPU slowed 4× (Chromium's
 * Emulation.setCPUThrottlingRate), as on a mid-range phone.
 *
 *   node scripts/bench/search-queries.mjs [--dist dist] [--half tune|heldout|blind|fresh|fresh2] [--fold a|b] [--latency 12] [--json]
 *
 * For the tune half it also lists the queries without a relevant first result (never for the held-out half). `--fold`
 * measures one fold of the tune half, or with `--half blind` of the blind set (selectFold of
 * search-queries/queries.mjs; the blind set was written apart from the halves): fold `a` with its misses, fold `b`
 * as figures only, so a change tuned on `a` is judged on `b` it was not tuned on.
 * Imported by the bench's search section (scripts/bench/search.mjs).
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { SEARCH_COLLAPSED_PAGES } from '../../src/site/search-terms.ts';
import { measureSearch } from '../search-recall.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/system.mjs';
import { serveSite } from '../serve.mjs';
import { answerLinks, FOLDED_FILES, readQueries, selectFold } from './search-queries/queries.mjs';

/** The halves, the blind set and the fresh sets, in the order reported. */
export const HALVES = ['tune', 'heldout', 'blind', 'fresh', 'fresh2'];
/** CPU slow-down of the latency measure (Chromium's throttling rate). */
export const CPU_SLOWDOWN = 4;
/** Queries timed for the latency by default (spread over the half). */
const LATENCY_QUERIES = 12;

/** A result path as measureSearch's rows give it: the pages of a collapsed group as their group. */
const groupOf = (path) => (SEARCH_COLLAPSED_PAGES.some((pattern) => pattern.test(path)) ? path.replace(/\/[^/]+$/, '') : path);

/**
 * A half of the query set, each case with a predicate on a result path (as measureSearch's rows give it): one of the
 * case's pages or FAQ items (answerLinks of search-queries/queries.mjs: `/faq/3#faq-171`).
 * @param {string} half `tune`, `heldout`, `blind`, `fresh` or `fresh2`
 * @param {'a' | 'b'} [fold] only that fold of the tune half or the blind set (selectFold)
 * @returns {{ query: string, kind: string, answers: (path: string) => boolean }[]}
 * @throws {Error} when a fold is asked of the held-out half.
 */
export function loadHalf(half, fold) {
  if (fold !== undefined && !FOLDED_FILES.includes(half))
    throw new Error(`Query set: folds split ${FOLDED_FILES.join(' and ')} only, not "${half}".`);
  const cases = readQueries(half);
  return (fold === undefined ? cases : selectFold(cases, fold)).map((entry) => {
    const links = new Set(answerLinks(entry).map((link) => groupOf(link.replace(/\/+(?=#|$)/, '') || '/')));
    return { query: entry.query, kind: entry.kind ?? 'other', answers: (path) => links.has(path) };
  });
}

/** The figures of one half: per kind and over all. */
function halfFigures(entries, rows) {
  const figures = (list) => {
    const relevantFirst = list.filter((entry) => entry.first !== null && entry.answers(entry.first)).length;
    const inFirstThree = list.filter((entry) => entry.topThree.some((path) => entry.answers(path))).length;
    return { queries: list.length, relevantFirst, inFirstThree, zeroResults: list.filter((entry) => entry.results === 0).length };
  };
  const measured = entries.map((entry) => ({ ...entry, ...rows.get(entry.query) }));
  const kinds = [...new Set(measured.map((entry) => entry.kind))].sort();
  return {
    all: figures(measured),
    kinds: Object.fromEntries(kinds.map((kind) => [kind, figures(measured.filter((entry) => entry.kind === kind))])),
    misses: measured
      .filter((entry) => !(entry.first !== null && entry.answers(entry.first)))
      .map((entry) => `${entry.query} → ${entry.first ?? '(none)'}`),
    bytes: measured.map((entry) => entry.searchBytes).filter((bytes) => typeof bytes === 'number'),
  };
}

/**
 * Time from Enter in /search's box to the first result shown, per query, on a CPU slowed CPU_SLOWDOWN times: each
 * query a first-time visitor (a fresh browser context), /search loaded and idle before the throttled typing.
 * @returns {Promise<number[]>} ms per query
 */
export async function searchLatency({ dist, queries, chrome = chromiumPath() }) {
  const site = await serveSite({ dist, portalUrl: 'http://127.0.0.1:9' });
  const browser = await chromium.launch({ executablePath: chrome, args: CHROMIUM_ARGS });
  const times = [];
  try {
    for (const query of queries) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${site.url}/search`, { waitUntil: 'load' });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const box = page.locator('#search-q');
      await box.fill(query);
      const started = Date.now();
      await box.press('Enter');
      await page.waitForURL(/[?&]q=/, { timeout: 60_000 });
      await page.waitForFunction(
        () => {
          const root = document.querySelector('[data-search-results]');
          const status = root?.querySelector('[data-status]');
          return root !== null && !root.hidden && Boolean(status?.textContent) && !status?.classList.contains('is-loading');
        },
        null,
        { timeout: 60_000 },
      );
      times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return times;
}

/**
 * Measures the query set on a built site.
 * @param {{ dist: string, halves?: string[], fold?: 'a' | 'b', latency?: number, bytes?: boolean }} options latency:
 *   queries timed (0: none); fold: one fold of the tune half or the blind set only
 * @returns {Promise<Record<string, { all: object, kinds: object, misses: string[], bytes: number[], latency: number[] }>>}
 *   per half (`tune a` for a fold); `misses` only for the tune half, its fold `a` and the blind set's fold `a`
 */
export async function measureQuerySet({ dist, halves = HALVES, fold, latency = LATENCY_QUERIES, bytes = true }) {
  const results = {};
  for (const half of halves) {
    const entries = loadHalf(half, fold);
    if (entries.length === 0) continue;
    const { recall } = await measureSearch({ dist, queries: [...new Set(entries.map((entry) => entry.query))], cases: [], bytes });
    const rows = new Map(recall.queries.map((row) => [row.query, row]));
    const figures = halfFigures(entries, rows);
    const step = Math.max(1, Math.floor(entries.length / Math.max(1, latency)));
    const timed = latency > 0 ? entries.filter((_, i) => i % step === 0).slice(0, latency) : [];
    results[fold === undefined ? half : `${half} ${fold}`] = {
      ...figures,
      // Misses of the tune half and of a fold a; never of the held-out half, the fresh sets, the blind set whole or a fold b.
      misses: (half === 'tune' && fold !== 'b') || (half === 'blind' && fold === 'a') ? figures.misses : [],
      latency: timed.length > 0 ? await searchLatency({ dist, queries: timed.map((entry) => entry.query) }) : [],
    };
  }
  return results;
}

/** Percent with one decimal. */
const percent = (part, whole) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`);

/** The figures as text lines (no query of the held-out half). */
export function formatQuerySet(results) {
  const lines = [];
  for (const [half, result] of Object.entries(results)) {
    const { all } = result;
    lines.push(
      `${half}: ${all.queries} queries; relevant first ${all.relevantFirst} (${percent(all.relevantFirst, all.queries)}), in the first three ${all.inFirstThree} (${percent(all.inFirstThree, all.queries)}), no result ${all.zeroResults}`,
    );
    for (const [kind, figures] of Object.entries(result.kinds)) {
      lines.push(
        `  ${kind}: ${figures.queries}; first ${percent(figures.relevantFirst, figures.queries)}, first three ${percent(figures.inFirstThree, figures.queries)}, no result ${figures.zeroResults}`,
      );
    }
    const sorted = [...result.bytes].sort((a, b) => a - b);
    if (sorted.length > 0) {
      lines.push(
        `  bytes of a first search: median ${(sorted[Math.floor(sorted.length / 2)] / 1024).toFixed(1)} KB, max ${(sorted.at(-1) / 1024).toFixed(1)} KB`,
      );
    }
    const times = [...result.latency].sort((a, b) => a - b);
    if (times.length > 0) {
      lines.push(
        `  last keystroke → results, CPU ${CPU_SLOWDOWN}× slower: median ${times[Math.floor(times.length / 2)]} ms, max ${times.at(-1)} ms (${times.length} queries)`,
      );
    }
    for (const miss of result.misses) lines.push(`  miss: ${miss}`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: fileURLToPath(new URL('../../dist/', import.meta.url)) },
      half: { type: 'string' },
      fold: { type: 'string' },
      latency: { type: 'string', default: '0' },
      bytes: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const results = await measureQuerySet({
    dist: values.dist,
    halves: values.half ? [values.half] : values.fold ? ['tune'] : HALVES,
    fold: values.fold,
    latency: Number(values.latency),
    bytes: values.bytes,
  });
  console.log(values.json ? JSON.stringify(results, null, 2) : formatQuerySet(results));
}
