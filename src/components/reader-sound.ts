/**
 * The sound of the audio reader (REFERENCE.md "Widget states" reader transitions): a page's segments as howler sounds, for
 * ReaderPlayer.ts. howler itself loads on the first wish to listen (loadHowler).
 *
 * `createReaderSound(manifest, { fail, setPositionMs })` → ReaderSound:
 * - `manifest`: the page's manifest (src/lib/reader-path.ts, at least one segment); its segments play one after the
 *   other, the next one preloaded while the current one plays. A segment's end plays the next; after the last one
 *   the reader pauses (REFERENCE.md "Widget states": "audio end becomes pause", readerEnded) with the progress full
 *   (`setPositionMs(manifest.durationMs)`), back at the first segment, so 播放 starts again from the beginning.
 * - `fail()`: called when howler cannot load, or a segment cannot load or play.
 * - `setPositionMs(ms)`: the time read over the whole page, set at the end.
 * Each sound plays at the stored speed ($readerSpeed).
 */
import type { Howl } from 'howler';
import type { ReaderManifest } from '../lib/reader-path';
import { $readerSpeed, $readerStatus, readerEnded } from '../stores/reader';

/**
 * howler, loaded when the visitor first wants to listen (pointer over or focus on 播放, or play): the page's
 * JavaScript stays small (REFERENCE.md "Budgets" budgets) until then. The same promise for every call.
 */
let howlerModule: Promise<typeof import('howler')> | undefined;
export const loadHowler = () => (howlerModule ??= import('howler'));
/** howler's Howl once loaded (loadHowler, by a play). */
let HowlClass: typeof Howl | undefined;

/** Starts loading howler ahead of 播放; a failure here is ignored (play loads it again and reports it). */
export const prepareHowler = (): void => void loadHowler().catch(() => undefined);

/** Milliseconds in a second (howler's positions are in seconds). */
const MS_PER_SECOND = 1000;

/** A page's sound (see the module comment). */
export interface ReaderSound {
  /** Plays the current segment (loading howler first if needed, and only if the reader still plays once it has). */
  play(): void;
  /** Pauses the current segment. */
  pause(): void;
  /** Stops every sound and goes back to the first segment. */
  stop(): void;
  /** Sets the playback rate (×) of every sound made so far (a new one takes the stored speed). */
  setRate(rate: number): void;
  /** The time read over the whole page now, in ms: the segments before the current one plus the current sound's position, at most the manifest's duration. */
  positionMs(): number;
  /** Unloads the sounds and goes back to the first segment; a later play makes them again. */
  unload(): void;
  /** Unloads the sounds for good: the manifest is no longer the page's (nothing plays after this). */
  dispose(): void;
}

export function createReaderSound(
  manifest: ReaderManifest,
  { fail, setPositionMs }: { fail: () => void; setPositionMs: (ms: number) => void },
): ReaderSound {
  let howls: Howl[] = [];
  let segment = 0;
  let disposed = false;

  /** Time read before segment `index`, in ms. */
  const offsetMs = (index: number) => manifest.segments.slice(0, index).reduce((sum, s) => sum + s.durationMs, 0);

  /** The Howl of segment `index`, created (and loading) on first use. */
  const howlAt = (index: number): Howl | undefined => {
    const source = manifest.segments[index];
    if (!source || !HowlClass || disposed) return undefined;
    howls[index] ??= new HowlClass({
      src: [source.src],
      format: ['mp3'],
      html5: true,
      rate: $readerSpeed.get(),
      // The speed the visitor has now, once the sound plays: howler queues a rate() called while play() is pending
      // (a slow device, or a speed chosen right after 播放), and its play event does not run that queue, so the
      // sound would keep the old speed while the control shows the new one. Only then: rate() also resets
      // howler's end timer, which a sound already at the right speed must keep.
      onplay: () => {
        const howl = howls[index];
        if (howl && howl.rate() !== $readerSpeed.get()) howl.rate($readerSpeed.get());
      },
      onend: () => segmentEnded(index),
      onloaderror: fail,
      onplayerror: fail,
    });
    return howls[index];
  };

  /** Plays the current segment and preloads the next one. */
  const playCurrent = () => {
    const howl = howlAt(segment);
    if (howl && !howl.playing()) howl.play();
    howlAt(segment + 1);
  };

  /** A segment ended: the next one plays; after the last one the reader pauses, ready to start over. */
  const segmentEnded = (index: number) => {
    if (index !== segment || $readerStatus.get() !== 'play') return;
    if (index + 1 < manifest.segments.length) {
      segment = index + 1;
      playCurrent();
    } else {
      segment = 0;
      setPositionMs(manifest.durationMs);
      readerEnded();
    }
  };

  const unload = () => {
    for (const howl of howls) howl?.unload();
    howls = [];
    segment = 0;
  };

  return {
    play() {
      if (HowlClass) return playCurrent();
      loadHowler()
        .then((howler) => {
          HowlClass = howler.Howl;
          if ($readerStatus.get() === 'play') playCurrent();
        })
        .catch(fail);
    },
    pause: () => howls[segment]?.pause(),
    stop() {
      for (const howl of howls) howl?.stop();
      segment = 0;
    },
    setRate(rate) {
      for (const howl of howls) howl?.rate(rate);
    },
    positionMs() {
      const howl = howls[segment];
      const seconds = howl ? Number(howl.seek()) : 0;
      return Math.min(manifest.durationMs, offsetMs(segment) + (Number.isFinite(seconds) ? seconds * MS_PER_SECOND : 0));
    },
    unload,
    dispose() {
      disposed = true;
      unload();
    },
  };
}
