/**
 * The Unicode form of a host name the browser holds in punycode (`xn--fsqu00a.xn--g6w251d` → `例子.測試`), for the
 * external-link confirmation (REFERENCE.md "Constants"), which shows both. The browser only converts the other way (`new URL` gives
 * the ASCII form) and Node's `url.domainToUnicode` is not in browsers, so this is RFC 3492's decoder, a few hundred
 * bytes, rather than a library.
 */

/** RFC 3492 §5 parameters of punycode as IDNA uses it. */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
/** Above this a decoding step overflows (RFC 3492 §6.4 with 32-bit integers): the label is not punycode. */
const MAX_INT = 0x7fffffff;

/** RFC 3492 §6.1 bias adaptation. */
function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  for (; d > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) d = Math.floor(d / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** The value of a punycode digit (`a`–`z` 0–25, `0`–`9` 26–35), BASE for anything else. */
function digit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/**
 * Decodes one punycode label (the part after `xn--`), RFC 3492 §6.2.
 * @returns the Unicode label, or undefined when `input` is not valid punycode
 */
export function decodePunycode(input: string): string | undefined {
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let j = 0; j < Math.max(delimiter, 0); j += 1) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const old = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return undefined;
      const d = digit(input.charCodeAt(index++));
      if (d >= BASE || d * w > MAX_INT - i) return undefined;
      i += d * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (d < t) break;
      if (w > MAX_INT / (BASE - t)) return undefined;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - old, length, old === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

/**
 * A decoded label worth showing: it has a character beyond ASCII (IDNA never encodes an ASCII label) and no
 * control, format, private-use or unassigned code point (nothing invisible or direction-changing is shown).
 */
const showable = (label: string | undefined): label is string => !!label && /[^\0-\x7f]/.test(label) && !/\p{C}/u.test(label);

/**
 * The Unicode form of a host name (as `URL.hostname` gives it: lower case, punycode labels `xn--…`).
 * @returns the host with every `xn--` label decoded, or undefined when no label changed (an ASCII host, an IP
 *   address, or labels that do not decode to showable text, which then stay as they are)
 */
export function unicodeHost(hostname: string): string | undefined {
  if (!/(?:^|\.)xn--/i.test(hostname)) return undefined;
  const labels = hostname.split('.').map((label) => {
    const decoded = /^xn--/i.test(label) ? decodePunycode(label.slice(4)) : undefined;
    return showable(decoded) ? decoded : label;
  });
  const unicode = labels.join('.');
  return unicode === hostname ? undefined : unicode;
}
