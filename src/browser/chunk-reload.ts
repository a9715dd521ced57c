/**
 * Chunk-load failures (REFERENCE.md "Widget states": "A chunk-load failure forces a page reload", REFERENCE.md "Failures"): after a deploy, a page still open
 * may ask for script files that no longer exist. The page then reloads once to get the new ones. The time of that
 * reload is kept in sessionStorage; another failure within CHUNK_RELOAD_GUARD_MS does not reload again, so a
 * file that is really missing never causes a reload loop.
 */
import { CHUNK_RELOAD_GUARD_MS } from '../site/limits';

/** sessionStorage key holding the time (ms since epoch) of the last forced reload. */
export const CHUNK_RELOAD_KEY = 'session:hotains:chunk-reload';

/** Messages browsers give a failed dynamic `import()` (Chromium, Firefox, Safari). */
const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/** An error (or rejection reason) is a failed chunk load. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR.test(message);
}

/**
 * Reloads unless the last forced reload was less than CHUNK_RELOAD_GUARD_MS ago.
 * @returns whether it reloaded.
 */
export function reloadOnce(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, reload: () => void, now: number = Date.now()): boolean {
  let last = Number.NaN;
  try {
    last = Number(storage?.getItem(CHUNK_RELOAD_KEY));
  } catch {
    // Storage refused: reload at most once for this page (guarded by the caller's flag).
  }
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // without a guard a reload could loop
  }
  reload();
  return true;
}
