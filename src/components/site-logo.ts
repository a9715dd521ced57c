/**
 * The site logo drawn inline (Header.astro), from the one logo file `public/logo.svg` (which structured data still
 * names: src/lib/structured-data.ts LOGO_PATH). Inline rather than an `<img src="/logo.svg">`: the header then paints
 * whole in its first frame (it is never a box waiting for its picture), and a first visit makes one request fewer
 * while the home banner, the largest paint, is loading (Lighthouse over HTTP/1.1 counted the logo's request on that
 * path: about 80 ms of the banner's simulated time, scripts/bench/README.md).
 *
 * The file's drawing becomes one `<symbol>` (LOGO_SYMBOL) of the header's hidden sprite; the bar and the side menu
 * show it with `<use href="#LOGO_SYMBOL_ID">`. Its gradient's id is renamed into the site's namespace, so that no
 * other id of a page can capture it.
 * Errors: throws at build time when the file is not one `<svg>` with a viewBox.
 */
import logoSource from '../../public/logo.svg?raw';

/** The id of the logo's `<symbol>` in the header's sprite. */
export const LOGO_SYMBOL_ID = 'site-logo';

/** The file's own id of its gradient, and the one it gets inline. */
const FILE_GRADIENT_ID = 'g';
const INLINE_GRADIENT_ID = `${LOGO_SYMBOL_ID}-fill`;

const parsed = /^<svg\b[^>]*\bviewBox="([^"]+)"[^>]*>([\s\S]*)<\/svg>\s*$/.exec(logoSource.trim());
if (!parsed) throw new Error('public/logo.svg: expected one <svg> element with a viewBox');

/** The logo's viewBox (`0 0 160 48`): its width and height in SVG units give the drawing's aspect ratio. */
export const LOGO_VIEWBOX: string = parsed[1];

/** The logo's drawing as a `<symbol>`: the file's content without its `<title>` (the link names the logo). */
export const LOGO_SYMBOL: string = `<symbol id="${LOGO_SYMBOL_ID}" viewBox="${LOGO_VIEWBOX}">${parsed[2]
  .replace(/<title>[\s\S]*?<\/title>/, '')
  .replaceAll(`id="${FILE_GRADIENT_ID}"`, `id="${INLINE_GRADIENT_ID}"`)
  .replaceAll(`url(#${FILE_GRADIENT_ID})`, `url(#${INLINE_GRADIENT_ID})`)
  .replace(/>\s+</g, '><')
  .trim()}</symbol>`;
