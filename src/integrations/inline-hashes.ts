/**
 * The SHA-256 hash sources of the inline scripts and styles of built pages, for the Content-Security-Policy header
 * (src/lib/security-headers.ts contentSecurityPolicy): the header must allow exactly what Astro's per-page meta
 * policy allows, and nothing that portal text could add. The build pipeline collects them in its one read of dist/
 * (src/integrations/built-pages.ts readBuiltPages); the tests of the built site collect them the same way.
 *
 * The elements are found by an HTML tokenizer (htmlparser2's, as the browser reads the markup), never by a regex,
 * so a `<script>` written inside an attribute value, a comment or another element's text adds no hash.
 */
import { createHash } from 'node:crypto';
import { Tokenizer } from 'htmlparser2';
import type { CspHashes, HashOrigin } from '../lib/security-headers.ts';

/** Script types the browser runs (and CSP checks); data blocks such as `application/ld+json` are neither. */
const EXECUTABLE_SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'speculationrules']);

/**
 * A `<script>` or `<style>` element of a page: its start tag as written, the directive that must allow it by hash
 * (undefined for script files and data blocks) and its text.
 */
interface InlineElement {
  startTag: string;
  directive: 'script-src' | 'style-src' | undefined;
  text: string;
}

/**
 * The `<script>` and `<style>` elements of one HTML document, as the browser's tokenizer sees them, never as a
 * regex would (a regex also takes `<script>…</script>` written inside an attribute value, so portal text copied into
 * a meta description or an `alt` would add hashes to the policy). htmlparser2's tokenizer reads the markup once:
 * attribute values, comments and the raw text of `<title>`, `<textarea>`, `<script>` and `<style>` are never
 * taken for tags, and the text of each element is the exact slice between its start and end tags (no entity
 * decoding: script and style are raw text).
 * Hashed (`directive` set): `<style>` elements; `<script>` elements without `src` whose `type` is one the browser
 * runs (EXECUTABLE_SCRIPT_TYPES, `speculationrules` included: Chromium checks it against script-src). Not hashed:
 * script files, data blocks (`application/ld+json`). Not reported: an element left open at the end of the document.
 * `read(html)`: in, the document (any decoding: slices keep the characters given); out, its elements in document
 * order. One instance reads one document at a time.
 */
class InlineTokenizer {
  private html = '';
  private found: InlineElement[] = [];
  /** The open element's tag (lower case) while in a start tag or a script/style element; '' otherwise. */
  private tag = '';
  private tagStart = -1;
  private attribute = '';
  private type: string | undefined;
  private hasSrc = false;
  /** Where the text of the open script/style starts; -1 when none is open. */
  private textStart = -1;
  private readonly tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname: (start, end) => {
        // Only `script` (6) and `style` (5) matter; other names are not sliced.
        const length = end - start;
        this.tag = length === 6 || length === 5 ? this.html.slice(start, end).toLowerCase() : '';
        this.tagStart = start - 1;
        this.type = undefined;
        this.hasSrc = false;
        this.textStart = -1;
      },
      onattribname: (start, end) => {
        if (this.tag !== 'script') return;
        this.attribute = this.html.slice(start, end).toLowerCase();
        if (this.attribute === 'src') this.hasSrc = true;
        // The first `type` counts (the browser drops repeated attributes); present without a value means ''.
        else if (this.attribute === 'type' && this.type === undefined) this.type = '';
        else this.attribute = '';
      },
      onattribdata: (start, end) => {
        if (this.tag === 'script' && this.attribute === 'type') this.type += this.html.slice(start, end);
      },
      onattribend: () => {
        this.attribute = '';
      },
      onopentagend: (end) => {
        if (this.tag === 'script' || this.tag === 'style') this.textStart = end + 1;
      },
      onselfclosingtag: () => {
        this.tag = '';
      },
      onclosetag: (start, end) => {
        if (this.textStart < 0 || end - start !== this.tag.length || this.html.slice(start, end).toLowerCase() !== this.tag) return;
        const executable = !this.hasSrc && EXECUTABLE_SCRIPT_TYPES.has((this.type ?? '').trim().toLowerCase());
        this.found.push({
          startTag: this.html.slice(this.tagStart, this.textStart),
          directive: this.tag === 'style' ? 'style-src' : executable ? 'script-src' : undefined,
          // `start` is the name's first character, after `</`.
          text: this.html.slice(this.textStart, start - 2),
        });
        this.tag = '';
        this.textStart = -1;
      },
      onattribentity: () => {},
      ontext: () => {},
      ontextentity: () => {},
      oncdata: () => {},
      oncomment: () => {},
      ondeclaration: () => {},
      onprocessinginstruction: () => {},
      onend: () => {},
    },
  );

  /** The script and style elements of one document, in document order. */
  read(html: string): InlineElement[] {
    this.html = html;
    this.found = [];
    this.tag = '';
    this.textStart = -1;
    this.tokenizer.reset();
    this.tokenizer.write(html);
    this.tokenizer.end();
    const found = this.found;
    this.html = '';
    this.found = [];
    return found;
  }
}

/**
 * What looks like a script or a style element when the markup around it is not read: start tag (1), text (2).
 * They find every real element (each starts with `<script` or `<style`) and, in attribute values, comments or
 * other elements' text, some that are not; InlineHashes uses them only to skip pages the tokenizer would add
 * nothing from. (One regex with a back reference for both names is twice as slow.)
 */
