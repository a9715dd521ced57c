/**
 * The audio reader's site step (issue 7; spec §1 "an audio reader for page content"; issue 13; issue 15: it takes
 * the build's one list of pages), run at the end of a build and by the benchmark (scripts/bench/reader.mjs):
 *
 *   built pages → readable text and segments (src/integrations/reader/text.ts) → segments not in the cache
 *   (src/integrations/reader/cache.ts) synthesized by the engine (src/integrations/reader/engines.ts) → MP3 (mono,
 *   16 kHz, 24 kbit/s) in `dist/reader/audio/<hash>.mp3` + a manifest (ReaderManifest) at each page's readerPath.
 *
 * Speech never delays a publish (issue 16 item 5): synthesis has a time budget per build (READER_BUDGET_SECONDS,
 * ReaderSettings.budgetSeconds). Pages are taken newest first (their date, ReaderPage.date), so when the budget
 * is spent, no new segment starts, and a page whose audio is incomplete gets the manifest of its previous text's
 * audio if the cache has it (PageAudioRecord), else a manifest without segments: its player shows nothing
 * (src/islands/ReaderPlayer.tsx; an empty manifest rather than none, so the browser logs no failed request). The segments synthesized are in the cache, so the next build goes on
 * from there.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { READER_AUDIO_DIR, READER_DIR, type ReaderManifest } from '../../lib/reader-path.ts';
import { isCached, readPageAudio, segmentKey, synthesizeSegment, writePageAudio, type CachedSegment } from './cache.ts';
import { openSynthesizer, probeEngine, type EngineProbe } from './engines.ts';
import { READER_DEFAULTS, type ReaderSettings, type SpeechEngine } from './settings.ts';
import { extractReaderPage, splitSegments, type ReaderPage } from './text.ts';

/** What one synthesis run did. Times in ms, sizes in bytes. */
export interface ReaderStats {
  /** The engine that ran (probeEngine's description) and its resolved id. */
  engine: SpeechEngine;
  engineDescription: string;
  /** Pages with something to read (main `data-reader`). */
  pages: number;
  /** Of those, pages whose manifest reads their text, pages given their previous text's audio (the budget ran out
   * before their new text was synthesized), pages without audio (a manifest without segments: no player) until a
   * later build. */
  withAudio: number;
  withPreviousAudio: number;
  withoutAudio: number;
  /** Pages whose text still awaits its audio: withPreviousAudio + withoutAudio. */
  awaiting: number;
  /** Whether the time budget was spent, and the distinct segments it left for a later build. */
  budgetSpent: boolean;
  deferred: number;
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
  perPage: { readerPath: string; chars: number; segments: number; synthesisMs: number }[];
}

/** "1 min 05 s" / "12 s": a duration in ms for the log. */
function spokenDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * Progress of a synthesis for the log: `progress(pagesDone, charsDone)` logs "Audio reader: 40/132 pages, about
 * 1 min 10 s left" when `intervalMs` has passed since the last line. Time left = time so far × characters still
 * to synthesize / characters synthesized (cached segments cost nothing).
 */
function progressReporter(options: { pages: number; charsToSynthesize: number; intervalMs: number; log: (line: string) => void }) {
  const started = performance.now();
  let last = started;
  return (pagesDone: number, charsDone: number) => {
    const now = performance.now();
    if (now - last < options.intervalMs || pagesDone >= options.pages || charsDone === 0) return;
    last = now;
    const left = ((now - started) * Math.max(0, options.charsToSynthesize - charsDone)) / charsDone;
    options.log(`Audio reader: ${pagesDone}/${options.pages} pages, about ${spokenDuration(left)} left`);
  };
}

