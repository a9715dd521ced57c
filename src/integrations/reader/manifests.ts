/**
 * What the built site's pages read: the audio folder `<outDir>/reader/audio/` and each page's manifest
 * (ReaderManifest, src/lib/reader-path.ts) at its readerPath, which the player (src/components/ReaderPlayer.ts)
 * fetches. A page whose audio is incomplete because the time budget (READER_BUDGET_SECONDS, budget.ts) was spent
 * reads its previous text's audio when the cache has it (readPageAudio), else gets a manifest without segments: its
 * player shows nothing (an empty manifest rather than none, so the browser logs no failed request).
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { READER_AUDIO_DIR, READER_DIR, type ReaderManifest } from '../../lib/reader-path.ts';
import type { PageAudio } from './budget.ts';
import { readPageAudio, writePageAudio } from './cache.ts';
import type { SegmentAudio } from './jobs.ts';
import type { PlannedPage } from './plan.ts';
import type { ResolvedReaderSettings } from './settings.ts';

/**
 * Empties `<outDir>/reader/` and creates its audio folder; resolves to `publish(key, file)`, which copies the cache
 * entry `file` into that folder as `<first 24 hex digits of key>.mp3` and resolves to its site path
 * (`/reader/audio/<name>.mp3`). The folder is this step's alone, and dist/ is kept between builds
 * (src/integrations/output-folder.ts): it starts afresh, so that the audio of pages removed or reworded since goes.
 */
export async function openAudioFolder(outDir: string): Promise<(key: string, file: string) => Promise<string>> {
  const audioDir = path.join(outDir, READER_DIR, READER_AUDIO_DIR);
  await rm(path.join(outDir, READER_DIR), { recursive: true, force: true });
  await mkdir(audioDir, { recursive: true });
  return async (key, file) => {
    const name = `${key.slice(0, 24)}.mp3`;
    await copyFile(file, path.join(audioDir, name));
    return `/${READER_DIR}/${READER_AUDIO_DIR}/${name}`;
  };
}

/**
 * Writes the manifest of `page` read by `segments` (site paths and durations, ms, in reading order) at its
 * readerPath under `outDir`; its `page` is the page's file relative to `distDir`. Resolves to its duration (ms).
 */
export async function writeManifest(
  page: PlannedPage,
  segments: readonly { src: string; durationMs: number }[],
  dirs: { distDir: string; outDir: string },
): Promise<number> {
  const manifest: ReaderManifest = {
    version: 1,
    page: path.relative(dirs.distDir, page.file),
    durationMs: segments.reduce((sum, segment) => sum + segment.durationMs, 0),
    segments: segments.map(({ src, durationMs }) => ({ src, durationMs })),
  };
  const manifestFile = path.join(dirs.outDir, page.readerPath.replace(/^\//, ''));
  await mkdir(path.dirname(manifestFile), { recursive: true });
  await writeFile(manifestFile, JSON.stringify(manifest));
  return manifest.durationMs;
}

/** A page with the audio of its text: its route's readerPath, text length (chars), segments, synthesis time now (ms). */
export interface PageReading {
  readerPath: string;
  chars: number;
  segments: number;
  synthesisMs: number;
}

/** What a page's manifest reads (PageAudio), its duration (ms), and for a page read in full its figures. */
export type PageManifestOutcome =
  | { audio: 'text'; durationMs: number; reading: PageReading }
  | { audio: Exclude<PageAudio, 'text'>; durationMs: number };

/**
 * Writes the manifest of `page` from `results` (the audio of each of its segments, in reading order; undefined
 * where the budget left a segment). All there: the manifest reads them, and the cache notes them as the page's
 * last complete audio (writePageAudio). Not all there: the page's previous text's audio (readPageAudio, its files
 * published again with `publish`), or a manifest without segments.
 */
export async function writePageManifest(options: {
  page: PlannedPage;
  results: readonly (SegmentAudio | undefined)[];
  settings: ResolvedReaderSettings;
  dirs: { distDir: string; outDir: string };
  publish: (key: string, file: string) => Promise<string>;
}): Promise<PageManifestOutcome> {
  const { page, results, settings, dirs } = options;
  const done = results.filter((segment): segment is SegmentAudio => segment !== undefined);
  if (done.length < results.length) {
    // The budget ran out before this text was read in full: its previous text's audio, or no player yet.
    const previous = await readPageAudio(page.readerPath, settings);
    if (previous) {
      const segments = await Promise.all(previous.map(async (entry) => ({ ...entry, src: await options.publish(entry.key, entry.file) })));
      return { audio: 'previous', durationMs: await writeManifest(page, segments, dirs) };
    }
    return { audio: 'none', durationMs: await writeManifest(page, [], dirs) };
  }
  const durationMs = await writeManifest(page, done, dirs);
  await writePageAudio(
    page.readerPath,
    done.map((segment) => segment.key),
    settings,
  );
  return {
    audio: 'text',
    durationMs,
    reading: {
      readerPath: page.readerPath,
      chars: page.text.length,
      segments: done.length,
      synthesisMs: done.reduce((sum, segment) => sum + (segment.synthesized ? segment.ms : 0), 0),
    },
  };
}
