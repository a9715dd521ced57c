/**
 * The build's strict reading of a portal answer (REFERENCE.md "Portal boundary": one validation layer at the boundary), the
 * AnswerParser the content loader gives the portal client (src/portal/client.ts `parse`); the browser's calls use
 * plain JSON.parse, so none of this is in a page's JavaScript.
 */
import { PORTAL_MAX_JSON_DEPTH } from '../site/limits';
import { parseJson } from './client';
import { PortalFormatError } from './errors';

/**
 * Parses an answer's text into its envelope.
 *
 * Deep nesting: JSON.parse without a reviver does not recurse (any depth parses), and no reviver is used: integers
 * beyond ±2^53 keep their digits by exactJsonNumbers instead, a text rewrite. The depth is still capped, at
 * PORTAL_MAX_JSON_DEPTH levels, because later steps of the build recurse through the answer (JSON.stringify of its
 * digest and snapshot, structuredClone, devalue) and would overflow the stack on a deep item, ending the build with
 * a RangeError that names nothing and skips the list's snapshot fallback. A deeper answer is refused whole, as a
 * PortalFormatError naming the item (its index in `data`) or the envelope field, so the list falls back like any
 * other failure. Duplicate keys of the envelope are refused: JSON leaves their meaning open and JSON.parse keeps the
 * last, so `"code":40000,"code":20000` would count as success. Keys below the envelope are not checked (the item
 * schemas see JSON.parse's result).
 * In: the endpoint's name (messages), the decoded text, its size in bytes (messages).
 * Out: the parsed value, unsafe integers as their digits (strings).
 * @throws PortalFormatError when the text is not JSON, nests deeper than PORTAL_MAX_JSON_DEPTH or repeats an
 *   envelope key
 */
export function parseAnswer(name: string, text: string, byteLength: number): unknown {
  const value = parseJson(name, text, byteLength);
  // The text is valid JSON from here on, which the scan relies on.
  const scan = scanAnswer(text, PORTAL_MAX_JSON_DEPTH);
  if (scan.tooDeep !== undefined) {
    throw new PortalFormatError(
      name,
      `${scan.tooDeep} is nested deeper than ${PORTAL_MAX_JSON_DEPTH} levels of arrays and objects ` +
        `(PORTAL_MAX_JSON_DEPTH); the answer is refused`,
    );
  }
  if (scan.duplicateKey !== undefined) {
    throw new PortalFormatError(
      name,
      `the envelope has the key ${JSON.stringify(scan.duplicateKey)} more than once; an answer with duplicate keys is refused`,
    );
  }
  return withXmlText(scan.unsafeIntegers.length > 0 ? JSON.parse(exactJsonNumbers(text, scan.unsafeIntegers)) : value);
}

/**
 * Characters XML 1.0 forbids (its `Char` production): C0 controls other than tab, line feed and carriage return, and
 * U+FFFE, U+FFFF. One of them in a title makes the RSS feeds and the sitemap ill-formed XML, which readers refuse
 * whole, and an HTML parse error in a page. Lone surrogates are made well-formed (U+FFFD) before this applies.
 */
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** A vertical tab or form feed (what Word writes for a manual line break or page break), read as a line break. */
const XML_LINE_BREAKS = /[\u000B\u000C]/g;

/**
 * The text every output format can carry: a string without the characters XML 1.0 forbids (XML_FORBIDDEN; a
 * vertical tab or form feed becomes a line feed, the rest are removed, a lone surrogate becomes U+FFFD).
 */
export const xmlText = (text: string): string => text.toWellFormed().replace(XML_LINE_BREAKS, '\n').replace(XML_FORBIDDEN, '');

/**
 * A parsed answer (or snapshot) with every string in it, object keys aside, passed through xmlText, so no page, feed,
 * sitemap or JSON-LD receives a character XML cannot hold. Walks the value with a stack, not by recursion (an answer
 * may nest up to PORTAL_MAX_JSON_DEPTH levels). Changes the value in place.
 * In: what JSON.parse returned. Out: the same value.
 */
export function withXmlText<T>(value: T): T {
  if (typeof value === 'string') return xmlText(value) as T;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const field = record[key];
      if (typeof field === 'string') record[key] = xmlText(field);
      else if (field !== null && typeof field === 'object') stack.push(field);
    }
  }
  return value;
}