/**
 * Gives every built page that asks for it (main `data-reader`) its audio: reads `pages`, splits their text into
 * segments, resolves the engine (`probeEngine`), synthesizes the segments not in the cache with a pool of
 * `concurrency` workers (default: the machine's available parallelism), pages in order of their date, newest
 * first (undated pages last, then by file), copies the MP3 files to `<outDir>/reader/audio/` (the folder emptied
 * first) and writes each page's manifest (ReaderManifest) at its readerPath under `outDir` (default `distDir`).
 * Time budget (issue 16 item 5): once `settings.budgetSeconds` have passed since the call (reading pages and
 * loading the engine count), no new segment is synthesized (segments already started finish; cached ones are still
 * used); a page left incomplete gets its previous text's audio (readPageAudio) or a manifest without segments
 * (no player). `clock` (default
 * `performance.now`, ms) measures the budget; tests pass a fake one.
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
  const outDir = options.outDir ?? distDir;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const clock = options.clock ?? (() => performance.now());
  const budgetStart = clock();
  const budgetMs = options.settings.budgetSeconds * 1000;
  let budgetSpent = false;
  /** Whether a new segment may start: the budget is not spent (once spent, it stays spent). */
  const mayStart = () => !(budgetSpent ||= clock() - budgetStart >= budgetMs);
  const probe = options.engine ?? (await probeEngine(options.settings));
  if (!probe.ok) throw new Error(`Reader: no speech engine: ${probe.reason}.`);
  const settings = probe.settings;
  const pages: (ReaderPage & { segments: string[]; file: string })[] = [];
  for (const file of options.pages) {
    const page = extractReaderPage(await readFile(file, 'utf8'));
    if (page) pages.push({ ...page, file, segments: splitSegments(page.text, settings.segmentMaxChars) });
  }
  // Newest first: when the budget runs out, the pages editors changed last are the ones with audio.
  pages.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.file.localeCompare(b.file));
  const distinct = new Set(pages.flatMap((page) => page.segments));
  const toSynthesize = [...distinct].filter((text) => !isCached(text, settings));
  log(
    `Audio reader: ${probe.description}: ${toSynthesize.length} of ${distinct.size} segments to synthesize ` +
      `for ${pages.length} pages, the rest from the cache (time budget ${options.settings.budgetSeconds} s)`,
  );
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const limit = pLimit(concurrency);
  // A budget of 0 synthesizes nothing: the engine is not even loaded.
  const workers = budgetMs > 0 ? Math.min(concurrency, toSynthesize.length) : 0;
  const synthesizer = openSynthesizer(settings, workers);
  // The time left is estimated from the speed so far: start counting once the engine has loaded.
  if (workers > 0) {
    await synthesizer.ready().catch(async (error: Error) => {
      await synthesizer.close();
      throw new Error(`Reader: ${error.message}`, { cause: error });
    });
  }
  const progress = progressReporter({
    pages: pages.length,
    charsToSynthesize: toSynthesize.reduce((sum, text) => sum + text.length, 0),
    intervalMs: options.progressIntervalMs ?? READER_DEFAULTS.progressIntervalMs,
    log,
  });
  let pagesDone = 0;
  let charsDone = 0;
  const audioDir = path.join(outDir, READER_DIR, READER_AUDIO_DIR);
  // The folder is this step's alone, and dist/ is kept between builds (src/integrations/output-folder.ts): start
  // it afresh, so that the audio of pages removed or reworded since goes.
  await rm(path.join(outDir, READER_DIR), { recursive: true, force: true });
  await mkdir(audioDir, { recursive: true });
  type Done = CachedSegment & { key: string; synthesized: boolean; ms: number; src: string };
  /** Copies a cache entry into the site's audio folder; its site path. */
  const publishSegment = async (key: string, file: string) => {
    const name = `${key.slice(0, 24)}.mp3`;
    await copyFile(file, path.join(audioDir, name));
    return `/${READER_DIR}/${READER_AUDIO_DIR}/${name}`;
  };
  const jobs = new Map<string, Promise<Done | undefined>>();
  /** A segment's audio, from the cache or synthesized; undefined when it is not cached and the budget is spent. */
  const segmentJob = (text: string, page: string) => {
    const key = segmentKey(text, settings);
    let job = jobs.get(key);
    if (!job) {
      job = limit(async () => {
        if (!isCached(text, settings) && !mayStart()) return undefined;
        const entry = await synthesizeSegment(text, settings, synthesizer).catch((error: Error) => {
          throw new Error(`Reader: the audio of ${page} failed: ${error.message}`, { cause: error });
        });
        const src = await publishSegment(key, entry.file);
        if (entry.synthesized) {
          charsDone += text.length;
          progress(pagesDone, charsDone);
        }
        return { ...entry, key, src };
      });
      jobs.set(key, job);
    }
    return job;
  };
  const perPage: ReaderStats['perPage'] = [];
  let audioMs = 0;
  let withPreviousAudio = 0;
  let withoutAudio = 0;
  /** Writes the manifest of `page` read by `segments`; its duration, ms. */
  const writeManifest = async (page: (typeof pages)[number], segments: { src: string; durationMs: number }[]) => {
    const manifest: ReaderManifest = {
      version: 1,
      page: path.relative(distDir, page.file),
      durationMs: segments.reduce((sum, segment) => sum + segment.durationMs, 0),
      segments: segments.map(({ src, durationMs }) => ({ src, durationMs })),
    };
    const manifestFile = path.join(outDir, page.readerPath.replace(/^\//, ''));
    await mkdir(path.dirname(manifestFile), { recursive: true });
    await writeFile(manifestFile, JSON.stringify(manifest));
    return manifest.durationMs;
  };
  try {
    await Promise.all(
      pages.map(async (page) => {
        const relative = path.relative(distDir, page.file);
        const results = await Promise.all(page.segments.map((text) => segmentJob(text, relative)));
        const done = results.filter((segment): segment is Done => segment !== undefined);
        if (done.length < results.length) {
          // The budget ran out before this text was read in full: its previous text's audio, or no player yet.
          const previous = await readPageAudio(page.readerPath, settings);
          if (previous) {
            const segments = await Promise.all(previous.map(async (entry) => ({ ...entry, src: await publishSegment(entry.key, entry.file) })));
            audioMs += await writeManifest(page, segments);
            withPreviousAudio += 1;
          } else {
            await writeManifest(page, []);
            withoutAudio += 1;
          }
          return;
        }
        audioMs += await writeManifest(page, done);
        await writePageAudio(page.readerPath, done.map((segment) => segment.key), settings);
        perPage.push({
          readerPath: page.readerPath,
          chars: page.text.length,
          segments: done.length,
          synthesisMs: done.reduce((sum, segment) => sum + (segment.synthesized ? segment.ms : 0), 0),
        });
        pagesDone += 1;
        progress(pagesDone, charsDone);
      }),
    );
  } finally {
    await synthesizer.close();
  }
  const results = await Promise.all(jobs.values());
  const unique = results.filter((entry) => entry !== undefined);
  return {
    engine: settings.engine,
    engineDescription: probe.description,
    pages: pages.length,
    withAudio: pages.length - withPreviousAudio - withoutAudio,
    withPreviousAudio,
    withoutAudio,
    awaiting: withPreviousAudio + withoutAudio,
    budgetSpent,
    deferred: results.length - unique.length,
    segments: pages.reduce((sum, page) => sum + page.segments.length, 0),
    uniqueSegments: unique.length,
    synthesized: unique.filter((entry) => entry.synthesized).length,
    cached: unique.filter((entry) => !entry.synthesized).length,
    audioBytes: unique.reduce((sum, entry) => sum + entry.bytes, 0),
    audioSeconds: Math.round(audioMs / 1000),
    synthesisMs: Math.round(unique.reduce((sum, entry) => sum + entry.ms, 0)),
    wallMs: Math.round(performance.now() - started),
    perPage,
  };
}
