/**
 * The audio reader player (spec §2 "audio reader player", §3 reader state, §4 reader transitions), with howler.
 * SiteLayout mounts it (`client:idle`) only on pages that have a `readerPath`, so other pages load none of this.
 *
 * The page's audio is registered on mount, stopped; 播放 / 暫停 toggles, 停止 goes back to the start, 語速 sets
 * the playback rate (READER_SPEEDS, default READER_DEFAULT_SPEED). State lives in src/stores/reader.ts: a new
 * path set with `setReaderPath` plays at once, the end of the audio becomes pause, a speed change applies to the
 * playing sound. A file that cannot load or play stops the reader.
 *
 * Props: `path`: URL or site path of the page's audio.
 */
import { useStore } from '@nanostores/react';
import { Howl } from 'howler';
import { useEffect, useRef, useState } from 'react';
import { READER_DEFAULT_SPEED, READER_SPEEDS, READER_TEXT } from '../site';
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

export default function ReaderPlayer({ path }: Props) {
  const readerPath = useStore($readerPath);
  const status = useStore($readerStatus);
  const speed = useStore($readerSpeed);
  // The stored speed is only known in the browser: render the default until mounted (same HTML as the server).
  const [mounted, setMounted] = useState(false);
  const howlRef = useRef<Howl | null>(null);
  const soundRef = useRef<number | undefined>(undefined);

  useEffect(() => {
    setMounted(true);
    loadReaderPath(path);
  }, [path]);

  // One Howl per path; unloaded when the path changes or the player goes away.
  useEffect(() => {
    if (!readerPath) return;
    const howl = new Howl({
      src: [readerPath],
      html5: true,
      rate: $readerSpeed.get(),
      onend: () => readerEnded(),
      onloaderror: () => stopReader(),
      onplayerror: () => stopReader(),
    });
    howlRef.current = howl;
    soundRef.current = undefined;
    return () => {
      howl.unload();
      howlRef.current = null;
      soundRef.current = undefined;
    };
  }, [readerPath]);

  // The status drives the sound.
  useEffect(() => {
    const howl = howlRef.current;
    if (!howl) return;
    if (status === 'play') {
      soundRef.current = soundRef.current === undefined ? howl.play() : howl.play(soundRef.current);
    } else if (status === 'pause') {
      howl.pause();
    } else {
      howl.stop();
    }
  }, [status, readerPath]);

  useEffect(() => {
    howlRef.current?.rate(speed);
  }, [speed]);

  const playing = status === 'play';
  const text = READER_TEXT;
  return (
    <div className="reader-player" role="group" aria-label={text.label} data-pagefind-ignore>
      <span className="reader-player__label" aria-hidden="true">
        <svg viewBox="0 0 24 24">
          <path d="M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
        </svg>
        {text.label}
      </span>
      <button
        type="button"
        className="reader-player__button"
        onClick={playing ? pauseReader : playReader}
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
    </div>
  );
}
