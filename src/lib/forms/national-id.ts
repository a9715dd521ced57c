/**
 * Taiwan national identification numbers (身分證字號) and new-style resident certificate numbers (新式統一證號):
 * one letter and nine digits, the last a check digit.
 *
 * The letter stands for a two-digit code 10–35 in the standard (non-alphabetical) order below. The checksum
 * weights the code's two digits 1 and 9, then the nine digits 8, 7, 6, 5, 4, 3, 2, 1, 1; the sum must be a
 * multiple of 10. The second character is the holder's category: 1 or 2 on a national id, 8 or 9 on a new-style
 * resident certificate (same checksum). Old-style resident numbers (two letters) are not accepted.
 *
 * Shared by the browser and the sample portal: imports nothing.
 */

/** Letter → code, the standard order (I, O, W, X, Y, Z were added after the others). */
export const NATIONAL_ID_LETTER_CODES: Readonly<Record<string, number>> = {
  A: 10,
  B: 11,
  C: 12,
  D: 13,
  E: 14,
  F: 15,
  G: 16,
  H: 17,
  I: 34,
  J: 18,
  K: 19,
  L: 20,
  M: 21,
  N: 22,
  O: 35,
  P: 23,
  Q: 24,
  R: 25,
  S: 26,
  T: 27,
  U: 28,
  V: 29,
  W: 32,
  X: 30,
  Y: 31,
  Z: 33,
};

/** Weights of the 11 digits: the letter code's two digits, then the nine digits of the number. */
export const NATIONAL_ID_WEIGHTS = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1] as const;

/** The shape: a letter, 1/2 (national id) or 8/9 (new-style resident certificate), eight more digits. */
export const NATIONAL_ID_PATTERN = /^[A-Z][1289]\d{8}$/;

/** Upper-case and without surrounding spaces: how an id is compared and stored. */
export const normalizeNationalId = (value: string): string => value.trim().toUpperCase();

/** The weighted sum of an id in the normalized shape (NATIONAL_ID_PATTERN). */
export function nationalIdSum(id: string): number {
  const code = NATIONAL_ID_LETTER_CODES[id[0]!]!;
  const digits = [Math.floor(code / 10), code % 10, ...id.slice(1).split('').map(Number)];
  return digits.reduce((sum, digit, i) => sum + digit * NATIONAL_ID_WEIGHTS[i]!, 0);
}

/** Whether a value has the id's shape (letter case and surrounding spaces ignored). */
export const hasNationalIdShape = (value: string): boolean => NATIONAL_ID_PATTERN.test(normalizeNationalId(value));

/** Whether a value is a valid id: the shape and the checksum (letter case and surrounding spaces ignored). */
export function isValidNationalId(value: string): boolean {
  const id = normalizeNationalId(value);
  return NATIONAL_ID_PATTERN.test(id) && nationalIdSum(id) % 10 === 0;
}
