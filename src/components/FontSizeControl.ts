/**
 * Behaviour of FontSizeControl.astro: the buttons step the font size through the store (src/stores/font-size.ts);
 * the root attribute, the disabled ends, the pressed 標準字級 and the announced size follow the store.
 */
import { FONT_SIZE } from '../site/limits';
import { FONT_SIZE_TEXT } from '../site/texts/font-size';
import { FONT_SIZE_ATTRIBUTE } from '../browser/font-size';
import { $fontSize, resetFontSize, stepFontSize } from '../stores/font-size';

/** Wires every `[data-font-size-control]` on the page. */
export function initFontSizeControls(): void {
  const controls = document.querySelectorAll<HTMLElement>('[data-font-size-control]');
  $fontSize.subscribe((step) => {
    if (step === FONT_SIZE.default) document.documentElement.removeAttribute(FONT_SIZE_ATTRIBUTE);
    else document.documentElement.setAttribute(FONT_SIZE_ATTRIBUTE, String(step));
    for (const control of controls) {
      control.querySelector<HTMLButtonElement>('[data-font-step="-1"]')!.disabled = step <= FONT_SIZE.min;
      control.querySelector<HTMLButtonElement>('[data-font-step="1"]')!.disabled = step >= FONT_SIZE.max;
      control.querySelector<HTMLButtonElement>('[data-font-reset]')!.setAttribute('aria-pressed', String(step === FONT_SIZE.default));
      control.querySelector<HTMLElement>('[data-font-status]')!.textContent = FONT_SIZE_TEXT.current(step);
    }
  });
  for (const control of controls) {
    control.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button');
      if (!button) return;
      if (button.hasAttribute('data-font-reset')) resetFontSize();
      else stepFontSize(Number(button.dataset.fontStep));
    });
  }
}
