/**
 * Benchmark section "soak" (`npm run soak`, or `npm run bench -- --only soak`): the publishing loop rehearsed for N
 * cycles as production runs it, faults, overlaps, a killed deploy and visitors included (scripts/bench/soak/loop.mjs;
 * the editor simulator in soak/editor.mjs, the visitors in soak/visitors.mjs). Not a test: it measures and prints;
 * tests/build/soak.test.ts runs a short soak and asserts on the same summary. `node scripts/bench/soak.mjs --report
 * <work>/soak.jsonl --sizes <label>` prints the figures of a soak from its log (one stopped early included).
 *
 * Sizes: `sample` (the sample portal, SOAK_CYCLES.sample cycles by default) and `1k` (1,000 generated items added,
 * SOAK_CYCLES['1k'] cycles); `--cycles` overrides both. The audio reader is as the machine's default (production's),
 * unless `--reader off`.
 *
 * What it records, per cycle and in sum: visitor answers other than 200/301/304 (404 allowed only for withdrawn
 * pages), pages whose assets are missing, CSP violations, page errors, every change's time from the portal to the
 * live site, changes never published, failed cycles and why, the server's disk and its releases.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_WORK_DIR } from './build.mjs';
import { runSoak } from './soak/loop.mjs';
import { seconds, table } from './util.mjs';

/** Sizes of this section: items added to the sample content. */
export const SOAK_SIZES = { sample: 0, '1k': 1000 };
/** Cycles per size by default (the bench's figures: at least 50 at the sample and 10 at 1,000 items). */
export const SOAK_CYCLES = { sample: 50, '1k': 10 };

/** Events after which a cycle publishes nothing new by design: the run killed, the list refused, the portal down. */
const HOLDING_EVENTS = ['kill', 'shrink', 'outage', 'http500'];

/** The p-th percentile (0–100) of numbers, nearest rank; null for none. */
const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * The figures of one soak.
 * @param {{ cycles: object[], changes: object[] }} result runSoak's
 * @returns {{ cycles: number, deployed: number, failed: { cycle: number, events: string[], reason: string }[],
 *   visitorRequests: number, visitorErrors: object[], violations: string[], missing: string[], pageErrors: string[],
 *   live: number, superseded: number, unpublished: object[], p50LiveMs: number | null, p95LiveMs: number | null,
 *   maxLiveMs: number | null, p95LoopLiveMs: number | null, p95QuietLiveMs: number | null, firstPublishMs: number | null, maxDiskBytes: number, maxReleases: number, releasesBounded: boolean,
 *   overlaps: string[], imagesReported: (boolean | null)[] }}
 */
export function summarize({ cycles, changes }) {
  // Notifications reach visitors from the portal directly (the browser asks for them): not timed as publishing.
  const published = changes.filter((change) => change.kind !== 'notification' && !change.superseded);
  const liveMs = published.filter((change) => change.liveAt !== undefined).map((change) => change.liveAt - change.madeAt);
  // Changes made in a cycle of the running loop whose run was meant to publish (no event that stops or starves it):
  // what an editor waits when the loop is healthy; the others wait for the next good run by design. Cycle 1 is the
  // site's first publish, on an empty target and an empty cache (every image made, every page compressed): it
  // happens once in the site's life, not every 10 minutes, so its time is reported apart (firstPublishMs).
  const meantToPublish = new Set(
    cycles.filter((cycle) => cycle.cycle > 1 && !cycle.events.some((event) => HOLDING_EVENTS.includes(event))).map((cycle) => cycle.cycle),
  );
  const loopMs = published.filter((change) => change.liveAt !== undefined && change.cycle > 1).map((change) => change.liveAt - change.madeAt);
  const quietMs = published
    .filter((change) => change.liveAt !== undefined && meantToPublish.has(change.cycle))
    .map((change) => change.liveAt - change.madeAt);
  // A visited page's own answer is not an asset (soak/visitors.mjs leaves it out; logs from before it did still hold
  // it as `<path>: <status> <path>`): the poller judges pages.
  const own = (line) =>
    /^(\S+?)\/?: \d+ (\S+?)\/?$/
      .exec(line)
      ?.slice(1)
      .every((part, _i, [visited]) => part === visited) ?? false;
  const browser = (key) =>
    cycles.flatMap((cycle) =>
      (cycle.browser?.[key] ?? []).filter((line) => key !== 'missing' || !own(line)).map((line) => `cycle ${cycle.cycle}: ${line}`),
    );
  return {
    cycles: cycles.length,
    deployed: cycles.filter((cycle) => cycle.result === 'deployed').length,
    failed: cycles.filter((cycle) => cycle.result !== 'deployed').map(({ cycle, events, reason }) => ({ cycle, events, reason })),
    visitorRequests: cycles.reduce((sum, cycle) => sum + cycle.visitors.requests, 0),
    visitorErrors: cycles.flatMap((cycle) => cycle.visitors.errors.map((error) => ({ cycle: cycle.cycle, ...error }))),
    violations: browser('violations'),
    missing: browser('missing'),
    pageErrors: browser('errors'),
    live: liveMs.length,
    superseded: changes.filter((change) => change.superseded).length,
    unpublished: changes.filter((change) => change.liveAt === undefined && !change.superseded).map(({ id, cycle, path }) => ({ id, cycle, path })),
    p50LiveMs: percentile(liveMs, 50),
    p95LiveMs: percentile(liveMs, 95),
    maxLiveMs: liveMs.length ? Math.max(...liveMs) : null,
    p95LoopLiveMs: percentile(loopMs, 95),
    p95QuietLiveMs: percentile(quietMs, 95),
    firstPublishMs: cycles.find((cycle) => cycle.cycle === 1)?.ms ?? null,
    maxDiskBytes: Math.max(0, ...cycles.map((cycle) => cycle.diskBytes)),
    maxReleases: Math.max(0, ...cycles.map((cycle) => cycle.releases)),
    releasesBounded: cycles.every((cycle) => cycle.releasesWithinKeep),
    overlaps: cycles.filter((cycle) => cycle.overlap).map((cycle) => `cycle ${cycle.cycle}: ${cycle.overlap}`),
    imagesReported: cycles.map((cycle) => cycle.imageReported).filter((value) => value !== null),
  };
}

