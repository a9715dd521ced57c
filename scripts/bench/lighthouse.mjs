/**
 * Benchmark section "lighthouse": Lighthouse 13 (node_modules/.bin/lighthouse) on
 * home, a news list, a news detail, an FAQ page and contact, mobile form factor with simulated throttling, in
 * Debian's Chromium (CHROME_PATH, else its headless shell /usr/bin/chromium-headless-shell; scripts/lib/system.mjs), against the built site served on
 * loopback by nginx with the build's nginx.conf (gzip, cache headers) and the sample portal behind /api.
 *
 * Two transports (TRANSPORTS), each with its own table:
 * - `https`: HTTPS with HTTP/2 and a throwaway certificate (scripts/lib/nginx.mjs `tls`; Chromium started with
 *   --ignore-certificate-errors), which is how visitors reach the site: HSTS (src/lib/security-headers.ts) makes
 *   every visit HTTPS, and the front serves HTTP/2 (.github/OPERATIONS.md "Hosting"). Its targets are the strictest.
 * - `http`: plain HTTP/1.1, for comparison. Lighthouse then models six connections per host, each opened with
 *   its own handshakes, which no production visit pays.
 * Per page: the four category scores (0–100), LCP (ms), TBT (ms) and CLS, and the audits that cost points
 * (score < 1) in each category, for the "to fix" list, from the median of LIGHTHOUSE_RUNS runs (Lighthouse's own
 * computeMedianRun: the run nearest the median FCP and time to interactive), with the performance scores of all runs
 * beside it. One run is not a measurement on a shared 2-core machine: the same build scored 94–100 from one run to
 * the next, total blocking time moving by half.
 * The site's Lighthouse targets (TRANSPORTS, TARGETS): over HTTP/2 performance 100 and LCP ≤ 1.5 s, over HTTP/1.1
 * performance ≥ 98 and LCP ≤ 2.0 s; accessibility, best practices and SEO 100 on both.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/system.mjs';
import { ROOT, serveBuilt, table } from './util.mjs';

/**
 * The pages measured: home (the banner photograph is its largest paint), the news list and a news detail with its
 * cover, the event and coupon lists (cards of photographs and coupon art), FAQ, contact and the appointment service.
 */
export const LIGHTHOUSE_PAGES = ['/', '/news/all/1', '/news/detail/1', '/event/all/1', '/coupon/1', '/faq/1', '/contact', '/service'];

/**
 * How the site is served for each table (see the module comment), with the targets its table is read against:
 * `performance` the Lighthouse performance score (0–100), `lcpMs` the largest contentful paint (ms). Over HTTP/2, as
 * visitors reach the site, performance 100 and LCP ≤ 1.5 s; over plain HTTP/1.1, which no visit uses but which
 * pays every connection's handshakes, performance ≥ 98 and LCP ≤ 2.0 s (the targets set with the photograph sample).
 */
export const TRANSPORTS = [
  { id: 'https', tls: true, label: 'HTTPS, HTTP/2 (as visitors reach the site)', targets: { performance: 100, lcpMs: 1500 } },
  { id: 'http', tls: false, label: 'plain HTTP/1.1 (comparison)', targets: { performance: 98, lcpMs: 2000 } },
];

/** Category ids in report order. */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The site's Lighthouse targets for the other categories (0–100), on every transport. */
export const TARGETS = { accessibility: 100, 'best-practices': 100, seo: 100 };

/** Runs per page and transport; the report shows the median run (see the module comment). Lighthouse advises 5. */
export const LIGHTHOUSE_RUNS = 3;

/** Lighthouse's own word for a transient failure of the trace ("Please run Lighthouse again"), e.g. NO_NAVSTART. */
const TRANSIENT = /Please run Lighthouse again/;
/** Runs of one URL before a transient failure counts. */
const ATTEMPTS = 3;

/**
 * Runs Lighthouse on one URL, again (up to ATTEMPTS runs) when the trace failed in a way Lighthouse calls transient.
 * @param {string} url
 * @returns {Promise<object>} the Lighthouse result (LHR JSON)
 * @throws {Error} when Lighthouse fails (with its output)
 */
export async function runLighthouse(url) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS || !TRANSIENT.test(String(error))) throw error;
    }
  }
}

