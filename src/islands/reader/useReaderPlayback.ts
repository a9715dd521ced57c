/**
 * The sound of the audio reader, with howler (spec §4 reader transitions): the reader's status and speed drive the
 * page's segments (useReaderSegments: the sounds, their order, the end).
 *
 * `useReaderPlayback({ manifest, status, speed, announceStatus, fail, setPositionMs })` → `{ readPositionMs }`:
 * - `manifest`: the page's manifest (useReaderManifest); nothing plays without one.
 * - `status` ('play' | 'pause' | 'stop', $readerStatus): play plays the current segment (loading howler first if
 *   needed, and only if the reader still plays once it has loaded), pause pauses it, stop stops every sound, goes
 *   back to the first segment and sets the position to 0. Each status is first passed to `announceStatus`
 *   (useReaderAnnouncement), also while there is no manifest.
 * - `speed` (×, $readerSpeed, one of READER_SPEEDS): the playback rate of every sound made so far (a new one takes
 *   the stored speed).
 * - `fail()`: called when howler cannot load, or a segment cannot load or play.
 * - `setPositionMs(ms)`: the time read over the whole page, set at the end (the manifest's duration) and on stop or
 *   unload (0); useReaderProgress moves it while playing.
 * - `readPositionMs()`: the time read over the whole page now, in ms (useReaderSegments).
 */
import { useEffect } from 'react';
import type { ReaderManifest } from '../../lib/reader-path';
import { $readerStatus, type ReaderStatus } from '../../stores/reader';
import { useReaderSegments } from './useReaderSegments';

/**
 * howler, loaded when the visitor first wants to listen (pointer over or focus on 播放, or play): the page's
 * JavaScript stays small (DESIGN.md §9 budgets) until then. The same promise for every call.
 */
let howlerModule: Promise<typeof import('howler')> | undefined;
export const loadHowler = () => (howlerModule ??= import('howler'));

export function useReaderPlayback({
  manifest,
  status,
  speed,
  announceStatus,
  fail,
  setPositionMs,
}: {
  manifest: ReaderManifest | undefined;
  status: ReaderStatus;
  speed: number;
  announceStatus: (status: ReaderStatus) => void;
  fail: () => void;
  setPositionMs: (ms: number) => void;
}): { readPositionMs: () => number } {
  const { howls, segment, HowlClass, playCurrent, readPositionMs } = useReaderSegments({ manifest, fail, setPositionMs });

  // The status drives the sound; each change is announced.
  useEffect(() => {
    announceStatus(status);
    if (!manifest) return;
    if (status === 'play') {
      if (HowlClass.current) {
        playCurrent();
      } else {
        loadHowler()
          .then((howler) => {
            HowlClass.current = howler.Howl;
            if ($readerStatus.get() === 'play') playCurrent();
          })
          .catch(fail);
      }
    } else if (status === 'pause') {
      howls.current[segment.current]?.pause();
    } else {
      for (const howl of howls.current) howl?.stop();
      segment.current = 0;
      setPositionMs(0);
    }
  }, [status, manifest]);

  useEffect(() => {
    for (const howl of howls.current) howl?.rate(speed);
  }, [speed]);

  return { readPositionMs };
}
