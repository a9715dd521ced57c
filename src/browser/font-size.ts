/**
 * Font-size steps (REFERENCE.md "Portal data": "Font size (default 0)"): the step a visitor chose is kept in localStorage under
 * FONT_SIZE_STORAGE_KEY and applied as `data-font-size` on the root element, which global.css maps to the root
 * font size (everything is sized in rem, so the whole page scales).
 *
 * The same key is read twice: by the blocking boot script in every page's head (src/integrations/font-size-boot.ts,
 * so the size is right before the first paint: no flash, no shift), and by the font-size store
 * (src/stores/font-size.ts) that the control changes.
 */
import { FONT_SIZE } from '../site/limits';

/** localStorage key of the chosen step. */
export const FONT_SIZE_STORAGE_KEY = 'hotains:font-size';

/** Root attribute carrying a non-default step. */
export const FONT_SIZE_ATTRIBUTE = 'data-font-size';

/** Every step from FONT_SIZE.min to FONT_SIZE.max. */
export const FONT_SIZE_STEPS: readonly number[] = /* @__PURE__ */ Array.from(
  { length: FONT_SIZE.max - FONT_SIZE.min + 1 },
  (_, i) => FONT_SIZE.min + i,
);

/** A stored or requested step as a valid step: integers inside the range, anything else the default. */
export function normalizeFontSize(value: unknown): number {
  const step = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof step === 'number' && Number.isInteger(step) && step >= FONT_SIZE.min && step <= FONT_SIZE.max ? step : FONT_SIZE.default;
}

/** Root font size of a step, in % of the browser default (which the visitor's own setting keeps). */
export const fontSizePercent = (step: number): number => 100 + normalizeFontSize(step) * FONT_SIZE.percentPerStep;
