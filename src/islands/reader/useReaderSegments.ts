/**
 * The page's segments as howler sounds (spec §4 reader transitions), for useReaderPlayback.
 *
 * `useReaderSegments({ manifest, fail, setPositionMs })` → `{ howls, segment, HowlClass, playCurrent, readPositionMs }`:
 * - `manifest`: the page's manifest; its segments play one after the other, the next one preloaded while the
 *   current one plays. A segment's end plays the next; after the last one the reader pauses (spec §4 "audio end
 *   becomes pause", readerEnded) with the progress full (`setPositionMs(manifest.durationMs)`), back at the first
 *   segment, so 播放 starts again from the beginning. The sounds are unloaded (and the position set to 0) when the
 *   manifest changes, when the player goes away, and when the visitor leaves the page (pagehide, which also stops
 *   the reader).
 * - `fail()`: called when a segment cannot load or play.
 * - `howls`: the sounds made so far, by segment index; `segment`: the index of the current segment; `HowlClass`:
 *   howler's Howl once loaded (useReaderPlayback loads it). Refs: they change without a render.
 * - `playCurrent()`: plays the current segment (if howler has loaded) and preloads the next one.
 * - `readPositionMs()`: the time read over the whole page now, in ms: the segments before the current one plus the
 *   current sound's position, at most the manifest's duration (0 without a manifest).
 */
import type { Howl } from 'howler';
import { useEffect, useRef, type RefObject } from 'react';
import type { ReaderManifest } from '../../lib/reader-path';
import { $readerSpeed, $readerStatus, readerEnded, stopReader } from '../../stores/reader';

export function useReaderSegments({
  manifest,
  fail,
  setPositionMs,
}: {
  manifest: ReaderManifest | undefined;
  fail: () => void;
  setPositionMs: (ms: number) => void;
}): {
  howls: RefObject<Howl[]>;
  segment: RefObject<number>;
  HowlClass: RefObject<typeof Howl | undefined>;
  playCurrent: () => void;
  readPositionMs: () => number;
} {
  const howls = useRef<Howl[]>([]);
  const HowlClass = useRef<typeof Howl | undefined>(undefined);
  const segment = useRef(0);

  /** Time read before segment `index`, in ms. */
  const offsetMs = (index: number) => (manifest?.segments ?? []).slice(0, index).reduce((sum, s) => sum + s.durationMs, 0);

  /** The Howl of segment `index`, created (and loading) on first use. */
  const howlAt = (index: number): Howl | undefined => {
    const source = manifest?.segments[index];
    if (!source || !HowlClass.current) return undefined;
    howls.current[index] ??= new HowlClass.current({
      src: [source.src],
      format: ['mp3'],
      html5: true,
      rate: $readerSpeed.get(),
      // The speed the visitor has now, once the sound plays: howler queues a rate() called while play() is pending
      // (a slow device, or a speed chosen right after 播放), and its play event does not run that queue, so the
      // sound would keep the old speed while the control shows the new one. Only then: rate() also resets
      // howler's end timer, which a sound already at the right speed must keep.
      onplay: () => {
        const howl = howls.current[index];
        if (howl && howl.rate() !== $readerSpeed.get()) howl.rate($readerSpeed.get());
      },
      onend: () => segmentEnded(index),
      onloaderror: fail,
      onplayerror: fail,
    });
    return howls.current[index];
  };

  /** Plays the current segment and preloads the next one. */
  const playCurrent = () => {
    const howl = howlAt(segment.current);
    if (howl && !howl.playing()) howl.play();
    howlAt(segment.current + 1);
  };

  /** A segment ended: the next one plays; after the last one the reader pauses, ready to start over. */
  const segmentEnded = (index: number) => {
    if (index !== segment.current || $readerStatus.get() !== 'play') return;
    if (manifest && index + 1 < manifest.segments.length) {
      segment.current = index + 1;
      playCurrent();
    } else {
      segment.current = 0;
      setPositionMs(manifest?.durationMs ?? 0);
      readerEnded();
    }
  };

  // Howls belong to one manifest; unloaded when it changes, the player goes away or the visitor leaves the page.
  useEffect(() => {
    const unload = () => {
      for (const howl of howls.current) howl?.unload();
      howls.current = [];
      segment.current = 0;
      setPositionMs(0);
    };
    const leave = () => {
      stopReader();
      unload();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      unload();
    };
  }, [manifest]);

  const readPositionMs = () => {
    const howl = howls.current[segment.current];
    const seconds = howl ? Number(howl.seek()) : 0;
    return Math.min(manifest?.durationMs ?? 0, offsetMs(segment.current) + (Number.isFinite(seconds) ? seconds * 1000 : 0));
  };

  return { howls, segment, HowlClass, playCurrent, readPositionMs };
}
