/**
 * Benchmark section "timings": how long the pieces take whose behaviour the unit tests check without a clock (speed
 * belongs to the bench, never to a timed test: scripts/bench/README.md). Each row gives the measured times (median and
 * worst of RUNS runs) with the budget beside them; nothing is asserted.
 *
 * - notification selection: src/lib/notifications.ts selectNotifications over 10,000 notifications with long texts
 *   (what the browser does with the flood of scripts/bench/notifications.mjs before it renders; tests/unit/
 *   notification-limits.test.ts checks what is kept and counted);
 * - portal timeout: src/portal/client.ts callPortal against a sample portal answering after 3 s, with a 200 ms limit:
 *   the time until PortalTimeoutError (tests/unit/portal-client.test.ts checks the error and that it is not retried);
 * - sample portal `slow` fault: the time a `slow` answer with `delayMs: 300` takes (scripts/sample-portal/README.md;
 *   tests/unit/sample-portal.test.ts checks it answers normally and that a client timeout gives up first).
 *
 * The TypeScript of src/ imports without extensions (as Vite resolves them), so it is bundled with esbuild into
 * node_modules/.cache/ before it is imported; the packages it uses stay imports of node_modules.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { median, ROOT, table } from './util.mjs';

/** Runs per measurement. */
export const RUNS = 5;
/** Notifications in the selection measured. */
const NOTIFICATION_COUNT = 10_000;
/**
 * Budget of one selection of 10,000 notifications, ms: well under a frame's worth of work per kept item; reading all
 * 10,000 (texts cut, hashes, links) costs several times this, the rule is "bounded".
 */
export const SELECTION_BUDGET_MS = 100;
/** The portal call's time limit in this measurement, ms, and how late the sample portal answers, ms. */
const CALL_TIMEOUT_MS = 200;
const PORTAL_DELAY_MS = 3_000;
/** Budget from the call to its PortalTimeoutError, ms: the limit and a loaded machine's slack, far below the answer. */
export const TIMEOUT_BUDGET_MS = 2_000;
/** The `slow` fault's delay measured, ms (its answer must not come sooner). */
const SLOW_FAULT_DELAY_MS = 300;

/** The src/ modules measured, bundled (see the module comment). */
async function loadSources() {
  const out = path.join(ROOT, 'node_modules/.cache/bench-timings.mjs');
  const bundle = await build({
    stdin: {
      contents: [
        "export { selectNotifications } from './src/lib/notifications.ts';",
        "export { callPortal } from './src/portal/client.ts';",
        "export { ENDPOINTS } from './src/portal/endpoints.ts';",
        "export { PortalTimeoutError } from './src/portal/errors.ts';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
  });
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, bundle.outputFiles[0].text);
  return import(`${pathToFileURL(out).href}?${Date.now()}`);
}

/** `RUNS` timings of `run` (ms each), after one warm-up call. */
async function timed(run) {
  await run();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/** 10,000 notifications of the three categories with 2,200-character texts. */
function manyLongNotifications() {
  const long = '保險理賠服務時間調整。'.repeat(200);
  return Array.from({ length: NOTIFICATION_COUNT }, (_, i) => ({
    id: i,
    category: [1, 2, 8][i % 3],
    title: long,
    description: long,
    startDate: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}+08:00`,
  }));
}

/** A table row: what, median, worst, budget, every run. */
const row = (what, times, budget) => [
  what,
  `${Math.round(median(times))} ms`,
  `${Math.round(Math.max(...times))} ms`,
  budget,
  times.map((ms) => Math.round(ms)).join(', '),
];

/**
 * The timings section.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ title: string, markdown: string, data: object }>} data: the runs of each measurement, in ms
 */
export async function benchTimings({ log = console.log } = {}) {
  const { selectNotifications, callPortal, ENDPOINTS, PortalTimeoutError } = await loadSources();
  log('timings: notification selection…');
  const notifications = manyLongNotifications();
  const selection = await timed(() => selectNotifications(notifications));

  const { startSamplePortal } = await import('../sample-portal/server.mjs');
  const portal = await startSamplePortal({ port: 0, notifications: 'none' });
  let timeout;
  let slow;
  try {
    log('timings: portal timeout…');
    portal.setFaults({ staff: { mode: 'slow', delayMs: PORTAL_DELAY_MS } });
    timeout = await timed(async () => {
      const error = await callPortal(ENDPOINTS.staff, { base: portal.url, timeoutMs: CALL_TIMEOUT_MS, retries: 0 }).catch((e) => e);
      if (!(error instanceof PortalTimeoutError)) throw new Error(`expected a PortalTimeoutError, got ${error}`);
    });
    log('timings: sample portal slow fault…');
    portal.setFaults({ news: { mode: 'slow', delayMs: SLOW_FAULT_DELAY_MS } });
    const news = new URL(ENDPOINTS.news.path, portal.url);
    slow = await timed(async () => {
      const answer = await fetch(news);
      if ((await answer.json()).code !== 20000) throw new Error('the slow news answer is not a success');
    });
  } finally {
    await portal.close();
  }
  const rows = table(
    ['what', 'median', 'worst', 'budget', `runs (ms)`],
    [
      row(`notification selection, ${NOTIFICATION_COUNT.toLocaleString('en')} with long texts`, selection, `< ${SELECTION_BUDGET_MS} ms`),
      row(`portal call, ${CALL_TIMEOUT_MS} ms limit, answer after ${PORTAL_DELAY_MS} ms → PortalTimeoutError`, timeout, `< ${TIMEOUT_BUDGET_MS} ms`),
      row(`sample portal \`slow\` fault, delayMs ${SLOW_FAULT_DELAY_MS}`, slow, `≥ ${SLOW_FAULT_DELAY_MS} ms (the delay)`),
    ],
  );
  const markdown = `${rows}\n\n${RUNS} runs each after a warm-up, in this Node process; the sample portal on loopback.`;
  return { title: 'Timings', markdown, data: { selection, timeout, slow } };
}
