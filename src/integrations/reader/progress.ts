/**
 * The progress lines of a long synthesis, so that a first build never looks stuck: "Audio reader: 40/132 pages,
 * about 1 min 10 s left".
 */

/** "1 min 05 s" / "12 s": a duration in ms for the log. */
export function spokenDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** Counts what a synthesis has done and logs its progress. */
export interface ProgressReporter {
  /** A segment of `chars` characters was synthesized now (not found in the cache). */
  segmentSynthesized(chars: number): void;
  /** A page got the audio of its text. */
  pageDone(): void;
}

/**
 * Progress of a synthesis of `pages` pages and `charsToSynthesize` characters not in the cache: after each event
 * it logs "Audio reader: 40/132 pages, about 1 min 10 s left" when `intervalMs` (ms) has passed since the last
 * line (or since this call), unless every page is done or nothing has been synthesized yet. Time left = time so far
 * × characters still to synthesize / characters synthesized (cached segments cost nothing).
 */
export function progressReporter(options: {
  pages: number;
  charsToSynthesize: number;
  intervalMs: number;
  log: (line: string) => void;
}): ProgressReporter {
  const started = performance.now();
  let last = started;
  let pagesDone = 0;
  let charsDone = 0;
  const report = () => {
    const now = performance.now();
    if (now - last < options.intervalMs || pagesDone >= options.pages || charsDone === 0) return;
    last = now;
    const left = ((now - started) * Math.max(0, options.charsToSynthesize - charsDone)) / charsDone;
    options.log(`Audio reader: ${pagesDone}/${options.pages} pages, about ${spokenDuration(left)} left`);
  };
  return {
    segmentSynthesized: (chars) => {
      charsDone += chars;
      report();
    },
    pageDone: () => {
      pagesDone += 1;
      report();
    },
  };
}
