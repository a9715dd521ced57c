/**
 * The reader's progress bar follows the playing segment (spec §2 "audio reader player": a progress bar of the
 * time read over the whole page).
 *
 * `useReaderProgress({ manifest, status, readPositionMs, setPositionMs })` → nothing: while `status` is 'play' and
 * a `manifest` is loaded, every PROGRESS_TICK_MS it sets the position (`setPositionMs`, ms) to
 * `readPositionMs()` (useReaderPlayback: time read over the whole page, ms). A tick that finds the reader no
 * longer playing ($readerStatus, which may change before the next render) leaves the position alone.
 */
import { useEffect } from 'react';
import type { ReaderManifest } from '../../lib/reader-path';
import { $readerStatus, type ReaderStatus } from '../../stores/reader';

/** How often the progress bar moves while playing, in ms. */
const PROGRESS_TICK_MS = 250;

export function useReaderProgress({
  manifest,
  status,
  readPositionMs,
  setPositionMs,
}: {
  manifest: ReaderManifest | undefined;
  status: ReaderStatus;
  readPositionMs: () => number;
  setPositionMs: (ms: number) => void;
}): void {
  useEffect(() => {
    if (status !== 'play' || !manifest) return;
    const timer = window.setInterval(() => {
      if ($readerStatus.get() !== 'play') return;
      setPositionMs(readPositionMs());
    }, PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, [status, manifest]);
}
