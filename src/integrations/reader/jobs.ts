/**
 * The audio reader's synthesis runs: the engine opened for a build, and one job per distinct segment that finds
 * its audio in the cache or has the engine synthesize it, within the build's time budget (budget.ts).
 */
import pLimit from 'p-limit';
import { isCached, segmentKey, synthesizeSegment, type CachedSegment } from './cache.ts';
import { openSynthesizer, type Synthesizer } from './engines.ts';
import type { SynthesisBudget } from './budget.ts';
import type { ResolvedReaderSettings } from './settings.ts';

/**
 * A segment with audio: its cache entry (MP3 file, duration ms, bytes), cache key, whether it was synthesized now
 * and how long that took (ms; 0 from the cache), and its site path in the built site (`src`).
 */
export type SegmentAudio = CachedSegment & { key: string; synthesized: boolean; ms: number; src: string };

/**
 * Opens the engine of `settings` (resolved by probeEngine) for `segments` segments to synthesize, with as many
 * workers as `concurrency` allows (none when there is nothing to synthesize or the budget allows nothing: the
 * engine is then not even loaded), and waits until it has loaded, so that the time left is estimated from the
 * speed of synthesis alone. Rejects with "Reader: <the engine's error>" (the engine closed) when it cannot load.
 */
export async function openEngine(
  settings: ResolvedReaderSettings,
  options: { concurrency: number; segments: number; budget: SynthesisBudget },
): Promise<Synthesizer> {
  const workers = options.budget.allowsSynthesis ? Math.min(options.concurrency, options.segments) : 0;
  const synthesizer = openSynthesizer(settings, workers);
  if (workers > 0) {
    await synthesizer.ready().catch(async (error: Error) => {
      await synthesizer.close();
      throw new Error(`Reader: ${error.message}`, { cause: error });
    });
  }
  return synthesizer;
}

/** The segment jobs of one run. */
export interface SegmentJobs {
  /**
   * The audio of the segment `text`, one job per distinct segment (same cache key = same job, whichever page asks):
   * from the cache, or synthesized when the budget still lets a segment start; undefined when it is not cached and
   * the budget is spent. Rejects naming `page` (the page's file, relative to the built site) when synthesis fails.
   */
  audioOf(text: string, page: string): Promise<SegmentAudio | undefined>;
  /** Every job's result, once all have settled (one entry per distinct segment asked for). */
  settled(): Promise<(SegmentAudio | undefined)[]>;
}

/**
 * The segment jobs of a run with `synthesizer` (openEngine), at most `concurrency` at a time, in the order pages
 * ask for them. `publish(key, file)` copies a cache entry into the built site and resolves to its site path;
 * `onSynthesized(chars)` is called after a segment of `chars` characters was synthesized now and published.
 */
export function segmentJobs(options: {
  settings: ResolvedReaderSettings;
  synthesizer: Synthesizer;
  concurrency: number;
  budget: SynthesisBudget;
  publish: (key: string, file: string) => Promise<string>;
  onSynthesized: (chars: number) => void;
}): SegmentJobs {
  const { settings, synthesizer, budget } = options;
  const limit = pLimit(options.concurrency);
  const jobs = new Map<string, Promise<SegmentAudio | undefined>>();
  return {
    audioOf: (text, page) => {
      const key = segmentKey(text, settings);
      let job = jobs.get(key);
      if (!job) {
        job = limit(async () => {
          if (!isCached(text, settings) && !budget.mayStart()) return undefined;
          const entry = await synthesizeSegment(text, settings, synthesizer).catch((error: Error) => {
            throw new Error(`Reader: the audio of ${page} failed: ${error.message}`, { cause: error });
          });
          const src = await options.publish(key, entry.file);
          if (entry.synthesized) options.onSynthesized(text.length);
          return { ...entry, key, src };
        });
        jobs.set(key, job);
      }
      return job;
    },
    settled: () => Promise.all(jobs.values()),
  };
}