/** Markdown of the soaks of this section. */
function markdownOf(runs) {
  const ms = (value) => (value === null ? '—' : seconds(value));
  const rows = runs.map(({ label, summary: s, reader }) => [
    `${label} (reader ${reader})`,
    `${s.cycles}: ${s.deployed} deployed, ${s.failed.length} failed`,
    `${s.visitorRequests.toLocaleString('en')} / ${s.visitorErrors.length}`,
    `${s.violations.length} / ${s.missing.length} / ${s.pageErrors.length}`,
    `${s.live} live, ${s.unpublished.length} never, ${s.superseded} superseded`,
    `${ms(s.p50LiveMs)} / ${ms(s.p95LiveMs)} / ${ms(s.maxLiveMs)} (p95 of the loop's edits, from cycle 2 on, ${ms(s.p95LoopLiveMs)}, of its cycles meant to publish ${ms(s.p95QuietLiveMs)}; the first publish took ${ms(s.firstPublishMs)})`,
    `${(s.maxDiskBytes / 1024 / 1024).toFixed(0)} MB, ${s.maxReleases} releases${s.releasesBounded ? '' : ' (OVER the limit)'}`,
  ]);
  const failures = runs.flatMap(({ label, summary }) =>
    summary.failed.map((failure) => `- ${label}, cycle ${failure.cycle} (${failure.events.join(', ') || 'no event'}): ${failure.reason}`),
  );
  return [
    'Each cycle: the cache restored from its store (emptied on `evict`), `npm run rebuild` (build, checks, deploy over SSH ' +
      'to a target real nginx serves, reloaded after each switch, DEPLOY_KEEP_RELEASES 5), against the sample portal an ' +
      'editor simulator changes (a news item added with its photograph, one retitled, one withdrawn, an FAQ item every other ' +
      'cycle, a notification); one event per cycle in turn: a dropped image, two runs at once, a malformed item, kill -9 ' +
      'during the deploy, a list shrinking to 3, a stalled image, a portal outage, HTTP 500, the cache evicted. Visitors: ' +
      'a bounded load (autocannon, 40 requests/s) on pages and the current and previous release’s assets, search files, ' +
      'images and audio during every run; Chromium opens 4 pages after each switch.',
    table(
      [
        'size',
        'cycles',
        'visitor requests / errors',
        'CSP violations / missing assets / page errors',
        'changes',
        'portal → live p50 / p95 / max',
        'server disk (max)',
      ],
      rows,
    ),
    runs
      .map(
        ({ label, summary: s }) =>
          `${label}: overlapping runs ${s.overlaps.join('; ') || '—'}; faulty photographs named in the publish report: ${s.imagesReported.filter(Boolean).length} of ${s.imagesReported.length}.`,
      )
      .join('\n\n'),
    failures.length ? `Failed cycles (expected: the shrink refused, the killed run; each names its reason):\n\n${failures.join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The soak section.
 * @param {{ sizes: string[], cycles?: number, reader?: string, log?: (line: string) => void }} options sizes: names of
 *   SOAK_SIZES (others skipped)
 * @returns {Promise<{ title: string, markdown: string, data: object }>}
 */
export async function benchSoak({ sizes, cycles, reader, log = console.log }) {
  const runs = [];
  for (const label of sizes.filter((size) => size in SOAK_SIZES)) {
    const result = await runSoak({
      cycles: cycles ?? SOAK_CYCLES[label],
      scale: SOAK_SIZES[label],
      work: path.join(BENCH_WORK_DIR, `soak-${label}`),
      reader,
      log,
    });
    runs.push({ label, reader: reader ?? 'default', summary: summarize(result), cycles: result.cycles });
  }
  return { title: 'Soak: the publishing loop rehearsed', markdown: markdownOf(runs), data: runs };
}

/**
 * The section's figures from the `soak.jsonl` a soak writes cycle by cycle (scripts/bench/soak/loop.mjs), for a
 * soak stopped early or summarized again.
 * @param {string} file the soak.jsonl
 * @param {string} label the size's name
 * @returns {string} Markdown
 */
export function reportFromLog(file, label) {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const cycles = lines.map((line) => line.record);
  const changes = lines.at(-1)?.changes ?? [];
  return markdownOf([{ label, reader: 'as run', summary: summarize({ cycles, changes }), cycles }]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: 'sample' },
      cycles: { type: 'string' },
      reader: { type: 'string' },
      report: { type: 'string' },
    },
  });
  if (values.report) {
    console.log(reportFromLog(values.report, values.sizes));
    process.exit(0);
  }
  const section = await benchSoak({
    sizes: values.sizes.split(','),
    cycles: values.cycles ? Number(values.cycles) : undefined,
    reader: values.reader,
    log: (line) => console.error(`[soak] ${line}`),
  });
  console.log(section.markdown);
}