/** What scanAnswer found in a JSON text. */
interface AnswerScan {
  /** Start and end offsets (end exclusive), pair after pair, of the integer literals beyond ±2^53, in text order. */
  unsafeIntegers: number[];
  /** The first key of the envelope object written twice, decoded (`"\u0063ode"` is `code`). */
  duplicateKey: string | undefined;
  /** Where the nesting first passes the limit: `item 3 of "data" (counting from 0)`, `field "x"` or `the answer`. */
  tooDeep: string | undefined;
}

/**
 * One linear pass over a VALID JSON text, without recursion: skips strings (indexOf to the next unescaped quote),
 * counts the nesting depth, notes the envelope's keys (the top-level object's), the index of the `data` item being
 * read, and the integer literals a number cannot hold exactly. Stops at the first level deeper than `maxDepth`.
 */
function scanAnswer(text: string, maxDepth: number): AnswerScan {
  const unsafeIntegers: number[] = [];
  const keys = new Set<string>();
  let duplicateKey: string | undefined;
  let depth = 0;
  let envelopeIsObject = false;
  let expectKey = false; // the next string at depth 1 is an envelope key
  let key: string | undefined; // the envelope key whose value is being read
  let item = -1; // index of the element of the envelope's `data` array being read; -1 elsewhere
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (depth === 1 && expectKey) {
        key = JSON.parse(text.slice(i, end)) as string;
        if (keys.has(key)) duplicateKey ??= key;
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth += 1;
      if (depth === 1) {
        envelopeIsObject = c === 0x7b;
        expectKey = envelopeIsObject;
      } else if (depth === 2 && envelopeIsObject && key === 'data' && c === 0x5b) {
        item = 0;
      }
      if (depth > maxDepth) {
        const where =
          item >= 0 ? `item ${item} of "data" (counting from 0)` : depth > 1 && key !== undefined ? `field ${JSON.stringify(key)}` : 'the answer';
        return { unsafeIntegers, duplicateKey, tooDeep: where };
      }
      i += 1;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth -= 1;
      if (depth === 1) item = -1;
      i += 1;
    } else if (c === 0x2c /* , */) {
      if (depth === 1) expectKey = envelopeIsObject;
      else if (depth === 2 && item >= 0) item += 1;
      i += 1;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end += 1;
      // 2^53 has 16 digits: shorter literals are exact.
      if (end - i >= 16 && /^-?\d+$/.test(text.slice(i, end)) && !Number.isSafeInteger(Number(text.slice(i, end)))) {
        unsafeIntegers.push(i, end);
      }
      i = end;
    } else {
      i += 1;
    }
  }
  return { unsafeIntegers, duplicateKey, tooDeep: undefined };
}

/** Offset just after the closing quote of the JSON string that opens at `start` (a quote preceded by an even run of backslashes). */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslash = quote - 1;
    while (text.charCodeAt(backslash) === 0x5c) backslash -= 1;
    if ((quote - 1 - backslash) % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** A character of a JSON number literal after its first: digit, `.`, `e`, `E`, `+`, `-`. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}

/**
 * Keeps integers a number cannot hold exactly (beyond ±2^53) as their digits, a string, so an id like
 * 9007199254740993 keeps its last digit rather than being published under another id (validation.ts then checks
 * ids as text). Done on the text, by quoting each such literal (offsets from scanAnswer) before JSON.parse, rather
 * than with a JSON.parse reviver: a reviver recurses through the result and overflows the stack on deep documents,
 * and needs the reviver's source text (ES2025), which older browsers lack.
 * In: a valid JSON text, the start and end offsets of its unsafe integer literals (pairs, in text order).
 * Out: the text with those literals quoted.
 */
function exactJsonNumbers(text: string, unsafeIntegers: readonly number[]): string {
  const parts: string[] = [];
  let from = 0;
  for (let k = 0; k < unsafeIntegers.length; k += 2) {
    parts.push(text.slice(from, unsafeIntegers[k]), '"', text.slice(unsafeIntegers[k], unsafeIntegers[k + 1]), '"');
    from = unsafeIntegers[k + 1];
  }
  parts.push(text.slice(from));
  return parts.join('');
}
