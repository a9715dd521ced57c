/**
 * Phone numbers as links: a `tel:` URI from a number written for people (`(02) 2562-8888`, `0800-880-550`).
 */

/** `(02) 2562-8888` → `tel:0225628888`; keeps digits and a leading `+`, drops spaces, dashes and brackets. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
