/**
 * Element ids derived from portal ids (anchors such as `/faq/3#faq-12`, and the `-title` ids their `aria-labelledby`
 * names), unique on every page (HTML: an id occurs once per document; WCAG 4.1.1 / 1.3.1: `aria-labelledby` must
 * name the right heading). Writing a portal id as it is does not do: the ids `x` and `x-title` gave
 * `disclosure-x-title` twice (one item's own id, the other's heading), and an FAQ id `group-0` gave the page's own
 * `faq-group-0`.
 *
 * The rule: `{prefix}-{encoded id}`, where the encoding keeps letters and digits (any script, so `faq-12` and
 * `faq-惡意` read as before) and writes every other character, `-` and `_` included, as `_{hex code point}_`. The
 * encoding is one-to-one and never holds `-`, so no encoded id can end in a derived suffix (`-title`) or equal a
 * site id written `{prefix}-{word}-{word}` (`faq-group-0`, `faq-help-top`). Site ids that share a prefix with
 * portal ids on the same page therefore hold a second `-` after it.
 */

/** A character kept as it is: a letter or a digit of any script (no `-`, `_`, space or punctuation). */
const KEPT = /^[\p{L}\p{N}]$/u;

/**
 * A portal id written with letters, digits and `_{hex}_` escapes only (module docstring).
 * @param id the portal id (a string; ids are strings after the schemas)
 * @returns the encoding: `12` → `12`, `x-title` → `x_2d_title`, `a b` → `a_20_b`, `a_b` → `a_5f_b`; empty stays empty
 */
export function encodeIdPart(id: string): string {
  let out = '';
  for (const char of id) out += KEPT.test(char) ? char : `_${char.codePointAt(0)!.toString(16)}_`;
  return out;
}

/**
 * The element id of a portal item on a page (module docstring): `{prefix}-{encodeIdPart(id)}`. Derived ids add a
 * suffix with `-` (`${elementId('disclosure', id)}-title`), which no other item's element id can end in.
 * @param prefix what the item is, in lower-case ASCII letters and `-` (`faq`, `disclosure`, `change-type`, `overview`)
 * @param id the portal id
 * @returns a valid HTML id (no white space), unique among the items of one prefix
 */
export function elementId(prefix: string, id: string): string {
  return `${prefix}-${encodeIdPart(id)}`;
}
