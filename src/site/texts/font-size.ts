/** Texts of the font-size control. */

/** The font-size control. */
export const FONT_SIZE_TEXT = {
  label: '字級',
  decrease: '縮小字級',
  reset: '標準字級',
  increase: '放大字級',
  /** Announced after a change: `字級：標準` / `字級：放大 1 級` / `字級：縮小 1 級`. */
  current: (step: number): string => (step === 0 ? '字級：標準' : step > 0 ? `字級：放大 ${step} 級` : `字級：縮小 ${-step} 級`),
} as const;
