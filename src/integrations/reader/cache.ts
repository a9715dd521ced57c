/**
 * The audio reader's segment cache (issue 7; issue 13): every synthesized segment is kept under
 * `settings.cacheDir` as `<key>.mp3` and `<key>.json` (`{ durationMs, bytes }`), keyed by sha256 of its text and
 * the engine settings, the engine that ran included: the two espeak-ng builds differ in version and voice, so
 * switching engines starts a separate set of cache entries (both kept), never mixes their audio within a site.
 * The key is what existing caches were written with: changing `engineSignature` makes every entry miss.
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

/** Cache files of a segment: its MP3 and its metadata (duration, bytes). */
function cacheFiles(text: string, settings: ResolvedReaderSettings): { key: string; file: string; metaFile: string } {
  const key = segmentKey(text, settings);
  return { key, file: path.join(settings.cacheDir, `${key}.mp3`), metaFile: path.join(settings.cacheDir, `${key}.json`) };
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
