/**
 * The audio reader's site step (REFERENCE.md "Product": "an audio reader for page content"; it takes the build's one list of
 * pages, BuiltPages), run at the end of a build and by the benchmark (scripts/bench/reader.mjs):
 *
 *   built pages → readable text and segments (plan.ts, text.ts) → segments not in the cache (cache.ts)
 *   synthesized by the engine (jobs.ts, engines.ts) → MP3 (mono, 16 kHz, 24 kbit/s) in `dist/reader/audio/<hash>.mp3`
 *   + a manifest (ReaderManifest) at each page's readerPath (manifests.ts).
 *
 * Speech never delays a publish: synthesis has a time budget per build (READER_BUDGET_SECONDS,
 * ReaderSettings.budgetSeconds; budget.ts). Pages are taken newest first (their date, ReaderPage.date), so when the
 * budget is spent, no new segment starts, and a page whose audio is incomplete gets the manifest of its previous
 * text's audio if the cache has it (PageAudioRecord), else a manifest without segments: its player shows nothing
 * (src/components/ReaderPlayer.ts; an empty manifest rather than none, so the browser logs no failed request). The
 * segments synthesized are in the cache, so the next build goes on from there.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { accountBudget, openBudget, type BudgetAccount } from './budget.ts';
import { probeEngine, type EngineProbe } from './engines.ts';
import { openEngine, segmentJobs, type SegmentAudio } from './jobs.ts';
import { openAudioFolder, writePageManifest, type PageManifestOutcome, type PageReading } from './manifests.ts';
import { planReaderSite } from './plan.ts';
import { progressReporter } from './progress.ts';
import { READER_DEFAULTS, type ReaderSettings, type SpeechEngine } from './settings.ts';

/**
 * What one synthesis run did. Times in ms, sizes in bytes. From the budget's account (BudgetAccount): pages whose
 * manifest reads their text, pages given their previous text's audio (the budget ran out before their new text was
 * synthesized), pages without audio (a manifest without segments: no player) until a later build, and the segments
 * the spent budget left for a later build.
 */
export interface ReaderStats extends BudgetAccount {
  /** The engine that ran (probeEngine's description) and its resolved id. */
  engine: SpeechEngine;
  engineDescription: string;
  /** Pages with something to read (main `data-reader`). */
  pages: number;
  /** Segments over all pages, and distinct segments with audio now (same text = one file). */
  segments: number;
  uniqueSegments: number;
  /** Distinct segments synthesized now, and found in the cache. */
  synthesized: number;
  cached: number;
  /** Bytes of all distinct audio files written. */
  audioBytes: number;
  /** Seconds of audio over all pages. */
  audioSeconds: number;
  /** Engine + encoder time summed over segments synthesized now (ms), and the run's wall time (ms). */
  synthesisMs: number;
  wallMs: number;
  /** Per page with audio of its text: its route's readerPath, text length (chars), segments, and synthesis time of
   * its segments now (ms). */
  perPage: PageReading[];
}

/**
 * Gives every built page that asks for it (main `data-reader`) its audio: reads `pages`, splits their text into
 * segments, resolves the engine (`probeEngine`), synthesizes the segments not in the cache with a pool of
 * `concurrency` workers (default: the machine's available parallelism), pages in order of their date, newest
 * first (undated pages last, then by file), copies the MP3 files to `<outDir>/reader/audio/` (the folder emptied
 * first) and writes each page's manifest (ReaderManifest) at its readerPath under `outDir` (default `distDir`).
 * Time budget (READER_BUDGET_SECONDS, budget.ts): once `settings.budgetSeconds` have passed since the call (reading
 * pages and loading the engine count), no new segment is synthesized (segments already started finish; cached ones
 * are still used); a page left incomplete gets its previous text's audio (readPageAudio) or a manifest without
 * segments (no player). `clock` (default `performance.now`, ms) measures the budget; tests pass a fake one.
 * `pages`: the HTML files of `distDir` (absolute paths, as the build's one walk of dist/ lists them); other files
 * are read too but get nothing unless their `main` carries `data-reader`. A manifest's `page` is its file's path
 * relative to `distDir`.
 * `log` (default: none) receives one line naming the engine and how many segments it has to synthesize, then
 * while it synthesizes a progress line (pages done of all, time left) at most every `progressIntervalMs`
 * (default READER_DEFAULTS.progressIntervalMs).
 * `engine` (optional): the result of an earlier `probeEngine(settings)`, so the engine is not probed twice.
 * Throws when no engine is usable (the probe's reason) or (naming the page) when a page's text cannot be synthesized.
 */
