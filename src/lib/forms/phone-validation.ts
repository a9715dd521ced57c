/**
 * Taiwan phone numbers as a visitor types them: a mobile `09xxxxxxxx`, or a landline with its area code
 * (`02-2562-8888`, `(04)2345-6789`, `037-123456`, `089-123456`, `0836-12345`), optionally with an extension
 * (`#123` or `分機 123`). Spaces, hyphens and brackets are ignored; `+886` (or `886`) stands for the leading 0.
 *
 * Shared by the browser and the sample portal: imports nothing.
 */

/** A mobile number, normalized: 09 and eight digits. */
export const MOBILE_PATTERN = /^09\d{8}$/;

/**
 * A landline, normalized: 0, an area-code digit 2–8, then seven or eight digits (9 or 10 digits in all, the
 * lengths of Taiwan's area codes and subscriber numbers), and an optional extension `#` + 1–6 digits.
 */
export const LANDLINE_PATTERN = /^0[2-8]\d{7,8}(?:#\d{1,6})?$/;

/** Digits (and `#` before an extension) of a typed number: separators dropped, `+886` → `0`, `分機` → `#`. */
export function normalizePhone(value: string): string {
  let phone = value
    .trim()
    .replace(/\s*(?:分機|ext\.?|轉)\s*/i, '#')
    .replace(/[\s\-().]/g, '');
  if (phone.startsWith('+886')) phone = `0${phone.slice(4).replace(/^0/, '')}`;
  else if (/^886[2-9]/.test(phone)) phone = `0${phone.slice(3)}`;
  return phone;
}

/** Whether a typed number is a mobile number. */
export const isMobilePhone = (value: string): boolean => MOBILE_PATTERN.test(normalizePhone(value));

/** Whether a typed number is a landline with area code. */
export const isLandlinePhone = (value: string): boolean => LANDLINE_PATTERN.test(normalizePhone(value));

/** Whether a typed number is a mobile or a landline with area code. */
export const isValidPhone = (value: string): boolean => isMobilePhone(value) || isLandlinePhone(value);
