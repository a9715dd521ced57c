/**
 * The audio reader's plan (REFERENCE.md "Product": "an audio reader for page content"): which built pages have something to read,
 * in which segments, in which order, and which segments the cache does not have yet.
 */
import { readFile } from 'node:fs/promises';
import { isCached } from './cache.ts';
import { engineText } from './pronunciation.ts';
import { openSpokenCache } from './spoken-cache.ts';
import type { ResolvedReaderSettings } from './settings.ts';
import { extractReaderPage, splitSegments, type ReaderPage } from './text.ts';

/**
 * A built page with something to read: its readable text (ReaderPage), HTML file (absolute) and segments, each as
 * the engine receives it (engineText: the readings of its characters for espeak-ng).
 */
export type PlannedPage = ReaderPage & { file: string; segments: string[] };

/** What a synthesis run has to do. */
export interface ReaderPlan {
  /** The pages with something to read, newest first (see planReaderSite). */
  pages: PlannedPage[];
  /** Distinct segment texts over all pages (same text = one audio file). */
  distinct: Set<string>;
  /** Of those, the ones not in the cache (isCached): what the engine has to synthesize. */
  toSynthesize: string[];
}

/**
 * Reads every file of `files` (absolute paths of built HTML pages; a page gets audio only when its `main` carries
 * `data-reader`, extractReaderPage), splits each text into segments of at most `settings.segmentMaxChars`
 * characters (counted before the readings' pinyin replaces the characters, pronunciation.ts), and orders the pages by their date, newest first (undated pages last, then by file): when the
 * synthesis time budget (READER_BUDGET_SECONDS) runs out, the pages editors changed last are the ones with audio.
 * Rejects when a file cannot be read.
 */
export async function planReaderSite(files: readonly string[], settings: ResolvedReaderSettings): Promise<ReaderPlan> {
  const pages: PlannedPage[] = [];
  // Each distinct segment's engine text once (list pages repeat their items' text), and from the previous build's
  // memo when it has it: the readings cost about 0.7 ms per segment (readings.ts, spoken-cache.ts).
  const spoken = settings.engine === 'command' ? undefined : await openSpokenCache(settings);
  const engineTextOf = (segment: string): string =>
    spoken ? spoken.get(segment, (text) => engineText(text, settings.engine)) : engineText(segment, settings.engine);
  for (const file of files) {
    const page = extractReaderPage(await readFile(file, 'utf8'));
    if (!page) continue;
    const segments = splitSegments(page.text, settings.segmentMaxChars).map(engineTextOf);
    pages.push({ ...page, file, segments });
  }
  await spoken?.save();
  pages.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.file.localeCompare(b.file));
  const distinct = new Set(pages.flatMap((page) => page.segments));
  const toSynthesize = [...distinct].filter((text) => !isCached(text, settings));
  return { pages, distinct, toSynthesize };
}
