/**
 * The audio reader player (spec §2 "audio reader player", §3 reader state, §4 reader transitions; issue 7), with
 * howler. SiteLayout mounts it (`client:idle`) only on pages that have a readerPath, so other pages load none of
 * this; howler itself loads on the first wish to listen (see loadHowler).
 *
 * `path` is the page's reader manifest (src/lib/reader-path.ts: JSON listing the page's MP3 segments and their
 * durations in ms), written at build time by src/integrations/reader.ts. The segments play one after the other
 * (the next one is preloaded while the current one plays); after the last one the reader pauses (spec §4 "audio
 * end becomes pause") and 播放 starts again from the beginning. 暫停 pauses, 停止 goes back to the start, 語速 sets
 * the playback rate of every segment (READER_SPEEDS). A progress bar shows the time read over the whole page;
 * status changes are announced in a polite live region (播放中 / 已暫停 / 已停止). Leaving the page (pagehide) stops
 * playback. A manifest or file that cannot load or play stops the reader and says so (無法播放語音), except a
 * manifest without segments (or none at all, HTTP 404): the page's audio is not made yet (the build's synthesis
 * time budget ran out, issue 16 item 5; a later build makes it), so the player takes itself away, showing nothing
 * and saying nothing, and the reader stays stopped.
 *
 * Props: `path`: site path of the page's reader manifest.
 */
import { useStore } from '@nanostores/react';
import type { Howl } from 'howler';
import { useEffect, useRef, useState } from 'react';
import type { ReaderManifest } from '../lib/reader-path';
import { READER_DEFAULT_SPEED, READER_SPEEDS } from '../site/limits';
import { READER_TEXT } from '../site/texts/reader';
import {
  $readerPath,
  $readerSpeed,
  $readerStatus,
  loadReaderPath,
  pauseReader,
  playReader,
  readerEnded,
  setReaderSpeed,
  stopReader,
} from '../stores/reader';

interface Props {
  path: string;
}

/**
 * howler, loaded when the visitor first wants to listen (pointer over or focus on 播放, or play): the page's
 * JavaScript stays small (DESIGN.md §9 budgets) until then.
 */
let howlerModule: Promise<typeof import('howler')> | undefined;
const loadHowler = () => (howlerModule ??= import('howler'));

/** The status of a manifest that does not exist: the page's audio is not made yet. */
const HTTP_NOT_FOUND = 404;

/** How often the progress bar moves while playing, in ms. */
const PROGRESS_TICK_MS = 250;

/** `m:ss` of a time in ms. */
function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export default function ReaderPlayer({ path }: Props) {
  const readerPath = useStore($readerPath);
  const status = useStore($readerStatus);
  const speed = useStore($readerSpeed);
  // The stored speed is only known in the browser: render the default until mounted (same HTML as the server).
  const [mounted, setMounted] = useState(false);
  const [manifest, setManifest] = useState<ReaderManifest | undefined>(undefined);
  // The page's audio is not made yet (its manifest has no segments, or is absent): no player at all.
  const [absent, setAbsent] = useState(false);
  const [positionMs, setPositionMs] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const howls = useRef<Howl[]>([]);
  const HowlClass = useRef<typeof Howl | undefined>(undefined);
  const segment = useRef(0);
  const lastStatus = useRef(status);
  const failed = useRef(false);

  useEffect(() => {
    setMounted(true);
    loadReaderPath(path);
  }, [path]);

  const fail = () => {
    failed.current = true;
    setAnnouncement(READER_TEXT.error);
    stopReader();
  };

  // The manifest of the page's audio (a small JSON file).
  useEffect(() => {
    setManifest(undefined);
    setAbsent(false);
    if (!readerPath) return;
    const controller = new AbortController();
    fetch(readerPath, { signal: controller.signal })
      .then((response) => {
        if (response.status === HTTP_NOT_FOUND) {
          if (!controller.signal.aborted) setAbsent(true);
          return undefined;
        }
        if (!response.ok) throw new Error(`${readerPath}: HTTP ${response.status}`);
        return response.json() as Promise<ReaderManifest>;
      })
      .then((loaded) => {
        if (controller.signal.aborted || loaded === undefined) return;
        if (loaded.segments?.length) setManifest(loaded);
        else setAbsent(true);
      })
      .catch(() => {
        if (!controller.signal.aborted) fail();
      });
    return () => controller.abort();
  }, [readerPath]);

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

  // The status drives the sound; each change is announced.
  useEffect(() => {
    if (status !== lastStatus.current) {
      setAnnouncement(status === 'stop' && failed.current ? READER_TEXT.error : READER_TEXT.status[status]);
    }
    lastStatus.current = status;
    if (status !== 'stop') failed.current = false;
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

  // The progress bar follows the playing segment.
  useEffect(() => {
    if (status !== 'play' || !manifest) return;
    const timer = window.setInterval(() => {
      if ($readerStatus.get() !== 'play') return;
      const howl = howls.current[segment.current];
      const seconds = howl ? Number(howl.seek()) : 0;
      setPositionMs(Math.min(manifest.durationMs, offsetMs(segment.current) + (Number.isFinite(seconds) ? seconds * 1000 : 0)));
    }, PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, [status, manifest]);

  useEffect(() => {
    for (const howl of howls.current) howl?.rate(speed);
  }, [speed]);

  if (absent) return null;
  const playing = status === 'play';
  const text = READER_TEXT;
  const totalMs = manifest?.durationMs ?? 0;
  return (
    <div className="reader-player" role="group" aria-label={text.label} data-pagefind-ignore data-reader-status={status}>
      <span className="reader-player__label" aria-hidden="true">
        <svg viewBox="0 0 24 24">
          <path d="M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
        </svg>
        {text.label}
      </span>
      {/* Disabled until hydrated (client:idle): a press on the server's markup would do nothing, so it waits, and
          shows that it waits, instead of being lost. */}
      <button
        type="button"
        className="reader-player__button"
        disabled={!mounted}
        onClick={playing ? pauseReader : playReader}
        onPointerEnter={() => void loadHowler().catch(() => undefined)}
        onFocus={() => void loadHowler().catch(() => undefined)}
        data-reader-toggle
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          {playing ? <path d="M8 5v14M16 5v14" /> : <path d="M7 5l12 7-12 7z" />}
        </svg>
        {playing ? text.pause : text.play}
      </button>
      <button
        type="button"
        className="reader-player__button"
        onClick={stopReader}
        disabled={status === 'stop'}
        data-reader-stop
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <rect x="6" y="6" width="12" height="12" rx="1.5" />
        </svg>
        {text.stop}
      </button>
      <label className="reader-player__speed">
        {text.speed}
        <select
          value={String(mounted ? speed : READER_DEFAULT_SPEED)}
          disabled={!mounted}
          onChange={(event) => setReaderSpeed(Number(event.target.value))}
          data-reader-speed
        >
          {READER_SPEEDS.map((option) => (
            <option key={option} value={String(option)}>
              {option}x
            </option>
          ))}
        </select>
      </label>
      <span className="reader-player__progress">
        <progress max={totalMs || 1} value={positionMs} aria-label={text.progress} data-reader-progress />
        <span className="reader-player__time">
          {clock(positionMs)} / {clock(totalMs)}
        </span>
      </span>
      <span className="visually-hidden" role="status" data-reader-announce>
        {announcement}
      </span>
    </div>
  );
}
