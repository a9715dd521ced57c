/**
 * The audio reader's site step (issue 7; spec §1 "an audio reader for page content"; issue 13; issue 15: it takes
 * the build's one list of pages), run at the end of a build and by the benchmark (scripts/bench/reader.mjs):
 *
 *   built pages → readable text and segments (src/integrations/reader/text.ts) → segments not in the cache
 *   (src/integrations/reader/cache.ts) synthesized by the engine (src/integrations/reader/engines.ts) → MP3 (mono,
 *   16 kHz, 24 kbit/s) in `dist/reader/audio/<hash>.mp3` + a manifest (ReaderManifest) at each page's readerPath.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { READER_AUDIO_DIR, READER_DIR, type ReaderManifest } from '../../lib/reader-path.ts';
import { isCached, segmentKey, synthesizeSegment, type CachedSegment } from './cache.ts';
import { openSynthesizer, probeEngine, type EngineProbe } from './engines.ts';
import { READER_DEFAULTS, type ReaderSettings, type SpeechEngine } from './settings.ts';
import { extractReaderPage, splitSegments, type ReaderPage } from './text.ts';

/** What one synthesis run did. Times in ms, sizes in bytes. */
export interface ReaderStats {
  /** The engine that ran (probeEngine's description) and its resolved id. */
  engine: SpeechEngine;
  engineDescription: string;
  /** Pages that got a manifest. */
  pages: number;
  /** Segments over all pages, and distinct segments (same text = one file). */
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
  /** Per page: its route's readerPath, text length (chars), segments, and synthesis time of its segments now (ms). */
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
 * `concurrency` workers (default: the machine's available parallelism), copies the MP3 files to
 * `<outDir>/reader/audio/` (the folder emptied first) and writes each page's manifest (ReaderManifest) at its
 * readerPath under `outDir` (default `distDir`).
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
}): Promise<ReaderStats> {
  const { distDir } = options;
  const outDir = options.outDir ?? distDir;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const probe = options.engine ?? (await probeEngine(options.settings));
  if (!probe.ok) throw new Error(`Reader: no speech engine: ${probe.reason}.`);
  const settings = probe.settings;
  const pages: (ReaderPage & { segments: string[]; file: string })[] = [];
  for (const file of options.pages) {
    const page = extractReaderPage(await readFile(file, 'utf8'));
    if (page) pages.push({ ...page, file, segments: splitSegments(page.text, settings.segmentMaxChars) });
  }
  const distinct = new Set(pages.flatMap((page) => page.segments));
  const toSynthesize = [...distinct].filter((text) => !isCached(text, settings));
  log(
    `Audio reader: ${probe.description}: ${toSynthesize.length} of ${distinct.size} segments to synthesize ` +
      `for ${pages.length} pages, the rest from the cache`,
  );
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const limit = pLimit(concurrency);
  const synthesizer = openSynthesizer(settings, Math.min(concurrency, toSynthesize.length));
  // The time left is estimated from the speed so far: start counting once the engine has loaded.
  if (toSynthesize.length > 0) {
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
  const jobs = new Map<string, Promise<CachedSegment & { synthesized: boolean; ms: number; src: string }>>();
  const segmentJob = (text: string, page: string) => {
    const key = segmentKey(text, settings);
    let job = jobs.get(key);
    if (!job) {
      job = limit(async () => {
        const entry = await synthesizeSegment(text, settings, synthesizer).catch((error: Error) => {
          throw new Error(`Reader: the audio of ${page} failed: ${error.message}`, { cause: error });
        });
        const name = `${key.slice(0, 24)}.mp3`;
        await copyFile(entry.file, path.join(audioDir, name));
        if (entry.synthesized) {
          charsDone += text.length;
          progress(pagesDone, charsDone);
        }
        return { ...entry, src: `/${READER_DIR}/${READER_AUDIO_DIR}/${name}` };
      });
      jobs.set(key, job);
    }
    return job;
  };
  const perPage: ReaderStats['perPage'] = [];
  let audioMs = 0;
  try {
    await Promise.all(
      pages.map(async (page) => {
        const relative = path.relative(distDir, page.file);
        const done = await Promise.all(page.segments.map((text) => segmentJob(text, relative)));
        const manifest: ReaderManifest = {
          version: 1,
          page: relative,
          durationMs: done.reduce((sum, segment) => sum + segment.durationMs, 0),
          segments: done.map(({ src, durationMs }) => ({ src, durationMs })),
        };
        audioMs += manifest.durationMs;
        const manifestFile = path.join(outDir, page.readerPath.replace(/^\//, ''));
        await mkdir(path.dirname(manifestFile), { recursive: true });
        await writeFile(manifestFile, JSON.stringify(manifest));
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
  const unique = await Promise.all(jobs.values());
  return {
    engine: settings.engine,
    engineDescription: probe.description,
    pages: pages.length,
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
