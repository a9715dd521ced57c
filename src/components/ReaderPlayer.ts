/**
 * Behaviour of ReaderPlayer.astro, the audio reader player (REFERENCE.md "Page frame": "audio reader player", REFERENCE.md "Portal data" reader state, REFERENCE.md "Widget states"
 * reader transitions): plain DOM code over the reader's nanostores (src/stores/reader.ts), with howler for the sound
 * (reader-sound.ts). Its own module, loaded only by pages with the player (REFERENCE.md "Budgets" JavaScript budget: no React
 * for a few buttons); howler loads on the first wish to listen.
 *
 * The player's `data-reader-player` is the page's reader manifest (src/lib/reader-path.ts: JSON listing the page's
 * MP3 segments and their durations in ms, written at build time by src/integrations/reader.ts). On start it becomes
 * the reader's path (loadReaderPath: ready, stopped), and the manifest fetched is the one of the store's path
 * ($readerPath), so a new path (setReaderPath) loads its own manifest and plays. The segments play one after the
 * other; after the last one the reader pauses (REFERENCE.md "Widget states": "audio end becomes pause") and 播放 starts again from the
 * beginning. 播放/暫停 plays or pauses, 停止 goes back to the start, 語速 sets the playback rate of every segment
 * (READER_SPEEDS, kept for the next page). The progress bar shows the time read over the whole page, moved every
 * PROGRESS_TICK_MS while playing; status changes are announced in the polite live region (播放中 / 已暫停 / 已停止;
 * a stopped reader says nothing on load). Leaving the page (pagehide) stops playback and unloads the sounds.
 *
 * Failures: a manifest or file that cannot load or play (network, HTTP error, bad JSON, howler, a segment) stops the
 * reader and says so (無法播放語音; the stop that follows is announced as that failure, not as 已停止), except a
 * manifest without segments or none at all (HTTP 404): the page's audio is not made yet (the build's synthesis time
 * budget, READER_BUDGET_SECONDS, ran out before this page: speech never delays a publish; a later build makes it),
 * so the player takes itself out of the page, showing and saying nothing, and the reader stays stopped. A request
 * aborted because the path changed is not a failure.
 */
import type { ReaderManifest } from '../lib/reader-path';
import { READER_TEXT } from '../site/texts/reader';
import {
  $readerPath,
  $readerSpeed,
  $readerStatus,
  loadReaderPath,
  pauseReader,
  playReader,
  setReaderSpeed,
  stopReader,
  type ReaderStatus,
} from '../stores/reader';
import { createReaderSound, prepareHowler, type ReaderSound } from './reader-sound';
import { readerViewParts, renderReaderView, type ReaderViewParts } from './reader-view';

/** How often the progress bar moves while playing, in ms. */
const PROGRESS_TICK_MS = 250;

/** The status of a manifest that does not exist: the page's audio is not made yet. */
const HTTP_NOT_FOUND = 404;

/**
 * The manifest at `path` with at least one segment; undefined when the page's audio is not made yet (no segments,
 * or HTTP 404). Rejects on any other failure (network, HTTP error, bad JSON) and when `signal` aborts.
 */
export async function fetchReaderManifest(path: string, signal: AbortSignal): Promise<ReaderManifest | undefined> {
  const response = await fetch(path, { signal });
  if (response.status === HTTP_NOT_FOUND) return undefined;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const manifest = (await response.json()) as ReaderManifest;
  return manifest.segments?.length ? manifest : undefined;
}

/**
 * What the live region says: `status(now)` announces a status that differs from the last one seen (the status at
 * creation counts as seen); a stop that a failure caused is announced as the failure, and any status other than stop
 * clears the failure. `fail()` remembers the failure and announces it (the caller then stops the reader).
 */
function createAnnouncer(initial: ReaderStatus) {
  let text = '';
  let lastStatus = initial;
  let failed = false;
  return {
    text: () => text,
    status(now: ReaderStatus) {
      if (now !== lastStatus) text = now === 'stop' && failed ? READER_TEXT.error : READER_TEXT.status[now];
      lastStatus = now;
      if (now !== 'stop') failed = false;
    },
    fail() {
      failed = true;
      text = READER_TEXT.error;
    },
  };
}

/**
 * Wires the player's controls to the reader's actions: 播放/暫停 toggles play and pause (the pointer over it, or the
 * focus on it, starts loading howler), 停止 stops, 語速 sets the speed; leaving the page (pagehide) calls `leave`.
 * @returns a function that removes these listeners.
 */