export async function synthesizeSite(options: {
  distDir: string;
  pages: readonly string[];
  settings: ReaderSettings;
  outDir?: string;
  concurrency?: number;
  /** The engine `probeEngine(settings)` already found (the build's config step); probed here when absent. */
  engine?: Extract<EngineProbe, { ok: true }>;
  log?: (line: string) => void;
  progressIntervalMs?: number;
  /** The clock of the time budget, ms (default performance.now). */
  clock?: () => number;
}): Promise<ReaderStats> {
  const { distDir } = options;
  const dirs = { distDir, outDir: options.outDir ?? distDir };
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const budget = openBudget(options.settings.budgetSeconds, options.clock ?? (() => performance.now()));
  const probe = options.engine ?? (await probeEngine(options.settings));
  if (!probe.ok) throw new Error(`Reader: no speech engine: ${probe.reason}.`);
  const settings = probe.settings;
  const { pages, distinct, toSynthesize } = await planReaderSite(options.pages, settings);
  log(
    `Audio reader: ${probe.description}: ${toSynthesize.length} of ${distinct.size} segments to synthesize ` +
      `for ${pages.length} pages, the rest from the cache (time budget ${options.settings.budgetSeconds} s)`,
  );
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const synthesizer = await openEngine(settings, { concurrency, segments: toSynthesize.length, budget });
  // The time left is estimated from the speed so far: counted from here, once the engine has loaded.
  const progress = progressReporter({
    pages: pages.length,
    charsToSynthesize: toSynthesize.reduce((sum, text) => sum + text.length, 0),
    intervalMs: options.progressIntervalMs ?? READER_DEFAULTS.progressIntervalMs,
    log,
  });
  const publish = await openAudioFolder(dirs.outDir);
  const jobs = segmentJobs({ settings, synthesizer, concurrency, budget, publish, onSynthesized: progress.segmentSynthesized });
  const outcomes: PageManifestOutcome[] = [];
  try {
    await Promise.all(
      pages.map(async (page) => {
        const relative = path.relative(distDir, page.file);
        const results = await Promise.all(page.segments.map((text) => jobs.audioOf(text, relative)));
        const outcome = await writePageManifest({ page, results, settings, dirs, publish });
        outcomes.push(outcome);
        if (outcome.audio === 'text') progress.pageDone();
      }),
    );
  } finally {
    await synthesizer.close();
  }
  const results = await jobs.settled();
  const unique = results.filter((entry): entry is SegmentAudio => entry !== undefined);
  return {
    engine: settings.engine,
    engineDescription: probe.description,
    pages: pages.length,
    ...accountBudget(
      budget,
      pages.length,
      outcomes.map((outcome) => outcome.audio),
      results,
    ),
    segments: pages.reduce((sum, page) => sum + page.segments.length, 0),
    uniqueSegments: unique.length,
    synthesized: unique.filter((entry) => entry.synthesized).length,
    cached: unique.filter((entry) => !entry.synthesized).length,
    audioBytes: unique.reduce((sum, entry) => sum + entry.bytes, 0),
    audioSeconds: Math.round(outcomes.reduce((sum, outcome) => sum + outcome.durationMs, 0) / 1000),
    synthesisMs: Math.round(unique.reduce((sum, entry) => sum + entry.ms, 0)),
    wallMs: Math.round(performance.now() - started),
    perPage: outcomes.flatMap((outcome) => (outcome.audio === 'text' ? [outcome.reading] : [])),
  };
}