/** One Lighthouse run (see runLighthouse). */
async function runLighthouseOnce(url) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-lh-'));
  const output = path.join(dir, 'report.json');
  const flags = CHROMIUM_ARGS.filter((flag) => flag !== '--headless').concat(
    '--headless=new',
    ...(url.startsWith('https:') ? ['--ignore-certificate-errors'] : []),
  );
  const args = [
    url,
    '--output=json',
    `--output-path=${output}`,
    '--form-factor=mobile',
    '--throttling-method=simulate',
    '--quiet',
    `--chrome-flags=${flags.join(' ')}`,
  ];
  try {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/lighthouse'), args, {
      env: { ...process.env, CHROME_PATH: chromiumPath() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
    if (code !== 0) throw new Error(`lighthouse ${url} failed (exit ${code}):\n${log.slice(-2000)}`);
    return JSON.parse(await readFile(output, 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The figures of one report. */
export function summarize(page, lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const numeric = (id) => lhr.audits[id]?.numericValue;
  const failing = {};
  for (const id of CATEGORIES) {
    failing[id] = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || id === 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  return {
    page,
    scores,
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    lcpElement: (lhr.audits['lcp-breakdown-insight']?.details?.items ?? []).find((item) => item.type === 'node')?.selector,
    failing,
    runWarnings: lhr.runWarnings ?? [],
  };
}

/**
 * The Lighthouse section: every page over every transport.
 * @param {{ dist: string, pages?: string[], transports?: typeof TRANSPORTS, log?: (line: string) => void }} options
 * @returns {Promise<{ title: string, markdown: string, data: object[] }>} data rows carry `transport` (an id)
 */
export async function benchLighthouse({ dist, pages = LIGHTHOUSE_PAGES, transports = TRANSPORTS, log = console.log }) {
  const data = [];
  for (const transport of transports) {
    const server = await serveBuilt(dist, { tls: transport.tls });
    try {
      for (const page of pages) {
        log(`lighthouse ${transport.id} ${page} (${LIGHTHOUSE_RUNS} runs)…`);
        const runs = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await runLighthouse(`${server.url}${page}`));
        const performances = runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
        data.push({ transport: transport.id, ...summarize(page, computeMedianRun(runs)), performances });
      }
    } finally {
      await server.close();
    }
  }
  return { title: 'Lighthouse', markdown: lighthouseMarkdown(data, transports), data };
}

/**
 * The section's Markdown: one table per transport, a figure that misses its target in bold, then the audits below
 * full score and the LCP elements.
 * @param {object[]} data the rows of benchLighthouse (`transport`, the summarize figures, `performances`)
 * @param {typeof TRANSPORTS} [transports]
 * @returns {string}
 */
export function lighthouseMarkdown(data, transports = TRANSPORTS) {
  const parts = transports.map((transport) => {
    const rows = data.filter((row) => row.transport === transport.id);
    const { performance, lcpMs } = transport.targets;
    const bold = (text, met) => (met ? text : `**${text}**`);
    const score = (id, value) => bold(`${value}`, value >= (id === 'performance' ? performance : TARGETS[id]));
    return `${transport.label}; targets: performance ${performance === 100 ? '100' : `≥ ${performance}`}, LCP ≤ ${lcpMs / 1000} s:\n\n${table(
      ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS', 'performance, each run'],
      rows.map((row) => [
        row.page,
        ...CATEGORIES.map((id) => score(id, row.scores[id])),
        bold(`${Math.round(row.lcp)} ms`, row.lcp <= lcpMs),
        `${Math.round(row.tbt)} ms`,
        row.cls.toFixed(3),
        row.performances.join(' · '),
      ]),
    )}`;
  });
  let markdown = parts.join('\n\n');
  markdown += `\n\nMobile, simulated throttling (Lighthouse 13 defaults), Chromium headless; each row is the median of ${LIGHTHOUSE_RUNS} runs (Lighthouse's computeMedianRun), the last column every run's performance. Bold: a figure that misses its table's target (accessibility, best practices and SEO: 100).`;
  const lost = [];
  for (const row of data) {
    for (const id of CATEGORIES) {
      if (row.failing[id].length > 0) lost.push(`- ${row.transport} ${row.page} ${id}: ${row.failing[id].join(', ')}`);
    }
  }
  if (lost.length > 0) markdown += `\n\nAudits below full score:\n\n${lost.join('\n')}`;
  const first = data.filter((row) => row.transport === transports[0]?.id);
  markdown += `\n\nLCP elements: ${first.map((row) => `${row.page} \`${row.lcpElement ?? '?'}\``).join('; ')}.`;
  return markdown;
}
