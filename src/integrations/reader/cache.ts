/**
 * The audio reader's segment cache (a rebuild synthesizes only text that changed): every synthesized segment is kept under
 * `settings.cacheDir` as `<key>.mp3` and `<key>.json` (`{ durationMs, bytes }`), keyed by sha256 of its text and
 * the engine settings, the engine that ran included: the two espeak-ng builds differ in version and voice, so
 * switching engines starts a separate set of cache entries (both kept), never mixes their audio within a site.
 * The key is what existing caches were written with: changing `engineSignature` makes every entry miss.
 *
 * Beside the segments, `pages/` keeps each page's last complete audio (PageAudioRecord): the keys
 * of its segments in reading order, so that a page whose new text is not synthesized yet (the build's time budget
 * ran out) keeps playing its previous text. It lives in the cache, not in dist/, because the rebuild workflow
 * keeps Astro's cache between builds, not dist/.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Synthesizer } from './engines.ts';
import type { ResolvedReaderSettings } from './settings.ts';

/** Bumped when the pipeline's output changes for the same settings and text, so old cache entries are not reused. */
const PIPELINE_VERSION = 1;

/** The settings that change the audio, as the cache key's salt. */
function engineSignature(settings: ResolvedReaderSettings): string {
  const { engine, voice, wordsPerMinute, command, commandFormat, bitrateKbps, encoderQuality, sampleRateKhz } = settings;
  if (engine === 'espeak-ng-wasm') {
    return JSON.stringify({ v: PIPELINE_VERSION, engine, voice, wordsPerMinute, bitrateKbps, sampleRateKhz });
  }
  // The native engine keeps the name it had before the wasm build came (`espeak-ng`), so existing caches stay valid.
  const engineParts = engine === 'espeak-ng-native' ? { engine: 'espeak-ng', voice, wordsPerMinute } : { engine, command, commandFormat };
  return JSON.stringify({ v: PIPELINE_VERSION, ...engineParts, bitrateKbps, encoderQuality, sampleRateKhz });
}

/** Cache key of one segment: sha256 hex of its text and the settings of the engine that runs. */
export function segmentKey(text: string, settings: ResolvedReaderSettings): string {
  return createHash('sha256').update(engineSignature(settings)).update('\n').update(text).digest('hex');
}

/** A segment in the cache: its MP3 file, duration (ms) and size (bytes). */
export interface CachedSegment {
  file: string;
  durationMs: number;
  bytes: number;
}

/** Cache files of the segment whose key is `key`: its MP3 and its metadata (duration, bytes). */
function filesOfKey(key: string, settings: ResolvedReaderSettings): { key: string; file: string; metaFile: string } {
  return { key, file: path.join(settings.cacheDir, `${key}.mp3`), metaFile: path.join(settings.cacheDir, `${key}.json`) };
}

/** Cache files of a segment: its MP3 and its metadata (duration, bytes). */
function cacheFiles(text: string, settings: ResolvedReaderSettings): { key: string; file: string; metaFile: string } {
  return filesOfKey(segmentKey(text, settings), settings);
}

/** Whether a segment's audio is in the cache. */
export function isCached(text: string, settings: ResolvedReaderSettings): boolean {
  const { file, metaFile } = cacheFiles(text, settings);
  return existsSync(metaFile) && existsSync(file);
}

/**
 * Synthesizes one segment into the cache with `synthesizer` (the engine of `settings`, resolved by `probeEngine`),
 * or finds it there. Returns the entry and whether it was synthesized now, with the time it took (ms). Rejects
 * with the synthesizer's error (naming the engine's command) when synthesis or encoding fails; a failed segment
 * leaves no cache entry.
 */
export async function synthesizeSegment(
  text: string,
  settings: ResolvedReaderSettings,
  synthesizer: Synthesizer,
): Promise<CachedSegment & { synthesized: boolean; ms: number }> {
  const { file, metaFile } = cacheFiles(text, settings);
  if (isCached(text, settings)) {
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { durationMs: number; bytes: number };
    return { file, ...meta, synthesized: false, ms: 0 };
  }
  const started = performance.now();
  await mkdir(settings.cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), 'reader-'));
  try {
    const mp3 = path.join(work, 'speech.mp3.out');
    const durationMs = await synthesizer.synthesize(text, work, mp3);
    const bytes = (await stat(mp3)).size;
    // Written under temporary names and renamed, so a cut-off build leaves no half entry.
    await copyFile(mp3, `${file}.tmp`);
    await rename(`${file}.tmp`, file);
    await writeFile(`${metaFile}.tmp`, JSON.stringify({ durationMs, bytes }));
    await rename(`${metaFile}.tmp`, metaFile);
    return { file, durationMs, bytes, synthesized: true, ms: performance.now() - started };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Folder of the page records inside the cache. */
const PAGE_RECORD_FOLDER = 'pages';

/** A page's last complete audio (what it reads while the time budget leaves its new text): the cache keys of its segments, in reading order. */
export interface PageAudioRecord {
  keys: string[];
}

/**
 * The record file of the page at `readerPath`, named by a hash of its readerPath and the engine settings (as
 * segmentKey), so a switch of engine never brings back another engine's audio.
 */
function pageRecordFile(readerPath: string, settings: ResolvedReaderSettings): string {
  return path.join(settings.cacheDir, PAGE_RECORD_FOLDER, `${segmentKey(`page ${readerPath}`, settings)}.json`);
}

/**
 * Notes that the page at `readerPath` has complete audio made of the segments `keys` (segmentKey, reading order).
 * Written under a temporary name and renamed, so a cut-off build leaves the previous record whole.
 */
export async function writePageAudio(readerPath: string, keys: readonly string[], settings: ResolvedReaderSettings): Promise<void> {
  const file = pageRecordFile(readerPath, settings);
  await mkdir(path.dirname(file), { recursive: true });
  const record: PageAudioRecord = { keys: [...keys] };
  await writeFile(`${file}.tmp`, JSON.stringify(record));
  await rename(`${file}.tmp`, file);
}

/**
 * The last complete audio of the page at `readerPath` (writePageAudio), with each segment's cache entry, or
 * undefined when the page never had complete audio with these engine settings or one of its segments has left
 * the cache.
 */
export async function readPageAudio(readerPath: string, settings: ResolvedReaderSettings): Promise<(CachedSegment & { key: string })[] | undefined> {
  const record = await readFile(pageRecordFile(readerPath, settings), 'utf8').then(
    (text) => JSON.parse(text) as PageAudioRecord,
    () => undefined,
  );
  if (!record?.keys.length) return undefined;
  const segments: (CachedSegment & { key: string })[] = [];
  for (const key of record.keys) {
    const { file, metaFile } = filesOfKey(key, settings);
    if (!existsSync(file) || !existsSync(metaFile)) return undefined;
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { durationMs: number; bytes: number };
    segments.push({ key, file, ...meta });
  }
  return segments;
}
