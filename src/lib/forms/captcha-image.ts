/**
 * Which captcha images the contact form shows (`POST .../getCaptcha` answers `{ captchaId, image }`, the image a
 * data: URL). Only an image of a known type and bounded size is shown: a `data:text/html,…` answer showed a broken
 * image, and a 7 MB SVG was accepted whole. Anything else makes the captcha "failed", and the form shows its retry
 * message (驗證碼無法載入，請按「換一張」重試。) instead.
 */
import { CAPTCHA_IMAGE_MAX_BYTES } from '../../site/limits';

/** Media types of a captcha data: URL: the portal's SVG and the raster formats every browser shows. */
export const CAPTCHA_IMAGE_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** `data:<type>[;param=value…][;base64],<data>`: the header is read case-insensitively, as browsers do. */
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,/i;

/**
 * Bytes a data: URL's payload decodes to, without decoding it.
 * @param payload the part after the comma
 * @param base64 the URL says `;base64`
 * @returns base64: 3 bytes per 4 characters, less the padding; otherwise: one byte per character and per `%XX`
 *   escape (a character beyond ASCII counts as one: the rule bounds the size, it does not need to be exact)
 */
function payloadBytes(payload: string, base64: boolean): number {
  if (base64) {
    const length = payload.replace(/\s+/g, '').length;
    const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
    return Math.floor((length * 3) / 4) - padding;
  }
  return payload.length - 2 * (payload.match(/%[0-9a-f]{2}/gi)?.length ?? 0);
}

/**
 * Why a captcha image is not shown, or undefined when it is fine.
 * @param image the `image` of the getCaptcha answer
 * @param maxBytes the largest decoded size, in bytes (CAPTCHA_IMAGE_MAX_BYTES)
 * @returns a reason in English (for tests and logs; the visitor sees the form's retry message)
 */
export function captchaImageProblem(image: string, maxBytes: number = CAPTCHA_IMAGE_MAX_BYTES): string | undefined {
  // Base64 takes 4 characters per 3 bytes: a longer string is too large whatever it holds (checked before any scan).
  if (image.length > Math.ceil((maxBytes * 4) / 3) + 256) return `is over ${maxBytes} bytes`;
  const header = DATA_URL.exec(image);
  if (!header) return 'is not a data: URL';
  const type = header[1].toLowerCase();
  if (!(CAPTCHA_IMAGE_TYPES as readonly string[]).includes(type)) return `is ${type}, not an image type (${CAPTCHA_IMAGE_TYPES.join(', ')})`;
  const bytes = payloadBytes(image.slice(header[0].length), header[3] !== undefined);
  return bytes > maxBytes ? `is ${bytes} bytes, over ${maxBytes}` : undefined;
}
