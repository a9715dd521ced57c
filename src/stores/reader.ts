/**
 * The audio reader (REFERENCE.md "Portal data": "Reader state: readerPath, readerSpeed (default 1), readerStatus (default stop)";
 * REFERENCE.md "Widget states": "Reader: stop, play, pause. Setting a new path triggers play; audio end becomes pause; speed changes apply
 * to the playback rate"). The reader player (src/components/ReaderPlayer.ts) turns this state into sound with howler.
 *
 * The speed is kept in localStorage, so a visitor's chosen rate carries over to the next page they listen to.
 */
import { atom } from 'nanostores';
import { READER_DEFAULT_SPEED, READER_SPEEDS } from '../site/limits';
import { KEY_PREFIX, persistentAtom } from './persistence';

export type ReaderStatus = 'stop' | 'play' | 'pause';

/** The audio file being read (a URL or site path); undefined when the page has none. */
export const $readerPath = atom<string | undefined>(undefined);
/** Playback rate, one of READER_SPEEDS. */
export const $readerSpeed = persistentAtom<number>(`${KEY_PREFIX}reader-speed`, READER_DEFAULT_SPEED, {
  encode: (speed) => (speed === READER_DEFAULT_SPEED ? undefined : String(speed)),
  decode: (value) => normalizeSpeed(Number(value)),
});
export const $readerStatus = atom<ReaderStatus>('stop');

/** A speed as one of READER_SPEEDS (the default for anything else). */
export function normalizeSpeed(speed: number): number {
  return (READER_SPEEDS as readonly number[]).includes(speed) ? speed : READER_DEFAULT_SPEED;
}

/**
 * The page's own audio, registered when the player mounts: ready, stopped. It does not start by itself on page
 * load: browsers block sound before the visitor interacts, and WCAG 1.4.2 asks for sound to start on request.
 */
export function loadReaderPath(path: string | undefined): void {
  $readerPath.set(path);
  $readerStatus.set('stop');
}

/** A new path plays at once (REFERENCE.md "Widget states"); the same path again just plays. An empty path stops the reader. */
export function setReaderPath(path: string | undefined): void {
  $readerPath.set(path);
  $readerStatus.set(path ? 'play' : 'stop');
}

export function playReader(): void {
  if ($readerPath.get()) $readerStatus.set('play');
}

export function pauseReader(): void {
  if ($readerStatus.get() === 'play') $readerStatus.set('pause');
}

export function stopReader(): void {
  $readerStatus.set('stop');
}

/** The audio reached its end: the reader pauses (REFERENCE.md "Widget states"). */
export function readerEnded(): void {
  $readerStatus.set('pause');
}

/** A speed from READER_SPEEDS (others fall back to the default). */
export function setReaderSpeed(speed: number): void {
  $readerSpeed.set(normalizeSpeed(speed));
}
