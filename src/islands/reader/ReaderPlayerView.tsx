/**
 * The markup of the audio reader player (spec §2 "audio reader player"): a group named 語音朗讀 with 播放/暫停,
 * 停止, 語速 (READER_SPEEDS), a progress bar with `m:ss / m:ss`, and a polite live region. It holds no state:
 * ReaderPlayer passes what its hooks know, and the buttons call the reader store's actions.
 *
 * Props:
 * - `status`: the reader's status; 'play' shows 暫停, anything else 播放; 停止 is disabled when stopped.
 * - `mounted`: whether the island has hydrated. Until then the toggle and the speed are disabled and the speed
 *   shows READER_DEFAULT_SPEED (the same HTML as the server's, which cannot know the stored speed).
 * - `speed`: the stored speed (×), shown once mounted.
 * - `positionMs`, `totalMs`: time read and the page's whole duration, in ms (the bar's max is at least 1).
 * - `announcement`: the live region's text (useReaderAnnouncement).
 * - `onWishToListen()`: the pointer is over 播放 or it has the focus (ReaderPlayer loads howler then).
 */
import { READER_DEFAULT_SPEED, READER_SPEEDS } from '../../site/limits';
import { READER_TEXT } from '../../site/texts/reader';
import { pauseReader, playReader, setReaderSpeed, stopReader, type ReaderStatus } from '../../stores/reader';

/** `m:ss` of a time in ms. */
function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function ReaderPlayerView({
  status,
  mounted,
  speed,
  positionMs,
  totalMs,
  announcement,
  onWishToListen,
}: {
  status: ReaderStatus;
  mounted: boolean;
  speed: number;
  positionMs: number;
  totalMs: number;
  announcement: string;
  onWishToListen: () => void;
}) {
  const playing = status === 'play';
  const text = READER_TEXT;
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
        onPointerEnter={onWishToListen}
        onFocus={onWishToListen}
        data-reader-toggle
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          {playing ? <path d="M8 5v14M16 5v14" /> : <path d="M7 5l12 7-12 7z" />}
        </svg>
        {playing ? text.pause : text.play}
      </button>
      <button type="button" className="reader-player__button" onClick={stopReader} disabled={status === 'stop'} data-reader-stop>
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
