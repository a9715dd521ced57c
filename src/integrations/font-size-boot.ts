/**
 * Astro integration: puts the font-size boot script into the head of every page as a classic inline script
 * (`injectScript('head-inline')`). It reads the step the visitor chose (src/browser/font-size.ts) and sets the root
 * attribute that global widgets.css maps to the root font size.
 *
 * Why not a component `<script>`: Astro turns those into `type="module"` scripts, which run after parsing,
 * possibly after the first paint, so a visitor who chose a larger font would see the page jump (a flash and a
 * layout shift). A head-inline script blocks rendering for the few microseconds it needs. Astro itself counts
 * head-inline scripts among the scripts it hashes for `security.csp`, so the hash-based Content Security Policy
 * (REFERENCE.md "Browser side") allows it without `unsafe-inline` and without a hand-kept hash.
 */
import type { AstroIntegration } from 'astro';
import { FONT_SIZE } from '../site/limits';
import { FONT_SIZE_ATTRIBUTE, FONT_SIZE_STORAGE_KEY } from '../browser/font-size';

/**
 * The script: a stored non-default step inside the range becomes the root attribute. Storage may be unavailable
 * (privacy modes): then nothing happens.
 */
export const fontSizeBootScript = `try{var s=localStorage.getItem(${JSON.stringify(FONT_SIZE_STORAGE_KEY)});if(s!==null&&/^-?\\d+$/.test(s)&&+s>=${FONT_SIZE.min}&&+s<=${FONT_SIZE.max}&&+s!==${FONT_SIZE.default})document.documentElement.setAttribute(${JSON.stringify(FONT_SIZE_ATTRIBUTE)},s)}catch(e){}`;

export default function fontSizeBoot(): AstroIntegration {
  return {
    name: 'insurer:font-size-boot',
    hooks: {
      'astro:config:setup': ({ injectScript }) => {
        injectScript('head-inline', fontSizeBootScript);
      },
    },
  };
}
