/**
 * The visitor's font-size step (REFERENCE.md "Portal data": "Font size (default 0)"), kept in localStorage under
 * FONT_SIZE_STORAGE_KEY (the head boot script reads the same key before the first paint).
 * Read it with `$fontSize`; change it only with the actions below.
 */
import { FONT_SIZE } from '../site/limits';
import { FONT_SIZE_STORAGE_KEY, normalizeFontSize } from '../browser/font-size';
import { persistentAtom } from './persistence';

/** The current step, FONT_SIZE.min … FONT_SIZE.max (0 = the browser's own size). */
export const $fontSize = persistentAtom<number>(FONT_SIZE_STORAGE_KEY, FONT_SIZE.default, {
  encode: (step) => (step === FONT_SIZE.default ? undefined : String(step)),
  decode: normalizeFontSize,
});

/** Sets a step (clamped to the range). */
export function setFontSize(step: number): void {
  const clamped = Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, Math.round(step)));
  $fontSize.set(normalizeFontSize(clamped));
}

/** One step larger (+1) or smaller (-1), stopping at the ends of the range. */
export function stepFontSize(delta: number): void {
  setFontSize($fontSize.get() + delta);
}

/** Back to the default step. */
export function resetFontSize(): void {
  setFontSize(FONT_SIZE.default);
}
