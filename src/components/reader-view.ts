/**
 * What the audio reader player shows (REFERENCE.md "Page frame": "audio reader player"), for ReaderPlayer.astro (the server's markup)
 * and ReaderPlayer.ts (the browser's updates): the icons, the `m:ss` clock, the server's state, and
 * `renderReaderView`, which writes a state into the markup.
 *
 * The markup (ReaderPlayer.astro): a group named 語音朗讀 with 播放/暫停 (`[data-reader-toggle]`, its icon path and
 * its label `[data-reader-toggle-label]`), 停止 (`[data-reader-stop]`), 語速 (`select[data-reader-speed]`, the
 * options of READER_SPEEDS), a progress bar (`progress[data-reader-progress]`) with `m:ss / m:ss`
 * (`[data-reader-time]`), and a polite live region (`[data-reader-announce]`).
 */
import { READER_DEFAULT_SPEED } from '../site/limits';
import { READER_TEXT } from '../site/texts/reader';
import type { ReaderStatus } from '../stores/reader';

/** The SVG paths of the player's icons (viewBox 0 0 24 24, stroked): the speaker of the label, 播放 and 暫停. */
export const READER_ICON_PATHS = {
  label: 'M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11',
  play: 'M7 5l12 7-12 7z',
  pause: 'M8 5v14M16 5v14',
} as const;

/** Milliseconds in a second and seconds in a minute, for the clock. */
const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;

/** `m:ss` of a time in ms (rounded down to the second), e.g. 63_500 → `1:03`. */
export function clock(ms: number): string {
  const seconds = Math.floor(ms / MS_PER_SECOND);
  return `${Math.floor(seconds / SECONDS_PER_MINUTE)}:${String(seconds % SECONDS_PER_MINUTE).padStart(2, '0')}`;
}

/**
 * What the player shows:
 * - `status`: the reader's status; 'play' shows 暫停, anything else 播放; 停止 is disabled when stopped.
 * - `ready`: whether the player's script runs. Until then 播放/暫停 and 語速 are disabled (a press would do nothing,
 *   so it waits, and shows that it waits, instead of being lost) and 語速 shows READER_DEFAULT_SPEED (the server
 *   cannot know the stored speed).
 * - `speed`: the stored speed (×), shown once ready.
 * - `positionMs`, `totalMs`: time read and the page's whole duration, in ms (the bar's max is at least 1).
 * - `announcement`: the live region's text.
 */
export interface ReaderViewState {
  status: ReaderStatus;
  ready: boolean;
  speed: number;
  positionMs: number;
  totalMs: number;
  announcement: string;
}

/** The state the server renders (ReaderPlayer.astro): stopped, not ready, nothing read of an unknown duration. */
export const SERVER_VIEW_STATE: ReaderViewState = {
  status: 'stop',
  ready: false,
  speed: READER_DEFAULT_SPEED,
  positionMs: 0,
  totalMs: 0,
  announcement: '',
};

/** The elements of the player's markup that change. */
export interface ReaderViewParts {
  root: HTMLElement;
  toggle: HTMLButtonElement;
  toggleIcon: SVGPathElement;
  toggleLabel: HTMLElement;
  stop: HTMLButtonElement;
  speed: HTMLSelectElement;
  progress: HTMLProgressElement;
  time: HTMLElement;
  announce: HTMLElement;
}

/** The parts of the player `root` (ReaderPlayer.astro's markup), or undefined when one is missing. */
export function readerViewParts(root: HTMLElement): ReaderViewParts | undefined {
  const find = <T extends Element>(selector: string) => root.querySelector<T>(selector) ?? undefined;
  const parts = {
    root,
    toggle: find<HTMLButtonElement>('[data-reader-toggle]'),
    toggleIcon: find<SVGPathElement>('[data-reader-toggle] path'),
    toggleLabel: find<HTMLElement>('[data-reader-toggle-label]'),
    stop: find<HTMLButtonElement>('[data-reader-stop]'),
    speed: find<HTMLSelectElement>('[data-reader-speed]'),
    progress: find<HTMLProgressElement>('[data-reader-progress]'),
    time: find<HTMLElement>('[data-reader-time]'),
    announce: find<HTMLElement>('[data-reader-announce]'),
  };
  return Object.values(parts).every(Boolean) ? (parts as ReaderViewParts) : undefined;
}

/** Sets an element's text only when it differs: a live region rewritten with the same text may be read again. */
function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** Writes `state` into the player's markup; values already shown are left untouched (see setText). */
export function renderReaderView(parts: ReaderViewParts, state: ReaderViewState): void {
  const playing = state.status === 'play';
  parts.root.dataset.readerStatus = state.status;
  parts.toggle.disabled = !state.ready;
  const icon = playing ? READER_ICON_PATHS.pause : READER_ICON_PATHS.play;
  if (parts.toggleIcon.getAttribute('d') !== icon) parts.toggleIcon.setAttribute('d', icon);
  setText(parts.toggleLabel, playing ? READER_TEXT.pause : READER_TEXT.play);
  parts.stop.disabled = state.status === 'stop';
  parts.speed.disabled = !state.ready;
  const speed = String(state.ready ? state.speed : READER_DEFAULT_SPEED);
  if (parts.speed.value !== speed) parts.speed.value = speed;
  parts.progress.max = state.totalMs || 1;
  parts.progress.value = state.positionMs;
  setText(parts.time, `${clock(state.positionMs)} / ${clock(state.totalMs)}`);
  setText(parts.announce, state.announcement);
}