function wireControls(parts: ReaderViewParts, leave: () => void): () => void {
  const onToggle = () => ($readerStatus.get() === 'play' ? pauseReader() : playReader());
  const onSpeed = () => setReaderSpeed(Number(parts.speed.value));
  const listeners: [EventTarget, string, () => void][] = [
    [parts.toggle, 'click', onToggle],
    [parts.toggle, 'pointerenter', prepareHowler],
    [parts.toggle, 'focus', prepareHowler],
    [parts.stop, 'click', stopReader],
    [parts.speed, 'change', onSpeed],
    [window, 'pagehide', leave],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}

/**
 * Calls `tick` every PROGRESS_TICK_MS while `follow(true)`; `follow(false)` stops. A tick that finds the reader no
 * longer playing ($readerStatus, which may change between two ticks) does nothing.
 */
function progressTicker(tick: () => void): { follow: (on: boolean) => void } {
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    follow(on) {
      clearInterval(timer);
      timer = on
        ? setInterval(() => {
            if ($readerStatus.get() === 'play') tick();
          }, PROGRESS_TICK_MS)
        : undefined;
    },
  };
}

/**
 * The manifest of the reader's path, one request at a time: `load(path)` aborts the request of the previous path,
 * calls `reset()`, then (for a path) `loaded(manifest)` with the manifest or undefined when the page's audio is not
 * made yet (fetchReaderManifest), or `fail()` when it cannot load; an aborted request calls neither. `abort()` aborts
 * the request under way.
 */
function manifestRequests(on: { reset: () => void; loaded: (manifest: ReaderManifest | undefined) => void; fail: () => void }): {
  load: (path: string | undefined) => void;
  abort: () => void;
} {
  let request: AbortController | undefined;
  return {
    load(path) {
      request?.abort();
      on.reset();
      if (!path) return;
      const controller = new AbortController();
      request = controller;
      fetchReaderManifest(path, controller.signal).then(
        (manifest) => controller.signal.aborted || on.loaded(manifest),
        () => controller.signal.aborted || on.fail(),
      );
    },
    abort: () => request?.abort(),
  };
}

/**
 * Starts the player `root` (ReaderPlayer.astro's markup; see the module comment).
 * @returns a function that stops it (listeners removed, sounds unloaded, the markup left as it is); a root without
 *   the player's parts does nothing.
 */
export function mountReaderPlayer(root: HTMLElement): () => void {
  const parts = readerViewParts(root);
  const path = root.dataset.readerPlayer;
  if (!parts || !path) return () => undefined;
  const announcer = createAnnouncer($readerStatus.get());
  /** Stands in the player's place while the page's audio is not made yet. */
  const placeholder = document.createComment(READER_TEXT.label);
  let manifest: ReaderManifest | undefined;
  let sound: ReaderSound | undefined;
  let positionMs = 0;

  const render = () =>
    renderReaderView(parts, {
      status: $readerStatus.get(),
      ready: true,
      speed: $readerSpeed.get(),
      positionMs,
      totalMs: manifest?.durationMs ?? 0,
      announcement: announcer.text(),
    });
  const setPositionMs = (ms: number) => {
    positionMs = ms;
    render();
  };
  const ticker = progressTicker(() => sound && setPositionMs(sound.positionMs()));
  const fail = () => {
    announcer.fail();
    render();
    stopReader();
  };
  /** Out of the page while its audio is not made yet, back in when a manifest with segments arrives. */
  const setAbsent = (absent: boolean) => {
    if (absent && root.isConnected) root.replaceWith(placeholder);
    else if (!absent && placeholder.isConnected) placeholder.replaceWith(root);
  };

  /** The status drives the sound: play plays, pause pauses, stop stops and goes back to the start. */
  const drive = (status: ReaderStatus) => {
    if (sound && status === 'play') sound.play();
    else if (sound && status === 'pause') sound.pause();
    else if (sound) {
      sound.stop();
      positionMs = 0;
    }
    ticker.follow(status === 'play' && sound !== undefined);
  };

  /** A new manifest (or none): the old sounds go, the new ones follow the reader's status. */
  const setManifest = (next: ReaderManifest | undefined) => {
    if (next === manifest) return;
    sound?.dispose();
    manifest = next;
    sound = next ? createReaderSound(next, { fail, setPositionMs }) : undefined;
    positionMs = 0;
    drive($readerStatus.get());
    render();
  };

  const manifests = manifestRequests({
    reset: () => {
      setManifest(undefined);
      setAbsent(false);
    },
    loaded: (loaded) => (loaded ? setManifest(loaded) : setAbsent(true)),
    fail,
  });

  const unwire = wireControls(parts, () => {
    stopReader();
    sound?.unload();
    setPositionMs(0);
  });
  const unsubscribe = [
    $readerStatus.listen((status) => {
      announcer.status(status);
      drive(status);
      render();
    }),
    $readerSpeed.listen((speed) => {
      sound?.setRate(speed);
      render();
    }),
    $readerPath.subscribe(manifests.load),
  ];
  loadReaderPath(path);
  render();

  return () => {
    for (const stop of unsubscribe) stop();
    unwire();
    manifests.abort();
    ticker.follow(false);
    sound?.dispose();
  };
}

/** Starts the page's player (ReaderPlayer.astro), if it has one. */
export function initReaderPlayer(): void {
  const root = document.querySelector<HTMLElement>('[data-reader-player]');
  if (root) mountReaderPlayer(root);
}
