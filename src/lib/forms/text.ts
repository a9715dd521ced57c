/**
 * Text rules of the forms: lengths counted the way a visitor counts characters, and e-mail addresses.
 *
 * Shared by the browser and the sample portal: imports nothing.
 */

/** Length in characters (code points: a Chinese character or an emoji counts as one), as the live counter shows it. */
export const charCount = (value: string): number => [...value].length;

/**
 * A practical e-mail shape: something@domain.tld, no spaces, at most 254 characters (RFC 5321 path limit).
 * Stricter checks belong to the mail server; this catches typing mistakes.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Whether a value (surrounding spaces ignored) is an e-mail address. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}