const LOOKS_INLINE = [/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi, /(<style\b[^>]*>)([\s\S]*?)<\/style\s*>/gi];

/**
 * The SHA-256 hash sources of the inline scripts and styles of built pages, collected page by page (the one read of
 * dist/, src/integrations/built-pages.ts): the exact sources a header policy must list so that it allows what
 * Astro's per-page meta policy allows (script files and style sheets load under `'self'`).
 * Only elements found by the tokenizer (InlineTokenizer) add a hash, never text or an attribute value, so no portal
 * text changes the policy (hash-based, REFERENCE.md "Browser side": only the site's own code may extend it). Tokenizing every page
 * would make the read of dist/ several times slower, and the pages of a site share their inline elements: a page is
 * tokenized unless every script and style element LOOKS_INLINE finds in it is one the tokenizer already found on an
 * earlier page (same start tag, and for a hashed element the same text). Such a page could only repeat hashes
 * already collected; a page with anything else (a new element, or markup in an attribute value) is tokenized. (The
 * scan misreads only markup our templates do not write, such as a `>` inside a script tag's attribute value or
 * `</script x>`; that too gives an unknown element, except in contrived cases where it would hide a new inline
 * script of ours: a script the policy then blocks, which the e2e and hostile tests report as a CSP violation, never
 * a hash added.)
 * `origins` says where each hash was first seen, for the message of a header too long for the CDN
 * (src/lib/security-headers.ts headersFile).
 * `encoding`: how the pages were decoded: `utf8`, or `latin1` (one character per byte: much faster to decode, and
 * the hashes still cover the original UTF-8 bytes).
 */
export class InlineHashes {
  /** `script-src` and `style-src` → `'sha256-…'` tokens (deduplicated, in the order first seen). */
  readonly hashes: CspHashes = new Map([
    ['script-src', new Set<string>()],
    ['style-src', new Set<string>()],
  ]);
  /** Hash token → the first page that has it and the number of pages that do. */
  readonly origins = new Map<string, HashOrigin>();
  /** Pages the tokenizer read (the others repeated only known elements). */
  tokenized = 0;
  private readonly tokenizer = new InlineTokenizer();
  private readonly encoding: 'utf8' | 'latin1';
  /** Start tags of elements the tokenizer found that need no hash (script files, data blocks). */
  private readonly knownUnhashed = new Set<string>();
  /** Start tag → text → directive and hash, of hashed elements the tokenizer found. */
  private readonly knownHashed = new Map<string, Map<string, [directive: string, hash: string]>>();

  constructor(encoding: 'utf8' | 'latin1' = 'utf8') {
    this.encoding = encoding;
  }

  /** Adds the inline scripts and styles of one page; `page` names it in `origins` (e.g. its path in dist/). */
  add(html: string, page: string): void {
    this.addSources(this.sourcesOf(html), page);
  }

  /**
   * The hash sources of one page's inline scripts and styles, in the page's order, without adding them.
   * @returns `[directive, 'sha256-…']` pairs (a page's record in the cache of the page read, built-pages.ts)
   */
  sourcesOf(html: string): [directive: string, hash: string][] {
    return this.known(html) ?? this.tokenize(html);
  }

  /** Adds a page's hash sources (sourcesOf, now or in an earlier build); `page` names it in `origins`. */
  addSources(sources: readonly (readonly [string, string])[], page: string): void {
    const seen = new Set<string>();
    for (const [directive, hash] of sources) {
      this.hashes.get(directive)!.add(hash);
      if (seen.has(hash)) continue;
      seen.add(hash);
      const origin = this.origins.get(hash);
      if (origin) origin.pages += 1;
      else this.origins.set(hash, { page, pages: 1 });
    }
  }

  /** The hashes of a page whose every script/style element is a known one; undefined when one is not. */
  private known(html: string): [string, string][] | undefined {
    const sources: [string, string][] = [];
    for (const pattern of LOOKS_INLINE) {
      for (const [, startTag, text] of html.matchAll(pattern)) {
        if (this.knownUnhashed.has(startTag)) continue;
        const source = this.knownHashed.get(startTag)?.get(text);
        if (!source) return undefined;
        sources.push(source);
      }
    }
    return sources;
  }

  /** The hashes of a page's elements as the tokenizer finds them; they become known elements. */
  private tokenize(html: string): [string, string][] {
    this.tokenized += 1;
    const sources: [string, string][] = [];
    for (const { startTag, directive, text } of this.tokenizer.read(html)) {
      if (!directive) {
        this.knownUnhashed.add(startTag);
        continue;
      }
      const texts = this.knownHashed.get(startTag) ?? new Map<string, [string, string]>();
      this.knownHashed.set(startTag, texts);
      let source = texts.get(text);
      if (!source) {
        source = [directive, `'sha256-${createHash('sha256').update(text, this.encoding).digest('base64')}'`];
        texts.set(text, source);
      }
      sources.push(source);
    }
    return sources;
  }
}

/**
 * The hash sources of the inline scripts and styles of the given pages (InlineHashes over all of them).
 * In: the HTML of the pages, and how they were decoded (`utf8` default, or `latin1`). Out: `script-src` and
 * `style-src` → `'sha256-…'` tokens (deduplicated).
 */
export function inlineHashesOf(pages: Iterable<string>, encoding: 'utf8' | 'latin1' = 'utf8'): CspHashes {
  const collected = new InlineHashes(encoding);
  let index = 0;
  for (const html of pages) {
    index += 1;
    collected.add(html, `page ${index}`);
  }
  return collected.hashes;
}
